"""Counts and shares of rows said by what one row is, and shares of the rows still blank (issue 16, round 15).

"午托的孩子占多少比例" (孩子: each row is a child), "count of gigs with an event date in 2027" (a gig
a row); "what % of invoices haven't been paid", "还没缴费的孩子占多少比例":
the rows read_blank counts (a date still empty) over all the table's rows.  "after 3/1/2027 and before
25/1/2027": a slashed date the request itself settles (dayorder.py).  Sheets written here;
values checked by the engine.
"""

import datetime as dt
import re

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def kids():
    return schema_from_rows([
        ["学号", "姓名", "年级", "月费", "午托", "缴费日期"],
        ["001", "马丽", "四年级", 1580, "是", dt.date(2026, 9, 1)],
        ["002", "张轩", "五年级", 1280, "是", None],
        ["003", "孙琪", "四年级", 1280, "否", dt.date(2026, 9, 3)],
        ["004", "徐思", "一年级", 880, "否", None],
        ["005", "李明", "一年级", 880, "是", dt.date(2026, 9, 5)],
    ])


@pytest.fixture
def gigs():
    return schema_from_rows([
        ["Ref", "Client", "Event date", "Fee", "Paid date"],
        ["G1", "Ann", dt.date(2026, 11, 20), 400, dt.date(2026, 11, 21)],
        ["G2", "Bob", dt.date(2026, 12, 12), 550, None],
        ["G3", "Cat", dt.date(2027, 1, 9), 300, None],
        ["G4", "Dan", dt.date(2027, 2, 14), 650, dt.date(2026, 12, 1)],
    ], sheet="Bookings")


@pytest.mark.parametrize("request_", ["午托的孩子占多少比例", "午托的孩子占比", "午托的小孩占多少比例"])
def test_a_yes_share_said_of_the_children(kids, request_):
    r = formula(request_, kids, "H2", method="rules")
    assert r.formula.startswith('=COUNTIF(E2:E6,"是")/COUNTA(')
    assert r.value == pytest.approx(0.6)


@pytest.mark.parametrize("request_", ["午托的孩子有几个", "有多少个孩子午托"])
def test_a_yes_count_said_of_the_children(kids, request_):
    r = formula(request_, kids, "H2", method="rules")
    assert r.formula == '=COUNTIF(E2:E6,"是")'
    assert r.value == 3


@pytest.mark.parametrize("request_", ["how many gigs have an event date after 1 Jan 2027",
                                      "count of gigs with an event date after 1 Jan 2027",
                                      "number of gigs with an event date in 2027"])
def test_gigs_are_rows(gigs, request_):
    r = formula(request_, gigs, "H2", method="rules")
    assert r.value == 2
    assert "D2:D5" not in r.formula


@pytest.mark.parametrize("request_", ["how many gigs after 1 Jan 2027", "number of gigs in 2027"])
def test_a_date_of_two_not_said_is_refused(gigs, request_):
    with pytest.raises(TaskError):  # Event date or Paid date?
        formula(request_, gigs, "H2", method="rules")


def test_average_fee_per_gig(gigs):
    r = formula("average fee per gig", gigs, "H2", method="rules")
    assert r.formula == "=AVERAGE(D2:D5)"


@pytest.mark.parametrize("request_", ["what % of invoices haven't been paid", "share of bookings with no paid date",
                                      "what percentage of gigs have no paid date yet"])
def test_share_of_the_rows_still_blank(gigs, request_):
    r = formula(request_, gigs, "H2", method="rules")
    assert r.formula == "=COUNTBLANK(E2:E5)/COUNTA(A2:A5)"
    assert r.value == pytest.approx(0.5)


@pytest.mark.parametrize("request_", ["还没缴费的孩子占多少比例", "没有缴费日期的占比"])
def test_share_of_the_rows_still_blank_zh(kids, request_):
    r = formula(request_, kids, "H2", method="rules")
    assert r.formula == "=COUNTBLANK(F2:F6)/COUNTA(B2:B6)"  # (学号 is read as numbers: 姓名 counts the rows)
    assert r.value == pytest.approx(0.4)


def test_a_blank_share_under_a_condition_is_not_read_as_of_the_whole_table(gigs):
    try:
        r = formula("what % of Bob's gigs haven't been paid", gigs, "H2", method="rules")
    except TaskError:
        return
    assert "Bob" in r.formula or "B2:B5" in r.formula


@pytest.fixture
def events():
    return schema_from_rows([
        ["Ref", "Client", "Event date", "Fee"],
        ["G1", "Ann", dt.date(2026, 11, 20), 400],
        ["G2", "Bob", dt.date(2026, 12, 12), 550],
        ["G3", "Cat", dt.date(2027, 1, 9), 300],
        ["G4", "Dan", dt.date(2027, 2, 14), 650],
    ], sheet="Bookings")


@pytest.mark.parametrize("request_, formula_", [
    # another date with its day over 12 says the request writes the day first (or the month)
    ("how many bookings with an event date after 3/1/2027 and before 25/1/2027",
     '=COUNTIFS(C2:C5,">"&DATE(2027,1,3),C2:C5,"<"&DATE(2027,1,25))'),
    ("count of bookings with an event date from 1/12/2026 to 31/12/2026",
     '=COUNTIFS(C2:C5,">="&DATE(2026,12,1),C2:C5,"<="&DATE(2026,12,31))'),
    ("count of bookings with an event date from 12/1/2026 to 12/31/2026",
     '=COUNTIFS(C2:C5,">="&DATE(2026,12,1),C2:C5,"<="&DATE(2026,12,31))'),
])
def test_a_slashed_date_the_request_settles(events, request_, formula_):
    r = formula(request_, events, "H2", method="rules")
    assert r.formula == formula_
    assert r.value == 1


@pytest.mark.parametrize("request_", [
    "how many bookings with an event date after 3/1/2027",  # 3 January or 1 March: not guessed
    "how many bookings with an event date after 3/1/2027 and before 25/1/2027 or 1/25/2027",  # two cues
])
def test_a_slashed_date_left_unsettled_is_refused(events, request_):
    with pytest.raises(TaskError):
        formula(request_, events, "H2", method="rules")


def test_settled_rewrites_only_what_the_request_settles():
    from o3local.tasks.formula.dayorder import settled

    assert settled("after 7/12/2026, today is 7 Dec 2026") == "after 7 Dec 2026, today is 7 Dec 2026"
    assert settled("from 7/12/2026 to 19/12/2026") == "from 7 Dec 2026 to 19 Dec 2026"
    assert settled("from 12/7/2026 to 12/19/2026") == "from 7 Dec 2026 to 19 Dec 2026"
    assert settled("after 7/12/2026") == "after 7/12/2026"
    assert settled("7/12/2026 or 13/1/2027 or 1/13/2027") == "7/12/2026 or 13/1/2027 or 1/13/2027"


@pytest.fixture
def petty():
    return schema_from_rows([
        ["凭证号", "经手人", "金额", "发票", "回单"],
        ["BY-01", "王", 120, "是", "是"],
        ["BY-02", "李", 80, None, "否"],
        ["BY-03", "王", 200, "是", "是"],
        ["BY-04", "赵", 50, None, "否"],
    ])


@pytest.mark.parametrize("request_, formula_, value", [
    ("有票的有几笔", r'=COUNTIF\(D2:D[45],"是"\)', 2),
    ("有票的占比", r'=COUNTIF\(D2:D[45],"是"\)/COUNTA\(A2:A5\)', 0.5),
    ("有票的占全部笔数的百分之多少", r'=COUNTIF\(D2:D[45],"是"\)/COUNTA\(A2:A5\)', 0.5),
    ("没回单的有几笔", r'=COUNTIF\(E2:E5,"否"\)', 2),
])
def test_a_yes_no_column_said_by_its_thing(petty, request_, formula_, value):
    r = formula(request_, petty, "H2", method="rules")
    assert re.fullmatch(formula_, r.formula)  # (D2:D4: the last 是 is the column's last cell)
    assert r.value == pytest.approx(value)


def test_no_thing_where_no_is_left_blank_is_refused(petty):
    with pytest.raises(TaskError):  # 发票 leaves its no rows blank: 没票 is not guessed
        formula("没票的有几笔", petty, "H2", method="rules")
