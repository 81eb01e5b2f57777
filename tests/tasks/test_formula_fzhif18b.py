"""Chinese status labels decided by a column being blank or filled in, or by a 是 column
(helper fzhif18b): the blank side said as 空 / 没有 / 没填, the filled side as 有 / 不空 / 有值 or
the else word, the 是 side as 是“是” / 为是, in either order, with a heading or where the result
goes around them.  A blank cell is "not yet"; on a 是 column the test is ="是".  Near misses
(a label not said, two columns, a 是/否 column with blanks said as 空) stay unanswered."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell="H2"):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _loans(confirmed=lambda i: "是" if i % 3 == 0 else None):
    rows = [["单号", "姓名", "借出日期", "金额", "归还日期", "是否确认", "备注"]]
    for i in range(8):
        rows.append([f"D{i}", f"人{i}", dt.date(2026, 11, 1 + i), 100 * i + 50,
                     dt.date(2026, 11, 20) if i % 2 else None, confirmed(i), None])
    return schema_from_rows(rows, sheet="借还")


@pytest.mark.parametrize("request_", [
    "有归还日期写已还，没有写未还",
    "H列标注归还状态：有归还日期的写已还，没有的写未还",
    "归还日期空的是未还，不空是已还",
    "归还日期有值的标已还，否则标未还",
    "没填归还日期的标未还，其他标已还",
    "归还日期是空的就是未还，有日期就是已还，写在H列",
    "用IF判断归还日期是否为空，空的是未还，不空是已还",
    "归还日期：空=未还，不空=已还",
])
def test_a_blank_date_is_not_yet(request_):
    assert _answer(request_, _loans()) in ('=IF(E2="","未还","已还")', '=IF(E2<>"","已还","未还")')


@pytest.mark.parametrize("request_", [
    "是否确认是“是”的写已确认，否则写未确认",
    "是否确认为是的标已确认，其他的标未确认",
    "是否确认那列是“是”就写已确认，不然写未确认",
    "是否确认是“是”的写已确认，空的写未确认",
])
def test_a_yes_column_with_blanks_is_tested_for_yes(request_):
    assert _answer(request_, _loans()) == '=IF(F2="是","已确认","未确认")'


def test_not_yes_with_the_rest_blank():
    assert _answer("是否确认不是“是”的显示待确认，其他空着", _loans()) == '=IF(F2="是","","待确认")'


def test_a_yes_column_may_be_its_own_label():
    rows = [["卡号", "会员", "金额"]] + [[f"K{i}", "是" if i % 2 else None, 10 * i] for i in range(6)]
    sheet = schema_from_rows(rows, sheet="消费")
    assert _answer("会员一栏是“是”的写会员，空的写散客", sheet, "D2") == '=IF(B2="是","会员","散客")'


@pytest.mark.parametrize("request_", [
    "有归还日期写已还，没有借出日期写未还",  # two columns
    "有备注写已还，没有写已还",  # one label for both
])
def test_near_misses_stay_unanswered(request_):
    assert _answer(request_, _loans()) is None


def test_blank_said_of_a_yes_no_column_with_blanks_is_refused():
    sheet = _loans(lambda i: "是" if i % 3 == 0 else ("否" if i % 3 == 1 else None))
    assert _answer("是否确认是“是”的写已确认，空的写未确认", sheet) is None
