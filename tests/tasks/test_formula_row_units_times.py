"""Per-row ID numbers with a pinned year, open-ended date spans, times of day, unit and
rate conversions, and year-over-year columns (issue 16 item 1; h/form7).

Every example runs on a small sheet written here through the public ``formula`` entry
point with a target cell; the value is checked on the target row and on two more rows
(the formula must fill down).  Requests the rules cannot read exactly are refused.
"""

import datetime as dt

import openpyxl
import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import read_sheet, schema_from_rows


def _xlsx(tmp_path, rows, name="Sheet"):
    wb = openpyxl.Workbook()
    wb.active.title = name
    for row in rows:
        wb.active.append(row)
    wb.save(tmp_path / "t.xlsx")
    return read_sheet(tmp_path / "t.xlsx")


def at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)).replace("{p}", str(row - 1)), s).value


def rows3(r, s):
    return [at(r, s, n) for n in (2, 3, 4)]


@pytest.fixture
def members(tmp_path):
    """IDs stay text in a real file; 退房日期 blank while the guest is still in."""
    return _xlsx(tmp_path, [
        ["房号", "住客", "身份证号", "入住日期", "月租", "退房日期"],
        ["101", "王芳", "110105199003074521", dt.date(2026, 1, 5), 1500, dt.date(2026, 3, 1)],
        ["102", "李强", "32010219851120003X", dt.date(2026, 2, 10), 2000, None],
        ["103", "赵敏", "440301200112310017", dt.date(2026, 3, 3), 1800, dt.date(2026, 3, 13)],
    ], name="住客")


def test_id_number_birth_date_sex_and_birth_year(members):
    r = formula("把生日从身份证提出来转成日期", members, "G2", method="rules")
    assert r.formula == "=DATE(MID(C2,7,4),MID(C2,11,2),MID(C2,13,2))"
    serial = [(d - dt.date(1899, 12, 30)).days for d in (dt.date(1990, 3, 7), dt.date(1985, 11, 20), dt.date(2001, 12, 31))]
    assert rows3(r, members) == serial
    r = formula("根据身份证判断男女", members, "G2", method="rules")
    assert r.formula == '=IF(MOD(MID(C2,17,1),2)=1,"男","女")' and rows3(r, members) == ["女", "男", "男"]
    r = formula("每个住客哪年生的", members, "G2", method="rules")
    assert [float(v) for v in rows3(r, members)] == [1990, 1985, 2001]


def test_id_number_age_in_a_pinned_year(members):
    for q in ("按2026年算每个人的年龄", "年龄=2026减身份证出生年", "每个住客多大了（按2026年算，2026减出生年份）"):
        r = formula(q, members, "G3", method="rules")
        assert r.formula == "=2026-MID(C3,7,4)", q
        assert rows3(r, members) == [36, 41, 25]
    # a year that is not the one to count in ("2026年的房租") is no pinned age
    with pytest.raises(TaskError):
        formula("2026年出生的标记一下", members, "G3", method="rules")


def test_days_to_an_end_date_that_may_be_blank(members):
    r = formula("每人住了多少天（算到2026年3月31日，已经退房的算到退房那天）", members, "G2", method="rules")
    assert r.formula == '=IF(F2="",DATE(2026,3,31),F2)-D2' and rows3(r, members) == [55, 49, 10]
    r = formula("入住天数，没退房的留空", members, "G2", method="rules")
    assert r.formula == '=IF(F2="","",F2-D2)' and rows3(r, members) == [55, "", 10]


def test_a_year_from_a_monthly_amount(members):
    r = formula("一年要交多少钱", members, "G2", method="rules")
    assert r.formula == "=E2*12" and rows3(r, members) == [18000, 24000, 21600]


@pytest.fixture
def garage(tmp_path):
    return _xlsx(tmp_path, [
        ["Job", "Date In", "Customer", "Labour Hrs", "Parts", "Collected", "Start", "End"],
        ["J1", dt.date(2026, 5, 1), "Ann Lee", 1.5, 20, dt.date(2026, 5, 4), dt.time(9, 0), dt.time(10, 45)],
        ["J2", dt.date(2026, 5, 2), "Bo Chan", 0.25, 0, None, dt.time(13, 30), dt.time(14, 0)],
        ["J3", dt.date(2026, 5, 3), "Cy Diaz", 3, 55, dt.date(2026, 5, 10), dt.time(8, 15), dt.time(16, 35)],
    ], name="Jobs")


def test_days_between_with_a_blank_end_in_english(garage):
    r = formula("days in the shop for each job, blank if not collected", garage, "I2", method="rules")
    assert r.formula == '=IF(F2="","",F2-B2)' and rows3(r, garage) == [3, "", 7]
    r = formula("days in the workshop for every job up to 31 May 2026 when not collected yet", garage, "I2",
                method="rules")
    assert r.formula == '=IF(F2="",DATE(2026,5,31),F2)-B2' and rows3(r, garage) == [3, 29, 7]


def test_hours_between_two_times_end_time_and_hour(garage):
    r = formula("hours worked on each job to 2 dp", garage, "I2", method="rules")
    assert r.formula == "=ROUND((H2-G2)*24,2)" and rows3(r, garage) == [1.75, 0.5, 8.33]


def test_hours_and_minutes_conversions_and_rates(garage):
    r = formula("labour time in minutes for each job", garage, "I2", method="rules")
    assert r.formula == "=D2*60" and rows3(r, garage) == [90, 15, 180]
    r = formula("labour charge at £40/hr for each job", garage, "I2", method="rules")
    assert r.formula == "=D2*40" and rows3(r, garage) == [60, 10, 120]
    r = formula("labour cost per job, rate is 35 an hour", garage, "I2", method="rules")
    assert r.formula == "=D2*35"


@pytest.fixture
def shifts(tmp_path):
    return _xlsx(tmp_path, [
        ["班次", "员工", "开始", "时长（小时）"],
        ["S1", "甲", dt.time(8, 0), 4],
        ["S2", "乙", dt.time(13, 30), 2.5],
        ["S3", "丙", dt.time(22, 0), 1],
    ], name="排班")


def test_times_of_day_in_chinese(shifts):
    r = formula("开始时间的小时数", shifts, "E2", method="rules")
    assert r.formula == "=HOUR(C2)" and rows3(r, shifts) == [8, 13, 22]
    r = formula("每个班次的结束时间", shifts, "E2", method="rules")
    assert r.formula == "=C2+D2/24"
    assert [round(v * 24, 3) for v in rows3(r, shifts)] == [12, 16, 23]


@pytest.fixture
def pets():
    return schema_from_rows([
        ["Pet", "Species", "Weight (kg)", "Fee"],
        ["Rex", "Dog", 31.2, 40],
        ["Tom", "Cat", 4.5, 35],
        ["Bo", "Dog", 12.0, 40],
    ])


def test_a_stated_factor_converts_and_rounds(pets):
    r = formula("weight in pounds for each pet, 1 decimal place (1 kg = 2.2046 lb)", pets, "E2", method="rules")
    assert r.formula == "=ROUND(C2*2.2046,1)" and rows3(r, pets) == [68.8, 9.9, 26.5]
    r = formula("convert the kgs to lbs per row, rounded to one dp (x2.2046)", pets, "E2", method="rules")
    assert r.formula == "=ROUND(C2*2.2046,1)"


def test_an_inexact_factor_must_be_stated(pets):
    with pytest.raises(TaskError):
        formula("weight in pounds for each pet", pets, "E2", method="rules")


@pytest.fixture
def exam():
    return schema_from_rows([
        ["姓名", "笔试", "面试"],
        ["甲", 80, 90],
        ["乙", 60, 70],
        ["丙", 100, 50],
    ])


def test_weights_said_in_cheng(exam):
    r = formula("按笔试四成面试六成算总评", exam, "D2", method="rules")
    assert r.formula == "=B2*0.4+C2*0.6" and rows3(r, exam) == pytest.approx([86, 66, 70])


@pytest.fixture
def harvest():
    return schema_from_rows([
        ["Block", "Variety", "2023", "2024", "2025"],
        ["North", "Merlot", 10.0, 12.0, 15.0],
        ["South", "Syrah", 8.0, 10.0, 9.0],
        ["East", "Pinot", 5.0, 4.0, 6.0],
    ])


def test_year_over_year_per_row_is_no_group_by(harvest):
    r = formula("2025 minus 2024 per block", harvest, "F2", method="rules")
    assert r.formula == "=E2-D2" and rows3(r, harvest) == [3, -1, 2]
    r = formula("% growth 2024 to 2025 by block", harvest, "F2", method="rules")
    assert rows3(r, harvest) == pytest.approx([0.25, -0.1, 0.5])


@pytest.fixture
def farms(tmp_path):
    """The sheet's name says what its numbers are (出栏量): "年均出栏" is read by it."""
    return _xlsx(tmp_path, [
        ["养殖场", "负责人", 2023, 2024, 2025],
        ["东场", "张", 1000, 1200, 1500],
        ["西场", "李", 800, 900, 850],
        ["南场", "王", 500, 700, 600],
    ], name="出栏量")


def test_year_over_year_in_chinese(farms):
    r = formula("各场25年较24年增减", farms, "F2", method="rules")
    assert r.formula == "=E2-D2" and rows3(r, farms) == [300, -50, -100]
    r = formula("2025年比2024年多了多少头", farms, "F2", method="rules")
    assert r.formula == "=E2-D2"
    r = formula("各场年均出栏，取整", farms, "F2", method="rules")
    assert r.formula == "=ROUND(AVERAGE(C2:E2),0)" and rows3(r, farms) == [1233, 850, 600]


def test_labels_on_an_age_from_an_id_number(members):
    r = formula("年满40岁（按2026年算）的标记“中年”，其余空着", members, "G2", method="rules")
    assert r.formula == '=IF(2026-MID(C2,7,4)>=40,"中年","")' and rows3(r, members) == ["", "中年", ""]


def test_labels_on_hours_between_two_times(garage):
    r = formula("label each job LONG if it took more than 2 hours, otherwise SHORT", garage, "I2", method="rules")
    assert r.formula == '=IF((H2-G2)*24>2,"LONG","SHORT")' and rows3(r, garage) == ["SHORT", "SHORT", "LONG"]


@pytest.fixture
def washes():
    return schema_from_rows([
        ["日期", "车牌", "金额"],
        [dt.date(2026, 12, 5), "沪A1", 30],   # 周六
        [dt.date(2026, 12, 7), "沪B2", 40],   # 周一
        [dt.date(2026, 12, 6), "沪C3", 25],   # 周日
    ])


def test_weekend_labels(washes):
    for q in ("周末（周六周日）来的标“周末”，其余空着", "是周六或周日的写周末"):
        r = formula(q, washes, "D2", method="rules")
        assert r.formula == '=IF(WEEKDAY(A2,2)>5,"周末","")', q
        assert rows3(r, washes) == ["周末", "", "周末"]
    r = formula('flag WEEKEND for sat/sun dates, blank otherwise', washes, "D2", method="rules")
    assert r.formula == '=IF(WEEKDAY(A2,2)>5,"WEEKEND","")'
    with pytest.raises(TaskError):  # no label said: nothing to write
        formula("mark weekends", washes, "D2", method="rules")


@pytest.fixture
def ledger():
    """Two quantity/price pairs and no amount column: 进货额 and 销售额 are their products."""
    return schema_from_rows([
        ["品种", "进货数量", "进货单价", "销售数量", "销售单价", "毛利"],
        ["苹果", 100, 3.0, 90, 5.0, 150.0],
        ["香蕉", 50, 2.0, 50, 3.0, 50.0],
        ["橙子", 80, 4.0, 60, 6.0, 40.0],
    ])


def test_an_amount_no_column_holds(ledger):
    r = formula("每批货进货花了多少钱", ledger, "G2", method="rules")
    assert r.formula == "=B2*C2" and rows3(r, ledger) == [300, 100, 320]
    r = formula("每笔的毛利率（毛利÷销售额）", ledger, "G2", method="rules")
    assert r.formula == "=F2/(D2*E2)" and rows3(r, ledger) == pytest.approx([1 / 3, 1 / 3, 1 / 9])


def test_a_date_before_said_with_zai(members):
    """"在X之前": 在 only says where the date is, 之前 says how it compares."""
    r = formula("入住日期在2026-2-1之前的写早鸟，其余空白", members, "G2", method="rules")
    assert r.formula == '=IF(D2<DATE(2026,2,1),"早鸟","")' and rows3(r, members) == ["早鸟", "", ""]


def test_one_conversion_table_weights_and_a_price_per_kilo():
    """kg -> tonnes and grams -> kg come from rowunits' one table; 单价(元/千克) holds a price,
    not a weight, so a request naming no column still finds the one weight column."""
    s = schema_from_rows([["批次", "重量(千克)", "单价(元/千克)"], ["a", 2500, 3.2], ["b", 800, 4], ["c", 1200, 2.5]])
    for q in ("重量换算成吨", "每批折合多少吨"):
        r = formula(q, s, "D2", method="rules")
        assert r.formula == "=B2/1000" and rows3(r, s) == [2.5, 0.8, 1.2]
    g = schema_from_rows([["Item", "Mass (grams)"], ["x", 1500], ["y", 250], ["z", 4000]])
    r = formula("mass in kg", g, "C2", method="rules")
    assert r.formula == "=B2/1000" and rows3(r, g) == [1.5, 0.25, 4]


def test_a_duration_in_another_unit():
    """"duration in hours" on a Minutes column: the conversion, with a rounding clause read apart."""
    s = schema_from_rows([["Call", "Minutes"], ["a", 45], ["b", 90], ["c", 30]])
    r = formula("call duration in hours", s, "C2", method="rules")
    assert r.formula == "=B2/60" and rows3(r, s) == [0.75, 1.5, 0.5]
    r = formula("call duration in hours, rounded to 1 decimal", s, "C2", method="rules")
    assert r.formula == "=ROUND(B2/60,1)" and rows3(r, s) == [0.8, 1.5, 0.5]


def test_days_between_two_dates_said_with_a_verb_of_staying(tmp_path):
    import datetime as dt

    s = _xlsx(tmp_path, [
        ["工单号", "车主", "进厂", "出厂", "工时费"],
        ["A1", "王", dt.datetime(2026, 11, 1), dt.datetime(2026, 11, 4), 100],
        ["A2", "李", dt.datetime(2026, 11, 2), dt.datetime(2026, 11, 2), 50],
        ["A3", "周", dt.datetime(2026, 11, 3), dt.datetime(2026, 11, 13), 80],
    ], name="工单")
    for q in ("算一下每辆车修了几天", "每单修了几天", "每台车待了几天"):
        r = formula(q, s, "F2", method="rules")
        assert r.formula == "=D2-C2", q
        assert [at(r, s, n) for n in (2, 3, 4)] == [3, 0, 10]
