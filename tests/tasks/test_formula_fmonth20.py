"""Counts restricted to a month or a day the request names, with other conditions beside it
(round 20, fmonth20).  A month name, "Dec 2026", 12月份, a day "02/12" / 12月10日 / 10号 is a
date-range condition on the date column the request names (by header, or by the event the
column records: "go out" for Delivery), and combines with a value ("Otley") and a noun for the
rows (orders, 单, 桌, 场).  A bare date is never the answer to "how many".  These workbooks are
our own; the phrasings below are what different people type for the same ask.
"""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.checks import date_for_a_count
from o3local.tasks.formula.dayorder import settled_on_sheet
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _orders():
    """Deliveries from Nov 2026 to Jan 2027 (one December), paid dates in Nov and Dec 2026."""
    rows = [["Order", "Client", "Area", "Item", "Delivery", "Qty", "Paid on"]]
    areas = ["Otley", "Leeds", "Otley", "York"]
    for i in range(12):
        day = dt.date(2026, 11, 20) + dt.timedelta(days=5 * i)
        rows.append([500 + i, f"Client {i}", areas[i % 4], "Sofa" if i % 3 else "Table", day, 1 + i % 2,
                     dt.date(2026, 11, 15) + dt.timedelta(days=2 * i)])
    return schema_from_rows(rows, sheet="Orders")


DEC = '">="&DATE(2026,12,1)'


def test_a_month_of_the_column_named_by_its_event_is_counted():
    # three people asking for December's deliveries on a sheet whose deliveries run Nov 2026 - Jan 2027
    for ask in ("How many orders go out in December?", "no. of deliveries Dec 2026",
                "count of orders delivered in dec", "December deliveries - how many?"):
        r = _answer(ask, _orders())
        assert r is not None, ask
        assert r.formula.startswith("=COUNTIFS(E2:E13,") and DEC in r.formula, (ask, r.formula)
        assert r.value == 6, (ask, r.value)


def test_the_month_combines_with_a_value_of_another_column():
    for ask in ("how many Otley deliveries in December?", "count Otley orders going out in Dec",
                "Otley: no. of orders delivered in December"):
        r = _answer(ask, _orders())
        assert r is not None, ask
        assert '"Otley"' in r.formula and DEC in r.formula, (ask, r.formula)


def test_a_month_the_dates_hold_once_takes_that_year():
    r = _answer("how many deliveries in January", _orders())
    assert r is not None and "DATE(2027,1,1)" in r.formula, r and r.formula


def test_a_month_of_two_date_columns_none_named_is_refused():
    assert _answer("how many orders in December", _orders()) is None


def test_a_month_held_in_two_years_is_refused_without_its_year():
    rows = [["Job", "Date", "Fee"]]
    for i in range(14):
        rows.append([i + 1, dt.date(2025, 12, 1) + dt.timedelta(days=30 * i), 40])
    sheet = schema_from_rows(rows, sheet="Jobs")
    assert _answer("how many jobs in December", sheet) is None
    r = _answer("how many jobs in December 2026", sheet)
    assert r is not None and "DATE(2026,12,1)" in r.formula, r and r.formula


def test_a_bare_date_never_answers_how_many():
    sheet = _orders()
    assert date_for_a_count("no. of deliveries Dec 2026", "=DATE(2026,12,1)")
    assert date_for_a_count("订单数 2026年12月", "=DATE(2026,12,1)")
    assert date_for_a_count("first delivery date", "=DATE(2026,12,1)") is None
    assert date_for_a_count("how many days to christmas", "=DATE(2026,12,25)-DATE(2026,12,13)") is None
    r = _answer("no. of deliveries Dec 2026", sheet)
    assert r is None or "COUNT" in r.formula, r.formula


def _calls():
    rows = [["Call", "Date", "Agent", "Queue", "Wait (s)"]]
    for i in range(16):
        rows.append([f"C{i}", dt.date(2026, 11, 26) + dt.timedelta(days=i // 2), "Amy" if i % 2 else "Raj",
                     "Sales" if i % 3 else "Support", 30 + i])
    return schema_from_rows(rows, sheet="Calls")


def test_a_slashed_day_without_its_year_is_a_day_of_the_sheet():
    for ask in ("no. of calls 02/12", "how many calls on 2/12?", "calls 12/02 - how many", "count of calls dated 2/12"):
        r = _answer(ask, _calls())
        assert r is not None, ask
        assert r.formula == "=COUNTIF(B2:B17,DATE(2026,12,2))", (ask, r.formula)


def test_a_slashed_pair_the_sheet_does_not_settle_is_left_alone():
    sheet = _calls()
    assert settled_on_sheet("half 1/2 of the calls", sheet) == "half 1/2 of the calls"  # neither order held
    assert settled_on_sheet("calls 27/11/2026", sheet) == "calls 27/11/2026"  # a full date: dayorder's own
    assert settled_on_sheet("calls on 2/12", sheet) == "calls on 2 Dec"
    rows = [["Call", "Date"], ["a", dt.date(2026, 12, 2)], ["b", dt.date(2026, 2, 12)]]
    both = schema_from_rows(rows, sheet="Calls")
    assert settled_on_sheet("calls on 2/12", both) == "calls on 2/12"  # both orders held: not guessed


def _rooms():
    rows = [["日期", "包间", "开始", "人数", "茶水费"]]
    for i in range(15):
        rows.append([dt.date(2026, 12, 5 + i // 4), ["牡丹", "兰花", "竹韵"][i % 3], "14:00", 4, 20 + i])
    return schema_from_rows(rows, sheet="包间记录")


def test_a_chinese_day_counts_its_rows_by_any_measure_word():
    for ask in ("6号那天开了几桌", "12月6日有几场", "12月6日一共开了多少场", "12月6号有几桌"):
        r = _answer(ask, _rooms())
        assert r is not None, ask
        assert r.formula == "=COUNTIF(A2:A16,DATE(2026,12,6))", (ask, r.formula)
        assert r.value == 4


def test_a_chinese_month_with_an_opening_verb_counts_its_rows():
    rows = [["单号", "日期", "客户", "数量"]]
    for i in range(10):
        rows.append([f"00{600 + i}", dt.date(2026, 11, 25) + dt.timedelta(days=2 * i), f"客户{i % 3}", 2])
    sheet = schema_from_rows(rows, sheet="销售单")
    for ask in ("12月份开了几单", "12月开了多少单", "12月一共开了几张单"):
        r = _answer(ask, sheet)
        assert r is not None, ask
        assert "DATE(2026,12,1)" in r.formula and r.formula.startswith("=COUNTIFS(B2:B11"), (ask, r.formula)
        assert r.value == 7
