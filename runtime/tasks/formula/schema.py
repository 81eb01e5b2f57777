"""Read a worksheet into the compact schema a formula is written against.

The model (and the rule parser) never see the whole sheet: only column
letters, header names, value types, a few samples and the data range.  The
cell values are kept too, so every answer can be evaluated on the real data.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import re
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import DataError, Location

MAX_CELLS = 2_000_000
SAMPLES = 3
DISTINCT = 30


def col_letter(index: int) -> str:
    """1 -> A, 27 -> AA."""
    out = ""
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(65 + rem) + out
    return out


def col_index(letter: str) -> int:
    """A -> 1, AA -> 27."""
    n = 0
    for ch in letter.upper().lstrip("$"):
        n = n * 26 + ord(ch) - 64
    return n


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, (dt.date, dt.datetime)):
        return "date"
    return "text"


@dataclass
class Column:
    """One column of the table: its letter, header and what kind of values it holds."""

    letter: str
    header: str
    type: str
    first_row: int
    last_row: int
    samples: list[Any] = field(default_factory=list)
    distinct: list[str] = field(default_factory=list)

    @property
    def range(self) -> str:
        return f"{self.letter}{self.first_row}:{self.letter}{self.last_row}"


@dataclass
class SheetSchema:
    """The sheet as a formula sees it."""

    sheet: str
    header_row: int
    columns: list[Column]
    cells: dict[tuple[int, int], Any]
    last_row: int
    last_column: int
    file: str | None = None

    def column(self, letter_or_header: str) -> Column | None:
        key = letter_or_header.strip().lower()
        for col in self.columns:
            if col.letter.lower() == key or col.header.lower() == key:
                return col
        return None

    def describe(self) -> str:
        """The compact text the model is shown."""
        lines = [f"Sheet {self.sheet!r}, header row {self.header_row}:"]
        for c in self.columns:
            samples = ", ".join(_show(v) for v in c.samples)
            lines.append(f"{c.letter} {c.header!r} ({c.type}, rows {c.first_row}-{c.last_row}): {samples}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "sheet": self.sheet,
            "header_row": self.header_row,
            "columns": [
                {"letter": c.letter, "header": c.header, "type": c.type, "range": c.range,
                 "samples": [_show(v) for v in c.samples]}
                for c in self.columns
            ],
        }


def _show(value: Any) -> str:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.strftime("%Y-%m-%d")
    return repr(value) if isinstance(value, str) else str(value)


def build_schema(
    cells: dict[tuple[int, int], Any], sheet: str, file: str | None = None
) -> SheetSchema:
    """Find the header row and describe each column below it."""
    where = Location(file=file, pointer=f"/{sheet}")
    if not cells:
        raise DataError("the sheet is empty", where=where, code="data.empty")
    header_row = _header_row(cells)
    header = {c: v for (r, c), v in cells.items() if r == header_row}
    under = _second_header_row(cells, header_row, header)
    if under is not None:  # 一季度 over 销售额 | 成本: the columns are 一季度销售额, 一季度成本
        header = under
        header_row += 1
    years = {c: _year(v) for c, v in header.items() if _year(v) is not None}
    if len(set(years.values())) == len(years) >= 2:
        # an export with one column per year (2019, 2020, ...): the years are the column names
        header.update({c: str(y) for c, y in years.items()})
    bad = [c for c, v in header.items() if not isinstance(v, str) or _looks_numeric(v) and c not in years]
    if bad:
        c = min(bad)
        raise DataError(
            f"the sheet has no header row: {col_letter(c)}{header_row} holds a value "
            f"({_show(header[c])}), not a column name",
            where=Location(file=file, pointer=f"/{sheet}/{col_letter(c)}{header_row}"),
            code="data.no_header",
        )
    end = _table_end(cells, header_row)
    total = _total_row({k: v for k, v in cells.items() if k[0] <= end}, header_row)
    last_data = total - 1 if total is not None else end
    columns: list[Column] = []
    for c in sorted(header):
        values = [(r, v) for (r, cc), v in sorted(cells.items())
                  if cc == c and header_row < r <= last_data]
        last = max((r for r, _ in values), default=header_row)
        kinds = {_kind(v) for _, v in values}
        kind = kinds.pop() if len(kinds) == 1 else ("empty" if not kinds else "mixed")
        distinct = list(dict.fromkeys(str(v) for _, v in values if isinstance(v, str)))
        columns.append(Column(col_letter(c), header[c].strip(), kind, header_row + 1, last,
                              [v for _, v in values[:SAMPLES]], distinct[:DISTINCT]))
    last_row = max(r for r, _ in cells)
    last_col = max(c for _, c in cells)
    return SheetSchema(sheet, header_row, columns, cells, last_row, last_col, file)


def _second_header_row(cells: dict[tuple[int, int], Any], header_row: int,
                       header: dict[int, Any]) -> dict[int, str] | None:
    """The column names of a two-row header, or None when the header is one row.

    Two rows of text over the data, the upper one grouping columns: a name that repeats
    over neighbouring columns (a merged cell, filled by :func:`_fill_merged_headers`)
    or a gap.  Each column is named by its group and its own name ("Q1 Sales", 一季度销售额);
    a name standing in both rows (merged down) is kept once.
    """
    below = {c: v for (r, c), v in cells.items() if r == header_row + 1}
    data = [v for (r, _), v in cells.items() if r == header_row + 2]
    if len(below) < 2 or not all(isinstance(v, str) and not _looks_numeric(v) for v in below.values()) \
            or not any(not isinstance(v, str) for v in data):
        return None
    if not all(isinstance(v, str) for v in header.values()):
        return None
    cols = sorted(set(header) | set(below))
    grouped = any(header.get(a) is not None and header.get(a) == header.get(b) and below.get(a) != below.get(b)
                  for a, b in zip(cols, cols[1:], strict=False))
    if not grouped:
        return None
    out: dict[int, str] = {}
    for c in cols:
        top, low = str(header.get(c, "")).strip(), str(below.get(c, "")).strip()
        if not low or low == top:
            out[c] = top
        elif not top:
            out[c] = low
        else:
            out[c] = f"{top} {low}" if top.isascii() and low.isascii() else f"{top}{low}"
    return out


#: what the first text cell of a sheet's bottom row says when the row adds up the rows above
TOTAL_LABELS = frozenset({"total", "totals", "grand total", "sum", "合计", "总计", "总和", "合 计",
                          "总 计", "小计", "共计"})


def _header_row(cells: dict[tuple[int, int], Any]) -> int:
    """The header row: the first row, unless it is a title over the table.

    A title ("2025年销售明细", "Q3 report" and a date) fills at most half the cells
    of the row under it; the header under a title is a row of names (text).
    """
    rows = sorted({r for r, _ in cells})
    width = {r: [v for (rr, _), v in cells.items() if rr == r] for r in rows[:7]}
    for i, r in enumerate(rows[:6]):
        nxt = rows[i + 1] if i + 1 < len(rows) else None
        if nxt is None:
            return r
        below = width[nxt]
        if len(below) >= 2 and 2 * len(width[r]) <= len(below) and all(
                isinstance(v, str) or _year(v) is not None for v in below):
            continue  # a title row: the header is further down
        if _one_text(width[r]) and any(_named_row(width[x]) for x in rows[i + 1:7]):
            # a title and a note under it ("Amounts in USD", 水价3.5元/吨): one text each,
            # merged across the table or not, over a row of names further down
            continue
        return r
    return rows[min(6, len(rows) - 1)]


def _one_text(row: list[Any]) -> bool:
    """A row holding one text (a title, or a title merged across the columns)."""
    return bool(row) and all(isinstance(v, str) for v in row) and len({str(v).strip() for v in row}) == 1


def _named_row(row: list[Any]) -> bool:
    """A row of two or more different names (or years): a header."""
    return len({str(v) for v in row}) >= 2 and all(isinstance(v, str) or _year(v) is not None for v in row)


def _table_end(cells: dict[tuple[int, int], Any], header_row: int) -> int:
    """The last row of the table under ``header_row``: a blank row followed by another
    header (a second table below, "Summary" / 汇总 blocks) ends it."""
    rows = sorted({r for r, _ in cells if r > header_row})
    for prev, nxt in zip(rows, rows[1:], strict=False):
        if nxt - prev < 2:
            continue
        below = [v for (r, _), v in cells.items() if r == nxt]
        after = [v for (r, _), v in cells.items() if r == nxt + 1]
        if len(below) >= 2 and all(isinstance(v, str) for v in below) and after and any(
                not isinstance(v, str) for v in after):
            return prev
    return rows[-1] if rows else header_row


def _total_row(cells: dict[tuple[int, int], Any], header_row: int) -> int | None:
    """The bottom row when it is a total row ("Total", 合计 in its first text cell), else None.

    Its numbers add up the rows above, so a range that includes it counts them twice.
    """
    last = max(r for r, _ in cells)
    if last <= header_row + 1:
        return None
    row = sorted((c, v) for (r, c), v in cells.items() if r == last)
    first_text = next((v for _, v in row if isinstance(v, str) and v.strip()), None)
    if first_text is None or first_text.strip().lower().rstrip(":：") not in TOTAL_LABELS:
        return None
    if len(row) > 1 and not any(isinstance(v, (int, float)) and not isinstance(v, bool) for _, v in row):
        return None  # the row's sums may be formulas never calculated: a label alone still ends the data
    return last


def _year(value: Any) -> int | None:
    """A header cell holding a calendar year (1900-2100), as number or text."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and re.fullmatch(r"\s*(19|20)\d\d\s*", value):
        value = int(value)
    if isinstance(value, (int, float)) and float(value).is_integer() and 1900 <= value <= 2100:
        return int(value)
    return None


def _looks_numeric(text: str) -> bool:
    try:
        float(text.replace(",", ""))
    except ValueError:
        return False
    return True


def schema_from_rows(
    rows: Sequence[Sequence[Any]], sheet: str = "Sheet1", origin: tuple[int, int] = (1, 1),
    extra: Iterable[tuple[tuple[int, int], Sequence[Sequence[Any]]]] = (),
) -> SheetSchema:
    """A schema from in-memory rows (the first row is the header).

    Data rows may come from CSV, where everything is text: numbers and ISO dates
    written as text become numbers and dates, as a spreadsheet would read them.
    """
    cells: dict[tuple[int, int], Any] = {}
    for (r0, c0), block in [(origin, rows), *extra]:
        for i, row in enumerate(block):
            for j, v in enumerate(row):
                if v is not None and v != "":
                    cells[(r0 + i, c0 + j)] = _typed(v) if i > 0 else v
    return build_schema(cells, sheet)


def _typed(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    text = value.strip()
    try:
        return dt.date.fromisoformat(text) if len(text) == 10 and text[4] == "-" else _number(text)
    except ValueError:
        return value


def _number(text: str) -> Any:
    num = float(text.replace(",", "")) if text and text[0] in "+-.0123456789" else float("x")
    return int(num) if num.is_integer() and "." not in text else num


def read_sheet(path: str | os.PathLike[str], sheet: str | None = None) -> SheetSchema:
    """Read an .xlsx worksheet (the active one unless ``sheet`` is named)."""
    import openpyxl

    from ...bind.table import TableBudget
    from ...safeio import check_zip, read_user_file

    p = Path(path)
    where = Location(file=str(p))
    # a regular file under MAX_DATA_FILE_BYTES (a FIFO never blocks), a zip within OFFICE_ZIP_LIMITS
    raw = read_user_file(p, what="workbook")
    if not zipfile.is_zipfile(io.BytesIO(raw)):
        raise DataError("not an .xlsx workbook (not a zip package)", where=where,
                        code="data.format")
    check_zip(raw, file=str(p), what=".xlsx workbook").close()
    try:
        wb = openpyxl.load_workbook(io.BytesIO(raw), data_only=True, read_only=True)
    except Exception as err:
        raise DataError(f"cannot read the workbook: {err}", where=where, code="data.read") from None
    # every cell streamed counts (blank ones too), so padded rows cannot run for hours
    scanned = TableBudget(str(p), max_rows=1_048_576, max_cells=4 * MAX_CELLS)
    try:
        if sheet is not None and sheet not in wb.sheetnames:
            raise DataError(f"no sheet named {sheet!r} (sheets: {', '.join(wb.sheetnames)})",
                            where=where, code="data.sheet")
        ws = wb[sheet] if sheet is not None else wb.active
        ws.reset_dimensions()  # a forged <dimension> would pad every row to 16,384 cells
        cells: dict[tuple[int, int], Any] = {}
        for r, row in enumerate(ws.iter_rows(min_row=1, min_col=1, values_only=True), start=1):
            scanned.take(len(row), r)
            for c, value in enumerate(row, start=1):
                if value is not None and value != "":
                    cells[(r, c)] = value
                    if len(cells) > MAX_CELLS:
                        raise DataError(f"the sheet has more than {MAX_CELLS:,} cells",
                                        where=where, code="data.too_big")
        _fill_merged_headers(cells, _merged_ranges(raw, getattr(ws, "_worksheet_path", None)))
        return build_schema(cells, ws.title, str(p))
    finally:
        wb.close()


def _merged_ranges(raw: bytes, part: str | None) -> list[tuple[int, int, int, int]]:
    """(first row, first column, last row, last column) of each merged range of one sheet.

    Read from the sheet's XML (``<mergeCell ref="B1:C1"/>``): the streaming reader that
    keeps big sheets cheap does not report merges.
    """
    if not part:
        return []
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as z:
            xml = z.read(part.lstrip("/")).decode("utf-8", "replace")
    except (KeyError, zipfile.BadZipFile):
        return []
    out = []
    for a, r1, b, r2 in re.findall(r'<(?:\w+:)?mergeCell\b[^>]*\bref="\$?([A-Z]{1,3})\$?(\d+):\$?([A-Z]{1,3})\$?(\d+)"',
                                   xml)[:10_000]:
        out.append((int(r1), col_index(a), int(r2), col_index(b)))
    return out


def _fill_merged_headers(cells: dict[tuple[int, int], Any],
                         merged: list[tuple[int, int, int, int]], rows: int = 6) -> None:
    """Give every cell of a merged range near the top the value of its first cell.

    A merged group header ("一季度" over B1:C1) then heads each of its columns, and a
    name merged down two rows ("地区" over A1:A2) names its column in both header rows.
    """
    top = min((r for r, _ in cells), default=1)
    for r1, c1, r2, c2 in merged:
        if r1 > top + rows or (r1, c1) not in cells or (r2 - r1 + 1) * (c2 - c1 + 1) > 512:
            continue
        if r1 == r2 and c2 - c1 >= 2 and not any(r == r1 and not c1 <= c <= c2 for r, c in cells):
            continue  # a title merged across the table ("星河湾二期工地 材料进场登记表"), alone on its row
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                cells.setdefault((r, c), cells[(r1, c1)])
