"""Chinese per-row requests said the way shop clerks type them (issue 16 item 1).

A mobile number masked "前三后四" or with no count at all (the way such numbers are quoted),
whose number it is said before the column ("会员手机号打码"), and more of the classes a
clerk asks one value per row for.  Values are checked on small sheets written here.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import read_sheet, schema_from_rows


def _at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)), s).value


def _sheet(tmp_path, title, rows):
    """An .xlsx written here (digit strings stay text, as a shop's export keeps them), read back."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = title
    for row in rows:
        ws.append(row)
    wb.save(tmp_path / "sheet.xlsx")
    return read_sheet(tmp_path / "sheet.xlsx")


@pytest.fixture
def members(tmp_path):
    return _sheet(tmp_path, "会员", [
        ["卡号", "会员", "手机号", "储值", "消费"],
        ["V0012345678", "周敏", "13812345678", 500, 320],
        ["V0087654321", "吴涛", "15987654321", 300, 300],
        ["V0011112222", "郑丽", "18600001111", 1000, 150],
    ])


@pytest.mark.parametrize("said", ["手机号打码，只留前三后四", "会员手机号脱敏一下，前三后四", "把手机号打码",
                                  "会员的手机号隐藏一下"])
def test_a_mobile_number_masked_as_it_is_quoted(members, said):
    r = formula(said, members, "F2", method="rules")
    assert r.formula == '=LEFT(C2,3)&"****"&RIGHT(C2,4)' and r.value == "138****5678"
    assert _at(r, members, 4) == "186****1111"


def test_a_mask_with_no_count_needs_the_mobile_column_named(members):
    for said in ("卡号打码", "打码"):  # 卡号 is 11 characters too, but not a mobile number
        with pytest.raises(TaskError):
            formula(said, members, "F2", method="rules")


@pytest.fixture
def checkups(tmp_path):
    return _sheet(tmp_path, "员工名单", [
        ["工号", "姓名", "身份证号", "体检日期", "科室"],
        ["E01", "钱多", "320102198507154321", dt.date(2026, 3, 10), "内科"],
        ["E02", "孙立", "32010219921130201X", dt.date(2026, 3, 11), "外科"],
        ["E03", "李可", "320102200001015552", dt.date(2026, 3, 12), "内科"],
    ])


@pytest.mark.parametrize("said", ["从身份证号提出生日期", "出生日期，从身份证号第7位开始取", "把身份证里的生日转成日期"])
def test_a_birth_date_from_the_id_number_said_with_its_verbs(checkups, said):
    r = formula(said, checkups, "F2", method="rules")
    assert r.formula == "=DATE(MID(C2,7,4),MID(C2,11,2),MID(C2,13,2))"
    assert _at(r, checkups, 3) == (dt.date(1992, 11, 30) - dt.date(1899, 12, 30)).days  # a date serial


@pytest.mark.parametrize("said", ["身份证第17位看男女", "名单表F列写性别，从身份证号看"])
def test_sex_from_the_id_number_said_with_its_verbs(checkups, said):
    r = formula(said, checkups, "F2", method="rules")
    assert r.formula == '=IF(MOD(MID(C2,17,1),2)=1,"男","女")' and r.value == "女" and _at(r, checkups, 4) == "男"


def test_an_age_at_the_event_the_row_records(checkups):
    r = formula("体检时多大了，用身份证算", checkups, "F2", method="rules")
    assert r.formula == '=DATEDIF(DATE(MID(C2,7,4),MID(C2,11,2),MID(C2,13,2)),D2,"Y")'
    assert r.value == 40 and _at(r, checkups, 3) == 33


def test_an_age_at_an_event_is_not_guessed_between_two_dates(tmp_path):
    s = _sheet(tmp_path, "名单", [
        ["姓名", "身份证号", "入职日期", "体检日期"],
        ["钱多", "320102198507154321", dt.date(2020, 3, 10), dt.date(2026, 3, 10)],
        ["孙立", "32010219921130201X", dt.date(2021, 3, 11), dt.date(2026, 3, 11)],
    ])
    with pytest.raises(TaskError):
        formula("看病时多大了，用身份证算", s, "E2", method="rules")


def test_a_bare_share_on_a_row_is_not_guessed_as_a_share_of_the_column():
    s = schema_from_rows([
        ["日期", "堂食", "外卖", "杯数"],
        [dt.date(2026, 11, 1), 1800, 600, 120],
        [dt.date(2026, 11, 2), 1500, 900, 110],
        [dt.date(2026, 11, 3), 2100, 300, 150],
    ])
    for said in ("外卖占比，每行算一个", "每天外卖的比重"):  # the day's mix, or the month's share: not guessed
        with pytest.raises(TaskError):
            formula(said, s, "E2", method="rules")
    r = formula("每天外卖占外卖总额的比例", s, "E2", method="rules")  # the whole named: the column's total
    assert r.formula == "=C2/SUM($C$2:$C$4)" and r.value == pytest.approx(600 / 1800)


def _book(tmp_path, sheets):
    """A workbook of several sheets written here; the first one is read (the others are its lookups)."""
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    for title, rows in sheets:
        ws = wb.create_sheet(title)
        for row in rows:
            ws.append(row)
    wb.save(tmp_path / "book.xlsx")
    return read_sheet(tmp_path / "book.xlsx", sheets[0][0])


PARTS = ("配件价目", [["配件编码", "名称", "单价"], ["P1", "刹车片", 120], ["P2", "机油", 45], ["P3", "滤芯", 30]])


@pytest.mark.parametrize("said", ["每笔卖了多少钱，单价在配件价目里", "每单金额，单价看配件价目表"])
def test_what_a_line_came_to_is_its_quantity_times_the_looked_up_price(tmp_path, said):
    s = _book(tmp_path, [("出库", [["日期", "配件编码", "数量"], [dt.date(2026, 5, 1), "P2", 3],
                                   [dt.date(2026, 5, 2), "P1", 2], [dt.date(2026, 5, 3), "P3", 10]]), PARTS])
    r = formula(said, s, "D2", method="rules")
    assert r.formula == "=C2*INDEX(配件价目!$C$2:$C$4,MATCH(B2,配件价目!$A$2:$A$4,0))" and r.value == 135
    assert _at(r, s, 4) == 300
    assert formula("每行带出单价", s, "D2", method="rules").value == 45  # the price asked: the price


def test_a_line_money_with_no_quantity_column_is_not_the_price(tmp_path):
    s = _book(tmp_path, [("出库", [["日期", "配件编码", "经手人"], [dt.date(2026, 5, 1), "P2", "王"],
                                   [dt.date(2026, 5, 2), "P1", "李"]]), PARTS])
    with pytest.raises(TaskError):
        formula("每笔卖了多少钱，单价在配件价目里", s, "D2", method="rules")


@pytest.fixture
def shifts():
    return schema_from_rows([
        ["日期", "白班产量（件）", "夜班产量（件）", "一季度奖金", "二季度奖金", "销售额", "成本额"],
        [dt.date(2026, 6, 1), 120, 80, 300, 500, 900, 600],
        [dt.date(2026, 6, 2), 100, 95, 200, 100, 800, 500],
        [dt.date(2026, 6, 3), 130, 70, 400, 250, 700, 650],
    ])


@pytest.mark.parametrize("said, formula_, second", [
    ("白夜班产量加起来", "=SUM(B2:C2)", 195),       # heads 白 | 夜, tail 班产量 said in part
    ("一二季度奖金合计", "=SUM(D2:E2)", 300),
    ("白班夜班产量加起来，放H列", "=SUM(B2:C2)", 195),  # heads 白班 | 夜班, tail 产量
])
def test_columns_folded_into_one_word_by_their_heads(shifts, said, formula_, second):
    r = formula(said, shifts, "H2", method="rules")
    assert r.formula == formula_ and _at(r, shifts, 3) == second


def test_heads_without_their_tail_are_not_a_list(shifts):
    with pytest.raises(TaskError):  # 销售成本 is not 销售额 + 成本额
        formula("销售成本加起来", shifts, "H2", method="rules")


@pytest.mark.parametrize("rows, said, formula_, first", [
    ([["学员", "课时包（节）", "已上课时"], ["甲", 20, 8], ["乙", 10, 10]], "剩余课时", "=B2-C2", 12),
    ([["学员", "课时包（节）", "已上课时"], ["甲", 20, 8], ["乙", 10, 10]], "每人还剩多少节数", "=B2-C2", 12),
    ([["部门", "预算", "已支出", "人数"], ["行政", 5000, 3200, 4], ["后勤", 3000, 3500, 6]], "每个部门还剩多少预算", "=B2-C2", 1800),
    ([["部门", "预算", "实际支出"], ["行政", 5000, 3200], ["后勤", 3000, 3500]], "省了多少钱（超支为负）", "=B2-C2", 1800),
    ([["工号", "应出勤天数", "实际出勤天数"], ["E1", 22, 20], ["E2", 22, 22]], "每人缺勤几天", "=B2-C2", 2),
])
def test_what_is_left_of_the_rows_plan(rows, said, formula_, first):
    s = schema_from_rows(rows)
    r = formula(said, s, "E2", method="rules")
    assert r.formula == formula_ and r.value == first


def test_what_is_left_needs_a_plan_and_its_actual():
    s = schema_from_rows([["品名", "库存", "单价"], ["螺丝", 300, 0.5], ["垫片", 120, 0.2]])
    with pytest.raises(TaskError):  # no planned | actual pair: 剩余 explains nothing here
        formula("每种剩余库存", s, "D2", method="rules")


@pytest.fixture
def repairs(tmp_path):
    return _sheet(tmp_path, "维修单", [
        ["单号", "顾客", "送修日期", "取件日期", "已付", "金额"],
        ["R01", "周", dt.date(2026, 4, 1), dt.date(2026, 4, 3), "是", 80],
        ["R02", "吴", dt.date(2026, 4, 2), None, "否", 120],
        ["R03", "郑", dt.date(2026, 4, 2), dt.date(2026, 4, 6), "否", 60],
    ])


@pytest.mark.parametrize("said, formula_, second", [
    ("没取写未取，取了的写已取", '=IF(D2="","未取","已取")', "未取"),   # a date left blank until it happens
    ("取件状态：已取/未取", '=IF(D2="","未取","已取")', "未取"),
    ("没付的标欠款，付了的空着", '=IF(E2="否","欠款","")', "欠款"),     # a 是/否 column
    ("没付的写欠款，其他写结清", '=IF(E2="否","欠款","结清")', "欠款"),
])
def test_whether_a_rows_step_is_done_yet(repairs, said, formula_, second):
    r = formula(said, repairs, "G2", method="rules")
    assert r.formula == formula_ and _at(r, repairs, 3) == second


def test_a_step_no_single_column_records_is_not_guessed(repairs):
    for said in ("没修的写未修，修了的写已修",   # no column holds 修
                 "没送的写未送，送了的写已送"):  # 送修日期 is never blank: it does not record a step yet to come
        with pytest.raises(TaskError):
            formula(said, repairs, "G2", method="rules")
