"""The user's remote endpoint: where it is, which protocol, how long to wait.

Configured from the environment (``O3_REMOTE_*``) or a mapping taken from the
user's config file.  The API key comes from ``O3_REMOTE_API_KEY`` or the OS
keyring (service ``o3-local``, user = the endpoint URL) and is never part of
``repr``, ``to_dict`` or any log line.  TLS certificates are always verified;
``ca_bundle`` only adds a private CA, it cannot switch verification off.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import urlsplit

from ..errors import Location, UsageError

Protocol = Literal["openai", "kserve"]
Mode = Literal["local", "remote", "auto"]
PROTOCOLS: tuple[str, ...] = ("openai", "kserve")
MODES: tuple[str, ...] = ("local", "remote", "auto")
KEYRING_SERVICE = "o3-local"


@dataclass(frozen=True)
class RemoteEndpoint:
    """One remote inference server and the limits for talking to it."""

    url: str
    protocol: Protocol = "openai"
    model: str = "default"
    connect_timeout: float = 2.0
    read_timeout: float = 30.0
    write_timeout: float = 10.0
    pool_timeout: float = 2.0
    #: the first token (or the whole unary answer) must arrive within this
    ttft_timeout: float = 10.0
    max_attempts: int = 3
    breaker_fail_max: int = 5
    breaker_reset_s: float = 30.0
    health_ttl_s: float = 15.0
    ca_bundle: str | None = None
    api_key: str | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        parts = urlsplit(self.url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise UsageError(f"remote endpoint URL must be http(s)://host[:port], got {self.url!r}",
                             where=Location(pointer="/remote/url"), code="usage.remote")
        if self.protocol not in PROTOCOLS:
            raise UsageError(f"remote protocol must be one of {', '.join(PROTOCOLS)}, "
                             f"got {self.protocol!r}", where=Location(pointer="/remote/protocol"),
                             code="usage.remote")
        if self.max_attempts < 1:
            raise UsageError(f"remote max_attempts must be at least 1, not {self.max_attempts}",
                             where=Location(pointer="/remote/max_attempts"), code="usage.remote")

    @property
    def base_url(self) -> str:
        return self.url.rstrip("/")

    def to_dict(self) -> dict[str, Any]:
        """Public description (for ``status``): never includes the credential."""
        return {
            "url": self.base_url,
            "protocol": self.protocol,
            "model": self.model,
            "has_credentials": self.api_key is not None,
            "ttft_timeout_s": self.ttft_timeout,
            "max_attempts": self.max_attempts,
        }


def _keyring_secret(url: str) -> str | None:
    try:
        import keyring  # optional: only when the user installed it
    except ImportError:
        return None
    try:
        return keyring.get_password(KEYRING_SERVICE, url)
    except Exception:  # noqa: BLE001 - a broken keyring backend must not break inference
        return None


_FLOATS = ("connect_timeout", "read_timeout", "write_timeout", "pool_timeout", "ttft_timeout",
           "breaker_reset_s", "health_ttl_s")
_INTS = ("max_attempts", "breaker_fail_max")


def load_endpoint(config: Mapping[str, Any] | None = None,
                  env: Mapping[str, str] | None = None) -> RemoteEndpoint | None:
    """Build the endpoint from a config mapping and/or ``O3_REMOTE_*`` variables.

    Returns ``None`` when no URL is configured: then everything runs locally.
    Environment variables win over the mapping, so a user can redirect one run.
    """
    env = os.environ if env is None else env
    values: dict[str, Any] = dict(config or {})
    for key in ("url", "protocol", "model", "ca_bundle", *_FLOATS, *_INTS):
        name = f"O3_REMOTE_{key.upper()}"
        if env.get(name):
            values[key] = env[name]
    if not values.get("url"):
        return None
    unknown = set(values) - {"url", "protocol", "model", "ca_bundle", "api_key", *_FLOATS, *_INTS}
    if unknown:
        raise UsageError(f"unknown remote setting(s): {', '.join(sorted(unknown))}",
                         where=Location(pointer=f"/remote/{sorted(unknown)[0]}"), code="usage.remote")
    for key in (*_FLOATS, *_INTS):
        if key not in values:
            continue
        try:
            values[key] = (float if key in _FLOATS else int)(values[key])
        except (TypeError, ValueError):
            kind = "a number" if key in _FLOATS else "a whole number"
            raise UsageError(f"remote setting {key} (O3_REMOTE_{key.upper()}) must be {kind}, not "
                             f"{values[key]!r:.40}", where=Location(pointer=f"/remote/{key}"),
                             code="usage.remote") from None
    secret = env.get("O3_REMOTE_API_KEY") or values.pop("api_key", None)
    values["api_key"] = secret or _keyring_secret(str(values["url"]).rstrip("/"))
    return RemoteEndpoint(**values)
