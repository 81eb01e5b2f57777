"""Chinese per-row requests (issue 16 item 1), round 4: phrasings read as classes, on sheets written here.

A weekday asked as "用数字1-7表示" (numbered from Monday, Sunday = 7); the row's noun before
"是周几" ("每次演出是星期几"); a number said in its count column's own measure word ("演出3场及以上").
"""

import datetime as dt

import openpyxl
import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import read_sheet, schema_from_rows


@pytest.fixture
def shows():
    return schema_from_rows([
        ["剧团", "首演日期", "场数", "票房", "是否巡演", "联系电话"],
        ["春风剧社", dt.date(2026, 3, 2), 5, 12000.0, "是", "13812345678"],
        ["小河剧团", dt.date(2026, 3, 8), 2, 3000.0, "否", "13998765432"],
        ["山月剧场", dt.date(2026, 4, 15), 3, 8000.0, "是", "13700001111"],
    ])


def test_weekday_numbered_one_to_seven_is_monday_first(shows):
    for ask in ("首演日期是周几，用数字1-7表示", "首演日期对应星期几（1到7）", "每场演出是星期几，用1~7表示"):
        r = formula(ask, shows, "G2", method="rules")
        assert r.formula == "=WEEKDAY(B2,2)", ask
        assert r.value == 1  # 2026-03-02 is a Monday
    # Sunday said to be 1: the other numbering, never Monday-first
    r = formula("首演日期是周几（1-7，周日为1）", shows, "G3", method="rules")
    assert r.formula == "=WEEKDAY(B3)" and r.value == 1  # 2026-03-08 is a Sunday


def test_threshold_said_in_the_count_columns_measure_word(shows):
    r = formula("场数3场及以上的标热门", shows, "G2", method="rules")
    assert r.formula == '=IF(C2>=3,"热门","")' and r.value == "热门"
    r = formula("场数3场以上（含3场）的标热门", shows, "G3", method="rules")
    assert r.formula == '=IF(C3>=3,"热门","")' and r.value == ""
    with pytest.raises(TaskError):  # 3台 is no measure word of 场数 (nor a unit): not read as 场数 >= 3
        formula("场数3台及以上的标热门", shows, "G2", method="rules")


@pytest.fixture
def deals():
    return schema_from_rows([
        ["客户", "合同金额", "已收定金", "尾款日期"],
        ["甲公司", 20000.0, 5000.0, dt.date(2026, 5, 1)],
        ["乙公司", 8000.0, 8000.0, dt.date(2026, 6, 1)],
    ])


def test_share_of_an_amount_named_without_its_jine_or_as_bai_fen_zhi_ji(deals):
    for ask in ("已收定金占合同的比例", "定金占合同金额百分之几", "每单定金占合同的百分之多少"):
        r = formula(ask, deals, "E2", method="rules")
        assert r.formula == "=C2/B2", ask
        assert r.value == 0.25



@pytest.fixture
def troupe(tmp_path):
    """Phone numbers as text cells, the way a workbook keeps them (a CSV would make them numbers)."""
    wb = openpyxl.Workbook()
    for row in (["剧团", "场数", "联系电话"], ["春风剧社", 5, "13812345678"], ["小河剧团", 2, "13998765432"]):
        wb.active.append(row)
    wb.save(tmp_path / "t.xlsx")
    return read_sheet(tmp_path / "t.xlsx")


def test_phone_tail_without_a_count_is_its_last_four_digits(troupe):
    for ask in ("联系电话尾号", "每个剧团的手机尾号"):
        r = formula(ask, troupe, "D2", method="rules")
        assert r.formula == "=RIGHT(C2,4)" and r.value == "5678", ask
    r = formula("联系电话最后3个数字", troupe, "D3", method="rules")
    assert r.formula == "=RIGHT(C3,3)" and r.value == "432"
    with pytest.raises(TaskError):  # a tail of a name: no phone number, no default count
        formula("剧团尾号", troupe, "D2", method="rules")


@pytest.fixture
def yields():
    return schema_from_rows([
        ["果园", "品种", "2022", "2023", "2024"],
        ["东坡园", "苹果", 120.0, 130.0, 110.0],
        ["西坡园", "梨", 80.0, 70.0, 95.0],
    ])


def test_label_against_a_named_year_compares_the_latest_year(yields):
    for ask in ("跟2022年比下降的写“减产”", "和22年相比减少的标减产", "比2022年少了的写“减产”"):
        r = formula(ask, yields, "F2", method="rules")
        assert r.formula == '=IF(E2<C2,"减产","")' and r.value == "减产", ask
    r = formula("跟2022年比增长的标增产", yields, "F3", method="rules")
    assert r.formula == '=IF(E3>C3,"增产","")' and r.value == "增产"
    for ask in ("跟2020年比下降的写减产", "跟2024年比下降的写减产"):  # no such column / the latest itself
        with pytest.raises(TaskError):
            formula(ask, yields, "F2", method="rules")


def test_a_count_of_things_is_never_a_sum_of_money():
    s = schema_from_rows([
        ["项目", "2024", "2025", "单价（元）"],
        ["名片", 3000.0, 3600.0, 0.5],
        ["海报", 2000.0, 2500.0, 5.0],
    ], sheet="营业额")
    with pytest.raises(TaskError):  # the 2025 column holds yuan (the sheet is 营业额): its sum counts no 张
        formula("2025年一共做了多少张", s, method="rules")
    q = schema_from_rows([["物料", "数量", "金额"], ["纸", 30, 90.0], ["墨", 5, 200.0]])
    assert formula("一共采购了多少件", q, method="rules").formula == "=SUM(B2:B3)"


def test_average_per_table_or_per_show_counts_with_the_count_column():
    s = schema_from_rows([["宴会", "桌数", "金额"], ["寿宴", 10, 25000.0], ["满月酒", 6, 9600.0]])
    r = formula("每桌平均多少钱，取整", s, "D2", method="rules")
    assert r.formula == "=ROUND(C2/B2,0)" and r.value == 2500
    assert formula("平均一桌多少钱", s, "D3", method="rules").value == 1600


def test_age_of_a_thing_is_the_year_said_less_its_year_column():
    s = schema_from_rows([["房源", "建成年份", "面积"], ["幸福里", 1998, 88.0], ["阳光城", 2012, 120.0]])
    r = formula("到2026年房龄几年", s, "D2", method="rules")
    assert r.formula == "=2026-B2" and r.value == 28
    t = schema_from_rows([["房源", "面积"], ["幸福里", 88.0], ["阳光城", 120.0]])
    with pytest.raises(TaskError):  # no column of years: nothing to count the age from
        formula("到2026年房龄几年", t, "C2", method="rules")


def test_ke_dan_jia_is_the_amount_over_the_order_count():
    s = schema_from_rows([["门店", "订单数", "营业额"], ["东店", 40, 3000.0], ["西店", 25, 2000.0]])
    r = formula("客单价保留一位小数", s, "D2", method="rules")
    assert r.formula == "=ROUND(C2/B2,1)" and r.value == 75
    t = schema_from_rows([["门店", "客流量", "营业额"], ["东店", 40, 3000.0], ["西店", 25, 2000.0]])
    with pytest.raises(TaskError):  # no column counts the orders (单数): visitors are no orders
        formula("客单价", t, "D2", method="rules")


def test_rank_said_as_pai_di_ji_and_biggest_first_or_last(shows):
    for ask in ("每个剧团票房排第几", "按票房排名，最多的排第一", "票房名次，最多的第一"):
        r = formula(ask, shows, "G2", method="rules")
        assert r.formula == "=RANK(D2,$D$2:$D$4)" and r.value == 1, ask
    r = formula("按票房排名，少的排前面", shows, "G2", method="rules")
    assert r.formula == "=RANK(D2,$D$2:$D$4,1)" and r.value == 3
