"""Noticing that an author saved a file of the package (or the data file).

Polling, not OS notifications: a template package is a handful of files, a
``stat`` of each every 100 ms costs microseconds, and polling behaves the same
on every platform and file system (network drives and editors that replace a
file by renaming a new one over it included).  The walk is bounded: a folder
with more than :data:`MAX_WATCHED_FILES` files or deeper than
:data:`MAX_WATCHED_DEPTH` is not a template package worth watching whole, and
what lies beyond the bounds is not watched (the render still reads it).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

#: files watched in one package folder (the package reader caps real packages far lower)
MAX_WATCHED_FILES = 5000
#: folder depth watched (the package reader refuses deeper packages)
MAX_WATCHED_DEPTH = 32

Snapshot = tuple[tuple[str, int, int], ...]


def snapshot(paths: list[Path]) -> Snapshot:
    """(path, size, mtime in ns) of every regular file under ``paths``, sorted.

    A missing path is recorded as absent (size -1), so deleting and re-creating
    a file is seen as two changes.
    """
    seen: list[tuple[str, int, int]] = []
    for root in paths:
        try:
            st = os.stat(root)
        except OSError:
            seen.append((str(root), -1, 0))
            continue
        if not stat.S_ISDIR(st.st_mode):
            seen.append((str(root), st.st_size, st.st_mtime_ns))
            continue
        stack = [(str(root), 0)]
        while stack and len(seen) < MAX_WATCHED_FILES:
            folder, depth = stack.pop()
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                if entry.name.startswith(".o3-stage-"):
                    continue  # our own staging folders while an output is written
                try:
                    est = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if stat.S_ISDIR(est.st_mode):
                    if depth + 1 < MAX_WATCHED_DEPTH:
                        stack.append((entry.path, depth + 1))
                elif stat.S_ISREG(est.st_mode):
                    seen.append((entry.path, est.st_size, est.st_mtime_ns))
                    if len(seen) >= MAX_WATCHED_FILES:
                        break
    return tuple(sorted(seen))
