"""Per-row requests read by structure, not by phrasing (issue 16, h/frow): a rounding clause
wherever it stands wraps whatever the rest reads as; one comparison shared by the columns
listed before it; a blank test said with 没有 / "there is a"; headers mixing Latin and
Chinese (SUV价).  Small sheets written here; values checked on three rows (fills down)."""

import datetime as dt

import pytest

from o3local.errors import O3Error
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.rows import round_clause
from o3local.tasks.formula.schema import schema_from_rows


def rows3(r, s):
    t = r.intent["template"]
    return [evaluate(t.replace("{r}", str(n)), s).value for n in (2, 3, 4)]


@pytest.fixture
def cars():
    return schema_from_rows([["车型", "SUV价", "轿车价", "补贴"],
                             ["A", 25.5, 15.25, 1.2], ["B", 30.0, 18.125, 2.5], ["C", 20.4, 12.0, 0.7]])


@pytest.fixture
def marks():
    return schema_from_rows([["Pupil", "Maths", "English", "Resit"],
                             ["Ann", 65, 70, None], ["Bob", 55, 80, 62], ["Cy", 90, 58, None]])


@pytest.fixture
def kaoshi():
    return schema_from_rows([["考生", "笔试", "面试", "复试成绩", "报名日期"],
                             ["甲", 85, 90, None, dt.date(2026, 3, 2)], ["乙", 78, 88, 72, dt.date(2026, 3, 5)],
                             ["丙", 92, 81, 90, dt.date(2026, 3, 8)]])


@pytest.mark.parametrize("text,places", [
    ("四舍五入两位", 2), ("保留两位小数", 2), ("rounded to 2 decimal places", 2), ("to one dp", 1),
    ("小数点后1位", 1), ("3 decimals", 3), ("取三位小数", 3)])
def test_round_clause_says_its_places(text, places):
    assert round_clause(f"x, {text}")[2] == places


def test_no_round_clause_in_plain_numbers():
    assert round_clause("over 3.5 hours") is None and round_clause("两门都不低于80") is None


def test_a_rounding_clause_anywhere_wraps_the_rest(cars):
    for q in ("SUV价减轿车价，保留两位小数", "保留两位小数，SUV价减轿车价", "SUV价减轿车价，四舍五入两位"):
        r = formula(q, cars, "E2", method="rules")
        assert r.formula == "=ROUND(B2-C2,2)" and rows3(r, cars) == [10.25, 11.88, 8.4]
    r = formula("补贴除以SUV价, to 2 dp", cars, "E2", method="rules")
    assert r.formula == "=ROUND(D2/B2,2)"


def test_four_she_wu_ru_with_places_is_not_rounding_to_a_whole_number(cars):
    r = formula("补贴÷SUV价，四舍五入到两位", cars, "E2", method="rules")
    assert r.formula.endswith(",2)")


def test_mixed_latin_chinese_header_is_named(cars):
    r = formula("SUV价减轿车价", cars, "E2", method="rules")
    assert r.formula == "=B2-C2"


def test_one_comparison_shared_by_the_columns_before_it(marks):
    r = formula("Pass if both Maths and English are 60 or more, otherwise Fail", marks, "E2", method="rules")
    assert r.formula == '=IF(AND(B2>=60,C2>=60),"Pass","Fail")' and rows3(r, marks) == ["Pass", "Fail", "Fail"]
    r = formula("CHECK if Maths or English is below 60, else blank", marks, "E2", method="rules")
    assert rows3(r, marks) == ["", "CHECK", "CHECK"]


def test_shared_comparison_in_chinese(kaoshi):
    r = formula("笔试或面试低于80的写“需加强”，否则写“良好”", kaoshi, "F2", method="rules")
    assert r.formula == '=IF(OR(B2<80,C2<80),"需加强","良好")' and rows3(r, kaoshi) == ["良好", "需加强", "良好"]


def test_blank_test_with_meiyou_and_the_rest_said_as_you(kaoshi):
    r = formula("没有复试成绩的写“未复试”，有的写“已复试”", kaoshi, "F2", method="rules")
    assert r.formula == '=IF(D2="","未复试","已复试")' and rows3(r, kaoshi) == ["未复试", "已复试", "已复试"]


def test_blank_test_said_in_english(marks):
    r = formula("Resat if there is a Resit score, otherwise Not resat", marks, "E2", method="rules")
    assert rows3(r, marks) == ["Not resat", "Resat", "Not resat"]


def test_both_marks_is_two_columns_not_every_number(marks):
    """Three mark-like columns and "both marks": which two is not said, so no answer."""
    with pytest.raises(O3Error):
        formula("write Pass when both marks are at least 60, else Fail", marks, "E2", method="rules")


def test_weekday_as_a_number_said_as_yong_shuzi_biaoshi(kaoshi):
    r = formula("报名日期是星期几，用数字表示（周一=1）", kaoshi, "F2", method="rules")
    assert r.formula == "=WEEKDAY(E2,2)" and rows3(r, kaoshi) == [1, 4, 7]


@pytest.fixture
def shifts():
    return schema_from_rows([["工号", "打卡时间", "工时"],
                             ["E1", dt.time(8, 50), 8], ["E2", dt.time(9, 20), 7.5], ["E3", dt.time(14, 5), 6]])


def test_a_time_of_day_in_a_label_condition(shifts):
    r = formula("上午9点前打卡的标“准时”", shifts, "D2", method="rules")
    assert r.formula == '=IF(B2<TIME(9,0,0),"准时","")' and rows3(r, shifts) == ["准时", "", ""]
    r = formula("打卡时间在下午2点以后的写“下午班”，否则写“上午班”", shifts, "D2", method="rules")
    assert r.formula == '=IF(B2>=TIME(14,0,0),"下午班","上午班")' and rows3(r, shifts) == ["上午班", "上午班", "下午班"]
    r = formula("LATE if clocked in after 9:15am, otherwise blank", shifts, "D2", method="rules")
    assert r.formula == '=IF(B2>=TIME(9,15,0),"LATE","")' and rows3(r, shifts) == ["", "LATE", "LATE"]


def test_a_time_said_the_other_way_round_is_refused(shifts):
    with pytest.raises(O3Error):
        formula("打卡时间不早于9点的标“迟”", shifts, "D2", method="rules")


@pytest.fixture
def pets():
    return schema_from_rows([["Pet", "Species", "Weight (kg)", "Settled"],
                             ["Rex", "Dog", 35, "No"], ["Tom", "Cat", 5, "Yes"], ["Max", "Dog", 20, "No"]])


def test_a_value_then_a_comparison_is_two_terms(pets):
    r = formula("CHECK if it's a Dog heavier than 30 kg, otherwise nothing", pets, "E2", method="rules")
    assert r.formula == '=IF(AND(B2="Dog",C2>30),"CHECK","")' and rows3(r, pets) == ["CHECK", "", ""]


def test_comparative_adjectives_compare(pets):
    r = formula("mark LIGHT where Weight is lighter than 10", pets, "E2", method="rules")
    assert rows3(r, pets) == ["", "LIGHT", ""]


def test_a_label_after_its_placement(pets):
    r = formula("in col E write CHASE where Settled says No, otherwise nothing", pets, "E2", method="rules")
    assert r.formula == '=IF(D2="No","CHASE","")' and rows3(r, pets) == ["CHASE", "", "CHASE"]


def test_a_whole_number_clause_anywhere_wraps_the_rest():
    s = schema_from_rows([["Call", "Minutes", "Fee"], ["a", 45, 10.4], ["b", 95, 20.6], ["c", 30, 5.5]])
    r = formula("call duration in hours, rounded up", s, "D2", method="rules")
    assert r.formula == "=ROUNDUP(B2/60,0)" and rows3(r, s) == [1, 2, 1]
    r = formula("Fee divided by Minutes, rounded to the nearest whole number", s, "D2", method="rules")
    assert r.formula == "=ROUND(C2/B2,0)"


@pytest.fixture
def stays():
    # 2026-11-05 is a Thursday: Thu, Fri, Sat, Sun, Mon
    return schema_from_rows([["单号", "入住日期", "房费"]]
                            + [[f"S{i}", dt.date(2026, 11, 5) + dt.timedelta(days=i), 300 + i] for i in range(5)])


def test_a_label_on_the_weekdays_the_request_names_not_on_the_labels_own_word(stays):
    # "周末" is the label here, not the days: Friday and Saturday are (was: WEEKDAY(...)>5)
    r = formula("周五或周六入住的标“周末”", stays, "D2")
    assert r.formula == '=IF(OR(WEEKDAY(B2,2)=5,WEEKDAY(B2,2)=6),"周末","")'
    assert [evaluate(r.formula.replace("B2", f"B{n}"), stays).value for n in range(2, 7)] == \
        ["", "周末", "周末", "", ""]
    r = formula("入住日是星期三的写“特价”", stays, "D2")
    assert r.formula == '=IF(WEEKDAY(B2,2)=3,"特价","")'
    # the weekend said as the weekend, or as Saturday and Sunday, is still WEEKDAY > 5
    assert formula("周六周日入住的标周末", stays, "D2").formula == '=IF(WEEKDAY(B2,2)>5,"周末","")'
    assert formula("周末入住的标“周末”", stays, "D2").formula == '=IF(WEEKDAY(B2,2)>5,"周末","")'
