"""Superlative lookups whose compared column is only implied (frank18): the row's own date on a
sheet of several date columns (最近一次 / 最早的一笔 / "most recently"), "longest" / "shortest" as
the one length column (minutes or miles), "in one go" / 一单 for a row of a repeating name, a
thing's name asked with 叫什么, and a compared column whose last rows are blank.  The sheets are
our own; each ask is written the way several different people would type it."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _loans():
    rows = [["工号", "姓名", "借款日期", "借款金额", "事由", "还款日期"]]
    names = ["于家豪", "韩建国", "赵雪梅", "于家豪", "罗立新", "韩建国"]
    for i, n in enumerate(names):
        rows.append([f"{400 + i:05d}", n, dt.date(2026, 3 + i, 5) if i != 2 else dt.date(2026, 2, 1),
                     500 * (i + 1), "差旅", dt.date(2026, 12, 20 - i)])
    return schema_from_rows(rows, sheet="借款")


@pytest.mark.parametrize("ask", ["最早的一笔借款是谁借的", "最近一次借款是谁", "借款最早的一笔是谁借的",
                                 "最新的一笔借款是谁借的"])
def test_a_chinese_date_superlative_compares_the_date_its_noun_names(ask):
    got = _answer(ask, _loans())
    assert got is not None and got.startswith("=INDEX(B2:B7,MATCH(M") and got.endswith("(C2:C7),C2:C7,0))"), got


def test_the_repayment_date_when_the_request_says_repayment():
    assert _answer("最近一次还款是谁", _loans()) == "=INDEX(B2:B7,MATCH(MAX(F2:F7),F2:F7,0))"


def _trips():
    rows = [["单号", "姓名", "目的地", "出发日期", "返回日期", "交通费"]]
    for i in range(6):
        rows.append([f"CC{100 + i}", ["郭思琪", "张子轩", "周海涛"][i % 3], "上海",
                     dt.date(2026, 11, 2 + i), dt.date(2026, 11, 4 + 2 * i), 100 + i])
    return schema_from_rows(rows, sheet="出差")


@pytest.mark.parametrize("ask", ["最近一次出差是谁？", "最近一趟出差是哪位去的", "最近出差的人是谁"])
def test_a_log_row_is_dated_by_its_first_date_column(ask):
    assert _answer(ask, _trips()) == "=INDEX(B2:B7,MATCH(MAX(D2:D7),D2:D7,0))"


def _members():
    rows = [["Member", "Date of birth", "Joined", "Plan"]]
    for i in range(5):
        rows.append([f"M{i}", dt.date(1980 + i, 1, 1), dt.date(2025, 1 + i, 1), "Gold"])
    return schema_from_rows(rows, sheet="Members")


def test_a_date_of_birth_is_never_the_rows_own_date():
    got = _answer("最近的会员是谁", _members())
    assert got is None or "MAX(C2:C6)" in got, got


def _stamps():
    rows = [["序号", "用印日期", "用印时间", "经办人", "文件名称"]]
    for i in range(5):
        rows.append([i + 1, dt.date(2026, 11, 3 + i), dt.time(9 + i, 30), f"经办{i}", f"文件{i}"])
    return schema_from_rows(rows, sheet="用印")


def test_a_day_and_a_time_of_day_beside_it_are_not_guessed_between():
    assert _answer("最晚一次用印的文件名称", _stamps()) is None
    assert _answer("用印时间最晚的那次是什么文件", _stamps()) == "=INDEX(E2:E6,MATCH(MAX(C2:C6),C2:C6,0))"


def _jobs():
    rows = [["Job No", "Customer", "Booked in", "Promised", "Collected", "Price"]]
    for i in range(5):
        rows.append([f"J{i}", f"Cust {i}", dt.date(2026, 10, 1 + i), dt.date(2026, 10, 20 - i),
                     dt.date(2026, 11, 1 + i), 100 + i])
    return schema_from_rows(rows, sheet="Jobs")


@pytest.mark.parametrize("ask", ["which job came in most recently?", "most recent job - which job no?",
                                 "which customer is the latest job for"])
def test_most_recently_in_english_compares_the_first_date(ask):
    got = _answer(ask, _jobs())
    assert got is None or got.endswith("MATCH(MAX(C2:C6),C2:C6,0))"), got
    assert _answer("which job came in most recently?", _jobs()) == "=INDEX(A2:A6,MATCH(MAX(C2:C6),C2:C6,0))"


def _mileage():
    rows = [["Date", "Employee", "From", "To", "Miles"]]
    for i in range(6):
        rows.append([dt.date(2026, 11, 2 + i), ["Ann", "Bob", "Cy"][i % 3], "Leeds", "York", 12.5 + 7 * (i % 4)])
    return schema_from_rows(rows, sheet="Trips")


@pytest.mark.parametrize("ask,fn", [("Who did the shortest trip?", "MIN"), ("who drove the longest journey", "MAX"),
                                    ("shortest trip - who was it?", "MIN")])
def test_longest_and_shortest_compare_the_one_length_column(ask, fn):
    got = _answer(ask, _mileage())
    assert got is None or got == f"=INDEX(B2:B7,MATCH({fn}(E2:E7),E2:E7,0))", got
    assert _answer("Who did the shortest trip?", _mileage()) == "=INDEX(B2:B7,MATCH(MIN(E2:E7),E2:E7,0))"


def test_longest_is_refused_beside_both_minutes_and_miles():
    rows = [["Driver", "Minutes", "Miles"], ["Ann", 30, 12], ["Bob", 45, 9], ["Cy", 20, 14]]
    assert _answer("who did the longest trip", schema_from_rows(rows, sheet="Runs")) is None


def _webinar():
    rows = [["Ticket", "Name", "Minutes watched", "Fee"]]
    for i in range(6):
        rows.append([f"T{i}", f"Person {i}", 40 + 3 * i if i < 4 else None, 25])
    return schema_from_rows(rows, sheet="Webinar")


@pytest.mark.parametrize("ask", ["Who watched for the longest?", "name of the person with the most minutes watched",
                                 "who has the most minutes watched"])
def test_a_compared_column_with_blank_last_rows_is_read_over_every_row(ask):
    # its blank last rows left out of MAX or read (blank): the same row either way
    assert _answer(ask, _webinar()) in ("=INDEX(B2:B7,MATCH(MAX(C2:C7),C2:C7,0))",
                                        "=INDEX(B2:B7,MATCH(MAX(C2:C5),C2:C5,0))")


def _firewood():
    rows = [["Order no", "Customer", "Ordered", "Loads", "Price per load"]]
    for i in range(6):
        rows.append([100 + i, ["Hill Farm", "Mrs Dale", "The Forge"][i % 3], dt.date(2026, 10, 1 + i), 1 + (i * 3) % 5, 60])
    return schema_from_rows(rows, sheet="Orders")


@pytest.mark.parametrize("ask", ["Which customer ordered the most loads in one go?",
                                 "customer with the most loads in a single order",
                                 "who ordered the most loads in one order"])
def test_a_verb_header_that_is_a_date_is_not_the_compared_number(ask):
    got = _answer(ask, _firewood())
    assert got is None or got == "=INDEX(B2:B7,MATCH(MAX(D2:D7),D2:D7,0))", got
    assert _answer("Which customer ordered the most loads in one go?", _firewood()) \
        == "=INDEX(B2:B7,MATCH(MAX(D2:D7),D2:D7,0))"


def _pork():
    rows = [["日期", "部位", "斤", "单价", "金额", "客户"]]
    for i in range(6):
        rows.append([dt.date(2026, 11, 1 + i), ["五花", "排骨", "前腿"][i % 3], 2 + i, 18, (2 + i) * 18 + i,
                     ["老王", "张姐"][i % 2]])
    return schema_from_rows(rows, sheet="日销")


@pytest.mark.parametrize("ask,col", [("哪一单卖的钱最多，是什么部位", "B"), ("金额最大的一单是哪个客户", "F"),
                                     ("一单卖钱最多的客户是谁", "F")])
def test_one_order_said_with_yi_dan_is_a_single_row(ask, col):
    got = _answer(ask, _pork())
    assert got is None or got == f"=INDEX({col}2:{col}7,MATCH(MAX(E2:E7),E2:E7,0))", got
    assert _answer("哪一单卖的钱最多，是什么部位", _pork()) == "=INDEX(B2:B7,MATCH(MAX(E2:E7),E2:E7,0))"


def _patents():
    rows = [["申请号", "名称", "发明人", "申请日", "授权日"]]
    for i in range(5):
        rows.append([f"CN2248{i}", f"装置{i}", ["徐晓东", "杨国华"][i % 2], dt.date(2026, 3, 1 + i),
                     dt.date(2026, 9, 1 + i)])
    return schema_from_rows(rows, sheet="专利")


@pytest.mark.parametrize("ask", ["最近申请的一件专利叫什么", "最新申请的专利叫什么名字", "最早申请的那件专利叫啥"])
def test_a_things_name_asked_with_jiao_shenme_is_its_name_column(ask):
    got = _answer(ask, _patents())
    assert got is None or got.startswith("=INDEX(B2:B6,"), got
    assert _answer("最近申请的一件专利叫什么", _patents()) == "=INDEX(B2:B6,MATCH(MAX(D2:D6),D2:D6,0))"


def test_a_persons_name_asked_with_jiao_shenme_is_still_the_person():
    got = _answer("最早申请专利的人叫什么", _patents())
    assert got is None or got.startswith("=INDEX(C2:C6,"), got
