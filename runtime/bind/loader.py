"""Reading a data file of any supported type, chosen by its extension."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import DataError, Location

#: extension -> data source type (the type decides which read permission applies)
SOURCE_TYPES = {".json": "json", ".csv": "csv", ".xlsx": "xlsx"}


def source_type(path: str | os.PathLike[str]) -> str:
    """``json``, ``csv`` or ``xlsx`` for a data path; anything else is a DataError."""
    kind = SOURCE_TYPES.get(Path(path).suffix.lower())
    if kind is None:
        supported = ", ".join(SOURCE_TYPES)
        raise DataError(f"unsupported data file type (use {supported})",
                        where=Location(file=str(path)), code="data.type")
    return kind


def load_bytes(raw: bytes, kind: str, file: str) -> Any:
    """Parse data bytes of a given source type (``json``, ``csv``, ``xlsx``)."""
    if kind == "json":
        from .jsonfile import load_json_bytes

        return load_json_bytes(raw, file)
    if kind == "csv":
        from .csvfile import load_csv_bytes

        return load_csv_bytes(raw, file)
    if kind == "xlsx":
        from .xlsxfile import load_xlsx_bytes

        return load_xlsx_bytes(raw, file)
    raise DataError(f"unsupported data source type {kind!r}", where=Location(file=file),
                    code="data.type")


def load_data(path: str | os.PathLike[str]) -> Any:
    """Load a JSON, CSV or .xlsx file as JSON-like data (tables in the canonical form).

    A FIFO, device or file over :data:`~o3local.safeio.MAX_DATA_FILE_BYTES`
    is refused before anything is read from it.
    """
    from ..safeio import read_user_file  # regular files only, at most MAX_DATA_FILE_BYTES

    kind = source_type(path)
    return load_bytes(read_user_file(path, what="data file"), kind, str(path))
