"""Chinese per-row requests (helper fzhrow18): a clause that only says "on every row / fill it
down" (，每行都要 / 逐行 / 往下拉 / 整列都算), "I列把…" placing the answer, and a discount said
as N折 with no column named (the amount is what a discount is taken off).  Our own sheets;
each ask phrased the way different people would type it."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _stall():
    """A market stall's day book: 斤 × 单价 = 金额 (with fractions of a yuan)."""
    rows = [["日期", "品种", "斤", "单价", "金额", "客户"]]
    for i in range(6):
        jin, price = 2.5 + i, 6.8 + i * 0.35
        rows.append([f"11-0{i + 1}", ["苹果", "梨", "橙"][i % 3], jin, price, round(jin * price, 2), f"客户{i}"])
    return schema_from_rows(rows, sheet="流水账")


def test_a_fill_down_clause_after_a_rounding_is_no_word_to_read():
    sheet = _stall()
    for said in ("金额四舍五入到元，每行都要", "金额取整，每行都算", "金额四舍五入到元，往下拉",
                 "金额四舍五入，整列都要", "金额四舍五入到元；逐行算"):
        r = _answer(said, sheet, "G2")
        assert r is not None and r.formula == "=ROUND(E2,0)", (said, r and r.formula)
    r = _answer("金额保留一位小数，往下填到底", sheet, "G2")
    assert r is not None and r.formula == "=ROUND(E2,1)", r and r.formula


def test_a_fill_down_clause_after_arithmetic_is_no_word_to_read():
    sheet = _stall()
    for said in ("斤乘单价，往下拉", "斤数×单价，每一行都填上", "斤乘以单价，下拉填充"):
        r = _answer(said, sheet, "G2")
        assert r is not None and r.formula == "=C2*D2", (said, r and r.formula)


def test_a_column_letter_before_ba_places_the_answer():
    sheet = _stall()
    r = _answer("G列把金额四舍五入到整数元", sheet, "G2")
    assert r is not None and r.formula == "=ROUND(E2,0)", r and r.formula
    r = _answer("G列把金额四舍五入到整数元", sheet)  # no target: the letter places it
    assert r is not None and r.formula == "=ROUND(E2,0)" and r.target_cell == "G2", r and (r.formula, r.target_cell)


def test_a_discount_with_no_column_named_is_taken_off_the_amount():
    sheet = _stall()
    for said, factor in (("每一笔按95折算", "0.95"), ("每笔打八折", "0.8"), ("九折价", "0.9"),
                         ("打9折后多少钱", "0.9"), ("每笔折后价（打八五折）", "0.85")):
        r = _answer(said, sheet, "G2")
        assert r is not None and r.formula == f"=E2*{factor}", (said, r and r.formula)
    r = _answer("九折价，保留一位小数", sheet, "G2")
    assert r is not None and r.formula == "=ROUND(E2*0.9,1)", r and r.formula


def test_a_discount_of_a_named_column_stays_on_that_column():
    r = _answer("单价打八折", _stall(), "G2")
    assert r is not None and r.formula == "=D2*0.8", r and r.formula


def test_a_discount_on_a_sheet_without_an_amount_is_refused():
    rows = [["姓名", "部门", "工龄", "年假天数"]] + [[f"员工{i}", "一部", 3 + i, 5 + i] for i in range(4)]
    sheet = schema_from_rows(rows, sheet="名单")
    assert _answer("每个人打八折", sheet, "E2") is None  # two numbers, neither an amount: which one?


def test_a_fill_down_word_inside_a_request_is_not_cut():
    # "每行都" before the operation is no clause of its own: the existing reading stands or refuses,
    # and the per-row words never become part of the formula
    r = _answer("整列金额四舍五入到元", _stall(), "G2")
    assert r is None or r.formula == "=ROUND(E2,0)", r.formula
