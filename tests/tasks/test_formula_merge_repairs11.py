"""Repairs the lead made after formula-dev14's blind part was scored (spent), each on a workbook
of our own."""

from __future__ import annotations

import datetime as dt

from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _sales():
    return schema_from_rows([["Date", "Item", "Price"], [dt.datetime(2026, 9, 6), "Lamp", 7],
                             [dt.datetime(2026, 10, 4), "Vase", 3], [dt.datetime(2026, 11, 1), "Rug", 12]])


def test_an_example_in_brackets_sets_the_month_names_length():
    """"month as text (Sep, Oct...)": the example shows short names, so Sep, not September."""
    r = formula("month of each sale as text (Sep, Oct...) in a new col", _sales(), "D2", method="rules")
    assert r.value == "Sep", r.formula
    r = formula("weekday of each sale e.g. Sun, Mon", _sales(), "D2", method="rules")
    assert r.value == "Sun", r.formula


def test_a_month_name_without_an_example_is_the_full_name():
    r = formula("month name of each sale in a new column", _sales(), "D2", method="rules")
    assert r.value == "September", r.formula
