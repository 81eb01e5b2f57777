"""Times of day of round 19: the earliest / latest time itself (``MIN``/``MAX`` of the one column
of times, shown as a time: "what time was the first order", "最早一单是几点", "latest pickup
time") and a span of clock times as a label's condition ("7点到9点", "07:00-09:00" ->
``AND(B2>=TIME(7,0,0),B2<TIME(9,0,0))``, the end left out unless said to count).  Near misses
refuse: a person asked at the earliest time, an item's time, a span said backwards.  Sheets
written here."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture(autouse=True)
def _asked_on(monkeypatch):
    monkeypatch.setenv("O3_TODAY", "2026-12-07")


@pytest.fixture
def cafe():
    """Orders of a cafe: a date column beside a column of times of day."""
    return schema_from_rows([
        ["Day", "At", "Drink", "Cups", "Paid"],
        [dt.date(2026, 11, 30), dt.time(6, 50), "Latte", 2, 6.0],
        [dt.date(2026, 11, 30), dt.time(8, 5), "Mocha", 1, 3.5],
        [dt.date(2026, 12, 1), dt.time(9, 0), "Latte", 3, 9.0],
        [dt.date(2026, 12, 1), dt.time(13, 20), "Tea", 1, 2.0],
    ])


@pytest.fixture
def kiosk():
    return schema_from_rows([
        ["日期", "时间", "品名", "数量"],
        [dt.date(2026, 12, 2), dt.time(6, 40), "豆浆", 2],
        [dt.date(2026, 12, 2), dt.time(7, 30), "油条", 3],
        [dt.date(2026, 12, 3), dt.time(9, 15), "豆浆", 1],
    ])


def _ask(request, sheet, cell="G1"):
    return formula(request, sheet=sheet, target_cell=cell, method="rules").formula


@pytest.mark.parametrize("request_", [
    "what time was the first order",
    "earliest time anyone came in",
    "what time was the earliest sale",
])
def test_earliest_time_is_the_min_of_the_time_column(cafe, request_):
    assert _ask(request_, cafe) == "=MIN(B2:B5)"


@pytest.mark.parametrize("request_", ["what time was the last order", "latest time", "latest sale time"])
def test_latest_time_is_the_max(cafe, request_):
    assert _ask(request_, cafe) == "=MAX(B2:B5)"


@pytest.mark.parametrize("request_", ["最早一单是几点", "第一单几点卖的", "最早的时间是几点"])
def test_zh_earliest_time(kiosk, request_):
    assert _ask(request_, kiosk, "F1") == "=MIN(B2:B4)"


def test_zh_latest_time(kiosk):
    assert _ask("最后一单是几点", kiosk, "F1") == "=MAX(B2:B4)"


@pytest.mark.parametrize("request_", [
    "who bought at the earliest time",   # a person asked, and no column of people
    "what time was the first latte",     # the first of one drink: not the time of every order
])
def test_near_misses_refuse(cafe, request_):
    with pytest.raises(TaskError):
        _ask(request_, cafe)


@pytest.mark.parametrize("request_, label", [
    ("时间在7:00-9:00的标早高峰，其他空着", ""),
    ("早上7点到9点卖的标早高峰", ""),
    ("7点至9点下单的写早高峰，其余写正常", "正常"),
])
def test_zh_clock_span_is_an_and_of_two_times(kiosk, request_, label):
    assert _ask(request_, kiosk, "F2") == f'=IF(AND(B2>=TIME(7,0,0),B2<TIME(9,0,0)),"早高峰","{label}")'


def test_en_clock_span(cafe):
    assert _ask("Rush if the time is 07:00-09:00, else Normal", cafe, "G2") \
        == '=IF(AND(B2>=TIME(7,0,0),B2<TIME(9,0,0)),"Rush","Normal")'


def test_span_said_backwards_refuses(kiosk):
    with pytest.raises(TaskError):
        _ask("9点到7点的标早高峰", kiosk, "F2")
