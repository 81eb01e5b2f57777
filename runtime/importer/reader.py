"""Opening a .pptx a stranger made, before python-pptx sees a byte of it.

The file is read through :mod:`o3local.safeio` (a regular file, at most
:data:`~o3local.safeio.MAX_DOCUMENT_FILE_BYTES`), and its zip is inflated
once under :data:`~o3local.safeio.OFFICE_ZIP_LIMITS` (entry count, sizes,
compression ratio), as ``summarize`` reads a deck; only then does
python-pptx parse it (its XML parser resolves no entities and fetches
nothing).  Every refusal is an :class:`~o3local.errors.OfficeImportError`
naming the file:

* ``import.encrypted``: a password-protected deck (Office stores those as an
  OLE compound file holding ``EncryptionInfo``), or encrypted zip entries;
* ``import.unsupported``: a legacy binary .ppt, an .odp, a .docx, a
  macro-enabled or template deck python-pptx does not open as a presentation;
* ``import.corrupt``: not a zip, a damaged zip, a zip that is not a deck,
  XML that does not parse;
* ``import.too_large``: over the size caps (a zip bomb included);
* ``import.missing`` / ``import.not_regular``: no such file, a folder, a FIFO.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

from ..errors import DataError, Location, OfficeImportError
from ..safeio import MAX_DOCUMENT_FILE_BYTES, check_zip, read_user_file

_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTION_INFO = "EncryptionInfo".encode("utf-16-le")
_PRESENTATION_TYPES = (
    "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
    "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
    "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
    "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
)
_DATA_CODES = {"data.missing": "import.missing", "data.not_regular": "import.not_regular",
               "data.too_large": "import.too_large", "data.zip_bomb": "import.too_large",
               "data.too_many_files": "import.too_large",
               "data.file_too_large": "import.too_large", "data.encrypted": "import.encrypted",
               "data.format": "import.corrupt", "data.io": "import.io"}


def _error(code: str, message: str, file: str) -> OfficeImportError:
    return OfficeImportError(message, where=Location(file=file), code=code)


def read_bytes(path: str | Path) -> bytes:
    """The deck's bytes, read safely (a DataError from safeio becomes its ``import.*`` twin)."""
    file = str(path)
    try:
        return read_user_file(path, limit=MAX_DOCUMENT_FILE_BYTES, what="deck")
    except DataError as err:
        raise _error(_DATA_CODES.get(err.code, "import.io"), err.message, file) from None


def _kind_of_ole(raw: bytes, file: str) -> OfficeImportError:
    if _ENCRYPTION_INFO in raw:
        return _error("import.encrypted", "the deck is password-protected (encrypted); open it "
                      "in the office app, remove the password and save it again", file)
    return _error("import.unsupported", "this is a legacy binary PowerPoint file (.ppt) or "
                  "another OLE document; save it as .pptx first", file)


def open_deck(path: str | Path) -> tuple[Any, bytes]:
    """(a python-pptx ``Presentation``, the file's bytes) for ``path``, or an ``import.*`` error."""
    file = str(path)
    suffix = Path(file).suffix.lower()
    if suffix in (".docx", ".doc", ".odt"):
        raise _error("import.unsupported", f"{suffix} documents are not imported yet (decks "
                     "are: .pptx); the document import needs flow layout", file)
    raw = read_bytes(path)
    if raw.startswith(_OLE):
        raise _kind_of_ole(raw, file)
    if not raw.startswith(b"PK"):
        raise _error("import.corrupt", "not a .pptx deck (a .pptx file is a zip package; "
                     "this file is not one)", file)
    try:
        archive = check_zip(raw, file=file, what="deck")
    except DataError as err:
        raise _error(_DATA_CODES.get(err.code, "import.corrupt"), err.message, file) from None
    with archive:
        _check_content_type(archive, file)
    from pptx import Presentation
    from pptx.exc import PythonPptxError

    try:
        return Presentation(io.BytesIO(raw)), raw
    except (PythonPptxError, KeyError, ValueError, zipfile.BadZipFile, AttributeError,
            TypeError, IndexError) as err:
        raise _error("import.corrupt", f"the deck cannot be read: {err}", file) from None
    except Exception as err:  # lxml's XMLSyntaxError and kin
        if type(err).__module__.startswith("lxml"):
            raise _error("import.corrupt", f"the deck's XML is damaged: {err}", file) from None
        raise


def _check_content_type(archive: zipfile.ZipFile, file: str) -> None:
    """The zip must be a presentation: an .odp or a .docx renamed .pptx is said to be one."""
    names = set(archive.namelist())
    if "mimetype" in names and "content.xml" in names:
        raise _error("import.unsupported", "this is an OpenDocument file (.odp); save it as "
                     ".pptx first (File > Save As > PowerPoint)", file)
    if "[Content_Types].xml" not in names:
        raise _error("import.corrupt", "not a .pptx deck: the zip has no [Content_Types].xml",
                     file)
    types = archive.read("[Content_Types].xml")
    if not any(t.encode() in types for t in _PRESENTATION_TYPES):
        if b"wordprocessingml" in types:
            what = "a Word document"
        elif b"spreadsheetml" in types:
            what = "an Excel workbook"
        else:
            what = "not a PowerPoint presentation"
        raise _error("import.unsupported", f"this office file is {what}; `import` takes a "
                     ".pptx deck", file)
