"""One-cell answers on sheets with titles, notes and numbered rows (formula-dev4 tuning, helper f6):
a title and a note line over the header, a title merged across the columns, a label-only total
row, identifier columns the request calls "numbers", shares scoped by a value, revenue as
quantity × price for one value, year columns written "23年"."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.checks import count_of_a_unique_value, identifier_named
from o3local.tasks.formula.schema import read_sheet, schema_from_rows


def _titled_workbook(path, title_rows, rows, merge_title=False):
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    r = 1
    for t in title_rows:
        if t is not None:
            ws.cell(r, 1, t)
            if merge_title and r == 1:
                ws.merge_cells(start_row=1, start_column=1, end_row=1, end_column=len(rows[0]))
        r += 1
    for row in rows:
        for j, v in enumerate(row, start=1):
            ws.cell(r, j, v)
        r += 1
    wb.save(path)
    return read_sheet(path)


ROWS = [["Claim No", "Holder", "Type", "Claimed", "Approved"],
        ["CL-1", "Ann", "Auto", 900, 600],
        ["CL-2", "Bo", "Home", 500, 500],
        ["CL-3", "Cy", "Auto", 700, 0]]


def test_a_title_and_a_note_over_the_header(tmp_path):
    s = _titled_workbook(tmp_path / "t.xlsx", ["Claims register", "Amounts in USD", None], ROWS)
    assert s.header_row == 4
    assert [c.header for c in s.columns] == ROWS[0]
    assert formula("total approved for Auto claims", sheet=s, method="rules").formula == \
        '=SUMIF(C5:C7,"Auto",E5:E7)'


def test_a_title_merged_across_and_a_label_only_total_row(tmp_path):
    rows = ROWS + [["合计"]]
    s = _titled_workbook(tmp_path / "m.xlsx", ["理赔登记表"], rows, merge_title=True)
    assert s.header_row == 2
    assert s.column("Claimed").last_row == 5  # the 合计 row is not data, numbers or not


def test_a_one_column_table_keeps_its_first_row_as_header():
    s = schema_from_rows([["Name"], ["Ann"], ["Bo"]])
    assert s.header_row == 1 and s.columns[0].header == "Name"


def test_numbers_that_label_rows_are_not_added_up():
    s = schema_from_rows([["Invoice", "Table", "Tip"], ["A-1", 12, 2.5], ["A-2", 10, 4.0], ["A-3", 12, 1.5]])
    assert identifier_named("add up the table numbers", "=SUM(B2:B4)", s)
    assert identifier_named("sum of the invoice numbers", "=SUM(C2:C4)", s)
    assert identifier_named("total of the tip numbers", "=SUM(C2:C4)", s) is None  # figures, not labels
    with pytest.raises(TaskError):
        formula("add up the table numbers", sheet=s, method="rules")


def test_counting_a_value_every_row_has_once_is_refused():
    s = schema_from_rows([["Nation", "Gold"], ["China", 3], ["Japan", 2], ["Korea", 1], ["India", 0],
                          ["Iran", 1]])
    assert count_of_a_unique_value('=COUNTIF(A2:A6,"Japan")', s)
    s2 = schema_from_rows([["Region", "Sales"], ["East", 3], ["West", 2], ["East", 1], ["North", 0],
                           ["South", 1]])
    assert count_of_a_unique_value('=COUNTIF(A2:A6,"East")', s2) is None


def test_a_rate_scoped_by_a_value_divides_by_that_value_s_rows():
    s = schema_from_rows([["Class", "Student", "Maths"], ["7A", "a", 50], ["7C", "b", 70], ["7C", "c", 40],
                          ["7A", "d", 90]])
    got = formula("share of 7C with maths of 60 or more", sheet=s, method="rules").formula
    assert got == '=COUNTIFS(A2:A5,"7C",C2:C5,">=60")/COUNTIF(A2:A5,"7C")'


def test_revenue_of_one_value_is_quantity_times_price():
    s = schema_from_rows([["订单号", "省份", "数量", "单价"], ["D1", "广东", 2, 10], ["D2", "浙江", 1, 5],
                          ["D3", "广东", 3, 4]])
    assert formula("广东一共卖了多少钱", sheet=s, method="rules").formula == \
        '=SUMPRODUCT((B2:B4="广东")*C2:C4*D2:D4)'


def test_a_year_column_named_by_two_digits_and_the_title_words():
    s = schema_from_rows([["分公司", 2022, 2023], ["华北", 5.0, 6.0], ["华东", 2.0, 1.5]],
                         extra=[((0, 1), [["各分公司营业收入（万元）"]])], origin=(2, 1))
    assert formula("23年合计", sheet=s, method="rules").formula == "=SUM(C3:C4)"
    assert formula("22年平均收入", sheet=s, method="rules").formula == "=AVERAGE(B3:B4)"


def test_how_many_rows_a_numbered_sheet_has():
    s = schema_from_rows([["Loan #", "Borrower", "Due"], [5200, "Ann", dt.date(2026, 1, 2)],
                          [5201, "Bo", dt.date(2026, 1, 3)]], sheet="Loans")
    assert formula("how many loans are recorded", sheet=s, method="rules").formula == "=COUNT(A2:A3)"


def test_how_many_hours_is_not_a_row_count():
    from o3local.tasks.formula.checks import count_of_a_measure

    s = schema_from_rows([["Task", "Actual Hours"], ["a", 4], ["b", 6]])
    assert count_of_a_measure("how many hours did we spend", "=COUNTA(A2:A3)", s)
    assert count_of_a_measure("how many tasks are there", "=COUNTA(A2:A3)", s) is None


def test_a_share_of_the_whole_amount_and_never_of_rows_when_the_whole_is_an_amount():
    s = schema_from_rows([["社团", "类别", "实际支出"], ["吉他社", "差旅费", 100], ["书法社", "餐费", 300],
                          ["吉他社", "餐费", 100]])
    assert formula("吉他社支出占总支出的百分比", sheet=s, method="rules").formula == \
        '=SUMIF(A2:A4,"吉他社",C2:C4)/SUM(C2:C4)'
    # 报销 is read as the one amount column (报销合计 = SUM of 实际支出): a share of the amount, never of rows
    assert formula("差旅费占总报销的比例", sheet=s, method="rules").formula == \
        '=SUMIF(B2:B4,"差旅费",C2:C4)/SUM(C2:C4)'


def test_lookups_with_possessives_and_household_words():
    s = schema_from_rows([["房号", "户主", "本月电表"], ["301", "姜红", 6557], ["302", "戚美珍", 4282]])
    assert formula("姜红家本月电表读数", sheet=s, method="rules").formula == \
        '=INDEX(C2:C3,MATCH("姜红",B2:B3,0))'
    g = schema_from_rows([["Name", "Plan", "Fee"], ["Chloe Nguyen", "Student", 20], ["Al Roe", "Gold", 50]])
    assert formula("Chloe Nguyen's membership type?", sheet=g, method="rules").formula == \
        '=INDEX(B2:B3,MATCH("Chloe Nguyen",A2:A3,0))'


def test_a_rounding_clause_wraps_the_one_cell_number():
    s = schema_from_rows([["Member ID", "Name", "Visits", "Tip"], ["M1", "Ann", 3, 1.255], ["M2", "Bo", 4, 2.5],
                          ["M3", "Cy", 4, 0.75]])
    assert formula("average visits per member, rounded to 1 decimal", sheet=s, method="rules").formula == \
        "=ROUND(AVERAGE(C2:C4),1)"
    assert formula("avg tip, round to cents", sheet=s, method="rules").formula == "=ROUND(AVERAGE(D2:D4),2)"
    assert formula("total visits, no decimals", sheet=s, method="rules").formula == "=ROUND(SUM(C2:C4),0)"
    with pytest.raises(TaskError):
        formula("average visits per month", sheet=s, method="rules")  # a month is not a row here


def test_money_per_ticket_is_not_the_average_amount():
    from o3local.tasks.formula.checks import per_unit_ignored

    s = schema_from_rows([["单号", "金额", "发票张数"], ["B1", 300, 3], ["B2", 100, 1]])
    assert per_unit_ignored("平均一张票多少钱", "=AVERAGE(B2:B3)", s)
    assert per_unit_ignored("平均一张票多少钱", "=SUM(B2:B3)/SUM(C2:C3)", s) is None
    assert formula("票据总张数", sheet=s, method="rules").formula == "=SUM(C2:C3)"
