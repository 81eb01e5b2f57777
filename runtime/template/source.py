"""Reading the files of a template package safely: a folder or a ``.o3t`` zip.

Packages come from a market, so they are hostile until proven otherwise.
This module is the only code that touches package bytes, and it refuses
anything that could escape the package or exhaust the machine: paths with
``..`` or a leading ``/`` (zip slip), symlinks leading out, special files
(a FIFO would hang a reader), too many entries, files or totals larger than
the caps, and compression ratios typical of zip bombs.  Sizes are enforced
while decompressing, not taken from the (forgeable) zip headers.

Unsafe entries are reported as :class:`~o3local.errors.Problem` s (so
``validate`` can list them all) and are never readable afterwards.
"""

from __future__ import annotations

import os
import stat
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..errors import Location, PackageError, Problem

MAX_ENTRIES = 2048
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 256 * 1024 * 1024
#: ratio uncompressed/compressed above which an entry counts as a zip bomb,
#: checked for entries whose uncompressed size exceeds MIN_RATIO_CHECK_BYTES
MAX_COMPRESSION_RATIO = 100
MIN_RATIO_CHECK_BYTES = 1024 * 1024
#: folders nested deeper than this below the package root are refused
#: (package.too_deep); 1,100 nested folders gave a RecursionError before
MAX_FOLDER_DEPTH = 32

PACKAGE_SUFFIX = ".o3t"


#: characters that reorder or hide text where a name is shown (bidi embeddings,
#: overrides and isolates, direction marks): "invoice\u202efdp.exe" would be
#: shown as "invoiceexe.pdf"
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _bad_char_reason(ch: str) -> str | None:
    code = ord(ch)
    if ch in _BIDI_CONTROLS:
        return f"bidirectional control character U+{code:04X} in path (it can disguise the name)"
    cat = unicodedata.category(ch)
    if cat == "Cc":
        return f"control character U+{code:04X} in path"
    if cat == "Cs":
        return "file name is not valid UTF-8"
    if cat == "Cn" and (code & 0xFFFE) == 0xFFFE or 0xFDD0 <= code <= 0xFDEF:
        return f"noncharacter U+{code:04X} in path"
    return None


def escape_name(name: str) -> str:
    """``name`` with every character :func:`unsafe_path_reason` refuses written as ``\\uXXXX``.

    Messages name refused files this way, so a bidi override cannot make
    the message itself lie about the name.
    """
    if all(_bad_char_reason(c) is None for c in name):
        return name
    out = []
    for c in name:
        if _bad_char_reason(c) is None:
            out.append(c)
        elif ord(c) > 0xFFFF:
            out.append(f"\\U{ord(c):08x}")
        elif 0xDC80 <= ord(c) <= 0xDCFF:  # surrogateescape: an undecodable byte
            out.append(f"\\x{ord(c) - 0xDC00:02x}")
        else:
            out.append(f"\\u{ord(c):04x}")
    return "".join(out)


def unsafe_path_reason(name: str) -> str | None:
    """Why ``name`` (a '/'-separated package path) may not be used, or None if it is safe."""
    if not name:
        return "empty path"
    if "\\" in name:
        return "backslash in path (use '/')"
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return "absolute path"
    for c in name:
        reason = _bad_char_reason(c)
        if reason:
            return reason
    parts = PurePosixPath(name).parts
    if ".." in parts or ".." in name.split("/"):
        return "'..' leads outside the package"
    return None


@dataclass
class PackageSource:
    """The safe, readable files of a package plus what was wrong with the rest."""

    origin: str
    problems: list[Problem] = field(default_factory=list)

    def files(self) -> list[str]:
        raise NotImplementedError

    def read_bytes(self, name: str, limit: int = MAX_FILE_BYTES) -> bytes:
        raise NotImplementedError

    def has(self, name: str) -> bool:
        return name in self.files()

    def display_name(self, name: str) -> str:
        """How a file inside the package is named in messages."""
        return str(Path(self.origin) / name)

    def where(self, name: str | None = None) -> Location:
        return Location(file=self.display_name(name) if name else self.origin)

    def _problem(self, code: str, message: str, name: str | None = None) -> None:
        # a refused name is shown escaped: it must not spoof another name in the message
        where = Location(file=self.display_name(escape_name(name))) if name else self.where()
        self.problems.append(Problem(code, message, where))


class FolderSource(PackageSource):
    def __init__(self, root: Path) -> None:
        super().__init__(str(root))
        self.root = root
        self._files: dict[str, Path] = {}
        self._ids: dict[str, tuple[int, int]] = {}
        self._scan()

    def _scan(self) -> None:
        """Walk the folder without recursion (depth capped), breadth-first in name order."""
        root_real = os.path.realpath(self.root)
        total = 0
        #: (dev, inode) -> [names inside the package, st_nlink] for multiply linked files
        linked: dict[tuple[int, int], list] = {}
        pending: list[tuple[str, str, int]] = [(str(self.root), "", 0)]  # (path, rel, depth)
        while pending:
            dirpath, rel_dir, depth = pending.pop(0)
            try:
                with os.scandir(dirpath) as it:
                    entries = sorted(it, key=lambda e: e.name)
            except OSError as err:
                self._problem("package.unreadable", f"cannot list the folder: {err.strerror}", rel_dir or None)
                continue
            for entry in entries:
                rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
                full = entry.path
                reason = unsafe_path_reason(entry.name)
                if reason:
                    self._problem("package.unsafe_path", f"unsafe name: {reason}", rel)
                    continue
                try:
                    is_link = entry.is_symlink()
                    is_dir = not is_link and entry.is_dir(follow_symlinks=False)
                except OSError as err:
                    self._problem("package.unreadable", f"cannot read: {err.strerror}", rel)
                    continue
                if is_dir:
                    if depth + 1 > MAX_FOLDER_DEPTH:
                        self._problem("package.too_deep",
                                      f"folders nested more than {MAX_FOLDER_DEPTH} levels deep", rel)
                        continue
                    pending.append((full, rel, depth + 1))
                    continue
                if is_link:
                    target_is_dir = os.path.isdir(full)
                    if not self._check_link(full, rel, root_real, is_dir=target_is_dir):
                        continue
                try:
                    st = os.stat(full)
                except OSError as err:
                    self._problem("package.unreadable", f"cannot read: {err.strerror}", rel)
                    continue
                if not stat.S_ISREG(st.st_mode):
                    self._problem("package.special_file", "not a regular file (FIFO, socket or device)", rel)
                    continue
                if len(self._files) >= MAX_ENTRIES:
                    self._problem("package.too_many_files", f"more than {MAX_ENTRIES} files in the package")
                    pending.clear()
                    break
                if st.st_size > MAX_FILE_BYTES:
                    self._problem("package.file_too_large", f"{st.st_size} bytes is over the {MAX_FILE_BYTES}-byte cap per file", rel)
                    continue
                if st.st_nlink > 1:
                    seen = linked.setdefault((st.st_dev, st.st_ino), [[], set(), st.st_nlink])
                    seen[0].append(rel)
                    seen[1].add(os.path.realpath(full) if is_link else full)
                total += st.st_size
                if total > MAX_TOTAL_BYTES:
                    self._problem("package.too_large", f"package is over the {MAX_TOTAL_BYTES}-byte cap")
                    pending.clear()
                    break
                self._files[rel] = Path(full)
                self._ids[rel] = (st.st_dev, st.st_ino)
        # A hard link is a second name for a file that may live anywhere on the
        # same file system (a tar entry can create one to ~/.ssh/id_rsa): a
        # multiply linked file is readable only when every one of its names is
        # inside the package (then it is just a deduplicated copy).
        for names, paths, nlink in linked.values():
            if len(paths) < nlink:
                for rel in names:
                    self._files.pop(rel, None)
                    self._problem("package.hardlink_outside",
                                  f"file has {nlink} hard links and only {len(paths)} of them are inside "
                                  "the package (it may be a file from elsewhere)", rel)

    @staticmethod
    def _rel(rel_dir: str, name: str) -> str:
        return name if rel_dir in (".", "") else f"{Path(rel_dir).as_posix()}/{name}"

    def _check_link(self, full: str, rel: str, root_real: str, *, is_dir: bool) -> bool:
        target = os.path.realpath(full)
        inside = target == root_real or target.startswith(root_real + os.sep)
        if not inside:
            self._problem("package.symlink_outside", f"symlink leads outside the package (to {target})", rel)
            return False
        if is_dir:
            self._problem("package.symlink_dir", "symlinked folders are not allowed in a package", rel)
            return False
        return True

    def files(self) -> list[str]:
        return list(self._files)

    def has(self, name: str) -> bool:
        return name in self._files

    def read_bytes(self, name: str, limit: int = MAX_FILE_BYTES) -> bytes:
        path = self._files.get(name)
        if path is None:
            raise PackageError(f"no such file in the package: {name}", where=self.where(),
                               code="package.missing_file")
        try:
            # O_NONBLOCK: a FIFO swapped in after the scan must not hang the open
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
            with open(fd, "rb") as fh:
                st = os.fstat(fh.fileno())
                if (st.st_dev, st.st_ino) != self._ids.get(name) or not stat.S_ISREG(st.st_mode):
                    # replaced since the scan (by a hard link, a FIFO, another file)
                    raise PackageError("the file changed after the package was checked; open the package again",
                                       where=self.where(name), code="package.changed")
                data = fh.read(limit + 1)
        except OSError as err:
            raise PackageError(f"cannot read: {err.strerror}", where=self.where(name),
                               code="package.unreadable") from None
        if len(data) > limit:
            raise PackageError(f"file is larger than {limit} bytes", where=self.where(name),
                               code="package.file_too_large")
        return data


class ZipSource(PackageSource):
    def display_name(self, name: str) -> str:
        return f"{self.origin}!/{name}"

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path
        try:
            self._zip = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError) as err:
            raise PackageError(f"not a readable .o3t (zip) package: {err}", where=Location(file=str(path)),
                               code="package.not_a_zip") from None
        self._entries: dict[str, zipfile.ZipInfo] = {}
        self._scan()

    def _scan(self) -> None:
        infos = self._zip.infolist()
        if len(infos) > MAX_ENTRIES:
            self._problem("package.too_many_files", f"{len(infos)} entries is over the cap of {MAX_ENTRIES}")
            infos = infos[:MAX_ENTRIES]
        total = 0
        for info in infos:
            name = info.filename
            if info.is_dir():
                reason = unsafe_path_reason(name.rstrip("/"))
                if reason:
                    self._problem("package.unsafe_path", f"unsafe entry: {reason}", name)
                continue
            reason = unsafe_path_reason(name)
            if reason:
                code = "package.zip_slip" if reason.startswith("'..'") or reason == "absolute path" else "package.unsafe_path"
                self._problem(code, f"unsafe entry: {reason}", name)
                continue
            mode = info.external_attr >> 16
            if stat.S_ISLNK(mode):
                self._problem("package.symlink", "symlink entries are not allowed in a package", name)
                continue
            if info.flag_bits & 0x1:
                self._problem("package.encrypted", "encrypted entries are not allowed", name)
                continue
            if name in self._entries:
                self._problem("package.duplicate_entry", "the zip holds this path twice", name)
                continue
            if info.file_size > MAX_FILE_BYTES:
                self._problem("package.file_too_large", f"{info.file_size} bytes uncompressed is over the {MAX_FILE_BYTES}-byte cap", name)
                continue
            if info.file_size > MIN_RATIO_CHECK_BYTES and info.file_size > MAX_COMPRESSION_RATIO * max(info.compress_size, 1):
                self._problem("package.zip_bomb", f"compression ratio {info.file_size // max(info.compress_size, 1)}:1 is over {MAX_COMPRESSION_RATIO}:1", name)
                continue
            total += info.file_size
            if total > MAX_TOTAL_BYTES:
                self._problem("package.too_large", f"package is over the {MAX_TOTAL_BYTES}-byte cap uncompressed")
                return
            self._entries[name] = info

    def files(self) -> list[str]:
        return list(self._entries)

    def has(self, name: str) -> bool:
        return name in self._entries

    def read_bytes(self, name: str, limit: int = MAX_FILE_BYTES) -> bytes:
        info = self._entries.get(name)
        if info is None:
            raise PackageError(f"no such file in the package: {name}", where=self.where(),
                               code="package.missing_file")
        limit = min(limit, MAX_FILE_BYTES)
        chunks: list[bytes] = []
        size = 0
        try:
            with self._zip.open(info) as fh:
                while True:
                    chunk = fh.read(1 << 16)
                    if not chunk:
                        break
                    size += len(chunk)
                    if size > limit:
                        raise PackageError(f"entry decompresses to more than {limit} bytes", where=self.where(name),
                                           code="package.zip_bomb")
                    chunks.append(chunk)
        except PackageError:
            raise
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError) as err:
            raise PackageError(f"corrupt zip entry: {err}", where=self.where(name),
                               code="package.corrupt_entry") from None
        return b"".join(chunks)


def open_source(path: str | os.PathLike[str]) -> PackageSource:
    """Open a package folder or ``.o3t`` file; raise :class:`PackageError` if it is neither."""
    p = Path(path)
    if p.is_dir():
        return FolderSource(p)
    if p.is_file():
        return ZipSource(p)
    if not p.exists():
        raise PackageError("no such template package (expected a folder or a .o3t file)",
                           where=Location(file=str(p)), code="package.not_found")
    raise PackageError("not a folder or a regular file", where=Location(file=str(p)), code="package.not_found")
