"""One-cell totals named in other words (helper fagg3): a count column named by a synonym
("covers", "heads" for Guests), "guest numbers" as the guests' figures, "only" after a
condition, bookings as what one row is."""

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows

ROWS = [["Order No", "Couple", "Guests", "Status"],
        ["W-1", "Ann & Bo", 120, "Confirmed"],
        ["W-2", "Cy & Di", 80, "Provisional"],
        ["W-3", "Ed & Flo", 150, "Confirmed"]]


def _value(request):
    s = schema_from_rows(ROWS)
    return evaluate(formula(request, sheet=s, method="rules").formula, s).value


def test_guest_numbers_are_the_guests_added_up():
    assert _value("total guest numbers") == 350


def test_covers_name_the_guests_column():
    assert _value("how many covers in total across all the orders") == 350
    assert _value("total covers") == 350


def test_only_after_a_condition_and_bookings_as_rows():
    assert _value("guests on confirmed bookings only") == 270


def test_no_of_is_number_of_not_a_negation():
    s = schema_from_rows([["Name", "Membership", "Belay Cert", "Visits"],
                          ["Ann", "Student", "No", 4], ["Bo", "Adult", "Yes", 9],
                          ["Cy", "Student", "Yes", 2]])
    assert evaluate(formula("no. of students", sheet=s, method="rules").formula, s).value == 2
    assert evaluate(formula("avg no of visits for Student members", sheet=s, method="rules").formula,
                    s).value == 3


def test_who_answers_with_the_couple_not_a_venue_of_names():
    s = schema_from_rows([["Couple", "Venue", "Guests"],
                          ["Ann & Bo", "Hartwell Manor", 120], ["Cy & Di", "Riverside Barn", 180],
                          ["Ed & Flo", "Old Mill", 90]])
    assert evaluate(formula("who's got the most guests?", sheet=s, method="rules").formula,
                    s).value == "Cy & Di"


def test_a_value_named_without_its_accent_or_in_the_plural():
    s = schema_from_rows([["Pupil", "Menu", "Dietary", "Trip Cost", "Guests"],
                          ["Ann", "Canapés", "Nut allergy", 285, 100], ["Bo", "Buffet", "None", 285, 50],
                          ["Cy", "Canapés", "Nut allergy", 285, 140], ["Di", "Buffet", "Vegan", 285, 60]])
    assert evaluate(formula("average guests for canape", sheet=s, method="rules").formula, s).value == 120
    assert evaluate(formula("how many nut allergies are there", sheet=s, method="rules").formula,
                    s).value == 2


def test_how_many_never_adds_up_a_column_named_by_its_modifier():
    s = schema_from_rows([["Pupil", "Dietary", "Trip Cost"],
                          ["Ann", "Nut allergy", 285], ["Bo", "None", 285], ["Cy", "Nut allergy", 285]])
    with pytest.raises(TaskError):
        formula("how many pupils with a nut allergy are coming on the trip", sheet=s, method="rules")


def test_a_code_named_by_its_number_with_the_leading_zero():
    s = schema_from_rows([["Order No", "Venue", "Guests"],
                          ["W-0451", "Old Mill", 90], ["W-0452", "Riverside Barn", 180],
                          ["W-1452", "Hartwell Manor", 120]])
    assert evaluate(formula("venue for 0452", sheet=s, method="rules").formula, s).value == "Riverside Barn"


def test_where_asks_for_the_venue():
    s = schema_from_rows([["Order No", "Venue", "Guests"],
                          ["W-0451", "Old Mill", 90], ["W-0452", "Riverside Barn", 180]])
    assert evaluate(formula("where's order W-0452 being held?", sheet=s, method="rules").formula,
                    s).value == "Riverside Barn"
    s2 = schema_from_rows([["Order No", "Menu", "Guests"], ["W-0451", "Buffet", 90], ["W-0452", "Canapés", 180]])
    with pytest.raises(TaskError):  # no venue on the sheet: nothing to answer "where" with
        formula("where's order W-0452 being held?", sheet=s2, method="rules")
