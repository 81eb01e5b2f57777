"""Lookups into a workbook's other sheet (issue 16): a rates tab beside a log, read by
``read_sheet`` into ``SheetSchema.others`` and named ``Rates!B2:B4`` in the answer."""

from __future__ import annotations

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.lookups import qualify, sheet_prefix, without_sheet


def _book(path, main: str, rows, other: str, other_rows):
    import openpyxl

    from o3local.tasks.formula.schema import read_sheet

    wb = openpyxl.Workbook()
    wb.active.title = main
    for row in rows:
        wb.active.append(row)
    ws = wb.create_sheet(other)
    for row in other_rows:
        ws.append(row)
    wb.save(path)
    return read_sheet(path, main)


@pytest.fixture
def jobs(tmp_path):
    return _book(tmp_path / "jobs.xlsx", "Jobs",
                 [["Job", "Client", "Tier", "Days"],
                  ["J1", "Acme", "Gold", 2], ["J2", "Bolt", "Basic", 5],
                  ["J3", "Acme", "Silver", 1], ["J4", "Crane", "Gold", 3]],
                 "Tier Rates",
                 [["Tier", "Day Rate", "Setup Charge"], ["Basic", 300, 50], ["Silver", 450, 80],
                  ["Gold", 600, 120]])


def test_the_other_sheet_is_read_and_a_lookup_names_it(jobs):
    assert list(jobs.others) == ["Tier Rates"]
    got = formula("setup charge for the Silver tier", jobs, method="rules")
    assert got.formula == "=INDEX('Tier Rates'!C2:C4,MATCH(\"Silver\",'Tier Rates'!A2:A4,0))"
    assert got.value == 80
    assert "Setup Charge" in got.explanation


def test_a_per_row_lookup_reads_the_rate_of_each_rows_key(jobs):
    got = formula("day rate for each job from the Tier Rates tab", jobs, "E2", method="rules")
    assert got.formula == "=INDEX('Tier Rates'!$B$2:$B$4,MATCH(C2,'Tier Rates'!$A$2:$A$4,0))"
    assert got.value == 600
    times = formula("cost of each job = days x the day rate", jobs, "E3", method="rules")
    assert times.formula == "=D3*INDEX('Tier Rates'!$B$2:$B$4,MATCH(C3,'Tier Rates'!$A$2:$A$4,0))"
    assert times.value == 1500


def test_a_request_naming_one_value_is_no_per_row_lookup(jobs):
    got = formula("day rate of Gold", jobs, "E2", method="rules")  # one cell, though E2 is a row
    assert "C2" not in got.formula and got.value == 600


def test_a_column_of_this_sheet_not_multiplied_is_refused(jobs):
    with pytest.raises(TaskError):
        formula("day rate for each job divided by days", jobs, "E2", method="rules")


def test_a_chinese_sheet_name_needs_no_quotes(tmp_path):
    s = _book(tmp_path / "cang.xlsx", "流水", [["日期", "编码", "数量"], [1, "A1x", 3], [2, "B2x", 4]],
              "物料表", [["编码", "单位", "安全库存"], ["A1x", "箱", 10], ["B2x", "桶", 5]])
    got = formula("每条流水的单位，物料表里有", s, "D2", method="rules")
    assert got.formula == "=INDEX(物料表!$B$2:$B$3,MATCH(B2,物料表!$A$2:$A$3,0))"
    assert got.value == "箱"


def test_helpers():
    assert sheet_prefix("Plans") == "Plans!"
    assert sheet_prefix("Price List") == "'Price List'!"
    assert sheet_prefix("AB12") == "'AB12'!"
    assert qualify('=INDEX(C2:C5,MATCH("A1",A2:A5,0))', "Plans") == '=INDEX(Plans!C2:C5,MATCH("A1",Plans!A2:A5,0))'
    assert without_sheet("hourly rate from the Plans tab", "Plans") == "hourly rate"
    assert without_sheet("从价格表取零售价", "价格表") == "取零售价"


def test_the_price_column_the_row_names(tmp_path):
    """轿车用轿车价，SUV用SUV价: each value of 车型 names a column of the price list."""
    s = _book(tmp_path / "wash.xlsx", "记录",
              [["日期", "项目", "车型"], [1, "洗车", "轿车"], [2, "打蜡", "SUV"], [3, "洗车", "SUV"]],
              "价目表", [["项目", "轿车价", "SUV价"], ["洗车", 30, 40], ["打蜡", 150, 180]])
    got = formula("按车型从价目表取价格", s, "D2", method="rules")
    assert got.formula == ('=INDEX(价目表!$B$2:$C$3,MATCH(B2,价目表!$A$2:$A$3,0),'
                           'MATCH(C2&"价",价目表!$B$1:$C$1,0))')
    assert got.value == 30
    assert formula("按车型从价目表取价格", s, "D3", method="rules").value == 180


def _sheet(rows):
    from o3local.tasks.formula.schema import schema_from_rows

    return schema_from_rows(rows, "Log")


def test_whose_contact_is_the_contact_column():
    s = _sheet([["Pet", "Owner", "Phone", "Fee"], ["Rex", "Ann Cole", "0711", 40],
                ["Tom", "Bo Dunn", "0722", 55], ["Kit", "Cy Hale", "0733", 35]])
    assert formula("tom's owner - number?", s, method="rules").formula == '=INDEX(C2:C4,MATCH("Tom",A2:A4,0))'
    assert formula("tom's owner", s, method="rules").value == "Bo Dunn"


def test_which_noun_names_the_column_whose_header_holds_it():
    s = _sheet([["养殖场", "负责人", "出栏"], ["东场", "王一", 120], ["西场", "李二", 340], ["南场", "张三", 90]])
    assert formula("哪个场出栏最多", s, method="rules").value == "西场"
    assert formula("出栏最少的是哪个场", s, method="rules").value == "南场"


def test_a_verb_and_the_thing_measured_are_let_go_but_not_a_condition():
    s = _sheet([["Field", "Crop", "Tonnes"], ["North", "Wheat", 12], ["South", "Barley", 30],
                ["East", "Wheat", 18]])
    got = formula("which field yielded the most tonnes", s, method="rules")
    assert got.formula == "=INDEX(A2:A4,MATCH(MAX(C2:C4),C2:C4,0))" and got.value == "South"
    with pytest.raises(TaskError):
        formula("which field gave the most tonnes except wheat", s, method="rules")
    with pytest.raises(TaskError):
        formula("which crop gave the most tonnes", s, method="rules")  # Wheat twice: a total per crop?


def test_a_column_named_by_the_start_of_its_header_and_of_the_row_with():
    s = _sheet([["日期", "物料名称", "金额"], [1, "钢筋", 300], [2, "水泥", 900], [3, "砂石", 450]])
    assert formula("金额最大的是哪个物料", s, method="rules").formula == "=INDEX(B2:B4,MATCH(MAX(C2:C4),C2:C4,0))"
    t = _sheet([["Plate", "Model", "Km"], ["AB1", "Polo", 800], ["CD2", "Golf", 1200], ["EF3", "Polo", 300]])
    assert formula("plate of the vehicle with the highest km", t, method="rules").value == "CD2"


def test_how_much_is_an_item_is_its_price():
    s = _sheet([["Item", "Unit Price", "Stock"], ["Desk", 250, 4], ["Lamp", 35, 10], ["Chair", 90, 6]])
    assert formula("how much is a lamp", s, method="rules").formula == '=INDEX(B2:B4,MATCH("Lamp",A2:A4,0))'
    z = _sheet([["名称", "单价", "库存"], ["木方", 1850, 3], ["钢管", 60, 40]])
    assert formula("木方多少钱一方", z, method="rules").value == 1850


def test_when_did_a_value_do_something_is_the_one_date_of_its_row():
    s = _sheet([["Member", "Plan", "Joined"], ["Ann Cole", "Gold", "2025-03-01"], ["Bo Dunn", "Basic", "2025-05-20"]])
    assert formula("when did Bo Dunn sign up", s, method="rules").formula == '=INDEX(C2:C3,MATCH("Bo Dunn",A2:A3,0))'



def test_a_rows_cost_is_not_the_other_sheets_hourly_rate(tmp_path):
    # an order costs its hours times the helper's hourly rate: the rate alone is no answer
    s = _book(tmp_path / "jz.xlsx", "派单",
              [["单号", "阿姨", "工时"], ["P1", "王姐", 3], ["P2", "李姐", 4], ["P3", "王姐", 2]],
              "名单", [["阿姨", "电话", "时薪"], ["王姐", "13800000001", 35], ["李姐", "13800000002", 45]])
    try:
        got = formula("算一下每单多少钱（时薪在名单里）", s, "D2", method="rules")
    except TaskError:
        return
    assert "C2*" in got.formula, got.formula
