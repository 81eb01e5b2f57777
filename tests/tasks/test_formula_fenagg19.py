"""English one-cell asks the nineteenth round's fenagg19 helper taught the reader: money asked by a
verb ("how much have we taken on ...", "brought in", "total £ for ...") on a sheet whose one Price
is what a row came to, a value said in the plural ("Pine Cones"), rows not paid yet said by their
state ("still owed", "unpaid", "outstanding") on a Paid column ticked Yes and left blank until
then, and a Yes / No column's header said as the verb of a number in an extreme ("top price
paid?" is the largest Price, not a row's Paid mark).  These workbooks are our own."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _wreaths(paid_no=False):
    """A wreath stall: one wreath a row, its Price, and Paid ticked Yes (or No) when it is paid."""
    rows = [["Date", "Customer", "Style", "Size (cm)", "Price", "Collect", "Paid"]]
    styles = ["Holly Classic", "Eucalyptus Ring", "Pine Cone", "Holly Classic", "Berry Mix", "Pine Cone"]
    for i in range(12):
        rows.append([dt.date(2026, 12, 1 + i % 8), f"Cust {i}", styles[i % 6], 30 + 5 * (i % 3), 25 + 3 * i,
                     "Yes" if i % 3 else "No", "Yes" if i % 4 else ("No" if paid_no else None)])
    return schema_from_rows(rows, sheet="Orders")


@pytest.mark.parametrize("request_", [
    "how much have we taken on Pine Cones",
    "how much money came in from pine cone",
    "total £ for Pine Cone",
    "how much have the Pine Cones brought in",
])
def test_money_asked_by_a_verb_is_the_price_added_up(request_):
    assert _answer(request_, _wreaths()) == '=SUMIF(C2:C13,"Pine Cone",E2:E13)'


@pytest.mark.parametrize("request_", [
    "how much is still owed",
    "how much is still owed? Paid is blank for those",
    "total of the unpaid orders",
    "how much money is outstanding",
    "unpaid total",
])
def test_owed_money_is_the_price_where_paid_is_blank(request_):
    assert _answer(request_, _wreaths()) == '=SUMIFS(E2:E13,G2:G13,"")'


@pytest.mark.parametrize("request_", [
    "how many orders are unpaid",
    "how many orders are still outstanding",
    "how many customers have not paid",
])
def test_unpaid_rows_are_counted_by_the_blank_paid(request_):
    assert _answer(request_, _wreaths()) == "=COUNTBLANK(G2:G13)"


def test_an_unpaid_total_keeps_the_requests_other_condition():
    assert _answer("total price of the unpaid Pine Cone orders", _wreaths()) \
        == '=SUMIFS(E2:E13,G2:G13,"",C2:C13,"Pine Cone")'


def test_a_paid_column_of_yes_and_no_is_read_by_its_no():
    got = _answer("how much is still owed", _wreaths(paid_no=True))
    assert got is None or '"No"' in got, got


@pytest.mark.parametrize("request_, fn", [
    ("top price paid?", "MAX"),
    ("highest price paid", "MAX"),
    ("lowest price paid", "MIN"),
])
def test_a_mark_header_after_a_number_is_its_verb(request_, fn):
    assert _answer(request_, _wreaths()) == f"={fn}(E2:E13)"


def test_the_row_asked_for_an_extreme_is_still_a_lookup():
    assert _answer("who paid the highest price", _wreaths()) == "=INDEX(B2:B13,MATCH(MAX(E2:E13),E2:E13,0))"


def test_a_price_beside_a_quantity_is_no_money_taken():
    rows = [["Item", "Qty", "Price"], ["Pen", 3, 2.5], ["Pad", 1, 4.0], ["Pen", 2, 2.5]]
    assert _answer("how much have we taken on pens", schema_from_rows(rows, sheet="Sales")) != "=SUMIF(A2:A4,\"Pen\",C2:C4)"


def _grants():
    """Funders' promises, the Received date and the Amount received (blank at the bottom until paid)."""
    rows = [["Funder", "Promised", "Invoiced", "Received", "Amount received"]]
    for i in range(8):
        rows.append([f"F{i}", 500 + 100 * i, dt.date(2026, 9, 1 + i), dt.date(2026, 10, 1 + i) if i < 5 else None,
                     (500 + 100 * i) if i < 5 else None])
    return schema_from_rows(rows, sheet="Grants")


@pytest.mark.parametrize("request_", [
    "received as % of promised",
    "what % of the promised money has actually been received so far",
    "received as a percentage of promised",
    "amount received as a share of promised",
])
def test_a_total_as_a_share_of_another_total(request_):
    assert _answer(request_, _grants()) == "=SUM(E2:E9)/SUM(B2:B9)"
