"""What a count counts, and marks said by their absence or presence (h/fcount10).

A Chinese count said with the event a row records ("上机次数", "入库件数"), a piece word of rows
(件, 票), a column of 是 marks named by its header alone ("会员"), a verb of a date column said
after 没 / 未 ("没取"), and a sum of a column whose numbers are stored as text counted in units.
Sheets of our own.
"""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import O3Error
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import build_schema

D = dt.date(2026, 11, 3)


def _sheet(headers, rows, name="Sheet1"):
    cells = {(1, c): h for c, h in enumerate(headers, start=1)}
    for r, row in enumerate(rows, start=2):
        for c, v in enumerate(row, start=1):
            if v is not None:
                cells[(r, c)] = v
    return build_schema(cells, name)


def _answer(schema, request):
    try:
        return formula(request, sheet=schema, method="rules").formula
    except O3Error:
        return None


def _gym():
    # a climbing gym's visit log: an area, a member mark (是 / 否), a check-in time kept as text
    areas = ["抱石区", "顶绳区", "抱石区", "儿童区", "顶绳区", "抱石区"]
    members = ["是", "否", "否", "是", "是", "是"]
    return _sheet(["流水号", "日期", "区域", "会员", "入场时间", "饮料"],
                  [[f"PY{700 + i}", D + dt.timedelta(days=i), a, m, f"1{i}:00", 5 * i]
                   for i, (a, m) in enumerate(zip(areas, members, strict=True))], "入场记录")


def test_count_word_after_the_event_a_time_column_records():
    s = _gym()
    assert _answer(s, "抱石区入场次数") == '=COUNTIF(C2:C7,"抱石区")'
    assert _answer(s, "顶绳区的入场次数") == '=COUNTIF(C2:C7,"顶绳区")'


def test_a_column_of_marks_named_alone_is_its_yes_rows():
    s = _gym()
    # was COUNTIF of 抱石区 alone: the 会员 said was dropped
    assert _answer(s, "抱石区会员有几个") == '=COUNTIFS(D2:D7,"是",C2:C7,"抱石区")'
    assert _answer(s, "抱石区非会员入场次数") == '=COUNTIFS(D2:D7,"否",C2:C7,"抱石区")'
    assert _answer(s, "会员买饮料一共多少钱") == '=SUMIF(D2:D7,"是",F2:F7)'


def _parcels():
    firms = ["顺丰", "韵达", "顺丰", "极兔", "韵达", "顺丰", "极兔"]
    taken = [D, None, D, None, None, D, D]
    return _sheet(["单号", "取件码", "快递", "到站日期", "领取日期", "重量"],
                  [[f"SF{9100 + i}", f"B-{i}-01{i}", f, D, t, 1.5 + i] for i, (f, t) in enumerate(zip(firms, taken, strict=True))],
                  "包裹")


def test_piece_words_count_the_rows():
    s = _parcels()
    assert _answer(s, "韵达的件有多少") == '=COUNTIF(C2:C8,"韵达")'
    assert _answer(s, "极兔一共到站了几件") == '=COUNTIF(C2:C8,"极兔")'
    assert _answer(s, "顺丰件数") == '=COUNTIF(C2:C8,"顺丰")'


def test_a_date_columns_verb_after_not_yet_is_its_blanks():
    s = _parcels()
    assert _answer(s, "还有几个件没领") == "=COUNTBLANK(E2:E8)"
    assert _answer(s, "未领件数") == "=COUNTBLANK(E2:E8)"
    assert _answer(s, "韵达还有几件没领") == '=COUNTIFS(E2:E8,"",C2:C8,"韵达")'


def test_piece_word_on_a_sheet_with_a_quantity_is_its_sum_or_refused():
    # a 数量 column: 几件 are the pieces, never the rows
    s = _sheet(["单号", "商品", "数量"], [["A1", "杯子", 3], ["A2", "盘子", 2], ["A3", "杯子", 4]], "出库")
    assert _answer(s, "杯子出库了几件") in ('=SUMIF(B2:B4,"杯子",C2:C4)', None)


@pytest.mark.parametrize("request_", ["how many kilos altogether", "how many kg in total"])
def test_units_summed_from_a_text_stored_column(request_):
    # Kg keeps its numbers as text ("4.5"): the sum reads them through "0"&, and counts no rows
    s = _sheet(["Ticket", "Customer", "Kg"], [["T1", "Ann", "4.5"], ["T2", "Bo", "3"], ["T3", "Cy", "2.5"]], "Washes")
    got = _answer(s, request_)
    assert got is None or "COUNT" not in got


def _repairs():
    # a bike shop's repair log: Fixed and Collected are dates, blank until it happens
    fixed = [D, D, None, D, None]
    collected = [D, None, None, D, None]
    return _sheet(["Job", "Owner", "Booked in", "Fixed", "Collected", "Service date"],
                  [[f"R{40 + i}", n, D, f, c, D if i % 2 else None]
                   for i, (n, f, c) in enumerate(zip(["Al", "Bea", "Cal", "Dot", "Eve"], fixed, collected, strict=True))],
                  "Repairs")


def test_an_event_said_done_counts_its_dates():
    s = _repairs()
    assert _answer(s, "how many jobs were collected") == "=COUNT(E2:E6)"
    assert _answer(s, "how many jobs have been picked up") == "=COUNT(E2:E6)"
    # said negated, it is the blanks (read_blank), never the filled dates
    assert _answer(s, "how many jobs have not been collected") == "=COUNTBLANK(E2:E6)"


def test_a_date_set_said_by_its_stem_and_a_participle():
    s = _repairs()
    assert _answer(s, "how many jobs have a service booked") == "=COUNT(F2:F6)"


def _signs():
    fitted = [D, None, D, None, None]
    return _sheet(["Job", "Client", "Quote", "Fitted"],
                  [[f"J{i}", c, 100 * (i + 1), f] for i, (c, f) in enumerate(zip(["Ann", "Bo", "Ann", "Cy", "Bo"], fitted, strict=True))],
                  "Jobs")


def test_a_total_over_the_rows_not_done_yet():
    s = _signs()
    assert _answer(s, "sum of quotes where the fitted date is empty") == '=SUMIFS(C2:C6,D2:D6,"")'
    assert _answer(s, "total quote of the jobs not fitted yet") == '=SUMIFS(C2:C6,D2:D6,"")'
    assert _answer(s, "total quote for Bo's unfitted jobs") in ('=SUMIFS(C2:C6,D2:D6,"",B2:B6,"Bo")', None)


def test_un_before_a_date_header_is_not_done_yet():
    s = _signs()
    assert _answer(s, "how many unfitted jobs") == "=COUNTBLANK(D2:D6)"
    assert _answer(s, "how many jobs are fitted") == "=COUNT(D2:D6)"


def test_a_zh_total_over_the_rows_not_done_yet():
    s = _parcels()
    assert _answer(s, "没领的件重量合计") == '=SUMIFS(F2:F8,E2:E8,"")'


def test_not_yet_said_with_another_negation_word_than_the_sheets_value():
    # the sheet writes 未体检 / 已体检; people say 没体检, 没有体检过
    s = _sheet(["编号", "姓名", "体检"], [["T1", "王芳", "已体检"], ["T2", "李强", "未体检"], ["T3", "赵敏", "未体检"]], "员工")
    assert _answer(s, "没体检过的有几个人") == '=COUNTIF(C2:C4,"未体检")'
    assert _answer(s, "没有体检的人数") == '=COUNTIF(C2:C4,"未体检")'


def _stays():
    # a campsite's pitches: Hookup is a Yes / No column
    return _sheet(["Pitch", "Guest", "Hookup", "Nights", "Bill"],
                  [["P1", "Ann", "Yes", 2, 40], ["P2", "Bo", "No", 3, 45], ["P3", "Cy", "No", 1, 15], ["P4", "Di", "Yes", 4, 80]],
                  "Pitches")


def test_without_or_with_no_before_a_yes_no_header_is_its_no_rows():
    s = _stays()
    assert _answer(s, "average bill for pitches without a hookup") == '=AVERAGEIF(C2:C5,"No",E2:E5)'
    assert _answer(s, "how many pitches with no hookup") == '=COUNTIF(C2:C5,"No")'
    assert _answer(s, "total nights for pitches with a hookup") == '=SUMIF(C2:C5,"Yes",D2:D5)'


def test_still_here_is_the_blanks_of_the_leaving_date():
    s = _sheet(["Booking", "Cat", "Check-in", "Collected", "Nights"],
               [["B1", "Tom", D, D, 2], ["B2", "Mog", D, None, 3], ["B3", "Kit", D, None, 1]], "Stays")
    assert _answer(s, "how many cats are still here") in ("=COUNTBLANK(D2:D4)", None)
    assert _answer(s, "how many stays are still here") == "=COUNTBLANK(D2:D4)"
    z = _sheet(["房号", "姓名", "入住日期", "月费", "退住日期"],
               [["101", "王", D, 3000, D], ["102", "李", D, 3200, None], ["103", "赵", D, 2800, None]], "入住")
    assert _answer(z, "还在住的有几个") == "=COUNTBLANK(E2:E4)"
    assert _answer(z, "还在住的月费合计") == '=SUMIFS(D2:D4,E2:E4,"")'
