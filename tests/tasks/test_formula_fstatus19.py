"""Statuses of three or more branches said clause by clause, and numeric bands (``statuses.py``).

Phrasings a different person might type for the same ask, on workbooks of our own: the label
first or the condition first, "when" / "if" / "->", a column named as a state ("shipped",
"invoiced"), "but" joining two tests, a label an earlier clause gave reused as a condition, and
bands written "(90-100)" or "90+".  Near misses (a gap between bands, a clause nobody can read)
get no answer."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _orders():
    """Order, Customer, Shipped (date, some empty), Invoiced (date, some empty), Signed off (Yes/blank)."""
    rows = [["Order", "Customer", "Shipped", "Invoiced", "Signed off"]]
    for i in range(6):
        rows.append([f"PO-{40 + i}", f"Client {i % 3}", dt.date(2026, 10, 3 + i) if i % 3 else None,
                     dt.date(2026, 10, 20 + i) if i % 2 and i % 3 else None, "Yes" if i % 2 else None])
    return schema_from_rows(rows, sheet="Orders")


def _scores():
    rows = [["Ref", "Site", "Score"]]
    for i in range(8):
        rows.append([f"R{i}", "North" if i % 2 else "South", (i * 3) % 11])
    return schema_from_rows(rows, sheet="Visits")


STATUS = '=IF(C2="","Waiting",IF(D2="","Unbilled","Done"))'


def test_label_first_clauses_with_a_state_and_but():
    sheet = _orders()
    for ask in ("In F put Waiting if not shipped yet, Unbilled if shipped but not invoiced, Done if invoiced",
                "status column: Waiting when Shipped is empty, Unbilled when Invoiced is empty, otherwise Done",
                "Can you give me a formula that says Waiting if it hasn't been shipped, "
                "Unbilled if shipped but not invoiced, else Done"):
        assert _answer(ask, sheet, "F2") == STATUS, ask


def test_condition_first_clauses():
    sheet = _orders()
    for ask in ("nested IF please - if Shipped is empty show Waiting, if Invoiced is empty show Unbilled, otherwise Done",
                "not shipped -> Waiting, not invoiced -> Unbilled, else Done"):
        assert _answer(ask, sheet, "F2") == STATUS, ask


def test_an_earlier_label_is_its_condition_and_a_yes_column_named_alone():
    sheet = _orders()
    want = '=IF(D2<>"","Billed",IF(E2="Yes","Approved","Open"))'
    for ask in ("Billed if there's an invoiced date, Approved if signed off but not billed, else Open",
                "Billed if Invoiced has a date, Approved if signed off, otherwise Open"):
        assert _answer(ask, sheet, "F2") == want, ask


def test_bands_that_tile_the_scores():
    sheet = _scores()
    want = '=IF(C2>=9,"Top",IF(C2>=5,"Middle","Low"))'
    for ask in ("score band per visit (9+ Top, 5-8 Middle, else Low)",
                "Score band: 9+ Top, 5-8 Middle, otherwise Low"):
        got = _answer(ask, sheet, "D2")
        assert got is not None and got.replace("AND(C2>=5,C2<=8)", "C2>=5") == want, (ask, got)


def test_bands_with_a_gap_or_an_unread_clause_get_no_answer():
    from o3local.tasks.formula import statuses

    assert statuses.read("Top (9-10), Middle (5-7) or Low (0-4) for each score", _scores()) is None  # 8 is in no band
    assert statuses.read("Waiting if not shipped, Unbilled if the courier rang, else Done", _orders()) is None
    assert statuses.read("Waiting if not shipped, Unbilled if shipped", _orders()) is None  # invoiced rows: not said


def test_label_bands_read_alone():
    from o3local.tasks.formula import statuses

    got = statuses.read("Label each visit Top (Score 9-10), Middle (5-8) or Low (0-4)", _scores())
    assert got is not None and got.template == '=IF(C{r}>=9,"Top",IF(C{r}>=5,"Middle","Low"))'


def test_a_listed_status_whose_labels_name_the_columns():
    sheet = _orders()
    want = '=IF(D2<>"","Invoiced",IF(C2="","Not shipped","Packed"))'
    for ask in ("status per order - Invoiced / Packed / Not shipped",
                "F = Invoiced / Packed / Not shipped",
                "Invoiced / Packed / Not shipped for each order"):
        assert _answer(ask, sheet, "F2") == want, ask


def test_a_listed_status_with_two_labels_no_column_names_gets_no_answer():
    from o3local.tasks.formula import statuses

    assert statuses.listed("status - Waiting / Packed / Invoiced", _orders()) is None  # Waiting, Packed: which is which?
    assert statuses.listed("status - Shipped / Not shipped / Invoiced", _orders()) is None  # two on one column
