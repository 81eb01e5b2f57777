"""English one-cell requests read in the tenth session (h/fen8), each class on a workbook of
our own: a head count kept in a column, a header's doer said as a verb, "<verb> rate" of a
Yes / No column, a two-row header's group word, units in a title, "(ignore the total row)",
"been here longest", "rate per week", "income" of a fee column, "where the cert was issued"."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula


def _book(tmp_path: Path, rows: list[list], name: str = "Sheet", above: list[list] | None = None) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = name
    for r in (above or []) + rows:
        ws.append(r)
    path = tmp_path / "book.xlsx"
    wb.save(path)
    return path


def _tours(tmp_path: Path) -> Path:
    """Guided walks: one row a tour, its lead walker's name different on every row."""
    rows = [["Tour ref", "Date", "Route", "Walkers", "Lead walker", "Finished", "Mins over"]]
    people = ["Ann Hale", "Bob Stone", "Cara Lane", "Dev Moss", "Eve Pike", "Fay Rowe"]
    routes = ["Ridge", "Coast", "Ridge", "Valley", "Coast", "Ridge"]
    for i, (who, route) in enumerate(zip(people, routes, strict=True)):
        rows.append([f"T{100 + i}", dt.date(2026, 5, 1 + i), route, [4, 7, 3, 6, 5, 8][i], who,
                     "Yes" if i % 3 else "No", 5 * i])
    return _book(tmp_path, rows, "Tours")


def test_how_many_people_adds_up_the_head_count_column_not_the_rows(tmp_path):
    r = formula("how many people came in all", sheet=_tours(tmp_path), method="rules")
    assert r.value == 33  # walkers, never 6 tours


def test_the_verb_of_a_header_doer_is_read_with_its_value(tmp_path):
    r = formula("how many people walked the Coast", sheet=_tours(tmp_path), method="rules")
    assert r.value == 7 + 5


def test_a_verb_rate_is_the_yes_share_of_its_flag_and_a_named_value_scopes_it(tmp_path):
    book = _tours(tmp_path)
    assert formula("finish rate overall", sheet=book, method="rules").value == pytest.approx(4 / 6)
    # of the Ridge tours (rows 0, 2, 5: No, Yes, Yes), never the Ridge share of all tours
    assert formula("finish rate for the Ridge", sheet=book, method="rules").value == pytest.approx(2 / 3)


def test_minutes_names_a_mins_column(tmp_path):
    r = formula("average minutes over for tours that finished", sheet=_tours(tmp_path), method="rules")
    assert r.value == pytest.approx((5 + 10 + 20 + 25) / 4)


def test_a_two_row_header_group_word_said_after_the_column(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Repairs"
    ws.append(["Job", "Bike", "Charges", None, "Paid"])
    ws.append([None, None, "Labour", "Parts", None])
    for job, bike, lab, parts, paid in [(1, "Road", 40, 12, "Yes"), (2, "Gravel", 25, 30, "No"),
                                        (3, "Road", 60, 0, "Yes")]:
        ws.append([job, bike, lab, parts, paid])
    ws.merge_cells("C1:D1")
    ws.merge_cells("A1:A2")
    ws.merge_cells("B1:B2")
    ws.merge_cells("E1:E2")
    path = tmp_path / "repairs.xlsx"
    wb.save(path)
    assert formula("total labour charges for road bikes", sheet=path, method="rules").value == 100


def _yields(tmp_path: Path, total_row: bool = True) -> Path:
    rows = [["Crop", "Kind", "2023", "2024"], ["Wheat", "Grain", 12.5, 14], ["Barley", "Grain", 8, 9.5],
            ["Beans", "Pulse", 4, 3.5]]
    if total_row:
        rows.append(["Total", None, 24.5, 27])
    return _book(tmp_path, rows, "Yields", above=[["Moor Farm - yields by crop (tonnes)"]])


def test_a_unit_said_in_the_title_and_the_total_row_left_aside(tmp_path):
    book = _yields(tmp_path)
    assert formula("total tonnes in 2024 (ignore the total row)", sheet=book, method="rules").value == 27
    assert formula("wheat tonnage 2023?", sheet=book, method="rules").value == 12.5


def test_ignoring_a_total_row_the_sheet_does_not_have_is_not_read_past(tmp_path):
    with pytest.raises(TaskError):
        formula("total 2024 (ignore the total row)", sheet=_yields(tmp_path, total_row=False), method="rules")


def test_been_here_longest_is_the_earliest_arrival(tmp_path):
    book = _book(tmp_path, [["Dog", "Owner", "Arrived", "Daily fee"],
                            ["Rex", "Ann Hale", dt.date(2025, 3, 1), 20],
                            ["Fido", "Bob Stone", dt.date(2024, 7, 9), 22],
                            ["Nell", "Cara Lane", dt.date(2026, 1, 2), 18]], "Kennel")
    assert formula("which dog has been here the longest", sheet=book, method="rules").value == "Fido"
    assert formula("our longest-standing dog?", sheet=book, method="rules").value == "Fido"


def test_rate_per_week_names_a_weekly_rate_and_income_a_fee(tmp_path):
    book = _book(tmp_path, [["Unit", "Tenant", "Weekly rate", "Monthly fee"],
                            ["A1", "Kiln Co", 120, 30], ["A2", "Loom Ltd", 90, 25], ["B1", "Kiln Co", 150, 40]], "Lets")
    assert formula("Kiln Co avg rate per week", sheet=book, method="rules").value == 135
    assert formula("monthly unit income total", sheet=book, method="rules").value == 95


def test_a_two_word_flag_said_with_was_between_its_words(tmp_path):
    book = _book(tmp_path, [["Job", "Client", "Invoice sent"], ["J1", "Kiln Co", "Yes"], ["J2", "Loom Ltd", "No"],
                            ["J3", "Kiln Co", "Yes"], ["J4", "Loom Ltd", "Yes"]], "Jobs")
    r = formula("% of jobs where the invoice was sent", sheet=book, method="rules")
    assert r.value == pytest.approx(0.75)


def test_rows_that_had_no_amount_are_the_zero_rows_where_none_is_blank(tmp_path):
    rows = [["Order ref", "Customer", "Delivery", "Discount"], ["P1", "Ann", 5, 0], ["P2", "Bob", 0, 10],
            ["P3", "Cara", 0, 0], ["P4", "Dev", 7, 5]]
    book = _book(tmp_path, rows, "Orders")
    assert formula("how many orders had no discount", sheet=book, method="rules").value == 2
    assert formula("what share of orders had no delivery", sheet=book, method="rules").value == pytest.approx(0.5)
