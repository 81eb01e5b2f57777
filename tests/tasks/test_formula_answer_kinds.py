"""The kind of answer a request asks for (a date, a person, a count, a day's name, every operand)
against what the formula gives (issue 16 item 5: a wrong answer costs more than a refusal)."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.checks import (
    arithmetic_operand_unused,
    criterion_from_the_value_header,
    date_asked_not_given,
    dates_added,
    distinct_count_of_yes_no,
    number_column_unused,
    per_unit_sum,
    serial_sum,
    weekday_number_unasked,
    who_not_a_person,
)
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def visits():
    return schema_from_rows([
        ["Visit", "Client", "Date", "Guests", "Price per Head", "Tap", "Plan", "Monthly Fee"],
        [101, "Rosie Ellis", dt.date(2026, 3, 2), 40, 25.0, "Yes", "Monthly", 30.0],
        [102, "Arthur Reid", dt.date(2026, 3, 9), 60, 20.0, "No", "Annual", 25.0],
        [103, "Max Green", dt.date(2026, 4, 1), 20, 30.0, "Yes", "Monthly", 30.0],
        [104, "Noah Fraser", dt.date(2026, 4, 8), 55, 22.0, "Yes", "Annual", 25.0],
        [105, "Ruby Hughes", dt.date(2026, 4, 15), 35, 28.0, "No", "Monthly", 30.0],
        [106, "Lily Green", dt.date(2026, 4, 22), 45, 24.0, "Yes", "Annual", 25.0],
    ])


def test_a_date_question_is_answered_from_a_date_column(visits):
    assert "date" in date_asked_not_given("date of the Rosie Ellis visit?",
                                          '=SUMIF(B2:B7,"Rosie Ellis",A2:A7)', visits)
    assert date_asked_not_given("date of the Rosie Ellis visit?",
                                '=INDEX(C2:C7,MATCH("Rosie Ellis",B2:B7,0))', visits) is None
    assert "dates" in dates_added('=SUMIF(B2:B7,"Rosie Ellis",C2:C7)', visits)
    assert dates_added('=SUMIF(B2:B7,"Rosie Ellis",D2:D7)', visits) is None
    assert _value("date of the Rosie Ellis visit?", visits) in (None, dt.date(2026, 3, 2), 46083)


def test_who_is_answered_with_the_person_column(visits):
    assert "Client" in who_not_a_person("which visit had the most guests, and who was it for",
                                        "=INDEX(A2:A7,MATCH(MAX(D2:D7),D2:D7,0))", visits)
    assert who_not_a_person("which visit had the most guests, and who was it for",
                            "=INDEX(B2:B7,MATCH(MAX(D2:D7),D2:D7,0))", visits) is None
    assert "Client" in who_not_a_person("最多人的那次是谁订的", "=INDEX(A2:A7,MATCH(MAX(D2:D7),D2:D7,0))", visits)


def test_counting_the_kinds_of_a_yes_no_column_is_refused(visits):
    assert "yes or no" in distinct_count_of_yes_no("=SUMPRODUCT(1/COUNTIF(F2:F7,F2:F7))", visits)
    assert distinct_count_of_yes_no("=SUMPRODUCT(1/COUNTIF(B2:B7,B2:B7))", visits) is None
    # the Visit numbers (101, 102, ...) added up are no count of visits
    assert "numbers the rows" in serial_sum("=SUM(A2:A7)", visits)
    assert serial_sum("=SUM(D2:D7)", visits) is None
    assert serial_sum("=SUM(A2:A5)", schema_from_rows([["Qty"], [3], [1], [2], [4], [6], [5]])) is None
    assert _value("how many visits have a tap?", visits) in (None, 4)


def _value(request, schema, cell=None):
    """The answer's value, or None when the request is refused."""
    try:
        return formula(request, schema, cell, method="rules").value
    except TaskError:
        return None


def test_a_price_per_head_is_not_added_up(visits):
    assert "price per unit" in per_unit_sum("how many heads", "=SUM(E2:E7)", visits)
    assert per_unit_sum("how many heads", "=SUM(D2:D7)", visits) is None
    assert per_unit_sum("total price per head", "=SUM(E2:E7)", visits) is None  # the user's own column
    assert per_unit_sum("how many heads", "=AVERAGE(E2:E7)", visits) is None  # the average price is a price


def test_a_weekday_is_its_name_unless_a_number_is_asked(visits):
    assert weekday_number_unasked("weekday of every visit", "=WEEKDAY(C2,2)")
    assert weekday_number_unasked("weekday of every visit, Monday = 1", "=WEEKDAY(C2,2)") is None
    assert weekday_number_unasked("星期几，用数字表示", "=WEEKDAY(C2,2)") is None
    got = formula("weekday for every date, new column", visits, method="rules")
    assert got.formula == '=TEXT(C2,"dddd")' and got.value == "Monday"
    # 周几 is its name in Chinese, its number when the request says a number will do
    zh = schema_from_rows([["日期", "销量"], [dt.date(2026, 3, 1), 40], [dt.date(2026, 3, 2), 60]])
    assert formula("日期对应周几", zh, target_cell="C2", method="rules").value == "星期日"
    assert formula("日期对应周几，数字就行", zh, target_cell="C2", method="rules").value == 7


def test_a_header_word_is_no_criterion(visits):
    assert "Monthly" in criterion_from_the_value_header("add up the monthly fees",
                                                        '=SUMIF(G2:G7,"Monthly",H2:H7)', visits)
    assert criterion_from_the_value_header("monthly fees of the monthly plans",
                                           '=SUMIF(G2:G7,"Monthly",H2:H7)', visits) is None
    assert _value("add up the monthly fees", visits) in (None, 165)


def test_every_operand_of_a_per_row_calculation_is_read():
    jobs = schema_from_rows([
        ["Job", "Product", "Quantity", "Unit Price", "Setup Fee", "Daily Rate", "Out", "Back"],
        ["J1", "Posters", 10, 2.0, 15.0, 8.0, dt.date(2026, 3, 1), dt.date(2026, 3, 4)],
        ["J2", "Flyers", 100, 0.5, 10.0, 6.0, dt.date(2026, 3, 2), dt.date(2026, 3, 3)],
        ["J3", "Banners", 2, 30.0, 20.0, 9.0, dt.date(2026, 3, 5), dt.date(2026, 3, 9)],
    ])
    req = "qty x unit price plus the setup fee"
    assert "Setup Fee" in arithmetic_operand_unused(req, "=C2*D2", jobs)
    assert "Unit Price" in arithmetic_operand_unused(req, "=C2*E2", jobs)
    assert arithmetic_operand_unused(req, "=C2*D2+E2", jobs) is None
    assert "Daily Rate" in number_column_unused("rent due for each job (daily rate times the days out)",
                                                "=H2-G2", jobs)
    assert number_column_unused("rent due for each job (daily rate times the days out)",
                                "=(H2-G2)*F2", jobs) is None
    assert _value(req, jobs, "I2") in (None, 35)  # refused is fine; dropping an operand is not


def test_a_label_after_a_marking_verb_is_the_label_alone():
    # read after formula-dev8's blind run (spent): 帮我标一下 / 写上 are no part of the label
    sheet = schema_from_rows([["日期", "营业额", "故障次数"], [dt.date(2026, 3, 1), 6500, 8],
                              [dt.date(2026, 3, 2), 5200, 2]])
    got = formula("营业额6000以上算达标，帮我标一下达标/未达标", sheet, target_cell="D2", method="rules")
    assert got.formula == '=IF(B2>=6000,"达标","未达标")'
    got = formula("故障次数达到7次的在D列写上重点检修", sheet, target_cell="D2", method="rules")
    assert got.value == "重点检修"


@pytest.fixture
def club():
    return schema_from_rows([
        ["Member No", "Name", "Born", "Joined", "Duration (mins)", "Litres"],
        ["M01", "Ada Lane", dt.date(1980, 5, 1), dt.date(2019, 2, 1), 40, 12.5],
        ["M02", "Ben Cole", dt.date(1975, 1, 9), dt.date(2021, 6, 3), 55, 8.0],
        ["M03", "Cy Dunn", dt.date(1990, 7, 7), dt.date(2012, 9, 9), 35, 20.0],
        ["M04", "Di Frost", dt.date(1985, 3, 3), dt.date(2016, 4, 4), 50, 9.5],
    ])


@pytest.mark.parametrize("request_, expected", [
    # the oldest is born first, the youngest last; the longest-serving joined first
    ("who's our oldest member", "=INDEX(B2:B5,MATCH(MIN(C2:C5),C2:C5,0))"),
    ("who is the youngest member", "=INDEX(B2:B5,MATCH(MAX(C2:C5),C2:C5,0))"),
    ("who's our longest-serving member", "=INDEX(B2:B5,MATCH(MIN(D2:D5),D2:D5,0))"),
    # "first" and "earliest" compare dates; "which member" is the member's name, not the Member No
    ("which member joined first", "=INDEX(B2:B5,MATCH(MIN(D2:D5),D2:D5,0))"),
    ("name of the member with the earliest date joined", "=INDEX(B2:B5,MATCH(MIN(D2:D5),D2:D5,0))"),
    # "longest" is read on a Duration column, "biggest by volume" on Litres
    ("who had the longest session", "=INDEX(B2:B5,MATCH(MAX(E2:E5),E2:E5,0))"),
    ("which member was the biggest by volume", "=INDEX(B2:B5,MATCH(MAX(F2:F5),F2:F5,0))"),
])
def test_superlatives_of_age_service_and_duration(club, request_, expected):
    assert formula(request_, sheet=club, method="rules").formula == expected


def test_oldest_without_a_birth_date_or_age_is_refused(club):
    with pytest.raises(TaskError):
        formula("who's our oldest member", sheet=schema_from_rows([
            ["Name", "Score"], ["Ada", 3], ["Ben", 5]]), method="rules")


@pytest.fixture
def sessions():
    return schema_from_rows([
        ["Patient", "Phone", "Fee", "Insurer", "Member No", "Concession"],
        ["Rosa Lind", "07700 900111", 50, "Bupa", "P-1", "No"],
        ["Omar Diaz", "07700 900222", 55, "Axa", "P-2", "Yes"],
        ["Rosa Lind", "07700 900111", 60, None, "P-1", "No"],
        ["Kit Moss", "07700 900333", 45, "Axa", "P-3", "No"],
    ])


@pytest.mark.parametrize("request_, expected", [
    # a patient on several rows with one phone: the phone; "number" is the phone's, not a count
    ("rosa lind's phone number", '=INDEX(B2:B5,MATCH("Rosa Lind",A2:A5,0))'),
    ("phone number of rosa lind", '=INDEX(B2:B5,MATCH("Rosa Lind",A2:A5,0))'),
    # "member no" is the header Member No, not the value No of Concession
    ("what's kit moss's member no?", '=INDEX(E2:E5,MATCH("Kit Moss",A2:A5,0))'),
])
def test_lookups_of_a_repeated_key_and_a_header_ending_in_no(sessions, request_, expected):
    assert formula(request_, sheet=sessions, method="rules").formula == expected


@pytest.mark.parametrize("request_", ["rosa lind's insurer", "rosa lind's fee"])
def test_a_repeated_key_with_different_answers_or_a_number_is_no_lookup(sessions, request_):
    # two insurers (one blank) give no one answer; her fee may be asked as a total
    try:
        got = formula(request_, sheet=sessions, method="rules").formula
    except TaskError:
        return
    assert "INDEX" not in got
