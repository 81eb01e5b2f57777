"""Chinese IF labels on a time of day, a date against a pinned day, a duration, and per-row fees
(round twenty, helper fzhif20b).  The workbooks are our own.

Phrasings a different person would type, per behaviour (each answered below):
- rows named by a noun before the mark: "21点以后的交易标夜间" / "晚上9点以后的记录写夜间，其他留空" /
  "下午9点后的流水标记一下（夜间），其余不填"
- 晚于 is strictly later: "时间晚于21:00的标夜间" / "交易时间晚于21点的写夜间"
"""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell="G2"):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _till():
    rows = [["日期", "时间", "摘要", "收入", "支出", "余额"]]
    for i, t in enumerate([dt.time(8, 15), dt.time(21, 30), dt.time(22, 5), dt.time(13, 0)]):
        rows.append([dt.date(2026, 10, 3 + i), t, "收款", 50 + i, None, 1000 + i])
    return schema_from_rows(rows, sheet="收银")


def test_rows_named_by_a_noun_before_the_mark():
    sheet = _till()
    for ask in ("21点以后的交易标夜间",
                "晚上9点以后的记录写夜间，其他留空",
                "下午9点后的流水标记一下（夜间），其余不填",
                "21:00之后的单子在G列标“夜间”，其它空着"):
        assert _answer(ask, sheet) == '=IF(B2>=TIME(21,0,0),"夜间","")', ask


def test_later_than_a_clock_is_strict():
    sheet = _till()
    for ask in ("时间晚于21:00的标夜间", "交易时间晚于21点的写夜间"):
        assert _answer(ask, sheet) == '=IF(B2>TIME(21,0,0),"夜间","")', ask


def test_a_condition_in_brackets_after_the_mark_is_no_label():
    # "标一下（21点以后）": the bracket says which rows, not the label
    assert _answer("标一下（21点以后）", _till()) is None
