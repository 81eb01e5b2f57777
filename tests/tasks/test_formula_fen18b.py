"""English per-row asks as people type them (helper fen18b): the Monday a row's week starts
on ("week commencing", "w/c", "Monday of that week"), Weekend or Weekday written with a slash
or "vs", and a price per pack (per dozen) asked per single piece, in pence when said."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _visits():
    rows = [["Visited", "Client", "Town", "Hours"]]
    for i in range(8):
        rows.append([dt.date(2026, 10, 3) + dt.timedelta(days=3 * i), f"C{i}", ["Ely", "Diss"][i % 2], 1 + i % 3])
    return schema_from_rows(rows, sheet="Visits")


def _bakery():
    rows = [["Day", "Shop", "Packs", "Price per dozen", "Type"]]
    for i in range(8):
        rows.append([dt.date(2026, 11, 2 + i), f"Shop {i}", 2 + i, 3.6 + 0.25 * i, ["White", "Brown"][i % 2]])
    return schema_from_rows(rows, sheet="Sales")


def _answer(request, schema, cell):
    try:
        return formula(request, schema, cell, method="rules").formula
    except TaskError:
        return None


@pytest.mark.parametrize("request_", ["week commencing date for each visit", "w/c for every row",
                                      "the Monday of that week, per visit", "week beginning (Mon) on each row",
                                      "start of the week (Monday) for each visit"])
def test_the_monday_a_rows_week_starts_on(request_):
    assert _answer(request_, _visits(), "E2") == "=A2-WEEKDAY(A2,2)+1"


def test_a_week_said_to_start_on_sunday_is_not_read_as_monday():
    answer = _answer("week commencing (Sunday) for each visit", _visits(), "E2")
    assert answer is None or "WEEKDAY(A2,2)+1" not in answer


@pytest.mark.parametrize("request_", ["weekend/weekday for each visit", "Weekday vs Weekend per visit",
                                      "mark each visit Weekend or Weekday depending on the date it came in"])
def test_weekend_or_weekday_written_with_a_slash_or_vs(request_):
    assert _answer(request_, _visits(), "E2") == '=IF(WEEKDAY(A2,2)>5,"Weekend","Weekday")'


@pytest.mark.parametrize("request_", ["price per roll in pence for each row, rounded",
                                      "pence per roll, whole p, every line",
                                      "price per single roll in p (per dozen / 12, x100, no decimals)"])
def test_a_dozen_price_asked_per_piece_in_pence(request_):
    assert _answer(request_, _bakery(), "F2") == "=ROUND(D2/12*100,0)"


def test_a_dozen_price_asked_per_piece():
    assert _answer("price per roll for each row, 2 dp", _bakery(), "F2") == "=ROUND(D2/12,2)"


@pytest.mark.parametrize("request_", ["price per shop", "price per Brown", "price per line in pence"])
def test_a_price_per_row_or_per_value_is_no_piece(request_):
    answer = _answer(request_, _bakery(), "F2")
    assert answer is None or "/12" not in answer
