"""Worked time on timesheet rows, round 14 (rowshifts): the hours between two clock times less a
break (a column in minutes or hours, or a length said), the part over N hours, the pay at an
hourly rate, rounded to a quarter or half hour; English and Chinese phrasings of our own on
sheets of our own, each checked on the sheet, and the refusals where the reading must not fire."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import O3Error
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


def _ask(request: str, schema, target: str | None = None):
    return formula(request, schema, target, method="rules")


def _at(r, s, row: int):
    return evaluate(r.intent["template"].replace("{r}", str(row)), s).value


def _shifts():
    """A café's timesheet: clock in / out, the break in minutes, the hourly rate."""
    rows = [["Staff", "Clock in", "Clock out", "Break (mins)", "Hourly rate"],
            ["Ann", dt.time(8, 0), dt.time(17, 30), 30, 12],   # 9.5 h, 9 h after break
            ["Bob", dt.time(9, 15), dt.time(15, 0), 45, 11],   # 5.75 h, 5 h after break
            ["Cat", dt.time(7, 0), dt.time(18, 10), 60, 13]]   # 11 1/6 h, 10 1/6 h after break
    return schema_from_rows(rows)


def _zh_shifts():
    """一张考勤表：上班 / 下班打卡，午休（分钟），时薪。"""
    rows = [["姓名", "上班时间", "下班时间", "午休（分钟）", "时薪"],
            ["张三", dt.time(8, 30), dt.time(18, 0), 60, 20],   # 9.5 h, 8.5 h
            ["李四", dt.time(9, 0), dt.time(21, 0), 60, 25],    # 12 h, 11 h
            ["王五", dt.time(10, 0), dt.time(16, 30), 30, 22]]  # 6.5 h, 6 h
    return schema_from_rows(rows)


@pytest.mark.parametrize("request_", [
    "hours worked each shift after the break",
    "worked hours = clock out - clock in - break",
    "how many hrs did each person work, not counting their break",
    "total hours on the clock minus break for each row",
])
def test_hours_worked_less_a_break_column_in_minutes(request_):
    s = _shifts()
    r = _ask(request_, s, "F2")
    assert r.formula == "=(C2-B2)*24-D2/60"
    assert _at(r, s, 2) == pytest.approx(9.0) and _at(r, s, 3) == pytest.approx(5.0)


@pytest.mark.parametrize("request_", ["每人每天实际工时，扣除午休", "上班时长减去午休，算成小时", "工作时长（小时），不含午休"])
def test_chinese_hours_worked_less_the_lunch_break(request_):
    s = _zh_shifts()
    r = _ask(request_, s, "F2")
    assert r.formula == "=(C2-B2)*24-D2/60"
    assert _at(r, s, 3) == pytest.approx(11.0)


def test_overtime_over_eight_hours_after_break():
    s = _shifts()
    for req in ("OT over 8 hrs for each shift, after break", "overtime hours: worked hours (less break) above 8, or 0"):
        r = _ask(req, s, "F2")
        assert r.formula == "=MAX(0,(C2-B2)*24-D2/60-8)"
        assert _at(r, s, 2) == pytest.approx(1.0) and _at(r, s, 3) == 0


def test_chinese_overtime_over_eight_hours():
    s = _zh_shifts()
    r = _ask("扣除午休后超过8小时的加班时长", s, "F2")
    assert r.formula == "=MAX(0,(C2-B2)*24-D2/60-8)"
    assert _at(r, s, 3) == pytest.approx(3.0)


def test_pay_for_each_shift_at_the_hourly_rate():
    s = _shifts()
    r = _ask("pay for each shift: hours worked minus break x hourly rate", s, "F2")
    assert r.formula == "=((C2-B2)*24-D2/60)*E2"
    assert _at(r, s, 2) == pytest.approx(108.0)


def test_hours_rounded_to_the_nearest_quarter_or_half_hour():
    s = _shifts()
    r = _ask("hours worked after break, rounded to the nearest quarter hour", s, "F2")
    assert r.formula == "=ROUND(((C2-B2)*24-D2/60)*4,0)/4"
    assert _at(r, s, 4) == pytest.approx(10.25)
    r = _ask("hours worked after break to the nearest half hour", s, "F2")
    assert r.formula == "=ROUND(((C2-B2)*24-D2/60)*2,0)/2"


def _meetings():
    rows = [["Room", "Start", "End"], ["A1", dt.time(9, 0), dt.time(12, 0)], ["B2", dt.time(13, 0), dt.time(17, 30)]]
    return schema_from_rows(rows)


def test_a_break_said_as_a_length():
    s = _meetings()
    assert _ask("hours per meeting less a 30 min break", s, "D2").formula == "=(C2-B2)*24-30/60"
    assert _ask("hours per meeting minus half an hour for lunch", s, "D2").formula == "=(C2-B2)*24-0.5"
    zh = schema_from_rows([["会议室", "开始", "结束"], ["A1", dt.time(9, 0), dt.time(12, 0)], ["B2", dt.time(13, 0), dt.time(17, 30)]])
    assert _ask("每场会议几个小时，扣掉1小时午休", zh, "D2").formula == "=(C2-B2)*24-1"
    assert _ask("会议时长（小时）减去半小时休息", zh, "D2").formula == "=(C2-B2)*24-0.5"


@pytest.mark.parametrize("request_", [
    "hours worked including the break",
    "工作时长（小时），含午休",
])
def test_a_break_kept_in_is_not_taken_off(request_):
    s = _shifts() if request_.isascii() else _zh_shifts()
    try:
        r = _ask(request_, s, "F2")
    except O3Error:
        return
    assert "/60" not in r.formula


def test_overtime_as_a_label_is_not_a_number_of_hours():
    try:
        r = _ask('mark "OT" if hours worked after break are over 8', _shifts(), "F2")
    except O3Error:
        return
    assert not r.formula.startswith("=MAX(")


def test_a_break_in_unknown_units_refuses():
    rows = [["Staff", "In", "Out", "Break"], ["A", dt.time(8), dt.time(16), 0.5], ["B", dt.time(9), dt.time(17), 1]]
    with pytest.raises(O3Error):
        _ask("hours worked less break", schema_from_rows(rows), "E2")
