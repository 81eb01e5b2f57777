"""Counts and totals named by a verb or a state (round 20, fcount20): a done step said by the
verb of its date column counts the rows with that date; an amount some rows leave blank is
counted by its entries (笔数); 场次 / 几场 count rows; "how many euros" and "what did we take" ask
money; "over all the markets" and "(for the bank)" name no rows.  These workbooks are our own."""

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


def _gifts():
    """A hand-out log: who got which gift, 领取日期 filled once collected."""
    rows = [["工号", "姓名", "礼品", "领取日期", "领取方式"]]
    gifts = ["月饼", "粽子", "月饼", "月饼", "粽子", "月饼"]
    for i, g in enumerate(gifts):
        got = dt.date(2026, 9, 1 + i) if i % 2 == 0 else None
        rows.append([f"E{100 + i}", f"员工{i}", g, got, "自取" if got else None])
    return schema_from_rows(rows, sheet="发放")


def test_a_done_step_said_by_its_verb_counts_the_rows_with_its_date():
    sheet = _gifts()  # 月饼 rows 0, 2, 3, 5; collected rows 0, 2, 4: 月饼 collected = 2
    for said in ("月饼已经领了几份", "月饼中已领取的数量", "已领取的月饼有几个", "月饼领了几个人"):
        r = _answer(said, sheet)
        assert r is not None and r.value == 2, (said, r)
    r = _answer("已领取的人数", sheet)
    assert r is not None and r.value == 3, r


def test_a_step_not_done_is_left_to_the_blank_reader():
    r = _answer("月饼还没领的有几个", _gifts())
    assert r is None or r.value == 2, r  # rows 3 and 5


def test_the_money_a_verb_names_is_not_respelt_as_a_count():
    r = _answer("月饼领了多少钱", _gifts())  # no money column: nothing to add up
    assert r is None, r


def _bank():
    """A statement: each row an income or an expense, the other left blank."""
    rows = [["日期", "摘要", "对方", "收入", "支出"]]
    moves = [(500, None), (None, 120), (None, 80), (300, None), (None, 45.5), (None, 10)]
    for i, (inc, out) in enumerate(moves):
        rows.append([dt.date(2026, 11, 2 + i), f"业务{i}", "华联" if i % 2 else "永辉", inc, out])
    return schema_from_rows(rows, sheet="流水")


def test_an_amount_some_rows_leave_blank_is_counted_by_its_entries():
    sheet = _bank()
    for said, want in (("支出笔数", 4), ("一共有几笔支出", 4), ("收入的笔数", 2), ("支出次数", 4),
                       ("华联有几笔支出", 2)):
        r = _answer(said, sheet)
        assert r is not None and r.value == want, (said, r)


def test_an_entry_count_is_not_a_total():
    r = _answer("支出一共多少", _bank())
    assert r is not None and r.value == 255.5, r


def _rooms():
    rows = [["日期", "包间", "人数", "支付"]]
    for i, room in enumerate(["梅", "兰", "梅", "竹", "梅", "兰"]):
        rows.append([dt.date(2026, 12, 1 + i), room, 4, "微信" if i % 2 else "现金"])
    return schema_from_rows(rows, sheet="包间记录")


def test_sessions_count_the_rows_of_a_value():
    sheet = _rooms()
    for said, want in (("梅包间的场次", 3), ("梅的次数", 3), ("兰包间有几场", 2), ("微信支付场次", 3)):
        r = _answer(said, sheet)
        assert r is not None and r.value == want, (said, r)


def _invoices():
    rows = [["Ref", "Supplier", "Currency", "Amount", "Paid"]]
    data = [("EUR", 100, None), ("USD", 50, dt.date(2026, 11, 3)), ("EUR", 70, dt.date(2026, 11, 4)),
            ("EUR", 30, None), ("USD", 20, None)]
    for i, (cur, amt, paid) in enumerate(data):
        rows.append([f"P{i}", f"S{i}", cur, amt, paid])
    return schema_from_rows(rows, sheet="Payments")


def test_how_many_of_a_currency_is_never_a_count_of_rows():
    sheet = _invoices()
    for said in ("how many euros do we still owe on the EUR invoices",
                 "How many dollars are unpaid?", "how many euros have we paid"):
        r = _answer(said, sheet)
        assert r is None or "COUNT" not in r.formula, (said, r.formula)
    r = _answer("how many invoices are in EUR", sheet)
    assert r is not None and r.value == 3, r


def _till():
    """A market stall's till, open on weekends only (no amount column: qty x price)."""
    rows = [["Date", "Item", "Qty", "Unit price", "Paid by"]]
    days = [dt.date(2026, 10, 3), dt.date(2026, 10, 4), dt.date(2026, 10, 10), dt.date(2026, 10, 11)]
    for i, d in enumerate(days):
        rows.append([d, "Squash" if i % 2 else "Gourd", i + 1, 2.5, "Cash" if i % 2 else "Card"])
    return schema_from_rows(rows, sheet="Till")


def test_what_we_took_is_the_money_in():
    sheet = _till()  # qty 1..4 at 2.5: 25 in all, cash rows (qty 2 and 4) 15
    for said, want in (("what did we take in total", 25), ("What have we taken altogether?", 25),
                       ("what did I take in cash", 15), ("total takings (qty x price summed)", 25)):
        r = _answer(said, sheet)
        assert r is not None and r.value == want, (said, r)
    r = _answer("how many sales did we take in cash", sheet)
    assert r is None or r.value != 15, r  # a count is not the money


def test_words_for_the_whole_table_or_its_reader_name_no_rows():
    sheet = _till()
    for said in ("what did we take over all the weekends", "total takings across all four markets",
                 "what did we take (for the accountant)", "how much did we take over all the fairs?"):
        r = _answer(said, sheet)
        assert r is not None and r.value == 25, (said, r)
    r = _answer("what did we take across all the gourds", sheet)  # a value: a condition
    assert r is None or r.value == 10, r


def test_days_of_the_week_stay_a_condition_unless_every_date_is_one():
    rows = [["Date", "Item", "Qty", "Unit price"]]
    for i, d in enumerate([dt.date(2026, 10, 2), dt.date(2026, 10, 3), dt.date(2026, 10, 5)]):  # Fri, Sat, Mon
        rows.append([d, "Gourd", i + 1, 2.0])
    r = _answer("what did we take over all the weekends", schema_from_rows(rows, sheet="Till"))
    assert r is None or r.value == 4, r  # only Saturday's 2 x 2.0
