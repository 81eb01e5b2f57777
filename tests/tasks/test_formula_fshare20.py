"""Checks the twentieth round's share helper added: a Chinese share of the rows that had an
amount ("带宠物的客人占比", "给了优惠的订单占几成"), said with a verb of having before the amount
column's name, and the share said first ("有多少比例的订单用了优惠").  Rows whose amount is left
blank are rows without it: the share is over all the table's rows.  These workbooks are our own."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _guests():
    """A hotel's check-ins: 宠物数 is 0 for most guests, never blank."""
    rows = [["房号", "客人", "入住天数", "宠物数", "房费"]]
    for i in range(8):
        rows.append([f"R{301 + i}", f"客人{i}", 1 + i % 3, 1 if i % 3 == 0 else 0, 300 + 20 * i])
    return schema_from_rows(rows, sheet="入住登记")


def _orders():
    """A shop's orders: 优惠 is left blank on the orders that had none."""
    rows = [["订单号", "客户", "金额", "优惠"]]
    for i in range(8):
        rows.append([f"D{500 + i}", f"客户{i}", 100 + 10 * i, 5 if i % 4 == 0 else None])
    return schema_from_rows(rows, sheet="订单")


def test_rows_that_brought_an_amount_are_a_share_of_the_rows():
    # three people's ways of asking the same: the verb of having, the share said first, 占几成
    for ask in ("带宠物的客人占比", "有多少比例的客人带了宠物", "有宠物同行的占几成", "百分之几的客人带着宠物"):
        assert _answer(ask, _guests()) == '=COUNTIF(D2:D9,">0")/COUNTA(D2:D9)', ask


def test_a_blank_amount_is_a_row_without_it():
    # 优惠 blank on the orders with none: the share is of every order (订单号), not of the filled cells
    for ask in ("给了优惠的订单占比", "有多少比例的订单给了优惠", "有优惠的订单占几成"):
        assert _answer(ask, _orders()) == '=COUNTIF(D2:D6,">0")/COUNTA(A2:A9)', ask


def test_the_count_reads_the_same_verbs():
    assert _answer("带了宠物的客人有几个", _guests()) == '=COUNTIF(D2:D9,">0")'
    assert _answer("给过优惠的订单有几单", _orders()) == '=COUNTIF(D2:D6,">0")'


def test_a_negated_verb_is_never_the_rows_with_it():
    for ask in ("没带宠物的客人占比", "不带宠物的占几成"):
        got = _answer(ask, _guests())
        assert got is None or '">0"' not in got, (ask, got)


def test_a_share_said_first_of_a_value_still_reads():
    assert _answer("有多少比例的客户是客户3", _orders()) in (None, '=COUNTIF(B2:B9,"客户3")/COUNTA(B2:B9)')
