"""Checks the fifteenth round's lead added after merging the round and reading formula-dev18's wrong
answers: what is left in stock is never the sum of a log of takings; an identifier is never an
operand (a year is: 2026 - Year); "per month" is a rate; goods sold are added up; the rest of
the rows get the label the request gives them.
These workbooks are our own."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _requisitions():
    rows = [["领用单号", "日期", "部门", "领用人", "物品", "数量"]]
    things = ["A4纸", "订书钉", "A4纸", "签字笔", "A4纸", "订书钉"]
    for i, t in enumerate(things):
        rows.append([f"LY-{1100 + i}", dt.date(2026, 11, 2 + i), "行政部", "罗晓东", t, 5 * (i + 1)])
    return schema_from_rows(rows, sheet="领用登记")


def _stock():
    rows = [["物品", "规格", "库存"], ["A4纸", "70g", 40], ["订书钉", "24/6", 12], ["签字笔", "0.5mm", 30]]
    return schema_from_rows(rows, sheet="物料表")


def test_stock_left_is_not_the_takings_added_up():
    for said in ("A4纸现在库存还剩多少", "A4纸还剩多少", "A4纸剩下多少"):
        r = _answer(said, _requisitions())
        assert r is None, (said, r.formula)
    # what was taken is answerable on the same sheet
    r = _answer("A4纸领用数量合计", _requisitions())
    assert r is not None and evaluate(r.formula, _requisitions()).value == 5 + 15 + 25, r


def test_stock_held_in_a_column_is_still_read():
    r = _answer("A4纸库存多少", _stock())
    assert r is not None and evaluate(r.formula, _stock()).value == 40, r


def _picks():
    rows = [["Line", "SKU", "Qty picked", "Unit kg", "Picked on", "Returned on"]]
    for i in range(1, 6):
        back = dt.date(2026, 12, 3 + i) if i % 2 else None
        rows.append([i, f"0{2300 + i}", 2 * i, 0.5 * i, dt.date(2026, 12, 1 + i), back])
    return schema_from_rows(rows, sheet="Picks")


def test_a_line_number_is_never_added_to_a_quantity():
    r = _answer("total weight on every pick line", _picks(), "G2")
    assert r is None or "A2" not in r.formula, r.formula
    cars = schema_from_rows([["Reg", "Make", "Year"], ["AB12 CDE", "Ford", 2019], ["XY65 ZZZ", "Kia", 2015]])
    r = _answer("age of each car in years (2026 minus year)", cars, "D2")
    assert r is not None and r.formula == "=2026-C2", r


def test_a_rate_per_month_is_not_the_month_of_a_date():
    rows = [["Product", "Seats", "Annual", "Renewal date"], ["Acrobat", 60, 1200, dt.date(2026, 10, 29)],
            ["Slack", 30, 600, dt.date(2027, 3, 1)]]
    r = _answer("per-month cost per licence, 2 dp", schema_from_rows(rows, sheet="Licences"), "E2")
    assert r is None or "MONTH(" not in r.formula, r.formula


def test_goods_sold_are_added_up_never_counted_as_rows():
    rows = [["Date", "Market", "Scent", "Qty", "Price"]]
    for i, m in enumerate(["Hexham", "Durham", "Durham", "Hexham", "Durham"]):
        rows.append([dt.date(2026, 11, 7 + i), m, "Lavender", i + 2, 18])
    s = schema_from_rows(rows, sheet="Sales")
    r = _answer("how many candles did I sell at Durham?", s)
    assert r is None or "COUNT" not in r.formula, r.formula
    r = _answer("how many sales did I make at Durham", s)  # a sale is a row
    assert r is not None and r.formula == '=COUNTIF(B2:B6,"Durham")', r


def test_the_rest_of_the_rows_are_given_their_label():
    rows = [["Date", "Horse", "Charge", "Paid"], [dt.date(2026, 10, 7), "Mabel", 110, dt.date(2026, 10, 12)],
            [dt.date(2026, 10, 11), "Otto", 35, None], [dt.date(2026, 10, 14), "Rex", 80, None]]
    s = schema_from_rows(rows, sheet="Visits")
    r = _answer("put Owed next to the ones not paid yet, Paid for the rest", s, "E2")
    assert r is None or r.formula.rstrip(")").endswith('"Paid"'), r.formula
    r = _answer("put Owed next to the ones not paid yet, otherwise leave it blank", s, "E2")
    assert r is None or r.formula == '=IF(D2="","Owed","")', r.formula
