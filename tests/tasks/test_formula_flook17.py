"""Lookups by a code people say without its zeros or prefix (the seventeenth round's lookup
helper).  Staff IDs, badges and refs are kept as text with their leading zeros ("0095"); people
type "employee 95", "staff id 0095", "badge no. 95".  These workbooks are our own."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import build_schema


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _staff():
    rows = [["Staff ID", "Name", "Team", "Days off", "Overtime"]]
    for i, (name, team) in enumerate([("Ana Body", "Red"), ("Ben Cole", "Blue"), ("Cy Dunn", "Red"),
                                      ("Di Egan", "Blue"), ("Ed Fry", "Red")]):
        rows.append([f"{41 + 7 * i:04d}", name, team, 3 + i, 2 * i + 1])
    # cells as a workbook keeps them: the IDs stay text with their zeros
    return build_schema({(r + 1, c + 1): v for r, row in enumerate(rows) for c, v in enumerate(row)}, "Staff")


def _value(text, sheet):
    ev = evaluate(text, sheet)
    assert ev.ok, (text, ev.error)
    return ev.value


def test_a_criterion_with_leading_zeros_matches_the_codes_kept_as_text():
    # Excel reads "0048" as the number 48 and matches the text "0048" by it
    sheet = _staff()
    assert _value('=SUMIF(A2:A6,"0048",D2:D6)', sheet) == 4
    assert _value('=COUNTIF(A2:A6,"0048")', sheet) == 1
    assert _value('=COUNTIF(A2:A6,"<>0048")', sheet) == 4
    assert _value('=SUMIFS(E2:E6,A2:A6,"0055",C2:C6,"Red")', sheet) == 5
    assert _value('=COUNTIF(A2:A6,"0.5")', sheet) == 0  # a decimal is left as it is


def test_a_number_column_for_one_staff_id_is_answered():
    # three people's ways of asking one row's Days off by an ID kept with its zeros
    sheet = _staff()
    for ask in ("days off for staff id 0048", "Days off of staff ID 0048", "staff id 0048 days off",
                "days off for employee 0048", "overtime for staff id 41"):
        r = _answer(ask, sheet)
        assert r is not None, ask
        assert _value(r.formula, sheet) == (1 if "overtime" in ask else 4), (ask, r.formula)
