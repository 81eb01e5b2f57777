"""General arithmetic words and rounding wrappers (h/farith13).

The total still owed over a whole table in one cell (the charged column's total less the paid
column's, the pair the per-row balance reads), and a rounding clause said as "nearest pound",
"四舍五入到元" or alone in a closing bracket, wrapped round any one-cell answer.  Sheets of our own.
"""

from __future__ import annotations

import pytest

from o3local.errors import O3Error
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import build_schema


def _sheet(headers, rows, name="Sheet1"):
    cells = {(1, c): h for c, h in enumerate(headers, start=1)}
    for r, row in enumerate(rows, start=2):
        for c, v in enumerate(row, start=1):
            if v is not None:
                cells[(r, c)] = v
    return build_schema(cells, name)


def _result(schema, request, target=None):
    try:
        return formula(request, sheet=schema, target_cell=target, method="rules")
    except O3Error:
        return None


def _answer(schema, request, target=None):
    got = _result(schema, request, target)
    return None if got is None else got.formula


def _club():
    # a tennis club's subscriptions: each member's fee and what they have paid so far
    return _sheet(["Member", "Name", "Grade", "Fee Due", "Paid"],
                  [["M01", "Ann", "Senior", 120, 120], ["M02", "Bob", "Junior", 60, 20],
                   ["M03", "Cy", "Senior", 120, 0], ["M04", "Di", "Senior", 120, 100],
                   ["M05", "Ed", "Junior", 60, 60]], "Subs")


def _wuye():
    # 车位管理费收缴台账：应缴、实缴
    return _sheet(["车位号", "车主", "月数", "应缴", "实缴"],
                  [["A-01", "王", 12, 1800, 1800], ["A-02", "李", 12, 1800, 900],
                   ["A-03", "赵", 6, 900, 0], ["A-04", "孙", 12, 1800, 1500]], "收缴")


@pytest.mark.parametrize("request_", [
    "total outstanding",
    "how much is still owed altogether",
    "what's still unpaid in total",
    "total owed - fee due minus what's been paid",
    "outstanding balance = fee due minus paid, overall",
    "how much in fees is still outstanding across the club",
])
def test_the_total_still_owed_is_the_charged_total_less_the_paid_total(request_):
    s = _club()
    got = _result(s, request_)
    assert got is not None and got.formula == "=SUM(D2:D6)-SUM(E2:E6)"
    assert got.value == 180


def test_the_total_still_owed_in_chinese():
    s = _wuye()
    got = _result(s, "管理费总共还欠多少钱")
    assert got is not None and got.formula == "=SUM(D2:D5)-SUM(E2:E5)" and got.value == 2100
    assert _answer(s, "一共还欠多少") == "=SUM(D2:D5)-SUM(E2:E5)"


def test_the_total_still_owed_is_not_read_where_the_request_says_more():
    s = _club()
    assert _answer(s, "total outstanding for Senior members") != "=SUM(D2:D6)-SUM(E2:E6)"  # a condition
    assert _answer(s, "total paid minus fee due") is None or \
        _answer(s, "total paid minus fee due") != "=SUM(D2:D6)-SUM(E2:E6)"  # the other order
    assert _answer(s, "total outstanding per grade") is None  # one per grade is no one cell
    assert _answer(s, "total outstanding from the lapsed juniors") is None  # words nothing reads


def test_rounding_said_without_the_or_in_a_closing_bracket():
    s = _club()
    assert _answer(s, "average fee due, nearest pound") == "=ROUND(AVERAGE(D2:D6),0)"
    assert _answer(s, "average paid (nearest £)") == "=ROUND(AVERAGE(E2:E6),0)"
    w = _wuye()
    assert _answer(w, "平均实缴（四舍五入到元）") == "=ROUND(AVERAGE(E2:E5),0)"
    assert _answer(w, "平均应缴四舍五入到分") == "=ROUND(AVERAGE(D2:D5),2)"


def test_a_bracket_that_is_no_rounding_clause_is_not_one():
    from o3local.tasks.formula.rows import rounding_clause

    assert rounding_clause("average paid (nearest branch)") is None
    assert rounding_clause("平均实缴（换算到元）") is None
    assert rounding_clause("客单价（四舍五入到元）")[2] == 0


def _assets():
    # 固定资产：原值、累计折旧（header words that also name a running total）
    return _sheet(["资产编号", "原值（元）", "累计折旧（元）", "数量", "单价"],
                  [["ZC01", 5000, 1200, 2, 30], ["ZC02", 8000, 3000, 1, 45], ["ZC03", 2600, 100, 4, 12]], "资产")


def test_a_header_holding_a_running_total_word_is_the_column():
    s = _assets()
    for request in ("净值＝原值－累计折旧", "原值减累计折旧", "净值=原值-累计折旧"):
        got = _result(s, request, "F2")
        assert got is not None and got.formula == "=B2-C2" and got.value == 3800
    # a running total asked still is one
    assert _answer(s, "running total of 原值", "F2") == "=SUM($B$2:B2)"


def test_full_width_operators_between_columns():
    s = _assets()
    assert _answer(s, "原值＋累计折旧", "F2") == "=B2+C2"


def test_a_sign_written_binds_first_and_words_alone_stay_unread():
    s = _assets()
    got = _result(s, "原值减去数量×单价", "F2")
    assert got is not None and got.formula == "=B2-D2*E2" and got.value == 4940
    assert _answer(s, "原值减去数量乘单价", "F2") is None  # said in words: which first is not said


def test_add_up_is_a_total():
    s = _club()
    assert _answer(s, "add up the paid column") in ("=SUM(E2:E6)", None)
    assert _answer(s, "add up what's been paid") in ("=SUM(E2:E6)", None)
    assert _answer(s, "add up the fee due") == "=SUM(D2:D6)"


def test_inc_is_including_and_a_tax_included_is_added():
    s = _sheet(["Job", "Quote", "Invoiced"], [["J1", 100, 110], ["J2", 250, 240]], "Jobs")
    got = _result(s, "quote inc vat at 20%", "D2")
    assert got is not None and got.formula == "=B2*1.2" and got.value == 120
    assert _answer(s, "quote inc vat at 20%, nearest £", "D2") in ("=ROUND(B2*1.2,0)", None)  # never unrounded
    # no rate said, no VAT column: VAT's standard 20% (rowvat.py; lexicon/rowvat.json default)
    assert _answer(s, "quote inc vat", "D2") == "=B2*1.2"


def test_another_question_about_what_is_owed_is_not_the_total_owed():
    s = _club()
    for request in ("how many members are unpaid in total", "average outstanding overall",
                    "who owes the most in total", "what share of the fees is still outstanding overall"):
        assert _answer(s, request) != "=SUM(D2:D6)-SUM(E2:E6)", request
    w = _wuye()
    assert _answer(w, "一共几户还欠费") != "=SUM(D2:D5)-SUM(E2:E5)"
