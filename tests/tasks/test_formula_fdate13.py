"""Dates and periods in general language, round 13: which date column a month or a span of days
is of, said by the event the column records ("jobs that came in" beside Date In and Due Date,
"check-ins" beside Check-in, "接了多少单" beside 下单日期 and 交货日期), and a half year over month
columns ("the first half of the year", "first six months", 半年 beside exactly 1月-6月).  Sheets of
our own; the refusal where the reading must not fire."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import O3Error
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _ask(request: str, schema, target: str | None = None):
    return formula(request, schema, target, method="rules")


def _repairs():
    """A repair shop's jobs: the day each came in and the day each is due, in different months."""
    rows = [["Job No", "Customer", "Date In", "Due Date", "Price"]]
    ins = [dt.datetime(2026, 10, 28), dt.datetime(2026, 11, 2), dt.datetime(2026, 11, 9), dt.datetime(2026, 11, 20),
           dt.datetime(2026, 11, 27), dt.datetime(2026, 12, 1)]
    for i, d in enumerate(ins):
        rows.append([f"J{i}", f"Cust {i}", d, d + dt.timedelta(days=10), 40 + 10 * i])
    return schema_from_rows(rows)


def test_a_month_of_the_date_a_job_came_in():
    s = _repairs()
    # in Nov by Date In: 4 jobs; by Due Date (12 Nov, 19 Nov, 30 Nov): 3
    assert _ask("how many jobs came in during november 2026", s).value == 4
    assert _ask("how many jobs came in between 2 and 20 nov 2026 (inclusive)", s).value == 3


def test_a_month_with_no_event_said_stays_refused_beside_two_dates():
    with pytest.raises(O3Error):
        _ask("how many jobs in november 2026", _repairs())


def test_a_hyphenated_header_said_as_the_event():
    rows = [["Booking", "Dog", "Check-in", "Check-out"]]
    days = [(dt.datetime(2026, 12, 20), dt.datetime(2026, 12, 22)), (dt.datetime(2026, 12, 21), dt.datetime(2026, 12, 29)),
            (dt.datetime(2026, 12, 24), dt.datetime(2026, 12, 26)), (dt.datetime(2026, 12, 28), dt.datetime(2027, 1, 2))]
    s = schema_from_rows(rows + [[f"B{i}", f"Dog {i}", a, b] for i, (a, b) in enumerate(days)])
    assert _ask("how many check-ins from 21st to 27th December 2026", s).value == 2


def _orders_zh():
    rows = [["订单号", "客户", "下单日期", "交货日期", "总价"]]
    days = [dt.datetime(2026, 9, 25), dt.datetime(2026, 10, 3), dt.datetime(2026, 10, 12), dt.datetime(2026, 10, 28)]
    for i, d in enumerate(days):
        rows.append([f"D{i}", f"客户{i}", d, d + dt.timedelta(days=14), 1000 + 100 * i])
    return schema_from_rows(rows)


def test_a_chinese_month_of_the_order_date_said_by_its_event():
    s = _orders_zh()
    # 10月 by 下单日期: 3 orders; by 交货日期 (10-09, 10-17, 10-26; 11-11): 3 as well, the sums differ
    assert _ask("2026年10月接了多少单", s).value == 3
    assert _ask("10月接的单总价一共多少", s).value == 1100 + 1200 + 1300


def test_a_chinese_month_beside_two_dates_with_no_event_stays_refused():
    with pytest.raises(O3Error):
        _ask("10月总价一共多少", _orders_zh())


def test_a_half_year_beside_the_first_six_month_columns():
    rows = [["姓名", "1月", "2月", "3月", "4月", "5月", "6月"], ["张三", 1, 2, 3, 4, 5, 6], ["李四", 10, 20, 30, 40, 50, 60]]
    s = schema_from_rows(rows)
    assert _ask("半年累计", s, "H2").value == 21
    assert _ask("前六个月合计", s, "H3").value == 210
    en = schema_from_rows([["Rep", "Jan", "Feb", "Mar", "Apr", "May", "Jun"], ["Ann", 1, 2, 3, 4, 5, 6],
                           ["Bo", 10, 20, 30, 40, 50, 60]])
    assert _ask("total for the half year", en, "H2").value == 21
    assert _ask("total for the first six months", en, "H3").value == 210


def test_a_half_year_beside_twelve_months_is_the_first_only_when_said():
    rows = [["Rep", *"Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()], ["Ann", *range(1, 13)]]
    s = schema_from_rows(rows)
    assert _ask("total for the first half of the year", s, "N2").value == 21
    with pytest.raises(O3Error):  # which half
        _ask("total for the half year", s, "N2")


def test_a_sheet_that_says_a_half_itself_is_not_rewritten():
    rows = [["Line", "Budget H1", "Jan", "Feb", "Mar", "Apr", "May", "Jun"], ["Rent", 100, 10, 10, 10, 10, 10, 10]]
    from o3local.tasks.formula.periods import said_periods

    assert said_periods("the half-year actual", schema_from_rows(rows)) == "the half-year actual"
