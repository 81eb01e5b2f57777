"""Atomic file output: a file, or a whole folder of pages, appears complete or not at all.

A render, an export or a model install must never leave a half-written file
where a user (or a later run) would take it for a finished one, nor a mix of
an old and a new page set.  Everything is staged in ONE hidden folder next
to the destination (``.o3-stage-`` + 16 hex digits: short, so a target name
up to NAME_MAX still works), flushed and fsynced, then published:

* a file by one ``rename`` from the staging folder over the target;
* a page set by making the staging folder itself the output folder: one
  ``rename`` when the folder is new, else one ``renameat2(RENAME_EXCHANGE)``
  that swaps the complete new folder for the old one (Linux; elsewhere two
  renames, with a moment in which the folder is absent, never mixed).

The staging folder is locked (``flock``) while its writer lives; a run that
was killed leaves it unlocked, and the next write into the same folder
removes such stale staging folders of ours.  Files are created with the
mode the user's umask gives (0644 under 022), like any other program's.
Targets that exist and are not regular files (a device such as
``/dev/null``, a FIFO, a socket, a folder) are refused, never replaced.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO

from .errors import UsageError

#: hidden staging folders are named this, then 16 hex digits
STAGING_PREFIX = ".o3-stage-"
_STAGING_NAME = re.compile(r"\.o3-stage-[0-9a-f]{16}")
#: at most this many stale staging folders are removed per write (a bound on cleanup work)
MAX_STALE_CLEANUP = 64
#: without flock (Windows), a staging folder older than this is taken as stale
STALE_STAGING_AGE_S = 24 * 3600
#: the file inside a page folder that marks it as one o3-local wrote (and may replace)
PAGE_SET_MANIFEST = ".o3-pages.json"

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def check_file_target(path: str | os.PathLike[str]) -> None:
    """Refuse a target that exists and is not a regular file (followed through links).

    Replacing ``/dev/null`` (as root), a FIFO or a socket with a regular file
    breaks whoever uses it; a symbolic link to a regular file is fine (the
    link is replaced, its target left alone).
    """
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return
    except OSError as err:
        raise UsageError(f"cannot use {os.fspath(path)!r} as output: {err.strerror or err}",
                         code="usage.output") from None
    if not stat.S_ISREG(mode):
        raise UsageError(f"output {os.fspath(path)!r} exists and is {_kind(mode)}; only a "
                         "regular file is replaced (choose another name)", code="usage.output")


def write_failure(err: OSError, folder: Path, target: Path) -> tuple[str, str]:
    """(the path to name, the reason) for an ``OSError`` met writing ``target`` into ``folder``.

    When a file stands where a folder of the target's path should be, the OS says
    "File exists" or "Not a directory" about a path the user did not write; name
    that file and say what it blocks instead.
    """
    shown = err.filename if isinstance(err.filename, str) else str(target)
    reason = err.strerror or str(err)
    blocking = next((p for p in (folder, *folder.parents) if p.exists()), None)
    if blocking is not None and not blocking.is_dir():
        shown, reason = str(blocking), "it is a file, so the output cannot go in a folder of that name"
    return shown, reason


def _lock(fd: int) -> bool:
    """Take the staging lock without waiting; False if a living writer holds it."""
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def clean_stale_staging(parent: str | os.PathLike[str]) -> int:
    """Remove staging folders of ours in ``parent`` whose writer is gone; how many were removed.

    Only folders named exactly like ours, owned by this user, and not locked
    by a living writer (or, without flock, older than STALE_STAGING_AGE_S).
    """
    removed = 0
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return 0
    uid = os.getuid() if hasattr(os, "getuid") else None
    for entry in entries:
        if removed >= MAX_STALE_CLEANUP:
            break
        if not _STAGING_NAME.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISDIR(info.st_mode) or (uid is not None and info.st_uid != uid):
                continue
            if fcntl is None and time.time() - info.st_mtime < STALE_STAGING_AGE_S:
                continue
            fd = os.open(entry.path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError:
            continue
        try:
            if _lock(fd):
                shutil.rmtree(entry.path, ignore_errors=True)
                removed += 1
        finally:
            os.close(fd)
    return removed


def _fsync_dir(path: str | os.PathLike[str]) -> None:
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class Staging:
    """One locked hidden folder next to the outputs, where they are written before publishing.

    Leaving the ``with`` block removes whatever is still in it (everything,
    on error); the lock dies with the process, so a killed run's folder is
    removed by the next one (:func:`clean_stale_staging`).
    """

    def __init__(self, parent: str | os.PathLike[str]) -> None:
        self.parent = Path(parent)
        self.path = self.parent
        self._fd = -1

    def __enter__(self) -> Staging:
        self.parent.mkdir(parents=True, exist_ok=True)
        clean_stale_staging(self.parent)
        for _attempt in range(16):
            path = self.parent / f"{STAGING_PREFIX}{secrets.token_hex(8)}"
            try:
                os.mkdir(path, 0o777)  # the umask decides, as for any folder the user makes
                fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            except FileExistsError:
                continue
            except FileNotFoundError:
                continue  # a cleaner took it between mkdir and open: try another name
            if _lock(fd):
                self.path, self._fd = path, fd
                return self
            os.close(fd)
        raise OSError(errno.EEXIST, "cannot create a staging folder", str(self.parent))

    def __exit__(self, *exc: object) -> None:
        try:
            if self.path != self.parent and os.path.lexists(self.path):
                shutil.rmtree(self.path, ignore_errors=True)
        finally:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1

    def create(self, name: str, mode: str = "wb") -> IO:
        """A new file in the staging folder, created with the umask's mode (0666 & ~umask)."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) \
            | getattr(os, "O_BINARY", 0)
        return os.fdopen(os.open(self.path / name, flags, 0o666), mode)

    def write(self, name: str, data: bytes) -> None:
        with self.create(name) as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())

    def publish_file(self, name: str, target: Path) -> None:
        """Rename the staged ``name`` over ``target`` (one atomic rename), then make it durable."""
        check_file_target(target)
        os.replace(self.path / name, target)
        _fsync_dir(target.parent)

    def publish_folder(self, folder: Path, *, marker: str | None = PAGE_SET_MANIFEST,
                       allow_empty: bool = False, what: str = "the pages go to") -> None:
        """Make the staging folder ``folder``: all of it appears at once, or none of it.

        ``folder`` may only exist as a folder we wrote (it holds ``marker``:
        PAGE_SET_MANIFEST for a page set), or empty when ``allow_empty``; it is then
        swapped out whole and removed.
        """
        _fsync_dir(self.path)
        try:
            info = os.lstat(folder)
        except FileNotFoundError:
            os.rename(self.path, folder)
            self.path = self.parent  # published: nothing left to remove
            _fsync_dir(folder.parent)
            return
        empty = allow_empty and stat.S_ISDIR(info.st_mode) and not any(os.scandir(folder))
        ours = marker is not None and (folder / marker).is_file()
        if not stat.S_ISDIR(info.st_mode) or not (empty or ours):
            kind = "a folder o3-local did not write" if stat.S_ISDIR(info.st_mode) else \
                "a symbolic link" if stat.S_ISLNK(info.st_mode) else _kind(info.st_mode)
            raise UsageError(f"{what} the folder {str(folder)!r}, which exists and is "
                             f"{kind}; it is not replaced (remove it or choose another name)",
                             code="usage.output")
        if not _exchange(self.path, folder):
            # no atomic swap here: the old folder goes aside, then the new one in its place
            aside = self.parent / f"{STAGING_PREFIX}{secrets.token_hex(8)}"
            os.rename(folder, aside)
            try:
                os.rename(self.path, folder)
            except OSError:
                os.rename(aside, folder)  # put the old pages back
                raise
            self.path = aside
        _fsync_dir(folder.parent)
        # self.path now names the old pages: removed on leaving the block


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str], mode: str = "wb") -> Iterator[IO]:
    """A new file that replaces ``path`` when the block ends without error.

    If the block raises (or the process dies), ``path`` is left exactly as it
    was (absent or the previous version) and no temporary file stays behind.
    """
    target = Path(path)
    check_file_target(target)
    with Staging(target.parent) as staging:
        with staging.create("f", mode) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        staging.publish_file("f", target)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically."""
    with atomic_writer(path, "wb") as fh:
        fh.write(data)


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically."""
    atomic_write_bytes(path, text.encode(encoding))


def atomic_write_folder(folder: str | os.PathLike[str], files: Mapping[str, bytes]) -> None:
    """Write ``files`` (name -> bytes) as the folder ``folder``, all at once or not at all.

    The folder gets PAGE_SET_MANIFEST (the names in order with their
    SHA-256), written last; a later call may replace a folder holding it,
    and refuses any other existing path.
    """
    import hashlib

    target = Path(folder)
    with Staging(target.parent) as staging:
        for name, data in files.items():
            staging.write(name, data)
        manifest = {"format": "o3-page-set", "version": 1,
                    "files": [{"name": n, "sha256": hashlib.sha256(d).hexdigest()}
                              for n, d in files.items()]}
        staging.write(PAGE_SET_MANIFEST, json.dumps(manifest, indent=1).encode("utf-8"))
        staging.publish_folder(target)


@contextlib.contextmanager
def staging_dir(parent: str | os.PathLike[str], prefix: str = "build-") -> Iterator[Path]:
    """A private folder below ``parent`` for a build; removed afterwards whatever happens.

    Stores put ``parent`` on their own filesystem so that a finished build is
    committed with one rename; a build killed half-way leaves only this
    folder, which no reader looks at.
    """
    root = Path(parent)
    root.mkdir(parents=True, exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix=prefix, dir=root))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
