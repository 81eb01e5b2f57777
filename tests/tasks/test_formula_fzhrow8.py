"""Chinese per-row requests, tenth round (h/fzhrow8): classes read on sheets written here.

A share of a column whose own header says 总 (定金占总价); a blank clause said after a whole the
arithmetic reads (…，还没X的留空); an area of lengths in 厘米 asked in 平方米; a year column whose
measure only the title says (2025年销量); two times subtracted in 几个钟; whether a step is done
(未发货 / 已发货, 发没发货, 发货状态) on a date column left blank at the end of the table; a header's
leading number said alone (95号 for 95号汽油, said twice); a clock time passed (超过17点, strictly
later); "标出来" is no label; 每天 is the row on a daily report.
"""

import datetime as dt

import openpyxl
import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import read_sheet, schema_from_rows


@pytest.fixture
def orders(tmp_path):
    """Furniture orders: the last two not shipped yet (发货日期 blank on the table's last rows)."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "订单"
    ws.append(["单号", "下单日期", "宽（厘米）", "高（厘米）", "总价", "订金", "发货日期"])
    ws.append(["A1", dt.datetime(2026, 3, 1), 120, 200, 5000, 1000, dt.datetime(2026, 3, 20)])
    ws.append(["A2", dt.datetime(2026, 3, 4), 80, 50, 2000, 500, dt.datetime(2026, 3, 14)])
    ws.append(["A3", dt.datetime(2026, 3, 9), 150, 90, 3000, 600, None])
    ws.append(["A4", dt.datetime(2026, 3, 12), 60, 60, 1200, 300, None])
    path = tmp_path / "orders.xlsx"
    wb.save(path)
    return read_sheet(path)


def test_share_of_a_column_whose_header_says_zong(orders):
    for ask in ("订金占总价的比例", "订金占总价的百分比，放H列", "订金占总价多少"):
        r = formula(ask, orders, "H2", method="rules")
        assert r.formula == "=F2/E2", ask
        assert r.value == 0.2


def test_blank_clause_after_a_subtraction_keeps_open_rows_blank(orders):
    r = formula("每单用了几天（发货日期减下单日期），还没发的留空", orders, "H2", method="rules")
    assert r.formula == '=IF(G2="","",G2-B2)' and r.value == 19
    r = formula("发货日期减下单日期，没发货的空着", orders, "H4", method="rules")
    assert r.formula == '=IF(G4="","",G4-B4)' and r.value == ""


def test_area_of_centimetre_lengths_in_square_metres(orders):
    r = formula("每单面积（宽×高）换算成平方米，保留两位小数", orders, "H2", method="rules")
    assert r.formula == "=ROUND(C2*D2/10000,2)" and r.value == 2.4
    r = formula("宽乘高是多少平方米", orders, "H3", method="rules")
    assert r.formula == "=C3*D3/10000" and r.value == 0.4
    # no unit asked: the product as the cells hold it
    assert formula("宽乘高", orders, "H2", method="rules").formula == "=C2*D2"


def test_area_in_square_metres_of_lengths_in_no_known_unit_is_refused():
    s = schema_from_rows([["板号", "长", "宽"], ["B1", 120, 80], ["B2", 200, 100]])
    with pytest.raises(TaskError):
        formula("长×宽换算成平方米", s, "D2", method="rules")


def test_step_done_or_not_on_a_date_blank_at_the_tables_end(orders):
    r = formula("还没发货的标“未发货”，发了的标“已发货”", orders, "H4", method="rules")
    assert r.formula == '=IF(G4="","未发货","已发货")'
    assert r.value == "未发货"
    assert formula("还没发货的标“未发货”，发了的标“已发货”", orders, "H2", method="rules").value == "已发货"
    # "发没发货" / "发货状态列" with no labels: 已发 / 未发, 已发货 / 未发货 or 未完成 / 已完成 is the
    # user's to say (all are written, and a guess got users' sheets wrong), so the labels are asked for
    for ask in ("标一下发没发货", "发货状态列"):
        with pytest.raises(TaskError):
            formula(ask, orders, "H4", method="rules")


@pytest.fixture
def yearly(tmp_path):
    """Sales by year, the measure (销量) said only in the title above the header."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "历年"
    ws.append(["各门店历年销量（单位：件）"])
    ws.append(["门店", 2024, 2025])
    ws.append(["东门", 300, 420])
    ws.append(["西门", 500, 380])
    ws.append(["南门", 200, 260])
    path = tmp_path / "yearly.xlsx"
    wb.save(path)
    return read_sheet(path)


def test_year_column_named_with_the_measure_its_title_says(yearly):
    r = formula("2025年销量排名，放D列", yearly, "D3", method="rules")
    assert r.formula == "=RANK(C3,$C$3:$C$5)" and r.value == 1
    r = formula("2025年销量减2024年销量", yearly, "D4", method="rules")
    assert r.formula == "=C4-B4" and r.value == -120


@pytest.fixture
def visits():
    return schema_from_rows([
        ["单号", "到场时间", "离开时间", "费用"],
        ["V1", dt.time(9, 0), dt.time(11, 30), 200],
        ["V2", dt.time(15, 0), dt.time(17, 0), 150],
        ["V3", dt.time(16, 0), dt.time(18, 15), 180],
    ])


def test_two_times_subtracted_in_hours(visits):
    for ask in ("离开减到场，几个钟", "离开时间减到场时间是几个小时"):
        r = formula(ask, visits, "E2", method="rules")
        assert r.formula == "=(C2-B2)*24", ask
        assert r.value == pytest.approx(2.5)


def test_clock_time_passed_is_strictly_later_and_biao_chulai_is_no_label(visits):
    r = formula("离开时间过了下午5点的标“超时”", visits, "E3", method="rules")
    assert r.formula == '=IF(C3>TIME(17,0,0),"超时","")' and r.value == ""
    r = formula("离开时间超过17点的算超时，标出来", visits, "E4", method="rules")
    assert r.formula == '=IF(C4>TIME(17,0,0),"超时","")' and r.value == "超时"
    with pytest.raises(TaskError):  # no label said: "出来" is not one
        formula("离开时间超过17点的标出来", visits, "E4", method="rules")


@pytest.fixture
def daily():
    return schema_from_rows([
        ["日期", "1号线", "2号线", "保洁次数"],
        [dt.date(2026, 5, 1), 300, 100, 25],
        [dt.date(2026, 5, 2), 240, 160, 12],
        [dt.date(2026, 5, 3), 500, 500, 30],
    ])


def test_header_led_by_a_number_said_alone_and_twice(daily):
    for ask in ("2号/(1号+2号) 每天算一个", "2号线/(1号线+2号线)"):
        r = formula(ask, daily, "E2", method="rules")
        assert r.formula == "=C2/(B2+C2)", ask
        assert r.value == 0.25


def test_the_day_a_label_goes_on_said_by_its_noun(daily):
    r = formula("保洁超过20次的那天标个“忙”，其他空着", daily, "E3", method="rules")
    assert r.formula == '=IF(D3>20,"忙","")' and r.value == ""


def test_the_year_block_said_as_a_whole(yearly):
    for ask in ("各门店历年销量合计", "每个门店两年总销量，放D列"):
        r = formula(ask, yearly, "D3", method="rules")
        assert r.formula == "=SUM(B3:C3)", ask
        assert r.value == 720
    with pytest.raises(TaskError):  # three years said, two year columns: not the block
        formula("三年总销量", yearly, "D3", method="rules")


def test_a_year_less_a_column_of_years_is_not_the_years_column(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["剧目", 2024, 2025, "首演年份"])
    ws.append(["甲", 30, 40, 2015])
    ws.append(["乙", 20, 10, 2020])
    ws.append(["丙", 5, 8, 2023])
    path = tmp_path / "plays.xlsx"
    wb.save(path)
    plays = read_sheet(path)
    with pytest.raises(TaskError):  # 2025 is the year here, not the 2025 column's counts
        formula("到2025年演了几年（2025减首演年份）", plays, "E2", method="rules")
    assert formula("2025减2024", plays, "E2", method="rules").formula == "=C2-B2"
    r = formula("按25年给每部戏排个名次", plays, "E3", method="rules")
    assert r.formula == "=RANK(C3,$C$2:$C$4)" and r.value == 2


def test_a_price_said_per_unit_multiplies_the_quantity(daily):
    for ask in ("1号线按2.5元一张算，每天收了多少钱", "1号线销售额，单价2.5"):
        r = formula(ask, daily, "E2", method="rules")
        assert r.formula == "=B2*2.5", ask
        assert r.value == 750


def test_area_asked_by_name_is_the_two_lengths_product():
    s = schema_from_rows([["单号", "宽（米）", "高（米）", "金额"], ["P1", 2, 1.5, 300], ["P2", 3, 2, 500]])
    for ask in ("算每单的面积（平方米）", "每单多少平方", "宽乘高算面积"):
        r = formula(ask, s, "E2", method="rules")
        assert r.formula == "=B2*C2", ask
        assert r.value == 3
    box = schema_from_rows([["箱号", "长", "宽", "高"], ["X1", 2, 3, 4], ["X2", 1, 1, 1]])
    with pytest.raises(TaskError):  # three lengths, none named: which face is not said
        formula("每箱面积", box, "E2", method="rules")


def test_weekend_and_the_other_days_labels_unquoted(daily):
    r = formula("周六周日写周末，其他写工作日", daily, "E2", method="rules")
    assert r.formula == '=IF(WEEKDAY(A2,2)>5,"周末","工作日")'
    assert r.value == "工作日"  # 2026-05-01 is a Friday
    r = formula("周六周日写“周末”，其他写“工作日”", daily, "E3", method="rules")
    assert r.value == "周末"
