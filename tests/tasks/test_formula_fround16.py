"""Rounding to a power of ten and the share of rows with a date filled in (issue 16, round 16).

"average fee to the nearest 100", "avg fee, nearest £1,000", "金额合计，四舍五入到百位": a rounding
clause that keeps tens, hundreds or thousands is ROUND's negative places, around any one-cell
aggregate the engine reads ("rounded up to the nearest hundred": ROUNDUP).  "what percentage of
jobs have been fixed", "fixed %", "取回率", "有取回日期的占全部的比例": the rows whose date column is
filled in over all the rows (filledshare.py).  Sheets written here; values checked by the engine.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows

_D = dt.datetime


@pytest.fixture
def repairs():
    return schema_from_rows([
        ["Job", "Opened", "Customer", "Channel", "Fixed", "Fee"],
        ["J-1", _D(2026, 11, 2), "Ann", "Email", _D(2026, 11, 4), 1240.5],
        ["J-2", _D(2026, 11, 3), "Bo", "Phone", None, 860.25],
        ["J-3", _D(2026, 11, 5), "Cy", "Email", _D(2026, 11, 9), 2310.0],
        ["J-4", _D(2026, 11, 8), "Di", "Phone", None, 455.75],
        ["J-5", _D(2026, 11, 9), "Ed", "Email", _D(2026, 11, 10), 1999.99],
    ])


@pytest.fixture
def xiuli():
    return schema_from_rows([
        ["单号", "送修日期", "客户", "取回日期", "金额"],
        ["A01", _D(2026, 11, 2), "王", _D(2026, 11, 6), 120.5],
        ["A02", _D(2026, 11, 3), "李", None, 88.25],
        ["A03", _D(2026, 11, 5), "张", _D(2026, 11, 8), 240.0],
        [None, None, None, None, None],
        ["A04", _D(2026, 11, 8), "赵", None, 65.75],
    ])


@pytest.mark.parametrize("request_, answer, value", [
    ("average fee to the nearest 100", "=ROUND(AVERAGE(F2:F6),-2)", 1400),
    ("avg fee, nearest £1,000", "=ROUND(AVERAGE(F2:F6),-3)", 1000),
    ("mean fee rounded to the nearest ten pounds", "=ROUND(AVERAGE(F2:F6),-1)", 1370),
    ("total fee to the nearest thousand", "=ROUND(SUM(F2:F6),-3)", 7000),
    ("What's the average fee, rounded to the nearest hundred pounds?", "=ROUND(AVERAGE(F2:F6),-2)", 1400),
    ("average fee rounded up to the nearest hundred", "=ROUNDUP(AVERAGE(F2:F6),-2)", 1400),
    ("average fee rounded down to the nearest pound", "=ROUNDDOWN(AVERAGE(F2:F6),0)", 1373),
    ("avg fee, no pence", "=ROUND(AVERAGE(F2:F6),0)", 1373),
])
def test_english_rounding_to_tens_hundreds_and_thousands(repairs, request_, answer, value):
    r = formula(request_, repairs, method="rules")
    assert (r.formula, r.value) == (answer, value)


@pytest.mark.parametrize("request_, answer", [
    ("金额合计，四舍五入到百位", "=ROUND(SUM(E2:E6),-2)"),
    ("平均金额 精确到十位", "=ROUND(AVERAGE(E2:E6),-1)"),
    ("平均金额，不要小数", "=ROUND(AVERAGE(E2:E6),0)"),
    ("平均金额精确到0.1", "=ROUND(AVERAGE(E2:E6),1)"),
    ("金额平均多少？四舍五入到元", "=ROUND(AVERAGE(E2:E6),0)"),
])
def test_chinese_rounding_clauses(xiuli, request_, answer):
    assert formula(request_, xiuli, method="rules").formula == answer


def test_a_step_that_is_no_power_of_ten_is_refused(repairs):
    with pytest.raises(TaskError):
        formula("average fee to the nearest 50", repairs, method="rules")


@pytest.mark.parametrize("request_", [
    "what percentage of jobs have been fixed",
    "fixed %",
    "share of jobs fixed",
    "What share of the jobs were fixed?",
    "% of jobs that have been fixed so far",
])
def test_english_share_of_rows_with_the_date_filled_in(repairs, request_):
    r = formula(request_, repairs, method="rules")
    assert (r.formula, r.value) == ("=COUNT(E2:E6)/COUNTA(A2:A6)", 0.6)


@pytest.mark.parametrize("request_", ["取回率", "已取回的单子占比", "有取回日期的占全部的比例", "取回的比例是多少"])
def test_chinese_share_of_rows_with_the_date_filled_in(xiuli, request_):
    # the blank row in the middle is no row: COUNT and COUNTA both pass it by
    r = formula(request_, xiuli, method="rules")
    assert (r.formula, r.value) == ("=COUNT(D2:D6)/COUNTA(A2:A6)", 0.5)


@pytest.mark.parametrize("request_", ["% of jobs not fixed", "没取回的比例"])
def test_a_negated_event_is_never_the_filled_share(repairs, xiuli, request_):
    sheet = xiuli if request_.startswith("没") else repairs
    try:
        got = formula(request_, sheet, method="rules").formula
    except TaskError:
        return
    assert not got.startswith("=COUNT(")


@pytest.mark.parametrize("request_", ["% of jobs opened", "opened rate"])
def test_a_date_filled_on_every_row_is_no_pending_event(repairs, request_):
    with pytest.raises(TaskError):
        formula(request_, repairs, method="rules")


def test_chinese_date_filled_on_every_row_is_refused(xiuli):
    with pytest.raises(TaskError):
        formula("送修率", xiuli, method="rules")


@pytest.mark.parametrize("request_, value", [
    ("% of email jobs fixed", 1.0),
    ("what share of phone jobs have been fixed", 0.0),
    ("fixed rate for email", 1.0),
    ("fixed % among email jobs", 1.0),
])
def test_share_of_the_rows_a_value_picks(repairs, request_, value):
    r = formula(request_, repairs, method="rules")
    assert r.formula.startswith("=COUNTIFS(D2:D6,") and r.formula.endswith(',E2:E6,"<>")/COUNTIF(D2:D6,"'
                                                                          + ("Phone" if "phone" in request_ else "Email") + '")')
    assert r.value == value


def test_chinese_share_among_the_rows_of_one_value(xiuli):
    r = formula("王的取回率", xiuli, method="rules")
    assert (r.formula, r.value) == ('=COUNTIFS(C2:C6,"王",D2:D6,"<>")/COUNTIF(C2:C6,"王")', 1.0)


@pytest.mark.parametrize("request_", ["% of jobs fixed for Ann", "% of email jobs fixed within 2 days"])
def test_a_share_that_drops_the_event_is_refused(repairs, request_):
    # the share of Ann's rows among all, without "fixed", would be an answer to another question
    with pytest.raises(TaskError):
        formula(request_, repairs, method="rules")


@pytest.mark.parametrize("request_, answer", [
    ("average fee (ignore blanks)", "=AVERAGE(F2:F6)"),
    ("avg fee, blanks excluded", "=AVERAGE(F2:F6)"),
    ("average fee (skip empty cells), 2dp", "=ROUND(AVERAGE(F2:F6),2)"),
])
def test_an_aside_that_blanks_do_not_count_beside_an_average(repairs, request_, answer):
    assert formula(request_, repairs, method="rules").formula == answer


@pytest.mark.parametrize("request_, answer", [
    ("平均金额（空的不算）", "=AVERAGE(E2:E6)"),
    ("金额平均值 一位小数（空的不算）", "=ROUND(AVERAGE(E2:E6),1)"),
    ("平均金额（不算空的）", "=AVERAGE(E2:E6)"),
])
def test_chinese_aside_that_blanks_do_not_count(xiuli, request_, answer):
    assert formula(request_, xiuli, method="rules").formula == answer


def test_the_aside_beside_a_total_is_not_read(repairs):
    # SUM skips blanks too, but whether a blank should be a zero or no row is not said
    with pytest.raises(TaskError):
        formula("total fee (ignore blanks)", repairs, method="rules")
