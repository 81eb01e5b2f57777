"""Grounding the way people name things (issue 16 item 2): a header by its stem, unit or
abbreviation, a value by a part of it, a number with its unit.  Each reading is checked by
the value the formula computes on a real sheet, and each has a neighbour that must stay
refused (two values share the part, a word that only looks like a header's tail)."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.annotate import header_aliases, value_parts
from o3local.tasks.formula.schema import schema_from_rows


def value(request, sheet):
    return formula(request, sheet, method="rules").value


@pytest.fixture
def attendance():
    return schema_from_rows([
        ["姓名", "部门", "应出勤天数", "实际出勤天数", "迟到次数", "月租金", "预算（万元）"],
        ["王丽", "销售部", 22, 20, 3, 4000, 50],
        ["张伟", "技术部", 22, 22, 0, 5000, 80],
        ["李娜", "销售部", 22, 21, 1, 3500, 30],
    ])


@pytest.fixture
def clinic():
    return schema_from_rows([
        ["Visit Date", "Doctor", "Dept", "Fee", "Regular Hrs", "Oct", "Nov"],
        [dt.date(2026, 10, 2), "Dr. Reyes", "Cardiology", 120, 8, 20, 18],
        [dt.date(2026, 10, 5), "Dr. Kim", "Pediatrics", 80, 6, 22, 19],
        [dt.date(2026, 11, 5), "Dr. Reyes", "Cardiology", 200, 7, 21, 20],
    ])


def test_a_chinese_header_is_named_by_its_stem(attendance):
    assert value("实际出勤合计", attendance) == 63  # 实际出勤天数
    assert value("销售部平均实际出勤", attendance) == 20.5
    assert value("平均月租", attendance) == pytest.approx(4166.667, abs=1e-3)  # 月租金
    assert value("租金超过3800的有几个", attendance) == 2


def test_a_header_stem_shared_by_two_headers_names_neither(attendance):
    # 出勤 is in 应出勤天数 and in 实际出勤天数
    assert "出勤" not in header_aliases(attendance.column("实际出勤天数"), attendance.columns)
    with pytest.raises(TaskError):
        formula("出勤合计", attendance, method="rules")


def test_an_english_header_by_its_abbreviation_or_month(clinic):
    assert value("total regular hours", clinic) == 21  # Regular Hrs
    assert value("mean october", clinic) == 21  # the Oct column, not visits in October
    assert {"october", "10月"} <= header_aliases(clinic.column("Oct"), clinic.columns)


def test_a_value_named_by_a_part(clinic):
    assert value("total fee for Reyes", clinic) == 320  # Dr. Reyes
    assert value("total fee of Dr Kim", clinic) == 80  # no dot
    assert value("total fee for cardio", clinic) == 320  # Cardiology


def test_a_chinese_value_without_its_suffix_or_with_a_numeral():
    s = schema_from_rows([["门店", "班级", "营业额"], ["五角场店", "高一(1)班", 21000],
                          ["徐家汇店", "高一(2)班", 18000], ["五角场店", "高一(2)班", 25000]])
    assert value("五角场的营业额合计", s) == 46000
    assert value("徐家汇平均营业额", s) == 18000
    assert value("二班营业额合计", s) == 43000  # 高一(2)班


def test_a_part_two_values_share_is_refused():
    s = schema_from_rows([["Supplier", "Amount"], ["Acme Paper", 10], ["Acme Tools", 20], ["Bolt Inc", 5]])
    assert "acme" not in {p for p, _, _ in value_parts(s)}
    with pytest.raises(TaskError):
        formula("total amount from acme", s, method="rules")
    assert value("total amount from Bolt", s) == 5


def test_a_word_ending_like_a_header_is_not_that_header():
    s = schema_from_rows([["姓名", "平时加班(小时)", "周末加班(小时)", "法定节假日加班(小时)"],
                          ["王丽", 10, 4, 0], ["张伟", 22, 0, 8]])
    assert value("节假日加班合计", s) == 8
    with pytest.raises(TaskError):  # 工作日 is not 节假日: no "日加班" alias
        formula("工作日加班合计", s, method="rules")


def test_numbers_with_units(attendance):
    assert value("月租超过4千的有几个", attendance) == 1
    s = schema_from_rows([["门店", "营业额"], ["A店", 21000], ["B店", 18000], ["C店", 25000]])
    assert formula("营业额超过2万的有几条", s, method="rules").value == 2
    # 预算 is counted in 万元: 60万 is 60 there (50, 80, 30 -> one), not 600000 (none)
    assert formula("预算超过60万的有几个", attendance, method="rules").formula == '=COUNTIF(G2:G4,">60")'
