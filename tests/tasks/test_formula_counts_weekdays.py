"""Counts said with "how many" / 多少 / 几, weekdays, value synonyms and year columns (h/form6).

"how many women ran" counts rows (women = F of a Gender column), "何教练带了多少学员" is a
count although 多少 alone asks for a total, "how many croissants do we sell" on a sheet
with two croissant columns is no row count, weekdays pick rows of the date column
(SUMPRODUCT over WEEKDAY) or a weekday column's values, 2025年同比增长率 compares a year
column with the year before, and a grounded word never turns a count into a sum.
Sheets written here, not the dev sets'.  Each answer's value is asserted.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.ground import Choice, Grounding, Span, sums_a_count
from o3local.tasks.formula.schema import schema_from_rows


def _ask(request, sheet, cell=None):
    return formula(request, sheet, cell, method="rules")


@pytest.fixture
def race():
    return schema_from_rows([
        ["Bib", "Runner", "Gender", "Club", "Pledged"],
        [1, "Ann Lee", "F", "Harriers", 50],
        [2, "Bo Chan", "M", "Harriers", 20],
        [3, "Cy Dunn", "F", "Striders", 35],
        [4, "Di Ek", "F", "Striders", 10],
    ])


@pytest.fixture
def bakery():
    d = dt.date(2026, 3, 2)  # a Monday
    return schema_from_rows([
        ["Date", "Croissants Baked", "Croissants Sold", "Baker"],
        *[[d + dt.timedelta(days=i), 100 + i, 90 + i, "Kofi" if i % 2 else "Mia"] for i in range(14)],
    ])


@pytest.fixture
def jiaxiao():
    return schema_from_rows([
        ["学员编号", "姓名", "性别", "教练", "学费"],
        ["X01", "王明", "男", "何教练", 4000],
        ["X02", "李华", "女", "何教练", 4200],
        ["X03", "张伟", "男", "周教练", 3800],
        ["X04", "刘芳", "女", "何教练", 4000],
    ])


def test_how_many_with_a_value_synonym_counts_rows(race):
    assert _ask("how many women ran", race).formula == '=COUNTIF(C2:C5,"F")'
    assert _ask("number of female runners", race).value == 3
    assert _ask("how many men", race).value == 1


def test_duo_shao_before_what_a_row_is_counts_rows(jiaxiao):
    assert _ask("何教练带了多少学员", jiaxiao).value == 3
    assert _ask("何教练名下几个人", jiaxiao).value == 3
    assert _ask("女学员有几个", jiaxiao).value == 2
    assert _ask("何教练的学费一共多少", jiaxiao).value == 12200  # 多少 of an amount stays a total


def test_how_many_of_a_number_column_is_never_a_row_count(bakery):
    with pytest.raises(TaskError):
        _ask("how many croissants do we sell", bakery)


def test_weekdays_pick_rows_of_the_date_column(bakery):
    r = _ask("average croissants sold on saturdays", bakery)
    assert "WEEKDAY(A2:A15,2)=6" in r.formula
    assert r.value == pytest.approx((95 + 102) / 2)
    assert _ask("how many days did Kofi work on saturdays", bakery).value == 1  # 7 March (14 March is Mia's)
    assert _ask("周末的销量合计", schema_from_rows([
        ["日期", "销量"], *[[dt.date(2026, 3, 2) + dt.timedelta(days=i), i + 1] for i in range(7)]])).value == 13


def test_a_weekday_column_is_read_by_its_values():
    sheet = schema_from_rows([["Day", "Orders"], ["Monday", 5], ["Tuesday", 7], ["Monday", 4]])
    assert _ask("total orders on mondays", sheet).value == 9


def test_year_columns_compared_within_a_row():
    sheet = schema_from_rows([["网点", "2023", "2024", "2025"], ["南湖", 10, 20, 25], ["北站", 8, 10, 9]])
    assert _ask("2025年同比增长率", sheet, "E2").formula == "=D2/C2-1"
    assert _ask("25年比24年多了多少", sheet, "E2").formula == "=D2-C2"
    assert _ask("2025年比2023年增长百分之几", sheet, "E3").formula == "=D3/B3-1"


def test_a_label_leaves_rows_without_the_number_blank():
    sheet = schema_from_rows([["姓名", "成绩"], ["王明", 72], ["李华", None], ["张伟", 51]])
    r = _ask("成绩60分及格，标及格/不及格，没成绩的空着", sheet, "C2")
    assert r.formula == '=IF(B2="","",IF(B2>=60,"及格","不及格"))'


def test_a_grounded_number_column_does_not_turn_a_count_into_a_sum(race):
    g = Grounding(Span(9, 14, "women"), Choice("column", "Pledged", "Pledged"), 3.0, "none")
    assert sums_a_count("how many women ran", "=SUM(E2:E5)", [g], race)
    assert sums_a_count("how many women ran", '=COUNTIF(C2:C5,"F")', [g], race) is None
    sold = Grounding(Span(9, 15, "loaves"), Choice("column", "Pledged", "Pledged"), 3.0, "none")
    assert sums_a_count("how many loaves were sold", "=SUM(E2:E5)", [sold], race) is None


def test_a_measure_word_that_begins_a_number_column_is_no_count_of_rows():
    # formula-dev6 (spent): "已完成的订单一共卖了多少份" was a count of orders; 份 is the 份数 column
    orders = schema_from_rows([
        ["订单号", "菜品", "份数", "状态"],
        ["WM01", "蛋炒饭", 2, "已完成"],
        ["WM02", "牛肉面", 3, "已完成"],
        ["WM03", "蛋炒饭", 1, "已取消"],
    ])
    try:
        got = _ask("已完成的订单一共卖了多少份", orders)
    except TaskError:
        got = None
    assert got is None or got.value == 5  # the portions (2 + 3), never the 2 orders
    assert _ask("已完成的订单有几单", orders).value == 2  # 单 begins no number column: orders
