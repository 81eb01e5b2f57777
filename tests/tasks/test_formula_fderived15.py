"""Derived quantities (``derived.py``): a span the sheet holds as a start and an end column,
read wherever a column is (a total, a conditional total, an average, the row with the most).

Phrasings written before any rule, in the shapes people type on forums or send a colleague."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


def _t(h: int, m: int = 0) -> dt.time:
    return dt.time(h, m)


def _gigs():
    """A DJ's bookings: start and finish times of each gig, its fee."""
    return schema_from_rows([
        ["Ref", "Client", "Type", "Start", "Finish", "Fee"],
        ["B01", "Amy Cole", "Wedding", _t(19), _t(23, 30), 450],
        ["B02", "Tom Hart", "Party", _t(20), _t(23), 300],
        ["B03", "Amy Cole", "Party", _t(18, 30), _t(22), 320],
        ["B04", "Raj Patel", "Wedding", _t(17), _t(23), 600],
        ["B05", "Tom Hart", "Corporate", _t(12), _t(14, 30), 250],
    ])


def _trips():
    """A car log: odometer at the start and the end of each trip (起始里程 / 结束里程)."""
    return schema_from_rows([
        ["日期", "用车人", "部门", "起始里程", "结束里程", "油费"],
        ["2026-11-02", "王磊", "销售部", 1200, 1264, 80],
        ["2026-11-03", "李娜", "行政部", 1264, 1290, 30],
        ["2026-11-05", "王磊", "销售部", 1290, 1402, 150],
        ["2026-11-06", "赵敏", "财务部", 1402, 1431, 40],
        ["2026-11-09", "李娜", "行政部", 1431, 1470, 50],
    ])


def _value(text: str, schema) -> float:
    return evaluate(text, schema).value


@pytest.mark.parametrize("request_, want", [
    ("total hours for Amy Cole", 8.0),
    ("how many hours did I play for Tom Hart in total", 5.5),
    ("Amy Cole hours total", 8.0),
    ("total hours for weddings", 10.5),
    ("max hours", 6.0),
])
def test_hours_totals_from_start_and_finish(request_, want):
    schema = _gigs()
    got = formula(request_, sheet=schema, method="rules")
    assert "SUMPRODUCT" in got.formula and "(E2:E6-D2:D6)*24" in got.formula
    assert _value(got.formula, schema) == pytest.approx(want)


def test_hours_total_is_written_over_the_two_columns():
    got = formula("total hours for Amy Cole", sheet=_gigs(), method="rules")
    assert got.formula == '=SUMPRODUCT((B2:B6="Amy Cole")*((E2:E6-D2:D6)*24))'


@pytest.mark.parametrize("request_, want", [
    ("销售部一共跑了多少公里", 176),
    ("销售部一共多少公里", 176),
    ("部门是行政部的行驶里程合计", 65),
    ("行驶里程合计", 270),
    ("王磊的里程合计", 176),
])
def test_distance_from_two_odometer_readings(request_, want):
    schema = _trips()
    got = formula(request_, sheet=schema, method="rules")
    assert "E2:E6-D2:D6" in got.formula
    assert _value(got.formula, schema) == pytest.approx(want)


def test_average_distance_rounded():
    schema = _trips()
    got = formula("平均行驶里程 一位小数", sheet=schema, method="rules")
    assert got.formula.startswith("=ROUND(") and "E2:E6-D2:D6" in got.formula
    assert _value(got.formula, schema) == pytest.approx(54.0)


def test_who_drove_the_furthest_is_portable():
    schema = _trips()
    got = formula("行驶里程最高的那次，用车人是谁？", sheet=schema, method="rules")
    assert got.formula == "=INDEX(B2:B6,SUMPRODUCT(MATCH(MAX((E2:E6-D2:D6)),(E2:E6-D2:D6),0)))"
    assert _value(got.formula, schema) == "王磊"


def test_a_sheet_with_an_hours_column_is_read_as_before():
    schema = schema_from_rows([["Name", "Start", "Finish", "Hours"], ["Ann", _t(9), _t(17), 7.5],
                               ["Bo", _t(8), _t(12), 4]])
    got = formula("total hours for Ann", sheet=schema, method="rules")
    assert "D2:D3" in got.formula and "SUMPRODUCT" not in got.formula


def test_a_span_word_without_a_pair_is_refused():
    schema = schema_from_rows([["Name", "Team", "Fee"], ["Ann", "Red", 10], ["Bo", "Blue", 20]])
    with pytest.raises(TaskError):
        formula("total hours for Ann", sheet=schema, method="rules")


def test_readings_of_two_different_things_are_no_span():
    schema = schema_from_rows([["Name", "Start budget", "End cost"], ["Ann", 100, 120], ["Bo", 200, 260]])
    with pytest.raises(TaskError):
        formula("total distance for Ann", sheet=schema, method="rules")


def _visits():
    """Client visits: arrival and departure times, one blank row left between two weeks."""
    return schema_from_rows([
        ["日期", "销售员", "到达时间", "离开时间", "意向金额"],
        ["2026-12-01", "罗晓东", _t(9), _t(9, 40), 20000],
        ["2026-12-01", "陈静", _t(10), _t(11, 10), 5000],
        [None, None, None, None, None],
        ["2026-12-08", "罗晓东", _t(14), _t(14, 50), 8000],
    ], sheet="拜访记录")


@pytest.mark.parametrize("request_", ["平均每次拜访多少分钟，四舍五入到整数", "拜访平均时长(分钟) 取整",
                                      "平均拜访时长（分钟），取整"])
def test_average_minutes_skips_the_blank_row(request_):
    schema = _visits()
    got = formula(request_, sheet=schema, method="rules")
    assert "COUNT(C2:C5)" in got.formula and "*1440" in got.formula
    assert _value(got.formula, schema) == pytest.approx(53)  # (40 + 70 + 50) / 3


@pytest.mark.parametrize("request_", ["fee per hour for each gig, 2dp", "fee per hour, rounded to 2 decimals",
                                      "what's the fee divided by the hours, 2dp"])
def test_rate_per_hour_on_each_row(request_):
    got = formula(request_, sheet=_gigs(), target_cell="G2", method="rules")
    assert got.formula == "=ROUND(F2/((E2-D2)*24),2)"
    assert got.fill_range == "G2:G6"


def test_total_minutes_for_one_salesman():
    schema = _visits()
    got = formula("罗晓东拜访一共多少分钟", sheet=schema, method="rules")
    assert _value(got.formula, schema) == pytest.approx(90)


def _stays():
    """Guest stays: check-in and check-out dates, the nightly rate."""
    return schema_from_rows([
        ["Guest", "Room", "Check-in", "Check-out", "Rate"],
        ["Ann Lee", "Double", "2026-11-02", "2026-11-05", 90],
        ["Bo Chan", "Single", "2026-11-03", "2026-11-04", 60],
        ["Cy Dunn", "Double", "2026-11-06", "2026-11-10", 95],
        ["Ann Lee", "Suite", "2026-11-12", "2026-11-14", 150],
    ])


def _vans():
    """A van log in English: the odometer at the start and the end of each trip."""
    return schema_from_rows([
        ["Date", "Driver", "Odometer start", "Odometer end", "Fuel"],
        ["2026-11-02", "Sam", 5100, 5180, 40],
        ["2026-11-03", "Lee", 5180, 5222, 20],
        ["2026-11-04", "Sam", 5222, 5350, 55],
    ])


@pytest.mark.parametrize("request_, want", [
    ("total nights for Ann Lee", 5),
    ("how many nights in total for doubles", 7),
    ("average stay in days", 2.5),
    ("average nights, 1dp", 2.5),
])
def test_days_of_a_stay_from_two_dates(request_, want):
    schema = _stays()
    got = formula(request_, sheet=schema, method="rules")
    assert "D2:D5-C2:C5" in got.formula
    assert _value(got.formula, schema) == pytest.approx(want)


@pytest.mark.parametrize("request_, want", [
    ("total miles Sam drove", 208),
    ("how many miles did Sam do in total", 208),
    ("total distance in miles", 250),
])
def test_miles_from_odometer_start_and_end(request_, want):
    schema = _vans()
    got = formula(request_, sheet=schema, method="rules")
    assert "D2:D4-C2:C4" in got.formula
    assert _value(got.formula, schema) == pytest.approx(want)


def test_fuel_per_mile_on_each_row():
    got = formula("fuel per mile, 3dp", sheet=_vans(), target_cell="F2", method="rules")
    assert got.formula == "=ROUND(E2/(D2-C2),3)"


def _invoices():
    """Purchase invoices: net amount and VAT, no gross column."""
    return schema_from_rows([
        ["Invoice No", "Vendor", "Net amount", "VAT"],
        ["INV-1", "Greenway", 100, 20],
        ["INV-2", "Apex", 250, 50],
        ["INV-3", "Greenway", 40, 8],
    ])


@pytest.mark.parametrize("request_, want", [
    ("total inc vat for Greenway", 168),
    ("Greenway total including VAT", 168),
    ("gross total", 468),
])
def test_gross_is_net_plus_vat(request_, want):
    schema = _invoices()
    got = formula(request_, sheet=schema, method="rules")
    assert "D2:D4+C2:C4" in got.formula
    assert _value(got.formula, schema) == pytest.approx(want)


def test_a_word_read_twice_is_refused():
    """"inc vat amount": the lent gross plus the Net amount the word 'amount' names is no answer."""
    with pytest.raises(TaskError):
        formula("inc vat amount", sheet=_invoices(), target_cell="E2", method="rules")
