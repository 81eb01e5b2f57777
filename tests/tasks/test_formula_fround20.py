"""A rounding or unit clause said beside an answer the readers already give (fround20): the
clause wraps the per-row or one-cell number ("mins per ticket, whole numbers", "GBP value of each
order from the FX tab, 2dp"); a unit asked against the unit a header says converts it ("hold time
in minutes" on Hold (s), "used space in TB" on Used (GB), "按年算" on a date difference); a blank
clause naming the other column's rows ("收入行留空") keeps those rows blank.  Each behaviour is
asked in at least three phrasings; the near misses are refused.  These workbooks are our own."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _tickets():
    rows = [["Ticket", "Agent", "Opened", "Closed", "Hold (s)", "Score"]]
    for i in range(8):
        rows.append([f"T-{200 + i}", ["Ann", "Bo"][i % 2], dt.time(9, 10 + i), dt.time(9, 23 + 3 * i),
                     35 + 17 * i, 3 + i % 3])
    return schema_from_rows(rows, sheet="Tickets")


def test_a_whole_number_clause_wraps_the_per_row_minutes():
    # the Hold (s) column is no answer to "mins": a seconds column converts only when named
    for ask in ("mins per ticket, G, whole numbers", "minutes per ticket - whole numbers",
                "Closed - Opened in minutes, whole numbers", "time open in minutes for each ticket, whole numbers"):
        got = _answer(ask, _tickets(), "G2")
        assert got == "=ROUND((D2-C2)*1440,0)", (ask, got)


def test_seconds_asked_in_minutes_are_divided_by_60():
    sheet = _tickets()
    for ask, want in (("average hold time in minutes, 1dp", "=ROUND(AVERAGE(E2:E9)/60,1)"),
                      ("What's the mean hold? It's in seconds - I want it in minutes to 2 decimal places",
                       "=ROUND(AVERAGE(E2:E9)/60,2)"),
                      ("avg hold in mins", "=AVERAGE(E2:E9)/60"),
                      ("longest hold (minutes)", "=MAX(E2:E9)/60"),
                      ("total hold in hours", "=SUM(E2:E9)/3600")):
        assert _answer(ask, sheet) == want, (ask, _answer(ask, sheet))


def test_a_column_without_a_unit_is_not_converted():
    assert _answer("average score in minutes", _tickets()) is None


def _volumes():
    rows = [["Volume", "Owner", "Used (GB)"]]
    for i in range(6):
        rows.append([f"vol{i}", ["ops", "dev"][i % 2], 300 + 411 * i])
    return schema_from_rows(rows, sheet="Storage")


def test_gigabytes_asked_in_terabytes_are_divided_by_1024():
    sheet = _volumes()
    for ask in ("used in TB (GB/1024), 2dp", "convert Used (GB) to TB rounded to 2 decimals",
                "TB used per volume, 2 decimal places", "used space in terabytes, 2dp"):
        assert _answer(ask, sheet, "D2") == "=ROUND(C2/1024,2)", (ask, _answer(ask, sheet, "D2"))
    assert _answer("total used in TB", sheet) == "=SUM(C2:C7)/1024"
    assert _answer("average used (TB), 1dp", sheet) == "=ROUND(AVERAGE(C2:C7)/1024,1)"


def _ledger(balance_gaps=False):
    rows = [["日期", "摘要", "收入", "支出", "余额"]]
    for i in range(8):
        income = 12000 + 500 * i if i % 3 == 0 else None
        spend = None if income else 23456 + 1789 * i
        rows.append([dt.date(2026, 11, 3 + i), f"摘要{i}", income, spend, 500000 + i])
    return schema_from_rows(rows, sheet="流水")


def test_wan_yuan_two_decimals_blank_where_no_spending():
    sheet = _ledger()
    want = '=IF(D2="","",ROUND(D2/10000,2))'
    for ask in ("支出换成万元，保留两位小数，没有支出的空着", "F列：支出（万元，2位小数），收入行留空",
                "支出/10000，两位小数，收入那些行不填", "支出折合万元，保留2位小数，收入的行空着"):
        assert _answer(ask, sheet, "F2") == want, (ask, _answer(ask, sheet, "F2"))
    assert _answer("支出换成万元，没有支出的空着", sheet, "F2") == '=IF(D2="","",D2/10000)'


def test_rows_named_by_a_column_that_is_not_their_complement_are_refused():
    # 余额 is never blank: "收入行" are not the rows it lacks, so nothing says which rows stay blank
    assert _answer("余额换成万元，收入行留空", _ledger(), "F2") is None


def _leavers():
    rows = [["工号", "姓名", "入职日期", "离职日期", "面积（亩）"]]
    for i in range(6):
        rows.append([f"E{i}", f"员工{i}", dt.date(2019 + i % 3, 3 + i, 1), dt.date(2026, 1 + i, 15), 10 + i])
    return schema_from_rows(rows, sheet="离职")


def test_a_date_difference_asked_in_years_is_the_days_over_365():
    sheet = _leavers()
    for ask, want in (("离职日期减入职日期，按年算", "=(D2-C2)/365"),
                      ("离职日期减入职日期，按年算，保留一位小数", "=ROUND((D2-C2)/365,1)"),
                      ("离职日期减入职日期（年），两位小数", "=ROUND((D2-C2)/365,2)")):
        assert _answer(ask, sheet, "F2") == want, (ask, _answer(ask, sheet, "F2"))


def test_decimals_on_whole_days_are_not_read_as_the_days():
    # whole days rounded to 1 decimal: more was asked than the days ("亩/天"), so no answer
    assert _answer("亩/天，一位小数（天数按离职减入职）", _leavers(), "F2") is None
    assert _answer("离职日期减入职日期，一位小数", _leavers(), "F2") is None


def _orders():
    rows = [["Order", "Currency", "Amount"]]
    for i, cur in enumerate(["USD", "EUR", "USD", "JPY", "EUR"]):
        rows.append([f"O-{i}", cur, 100.37 + 211 * i])
    sheet = schema_from_rows(rows, sheet="Orders")
    sheet.others["FX"] = schema_from_rows([["Currency", "GBP per unit"], ["USD", 0.7913], ["EUR", 0.8561],
                                           ["JPY", 0.00512]], sheet="FX")
    return sheet


def test_a_rounding_clause_wraps_a_per_row_lookup():
    sheet = _orders()
    for ask in ("GBP value of each order (amount x rate from the FX sheet), 2dp",
                "amount in GBP (amount times the FX tab's rate), to 2 decimal places",
                "GBP amount for every order - amount x rate (FX sheet) - round to 2dp"):
        got = _answer(ask, sheet, "D2")
        assert got is not None and got.startswith("=ROUND(C2*INDEX(FX!") and got.endswith(",2)"), (ask, got)
