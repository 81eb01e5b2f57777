"""Chinese one-cell totals counted in a unit (issue 16, round 2): the measure word after 多少 / 几
(多少束, 几束, 多少节) names the number column counted in it (数量（束）, 课时数), and 合记 is 合计."""

from __future__ import annotations

from o3local.tasks.formula.schema import build_schema
from tests.tasks.test_formula_generalize import _formula, _sheet


def _flowers():
    return _sheet(["客户", "花材", "数量（束）", "单价"],
                  [["王女士", "玫瑰", 2, 30], ["李先生", "百合", 1, 40], ["周小姐", "玫瑰", 5, 30]])


def test_ji_and_a_unit_of_one_header_add_that_column():
    s = _flowers()
    assert _formula(s, "玫瑰卖了几束") == '=SUMIF(B2:B4,"玫瑰",C2:C4)'
    assert _formula(s, "玫瑰一共多少束") == '=SUMIF(B2:B4,"玫瑰",C2:C4)'
    assert _formula(s, "玫瑰卖了几斤") is None  # no column is counted in 斤
    assert _formula(s, "玫瑰有几单") != '=SUMIF(B2:B4,"玫瑰",C2:C4)'  # 单 counts rows


def test_a_unit_of_the_one_number_column_is_no_unread_word():
    s = _sheet(["会员", "教练", "课时数"], [["甲", "赵教练", 2], ["乙", "钱教练", 1], ["丙", "赵教练", 1]])
    assert _formula(s, "赵教练带了多少节") == '=SUMIF(B2:B4,"赵教练",C2:C4)'


def test_heji_typo_is_a_total():
    s = _sheet(["工单号", "工时费", "配件费"], [["A1", 100, 20], ["A2", 50, 0]])
    assert _formula(s, "工时费合记") == "=SUM(B2:B3)"


def test_a_rate_of_a_yes_no_column_named_alone():
    s = _sheet(["会员", "教练", "是否签到"], [["甲", "赵教练", "是"], ["乙", "钱教练", "否"], ["丙", "赵教练", "是"]])
    assert _formula(s, "签到率多少") == '=COUNTIF(C2:C4,"是")/COUNTA(C2:C4)'
    assert _formula(s, "签到的比例") == '=COUNTIF(C2:C4,"是")/COUNTA(C2:C4)'
    assert _formula(s, "没签到的比例") != '=COUNTIF(C2:C4,"是")/COUNTA(C2:C4)'


def test_an_amount_word_of_the_title_names_the_sheets_numbers():
    cells = {(1, c): "打印店历年营业额（单位：元）" for c in range(1, 5)}
    cells.update({(2, 1): "项目", (2, 2): "类别", (2, 3): 2024, (2, 4): 2025})
    for r, row in enumerate([["黑白打印", "打印", 10200, 12800], ["胶装", "装订", 5400, 6100], ["彩印", "打印", 31000, 40500]], start=3):
        cells.update({(r, c): v for c, v in enumerate(row, start=1)})
    s = build_schema(cells, "Sheet1")
    assert _formula(s, "打印类2025年营业额") == '=SUMIF(B3:B5,"打印",D3:D5)'
    assert _formula(s, "2024年装订类营业额合计") == '=SUMIF(B3:B5,"装订",C3:C5)'
    assert _formula(s, "打印类营业额合计") is None  # which year's: not said


def test_zuo_the_action_of_a_row_is_no_condition():
    s = _sheet(["工单号", "车主", "维修类型", "工时费"],
               [["A1", "王", "保养", 100], ["A2", "李", "钣喷", 300], ["A3", "周", "保养", 120]])
    assert _formula(s, "做保养的有几单") == '=COUNTIF(C2:C4,"保养")'


def _days(n=4, start=1):
    import datetime as dt

    return [dt.datetime(2026, 11, d) for d in range(start, start + n)]


def test_a_month_with_its_year_written_before_it():
    import datetime as dt

    s = _sheet(["工单号", "车主", "出厂"], [["A1", "王", dt.datetime(2026, 10, 30)], ["A2", "李", dt.datetime(2026, 11, 2)],
                                         ["A3", "周", dt.datetime(2026, 11, 9)]])
    want = '=COUNTIFS(C2:C4,">="&DATE(2026,11,1),C2:C4,"<="&DATE(2026,11,30))'
    assert _formula(s, "11月出厂的有几台") == want
    assert _formula(s, "2026年11月出厂的有几台") == want
    assert _formula(s, "2026年11月份出厂的有几台") == want
    assert _formula(s, "2025年11月出厂的有几台") == want.replace("2026", "2025")  # the year said, not the data's


def test_natian_asks_for_the_day_of_the_largest():
    s = _sheet(["日期", "早餐人次", "营业收入"], [[d, 10 + i, 100 * (i % 3)] for i, d in enumerate(_days())])
    assert _formula(s, "哪天收入最高") == "=INDEX(A2:A5,MATCH(MAX(C2:C5),C2:C5,0))"
    assert _formula(s, "哪一天早餐人次最少") == "=INDEX(A2:A5,MATCH(MIN(B2:B5),B2:B5,0))"


def test_a_daily_average_on_a_sheet_of_one_row_per_day():
    s = _sheet(["日期", "早餐人次", "营业收入"], [[d, 10 + i, 100 * i] for i, d in enumerate(_days())])
    assert _formula(s, "日均早餐人次") == "=AVERAGE(B2:B5)"
    assert _formula(s, "平均每天营业收入多少") == "=AVERAGE(C2:C5)"
    days = _days(2) * 2  # two shops a day: one row per shop and day
    shops = _sheet(["日期", "门店", "客流量"], [[d, "东店" if i < 2 else "西店", 5 + i] for i, d in enumerate(days)])
    assert _formula(shops, "东店平均每天客流量") == '=AVERAGEIF(B2:B5,"东店",C2:C5)'
    assert _formula(shops, "平均每天客流量") != "=AVERAGE(C2:C5)"  # both shops' rows of a day: no average of rows


def test_a_negated_yes_no_column_counts_its_no_rows():
    s = _sheet(["会员", "教练", "是否签到"], [["甲", "赵教练", "是"], ["乙", "钱教练", "否"], ["丙", "赵教练", "否"]])
    assert _formula(s, "没签到的有几次") == '=COUNTIF(C2:C4,"否")'
    assert _formula(s, "未签到次数") == '=COUNTIF(C2:C4,"否")'
    assert _formula(s, "赵教练没签到的有几次") == '=COUNTIFS(C2:C4,"否",B2:B4,"赵教练")'
    assert _formula(s, "签到了几次") == '=COUNTIF(C2:C4,"是")'


def test_zhifu_names_the_payment_column():
    s = _sheet(["订单号", "客户", "付款方式"], [["1", "王", "微信"], ["2", "李", "现金"], ["3", "周", "微信"]])
    assert _formula(s, "微信支付单数占比") == '=COUNTIF(C2:C4,"微信")/COUNTA(C2:C4)'
    assert _formula(s, "用微信支付的有几单") == '=COUNTIF(C2:C4,"微信")'


def _years_sheet():
    cells = {(1, c): "打印店历年营业额（单位：元）" for c in range(1, 6)}
    cells.update({(2, 1): "项目", (2, 2): 2023, (2, 3): 2024, (2, 4): 2025, (2, 5): "2025年单价（元）"})
    for r, row in enumerate([["黑白打印", None, 12800, 13000, 1], ["胶装", 5400, 6100, 6000, 5],
                             ["彩印", 31000, 40500, 42000, 2]], start=3):
        cells.update({(r, c): v for c, v in enumerate(row, start=1) if v is not None})
    return build_schema(cells, "营业额")


def test_a_total_over_a_block_of_year_columns():
    s = _years_sheet()
    for q in ("2023到2025所有项目加总", "三年营业额总共多少（不算合计行）", "历年营业额合计"):
        assert _formula(s, q) == "=SUM(B3:D5)", q
    assert _formula(s, "2024至2025年营业额合计") == "=SUM(C3:D5)"
    assert _formula(s, "两年营业额合计") is None  # two of three years: which two
    assert _formula(s, "2023到2025平均营业额") != "=SUM(B3:D5)"


def test_a_synonym_of_the_titles_amount_names_the_year_columns():
    s = _years_sheet()
    assert _formula(s, "24年胶装的收入") == '=SUMIF(A3:A5,"胶装",C3:C5)'


def test_a_charge_over_the_total_of_the_charge_columns():
    s = _sheet(["单号", "科室", "挂号费", "药品费", "检查费"],
               [["1", "内科", 10, 50, 100], ["2", "外科", 10, 0, 200], ["3", "内科", 20, 30, 0]])
    assert _formula(s, "检查费占总收入的比例") == "=SUM(E2:E4)/SUM(C2:E4)"
    assert _formula(s, "检查收入占全部收费的百分比") == "=SUM(E2:E4)/SUM(C2:E4)"
    assert _formula(s, "检查费在挂号费加检查费里占多少") == "=SUM(E2:E4)/(SUM(C2:C4)+SUM(E2:E4))"
    assert _formula(s, "检查费在挂号费加药品费里占多少") is None  # 检查费 is not in that whole


def test_meal_headers_named_by_the_time_of_day():
    s = _sheet(["日期", "早餐人次", "午餐人次"], [[d, 10 + i, 300 + i] for i, d in enumerate(_days())])
    assert _formula(s, "中午人次合计") == "=SUM(C2:C5)"
    assert _formula(s, "平均每天早饭多少人") == "=AVERAGE(B2:B5)"


def test_yishoukuan_names_the_paid_column():
    s = _sheet(["房号", "套餐价（元）", "已付（元）"], [["1", 30000, 30000], ["2", 40000, 10000]])
    assert _formula(s, "已收款总额") == "=SUM(C2:C3)"


def test_what_one_row_is_with_shu_counts_the_rows():
    import datetime as dt

    s = _sheet(["处方号", "开方日期", "医师", "剂数"],
               [["P1", dt.datetime(2026, 10, 30), "何医师", 7], ["P2", dt.datetime(2026, 11, 2), "王医师", 14],
                ["P3", dt.datetime(2026, 11, 9), "何医师", 3]], name="处方记录")
    want = '=COUNTIFS(B2:B4,">="&DATE(2026,11,1),B2:B4,"<="&DATE(2026,11,30))'
    assert _formula(s, "11月的处方数") == want
    assert _formula(s, "2026年11月的处方数量") == want
    assert _formula(s, "何医师的处方数") == '=COUNTIF(C2:C4,"何医师")'
    cars = _sheet(["工单号", "车主", "出厂"], [["A1", "王", dt.datetime(2026, 10, 30)], ["A2", "李", dt.datetime(2026, 11, 2)]],
                  name="工单")
    want = '=COUNTIFS(C2:C3,">="&DATE(2026,11,1),C2:C3,"<="&DATE(2026,11,30))'
    assert _formula(cars, "11月出厂的工单数") == want
    assert _formula(cars, "11月出厂的车有几台") == want


def test_the_sheet_name_of_year_columns_says_what_they_hold():
    s = _sheet(["业务", 2024, 2025], [["精修", 100, 120], ["证件照", 50, 40]], name="历年营收")
    assert _formula(s, "24年精修收入") == '=SUMIF(A2:A3,"精修",B2:B3)'


def test_a_condition_column_empty_at_the_bottom_reads_the_same_rows():
    s = _sheet(["卡号", "实付金额", "备注"], [["Z1", 100, "学生"], ["Z2", 200, None], ["Z3", 300, "学生"], ["Z4", 50, None]])
    assert _formula(s, "备注学生的实付金额合计") == '=SUMIF(C2:C5,"学生",B2:B5)'


def test_a_year_block_total_is_no_answer_at_a_row():
    from o3local.errors import TaskError
    from o3local.tasks.formula import formula

    try:
        got = formula("三年营业额合计", _years_sheet(), "F3", method="rules").formula
    except TaskError:
        got = None
    assert got != "=SUM(B3:D5)"  # at F3, beside a row: that row's years, never the whole block
