"""Aggregates on sheets and phrasings no rule was tuned on (issue 16): a header named in another
form of its words, the one money column of a sheet, counts of rows whose cell is still empty."""

from __future__ import annotations

import datetime as dt

from o3local.tasks.formula.aggregates import money_column, read_blank, stem_match
from o3local.tasks.formula.rules import read_request
from o3local.tasks.formula.schema import build_schema

D = dt.date(2026, 10, 1)


def _sheet(headers, rows, name="Sheet1"):
    cells = {(1, c): h for c, h in enumerate(headers, start=1)}
    for r, row in enumerate(rows, start=2):
        for c, v in enumerate(row, start=1):
            if v is not None:
                cells[(r, c)] = v
    return build_schema(cells, name)


def _formula(schema, request):
    reading = read_request(request, schema)
    return reading.formula if reading is not None else None


def test_stem_match():
    assert stem_match("rebate", "rebates") and stem_match("consultation", "consult")
    assert stem_match("math", "maths") and stem_match("paid", "paid")
    assert not stem_match("over", "overtime") and not stem_match("part", "partner")


def test_header_named_in_another_form():
    s = _sheet(["Region", "Rebates", "Units Sold"],
               [["North", 10, 3], ["South", 20, 4], ["North", 30, 5], ["East", 5, 1]])
    assert _formula(s, "average rebate for North") == '=AVERAGEIF(A2:A5,"North",B2:B5)'


def test_the_header_most_words_name():
    s = _sheet(["Class", "Science Midterm", "Science Final", "History Final"],
               [["7A", 50, 60, 70], ["7B", 55, 65, 75], ["7A", 52, 62, 72], ["7C", 40, 80, 60]])
    assert _formula(s, "top final mark in science") == "=MAX(C2:C5)"


def test_two_headers_named_alike_are_refused():
    s = _sheet(["Film", "Adult Price", "Adult Sold"],
               [["Up", 9, 30], ["Jaws", 9, 20], ["Up", 9, 10], ["Heat", 9, 5]])
    assert _formula(s, "average adult for Up") is None


def test_the_one_money_column():
    s = _sheet(["Day", "Method", "Qty", "Unit Price", "Amount"],
               [[D, "Card", 2, 3, 6], [D, "Cash", 1, 3, 3], [D, "Card", 4, 2, 8], [D, "Cash", 1, 5, 5]])
    assert money_column(s).header == "Amount"
    assert _formula(s, "how much did we take from Card") == '=SUMIF(B2:B5,"Card",E2:E5)'
    two = _sheet(["Film", "Adult Price", "Child Price", "Snacks (USD)"], [["Up", 9, 5, 40], ["Jaws", 9, 5, 30]])
    assert money_column(two) is None  # the takings are prices times tickets, no one column
    tip = _sheet(["Dish", "Qty", "Unit Price", "Tip"], [["Soup", 2, 5, 1], ["Tea", 1, 2, 0]])
    assert money_column(tip) is None  # next to a unit price only a line amount is what a row came to


def test_count_of_rows_still_empty():
    s = _sheet(["Job", "Shop", "Collected"],
               [["J1", "Northside", D], ["J2", "Northside", None], ["J3", "Eastgate", None], ["J4", "Northside", None]])
    assert read_blank("how many jobs have not been collected yet", s)[0] == "=COUNTBLANK(C2:C5)"
    assert read_blank("how many jobs at Northside have not been collected yet", s)[0] == \
        '=COUNTIFS(C2:C5,"",B2:B5,"Northside")'
    assert _formula(s, "count the jobs with no collected date") == "=COUNTBLANK(C2:C5)"


def test_count_of_rows_still_empty_zh():
    s = _sheet(["姓名", "专业", "复试成绩"],
               [["张三", "计算机", 80], ["李四", "数学", None], ["王五", "计算机", None], ["赵六", "数学", 75]])
    assert read_blank("还没有复试成绩的人数", s)[0] == "=COUNTBLANK(C2:C5)"
    assert read_blank("计算机专业还没有复试成绩的有几个人", s)[0] == '=COUNTIFS(C2:C5,"",B2:B5,"计算机")'


def test_a_column_that_says_no_is_read_by_its_values():
    s = _sheet(["Visit", "Paid"], [["V1", "Yes"], ["V2", "No"], ["V3", None], ["V4", "Yes"]])
    assert read_blank("how many visits have not been paid", s) is None


def test_a_blank_row_is_no_row_not_done():
    s = _sheet(["Loan", "Returned"], [["L1", D], ["L2", None], [None, None], ["L3", D]])
    assert read_blank("count of loans with no returned date", s)[0] == "=COUNTA(A2:A5)-COUNTA(B2:B5)"


def test_a_unit_after_how_much_names_the_quantity_and_its_rows():
    s = _sheet(["材料", "单位", "数量", "金额"],
               [["钢管", "吨", 5, 100], ["水泥", "吨", 3, 50], ["红砖", "千块", 10, 30], ["钢管", "吨", 2, 40]])
    assert _formula(s, "钢管一共多少吨") == '=SUMIFS(C2:C5,A2:A5,"钢管",B2:B5,"吨")'


def test_a_unit_in_one_header():
    s = _sheet(["镇", "出栏(头)", "饲料(吨)"], [["东镇", 100, 5], ["西镇", 80, 4], ["东镇", 60, 3], ["南镇", 10, 1]])
    assert _formula(s, "东镇一共多少头") == '=SUMIF(A2:A5,"东镇",B2:B5)'
    assert _formula(s, "东镇一共多少斤") is None  # no column is counted in 斤


def _days_sheet():
    rows = [[dt.date(2026, 11, d), "Ann" if d % 2 else "Bo", d * 10] for d in range(1, 21)]
    return _sheet(["Date", "Server", "Tip"], rows)


def test_a_day_written_many_ways():
    s = _days_sheet()
    for request in ("total tips on the 3rd of november", "tips on nov 3", "tips on 3 nov 2026",
                    "how much in tips on november 3rd"):
        assert _formula(s, request) == "=SUMIF(A2:A21,DATE(2026,11,3),C2:C21)", request


def test_a_span_of_days():
    s = _days_sheet()
    assert _formula(s, "total tips 14-15 nov") == \
        '=SUMIFS(C2:C21,A2:A21,">="&DATE(2026,11,14),A2:A21,"<="&DATE(2026,11,15))'


def test_one_end_of_a_span():
    s = _days_sheet()
    assert _formula(s, "total tips since nov 16") == '=SUMIF(A2:A21,">="&DATE(2026,11,16),C2:C21)'
    assert _formula(s, "total tips before nov 5") == '=SUMIF(A2:A21,"<"&DATE(2026,11,5),C2:C21)'
    zh = _sheet(["日期", "门店", "毛利"], [[dt.date(2026, 11, d), "一店", d] for d in range(1, 21)])
    assert _formula(zh, "11月16日以后（含）的毛利一共多少") == '=SUMIF(A2:A21,">="&DATE(2026,11,16),C2:C21)'
    assert _formula(zh, "11月1日到7日的毛利合计") == \
        '=SUMIFS(C2:C21,A2:A21,">="&DATE(2026,11,1),A2:A21,"<="&DATE(2026,11,7))'


def test_the_blank_count_recalculates():
    from o3local.tasks.formula.engine import evaluate

    s = _sheet(["Loan", "Returned"], [["L1", D], ["L2", None], [None, None], ["L3", D], ["L4", None]])
    formula = read_blank("count of loans with no returned date", s)[0]
    assert evaluate(formula, s).value == 2


def test_a_month_by_its_short_name():
    s = _sheet(["Loan", "Out"], [["L1", dt.date(2026, 10, 3)], ["L2", dt.date(2026, 11, 4)], ["L3", dt.date(2026, 10, 9)]])
    assert _formula(s, "how many loans in oct") == \
        '=COUNTIFS(B2:B4,">="&DATE(2026,10,1),B2:B4,"<="&DATE(2026,10,31))'
    jan = _sheet(["Rep", "Out", "Sales"], [["Jan", dt.date(2026, 1, 3), 5], ["Bo", dt.date(2026, 1, 4), 6]])
    assert _formula(jan, "total sales for jan") == '=SUMIF(A2:A3,"Jan",C2:C3)'  # Jan the rep, not January


def test_a_share_of_the_money_is_of_the_amounts():
    from o3local.tasks.formula.aggregates import read_share

    s = _sheet(["Day", "Payment", "Amount"], [[D, "Card", 10], [D, "Cash", 30], [D, "Card", 20], [D, "Cash", 5]])
    assert read_share("what fraction of the money came from card payments", s)[0] == \
        '=SUMIF(B2:B5,"Card",C2:C5)/SUM(C2:C5)'


def test_money_asked_under_a_named_merged_group_is_not_the_sheets_other_money_column(tmp_path):
    # 押金 (deposit) is a merged header over 收取/退还; the sheet's per-night price is no deposit,
    # and a price per night is no money a row came to
    import openpyxl

    from o3local.errors import TaskError
    from o3local.tasks.formula import formula as ask

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["订单号", "房费", None, "押金", None])
    ws.append([None, "每晚价", "优惠", "收取", "退还"])
    ws.merge_cells("A1:A2")
    ws.merge_cells("B1:C1")
    ws.merge_cells("D1:E1")
    for i, (night, off, dep, back) in enumerate([(888, 0, 500, 500), (428, 20, 200, 0), (538, 0, 200, 200)]):
        ws.append([f"M{i}", night, off, dep, back])
    path = tmp_path / "minsu.xlsx"
    wb.save(path)
    try:
        r = ask("押金一共收了多少", str(path))
    except TaskError:
        return  # refused: fine
    assert "B" not in r.formula.split("(", 1)[1], r.formula


def test_a_value_counted_in_its_plural_is_that_value_not_every_row():
    # "number of deliveries" counts the rows whose Method is Delivery (was: COUNTA of every order)
    from o3local.tasks.formula import formula as ask
    from o3local.tasks.formula.schema import schema_from_rows

    s = schema_from_rows([["Order", "Customer", "Method", "Total"],
                          ["O1", "Ann", "Collection", 12.5], ["O2", "Bo", "Delivery", 30.0],
                          ["O3", "Cy", "Delivery", 18.0], ["O4", "Di", "Collection", 9.0],
                          ["O5", "Ed", "Collection", 22.0]])
    r = ask("number of deliveries", s, method="rules")
    assert r.formula == '=COUNTIF(C2:C6,"Delivery")' and r.value == 2


def test_post_blind_fixes_contact_for_an_owner_blank_else_and_money_per_hour():
    # three wrong answers of formula-dev7's blind run (2026-12-05), on a new sheet
    from o3local.tasks.formula import formula as ask
    from o3local.tasks.formula.schema import schema_from_rows

    s = schema_from_rows([["Appt", "Owner", "Phone", "Dog", "Minutes", "Price"],
                          ["A1", "Zoe Ambrose", "07832125611", "Bramble", 60, 25.0],
                          ["A2", "Raj Patel", "07700900123", "Pickle", 85, 70.0],
                          ["A3", "Li Na", "07700900456", "Mochi", 85, 55.0]])
    # "number for X's owner": the phone of the dog's row, not the owner's name
    r = ask("number for Bramble's owner?", s, method="rules")
    assert r.formula == '=INDEX(C2:C4,MATCH("Bramble",D2:D4,0))', r.formula
    # "£ per hour": money over the time, never the minutes converted to hours
    try:
        r = ask("work out £ per hour for every booking, round to 2dp", s, "G2", method="rules")
        assert "F2" in r.formula, r.formula
    except Exception as e:  # refused is fine
        assert "cannot answer" in str(e)
    z = schema_from_rows([["姓名", "出生年", "时长"], ["甲", 1950, 12], ["乙", 1980, 30], ["丙", 1960, 8]])
    # "其他空": the other rows are blank, not the label "空"
    r = ask("时长大于10的标活跃，其余空", z, "D2", method="rules")
    assert '"空"' not in r.formula and r.formula.endswith(',"")'), r.formula
