"""What a publisher runs: sign a package folder, pack it into an ``.o3t``.

Signing refuses a package that does not validate, so a publisher cannot
ship a signature over something no user could render.
"""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path
from typing import Any

from ..errors import ManifestError, PackageError
from ..fsutil import atomic_write_text, atomic_writer
from ..template.source import FolderSource
from .digest import SIGNATURE_NAME, listing_of
from .signing import load_private_key, signature_document

#: zip entry timestamp of packed packages (fixed: the same folder packs to the same bytes)
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def sign_folder(folder: str | os.PathLike[str], key_file: str | os.PathLike[str]) -> dict[str, Any]:
    """Validate the package in ``folder`` and write its ``SIGNATURE.json``; returns the document."""
    from ..template.validate import validate_source

    key = load_private_key(key_file)
    source = FolderSource(Path(folder))
    if source.problems:
        raise PackageError("the package has unsafe entries", where=source.where(), problems=source.problems,
                           code="package.unsafe")
    report = validate_source(source)
    if not report.ok or report.manifest is None:
        raise ManifestError(f"refusing to sign an invalid package ({len(report.errors)} problem"
                            f"{'s' if len(report.errors) != 1 else ''}; the first: {report.errors[0]})",
                            where=source.where(), problems=report.errors, code="manifest.invalid")
    doc = signature_document(key, report.manifest["id"], report.manifest["version"], listing_of(source))
    atomic_write_text(Path(folder) / SIGNATURE_NAME, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    return doc


def pack(folder: str | os.PathLike[str], output: str | os.PathLike[str]) -> Path:
    """Zip every file of the package in ``folder`` into ``output`` (sorted, fixed timestamps)."""
    source = FolderSource(Path(folder))
    if source.problems:
        raise PackageError("the package has unsafe entries", where=source.where(), problems=source.problems,
                           code="package.unsafe")
    with atomic_writer(output, "wb") as fh, zipfile.ZipFile(fh, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(source.files()):
            info = zipfile.ZipInfo(name, _ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, source.read_bytes(name))
    return Path(output)
