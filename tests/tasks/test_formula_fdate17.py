"""Slashed dates read the way their writer meant (fdate17, dayorder.py): "28/11/2026" and
"11/28/2026" are the 28th of November whichever country wrote them, and a day and month that could
be either way round are read, where the request says the date is its now ("today is 7/12/2026",
"as at 9/12/2026"), as the day near the one the request is asked.  Any other either-way date stays
unread, and the request is refused rather than guessed.  These workbooks are our own."""

from __future__ import annotations

import datetime as dt
import re

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
    rows = [["Date", "Customer", "Boxes", "Amount", "Due"]]
    days = [dt.datetime(2026, 11, 28), dt.datetime(2026, 11, 28), dt.datetime(2026, 12, 3),
            dt.datetime(2026, 12, 7), dt.datetime(2026, 12, 7), dt.datetime(2026, 12, 7)]
    for i, d in enumerate(days):
        rows.append([d, ["Ivy Lane", "Moss Cafe", "Pell & Co"][i % 3], i + 2, 12.5 * (i + 1),
                     d + dt.timedelta(days=30)])
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
    "today is 12/7/2026 - days until each order is due",
    "days left till due per order (today's 07/12/2026)",
    "days remaining until due, as at 7/12/2026",
])
def test_an_either_way_date_said_as_today_is_the_one_near_today(request_):
    r = _answer(request_, _orders(), "F2")
    assert r is not None and r.formula == "=E2-DATE(2026,12,7)", r and r.formula


@pytest.mark.parametrize("request_", [
    "how many orders after 7/12/2026",  # not said as today: 7 Dec or 12 Jul, not guessed
    "days left till due per order, as at 1/9/2026",  # said as today, but neither order is near it
])
def test_an_either_way_date_is_otherwise_not_guessed(request_):
    r = _answer(request_, _orders(), "F2")
    assert r is None or not re.search(r"DATE\(2026,(?:12,7|7,12|9,1|1,9)\)", r.formula), r.formula


def _dingdan():
    rows = [["日期", "客户", "箱数", "金额", "到期日期"]]
    days = [dt.datetime(2026, 11, 28), dt.datetime(2026, 12, 3), dt.datetime(2026, 12, 3),
            dt.datetime(2026, 12, 7)]
    for i, d in enumerate(days):
        rows.append([d, ["东街", "西门", "南岸"][i % 3], i + 2, 12.5 * (i + 1), d + dt.timedelta(days=30)])
    return schema_from_rows(rows, sheet="订单")


@pytest.mark.parametrize("request_", [
    "今天2026.12.7，距离到期还有几天",
    "到期还剩几天（今天2026/12/07）",
    "离到期还有多少天，今天是2026.12.07",
])
def test_a_year_first_dotted_or_slashed_date_is_a_date(request_):
    r = _answer(request_, _dingdan(), "F2")
    assert r is not None and r.formula == "=E2-DATE(2026,12,7)", r and r.formula


@pytest.mark.parametrize("request_, formula_", [
    ("2026.12.3的金额合计", "=SUMIF(A2:A5,DATE(2026,12,3),D2:D5)"),
    ("2026/12/3一共几单", "=COUNTIF(A2:A5,DATE(2026,12,3))"),
    ("how many orders on 2026.12.3", "=COUNTIF(A2:A5,DATE(2026,12,3))"),
])
def test_a_year_first_date_picks_its_day(request_, formula_):
    r = _answer(request_, _dingdan())
    assert r is not None and r.formula == formula_, r and r.formula


def test_a_year_first_date_shown_as_a_format_is_no_day():
    r = _answer("把日期显示成2026.12.07这种格式", _dingdan(), "F2")
    assert r is None or "DATE(2026,12,7)" not in r.formula, r.formula
