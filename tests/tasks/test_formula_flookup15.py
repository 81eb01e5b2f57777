"""Lookups by a day and by a code (round 15, h/flookup15), on workbooks of our own: the row of
the one date a request names ("which class was held on 3 March 2027", "who have I got booked
on 12/03/2027", "the tutor for the lesson dated 2027-03-05"), and the row of a code said
without its leading zeros (客户编号452 on a column of "00452"), each checked on the sheet."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import read_sheet, schema_from_rows


def _book(tmp_path, rows: list[list[object]]) -> object:
    """A workbook saved and read back, so codes typed as text ("00452") stay text."""
    import openpyxl

    wb = openpyxl.Workbook()
    for row in rows:
        wb.active.append(row)
    path = tmp_path / "book.xlsx"
    wb.save(path)
    return read_sheet(path)


def _lessons() -> object:
    """A tutor's diary: one lesson a day, a student's name, a fee."""
    return schema_from_rows([["Date", "Student", "Subject", "Fee"],
                             [dt.date(2027, 3, 1), "Amy Cole", "Maths", 30],
                             [dt.date(2027, 3, 3), "Ben Hart", "Physics", 35],
                             [dt.date(2027, 3, 5), "Cara Diaz", "Chemistry", 32],
                             [dt.date(2027, 3, 12), "Dev Patel", "Maths", 30],
                             [dt.date(2027, 3, 15), "Eli Ross", "Biology", 34],
                             [dt.date(2027, 3, 22), "Fay Lin", "Physics", 35]])


@pytest.mark.parametrize("request_, value", [
    ("which subject was taught on 3 March 2027?", "Physics"),
    ("what subject is booked for 15/03/2027", "Biology"),
    ("subject for the lesson on 22/03/2027", "Physics"),
    ("the student for the session dated 2027-03-05", "Cara Diaz"),
    ("who've I got booked on 12 Mar 2027?", "Dev Patel"),
    ("who is booked in on 2027-03-01", "Amy Cole"),
    ("who's my lesson on 3 March 2027", "Ben Hart"),
])
def test_the_row_of_a_named_day(request_, value):
    """A day on one row of the sheet's one date column: INDEX/MATCH on DATE(...)."""
    r = formula(request_, _lessons(), method="rules")
    assert "MATCH(DATE(2027," in r.formula, r.formula
    assert r.value == value, r.formula


@pytest.mark.parametrize("request_", [
    "who was not booked on 3 March 2027",
    "subject for the day before 15/03/2027",
    "which subject was cancelled on 3 March 2027",
    "who've I got booked on 4 March 2027",  # no lesson that day
])
def test_a_day_read_otherwise_is_refused(request_):
    """A negation, a day around the one named, a verb that is not the row's day, a day with
    no row: refused, never the row of the day said."""
    with pytest.raises(TaskError):
        formula(request_, _lessons(), method="rules")


def _visits(tmp_path) -> object:
    """拜访记录：客户编号存成带前导零的文本，同一客户可拜访多次（客户名称每次相同）。"""
    return _book(tmp_path, [["日期", "客户编号", "客户名称", "销售员"],
                             [dt.date(2026, 11, 2), "00452", "华信科技", "王磊"],
                             [dt.date(2026, 11, 3), "00086", "鼎盛贸易", "李娜"],
                             [dt.date(2026, 11, 5), "01207", "远航物流", "王磊"],
                             [dt.date(2026, 11, 9), "00452", "华信科技", "李娜"],
                             [dt.date(2026, 11, 12), "00318", "恒达机电", "张伟"]])


@pytest.mark.parametrize("request_, value", [
    ("客户编号452是哪家客户？", "华信科技"),
    ("客户编号86是哪个客户", "鼎盛贸易"),
    ("客户编号1207对应哪个客户", "远航物流"),
    ("按客户编号318查出客户名称", "恒达机电"),
    ("客户编号00452对应的客户名称", "华信科技"),
])
def test_a_code_said_without_its_zeros(tmp_path, request_, value):
    """452 on a column of "00452": the code as the sheet keeps it; a customer seen twice still
    has one name; 哪个客户 beside 客户编号 and 客户名称 asks for the name."""
    r = formula(request_, _visits(tmp_path), method="rules")
    assert r.value == value, r.formula


@pytest.mark.parametrize("request_", [
    "客户编号452的销售员是谁",  # two visits, two salespeople: no one answer
    "客户编号999是哪家客户",  # no such code
])
def test_a_code_without_one_answer_is_refused(tmp_path, request_):
    with pytest.raises(TaskError):
        formula(request_, _visits(tmp_path), method="rules")


def _staff(tmp_path) -> object:
    """Staff with a Dept column that holds IT: the pronoun "it" is not the department."""
    return _book(tmp_path, [["Emp No", "Name", "Dept"],
                             ["00680", "Noah Brown", "IT"], ["00712", "Ava Stone", "HR"],
                             ["00815", "Liam Shah", "Sales"]])


def test_the_pronoun_it_is_not_the_value_IT(tmp_path):
    """"what's the name for emp no 712? it's in the staff list": 'it' is not the IT department."""
    r = formula("emp no 712 - what's the name on it?", _staff(tmp_path), method="rules")
    assert r.formula == '=INDEX(B2:B4,MATCH("00712",A2:A4,0))'
    assert r.value == "Ava Stone"


def _petty(tmp_path, gap: bool = False) -> object:
    """备用金：金额列是文本格式的数字（SUM 出来是 0）。"""
    return _book(tmp_path, [["凭证号", "经手人", "类别", "金额"],
                            ["BY-0101", "陈思琪", "交通", "120.5"], ["BY-0102", "王磊", "餐费", "86"],
                            ["BY-0103", "李娜", "交通", "45"], ["BY-0104", "张伟", "办公", "" if gap else "310"],
                            ["BY-0105", "王磊", "交通", "64.5"]])


@pytest.mark.parametrize("request_, text, value", [
    ("交通类的金额合计", '=SUMPRODUCT((C2:C6="交通")*VALUE(D2:D6))', 230),
    ("类别是交通的一共花了多少", '=SUMPRODUCT((C2:C6="交通")*VALUE(D2:D6))', 230),
    ("单笔金额第2大的是多少", "=SUMPRODUCT(LARGE(VALUE(D2:D6),2))", 120.5),
    ("金额最高的那笔是谁经手的", "=INDEX(B2:B6,SUMPRODUCT(MATCH(SUMPRODUCT(MAX(VALUE(D2:D6))),VALUE(D2:D6),0)))", "张伟"),
    ("total amount where category is 交通", '=SUMPRODUCT((C2:C6="交通")*VALUE(D2:D6))', 230),
])
def test_numbers_stored_as_text_in_a_conditional_total_or_an_extreme(tmp_path, request_, text, value):
    """SUMIF, LARGE, MAX and MATCH skip text: the column is read through VALUE inside SUMPRODUCT."""
    r = formula(request_, _petty(tmp_path), method="rules")
    assert r.formula == text
    assert r.value == pytest.approx(value) if isinstance(value, (int, float)) else r.value == value


def test_a_text_number_column_with_a_gap_counts_the_gap_as_nothing_in_a_conditional_total(tmp_path):
    """VALUE("") is an error: with a blank amount each cell is read as VALUE("0"&cell), a blank
    counting 0 as SUMIF counts it (round 20; it was refused before)."""
    r = formula("交通类的金额合计", _petty(tmp_path, gap=True), method="rules")
    assert (r.formula, r.value) == ('=SUMPRODUCT((C2:C6="交通")*VALUE("0"&D2:D6))', 230)
