"""One-cell aggregates asked the way people ask (issue 16 item 2): synonyms, values, comparisons.

Small sheets written here (not the dev set's); the value each answer computes
is checked, and requests with a word the rules cannot account for are refused.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def trips():
    return schema_from_rows([
        ["Date", "Traveller", "Kind", "Amount"],
        [dt.date(2025, 5, 2), "Okafor", "Hotel", 300.0],
        [dt.date(2025, 5, 9), "Lind", "Flights", 820.0],
        [dt.date(2025, 6, 1), "Okafor", "Flights", 410.0],
        [dt.date(2025, 6, 20), "Lind", "Hotel", 150.0],
    ])


@pytest.fixture
def mendian():
    return schema_from_rows([
        ["店员", "片区", "品类", "件数", "营业额"],
        ["马超", "东北片区", "饮料", 12, 360.0],
        ["黄忠", "西北片区", "零食", 30, 450.0],
        ["马超", "西北片区", "零食", 8, 120.0],
    ])


def test_the_only_amount_column_and_values_in_any_case(trips):
    assert formula("how much did okafor spend", trips, method="rules").value == 710
    assert formula("total flight expenses", trips, method="rules").value == 1230
    assert formula("how many hotel claims", trips, method="rules").value == 2
    assert formula("total expenses in June", trips, method="rules").value == 560


def test_comparisons_and_synonyms_in_chinese(mendian):
    assert formula("马超的销售额一共多少", mendian, method="rules").value == 480  # 销售额 -> 营业额
    assert formula("西北的零食卖了多少件", mendian, method="rules").value == 38
    assert formula("营业额超过200的有几笔", mendian, method="rules").value == 2
    assert formula("东北片区的平均营业额", mendian, method="rules").value == 360


def test_an_unexplained_word_or_a_lookup_is_refused(trips, mendian):
    with pytest.raises(TaskError):
        formula("total amount of the refundable trips", trips, method="rules")
    with pytest.raises(TaskError):  # "who ... most": a lookup, never a total
        formula("who spent the most in total", trips, method="rules")
    # two values of one column: either one, the two totals added (SUM over SUMIF of both)
    assert formula("零食或饮料卖了多少件", mendian, method="rules").value == 50


def test_lookups_of_the_extreme_row_and_of_a_named_value(trips, mendian):
    r = formula("who had the largest amount", trips, method="rules")
    assert r.formula == "=INDEX(B2:B5,MATCH(MAX(D2:D5),D2:D5,0))" and r.value == "Lind"
    with pytest.raises(TaskError):  # travellers repeat: "spent the most" is a total per person
        formula("who spent the most", trips, method="rules")
    assert formula("which kind had the smallest amount", trips, method="rules").value == "Hotel"
    assert formula("营业额最高的是哪个品类", mendian, method="rules").value == "零食"
    assert formula("件数最少的是谁", mendian, method="rules").value == "马超"
    assert formula("黄忠在哪个片区", mendian, method="rules").value == "西北片区"
    with pytest.raises(TaskError):  # 马超 names two rows: the first one's 片区 is no answer
        formula("马超在哪个片区", mendian, method="rules")
    # the row's kind, never the largest amount itself
    assert formula("kind of the largest amount", trips, method="rules").value == "Flights"


def test_year_headers_are_column_names(tmp_path):
    """An export with one column per year is a table, not a headerless sheet (issue 16 item 3)."""
    import openpyxl

    from o3local.tasks.formula.schema import read_sheet

    wb = openpyxl.Workbook()
    for row in (["Region", 2019, 2020, 2021], ["Nord", 10, 12, 15], ["Sud", 7, 9, 4], ["Ost", 3, 5, 8]):
        wb.active.append(row)
    wb.active.title = "Exports"
    wb.save(tmp_path / "years.xlsx")
    s = read_sheet(tmp_path / "years.xlsx")
    assert [c.header for c in s.columns] == ["Region", "2019", "2020", "2021"]
    assert formula("average 2020 exports", s, method="rules").formula == "=AVERAGE(C2:C4)"
    assert formula("total 2021", s, method="rules").value == 27
    assert formula("2021 minus 2020", s, "E3", method="rules").value == -5


def test_a_total_per_group_is_refused_and_a_value_after_by_is_a_condition(trips):
    with pytest.raises(TaskError):
        formula("count trips by kind", trips, method="rules")
    assert formula("total claimed by okafor", trips, method="rules").value == 710


@pytest.fixture
def rides():
    return schema_from_rows([
        ["Ride ID", "Horse", "Mins", "Tip", "Came Back Late"],
        ["R1", "Dobbin", 30, 2, "Yes"],
        ["R2", "Star", 45, None, "No"],
        ["R3", "Dobbin", 60, 5, "No"],
        ["R4", "Star", 30, None, "Yes"],
        ["R5", "Dobbin", 40, None, "No"],
    ], sheet="Rides")


@pytest.mark.parametrize("request_, expected", [
    # "got a tip": the rows with a tip, counted or over all rows, never the tips added up
    ("how many rides got a tip", '=COUNTIF(D2:D4,">0")'),
    ("what fraction of rides had a tip", '=COUNTIF(D2:D4,">0")/COUNTA(A2:A6)'),
    # a Yes / No column named by its whole two-word header
    ("how many rides came back late", '=COUNTIF(E2:E6,"Yes")'),
    ("what percentage of rides came back late", '=COUNTIF(E2:E6,"Yes")/COUNTA(E2:E6)'),
])
def test_rows_counted_by_an_amount_or_a_two_word_flag(rides, request_, expected):
    assert formula(request_, sheet=rides, method="rules").formula == expected


def test_the_sheets_name_as_a_verb_counts_its_rows():
    climbs = schema_from_rows([["Ref", "Route", "Metres"], ["C1", "Oak Crack", 20], ["C2", "Elm Slab", 15],
                               ["C3", "Oak Crack", 20]], sheet="Climbs")
    assert formula("how many times have i climbed oak crack", sheet=climbs, method="rules").formula == \
        '=COUNTIF(B2:B4,"Oak Crack")'


def test_how_many_of_a_value_got_an_amount_is_no_sum(rides):
    try:
        got = formula("how many of dobbin's rides got a tip", sheet=rides, method="rules").formula
    except TaskError:
        return
    assert not got.startswith("=SUM")


def test_a_relative_who_and_pre_year_in_a_count():
    club = schema_from_rows([["Name", "Joined"], ["Ada", dt.date(2012, 3, 1)], ["Ben", dt.date(2019, 5, 5)],
                             ["Cy", dt.date(2014, 12, 31)]])
    want = '=COUNTIF(B2:B4,"<"&DATE(2015,1,1))'
    assert formula("count of people who joined pre-2015", sheet=club, method="rules").formula == want
    assert formula("how many members who joined before 2015", sheet=club, method="rules").formula == want
    with pytest.raises(TaskError):  # a "who" first asks for names: not a count
        formula("who joined before 2015", sheet=club, method="rules")


def test_takings_total_a_fee_per_row():
    # a fee per lesson is no amount one adds up unasked; "takings" asks for that total
    lessons = schema_from_rows([["Coach", "Fee"], ["Ava", 30], ["Raj", 25], ["Ava", 30]])
    assert formula("ava's takings", sheet=lessons, method="rules").formula == '=SUMIF(A2:A4,"Ava",B2:B4)'


def test_a_two_word_flag_said_turned_round():
    hires = schema_from_rows([["Ref", "Room", "Deposit Paid"], ["H1", "Hall", "Yes"], ["H2", "Hall", "No"],
                              ["H3", "Kitchen", "Yes"]], sheet="Bookings")
    assert formula("what percent of bookings have paid a deposit", sheet=hires, method="rules").formula == \
        '=COUNTIF(C2:C4,"Yes")/COUNTA(C2:C4)'


def test_rows_with_an_amount_are_the_sheets_own_rows():
    # "bookings" are no rows of a price list: its Deposit column is not what is asked
    rates = schema_from_rows([["Room", "Rate", "Deposit"], ["Hall", 20, 50], ["Kitchen", 10, 0]], sheet="Rates")
    with pytest.raises(TaskError):
        formula("what percent of bookings have paid a deposit", sheet=rates, method="rules")


def test_a_month_with_two_digits_after_in_is_a_month_of_the_sheets_year():
    """"exams in Dec 26" on a sheet of 2026 dates was COUNTIF(…, 26 December): 0, not 2."""
    s = schema_from_rows([["Pupil", "Grade", "Exam Date"], ["Ann", 3, dt.date(2026, 12, 3)],
                          ["Bo", 4, dt.date(2026, 11, 20)], ["Cy", 5, dt.date(2026, 12, 19)],
                          ["Di", 2, dt.date(2027, 3, 1)]])
    for q in ("how many exams in Dec 26", "no. of exams in Dec '26"):
        r = formula(q, s, method="rules")
        assert r.value == 2 and "DATE(2026,12,1)" in r.formula, q
    try:  # 2031 is no year of the sheet: "in Dec 31" is not read as one
        assert "2031" not in formula("how many exams in Dec 31", s, method="rules").formula
    except TaskError:
        pass
