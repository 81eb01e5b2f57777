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


def _jobs():
    """A window cleaner's log, sheet named for its rows: one date column."""
    rows = [["Job No", "Customer", "Date", "Frames", "Paid"]]
    days = [dt.datetime(2026, 9, 30), dt.datetime(2026, 10, 2), dt.datetime(2026, 10, 15), dt.datetime(2026, 11, 1)]
    for i, d in enumerate(days):
        rows.append([f"W{i}", f"Cust {i}", d, 5 + i, 20 + i])
    return schema_from_rows(rows, sheet="Rounds")


def test_the_rows_of_a_period_counted_with_no_operation_word():
    s = _jobs()
    assert _ask("jobs dated in Oct 2026", s).value == 2
    assert _ask("jobs in oct?", s).value == 2
    assert _ask("sessions in oct 2026", _sessions()).value == 3


def _sessions():
    return schema_from_rows([["Date", "Coach", "Minutes"], [dt.datetime(2026, 10, 1), "Al", 30],
                             [dt.datetime(2026, 10, 9), "Bo", 45], [dt.datetime(2026, 10, 20), "Al", 60],
                             [dt.datetime(2026, 11, 9), "Bo", 30]])


def test_one_row_named_in_the_singular_is_no_count():
    with pytest.raises(O3Error):  # "the job on 2 oct": that row's field, not how many
        _ask("the job on 2 oct 2026", _jobs())


def test_a_period_word_whose_days_the_bracket_writes_out():
    rows = [["日期", "品种", "毛利"]]
    days = [dt.datetime(2026, 10, d) for d in range(1, 31, 3)] + [dt.datetime(2026, 11, d) for d in range(1, 31, 3)]
    for d in days:
        rows.append([d, ["苹果", "香蕉", "橙子"][d.day % 3], d.day])
    s = schema_from_rows(rows)
    nov = [d.day for d in days if d.month == 11]
    assert _ask("下半月（11月16号起）毛利合计", s).value == sum(d for d in nov if d >= 16)
    assert _ask("中旬（2026年11月11-20号）毛利合计", s).value == sum(d for d in nov if 11 <= d <= 20)
    assert _ask("国庆期间（10月1日-7日）毛利合计", s).value == 1 + 4 + 7
    en = schema_from_rows([["Date", "Charge"]] + [[dt.datetime(2026, 11, d), d] for d in range(1, 11)]
                          + [[dt.datetime(2026, 12, 1), 50]])
    assert _ask("total charge this week (2-8 nov 2026)", en).value == sum(range(2, 9))


def test_a_bracket_that_contradicts_the_part_of_the_month_leaves_it_as_said():
    from o3local.tasks.formula.periods import said_periods

    s = schema_from_rows([["日期", "营业额"], [dt.datetime(2026, 11, 3), 5]])
    assert "下旬" in said_periods("下旬（11月1日起）营业额合计", s)


def test_a_chinese_year_of_two_digits():
    rows = [["姓名", "报名日期"], ["甲", dt.datetime(2026, 10, 3)], ["乙", dt.datetime(2026, 10, 20)],
            ["丙", dt.datetime(2025, 10, 9)]]
    s = schema_from_rows(rows)
    assert _ask("报名日期在26年10月的人数", s).value == 2
    assert _ask("今年（26年）报名的人数", s).value == 2
    from o3local.tasks.formula.periods import said_periods

    assert said_periods("工龄（26年）", s) == "工龄（26年）"  # a span of years, not the year 2026


@pytest.mark.parametrize("request_", ["what jobs came in during oct 2026", "list the jobs in oct 2026"])
def test_the_rows_asked_for_themselves_are_no_count(request_):
    with pytest.raises(O3Error):
        _ask(request_, _jobs())


def test_a_log_named_for_money_is_no_count_of_its_rows():
    s = schema_from_rows([["Date", "Item", "Amount"], [dt.datetime(2025, 4, 2), "Taxi", 20],
                          [dt.datetime(2025, 4, 9), "Lunch", 15], [dt.datetime(2025, 5, 1), "Hotel", 90]],
                         sheet="Expenses")
    try:  # "expenses in April" is money spent (35), or refused: never the 2 rows counted
        got = _ask("expenses in April", s)
    except O3Error:
        return
    assert not got.formula.startswith("=COUNT") and got.value == 35
