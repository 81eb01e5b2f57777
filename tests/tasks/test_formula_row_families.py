"""Per-row families beyond arithmetic (issue 16 item 1): IF labels, text, dates, ID numbers.

Every example runs on a small sheet written here (not the dev set's), through
the public ``formula`` entry point with a target cell, and checks the value on
that row and that the formula fills down (it is checked on two other rows
before it is returned).  Requests the families cannot place are refused.
"""

import datetime as dt

import openpyxl
import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import read_sheet, schema_from_rows


@pytest.fixture
def shop():
    return schema_from_rows([
        ["Clerk", "Store", "Qty", "Min Stock", "Revenue", "Cost", "Status", "Opened"],
        ["Mia Park", "Leeds", 4, 10, 1200.0, 700.0, "Open", dt.date(2024, 2, 29)],
        ["Raj Das", "York", 25, 10, 800.0, 900.0, "Closed", dt.date(2023, 12, 3)],
        ["Lea Roy", "Leeds", 0, 5, 3000.0, 1000.0, "Open", dt.date(2025, 7, 14)],
    ])


@pytest.fixture
def banji(tmp_path):
    """Written to a real .xlsx: phone numbers and IDs stay text, as in a user's file."""
    return _xlsx(tmp_path, [
        ["学号", "姓名", "组别", "物理", "化学", "生物", "手机号"],
        ["S01", "孙悟空", "甲组", 95, 58, 77, "13912345678"],
        ["S02", "猪八戒", "乙组", 61, 72, 40, "13800001111"],
        ["S03", "沙和尚", "甲组", 45, 88, 90, "15077778888"],
    ])


def _xlsx(tmp_path, rows):
    wb = openpyxl.Workbook()
    for row in rows:
        wb.active.append(row)
    wb.save(tmp_path / "t.xlsx")
    return read_sheet(tmp_path / "t.xlsx")


def value_at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)).replace("{p}", str(row - 1)), s).value


def test_if_labels_in_english(shop):
    r = formula('write "Low" when qty is below the min stock, otherwise "OK"', shop, "I2", method="rules")
    assert r.formula == '=IF(C2<D2,"Low","OK")' and r.value == "Low" and value_at(r, shop, 3) == "OK"
    r = formula('mark "Star" if the store is leeds and revenue exceeds 1000, else leave blank',
                shop, "I4", method="rules")
    assert r.formula == '=IF(AND(B4="Leeds",E4>1000),"Star","")' and r.value == "Star"
    assert value_at(r, shop, 3) == ""
    r = formula("Yes/No whether the status is Open", shop, "I3", method="rules")
    assert r.formula == '=IF(G3="Open","Yes","No")' and r.value == "No"
    r = formula("the revenue if open, else 0", shop, "I3", method="rules")
    assert r.formula == '=IF(G3="Open",E3,0)' and r.value == 0 and value_at(r, shop, 2) == 1200


def test_if_labels_in_chinese(banji):
    r = formula("物理60分及格", banji, "H3", method="rules")
    assert r.formula == '=IF(D3>=60,"及格","不及格")' and r.value == "及格"
    r = formula("化学低于60的标记为补考，否则为通过", banji, "H2", method="rules")
    assert r.value == "补考" and value_at(r, banji, 3) == "通过"
    r = formula("甲组的为一队，其他为二队", banji, "H3", method="rules")
    assert r.formula == '=IF(C3="甲组","一队","二队")' and r.value == "二队"
    r = formula("生物：80以上优，60以上合格，否则不合格", banji, "H2", method="rules")
    assert r.value == "合格" and value_at(r, banji, 3) == "不合格" and value_at(r, banji, 4) == "优"
    r = formula("总分200及以上标记优秀", banji, "H4", method="rules")
    assert r.formula == '=IF(D4+E4+F4>=200,"优秀","")' and r.value == "优秀"


def test_text_parts_case_join_and_mask(shop, banji):
    assert formula("clerk's first name", shop, "I2", method="rules").value == "Mia"
    assert formula("last name of the clerk", shop, "I3", method="rules").value == "Das"
    assert formula("store in capital letters", shop, "I2", method="rules").value == "LEEDS"
    assert formula("first two letters of the store", shop, "I3", method="rules").value == "Yo"
    r = formula('join clerk and store like "Mia Park / Leeds"', shop, "I2", method="rules")
    assert r.formula == '=A2&" / "&B2' and value_at(r, shop, 3) == "Raj Das / York"
    assert formula("手机号中间4位用*隐藏", banji, "H2", method="rules").value == "139****5678"
    assert formula("姓名的姓", banji, "H4", method="rules").value == "沙"
    assert formula("学号的后两位", banji, "H3", method="rules").value == "02"
    assert formula('学号去掉"S"', banji, "H2", method="rules").value == "01"


def test_dates_per_row(shop):
    assert formula("year the store opened", shop, "I2", method="rules").value == 2024
    r = formula("last day of the month of the opened date", shop, "I2", method="rules")
    assert r.formula == "=EOMONTH(H2,0)"
    assert formula("opened date plus 30 days later", shop, "I3", method="rules").formula == "=H3+30"
    r = formula("days since opened as of 2025-01-01", shop, "I3", method="rules")
    assert r.formula == "=DATE(2025,1,1)-H3" and r.value == 395
    assert formula("month name of the opened date", shop, "I4", method="rules").value == "July"


def test_chinese_id_numbers(tmp_path):
    s = _xlsx(tmp_path, [["姓名", "身份证号码", "入职日期"],
                         ["甲", "110105199003072831", dt.date(2020, 1, 1)],
                         ["乙", "44030119851225001X", dt.date(2018, 6, 1)],
                         ["丙", "320102200001010026", dt.date(2022, 3, 15)]])
    r = formula("从身份证号码提取出生日期", s, "D2", method="rules")
    assert r.formula == "=DATE(MID(B2,7,4),MID(B2,11,2),MID(B2,13,2))"
    assert formula("根据身份证判断性别", s, "D2", method="rules").value == "男"  # 17th digit 3
    assert formula("根据身份证判断性别", s, "D4", method="rules").value == "女"  # 17th digit 2
    r = formula("根据身份证号码计算截至2025年1月1日的年龄", s, "D3", method="rules")
    assert r.value == 39
    assert formula("试用期3个月，算出转正日期", s, "D2", method="rules").formula == "=EDATE(C2,3)"


def test_arithmetic_concepts(shop, banji):
    assert formula("profit of each row", shop, "I3", method="rules").formula == "=E3-F3"
    assert formula("profit margin", shop, "I4", method="rules").value == pytest.approx(2 / 3)
    assert formula("share of total revenue", shop, "I2", method="rules").value == pytest.approx(0.24)
    assert formula("change in revenue from the previous row", shop, "I3", method="rules").value == -400
    assert formula("三科平均分，保留一位小数", banji, "H2", method="rules").value == 76.7
    assert formula("计算总分", banji, "H3", method="rules").value == 173


def test_what_the_families_cannot_place_is_refused(shop, banji):
    with pytest.raises(TaskError):  # two numbers, one threshold
        formula('"Low" if qty is below 5 or 7, else "OK"', shop, "I2", method="rules")
    with pytest.raises(TaskError):  # the row above the first data row is the header
        formula("change in revenue from the previous row", shop, "I2", method="rules")
    with pytest.raises(TaskError):  # no ID-number column on this sheet
        formula("根据身份证判断性别", banji, "H2", method="rules")


def test_guesses_that_were_wrong_are_refused_or_fixed(shop, tmp_path):
    # a rank of a total has no column of totals to rank against: refused, not a bare SUM
    marks = _xlsx(tmp_path, [["姓名", "语文", "数学", "英语"], ["甲", 80, 90, 70], ["乙", 60, 75, 88],
                             ["丙", 92, 64, 71]])
    with pytest.raises(TaskError):
        formula("三科总分排名", marks, "E2", method="rules")
    # a percent whose role is unknown is not a multiplication; VAT is added
    with pytest.raises(TaskError):
        formula("revenue with 20% wibble", shop, "I2", method="rules")
    assert formula("revenue with 20% VAT", shop, "I2", method="rules").formula == "=E2*1.2"
    # 出生年份 on a sheet with an ID column comes from the ID, not from another date column
    ids = _xlsx(tmp_path, [["姓名", "身份证号", "入职日期"], ["甲", "110105199003072831", dt.date(2020, 1, 1)],
                           ["乙", "44030119851225001X", dt.date(2018, 6, 1)],
                           ["丙", "320102200001010026", dt.date(2022, 3, 15)]])
    assert formula("出生年份", ids, "D3", method="rules").value == 1985


def test_more_guesses_that_were_wrong(shop, tmp_path):
    assert formula("month of the opened date as text", shop, "I2", method="rules").value == "February"
    staff = _xlsx(tmp_path, [["Name", "Salary", "Bonus Rate"], ["A", 1000, 0.1], ["B", 2000, 0.05],
                             ["C", 3000, 0.2]])
    assert formula("bonus", staff, "D2", method="rules").value == 100
    # "plus": salary + bonus (salary times its rate), not the bonus alone
    assert formula("salary plus bonus", staff, "D2", method="rules").formula == "=B2+B2*C2"
    prices = schema_from_rows([["品名", "单价"], ["甲", 100], ["乙", 50], ["丙", 20]])
    assert formula("单价打八五折", prices, "C2", method="rules").value == pytest.approx(85)
    assert formula("单价打8.5折", prices, "C3", method="rules").value == pytest.approx(42.5)


def test_a_word_no_family_accounts_for_refuses(shop):
    assert formula("month of the opened date", shop, "I2", method="rules").value == 2
    with pytest.raises(TaskError):  # "fiscal" changes the question; the families do not know it
        formula("fiscal month of the opened date", shop, "I2", method="rules")
    with pytest.raises(TaskError):
        formula("revenue minus cost net of rebates", shop, "I2", method="rules")


def test_parts_of_an_id_birth_date_and_relative_years(tmp_path, shop):
    ids = _xlsx(tmp_path, [["姓名", "身份证号"], ["甲", "110105199003072831"], ["乙", "44030119851225001X"],
                           ["丙", "320102200001010026"]])
    assert formula("出生月份", ids, "C3", method="rules").value == 12
    assert formula("生日是几号", ids, "C2", method="rules").value == 7
    with pytest.raises(TaskError):  # "this year" is not the year of the date
        formula("opened date this year", shop, "I2", method="rules")


def test_a_chinese_header_named_by_its_first_characters():
    kq = schema_from_rows([["员工", "出勤天数", "请假天数"], ["张三", 22, 0], ["李四", 20, 3], ["王五", 21, 1]])
    assert formula("请假超过2天显示扣款，否则正常", kq, "D3", method="rules").value == "扣款"
    assert formula("出勤满22天的标记为全勤", kq, "D2", method="rules").value == "全勤"


def test_fifth_probe_guesses_refused_or_fixed(shop, banji):
    # the profit, but as a percent of cost: not just E-F
    assert formula("profit as a percent of cost", shop, "I2", method="rules").formula == "=(E2-F2)/F2"
    with pytest.raises(TaskError):  # a per-unit step the arithmetic would drop
        formula("revenue per unit minus cost", shop, "I2", method="rules")
    assert formula("rank of revenue from lowest", shop, "I2", method="rules").formula == "=RANK(E2,$E$2:$E$4,1)"
    assert formula("revenue minus 10% tax", shop, "I2", method="rules").value == pytest.approx(1080)
    with pytest.raises(TaskError):  # after tax: net or gross, the words do not say
        formula("revenue after 10% tax", shop, "I2", method="rules")
    with pytest.raises(TaskError):  # a share of the row's total, not of the column's
        formula("物理占总分的比例", banji, "H2", method="rules")


def test_sixth_probe_a_second_column_or_quantity_is_not_dropped(shop):
    with pytest.raises(TaskError):  # the department would be dropped from a first name
        formula("first name and store", shop, "I2", method="rules")
    with pytest.raises(TaskError):  # a percent of the profit's parts, not of revenue alone
        formula("profit after 5% commission", shop, "I2", method="rules")
    assert formula("用数量和单价算金额", schema_from_rows([["数量", "单价", "金额"], [2, 3.0, 6.0], [1, 4.0, 4.0],
                                                  [5, 1.0, 5.0]]), "D2", method="rules").value == 6


def test_a_date_is_not_compared_with_a_bare_number(shop):
    # "opened more than 5 years" is not H2>5: whole years from the date to today
    assert formula('"Old" if opened more than 5 years', shop, "I2", method="rules").formula == \
        '=IF(DATEDIF(H2,TODAY(),"Y")>5,"Old","")'
    with pytest.raises(TaskError):  # a date against a bare small number with no unit
        formula('"Old" if opened more than 5', shop, "I2", method="rules")
