"""Status labels decided by a column being filled in, said in more ways (issue 16, round 16
wave 2: rowstates.py, rowlabels.py, rows._unread_column).

"已寄回/未寄回" and "报销状态：已报销/未报销": a 已/未 pair whose step has two characters, on the
date column that records it; "寄回日期有的写…，没有的写…": the column said before 有 / 没有;
"blank finish = Running, else Done" and "no delivered date" (the word "date" after a date column
headed by its verb, beside a sheet's own Date column).  A pair naming no column, or two labels
with different steps: no answer.  Sheets written here; values checked by the engine.
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
def loans():
    return schema_from_rows([
        ["单号", "借用人", "借出日期", "寄回日期", "押金"],
        ["J01", "王磊", dt.date(2026, 10, 3), dt.date(2026, 10, 20), 200],
        ["J02", "李娜", dt.date(2026, 11, 5), None, 300],
        ["J03", "赵强", dt.date(2026, 11, 9), dt.date(2026, 11, 28), 150],
        ["J04", "周敏", dt.date(2026, 11, 21), None, 100],
    ])


@pytest.mark.parametrize("request_", [
    "已寄回/未寄回",
    "寄回状态：未寄回/已寄回",
    "标一下已寄回还是未寄回",
    "寄回日期有的写已寄回，没有的写未寄回",
    "寄回日期没有的写未寄回，有的写已寄回",
    "没有寄回日期的标未寄回，有的就标已寄回",
])
def test_a_two_character_step_said_as_a_pair_or_by_its_column(loans, request_):
    r = formula(request_, loans, "F2", method="rules")
    assert r.formula in ('=IF(D2="","未寄回","已寄回")', '=IF(D2<>"","已寄回","未寄回")')
    assert [r.value, _at(r, loans, 3), _at(r, loans, 4), _at(r, loans, 5)] == ["已寄回", "未寄回", "已寄回", "未寄回"]


@pytest.mark.parametrize("request_", [
    "已寄回/未寄出",   # two steps: not one pair
    "已结清/未结清",   # no column records 结清
])
def test_pairs_that_name_no_one_step_are_refused(loans, request_):
    with pytest.raises(TaskError):
        formula(request_, loans, "F2", method="rules")


@pytest.fixture
def jobs():
    return schema_from_rows([
        ["Date", "Client", "Job", "Finish", "Delivered", "Fee"],
        [dt.date(2026, 11, 2), "Acme", "Logo", "16:30", dt.date(2026, 11, 9), 250],
        [dt.date(2026, 11, 4), "Bolt", "Site", None, None, 900],
        [dt.date(2026, 11, 6), "Crest", "Menu", "11:00", None, 120],
    ])


@pytest.mark.parametrize("request_", [
    "blank finish = Running, else Done",
    "Running if finish blank, otherwise Done",
    "Running if blank finish, else Done",
])
def test_a_blank_cell_said_before_or_after_its_column(jobs, request_):
    r = formula(request_, jobs, "G2", method="rules")
    assert r.formula == '=IF(D2="","Running","Done")'


@pytest.mark.parametrize("request_", [
    "Pending if no delivered date, otherwise Delivered",
    "Pending when the delivered date is empty, else Delivered",
])
def test_the_word_date_after_a_date_column_headed_by_its_verb(jobs, request_):
    r = formula(request_, jobs, "G2", method="rules")
    assert r.formula == '=IF(E2="","Pending","Delivered")'
    assert [r.value, _at(r, jobs, 3), _at(r, jobs, 4)] == ["Delivered", "Pending", "Pending"]


def test_the_sheets_own_date_column_is_never_blank_so_no_label_for_it(jobs):
    with pytest.raises(TaskError):
        formula("Pending if the date is blank, otherwise Delivered", jobs, "G2", method="rules")
