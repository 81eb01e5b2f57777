"""Chinese one-cell requests (helper h/fzh8, tenth session), each class on a sheet of our own:
a header that starts with a number named by that number (95号 of 95号汽油, 92汽油); 次数 / 条数
after a value counting its rows; 还剩多少次 beside a 剩余次数 column; a rate's unit (元/公斤) that
is no unit the column counts in; 多少工资 naming 基本工资 by its end; dates written with 号; a
year pinned in brackets after 今年 / 去年 / a month; what an id column numbers (卡号) said as the rows."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _ask(text, s):
    return formula(text, sheet=s, method="rules").formula


@pytest.fixture
def depot():
    """A fuel depot's daily log: headers that start with a grade number."""
    rows = [["日期", "92号汽油", "98号汽油", "0号柴油", "加水次数", "值班"]]
    for i in range(8):
        rows.append([dt.date(2025, 3, 1) + dt.timedelta(days=i), 3000 + 100 * i, 900 + 37 * (i % 3),
                     2500 + 300 * (i % 4), 10 + i, ["阿梅", "老冯"][i % 2]])
    rows.append([dt.date(2025, 4, 2), 2800, 950, 2600, 9, "阿梅"])
    return schema_from_rows(rows, sheet="日报")


def test_a_header_named_by_the_number_it_starts_with(depot):
    assert _ask("哪天98号卖得最多", depot) == "=INDEX(A2:A10,MATCH(MAX(C2:C10),C2:C10,0))"
    assert _ask("98汽油销量最低是哪一天", depot) == "=INDEX(A2:A10,MATCH(MIN(C2:C10),C2:C10,0))"
    assert _ask("92汽油合计", depot) == "=SUM(B2:B10)"


def test_a_month_before_a_zero_grade_is_no_day_zero(depot):
    assert _ask("2025年3月0号柴油合计", depot) == \
        '=SUMIFS(D2:D10,A2:A10,">="&DATE(2025,3,1),A2:A10,"<="&DATE(2025,3,31))'


def test_a_year_pinned_in_brackets_after_a_month(depot):
    assert _ask("3月份（2025）0号柴油合计", depot) == \
        '=SUMIFS(D2:D10,A2:A10,">="&DATE(2025,3,1),A2:A10,"<="&DATE(2025,3,31))'


def test_a_verb_that_shares_the_headers_character_sums_it(depot):
    # 加水次数 is what "加了多少次水" asks for (加 and 水 are its characters)
    assert _ask("老冯一共加了多少次水", depot) == '=SUMIF(F2:F10,"老冯",E2:E10)'


@pytest.fixture
def gym():
    """Memberships: one card a row, a remaining-visits column, two date columns."""
    rows = [["卡号", "会员", "类型", "开卡日期", "有效期至", "剩余次数"]]
    kinds = ["次卡", "年卡", "次卡", "月卡", "次卡", "年卡"]
    for i, k in enumerate(kinds):
        rows.append([f"K{701 + i}", f"会员{i}", k, dt.date(2025, 1, 5 + i), dt.date(2025, 6, 10 + 3 * i),
                     12 - i if k == "次卡" else 0])
    return schema_from_rows(rows, sheet="会员卡")


def test_what_is_left_is_the_remaining_column_added_up(gym):
    assert _ask("次卡一共还剩多少次", gym) == '=SUMIF(C2:C7,"次卡",F2:F7)'
    assert _ask("次卡有几张", gym) == '=COUNTIF(C2:C7,"次卡")'


def test_times_after_a_value_count_its_rows():
    rows = [["单号", "日期", "项目", "师傅", "金额"]]
    for i, kind in enumerate(["保养", "维修", "保养", "年检", "保养"]):
        rows.append([f"W{i}", dt.date(2025, 5, 3 + i), kind, "李" if i % 2 else "王", 100 + 10 * i])
    s = schema_from_rows(rows, sheet="工单")
    assert _ask("5月份保养次数", s) == '=COUNTIFS(B2:B6,">="&DATE(2025,5,1),B2:B6,"<="&DATE(2025,5,31),C2:C6,"保养")'
    assert _ask("李师傅出了几趟", s) == '=COUNTIF(D2:D6,"李")'


def test_a_full_date_with_hao_and_the_cards_as_rows(gym):
    assert _ask("2025年6月16号及以前到期的卡有几张", gym) == '=COUNTIF(E2:E7,"<="&DATE(2025,6,16))'


def test_a_rate_per_unit_is_not_counted_in_that_unit():
    rows = [["品种", "2023", "2024", "2024年单价（元/公斤）"],
            ["苹果", 120, 150, 6], ["梨", 80, 95, 5], ["桃", 60, 70, 9]]
    s = schema_from_rows(rows, sheet="果园", origin=(2, 1), extra=[((1, 1), [["果园历年销量（单位：公斤）"]])])
    assert _ask("24年一共卖了多少公斤", s) == "=SUM(C3:C5)"


def test_a_pay_column_named_by_its_end_is_no_count():
    rows = [["工号", "姓名", "科室", "基本工资"],
            ["A01", "甲", "内科", 5000], ["A02", "乙", "外科", 6200], ["A03", "丙", "内科", 5400]]
    s = schema_from_rows(rows, sheet="人员")
    assert _ask("内科一共发多少工资", s) == '=SUMIF(C2:C4,"内科",D2:D4)'


def test_a_relative_year_pinned_in_brackets():
    rows = [["剧目", "2024", "2025"], ["甲", 10, 12], ["乙", 8, 9]]
    s = schema_from_rows(rows, sheet="演出")
    assert _ask("去年(2025)合计", s) == "=SUM(C2:C3)"
    with pytest.raises(TaskError):
        _ask("前年(2023)合计", s)  # a year the sheet does not keep


@pytest.fixture
def signs():
    """A sign shop's orders: one-character size headers (宽, 高) beside the money columns."""
    rows = [["单号", "下单日期", "客户", "宽", "高", "材料", "总价"]]
    for i, who in enumerate(["东门面馆", "西街药房", "南湖书店", "北站超市"]):
        rows.append([f"S{i}", dt.date(2025, 4, 2 + 3 * i), who, 2 + i, 1 + (i % 2), 300 + 170 * (i % 3), 900 - 50 * i])
    return schema_from_rows(rows, sheet="订单")


def test_which_shop_asks_for_the_customer_and_a_one_character_header_in_a_superlative(signs):
    assert _ask("材料费最高的是哪家", signs) == "=INDEX(C2:C5,MATCH(MAX(F2:F5),F2:F5,0))"
    assert _ask("总价最高的是谁家", signs) == "=INDEX(C2:C5,MATCH(MAX(G2:G5),G2:G5,0))"


def test_an_inclusive_bound_said_in_brackets(signs):
    assert _ask("4月8号（含）之后的订单数", signs) == '=COUNTIF(B2:B5,">="&DATE(2025,4,8))'
    assert _ask("西街药房的总价汇总", signs) == '=SUMIF(C2:C5,"西街药房",G2:G5)'


def test_on_shift_said_dang_ban():
    rows = [["日期", "营业额（元）", "值班"]]
    for i in range(6):
        rows.append([dt.date(2025, 2, 1 + i), 5000 + 300 * i, ["小吴", "阿青"][i % 2]])
    s = schema_from_rows(rows, sheet="日报")
    assert _ask("小吴当班那几天营业额加起来多少", s) == '=SUMIF(C2:C7,"小吴",B2:B7)'
    assert _ask("阿青值班的流水合计", s) == '=SUMIF(C2:C7,"阿青",B2:B7)'


def test_which_member_asks_for_the_name_and_a_total_row_left_out_is_no_total():
    rows = [["编号", "姓名", "电话", "积分"],
            ["M01", "韩梅", "13800001111", 120], ["M02", "李雷", "13800002222", 80], ["M03", "吴越", "13800003333", 95]]
    s = schema_from_rows(rows, sheet="会员")
    assert _ask("编号M02是哪个会员", s) == '=INDEX(B2:B4,MATCH("M02",A2:A4,0))'
    assert _ask("积分一共多少（别把合计算进去）", s) == "=SUM(D2:D4)"
