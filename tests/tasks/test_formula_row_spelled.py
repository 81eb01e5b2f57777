"""Per-row requests the way people type them (issue 16 item 1), on sheets written here.

A formula spelled out after the result's name ("缺勤天数=应出勤-实际出勤",
"请假合计（事假+病假）", "variance = actual - est"), operators without spaces
("应出勤-实际出勤", "月薪÷21.75÷8"), a header named by a spelled-out short word
("est" -> "Est. Hours", "december" -> "Dec"), unquoted Chinese labels after 标/写/算,
a count unit after the threshold ("迟到3次及以上", "超过20小时"), a unit in brackets
("cost per kg"), a rate column taken off an amount, the gap between a sheet's two dates,
an age at a named date, an event date named by its event ("the month the task starts").
Each asserts the computed value; each family keeps a refusal that must stay one.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def kaoqin():
    return schema_from_rows([
        ["工号", "姓名", "应出勤天数", "实际出勤天数", "迟到次数", "事假天数", "病假天数", "月基本工资", "营业额"],
        ["E01", "王磊", 22, 20, 3, 1, 1, 8700.0, 25000.0],
        ["E02", "李娜", 22, 22, 0, 0, 0, 6525.0, 18000.0],
        ["E03", "赵敏", 21, 17, 5, 2, 2, 4350.0, 21000.0],
    ])


@pytest.fixture
def tracker():
    return schema_from_rows([
        ["Task", "Est. Hours", "Actual Hours", "Sep", "Dec", "Order Date", "Received"],
        ["Wireframes", 10, 14, 20, 11, dt.date(2025, 3, 1), dt.date(2025, 3, 9)],
        ["Backend", 30, 25, 18, 15, dt.date(2025, 4, 2), dt.date(2025, 4, 5)],
        ["Launch", 8, 8, 22, 9, dt.date(2025, 5, 6), dt.date(2025, 5, 20)],
    ])


def _at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)).replace("{p}", str(row - 1)), s).value


def test_a_formula_spelled_out_after_its_name(kaoqin, tracker):
    r = formula("缺勤天数=应出勤-实际出勤，每行都算", kaoqin, "J2", method="rules")
    assert r.formula == "=C2-D2" and r.value == 2 and _at(r, kaoqin, 4) == 4
    r = formula("请假合计（事假+病假）", kaoqin, "J3", method="rules")
    assert r.formula == "=F3+G3" and r.value == 0 and _at(r, kaoqin, 4) == 4
    r = formula("时薪（月薪÷21.75÷8）", kaoqin, "J2", method="rules")
    assert r.value == pytest.approx(50.0) and _at(r, kaoqin, 4) == pytest.approx(25.0)
    r = formula("variance = actual - est for every row", tracker, "H2", method="rules")
    assert r.formula == "=C2-B2" and r.value == 4 and _at(r, tracker, 3) == -5
    # the name may be anything, but the spelled-out part is still read whole
    with pytest.raises(TaskError):
        formula("缺勤天数=应出勤-实际出勤-请病假的人", kaoqin, "J2", method="rules")


def test_headers_named_by_their_spelled_out_words(tracker):
    r = formula("actual hours minus estimated hours", tracker, "H2", method="rules")
    assert r.formula == "=C2-B2" and r.value == 4
    r = formula("rank tasks by December", tracker, "H2", method="rules")
    assert r.formula == "=RANK(E2,$E$2:$E$4)" and r.value == 2 and _at(r, tracker, 3) == 1
    # "to" is not the header "To": a request with no column it names is refused
    with pytest.raises(TaskError):
        formula("rank them from one to ten", tracker, "H2", method="rules")


def test_unquoted_chinese_labels_with_a_counted_threshold(kaoqin):
    r = formula("迟到3次及以上的标记“警告”，其他空着", kaoqin, "J2", method="rules")
    assert r.formula == '=IF(E2>=3,"警告","")' and r.value == "警告" and _at(r, kaoqin, 3) == ""
    r = formula("营业额过2万的标达标，否则未达标", kaoqin, "J3", method="rules")
    assert r.formula == '=IF(I3>20000,"达标","未达标")' and r.value == "未达标" and _at(r, kaoqin, 4) == "达标"
    r = formula("迟到超过4次的标严重，没超的空着", kaoqin, "J4", method="rules")
    assert r.formula == '=IF(E4>4,"严重","")' and r.value == "严重" and _at(r, kaoqin, 2) == ""
    # a question is no label: it is answered as the one-cell question it is
    r = formula("E01是哪位同事", kaoqin, "J2", method="rules")
    assert r.formula == '=INDEX(B2:B4,MATCH("E01",A2:A4,0))' and r.value == "王磊"


def test_a_per_row_request_placed_by_its_words(tracker):
    r = formula("days between order and receipt, in a new column", tracker, method="rules")
    assert r.target_cell == "H2" and r.value == 8 and r.fill_range == "H2:H4"
    r = formula("actual minus estimate for each row", tracker, method="rules")
    assert r.target_cell == "H2" and r.formula == "=C2-B2"
    # no cell and no words that place it: one value or nothing, never a guessed column
    with pytest.raises(TaskError):
        formula("actual minus estimate", tracker, method="rules")


@pytest.fixture
def freight():
    return schema_from_rows([
        ["Tracking No", "Ship Date", "Delivered", "From", "To", "Weight (kg)", "Cost", "Insurance %"],
        ["1Z01", dt.date(2025, 1, 2), dt.date(2025, 1, 6), "Chicago", "Dallas", 40.0, 100.0, 0.8],
        ["1Z02", dt.date(2025, 1, 3), dt.date(2025, 1, 4), "Austin", "Miami", 10.0, 35.0, 0.5],
        ["1Z03", dt.date(2025, 1, 5), dt.date(2025, 1, 12), "Boston", "Denver", 25.0, 50.0, 0.0],
    ])


def test_a_unit_in_brackets_and_a_rate_column(freight):
    r = formula("cost per kg", freight, "I2", method="rules")
    assert r.formula == "=G2/F2" and r.value == 2.5 and _at(r, freight, 3) == 3.5
    r = formula("cost per kilo rounded to 1 decimal", freight, "I3", method="rules")
    assert r.formula == "=ROUND(G3/F3,1)" and r.value == 3.5
    r = formula("heavy if over 30 kg, else light", freight, "I2", method="rules")
    assert r.formula == '=IF(F2>30,"Heavy","Light")' and r.value == "Heavy" and _at(r, freight, 3) == "Light"
    # a rate column taken off an amount is the amount times (1 - rate), not a difference
    r = formula("cost minus the insurance %", freight, "I2", method="rules")
    assert r.formula == "=G2*(1-H2)" and r.value == pytest.approx(20.0)
    r = formula("cost as % of weight", freight, "I2", method="rules")
    assert r.formula == "=G2/F2" and r.value == 2.5
    # two date columns, neither named: the days between them
    r = formula("transit days for each shipment", freight, "I4", method="rules")
    assert r.formula == "=C4-B4" and r.value == 7
    # "per hour" names no column of this sheet: refused, not guessed
    with pytest.raises(TaskError):
        formula("cost per hour", freight, "I2", method="rules")


def test_an_age_is_measured_at_the_date_the_request_names():
    s = schema_from_rows([
        ["Visit Date", "Patient", "Date of Birth", "Fee"],
        [dt.date(2025, 3, 1), "Ava Brooks", dt.date(1990, 3, 2), 120.0],
        [dt.date(2025, 3, 2), "Ben Cole", dt.date(2010, 1, 15), 80.0],
        [dt.date(2025, 3, 3), "Cy Dunn", dt.date(1961, 3, 3), 95.0],
    ])
    r = formula("age of the patient at the visit", s, "E2", method="rules")
    assert r.formula == '=DATEDIF(C2,A2,"Y")' and r.value == 34 and _at(r, s, 4) == 64
    # no date said: the age today, as before
    r = formula("age of the patient", s, "E3", method="rules")
    assert "TODAY()" in r.formula


def test_an_event_date_named_by_its_event(freight):
    s = schema_from_rows([
        ["Task", "Start Date", "Ship Date", "Hours"],
        ["Wireframes", dt.date(2025, 3, 3), dt.date(2025, 3, 7), 5],
        ["Backend", dt.date(2025, 4, 2), dt.date(2025, 4, 5), 7],
        ["Launch", dt.date(2025, 5, 6), dt.date(2025, 5, 20), 9],
    ])
    r = formula("month the task starts, as a number", s, "E2", method="rules")
    assert r.formula == "=MONTH(B2)" and r.value == 3 and _at(r, s, 4) == 5
    r = formula("weekday number it shipped (Monday = 1)", s, "E2", method="rules")
    assert r.formula == "=WEEKDAY(C2,2)" and r.value == 5
    r = formula("weekday of the shipping (Monday, Tuesday...)", s, "E3", method="rules")
    assert r.formula == '=TEXT(C3,"dddd")' and r.value == "Saturday"
    # both events said: which date is not one, so no answer
    with pytest.raises(TaskError):
        formula("month it started or shipped", s, "E2", method="rules")


def test_a_share_of_a_total_several_columns_make_is_not_a_column_share():
    s = schema_from_rows([
        ["姓名", "平时加班(小时)", "周末加班(小时)", "节假日加班(小时)", "销售额"],
        ["甲", 6, 4, 0, 100.0],
        ["乙", 2, 2, 4, 300.0],
        ["丙", 0, 8, 0, 100.0],
    ])
    r = formula("销售额占总销售额的比例", s, "F2", method="rules")
    assert r.formula == "=E2/SUM($E$2:$E$4)" and r.value == pytest.approx(0.2)
    # 总加班 is each row's 平时+周末+节假日, not the 周末 column's total: refused, not guessed
    with pytest.raises(TaskError):
        formula("周末加班占总加班的比例", s, "F2", method="rules")


@pytest.fixture
def terms():
    return schema_from_rows([
        ["Student", "Maths Midterm", "Maths Final", "English Midterm", "English Final", "Hours", "Rate",
         "Parts", "Medication"],
        ["Ann", 60, 72, 55, 50, 2, 40, 15, 8],
        ["Bo", 70, 65, 80, 90, 3, 45, 0, 12],
        ["Cy", 52, 58, 66, 61, 1.5, 40, 30, 0],
    ])


def test_an_expression_names_columns_by_parts_of_their_headers(terms):
    # "final minus midterm": the request's "maths" picks Maths Final / Maths Midterm over English
    r = formula("maths improvement (final minus midterm)", terms, "J2", method="rules")
    assert r.formula == "=C2-B2" and r.value == 12 and _at(r, terms, 3) == -5
    r = formula("total per job (hrs*rate + parts)", terms, "J2", method="rules")
    assert r.formula == "=F2*G2+H2" and r.value == 95 and _at(r, terms, 4) == 90
    r = formula("parts and meds (parts + meds) for every row", terms, "J3", method="rules")
    assert r.value == 12
    # which Final, the request does not say: no answer
    with pytest.raises(TaskError):
        formula("improvement (final minus midterm)", terms, "J2", method="rules")


def test_brackets_written_in_an_expression_order_it():
    s = schema_from_rows([
        ["品种", "进货单价", "销售单价"],
        ["苹果", 4.0, 5.4],
        ["香蕉", 2.0, 3.0],
    ])
    r = formula("每笔加价率=(售价-进价)/进价，四舍五入到两位", s, "D2", method="rules")
    assert r.formula == "=ROUND((C2-B2)/B2,2)" and r.value == pytest.approx(0.35)
    r = formula("毛利率=(销售单价-进货单价)/销售单价", s, "D3", method="rules")
    assert r.formula == "=(C3-B3)/C3" and r.value == pytest.approx(1 / 3)


@pytest.fixture
def claims():
    return schema_from_rows([
        ["Claim", "Filed", "Settled", "Closed On", "Amount"],
        ["C1", dt.date(2026, 1, 5), dt.date(2026, 1, 25), dt.date(2026, 2, 1), 100],
        ["C2", dt.date(2026, 2, 1), None, None, 250],
        ["C3", dt.date(2026, 3, 2), dt.date(2026, 3, 12), dt.date(2026, 3, 20), 80],
    ])


def test_a_blank_clause_leaves_the_rows_of_an_empty_column_blank(claims):
    # "（没完成的留空）", "leave open ones empty": the rest read alone, blank where the column it reads is
    r = formula("settled minus filed, leave open ones empty", claims, "F2", method="rules")
    assert r.formula == '=IF(C2="","",C2-B2)' and r.value == 20
    assert evaluate('=IF(C3="","",C3-B3)', claims).value == "" and _at(r, claims, 3) == ""
    r = formula("结案月份，没结的留空", schema_from_rows([
        ["案件", "结案日期"], ["A", dt.date(2026, 5, 3)], ["B", None], ["C", dt.date(2026, 7, 9)]]), "C2", method="rules")
    assert r.formula == '=IF(B2="","",MONTH(B2))' and r.value == 5
    # two columns the rest reads are empty on some rows: which one decides, the request does not say
    with pytest.raises(TaskError):
        formula("closed on minus settled (blank if open)", claims, "F2", method="rules")


def test_one_date_column_minus_another_is_the_days_between(claims):
    r = formula("settled minus filed for each claim", claims, "F4", method="rules")
    # an open claim (no settled date) shows blank, not minus the filing date's serial
    assert r.formula == '=IF(C4="","",C4-B4)' and r.value == 10


def test_age_in_a_named_year_from_a_column_of_years():
    s = schema_from_rows([["Runner", "Birth Year", "Bib"], ["Ann", 1990, 11], ["Bo", 1985, 12], ["Cy", 2001, 13]])
    r = formula("how old is each runner in 2026", s, "D2", method="rules")
    assert r.formula == "=2026-B2" and r.value == 36 and _at(r, s, 4) == 25
    r = formula("age this year (2026) for every runner", s, "D3", method="rules")
    assert r.formula == "=2026-B3" and r.value == 41
    # no column of years: no answer
    with pytest.raises(TaskError):
        formula("how old is each runner in 2026", schema_from_rows([["Runner", "Bib"], ["Ann", 11], ["Bo", 12]]),
                "C2", method="rules")
