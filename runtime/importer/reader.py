"""Opening a .pptx or .docx a stranger made, before any XML parser sees a byte of it.

The file is read through :mod:`o3local.safeio` (a regular file, at most
:data:`~o3local.safeio.MAX_DOCUMENT_FILE_BYTES`), and its zip is inflated
once under :data:`~o3local.safeio.OFFICE_ZIP_LIMITS` (entry count, sizes,
compression ratio), as ``summarize`` reads a deck; only then does
python-pptx parse it (its XML parser resolves no entities and fetches
nothing).  Every refusal is an :class:`~o3local.errors.OfficeImportError`
naming the file:

* ``import.encrypted``: a password-protected deck (Office stores those as an
  OLE compound file holding ``EncryptionInfo``), or encrypted zip entries;
* ``import.unsupported``: a legacy binary .ppt/.doc, an .odp/.odt, a Word file
  given as a deck (or a deck as a Word file), a macro-enabled or template deck
  python-pptx does not open as a presentation;
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


def _kind_of_ole(raw: bytes, file: str, what: str = ".pptx deck",
                 app: str = "PowerPoint") -> OfficeImportError:
    thing = what.split()[-1]
    if _ENCRYPTION_INFO in raw:
        return _error("import.encrypted", f"the {thing} is password-protected (encrypted); "
                      "open it in the office app, remove the password and save it again", file)
    legacy = what.split()[0].rstrip("x")
    return _error("import.unsupported", f"this is a legacy binary {app} file ({legacy}) or "
                  f"another OLE document; save it as {what.split()[0]} first", file)


_DOCUMENT_TYPES = (
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
    "application/vnd.ms-word.document.macroEnabled.main+xml",
    "application/vnd.ms-word.template.macroEnabledTemplate.main+xml",
)


def is_word(path: str | Path) -> bool:
    """Whether ``path`` names a Word document by its suffix (the content decides the rest)."""
    return Path(str(path)).suffix.lower() in (".docx", ".docm", ".dotx")


def _checked_zip(path: str | Path, what: str, app: str) -> tuple[bytes, zipfile.ZipFile]:
    """The file's bytes and its zip, checked under the office-zip caps."""
    file = str(path)
    raw = read_bytes(path)
    if raw.startswith(_OLE):
        raise _kind_of_ole(raw, file, what, app)
    if not raw.startswith(b"PK"):
        raise _error("import.corrupt", f"not a {what} (a {what} file is a zip package; "
                     "this file is not one)", file)
    try:
        return raw, check_zip(raw, file=file, what=what)
    except DataError as err:
        raise _error(_DATA_CODES.get(err.code, "import.corrupt"), err.message, file) from None


def open_deck(path: str | Path) -> tuple[Any, bytes]:
    """(a python-pptx ``Presentation``, the file's bytes) for ``path``, or an ``import.*`` error."""
    file = str(path)
    suffix = Path(file).suffix.lower()
    if suffix in (".doc", ".odt"):
        raise _error("import.unsupported", f"{suffix} documents are not imported (Word "
                     "documents are: save it as .docx)", file)
    raw, archive = _checked_zip(path, ".pptx deck", "PowerPoint")
    with archive:
        _check_content_type(archive, file)
        _check_parts(archive, file)
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


def open_document(path: str | Path) -> tuple[dict[str, bytes], bytes]:
    """(every part of a .docx by zip name, the file's bytes), or an ``import.*`` error.

    The parts are inflated under the same caps as a deck's (check_zip has
    already read each entry once within them).
    """
    file = str(path)
    raw, archive = _checked_zip(path, ".docx document", "Word")
    with archive:
        names = set(archive.namelist())
        if "mimetype" in names and "content.xml" in names:
            raise _error("import.unsupported", "this is an OpenDocument file (.odt); save it "
                         "as .docx first (File > Save As > Word)", file)
        if "[Content_Types].xml" not in names:
            raise _error("import.corrupt", "not a .docx document: the zip has no "
                         "[Content_Types].xml", file)
        types = archive.read("[Content_Types].xml")
        if not any(t.encode() in types for t in _DOCUMENT_TYPES):
            what = ("a PowerPoint deck (import it as .pptx)" if b"presentationml" in types
                    else "an Excel workbook" if b"spreadsheetml" in types
                    else "not a Word document")
            raise _error("import.unsupported", f"this office file is {what}; a .docx must be "
                         "a Word document", file)
        try:
            return {n: archive.read(n) for n in archive.namelist() if not n.endswith("/")}, raw
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as err:
            raise _error("import.corrupt", f"the document's zip is damaged: {err}",
                         file) from None


#: relationship types whose target part the deck reader opens (a picture or chart may be absent: it is skipped)
_NEEDED_PARTS = ("/slide", "/slideLayout", "/slideMaster", "/theme", "/notesSlide")
_RELATIONSHIP = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"


def _check_parts(archive: zipfile.ZipFile, file: str) -> None:
    """Every slide, layout, master, theme and notes part a relationship names is in the zip.

    python-pptx's own error for a missing one is a bare ``KeyError`` ("no relationship
    with key 'rId7'") that names neither the part nor who refers to it.
    """
    import posixpath

    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    names = set(archive.namelist())
    for rels in sorted(n for n in names if n.endswith(".rels")):
        try:
            root = etree.fromstring(archive.read(rels), parser)
        except etree.XMLSyntaxError as err:
            raise _error("import.corrupt", f"the deck's part {rels} is damaged XML: {err}", file) from None
        base = posixpath.dirname(posixpath.dirname(rels))  # ppt/_rels/presentation.xml.rels -> ppt
        for rel in root.iter(_RELATIONSHIP):
            target = rel.get("Target") or ""
            if rel.get("TargetMode") == "External" or not (rel.get("Type") or "").endswith(_NEEDED_PARTS):
                continue
            part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(base, target))
            if part not in names:
                raise _error("import.corrupt", f"the deck's part {part} is missing ({rels} refers to it as "
                             f"{rel.get('Id')}); the file is damaged: open and save it in the office app", file)


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
            what = "a Word document (name it .docx to import it as one)"
        elif b"spreadsheetml" in types:
            what = "an Excel workbook"
        else:
            what = "not a PowerPoint presentation"
        raise _error("import.unsupported", f"this office file is {what}; a .pptx must be a "
                     "PowerPoint deck", file)
