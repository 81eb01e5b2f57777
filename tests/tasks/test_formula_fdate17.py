"""Slashed dates read the way their writer meant (fdate17): "28/11/2026" and "11/28/2026" are the
28th of November whichever country wrote them, and a day and month that could be either way round
("7/12/2026") are read as the day near the one the request is asked ("today is 7/12/2026", "as at
9/12/2026" pin a day close to now).  A slashed date that is neither stays unread, and the request
is refused rather than guessed.  These workbooks are our own."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture(autouse=True)
def _asked_on(monkeypatch):
    monkeypatch.setenv("O3_TODAY", "2026-12-07")


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _orders():
    rows = [["Date", "Customer", "Boxes", "Amount"]]
    days = [dt.datetime(2026, 11, 28), dt.datetime(2026, 11, 28), dt.datetime(2026, 12, 3),
            dt.datetime(2026, 12, 7), dt.datetime(2026, 12, 7), dt.datetime(2026, 12, 7)]
    for i, d in enumerate(days):
        rows.append([d, ["Ivy Lane", "Moss Cafe", "Pell & Co"][i % 3], i + 2, 12.5 * (i + 1)])
    return schema_from_rows(rows, sheet="Orders")


@pytest.mark.parametrize("request_", [
    "no. of orders on 28/11/2026",
    "how many orders were placed on 11/28/2026",
    "count of orders dated 28/11/2026",
])
def test_a_day_over_twelve_fixes_the_order(request_):
    r = _answer(request_, _orders())
    assert r is not None and r.formula == "=COUNTIF(A2:A7,DATE(2026,11,28))", r and r.formula


@pytest.mark.parametrize("request_", [
    "total amount on 7/12/2026",
    "amount taken on 12/7/2026, added up",
    "sum of Amount for 07/12/2026",
])
def test_an_either_way_date_is_the_one_near_today(request_):
    r = _answer(request_, _orders())
    assert r is not None and r.formula == "=SUMIF(A2:A7,DATE(2026,12,7),D2:D7)", r and r.formula


def test_an_either_way_date_far_from_today_is_not_guessed():
    r = _answer("how many orders on 3/4/2026", _orders())
    assert r is None or "DATE(2026,4,3)" not in r.formula and "DATE(2026,3,4)" not in r.formula, r.formula
