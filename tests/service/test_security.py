"""The service's gate: token, Host, Origin, JSON-only bodies and size limits."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import httpx
import pytest

from .conftest import ORIGIN

ROUTES = [("GET", "/health"), ("GET", "/ready"), ("GET", "/metrics"), ("GET", "/openapi.json"),
          ("GET", "/v1/status"), ("POST", "/v1/validate"), ("POST", "/v1/summarize"),
          ("POST", "/v1/generate")]


def test_discovery_file_is_private_and_names_the_listening_port(service) -> None:
    mode = stat.S_IMODE(os.stat(service.discovery).st_mode)
    assert mode == 0o600
    assert service.url.startswith("http://127.0.0.1:")
    assert httpx.get(service.url + "/health", headers=service.auth, trust_env=False).status_code == 200


@pytest.mark.parametrize("method,path", ROUTES)
def test_every_route_needs_the_token(service, method, path) -> None:
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"X-O3-Token": service.token[:-1]}):
        r = httpx.request(method, service.url + path, headers=headers, json={}, trust_env=False)
        assert r.status_code == 401, (path, headers)
        assert r.json()["error"]["code"] == "service.unauthorized"


def test_token_header_alternative(service) -> None:
    r = httpx.get(service.url + "/health", headers={"X-O3-Token": service.token}, trust_env=False)
    assert r.status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.1:1",
                                  "127.0.0.1.nip.io", "localhost.evil.example"])
def test_dns_rebinding_host_is_refused(client, host) -> None:
    r = client.get("/health", headers={"Host": host})
    assert r.status_code == 421 and r.json()["error"]["code"] == "service.bad_host"


def test_loopback_host_names_are_accepted(service, client) -> None:
    port = service.url.rsplit(":", 1)[1]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}"):
        assert client.get("/health", headers={"Host": host}).status_code == 200


def test_origin_allow_list_and_cors(client) -> None:
    bad = client.get("/health", headers={"Origin": "https://evil.example"})
    assert bad.status_code == 403 and bad.json()["error"]["code"] == "service.forbidden_origin"
    assert "access-control-allow-origin" not in bad.headers
    good = client.get("/health", headers={"Origin": ORIGIN})
    assert good.status_code == 200
    assert good.headers["access-control-allow-origin"] == ORIGIN  # exact, never "*"
    pre = httpx.options(client.base_url.join("/v1/summarize"), trust_env=False, headers={
        "Origin": ORIGIN, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type"})
    assert pre.status_code == 204
    assert "authorization" in pre.headers["access-control-allow-headers"]
    evil_pre = httpx.options(client.base_url.join("/v1/summarize"), trust_env=False,
                             headers={"Origin": "https://evil.example"})
    assert evil_pre.status_code == 403


def test_wildcard_origin_is_refused_at_start(tmp_path) -> None:
    env = dict(os.environ, O3_SERVE_ORIGINS="*")
    done = subprocess.run([sys.executable, "-c", "from o3local.cli import main; main()", "serve",
                           "--discovery-file", str(tmp_path / "s.json")], env=env,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode != 0 and "'*' is never allowed" in done.stderr
    assert not (tmp_path / "s.json").exists()


def test_bodies_must_be_json(client) -> None:
    r = client.post("/v1/summarize", content=b"text=hi", headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    r = client.post("/v1/summarize", content=b'{"text": "a",\n  "max_chars": }',
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    err = r.json()["error"]
    assert err["code"] == "usage.json" and err["where"]["line"] == 2


def test_body_size_limit(client) -> None:
    big = b'{"text": "' + b"a" * 70000 + b'"}'
    r = client.post("/v1/summarize", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413

    def chunks():  # no Content-Length: the limit is enforced while reading
        for _ in range(20):
            yield b" " * 8192

    r = client.post("/v1/summarize", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="reads Linux's socket table")
def test_listens_on_loopback_only(service) -> None:
    port = int(service.url.rsplit(":", 1)[1])
    listening = []
    with open("/proc/net/tcp") as table:
        for row in table.read().splitlines()[1:]:
            local, state = row.split()[1], row.split()[3]
            addr, hexport = local.split(":")
            if int(hexport, 16) == port and state == "0A":  # LISTEN
                listening.append(addr)
    assert listening == ["0100007F"]  # 127.0.0.1, nothing else
