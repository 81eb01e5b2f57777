"""Per-row arithmetic, percentages and rounding on phrasings written here (issue 16: generalize).

Small sheets of this file's own: period columns added or averaged across a row (years,
months), prices per unit of a count column ("labour at £40 an hour", "迟到每次扣50"),
and a rounding clause read the same way for one-cell and per-row requests.  Values are
checked, not only the formula text.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.rows import rounding_clause
from o3local.tasks.formula.schema import schema_from_rows


def _at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)).replace("{p}", str(row - 1)), s).value


@pytest.fixture
def giving():
    return schema_from_rows([
        ["Donor", "Region", "2021", "2022", "2023", "Pledge"],
        ["Ames Trust", "North", 100.0, 250.0, 40.0, 500.0],
        ["Bo Lin", "South", 10.0, 20.0, 30.0, 100.0],
        ["Cora Fund", "North", 1000.0, 0.0, 500.0, 2000.0],
    ])


@pytest.fixture
def terms():
    return schema_from_rows([
        ["Pupil", "Form", "Jan", "Feb", "Mar"],
        ["Ann", "7A", 18, 19, 20],
        ["Ben", "7B", 10, 15, 17],
    ])


@pytest.fixture
def garage():
    return schema_from_rows([
        ["Job", "Customer", "Parts", "Labour Hrs", "Visits"],
        ["J1", "Ito", 120.0, 2.0, 1],
        ["J2", "Ode", 0.0, 3.5, 2],
    ])


@pytest.fixture
def kaoqin():
    return schema_from_rows([
        ["工号", "姓名", "迟到次数", "事假天数", "病假天数"],
        ["A01", "张三", 2, 1, 0],
        ["A02", "李四", 0, 3, 1],
    ])


def test_period_columns_added_across_the_row(giving, terms):
    r = formula("each donor's three-year total", giving, "G2", method="rules")
    assert r.formula == "=SUM(C2:E2)" and r.value == 390 and _at(r, giving, 4) == 1500
    r = formula("lifetime giving per donor", giving, "G3", method="rules")
    assert r.formula == "=SUM(C3:E3)" and r.value == 60
    r = formula("average per year for each donor, rounded to the nearest 10", giving, "G2", method="rules")
    assert r.formula == "=ROUND(AVERAGE(C2:E2),-1)" and r.value == 130
    # month columns: the only numbers on the sheet, so no period word is needed
    r = formula("total days present for each pupil", terms, "F2", method="rules")
    assert r.formula == "=SUM(C2:E2)" and r.value == 57 and _at(r, terms, 3) == 42
    r = formula("average monthly days per pupil, 1 decimal", terms, "F3", method="rules")
    assert r.formula == "=ROUND(AVERAGE(C3:E3),1)" and r.value == 14


def test_period_total_needs_the_periods_when_other_numbers_are_there(giving):
    # "five-year" on a sheet of three year columns: not these years
    with pytest.raises(TaskError):
        formula("each donor's five-year total", giving, "G2", method="rules")


def test_chinese_period_total_and_average():
    s = schema_from_rows([
        ["养殖场", "负责人", "面积（亩）", "2023", "2024", "2025"],
        ["东场", "王", 30.0, 100, 120, 130],
        ["西场", "李", 12.0, 80, 90, 100],
    ])
    r = formula("每个场这三年出栏总数", s, "G2", method="rules")
    assert r.formula == "=SUM(D2:F2)" and r.value == 350
    r = formula("每个场历年平均产量", s, "G3", method="rules")
    assert r.formula == "=AVERAGE(D3:F3)" and r.value == 90


def test_price_per_unit_of_a_count_column(garage, kaoqin):
    r = formula("job total = parts + labour at £40 an hour", garage, "F2", method="rules")
    assert r.formula == "=C2+D2*40" and r.value == 200 and _at(r, garage, 3) == 140
    r = formula("what to invoice each customer: parts plus 40/hr labour", garage, "F3", method="rules")
    assert r.formula == "=C3+D3*40" and r.value == 140
    r = formula("parts plus 15 per visit", garage, "F3", method="rules")
    assert r.formula == "=C3+E3*15" and r.value == 30
    r = formula("扣款：迟到每次扣50，事假每天扣200", kaoqin, "F2", method="rules")
    assert r.formula == "=C2*50+D2*200" and r.value == 300 and _at(r, kaoqin, 3) == 600
    r = formula("考勤扣款，迟到一次50块、事假一天200", kaoqin, "F3", method="rules")
    assert r.value == 600


def test_priced_total_of_something_unnamed_is_refused():
    s = schema_from_rows([["Name", "Fee", "Workshops"], ["Ann", 200.0, 2], ["Bo", 150.0, 0]])
    r = formula("fee plus 45 per workshop", s, "D2", method="rules")
    assert r.formula == "=B2+C2*45" and r.value == 290
    # "total owed": a total of more than the priced workshops, and the fee is not named
    for text in ("total owed, workshops at 45 each", "workshops are £45 each - total owed incl. workshops"):
        with pytest.raises(TaskError):
            formula(text, s, "D2", method="rules")


@pytest.mark.parametrize("text,places,fn", [
    ("avg fee, 2 dp", 2, "ROUND"), ("平均金额保留两位", 2, "ROUND"), ("mean, rounded to 0.1", 1, "ROUND"),
    ("满意度平均几分？四舍五入到0.01", 2, "ROUND"), ("avg pages, no decimals", 0, "ROUND"),
    ("average, rounded up", 0, "ROUNDUP"), ("平均值向下取整", 0, "ROUNDDOWN"),
])
def test_one_rounding_clause_reader(text, places, fn):
    clause = rounding_clause(text.lower())
    assert clause is not None and clause[2] == places and clause[4] == fn


def test_one_cell_average_with_a_rounding_clause_anywhere():
    s = schema_from_rows([
        ["单号", "日期", "药品费", "满意度"],
        ["D1", dt.date(2025, 1, 2), 10.125, 4.5],
        ["D2", dt.date(2025, 1, 3), 20.0, 3.25],
        ["D3", dt.date(2025, 1, 4), 33.333, 5.0],
    ])
    r = formula("平均药品费保留两位", s, method="rules")
    assert r.formula == "=ROUND(AVERAGE(C2:C4),2)" and r.value == pytest.approx(21.15)
    r = formula("满意度平均几分？四舍五入到0.01", s, method="rules")
    assert r.formula == "=ROUND(AVERAGE(D2:D4),2)" and r.value == pytest.approx(4.25)


@pytest.fixture
def crops():
    return schema_from_rows([
        ["Crop", "Hectares", "2022", "2023", "2024"],
        ["Oats", 10.0, 50.0, 60.0, 45.0],
        ["Rye", 4.0, 20.0, 25.0, 30.0],
    ])


def test_two_years_compared_in_a_row(crops):
    r = formula("yoy % change 2024 vs 2023", crops, "F2", method="rules")
    assert r.formula == "=E2/D2-1" and r.value == pytest.approx(-0.25)
    r = formula("growth rate 2022 to 2024", crops, "F3", method="rules")
    assert r.formula == "=E3/C3-1" and r.value == pytest.approx(0.5)
    r = formula("tonnes up/down 2023->2024 per crop", crops, "F2", method="rules")
    assert r.formula == "=E2-D2" and r.value == -15
    r = formula("how much more (or less) each crop made in 2024 than 2023", crops, "F3", method="rules")
    assert r.formula == "=E3-D3" and r.value == 5
    r = formula("% change 2023 -> 2024 per crop", crops, "F3", method="rules")
    assert r.formula == "=E3/D3-1" and r.value == pytest.approx(0.2)
    r = formula("Up or Down: 2024 vs the year before", crops, "F2", method="rules")
    assert r.formula == '=IF(E2>D2,"Up","Down")'  # a label, not the difference
    r = formula("yield per hectare in 2024 for each crop", crops, "F2", method="rules")
    assert r.formula == "=E2/B2" and r.value == pytest.approx(4.5)


def test_two_years_compared_in_chinese():
    s = schema_from_rows([
        ["茶农", "茶园面积（亩）", "2023", "2024", "2025"],
        ["王", 5.0, 100.0, 120.0, 150.0],
        ["李", 2.0, 80.0, 60.0, 90.0],
    ])
    r = formula("25年比24年多收了多少", s, "F2", method="rules")
    assert r.formula == "=E2-D2" and r.value == 30
    r = formula("每户2025年跟2024年比增减多少", s, "F3", method="rules")
    assert r.formula == "=E3-D3" and r.value == 30
    r = formula("2025年是2023年的几倍", s, "F2", method="rules")
    assert r.formula == "=E2/C2" and r.value == 1.5
    r = formula("2025年每亩产量，保留一位小数", s, "F3", method="rules")
    assert r.formula == "=ROUND(E3/B3,1)" and r.value == 45


def test_actual_over_planned():
    p = schema_from_rows([
        ["Task", "Owner", "Est. Hours", "Actual Hours"],
        ["Plan", "Ann", 10.0, 12.0],
        ["Build", "Bo", 40.0, 30.0],
    ])
    r = formula("what % of the estimated hrs has each task used", p, "E2", method="rules")
    assert r.formula == "=D2/C2" and r.value == pytest.approx(1.2) and _at(r, p, 3) == pytest.approx(0.75)
    z = schema_from_rows([
        ["工号", "姓名", "应出勤天数", "实际出勤天数", "迟到次数"],
        ["A1", "张", 22, 20, 1],
        ["A2", "李", 22, 22, 0],
    ])
    r = formula("每个人的出勤率", z, "F2", method="rules")
    assert r.formula == "=D2/C2" and r.value == pytest.approx(20 / 22)
    r = formula("出勤率保留两位小数", z, "F2", method="rules")
    assert r.formula == "=ROUND(D2/C2,2)" and r.value == 0.91
    r = formula("出勤率用百分数表示，保留一位小数", z, "F2", method="rules")
    assert r.formula == "=ROUND(D2/C2*100,1)" and r.value == 90.9
    b = schema_from_rows([["活动", "预算", "实际支出"], ["春游", 1000.0, 800.0], ["晚会", 500.0, 650.0]])
    r = formula("每个活动花了预算的百分之多少", b, "D3", method="rules")
    assert r.formula == "=C3/B3" and r.value == pytest.approx(1.3)


def test_actual_over_planned_needs_one_pair():
    s = schema_from_rows([
        ["Task", "Est. Hours", "Est. Cost", "Actual Hours", "Actual Cost"],
        ["A", 10.0, 100.0, 12.0, 90.0],
    ])
    r = formula("what % of the estimated hours has each task used", s, "F2", method="rules")
    assert r.formula == "=D2/B2"
    with pytest.raises(TaskError):  # two pairs and neither named
        formula("what percent has each task used", s, "F2", method="rules")


def test_share_of_the_amount_and_added_charges():
    s = schema_from_rows([
        ["PO", "Supplier", "Qty", "Amount"],
        ["P1", "Acme", 2, 100.0],
        ["P2", "Bolt", 1, 300.0],
    ])
    r = formula("what percent of the total is each PO", s, "E2", method="rules")
    assert r.formula == "=D2/SUM($D$2:$D$3)" and r.value == 0.25
    z = schema_from_rows([
        ["运单号", "快递公司", "件数", "运费"],
        ["Y1", "顺丰", 1, 20.0],
        ["Y2", "中通", 2, 12.0],
    ])
    r = formula("运费加收10%燃油附加费", z, "E2", method="rules")
    assert r.formula == "=D2*1.1" and r.value == pytest.approx(22)
    r = formula("每一单占运费总额百分之几", z, "E3", method="rules")
    assert r.formula == "=D3/SUM($D$2:$D$3)" and r.value == pytest.approx(0.375)
    t = schema_from_rows([["Ticket", "Zone", "Charge"], ["T1", "A", 10.0], ["T2", "B", 5.0]])
    r = formula("charge with 20% VAT on top, per ticket", t, "D2", method="rules")
    assert r.formula == "=C2*1.2" and r.value == pytest.approx(12)


def test_line_amount_from_quantity_and_price():
    s = schema_from_rows([
        ["订单号", "顾客", "数量", "单价"],
        ["D1", "王", 3, 5.0],
        ["D2", "李", 2, 8.5],
    ])
    r = formula("帮我算一下每一单多少钱", s, "E2", method="rules")
    assert r.formula == "=C2*D2" and r.value == 15
    r = formula("货款含13%的税是多少，每行算一下", s, "E3", method="rules")
    assert r.formula == "=C3*D3*1.13" and r.value == pytest.approx(19.21)
    m = schema_from_rows([["日期", "门店", "营业额", "退款金额"], ["1日", "A", 100.0, 5.0]])
    r = formula("营业额扣掉退款", m, "E2", method="rules")
    assert r.formula == "=C2-D2" and r.value == 95
