"""Status pairs decided by a column being filled in, and labels typed in lower case (issue 16,
round 16: statuspair.py, rowstates.py, rowlabels.py).

"Returned or On loan", "delivered/pending per parcel", "未还/已还" on a date kept as text,
"自取还是配送" on a 配送地址 column left blank for the others: the request names two labels and no
condition; the column that one label names says which rows get it.  Three labels, a pair whose
other label names nothing not done, or two columns it could be: no answer.  "hot/cold" typed in
lower case shows "Hot" / "Cold".  Sheets written here; values checked by the engine.
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
def library():
    return schema_from_rows([
        ["Book", "Borrower", "Lent", "Return date", "Pages"],
        ["Dune", "Ann", dt.date(2026, 10, 1), dt.date(2026, 10, 20), 412],
        ["Emma", "Bob", dt.date(2026, 11, 2), None, 380],
        ["Ulysses", "Cy", dt.date(2026, 11, 9), dt.date(2026, 11, 30), 730],
        ["Beloved", "Di", dt.date(2026, 11, 20), None, 324],
    ])


@pytest.mark.parametrize("request_, done, undone", [
    ("Returned or On loan for each book", "Returned", "On loan"),
    ("returned/outstanding", "Returned", "Outstanding"),
    ("status: Returned / Not returned", "Returned", "Not returned"),
    ("show Pending or Returned in a new column", "Returned", "Pending"),
])
def test_a_pair_named_by_the_date_column(library, request_, done, undone):
    r = formula(request_, library, "G2", method="rules")
    assert r.formula == f'=IF(D2="","{undone}","{done}")'
    assert [r.value, _at(r, library, 3), _at(r, library, 4), _at(r, library, 5)] == [done, undone, done, undone]


@pytest.mark.parametrize("request_", [
    "Returned, Late or On loan",           # three labels: which rows are Late is not said
    "Returned / On loan / Lost",
    "Returned or Damaged",                 # Damaged is no not-done word: a condition is missing
    "Returned or On loan for Ann's books",  # another condition the pair does not read
])
def test_near_misses_are_refused(library, request_):
    with pytest.raises(TaskError):
        formula(request_, library, "G2", method="rules")


def test_two_columns_the_label_could_name_refuse():
    s = schema_from_rows([
        ["Job", "Shipped date", "Ship by", "Qty"],
        ["A1", dt.date(2026, 5, 1), None, 3],
        ["A2", None, dt.date(2026, 6, 1), 4],
    ])
    with pytest.raises(TaskError):
        formula("Open or Shipped", s, "E2", method="rules")


def test_a_lower_case_pair_is_shown_capitalised():
    s = schema_from_rows([
        ["Day", "Temp", "Rain"],
        ["Mon", 31, 0],
        ["Tue", 18, 4],
    ])
    r = formula("label each day hot/cold (hot = temp 25+)", s, "D2", method="rules")
    assert r.formula == '=IF(B2>=25,"Hot","Cold")'


@pytest.fixture
def repairs():
    return schema_from_rows([
        ["单号", "送修日期", "取件时间", "配送地址", "费用", "顾客"],
        ["A01", dt.date(2026, 11, 1), "14:30", None, 80, "王芳"],
        ["A02", dt.date(2026, 11, 2), None, "长安路5号", 120, "李强"],
        ["A03", dt.date(2026, 11, 3), "09:10", "北门3栋", 60, "王芳"],
    ])


@pytest.mark.parametrize("request_", ["待取/已取", "取件状态：待取还是已取"])
def test_a_time_kept_as_text_says_whether_the_step_is_done(repairs, request_):
    r = formula(request_, repairs, "G2", method="rules")
    assert r.formula == '=IF(C2="","待取","已取")'
    assert [r.value, _at(r, repairs, 3), _at(r, repairs, 4)] == ["已取", "待取", "已取"]


@pytest.mark.parametrize("request_", ["自取还是配送", "区分配送和自取，新列", "每单标自取/配送"])
def test_a_chinese_pair_named_by_a_column_left_blank(repairs, request_):
    r = formula(request_, repairs, "G2", method="rules")
    assert r.formula == '=IF(D2="","自取","配送")'
    assert [r.value, _at(r, repairs, 3), _at(r, repairs, 4)] == ["自取", "配送", "配送"]


def test_a_chinese_pair_whose_other_label_is_a_value_refuses(repairs):
    """王芳 is a customer of the sheet, not the label of the rows without an address."""
    with pytest.raises(TaskError):
        formula("王芳还是配送", repairs, "G2", method="rules")


@pytest.fixture
def jobs():
    return schema_from_rows([
        ["Job", "Grade", "Hours"],
        ["J1", "A", 3],
        ["J2", "C", 9],
        ["J3", "A", 12],
    ])


@pytest.mark.parametrize("request_", [
    "mark Long if hours over 8, Short for the rest",
    "Long when hours > 8, and Short for everyone else",
    "Long if hours over 8; Short for all the others",
])
def test_the_other_rows_label_said_before_for_the_rest(jobs, request_):
    r = formula(request_, jobs, "D2", method="rules")
    assert r.formula == '=IF(C2>8,"Long","Short")'
    assert [r.value, _at(r, jobs, 3), _at(r, jobs, 4)] == ["Short", "Long", "Long"]
