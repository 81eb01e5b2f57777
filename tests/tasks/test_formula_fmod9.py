"""Modifiers around a per-row reading and per-unit ratios (h/fmod9, eleventh round), on sheets written here.

A ratio asked per a unit that a header carries in brackets ("£ per km", "每公里合多少钱", "元/公里",
"公里单价") with the money said but no column named: the sheet's one money column over it; a unit
the table's title gives ("(kg)") counts as the columns'; a rounding clause around one bare column
("deposit rounded to whole pounds"); "不足一小时按一小时算" is a round-up, and read even when the rest
reads alone; profit of a row's amount less a cost said per unit is not amount − unit cost.
"""

import datetime as dt

import openpyxl
import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import read_sheet


def _sheet(tmp_path, name, rows, title=None):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = name
    if title:
        ws.append([title])
    for r in rows:
        ws.append(r)
    path = tmp_path / f"{name}.xlsx"
    wb.save(path)
    return read_sheet(path)


@pytest.fixture
def rides(tmp_path):
    """Taxi rides: one money column (Fare) beside a tip and a distance in km."""
    return _sheet(tmp_path, "Rides", [
        ["Ride", "Driver", "Distance (km)", "Fare", "Tip", "Rating"],
        ["R1", "Ann", 10, 25.0, 2, 5],
        ["R2", "Bo", 4, 11.0, 0, 4],
        ["R3", "Cy", 8, 17.5, 1, 5],
    ])


@pytest.fixture
def paotui(tmp_path):
    return _sheet(tmp_path, "跑腿单", [
        ["单号", "骑手", "距离（公里）", "收费", "评分"],
        ["P1", "王", 5, 20, 5],
        ["P2", "李", 8, 30, 4],
        ["P3", "张", 2, 9, 5],
    ])


def test_money_per_bracket_unit_with_no_column_named(rides):
    for ask in ("£ per km for each ride", "price per km each ride", "fare per km"):
        r = formula(ask, rides, "G2", method="rules")
        assert r.formula == "=D2/C2", ask
        assert r.value == 2.5
    r = formula("price per km for every ride, round 2 places", rides, "G3", method="rules")
    assert r.formula == "=ROUND(D3/C3,2)" and r.value == 2.75


def test_money_per_unit_in_chinese(paotui):
    for ask in ("每公里合多少钱", "每单的公里单价", "每单单价（元/公里）"):
        r = formula(ask, paotui, "F2", method="rules")
        assert r.formula == "=D2/C2", ask
    r = formula("每公里合多少钱，保留两位小数", paotui, "F3", method="rules")
    assert r.formula == "=ROUND(D3/C3,2)" and r.value == 3.75


def test_money_per_unit_is_refused_when_two_columns_could_hold_it(tmp_path):
    sheet = _sheet(tmp_path, "Jobs", [
        ["Job", "Distance (km)", "Fee", "Charge"],
        ["J1", 10, 25.0, 30.0],
        ["J2", 4, 11.0, 12.0],
    ])
    with pytest.raises(TaskError):
        formula("£ per km for each job", sheet, "E2", method="rules")


def test_title_unit_counts_as_the_columns(tmp_path):
    sheet = _sheet(tmp_path, "Yield", [
        ["Farm", "Goats", "2024", "2025"],
        ["North", 40, 9000, 10000],
        ["South", 25, 5000, 6000],
    ], title="Milk sold per farm (litres)")
    r = formula("litres per goat in 2025, one decimal", sheet, "E3", method="rules")
    assert r.formula == "=ROUND(D3/B3,1)" and r.value == 250
    # a unit neither a header nor the title says is no reading
    with pytest.raises(TaskError):
        formula("kg per goat in 2025", sheet, "E3", method="rules")


def test_one_column_rounded(tmp_path):
    sheet = _sheet(tmp_path, "Stock", [
        ["Code", "Plant", "Retail", "Trade"],
        ["A1", "Fern", 12.49, 8.2],
        ["A2", "Palm", 30.5, 21.0],
    ])
    r = formula("retail rounded to whole pounds", sheet, "E2", method="rules")
    assert r.formula == "=ROUND(C2,0)" and r.value == 12
    r = formula("trade to the nearest £ in col E", sheet, "E3", method="rules")
    assert r.formula == "=ROUND(D3,0)" and r.value == 21
    r = formula("trade, 1dp", sheet, "E2", method="rules")
    assert r.formula == "=ROUND(D2,1)" and r.value == 8.2


def test_part_of_a_unit_counts_as_a_whole_one(tmp_path):
    sheet = _sheet(tmp_path, "租车", [
        ["单号", "取车", "还车", "金额"],
        ["Z1", dt.datetime(2026, 5, 1, 9, 0), dt.datetime(2026, 5, 1, 11, 20), 100],
        ["Z2", dt.datetime(2026, 5, 2, 8, 0), dt.datetime(2026, 5, 2, 9, 0), 50],
    ])
    for ask in ("每单用了几个小时，不足1小时按1小时算", "租了多少小时，不满一小时按一小时计"):
        r = formula(ask, sheet, "E2", method="rules")
        assert r.formula == "=ROUNDUP((C2-B2)*24,0)", ask
        assert r.value == 3


def test_profit_is_not_an_amount_less_a_unit_cost(tmp_path):
    sheet = _sheet(tmp_path, "流水", [
        ["日期", "品名", "斤数", "成本（元/斤）", "金额"],
        [dt.datetime(2026, 5, 1), "青菜", "10", 2.0, 35.0],
        [dt.datetime(2026, 5, 1), "萝卜", "4", 1.5, 12.0],
    ])
    try:
        r = formula("每行的毛利", sheet, "F2", method="rules")
    except TaskError:
        return  # no answer is right too
    assert r.value == 15  # 35 - 10 × 2, never 35 - 2


@pytest.fixture
def seeds(tmp_path):
    """Sales in kg per year and a price in 元/公斤: an amount in 元 nobody keeps in a column."""
    return _sheet(tmp_path, "销售", [
        ["品种", "2024", "2025", "2025年单价（元/公斤）"],
        ["甲", 3000, 4000, 25],
        ["乙", 1000, 2000, 12.5],
    ], title="历年销售量（单位：公斤）")


def test_scale_said_around_a_product_divides_it(seeds):
    r = formula("2025年每个品种卖了多少万元（销量×单价）", seeds, "E3", method="rules")
    assert r.formula == "=D3*C3/10000" or r.formula == "=C3*D3/10000"
    assert r.value == 10
    r = formula("2025年每个品种卖了多少万元（销量×单价），保留一位小数", seeds, "E4", method="rules")
    assert r.formula.startswith("=ROUND(") and r.formula.endswith("/10000,1)") and r.value == 2.5


def test_scale_on_columns_kept_in_wan(tmp_path):
    sheet = _sheet(tmp_path, "台账", [
        ["站点", "门票收入（万元）", "餐饮收入（万元）", "团数"],
        ["东", 12.5, 3.5, 40],
        ["西", 8.0, 2.0, 20],
    ])
    r = formula("门票收入加餐饮收入，换算成元", sheet, "E2", method="rules")
    assert r.formula == "=(B2+C2)*10000" and r.value == 160000
    # asked in 万 on columns in 万: the sum as it stands
    r = formula("门票收入加餐饮收入，单位为万元", sheet, "E3", method="rules")
    assert r.formula == "=B3+C3" and r.value == 10
    r = formula("平均每个团门票收入多少万", sheet, "E2", method="rules")
    assert r.formula == "=B2/D2" and r.value == 0.3125


def test_scale_in_thousands(tmp_path):
    sheet = _sheet(tmp_path, "Deals", [
        ["Deal", "Units", "Unit Price"],
        ["D1", 400, 25.0],
        ["D2", 120, 50.0],
    ])
    r = formula("units times unit price in thousands", sheet, "D2", method="rules")
    assert r.formula == "=B2*C2/1000" and r.value == 10


def test_per_thing_counted_by_listed_columns(tmp_path):
    sheet = _sheet(tmp_path, "Sailings", [
        ["Sailing", "Adults", "Children", "Cafe Sales", "Fuel"],
        ["S1", 30, 10, 200.0, 80.0],
        ["S2", 12, 4, 64.0, 50.0],
    ])
    r = formula("cafe sales per passenger (adults and children)", sheet, "F2", method="rules")
    assert r.formula == "=D2/(B2+C2)" and r.value == 5
    r = formula("cafe sales per head (adults + children), 2 dp", sheet, "F3", method="rules")
    assert r.formula == "=ROUND(D3/(B3+C3),2)" and r.value == 4


def test_owed_said_with_a_deposit_or_in_arrears(tmp_path):
    sheet = _sheet(tmp_path, "订单", [
        ["单号", "客户", "合同金额", "订金"],
        ["D1", "周", 8000, 3000],
        ["D2", "吴", 5000, 5000],
    ])
    for ask in ("每单尾款", "还要收多少钱 每个客户"):
        r = formula(ask, sheet, "E2", method="rules")
        assert r.formula == "=C2-D2", ask
        assert r.value == 5000
    en = _sheet(tmp_path, "Members", [
        ["Member", "Fee Due", "Paid"],
        ["Ann", 60, 60],
        ["Bo", 60, 20],
    ])
    r = formula("arrears for each member", en, "D3", method="rules")
    assert r.formula == "=B3-C3" and r.value == 40
