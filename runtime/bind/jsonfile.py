"""User data files in JSON: strict UTF-8, then the one strict JSON reader.

Python's ``json`` accepts things a data file must not contain (NaN,
Infinity, duplicate keys that silently overwrite each other, lone
surrogates that later fail to encode, numbers of any length) and reports
nothing for them.  Data goes through :mod:`o3local.template.jsontext` (the
reader manifests use, without its position tables and with repeated keys
refused), and every fault becomes one ``data.json`` error at
``file:line:column``, so a user can fix the file instead of wondering why a
value went missing.
"""

from __future__ import annotations

from typing import Any

from ..errors import DataError, Location
from ..template import jsontext


def line_col(text: str, pos: int) -> tuple[int, int]:
    """1-based line and column (in characters) of offset ``pos`` in ``text``."""
    line = text.count("\n", 0, pos) + 1
    start = text.rfind("\n", 0, pos) + 1
    return line, pos - start + 1


def decode_utf8(raw: bytes, file: str) -> str:
    """Decode strict UTF-8 (a leading BOM is dropped); bad bytes -> DataError with position."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        prefix = raw[: err.start].decode("utf-8", errors="replace")
        line, col = line_col(prefix, len(prefix))
        raise DataError(
            f"not valid UTF-8 (byte 0x{raw[err.start]:02x} at offset {err.start})",
            where=Location(file=file, line=line, column=col),
            code="data.encoding",
        ) from None


def parse_json_text(text: str, file: str) -> Any:
    """Parse JSON text strictly; every failure is one DataError with line:column."""
    try:
        return jsontext.loads(text)
    except jsontext.JSONTextError as err:
        raise DataError(f"invalid JSON: {err.message}",
                        where=Location(file=file, line=err.line, column=err.column),
                        code="data.json") from None


def load_json_bytes(raw: bytes, file: str) -> Any:
    """Strict UTF-8 JSON from bytes (BOM tolerated)."""
    return parse_json_text(decode_utf8(raw, file), file)
