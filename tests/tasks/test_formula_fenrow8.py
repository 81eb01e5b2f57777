"""Per-row requests in English, round 8 (issue 16; h/fenrow8): how much a row went up or down (a
number, not an Up/Down label); "diff", "turnaround"; rows left blank "where it's not come back"; an
average across year columns that skips the empty years; years said "23->24"; "price per <count
column>"; a date "a year later" / "same day next year"; a zero-padded ID "as a number"; a header that
is a phrasal verb's noun said as the verb ("picked up" for Pickup); hours between two times when one
is said; whole years from the one start column to an unambiguous d/m/yyyy date; an end time from a
fixed length; a dash that names the result before its sum.

Every example runs on a small sheet written here through the public ``formula`` entry point.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from tests.tasks.test_formula_other_sheet import _book
from tests.tasks.test_formula_row_units_times import _xlsx, rows3


@pytest.fixture
def hives(tmp_path):
    """Honey per hive by year; 2021 empty where a hive was not yet kept."""
    return _xlsx(tmp_path, [
        ["Hive", "Apiary", "2021", "2022", "2023", "2024", "Frames"],
        ["H1", "North", 10, 12, 9, 15, 10],
        ["H2", "North", None, 8, 11, 7, 8],
        ["H3", "South", 20, 18, 18, 21, 12],
    ], name="Honey")


def test_how_much_up_or_down_is_the_difference(hives):
    for q in ("how much up or down was each hive in 2024 vs 2023", "diff 2024-2023 per row",
              "change 23 to 24 for every hive"):
        r = formula(q, hives, "H2", method="rules")
        assert r.formula == "=F2-E2" and rows3(r, hives) == [6, -4, 3], q
    r = formula("did each hive go up or down, 2024 vs 2023", hives, "H2", method="rules")
    assert r.formula == '=IF(F2>E2,"Up","Down")'


def test_percentage_change_with_short_years(hives):
    r = formula("percentage change 23->24 per hive", hives, "H2", method="rules")
    assert r.formula == "=F2/E2-1"


def test_average_over_the_year_columns_skips_blanks(hives):
    for q in ("average yearly honey per hive, skip the missing years", "avg per year for each row",
              "mean honey per hive, blanks ignored, new col"):
        r = formula(q, hives, "H2", method="rules")
        assert r.formula == "=AVERAGE(C2:F2)" and rows3(r, hives)[1] == pytest.approx(26 / 3), q


def test_amount_per_count_column(tmp_path):
    s = _xlsx(tmp_path, [
        ["Job", "Client", "Rooms", "Price"],
        ["P1", "Ann", 3, 450],
        ["P2", "Bob", 2, 500],
        ["P3", "Cy", 5, 600],
    ], name="Painting")
    for q in ("price per room for each job", "cost per painted room"):
        r = formula(q, s, "E2", method="rules")
        assert r.formula == "=D2/C2" and rows3(r, s) == [150, 250, 120], q
    with pytest.raises(TaskError):  # a unit no column is in
        formula("price per room in kg", s, "E2", method="rules")


@pytest.fixture
def services(tmp_path):
    return _xlsx(tmp_path, [
        ["Boiler", "Serviced", "Collected", "Engineer"],
        ["B1", dt.date(2026, 1, 15), dt.date(2026, 1, 20), "Sam"],
        ["B2", dt.date(2026, 3, 31), None, "Ola"],
        ["B3", dt.date(2026, 6, 2), dt.date(2026, 6, 3), "Sam"],
    ], name="Services")


def test_a_year_later_is_a_shift_not_the_year(services):
    for q in ("serviced date a year later", "a year after it was serviced",
              "when is each boiler due its next check (12 months after it was serviced)"):
        r = formula(q, services, "E2", method="rules")
        assert r.formula in ("=EDATE(B2,12*1)", "=EDATE(B2,12)"), q
        assert rows3(r, services)[0] == dt.date(2027, 1, 15) or rows3(r, services)[0] == 46402, q


def test_turnaround_left_blank_where_not_back(services):
    for q in ("turnaround days from serviced to collected, leave empty for the uncollected ones",
              "days from serviced to collected? leave empty where it has not come back"):
        r = formula(q, services, "E2", method="rules")
        assert r.formula == '=IF(C2="","",C2-B2)' and rows3(r, services) == [5, "", 1], q


def test_padded_id_as_a_number(tmp_path):
    s = _xlsx(tmp_path, [
        ["Dog ID", "Dog", "Owner"],
        ["00412", "Rex", "Ann"],
        ["01377", "Bo", "Bob"],
        ["00009", "Kit", "Cy"],
    ], name="Kennel")
    for q in ("dog ID without the leading zeros", "strip the zeros off the front of the IDs", "dog id as a plain number"):
        r = formula(q, s, "D2", method="rules")
        assert r.formula == "=VALUE(A2)" and rows3(r, s) == [412, 1377, 9], q


@pytest.fixture
def kennel_day(tmp_path):
    return _xlsx(tmp_path, [
        ["Dog", "Arrived", "Pickup", "Drop-off", "Mins left"],
        ["Rex", dt.date(2023, 5, 1), dt.time(8, 0), dt.time(17, 30), 10],
        ["Bo", dt.date(2025, 2, 1), dt.time(9, 30), dt.time(15, 0), 0],
        ["Kit", dt.date(2020, 12, 31), dt.time(7, 15), dt.time(12, 15), 5],
    ], name="Daycare")


def test_phrasal_header_and_hours_between_times(kennel_day):
    r = formula("how many hrs is each dog picked up for", kennel_day, "F2", method="rules")
    assert r.formula == "=(D2-C2)*24" and rows3(r, kennel_day) == pytest.approx([9.5, 5.5, 5]), r.formula
    r = formula("flag dogs picked up before 8am as Early, others blank", kennel_day, "F2", method="rules")
    assert r.formula == '=IF(C2<TIME(8,0,0),"Early","")'
    r = formula("the hour of pickup", kennel_day, "F2", method="rules")
    assert r.formula == "=HOUR(C2)"


def test_whole_years_from_the_start_column(kennel_day):
    for q in ("full years each dog has been with the kennel as at 1 Jan 2027", "years on the books per dog (to 1/1/2027)"):
        r = formula(q, kennel_day, "F2", method="rules")
        assert r.formula == '=DATEDIF(B2,DATE(2027,1,1),"Y")' and rows3(r, kennel_day) == [3, 1, 6], q


def test_end_time_from_a_fixed_length(tmp_path):
    s = _xlsx(tmp_path, [
        ["Walk", "Dog", "Start", "Mins left"],
        ["W1", "Rex", dt.time(8, 0), 10],
        ["W2", "Bo", dt.time(9, 30), 0],
        ["W3", "Kit", dt.time(7, 15), 5],
    ], name="Walks")
    for q, f in (("finish time for each walk - walks are 45 minutes", "=C2+TIME(0,45,0)"),
                 ("end time per walk (start + 1 hr)", "=C2+TIME(1,0,0)"),
                 ("what time does each walk finish? they last an hour", "=C2+TIME(1,0,0)")):
        assert formula(q, s, "E2", method="rules").formula == f, q


def test_dash_names_the_result_and_per_head_price(tmp_path):
    s = _xlsx(tmp_path, [
        ["Site", "Weeks", "Weekly rate", "Hire date"],
        ["A", 3, 200, dt.date(2026, 1, 5)],
        ["B", 1, 150, dt.date(2026, 2, 1)],
        ["C", 4, 90, dt.date(2026, 3, 9)],
    ], name="Hires")
    r = formula("hire charge for each site - weeks times the weekly rate", s, "E2", method="rules")
    assert r.formula == "=B2*C2" and rows3(r, s) == [600, 150, 360]
    book = _book(tmp_path / "parties.xlsx", "Parties",
                 [["Ref", "Menu", "Guests"], ["P1", "Gold", 10], ["P2", "Silver", 4], ["P3", "Gold", 6]],
                 "Menus", [["Menu", "Price per guest"], ["Gold", 30], ["Silver", 22]])
    r = formula("pull in the menu's per-head price on every party", book, "D2", method="rules")
    assert "Menus!" in r.formula and rows3(r, book) == [30, 22, 30]
