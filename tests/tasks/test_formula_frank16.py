"""The row with the earliest or latest time of day (issue 16, round 16, timeofday.py), and a
Chinese column named by the end of its header (lookups._word_at).

"booking with the latest end time", "用印时间最早的那次是谁经办的": a column of times of day is
typed text by the sheet reader, so the lookup family never compared it; "time" itself names no
column.  "金额最高的单号" names 领用单号 by its last two characters.  Sheets written here; values
checked by the engine.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def classes():
    return schema_from_rows([
        ["Class ref", "Day", "Teacher", "Start", "End", "Places"],
        ["C-01", dt.date(2026, 3, 2), "Ola", dt.time(9, 30), dt.time(10, 30), 12],
        ["C-02", dt.date(2026, 3, 2), "Raj", dt.time(7, 45), dt.time(8, 45), 8],
        ["C-03", dt.date(2026, 3, 3), "Ola", dt.time(18, 0), dt.time(19, 15), 10],
        ["C-04", dt.date(2026, 3, 4), "Mei", dt.time(12, 15), dt.time(13, 0), 14],
    ])


@pytest.fixture
def pickups():
    return schema_from_rows([
        ["学号", "姓名", "班级", "接走时间", "月费"],
        ["S01", "王一", "一班", dt.time(17, 10), 800],
        ["S02", "李二", "二班", dt.time(18, 40), 800],
        ["S03", "张三", "一班", dt.time(16, 55), 900],
    ])


@pytest.mark.parametrize("request_, fn, value", [
    ("which teacher has the earliest start time", "MIN", "Raj"),
    ("teacher with the latest End", "MAX", "Ola"),
    ("which teacher finished latest", "MAX", "Ola"),
    ("which teacher started earliest", "MIN", "Raj"),
    ("teacher with the latest end time", "MAX", "Ola"),
])
def test_the_teacher_of_the_earliest_or_latest_class(classes, request_, fn, value):
    r = formula(request_, classes, method="rules")
    col = "D" if fn == "MIN" else "E"
    assert r.formula == f"=INDEX(C2:C5,MATCH({fn}({col}2:{col}5),{col}2:{col}5,0))"
    assert r.value == value


@pytest.mark.parametrize("request_, fn, value", [
    ("接走时间最晚的是谁", "MAX", "李二"),
    ("接走时间最早的学生姓名", "MIN", "张三"),
])
def test_zh_the_earliest_or_latest_pickup(pickups, request_, fn, value):
    r = formula(request_, pickups, method="rules")
    assert r.formula == f"=INDEX(B2:B4,MATCH({fn}(D2:D4),D2:D4,0))"
    assert r.value == value


@pytest.mark.parametrize("request_", [
    "which teacher has the earliest start time on 3 March",  # a condition the rule does not read
    "which teacher has the earliest time",  # which time? starts or ends: not guessed
    "which teacher was booked latest",  # no time column is booked
])
def test_unread_or_unsaid_times_are_refused(classes, request_):
    try:
        r = formula(request_, classes, method="rules")
    except TaskError:
        return
    assert r.formula not in ("=INDEX(C2:C5,MATCH(MIN(D2:D5),D2:D5,0))", "=INDEX(C2:C5,MATCH(MIN(E2:E5),E2:E5,0))")


def test_a_header_named_by_its_last_characters():
    s = schema_from_rows([
        ["领用单号", "部门", "物品", "金额"],
        ["LY-01", "行政", "纸", 120],
        ["LY-02", "财务", "笔", 480],
        ["LY-03", "行政", "墨盒", 300],
    ])
    r = formula("金额最高的单号", s, method="rules")
    assert r.formula == "=INDEX(A2:A4,MATCH(MAX(D2:D4),D2:D4,0))"
    assert r.value == "LY-02"
