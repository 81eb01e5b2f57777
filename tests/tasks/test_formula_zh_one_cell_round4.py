"""Chinese one-cell answers (formula round 4, helper fzh6): a year said relative to now (去年,
今年, 前年) on a sheet of year columns or of dates, "第一" / "是哪项" asking for the row's
label, a header ending in 金额 said with 额 (合同额), a one-character value before the count
asked of it (猫有多少单, 狗狗订单占比), and a measure word after 几 (阿敏负责了几场)."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows

THIS_YEAR = dt.date.today().year
Y = [THIS_YEAR - 3, THIS_YEAR - 2, THIS_YEAR - 1]

# a garden centre's sales by product line and year (a year per column)
YEARS = schema_from_rows([
    ["品类", "大类", str(Y[0]), str(Y[1]), str(Y[2])],
    ["月季", "花卉", 120, 150, 170],
    ["多肉", "花卉", 80, 95, 60],
    ["花盆", "园艺用品", 40, 55, 90],
    ["营养土", "园艺用品", 30, 20, 25],
])


def rules(request: str, sheet) -> str:
    return formula(request, sheet=sheet, method="rules").formula


@pytest.mark.parametrize("request_, want", [
    ("去年花卉一共多少", '=SUMIF(B2:B5,"花卉",E2:E5)'),
    ("去年花卉的占比", '=SUMIF(B2:B5,"花卉",E2:E5)/SUM(E2:E5)'),
    ("前年合计", "=SUM(D2:D5)"),
])
def test_a_year_said_relative_to_now_is_its_column(request_, want):
    assert rules(request_, YEARS) == want


def test_a_relative_year_the_sheet_does_not_keep_is_refused():
    with pytest.raises(TaskError):
        rules("今年花卉一共多少", YEARS)  # this year has no column yet


def test_a_relative_year_compared_against_is_not_rewritten():
    from o3local.tasks.formula.aggregates import _relative_years

    assert _relative_years("跟去年比增长多少", YEARS) == "跟去年比增长多少"
    assert _relative_years("去年合计", YEARS) == f"{THIS_YEAR - 1}年合计"


def test_this_year_on_a_sheet_of_dates_is_a_date_span():
    s = schema_from_rows([
        ["客户", "签约日", "金额"],
        ["甲", dt.date(THIS_YEAR, 2, 3), 100],
        ["乙", dt.date(THIS_YEAR, 5, 9), 200],
        ["丙", dt.date(THIS_YEAR - 1, 11, 20), 300],
    ])
    assert rules("今年金额合计", s) == \
        f'=SUMIFS(C2:C4,B2:B4,">="&DATE({THIS_YEAR},1,1),B2:B4,"<="&DATE({THIS_YEAR},12,31))'


@pytest.mark.parametrize("request_, want", [
    (f"{str(Y[1])[2:]}年第一的是哪项", "=INDEX(A2:A5,MATCH(MAX(D2:D5),D2:D5,0))"),
    ("去年排第一的品类", "=INDEX(A2:A5,MATCH(MAX(E2:E5),E2:E5,0))"),
    (f"{Y[0]}年最低的是哪个", "=INDEX(A2:A5,MATCH(MIN(C2:C5),C2:C5,0))"),
])
def test_first_place_and_which_one_ask_for_the_row_label(request_, want):
    assert rules(request_, YEARS) == want


def test_which_one_is_refused_when_the_first_column_repeats():
    s = schema_from_rows([["大类", "销量"], ["花卉", 3], ["花卉", 5], ["用品", 4]])
    with pytest.raises(TaskError):
        rules("销量最高的是哪项", s)  # two rows of 花卉: the label names no one row


WEDDINGS = schema_from_rows([
    ["新人", "套餐", "合同金额", "策划师", "场地"],
    ["王先生", "草坪", 30000, "小林", "湖畔"],
    ["李女士", "室内", 45000, "小周", "酒店"],
    ["赵先生", "草坪", 28000, "小林", "花园"],
])


@pytest.mark.parametrize("request_, want", [
    ("合同额加起来多少", "=SUM(C2:C4)"),
    ("草坪的合同额合计", '=SUMIF(B2:B4,"草坪",C2:C4)'),
    ("草坪一共签了多少钱", '=SUMIF(B2:B4,"草坪",C2:C4)'),
    ("小林负责了几场", '=COUNTIF(D2:D4,"小林")'),
    ("小周有几场", '=COUNTIF(D2:D4,"小周")'),
])
def test_contracted_headers_and_measure_words(request_, want):
    assert rules(request_, WEDDINGS) == want


PETS = schema_from_rows([
    ["单号", "名字", "种类", "费用"],
    ["A01", "豆豆", "狗", 80],
    ["A02", "咪咪", "猫", 60],
    ["A03", "旺财", "狗", 90],
])


@pytest.mark.parametrize("request_, want", [
    ("猫有多少单", '=COUNTIF(C2:C4,"猫")'),
    ("狗一共几单", '=COUNTIF(C2:C4,"狗")'),
    ("狗狗订单占比", '=COUNTIF(C2:C4,"狗")/COUNTA(C2:C4)'),
])
def test_a_one_character_value_before_its_count(request_, want):
    assert rules(request_, PETS) == want


def _span(col: str, rows: str, value: str, y: int, first: int, last: int, end: int) -> str:
    return (f'=SUMIFS({value},{col}{rows},">="&DATE({y},{first},1),{col}{rows},"<="&DATE({y},{last},{end}))')


# a tutoring centre's enrolments, all in one year
ENROL = schema_from_rows([
    ["学员", "报名日期", "学费", "顾问", "需要接送"],
    ["小明", dt.date(2025, 2, 10), 3000, "老王", "是"],
    ["小红", dt.date(2025, 5, 3), 2500, "小李", "否"],
    ["小刚", dt.date(2025, 8, 21), 4000, "老王", "是"],
    ["小丽", dt.date(2025, 11, 30), 3500, "小李", "否"],
])


@pytest.mark.parametrize("request_, first, last, end", [
    ("上半年的学费合计", 1, 6, 30),
    ("下半年学费一共多少", 7, 12, 31),
    ("三季度的学费合计", 7, 9, 30),
    ("7-12月的学费合计", 7, 12, 31),
    ("2025年1月到6月的学费合计", 1, 6, 30),
])
def test_a_chinese_span_of_months(request_, first, last, end):
    assert rules(request_, ENROL) == _span("B", "2:B5", "C2:C5", 2025, first, last, end)


def test_a_span_of_months_is_no_subtraction():
    from o3local.tasks.formula import compose

    assert compose.read("7-12月的学费合计", ENROL) is None  # not 7 minus December's


def test_a_span_of_months_without_a_year_on_a_sheet_of_several_years_is_refused():
    s = schema_from_rows([["客户", "日期", "金额"], ["甲", dt.date(2024, 3, 1), 10], ["乙", dt.date(2025, 3, 1), 20]])
    with pytest.raises(TaskError):
        rules("上半年金额合计", s)


PETS_BY_NO = schema_from_rows([
    ["单号", "宠物名", "种类", "是否接送"],
    ["P-101", "豆豆", "狗", "是"],
    ["P-102", "咪咪", "猫", "否"],
    ["P-103", "旺财", "狗", "是"],
])


@pytest.mark.parametrize("request_, want", [
    ("P-102是哪只宠物", '=INDEX(B2:B4,MATCH("P-102",A2:A4,0))'),
    ("P-103的宠物名字", '=INDEX(B2:B4,MATCH("P-103",A2:A4,0))'),
    ("是否接送为是的有几单", '=COUNTIF(D2:D4,"是")'),
])
def test_the_copula_is_no_yes_value_and_a_name_header_said_with_zi(request_, want):
    assert rules(request_, PETS_BY_NO) == want


def test_a_count_word_after_a_value_counts_its_rows():
    s = schema_from_rows([["会员", "卡种", "座位"], ["甲", "年卡", "包间"], ["乙", "月卡", "大厅"],
                          ["丙", "年卡", "大厅"]])
    assert rules("统计年卡数量", s) == '=COUNTIF(B2:B4,"年卡")'
    assert rules("年卡的个数", s) == '=COUNTIF(B2:B4,"年卡")'
    assert rules("坐包间的人占百分之多少", s) == '=COUNTIF(C2:C4,"包间")/COUNTA(C2:C4)'


def test_a_count_word_on_a_sheet_with_a_quantity_column_is_its_sum():
    s = schema_from_rows([["品名", "仓库", "数量"], ["螺丝", "北仓", 30], ["螺母", "南仓", 20],
                          ["螺丝", "南仓", 5]])
    assert rules("螺丝数量", s) == '=SUMIF(A2:A4,"螺丝",C2:C4)'


def test_a_relative_year_pinned_in_brackets_is_left_to_the_brackets():
    from o3local.tasks.formula.aggregates import _relative_years

    pinned = f"去年（{THIS_YEAR - 1}）花卉合计"
    assert _relative_years(pinned, YEARS) == pinned
    assert _relative_years("今年跟去年比", YEARS) == "今年跟去年比"


def test_a_half_year_a_header_holds_is_that_column():
    s = schema_from_rows([["队员", "加入日期", "上半年时长", "下半年时长"],
                          ["甲", dt.date(2025, 3, 1), 10, 12], ["乙", dt.date(2025, 9, 1), 4, 6]])
    assert rules("上半年时长合计", s) == "=SUM(C2:C3)"


def test_the_day_a_request_is_asked_can_be_pinned(monkeypatch):
    """An evaluation set written in one year keeps its meaning in the next: O3_TODAY pins the
    day 去年 counts from (the corpus test pins the day its sets were written)."""
    sheet = schema_from_rows([["品类", "2024", "2025"], ["月季", 150, 170], ["多肉", 95, 60]])
    monkeypatch.setenv("O3_TODAY", "2026-03-01")
    assert rules("去年合计", sheet) == "=SUM(C2:C3)"
    monkeypatch.setenv("O3_TODAY", "2026-03-01")
    assert rules("前年合计", sheet) == "=SUM(B2:B3)"
    monkeypatch.setenv("O3_TODAY", "2027-01-10")
    assert rules("前年合计", sheet) == "=SUM(C2:C3)"
