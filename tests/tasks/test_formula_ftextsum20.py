"""Totals of numbers stored as text asked the way people ask them (issue 16, round 20:
textnote.py, textnumbers.py): the complaint ("won't add up", "SUM gives 0", 求和出来是0) and
the aside ("they're stored as text", "col is text btw", 是文本格式) are notes about the column,
read as such; a total with a condition over such a column with gaps counts a gap as 0."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from tests.tasks.test_formula_row_units_times import _xlsx as _workbook  # text cells stay text


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


@pytest.fixture
def petty(tmp_path):
    return _workbook(tmp_path, [
        ["日期", "类别", "金额"],
        [dt.date(2026, 6, 1), "交通", "35"],
        [dt.date(2026, 6, 2), "餐费", "120.5"],
        [dt.date(2026, 6, 3), "交通", "18"],
        [dt.date(2026, 6, 4), "办公", "60"],
    ])


# a complaint that the column will not add up, and the question after it
@pytest.mark.parametrize("request_", [
    "The Hours column won't add up (SUM gives 0) - how do I get the total?",
    "hours wont total, sum says 0. how do I add them up?",
    "Why does SUM of hours give 0? how do I total it",
    "hours doesn't add up - SUM shows zero",
])
def test_a_column_that_wont_add_up_is_asked_for_its_total(hires, request_):
    assert formula(request_, hires, "H1", method="rules").value == 10.5


@pytest.mark.parametrize("request_", [
    "total hours (they're stored as text)",
    "sum of hours col (stored as text)",
    "hours total - the hours column seems to be text btw",
])
def test_an_aside_that_the_numbers_are_text_is_a_note(hires, request_):
    assert formula(request_, hires, "H1", method="rules").value == 10.5


def test_an_average_that_gives_div0_is_asked_for_the_average(hires):
    r = formula("AVERAGE on the Hours column gives #DIV/0! - how do I get the average hours?", hires, "H1",
                method="rules")
    assert r.value == pytest.approx(10.5 / 4)


@pytest.mark.parametrize("request_", [
    "total hours for Laser (hours col is text)",
    "sum hours where boat = Laser (the hours are stored as text)",
])
def test_a_conditional_total_of_a_text_column_with_gaps(hires, request_):
    r = formula(request_, hires, "H1", method="rules")
    assert (r.formula, r.value) == ('=SUMPRODUCT((B2:B6="Laser")*VALUE("0"&D2:D6))', 7)


@pytest.mark.parametrize("request_", [
    "金额那列求和出来是0，怎么算合计",
    "金额是文本格式，怎么求和",
    "金额SUM出来是0，金额合计怎么算",
    "金额列求和是0，怎么算总金额",
])
def test_zh_a_column_that_sums_to_zero_is_asked_for_its_total(petty, request_):
    assert formula(request_, petty, "H1", method="rules").value == pytest.approx(233.5)


@pytest.mark.parametrize("request_", ["交通的金额合计（金额是文本）", "金额列是文本，算一下交通的总金额"])
def test_zh_a_conditional_total_with_a_text_note(petty, request_):
    assert formula(request_, petty, "H1", method="rules").value == 53


def test_a_per_row_answer_reads_the_note_too(hires):
    r = formula("hire cost for each row (hours x rate per hour) - hours column is text btw", hires, "F2",
                method="rules")
    assert r.value == 12


@pytest.mark.parametrize("request_", [
    "Rate per Hour won't add up (SUM gives 0) - how do I get the total?",  # a column of real numbers
    "the fees won't add up (SUM gives 0)",  # no such column
])
def test_a_complaint_about_another_column_is_not_read_as_a_note(hires, request_):
    with pytest.raises(TaskError):
        formula(request_, hires, "H1", method="rules")
