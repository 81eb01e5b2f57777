"""Dates named by the verb of their column (fzhdate19): "9月份走了几个人" beside 离职日期 counts the
departures of September by 离职日期, though 离职类型 holds 离职 too; two date columns of the verb
are refused.  These workbooks are our own."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows
from o3local.tasks.formula.stateverbs import said_state_verbs


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _leavers(second_date="离职日期"):
    rows = [["编号", "姓名", "科室", "入职日期", second_date, "离职原因", "工资"]]
    reasons = ["个人原因", "合同到期", "个人原因", "退休", "个人原因", "合同到期"]
    for i in range(6):
        rows.append([f"L{10 + i}", f"员工{i}", ["一科", "二科"][i % 2], dt.date(2026, 1 + i, 3),
                     dt.date(2026, 7 + i // 2, 5 + i), reasons[i], 5000 + 100 * i])
    return schema_from_rows(rows, sheet="离职表")


SEPT = '=COUNTIFS(E2:E7,">="&DATE(2026,9,1),E2:E7,"<="&DATE(2026,9,30))'


def test_a_month_counted_by_the_verb_of_its_date_column():
    # three people's ways of asking how many left in September
    for ask in ("9月份走了几个人", "9月份有几个人走了", "九月走的人有几个", "2026年9月走人的有多少"):
        r = _answer(ask, _leavers(), "I2")
        assert r is not None and r.formula == SEPT, (ask, r and r.formula)


def test_the_verb_said_for_the_date_column_only_stands_before_a_particle():
    sheet = _leavers()
    assert said_state_verbs("9月份走了几个人", sheet) == "9月份离职了几个人"
    assert said_state_verbs("走访记录有几条", sheet) == "走访记录有几条"  # 走访 is no departure


def test_two_date_columns_of_the_verb_are_refused():
    rows = [["编号", "离职申请日期", "离职日期"], ["A1", dt.date(2026, 9, 1), dt.date(2026, 9, 20)],
            ["A2", dt.date(2026, 10, 2), dt.date(2026, 10, 30)]]
    sheet = schema_from_rows(rows, sheet="离职")
    assert said_state_verbs("9月份走了几个人", sheet) == "9月份走了几个人"
    assert _answer("9月份走了几个人", sheet, "E2") is None


def test_a_word_that_is_a_value_is_left_as_said():
    rows = [["编号", "离职日期", "去向"], ["A1", dt.date(2026, 9, 1), "走人了"], ["A2", dt.date(2026, 9, 2), "留任"]]
    sheet = schema_from_rows(rows, sheet="离职")
    assert said_state_verbs("走人了的有几个", sheet) == "走人了的有几个"


def _services():
    rows = [["车号", "车型", "上次检修日期", "检修费", "司机"]]
    for i in range(5):
        rows.append([f"C{i}", ["货车", "客车"][i % 2], dt.date(2026, 3 + i, 10 - i), 300 + i, f"司机{i}"])
    return schema_from_rows(rows, sheet="车辆")


def test_the_latest_day_of_an_event_asked_as_a_question_for_a_day():
    # the event by its verb, the header itself with 里 / 中, another question word
    for ask in ("最近一次检修是哪天", "上次检修日期里最晚的是哪一天", "最后一次检修在什么时候？", "检修最晚的是几号"):
        r = _answer(ask, _services())
        assert r is not None and r.formula == "=MAX(C2:C6)", (ask, r and r.formula)
    r = _answer("最早的检修日期是哪天", _services())
    assert r is not None and r.formula == "=MIN(C2:C6)", r and r.formula


def test_the_latest_day_asked_in_english():
    rows = [["Ref", "Client", "Visited", "Hours"]] + [
        [f"V{i}", f"c{i}", dt.date(2026, 10, 3 + 4 * i), 2 + i] for i in range(5)]
    sheet = schema_from_rows(rows, sheet="Visits")
    for ask in ("When was the most recent visit?", "when did the latest visit happen",
                "what date was the last visit"):
        r = _answer(ask, sheet)
        assert r is not None and r.formula == "=MAX(C2:C6)", (ask, r and r.formula)
    r = _answer("when was the first visit", sheet)
    assert r is not None and r.formula == "=MIN(C2:C6)", r and r.formula


def test_a_latest_day_that_could_be_two_columns_or_a_subset_is_refused():
    rows = [["Ref", "Opened", "Closed", "Start"]] + [
        [f"T{i}", dt.date(2026, 9, 1 + i), dt.date(2026, 9, 9 + i), "09:00"] for i in range(4)]
    sheet = schema_from_rows(rows, sheet="Tickets")
    assert _answer("when was the latest ticket", sheet) is None  # Opened or Closed?
    assert _answer("when did the latest ticket start", sheet) is None  # a time of day column
    assert _answer("最近一次货车检修是哪天", _services()) is None  # only the 货车 rows: not the column's MAX
