"""Ahead-of-time compiled module cache.

Compiling the module takes 30 ms to seconds; loading a serialized artifact
takes about a millisecond.  wasmtime silently accepts an artifact compiled
with other settings and runs it as it was built, so the key covers
everything that shapes the machine code: wasmtime's version, the full engine
configuration, the module's digest and the CPU architecture.  Entries carry
their own digest: a truncated or corrupt entry is rebuilt, never fatal.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import platform
from importlib import metadata
from pathlib import Path
from typing import Any

from ..fsutil import atomic_write_bytes

MAGIC = b"O3AOT1\n"


def cache_dir() -> Path:
    env = os.environ.get("O3_CACHE_DIR")
    if env:
        return Path(env) / "wasm"
    import platformdirs

    return Path(platformdirs.user_cache_dir("o3-local")) / "wasm"


def cache_key(module_sha256: str, config: dict[str, Any]) -> str:
    doc = {
        "wasmtime": metadata.version("wasmtime"),
        "config": config,
        "module": module_sha256,
        "arch": platform.machine().lower(),
        "system": platform.system().lower(),
    }
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:32]


def shipped_dir() -> Path:
    """Read-only artifacts compiled at build time (the desktop bundle ships one).

    A user's first render then skips the one-off compile; the key still
    decides, so an artifact built with other settings is never used.
    """
    from ..resources import asset

    return asset("wasm", "aot")


def _read(engine: Any, path: Path) -> Any | None:
    import wasmtime

    with contextlib.suppress(OSError):
        blob = path.read_bytes()
        if blob.startswith(MAGIC) and len(blob) > len(MAGIC) + 32:
            digest, payload = blob[len(MAGIC) : len(MAGIC) + 32], blob[len(MAGIC) + 32 :]
            if hashlib.sha256(payload).digest() == digest:
                try:
                    return wasmtime.Module.deserialize(engine, payload)
                except Exception:  # noqa: BLE001 - an unusable entry is rebuilt
                    return None
    return None


def write(folder: Path, module: Any, key: str) -> Path:
    """Store ``module``'s artifact under ``folder`` (atomically) and return its path."""
    payload = bytes(module.serialize())
    path = folder / f"{key}.cwasm"
    atomic_write_bytes(path, MAGIC + hashlib.sha256(payload).digest() + payload)
    return path


def load(engine: Any, module_bytes: bytes, key: str) -> tuple[Any, str]:
    """The compiled module and how it was obtained: "cache", "shipped" or "compiled"."""
    import wasmtime

    for folder, source in ((cache_dir(), "cache"), (shipped_dir(), "shipped")):
        module = _read(engine, folder / f"{key}.cwasm")
        if module is not None:
            return module, source
    module = wasmtime.Module(engine, module_bytes)
    with contextlib.suppress(OSError):
        write(cache_dir(), module, key)
    return module, "compiled"
