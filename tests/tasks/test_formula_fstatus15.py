"""Status labels of several clauses with one for the empty rows (issue 16, round 15, rowblank.py).

"Pass if the score is 60 or more, Fail if lower, Absent when the score is blank", "Returned if there's a
return date, Late if the due date is before 1 Dec 2026, otherwise On loan", "days since the last
service, blank if no service date": the clause for the empty (or filled-in) rows goes outside the
rule the other clauses make.  A lead-in that only asks for the column ("Add a column that says ...")
is no label.  Sheets written here; values checked by the engine.
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
def exams():
    return schema_from_rows([
        ["Student", "Class", "Score", "Resit"],
        ["Amy", "7A", 72, None],
        ["Ben", "7A", 41, 66],
        ["Cara", "7B", None, None],
        ["Dev", "7B", 90, None],
    ])


@pytest.mark.parametrize("request_, label", [
    ("Pass if the score is 60 or more, Fail if lower, Absent when the score is blank", "Absent"),
    ("Absent if the score is empty, Pass if score >= 60, otherwise Fail", "Absent"),
    ("Pass if score >= 60, Fail otherwise, blank score = Absent", "Absent"),
    ("Pass if score >= 60, Fail if not, and Absent when it's blank", "Absent"),
    ("Pass if score >= 60, Fail otherwise, Absent for blank scores", "Absent"),
    ("Pass if score >= 60, Fail otherwise, leave it blank if there's no score", ""),
])
def test_the_empty_rows_get_their_own_label_before_the_rule(exams, request_, label):
    r = formula(request_, exams, "E2", method="rules")
    lab = f'"{label}"'
    assert r.formula == f'=IF(C2="",{lab},IF(C2>=60,"Pass","Fail"))'
    assert [r.value, _at(r, exams, 3), _at(r, exams, 4), _at(r, exams, 5)] == ["Pass", "Fail", label, "Pass"]


def test_three_bands_and_a_blank(exams):
    r = formula("Distinction if score >= 85, Pass if score >= 60, Fail otherwise, Absent if the score is missing",
                exams, "E2", method="rules")
    assert r.formula == '=IF(C2="","Absent",IF(C2>=85,"Distinction",IF(C2>=60,"Pass","Fail")))'
    assert [r.value, _at(r, exams, 3), _at(r, exams, 4), _at(r, exams, 5)] == ["Pass", "Fail", "Absent", "Distinction"]


@pytest.mark.parametrize("request_", [
    # the blank test of a column the rule does not read guards nothing it reads
    "Pass if score >= 60, Fail otherwise, Absent if the resit is blank",
    # two blank clauses: which comes first? not said
    "Pass if score >= 60, Fail otherwise, Absent if the score is blank, None if the resit is empty",
])
def test_a_blank_clause_on_another_column_is_refused(exams, request_):
    with pytest.raises(TaskError):
        formula(request_, exams, "E2", method="rules")


@pytest.fixture
def loans():
    return schema_from_rows([
        ["Book", "Member", "Borrowed", "Due", "Returned"],
        ["Dune", "Kim", dt.date(2026, 11, 1), dt.date(2026, 11, 22), dt.date(2026, 11, 20)],
        ["Emma", "Lee", dt.date(2026, 11, 5), dt.date(2026, 11, 26), None],
        ["Ivanhoe", "Max", dt.date(2026, 11, 20), dt.date(2026, 12, 11), None],
    ])


@pytest.mark.parametrize("request_", [
    "Returned if there's a returned date, Late if the due date is before 1 Dec 2026, otherwise On loan",
    "Returned when the returned date is filled in, Late if not returned and the due date is before 1 Dec 2026, "
    "otherwise On loan",
    "status column: Returned if it has a returned date, Late if it hasn't been returned and the due date is "
    "before today (1 Dec 2026), otherwise On loan",
])
def test_the_filled_rows_label_comes_first_then_the_rule_for_the_others(loans, request_):
    r = formula(request_, loans, "F2", method="rules")
    assert r.formula == '=IF(E2<>"","Returned",IF(D2<DATE(2026,12,1),"Late","On loan"))'
    assert [r.value, _at(r, loans, 3), _at(r, loans, 4)] == ["Returned", "Late", "On loan"]


@pytest.mark.parametrize("request_", [
    "On loan if the returned date is blank, otherwise Returned",
    "Returned if there's a returned date, On loan if the returned date is empty",
    "Add a column that says On loan if the returned date is empty, otherwise Returned",
])
def test_two_states_of_one_date_column(loans, request_):
    r = formula(request_, loans, "F2", method="rules")
    assert r.formula in ('=IF(E2="","On loan","Returned")', '=IF(E2<>"","Returned","On loan")')
    assert [r.value, _at(r, loans, 3)] == ["Returned", "On loan"]


@pytest.fixture
def deals():
    return schema_from_rows([
        ["Deal", "Stage", "Value"],
        ["D1", "Closed Won", 500],
        ["D2", "Proposal", 300],
        ["D3", "Closed Lost", 200],
    ])


@pytest.mark.parametrize("request_", [
    "Add a column that says Done if the stage is Closed Won or Closed Lost, and Live otherwise",
    "I need a column showing Done if the stage is Closed Won or Closed Lost, otherwise Live",
    "Done if stage is Closed Won or Closed Lost, and Live otherwise",
])
def test_a_lead_in_and_a_trailing_otherwise_are_not_labels(deals, request_):
    r = formula(request_, deals, "D2", method="rules")
    assert r.formula == '=IF(OR(B2="Closed Won",B2="Closed Lost"),"Done","Live")'
    assert [r.value, _at(r, deals, 3), _at(r, deals, 4)] == ["Done", "Live", "Done"]


@pytest.fixture
def vans():
    return schema_from_rows([
        ["Van", "Last service", "Miles"],
        ["V1", dt.date(2026, 11, 7), 1200],
        ["V2", None, 800],
        ["V3", dt.date(2026, 12, 1), 300],
    ])


@pytest.mark.parametrize("request_", [
    "Today is 7 Dec 2026. Days since each van's last service, blank if no service",
    "Today is 7 Dec 2026. Days since each van's last service, leave it blank if the last service is empty",
])
def test_a_value_left_blank_for_the_empty_rows(vans, request_):
    r = formula(request_, vans, "D2", method="rules")
    assert r.formula == '=IF(B2="","",DATE(2026,12,7)-B2)'
    assert [r.value, _at(r, vans, 3), _at(r, vans, 4)] == [30, "", 6]


@pytest.fixture
def trips():
    return schema_from_rows([
        ["日期", "用车人", "停车费", "发票号"],
        [dt.date(2026, 12, 1), "王磊", 15, "F001"],
        [dt.date(2026, 12, 2), "李娜", None, None],
        [dt.date(2026, 12, 3), "赵强", 20, None],
    ])


@pytest.mark.parametrize("request_", [
    "停车费没填的标“未报”，填了的标“已报”",
    "停车费没填的标未报，填了的标已报",
    "停车费为空的写未报，有停车费的写已报",
    "停车费空着的就是未报，否则就是已报",
    "停车费是空的就写未报，不为空的写已报，加一列",
])
def test_zh_a_label_for_the_empty_rows_and_one_for_the_others(trips, request_):
    r = formula(request_, trips, "E2", method="rules")
    assert r.formula == '=IF(C2="","未报","已报")'
    assert [r.value, _at(r, trips, 3), _at(r, trips, 4)] == ["已报", "未报", "已报"]


@pytest.mark.parametrize("request_", [
    "停车费空着的写未报，有发票的写已报",  # the other clause names another column: two conditions, not one
])
def test_zh_a_pair_whose_other_clause_names_another_column_is_refused(trips, request_):
    with pytest.raises(TaskError):
        formula(request_, trips, "E2", method="rules")


@pytest.fixture
def orders():
    return schema_from_rows([
        ["日期", "品名", "金额", "外送平台"],
        [dt.date(2026, 12, 1), "炒饭", 28, "美团"],
        [dt.date(2026, 12, 1), "汤面", 22, None],
    ])


@pytest.mark.parametrize("request_", [
    "外送平台是空的就是店内，有平台的就是外送",
    "外送平台为空的标店内，否则标外送",
])
def test_zh_a_label_that_is_part_of_the_columns_name(orders, request_):
    r = formula(request_, orders, "E2", method="rules")
    assert r.formula == '=IF(D2="","店内","外送")'
    assert [r.value, _at(r, orders, 3)] == ["外送", "店内"]


@pytest.fixture
def drivers():
    return schema_from_rows([
        ["Driver", "Drops", "On time", "Complaints"],
        ["Ann", 200, 190, 1],
        ["Bob", 150, 120, 4],
    ])


@pytest.mark.parametrize("request_, want", [
    ("Review if on time / drops is below 90%, otherwise OK", '=IF(C2/B2<0.9,"Review","OK")'),
    ("Review if on time divided by drops is under 90%, else OK", '=IF(C2/B2<0.9,"Review","OK")'),
    ("Good if on time / drops >= 95%, otherwise Check", '=IF(C2/B2>=0.95,"Good","Check")'),
])
def test_a_quotient_of_two_columns_against_a_threshold(drivers, request_, want):
    r = formula(request_, drivers, "E2", method="rules")
    assert r.formula == want
    assert _at(r, drivers, 3) == ("Review" if "Review" in want else "Check")


def test_a_date_before_today_said_without_a_date(loans):
    r = formula("Returned if there's a returned date, Late if the due date is before today, otherwise On loan",
                loans, "F2", method="rules")
    assert r.formula == '=IF(E2<>"","Returned",IF(D2<TODAY(),"Late","On loan"))'
