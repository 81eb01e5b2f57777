"""Periods said in everyday words (periods.said_periods), read the same by every family: spans of
days ("between 3 and 9 Jan (inclusive)", "the week 3rd-9th", across months and a year end), open
ends ("from 10 Jan onwards", "or earlier"), pinned relative periods ("this month (Jan 2027)",
"march next year (2027)"), halves and parts of a month, quarters (a date column or month columns),
and the Chinese forms ("今年1月（2027年1月）", "1.10起", "下旬").  Sheets of our own."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import O3Error
from o3local.tasks.formula import formula
from o3local.tasks.formula.periods import said_periods
from o3local.tasks.formula.schema import schema_from_rows

_DAYS = [dt.datetime(2026, 12, 28), dt.datetime(2027, 1, 3), dt.datetime(2027, 1, 9), dt.datetime(2027, 1, 10),
         dt.datetime(2027, 1, 16), dt.datetime(2027, 1, 24), dt.datetime(2027, 2, 2), dt.datetime(2027, 3, 15)]


_MINUTES = [45, 30, 60, 45, 90, 30, 60, 75]
_FEES = [12, 9, 15, 9, 20, 14, 11, 18]


def _classes():
    """A climbing wall's sessions: one date column, dates across a year end."""
    rows = [["Session date", "Climber", "Wall", "Minutes", "Fee"]]
    for i, d in enumerate(_DAYS):
        rows.append([d, f"C{i}", "Boulder" if i % 2 else "Lead", _MINUTES[i], _FEES[i]])
    return schema_from_rows(rows)


def _ask(request: str, schema, target: str | None = None):
    return formula(request, schema, target, method="rules")


@pytest.mark.parametrize("request_", [
    "how many sessions between 3 and 10 Jan 2027 (inclusive)",
    "number of sessions for the week 3rd-10th January 2027",
    "how many sessions from Jan 3, 2027 to Jan 10, 2027, both inclusive",
])
def test_a_span_of_days_however_said(request_):
    assert _ask(request_, _classes()).value == 3


def test_a_span_across_months_and_across_a_year_end():
    assert _ask("how many sessions from 10 Jan 2027 to 2 Feb 2027", _classes()).value == 4
    assert _ask("how many sessions between 28 Dec 2026 and 3 Jan 2027 inclusive", _classes()).value == 2


def test_an_open_end_in_every_aggregate():
    s = _classes()
    assert _ask("how many sessions from 16 Jan 2027 onwards", s).value == 4
    assert _ask("total fee from 16 Jan 2027 onwards", s).value == 20 + 14 + 11 + 18
    assert _ask("average minutes for sessions 9 Jan 2027 or earlier", s).value == (45 + 30 + 60) / 3
    assert _ask("how many sessions before 9 Jan 2027 (inclusive)", s).value == 3


def test_a_relative_period_pinned_in_brackets():
    s = _classes()
    assert _ask("how many sessions this month (Jan 2027)", s).value == 5
    assert _ask("total fee for march next year (2027)", s).value == 18


def test_a_half_of_a_month_and_its_restating_bracket():
    s = _classes()
    assert _ask("how many sessions in the first half of January 2027", s).value == 3
    assert _ask("how many sessions in the 2nd half of Jan 2027 (16th on)", s).value == 2


def test_a_quarter_of_a_date_column():
    one_year = schema_from_rows([["Date", "Fee"], [dt.datetime(2026, 2, 1), 5], [dt.datetime(2026, 3, 31), 7],
                                 [dt.datetime(2026, 4, 1), 11]])
    assert _ask("total fee in Q1", one_year).value == 12
    assert _ask("total fee in the second quarter", one_year).value == 11


def test_a_quarter_and_a_span_of_month_columns():
    s = schema_from_rows([["Branch", "Jan", "Feb", "Mar", "Apr"], ["North", 1, 2, 3, 4], ["South", 10, 20, 30, 40]])
    assert _ask("South total in Q1", s).value == 60
    assert _ask("how many did south do jan to march", s).value == 60


def test_a_sheet_naming_its_quarters_keeps_them():
    s = schema_from_rows([["Quarter", "Sales"], ["Q1", 5], ["Q2", 7]])
    assert "q1" in said_periods("sales in Q1", s).lower()


def test_numbers_between_are_not_days():
    s = _classes()
    assert said_periods("sessions with minutes between 40 and 60", s) == "sessions with minutes between 40 and 60"


def _zh():
    rows = [["日期", "门店", "金额"]]
    for i, d in enumerate([dt.datetime(2026, 10, 5), dt.datetime(2026, 10, 25), dt.datetime(2026, 11, 12),
                           dt.datetime(2026, 11, 25), dt.datetime(2026, 11, 28)]):
        rows.append([d, "东店" if i % 2 else "西店", 100 * (i + 1)])
    return schema_from_rows(rows)


def test_chinese_relative_month_pinned_in_brackets():
    assert _ask("今年10月（2026年10月）一共收了多少钱", _zh()).value == 300


def test_chinese_dotted_day_with_an_open_end():
    assert _ask("11.25起有几条记录", _zh()).value == 2
    assert _ask("2026年11.12及以后的金额合计", _zh()).value == 300 + 400 + 500
    # a bare 以后 / 之前 after a dotted day: whether the day itself is in is not said, so not read
    assert said_periods("11.12以后的金额合计", _zh()) == "11.12以后的金额合计"


def test_two_periods_compared_are_not_rewritten():
    s = schema_from_rows([["Pupil", "Sep", "Oct", "Nov", "Dec"], ["Ann", 3, 5, 4, 8], ["Bo", 6, 2, 7, 9]])
    assert said_periods("change from Sep to Dec for each pupil", s) == "change from Sep to Dec for each pupil"


def test_chinese_part_of_a_month():
    assert _ask("10月下旬的金额合计", _zh()).value == 200
    assert _ask("11月上半月有几条记录", _zh()).value == 1


def test_a_plain_relative_month_only_where_the_sheet_holds_it(monkeypatch):
    monkeypatch.setenv("O3_TODAY", "2026-12-06")
    assert _ask("how many sessions next month", _classes()).value == 5
    monkeypatch.setenv("O3_TODAY", "2025-06-01")  # July 2025: no session then, so not read as one
    with pytest.raises(O3Error):
        _ask("how many sessions next month", _classes())


def test_a_per_row_label_reads_the_same_periods():
    s = _classes()
    r = _ask("Late if on or after 16 Jan 2027, otherwise blank", s, "F2")
    assert r.formula == '=IF(A2>=DATE(2027,1,16),"Late","")'
    r = _ask("write Early if on or before 9 Jan 2027, otherwise blank", s, "F2")
    assert r.formula == '=IF(A2<=DATE(2027,1,9),"Early","")'


def test_a_chinese_per_row_label_after_a_day():
    z = _zh()
    assert _ask("日期在2026年11月25日之后的写晚", z, "D2").formula == '=IF(A2>DATE(2026,11,25),"晚","")'
    assert _ask("11.25起的写晚，其他空着", z, "D2").formula == '=IF(A2>=DATE(2026,11,25),"晚","")'


def _targets():
    """A sales-target sheet of month columns, as people keep them in Chinese."""
    return schema_from_rows([["工号", "区域", "1月", "2月", "3月", "4月"], ["A1", "华东", 12, 30, 18, 7],
                             ["A2", "华南", 25, 9, 41, 16], ["A3", "华南", 8, 14, 22, 35]])


def test_chinese_numeral_months_are_the_sheets_month_columns():
    assert _ask("三月份华南一共做了多少", _targets()).value == 63
    assert _ask("一月超过10的人数", _targets()).value == 2


def test_a_chinese_span_of_month_columns():
    assert _ask("1-3月华南的合计", _targets()).value == 25 + 9 + 41 + 8 + 14 + 22


def test_a_year_against_a_date_header_said_by_its_verb():
    s = schema_from_rows([["合同号", "签订日期", "金额"], ["H1", dt.datetime(2025, 3, 2), 500],
                          ["H2", dt.datetime(2026, 1, 9), 800], ["H3", dt.datetime(2025, 11, 30), 300]])
    assert _ask("2025年签了几份合同", s).value == 2
