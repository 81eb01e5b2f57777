"""Readers and checks the fourteenth round's lead added from formula-dev17's tune part: rows named
by a unique key are each row, not a grouping; a quarter said of quarter columns is no quarter of a
date; every label a request names must be written; forum lead-ins ("I need a count of …").
These workbooks are our own."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _invoices():
    rows = [["Invoice No", "Vendor", "Invoice date", "Net amount", "VAT", "Paid date"]]
    vendors = ["Acme Tools", "Brightline", "Acme Tools", "Corvid Print", "Brightline", "Acme Tools"]
    for i, v in enumerate(vendors):
        paid = dt.date(2026, 11, 3 + i) if i % 2 else None
        rows.append([f"INV-{2040 + i}", v, dt.date(2026, 10, 1 + 3 * i), 100.0 * (i + 1), 20.0 * (i + 1), paid])
    return schema_from_rows(rows, sheet="Invoices")


def test_each_invoice_is_each_row_not_a_grouping():
    for said in ("net amount plus VAT for each invoice", "Net amount + VAT per invoice"):
        r = _answer(said, _invoices(), "G2")
        assert r is not None and r.formula == "=D2+E2", (said, r)
    r = _answer("Paid if there is a paid date, otherwise Unpaid, per invoice", _invoices(), "G2")
    assert r is not None and r.formula == '=IF(F2<>"","Paid","Unpaid")', r
    # a vendor has several invoices: "per vendor" stays a grouping, never one column's total at a row
    r = _answer("total net amount per vendor", _invoices(), "G2")
    assert r is None or ":" not in r.formula, r.formula


def _scorecard():
    rows = [["Vendor", "Q3 Orders", "Q3 On time", "Q4 Orders", "Q4 On time", "Last audit"]]
    for i, v in enumerate(["Acme", "Brightline", "Corvid", "Dunmore"]):
        rows.append([v, 40 + i, 30 + i, 50 - i, 45 - 2 * i, dt.date(2026, 2 + 3 * i, 10)])
    return schema_from_rows(rows, sheet="Scorecard")


def _bianzhi():
    rows = [["部门", "一季度", "二季度", "三季度", "四季度", "最近调整日期"]]
    for i, d in enumerate(["行政部", "财务部", "销售部"]):
        rows.append([d, 10 + i, 11 + i, 13 + i, 12 + 2 * i, dt.date(2026, 1 + 4 * i, 15)])
    return schema_from_rows(rows, sheet="编制计划")


def test_a_quarter_said_of_quarter_columns_is_no_quarter_of_a_date():
    r = _answer("Q3 on-time % for each vendor", _scorecard(), "G2")
    assert r is None or "MONTH(" not in r.formula, r.formula  # was =ROUNDUP(MONTH(F2)/3,0)
    r = _answer("每个部门四个季度平均编制 一位小数", _bianzhi(), "G2")
    assert r is not None and r.formula == "=ROUND(AVERAGE(B2:E2),1)", r
    # the quarter of a date is still read where no column is a quarter
    r = _answer("quarter of the invoice date", _invoices(), "G2")
    assert r is not None and "MONTH(C2)" in r.formula, r


def _training():
    rows = [["Name", "Course", "Date", "Score"]]
    scores = [82, 64, None, 91, 70, None]
    for i, s in enumerate(scores):
        rows.append([f"P{i}", "Excel", dt.date(2026, 10 + i % 2, 5 + i), s])
    return schema_from_rows(rows, sheet="Training")


def test_every_label_the_request_names_is_written():
    for said in ("Pass if score >= 70, else Fail; Not scored if blank",
                 "Pass/Fail (70+), blank score = Not scored"):
        r = _answer(said, _training(), "E2")
        assert r is None or all(w in r.formula for w in ('"Pass"', '"Fail"', '"Not scored"')), (said, r.formula)
    r = _answer("Pass if score >= 70, otherwise Fail", _training(), "E2")
    assert r is not None and r.formula == '=IF(D2>=70,"Pass","Fail")', r


def test_forum_lead_ins_are_cut():
    r = _answer("I need a count of the sessions in Nov 2026", _training())
    assert r is not None and r.value == 3, r
    r = _answer("Formula to pull the VAT for INV-2042", _invoices())
    assert r is not None and r.value == 60, r
    r = _answer("Can I get a column that says Paid or Unpaid depending on whether there's a paid date?",
                _invoices(), "G2")
    assert r is not None and r.formula == '=IF(F2<>"","Paid","Unpaid")', r


def _jobs():
    rows = [["Job No", "Customer", "Fabric (m)", "Fabric £/m", "Labour hrs"]]
    for i in range(5):
        rows.append([f"J-{300 + i}", f"C{i}", 2.5 + i, 12 + 2 * i, 3 + i])
    return schema_from_rows(rows, sheet="Jobs")


def test_a_cost_is_never_the_quantity_alone():
    # the metres of fabric are no cost: the price per metre must multiply them (was =C2+E2*28)
    r = _answer("quote for each job = fabric cost plus labour at £28 an hour", _jobs(), "F2")
    assert r is None or "D2" in r.formula, r.formula


def _petty_cash():
    rows = [["日期", "经手人", "金额", "归还日期"]]
    for i in range(6):
        rows.append([dt.date(2026, 10, 8 + i), f"员工{i}", 100 + 10 * i, dt.date(2026, 10, 20 + i) if i % 3 else None])
    return schema_from_rows(rows, sheet="备用金")


def test_a_blank_column_said_by_its_longer_header():
    # 日期 is also inside 归还日期: the header said whole is the column left blank
    for said in ("归还日期为空的有几笔", "归还日期是空的有多少笔", "归还日期为空的笔数"):
        r = _answer(said, _petty_cash())
        assert r is not None and r.value == 2 and "D2:D7" in r.formula, (said, r)


def test_my_is_a_word_that_names_no_rows():
    rows = [["Ref", "Event", "Fee"], ["B-1", "Wedding", 900], ["B-2", "Party", 400], ["B-3", "Wedding", 1100],
            ["B-4", "Corporate", 700]]
    s = schema_from_rows(rows, sheet="Bookings")
    r = _answer("what % of my bookings are weddings?", s)
    assert r is not None and r.value == 0.5, r


def test_deal_size_is_the_amount_of_a_deal():
    rows = [["Opp ID", "Account", "Stage", "Amount"], ["O-1", "Acme", "Won", 1200], ["O-2", "Bolt", "Lost", 800],
            ["O-3", "Cole", "Won", 2000], ["O-4", "Dyer", "Open", 400]]
    s = schema_from_rows(rows, sheet="Pipeline")
    r = _answer("avg deal size", s)
    assert r is not None and r.value == 1100, r
    r = _answer("total deal value for Won", s)
    assert r is not None and r.value == 3200, r


def _shifts():
    rows = [["Name", "Clock in", "Clock out", "Break (mins)"]]
    for i in range(5):
        rows.append([f"P{i}", dt.time(7 + i % 2, 0), dt.time(16 + i % 3, 30), 30 + 15 * (i % 2)])
    return schema_from_rows(rows, sheet="Timesheet")


def test_overtime_never_forgets_the_break_column_nor_reads_a_label():
    # a Break column the request does not take off: which hours count is not said (was =MAX(0,(C2-B2)*24-8))
    r = _answer("OT hours over 8 per shift", _shifts(), "E2")
    assert r is None or "D2" in r.formula, r.formula
    r = _answer("LONG/SHORT column - over 9 hrs is LONG", _shifts(), "E2")
    assert r is not None and r.formula == '=IF((C2-B2)*24>9,"LONG","SHORT")', r
