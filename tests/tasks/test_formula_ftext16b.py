"""Per-row text read from an example row, a leading name for the new column, first words,
surnames and first letters (issue 16, round 16, joinshown.py, resultname.py, rowtext.py).

"a tag like 'Fern Hall - Repotting'", "像 李娜(财务部) 这样", "e.g. Bath 7 Nov": the example is
one row's result, so the columns, the literals between them and a date's format come from it.
"zone = first letter of Shelf", "first word of the plant", "取姓".  Sheets written here.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def jobs():
    return schema_from_rows([
        ["Ref", "Client", "Service", "Shelf", "Booked"],
        ["R-11", "Fern Hall", "Repotting", "K12-3", dt.datetime(2026, 11, 7)],
        ["R-12", "Oak Barn", "Pruning", "M04-1", dt.datetime(2026, 11, 14)],
        ["R-13", "Ivy Lodge", "Repotting", "K07-2", dt.datetime(2026, 12, 2)],
    ])


@pytest.fixture
def staff():
    return schema_from_rows([
        ["工号", "姓名", "部门", "工位"],
        ["E01", "李娜", "财务部", "A-3"],
        ["E02", "王小明", "销售部", "B-1"],
        ["E03", "赵敏", "财务部", "A-5"],
    ])


@pytest.mark.parametrize("request_, expected", [
    ("a tag like 'Fern Hall - Repotting' for each job", '=B2&" - "&C2'),
    ('I want labels such as "Oak Barn / Pruning"', '=B2&" / "&C2'),
    ("client and booking date e.g. Fern Hall 7 Nov", '=B2&" "&TEXT(E2,"d mmm")'),
    ("a label like 'Pruning (Oak Barn)'", '=C2&" ("&B2&")"'),
])
def test_a_join_is_read_from_one_rows_example(jobs, request_, expected):
    assert formula(request_, jobs, "F2", method="rules").formula == expected


def test_a_chinese_example_gives_the_brackets(staff):
    r = formula("把姓名和部门拼起来，像 李娜(财务部) 这样", staff, "E2", method="rules")
    assert r.formula == '=B2&"("&C2&")"'
    assert r.value == "李娜(财务部)"


@pytest.mark.parametrize("request_", [
    "a tag like 'Fern Hall - Gardening' for each job",  # no row makes it
    "a tag like 'Hall Fern - Repotting' for each job",
])
def test_an_example_no_row_makes_is_refused(jobs, request_):
    with pytest.raises(TaskError):
        formula(request_, jobs, "F2", method="rules")


def test_a_separator_quoted_by_itself(jobs):
    r = formula("combine client & service into one cell, separated by ' - '", jobs, "F2", method="rules")
    assert r.formula == '=B2&" - "&C2'


@pytest.mark.parametrize("request_", ["zone = first letter of Shelf", "zone: first letter of shelf"])
def test_a_leading_name_for_the_new_column(jobs, request_):
    assert formula(request_, jobs, "F2", method="rules").formula == "=LEFT(D2,1)"


def test_first_word_where_some_values_have_one_word():
    s = schema_from_rows([["Plant", "Pot"], ["Lavender", 2], ["Acer palmatum", 5], ["Hosta June", 1]])
    r = formula("first word of each plant", s, "C2", method="rules")
    assert r.formula == '=LEFT(A2,FIND(" ",A2&" ")-1)'
    assert r.value == "Lavender"


@pytest.mark.parametrize("request_", ["取姓", "怎么从姓名里提取姓氏"])
def test_the_surname_of_the_names_column(staff, request_):
    assert formula(request_, staff, "E2", method="rules").formula == "=LEFT(B2,1)"


def test_the_first_letter_named_after_the_part(staff):
    assert formula("工位第一个字母是区域，提取出来", staff, "E2", method="rules").formula == "=LEFT(D2,1)"


def test_a_first_letter_that_is_removed_is_not_kept(staff):
    r = None
    try:
        r = formula("怎么把工号开头的字母E删掉", staff, "E2", method="rules")
    except TaskError:
        return
    assert r.formula != "=LEFT(A2,1)"
