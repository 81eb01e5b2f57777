"""Ages against a pinned day, read as the day rows are dated before (issue 16, round 16, agedays.py).

"as of 1 Dec 2026, how many claims lodged more than 10 days ago are unsettled?", "截至2026年12月1日，
报修超过两周还没完工的有几单": the age is a condition on a date column, written with the day the
request pins; an age with no pinned day, or a bracket naming another day, is refused.  Sheets
written here.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.agedays import said_ages
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def claims():
    return schema_from_rows([
        ["Claim", "Lodged", "Insurer", "Settled", "Payout"],
        ["K1", dt.date(2026, 11, 2), "Aviva", dt.date(2026, 11, 20), 300],
        ["K2", dt.date(2026, 11, 15), "Zurich", None, 120],
        ["K3", dt.date(2026, 11, 25), "Aviva", None, 80],
        ["K4", dt.date(2026, 11, 10), "Zurich", dt.date(2026, 11, 30), 60],
        ["K5", dt.date(2026, 11, 28), "Aviva", None, 40],
    ])


@pytest.fixture
def repairs():
    return schema_from_rows([
        ["单号", "报修日期", "小区", "完工日期", "费用"],
        ["R1", dt.date(2026, 11, 1), "东苑", dt.date(2026, 11, 5), 200],
        ["R2", dt.date(2026, 11, 12), "西苑", None, 150],
        ["R3", dt.date(2026, 11, 26), "东苑", None, 90],
        ["R4", dt.date(2026, 11, 20), "西苑", None, 60],
    ])


@pytest.mark.parametrize("request_", [
    "as of 1 Dec 2026, how many claims lodged more than 10 days ago are unsettled?",
    "Today is 1 Dec 2026. How many claims are still open and were lodged over 10 days ago?",
    "today's 1 Dec 2026 - count of open claims lodged more than ten days ago (before 21 Nov)",
])
def test_an_open_count_older_than_days(claims, request_):
    r = formula(request_, sheet=claims, method="rules")
    assert "DATE(2026,11,21)" in r.formula and '"<"' in r.formula and 'D2:D6,""' in r.formula


def test_weeks_count_seven_days(claims):
    r = formula("as at 1 Dec 2026 how many open claims were lodged more than 2 weeks ago",
                sheet=claims, method="rules")
    assert "DATE(2026,11,17)" in r.formula


@pytest.mark.parametrize("request_", [
    "截至2026年12月1日，报修超过两周还没完工的有几单",
    "今天是2026-12-01，报修满14天未完工的单数",
])
def test_zh_ages(repairs, request_):
    r = formula(request_, sheet=repairs, method="rules")
    assert "DATE(2026,11,17)" in r.formula and 'D2:D5,""' in r.formula


def test_a_bracket_naming_another_day_is_refused(claims):
    with pytest.raises(TaskError):
        formula("as of 1 Dec 2026, how many open claims were lodged more than 10 days ago (before 5 Nov)?",
                sheet=claims, method="rules")


def test_no_pinned_day_is_left_as_said(claims):
    text = "how many open claims were lodged more than 10 days ago?"
    assert said_ages(text, claims) == text


def test_a_date_in_a_bracket_is_no_age(repairs):
    text = "截至2026年12月1日，11月24日以前报修的有几单"
    assert said_ages(text, repairs) == text


def test_the_pin_stays_when_today_is_still_needed(claims):
    got = said_ages("as of 1 Dec 2026, days overdue for claims lodged more than 10 days ago", claims)
    assert "1 Dec 2026" in got and "before 21 Nov 2026" in got


@pytest.fixture
def leave():
    return schema_from_rows([
        ["工号", "姓名", "开始日期", "结束日期", "审批日期"],
        ["E1", "王芳", dt.date(2026, 11, 3), dt.date(2026, 11, 5), dt.date(2026, 11, 1)],
        ["E2", "李强", dt.date(2026, 11, 10), dt.date(2026, 11, 10), dt.date(2026, 11, 8)],
        ["E3", "赵敏", dt.date(2026, 11, 20), dt.date(2026, 11, 24), dt.date(2026, 11, 18)],
    ])


@pytest.mark.parametrize("request_", [
    "开始日期到结束日期一共几天，含首尾",
    "结束日期减开始日期，两头都算",
    "从开始到结束几天（首尾都算）",
    "days from 开始日期 to 结束日期, inclusive",
])
def test_both_end_days_add_one(leave, request_):
    r = formula(request_, sheet=leave, target_cell="F2", method="rules")
    assert r.formula == "=D2-C2+1"


def test_without_the_clause_no_one_is_added(leave):
    assert formula("结束日期减开始日期", sheet=leave, target_cell="F2", method="rules").formula == "=D2-C2"


def test_both_ends_on_no_span_of_dates_is_refused(leave):
    with pytest.raises(TaskError):
        formula("工号加姓名，首尾都算", sheet=leave, target_cell="F2", method="rules")
