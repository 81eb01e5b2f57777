"""Date asks of round 18: counts in the last N days / weeks ending on the day the request pins
(recentdays: the pin, not the day asked, ends the span; a slashed pin read in the order near the
day asked), 这个月 of a pinned day (periods), a countdown to a date column named by its event in
another word form ("until each plan renews" on Renewal date), days since the latest date of the
sheet (sincelatest: ``DATE(..)-MAX(..)``), and a blank clause said of "the open ones" ("open ones
show nothing", "show nothing for unfinished ones").  Sheets written here."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture(autouse=True)
def _asked_on(monkeypatch):
    monkeypatch.setenv("O3_TODAY", "2026-12-07")


@pytest.fixture
def faults():
    """A fault log: reported on Logged, fixed on Fixed (blank while open); no row on 9 Sep or
    9 Nov 2026 (the days two countings of "the last 90 / 30 days" to 8 Dec differ on)."""
    return schema_from_rows([
        ["Fault", "Logged", "Machine", "Fixed", "Hours down"],
        ["F1", dt.date(2026, 8, 30), "Lathe", dt.date(2026, 9, 2), 5],
        ["F2", dt.date(2026, 9, 20), "Press", dt.date(2026, 9, 25), 2],
        ["F3", dt.date(2026, 11, 12), "Lathe", None, 7],
        ["F4", dt.date(2026, 12, 1), "Drill", dt.date(2026, 12, 3), 1],
        ["F5", dt.date(2026, 12, 6), "Press", None, 3],
    ])


@pytest.fixture
def plans():
    return schema_from_rows([
        ["Plan", "Owner", "Seats", "Started", "Renewal date"],
        ["P1", "Ann", 5, dt.date(2025, 3, 1), dt.date(2027, 3, 1)],
        ["P2", "Bob", 2, dt.date(2026, 1, 15), dt.date(2027, 1, 15)],
        ["P3", "Cy", 9, dt.date(2024, 6, 30), dt.date(2026, 12, 30)],
    ])


@pytest.fixture
def markets():
    """One row a market day: the sheet's one date column is what happened."""
    return schema_from_rows([
        ["Date", "Stall", "Candles", "Takings"],
        [dt.date(2026, 11, 7), "Town", 20, 140.0],
        [dt.date(2026, 11, 21), "Abbey", 14, 98.0],
        [dt.date(2026, 11, 28), "Town", 25, 175.0],
    ])


@pytest.fixture
def water():
    return schema_from_rows([
        ["日期", "客户", "桶数", "单价"],
        [dt.date(2026, 11, 20), "王姐", 2, 15],
        [dt.date(2026, 12, 2), "李哥", 3, 15],
        [dt.date(2026, 12, 5), "王姐", 1, 15],
    ])


@pytest.fixture
def calls():
    """A call log with one date column; no row on 9 Nov or 24 Nov 2026 (the days two countings of
    "the last 30 days" / "the last 2 weeks" to 8 Dec differ on), a row on 20 Sep (79 days)."""
    return schema_from_rows([
        ["Call", "Date", "Caller", "Minutes"],
        ["C1", dt.date(2026, 8, 30), "Ann", 5],
        ["C2", dt.date(2026, 9, 20), "Bob", 2],
        ["C3", dt.date(2026, 11, 12), "Ann", 7],
        ["C4", dt.date(2026, 12, 1), "Cy", 1],
        ["C5", dt.date(2026, 12, 6), "Bob", 3],
    ])


@pytest.mark.parametrize("request_", [
    "how many calls in the last 30 days? today is 8 Dec 2026",
    "number of calls over the past 30 days (as at 8/12/2026)",
    "Today's 8 Dec 2026 - number of calls within the last 30 days",
    "count of calls in the previous 30 days, today = 8 Dec 2026",
])
def test_the_last_n_days_end_on_the_pinned_day(calls, request_):
    r = formula(request_, sheet=calls, method="rules")
    assert r.formula == '=COUNTIFS(B2:B6,">="&DATE(2026,11,9),B2:B6,"<="&DATE(2026,12,8))', r.formula


def test_the_last_n_weeks_are_seven_days_each(calls):
    r = formula("total minutes in the last 2 weeks (today is 8 Dec 2026)", sheet=calls, method="rules")
    assert r.formula == '=SUMIFS(D2:D6,B2:B6,">="&DATE(2026,11,25),B2:B6,"<="&DATE(2026,12,8))', r.formula


@pytest.mark.parametrize("request_", ["截至2026-12-08，近30天送了几单", "今天是2026年12月8日，最近30天送了多少单"])
def test_the_last_n_days_in_chinese_end_on_the_pinned_day(water, request_):
    r = formula(request_, sheet=water, method="rules")
    assert r.formula == '=COUNTIFS(A2:A4,">="&DATE(2026,11,9),A2:A4,"<="&DATE(2026,12,8))', r.formula


def test_a_span_the_two_countings_differ_on_is_still_refused(calls):
    # the last 79 days to 8 Dec start on 21 Sep counted one way, 20 Sep the other: a row is on 20 Sep
    with pytest.raises(TaskError):
        formula("how many calls in the last 79 days, today is 8 Dec 2026", sheet=calls, method="rules")


@pytest.mark.parametrize("request_", ["今天是2026年12月8日，这个月送了几单", "截至2026-12-08，本月送了多少单"])
def test_this_month_is_the_pinned_days_month(water, request_):
    r = formula(request_, sheet=water, method="rules")
    assert r.formula == '=COUNTIFS(A2:A4,">="&DATE(2026,12,1),A2:A4,"<="&DATE(2026,12,31))', r.formula


@pytest.mark.parametrize("request_", [
    "Today is 8 Dec 2026. How many days until each plan renews?",
    "days left before it renews (as of 8 Dec 2026)",
    "how many days till renewing, today 8/12/2026",
])
def test_a_countdown_to_the_date_column_its_event_names(plans, request_):
    r = formula(request_, sheet=plans, target_cell="F2", method="rules")
    assert r.formula == "=E2-DATE(2026,12,8)", r.formula


@pytest.mark.parametrize("request_", [
    "It's 8 Dec 2026 - how many days since my last market?",
    "days since the latest market (today 8/12/2026)",
    "how long since the most recent market, in days? as at 8 Dec 2026",
    "how many days ago was my last market? today is 8 Dec 2026",
])
def test_days_since_the_latest_date(markets, request_):
    r = formula(request_, sheet=markets, method="rules")
    assert r.formula == "=DATE(2026,12,8)-MAX(A2:A4)", r.formula


@pytest.mark.parametrize("request_", [
    "距离上次送水过去几天了（今天2026-12-08）",
    "今天是2026年12月8日，最近一次送水到今天多少天",
    "上次送水是几天前？今天2026.12.8",
])
def test_days_since_the_latest_date_in_chinese(water, request_):
    r = formula(request_, sheet=water, method="rules")
    assert r.formula == "=DATE(2026,12,8)-MAX(A2:A4)", r.formula


@pytest.mark.parametrize("request_", [
    "days since the last Abbey market (today 8/12/2026)",  # the latest of some rows: another formula
    "距离上次王姐送水过去几天了（今天2026-12-08）",
])
def test_days_since_the_latest_row_of_a_value_is_not_read_so(markets, water, request_):
    sheet = water if "送水" in request_ else markets
    try:
        got = formula(request_, sheet=sheet, method="rules").formula
    except TaskError:
        return
    assert "-MAX(A2:A4)" not in got, got


@pytest.mark.parametrize("request_", [
    "How long did each fault take to fix (days)? Open ones should show nothing",
    "days to fix each fault, open ones blank",
    "days from logged to fixed per fault; show nothing for open ones",
    "time to fix in days per fault. Unfixed ones stay empty",
    "How many days did each fault take to fix? blank if still open",
])
def test_a_blank_clause_said_of_the_open_ones(faults, request_):
    r = formula(request_, sheet=faults, target_cell="F2", method="rules")
    assert r.formula == '=IF(D2="","",D2-B2)', r.formula
