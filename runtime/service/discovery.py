"""The discovery file: how an add-in finds the port the OS picked and the token.

Written atomically with mode 0600 in a 0700 folder, so only this user can
read the token; removed when the service stops (only if it is still ours).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..fsutil import atomic_writer


def write(path: Path, doc: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    old = os.umask(0o077)
    try:
        with atomic_writer(path, "w") as fh:
            os.chmod(fh.fileno(), 0o600)
            json.dump(doc, fh, indent=2)
    finally:
        os.umask(old)


def read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def remove(path: Path, token: str) -> None:
    try:
        if read(path).get("token") == token:
            path.unlink()
    except (OSError, ValueError):
        pass
