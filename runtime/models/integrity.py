"""Remembers which version of a blob already matched its sha256, so a damaged one is refused at open.

Hashing a model on every open would cost what a load is meant to save (Qwen
0.5B's 481 MiB weights take ~0.4 s of sha256 on one core of the 2-core VM,
the whole load ~13 ms), and checking sizes alone lets flipped bytes through.
So the full digest is checked once per *version* of a file and the result
kept as a marker in ``<store>/cache/verified/<sha256>``: the file's path,
size, inode, device, mtime and ctime at the time it was hashed.  Any write
to the file (in place, same size, with ``os.utime`` setting mtime back),
replacing it, or even adding a hard link changes its ctime, which no
ordinary program can set back, so the next open hashes it again and
refuses it if it no longer matches.  Opens with a current marker cost a
``stat`` and a small read.

What it cannot see: a change below the file system (bit rot on the disk, a
raw-device edit) or a user who also forges the marker or the clock; ``o3-local
models verify`` re-hashes everything whatever the markers say.  Markers of
read-only stores live in the writable store's cache; when that cannot be
written either, the in-process record still limits hashing to once per process.
The loader's optimized-graph cache (``cache/ort``, our own output) records
the same identities of its files when it is built and is rebuilt when they change.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path
from typing import Any

from ..fsutil import atomic_write_text

#: a marker file larger than this is damaged (real ones are ~250 bytes)
_MAX_MARKER_BYTES = 4096
_LOCK = threading.Lock()
_SEEN: dict[str, dict[str, Any]] = {}  # sha256 -> fingerprint verified in this process


def file_identity(path: Path) -> dict[str, Any]:
    """What changes whenever ``path``'s bytes can have changed (ctime included: nothing sets it back).

    Renaming a file's *folder* keeps it; renaming the file itself changes its ctime.
    """
    st = os.stat(path)
    return {"size": st.st_size, "ino": st.st_ino, "dev": st.st_dev, "mtime_ns": st.st_mtime_ns,
            "ctime_ns": st.st_ctime_ns}


def fingerprint(path: Path) -> dict[str, Any]:
    """:func:`file_identity` plus where the file is."""
    return {"path": str(Path(path).resolve()), **file_identity(path)}


class VerifiedMarks:
    """The markers of one store: ``folder/<sha256>`` holds the fingerprint that matched."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def is_current(self, digest: str, path: Path) -> bool:
        """Whether ``path`` is the very file version that matched ``digest`` before."""
        try:
            now = fingerprint(path)
        except OSError:
            return False
        with _LOCK:
            if _SEEN.get(digest) == now:
                return True
        try:
            with open(self.folder / digest, "rb") as fh:
                recorded = json.loads(fh.read(_MAX_MARKER_BYTES))
        except (OSError, ValueError):
            return False
        if recorded != now:
            return False
        with _LOCK:
            _SEEN[digest] = now
        return True

    def record(self, digest: str, seen: dict[str, Any]) -> None:
        """Remember that the file with fingerprint ``seen`` (taken before hashing) matched ``digest``."""
        with _LOCK:
            _SEEN[digest] = seen
        with contextlib.suppress(OSError):  # a read-only cache: the in-process record still holds
            atomic_write_text(self.folder / digest, json.dumps(seen))

    def forget(self, digest: str) -> None:
        """Drop the record of ``digest`` (its file no longer matches)."""
        with _LOCK:
            _SEEN.pop(digest, None)
        with contextlib.suppress(OSError):
            (self.folder / digest).unlink(missing_ok=True)
