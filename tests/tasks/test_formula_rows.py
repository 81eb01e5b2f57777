"""Per-row family (issue 16 item 1): a target cell on a data row gets a formula that fills down."""

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def sheet():
    return schema_from_rows([["Rep", "Units", "Unit Price", "Sales", "Cost"],
                             ["Ann", 3, 10, 30, 20], ["Bo", 5, 4, 20, 5], ["Cy", 2, 50, 100, 60]])


def test_profit_column_fills_down(sheet):
    r = formula("profit for each row (sales minus cost)", sheet, "F3", method="rules")
    assert r.formula == "=D3-E3" and r.value == 15


def test_chinese_synonyms_and_percent(sheet):
    assert formula("数量乘以单价", sheet, "F2", method="rules").formula == "=B2*C2"
    assert formula("按销售额的3%计算提成", sheet, "F2", method="rules").formula == "=D2*0.03"
    assert formula("销售额加上13%的税", sheet, "F2", method="rules").formula == "=D2*1.13"


def test_running_total_and_rank(sheet):
    assert formula("running total of sales", sheet, "F3", method="rules").formula == "=SUM($D$2:D3)"
    assert formula("按销售额排名", sheet, "F2", method="rules").formula == "=RANK(D2,$D$2:$D$4)"


def test_unused_number_or_condition_is_refused(sheet):
    with pytest.raises(TaskError):  # "80" in a label request the reader cannot place
        formula('sales below 80 and 90 gets "Low", otherwise "OK"', sheet, "F2", method="rules")
    with pytest.raises(TaskError):  # circular: the target is inside what it reads
        formula("running total of sales", sheet, "D3", method="rules")
