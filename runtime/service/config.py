"""Settings of the loopback service, from CLI options and ``O3_SERVE_*`` variables."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UsageError

#: peers keep models hot for 5 (Ollama), 10 (Foundry Local) or 60 (LM Studio) minutes
DEFAULT_IDLE_TTL_S = 600.0


def default_discovery_file() -> Path:
    """Where add-ins find the URL and token: ``$O3_SERVE_FILE`` or the user runtime dir."""
    env = os.environ.get("O3_SERVE_FILE")
    if env:
        return Path(env)
    from platformdirs import user_runtime_dir

    return Path(user_runtime_dir("o3-local")) / "service.json"


def _origins_from_env() -> tuple[str, ...]:
    raw = os.environ.get("O3_SERVE_ORIGINS", "")
    return tuple(o.strip().rstrip("/") for o in raw.split(",") if o.strip())


@dataclass
class ServiceConfig:
    port: int = 0
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32), repr=False)
    #: exact origins (scheme://host[:port]) of add-in pages allowed to call from a browser
    origins: tuple[str, ...] = field(default_factory=_origins_from_env)
    max_body_bytes: int = 4 * 1024 * 1024
    request_timeout_s: float = 120.0
    concurrency: int = 2
    max_waiting: int = 64
    idle_ttl_s: float = DEFAULT_IDLE_TTL_S
    preload: tuple[str, ...] = ()
    batching: bool = True
    batch_max: int = 8
    batch_window_ms: float = 5.0
    discovery_file: Path = field(default_factory=default_discovery_file)

    host: str = field(default="127.0.0.1", init=False)

    def __post_init__(self) -> None:
        for origin in self.origins:
            if origin == "*" or "*" in origin:
                raise UsageError("O3_SERVE_ORIGINS takes exact origins; '*' is never allowed")
            if not origin.startswith(("http://", "https://")):
                raise UsageError(f"origin {origin!r} must look like https://host[:port]")
        if self.concurrency < 1 or self.max_waiting < 0 or self.batch_max < 1:
            raise UsageError("concurrency and batch size must be at least 1")
        if self.max_body_bytes < 1024:
            raise UsageError("max body size must be at least 1024 bytes")
