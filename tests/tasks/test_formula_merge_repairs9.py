"""Readings that two helpers' rules, each right alone, made wrong once merged (ninth session),
each on a workbook of our own: the corpus test found them on spent sets."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula


def _book(tmp_path: Path, sheets: dict[str, list[list]]) -> Path:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for r in rows:
            ws.append(r)
    path = tmp_path / "book.xlsx"
    wb.save(path)
    return path


def test_a_price_asked_of_an_item_named_on_the_price_list_is_its_price(tmp_path):
    """The other sheet's own reading comes before reading the name as this sheet's code
    (elsewhere.py): "how much is a garden bench" is its price, not the quantity sold."""
    book = _book(tmp_path, {
        "Orders": [["Order", "SKU", "Qty"], [1, "GB-1", 2], [2, "PL-4", 5], [3, "GB-1", 1]],
        "Price List": [["SKU", "Item", "Unit Price"], ["GB-1", "Garden bench", 120], ["PL-4", "Planter", 18]],
    })
    r = formula("how much is a garden bench", sheet=book, method="rules")
    assert r.value == 120 and "Price List" in r.formula


def test_what_is_owed_after_several_instalments_is_not_the_deposit_alone(tmp_path):
    book = _book(tmp_path, {"Payments": [
        ["Pupil", "Deposit", "Instalment 1", "Instalment 2", "Trip Cost"],
        ["Ava", 50, 100, 0, 300], ["Ben", 50, 100, 100, 300], ["Cal", 50, 0, 0, 300]]})
    try:
        r = formula("balance left to pay for every pupil", sheet=book, target_cell="F2", method="rules")
    except TaskError:
        return  # refused: fine
    assert r.value == 150  # 300 - (50 + 100 + 0), never 300 - 50


def test_a_total_including_a_charge_is_not_the_charge_alone(tmp_path):
    book = _book(tmp_path, {
        "Jobs": [["Job", "Product", "Quantity"], [1, "Flyers", 500], [2, "Posters", 20]],
        "Rates": [["Product", "Price per Unit", "Setup Fee"], ["Flyers", 0.1, 15], ["Posters", 2.5, 10]],
    })
    with pytest.raises(TaskError):
        formula("job total incl. setup charge in col D", sheet=book, target_cell="D2", method="rules")
