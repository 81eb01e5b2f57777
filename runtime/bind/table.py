"""The canonical table form every tabular source is normalized into.

Templates must not care whether the numbers came from a CSV export or an
Excel workbook, so CSV and .xlsx both become
``{"columns": [name, ...], "rows": [{name: value, ...}, ...]}`` with JSON
values only (str, int, float, bool, None).  See ``docs/data-sources.md``.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import DataError, Location

Table = dict[str, Any]

_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
_DEC = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")


def text_cell(raw: str) -> Any:
    """A CSV cell: blank -> None, a plain decimal number -> int/float, else the text.

    Only unambiguous JSON-style numbers convert; "007", "1,000" or "+3" stay
    text so postcodes and formatted figures are not silently changed.
    """
    text = raw.strip()
    if text == "":
        return None
    if _INT.fullmatch(text):
        return int(text)
    if _DEC.fullmatch(text):
        value = float(text)
        if value == value and value not in (float("inf"), float("-inf")):
            return value
    return raw


def header(cells: list[Any], where: Location) -> list[str]:
    """Column names from a header row; blank or repeated names are errors."""
    names: list[str] = []
    for i, cell in enumerate(cells):
        name = "" if cell is None else str(cell).strip()
        if not name:
            raise DataError(f"header row: column {i + 1} has no name", where=where,
                            code="data.header")
        if name in names:
            raise DataError(f"header row: column name {name!r} appears twice", where=where,
                            code="data.header")
        names.append(name)
    return names


def make_table(columns: list[str], rows: list[dict[str, Any]]) -> Table:
    return {"columns": columns, "rows": rows}
