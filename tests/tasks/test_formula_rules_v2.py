"""The model-free formula reader beyond aggregates: rows, lookups, logic, text, dates, arrays.

Each request is answered on a real .xlsx written here, and the value the
answer computes on that sheet is what is checked (the exact formula text is
free).  Requests the rules cannot account for are refused, never guessed.  These tests
exercise the reader's whole function set, so they ask for target excel-365
(the default target refuses dynamic-array answers: tests/tasks/test_formula_checks.py).
"""

from __future__ import annotations

import datetime as dt
import re

import openpyxl
import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate, references
from o3local.tasks.formula.schema import read_sheet, schema_from_rows

ORDERS = [
    ["Customer", "City", "Amount", "Qty", "Ordered"],
    ["Acme", "Paris", 120.0, 3, dt.date(2024, 1, 10)],
    ["Bolt", "Berlin", 80.5, 1, dt.date(2024, 2, 14)],
    ["Core", "Paris", 200.0, 5, dt.date(2024, 3, 1)],
    ["Dyna", "Rome", 45.25, 2, dt.date(2024, 3, 20)],
    ["Echo", "Berlin", 150.0, 4, dt.date(2024, 4, 5)],
    ["Flux", "Rome", 99.0, 6, dt.date(2024, 5, 31)],
]
TOWNS = [["Town", "Country"], ["Paris", "France"], ["Berlin", "Germany"], ["Rome", "Italy"]]


def write_sheet(path, title, *tables):
    """Save a one-sheet workbook; each table is (rows, first column number)."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = title
    for rows, first_col in tables:
        for r, row in enumerate(rows, start=1):
            for c, v in enumerate(row, start=first_col):
                ws.cell(row=r, column=c, value=v)
    wb.save(path)
    return path


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    # G1:H4 holds a second table on the sheet
    return write_sheet(tmp_path_factory.mktemp("orders") / "orders.xlsx", "Orders",
                       (ORDERS, 1), (TOWNS, 7))


CASES = [
    # rows
    ("the second row's customer", "Bolt"),
    ("第三行的城市", "Paris"),
    # lookups, in the table and in the second table
    ("Amount of Core", 200),
    ("Core 的金额", 200),
    ("Country of the first row's city", "France"),
    ("第一行城市对应的国家", "France"),
    ("Customer with the highest amount", "Core"),
    ("金额最高的客户", "Core"),
    # rounding, statistics
    ("average amount rounded to 1 decimal", 115.8),
    ("金额的平均值，保留1位小数", 115.8),
    ("second largest amount", 150),
    ("金额第二大的值", 150),
    ("median qty", 3.5),
    ("round 2.341 up to 1 decimal", 2.4),
    # text
    ("the first customer in upper case", "ACME"),
    ("把第一个客户转成大写", "ACME"),
    ("join all cities with a comma", "Paris,Berlin,Paris,Rome,Berlin,Rome"),
    # logic
    ('If the first row\'s amount is above 100 show "big", otherwise "small"', "big"),
    ("如果第二行的金额大于100显示“高”，否则显示“低”", "低"),
    ("10 divided by 0, or 0 if it errors", 0),
    # dates
    ("month of the latest Ordered date", 5),
    ("Days between the first and last Ordered dates", (dt.date(2024, 5, 31) - dt.date(2024, 1, 10)).days),
    # dynamic arrays (FILTER/UNIQUE/SORT by the engine, SEQUENCE by o3-local's own evaluator)
    ("unique cities", ["Paris", "Berlin", "Rome"]),
    ("不重复的城市", ["Paris", "Berlin", "Rome"]),
    ("amounts sorted from highest to lowest", [200, 150, 120, 99, 80.5, 45.25]),
    ("list the customers in Rome", ["Dyna", "Flux"]),
    ("列出 Rome 的客户", ["Dyna", "Flux"]),
    ("how many distinct cities are there?", 3),
    ("a sequence of numbers 1 to 4", [1, 2, 3, 4]),
    # arithmetic over columns, aggregates with conditions (the older reader's ground)
    ("total of amount times qty", 2725),
    ("sum of amount where city is Paris", 320),
]


def _same(got, want):
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(map(_same, got, want))
    if isinstance(want, (int, float)):
        return isinstance(got, (int, float)) and got == pytest.approx(want)
    return got == want


@pytest.mark.parametrize("request_text, expected", CASES)
def test_request_computes_the_right_value_on_a_real_workbook(book, request_text, expected):
    r = formula(request_text, sheet=book, method="rules", target="excel-365")
    assert _same(r.value, expected), (r.formula, r.value)
    assert r.method == "rules" and r.explanation
    # the answer is re-evaluated on the sheet, and only names columns the sheet has
    s = read_sheet(book)
    assert _same(evaluate(r.formula, s).value, expected)
    letters = {c.letter for c in s.columns}
    for ref in references(r.formula):
        assert set(re.findall(r"[A-Z]{1,3}", ref)) <= letters, (r.formula, ref)


def test_answers_follow_the_data_not_the_sample(book, tmp_path):
    wb = openpyxl.load_workbook(book)
    wb.active["C2"] = 500.0  # Acme now has the highest amount
    changed = tmp_path / "changed.xlsx"
    wb.save(changed)
    assert formula("Customer with the highest amount", sheet=changed, method="rules", target="excel-365").value == "Acme"
    assert formula("金额最高的客户", sheet=changed, method="rules", target="excel-365").value == "Acme"


def test_a_named_function_is_used_or_the_request_is_refused(book):
    r = formula("Amount of Core via INDEX/MATCH", sheet=book, method="rules", target="excel-365")
    assert "INDEX(" in r.formula and "MATCH(" in r.formula and r.value == 200
    r = formula("look up the Qty of Core with VLOOKUP", sheet=book, method="rules", target="excel-365")
    assert r.formula.startswith("=VLOOKUP(") and r.value == 5
    r = formula("Core 的金额（用 XLOOKUP）", sheet=book, method="rules", target="excel-365")
    assert r.formula.startswith("=XLOOKUP(") and r.value == 200
    with pytest.raises(TaskError, match="cannot answer"):
        formula("average amount using VLOOKUP", sheet=book, method="rules", target="excel-365")


@pytest.mark.parametrize("request_text", [
    "make me a coffee",
    "the biggest city",             # no largest of a text column
    "the tenth row's amount",       # the table has six rows
    "amount of the customer Zed",   # not on the sheet, and no fallback asked for
    "sales per unit per month",
    "金额不是Paris的合计",
    "Paris amount",                 # the total or the list? not guessed
    "Paris的金额",
    "amount minus qty",             # a column of per-row results, not one answer
])
def test_unreadable_requests_are_refused_with_a_clear_error(book, request_text):
    with pytest.raises(TaskError, match="cannot answer") as info:
        formula(request_text, sheet=book, method="rules", target="excel-365")
    assert info.value.code == "task.unanswerable"


@pytest.mark.parametrize("request_text", [
    "average salary", "total price where city is Paris", "第一行的部门", "the first row's discount",
    "员工人数最多的部门",
])
def test_a_formula_naming_a_missing_column_is_never_produced(book, request_text):
    with pytest.raises(TaskError):
        formula(request_text, sheet=book, method="rules", target="excel-365")


def test_engine_fills_the_gaps_it_has():
    s = schema_from_rows([["Text", "Day"], ["  x   y ", "2024-01-05"], ["z", "2024-03-01"]])
    assert evaluate("=SEQUENCE(3)", s).value == [1, 2, 3]
    assert evaluate("=SEQUENCE(2,2,10,5)", s).value == [10, 15, 20, 25]
    assert evaluate("=SUM(SEQUENCE(4))", s).value == 10
    assert evaluate("=SEQUENCE(0)", s).error is not None  # an error, never a made-up value
    assert evaluate('=DATEDIF(B2,B3,"d")', s).value == 56  # units are read case-insensitively
    assert evaluate('=DATEDIF(B3,B2,"d")', s).error == "#NUM!"
    assert evaluate("=TRIM(A2)", s).value == "x y"  # inner runs collapse, as in Excel


# ---------------------------------------------------------------- a fresh staff sheet

STAFF = [
    ["Name", "Department", "Salary", "Start date", "City"],
    ["Ann", "IT", 52300, dt.date(2019, 4, 1), "Paris"],
    ["Bob", "Finance", 61000, dt.date(2021, 6, 15), "Berlin"],
    ["Cy", "IT", 48750, dt.date(2017, 9, 10), "Berlin"],
    ["Dee", "Finance", 58200, dt.date(2020, 2, 3), "Paris"],
    ["Eve", "Sales", 45500, dt.date(2022, 11, 21), "Berlin"],
]


@pytest.fixture(scope="module")
def staff(tmp_path_factory):
    return write_sheet(tmp_path_factory.mktemp("staff") / "staff.xlsx", "Staff", (STAFF, 1))


STAFF_CASES = [
    # several conditions joined by "staff in", "and", "with"
    ("total salary of Finance staff in Paris", 58200),
    ("number of IT staff in Berlin", 1),
    ("count of IT staff with salary over 50000", 1),
    ("Paris的Finance员工工资合计", 58200),
    # counting people "in"/"from" a value
    ("how many people work in Berlin", 3),
    ("average salary of people from Paris", (52300 + 58200) / 2),
    ("Berlin有几个人", 3),
    # dates: before / after / since / a whole year
    ("number of employees who started before 2020-01-01", 2),
    ("how many started after 2020-01-01", 3),
    ("how many employees joined since 2020-02-03", 3),
    ("how many people started in 2021", 1),
    # lists, rounding to places, top-N, who has the extreme
    ("list the names of IT staff", ["Ann", "Cy"]),
    ("show the salaries of Berlin staff", [61000, 48750, 45500]),
    ("salary of Ann rounded to thousands", 52000),
    ("total salary rounded to hundreds", 265800),
    ("sum of the top 3 salaries", 61000 + 58200 + 52300),
    ("who has the highest salary", "Bob"),
    ("who has the lowest salary", "Eve"),
    ("who started earliest", "Cy"),
    ("工资最高的是谁", "Bob"),
    ("谁的工资最低", "Eve"),
    ("工资在50000到60000之间的有几个", 2),
    ("工资合计四舍五入到千位", 266000),
    ("工资前三名的总和", 61000 + 58200 + 52300),
    # value plurals, "does X have", top-N lists, "who <verb>s", months, the latest date of a value
    ("how many Finance staff are there", 2),
    ("top 2 salaries", [61000, 58200]),
    ("latest start date in Berlin", 44886),  # 2022-11-21 as a serial number
    ("how many people started in June 2021", 1),
    ("2021年6月入职的有几个", 1),
    ("Cy最近一次的Start date", 42988),  # 2017-09-10
    ("who started most recently", "Eve"),
    ("the 2 lowest salaries", [45500, 48750]),
    ("the 2nd highest salary", 58200),
    # the extreme row among the rows meeting a condition (not a row outside them)
    ("who has the highest salary in Berlin", "Bob"),
    ("who has the lowest salary among IT staff", "Cy"),
    ("Paris工资最高的是谁", "Dee"),
    ("how much does Bob earn", 61000),
]


@pytest.mark.parametrize("request_text, expected", STAFF_CASES)
def test_staff_requests_compute_the_right_value(staff, request_text, expected):
    r = formula(request_text, sheet=staff, method="rules", target="excel-365")
    assert _same(r.value, expected), (r.formula, r.value)
    s = read_sheet(staff)
    letters = {c.letter for c in s.columns}
    for ref in references(r.formula):
        assert set(re.findall(r"[A-Z]{1,3}", ref)) <= letters, (r.formula, ref)


@pytest.mark.parametrize("request_text, column", [
    ("median salary by department", "Department"),
    ("average salary per city", "City"),
    ("total salary for each department", "Department"),
    ("每个部门的平均工资", "Department"),
    ("各城市的工资合计", "City"),
    ("按部门统计平均工资", "Department"),
])
def test_a_group_by_request_is_refused_not_collapsed(staff, request_text, column):
    with pytest.raises(TaskError, match=f"one result per {column}") as info:
        formula(request_text, sheet=staff, method="rules", target="excel-365")
    assert info.value.code == "task.group_by"


def test_sorting_by_a_column_is_not_grouping(staff):
    # a column followed by one of its values is a condition
    assert formula("total salary filtered by department IT", sheet=staff, method="rules", target="excel-365").value == 101050
    r = formula("salaries sorted descending", sheet=staff, method="rules", target="excel-365")
    assert r.value == [61000, 58200, 52300, 48750, 45500]
    # "平均每个<row noun>" is the average over rows, not a group-by
    assert formula("平均每个员工多少工资", sheet=staff, method="rules", target="excel-365").value == pytest.approx(53150)


@pytest.mark.parametrize("request_text", [
    "average age of the staff", "total bonus of IT staff", "员工的平均年龄", "how many people in Tokyo",
])
def test_staff_requests_naming_what_the_sheet_lacks_are_refused(staff, request_text):
    with pytest.raises(TaskError):
        formula(request_text, sheet=staff, method="rules", target="excel-365")


def test_a_chinese_sheet_name_is_its_row_noun_and_passives_are_conditions(tmp_path):
    rows = [["申请人", "类别", "金额", "日期", "审批"],
            ["周杰", "差旅", 1280, dt.date(2024, 4, 4), "通过"],
            ["吴芳", "餐饮", 356, dt.date(2024, 4, 11), "驳回"],
            ["郑明", "差旅", 2460, dt.date(2024, 5, 18), "通过"]]
    path = write_sheet(tmp_path / "expenses.xlsx", "报销", (rows, 1))
    assert formula("金额超过1000的报销有几笔", sheet=path, method="rules", target="excel-365").value == 2
    assert formula("列出被驳回的申请人", sheet=path, method="rules", target="excel-365").value == "吴芳"
    assert formula("周杰报销了几次", sheet=path, method="rules", target="excel-365").value == 1
    assert formula("4月份的金额合计", sheet=path, method="rules", target="excel-365").value == 1280 + 356
    assert formula("how many records after April 10", sheet=path, method="rules", target="excel-365").value == 2
    assert formula("total 金额 in May", sheet=path, method="rules", target="excel-365").value == 2460
    with pytest.raises(TaskError, match="one result per"):
        formula("按类别汇总金额", sheet=path, method="rules", target="excel-365")


def test_a_total_is_compared_only_when_the_request_asks_whether(staff):
    """"sum of salaries above 50000" filters salaries; it must not become SUM(...)>50000."""
    r = formula("sum of salaries above 50000", sheet=staff, method="rules", target="excel-365")
    assert r.value == 52300 + 61000 + 58200 and ">50000" in r.formula
    r = formula("is the total salary above 200000", sheet=staff, method="rules", target="excel-365")
    assert r.formula == "=SUM(C2:C6)>200000" and r.value is True
    assert formula("total salary exceeds 300000", sheet=staff, method="rules", target="excel-365").value is False


def test_over_is_a_threshold_not_a_division(staff):
    r = formula("average salary over 50000", sheet=staff, method="rules", target="excel-365")
    assert r.value == pytest.approx((52300 + 61000 + 58200) / 3)
    assert "/" not in r.formula


def test_a_lookup_defaults_to_index_match_which_every_target_computes():
    """XLOOKUP shows #NAME? in Excel 2016 and LibreOffice 7 (issue 16 item 6)."""
    s = schema_from_rows([["Customer", "City", "Amount"], ["Acme", "Paris", 120.0],
                          ["Bolt", "Berlin", 80.5], ["Core", "Paris", 200.0]])
    r = formula("Amount of Bolt", sheet=s, method="rules", target="excel-365")
    assert r.formula == '=INDEX(C2:C4,MATCH("Bolt",A2:A4,0))' and r.value == 80.5
    r = formula('Amount of Bolt, or "none" if not found', sheet=s, method="rules", target="excel-365")
    assert r.formula == '=IFERROR(INDEX(C2:C4,MATCH("Bolt",A2:A4,0)),"none")' and r.value == 80.5
    assert "XLOOKUP" not in formula("Customer of the largest amount", sheet=s, method="rules", target="excel-365").formula
