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


def test_a_two_row_header_whose_lower_names_differ_names_columns_by_their_own_name(tmp_path):
    # 材料信息 over 名称 | 规格, 进场情况 over 进场日期 | 数量: a user says 进场日期, not 进场情况进场日期
    s = _merged_workbook(tmp_path / "g.xlsx", ["序号", "材料信息", "进场情况"], ["名称", "规格", "进场日期", "数量"],
                         [[1, "水泥", "P.O 42.5", 45000, 30], [2, "木方", "4m", 45010, 12]])
    assert [c.header for c in s.columns] == ["序号", "名称", "规格", "进场日期", "数量"]
    assert [c.group for c in s.columns] == ["", "材料信息", "材料信息", "进场情况", "进场情况"]
    assert s.column("进场情况数量").letter == "E"  # the group still grounds it
    assert "under '进场情况'" in s.describe()
    assert formula("木方的数量", s, method="rules").value == 12


def test_a_part_shared_under_two_groups_names_those_columns_only(tmp_path):
    # Maths and English each over Midterm | Final: "both finals" are D and F, not all four marks
    s = _merged_workbook(tmp_path / "e.xlsx", ["Student", "Maths", "English"],
                         ["Midterm", "Final", "Midterm", "Final"],
                         [["Ann", 50, 70, 80, 65], ["Bo", 90, 55, 60, 62], ["Cy", 61, 61, 61, 61]])
    assert [c.header for c in s.columns] == ["Student", "Maths Midterm", "Maths Final", "English Midterm",
                                             "English Final"]
    f = formula("Pass if both finals are 60 or more, otherwise Fail", s, target_cell="F3", method="rules")
    assert f.formula == '=IF(AND(C3>=60,E3>=60),"Pass","Fail")'
    f = formula("total of all four scores per student", s, target_cell="F3", method="rules")
    assert f.formula == "=SUM(B3:E3)"


def test_a_title_that_counts_in_wan_reads_4000wan_as_4000(tmp_path):
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["各分公司营业收入（万元）"])
    ws.append(["分公司", 2024, 2025])
    for row in [["华北", 4391.6, 3563], ["华东", 5312.2, 4156.7], ["华南", 3505.1, 4420.6]]:
        ws.append(row)
    wb.save(tmp_path / "w.xlsx")
    s = read_sheet(tmp_path / "w.xlsx")
    assert s.counts_in_wan
    assert formula("2024年营收超过5000万的有几家", s, method="rules").formula == '=COUNTIF(B3:B5,">5000")'
    f = formula("2025年超过4000万的标“A类”，其余“B类”", s, target_cell="D3", method="rules")
    assert f.formula == '=IF(C3>4000,"A类","B类")'
    plain = schema_from_rows([["分公司", "营收"], ["华北", 43916000], ["华东", 53122000]])
    assert not plain.counts_in_wan  # in yuan: 4000万 is 40,000,000 there


def test_an_excel_table_is_the_data_of_its_sheet(tmp_path):
    import openpyxl
    from openpyxl.worksheet.table import Table

    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"] = "Notes: figures from the shop"
    ws["H2"], ws["H3"] = "checked by", 42  # beside the table: not a column of it
    for i, row in enumerate([["Region", "Rep", "Sales"], ["North", "Ann", 120], ["South", "Bo", 80],
                             ["North", "Cy", 50], ["Total", None, 250]]):
        for j, v in enumerate(row):
            ws.cell(3 + i, 2 + j, v)
    ws.add_table(Table(displayName="SalesTbl", ref="B3:D7", totalsRowCount=1))
    wb.save(tmp_path / "t.xlsx")
    s = read_sheet(tmp_path / "t.xlsx")
    assert s.table == "SalesTbl" and s.header_row == 3
    assert [(c.header, c.range) for c in s.columns] == [("Region", "B4:B6"), ("Rep", "C4:C6"), ("Sales", "D4:D6")]
    assert formula("total sales for North", s, method="rules").formula == '=SUMIF(B4:B6,"North",D4:D6)'


def test_merged_ranges_are_read_in_bounded_pieces(tmp_path):
    import io
    import zipfile

    from o3local.tasks.formula.schema import _merged_ranges

    body = b"<worksheet><sheetData>" + b"<row/>" * 50_000 + b"</sheetData><mergeCells>" + \
        b"".join(b'<mergeCell ref="A%d:C%d"/>' % (r, r) for r in range(1, 40)) + b"</mergeCells></worksheet>"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", body)
    raw = buf.getvalue()
    whole = _merged_ranges(raw, "xl/worksheets/sheet1.xml")
    assert whole == [(r, 1, r, 3) for r in range(1, 40)]
    assert _merged_ranges(raw, "xl/worksheets/sheet1.xml", chunk=7) == whole  # a tag cut in two is read whole
    assert _merged_ranges(raw, "xl/worksheets/sheet1.xml", limit=1000) == []  # stops at the cap
    assert _merged_ranges(raw, "xl/worksheets/missing.xml") == []
