"""Per-row dates, twentieth round: a span said by its end's event alone ("how long did they take to
decide", "days it took to ship") reads from the sheet's first date to the column the event names;
a range the result falls in ("the month, 1-12") is said of a date part, not a number to use.
These workbooks are our own."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _offers():
    """Offers made on Offered, answered on Accepted on (blank while still open)."""
    rows = [["Offer", "Buyer", "Offered", "Amount", "Accepted on"]]
    for i in range(6):
        made = dt.date(2026, 10, 1 + 3 * i)
        rows.append([f"OF-{i + 1}", f"Buyer {i}", made, 1000 + 50 * i,
                     None if i % 3 == 2 else made + dt.timedelta(days=2 + i)])
    return schema_from_rows(rows, sheet="Offers")


def _parcels():
    """Three dates: Booked before Promised and before Shipped on every row; Shipped blank on some."""
    rows = [["Parcel", "Booked", "Promised", "Shipped", "Weight"]]
    for i in range(6):
        booked = dt.date(2026, 11, 2 + i)
        rows.append([f"P{i}", booked, booked + dt.timedelta(days=5), None if i in (1, 4) else booked + dt.timedelta(days=1 + i),
                     2 + i])
    return schema_from_rows(rows, sheet="Parcels")


def _parties():
    rows = [["Ref", "Host", "Party date", "Guests"]]
    for i in range(5):
        rows.append([f"R{i}", f"Host {i}", dt.date(2026, 2 + 2 * i, 3 + i), 10 + i])
    return schema_from_rows(rows, sheet="Parties")


# the same ask, said by the end's event in other forms: a verb, a participle, a noun, another order
@pytest.mark.parametrize("request_", [
    "how many days did each buyer take to accept?",
    "days it took them to accept each offer",
    "how long until accepted, in days, for every offer",
    "how long to acceptance per offer (days)",
])
def test_a_span_said_by_its_end_event(request_):
    assert _answer(request_, _offers(), "F2") == '=IF(E2="","",E2-C2)'


@pytest.mark.parametrize("request_", [
    "how long did each offer take to accept in days, nothing if unaccepted",
    "days taken to accept - blank if unaccepted",
    "turnaround to accept, in days, blank if unaccepted",
])
def test_the_open_rows_named_by_the_event_negated(request_):
    assert _answer(request_, _offers(), "F2") == '=IF(E2="","",E2-C2)'


def test_of_three_dates_the_span_starts_at_the_one_before_the_others():
    sheet = _parcels()
    assert _answer("how many days did each parcel take to ship", sheet, "F2") == '=IF(D2="","",D2-B2)'
    assert _answer("how long it took to get shipped, in days", sheet, "F2") == '=IF(D2="","",D2-B2)'


def test_a_countdown_or_an_event_every_row_has_is_not_this_reading():
    sheet = _parcels()
    # Promised is filled on every row: "until promised" is no span of an open event
    assert _answer("how long did it take until promised", sheet, "F2") != '=IF(C2="","",C2-B2)'
    # another date said as the start: not from the first date
    assert _answer("how many days did each parcel take from Promised to ship", sheet, "F2") != '=IF(D2="","",D2-B2)'


@pytest.mark.parametrize("request_", [
    "the month of the Party date, 1-12",
    "month number (1 to 12) for each party date",
    "party month as a number 1-12",
])
def test_a_month_with_its_range_said(request_):
    assert _answer(request_, _parties(), "E2") == "=MONTH(C2)"


def test_a_month_with_its_range_said_in_chinese():
    rows = [["编号", "客户", "活动日期", "人数"]]
    rows += [[f"H{i}", f"客户{i}", dt.date(2026, 1 + 2 * i, 5), 20 + i] for i in range(5)]
    sheet = schema_from_rows(rows, sheet="活动")
    assert _answer("活动日期是几月（1到12）", sheet, "E2") == "=MONTH(C2)"
    assert _answer("E列：活动日期的月份，1-12", sheet, "E2") == "=MONTH(C2)"


def test_other_ranges_go_with_their_part_only():
    sheet = _parties()
    assert _answer("day of the month of the party date (1-31)", sheet, "E2") == "=DAY(C2)"
    assert _answer("quarter of each party date, 1-4", sheet, "E2") == "=ROUNDUP(MONTH(C2)/3,0)"
    # a range that is not the part's: no answer rather than a month
    assert _answer("the month of the Party date, 1-31", sheet, "E2") is None
    assert _answer("the day of the Party date, 1-12", sheet, "E2") is None


def _tasks_zh():
    rows = [["编号", "事项", "下达日期", "截止期限", "办完日期"]]
    for i in range(6):
        start = dt.date(2026, 9, 1 + 4 * i)
        rows.append([f"T{i}", f"事项{i}", start, start + dt.timedelta(days=20 + i),
                     None if i % 2 else start + dt.timedelta(days=10 + i)])
    return schema_from_rows(rows, sheet="任务")


@pytest.mark.parametrize("request_", ["下达到期限一共几天", "从下达到截止有几天", "F列：下达至期限的天数"])
def test_chinese_span_ends_said_as_parts_of_the_headers(request_):
    assert _answer(request_, _tasks_zh(), "F2") == "=D2-C2"


def test_chinese_span_end_in_two_headers_is_not_guessed():
    # "日期" is in 下达日期 and 办完日期: not one end
    assert _answer("日期到期限一共几天", _tasks_zh(), "F2") is None
