"""Conditions inside one-cell aggregates (helper h/fcond9, eleventh session), each class on a
sheet of our own: "no. of" as a count; money "owed / outstanding / unpaid" as the No rows of a
Paid column; a verb that only says a row has a Yes / No column ("hired shoes", "marked paid");
a share said first ("% paid so far"); a Chinese scope before a share ("预约里…的比例"); a blank
column said with a verb between 没 and it (没交定金) or followed by 空着 / 为空, or with 成绩 after it."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _ask(text, s):
    return formula(text, sheet=s, method="rules").formula


@pytest.fixture
def mowing():
    """A gardener's jobs: a Fee column, a Paid Yes / No column, a Trimmings Yes / No column."""
    rows = [["Job", "Date", "Street", "Fee", "Trimmings", "Paid"]]
    streets = ["Elm Road", "Ash Grove", "Elm Road", "Bay Close", "Ash Grove", "Elm Road", "Bay Close"]
    for i, st in enumerate(streets):
        rows.append([f"M{40 + i}", dt.date(2026, 5, 2 + i), st, 25 + 5 * i,
                     "Yes" if i % 3 == 0 else "No", "No" if i in (1, 4, 5) else "Yes"])
    return schema_from_rows(rows, sheet="Mowing")


def test_no_dot_of_counts_the_rows(mowing):
    assert _ask("no. of jobs not paid yet", mowing) == '=COUNTIF(F2:F8,"No")'
    assert _ask("Elm Road - no. of jobs not paid yet", mowing) == '=COUNTIFS(F2:F8,"No",C2:C8,"Elm Road")'


def test_money_owed_is_the_unpaid_rows_of_the_money(mowing):
    assert _ask("how much is still owed to me", mowing) == '=SUMIF(F2:F8,"No",D2:D8)'
    assert _ask("outstanding fees on Ash Grove", mowing) == '=SUMIFS(D2:D8,F2:F8,"No",C2:C8,"Ash Grove")'


def test_owed_is_a_value_where_the_sheet_says_it():
    rows = [["Invoice", "Client", "Amount", "Status", "Paid"]]
    for i in range(6):
        rows.append([f"INV{i}", ["Kerr", "Lamb"][i % 2], 100 + i, ["Outstanding", "Settled"][i % 2],
                     ["No", "Yes"][i % 2]])
    s = schema_from_rows(rows, sheet="Invoices")
    # "outstanding" names the Status value here, never the Paid column's No rows
    try:
        got = _ask("total outstanding amount", s)
    except TaskError:
        got = ""
    assert "E2:E7" not in got


def test_a_have_verb_before_a_yes_no_column(mowing):
    assert _ask("what % of jobs included trimmings", mowing) == '=COUNTIF(E2:E8,"Yes")/COUNTA(E2:E8)'
    assert _ask("how many jobs had trimmings", mowing) == '=COUNTIF(E2:E8,"Yes")'
    assert _ask("share of jobs marked paid", mowing) == '=COUNTIF(F2:F8,"Yes")/COUNTA(F2:F8)'


def test_a_share_said_first(mowing):
    assert _ask("% paid so far", mowing) == '=COUNTIF(F2:F8,"Yes")/COUNTA(F2:F8)'
    assert _ask("percent unpaid", mowing) == '=COUNTIF(F2:F8,"No")/COUNTA(F2:F8)'


def test_a_leading_percent_with_no_condition_is_not_a_share(mowing):
    with pytest.raises(TaskError):
        _ask("% fee", mowing)


@pytest.fixture
def studio():
    """A rehearsal studio's bookings: a 会员 是 / 否 column, a 押金 column left blank when none was taken."""
    rows = [["预约号", "日期", "房间", "会员", "押金"]]
    for i in range(8):
        rows.append([f"Y{300 + i}", dt.date(2026, 9, 1 + i), ["大厅", "小间"][i % 2],
                     "是" if i % 3 else "否", None if i in (2, 5) else 100])
    return schema_from_rows(rows, sheet="预约记录")


def test_a_sheet_scope_before_a_share(studio):
    assert _ask("预约记录里会员的比例", studio) == '=COUNTIF(D2:D9,"是")/COUNTA(D2:D9)'
    assert _ask("预约里会员占百分之几", studio) == '=COUNTIF(D2:D9,"是")/COUNTA(D2:D9)'


def test_a_blank_column_said_with_a_verb_or_as_empty(studio):
    assert _ask("没交押金的有几单", studio) == "=COUNTBLANK(E2:E9)"
    assert _ask("押金空着的有几个", studio) == "=COUNTBLANK(E2:E9)"
    assert _ask("大厅没交押金的有几单", studio) == '=COUNTIFS(E2:E9,"",C2:C9,"大厅")'


def test_a_blank_score_said_with_its_noun():
    rows = [["编号", "姓名", "笔试", "复试"]]
    for i in range(6):
        rows.append([f"A{i}", f"考生{i}", 70 + i, None if i % 2 else 80 + i])
    s = schema_from_rows(rows, sheet="考生")
    assert _ask("有几个人还没有复试成绩", s) == "=COUNTBLANK(D2:D7)"


def test_a_place_value_said_in_full_or_short(mowing):
    rows = [["Job", "Street", "Fee"]]
    for i, st in enumerate(["Kings Ave", "Mill Road", "Kings Ave", "High St", "Mill Road"]):
        rows.append([f"W{i}", st, 10 + i])
    s = schema_from_rows(rows, sheet="Rounds")
    assert _ask("how many jobs on Kings Avenue", s) == '=COUNTIF(B2:B6,"Kings Ave")'
    assert _ask("total fee for Mill Rd", s) == '=SUMIF(B2:B6,"Mill Road",C2:C6)'
    assert _ask("fees on the high street", s) == '=SUMIF(B2:B6,"High St",C2:C6)'


def test_a_hyphenated_value_said_without_its_hyphen():
    rows = [["Job", "Bike", "Work"]]
    for i, (b, w) in enumerate([("E-bike", "Full service"), ("Road", "Puncture"), ("E-bike", "Puncture"),
                                ("E-bike", "Full service"), ("Hybrid", "Full service")]):
        rows.append([f"J{i}", b, w])
    s = schema_from_rows(rows, sheet="Jobs")
    assert _ask("number of punctures on ebikes", s) == '=COUNTIFS(C2:C6,"Puncture",B2:B6,"E-bike")'


def test_two_values_joined_by_a_plus():
    rows = [["Visit", "Piano", "Fee"]]
    for i, p in enumerate(["Upright", "Grand", "Baby Grand", "Upright", "Grand"]):
        rows.append([f"V{i}", p, 60 + i])
    s = schema_from_rows(rows, sheet="Visits")
    assert _ask("no. of grand + baby grand pianos", s) == '=SUM(COUNTIF(B2:B6,{"Baby Grand","Grand"}))'


def test_the_rows_a_share_is_of_named_by_what_a_row_is():
    rows = [["Ref", "Name", "Country", "Ticket"]]
    for i, c in enumerate(["India", "Kenya", "India", "Peru", "India", "Kenya"]):
        rows.append([f"R{i}", f"N{i}", c, ["Day", "Full"][i % 2]])
    s = schema_from_rows(rows, sheet="Registrations")
    assert _ask("what percent of registrants are from India", s) == '=COUNTIF(C2:C7,"India")/COUNTA(C2:C7)'
    assert _ask("share of attendees from kenya", s) == '=COUNTIF(C2:C7,"Kenya")/COUNTA(C2:C7)'


def test_a_chinese_share_names_its_whole():
    rows = [["订单号", "门店", "付款状态", "营业额"]]
    for i in range(8):
        rows.append([f"D{i}", ["东店", "西店"][i % 2], ["已付款", "待付款"][i % 3 == 0], 100 + 10 * i])
    s = schema_from_rows(rows, sheet="订单")
    assert _ask("东店营业额占总营业额的百分比", s) == '=SUMIF(B2:B9,"东店",D2:D9)/SUM(D2:D9)'
    assert _ask("东店营业额占总和的比例", s) == '=SUMIF(B2:B9,"东店",D2:D9)/SUM(D2:D9)'


@pytest.fixture
def ferry():
    """Crossings: a Vehicle column that writes None for a foot passenger."""
    rows = [["Ticket", "Date", "Vehicle", "Fare"]]
    for i, v in enumerate(["Car", "None", "Van", "None", "Car", "Motorbike", "None"]):
        rows.append([f"T{i}", dt.date(2026, 7, 1 + i), v, 20 + i])
    return schema_from_rows(rows, sheet="Tickets")


def test_a_column_whose_none_is_a_word(ferry):
    assert _ask("how many tickets had a vehicle on them", ferry) == '=COUNTIF(C2:C8,"<>None")'
    assert _ask("how many tickets with no vehicle", ferry) == '=COUNTIF(C2:C8,"None")'
    assert _ask("what % of tickets had a vehicle", ferry) == '=COUNTIF(C2:C8,"<>None")/COUNTA(C2:C8)'


def test_owed_rows_counted(mowing):
    assert _ask("how many jobs are still owed", mowing) == '=COUNTIF(F2:F8,"No")'


def test_a_value_left_out_in_other_words(studio):
    assert _ask("不算小间，一共几单", studio) == '=COUNTIF(C2:C9,"<>小间")'
    assert _ask("how many bookings not counting 小间", studio) == '=COUNTIF(C2:C9,"<>小间")'


def test_getting_any_before_an_amount_column():
    rows = [["Student", "Language", "Discount"]]
    for i in range(6):
        rows.append([f"S{i}", ["French", "Thai"][i % 2], [0, 10, 0, 5, 15, 0][i]])
    s = schema_from_rows(rows, sheet="Enrolments")
    assert _ask("% of students getting any discount", s) == '=COUNTIF(C2:C7,">0")/COUNTA(A2:A7)'
