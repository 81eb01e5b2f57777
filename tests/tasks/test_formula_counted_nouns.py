"""What an English "how many <noun>" counts (issue 16 item 5): rows, the rows with a date filled
in, or a quantity (hours, people) that no count of rows gives — refused rather than answered
with a COUNTIF.  Sheets written here."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def hires():
    """A van-hire log: each row is a hire, no column of hours, miles or passengers."""
    return schema_from_rows([
        ["Hire", "Date", "Customer", "Van", "Price"],
        ["VH-01", dt.date(2026, 3, 2), "Book Club", "Luton", 120.0],
        ["VH-02", dt.date(2026, 3, 4), "Choir", "Transit", 90.0],
        ["VH-03", dt.date(2026, 3, 9), "Book Club", "Transit", 95.0],
        ["VH-04", dt.date(2026, 3, 11), "Scouts", "Luton", 130.0],
    ])


@pytest.fixture
def roster():
    """A swimming-club roster: each row is one swimmer (different names); some have a gala date."""
    return schema_from_rows([
        ["Swimmer", "Squad", "Laps", "Gala date"],
        ["Maya Brook", "Juniors", 40, dt.date(2026, 5, 3)],
        ["Leo Hart", "Seniors", 55, None],
        ["Ivy Stone", "Juniors", 38, dt.date(2026, 5, 3)],
        ["Noah Vale", "Seniors", 61, dt.date(2026, 6, 14)],
        ["Ruby Lane", "Juniors", 29, None],
    ])


@pytest.mark.parametrize("request_", [
    "how many people came on the book club trips",  # the rows are hires, not people
    "how many passengers did the choir bring",
    "how many hours did the Luton hires last",  # no column holds hours
    "how many miles did we drive for the scouts",
])
def test_a_count_of_heads_or_units_the_rows_are_not_is_refused(hires, request_):
    with pytest.raises(TaskError):
        formula(request_, hires, method="rules")


def test_rows_still_counted_where_the_noun_is_what_a_row_is(hires, roster):
    assert formula("how many book club hires", hires, method="rules").value == 2
    # each row is one swimmer: people are counted as rows
    assert formula("how many people are in the juniors squad", roster, method="rules").value == 3


def test_how_many_have_a_date_counts_the_dates_filled_in(roster):
    got = formula("how many kids have a gala date", roster, method="rules")
    assert got.formula == "=COUNT(D2:D6)" and got.value == 3  # two share a day: still 3 rows
    assert formula("how many swimmers have a gala date", roster, method="rules").value == 3


@pytest.fixture
def stall():
    """A market stall's daily takings: one row per date, cash and card money columns."""
    return schema_from_rows([
        ["Date", "Market", "Cash", "Card", "Late"],
        [dt.date(2026, 7, 4), "Riverside", 210.0, 340.0, "N"],
        [dt.date(2026, 7, 11), "Old Town", 180.0, 295.5, "Y"],
        [dt.date(2026, 7, 18), "Riverside", 240.0, 410.0, "Y"],
    ])


def test_a_value_counted_in_its_own_column_and_a_column_said_with_col(stall):
    assert formula("count the Y's in the late column", stall, method="rules").value == 2
    assert formula("sum of card col", stall, method="rules").value == 1045.5
    with pytest.raises(TaskError):  # "col E" is a place to write, not the column's name
        formula("card total in col F", stall, method="rules")


def test_money_columns_said_as_payments_over_the_whole_period(stall):
    assert formula("total card payments", stall, method="rules").value == 1045.5
    assert formula("how much came in as cash over the whole period", stall, method="rules").value == 630
    with pytest.raises(TaskError):  # payments counted, not added: not read
        formula("how many card payments", stall, method="rules")


def test_a_value_on_one_day_is_looked_up_in_that_days_row(stall):
    for request_ in ("market on 18/07/2026?", "which market were we at on 18 July 2026",
                     "what was the market on 2026-07-18"):
        got = formula(request_, stall, method="rules")
        assert got.formula == "=INDEX(B2:B4,MATCH(DATE(2026,7,18),A2:A4,0))" and got.value == "Riverside"
    with pytest.raises(TaskError):  # no row of that day
        formula("market on 19/07/2026", stall, method="rules")
    with pytest.raises(TaskError):  # 11 July or 7 November? not guessed
        formula("market on 11/07/2026", stall, method="rules")


def test_this_term_on_a_sheet_whose_only_dates_are_events(roster):
    assert formula("total laps this term", roster, method="rules").value == 223


def test_a_number_column_equal_to_a_number_and_who_hired_a_booking():
    vans = schema_from_rows([
        ["Booking", "Hirer", "Days", "Price"],
        ["VH-01", "Book Club", 2, 120.0],
        ["VH-02", "Choir", 1, 90.0],
        ["VH-03", "Scouts", 2, 95.0],
    ])
    assert formula("mean price where days is 2", vans, method="rules").value == 107.5
    got = formula("who's booking VH-02", vans, method="rules")
    assert got.formula == '=INDEX(B2:B4,MATCH("VH-02",A2:A4,0))' and got.value == "Choir"
