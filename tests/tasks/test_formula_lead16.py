"""Checks the sixteenth round's lead added: an English label typed in lower case is written the
way a sheet shows labels (Keep, Review), unless the user quoted it or the sheet already holds it
in lower case.  These workbooks are our own."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.labelcase import cased
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _jobs(status=("done", "booked", "done")):
    rows = [["Job", "Hours", "Status"]]
    for i, s in enumerate(status):
        rows.append([f"J-{10 + i}", 3 * i + 2, s])
    return schema_from_rows(rows, sheet="Jobs")


def test_a_lower_case_pair_is_written_capitalised():
    r = _answer("long/short flag per job (long = over 4 hours)", _jobs(), "D2")
    assert r is not None, "the pair should be read"
    assert '"Long"' in r.formula and '"Short"' in r.formula, r.formula


def test_the_value_shown_follows_the_label():
    assert cased("busy/quiet (busy = over 4)", '=IF(B2>4,"busy","quiet")', _jobs()) == '=IF(B2>4,"Busy","Quiet")'
    assert cased("in progress or done", '=IF(C2="","in progress","done")', _jobs()) \
        == '=IF(C2="","In progress","done")'  # "done" is the sheet's own value, kept


def test_quoted_labels_and_compared_values_keep_their_case():
    sheet = _jobs(("x", "y"))
    assert cased("write 'long' if over 4 hours", '=IF(B2>4,"long","")', sheet) == '=IF(B2>4,"long","")'
    # a value the formula compares with is the sheet's, never re-cased
    assert cased("flag x jobs", '=IF(C2="x","flag","")', sheet) == '=IF(C2="x","Flag","")'
    assert cased("count x", '=COUNTIF(C2:C3,"x")', sheet) == '=COUNTIF(C2:C3,"x")'


def test_chinese_requests_are_left_alone():
    assert cased("超过4小时的标long", '=IF(B2>4,"long","")', _jobs()) == '=IF(B2>4,"long","")'


def _trips():
    import datetime as dt

    rows = [["单号", "姓名", "出发日期", "返回日期", "交通费", "住宿费", "补助"]]
    for i in range(6):
        rows.append([f"CC{100 + i}", f"员工{i}", dt.date(2026, 11, 2 + i), dt.date(2026, 11, 4 + 2 * i),
                     100 + i, 200 + i, 50])
    return schema_from_rows(rows, sheet="出差")


def test_both_end_days_are_counted_or_refused():
    sheet = _trips()
    for said in ("每次出差几天，出发当天和返回当天都算", "出差天数（首尾都算）"):
        r = _answer(said, sheet, "H2")
        assert r is None or r.formula.replace(" ", "").endswith("+1"), (said, r.formula)
        if r is not None:  # 2 to 4 November is three days
            assert r.value == 3, r
    r = _answer("返回日期减出发日期", sheet, "H2")
    assert r is not None and r.value == 2, r


def test_adding_up_is_never_answered_without_an_addition():
    from o3local.tasks.formula.asked import addition_unwritten

    assert addition_unwritten("把三项费用加起来", "=INDEX(E2:E7,MATCH(A2,A2:A7,0))")
    assert addition_unwritten("add up the three costs", "=E2") is not None
    assert addition_unwritten("把三项费用加起来", "=E2+F2+G2") is None
    assert addition_unwritten("add up the fees for May", "=SUMIFS(E2:E7,C2:C7,\">=\"&DATE(2026,5,1))") is None
    r = _answer("交通费住宿费补助加起来，每人一行", _trips(), "H2")
    assert r is None or r.value == 100 + 200 + 50, r


def _deliveries():
    import datetime as dt

    rows = [["日期", "客户", "品种", "数量", "单价"]]
    for i, who in enumerate(["城南小学", "东街店", "城南小学", "城南小学", "东街店"]):
        rows.append([dt.date(2026, 12, 1 + i), who, "鲜肉包", 100 + 10 * i, 1.5])
    return schema_from_rows(rows, sheet="送货")


def test_goods_taken_are_added_not_counted():
    r = _answer("城南小学一共拿了多少个", _deliveries())
    assert r is None or r.value == 100 + 120 + 130, r  # never 3, the number of deliveries
    r = _answer("城南小学送了几次", _deliveries())  # the deliveries themselves are counted
    assert r is not None and r.value == 3, r


def _visits():
    rows = [["Date", "Visitor", "Time in", "Time out"]]
    import datetime as dt

    for i, out in enumerate([dt.time(10, 30), None, dt.time(12, 0), None, dt.time(16, 45)]):
        rows.append([dt.date(2026, 12, 1 + i), f"Guest {i}", dt.time(9 + i, 0), out])
    return schema_from_rows(rows, sheet="Visits")


def test_a_difference_with_a_blank_time_shows_blank():
    sheet = _visits()
    r = _answer("minutes between time in and time out for each visit", sheet, "E2")
    assert r is not None, "the difference should be read"
    assert r.formula.startswith('=IF(D2="",""'), r.formula  # a visitor still on site gets no -600
    assert abs(r.value - 90) < 1e-6, r
    from o3local.tasks.formula.engine import evaluate

    assert evaluate(r.formula.replace("2", "3"), sheet).value in ("", None)


def test_a_row_is_not_answered_from_another_tab_alone():
    from o3local.tasks.formula import _reads_other_sheets_only

    assert _reads_other_sheets_only("=COUNTA(基数!A2:A31)")
    assert not _reads_other_sheets_only("=INDEX(基数!$C$2:$C$31,MATCH(A2,基数!$A$2:$A$31,0))")
    assert not _reads_other_sheets_only("=SUM(B2:B9)")


def test_a_label_never_keeps_the_word_that_introduced_it():
    sheet = _jobs()
    assert cased("Done if hours over 4, otherwise Chase if booked, otherwise Open",
                 '=IF(B2>4,"Done",IF(C2="booked","otherwise Chase","Open"))', sheet) \
        == '=IF(B2>4,"Done",IF(C2="booked","Chase","Open"))'
    assert cased("超过4小时的标长，否则标短", '=IF(B2>4,"长","否则标短")', sheet) == '=IF(B2>4,"长","短")'
    # a label that merely contains the word keeps it
    assert cased("flag Then and now", '=IF(B2>4,"Then and now","")', sheet) == '=IF(B2>4,"Then and now","")'


def test_a_price_per_unit_is_never_added_up_as_takings():
    import datetime as dt

    rows = [["Date", "Market", "Cheese", "kg", "£/kg"]]
    for i, m in enumerate(["Stroud", "Bath", "Stroud", "Stroud"]):
        rows.append([dt.date(2026, 11, 1 + i), m, "Brie", 1.5 + i, 20 + i])
    sheet = schema_from_rows(rows, sheet="Sales")
    r = _answer("How much did I take at Stroud altogether?", sheet)
    assert r is None or abs(r.value - (1.5 * 20 + 3.5 * 22 + 4.5 * 23)) < 1e-6, r.formula
    from o3local.tasks.formula.asked import price_per_unit_added

    assert price_per_unit_added('=SUMIF(B2:B5,"Stroud",E2:E5)', sheet)
    assert price_per_unit_added('=SUMIF(B2:B5,"Stroud",D2:D5)', sheet) is None  # kilos add up


def test_a_share_of_money_is_not_a_share_of_rows():
    from o3local.tasks.formula.asked import money_share_counted

    sheet = _trips()
    assert money_share_counted("销售部费用占比", '=COUNTIF(C2:C7,"销售部")/COUNTA(C2:C7)', sheet)
    assert money_share_counted("销售部出差次数占比", '=COUNTIF(C2:C7,"销售部")/COUNTA(C2:C7)', sheet) is None
    assert money_share_counted("销售部费用占比", '=SUMIF(C2:C7,"销售部",E2:E7)/SUM(E2:E7)', sheet) is None


def test_a_chinese_label_said_is_written():
    from o3local.tasks.formula.asked import zh_label_unwritten

    sheet = _trips()
    assert zh_label_unwritten("停缴日期有值的写停缴，空的写在缴", '=IF(I2<>"","在缴","")', sheet)
    assert zh_label_unwritten("停缴日期有值的写停缴，空的写在缴", '=IF(I2="","在缴","停缴")', sheet) is None
    assert zh_label_unwritten("赊账的标“待收”，其他空着", '=IF(G3="是","待收","")', sheet) is None
    assert zh_label_unwritten("帮我写个公式，超过60分显示及格", '=IF(B2>60,"及格","")', sheet) is None
    # what the column holds is no label: a new column's content, a header, a quantity
    assert zh_label_unwritten("H列写性别，从身份证号看", '=IF(MOD(MID(C2,17,1),2)=1,"男","女")', sheet) is None
    assert zh_label_unwritten("住宿费超过200的填住宿费，否则填0", '=IF(F2>200,F2,0)', sheet) is None
    assert zh_label_unwritten("把交通费写成负数", '=IF(E2>0,-E2,E2)', sheet) is None


def test_goods_totals_said_in_chinese_are_added():
    for said in ("总个数", "12月3号城南小学拿的鲜肉包是多少个"):
        r = _answer(said, _deliveries())
        assert r is None or r.value in (100 + 110 + 120 + 130 + 140, 120), (said, r.formula)


def test_ten_pence_is_one_decimal_place():
    rows = [["Cheese", "kg", "£/kg"], ["Brie", 0.37, 25.2], ["Stilton", 1.2, 16.1], ["Cheddar", 0.55, 14]]
    sheet = schema_from_rows(rows, sheet="Sales")
    r = _answer("price each sale to the nearest 10p (kg x £/kg)", sheet, "D2")
    assert r is None or ",1)" in r.formula, r.formula  # 9.324 -> 9.3, never 10
    if r is not None:
        assert abs(r.value - 9.3) < 1e-9, r
