"""Conditional totals and counts said in other words (issue 16, round 16: undone.py, qualified.py,
rowevents.py).

- Rows not done yet named by their state: "open jobs", "outstanding bills", "how much am I still
  owed" are the rows whose done-date (Closed, Paid) is still empty, with the request's other
  conditions; an answer that leaves the state out (all of a person's jobs) is refused.
- A header's bracketed qualifier said in front of it: 金额(不含税) as 不含税金额.
- A Chinese row verb that only the event's own headers hold (借 beside 借阅日期, 借阅人) names no rows.

Sheets written here; values checked by the engine.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows

D = dt.datetime


@pytest.fixture
def jobs():
    return schema_from_rows([
        ["Job", "Logged", "Engineer", "Closed", "Closed at", "Fee"],
        ["J1", D(2026, 3, 1), "Maria", D(2026, 3, 2), "10:00", 120],
        ["J2", D(2026, 3, 3), "Maria", None, "", 80],
        ["J3", D(2026, 3, 4), "Salim", None, "", 50],
        ["J4", D(2026, 3, 5), "Salim", D(2026, 3, 9), "11:30", 200],
        ["J5", D(2026, 3, 6), "Maria", None, "", 40],
    ])


@pytest.fixture
def bills():
    return schema_from_rows([
        ["Bill", "Client", "Amount", "Paid date"],
        ["B1", "Acme Foods", 300, D(2026, 5, 1)],
        ["B2", "Acme Foods", 150, None],
        ["B3", "Birch Ltd", 90, None],
        ["B4", "Birch Ltd", 60, D(2026, 5, 3)],
    ])


@pytest.mark.parametrize("request_, want, value", [
    ("how many open jobs does Maria have", '=COUNTIFS(C2:C6,"Maria",D2:D6,"")', 2),  # the closed-date column ends blank: not first (ifsorder)
    ("number of jobs for Salim that are still open", '=COUNTIFS(C2:C6,"Salim",D2:D6,"")', 1),
    ("total fee on open jobs", '=SUMIFS(F2:F6,D2:D6,"")', 170),
])
def test_open_rows_are_those_with_no_closed_date(jobs, request_, want, value):
    r = formula(request_, jobs, "H1", method="rules")
    assert (r.formula, r.value) == (want, value)


@pytest.mark.parametrize("request_, want, value", [
    ("how much am I still owed?", '=SUMIFS(C2:C5,D2:D5,"")', 240),
    ("how much are we owed by Birch Ltd", '=SUMIFS(C2:C5,D2:D5,"",B2:B5,"Birch Ltd")', 90),
    ("total amount outstanding", '=SUMIFS(C2:C5,D2:D5,"")', 240),
    ("how many bills are unpaid for Acme", '=COUNTIFS(D2:D5,"",B2:B5,"Acme Foods")', 1),
])
def test_money_owed_is_the_amount_on_rows_with_no_paid_date(bills, request_, want, value):
    r = formula(request_, bills, "F1", method="rules")
    assert (r.formula, r.value) == (want, value)


def test_a_status_value_open_is_read_as_that_value():
    s = schema_from_rows([
        ["Case", "Status", "Closed", "Hours"],
        ["C1", "Open", None, 3],
        ["C2", "Done", D(2026, 1, 2), 5],
        ["C3", "Open", D(2026, 1, 4), 2],
    ])
    r = formula("total hours on open cases", s, "F1", method="rules")
    assert r.formula == '=SUMIF(B2:B4,"Open",D2:D4)'


def test_owed_beside_a_paid_amount_is_not_read_as_blank_dates():
    # Paid is an amount here too: what is owed may be Amount less Paid; never the blank dates' total
    s = schema_from_rows([
        ["Bill", "Amount", "Paid", "Paid date"],
        ["B1", 300, 300, D(2026, 5, 1)],
        ["B2", 150, 0, None],
    ])
    try:
        got = formula("how much am I still owed?", s, "F1", method="rules").formula
    except TaskError:
        return
    assert '"")' not in got


def test_a_state_word_an_answer_leaves_out_is_refused_not_dropped():
    # "pending" names Approved's blanks; with no Approved date column it is no condition read
    s = schema_from_rows([
        ["Claim", "Owner", "Approved", "Amount"],
        ["K1", "Ann", D(2026, 2, 1), 10],
        ["K2", "Ann", None, 20],
        ["K3", "Bo", None, 30],
    ])
    r = formula("how many pending claims does Ann have", s, "F1", method="rules")
    assert (r.formula, r.value) == ('=COUNTIFS(B2:B4,"Ann",C2:C4,"")', 1)  # Approved ends blank: not first (ifsorder)


@pytest.fixture
def invoices():
    return schema_from_rows([
        ["发票号", "客户", "金额(不含税)", "税额", "回款日期"],
        ["F01", "华光", 1000, 130, D(2026, 4, 1)],
        ["F02", "华光", 500, 65, None],
        ["F03", "启明", 800, 104, None],
    ])


@pytest.mark.parametrize("request_, want, value", [
    ("不含税金额合计", "=SUM(C2:C4)", 2300),
    ("华光的不含税金额一共多少", '=SUMIF(B2:B4,"华光",C2:C4)', 1500),
    ("还没回款的不含税的金额合计", '=SUMIFS(C2:C4,E2:E4,"")', 1300),
])
def test_a_bracketed_qualifier_said_before_the_header(invoices, request_, want, value):
    r = formula(request_, invoices, "G1", method="rules")
    assert (r.formula, r.value) == (want, value)


def test_a_unit_in_brackets_is_no_qualifier():
    from o3local.tasks.formula.qualified import qualifier_first

    assert qualifier_first("收入（万元）") == set()
    assert qualifier_first("数量(斤)") == set()
    assert qualifier_first("金额(不含税)") == {"不含税金额", "不含税的金额"}


@pytest.fixture
def lending():
    return schema_from_rows([
        ["借阅单号", "部门", "借阅人", "借阅日期", "页数"],
        ["JY01", "行政部", "王芳", D(2026, 3, 1), 12],
        ["JY02", "财务部", "李强", D(2026, 3, 2), 30],
        ["JY03", "行政部", "赵敏", D(2026, 3, 5), 8],
    ])


@pytest.mark.parametrize("request_", ["行政部一共借了多少次", "行政部借了几次"])
def test_the_rows_own_verb_beside_its_date_header_is_no_condition(lending, request_):
    r = formula(request_, lending, "G1", method="rules")
    assert (r.formula, r.value) == ('=COUNTIF(B2:B4,"行政部")', 2)


def test_a_verb_a_value_holds_is_still_not_passed_over():
    s = schema_from_rows([
        ["单号", "类型", "金额"],
        ["A1", "借款", 100],
        ["A2", "还款", 50],
        ["A3", "借款", 70],
    ])
    with pytest.raises(TaskError):
        formula("借了几次钱", s, "E1", method="rules")


@pytest.fixture
def stall():
    return schema_from_rows([
        ["Date", "Fair", "Flavour", "Size", "Qty", "Price"],
        [D(2026, 10, 3), "Whitby", "Honey", "Small", 4, 3],
        [D(2026, 10, 4), "Whitby", "Mint", "Large", 2, 5],
        [D(2026, 11, 7), "Ripon Fayre", "Honey", "Large", 6, 5],
        [D(2026, 11, 8), "Ripon Fayre", "Mint", "Small", 1, 3],
    ])


@pytest.mark.parametrize("request_, want, value", [
    ("how many soaps did we sell at Whitby", '=SUMIF(B2:B5,"Whitby",E2:E5)', 6),
    ("how many bars were sold at Ripon", '=SUMIF(B2:B5,"Ripon Fayre",E2:E5)', 7),
    ("how many honey soaps did I shift", '=SUMIF(C2:C5,"Honey",E2:E5)', 10),
])
def test_goods_sold_are_the_quantity_added_up(stall, request_, want, value):
    r = formula(request_, stall, "H1", method="rules")
    assert (r.formula, r.value) == (want, value)


def test_goods_sold_are_never_the_rows_counted(stall):
    # "how many times" counts the rows; the pieces reader leaves it alone
    r = formula("how many times did we sell at Whitby", stall, "H1", method="rules")
    assert r.formula == '=COUNTIF(B2:B5,"Whitby")'


def test_goods_sold_on_a_sheet_without_a_quantity_are_not_read_as_pieces():
    s = schema_from_rows([
        ["Date", "Fair", "Takings"],
        [D(2026, 10, 3), "Whitby", 40],
        [D(2026, 10, 4), "Ripon", 25],
    ])
    try:
        got = formula("how many soaps did we sell at Whitby", s, "E1", method="rules").formula
    except TaskError:
        return
    assert not got.startswith("=SUM")  # no column of pieces: Takings are no soaps


def test_goods_counted_in_their_own_measure_word_are_the_quantity():
    s = schema_from_rows([
        ["日期", "品名", "数量", "金额"],
        [D(2026, 5, 1), "牛肉面", 3, 54],
        [D(2026, 5, 1), "酸梅汤", 2, 10],
        [D(2026, 5, 2), "牛肉面", 4, 72],
    ])
    r = formula("牛肉面一共卖了几碗", s, "F1", method="rules")
    assert (r.formula, r.value) == ('=SUMIF(B2:B4,"牛肉面",C2:C4)', 7)
