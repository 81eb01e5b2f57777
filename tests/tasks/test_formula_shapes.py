"""Real sheet shapes (issue 16 item 3): a two-row header with merged group cells, read from a
real .xlsx, names each column by its group and its own name ("Q1 Sales", 一季度销售额)."""

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import read_sheet, schema_from_rows


def _merged_workbook(path, top, under, rows):
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.cell(1, 1, top[0])
    ws.merge_cells(start_row=1, start_column=1, end_row=2, end_column=1)  # the key column, two rows high
    for i, group in enumerate(top[1:]):
        c = 2 + 2 * i
        ws.cell(1, c, group)
        ws.merge_cells(start_row=1, start_column=c, end_row=1, end_column=c + 1)
    for j, name in enumerate(under, start=2):
        ws.cell(2, j, name)
    for i, row in enumerate(rows, start=3):
        for j, v in enumerate(row, start=1):
            ws.cell(i, j, v)
    wb.save(path)
    return read_sheet(path)


def test_a_merged_two_row_header_names_each_column_by_group_and_name(tmp_path):
    s = _merged_workbook(tmp_path / "q.xlsx", ["Region", "Q1", "Q2"], ["Sales", "Cost", "Sales", "Cost"],
                         [["North", 100, 60, 120, 70], ["South", 80, 50, 90, 40], ["East", 60, 30, 70, 35]])
    assert s.header_row == 2
    assert [c.header for c in s.columns] == ["Region", "Q1 Sales", "Q1 Cost", "Q2 Sales", "Q2 Cost"]
    assert formula("total Q1 sales", s, method="rules").value == 240
    assert formula("Q2 cost of South", s, method="rules").value == 40
    with pytest.raises(TaskError):  # which quarter? both are "Sales"
        formula("total sales", s, method="rules")


def test_a_chinese_merged_header(tmp_path):
    s = _merged_workbook(tmp_path / "z.xlsx", ["地区", "一季度", "二季度"], ["销售额", "成本", "销售额", "成本"],
                         [["华东", 100, 60, 120, 70], ["华南", 80, 50, 90, 40]])
    assert [c.header for c in s.columns] == ["地区", "一季度销售额", "一季度成本", "二季度销售额", "二季度成本"]
    assert formula("二季度销售额合计", s, method="rules").value == 210


def test_a_text_row_under_a_plain_header_is_data():
    # no group over the columns: the second text row is a row of data, not a header
    s = schema_from_rows([["Name", "City", "Score"], ["Ann", "Oslo", "n/a"], ["Bo", "Rome", 7]])
    assert s.header_row == 1 and [c.header for c in s.columns] == ["Name", "City", "Score"]
