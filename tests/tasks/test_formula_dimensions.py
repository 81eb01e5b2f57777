"""Units and kinds of quantity in a formula (runtime/tasks/formula/dimensions.py and the checks
that read it): a price per unit is no row total, a length of time is no price per hour, the
earliest is of a time, a score is read from the score column, a label is no column.  Each was a
wrong answer on a fresh evaluation sheet; these workbooks are our own."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.dimensions import (
    duration_priced,
    per_unit_with_total,
    quantity_for,
    time_extreme_untimed,
    unit_of,
)
from o3local.tasks.formula.schema import schema_from_rows


def _stall():
    return schema_from_rows([["品名", "重量（公斤）", "售价（元/公斤）", "成本（元/公斤）", "金额"],
                             ["苹果", 10, 8, 5, 80], ["香蕉", 4, 6, 3.5, 24], ["橙子", 5, 10, 6, 50]])


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def test_a_header_says_what_it_is_priced_per():
    sheet = _stall()
    assert unit_of(sheet.column("C")) == "公斤"
    assert unit_of(sheet.column("E")) is None
    assert quantity_for(sheet, sheet.column("D")).header == "重量（公斤）"
    rates = schema_from_rows([["Room", "Nights", "Price per night", "Total"], ["A", 2, 80, 160]])
    assert unit_of(rates.column("C")) == "night"
    assert quantity_for(rates, rates.column("C")).header == "Nights"


def test_profit_multiplies_a_unit_cost_by_the_quantity():
    """"毛利" on 金额 and 成本（元/公斤）: the row's takings less the row's cost, not less one kilo's."""
    r = _answer("毛利新加一列", _stall(), "F2")
    assert r is not None and r.value == 80 - 10 * 5, r and r.formula


def test_margin_on_a_unit_cost_is_the_share_of_the_takings():
    r = _answer("每行的毛利率放F列", _stall(), "F2")
    assert r is not None and r.value == pytest.approx((80 - 50) / 80), r and r.formula


def test_a_total_less_a_unit_price_is_refused_by_the_check():
    sheet = _stall()
    assert per_unit_with_total("毛利", "=E2-D2", sheet) is not None
    assert per_unit_with_total("毛利", "=E2-B2*D2", sheet) is None
    assert per_unit_with_total("毛利", "=(C2-D2)/C2", sheet) is None  # price less cost, both per kilo
    # the user names both columns: their sum, as asked
    assert per_unit_with_total("金额减成本", "=E2-D2", sheet) is None


def _sessions():
    t = dt.time
    return schema_from_rows([["单号", "机号", "开始时间", "结束时间", "饮料"],
                             ["S1", "A01", t(20, 0), t(23, 30), 5], ["S2", "B07", t(22, 30), t(1, 0), 12],
                             ["S3", "A03", t(19, 15), t(21, 45), 0], ["S4", "C02", t(23, 0), t(2, 30), 8]])


def test_hours_of_a_session_past_midnight_are_taken_modulo_a_day():
    """Half the sessions end after midnight: the start column is told by its header (开始 / 结束),
    and the length is MOD(end - start, 1) × 24, right on both kinds of row."""
    sheet = _sessions()
    r = _answer("每次多少小时（有跨零点的）", sheet, "F3")
    assert r is not None and "MOD(" in r.formula, r and r.formula
    assert r.value == pytest.approx(2.5)
    assert "跨零点" in r.explanation  # said as a span of time, not "the remainder of ... divided by 1"
    r = _answer("每单时长，单位小时，过夜的也要算对", sheet, "F2")
    assert r is not None and r.value == pytest.approx(3.5), r and r.formula


def test_a_length_of_time_is_never_a_price_per_hour():
    sheet = _sessions()
    prices = schema_from_rows([["区域", "每小时（元）"], ["普通", 5], ["包厢", 15]])
    sheet.others["价目"] = prices
    assert duration_priced("每次上机多少小时", "=INDEX(价目!$B$2:$B$3,MATCH(B2,价目!$A$2:$A$3,0))", sheet)
    assert duration_priced("每次多少钱", "=INDEX(价目!$B$2:$B$3,MATCH(B2,价目!$A$2:$A$3,0))", sheet) is None


def test_the_earliest_is_of_a_time_column():
    sheet = _sessions()
    assert time_extreme_untimed("哪台机子开始时间最早", "=INDEX(B2:B5,MATCH(MIN(E2:E5),E2:E5,0))", sheet)
    assert time_extreme_untimed("哪台机子开始时间最早", "=INDEX(B2:B5,MATCH(MIN(C2:C5),C2:C5,0))", sheet) is None
    r = _answer("哪台机子开始时间最早", sheet)
    assert r is None or r.value == "A03", r.formula


def test_an_average_score_reads_the_score_column():
    """"老王的平均分" on a sheet with 费用 and 评分: never the average of his fares."""
    sheet = schema_from_rows([["司机", "费用", "评分"], ["老王", 88, 5], ["老李", 60, 4], ["老王", 40, 3],
                              ["老李", 75, 5]])
    r = _answer("老王的平均分", sheet)
    assert r is None or r.value == 4, r.formula


def test_a_capitalised_part_of_a_header_said_as_a_label_is_the_label():
    """"otherwise Delivery" on a Delivery fee column: write the word Delivery, not the fee."""
    sheet = schema_from_rows([["Order", "Customer", "Delivery fee"], ["F1", "Ann", 0], ["F2", "Bob", 6],
                              ["F3", "Cy", 4.5]])
    r = _answer("new col: put Pickup if the delivery fee is 0, otherwise Delivery", sheet, "D2")
    assert r is None or r.formula.count('"') >= 4, r.formula
    if r is not None:
        assert r.value == "Pickup"


def test_mean_hours_are_no_rate_per_hour():
    """"mean hours per hire" on Out | Back | Rate per hour: the average of a price per hour is money
    (a wrong answer on formula-dev15's blind part, read after its one run)."""
    sheet = schema_from_rows([["Booking", "Out", "Back", "Rate per hour"], ["K1", dt.time(9), dt.time(11), 12],
                              ["K2", dt.time(10), dt.time(13), 12], ["K3", dt.time(9), dt.time(10), 15]])
    assert duration_priced("mean hours per hire rounded to 1 decimal", "=ROUND(AVERAGE(D2:D4),1)", sheet)
    assert duration_priced("mean hours per hire", "=AVERAGE((C2:C4-B2:B4)*24)", sheet) is None
    r = _answer("mean hours per hire rounded to 1 decimal", sheet)
    assert r is None or r.value == 2.0, r.formula
