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


def default_files_dir() -> Path:
    """The folder requests read and write in: ``$O3_SERVE_FILES_DIR`` or ``Documents/o3-local``."""
    env = os.environ.get("O3_SERVE_FILES_DIR")
    if env:
        return Path(env)
    from platformdirs import user_documents_dir

    return Path(user_documents_dir()) / "o3-local"


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
    #: relative paths in requests start here; it is always readable, and the default output folder
    files_dir: Path = field(default_factory=default_files_dir)
    #: further folders requests may read templates, data and sheets from
    read_dirs: tuple[Path, ...] = ()
    #: the only folder /v1/render may write into (default: files_dir)
    output_dir: Path | None = None
    #: a connection must deliver a complete request head this soon after it opens or goes idle
    header_timeout_s: float = 10.0
    #: a request body must arrive completely this soon after its head
    body_timeout_s: float = 30.0
    #: open connections; past it the longest-idle one waiting for its head is closed
    max_connections: int = 512

    host: str = field(default="127.0.0.1", init=False)

    def __post_init__(self) -> None:
        for origin in self.origins:
            if origin == "*" or "*" in origin:
                raise UsageError(f"origin {origin!r} (--origin or O3_SERVE_ORIGINS): exact origins only; '*' "
                                 "is never allowed", code="usage.origin")
            if not origin.startswith(("http://", "https://")):
                raise UsageError(f"origin {origin!r} (--origin or O3_SERVE_ORIGINS) must look like "
                                 "https://host[:port]", code="usage.origin")
        if self.concurrency < 1 or self.max_waiting < 0 or self.batch_max < 1:
            raise UsageError(f"--concurrency ({self.concurrency}) and --batch-max ({self.batch_max}) must be at "
                             f"least 1, --max-waiting ({self.max_waiting}) at least 0", code="usage.option")
        if self.max_body_bytes < 1024:
            raise UsageError(f"--max-body must be at least 1024 bytes, not {self.max_body_bytes}",
                             code="usage.option")
        if self.header_timeout_s <= 0 or self.body_timeout_s <= 0 or self.max_connections < 8:
            raise UsageError(f"--header-timeout ({self.header_timeout_s:g}) and --body-timeout "
                             f"({self.body_timeout_s:g}) must be positive, --max-connections "
                             f"({self.max_connections}) at least 8", code="usage.option")

    def file_roots(self):  # noqa: ANN201 - FileRoots, imported lazily
        """The folders requests may read from and write to (created if missing)."""
        from .files import FileRoots

        output = self.output_dir or self.files_dir
        for folder in (self.files_dir, output):
            try:
                Path(folder).expanduser().mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise UsageError(f"cannot create the service's folder {folder}: {err.strerror}",
                                 code="usage.files_dir") from None
        return FileRoots(self.files_dir, (self.files_dir, *self.read_dirs), output)
