"""Checks the lead added in the seventeenth session: a Chinese request that names the rows
beyond a bound ("金额超过100就大单") asks for a label on each row, so a total of those rows is
refused rather than given as if it were the answer."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _orders():
    rows = [["单号", "日期", "客户", "金额", "付款日期", "类型"]]
    for i in range(6):
        rows.append([f"DD{i}", dt.date(2026, 11, 2 + i), f"客户{i}", 80 + 40 * i, None, "散客"])
    return schema_from_rows(rows, sheet="订单")


def _answer(request):
    try:
        return formula(request, _orders(), "G2", method="rules").formula
    except TaskError:
        return None


@pytest.mark.parametrize("request_", ["金额超过100就大单", "金额满100算大单", "金额100以上就算大单"])
def test_rows_named_beyond_a_bound_are_never_totalled(request_):
    answer = _answer(request_)
    assert answer is None or answer.startswith("=IF("), answer


@pytest.mark.parametrize("request_", ["金额超过100的合计", "金额超过100的一共多少"])
def test_a_total_asked_beyond_a_bound_is_still_answered(request_):
    assert _answer(request_) == '=SUMIF(D2:D7,">100",D2:D7)'


def _trips():
    rows = [["Date", "Driver", "From", "To", "Purpose", "Miles"]]
    for i in range(6):
        rows.append([dt.date(2026, 11, 2 + i), f"D{i}", "A", "B", "Client", 40 + 30 * i])
    return schema_from_rows(rows, sheet="Trips")


@pytest.mark.parametrize("request_", [
    "Mark any trip over 100 miles as Long in column I, leave the others blank",
    "flag trips over 100 miles as Long in column I, others blank",
    "In column I mark trips over 100 miles as Long",
])
def test_the_column_a_label_goes_in_is_never_the_label(request_):
    assert formula(request_, _trips(), "I2", method="rules").formula == '=IF(F2>100,"Long","")'



@pytest.mark.parametrize("request_", ["cost of each trip using the rate list",
                                      "claim per trip from the rates sheet",
                                      "each trip's claim using the rates tab"])
def test_a_rate_list_named_is_the_other_sheet_not_its_rate_column(tmp_path, request_):
    """"using the product price list" names the other sheet: its price alone is no cost."""
    from tests.tasks.test_formula_frow17 import _answer as answer
    from tests.tasks.test_formula_frow17 import _trips as trips

    assert answer(request_, trips(tmp_path), "D2") is None


def _deliveries():
    rows = [["单号", "客户", "桶数", "单价", "金额", "已结"]]
    marks = ["是", None, "否", "是", None, "是"]
    for i in range(6):
        rows.append([f"S{i}", f"客户{i}", 2 + i, 10, 20 + 10 * i, marks[i]])
    return schema_from_rows(rows, sheet="送水")


@pytest.mark.parametrize("request_", ["标一下每单已结还是未结", "每单写已结或未结"])
def test_a_blank_in_a_yes_no_column_is_not_done_yet(request_):
    """已结 holds 是, 否 and blanks: a blank row is not settled either, so the test is <>"是"."""
    assert formula(request_, _deliveries(), "G2", method="rules").formula == '=IF(F2<>"是","未结","已结")'


def test_rows_not_done_counted_with_the_blanks():
    assert formula("未结的有几单", _deliveries(), "H1", method="rules").formula == '=COUNTIF(F2:F7,"<>是")'
