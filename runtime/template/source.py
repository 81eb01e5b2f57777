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

PACKAGE_SUFFIX = ".o3t"


def unsafe_path_reason(name: str) -> str | None:
    """Why ``name`` (a '/'-separated package path) may not be used, or None if it is safe."""
    if not name:
        return "empty path"
    if "\\" in name:
        return "backslash in path (use '/')"
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return "absolute path"
    if any(ord(c) < 0x20 for c in name):
        return "control character in path"
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
        self.problems.append(Problem(code, message, self.where(name)))


class FolderSource(PackageSource):
    def __init__(self, root: Path) -> None:
        super().__init__(str(root))
        self.root = root
        self._files: dict[str, Path] = {}
        self._scan()

    def _scan(self) -> None:
        root_real = os.path.realpath(self.root)
        total = 0
        for dirpath, dirnames, filenames in os.walk(self.root, followlinks=False):
            rel_dir = os.path.relpath(dirpath, self.root)
            for d in list(dirnames):
                full = os.path.join(dirpath, d)
                if os.path.islink(full):
                    dirnames.remove(d)
                    self._check_link(full, self._rel(rel_dir, d), root_real, is_dir=True)
            dirnames.sort()
            for name in sorted(filenames):
                rel = self._rel(rel_dir, name)
                full = os.path.join(dirpath, name)
                if os.path.islink(full):
                    if not self._check_link(full, rel, root_real, is_dir=False):
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
                    return
                if st.st_size > MAX_FILE_BYTES:
                    self._problem("package.file_too_large", f"{st.st_size} bytes is over the {MAX_FILE_BYTES}-byte cap per file", rel)
                    continue
                total += st.st_size
                if total > MAX_TOTAL_BYTES:
                    self._problem("package.too_large", f"package is over the {MAX_TOTAL_BYTES}-byte cap")
                    return
                self._files[rel] = Path(full)

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
            raise PackageError(f"no such file in the package: {name}", where=self.where())
        try:
            with open(path, "rb") as fh:
                data = fh.read(limit + 1)
        except OSError as err:
            raise PackageError(f"cannot read: {err.strerror}", where=self.where(name)) from None
        if len(data) > limit:
            raise PackageError(f"file is larger than {limit} bytes", where=self.where(name))
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
            raise PackageError(f"no such file in the package: {name}", where=self.where())
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
            raise PackageError(f"corrupt zip entry: {err}", where=self.where(name)) from None
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
