"""The frame around a per-row request (h/fplace10): the sheet named as the answer's place,
politeness, placement, loose products of two columns, numbers said in words, rounding said
plainly.  Each on a small workbook of our own."""

from __future__ import annotations

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.frame import figures, unframed
from o3local.tasks.formula.phrases import zh_number
from o3local.tasks.formula.schema import schema_from_rows


def _stall():
    """A market stall's lines: a unit price said as "Price each", no amount column."""
    return schema_from_rows([["Day", "Item", "Qty", "Price each"], ["Sat", "Mug", 3, 4.5],
                             ["Sat", "Jug", 2, 7.25], ["Sun", "Bowl", 5, 3.8]], sheet="Lines")


def _repairs():
    """Jobs charged by the hour: Hours and a money rate per hour."""
    return schema_from_rows([["Job", "Client", "Hours", "Rate per hour"], ["J1", "Ames", 2.5, 30],
                             ["J2", "Bell", 4, 28], ["J3", "Cole", 1.5, 32]], sheet="Jobs")


def _shop():
    return schema_from_rows([["单号", "顾客", "金额", "备注"], ["A1", "王", 235.6, "x"], ["A2", "李", 88.4, "y"],
                             ["A3", "张", 200, "z"], ["A4", "赵", 412.35, "w"]], sheet="流水")


def test_the_sheet_named_as_the_place_and_politeness_are_cut():
    s = _stall()
    assert unframed("Lines tab, col E: qty x price", s) == "col E: qty x price"
    assert unframed("on the Lines sheet add what each line takes (qty x price)", s) == \
        "what each line takes (qty x price)"
    assert unframed("takings per line pls", s) == "takings per line"
    assert unframed("please: qty x price", s) == "qty x price"
    # another sheet's name is no place of this one
    assert unframed("on the Stock sheet qty x price", s) == "on the Stock sheet qty x price"


def test_a_unit_price_said_by_its_first_word_is_the_price_column():
    s = _stall()
    for said in ("qty x price for each row, col E", "Lines tab, col E: qty x price", "takings per line in a new column",
                 "how much did each line bring in", "qty times price pls"):
        r = formula(said, s, "E2", method="rules")
        assert r.formula == "=C2*D2", (said, r.formula)
    r = formula("round the prices to whole £", s, "E2", method="rules")
    assert r.formula == "=ROUND(D2,0)"
    r = formula("round up the price to the next whole pound", s, "E2", method="rules")
    assert r.formula == "=ROUNDUP(D2,0)"


def test_a_rows_money_is_its_rate_times_the_rates_unit():
    s = _repairs()
    for said in ("charge for each job", "what's each job going to cost? hours times the hourly rate",
                 "bill per job (hours x rate)"):
        r = formula(said, s, "E2", method="rules")
        assert r.formula in ("=C2*D2", "=D2*C2"), (said, r.formula)
    r = formula("charge per job rounded up to the next whole pound", s, "E2", method="rules")
    assert r.formula == "=ROUNDUP(C2*D2,0)" and r.value == 75


def test_a_product_said_in_words_is_never_read_as_a_ratio():
    """"price for each job (hours x rate)": a formula without the product is no answer."""
    s = _repairs()
    try:
        r = formula("price for each job (hours x rate)", s, "E2", method="rules")
    except TaskError:
        return
    assert "*" in r.formula and "/" not in r.formula, r.formula


def test_numbers_said_in_words_are_figures():
    assert [zh_number(t) for t in ("两百", "一百五", "一百零五", "三千二", "两万", "十二", "一千二百三十四")] == \
        [200, 150, 105, 3200, 20000, 12, 1234]
    s = _shop()
    assert figures("消费两百及以上算大单", s) == "消费200及以上算大单"
    assert figures("提成（金额的三成）", s) == "提成（金额的30%）"
    assert figures("十月的金额", s) == "十月的金额"  # a month is no amount
    r = formula("金额两百及以上算大单，标出来", s, "E2", method="rules")
    assert r.formula == '=IF(C2>=200,"大单","")'
    r = formula("每单提成（金额的三成）放E列", s, "E2", method="rules")
    assert r.formula == "=C2*0.3"


def test_a_label_said_with_suan_after_the_bound():
    r = formula("金额200以上算大单，其他空着", _shop(), "E2", method="rules")
    assert r.formula == '=IF(C2>=200,"大单","")'


@pytest.mark.parametrize("said", ["金额抹零，角和分都去掉，新列", "每笔金额去掉小数（不四舍五入）放E列"])
def test_dropping_the_small_change_truncates(said):
    r = formula(said, _shop(), "E2", method="rules")
    assert r.formula == "=INT(C2)" and r.value == 235


def test_a_ticket_is_the_rows_noun():
    s = schema_from_rows([["票号", "回鱼", "钓位费"], ["T1", 60, 100], ["T2", None, 80], ["T3", 30, 120]], sheet="票")
    r = formula("每票回鱼/钓位费，放D列，没有回鱼就留空", s, "D2", method="rules")
    assert r.formula == '=IF(B2="","",B2/C2)'


def test_a_bound_said_in_words_on_the_one_price_column():
    """"单价十块及以上": 十块 is 10, and "单价10及以上" is a bound (not "times 10").  (单价 naming
    售价 as the one column ending in 价 was dropped at the merge: on a sheet with a second price
    list it took 会员价 for 单价, a right answer lost.)"""
    s = schema_from_rows([["品名", "斤数", "单价（元/斤）", "金额"], ["白菜", 10, 2.5, 25], ["牛肉", 2, 38, 76],
                          ["虾", 1.5, 10, 15]], sheet="账")
    r = formula("单价十块及以上算贵的，其他平价", s, "E2", method="rules")
    assert r.formula == '=IF(C2>=10,"贵","平价")'


def test_a_contraction_is_grammar_to_the_one_cell_readers():
    s = schema_from_rows([["Ticket", "Kg"], ["T1", 4.5], ["T2", 6], ["T3", 3.2]], sheet="Washes")
    r = formula("total kg we've washed", s, method="rules")
    assert r.formula == "=SUM(B2:B4)"
