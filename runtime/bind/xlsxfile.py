"""Excel workbooks (.xlsx): every sheet becomes a canonical table.

Read-only and ``data_only`` so formulas contribute the values Excel cached
when it last saved the file (a template must never evaluate formulas), and
big workbooks stream instead of loading fully.  The zip is checked against
:data:`~o3local.safeio.OFFICE_ZIP_LIMITS` before openpyxl sees it, the
sheet's own (forgeable) dimension is ignored so a row cannot be padded to
16,384 empty cells, and rows and cells are counted against the caps of
:class:`~o3local.bind.table.TableBudget` as they stream in.
"""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

from ..errors import DataError, Location
from ..safeio import check_zip
from .table import Table, TableBudget, TableData, TableOrigin, header, make_table


def _cell_value(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0, 0) and value.tzinfo is None:
            return value.date().isoformat()
        return value.isoformat(timespec="seconds")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, str):
        return value if value.strip() else None
    return value


def _sheet_table(sheet: Any, file: str, budget: TableBudget) -> tuple[Table, TableOrigin]:
    sheet.reset_dimensions()  # the <dimension> element is the file's claim, not its content
    rows_iter = sheet.iter_rows(values_only=True)
    top: list[Any] | None = None
    top_row = 0
    for number, cells in enumerate(rows_iter, start=1):
        budget.take(len(cells), number)
        if any(c is not None and str(c).strip() for c in cells):
            top, top_row = list(cells), number
            break
    if top is None:
        return make_table([], []), TableOrigin("xlsx", (), {}, sheet.title)
    while top and (top[-1] is None or not str(top[-1]).strip()):
        top.pop()
    columns = header(top, Location(file=file, pointer=f"/sheets/{sheet.title}", line=top_row))
    from openpyxl.utils import get_column_letter

    rows: list[dict[str, Any]] = []
    numbers: list[int] = []
    for number, cells in enumerate(rows_iter, start=top_row + 1):
        budget.take(len(cells), number)
        values = [_cell_value(c) for c in cells]
        if all(v is None for v in values):
            continue
        extra = [i for i, v in enumerate(values) if i >= len(columns) and v is not None]
        if extra:
            cell = f"{get_column_letter(extra[0] + 1)}{number}"
            raise DataError(f"sheet {sheet.title!r} cell {cell} has a value but no column header",
                            where=Location(file=file, line=number), code="data.xlsx")
        values = (values + [None] * len(columns))[: len(columns)]
        rows.append(dict(zip(columns, values, strict=True)))
        numbers.append(number)
    letters = {name: get_column_letter(i + 1) for i, name in enumerate(columns)}
    return make_table(columns, rows), TableOrigin("xlsx", tuple(numbers), letters, sheet.title, top_row)


def load_xlsx_bytes(raw: bytes, file: str) -> Table:
    """Parse a workbook: the first sheet's table at top level, all under ``sheets``."""
    check_zip(raw, file=file, what=".xlsx workbook").close()
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as err:  # openpyxl raises many kinds for broken workbooks
        raise DataError(f"cannot read the workbook: {err}", where=Location(file=file),
                        code="data.xlsx") from None
    budget = TableBudget(file)
    try:
        read = {sheet.title: _sheet_table(sheet, file, budget) for sheet in book.worksheets}
    except DataError:
        raise
    except Exception as err:  # a damaged sheet part fails while it streams
        raise DataError(f"cannot read the workbook: {err}", where=Location(file=file),
                        code="data.xlsx") from None
    finally:
        book.close()
    if not read:
        raise DataError("the workbook has no worksheets", where=Location(file=file),
                        code="data.xlsx")
    sheets = {title: table for title, (table, _) in read.items()}
    origins = {("sheets", title, "rows"): origin for title, (_, origin) in read.items()}
    first, first_origin = next(iter(read.values()))
    origins[("rows",)] = first_origin
    return TableData({"columns": first["columns"], "rows": first["rows"], "sheets": sheets}, origins)
