"""Numbers stored as text ("1.5", "3": an exported or pasted column): Excel's and LibreOffice's
SUM and AVERAGE skip text, so a plain =SUM over the column shows 0 to the user.  The assistant
reads the column as numbers and writes the conversion into the formula, or refuses with why."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.textnumbers import convert
from tests.tasks.test_formula_row_units_times import (
    _xlsx as _workbook,  # an .xlsx as a user has it: text cells stay text
)


@pytest.fixture
def hires(tmp_path):
    return _workbook(tmp_path, [
        ["Hire Ref", "Boat", "Date", "Hours", "Rate per Hour"],
        ["H601", "Kayak", dt.date(2026, 6, 1), "1.5", 8.0],
        ["H602", "Laser", dt.date(2026, 6, 2), "3", 12.0],
        ["H603", "Kayak", dt.date(2026, 6, 3), "2", 8.0],
        ["H604", "Topper", dt.date(2026, 6, 5), None, 10.0],
        ["H605", "Laser", dt.date(2026, 6, 7), "4", 12.0],
    ])


def test_a_column_of_numbers_written_as_text_reads_as_numbers(hires):
    hours = hires.column("Hours")
    assert hours.type == "number" and hours.text_numbers
    assert not hires.column("Hire Ref").text_numbers


def test_its_total_and_average_convert_the_text(hires):
    total = formula("total hours", sheet=hires, method="rules")
    assert total.formula == '=SUMPRODUCT(--("0"&D2:D6))' and total.value == 10.5
    avg = formula("average hours", sheet=hires, method="rules")
    assert avg.value == pytest.approx(10.5 / 4)  # the blank hire is no hire of 0 hours
    assert "numbers stored as text, converted" in avg.explanation
    assert "the average of Hours" in avg.explanation


def test_a_per_row_formula_converts_the_cell(hires):
    answer = formula("hours times rate per hour", sheet=hires, target_cell="F2", method="rules")
    assert answer.formula == "=--D2*E2" and answer.value == 12.0


def test_a_function_that_would_skip_the_text_is_refused_with_the_reason(hires):
    with pytest.raises(TaskError) as err:
        convert("=MAX(D2:D6)", hires)
    assert "Hours holds numbers stored as text, which MAX skips" in err.value.message
    assert convert('=IF(B2="Kayak",D2,0)', hires) == '=IF(B2="Kayak",--D2,0)'


def test_codes_and_zero_padded_numbers_stay_text(tmp_path):
    s = _workbook(tmp_path, [
        ["Job No", "Receipt", "Qty"],
        ["1001", "0452", 3],
        ["1002", "0453", 4],
        ["1003", "0460", 5],
    ])
    assert s.column("Job No").type == "text" and s.column("Receipt").type == "text"


def test_a_repaired_formula_over_text_numbers_does_not_quote_a_value_the_sheet_never_shows(hires):
    """The user's own =SUM(D2:D6 shows 0 in Excel (SUM skips text); the engine would say 10.5."""
    fixed = formula("=SUM(D2:D6", sheet=hires, mode="repair")
    assert fixed.formula == "=SUM(D2:D6)"
    assert fixed.value is None
    assert "Hours holds numbers stored as text" in fixed.explanation
    assert '=SUMPRODUCT(--("0"&D2:D6)) counts them' in fixed.explanation
    maxed = formula("=MAX(D2:D6", sheet=hires, mode="repair")
    assert maxed.value is None and "MAX skips" in maxed.explanation
    rates = formula("=SUM(E2:E6", sheet=hires, mode="repair")  # real numbers: the value stands
    assert rates.value == 50.0 and "stored as text" not in rates.explanation
