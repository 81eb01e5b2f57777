"""One-cell answers read the way people type them (issue 16 items 2, 3, 5).

The words that say where the numbers come from ("billed", "shipped", 采购, 寄),
the parts of a header a request names (退款 of 退款金额), units (小时, 万, days),
shorter forms of values (Acme for Acme Paper, 华强 for 华强电子, 三班 for 高一(3)班),
which money column "spend" means (the line amount, not the unit cost), "how much
is one X" (the unit price of that row), "有退款的" (a non-zero amount) and "how many
people" on a sheet that keeps a head count.  Sheets written here, not the dev sets'.
Each answer's computed value is asserted, and each rule keeps a refusal.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _ask(request, sheet):
    return formula(request, sheet, method="rules")


@pytest.fixture
def orders():
    return schema_from_rows([
        ["PO", "Vendor", "Item", "Qty", "Unit Cost", "Amount"],
        ["P1", "Acme Paper", "Stapler", 4, 12.5, 50.0],
        ["P2", "Nordic Tools", "Drill", 2, 80.0, 160.0],
        ["P3", "Acme Paper", "Binder", 10, 3.0, 30.0],
        ["P4", "Lumen Office", "Lamp", 3, 25.0, 75.0],
        ["P5", "Nordic Tools", "Saw", 1, 40.0, 40.0],
    ])


@pytest.fixture
def caigou():
    return schema_from_rows([
        ["单号", "供应商", "物料", "数量", "单价", "金额"],
        ["C1", "华强电子", "电阻", 100, 0.5, 50.0],
        ["C2", "鑫达五金", "螺丝", 200, 0.2, 40.0],
        ["C3", "华强电子", "电容", 50, 2.0, 100.0],
        ["C4", "顺安包装", "纸箱", 20, 5.0, 100.0],
    ])


@pytest.fixture
def stores():
    return schema_from_rows([
        ["日期", "门店", "客流量", "营业额", "退款金额"],
        [dt.date(2026, 11, 1), "一号店", 300, 5000.0, 0],
        [dt.date(2026, 11, 1), "二号店", 200, 3000.0, 120.0],
        [dt.date(2026, 11, 2), "一号店", 320, 5200.0, 0],
        [dt.date(2026, 11, 2), "二号店", 180, 2800.0, 60.0],
    ])


@pytest.fixture
def overtime():
    return schema_from_rows([
        ["姓名", "班级", "周末加班(小时)", "预算（万元）"],
        ["赵一", "高一(3)班", 6, 1.5],
        ["钱二", "高一(2)班", 4, 2.0],
        ["孙三", "高一(3)班", 0, 3.0],
    ])


def test_context_words_and_header_parts_are_read(orders, caigou, stores):
    assert _ask("total amount billed", orders).value == 355
    assert _ask("采购总金额是多少", caigou).value == 290
    assert _ask("退款总额", stores).value == 180  # 退款 names 退款金额
    with pytest.raises(TaskError):  # a word that may pick rows is still never skipped
        _ask("total amount billed to the hospital", orders)


def test_units_of_the_column_named(overtime):
    assert _ask("周末加班时长合计", overtime).value == 10
    assert _ask("总预算多少万", overtime).value == 6.5
    with pytest.raises(TaskError):  # a unit of no column named is not a unit
        _ask("周末加班一共多少公斤", overtime)


def test_short_forms_of_values(orders, caigou, overtime):
    assert _ask("number of orders from acme", orders).value == 2
    assert _ask("鑫达一共下了几单", caigou).value == 1
    assert _ask("从华强那家买了多少钱的货", caigou).value == 150
    assert _ask("三班多少人", overtime).value == 2
    assert _ask("高一2班周末加班合计", overtime).value == 4
    with pytest.raises(TaskError):  # "tools" is no vendor's own word: Nordic Tools only by "nordic"
        _ask("number of orders from tools inc", orders)


def test_spend_means_the_line_amount_and_one_x_its_unit_price(orders, caigou):
    assert _ask("total spend on all orders", orders).value == 355
    assert _ask("how much did we spend with Nordic Tools", orders).value == 200
    assert _ask("average unit cost", orders).value == 32.1
    assert _ask("电容多少钱一个", caigou).value == 2
    assert _ask("how much is one drill", orders).value == 80
    with pytest.raises(TaskError):  # a unit price of two rows is no one price
        _ask("华强电子的多少钱一个", caigou)


def test_has_an_amount_and_people_counts(stores):
    assert _ask("有退款的记录有多少条", stores).value == 2
    assert _ask("一共来了多少人", stores).value == 1000
    with pytest.raises(TaskError):  # 没有退款: a negation, never read as "有退款"
        _ask("没有退款的记录有多少条", stores)


@pytest.fixture
def lets():
    return schema_from_rows([
        ["Unit", "Tenant", "Moved In", "Monthly Rent", "Insurance %", "Regular Hrs"],
        ["1A", "Ana Ruiz", dt.date(2024, 1, 5), 1200, 0.5, 10],
        ["2C", "Ben Ode", dt.date(2023, 6, 1), 1500, 0.25, 20],
        ["3B", "Cy Lam", dt.date(2025, 2, 10), 1350, 0.75, 5],
    ])


def test_who_when_and_codes_answer_with_their_column(lets):
    assert _ask("who lives in 2C?", lets).value == "Ben Ode"  # Tenant: the column of names
    assert _ask("who has the highest rent", lets).value == "Ben Ode"
    assert _ask("when did Cy Lam move in", lets).formula == '=INDEX(C2:C4,MATCH("Cy Lam",B2:B4,0))'
    with pytest.raises(TaskError):  # "who lives in 9Z": no such unit, no row to answer with
        _ask("who lives in 9Z?", lets)


def test_a_word_only_one_header_holds_names_it(lets):
    assert _ask("total regular hours", lets).value == 35
    assert _ask("mean insurance percentage", lets).value == 0.5
    with pytest.raises(TaskError):  # "irregular" is no header's word
        _ask("total irregular hours", lets)


@pytest.fixture
def visits():
    return schema_from_rows([
        ["Visit Date", "Patient", "Date of Birth", "Fee"],
        [dt.date(2026, 10, 3), "Ava Brooks", dt.date(1990, 10, 1), 120],
        [dt.date(2026, 10, 28), "Leo Hart", dt.date(1985, 3, 9), 80],
        [dt.date(2026, 11, 2), "Mia Cole", dt.date(2001, 10, 20), 200],
    ])


def test_months_and_days_as_conditions(visits, stores):
    assert _ask("how many visits in October", visits).value == 2  # the visit date, not the birthday
    assert _ask("total fee on october 28", visits).value == 80
    assert _ask("11月2日二号店的营业额", stores).value == 2800
    assert _ask("2号二号店卖了多少", stores).value == 2800  # the data's one month; no quantity: the amount
    with pytest.raises(TaskError):  # no 31st of November
        _ask("11月31日二号店的营业额", stores)


def test_a_header_word_takes_a_comparison():
    s = schema_from_rows([["房号", "租户", "月租金", "押金"], ["101", "赵一", 3800, 1000],
                          ["102", "钱二", 4500, 1000], ["103", "孙三", 5200, 2000]])
    assert _ask("租金超过4000的房子有几套", s).value == 2  # 租金 of 月租金
    with pytest.raises(TaskError):  # 租期 is no header's word
        _ask("租期超过4000的有几套", s)
