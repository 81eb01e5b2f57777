"""Lookups by a day and by a code (round 15, h/flookup15), on workbooks of our own: the row of
the one date a request names ("which class was held on 3 March 2027", "who have I got booked
on 12/03/2027", "the tutor for the lesson dated 2027-03-05"), and the row of a code said
without its leading zeros (客户编号452 on a column of "00452"), each checked on the sheet."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _lessons() -> object:
    """A tutor's diary: one lesson a day, a student's name, a fee."""
    return schema_from_rows([["Date", "Student", "Subject", "Fee"],
                             [dt.date(2027, 3, 1), "Amy Cole", "Maths", 30],
                             [dt.date(2027, 3, 3), "Ben Hart", "Physics", 35],
                             [dt.date(2027, 3, 5), "Cara Diaz", "Chemistry", 32],
                             [dt.date(2027, 3, 12), "Dev Patel", "Maths", 30],
                             [dt.date(2027, 3, 15), "Eli Ross", "Biology", 34],
                             [dt.date(2027, 3, 22), "Fay Lin", "Physics", 35]])


@pytest.mark.parametrize("request_, value", [
    ("which subject was taught on 3 March 2027?", "Physics"),
    ("what subject is booked for 15/03/2027", "Biology"),
    ("subject for the lesson on 22/03/2027", "Physics"),
    ("the student for the session dated 2027-03-05", "Cara Diaz"),
    ("who've I got booked on 12 Mar 2027?", "Dev Patel"),
    ("who is booked in on 2027-03-01", "Amy Cole"),
    ("who's my lesson on 3 March 2027", "Ben Hart"),
])
def test_the_row_of_a_named_day(request_, value):
    """A day on one row of the sheet's one date column: INDEX/MATCH on DATE(...)."""
    r = formula(request_, _lessons(), method="rules")
    assert "MATCH(DATE(2027," in r.formula, r.formula
    assert r.value == value, r.formula


@pytest.mark.parametrize("request_", [
    "who was not booked on 3 March 2027",
    "subject for the day before 15/03/2027",
    "which subject was cancelled on 3 March 2027",
    "who've I got booked on 4 March 2027",  # no lesson that day
])
def test_a_day_read_otherwise_is_refused(request_):
    """A negation, a day around the one named, a verb that is not the row's day, a day with
    no row: refused, never the row of the day said."""
    with pytest.raises(TaskError):
        formula(request_, _lessons(), method="rules")
