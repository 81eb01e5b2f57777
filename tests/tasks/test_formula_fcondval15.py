"""Per-row differences floored at 0 by a closing clause (issue 16, round 15, rowfloor.py).

"how much over budget each event went, 0 if not", "实际支出比预算多多少，没超的记0", "qty short of
the reorder level (0 if enough)": the clause gives the rows whose difference is below 0 a 0, so the
formula is MAX(0, a-b).  A clause that names another condition ("0 if paid", "没交的记0") tests a
column, not the sign: refused here.  Phrasings written before the rule; sheets written here; values
checked by the engine.
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
def stock():
    return schema_from_rows([
        ["SKU", "Item", "Qty", "Reorder Level", "Unit Cost"],
        ["A1", "Bolts", 40, 50, 0.2],
        ["A2", "Nuts", 120, 60, 0.1],
        ["A3", "Washers", 10, 30, 0.05],
    ])


@pytest.fixture
def events():
    return schema_from_rows([
        ["活动名称", "预算", "实际支出", "负责人"],
        ["迎新晚会", 2000, 2350, "王磊"],
        ["读书会", 500, 420, "李娜"],
        ["篮球赛", 800, 800, "赵敏"],
    ])


@pytest.mark.parametrize("request_", [
    "how many fewer Qty than Reorder Level, 0 if not",
    "how much lower the qty is than the reorder level for each item, otherwise 0",
    "reorder level minus qty per row, no negatives",
    "reorder level minus qty (0 if enough)",
    "reorder level minus qty, or 0",
])
def test_shortfall_floored_en(stock, request_):
    r = formula(request_, sheet=stock, target_cell="F2", method="rules")
    assert r.formula == "=MAX(0,D2-C2)"
    assert [_at(r, stock, row) for row in (2, 3, 4)] == [10, 0, 20]


@pytest.mark.parametrize("request_", [
    "每个活动实际支出比预算多多少，没超的记0",
    "实际支出比预算多多少（没超就是0）",
    "实际支出比预算多出多少，否则为0",
    "实际支出减预算，负数记0",
    "实际支出比预算多多少，没超支的写0",
])
def test_overspend_floored_zh(events, request_):
    r = formula(request_, sheet=events, target_cell="E2", method="rules")
    assert r.formula == "=MAX(0,C2-B2)"
    assert [_at(r, events, row) for row in (2, 3, 4)] == [350, 0, 0]


def test_plain_difference_stays(events):
    r = formula("实际支出比预算多多少", sheet=events, target_cell="E2", method="rules")
    assert r.formula == "=C2-B2"


@pytest.mark.parametrize("request_", [
    "reorder level minus qty, 0 if paid",  # a condition on something else: not the sign
    "reorder level minus qty, 5 if not",  # not 0: another value, not a floor
])
def test_other_conditions_refused_en(stock, request_):
    with pytest.raises(TaskError):
        formula(request_, sheet=stock, target_cell="F2", method="rules")


def test_other_conditions_refused_zh(events):
    with pytest.raises(TaskError):
        formula("实际支出减预算，没交的记0", sheet=events, target_cell="E2", method="rules")


# --- rowsettled.py: 0 for the rows a settled column (Paid date, Returned) says are done ---------


@pytest.fixture
def invoices():
    d = dt.datetime
    return schema_from_rows([
        ["Invoice No", "Customer", "Due date", "Amount", "Paid date"],
        ["INV-1", "Acme", d(2026, 11, 20), 500, d(2026, 11, 25)],
        ["INV-2", "Bolt", d(2026, 11, 30), 300, None],
        ["INV-3", "Core", d(2026, 12, 20), 250, None],
    ], sheet="Invoices")


@pytest.mark.parametrize("request_", [
    "days overdue as at 7 Dec 2026, 0 if paid",
    "days overdue per invoice as at 7 Dec 2026 (0 if paid or not due yet)",
    "days overdue for each invoice as at 7 Dec 2026, 0 if it's been paid or isn't due yet",
    "days past the due date as at 7 Dec 2026 if it hasn't been paid yet, otherwise 0",
])
def test_days_overdue_zero_when_paid(invoices, request_):
    r = formula(request_, sheet=invoices, target_cell="F2", method="rules")
    assert r.formula == '=IF(E2<>"",0,MAX(0,DATE(2026,12,7)-C2))'
    assert [_at(r, invoices, row) for row in (2, 3, 4)] == [0, 7, 0]


def test_amount_zero_when_paid(invoices):
    r = formula("amount plus 10% late fee, 0 for the paid ones", sheet=invoices, target_cell="F2", method="rules")
    assert r.formula.startswith('=IF(E2<>"",0,')
    assert [_at(r, invoices, row) for row in (2, 3, 4)] == [0, 330, 275]


def test_days_overdue_without_the_paid_clause_stays_refused(invoices):
    with pytest.raises(TaskError):  # overdue depends on whether it was paid, which is not said
        formula("days overdue as at 7 Dec 2026", sheet=invoices, target_cell="F2", method="rules")


def test_zero_for_a_column_that_records_nothing_settled(invoices):
    with pytest.raises(TaskError):
        formula("amount per invoice, 0 if customer", sheet=invoices, target_cell="F2", method="rules")


def test_zh_zero_when_returned():
    d = dt.datetime
    s = schema_from_rows([
        ["日期", "经手人", "金额", "预计归还", "归还日期"],
        [d(2026, 11, 1), "王磊", 500, d(2026, 11, 20), d(2026, 11, 18)],
        [d(2026, 11, 5), "李娜", 300, d(2026, 11, 30), None],
    ], sheet="备用金")
    r = formula("金额减去50，已归还的记0", sheet=s, target_cell="F2", method="rules")
    assert r.formula == '=IF(E2<>"",0,C2-50)'
    assert [_at(r, s, row) for row in (2, 3)] == [0, 250]
