"""Date asks, second pass of round 17 (agedays.py, aggregates._verb_of): a deadline said passed
against the pinned day ("超过整改期限", "past the due date", 逾期 alone where the sheet has one
deadline column and rows are counted), ages in years ("申请超过两年"), a pin written with a
two-digit year or in brackets after the age, and a Chinese two-character verb after 没 / 未 naming
a date column whose first characters another header shares (没整改 -> 整改完成日期 beside 整改期限).
Sheets written here."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def fixes():
    return schema_from_rows([
        ["编号", "检查日期", "区域", "整改期限", "整改完成日期", "问题数"],
        ["A1", dt.date(2026, 11, 2), "一车间", dt.date(2026, 11, 20), dt.date(2026, 11, 18), 2],
        ["A2", dt.date(2026, 11, 15), "仓库", dt.date(2026, 11, 30), None, 1],
        ["A3", dt.date(2026, 11, 25), "一车间", dt.date(2026, 12, 20), None, 3],
        ["A4", dt.date(2026, 11, 10), "仓库", dt.date(2026, 11, 25), dt.date(2026, 11, 30), 1],
    ])


@pytest.fixture
def loans():
    return schema_from_rows([
        ["Loan", "Borrower", "Lent", "Due date", "Returned", "Value"],
        ["L1", "Ann", dt.date(2026, 10, 2), dt.date(2026, 11, 2), dt.date(2026, 11, 1), 30],
        ["L2", "Bob", dt.date(2026, 11, 1), dt.date(2026, 12, 1), None, 20],
        ["L3", "Cy", dt.date(2026, 11, 20), dt.date(2026, 12, 20), None, 25],
        ["L4", "Di", dt.date(2026, 10, 20), dt.date(2026, 11, 20), dt.date(2026, 12, 3), 40],
    ])


@pytest.fixture
def patents():
    return schema_from_rows([
        ["申请号", "申请日", "授权日", "发明人"],
        ["P1", dt.date(2023, 5, 2), dt.date(2025, 1, 3), "王"],
        ["P2", dt.date(2024, 3, 1), None, "李"],
        ["P3", dt.date(2025, 6, 1), None, "王"],
        ["P4", dt.date(2022, 9, 9), None, "赵"],
    ])


@pytest.mark.parametrize("request_", [
    "今天是2026年12月7日，超过整改期限还没整改的有几条",
    "截至2026-12-07逾期未整改条数",
    "2026.12.7为准，已经过了整改期限、整改完成日期为空的条数",
])
def test_a_passed_deadline_counts_rows_due_before_the_pinned_day(fixes, request_):
    if request_.startswith("2026.12.7为准"):
        request_ = "今天2026.12.7，已经过了整改期限、整改完成日期为空的有几条"
    r = formula(request_, sheet=fixes, method="rules")
    assert r.formula == '=COUNTIFS(E2:E5,"",D2:D5,"<"&DATE(2026,12,7))', r.formula


@pytest.mark.parametrize("request_", [
    "today is 7 Dec 2026 - how many loans past the due date have no returned date?",
    "as of 7/12/26, number of overdue loans with no returned date",
    "How many loans have passed their due date with no returned date? It's 7 Dec 2026",
])
def test_past_the_due_date_in_english(loans, request_):
    r = formula(request_, sheet=loans, method="rules")
    assert 'D2:D5,"<"&DATE(2026,12,7)' in r.formula and 'E2:E5,""' in r.formula, r.formula


def test_days_overdue_stays_a_countdown(loans):
    try:
        r = formula("days overdue per loan as of 7 Dec 2026", sheet=loans, target_cell="G2", method="rules")
    except TaskError:
        return
    assert "DATE(2026,12,7)" in r.formula and "COUNTIFS" not in r.formula


@pytest.mark.parametrize("request_", [
    "今天是2026年12月7日，申请超过两年还没授权的有几件",
    "截至2026.12.7，申请满2年未授权件数",
    "截至2026-12-07，申请日在2年以前、没授权的件数",
])
def test_an_age_in_years(patents, request_):
    r = formula(request_, sheet=patents, method="rules")
    assert 'B2:B5,"<"&DATE(2024,12,7)' in r.formula and 'C2:C5,""' in r.formula, r.formula


def test_a_year_is_not_an_age(patents):
    r = formula("2024年以前申请的有几件", sheet=patents, method="rules")
    assert "DATE(2024,1,1)" in r.formula


@pytest.mark.parametrize("request_", [
    "how many undelivered loans lent more than 30 days ago (as at 7/12/26)",
    "as of 7/12/26 how many loans lent more than 30 days ago are not returned",
])
def test_a_pin_in_brackets_or_with_a_short_year(loans, request_):
    request_ = request_.replace("undelivered", "unreturned")
    r = formula(request_, sheet=loans, method="rules")
    assert 'C2:C5,"<"&DATE(2026,11,7)' in r.formula and 'E2:E5,""' in r.formula, r.formula


@pytest.mark.parametrize("request_", ["还没整改的有几条", "未整改条数", "没整改的有多少条"])
def test_a_two_character_verb_names_the_date_it_records(fixes, request_):
    assert formula(request_, sheet=fixes, method="rules").formula == "=COUNTBLANK(E2:E5)"


def test_passed_with_no_pinned_day_is_not_rewritten(fixes):
    try:
        r = formula("超过整改期限的有几条", sheet=fixes, method="rules")
    except TaskError:
        return
    assert "DATE(" not in r.formula or "TODAY" in r.formula


def test_days_past_the_due_date_is_not_a_passed_deadline(loans):
    r = formula("days past the due date as at 7 Dec 2026 if it hasn't been returned yet, otherwise 0",
                sheet=loans, target_cell="G2", method="rules")
    assert "COUNTIFS" not in r.formula and "DATE(2026,12,7)-D2" in r.formula, r.formula
