"""Conditional counts and shares said in shorthand (fcond18): a share word said last ("online
%"), a Chinese whole that counts people by a verb ("占全部登记人数的比例"), 已 before a column of
是 marks ("已结账的比例"), and a column said blank before its name ("count of blank scores",
"nothing in the Paid column").  These workbooks are our own.

Phrasings a different person would type for the same asks (generality discipline):
- the share of one value's rows: "online %", "online orders %", "online percentage", "% online";
- a share over people counted by what they did: "下铺占全部登记人数的比例", "二楼占总入住人数的百分比",
  "下铺占所有登记人数的比例";
- the done rows of a 是 / blank column: "已结账的比例", "已经结账的占比", "已结账有几单";
- the rows with a column empty: "count of blank scores", "how many blank scores", "number of
  empty score cells", "count of trainees with nothing in the Score column yet",
  "how many trainees have nothing in the paid column".
"""

from __future__ import annotations

import datetime as dt
import re

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _orders():
    rows = [["Ref", "Date", "Channel", "Amount", "Paid by"]]
    channels = ["Online", "Shop", "Phone", "Online", "Shop", "Online", "Phone", "Shop"]
    for i, ch in enumerate(channels):
        rows.append([f"A{100 + i}", dt.date(2026, 11, 1 + i), ch, 20 + 5 * i, "Card" if i % 3 else "Cash"])
    return schema_from_rows(rows, sheet="Orders")


def test_a_share_word_said_last_is_the_share_of_that_values_rows():
    sheet = _orders()
    for said in ("online %", "online orders %", "online percentage", "% online"):
        assert _answer(said, sheet) == '=COUNTIF(C2:C9,"Online")/COUNTA(C2:C9)', said
    assert _answer("cash %", sheet) == _answer("% cash", sheet) is not None  # read as its lead form is


def test_a_share_word_said_last_after_a_number_column_alone_is_not_guessed():
    assert _answer("amount %", _orders()) is None


def _dorm():
    rows = [["房号", "姓名", "楼层", "床位", "月租"]]
    beds = ["下铺", "上铺", "下铺", "上铺", "下铺", "下铺", "上铺"]
    for i, bed in enumerate(beds):
        rows.append([f"{101 + i}", f"员工{i}", "二楼" if i % 2 else "三楼", bed, 300 + 10 * i])
    return schema_from_rows(rows, sheet="宿舍登记")


def test_a_whole_of_people_counted_by_what_they_did_is_the_rows():
    sheet = _dorm()
    for said in ("下铺占全部登记人数的比例", "下铺占所有登记人数的比例", "下铺占总入住人数的百分比"):
        assert _answer(said, sheet) == '=COUNTIF(D2:D8,"下铺")/COUNTA(D2:D8)', said
    assert _answer("二楼占总入住人数的百分比", sheet) == '=COUNTIF(C2:C8,"二楼")/COUNTA(C2:C8)'


def _deliveries():
    """结账 holds 是 once a delivery is settled, and is left blank until then."""
    rows = [["日期", "客户", "桶数", "单价", "结账"]]
    for i in range(8):
        rows.append([dt.date(2026, 11, 1 + i), f"客户{i % 3}", 2 + i, 12, "是" if i % 3 else None])
    return schema_from_rows(rows, sheet="配送记录")


def test_yi_before_a_column_of_marks_is_its_marked_rows():
    sheet = _deliveries()
    for said in ("已结账的比例", "已经结账的占比", "已结账比例"):
        got = _answer(said, sheet)
        assert got is not None and got.startswith('=COUNTIF(E2:E') and re.search(r'"是"\)/COUNTA\([AB]2:[AB]9\)$', got), (said, got)
    assert _answer("已结账有几单", sheet).startswith('=COUNTIF(E2:E')
    # 没 before it is still the blank rows, not the marked ones
    assert _answer("没结账的有几单", sheet) == "=COUNTBLANK(E2:E9)"


def _training():
    rows = [["Trainee", "Course", "Score", "Fee", "Paid"]]
    for i in range(8):
        rows.append([f"T{i}", "Excel" if i % 2 else "Word", None if i % 3 == 0 else 50 + i, 100 + i,
                     dt.date(2026, 10, 1 + i) if i % 4 else None])
    return schema_from_rows(rows, sheet="Training")


def test_blank_said_before_a_column_counts_its_empty_cells():
    sheet = _training()
    for said in ("count of blank scores", "how many blank scores", "number of empty score cells",
                 "count of trainees with nothing in the Score column yet"):
        assert _answer(said, sheet) == "=COUNTBLANK(C2:C9)", said


def test_nothing_in_a_date_column_is_its_blank_rows():
    sheet = _training()
    for said in ("count of trainees with nothing in paid", "how many trainees have nothing in the paid column"):
        assert _answer(said, sheet) == "=COUNTBLANK(E2:E9)", said


def test_blank_said_before_a_column_with_no_blank_is_not_guessed():
    assert _answer("count of blank fees", _training()) is None
