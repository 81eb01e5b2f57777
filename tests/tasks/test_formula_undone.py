"""Counts of rows whose work is not done yet: the empty cells of the date column that records it."""

from __future__ import annotations

import datetime as dt

from o3local.tasks.formula import compose
from o3local.tasks.formula.schema import build_schema

D = dt.date(2026, 10, 1)


def _sheet(headers, rows):
    cells = {(1, c): h for c, h in enumerate(headers, start=1)}
    for r, row in enumerate(rows, start=2):
        for c, v in enumerate(row, start=1):
            if v is not None:
                cells[(r, c)] = v
    return build_schema(cells, "Sheet1")


def _formula(schema, request):
    reading = compose.read(request, schema)
    return reading.formula if reading is not None else None


def test_blank_in_last_row_still_counted():
    # the last data row's Returned is empty: the range runs to the table's end, not the column's last value
    s = _sheet(["Title", "Returned", "Pages"], [["A", D, 100], ["B", None, 200], ["C", None, 300]])
    assert _formula(s, "how many books are not returned") == "=COUNTBLANK(B2:B4)"
    assert _formula(s, "number of unreturned books") == "=COUNTBLANK(B2:B4)"


def test_only_a_date_column_is_read_as_undone():
    # "Paid" holds amounts: an empty amount is not "unpaid" for sure, so the request is refused
    s = _sheet(["Invoice", "Paid", "Due"], [["I1", 100, D], ["I2", None, D], ["I3", 50, D]])
    assert _formula(s, "how many invoices are unpaid") is None
    assert _formula(s, "outstanding invoices count") is None


def test_undone_word_needs_its_date_column():
    # "open" names Settled/Closed/Resolved dates; a sheet with only a Filed date has none of them
    s = _sheet(["Claim", "Filed", "Amount"], [["C1", D, 10], ["C2", None, 20]])
    assert _formula(s, "open claims count") is None
    assert _formula(s, "how many claims are still open") is None
