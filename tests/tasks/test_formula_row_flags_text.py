"""Per-row labels, text and dates said the ways the formula-dev sets showed (issue 16 item 1).

A label put "next to" / "by" the rows or after "flag ... with", a Yes/No column said as a negated
verb ("anyone who hasn't paid", "the unpaid visits"), a separator named by itself ("中间用-隔开"),
a surname in capitals, a phone masked "用****代替", a prefix removed ("去掉“BX-”前缀"), the
full weekday name.  Values are checked on small sheets written here.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


def _at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)), s).value


@pytest.fixture
def visits():
    return schema_from_rows([
        ["Visit", "Owner", "Species", "Weight (kg)", "Paid"],
        ["V1", "Ann Lee", "Dog", 34.0, "No"],
        ["V2", "Bo Chan", "Cat", 5.0, "Yes"],
        ["V3", "Cy Dorn", "Dog", 12.0, "Yes"],
    ])


def test_a_label_next_to_the_rows_that_have_not_paid(visits):
    r = formula("put CHASE next to anyone who hasn't paid, leave the rest blank", visits, "F2", method="rules")
    assert r.formula == '=IF(E2="No","CHASE","")' and r.value == "CHASE" and _at(r, visits, 3) == ""


def test_a_label_after_flag_with_on_the_unpaid_rows(visits):
    r = formula("flag the unpaid visits with OVERDUE in col F", visits, "F2", method="rules")
    assert r.formula == '=IF(E2="No","OVERDUE","")' and r.value == "OVERDUE" and _at(r, visits, 4) == ""


def test_a_label_by_the_rows_of_a_value_and_a_weight(visits):
    r = formula("put CHECK by any dog over 30kg, blank for the rest", visits, "F2", method="rules")
    assert r.value == "CHECK" and _at(r, visits, 3) == "" and _at(r, visits, 4) == ""


def test_a_tag_for_a_quantity_with_its_unit():
    s = schema_from_rows([["Order", "Weight (kg)"], ["A1", 6.0], ["A2", 2.5], ["A3", 5.0]])
    r = formula("tag BULK for any order of 5 kg or more", s, "C2", method="rules")
    assert r.value == "BULK" and _at(r, s, 3) == "" and _at(r, s, 4) == "BULK"


def test_a_column_that_is_not_yes_no_is_not_read_as_a_negated_flag():
    s = schema_from_rows([["Visit", "Paid", "Fee"], ["V1", "Cash", 10], ["V2", "Card", 20]])
    with pytest.raises(TaskError):
        formula("put CHASE next to anyone who hasn't paid, leave the rest blank", s, "D2", method="rules")


def test_a_join_with_the_separator_named_by_itself():
    s = schema_from_rows([["订单号", "日期", "客户"], ["D001", dt.date(2026, 3, 1), "王芳"],
                          ["D002", dt.date(2026, 3, 2), "李强"]])
    r = formula("订单号和客户拼成一列，中间用-隔开", s, "D2", method="rules")
    assert r.formula == '=A2&"-"&C2' and r.value == "D001-王芳" and _at(r, s, 3) == "D002-李强"


def test_a_surname_in_capitals():
    s = schema_from_rows([["Bib", "Runner", "Time"], [1, "Ann Lee", 40], [2, "Bo Chan", 50]])
    r = formula("surname in capitals in a new column", s, "D2", method="rules")
    assert r.value == "LEE" and _at(r, s, 3) == "CHAN"


def test_a_phone_masked_with_stars_in_place_of_the_middle():
    s = schema_from_rows([["房号", "租户", "联系电话"], ["101", "王芳", "138-1234-5678"], ["102", "李强", "139-9876-5432"]])
    r = formula("手机号中间四位用****代替", s, "D2", method="rules")
    assert r.value == "138-****-5678" and _at(r, s, 3) == "139-****-5432"


def test_a_prefix_removed():
    s = schema_from_rows([["单号", "金额"], ["BX-001", 10], ["BX-002", 20]])
    r = formula("单号去掉“BX-”前缀", s, "C2", method="rules")
    assert r.value == "001" and _at(r, s, 3) == "002"


def test_the_full_weekday_name_is_a_name_not_a_number():
    s = schema_from_rows([["Visit", "Date"], ["V1", dt.date(2026, 3, 2)], ["V2", dt.date(2026, 3, 7)]])
    r = formula("day of the week for each visit, full name like Monday", s, "C2", method="rules")
    assert r.formula == '=TEXT(B2,"dddd")'


@pytest.fixture
def league():
    return schema_from_rows([["Team", "Points", "Goals Against"], ["Ayr", 30, 12], ["Bury", 42, 20], ["Cobh", 35, 9]])


def test_a_rank_of_the_rows_with_its_order_said_as_biggest_is_one(league):
    r = formula("rank the teams by points, biggest = 1", league, "D2", method="rules")
    assert r.formula == "=RANK(B2,$B$2:$B$4)" and r.value == 3 and _at(r, league, 3) == 1


def test_a_rank_whose_one_is_the_fewest_is_ascending(league):
    r = formula("ranking by goals against, least goals against is 1st", league, "D2", method="rules")
    assert r.formula == "=RANK(C2,$C$2:$C$4,1)" and r.value == 2 and _at(r, league, 4) == 1


def test_the_heaviest_row_is_read_on_the_weight_column():
    s = schema_from_rows([["Pet", "Owner", "Weight (kg)", "Fee"], ["Milo", "Ann Lee", 4.5, 80],
                          ["Rex", "Bo Chan", 31.0, 60], ["Kiwi", "Cy Dorn", 12.0, 95]])
    r = formula("which pet is the heaviest", s, method="rules")
    assert r.formula == "=INDEX(A2:A4,MATCH(MAX(C2:C4),C2:C4,0))" and r.value == "Rex"


def test_name_of_the_column_named_is_that_column_not_the_people():
    s = schema_from_rows([["Owner", "Dog", "Minutes", "Price"], ["Ann Lee", "Bailey", 45, 30],
                          ["Bo Chan", "Teddy", 90, 55], ["Cy Dorn", "Nova", 60, 40]])
    r = formula("name of the dog with the longest appointment (minutes)", s, method="rules")
    assert r.value == "Teddy"


def test_a_lookup_asked_as_cha_yi_xia():
    s = schema_from_rows([["房号", "租户", "联系电话"], ["101", "王芳", "138-1234-5678"], ["102", "李强", "139-9876-5432"]])
    r = formula("帮我查下李强手机号", s, method="rules")
    assert r.value == "139-9876-5432"


def test_both_marks_at_or_above_a_score_with_fen_and_a_quoted_label():
    s = schema_from_rows([["姓名", "笔试", "面试"], ["王芳", 85, 90], ["李强", 85, 70], ["赵敏", 80, 80]])
    r = formula("笔试面试都在80分及以上的标“优秀”，否则空白", s, "D2", method="rules")
    assert r.formula == '=IF(AND(B2>=80,C2>=80),"优秀","")' and r.value == "优秀"
    assert _at(r, s, 3) == "" and _at(r, s, 4) == "优秀"


def test_a_year_that_beat_the_year_before():
    s = schema_from_rows([["Block", "2024", "2025"], ["North", 10, 12], ["South", 9, 7]])
    r = formula("write UP if 2025 beat 2024, otherwise DOWN", s, "D2", method="rules")
    assert r.formula == '=IF(C2>B2,"UP","DOWN")' and r.value == "UP" and _at(r, s, 3) == "DOWN"


def test_quoted_labels_after_as_and_others():
    s = schema_from_rows([["Order", "Amount"], ["A1", 6000], ["A2", 2500]])
    r = formula('label orders where Amount is 5000 or more as "Big", others "Small"', s, "C2", method="rules")
    assert r.value == "Big" and _at(r, s, 3) == "Small"


def test_days_to_a_cut_off_stay_blank_where_the_date_is_missing():
    s = schema_from_rows([["房号", "业主", "缴费日期"], ["101", "王芳", dt.date(2026, 12, 1)],
                          ["102", "李强", None], ["103", "赵敏", dt.date(2026, 12, 21)]])
    r = formula("截止2026年12月31日，每户缴费后过了多少天，没缴的空着", s, "D2", method="rules")
    assert r.formula == '=IF(C2="","",DATE(2026,12,31)-C2)' and r.value == 30
    assert _at(r, s, 3) == "" and _at(r, s, 4) == 10


def test_days_between_two_dates_blank_while_the_later_one_is_missing():
    s = schema_from_rows([["Book", "Checked Out", "Returned"], ["Emma", dt.date(2026, 3, 1), dt.date(2026, 3, 11)],
                          ["Dune", dt.date(2026, 3, 2), None]])
    r = formula("days each book was out (returned minus checked out), blank if not returned yet", s, "D2",
                method="rules")
    assert r.value == 10 and _at(r, s, 3) == ""


@pytest.fixture
def patients():
    return schema_from_rows([["Appt", "Patient", "Dentist", "Fee"], ["A1", "Alice Brook", "Dr Stone", 80],
                             ["A2", "Omar Ali", "Dr Park", 60]])


def test_a_first_name_on_the_column_of_people_when_none_is_named(patients):
    r = formula("first name only in a new column", patients, "E2", method="rules")
    assert r.value == "Alice" and _at(r, patients, 3) == "Omar"


def test_initials_of_the_people(patients):
    r = formula("initials for each patient", patients, "E2", method="rules")
    assert r.value == "AB" and _at(r, patients, 3) == "OA"


def test_join_month_is_the_month_of_the_join_date_not_a_join():
    s = schema_from_rows([["Member", "Join Date", "Fee"], ["Ann", dt.date(2025, 3, 9), 30], ["Bo", dt.date(2025, 11, 2), 45]])
    r = formula("join month (as a number) for every member", s, "D2", method="rules")
    assert r.formula == "=MONTH(B2)" and r.value == 3 and _at(r, s, 3) == 11
