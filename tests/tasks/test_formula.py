"""Formula generation, checking, repair and completion on real workbooks."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys

import openpyxl
import pytest

import o3local
from o3local.errors import DataError, TaskError, UsageError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import bounded, evaluate
from o3local.tasks.formula.grammar import formula_grammar, intent_pattern
from o3local.tasks.formula.intent import Condition, Intent, compile_intent
from o3local.tasks.formula.repair import repair
from o3local.tasks.formula.schema import read_sheet
from o3local.tasks.formula.syntax import is_valid, normalize

ROWS = [
    ["Region", "Product", "Amount", "Date", "Units"],
    ["East", "Widget", 100.0, dt.date(2024, 1, 5), 3],
    ["West", "Gadget", 50.0, dt.date(2024, 2, 10), 1],
    ["East", "Gadget", 25.5, dt.date(2024, 3, 15), 4],
    ["North", "Widget", 80.0, dt.date(2024, 4, 20), 2],
]


@pytest.fixture()
def book(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sales"
    for row in ROWS:
        ws.append(row)
    path = tmp_path / "sales.xlsx"
    wb.save(path)
    return path


def test_schema_reads_headers_types_and_range(book):
    s = read_sheet(book)
    assert [(c.letter, c.header, c.type) for c in s.columns] == [
        ("A", "Region", "text"), ("B", "Product", "text"), ("C", "Amount", "number"),
        ("D", "Date", "date"), ("E", "Units", "number")]
    assert s.column("Amount").range == "C2:C5" and s.sheet == "Sales"
    assert "C 'Amount' (number, rows 2-5): 100, 50, 25.5" in s.describe()


@pytest.mark.parametrize(
    "request_text, expected_formula, expected_value",
    [
        ("sum of Amount where Region is East", '=SUMIF(A2:A5,"East",C2:C5)', 125.5),
        ("东区的金额合计", '=SUMIF(A2:A5,"East",C2:C5)', 125.5),
        ("how many rows are Widget", '=COUNTIF(B2:B5,"Widget")', 2),
        ("average amount for East orders with at least 3 units",
         '=AVERAGEIFS(C2:C5,A2:A5,"East",E2:E5,">=3")', 62.75),
        ("total amount on or after 1 March 2024", '=SUMIF(D2:D5,">="&DATE(2024,3,1),C2:C5)', 105.5),
        ("最大的金额", "=MAX(C2:C5)", 100),
    ],
)
def test_requests_become_checked_formulas(book, request_text, expected_formula, expected_value):
    r = formula(request_text, sheet=book, method="rules")
    assert r.formula == expected_formula
    assert r.value == pytest.approx(expected_value)
    assert r.explanation and r.method == "rules"


def test_every_answer_is_evaluated_and_values_follow_the_data(book, tmp_path):
    first = formula("sum of Amount where Region is East", sheet=book, method="rules")
    wb = openpyxl.load_workbook(book)
    wb.active["C2"] = 1.0
    changed = tmp_path / "changed.xlsx"
    wb.save(changed)
    second = formula("sum of Amount where Region is East", sheet=changed, method="rules")
    assert first.formula == second.formula and second.value == pytest.approx(26.5)


def test_unanswerable_requests_are_refused_not_guessed(book):
    for req in ("make me a coffee", "sort the amounts and join them with dashes"):
        with pytest.raises(TaskError, match="cannot answer"):
            formula(req, sheet=book, method="rules")


def test_bad_input(book, tmp_path):
    with pytest.raises(TaskError):
        formula("  ", sheet=book)
    with pytest.raises(UsageError):
        formula("sum of Amount", sheet=None)
    with pytest.raises(UsageError):
        formula("sum of Amount", sheet=book, target_cell="not a cell")
    with pytest.raises(TaskError, match="circular"):
        formula("sum of Amount", sheet=book, target_cell="C3", method="rules")
    wb = openpyxl.Workbook()
    wb.active.append([1, 2, 3])
    wb.active.append([4, 5, 6])
    wb.save(tmp_path / "noheader.xlsx")
    with pytest.raises(DataError, match="no header row") as info:
        read_sheet(tmp_path / "noheader.xlsx")
    assert info.value.where.pointer == "/Sheet/A1"
    (tmp_path / "bad.xlsx").write_text("hello")
    with pytest.raises(DataError, match="not an .xlsx"):
        read_sheet(tmp_path / "bad.xlsx")


def test_intent_compiler_covers_conditions_and_lookup(book):
    s = read_sheet(book)
    lookup = Intent("lookup", "Amount", (Condition("Product", "=", "Gadget"),))
    assert compile_intent(lookup, s) == '=IFERROR(INDEX(C2:C5,MATCH("Gadget",B2:B5,0)),"not found")'
    assert evaluate(compile_intent(lookup, s), s).value == 50
    med = Intent("median", "Amount", (Condition("Region", "=", "East"),))
    assert evaluate(compile_intent(med, s), s).value == pytest.approx(62.75)
    starts = Intent("count", "", (Condition("Region", "starts_with", "N"),))
    assert compile_intent(starts, s) == '=COUNTIF(A2:A5,"N*")'
    with pytest.raises(TaskError, match="no column"):
        compile_intent(Intent("sum", "Price"), s)


def test_engine_bounds_whole_columns_and_reports_errors(book):
    s = read_sheet(book)
    assert bounded("=SUM(C:C)", s) == "=SUM(C$1:C$5)"
    assert evaluate("=SUM(C:C)", s).value == pytest.approx(255.5)
    assert evaluate("=1/0", s).error == "#DIV/0!"
    assert "unknown name" in evaluate("=Amount*2", s).error
    assert "another sheet" in evaluate("=SUM(Other!C2:C5)", s).error
    with pytest.raises(TaskError, match="does not parse"):
        evaluate("=SUM(C2:C5", s)


@pytest.mark.parametrize(
    "broken, fixed",
    [
        ("=SUM(A1:A3", "=SUM(A1:A3)"),
        ("=IF(A1>0,1,0))", "=IF(A1>0,1,0)"),
        ('=IF(B6="","",', '=IF(B6="","")'),
        ("=B2< =EDATE(TODAY(),-33)", "=B2<=EDATE(TODAY(),-33)"),
        ("=SUMPRODUCT(($A:$A=A2)*($B$B=B2))", "=SUMPRODUCT(($A:$A=A2)*($B:$B=B2))"),
        ('=IFERROR,IF(A1>1,1,""),"")', '=IFERROR(IF(A1>1,1,""),"")'),
    ],
)
def test_repair(broken, fixed):
    assert normalize(repair(broken)) == normalize(fixed)
    assert normalize(formula(broken, mode="repair").formula) == normalize(fixed)


def test_completion_closes_what_the_prefix_opened():
    r = formula('IF(AP16<=3,COUNTA(A1:A9),"<mask>', mode="complete", method="rules")
    assert r.formula == '=IF(AP16<=3,COUNTA(A1:A9),"")'
    with pytest.raises(TaskError):
        formula("VLOOKUP(<mask>", mode="complete", method="rules")


def test_syntax_check_rejects_unknown_functions_and_bad_arity():
    assert is_valid("=SUM(A1:A3)") and is_valid("=NA()")
    assert not is_valid("=SUMM(A1:A3)")
    assert not is_valid("=IF(A1)")
    assert not is_valid("=ABS(1,2)")
    assert not is_valid("=SUM((A1)B2)")


def test_grammars_only_allow_this_sheet(book):
    import regex

    s = read_sheet(book)
    viable, done = formula_grammar(s)
    assert viable("=SUMIF(A2:A5,") and viable("=SU") and done('=SUMIF(A2:A5,"East",C2:C5)')
    assert not viable("=SUMM(") and not viable("=SUM(Z2") and not viable("=SUM(A2))")
    assert not done("=SUM(A2:A5")
    pat = regex.compile(intent_pattern(s))
    good = ('{"operation": "sum", "value_column": "Amount", "conditions": [{"column": "Region", '
            '"op": "=", "value": "East"}], "round": null}')
    assert pat.fullmatch(good)
    assert json.loads(good)["operation"] == "sum"
    assert not pat.fullmatch(good.replace('"Amount"', '"Price"'))
    assert pat.fullmatch(good[:40], partial=True)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from o3local.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=120)


def test_cli_writes_a_workbook_with_the_formula(book, tmp_path):
    out = tmp_path / "out.xlsx"
    r = _cli("formula", "sum of Amount where Region is East", "--sheet", str(book), "--cell", "G2",
             "--write", str(out), "--method", "rules", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["formula"] == '=SUMIF(A2:A5,"East",C2:C5)' and doc["value"] == 125.5
    assert openpyxl.load_workbook(out).active["G2"].value == '=SUMIF(A2:A5,"East",C2:C5)'


def test_cli_refuses_to_overwrite_data_and_leaves_no_file(book, tmp_path):
    out = tmp_path / "out.xlsx"
    r = _cli("formula", "sum of Amount", "--sheet", str(book), "--cell", "A2", "--write", str(out),
             "--method", "rules")
    assert r.returncode == 1 and "already holds" in r.stderr and not out.exists()
    assert not list(tmp_path.glob(".out.xlsx.*"))
    r = _cli("formula", "sum of Amount", "--write", str(out))
    assert r.returncode == 2


def test_public_api():
    assert o3local.formula("=SUM(A1:A3", mode="repair").formula == "=SUM(A1:A3)"


def test_csv_like_rows_are_typed_like_a_spreadsheet_would():
    from o3local.tasks.formula.schema import schema_from_rows

    s = schema_from_rows([["Region", "Sales", "Date"], ["East", "120.5", "2024-01-05"],
                          ["West", "80", "2024-02-01"], ["East", "1,000", "2024-03-01"]])
    assert [c.type for c in s.columns] == ["text", "number", "date"]
    r = formula("sum of sales where region is East", sheet=s, method="rules")
    assert r.value == pytest.approx(1120.5)


def test_cli_target_option(book):
    r = _cli("formula", "list the Product where Region is East", "--sheet", str(book), "--method", "rules")
    assert r.returncode != 0 and "excel-365" in r.stderr  # FILTER: not every application has it
    r = _cli("formula", "list the Product where Region is East", "--sheet", str(book), "--method", "rules",
             "--target", "excel-365")
    assert r.returncode == 0 and r.stdout.startswith("=FILTER("), r.stderr
    r = _cli("formula", "sum of Amount", "--sheet", str(book), "--target", "lotus")
    assert r.returncode != 0 and "lotus" in r.stderr


def test_blank_and_not_blank_criteria_count_as_excel_does(tmp_path):
    # "<>" is "not blank" and "=" is "blank" in COUNTIF/SUMIF/…IFS (Excel, LibreOffice); the
    # engine used to count the blanks for "<>", so the value shown with the formula was wrong
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Job", "Collected", "Fee"])
    for job, collected, fee in [("J1", "2026-11-02", 40), ("J2", None, 55), ("J3", "2026-11-05", 30),
                                ("J4", None, 25), ("J5", "2026-11-07", 60)]:
        ws.append([job, collected, fee])
    path = tmp_path / "jobs.xlsx"
    wb.save(path)
    s = read_sheet(path)
    assert evaluate('=COUNTIF(B2:B6,"<>")', s).value == 3
    assert evaluate('=COUNTIFS(B2:B6,"<>",C2:C6,">35")', s).value == 2
    assert evaluate('=SUMIF(B2:B6,"=",C2:C6)', s).value == 80
    assert evaluate('=COUNTIF(A2:A6,"<>J2")', s).value == 4  # "<>" before a value is unchanged
