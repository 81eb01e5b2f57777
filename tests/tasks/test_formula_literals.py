"""What a request names must reach the formula: a date, a number said in 万, every factor of a
product it spells out, a value written as a dotted acronym; and "day's" is no day of the month.
Each was a wrong answer on a fresh evaluation sheet (formula-dev15's tune part, first run);
these workbooks are our own."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.factors import factor_dropped
from o3local.tasks.formula.literals import date_ignored, wan_out_of_scale
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _orders():
    day = dt.date(2026, 11, 16)
    rows = [["单号", "日期", "技师", "金额"]]
    for i in range(9):
        rows.append([f"N{100 + i}", day + dt.timedelta(days=i % 3), ["小王", "小李", "小赵"][i % 3], 100 + 10 * i])
    return schema_from_rows(rows)


def test_a_date_named_must_be_in_the_formula():
    assert date_ignored("2026-11-17的单数", "=COUNTA(A2:A10)") is not None
    assert date_ignored("2026-11-17的单数", "=COUNTIF(B2:B10,DATE(2026,11,17))") is None
    assert date_ignored("orders on 17 Nov 2026", '=COUNTIF(B2:B10,"2026-11-17")') is None
    assert date_ignored("orders on 17 Nov 2026", f"=COUNTIF(B2:B10,{(dt.date(2026, 11, 17) - dt.date(1899, 12, 30)).days})") is None
    assert date_ignored("how many orders", "=COUNTA(A2:A10)") is None
    assert date_ignored("days open as of today (6 Dec 2026)", "=TODAY()-B2") is None


def test_a_count_on_a_date_is_never_a_count_of_every_row():
    r = _answer("2026-11-17的单数", _orders())
    assert r is None or r.value == 3, r.formula


def _targets():
    rows = [["工号", "姓名", "1月", "2月"]]
    for i, (a, b) in enumerate([(22, 41.3), (51.4, 21.2), (14.5, 48.1), (60.2, 55.0), (8.2, 30.9)]):
        rows.append([f"S{101 + i}", f"员工{i}", a, b])
    return schema_from_rows(rows)


def test_a_number_in_wan_far_above_a_column_is_questioned():
    sheet = _targets()
    assert wan_out_of_scale("1月业绩超过50万的有几个人", '=COUNTIF(C2:C6,">500000")', sheet) is not None
    assert wan_out_of_scale("1月业绩超过50万的有几个人", '=COUNTIF(C2:C6,">50")', sheet) is None
    r = _answer("1月业绩超过50万的有几个人", sheet)
    assert r is None or r.value == 2, r.formula  # never the 0 of ">500000"


def test_a_number_in_wan_on_a_column_in_yuan_stands():
    rows = [["门店", "营业额"], ["一店", 320000], ["二店", 510000], ["三店", 780000], ["四店", 150000]]
    sheet = schema_from_rows(rows)
    assert wan_out_of_scale("营业额超过50万的门店有几家", '=COUNTIF(B2:B5,">500000")', sheet) is None


def test_every_factor_of_a_spelled_out_product_is_multiplied():
    assert factor_dropped("charge = hours x rate x boats", "=H2*E2") is not None
    assert factor_dropped("charge = hours x rate x boats", "=(G2-F2)*24*H2*E2") is None
    assert factor_dropped("qty x price for each row", "=F3*G3") is None
    assert factor_dropped("total of qty times price", "=SUMPRODUCT(F3:F9,G3:G9)") is None
    assert factor_dropped("how many times was the hall booked", '=COUNTIF(B2:B9,"Hall")') is None
    assert factor_dropped("number of times the boardroom got booked", '=COUNTIF(B2:B9,"Boardroom")') is None
    assert factor_dropped("金额 = 斤数乘以单价", "=B2") is not None


def test_a_product_of_three_is_never_answered_with_two():
    rows = [["Booking", "Out", "Back", "Rate per hour", "Boats"]]
    for i in range(4):
        rows.append([f"K{i}", dt.time(9 + i, 0), dt.time(11 + i, 30), 12, 1 + i % 2])
    r = _answer("hire charge = hours x rate per hour x number of boats", schema_from_rows(rows), "F2")
    assert r is None or r.value == 2.5 * 12 * 1, r.formula


def test_a_days_takings_is_no_day_of_the_month():
    rows = [["Date", "Cash", "Card"]] + [[dt.date(2026, 7, d), 100 + d, 200 + d] for d in (3, 4, 5)]
    r = _answer("day's takings", schema_from_rows(rows), "D2")
    assert r is None or "DAY(" not in r.formula, r.formula


def test_a_dotted_acronym_names_its_value():
    rows = [["Cost centre", "Line", "Budget"], ["IT", "Laptops", 5000], ["Sales", "Travel", 3000],
            ["IT", "Licences", 2000], ["HR", "Training", 1500]]
    r = _answer("total budget for the I.T. department", schema_from_rows(rows))
    assert r is None or r.value == 7000, r.formula


def test_a_date_shown_as_an_example_is_no_condition():
    assert date_ignored("opened date shown like 2024/02/29", '=TEXT(H3,"yyyy/mm/dd")') is None
    assert date_ignored("日期写成例如2024-02-29的样子", '=TEXT(B2,"yyyy-mm-dd")') is None
