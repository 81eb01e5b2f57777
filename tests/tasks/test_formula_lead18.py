"""Checks the lead added in the eighteenth session: a yes/no column (是/否, Yes/No) named as a
label is the label, never the column's own answer shown ("已结的标已结" on a 已结 column wrote
=IF(F2="是",F2,"未结"): 是 where the user asked for 已结)."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _orders():
    rows = [["单号", "日期", "客户", "金额", "经办", "已结"]]
    for i, v in enumerate(["是", "否", None, "是", "否", None]):
        rows.append([f"DD{i}", dt.date(2026, 11, 2 + i), f"客户{i}", 80 + 40 * i, "王", v])
    return schema_from_rows(rows, sheet="订单")


def _invoices():
    rows = [["Invoice", "Client", "Amount", "Paid"]]
    for i, v in enumerate(["Yes", "No", None, "Yes", "No", "Yes"]):
        rows.append([f"I{i}", f"C{i}", 100 + i, v])
    return schema_from_rows(rows, sheet="Inv")


def _answer(request, schema, cell):
    try:
        return formula(request, schema, cell, method="rules").formula
    except TaskError:
        return None


@pytest.mark.parametrize("request_", ["已结的标已结，其他标未结", "已结的写已结，其余写未结", "已结标已结否则未结",
                                      "已结为是的显示已结，其他显示未结"])
def test_a_yes_no_column_named_as_a_label_is_the_label(request_):
    assert _answer(request_, _orders(), "G2") == '=IF(F2="是","已结","未结")'


@pytest.mark.parametrize("request_", ["Paid or Unpaid for each invoice", "paid, else Unpaid",
                                      "Paid or Unpaid on each row"])
def test_a_yes_no_column_is_never_shown_as_its_own_label(request_):
    answer = _answer(request_, _invoices(), "E2")
    assert answer is None or "D2)" not in answer and ",D2," not in answer, answer


def test_a_yes_no_label_pair_still_reads_its_condition():
    assert _answer("show Paid when Paid is Yes else Unpaid", _invoices(), "E2") == '=IF(D2="Yes","Paid","Unpaid")'


def _visits():
    rows = [["日期", "客户", "金额"]]
    for i in range(6):
        rows.append([dt.date(2026, 10 + i % 2, 3 + i), f"客户{i}", 100 + i])
    return schema_from_rows(rows, sheet="记录")


@pytest.mark.parametrize("request_", ["在D列把日期变成月份，比如10月", "每行显示是几月（写成X月）",
                                      "日期是几月，显示成“10月”这样", "月份例如11月"])
def test_a_month_shown_like_the_example_keeps_its_unit(request_):
    # (=MONTH(A2) gave 11 where the user showed "11月")
    assert _answer(request_, _visits(), "D2") == '=TEXT(A2,"m月")'


@pytest.mark.parametrize("request_", ["日期显示为X月X日", "日期写成X年X月"])
def test_a_placeholder_example_says_which_part_each_number_is(request_):
    assert _answer(request_, _visits(), "D2") in ('=TEXT(A2,"m月d日")', '=TEXT(A2,"yyyy年m月")')


@pytest.mark.parametrize("request_", ["日期对应周几，写成周一这样", "每行是周几，比如周三", "显示成周几，像周五"])
def test_a_weekday_written_like_the_example(request_):
    assert _answer(request_, _visits(), "D2") == '="周"&MID("一二三四五六日",WEEKDAY(A2,2),1)'


def _log():
    rows = [["Date", "Client", "Amount"]]
    for i in range(6):
        rows.append([dt.date(2026, 10, 2 + i), f"C{i}", 100 + i])
    return schema_from_rows(rows, sheet="Log")


@pytest.mark.parametrize("request_", ["weekend/weekday flag from the Date col", "Weekday / Weekend for each row",
                                      "weekend or weekday?"])
def test_a_weekend_weekday_pair_with_a_slash_is_the_label_pair(request_):
    # (the slash form was answered with the weekday name, =TEXT(A2,"dddd"))
    assert _answer(request_, _log(), "D2") == '=IF(WEEKDAY(A2,2)>5,"Weekend","Weekday")'


def _calls():
    rows = [["Date", "Time", "Agent", "Minutes"]]
    for i in range(6):
        rows.append([dt.date(2026, 10, 2 + i), dt.time(7 + 2 * i, 15), f"A{i}", 5 + i])
    return schema_from_rows(rows, sheet="Calls")


@pytest.mark.parametrize("request_", ["AM if before 12:00, PM", "AM if before 12, PM", "Morning if before 12:00, pm"])
def test_an_am_pm_word_after_the_clock_is_never_dropped(request_):
    # ("AM if before 12:00, PM" gave =IF(B2<TIME(12,0,0),"AM",""): the PM label read as the clock's)
    answer = _answer(request_, _calls(), "E2")
    assert answer is None or answer.endswith('"PM")'), answer


@pytest.mark.parametrize("request_", ["AM if before 12:00, else PM", "label each call AM if before 12, PM otherwise",
                                      "before noon -> AM, else PM"])
def test_am_pm_labels_with_their_else_word(request_):
    assert _answer(request_, _calls(), "E2") == '=IF(B2<TIME(12,0,0),"AM","PM")'


def _one_number(header):
    rows = [["Name", "Team", header]]
    for i in range(6):
        rows.append([f"N{i}", "T", 10 + i])
    return schema_from_rows(rows, sheet="Sheet1")


@pytest.mark.parametrize("request_", ["20% off for each", "apply a 10% discount", "with 5% VAT"])
def test_a_discount_or_tax_is_never_taken_off_a_count(request_):
    # (with Years the one number column, "20% off for each" was =C2*0.8)
    assert _answer(request_, _one_number("Years"), "D2") is None


@pytest.mark.parametrize("request_, answer", [("20% off for each", "=C2*0.8"), ("apply a 10% discount", "=C2*0.9"),
                                              ("with 5% VAT", "=C2*1.05")])
def test_a_discount_or_tax_on_the_one_price_column(request_, answer):
    assert _answer(request_, _one_number("Price"), "D2") == answer


def _jobs():
    jobs = [["Job ref", "Requested by", "Pair", "Words", "Received", "Delivered"]]
    pairs = ["EN>PL", "EN>ES", "EN>DE", "EN>PL", "EN>ES", "EN>DE"]
    for i, pair in enumerate(pairs):
        jobs.append([f"T-{i}", f"R{i}", pair, 1000 + i, dt.date(2026, 11, 2 + i),
                     dt.date(2026, 11, 9 + i) if i % 2 else None])
    rates = [["Pair", "Rate per word", "Translator"], ["EN>PL", 0.08, "Anna Nowak"], ["EN>ES", 0.09, "Luis Gil"],
             ["EN>DE", 0.11, "Lingua GmbH"]]
    schema = schema_from_rows(jobs, sheet="Jobs")
    schema.others["Rates"] = schema_from_rows(rates, sheet="Rates")
    return schema


@pytest.mark.parametrize("request_", ["how many days did each job take? blank for the ones still with the translator",
                                      "number of days each job spent with the translator",
                                      "how long was each job with its translator (days)"])
def test_a_span_asked_is_never_a_name_looked_up(request_):
    # (the first was =INDEX(Rates!$C$2:$C$4,MATCH(C2,...)): the translator's name for "how many days")
    answer = _answer(request_, _jobs(), "G2")
    assert answer is None or "Rates!$C" not in answer, answer


def test_a_name_asked_is_still_looked_up():
    assert _answer("translator for each job", _jobs(), "G2") == '=INDEX(Rates!$C$2:$C$4,MATCH(C2,Rates!$A$2:$A$4,0))'


def _duty():
    rows = [["日期", "姓名", "班次", "补贴", "已调休"]]
    for i, v in enumerate([None, None, "是", "是", None, None, "是"]):
        rows.append([dt.date(2026, 10, 1 + i), f"张{i}", "白班", 50, v])
    return schema_from_rows(rows, sheet="值班")


@pytest.mark.parametrize("request_", ["还没调休的标一下待调休，调过的空着", "已调休的空着，没调休的写待调休",
                                      "没有调休的写待调休，调休了的空着"])
def test_a_done_column_named_by_its_verb(request_):
    # (已调休 said as 调休 / 调过: refused, "没" and "调过" read as no column)
    answer = _answer(request_, _duty(), "F2")
    assert answer in ('=IF(E2="是","","待调休")', '=IF(E2="","待调休","")'), answer
