"""Per-row text made of a column and a constant, or of a form the user writes out (rowconcat), and
joins with a word or brackets between (rowtext._join).  Each ask is written the ways different
people type it; the near misses are refused.  These workbooks are our own."""

from __future__ import annotations

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _lots():
    rows = [["Lot", "Plant", "Grower", "Trays", "Price each"]]
    for i, (p, g) in enumerate([("Basil", "North"), ("Thyme", "Ridge"), ("Sage", "North"), ("Mint", "Vale")]):
        rows.append([121 + i, p, g, 4 + i, 2.5])
    return schema_from_rows(rows, sheet="Lots")


def _legs():
    rows = [["Driver", "From", "To", "Miles"]]
    for d, a, b, m in [("Ann Lee", "Leeds", "York", 25), ("Bo Chan", "Hull", "Selby", 30), ("Cy Moss", "York", "Hull", 38)]:
        rows.append([d, a, b, m])
    return schema_from_rows(rows, sheet="Legs")


def _zh():
    rows = [["登记号", "品名", "类别", "数量"]]
    for i, (p, k) in enumerate([("薄荷", "香草"), ("月季", "花卉"), ("绿萝", "绿植")]):
        rows.append([f"{31 + i:04d}", p, k, 3 + i])
    return schema_from_rows(rows, sheet="登记")


@pytest.mark.parametrize("request_", [
    "lot codes like P121 (a P in front of the lot number)",
    "lot code with a P prefix",
    'put "P" in front of each lot',
    "P followed by the lot, e.g. P122",
    'tag = "P" & Lot',
])
def test_a_constant_before_a_column(request_):
    assert _answer(request_, _lots(), "F2") == '="P"&A2'


def test_a_constant_after_a_column():
    assert _answer("the lot with a -X suffix", _lots(), "F2") == '=A2&"-X"'


@pytest.mark.parametrize("request_", ["在登记号前面加上2026-，变成2026-0031这种", "登记号加2026-前缀"])
def test_a_chinese_prefix(request_):
    assert _answer(request_, _zh(), "E2") == '="2026-"&A2'


def test_an_example_that_disagrees_is_refused():
    assert _answer("a P in front of the lot number, like Q121", _lots(), "F2") is None
    assert _answer("a P in front of the lot number, like P1210X", _lots(), "F2") is None


def test_words_before_a_column_are_no_constant():
    # "days before": no constant said; only what the request spells as a code is added
    assert _answer("the plant before the grower", _lots(), "F2") is None


@pytest.mark.parametrize("request_", [
    'F = Plant & " (" & Grower & ")"',
    "join plant + grower as 'Plant (Grower)'",
    "plant and grower in one cell, grower in brackets",
])
def test_a_form_with_brackets(request_):
    assert _answer(request_, _lots(), "F2") == '=B2&" ("&C2&")"'


def test_a_written_form_with_an_unknown_piece_is_refused():
    assert _answer('F = Plant & " (" & colour & ")"', _lots(), "F2") is None


@pytest.mark.parametrize("request_", [
    "combine From and To with ' to ' between them",
    "From and To joined, separated by ' to '",
])
def test_a_word_between_two_columns(request_):
    assert _answer(request_, _legs(), "E2") == '=B2&" to "&C2'


def test_a_chinese_join_with_the_second_in_brackets():
    assert _answer("把品名和类别拼一起，类别放括号里", _zh(), "E2") == '=B2&"（"&C2&"）"'


@pytest.mark.parametrize("request_", ["first name only (everything before the space in Driver)",
                                      "driver first name in caps"])
def test_first_name_said_other_ways(request_):
    got = _answer(request_, _legs(), "E2")
    assert got is not None and 'LEFT(A2,FIND(" ",A2)-1)' in got


@pytest.mark.parametrize("request_", [
    "lot + '-' + first 3 letters of grower uppercase",
    "Lot & \"-\" & grower (first three letters, in caps)",
])
def test_a_written_form_with_a_part_of_a_column(request_):
    assert _answer(request_, _lots(), "F2") == '=A2&"-"&UPPER(LEFT(C2,3))'


def test_a_case_said_after_the_form_ends_is_refused():
    # the comma ends the form; "uppercase" after it would be left unread by a form that read it
    assert _answer("lot & '-' & first 3 letters of grower, uppercase", _lots(), "F2") is None


def test_a_condition_with_then_is_no_prefix():
    got = _answer("if trays >= 6 then Big", _lots(), "F2")
    assert got is None or got.startswith("=IF(")


def test_a_code_example_in_a_chinese_ask_is_no_operand():
    rows = [["单号", "客户"]] + [[f"SP2026-{n:03d}", c] for n, c in [(17, "甲"), (24, "乙"), (31, "丙")]]
    sheet = schema_from_rows(rows, sheet="寄样")
    assert _answer("把SP2026-031这种单号的最后3位数字提出来", sheet, "C2") == "=RIGHT(A2,3)"
    assert _answer("C列要单号的后3位", sheet, "C2") == "=RIGHT(A2,3)"
