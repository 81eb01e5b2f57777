"""Checks that refuse a formula answering another question (issue 16 item 5)."""

import datetime as dt

import pytest

from o3local.errors import TaskError, UsageError
from o3local.tasks.formula import formula
from o3local.tasks.formula.checks import (
    header_reference,
    identifier_sum,
    month_ignored,
    number_ignored,
)
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def ledger():
    return schema_from_rows([
        ["Invoice ID", "Booked", "Client", "Net"],
        [5001, dt.date(2025, 4, 3), "Ames", 120.0],
        [5002, dt.date(2025, 5, 8), "Bell", 80.0],
        [5003, dt.date(2025, 4, 21), "Ames", 40.0],
    ])


def test_each_check_names_what_is_wrong(ledger):
    assert "header cell D1" in header_reference("=SUM(D1:D4)", ledger)
    assert header_reference("=SUM(D2:D4)", ledger) is None
    assert "Invoice ID" in identifier_sum("=SUM(A2:A4)", ledger)
    assert identifier_sum("=SUMIF(C2:C4,\"Ames\",D2:D4)", ledger) is None
    assert identifier_sum("=COUNT(A2:A4)", ledger) is None  # counting IDs is fine
    assert "april" in month_ignored("net total for april", "=SUM(D2:D4)", ledger)
    assert month_ignored("net total for april", '=SUMIFS(D2:D4,B2:B4,">="&DATE(2025,4,1))', ledger) is None
    assert "70" in number_ignored("count nets above 70", "=COUNT(D2:D4)")
    assert number_ignored("count nets above 70", '=COUNTIF(D2:D4,">70")') is None
    assert number_ignored("share at 5%", "=D2*0.05") is None


def test_generated_answers_pass_the_checks_or_are_refused(ledger):
    with pytest.raises(TaskError):
        formula("total invoice id", ledger, method="rules")
    assert formula("net total for april", ledger, method="rules").value == 160
    assert formula("total net", ledger, method="rules").value == 240


def test_the_default_target_refuses_functions_some_applications_lack():
    s = schema_from_rows([["Customer", "City", "Amount"], ["Acme", "Paris", 120.0],
                          ["Bolt", "Berlin", 80.5], ["Core", "Paris", 200.0]])
    with pytest.raises(TaskError, match="FILTER") as info:
        formula("list the customers in Paris", s, method="rules")
    assert info.value.code == "task.target"
    assert formula("list the customers in Paris", s, method="rules", target="excel-365").value == ["Acme", "Core"]
    with pytest.raises(TaskError, match="MAXIFS"):
        formula("highest amount in Paris", s, method="rules", target="excel-2016")
    assert formula("highest amount in Paris", s, method="rules").value == 200
    # a function the request names is the user's choice
    assert formula("Amount of Core using XLOOKUP", s, method="rules").formula.startswith("=XLOOKUP(")
    with pytest.raises(UsageError):
        formula("total amount", s, method="rules", target="lotus-123")


def test_values_and_the_asked_row_are_not_dropped():
    s = schema_from_rows([["区域", "商品", "单价"], ["华东", "纸", 5.0], ["华南", "笔", 12.0], ["华北", "夹", 3.0]])
    from o3local.tasks.formula.checks import (
        contradictory_criteria,
        extreme_without_its_row,
        value_ignored,
    )

    assert "both" in contradictory_criteria('=SUMIFS(C2:C4,A2:A4,"华东",A2:A4,"华南")')
    assert contradictory_criteria('=SUMIFS(C2:C4,A2:A4,"华东",B2:B4,"笔")') is None
    assert "华南" in value_ignored("华东和华南的单价合计", '=SUMIF(A2:A4,"华东",C2:C4)', s)
    assert "商品" in extreme_without_its_row("单价最高的商品", "=MAX(C2:C4)", s)
    r = formula("华东和华南的单价合计", s, method="rules")  # two regions: both totals, added
    assert "华东" in r.formula and "华南" in r.formula and r.value == 17
    assert formula("单价最高的商品", s, method="rules").value == "笔"


def test_the_users_own_range_and_number_lists_are_not_flagged():
    s = schema_from_rows([["Region", "Sales"], ["East", 10], ["West", 20], ["North", 30]])
    assert header_reference("=INDEX(A1:B4,2,2)", s, "value in row 2, column 2 of the table A1:B4") is None
    assert number_ignored("position of 100 in 0,50,100,150", "=MATCH(100,{0,50,100,150},1)") is None
    assert number_ignored("format 1234.5 with 2 decimals", '=TEXT(1234.5,"0.00")') is None


def test_how_many_of_a_repeating_column_is_not_a_row_count():
    s = schema_from_rows([["Dept", "Name"], ["IT", "A"], ["IT", "B"], ["HR", "C"]])
    from o3local.tasks.formula.checks import count_of_repeated_values

    assert "Dept" in count_of_repeated_values("how many depts", "=COUNTA(A2:A4)", s)
    assert count_of_repeated_values("how many names", "=COUNTA(B2:B4)", s) is None  # unique
    r = formula("how many depts", s, method="rules")  # the departments, never the rows
    assert r.formula == "=SUMPRODUCT(1/COUNTIF(A2:A4,A2:A4))" and r.value == pytest.approx(2)
