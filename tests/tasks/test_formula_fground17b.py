"""Columns named the way people talk (issue #16 item 2): a synonym the sheet's header does not
hold (联系方式 for 联系电话, "odometer reading" for Odometer, 评价 for 评分), a question word that names the
column asked (几号房 for 房号, 发到哪 for 收货地址, 买的什么 for 商品, "who raised" for Requester),
a header named by its qualifier alone ("net" for Net amount), a verb that is a date header's own
word ("when did Noah join" for Joined), and people's names with O' / Mc.  Our own small sheets;
each ask is written the way several different people would type it."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.aggregates import _PERSON_NAME
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _members():
    return schema_from_rows([["学号", "姓名", "联系电话", "班级"], ["S01", "王小明", "13800000001", "一班"],
                             ["S02", "李红", "13800000002", "二班"], ["S03", "张伟", "13800000003", "一班"]],
                            sheet="学员")


@pytest.mark.parametrize("request_", ["查一下李红的联系方式", "李红的电话号码是多少", "李红联系电话多少"])
def test_a_phone_named_by_another_word(request_):
    assert _answer(request_, _members()) == '=INDEX(C2:C4,MATCH("李红",B2:B4,0))'


def _rooms():
    return schema_from_rows([["房号", "姓名", "入住日期", "月租"], ["0301", "王小明", dt.date(2026, 1, 3), 800],
                             ["0302", "李红", dt.date(2026, 2, 3), 900], ["0405", "张伟", dt.date(2026, 3, 3), 850]],
                            sheet="宿舍")


@pytest.mark.parametrize("request_", ["李红住几号房", "李红住哪个房间", "李红的房间号"])
def test_which_room_is_the_room_number_not_a_date(request_):
    # 几号 asks for a date only when no noun follows it: 几号房 is the room
    assert _answer(request_, _rooms()) == '=INDEX(A2:A4,MATCH("李红",B2:B4,0))'


def test_a_plain_day_question_still_reads_the_date():
    assert _answer("李红几号入住的", _rooms()) == '=INDEX(C2:C4,MATCH("李红",B2:B4,0))'


def _orders():
    return schema_from_rows([["订单号", "客户", "商品", "数量", "收货地址"], ["D1", "王小明", "苹果", 3, "北京朝阳"],
                             ["D2", "李红", "香蕉", 2, "上海浦东"], ["D3", "张伟", "梨", 5, "广州天河"]], sheet="订单")


@pytest.mark.parametrize("request_", ["订单D2发到哪", "D2寄到哪里", "D2这单送到哪"])
def test_where_it_was_sent_is_the_address(request_):
    assert _answer(request_, _orders()) == '=INDEX(E2:E4,MATCH("D2",A2:A4,0))'


@pytest.mark.parametrize("request_", ["李红买的什么", "李红买了什么", "李红买的啥"])
def test_what_was_bought_is_the_product(request_):
    assert _answer(request_, _orders()) == '=INDEX(C2:C4,MATCH("李红",B2:B4,0))'


def test_two_address_columns_tie_and_refuse():
    sheet = schema_from_rows([["订单号", "客户", "收货地址", "收件地址"], ["D1", "王小明", "北京", "北京"],
                              ["D2", "李红", "上海", "杭州"], ["D3", "张伟", "广州", "深圳"]], sheet="订单")
    assert _answer("订单D2发到哪", sheet) is None


def _tickets():
    return schema_from_rows([["Ticket", "Opened", "Agent", "Requester"],
                             ["HD-1201", dt.date(2026, 11, 2), "Ben Okoro", "Noah O'Connor"],
                             ["HD-1202", dt.date(2026, 11, 3), "Ava McDonald", "Liam Smith"],
                             ["HD-1203", dt.date(2026, 11, 4), "Ben Okoro", "Zoe Adams"]], sheet="Tickets")


@pytest.mark.parametrize("request_", ["who raised ticket HD-1203?", "who reported HD-1203", "HD-1203 raised by who?"])
def test_who_raised_is_the_requester_not_the_agent(request_):
    assert _answer(request_, _tickets()) == '=INDEX(D2:D4,MATCH("HD-1203",A2:A4,0))'


def _fleet():
    return schema_from_rows([["Plate", "Make", "Odometer (km)", "Km last month"],
                             ["AB12 CDE", "Ford", 40210, 900], ["XY34 ZZZ", "Kia", 12000, 1300],
                             ["LM56 NOP", "VW", 88000, 400]], sheet="Fleet")


@pytest.mark.parametrize("request_", ["odometer reading for XY34 ZZZ", "what's the clock reading on XY34 ZZZ",
                                      "XY34 ZZZ odometer?"])
def test_the_odometer_reading(request_):
    got = _answer(request_, _fleet())
    assert got is not None and "C2:C4" in got and "XY34 ZZZ" in got, got


def test_mileage_is_the_miles_not_the_odometer():
    sheet = schema_from_rows([["Plate", "Odometer", "Miles"], ["A1", 40210, 90], ["B2", 12000, 130],
                              ["C3", 88000, 40]], sheet="Fleet")
    got = _answer("what's the mileage on B2", sheet)
    assert got is None or "B2:B4" not in got, got


def _ratings():
    return schema_from_rows([["订单号", "司机", "评分"], ["A1", "王强", 5], ["A2", "李明", 3], ["A3", "王强", 4]],
                            sheet="订单")


@pytest.mark.parametrize("request_,expected", [("王强的平均评价", '=AVERAGEIF(B2:B4,"王强",C2:C4)'),
                                               ("平均打分", "=AVERAGE(C2:C4)"),
                                               ("王强平均打的分", '=AVERAGEIF(B2:B4,"王强",C2:C4)')])
def test_a_rating_named_by_another_word(request_, expected):
    assert _answer(request_, _ratings()) == expected


def _invoices():
    return schema_from_rows([["Invoice No", "Vendor", "Net amount", "VAT"], ["I1", "Acme", 100, 20],
                             ["I2", "Bolt", 200, 40], ["I3", "Acme", 50, 10]], sheet="Invoices")


@pytest.mark.parametrize("request_,expected", [("total net", "=SUM(C2:C4)"),
                                               ("Acme total net?", '=SUMIF(B2:B4,"Acme",C2:C4)'),
                                               ("sum of the net for Acme", '=SUMIF(B2:B4,"Acme",C2:C4)')])
def test_net_names_the_net_amount_column(request_, expected):
    assert _answer(request_, _invoices()) == expected


def test_net_without_a_net_column_is_still_sales_less_cost():
    sheet = schema_from_rows([["Week", "Sales", "Cost"], ["W1", 100, 60], ["W2", 200, 90]], sheet="P&L")
    assert _answer("total net", sheet) == "=SUM(B2:B3)-SUM(C2:C3)"


def _water():
    return schema_from_rows([["日期", "客户", "桶数", "单价"], [dt.date(2026, 12, 1), "王老师", 3, 12],
                             [dt.date(2026, 12, 2), "李老师", 2, 12], [dt.date(2026, 12, 3), "王老师", 4, 12]],
                            sheet="配送")


@pytest.mark.parametrize("request_", ["平均每单几桶", "每单平均多少桶", "一单平均送几桶"])
def test_how_many_in_a_headers_unit_names_it(request_):
    assert _answer(request_, _water()) == "=AVERAGE(C2:C4)"


def _staff(header):
    rows = [["Name", "Dept", "Date of birth", header]]
    for i, n in enumerate(["Noah O'Connor", "Ava McDonald", "Liam Smith", "Mia Jones"]):
        rows.append([n, "Ops", dt.date(1990, 1, 5 + i), dt.date(2020, 1, 5 + i)])
    return schema_from_rows(rows, sheet="Staff")


@pytest.mark.parametrize("header", ["Joined", "Start date", "Join date"])
@pytest.mark.parametrize("request_,name", [("when did Noah join", "Noah O'Connor"),
                                           ("When did Ava McDonald join?", "Ava McDonald"),
                                           ("when did liam join", "Liam Smith")])
def test_when_did_someone_join(header, request_, name):
    assert _answer(request_, _staff(header)) == f'=INDEX(D2:D5,MATCH("{name}",A2:A5,0))'


def test_names_with_o_and_mc_are_peoples_names():
    for name in ("Noah O'Connor", "Ava McDonald", "Liam MacLeod", "Amy Smith-Jones", "Zoe D'Souza", "Bob Smith"):
        assert _PERSON_NAME.fullmatch(name), name
    for other in ("iPhone Pro", "ABC Ltd", "Red", "Unit 4B"):
        assert not _PERSON_NAME.fullmatch(other), other


def test_where_did_it_happen_is_the_location():
    sheet = schema_from_rows([["Incident", "Date", "Location", "Type"],
                              ["IN-0316", dt.date(2026, 11, 2), "Warehouse", "Slip"],
                              ["IN-0317", dt.date(2026, 11, 3), "Yard", "Fire"],
                              ["IN-0318", dt.date(2026, 11, 4), "Office", "Slip"]], sheet="Incidents")
    for request_ in ("Where did incident IN-0318 happen?", "where did IN-0318 take place", "where was IN-0318"):
        assert _answer(request_, sheet) == '=INDEX(C2:C4,MATCH("IN-0318",A2:A4,0))', request_


def test_what_was_it_about_is_the_subject_or_category():
    tickets = schema_from_rows([["Ticket", "Opened", "Agent", "Subject"],
                                ["HD-1201", dt.date(2026, 11, 2), "Ben Okoro", "Printer jam"],
                                ["HD-1202", dt.date(2026, 11, 3), "Ava McDonald", "VPN down"]], sheet="Tickets")
    cases = schema_from_rows([["Case", "Received", "Customer", "Category"],
                              ["C-2698", dt.date(2026, 11, 3), "Bo", "Delivery"],
                              ["C-2699", dt.date(2026, 11, 4), "Cy", "Billing"]], sheet="Complaints")
    for request_ in ("what was HD-1202 about?", "what's ticket HD-1202 about", "HD-1202 - what was it about"):
        assert _answer(request_, tickets) == '=INDEX(D2:D3,MATCH("HD-1202",A2:A3,0))', request_
    assert _answer("What was case 2699 about?", cases) == '=INDEX(D2:D3,MATCH("C-2699",A2:A3,0))'
    assert _answer("about how many cases are billing", cases) is None  # "about" there is no column


def test_done_by_names_the_doers_column():
    sheet = schema_from_rows([["Date", "Visitor", "Host", "Purpose"],
                              [dt.date(2026, 12, 1), "Ann Lee", "Rory Bennett", "Interview"],
                              [dt.date(2026, 12, 1), "Bo Chan", "Phoebe Ellis", "Meeting"],
                              [dt.date(2026, 12, 2), "Cy Dunn", "Rory Bennett", "Meeting"]], sheet="Visitors")
    for request_ in ("count of visits hosted by Rory Bennett", "how many visitors were hosted by Rory",
                     "no. of visits hosted by rory bennett"):
        assert _answer(request_, sheet) == '=COUNTIF(C2:C4,"Rory Bennett")', request_
