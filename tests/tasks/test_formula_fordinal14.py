"""Ordinals and places in a ranking (round 14, h/fordinal14), on workbooks of our own: "who came
second", "in 3rd place", 第2名, 倒数第二, sixth..tenth, and the k-th largest or the row holding it
among the rows of a value ("the 2nd highest sales in East", 销售二部销量第二多的是谁), written in forms
Excel 2010+, WPS and LibreOffice compute without array entry (AGGREGATE(14/15,6,...), LOOKUP(2,1/...)),
each checked on the sheet by the engine."""

from __future__ import annotations

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


def _reps() -> object:
    """Sales reps by region: East has three rows, West two, North two; no two sales tie."""
    return schema_from_rows([["Rep", "Region", "Orders", "Sales"],
                             ["Ann", "East", 12, 5400], ["Bob", "West", 9, 7300], ["Cat", "East", 15, 6100],
                             ["Dan", "North", 7, 3900], ["Eve", "West", 11, 8800], ["Fay", "East", 8, 4700],
                             ["Gus", "North", 14, 6600]])


def _zh() -> object:
    """同一张表的中文版：销售一部三人，二部两人，三部两人。"""
    return schema_from_rows([["姓名", "部门", "销量", "销售额"],
                             ["张三", "销售一部", 12, 5400], ["李四", "销售二部", 9, 7300],
                             ["王五", "销售一部", 15, 6100], ["赵六", "销售三部", 7, 3900],
                             ["钱七", "销售二部", 11, 8800], ["孙八", "销售一部", 8, 4700],
                             ["周九", "销售三部", 14, 6600]])


@pytest.mark.parametrize("request_, value", [
    ("who came second in sales", "Bob"),
    ("who is third by sales", "Gus"),
    ("who finished 2nd on orders", "Gus"),
])
def test_a_place_with_no_direction_counts_from_the_top(request_, value):
    """"came second", "is third by", "finished 2nd on": a place in the ranking, largest first."""
    r = formula(request_, _reps(), method="rules")
    assert r.value == value, r.formula
    assert "LARGE(" in r.formula


@pytest.mark.parametrize("request_, text, value", [
    ("销售额第2名是谁", "=INDEX(A2:A8,MATCH(LARGE(D2:D8,2),D2:D8,0))", "李四"),
    ("第二名的销售额", "=LARGE(D2:D8,2)", 7300),
    ("销售额倒数第二是多少", "=SMALL(D2:D8,2)", 4700),
    ("销售额倒数第一是谁", "=INDEX(A2:A8,MATCH(MIN(D2:D8),D2:D8,0))", "赵六"),
])
def test_chinese_places_are_ranks_not_rows(request_, text, value):
    """第N名 is a place in the ranking (not the N-th row, as 第二名的销售额 had been: =D3), and
    <number column>倒数第N counts from the smallest."""
    r = formula(request_, _zh(), method="rules")
    assert r.formula == text
    assert r.value == value


def test_the_nth_row_is_still_a_row():
    """第三行的销售额 and 倒数第2个人的销售额 are positions on the sheet, as before."""
    assert formula("第三行的销售额", _zh(), method="rules").formula == "=D4"
    assert formula("倒数第2个人的销售额", _zh(), method="rules").formula == "=D7"


def test_ordinals_past_fifth():
    """sixth..tenth and 6th..10th: the k-th, and refused where the sheet has fewer rows."""
    assert formula("the sixth highest sales", _reps(), method="rules").value == 4700
    assert formula("7th largest sales", _reps(), method="rules").formula == "=LARGE(D2:D8,7)"
    with pytest.raises(TaskError):
        formula("the tenth highest sales", _reps(), method="rules")


@pytest.mark.parametrize("request_, text, value", [
    ("2nd highest sales in East", '=AGGREGATE(14,6,D2:D8/(B2:B8="East"),2)', 5400),
    ("the second highest sales in the East region", '=AGGREGATE(14,6,D2:D8/(B2:B8="East"),2)', 5400),
    ("the third highest sales in East", '=AGGREGATE(14,6,D2:D8/(B2:B8="East"),3)', 4700),
    ("second lowest orders in East", '=AGGREGATE(15,6,C2:C8/(B2:B8="East"),2)', 12),
])
def test_kth_within_a_group(request_, text, value):
    """The k-th of the rows of one value: AGGREGATE skips the #DIV/0! of the other rows, so no
    array entry is needed in Excel 2016 and a negative value would not be beaten by a 0."""
    r = formula(request_, _reps(), method="rules")
    assert r.formula == text
    assert r.value == value


def test_kth_within_a_group_chinese():
    r = formula("销售一部销售额第二高的是多少", _zh(), method="rules")
    assert r.formula == '=AGGREGATE(14,6,D2:D8/(B2:B8="销售一部"),2)'
    assert r.value == 5400


def test_kth_past_the_group_is_refused():
    """East has three rows: its 4th highest does not exist."""
    with pytest.raises(TaskError):
        formula("the 4th highest sales in East", _reps(), method="rules")


@pytest.mark.parametrize("request_, value", [
    ("who had the 2nd highest sales in West", "Bob"),
    ("who had the highest sales in West", "Eve"),
    ("which rep in North has the lowest sales", "Dan"),
    ("who is second in East by sales", "Ann"),
])
def test_who_within_a_group(request_, value):
    """The row with the k-th of a group: LOOKUP(2,1/((group)*(value=k-th of group)),names), never
    a row of another group with the same value, computed without array entry (FILTER needs 365)."""
    r = formula(request_, _reps(), method="rules")
    assert r.formula.startswith("=LOOKUP(2,1/(")
    assert "FILTER" not in r.formula
    assert r.value == value


@pytest.mark.parametrize("request_, value", [
    ("销售二部销量第二多的是谁", "李四"),
    ("销售二部销售额最高的是谁", "钱七"),
    ("销售一部销售额第二高的是谁", "张三"),
])
def test_who_within_a_group_chinese(request_, value):
    """销售二部销量: 销售 inside the value 销售二部 names no 销售额 column."""
    r = formula(request_, _zh(), method="rules")
    assert r.formula.startswith("=LOOKUP(2,1/(")
    assert r.value == value


def test_a_tie_in_the_group_is_refused():
    """Two East rows share the top figure: which one is 'the' highest is not guessed."""
    tied = schema_from_rows([["Rep", "Region", "Sales"], ["Ann", "East", 500], ["Bob", "East", 500],
                             ["Cat", "West", 300]])
    with pytest.raises(TaskError):
        formula("who had the highest sales in East", tied, method="rules")


def test_engine_computes_aggregate_large_and_small():
    """AGGREGATE 14 / 15 with option 6 (errors skipped), as Excel computes it."""
    sheet = _reps()
    assert evaluate('=AGGREGATE(14,6,D2:D8/(B2:B8="West"),1)', sheet).value == 8800
    assert evaluate('=AGGREGATE(15,6,D2:D8/(B2:B8="East"),1)', sheet).value == 4700
    assert not evaluate('=AGGREGATE(14,6,D2:D8/(B2:B8="West"),3)', sheet).ok  # #NUM!: two West rows


@pytest.mark.parametrize("request_", ["who came second", "who finished 2nd in the race", "who is in 3rd place"])
def test_a_place_on_a_sheet_of_times_or_places_is_not_guessed(request_):
    """On a race sheet the 2nd place is the quickest but one, or the row whose Place is 2: a place
    said with no direction is refused there, never read as the 2nd largest time."""
    race = schema_from_rows([["Runner", "Time (min)", "Place"], ["Ann", 41.5, 2], ["Bob", 39.0, 1],
                             ["Cat", 44.2, 3]])
    with pytest.raises(TaskError):
        formula(request_, race, method="rules")


def test_chinese_place_on_a_sheet_of_times_is_refused():
    race = schema_from_rows([["选手", "用时（分钟）"], ["张三", 41.5], ["李四", 39.0], ["王五", 44.2]])
    with pytest.raises(TaskError):
        formula("第2名是谁", race, method="rules")
