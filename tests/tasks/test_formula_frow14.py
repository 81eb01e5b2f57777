"""Per-row requests (h/frow14): two text columns joined with a separator said in the words people
type — a separator written between the column names ('品类-品名拼一起', a quoted form "工号-名字"),
one added in between ('中间加-', 'with a / in between'), a dash word (横杠, 'joined with a dash'),
and '名字' / 'name' for the sheet's names column.  Small workbooks of our own."""

from __future__ import annotations

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _staff():
    """A massage shop's tickets: staff number and name (the names column is 技师)."""
    return schema_from_rows([["单号", "技师工号", "技师", "项目", "钟数"], ["D01", "T07", "小芳", "足疗套餐", 2],
                             ["D02", "T12", "阿杰", "中式推拿", 1], ["D03", "T07", "小芳", "足疗套餐", 1],
                             ["D04", "T15", "王小龙", "中式推拿", 1]], sheet="钟单")


def _menu():
    return schema_from_rows([["日期", "品类", "品名", "金额"], ["12-01", "面点", "肉包", 12],
                             ["12-01", "饮品", "豆浆", 5], ["12-02", "面点", "花卷", 8]], sheet="流水")


def _jobs():
    return schema_from_rows([["Job", "Client", "Sign type", "Quote"], ["J560", "Nails by Jo", "Banner", 120],
                             ["J561", "Acme Ltd", "Board", 300], ["J562", "Bob's Cafe", "Banner", 90]], sheet="Jobs")


def _crew():
    return schema_from_rows([["Staff ID", "Name", "Team", "Hours"], ["S01", "Ann Lee", "Red", 7],
                             ["S02", "Raj Pal", "Blue", 8], ["S03", "Tom Ng", "Red", 6]], sheet="Crew")


@pytest.mark.parametrize("said", ["把工号跟名字拼一起，中间加-", "工号和技师用横杠连起来", "技师显示成“工号-名字”",
                                  "每单把工号-技师拼一起放F列", "工号和名字合成一列，中间用-隔开"])
def test_staff_number_and_name_joined_by_a_dash(said):
    r = formula(said, _staff(), "F2", method="rules")
    assert r.formula == '=B2&"-"&C2' and r.value == "T07-小芳"


@pytest.mark.parametrize("said", ["品类和品名合成一列，中间用-连起来", "把品类-品名拼一起", "品类/品名拼到一起",
                                  "品类跟品名连一起，中间加个/"])
def test_category_and_item_joined(said):
    r = formula(said, _menu(), "E2", method="rules")
    sep = "/" if "/" in said else "-"
    assert r.formula == f'=B2&"{sep}"&C2' and r.value == f"面点{sep}肉包"


@pytest.mark.parametrize(("said", "sep"), [("job and client joined with a dash", " - "),
                                           ("combine Job and Client with a / in between", "/"),
                                           ("Job - Client joined in a new column", "-"),
                                           ("merge job and client, separated by a |", "|")])
def test_job_and_client_joined(said, sep):
    r = formula(said, _jobs(), "F2", method="rules")
    assert r.formula == f'=A2&"{sep}"&B2' and r.value == f"J560{sep}Nails by Jo"


@pytest.mark.parametrize("said", ["staff id and name joined with a hyphen", "join the staff id and the name with a - in between"])
def test_name_is_the_names_column(said):
    r = formula(said, _crew(), "E2", method="rules")
    assert r.formula == '=A2&"-"&B2' and r.value == "S01-Ann Lee"


def test_an_example_that_disagrees_is_refused():
    with pytest.raises(TaskError):
        formula("技师显示成“工号-名字”，比如T07/小芳", _staff(), "F2", method="rules")


def _orders():
    return schema_from_rows([["Order", "Customer", "Qty", "Amount"], ["A1", "Kim", 120, 640.0],
                             ["A2", "Lee", 30, 95.5], ["A3", "Ng", 100, 500.0], ["A4", "Ola", 8, 40.0]], sheet="Orders")


@pytest.mark.parametrize(("said", "at", "want"), [
    ("I need a formula that says High when the amount is 500 or more, otherwise Low", "E2", "=IF(D2>=500,\"High\",\"Low\")"),
    ("a column that shows High if amount is at least 500, else Low", "E3", "=IF(D3>=500,\"High\",\"Low\")"),
    ("need a formula that gives Big if the amount is more than 100, otherwise Small", "E5", "=IF(D5>100,\"Big\",\"Small\")"),
])
def test_a_label_introduced_by_a_verb_is_the_label_alone(said, at, want):
    r = formula(said, _orders(), at, method="rules")
    assert r.formula == want
    assert r.value in ("High", "Low", "Big", "Small")
