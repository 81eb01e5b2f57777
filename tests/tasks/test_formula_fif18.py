"""English IF labels read in general (helper fif18): clock bounds in shorthand (before midday,
before 12, 18:00+, at/after 6pm, "before 8am or after 6pm"), the rule written as an arrow
("before 12 -> AM, else PM"), and a column tested blank or filled when it is named by the
first word of its header ("no minutes"), as a cell ("the minutes cell is empty") or by what it
holds ("any minutes", "a date in Left").  Each behaviour is asked several ways on a sheet of
our own, with the near misses that must stay unanswered."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell="G2"):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _calls():
    rows = [["Call ID", "Day", "Rang at", "Agent", "Seconds talked", "Left"]]
    for i in range(8):
        rows.append([f"C{i}", dt.date(2026, 11, 2 + i), dt.time(6 + 2 * i, 15), f"Agent {i % 3}",
                     None if i % 3 == 0 else 60 * i, dt.date(2026, 11, 20) if i % 2 else None])
    return schema_from_rows(rows, sheet="Calls")


@pytest.mark.parametrize("request_", [
    "AM if it rang before midday, otherwise PM",
    "Before noon -> AM, else PM",
    "AM if before 12, else PM",
    "rang at before 12:00 -> AM, otherwise PM",
    "AM if before 12 noon, else PM",
])
def test_morning_by_a_clock_said_in_shorthand(request_):
    assert _answer(request_, _calls()) == '=IF(C2<TIME(12,0,0),"AM","PM")'


@pytest.mark.parametrize("request_", [
    "Late if before 8am or after 6pm, otherwise Normal",
    "late flag: before 08:00 or 18:00+ -> Late, else Normal",
    "Late if it happened before 8 or at/after 18:00, otherwise Normal",
])
def test_two_clock_bounds_joined_by_or(request_):
    assert _answer(request_, _calls()) == '=IF(OR(C2<TIME(8,0,0),C2>=TIME(18,0,0)),"Late","Normal")'


@pytest.mark.parametrize("request_", [
    "Missed if the seconds cell is empty, otherwise Answered",
    "Missed if no seconds, otherwise Answered",
    "Missed if seconds is blank, else Answered",
])
def test_blank_column_named_by_its_first_word(request_):
    assert _answer(request_, _calls()) == '=IF(E2="","Missed","Answered")'


def test_filled_column_said_as_any_of_it():
    assert _answer("Answered if any seconds talked, else Missed", _calls()) == '=IF(E2<>"","Answered","Missed")'


@pytest.mark.parametrize("request_", [
    "AM if before 25, else PM",  # no hour of the clock
    "AM if before 12 minutes, else PM",  # minutes, not a clock hour
])
def test_near_misses_stay_unanswered(request_):
    assert _answer(request_, _calls()) is None


def test_a_bare_hour_is_no_clock_without_a_time_column():
    rows = [["Item", "Qty", "Flag"]] + [[f"I{i}", i * 3, None] for i in range(6)]
    sheet = schema_from_rows(rows, sheet="Stock")
    assert _answer("Low if before 12, else OK", sheet, "C2") is None
