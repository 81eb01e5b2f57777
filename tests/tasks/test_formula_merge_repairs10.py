"""Repairs made when the tenth round's branches were merged, each on a workbook of our own:
the corpus test found these answers wrong on the merged engine (tests/tasks/test_formula_corpus.py)."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def test_what_is_left_is_never_read_from_the_used_column():
    """"剩下的课时值多少钱" on 课时包 and 已上课时: 已上课时 × 单价 is what was used, not what is left;
    a formula that subtracts nothing is refused (checks.remainder_not_subtracted)."""
    sheet = schema_from_rows([["学员", "课时包（节）", "已上课时", "课时单价"],
                              ["小林", 20, 12, 150], ["小周", 30, 30, 140], ["小吴", 10, 2, 160]])
    try:
        r = formula("剩下的课时值多少钱（剩余节数×单价）", sheet, "E2", method="rules")
    except TaskError:
        return
    assert r.value == (20 - 12) * 150, r.formula


def test_a_column_that_holds_what_is_left_needs_no_subtraction():
    sheet = schema_from_rows([["会员", "卡种", "剩余次数"], ["甲", "次卡", 7], ["乙", "年卡", None], ["丙", "次卡", 3]])
    assert formula("次卡的人一共还剩多少次", sheet, method="rules").value == 10


def test_as_a_number_reads_only_the_named_column_when_it_has_leading_zeros():
    """"zone as a number" on zones 1-9 is no leading-zero ID: another padded column of the sheet
    (the parcel ref) is not read in its place."""
    sheet = schema_from_rows([["Parcel", "Zone", "Weight kg"], ["00412", "3", 2.5], ["00987", "7", 1.0],
                              ["01003", "1", 4.2]])
    try:
        r = formula("zone number as a number", sheet, "D2", method="rules")
    except TaskError:
        r = None
    assert r is None or "A2" not in r.formula, r.formula
