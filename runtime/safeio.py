"""Opening files a user (or a hostile sender) handed us, without hanging or exhausting memory.

Every reader of user-supplied bytes - data files, documents to summarize,
formula sheets, office files inside them - goes through here, so each one
refuses the same things the same way:

* anything but a regular file: a FIFO would block ``open()`` forever and a
  symlink to ``/dev/zero`` would be read until memory runs out.  Files are
  opened with ``O_NONBLOCK`` and checked with ``fstat`` *before* any read,
  so neither ever gets a chance;
* files over a size cap (read at most ``limit + 1`` bytes, whatever the
  size the file system claims);
* zip containers (.xlsx/.docx/.pptx, and ``.o3t`` packages through
  :func:`entry_problem` / :func:`read_entry`) whose entry count, entry
  size, total size or compression ratio is that of a zip bomb.  Sizes are
  enforced on the bytes actually inflated, not on the (forgeable) headers.

Errors are :class:`~o3local.errors.DataError` s coded ``data.<detail>``
naming the file.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

from .errors import DataError, Location

#: largest data file (JSON, CSV, .xlsx) read for a render or a formula sheet
MAX_DATA_FILE_BYTES = 32 * 1024 * 1024
#: largest office document (.docx, .pptx) read for summarizing; media inside make them big
MAX_DOCUMENT_FILE_BYTES = 256 * 1024 * 1024

_CHUNK = 1 << 16


@dataclass(frozen=True)
class ZipLimits:
    """Caps on one zip container; see :data:`OFFICE_ZIP_LIMITS` and the package reader's."""

    max_entries: int
    max_entry_bytes: int
    max_total_bytes: int
    #: uncompressed/compressed above which an entry counts as a bomb...
    max_ratio: int = 100
    #: ...once it inflates to more than this many bytes (tiny files compress oddly)
    min_ratio_check_bytes: int = 1024 * 1024


#: caps for .xlsx/.docx/.pptx inputs (openpyxl and our readers inflate their XML parts)
OFFICE_ZIP_LIMITS = ZipLimits(max_entries=10_000, max_entry_bytes=64 * 1024 * 1024,
                              max_total_bytes=256 * 1024 * 1024)


class ZipLimitExceeded(Exception):
    """An entry broke a :class:`ZipLimits` cap; ``detail`` is the code's snake_case part."""

    def __init__(self, detail: str, message: str) -> None:
        super().__init__(message)
        self.detail = detail
        self.message = message


def _where(file: str) -> Location:
    return Location(file=file)


def _open_regular(path: str | os.PathLike[str], file: str, what: str) -> tuple[int, int]:
    """(fd, size) of a regular file opened for reading; a DataError for anything else."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise DataError(f"{what} not found", where=_where(file), code="data.missing") from None
    except IsADirectoryError:
        raise DataError(f"{what} path is a folder, not a file", where=_where(file),
                        code="data.missing") from None
    except OSError as err:
        if err.errno == errno.ENXIO:  # a socket, or a FIFO without a writer on some systems
            raise DataError(f"{what} is not a regular file", where=_where(file),
                            code="data.not_regular") from None
        raise DataError(f"cannot read the {what}: {err.strerror}", where=_where(file),
                        code="data.io") from None
    try:
        st = os.fstat(fd)
    except OSError as err:
        os.close(fd)
        raise DataError(f"cannot read the {what}: {err.strerror}", where=_where(file),
                        code="data.io") from None
    if stat.S_ISDIR(st.st_mode):
        os.close(fd)
        raise DataError(f"{what} path is a folder, not a file", where=_where(file),
                        code="data.missing")
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise DataError(f"{what} is not a regular file (a FIFO, socket or device cannot be read)",
                        where=_where(file), code="data.not_regular")
    return fd, st.st_size


def _too_large(what: str, file: str, limit: int) -> DataError:
    return DataError(f"the {what} is larger than the {limit:,}-byte cap", where=_where(file),
                     code="data.too_large")


def read_stream(stream: IO[bytes], limit: int, *, what: str = "input",
                file: str = "<stdin>") -> bytes:
    """At most ``limit`` bytes of a stream (stdin...); more is a ``data.too_large`` error."""
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = stream.read(min(_CHUNK, limit + 1 - size))
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > limit:
            raise _too_large(what, file, limit)
        chunks.append(chunk)


def read_user_file(path: str | os.PathLike[str], *, limit: int = MAX_DATA_FILE_BYTES,
                   what: str = "data file") -> bytes:
    """The bytes of a user-supplied regular file of at most ``limit`` bytes.

    Never blocks on a FIFO, never reads a device, never reads more than
    ``limit + 1`` bytes.  Errors: ``data.missing``, ``data.not_regular``,
    ``data.too_large``, ``data.io``.
    """
    file = str(path)
    fd, size = _open_regular(path, file, what)
    if size > limit:
        os.close(fd)
        raise _too_large(what, file, limit)
    try:
        with os.fdopen(fd, "rb", buffering=0) as fh:
            return read_stream(fh, limit, what=what, file=file)
    except OSError as err:
        raise DataError(f"cannot read the {what}: {err.strerror}", where=_where(file),
                        code="data.io") from None


# -- zip containers ------------------------------------------------------------------------


def entry_problem(info: zipfile.ZipInfo, limits: ZipLimits) -> ZipLimitExceeded | None:
    """What is wrong with an entry going by its header (cheap; :func:`read_entry` checks the bytes)."""
    if info.flag_bits & 0x1:
        return ZipLimitExceeded("encrypted", "encrypted entries are not allowed")
    if info.file_size > limits.max_entry_bytes:
        return ZipLimitExceeded("file_too_large", f"{info.file_size} bytes uncompressed is over "
                                f"the {limits.max_entry_bytes}-byte cap")
    if (info.file_size > limits.min_ratio_check_bytes
            and info.file_size > limits.max_ratio * max(info.compress_size, 1)):
        ratio = info.file_size // max(info.compress_size, 1)
        return ZipLimitExceeded("zip_bomb", f"compression ratio {ratio}:1 is over "
                                f"{limits.max_ratio}:1")
    return None


def iter_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limits: ZipLimits,
               limit: int | None = None) -> Iterator[bytes]:
    """The inflated chunks of an entry, stopped with :class:`ZipLimitExceeded` at a cap.

    Counts what actually comes out of the decompressor, so a header that
    under-states the size (or the ratio) does not help a bomb.
    """
    cap = limits.max_entry_bytes if limit is None else min(limit, limits.max_entry_bytes)
    size = 0
    compressed = max(info.compress_size, 1)
    with archive.open(info) as fh:
        while True:
            chunk = fh.read(_CHUNK)
            if not chunk:
                return
            size += len(chunk)
            if size > cap:
                raise ZipLimitExceeded("zip_bomb", f"entry decompresses to more than {cap} bytes")
            if size > limits.min_ratio_check_bytes and size > limits.max_ratio * compressed:
                raise ZipLimitExceeded("zip_bomb", f"entry inflates more than {limits.max_ratio}:1")
            yield chunk


def read_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limits: ZipLimits,
               limit: int | None = None) -> bytes:
    """An entry's bytes, inflated under the caps of :func:`iter_entry`."""
    return b"".join(iter_entry(archive, info, limits, limit))


#: what zipfile and zlib raise for damaged archives
ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError,
              NotImplementedError, RuntimeError, KeyError)


def check_zip(raw: bytes, *, file: str, what: str = "file",
              limits: ZipLimits = OFFICE_ZIP_LIMITS) -> zipfile.ZipFile:
    """Open an office zip (.xlsx/.docx/.pptx) only after inflating every entry under the caps.

    A zip that passes cannot make a later reader (openpyxl, lxml) inflate more
    than ``limits`` allow: Python's zipfile stops each entry at the size its
    header declares, and those sizes were just proven true.  Errors:
    ``data.format`` (not a zip or damaged), ``data.zip_bomb``,
    ``data.too_many_files``, ``data.file_too_large``, ``data.too_large``,
    ``data.encrypted``.
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except ZIP_ERRORS as err:
        raise DataError(f"not a valid {what} (not a zip package: {err})", where=_where(file),
                        code="data.format") from None
    try:
        infos = archive.infolist()
        if len(infos) > limits.max_entries:
            raise ZipLimitExceeded("too_many_files", f"{len(infos)} entries is over the cap of "
                                   f"{limits.max_entries}")
        total = 0
        for info in infos:
            problem = entry_problem(info, limits)
            if problem is not None:
                raise ZipLimitExceeded(problem.detail, f"{info.filename}: {problem.message}")
            for chunk in iter_entry(archive, info, limits):
                total += len(chunk)
                if total > limits.max_total_bytes:
                    raise ZipLimitExceeded("too_large", f"the {what} inflates to more than "
                                           f"{limits.max_total_bytes} bytes")
    except ZipLimitExceeded as err:
        archive.close()
        raise DataError(f"refused as a zip bomb: {err.message}", where=_where(file),
                        code=f"data.{err.detail}") from None
    except ZIP_ERRORS as err:
        archive.close()
        raise DataError(f"not a valid {what} (damaged zip: {err})", where=_where(file),
                        code="data.format") from None
    return archive

