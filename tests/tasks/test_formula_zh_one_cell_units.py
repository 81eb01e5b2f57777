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
