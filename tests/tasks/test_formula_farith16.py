"""A sales tax added to a row's amount (issue 16, round 16, rowvat.py).

"charge inc vat", "what would each fee be with 20% VAT on top", "labour x rate plus VAT, 2dp": the
tax clause is read apart, the rest is the amount, the amount is multiplied by 1 + the percent (said,
or VAT's standard 20% when the sheet has no tax column).  A reading that dropped the tax is no
answer.  Sheets written here; values checked by the engine.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def repairs():
    return schema_from_rows([
        ["Date", "Customer", "Labour hrs", "Hourly rate", "Fee", "Parts"],
        [dt.date(2026, 3, 2), "Iris", 2, 40, 80, 15],
        [dt.date(2026, 3, 3), "Omar", 1.5, 40, 60, 0],
        [dt.date(2026, 3, 5), "Lena", 3, 35, 105, 22.5],
    ])


@pytest.fixture
def invoices():
    return schema_from_rows([
        ["Invoice", "Client", "Net", "VAT", "Due"],
        ["A1", "Iris", 100, 20, dt.date(2026, 4, 1)],
        ["A2", "Omar", 250, 50, dt.date(2026, 4, 8)],
    ])


@pytest.mark.parametrize("request_, expected", [
    ("fee inc vat", "=E2*1.2"),
    ("Fee incl. VAT", "=E2*1.2"),
    ("what would each fee be with 20% VAT on top", "=E2*1.2"),
    ("fee, VAT included", "=E2*1.2"),
    ("fee (inc vat)", "=E2*1.2"),
    ("fee including VAT at 17.5%", "=E2*1.175"),
    ("fee plus 5% GST", "=E2*1.05"),
    ("add 20% VAT to the fee", "=E2*1.2"),
])
def test_a_tax_on_one_column(repairs, request_, expected):
    r = formula(request_, repairs, "G2", method="rules")
    assert r.formula == expected
    assert r.value == pytest.approx(80 * float(expected.split("*")[1]))


def test_a_tax_on_a_product_is_not_dropped(repairs):
    r = formula("labour hrs x hourly rate inc vat", repairs, "G2", method="rules")
    assert r.formula == "=(C2*D2)*1.2"
    assert r.value == pytest.approx(96)


def test_a_tax_on_a_sum_rounded_after_the_tax(repairs):
    r = formula("add vat at 20% to fee+parts, round to 2 dp", repairs, "G4", method="rules")
    assert r.formula == "=ROUND((E4+F4)*1.2,2)"
    assert r.value == pytest.approx(153)
    r = formula("fee inc vat, nearest £", repairs, "G2", method="rules")
    assert r.formula == "=ROUND(E2*1.2,0)"


def test_inc_vat_beside_a_vat_column_adds_the_column(invoices):
    # the sheet holds the tax: no rate is assumed
    r = formula("net inc vat", invoices, "F2", method="rules")
    assert r.formula == "=C2+D2"


@pytest.mark.parametrize("request_", [
    "fee plus tax",  # a tax without its rate is no VAT: which rate?
    "vat on each fee",  # the tax alone, not the amount with it
])
def test_near_misses_are_refused(repairs, request_):
    with pytest.raises(TaskError):
        formula(request_, repairs, "G2", method="rules")


@pytest.fixture
def orders():
    return schema_from_rows([
        ["Order", "Customer", "Qty", "Unit price", "Subtotal", "Discount", "Deposit", "Start", "End"],
        ["S1", "Iris", 3, 12, 36, 4, 10, dt.time(9, 0), dt.time(10, 30)],
        ["S2", "Omar", 2, 15, 30, None, 5, dt.time(11, 0), dt.time(11, 45)],
        ["S3", "Lena", 5, 10, 50, 6, 0, dt.time(13, 15), dt.time(15, 15)],
    ])


@pytest.mark.parametrize("request_, expected, value", [
    ("subtotal after discount", "=E2-F2", 32),
    ("subtotal after the deposit", "=E2-G2", 26),
    ("subtotal net of discount", "=E2-F2", 32),
    ("what's each subtotal once the deposit has been taken off", "=E2-G2", 26),
    ("subtotal with the discount deducted", "=E2-F2", 32),
    ("qty x unit price after discount", "=C2*D2-F2", 32),
    ("qty times unit price minus the discount if there is one", "=C2*D2-F2", 32),
])
def test_a_deduction_said_without_a_minus(orders, request_, expected, value):
    r = formula(request_, orders, "J2", method="rules")
    assert r.formula == expected
    assert r.value == pytest.approx(value)


def test_a_deduction_rounded_after_it(orders):
    r = formula("subtotal after discount, 2dp", orders, "J2", method="rules")
    assert r.formula == "=ROUND(E2-F2,2)"


@pytest.mark.parametrize("request_", [
    "the start after the discount",  # a time minus money: the rewrite reads, the checks refuse
    "subtotal after the customer",  # a name deducted: the rewrite reads nothing
])
def test_deduction_near_misses_are_refused(orders, request_):
    with pytest.raises(TaskError):
        formula(request_, orders, "J2", method="rules")


@pytest.mark.parametrize("request_, expected", [
    ("length of each order in minutes", "=(I2-H2)*1440"),
    ("order length in hours", "=(I2-H2)*24"),
])
def test_a_length_in_hours_or_minutes_is_a_time_span(orders, request_, expected):
    r = formula(request_, orders, "J2", method="rules")
    assert r.formula == expected


def test_length_of_a_name_is_still_its_characters(orders):
    assert formula("length of the customer name", orders, "J2", method="rules").formula == "=LEN(B2)"


@pytest.fixture
def zh_orders():
    return schema_from_rows([
        ["单号", "客户", "数量", "单价", "金额", "优惠", "定金"],
        ["D1", "张三", 3, 12, 36, 4, 10],
        ["D2", "李四", 2, 15, 30, None, 5],
        ["D3", "王五", 5, 10, 50, 6, 0],
    ])


@pytest.mark.parametrize("request_, expected", [
    ("扣除优惠以后的金额", "=E2-F2"),
    ("减掉定金之后的金额", "=E2-G2"),
    ("金额去掉优惠", "=E2-F2"),
])
def test_a_chinese_deduction_said_without_a_minus(zh_orders, request_, expected):
    assert formula(request_, zh_orders, "H2", method="rules").formula == expected


@pytest.fixture
def fapiao():
    return schema_from_rows([
        ["发票号码", "客户名称", "金额(不含税)", "税率", "税额"],
        ["F1", "甲公司", 1000, 0.13, 130],
        ["F2", "乙公司", 500, 0.06, 30],
        ["F3", "丙公司", 800, 0.13, 104],
    ])


@pytest.mark.parametrize("request_", ["金额加税额", "不含税金额+税额", "每张发票的含税金额（金额加税额）"])
def test_a_tax_column_said_is_added_beside_a_rate_column(fapiao, request_):
    # 税额 is a column of its own: it is added, not re-derived as 金额 × 税率
    r = formula(request_, fapiao, "F2", method="rules")
    assert r.formula == "=C2+E2"
    assert r.value == pytest.approx(1130)
