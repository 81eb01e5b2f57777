"""Checks that refuse a formula answering another question (issue 16 item 5)."""

import datetime as dt

import pytest

from o3local.errors import TaskError
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
