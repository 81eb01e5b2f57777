"""Per-row requests whose row noun is also a header, headers named by a part, written operators.

Small sheets of this file's own: "for each visit" on a sheet with a Visit number column names
the rows, not an operand; "Price per Head" named as "per head" / "per-head price"; "Deposit
Paid" as "deposit"; a rank's column is the one named after "by"; a plus or minus written
between words that the formula drops refuses.  Values are checked, not only the formula text.
"""

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def tuner():
    return schema_from_rows([
        ["Visit", "Client", "Miles", "Mins", "Tuning", "Repairs"],
        [301, "Reid", 14, 60, 75, 0],
        [302, "Green", 31, 30, 75, 40],
        [303, "Okafor", 19, 45, 95, 120],
    ])


@pytest.fixture
def weddings():
    return schema_from_rows([
        ["Order", "Couple", "Guests", "Price per Head", "Deposit Paid"],
        ["W-1", "Ames & Bo", 50, 30, 500],
        ["W-2", "Cole & Dee", 120, 25, 250],
    ])


def test_for_each_row_noun_that_is_a_header(tuner):
    r = formula("tuning + repairs for each visit", tuner, "G3", method="rules")
    assert r.formula == "=E3+F3" and r.value == 115


def test_header_named_by_its_per_part(weddings):
    r = formula("food bill for each wedding (guests x per head)", weddings, "F2", method="rules")
    assert r.formula == "=C2*D2" and r.value == 1500


def test_header_named_without_its_state_word(weddings):
    r = formula("guests times price per head minus deposit", weddings, "F3", method="rules")
    assert r.formula == "=C3*D3-E3" and r.value == 2750


def test_written_minus_between_words_is_not_dropped(weddings):
    r = formula("guests x price per head - deposit", weddings, "F2", method="rules")
    assert r.value == 1000
    with pytest.raises(TaskError):  # "deposit" of a sheet without it: not read, so no answer
        formula("guests x price per head - discount", weddings, "F2", method="rules")


def test_rank_by_the_column_after_by(tuner):
    r = formula("rank the visits by distance, furthest = 1", tuner, "G2", method="rules")
    assert r.formula == "=RANK(C2,$C$2:$C$4)" and r.value == 3
    r = formula("rank each visit by tuning", tuner, "G4", method="rules")
    assert r.formula == "=RANK(E4,$E$2:$E$4)" and r.value == 1


def test_threshold_counted_in_a_columns_word(weddings):
    r = formula("tag each booking Large if it's 120 guests or more, otherwise Standard", weddings, "F3",
                method="rules")
    assert r.formula == '=IF(C3>=120,"Large","Standard")' and r.value == "Large"
    r = formula("Large if more than 120 guests, otherwise Standard", weddings, "F3", method="rules")
    assert r.value == "Standard"


@pytest.fixture
def trip():
    return schema_from_rows([
        ["Pupil", "Deposit", "Instalment 1", "Instalment 2", "Trip Cost"],
        ["Millie Taylor", 50, 100, 60, 285],
        ["Harry Khan", 50, 0, 0, 285],
    ])


def test_first_names_plural_and_a_childs(trip):
    r = formula("first names only in a new column", trip, "F2", method="rules")
    assert r.value == "Millie"
    r = formula("just the child's first name please, col F", trip, "F3", method="rules")
    assert r.value == "Harry"


def test_numbered_headers_are_not_numbers(trip):
    r = formula("deposit + instalment 1 + instalment 2", trip, "F2", method="rules")
    assert r.formula == "=B2+C2+D2" and r.value == 210


def test_plural_of_numbered_headers_adds_each(trip):
    r = formula("total paid per kid (deposit + instalments), col F pls", trip, "F2", method="rules")
    assert r.formula == "=B2+C2+D2" and r.value == 210
    with pytest.raises(TaskError):  # a minus before the plural is not spelled out as a sum
        formula("deposit minus instalments", trip, "F2", method="rules")


def test_multiply_and_divide_verbs(weddings, tuner):
    r = formula("multiply guests by the per-head price for every order", weddings, "F2", method="rules")
    assert r.formula == "=C2*D2" and r.value == 1500
    r = formula("divide miles by mins", tuner, "G3", method="rules")
    assert r.formula == "=C3/D3" and abs(r.value - 31 / 30) < 1e-9


def test_total_of_a_header_over_columns(tmp_path):
    import openpyxl

    from o3local.tasks.formula.schema import read_sheet

    wb = openpyxl.Workbook()
    ws = wb.active
    for row in (["Visit", "Client", "Charges", None], [None, None, "Tuning", "Repairs"],
                [301, "Reid", 75, 0], [302, "Green", 75, 40], [303, "Okafor", 95, 120]):
        ws.append(row)
    ws.merge_cells("C1:D1")
    wb.save(tmp_path / "visits.xlsx")
    s = read_sheet(tmp_path / "visits.xlsx")
    r = formula("total charges for each visit", s, "E4", method="rules")
    assert r.formula == "=C4+D4" and r.value == 115
