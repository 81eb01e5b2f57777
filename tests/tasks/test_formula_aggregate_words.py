"""Aggregate words grounded on the sheet (issue 16): the unit a title gives every number
("（头）", "(kg)"), the money a request asks for by a word of its own ("takings", 要付,
交了多少钱) when the sheet keeps one money column.  Small sheets written here."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import read_sheet, schema_from_rows


def _titled(tmp_path, title, rows, name="Sheet"):
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.title = name
    wb.active.append([title])
    for row in rows:
        wb.active.append(row)
    path = tmp_path / "t.xlsx"
    wb.save(path)
    return read_sheet(path)


FARMS = [["养殖场", "所在镇", 2024, 2025], ["东岗场", "石桥镇", 1800, 2300],
         ["西坡场", "石桥镇", 900, 1200], ["南湾场", "河口镇", 2100, 2600]]


def test_the_unit_in_the_title_is_the_numbers_unit(tmp_path):
    s = _titled(tmp_path, "各养殖场历年生猪出栏（头）", FARMS, "出栏")
    assert formula("2025年出栏超过2000头的有几个", s, method="rules").value == 2
    hives = _titled(tmp_path, "Honey extracted per apiary (kg)",
                    [["Apiary", "Site", 2024, 2025], ["Oak", "North", 150, 240],
                     ["Elm", "South", 260, 180], ["Ash", "North", 90, 310]], "Honey")
    assert formula("count of apiaries above 200kg in 2025", hives, method="rules").value == 2


def test_a_unit_no_title_gives_is_still_refused(tmp_path):
    s = _titled(tmp_path, "各养殖场历年出栏", FARMS, "出栏")
    with pytest.raises(TaskError):
        formula("2025年出栏超过2000吨的有几个", s, method="rules")


@pytest.fixture
def tickets():
    return schema_from_rows([
        ["Ticket", "Date", "Zone", "Charge"],
        ["T1", dt.date(2026, 11, 5), "Roof", 12.0],
        ["T2", dt.date(2026, 11, 5), "Ground", 8.5],
        ["T3", dt.date(2026, 11, 6), "Roof", 15.0],
    ])


def test_takings_are_the_one_money_column(tickets):
    assert formula("total takings", tickets, method="rules").value == 35.5
    assert formula("takings on 5 nov", tickets, method="rules").value == 20.5


def test_takings_with_a_quantity_and_a_price_are_their_product():
    s = schema_from_rows([["Item", "Qty", "Unit Price"], ["Pen", 3, 2.0], ["Pad", 2, 4.5]])
    assert formula("total takings", s, method="rules").value == 15  # 3 × 2 + 2 × 4.5, not a column


def test_money_asked_by_a_verb_in_chinese():
    s = schema_from_rows([
        ["材料", "供应商", "数量", "金额"],
        ["螺纹钢", "华建钢材", 12, 48000.0],
        ["水泥", "鑫源砂石", 30, 12000.0],
        ["盘条", "华建钢材", 5, 21000.0],
    ])
    assert formula("华建钢材那边一共要付多少", s, method="rules").value == 69000
    with pytest.raises(TaskError):  # 没 changes the rows: never read past it
        formula("华建钢材那边还没付多少", s, method="rules")


@pytest.fixture
def kaoqin():
    return schema_from_rows([
        ["姓名", "部门", "事假天数", "病假天数"],
        ["张伟", "技术部", 1, 0],
        ["李娜", "技术部", 0, 2],
        ["王强", "销售部", 0, 1],
        ["赵敏", "销售部", 2, 0],
    ])


def test_a_verb_with_guo_counts_the_rows_above_zero(kaoqin):
    assert formula("有几个人请过病假", kaoqin, method="rules").value == 2
    assert formula("技术部有几个人请过病假", kaoqin, method="rules").value == 1
    with pytest.raises(TaskError):  # 没: the other rows, never read past it
        formula("没请过病假的有几个人", kaoqin, method="rules")
    # 超过 is a comparison, not 过
    assert formula("病假超过1天的有几个人", kaoqin, method="rules").value == 1


def test_a_numbered_building_by_its_other_names():
    s = schema_from_rows([
        ["房号", "楼栋", "实缴"],
        ["101", "3栋", 300.0],
        ["102", "3栋", 250.0],
        ["201", "6栋", 400.0],
    ])
    assert formula("三号楼的实缴合计", s, method="rules").value == 550
    assert formula("3幢实缴一共多少", s, method="rules").value == 550
    with pytest.raises(TaskError):  # 13号楼 is no building of this sheet, and never 3栋
        formula("13号楼的实缴合计", s, method="rules")


def test_how_many_pieces_of_a_measure_column_are_added_up():
    s = schema_from_rows([
        ["Date", "Croissants Baked", "Croissants Sold", "Baker"],
        [dt.date(2026, 11, 1), 40, 35, "Kofi"],
        [dt.date(2026, 11, 2), 50, 48, "Ana"],
        [dt.date(2026, 11, 3), 45, 30, "Kofi"],
    ])
    assert formula("how many croissants did we sell", s, method="rules").value == 113
    assert formula("how many croissants did kofi sell", s, method="rules").value == 65
    with pytest.raises(TaskError):  # baked or sold? not guessed
        formula("how many croissants", s, method="rules")


def test_a_two_digit_year_and_a_unit_before_yishang(tmp_path):
    s = _titled(tmp_path, "历年鲜叶收购量（千克）",
                [["茶农", "村", 2024, 2025], ["李四", "上村", 1400, 1600], ["王五", "下村", 1700, 1500],
                 ["赵六", "上村", 900, 1200]], "收购量")
    assert formula("25年交了1500公斤以上的茶农几个", s, method="rules").value == 2
    assert formula("24年收购量合计", s, method="rules").value == 4000
    with pytest.raises(TaskError):  # 23年: no such column, not 2023 of anything
        formula("23年收购量合计", s, method="rules")


def test_old_people_are_the_rows_of_a_care_home():
    s = schema_from_rows([
        ["姓名", "护理等级", "月费"],
        ["张大爷", "全护理", 6000.0],
        ["李奶奶", "半护理", 4000.0],
        ["王大爷", "全护理", 6500.0],
    ])
    assert formula("全护理老人有多少个", s, method="rules").value == 2
    assert formula("半护理老人月费平均多少钱", s, method="rules").value == 4000


@pytest.fixture
def shop():
    """Three stores over days of one month; a status column with a 已退款 value."""
    rows = [["日期", "门店", "技师", "支付方式", "状态", "营业额", "事假天数"]]
    data = [(1, "徐家汇店", "老周", "会员卡", "已完成", 500, 1), (1, "五角场店", "小刘", "现金", "已退款", 300, 0),
            (2, "徐家汇店", "老周", "现金", "已完成", 200, 2), (3, "五角场店", "阿杰", "会员卡", "已完成", 400, 0),
            (4, "南京西路店", "小刘", "微信", "已退款", 100, 3)]
    rows += [[dt.date(2026, 11, d), store, who, pay, st, amt, off] for d, store, who, pay, st, amt, off in data]
    return schema_from_rows(rows)


def test_chinese_request_and_politeness_words_change_no_rows(shop):
    assert formula("帮我算一下徐家汇店一共卖了多少", shop, method="rules").value == 700
    assert formula("麻烦帮我数一下会员卡的有几笔", shop, method="rules").value == 2
    # a negation is never passed over: read as the other stores (or refused), never 徐家汇店's 700
    try:
        assert formula("帮我算一下不是徐家汇店的一共卖了多少呢", shop, method="rules").value == 800
    except TaskError:
        pass


def test_an_action_verb_the_sheet_does_not_hold_is_context(shop):
    assert formula("刷会员卡的笔数", shop, method="rules").value == 2
    assert formula("老周一共洗了几次", shop, method="rules").value == 2
    with pytest.raises(TaskError):  # 退 is in 已退款: "退了几单" is a condition, not context
        formula("一共退了几单", shop, method="rules")


def test_this_month_is_the_whole_sheet_only_when_it_holds_one_month(shop):
    assert formula("这个月一共卖了多少钱", shop, method="rules").value == 1500
    two = schema_from_rows([["日期", "营业额"], [dt.date(2026, 10, 30), 5], [dt.date(2026, 11, 2), 7]])
    with pytest.raises(TaskError):
        formula("这个月营业额一共多少", two, method="rules")


def test_zong_before_a_header_is_a_total(shop):
    assert formula("事假总天数", shop, method="rules").value == 6
    assert formula("徐家汇店总营业额", shop, method="rules").value == 700


def test_a_share_asked_as_bai_fen_zhi_ji(shop):
    assert formula("徐家汇店营业额占全部的百分之几", shop, method="rules").value == pytest.approx(700 / 1500)
    assert formula("会员卡的占百分之多少", shop, method="rules").value == pytest.approx(0.4)


def test_a_value_named_with_its_suffix_after_najia(shop):
    assert formula("徐家汇那家店一共卖了多少", shop, method="rules").value == 700
    assert formula("南京西路那家店营业额占比", shop, method="rules").value == pytest.approx(100 / 1500)


def test_a_person_by_what_people_call_them(shop):
    assert formula("周师傅一共做了多少营业额", shop, method="rules").value == 700
    kids = schema_from_rows([["姓名", "班级", "已缴"], ["王丽娟", "一班", 300], ["李浩宇", "二班", 200],
                             ["张雨桐", "一班", 100]])
    assert formula("丽娟小朋友交了多少", kids, method="rules").value == 300
    assert formula("李浩宇妈妈一共交了多少钱", kids, method="rules").value == 200


def test_a_value_then_a_word_of_its_columns_header(shop):
    teams = schema_from_rows([["班组", "团长", "加班(小时)"], ["质检", "王姐", 3], ["仓储", "李哥", 5],
                              ["质检", "李哥", 4]])
    assert formula("质检组加班一共多少小时", teams, method="rules").value == 7
    assert formula("王姐那个团加班合计", teams, method="rules").value == 3


def test_per_person_inside_an_average_and_that_day(shop):
    assert formula("平均每张单的营业额", shop, method="rules").value == 300
    assert formula("11月1号那天的营业额合计", shop, method="rules").value == 800


def test_a_name_below_the_first_thirty_distinct_values_is_found():
    rows = [["姓名", "服务队", "时长"]] + [[f"队员{i:02d}号", "助学队" if i % 2 else "助老队", i] for i in range(40)]
    rows[38][0] = "曹俊杰"
    s = schema_from_rows(rows)
    assert formula("曹俊杰是哪个服务队的", s, method="rules").value == "助学队"  # row 39


@pytest.fixture
def harvest():
    return schema_from_rows([
        ["Block", "Variety", "Picked On", "Tonnes", "Status"],
        ["North", "Chardonnay", dt.date(2025, 9, 10), 12.0, "Delivered"],
        ["South", "Pinot Noir", dt.date(2025, 9, 18), 8.0, "Pending"],
        ["River", "Chardonnay", dt.date(2025, 9, 25), 5.5, "Delivered"],
    ])


def test_function_words_and_activity_verbs_name_no_rows(harvest):
    # what was done to the tonnes (pick, get through) and pronouns / light words are filler
    assert formula("how many tonnes of chardonnay did we pick", harvest, method="rules").value == 17.5
    assert formula("how many tonnes did they get through altogether", harvest, method="rules").value == 25.5
    # a verb that shares its stem with a value of the sheet may be the condition: not filler
    with pytest.raises(TaskError):
        formula("how many tonnes were delivered", schema_from_rows(
            [["Block", "Tonnes", "Mode"], ["N", 3.0, "Delivery"], ["S", 4.0, "Collect"]]), method="rules")


def test_a_relative_period_is_read_when_the_sheet_or_brackets_say_which(harvest):
    # every date of the sheet is in September 2025: "this month" names no rows
    assert formula("total tonnes this month", harvest, method="rules").value == 25.5
    # brackets say which year a "last year" is
    years = schema_from_rows([["Block", "2024", "2025"], ["N", 10.0, 12.0], ["S", 7.0, 8.0]])
    assert formula("how many tonnes did we pick last year (2025)?", years, method="rules").value == 20.0
    # "last month" on a sheet of one month, with no brackets, is not read as the whole sheet
    with pytest.raises(TaskError):
        formula("total tonnes last month", harvest, method="rules")


def test_a_slip_of_the_keys_is_read_as_the_word_it_misses(harvest):
    assert formula("avarage tonnes for chardonay", harvest, method="rules").value == 8.75
    # "serviced" is "service" with an ending, no slip; an unknown word far from every word stays unread
    with pytest.raises(TaskError):
        formula("avarage tonnes for grenache", harvest, method="rules")


@pytest.fixture
def walks():
    return schema_from_rows([
        ["Walk", "Date", "Dog", "Fee"],
        ["W1", dt.date(2025, 11, 20), "Ziggy", 10.0],
        ["W2", dt.date(2026, 7, 5), "Ziggy", 12.0],
        ["W3", dt.date(2026, 9, 30), "Bean", 15.0],
        ["W4", dt.date(2026, 11, 2), "Bean", 8.0],
        ["W5", dt.date(2026, 11, 28), "Ziggy", 9.0],
    ])


def test_a_month_with_its_year_written_after_it(walks):
    # the dates span two years: the year written after the month says which November
    assert formula("how many walks did I do in November 2026?", walks, method="rules").value == 2
    assert formula("walks in nov (2026) - how many", walks, method="rules").value == 2
    assert formula("fees in november 2025", walks, method="rules").value == 10.0
    with pytest.raises(TaskError):  # which November: refused rather than mixed
        formula("how many walks in November", walks, method="rules")


def test_a_span_of_months(walks):
    assert formula("how many walks between July and September 2026", walks, method="rules").value == 2
    assert formula("total fees jul-sep 2026", walks, method="rules").value == 27.0



@pytest.fixture
def rounds():
    return schema_from_rows([
        ["Job No", "Street", "Fee", "Paid"],
        ["J1", "Kings Ave", 20.0, "Yes"],
        ["J2", "Kings Ave", 15.0, "No"],
        ["J3", "Mill Rd", 30.0, "No"],
        ["J4", "Kings Ave", 25.0, "No"],
    ])


def test_a_yes_no_column_named_by_its_header(rounds):
    # "paid" names the Yes rows of Paid, "unpaid" / "not paid" its No rows (not every row)
    assert formula("how many paid jobs on kings ave", rounds, method="rules").value == 1
    assert formula("how many unpaid jobs on kings ave", rounds, method="rules").value == 2
    assert formula("unpaid jobs - total £", rounds, method="rules").value == 70.0
