"""Chinese one-cell answers (formula round 5, helper fzh7): a column that marks its yes rows
and leaves the others blank (老学员: √ or nothing) counted and shared over all the table's
rows."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import SheetSchema, build_schema, schema_from_rows

# a dance studio's sign-ups: 老学员 is ticked for returning students, blank otherwise
STUDIO = schema_from_rows([
    ["编号", "学员", "舞种", "课时", "报名日期", "结课日期", "老学员"],
    ["S01", "林晓", "爵士", 12, dt.date(2026, 9, 3), dt.date(2026, 10, 20), "√"],
    ["S02", "周敏", "街舞", 8, dt.date(2026, 9, 15), dt.date(2026, 11, 2), None],
    ["S03", "陈可", "爵士", 16, dt.date(2026, 10, 8), dt.date(2026, 11, 30), "√"],
    ["S04", "吴丹", "芭蕾", 10, dt.date(2026, 10, 21), dt.date(2026, 12, 5), None],
    ["S05", "林晓", "芭蕾", 6, dt.date(2026, 11, 2), dt.date(2026, 12, 18), "√"],
    ["S06", "郑宇", "街舞", 12, dt.date(2026, 11, 19), dt.date(2027, 1, 9), None],
])


def rules(request: str, sheet) -> str:
    return formula(request, sheet=sheet, method="rules").formula


@pytest.mark.parametrize("request_, want", [
    ("老学员有几个", '=COUNTIF(G2:G7,"√")'),
    ("老学员占多少比例", '=COUNTIF(G2:G7,"√")/COUNTA(A2:A7)'),
    ("老学员的占比", '=COUNTIF(G2:G7,"√")/COUNTA(A2:A7)'),
])
def test_a_ticked_column_counts_its_ticks_over_every_row(request_, want):
    assert rules(request_, STUDIO) == want


@pytest.mark.parametrize("request_", ["非老学员有几个", "不是老学员的比例"])
def test_the_unticked_rows_are_not_read_as_the_ticked(request_):
    with pytest.raises(TaskError):
        rules(request_, STUDIO)


@pytest.mark.parametrize("request_, want", [
    ("10月报了几个", '=COUNTIFS(E2:E7,">="&DATE(2026,10,1),E2:E7,"<="&DATE(2026,10,31))'),
    ("十月份报的名有几个", '=COUNTIFS(E2:E7,">="&DATE(2026,10,1),E2:E7,"<="&DATE(2026,10,31))'),
    ("2026年11月结了几个", '=COUNTIFS(F2:F7,">="&DATE(2026,11,1),F2:F7,"<="&DATE(2026,11,30))'),
])
def test_a_month_goes_to_the_date_column_whose_verb_is_said(request_, want):
    assert rules(request_, STUDIO) == want  # 报名日期 by 报了, 结课日期 by 结了


@pytest.mark.parametrize("request_", ["10月有几个", "10月的课时合计"])
def test_a_month_beside_two_date_columns_and_no_verb_is_refused(request_):
    with pytest.raises(TaskError):
        rules(request_, STUDIO)  # signed up or finished in October: not guessed


# a self-storage site: one row per locker, numbered in 柜号
LOCKERS = schema_from_rows([
    ["柜号", "区域", "尺寸", "月租", "开柜次数"],
    ["G-01", "一楼", "大号", 320, 14],
    ["G-02", "二楼", "小号", 150, 3],
    ["G-03", "一楼", "小号", 160, 9],
    ["G-04", "二楼", "大号", 300, 6],
])


@pytest.mark.parametrize("request_, want", [
    ("一楼的柜平均月租", '=AVERAGEIF(B2:B5,"一楼",D2:D5)'),
    ("开柜次数5次及以上的柜有几个", '=COUNTIF(E2:E5,">=5")'),
])
def test_the_thing_a_one_character_number_header_numbers_is_what_a_row_is(request_, want):
    assert rules(request_, LOCKERS) == want  # 柜号 numbers the 柜


def _as_typed(rows: list[list]) -> SheetSchema:
    """A sheet whose cells hold exactly these values (ticket numbers stay text, as in Excel)."""
    return build_schema({(r + 1, c + 1): v for r, row in enumerate(rows) for c, v in enumerate(row)}, "Sheet1")


# a key-cutting kiosk: ticket numbers padded with zeros, kept as text
TICKETS = _as_typed([
    ["票号", "顾客", "钥匙类型", "把数", "金额"],
    ["000518", "钱多多", "防盗门", 2, 60],
    ["000519", "孙悦", "汽车", 1, 180],
    ["000520", "李想", "防盗门", 3, 90],
    ["002025", "周正", "挂锁", 2, 20],
])


@pytest.mark.parametrize("request_, want", [
    ("519号票的顾客名字", '=INDEX(B2:B5,MATCH("000519",A2:A5,0))'),
    ("票号520的钥匙类型", '=INDEX(C2:C5,MATCH("000520",A2:A5,0))'),
])
def test_a_padded_number_said_without_its_zeros_names_its_row(request_, want):
    assert rules(request_, TICKETS) == want


def test_a_bare_number_is_not_read_as_a_padded_number():
    with pytest.raises(TaskError):
        rules("2025的顾客", TICKETS)  # a year or an amount as much as ticket 002025


# a bus-tour operator's takings by line and year (a year per column), and one year's trips
TOURS = schema_from_rows([
    ["线路", "类别", "2023", "2024", "2025", "2025年趟数"],
    ["黄山三日游", "省外", 40, 52, 61, 18],
    ["千岛湖两日游", "省内", 33, 30, 35, 22],
    ["乌镇一日游", "省内", 20, 26, 29, 40],
    ["武夷山四日游", "省外", 45, 41, 50, 12],
])


@pytest.mark.parametrize("request_, want", [
    ("2025年一共跑了多少趟", "=SUM(F2:F5)"),
    ("省内2025年一共跑了几趟", '=SUMIF(B2:B5,"省内",F2:F5)'),
    ("25年趟数合计", "=SUM(F2:F5)"),
])
def test_a_count_asked_in_a_unit_reads_the_years_column_of_that_unit(request_, want):
    assert rules(request_, TOURS) == want  # 2025年趟数, not the 2025 takings


def test_a_year_without_a_column_of_the_unit_is_refused():
    with pytest.raises(TaskError):
        rules("2024年一共跑了多少趟", TOURS)  # only 2025's trips are kept


@pytest.mark.parametrize("request_, want", [
    ("省外游2025年合计", '=SUMIF(B2:B5,"省外",E2:E5)'),
    ("省内游一共跑了几趟", '=SUMIF(B2:B5,"省内",F2:F5)'),
])
def test_the_kind_every_label_ends_with_follows_a_value(request_, want):
    assert rules(request_, TOURS) == want  # 游 of 黄山三日游: 省外游 are the 省外 rows


# an ice-cream stall, one row a day
STALL = schema_from_rows([
    ["日期", "天气", "杯数", "营业额", "店员"],
    [dt.date(2026, 7, 1), "晴", 120, 1500, "小满"],
    [dt.date(2026, 7, 2), "雨", 40, 520, "阿青"],
    [dt.date(2026, 7, 3), "晴", 135, 1700, "小满"],
    [dt.date(2026, 7, 4), "阴", 80, 960, "阿青"],
    [dt.date(2026, 7, 5), "雨", 35, 430, "小满"],
])


@pytest.mark.parametrize("request_, want", [
    ("下雨天一共卖了多少杯", '=SUMIF(B2:B6,"雨",C2:C6)'),
    ("晴天的营业额平均多少", '=AVERAGEIF(B2:B6,"晴",D2:D6)'),
    ("晴天有几天", '=COUNTIF(B2:B6,"晴")'),
    ("下雨的天数", '=COUNTIF(B2:B6,"雨")'),
    ("店员是小满的天数", '=COUNTIF(E2:E6,"小满")'),
])
def test_the_days_of_a_weather_on_a_sheet_of_one_row_a_day(request_, want):
    assert rules(request_, STALL) == want


# a school library's loans: 已归还 answers 是 / 否
LOANS = schema_from_rows([
    ["借书证", "书名", "借出日期", "天数", "已归还"],
    ["L01", "红楼梦", dt.date(2026, 3, 1), 14, "是"],
    ["L02", "三体", dt.date(2026, 3, 4), 30, "否"],
    ["L03", "活着", dt.date(2026, 3, 9), 7, "否"],
    ["L04", "围城", dt.date(2026, 3, 12), 21, "是"],
])


@pytest.mark.parametrize("request_, want", [
    ("还没归还的有几本", '=COUNTIF(E2:E5,"否")'),
    ("未归还的比例", '=COUNTIF(E2:E5,"否")/COUNTA(E2:E5)'),
    ("没归还的天数合计", '=SUMIF(E2:E5,"否",D2:D5)'),
])
def test_a_done_column_said_negated_is_its_no_rows(request_, want):
    assert rules(request_, LOANS) == want


def test_a_negated_verb_another_header_holds_is_refused():
    s = schema_from_rows([
        ["借书证", "归还日期", "已归还"],
        ["L01", dt.date(2026, 3, 15), "是"],
        ["L02", None, "否"],
        ["L03", dt.date(2026, 3, 20), "是"],
    ])
    with pytest.raises(TaskError):
        rules("还没归还的有几本", s)  # 归还 is also 归还日期's: not guessed


def _bakery() -> SheetSchema:
    """A bakery's orders kept by product code, beside a product list naming each code."""
    orders = schema_from_rows([
        ["日期", "产品编号", "数量", "门店"],
        [dt.date(2026, 5, 1), "BK01", 12, "东门"],
        [dt.date(2026, 5, 1), "BK02", 5, "西门"],
        [dt.date(2026, 5, 2), "BK01", 8, "西门"],
        [dt.date(2026, 5, 3), "BK03", 20, "东门"],
    ], sheet="订单")
    orders.others["产品表"] = schema_from_rows([
        ["产品编号", "品名", "单位"],
        ["BK01", "全麦吐司", "条"],
        ["BK02", "芝士蛋糕", "块"],
        ["BK03", "可颂", "个"],
    ], sheet="产品表")
    return orders


@pytest.mark.parametrize("request_, want", [
    ("全麦吐司一共卖了多少条", '=SUMIF(B2:B5,INDEX(产品表!A2:A4,MATCH("全麦吐司",产品表!B2:B4,0)),C2:C5)'),
    ("西门卖了多少全麦吐司",
     '=SUMIFS(C2:C5,B2:B5,INDEX(产品表!A2:A4,MATCH("全麦吐司",产品表!B2:B4,0)),D2:D5,"西门")'),
])
def test_a_name_the_product_list_keeps_is_read_as_its_code(request_, want):
    assert rules(request_, _bakery()) == want


def test_a_name_on_two_rows_of_the_other_sheet_is_not_guessed():
    s = _bakery()
    s.others["产品表"] = schema_from_rows([
        ["产品编号", "品名"], ["BK01", "吐司"], ["BK02", "吐司"], ["BK03", "可颂"]], sheet="产品表")
    with pytest.raises(TaskError):
        rules("吐司一共卖了多少", s)


# a hardware shop's price list: codes first, then names, a selling and a buying price
PRICES = schema_from_rows([
    ["货号", "名称", "零售价", "进价"],
    ["HW101", "扳手", 35, 20],
    ["HW102", "卷尺", 18, 9],
    ["HW103", "电钻", 260, 180],
    ["HW104", "水平仪", 45, 26],
])


@pytest.mark.parametrize("request_, want", [
    ("零售价最高的是哪项", "=INDEX(B2:B5,MATCH(MAX(C2:C5),C2:C5,0))"),
    ("进价最低的是哪项", "=INDEX(B2:B5,MATCH(MIN(D2:D5),D2:D5,0))"),
])
def test_the_row_label_of_a_coded_list_is_its_name(request_, want):
    assert rules(request_, PRICES) == want  # 名称, not the 货号 before it


def test_the_dearest_beside_a_selling_and_a_buying_price_is_refused():
    with pytest.raises(TaskError):
        rules("最贵的是哪项", PRICES)  # dearest to sell or to buy in? not guessed
