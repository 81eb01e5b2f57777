"""Shares of one number column in another said in general words (round 13, shares.py):
"approval ratio: total approved over total claimed", "(paid vs due)", "deposit relative to
rent, as a percent", "付款进度：已付款占合同金额的比例", a share of a value looked up on another
sheet, and an operation word inside a column's own name (累计折旧).  The answer is a fraction
(0.5 for a cell formatted as a percentage), for each row or for the whole table."""

from __future__ import annotations

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def claims():
    return schema_from_rows([
        ["Claim", "Holder", "Claimed", "Approved", "Fee Due", "Paid So Far"],
        ["C1", "Ann", 1000, 500, 200, 100],
        ["C2", "Bob", 400, 400, 100, 100],
        ["C3", "Cy", 600, 300, 300, 0],
    ], "Claims")


def _value(request, schema, cell=None):
    r = formula(request, sheet=schema, target_cell=cell, method="rules")
    return r.formula, r.value


def test_a_ratio_named_then_spelled_is_the_totals_share(claims):
    f, v = _value("overall approval ratio: total approved over total claimed", claims)
    assert f == "=SUM(D2:D4)/SUM(C2:C4)" and v == pytest.approx(1200 / 2000)


def test_a_rate_with_the_two_columns_after_a_comma(claims):
    f, v = _value("collection rate, paid vs due", claims)
    assert f == "=SUM(F2:F4)/SUM(E2:E4)" and v == pytest.approx(200 / 600)


def test_a_share_of_a_total_said_whole_first(claims):
    f, v = _value("proportion of total fee due paid so far", claims)
    assert f == "=SUM(F2:F4)/SUM(E2:E4)" and v == pytest.approx(200 / 600)


def test_relative_to_as_a_percent_is_the_row_share_at_a_row(claims):
    f, v = _value("approved relative to claimed, as a percent", claims, "G2")
    assert f == "=D2/C2" and v == pytest.approx(0.5)


def test_the_whole_table_share_is_no_answer_for_a_row_of_it():
    # two tables side by side could not be read per row: the totals are not the row's share
    s = schema_from_rows([["Claim", "Claimed", "Approved"], ["C1", 10, 5], ["C2", 20, 10]], "Claims")
    assert _value("approved relative to claimed, as a percent", s, "D2")[0] == "=C2/B2"


def test_vs_without_a_share_word_is_not_a_share(claims):
    with pytest.raises(TaskError):
        formula("paid vs due", sheet=claims, method="rules")


def test_a_word_of_the_part_that_names_no_column_refuses(claims):
    with pytest.raises(TaskError):
        formula("overall ratio: late approved over claimed", sheet=claims, method="rules")


@pytest.fixture
def hetong():
    return schema_from_rows([
        ["合同编号", "合同金额", "已付款", "累计折旧", "原值"],
        ["H1", 1000, 300, 50, 100],
        ["H2", 2000, 2000, 30, 60],
        ["H3", 500, 0, 10, 80],
    ], "合同台账")


def test_a_name_and_a_colon_before_a_chinese_share(hetong):
    assert _value("付款进度：已付款占合同金额的比例", hetong, "F2") == ("=C2/B2", pytest.approx(0.3))


def test_a_division_spelled_in_brackets_after_the_share_word(hetong):
    f, v = _value("付款比例（已付款/合同金额）", hetong)
    assert f == "=SUM(C2:C4)/SUM(B2:B4)" and v == pytest.approx(2300 / 3500)


def test_a_running_total_word_inside_a_header_names_the_column(hetong):
    assert _value("累计折旧占原值的百分比", hetong, "F3") == ("=D3/E3", pytest.approx(0.5))


def test_a_real_running_total_is_still_read(claims):
    assert _value("running total of approved", claims, "G3")[0] == "=SUM($D$2:D3)"


def _book(path, rows, other_rows):
    import openpyxl

    from o3local.tasks.formula.schema import read_sheet

    wb = openpyxl.Workbook()
    wb.active.title = "Leave"
    for row in rows:
        wb.active.append(row)
    ws = wb.create_sheet("Entitlement")
    for row in other_rows:
        ws.append(row)
    wb.save(path)
    return read_sheet(path, "Leave")


@pytest.fixture
def leave(tmp_path):
    return _book(tmp_path / "leave.xlsx",
                 [["Name", "Grade", "Days taken"], ["Eve", "Junior", 10], ["Bob", "Senior", 5],
                  ["Carl", "Junior", 20], ["Dora", "Lead", 15]],
                 [["Grade", "Annual days"], ["Junior", 20], ["Senior", 25], ["Lead", 30]])


def test_a_share_of_a_value_looked_up_on_another_sheet(leave):
    f, v = _value("days taken as a percentage of the grade's annual days", leave, "D2")
    assert f == "=C2/INDEX(Entitlement!$B$2:$B$4,MATCH(B2,Entitlement!$A$2:$A$4,0))" and v == pytest.approx(0.5)


def test_the_looked_up_whole_alone_is_no_share(leave):
    with pytest.raises(TaskError):
        formula("what % of the annual days has each person had", sheet=leave, target_cell="D2", method="rules")


def test_a_chinese_share_of_all_the_sheets_rows_said_by_its_row_word():
    s = schema_from_rows([["取件码", "物品", "费用"], ["1", "皮鞋", 30], ["2", "皮包", 50],
                          ["3", "皮鞋", 20], ["4", "运动鞋", 25]], "取件登记")
    f, v = _value("皮鞋占所有单子的百分比", s)
    assert f == '=COUNTIF(B2:B5,"皮鞋")/COUNTA(B2:B5)' and v == pytest.approx(0.5)
