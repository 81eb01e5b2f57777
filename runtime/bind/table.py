"""The canonical table form every tabular source is normalized into.

Templates must not care whether the numbers came from a CSV export or an
Excel workbook, so CSV and .xlsx both become
``{"columns": [name, ...], "rows": [{name: value, ...}, ...]}`` with JSON
values only (str, int, float, bool, None).  See ``docs/data-sources.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import DataError, Location

Table = dict[str, Any]


@dataclass(frozen=True)
class TableOrigin:
    """Where the rows of one table came from, so a data problem can name a cell or line.

    ``rows[i]`` was read from ``numbers[i]`` (the sheet row of a workbook, the
    first line of a CSV record); ``letters`` maps a column name to its sheet
    column letter (workbooks only).  Blank rows are skipped while reading, so
    the index of a row is not its position in the file.
    """

    kind: str  # "xlsx" or "csv"
    numbers: tuple[int, ...]
    letters: dict[str, str]
    sheet: str | None = None
    #: sheet row or CSV line of the header
    header: int = 1


class TableData(dict[str, Any]):
    """Tabular data as plain JSON (a dict) that also remembers where each table's rows were.

    ``origins`` maps the path of a ``rows`` list (``("rows",)``,
    ``("sheets", "Q1", "rows")``) to its :class:`TableOrigin`.  Everything
    that only needs the values sees an ordinary dict.
    """

    origins: dict[tuple[str, ...], TableOrigin]

    def __init__(self, value: dict[str, Any], origins: dict[tuple[str, ...], TableOrigin]) -> None:
        super().__init__(value)
        self.origins = origins

#: most rows a data file may hold, over all its sheets (blank rows of a sheet included)
MAX_TABLE_ROWS = 50_000
#: most cells a data file may hold, over all its sheets (empty cells of a row included)
MAX_TABLE_CELLS = 1_000_000

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


class TableBudget:
    """Counts rows and cells while a reader parses, and stops it at the caps.

    Checked per row as it is read, so a bomb of two million rows fails after
    :data:`MAX_TABLE_ROWS` rows instead of after building all of them.
    """

    def __init__(self, file: str, *, max_rows: int = MAX_TABLE_ROWS,
                 max_cells: int = MAX_TABLE_CELLS) -> None:
        self.file = file
        self.max_rows = max_rows
        self.max_cells = max_cells
        self.rows = 0
        self.cells = 0

    def take(self, cells: int, line: int | None = None) -> None:
        """Account one row of ``cells`` cells; a ``data.too_large`` error past a cap."""
        self.rows += 1
        self.cells += cells
        if self.rows > self.max_rows:
            raise DataError(f"the data has more than {self.max_rows:,} rows (the cap per file)",
                            where=Location(file=self.file, line=line), code="data.too_large")
        if self.cells > self.max_cells:
            raise DataError(f"the data has more than {self.max_cells:,} cells (the cap per file)",
                            where=Location(file=self.file, line=line), code="data.too_large")


def make_table(columns: list[str], rows: list[dict[str, Any]]) -> Table:
    return {"columns": columns, "rows": rows}
