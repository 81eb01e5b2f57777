"""The ends of a per-row span named by their events (issue 16, round 16, rowspanevents.py).

"days from quote to acceptance" on Quoted on / Accepted on, "between invoicing and payment" on
Invoice date / Paid date, "repair-to-return days": the ends are the date columns whose event the
words say in another form; the date family reads the span as if the headers had been written.
Ends that name no date column, or name a number column, are not rewritten.  Sheets written here.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.rowspanevents import named
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def repairs():
    return schema_from_rows([
        ["Job", "Customer", "Booked in", "Cost", "Repaired on", "Returned"],
        ["R1", "Ann", dt.date(2026, 10, 1), 80, dt.date(2026, 10, 4), dt.date(2026, 10, 6)],
        ["R2", "Bob", dt.date(2026, 10, 3), 120, dt.date(2026, 10, 9), dt.date(2026, 10, 12)],
        ["R3", "Cy", dt.date(2026, 10, 8), 60, dt.date(2026, 10, 10), None],
        ["R4", "Di", dt.date(2026, 10, 12), 95, dt.date(2026, 10, 20), None],
    ])


@pytest.fixture
def invoices():
    return schema_from_rows([
        ["Invoice no", "Client", "Invoice date", "Amount", "Paid date"],
        ["I-1", "Acme", dt.date(2026, 9, 1), 500, dt.date(2026, 9, 20)],
        ["I-2", "Bolt", dt.date(2026, 9, 5), 250, None],
        ["I-3", "Crux", dt.date(2026, 9, 9), 900, dt.date(2026, 10, 2)],
    ])


@pytest.mark.parametrize("request_, formula_", [
    ("days from booking to repair for each job", "=E2-C2"),
    ("how many days between the booking and the repair", "=E2-C2"),
    ("booking-to-repair days per job", "=E2-C2"),
    ("days from repair to return, blank if not returned yet", '=IF(F2="","",F2-E2)'),
])
def test_span_ends_said_as_events(repairs, request_, formula_):
    assert formula(request_, repairs, "G2", method="rules").formula == formula_


@pytest.mark.parametrize("request_", [
    "days from invoicing to payment, blank when unpaid",
    "days between invoice and payment (blank if unpaid)",
    "invoice to payment days, leave it blank if not paid",
])
def test_payment_is_the_paid_date(invoices, request_):
    assert formula(request_, invoices, "F2", method="rules").formula == '=IF(E2="","",E2-C2)'


@pytest.mark.parametrize("request_", [
    "days from booking to cost",          # an end that names a number column
    "weeks from booking to repair",       # another unit: not this rule's
    "days from booking to 12/10/2026",    # a date said: not two columns
    "days from booking to delivery",      # an end that names no date column, three dates on the sheet
])
def test_not_rewritten(repairs, request_):
    assert named(request_, repairs) == request_


def test_rewrite_names_the_headers(repairs):
    assert named("days from booking to repair", repairs) == "days from Booked in to Repaired on"


def test_unnamed_end_on_a_three_date_sheet_is_refused(repairs):
    with pytest.raises(TaskError):
        formula("days from arrival to collection for each job", repairs, "G2", method="rules")


def test_a_particle_said_must_match(repairs):
    stays = schema_from_rows([
        ["Guest", "Arrived", "Checked out"],
        ["Ann", dt.date(2026, 10, 1), dt.date(2026, 10, 4)],
        ["Bob", dt.date(2026, 10, 3), dt.date(2026, 10, 9)],
    ])
    assert named("days from arrival to check-in", stays) == "days from arrival to check-in"
    assert named("days from arrival to check-out", stays) == "days from Arrived to Checked out"


@pytest.fixture
def lessons():
    return schema_from_rows([
        ["Pupil", "Day", "Starts", "Ends"],
        ["Ann", dt.date(2026, 10, 1), dt.time(9, 0), dt.time(10, 30)],
        ["Bob", dt.date(2026, 10, 2), dt.time(14, 15), dt.time(15, 0)],
        ["Cy", dt.date(2026, 10, 3), dt.time(11, 0), dt.time(12, 45)],
    ])


@pytest.mark.parametrize("request_, formula_", [
    ("length of each lesson in minutes", "=(D2-C2)*1440"),
    ("length of each lesson (hours)", "=(D2-C2)*24"),
])
def test_length_in_a_time_unit_is_a_duration(lessons, request_, formula_):
    assert formula(request_, lessons, "E2", method="rules").formula == formula_


def test_length_of_a_name_is_still_its_characters(lessons):
    assert formula("length of each pupil name", lessons, "E2", method="rules").formula == "=LEN(A2)"
