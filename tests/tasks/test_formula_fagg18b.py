"""Whole-table answers read by fagg18b: a date column named as filled in ("with a Shipped date",
"Shipped is not blank", "有发货日期的"), the rows of a date column named by its event noun
("bookings in May" beside Booked), and a lookup said with 根据 / 查 / 找一下.  Our own workbooks."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _parcels():
    rows = [["Parcel", "Sender", "Logged", "Weight", "Fee", "Shipped"]]
    for i in range(8):
        shipped = dt.date(2026, 5, 3 + i) if i % 3 else None
        rows.append([f"P-{200 + i}", ("Ana", "Bo", "Cy")[i % 3], dt.date(2026, 4 + i % 2, 1 + i), 1 + i, 5 + 2 * i,
                     shipped])
    return schema_from_rows(rows, sheet="Parcels")


_SHIPPED_FEE = '=SUMIF(F2:F9,"<>",E2:E9)'


def test_a_total_over_the_rows_whose_date_is_filled_in():
    sheet = _parcels()
    for ask in ("total fee with a shipped date",
                "sum of Fee where Shipped is not blank",
                "add up the fees that have a Shipped date",
                "total fee of the ones with a shipped date"):
        assert _answer(ask, sheet) == _SHIPPED_FEE, ask


def test_a_count_of_the_rows_whose_date_is_filled_in():
    sheet = _parcels()
    for ask in ("count rows where Shipped is filled in", "how many where shipped is not empty"):
        assert _answer(ask, sheet) == '=COUNTIF(F2:F9,"<>")', ask


def test_a_filled_in_amount_is_not_read_as_a_date_filled_in():
    # "with a fee" on a number column is not a blank test of this reading (an amount above 0, or refused)
    got = _answer("total weight with a fee", _parcels())
    assert got is None or '"<>"' not in got, got


def test_a_date_column_named_by_its_event_noun():
    sheet = schema_from_rows([["Ref", "Client", "Booked", "Finished", "Amount"]] + [
        [f"B{i}", "Kim", dt.date(2026, 5 + i % 2, 2 + i), dt.date(2026, 6, 20) if i % 2 else None, 40 + i]
        for i in range(6)], sheet="Jobs")
    want = '=COUNTIFS(C2:C7,">="&DATE(2026,5,1),C2:C7,"<="&DATE(2026,5,31))'
    for ask in ("number of bookings in May 2026", "how many bookings in May", "count bookings in May 2026"):
        assert _answer(ask, sheet) == want, ask


def _staff_zh():
    rows = [["工号", "姓名", "部门", "入职日期"]]
    for i, (name, dept) in enumerate((("王一", "财务部"), ("李二", "研发部"), ("赵三", "研发部"), ("钱四", "销售部"))):
        rows.append([f"E{300 + i}", name, dept, dt.date(2026, 3, 1 + i)])
    return schema_from_rows(rows, sheet="员工")


def test_a_lookup_said_with_genju_cha_or_zhao():
    sheet = _staff_zh()
    want = '=INDEX(B2:B5,MATCH("E301",A2:A5,0))'
    for ask in ("帮我根据工号E301查一下姓名", "根据工号E301查姓名", "请根据工号E301找一下姓名"):
        assert _answer(ask, sheet) == want, ask


def _orders_zh():
    rows = [["单号", "客户", "金额", "发货日期"]]
    for i in range(6):
        rows.append([f"D{i}", "甲乙"[i % 2], (150, 80, 230, 95, 60, 410)[i], dt.date(2026, 5, 1 + i) if i % 3 else None])
    return schema_from_rows(rows, sheet="订单")


def test_a_chinese_date_column_said_filled_in():
    sheet = _orders_zh()
    for ask in ("有发货日期的金额合计", "发货日期不为空的金额合计", "发货日期已填的金额总和"):
        assert _answer(ask, sheet) == '=SUMIF(D2:D7,"<>",C2:C7)', ask
    for ask in ("发货日期不为空的有几个", "有发货日期的订单数"):
        assert _answer(ask, sheet) == '=COUNTIF(D2:D7,"<>")', ask


def test_no_date_said_is_still_the_blank_rows():
    assert _answer("没有发货日期的金额合计", _orders_zh()) == '=SUMIFS(C2:C7,D2:D7,"")'
