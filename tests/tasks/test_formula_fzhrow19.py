"""Chinese per-row and count asks said with units and times of day (helper fzhrow19): a bound said
as a number with its unit ("20斤以上", "超过5公里") reads as the column that holds the unit; a count
of the rows before / after / between times of day is a COUNTIF on the time column.
These workbooks are our own."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _stall():
    """A market stall's sales: a time of day, a weight in 斤, a price per 斤."""
    rows = [["日期", "时间", "品名", "斤数", "单价(元/斤)", "买家"]]
    times = [(6, 40), (7, 55), (9, 10), (12, 30), (15, 5), (18, 45), (20, 15)]
    for i, (h, m) in enumerate(times):
        rows.append([dt.date(2026, 11, 3), dt.time(h, m), ["鲈鱼", "草鱼", "鲫鱼"][i % 3], 8 + 4 * i,
                     12.5, ["张姐", "城北食堂", "李叔"][i % 3]])
    return schema_from_rows(rows, sheet="摊位流水")


def _runs():
    """Errand runs: distance held in brackets."""
    rows = [["单号", "接单时间", "距离(公里)", "费用"]]
    for i in range(6):
        rows.append([f"PT-{300 + i}", dt.time(8 + 2 * i, 0), 1.5 * (i + 1), 10 + i])
    return schema_from_rows(rows, sheet="跑单")


# Three people's ways of saying "a label for the rows of at least N of the unit".
def test_a_number_with_its_unit_names_the_column_of_that_unit():
    for said in ("30斤以上的写大客", "30斤及以上标大客", "超过30斤的标个大客"):
        r = _answer(said, _stall(), "G2")
        assert r is not None, said
        want = ">=30" if "以上" in said else ">30"
        assert r.formula == f'=IF(D2{want},"大客","")', (said, r.formula)


def test_a_unit_in_brackets_names_the_column():
    for said in ("超过6公里的有几单", "6公里以上的单子有几个"):
        r = _answer(said, _runs())
        assert r is not None and r.formula.startswith("=COUNTIF(C2:C7,\">"), (said, r and r.formula)


def test_a_unit_no_column_holds_is_not_guessed():
    for said in ("超过6米的有几单", "10元以上的标贵"):  # no column of 米; 元 is the price per 斤
        r = _answer(said, _runs() if "米" in said else _stall(), None if "米" in said else "G2")
        assert r is None, (said, r.formula)


# Count of the rows before / after a time of day, said three ways each.
def test_rows_after_a_time_of_day_are_counted_on_the_time_column():
    for said in ("晚上6点以后卖了几单", "18:00之后的单子有几笔", "傍晚6点后有多少单"):
        r = _answer(said, _stall())
        assert r is not None and r.formula == '=COUNTIF(B2:B8,">="&TIME(18,0,0))', (said, r and r.formula)


def test_rows_before_a_time_of_day_are_counted():
    for said in ("早上8点之前卖了几单", "8:00以前有几单", "how many sales before 8am"):
        r = _answer(said, _stall())
        assert r is not None and r.formula == '=COUNTIF(B2:B8,"<"&TIME(8,0,0))', (said, r and r.formula)


def test_a_span_of_two_times_counts_both_ends():
    r = _answer("9点到13点之间卖了几单", _stall())
    assert r is not None and r.formula == '=COUNTIFS(B2:B8,">="&TIME(9,0,0),B2:B8,"<"&TIME(13,0,0))', r


def test_a_time_count_with_another_condition_or_an_unsaid_half_of_day_is_refused():
    for said in ("鲈鱼晚上6点以后卖了几单", "买家是张姐的早上8点前有几单", "3点以后有几单"):
        r = _answer(said, _stall())
        assert r is None, (said, r.formula)


def _deliveries():
    """Deliveries: when ordered, when delivered."""
    rows = [["单号", "下单时间", "送达时间", "运费"]]
    for i in range(5):
        rows.append([f"SD-{10 + i}", dt.time(10, 5 * i), dt.time(10 + (i % 2), 30 + 5 * i), 6 + i])
    return schema_from_rows(rows, sheet="外送")


def test_minutes_asked_with_one_time_said_run_to_the_other():
    for said in ("送达用了几分钟", "下单后多少分钟送到的", "每单几分钟送到"):
        r = _answer(said, _deliveries(), "E2")
        assert r is not None and r.formula == "=(C2-B2)*1440", (said, r and r.formula)


def _signups():
    """Sign-ups: one row a person, with the companions they bring."""
    rows = [["姓名", "班组", "随行人数", "报名费", "已付"]]
    for i in range(6):
        rows.append([f"学员{i}", ["一组", "二组"][i % 2], i % 3, 50, "是" if i % 3 else None])
    return schema_from_rows(rows, sheet="报名")


def test_a_count_of_people_names_no_column_of_companions():
    for said in ("已付的人数", "已付人数", "已付款的人数"):  # 人数 is no 随行人数 here
        r = _answer(said, _signups())
        assert r is not None and r.formula == '=COUNTIF(E2:E7,"是")', (said, r and r.formula)
