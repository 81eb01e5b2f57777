"""TEXT of a date as Excel and LibreOffice write it: the value a user sees and the check that
compares it (the engine's own TEXT wrote October's one-letter month as "1")."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


def _sheet():
    rows = [["Date", "Time", "Client"]]
    rows.append([dt.date(2026, 10, 3), dt.time(18, 5), "A"])
    rows.append([dt.date(2026, 12, 13), dt.time(9, 30), "B"])
    return schema_from_rows(rows, sheet="Log")


@pytest.mark.parametrize("code, shown", [
    ("m月", "10月"), ("m月d日", "10月3日"), ("m/d/yyyy", "10/3/2026"), ("d mmm", "3 Oct"),
    ("mmmm yyyy", "October 2026"), ("yyyy-mm", "2026-10"), ("dddd", "Saturday"), ("mmm-yy", "Oct-26"),
])
def test_a_date_shown_in_a_format_code(code, shown):
    assert evaluate(f'=TEXT(A2,"{code}")', _sheet()).value == shown


@pytest.mark.parametrize("code, shown", [("h:mm", "18:05"), ("hh:mm AM/PM", "06:05 PM"), ("h:mm:ss", "18:05:00")])
def test_a_time_shown_in_a_format_code(code, shown):
    assert evaluate(f'=TEXT(B2,"{code}")', _sheet()).value == shown


def test_numbers_keep_the_engines_number_formats():
    assert evaluate('=TEXT(0.256,"0.0%")', _sheet()).value == "25.6%"


def test_the_value_shown_for_a_month_like_the_example_is_the_month():
    assert formula("日期显示成10月这样", _sheet(), "D2", method="rules").value == "10月"
