"""The discovery file: how an add-in finds the port the OS picked and the token.

Written atomically with mode 0600 in a 0700 folder, so only this user can
read the token; removed when the service stops (only if it is still ours).
The folder must be this user's own: one that another user created first (or a
link in its place) could let them read the token or swap the file for one
naming their own server, so ``serve`` refuses to start with
``permission.runtime_dir`` instead of writing there.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from ..errors import Location, PermissionDenied
from ..fsutil import atomic_writer


def _refuse(folder: Path, why: str) -> PermissionDenied:
    return PermissionDenied(f"the service's runtime folder {folder} {why}; remove it, or name "
                            "another place with --discovery-file or O3_SERVE_FILE",
                            where=Location(file=str(folder)), code="permission.runtime_dir")


def private_folder(folder: Path) -> None:
    """Create ``folder`` 0700, or check that the existing one is a folder of this user's.

    A folder this user owns with looser modes is tightened to 0700.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        info = os.lstat(folder)
    except OSError as err:
        raise _refuse(folder, f"cannot be created ({err.strerror})") from None
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise _refuse(folder, "is a link or not a folder")
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    if uid is not None and info.st_uid != uid:
        raise _refuse(folder, f"belongs to another user (uid {info.st_uid}, you are {uid}), "
                              "who could read the token or replace the discovery file")
    if uid is not None and stat.S_IMODE(info.st_mode) & 0o077:
        os.chmod(folder, 0o700)


def write(path: Path, doc: dict[str, Any]) -> None:
    private_folder(path.parent)
    old = os.umask(0o077)
    try:
        with atomic_writer(path, "w") as fh:
            os.chmod(fh.fileno(), 0o600)
            json.dump(doc, fh, indent=2)
    except OSError as err:
        raise _refuse(path.parent, f"cannot hold the discovery file ({err.strerror})") from None
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
