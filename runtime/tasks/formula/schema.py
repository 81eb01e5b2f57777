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
from functools import cached_property
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
    #: the upper cell of a two-row header over this column ("进场情况" over 进场日期), else ""
    group: str = ""
    #: numbers stored as text ("1.5", "3": an export, a pasted column, Excel's green triangle):
    #: the column reads as numbers, and a formula converts them (:mod:`.textnumbers`)
    text_numbers: bool = False

    @property
    def full_name(self) -> str:
        """The header with its group: "进场情况进场日期", "Contact Phone"; the header alone without one."""
        if not self.group or self.header.startswith(self.group):
            return self.header
        return f"{self.group} {self.header}" if (self.group + self.header).isascii() \
            else f"{self.group}{self.header}"

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
    #: the Excel table (Insert > Table) the schema was read from, by its name; None when the
    #: sheet has none.  Formulas still use A1 references (every application reads them).
    table: str | None = None
    #: the workbook's other (small) worksheets, by name: a price list or a rates tab that a
    #: lookup reads as ``Plans!B2:B5`` (``read_sheet`` fills it; empty for a schema built from rows)
    others: dict[str, SheetSchema] = field(default_factory=dict)

    def column(self, letter_or_header: str) -> Column | None:
        key = letter_or_header.strip().lower()
        for col in self.columns:
            if col.letter.lower() == key or col.header.lower() == key:
                return col
        for col in self.columns:
            if col.group and col.full_name.lower() == key:
                return col
        return None

    @cached_property
    def counts_in_wan(self) -> bool:
        """The sheet's numbers are in 万 (ten thousands): a header says so (预算（万元）), or a
        title or note above the header row does (各分公司营业收入（万元）, 单位：万元), so a
        request's "4000万" is the 4000 written in the cells.  Read once per schema."""
        if any(_WAN.search(c.header) for c in self.columns):
            return True
        return any(isinstance(v, str) and (_WAN.search(v) or _WAN_NOTE.search(v))
                   for (r, _c), v in self.cells.items() if r < self.header_row)

    def shared_part_columns(self, text: str) -> list[Column]:
        """Columns named by a part of their name that several share, under different groups
        of a two-row header: "both finals", "the final score" on Maths and English each over
        Midterm | Final are Maths Final and English Final.  Empty when no such part is named."""
        own: dict[str, list[Column]] = {}
        for c in self.columns:
            if c.group and c.header != c.group and c.header.startswith(c.group):
                own.setdefault(c.header[len(c.group):].strip().lower(), []).append(c)
        low = text.lower()
        out: list[Column] = []
        for part, cols in own.items():
            if len(cols) < 2 or not part:
                continue
            said = re.search(rf"(?<![a-z]){re.escape(part)}(?:s|es)?(?![a-z])", low) if part.isascii() \
                else part in low
            if said:
                out += [c for c in cols if c not in out]
        return out

    def describe(self) -> str:
        """The compact text the model is shown."""
        lines = [f"Sheet {self.sheet!r}, header row {self.header_row}:"]
        for c in self.columns:
            samples = ", ".join(_show(v) for v in c.samples)
            under = f" under {c.group!r}" if c.full_name != c.header else ""
            lines.append(f"{c.letter} {c.header!r}{under} ({c.type}, rows {c.first_row}-{c.last_row}): {samples}")
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


_WAN = re.compile(r"[（(]\s*万")
_WAN_NOTE = re.compile(r"单位\s*[:：]?\s*万")


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
    groups: dict[int, str] = {}
    under = _second_header_row(cells, header_row, header)
    if under is not None:  # 一季度 over 销售额 | 成本: the columns are 一季度销售额, 一季度成本
        header, groups = under
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
        as_text = kind == "text" and _numbers_as_text([v for _, v in values], str(header[c]))
        columns.append(Column(col_letter(c), header[c].strip(), "number" if as_text else kind, header_row + 1,
                              last, [v for _, v in values[:SAMPLES]], [] if as_text else distinct[:DISTINCT],
                              groups.get(c, ""), as_text))
    last_row = max(r for r, _ in cells)
    last_col = max(c for _, c in cells)
    return SheetSchema(sheet, header_row, columns, cells, last_row, last_col, file)


def _second_header_row(cells: dict[tuple[int, int], Any], header_row: int,
                       header: dict[int, Any]) -> tuple[dict[int, str], dict[int, str]] | None:
    """The column names of a two-row header and each column's group, or None when the
    header is one row.

    Two rows of text over the data, the upper one grouping columns: a name that repeats
    over neighbouring columns (a merged cell, filled by :func:`_fill_merged_headers`)
    or a gap.  When the lower names are all different (材料信息 over 名称 | 规格, 进场情况
    over 进场日期 | 数量) each column is named by its own lower cell, the way a user names
    it, and keeps its group (:attr:`Column.group`); when they repeat (Maths and English
    each over Midterm | Final, 一季度 and 二季度 each over 销售额 | 成本) each is named by its
    group and its own name ("Maths Final", 一季度销售额).  A name standing in both rows
    (merged down) is kept once.
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
    lows = [str(below[c]).strip().lower() for c in cols if c in below]
    tops = {str(v).strip().lower() for c, v in header.items() if c not in below}
    own = len(set(lows)) == len(lows) and not set(lows) & tops  # each lower name names one column
    out: dict[int, str] = {}
    groups: dict[int, str] = {}
    for c in cols:
        top, low = str(header.get(c, "")).strip(), str(below.get(c, "")).strip()
        if not low or low == top:
            out[c] = top
        elif not top:
            out[c] = low
        else:
            groups[c] = top
            out[c] = low if own else f"{top} {low}" if top.isascii() and low.isascii() else f"{top}{low}"
    return out, groups


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


_PLAIN_NUMBER = re.compile(r"(?:0|[1-9]\d{0,6})(?:\.\d+)?")


def _numbers_as_text(values: list[Any], header: str = "") -> bool:
    """True for a column of plain non-negative numbers written as text ("1.5", "12", "0.75"), some
    of them not whole or not all of one width.  A leading zero ("0452"), a sign, a separator or
    one fixed width of whole numbers ("1001", "1002": codes) keep it text: an identifier, unless
    the header says it counts something ("Visits per week" holding "1", "2", "3": no code is
    a number per week)."""
    texts = [v.strip() for v in values if isinstance(v, str)]
    if len(texts) < 3 or not all(_PLAIN_NUMBER.fullmatch(t) for t in texts):
        return False
    if (_COUNT_HEADER.search(header) or _MONEY_HEADER.search(header.strip())) \
            and not any(len(t) > 1 and t.startswith("0") for t in texts):
        return True
    return any("." in t for t in texts) or len({len(t) for t in texts}) > 1


#: a header that says its column counts or measures something per something: never a code
_COUNT_HEADER = re.compile(r"(?i)^[a-z ]+\s(?:per|a|each)\s(?:week|day|month|year|visit|hour|night|session|"
                           r"person|head|unit)$|^(?:no\.?|number|count)\s+of\s+[a-z ]+$")


#: a header that names an amount of money ("年费", "代理费", "Fee", "Unit price"): "600", "900" under
#: it are money stored as text, never codes
_MONEY_HEADER = re.compile(r"(?i)^[\u4e00-\u9fff]{0,4}(?:费|金额|价|价格|工资|薪|租金|奖金)(?:[（(][^)）]*[)）])?$"
                           r"|^[a-z ]*\b(?:fee|fees|price|cost|amount|salary|rent|wage)(?:\s*\([^)]*\))?$")


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
        schema = _read_ws(ws, raw, p, scanned, MAX_CELLS)
        for name in wb.sheetnames[:1 + MAX_OTHER_SHEETS]:
            other = wb[name]
            if name == ws.title or getattr(other, "sheet_state", "visible") != "visible" \
                    or not hasattr(other, "iter_rows"):
                continue
            try:  # a lookup table beside the data: read when small, passed over when not a table
                schema.others[name] = _read_ws(other, raw, p, scanned, OTHER_SHEET_CELLS)
            except DataError:
                continue
        return schema
    finally:
        wb.close()


#: the other worksheets of a workbook read for lookups: how many, and how many cells each at most
MAX_OTHER_SHEETS = 8
OTHER_SHEET_CELLS = 20_000


def _read_ws(ws: Any, raw: bytes, p: Path, scanned: Any, limit: int) -> SheetSchema:
    """One worksheet's schema (``read_sheet``); more than ``limit`` cells is a DataError."""
    where = Location(file=str(p))
    ws.reset_dimensions()  # a forged <dimension> would pad every row to 16,384 cells
    cells: dict[tuple[int, int], Any] = {}
    for r, row in enumerate(ws.iter_rows(min_row=1, min_col=1, values_only=True), start=1):
        scanned.take(len(row), r)
        for c, value in enumerate(row, start=1):
            if value is not None and value != "":
                cells[(r, c)] = value
                if len(cells) > limit:
                    raise DataError(f"the sheet has more than {limit:,} cells",
                                    where=where, code="data.too_big")
    part = getattr(ws, "_worksheet_path", None)
    table = _table(raw, part)
    if table is not None:  # the sheet's Excel table is the data: notes and blocks around it are not
        name, (r1, c1, r2, c2) = table
        cells = {k: v for k, v in cells.items() if r1 <= k[0] <= r2 and c1 <= k[1] <= c2}
    _fill_merged_headers(cells, _merged_ranges(raw, part))
    schema = build_schema(cells, ws.title, str(p))
    schema.table = table[0] if table is not None else None
    return schema


_TABLE_BYTES = 1 << 20  # a table part holds its range and column names: small


def _table(raw: bytes, part: str | None) -> tuple[str, tuple[int, int, int, int]] | None:
    """The name and the (first row, first column, last row, last column) of the sheet's Excel
    table, its header row included and its totals row left out; the largest when the sheet has
    several; None when it has none (or the table has no header row).

    openpyxl's streaming reader does not report tables, so the sheet's relationships are read:
    ``xl/worksheets/_rels/sheet1.xml.rels`` names ``../tables/table1.xml``, which holds
    ``<table name=".." ref="A3:F20" totalsRowCount="1">``.
    """
    if not part:
        return None
    folder, _, leaf = part.lstrip("/").rpartition("/")
    found = []
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as z:
            try:
                with z.open(f"{folder}/_rels/{leaf}.rels") as fh:
                    rels = fh.read(_TABLE_BYTES).decode("utf-8", "replace")
            except KeyError:
                return None
            for tag in re.findall(r"<(?:\w+:)?Relationship\b[^>]*>", rels)[:64]:
                kind = re.search(r'\bType="[^"]*/table"', tag)
                target = re.search(r'\bTarget="([^"]+)"', tag)
                if not kind or not target or re.search(r'\bTargetMode="External"', tag):
                    continue
                path = target.group(1)
                path = path.lstrip("/") if path.startswith("/") else "/".join(_resolve(folder, path))
                try:
                    with z.open(path) as fh:
                        xml = fh.read(_TABLE_BYTES).decode("utf-8", "replace")
                except KeyError:
                    continue
                head = re.search(r"<(?:\w+:)?table\b[^>]*>", xml)
                ref = head and re.search(r'\bref="\$?([A-Z]{1,3})\$?(\d{1,7}):\$?([A-Z]{1,3})\$?(\d{1,7})"',
                                         head.group(0))
                if not ref or re.search(r'\bheaderRowCount="0"', head.group(0)):
                    continue
                name = re.search(r'\b(?:displayName|name)="([^"]*)"', head.group(0))
                totals = re.search(r'\btotalsRowCount="(\d+)"', head.group(0))
                r1, r2 = int(ref.group(2)), int(ref.group(4)) - (int(totals.group(1)) if totals else 0)
                c1, c2 = col_index(ref.group(1)), col_index(ref.group(3))
                if r2 > r1 and c2 >= c1:
                    found.append((name.group(1) if name else "Table", (r1, c1, r2, c2)))
    except (zipfile.BadZipFile, OSError, EOFError, ValueError):
        return None
    if not found:
        return None
    return max(found, key=lambda t: (t[1][2] - t[1][0] + 1) * (t[1][3] - t[1][1] + 1))


def _resolve(folder: str, target: str) -> list[str]:
    """``../tables/table1.xml`` from ``xl/worksheets``: ``xl/tables/table1.xml``, as parts."""
    parts = [p for p in folder.split("/") if p]
    for piece in target.split("/"):
        if piece == "..":
            if parts:
                parts.pop()
        elif piece and piece != ".":
            parts.append(piece)
    return parts


#: most bytes of one sheet's XML inflated to find its merged ranges, and most ranges kept
MERGE_SCAN_BYTES = 64 * 1024 * 1024
MAX_MERGES = 10_000
_MERGE = re.compile(rb'<(?:\w+:)?mergeCell\b[^>]*?\bref="\$?([A-Z]{1,3})\$?(\d{1,7}):\$?([A-Z]{1,3})\$?(\d{1,7})"')


def _merged_ranges(raw: bytes, part: str | None, limit: int = MERGE_SCAN_BYTES,
                   chunk: int = 1 << 20) -> list[tuple[int, int, int, int]]:
    """(first row, first column, last row, last column) of each merged range of one sheet.

    Read from the sheet's XML (``<mergeCell ref="B1:C1"/>``): the streaming reader that
    keeps big sheets cheap does not report merges.  The part is streamed in ``chunk``-sized
    pieces, never held whole, and at most ``limit`` bytes of it are inflated (a hostile
    sheet stops there; its merges after that point are not read); at most
    :data:`MAX_MERGES` ranges are kept.
    """
    if not part:
        return []
    out: list[tuple[int, int, int, int]] = []
    tail = b""  # the end of the previous piece: a tag cut in two is read whole
    read = 0
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as z, z.open(part.lstrip("/")) as fh:
            while read < limit and len(out) < MAX_MERGES:
                piece = fh.read(min(chunk, limit - read))
                if not piece:
                    break
                read += len(piece)
                text = tail + piece
                if b"mergeCell" in text:
                    last = 0
                    for m in _MERGE.finditer(text):
                        a, r1, b, r2 = m.groups()
                        out.append((int(r1), col_index(a.decode()), int(r2), col_index(b.decode())))
                        last = m.end()
                    text = text[last:]
                tail = text[-512:]
    except (KeyError, zipfile.BadZipFile, OSError, EOFError):
        return out
    return out[:MAX_MERGES]


def _fill_merged_headers(cells: dict[tuple[int, int], Any],
                         merged: list[tuple[int, int, int, int]], rows: int = 6) -> None:
    """Give every cell of a merged range near the top the value of its first cell.

    A merged group header ("一季度" over B1:C1) then heads each of its columns, and a
    name merged down two rows ("地区" over A1:A2) names its column in both header rows.
    A title merged across the table is filled too: a row holding one text is a title
    to :func:`_header_row` (``_one_text``), merged or not.
    """
    top = min((r for r, _ in cells), default=1)
    for r1, c1, r2, c2 in merged:
        if r1 > top + rows or (r1, c1) not in cells or (r2 - r1 + 1) * (c2 - c1 + 1) > 512:
            continue
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                cells.setdefault((r, c), cells[(r1, c1)])
