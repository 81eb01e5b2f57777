"""Endpoint configuration: from the environment, secrets kept out of sight."""

from __future__ import annotations

import pytest

from o3local.errors import UsageError
from o3local.remote import RemoteEndpoint, load_endpoint
from o3local.remote.transport import make_client, parse_retry_after


def test_nothing_configured_means_local_only() -> None:
    assert load_endpoint(env={}) is None


def test_environment_configures_the_endpoint_and_hides_the_key() -> None:
    ep = load_endpoint(env={"O3_REMOTE_URL": "https://gpu.example.test:8443/",
                            "O3_REMOTE_PROTOCOL": "kserve", "O3_REMOTE_MODEL": "llm",
                            "O3_REMOTE_API_KEY": "s3cret-key", "O3_REMOTE_TTFT_TIMEOUT": "2.5"})
    assert ep is not None and ep.base_url == "https://gpu.example.test:8443"
    assert ep.protocol == "kserve" and ep.ttft_timeout == 2.5 and ep.api_key == "s3cret-key"
    assert "s3cret" not in repr(ep) and "s3cret" not in str(ep.to_dict())
    assert ep.to_dict()["has_credentials"] is True
    client = make_client(ep)
    try:
        assert client.headers["authorization"] == "Bearer s3cret-key"
    finally:
        client.close()


@pytest.mark.parametrize("env,pointer", [
    ({"O3_REMOTE_URL": "ftp://x"}, "/remote/url"),
    ({"O3_REMOTE_URL": "http://x", "O3_REMOTE_PROTOCOL": "grpc"}, "/remote/protocol"),
    ({"O3_REMOTE_URL": "http://x", "O3_REMOTE_MAX_ATTEMPTS": "0"}, "/remote/max_attempts"),
])
def test_bad_settings_are_usage_errors_with_a_pointer(env, pointer) -> None:
    with pytest.raises(UsageError) as info:
        load_endpoint(env=env)
    assert info.value.where.pointer == pointer


def test_unknown_setting_in_config_file() -> None:
    with pytest.raises(UsageError, match="verify"):
        load_endpoint({"url": "https://x", "verify": False}, env={})


def test_tls_verification_stays_on() -> None:
    client = make_client(RemoteEndpoint(url="https://gpu.example.test"))
    try:
        ctx = client._transport._pool._ssl_context  # httpx keeps the verifying SSL context here
        import ssl

        assert ctx.verify_mode == ssl.CERT_REQUIRED and ctx.check_hostname
    finally:
        client.close()


def test_retry_after_forms() -> None:
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after(None) is None and parse_retry_after("soon") is None
    assert 0 <= parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") <= 0.001  # in the past
