"""Chinese IF labels read in general (helper fif17): the else clause said as 不然 or as the
bound's other side (之后的 / 以下的), a label named before its rule (大单标记：...), 就 before an
unmarked label, 否则 that is no 否 of 是/否, 标上午 that is 标 and 上午, and the state labels
with 显示 / 标个.  Each behaviour is asked three ways on a sheet of our own."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell="I2"):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _orders():
    rows = [["单号", "日期", "客户", "金额", "付款日期", "类型", "开始", "结束"]]
    for i in range(6):
        rows.append([f"DD{i}", dt.date(2026, 11, 2 + i), f"客户{i}", 80 + 40 * i,
                     dt.date(2026, 11, 9) if i % 2 else None, "散客" if i % 2 else "单位",
                     dt.time(9 + i, 0), dt.time(11 + i, 0)])
    return schema_from_rows(rows, sheet="订单")


@pytest.mark.parametrize("request_", [
    "类型是散客的写零售，否则团餐",
    "类型是散客就零售，不然团餐",
    "类型为散客的标零售，不然写团餐",
])
def test_a_value_gets_a_label_and_the_rest_the_other(request_):
    assert _answer(request_, _orders()) == '=IF(F2="散客","零售","团餐")'


@pytest.mark.parametrize("request_", [
    "开始时间12点以前的标上午，之后的标下午",
    "开始12点之前的写上午，以后的写下午",
    "开始早于12点的标上午，否则标下午",
])
def test_morning_or_afternoon_by_the_hour(request_):
    assert _answer(request_, _orders()) == '=IF(G2<TIME(12,0,0),"上午","下午")'


@pytest.mark.parametrize("request_, expected", [
    ("金额100以上的标大单，以下的标小单", '=IF(D2>=100,"大单","小单")'),
    ("金额100以上的标大单，以下的空着", '=IF(D2>=100,"大单","")'),
    ("金额>=100就大单，否则普通", '=IF(D2>=100,"大单","普通")'),
])
def test_the_other_side_of_a_bound_is_the_else(request_, expected):
    assert _answer(request_, _orders()) == expected


@pytest.mark.parametrize("request_, expected", [
    ("大单标记：金额>=100", '=IF(D2>=100,"大单","")'),
    ("小单标注: 金额不到100", '=IF(D2<100,"小单","")'),
    ("催款标记：付款日期为空", '=IF(E2="","催款","")'),
])
def test_a_label_named_before_its_rule_marks_those_rows_only(request_, expected):
    assert _answer(request_, _orders()) == expected


@pytest.mark.parametrize("request_, expected", [
    ("没付款的显示未付，付了的显示已付", '=IF(E2="","未付","已付")'),
    ("未付款的标个“催”，其他留空", '=IF(E2="","催","")'),
    ("没付的标个待付，其它显示已付", '=IF(E2="","待付","已付")'),
])
def test_a_step_not_done_yet_said_with_show_or_mark(request_, expected):
    assert _answer(request_, _orders()) == expected


def test_near_misses_refuse():
    sheet = _orders()
    assert _answer("待收标记", sheet) is None  # the rows that get it are not said
    assert _answer("还没付的显示未付", sheet) is None  # one of a pair said: the rest is not said
    assert _answer("金额大于100的写是，否则写否", sheet) in (None, '=IF(D2>100,"是","否")')


def _till():
    rows = [["单号", "日期", "顾客", "金额", "赊账", "会员"]]
    for i in range(6):
        rows.append([f"DD{i}", dt.date(2026, 11, 2 + i), f"王{i}", 80 + 40 * i, "是" if i % 2 else "否",
                     "是" if i % 3 == 0 else None])
    return schema_from_rows(rows, sheet="流水")


@pytest.mark.parametrize("request_, expected", [
    ("赊账的标“待收”，其他空着", '=IF(E3="是","待收","")'),
    ("赊账的写待收，其余留空", '=IF(E3="是","待收","")'),
    ("不是赊账的写现结", '=IF(E3="否","现结","")'),
    ("是会员的写会员价，否则原价", '=IF(F3="是","会员价","原价")'),
    ("非会员的写原价，其余会员价", '=IF(F3<>"是","原价","会员价")'),  # 是 or empty: only 是 is known
])
def test_a_yes_no_column_named_whole_is_the_condition(request_, expected):
    assert _answer(request_, _till(), "G3") == expected


@pytest.mark.parametrize("request_", [
    "今天是2026年12月7日，日期早于今天的标已过期，其余标有效",
    "日期早于今天的标已过期，其余标有效（今天是2026年12月7日）",
    "日期在今天之前的标已过期，其余有效（今天2026-12-07）",
])
def test_a_pinned_today_is_the_date_compared_with(request_):
    assert _answer(request_, _orders(), "I3") == '=IF(B3<DATE(2026,12,7),"已过期","有效")'


def test_an_unpinned_today_is_todays_date():
    assert _answer("日期早于今天的标已过期，其余标有效", _orders(), "I3") == '=IF(B3<TODAY(),"已过期","有效")'
    assert _answer("日期在今天之前的写过期", _orders(), "I3") == '=IF(B3<TODAY(),"过期","")'  # 在 only places it
