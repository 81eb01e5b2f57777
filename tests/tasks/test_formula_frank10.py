"""Question words, superlatives, number-keyed lookups and code parts (round 12, h/frank10),
each on a workbook of our own: general words every sheet meets (dearest, fewest, "the line
with", 什么X / 啥X, 谁在X, 3号X, "without the prefix", 中间那段), not one trade's nouns."""

from __future__ import annotations

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _kennels() -> object:
    """A boarding kennel's stays: a service repeats, its rate per kg (a dog food price) with it."""
    return schema_from_rows([["Stay", "Owner", "Service", "Kg", "Price per kg", "Run"],
                             ["KB-1201", "Ann Lee", "Feed only", 12, 1.5, 4],
                             ["KB-1202", "Bo Chan", "Premium", 30, 2.75, 7],
                             ["KB-1203", "Cy Dunn", "Feed only", 8, 1.5, 2],
                             ["KB-1204", "Di Ross", "Basic", 20, 1.25, 9]])


def test_dearest_reads_the_price_a_rate_names():
    """"dearest rate per kg": dearest is the largest price; "rate per kg" names Price per kg."""
    r = formula("which service has the dearest rate per kg", _kennels(), method="rules")
    assert r.value == "Premium", r.formula


def test_most_expensive_per_kilo():
    """"per kilo" names a "Price per kg" header as "per kg" does."""
    r = formula("most expensive service per kilo?", _kennels(), method="rules")
    assert r.value == "Premium", r.formula


def test_the_line_with_the_fewest_is_one_row():
    """"the line with the fewest" asks for one row's label although the label repeats."""
    r = formula("which service had the line with the fewest kg", _kennels(), method="rules")
    assert r.value == "Feed only", r.formula


def test_lowest_figure_then_which():
    """"lowest kg figure - which owner": 'figure' only says a number."""
    r = formula("lowest kg figure - which owner", _kennels(), method="rules")
    assert r.value == "Cy Dunn", r.formula


def test_a_row_keyed_by_its_number_said_with_the_column():
    """"owner on run 7": Run is a column of numbers and 7 is on one row."""
    r = formula("owner in run 7", _kennels(), method="rules")
    assert r.value == "Bo Chan", r.formula


def test_number_part_of_a_prefixed_code():
    """"stay no without the prefix" / "number part (1202 not KB-1202)": the digits after KB-."""
    for req in ("stay no without the prefix", "just the number part of the stay ref (1202 not KB-1202)"):
        r = formula(req, _kennels(), target_cell="G2", method="rules")
        assert r.value == "1201", (req, r.formula)


def test_an_example_that_disagrees_is_refused():
    """An example showing another part than the digits is not read as the number part."""
    with pytest.raises(TaskError):
        formula("just the number part of the stay ref (12 not KB-1202)", _kennels(), target_cell="G2",
                method="rules")


def _ponds() -> object:
    """A fishing pond's tickets: anglers' names beside pond names (both 2-3 characters)."""
    return schema_from_rows([["票号", "日期", "垂钓者", "钓台", "池塘", "斤数", "条数", "金额"],
                             ["T01", "2026-09-01", "王建军", 12, "大鱼塘", 6.5, 9, 120],
                             ["T02", "2026-09-01", "李红梅", 5, "野塘", 11.2, 20, 150],
                             ["T03", "2026-09-02", "赵志强", 8, "大鱼塘", 3.1, 5, 120],
                             ["T04", "2026-09-02", "刘晓东", 21, "黑坑", 9.0, 31, 200]])


def test_who_with_a_measure_said_after_an():
    """"谁钓得最多（按斤）": 谁 is the column of people's names (by family name, not 野塘); 按斤 names 斤数."""
    r = formula("谁钓得最多（按斤）", _ponds(), method="rules")
    assert r.value == "李红梅", r.formula
    r = formula("谁钓得最多(按条)", _ponds(), method="rules")
    assert r.value == "刘晓东", r.formula


def test_number_keyed_lookup_in_chinese():
    """"8号钓台是谁在钓" and "钓台21的垂钓者": the row whose 钓台 is the number said."""
    assert formula("8号钓台是谁在钓", _ponds(), method="rules").value == "赵志强"
    assert formula("钓台21的垂钓者", _ponds(), method="rules").value == "刘晓东"


def _market() -> object:
    """A stall's sales log: dates first, the item repeats."""
    return schema_from_rows([["日期", "品名", "斤数", "金额"],
                             ["2026-10-01", "白菜", 10, 25],
                             ["2026-10-01", "萝卜", 20, 36],
                             ["2026-10-02", "白菜", 30, 70],
                             ["2026-10-02", "土豆", 5, 12]])


def test_what_thing_for_the_largest_single_sale():
    """"单笔金额最大的是什么菜", "哪一笔卖得钱最多，是啥菜": the row's label (品名) of one row."""
    for req in ("单笔金额最大的是什么菜", "哪一笔卖得钱最多，是啥菜"):
        r = formula(req, _market(), method="rules")
        assert r.value == "白菜", (req, r.formula)


def test_what_thing_without_one_row_said_is_not_guessed():
    """"金额最大的是什么菜" on a repeated 品名 may be a total per item: refused."""
    with pytest.raises(TaskError):
        formula("金额最大的是什么菜", _market(), method="rules")


def test_middle_segment_of_a_dashed_code():
    """"库位码中间那段" / "middle bit of the bin": the one segment between the dashes."""
    sheet = schema_from_rows([["库位码", "货品"], ["K-3-104", "螺丝"], ["M-1-220", "垫片"], ["K-7-015", "螺母"]])
    r = formula("库位码中间那段", sheet, target_cell="C2", method="rules")
    assert r.value == "3", r.formula
    sheet = schema_from_rows([["Bin", "Part"], ["K-3-104", "screw"], ["M-12-220", "washer"], ["K-7-015", "nut"]])
    r = formula("middle bit of the bin", sheet, target_cell="C3", method="rules")
    assert r.value == "12", r.formula


def test_priciest_reads_a_price_header_with_more_words():
    """"what was the priciest single item we sold": priciest is the price, here "Price each"."""
    sheet = schema_from_rows([["Date", "Item", "Qty", "Price each", "Paid by"],
                              ["2026-09-06", "Lamp", 1, 12, "Cash"],
                              ["2026-09-06", "Mug", 4, 1.5, "Card"],
                              ["2026-09-13", "Lamp", 1, 9, "Cash"]])
    r = formula("what was the priciest single item we sold", sheet, method="rules")
    assert r.value == "Lamp", r.formula


def test_a_value_inside_a_longer_header_is_no_condition():
    """"卡号VIP1776的会员叫什么" beside a 支付方式 value 会员卡: 会员卡 is part of the header 会员卡号."""
    sheet = schema_from_rows([["单号", "会员卡号", "姓名", "支付方式", "金额"],
                              ["D1", "VIP1582", "张博文", "会员卡", 90],
                              ["D2", "VIP1776", "杨紫涵", "现金", 120],
                              ["D3", "VIP1850", "胡丽娟", "会员卡", 60]])
    for req in ("卡号VIP1776的会员叫什么", "会员卡号VIP1776的姓名"):
        r = formula(req, sheet, method="rules")
        assert r.value == "杨紫涵", (req, r.formula)


def test_a_thing_word_asks_the_item_not_its_category():
    """"哪样东西一笔卖得最多钱" on 日期 | 类别 | 品名: the item (the text column with more values), not 类别."""
    sheet = schema_from_rows([["日期", "类别", "品名", "数量", "金额"],
                              ["2026-10-01", "肉串", "羊肉串", 20, 60],
                              ["2026-10-01", "蔬菜", "韭菜", 10, 15],
                              ["2026-10-02", "肉串", "牛肉串", 30, 96],
                              ["2026-10-02", "蔬菜", "茄子", 4, 12]])
    r = formula("哪样东西一笔卖得最多钱", sheet, method="rules")
    assert r.value == "牛肉串", r.formula


def test_the_largest_invoice_is_its_amount():
    """"Which customer has the largest single invoice?": an invoice's size is its Amount."""
    sheet = schema_from_rows([["Invoice no", "Customer", "Terms (days)", "Amount"],
                              ["INV-1", "Acme", 30, 500],
                              ["INV-2", "Bolt", 60, 1200],
                              ["INV-3", "Acme", 30, 800]])
    r = formula("Which customer has the largest single invoice?", sheet, method="rules")
    assert r.value == "Bolt", r.formula


def test_a_day_is_a_row_on_a_daily_sheet():
    """"which pitch had our best day for cones" on one row a day: the row with the most cones."""
    sheet = schema_from_rows([["Date", "Pitch", "Cones", "Tubs"],
                              ["2026-06-06", "Promenade", 75, 30],
                              ["2026-06-07", "Harbour", 90, 20],
                              ["2026-06-08", "Promenade", 60, 50]])
    r = formula("Which pitch had our best day for cones?", sheet, method="rules")
    assert r.value == "Harbour", r.formula


def test_a_count_beside_a_number_key_is_no_lookup():
    """"how many stays in run 7" counts rows: never the row's Stay looked up by its run."""
    for req in ("how many stays in run 7", "number of owners in run 7"):
        try:
            r = formula(req, _kennels(), method="rules")
        except TaskError:
            continue
        assert r.value == 1, (req, r.formula)
