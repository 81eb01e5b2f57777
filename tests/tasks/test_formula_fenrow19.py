"""English per-row arithmetic and dates (nineteenth session, fenrow19): a sum added only where a
condition holds, VAT taken out of tax-inclusive prices, the hour a time reads, and which way a
count of days runs.  Each ask is said at least three ways a different person would type it, on
sheets of our own; the near misses must be refused rather than answered wrongly."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _orders():
    rows = [["Order", "Client", "Ordered", "Total", "Courier", "Weight"]]
    for i in range(6):
        rows.append([f"O-{100 + i}", f"C{i}", dt.date(2026, 11, 3 + i), 40 + 12 * i,
                     "Yes" if i % 2 else "No", 2 + i])
    return schema_from_rows(rows, sheet="Orders")


def _f(r):
    return None if r is None else r.formula.replace(" ", "")


# --- a sum added only where a condition holds -------------------------------------------------

def test_a_surcharge_on_the_rows_a_condition_picks():
    sheet = _orders()
    for said in ("total plus £5 if it's a courier order",
                 "add 5 to the Total when Courier = Yes",
                 "amount due: Total + 5 where courier is yes",
                 "total inc courier (courier is a fiver)"):
        assert _f(_answer(said, sheet, "G2")) == '=D2+IF(E2="Yes",5,0)', said


def test_a_surcharge_on_a_comparison():
    r = _answer("total plus 8 extra when the weight is over 4", _orders(), "G2")
    assert _f(r) == "=D2+IF(F2>4,8,0)", r


def test_a_surcharge_whose_condition_cannot_be_read_is_refused():
    # never the total plus 5 on every row: the condition would be dropped
    for said in ("total plus £5 if it's going abroad", "add 5 to the total when it is fragile"):
        r = _answer(said, _orders(), "G2")
        assert r is None or "IF(" in r.formula, (said, r.formula)
    r = _answer("total plus 5 if courier is yes, otherwise minus 2", _orders(), "G2")
    assert r is None or "-2" in r.formula, r.formula


# --- VAT out of tax-inclusive prices -----------------------------------------------------------

def _till():
    rows = [["Date", "Item", "Price"]]
    for i in range(5):
        rows.append([dt.date(2026, 12, 1 + i), f"I{i}", 12 + 6 * i])
    return schema_from_rows(rows, sheet="Till")


def test_the_price_before_vat_is_divided_not_discounted():
    sheet = _till()
    for said in ("ex-VAT price", "price excluding VAT", "price excl. vat", "price before VAT",
                 "price net of VAT (20%)", "the prices include VAT at 20%. price without vat"):
        assert _f(_answer(said, sheet, "D2")) == "=C2/1.2", said


def test_the_price_before_vat_rounded_and_at_another_rate():
    sheet = _till()
    assert _f(_answer("ex vat price per item, 2dp", sheet, "D2")) == "=ROUND(C2/1.2,2)"
    assert _f(_answer("price ex 5% vat", sheet, "D2")) == "=C2/1.05"
    assert _f(_answer("price inc vat", sheet, "D2")) == "=C2*1.2"


def test_two_vat_rates_said_are_refused():
    r = _answer("prices include VAT at 20% - price ex VAT at 5%", _till(), "D2")
    assert r is None or "/1.2" not in r.formula, r.formula


# --- the hour a time reads -------------------------------------------------------------------

def _runs():
    rows = [["Run", "Day", "Began", "Finished", "Items"]]
    for i, (a, b) in enumerate(((8, 9), (13, 14), (22, 23), (6, 7))):
        rows.append([f"R{i}", dt.date(2026, 12, 1 + i), dt.time(a, 15), dt.time(b, 40), 10 + i])
    return schema_from_rows(rows, sheet="Runs")


def test_the_hour_of_the_start():
    sheet = _runs()
    for said in ("only the hour each run began (e.g. 8)", "start hour as a number", "what hour did each run kick off",
                 "began - the hour only"):
        assert _f(_answer(said, sheet, "F2")) == "=HOUR(C2)", said


def test_the_hour_of_the_end_and_a_length_still_a_length():
    sheet = _runs()
    assert _f(_answer("finish hour as a number", sheet, "F2")) == "=HOUR(D2)"
    r = _answer("how long did each run take in hours", sheet, "F2")
    assert r is None or "HOUR(" not in r.formula, r.formula


# --- which way days are counted --------------------------------------------------------------

def _parties():
    rows = [["Ref", "Host", "Party date", "Deposit paid", "Fee"]]
    for i in range(5):
        rows.append([f"P{i}", f"H{i}", dt.date(2026, 12, 5 + 4 * i), dt.date(2026, 11, 20) if i % 2 else None, 150])
    return schema_from_rows(rows, sheet="Parties")


def test_days_from_a_day_to_each_row_run_forward():
    sheet = _parties()
    for said in ("days from today (9 Dec 2026) to each party",
                 "number of days from 9 December 2026 until the party date",
                 "countdown to each party from 9 Dec 2026 (negative if it's been)",
                 "days to go till each party, counting from 9 December 2026"):
        assert _f(_answer(said, sheet, "F2")) == "=C2-DATE(2026,12,9)", said


def test_days_since_still_run_backward():
    assert _f(_answer("days since each party date, as at 9 Dec 2026", _parties(), "F2")) == "=DATE(2026,12,9)-C2"


def test_a_date_column_minus_a_day_is_taken_in_the_order_said():
    sheet = _parties()
    for said in ("party date minus 9 Dec 2026", "Party date less 9 Dec 2026, in days", "party date - 9 December 2026"):
        assert _f(_answer(said, sheet, "F2")) == "=C2-DATE(2026,12,9)", said
    assert _f(_answer("9 Dec 2026 minus the party date", sheet, "F2")) == "=DATE(2026,12,9)-C2"


def test_a_fraction_said_in_words_is_a_share_of_the_column():
    sheet = _till()
    for said, k in (("a quarter of the price", "0.25"), ("one fifth of the price", "0.2"),
                    ("25% of the price", "0.25"), ("three quarters of Price", "0.75")):
        assert _f(_answer(said, sheet, "D2")) == f"=C2*{k}", said
