"""CSV data files (UTF-8, comma separated, header row first)."""

from __future__ import annotations

import csv
import io

from ..errors import DataError, Location
from .jsonfile import decode_utf8
from .table import Table, TableBudget, TableData, TableOrigin, header, make_table, text_cell


def load_csv_bytes(raw: bytes, file: str) -> Table:
    """Parse a CSV file into the canonical table; ragged rows name their line."""
    text = decode_utf8(raw, file)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    budget = TableBudget(file)
    try:
        first = next(reader, None)
        while first is not None and first == []:
            budget.take(0, reader.line_num)
            first = next(reader, None)
        if first is None:
            raise DataError("CSV file is empty: a header row is required",
                            where=Location(file=file, line=1), code="data.header")
        header_line = reader.line_num
        columns = header(first, Location(file=file, line=header_line))
        rows = []
        numbers: list[int] = []
        end = reader.line_num
        for cells in reader:
            start, end = end + 1, reader.line_num  # a quoted field may span lines
            budget.take(len(cells), reader.line_num)
            if cells == []:
                continue  # blank line
            if len(cells) != len(columns):
                raise DataError(
                    f"row has {len(cells)} fields but the header has {len(columns)}",
                    where=Location(file=file, line=reader.line_num), code="data.csv")
            rows.append({name: text_cell(cell) for name, cell in zip(columns, cells, strict=True)})
            numbers.append(start)
    except csv.Error as err:
        raise DataError(f"malformed CSV: {err}", where=Location(file=file, line=reader.line_num),
                        code="data.csv") from None
    return TableData(make_table(columns, rows),
                     {("rows",): TableOrigin("csv", tuple(numbers), {}, None, header_line)})
