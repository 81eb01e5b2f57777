"""Per-row arithmetic said the way people type it (issue 16, round 16, rowasked.py and friends).

A question first, then the arithmetic ("What's each order worth? boxes times the box price"), a
long question with the arithmetic in brackets, "I want A minus B", "times the <column>", and a price
header written as "£/kg" named as "price per kg".  A question that could change the answer (a
number, a condition) is never dropped.  Sheets written here.
"""

import pytest

from o3local.errors import O3Error
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def orders():
    return schema_from_rows([
        ["Order", "Shop", "Boxes", "Spares", "Per box", "Paid"],
        ["A1", "Leeds", 4, 1, 2.5, 10],
        ["A2", "York", 6, 0, 3.0, 18],
        ["A3", "Leeds", 2, 2, 2.0, 8],
    ])


@pytest.fixture
def produce():
    return schema_from_rows([
        ["Date", "Stall", "Veg", "kg", "£/kg", "Paid by"],
        ["2026-11-02", "Ludlow", "Leeks", 3.5, 1.2, "Cash"],
        ["2026-11-03", "Stroud", "Kale", 2.0, 2.4, "Card"],
        ["2026-11-04", "Ludlow", "Beets", 1.5, 1.8, "Cash"],
    ])


def _ask(req, sheet, cell):
    return formula(req, sheet=sheet, target_cell=cell, method="rules").formula


@pytest.mark.parametrize("req, want", [
    ("What is each order worth? boxes times the per box price", "=C2*E2"),
    ("how much did each order come to? (boxes plus spares) times the per box price", "=(C2+D2)*E2"),
    ("work out how much money each order should bring in (boxes times per box)", "=C2*E2"),
    ("I want boxes minus spares", "=C2-D2"),
    ("we need paid minus boxes in column G", "=F2-C2"),
    ("(boxes + spares) times the per box price", "=(C2+D2)*E2"),
])
def test_the_arithmetic_said_after_a_question_is_read(orders, req, want):
    assert _ask(req, orders, "G2") == want


@pytest.mark.parametrize("req", [
    "what would each order be over 10? boxes times per box",  # a condition
    "what's each order worth after the 2 free boxes? boxes times per box",  # a number
])
def test_a_question_that_may_change_the_answer_is_not_dropped(orders, req):
    with pytest.raises(O3Error):
        _ask(req, orders, "G2")


@pytest.mark.parametrize("req", [
    "kg times price per kg",
    "kg x the per kg price",
    "sale value = kg * price per kilo",
])
def test_a_currency_per_unit_header_is_named_as_the_price_per_unit(produce, req):
    assert _ask(req, produce, "G2") == "=D2*E2"


@pytest.fixture
def trips():
    return schema_from_rows([
        ["编号", "员工", "机票费", "餐饮费", "酒店费", "报销日期"],
        ["T1", "张三", 800, 120, 300, "2026-11-02"],
        ["T2", "李四", 650, 90, 0, "2026-11-05"],
        ["T3", "王五", 0, 60, 240, "2026-11-09"],
    ])


@pytest.fixture
def shares():
    return schema_from_rows([
        ["工号", "姓名", "养老单位", "养老员工", "医疗单位", "医疗员工"],
        ["001", "张三", 800, 320, 400, 80],
        ["002", "李四", 640, 256, 320, 64],
        ["003", "王五", 960, 384, 480, 96],
    ])


@pytest.mark.parametrize("req", ["费用合计", "每趟的费用加起来", "三项费用一共多少", "算一下每人报销的费用总额"])
def test_fees_said_as_the_family_of_fee_columns_are_added(trips, req):
    assert _ask(req, trips, "G2") in ("=C2+D2+E2", "=SUM(C2:E2)")


@pytest.mark.parametrize("req, want", [("员工合计", "=D2+F2"), ("单位部分合计", "=C2+E2"), ("养老合计", "=SUM(C2:D2)"),
                                       ("把两项员工缴费加起来，每人一行", "=D2+F2")])
def test_a_shared_header_part_names_its_columns(shares, req, want):
    assert _ask(req, shares, "G2") == want


@pytest.mark.parametrize("req", ["三项员工合计", "四项单位缴费加起来"])
def test_a_miscounted_family_is_not_added(shares, req):
    # the count said is not the number of columns the part names: which ones, the words do not say
    with pytest.raises(O3Error):
        _ask(req, shares, "G2")


@pytest.mark.parametrize("req", ["value of each sale", "what did every sale come to?", "line total", "sale value in G"])
def test_a_rows_amount_is_its_quantity_times_its_price_per_unit(produce, req):
    assert _ask(req, produce, "G2") == "=D2*E2"


def test_rounded_to_whole_pounds_with_no_pence_is_rounded(orders):
    assert _ask("I want boxes times per box, rounded to whole pounds, no pence", orders, "G2") == "=ROUND(C2*E2,0)"
    assert _ask("boxes times per box, no pence", orders, "G2") == "=INT(C2*E2)"
