"""IF labels on a whole period the sheet keeps in part columns (issue 16, round 13).

"Busy if it did over 400 hires in the year" on Jan … Dec columns, "Over if the half-year actual
is more than the budget" on Jan … Jun, "全年满40小时写达标" on 上半年时长 | 下半年时长: the condition
is on the row's total over the period (periodtotal.py).  A period the sheet does not keep whole
(a year on six month columns) is no total: refused.  Sheets written here; values checked by the
engine.
"""

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows

_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def _at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)), s).value


@pytest.fixture
def vans():
    return schema_from_rows([
        ["Van", *_MONTHS],
        ["V1", *[40] * 12],   # 480
        ["V2", *[10] * 12],   # 120
        ["V3", *[30] * 12],   # 360
    ])


@pytest.mark.parametrize("request_", [
    "mark a van Busy if it did over 400 trips in the year, else Quiet",
    "Busy if the year total tops 400, else Quiet",
    "Busy when the annual total is more than 400, otherwise Quiet",
])
def test_a_year_on_twelve_month_columns_is_their_sum(vans, request_):
    r = formula(request_, vans, "N2", method="rules")
    assert r.formula == '=IF(SUM(B2:M2)>400,"Busy","Quiet")'
    assert [r.value, _at(r, vans, 3), _at(r, vans, 4)] == ["Busy", "Quiet", "Quiet"]


@pytest.fixture
def budget():
    return schema_from_rows([
        ["Line", "Budget H1", "Jan", "Feb", "Mar", "Apr", "May", "Jun"],
        ["Rent", 600, 100, 100, 100, 100, 100, 100],   # 600: not over
        ["IT", 500, 100, 100, 100, 100, 100, 100],     # 600: over
        ["Travel", 300, 10, 10, 10, 10, 10, 10],       # 60
    ])


def test_the_half_year_actual_against_a_column(budget):
    r = formula('"Over" if the half-year actual is more than the budget, otherwise "OK"', budget, "I2",
                method="rules")
    assert r.formula == '=IF(SUM(C2:H2)>B2,"Over","OK")'
    assert [r.value, _at(r, budget, 3), _at(r, budget, 4)] == ["OK", "Over", "OK"]


def test_a_year_on_six_month_columns_is_no_total(budget):
    with pytest.raises(TaskError):
        formula("Busy if the year total tops 400, else Quiet", budget, "I2", method="rules")


@pytest.fixture
def volunteers():
    return schema_from_rows([
        ["姓名", "上半年时长（小时）", "下半年时长（小时）"],
        ["张三", 25, 20],   # 45
        ["李四", 10, 12],   # 22
        ["王五", 20, 20],   # 40
    ])


@pytest.mark.parametrize("request_", ["全年满40小时写达标，不满写未达标", "全年时长满40小时的写达标，不满的写未达标"])
def test_a_year_kept_as_two_halves_is_their_sum(volunteers, request_):
    r = formula(request_, volunteers, "D2", method="rules")
    assert r.formula == '=IF(B2+C2>=40,"达标","未达标")'
    assert [r.value, _at(r, volunteers, 3), _at(r, volunteers, 4)] == ["达标", "未达标", "达标"]


def test_zh_a_year_on_month_columns():
    s = schema_from_rows([
        ["网点", *[f"{k}月" for k in range(1, 13)]],
        ["A", *[100] * 12],
        ["B", *[50] * 12],
    ])
    r = formula("全年超过1000的标重点，其他标一般", s, "N2", method="rules")
    assert r.formula == '=IF(SUM(B2:M2)>1000,"重点","一般")'
    assert [r.value, _at(r, s, 3)] == ["重点", "一般"]


def test_a_half_said_by_its_own_column_stays_that_column(volunteers):
    r = formula("上半年时长满20小时写达标，不满写未达标", volunteers, "D2", method="rules")
    assert r.formula == '=IF(B2>=20,"达标","未达标")'


def test_a_number_is_no_month_column_its_digits_begin():
    s = schema_from_rows([["网点", *[f"{k}月" for k in range(1, 13)]], ["A", *[1500] * 12], ["B", *[50] * 12]])
    r = formula("1月超过1000的标重点，其他标一般", s, "N2", method="rules")
    assert r.formula == '=IF(B2>1000,"重点","一般")'
    assert [r.value, _at(r, s, 3)] == ["重点", "一般"]


def test_a_yes_or_no_asked_is_not_answered_by_a_number():
    from o3local.tasks.formula.checks import test_unanswered

    assert test_unanswered("上半年有没有达标", "=D2+E2+F2") is not None
    assert test_unanswered("whether the job is done", "=D2*2") is not None
    assert test_unanswered("上半年有没有达标", '=IF(D2+E2>=C2,"达标","未达标")') is None
    assert test_unanswered("上半年合计", "=D2+E2+F2") is None


def test_a_sum_of_money_said_alone_is_the_one_money_column():
    s = schema_from_rows([["单号", "项目", "金额", "人数"], ["A1", "烫发", 380, 1], ["A2", "剪发", 60, 3]])
    r = formula("200块以上的标个大单，其他空着", s, "E2", method="rules")
    assert r.formula == '=IF(C2>=200,"大单","")'
    assert [r.value, _at(r, s, 3)] == ["大单", ""]


def test_a_sum_of_money_said_alone_beside_two_money_columns_names_neither():
    s = schema_from_rows([["单号", "单价", "金额", "数量"], ["A1", 190, 380, 2], ["A2", 20, 60, 3]])
    with pytest.raises(TaskError):
        formula("200块以上的标个大单，其他空着", s, "E2", method="rules")


def test_a_unit_glued_to_the_number_before_or_more_is_no_equality():
    s = schema_from_rows([["Job", "Rim", "Qty"], ["J1", 18, 4], ["J2", 16, 2], ["J3", 19, 1]])
    r = formula("Large if the rim is 18 inch or more otherwise Standard", s, "D2", method="rules")
    assert r.formula == '=IF(B2>=18,"Large","Standard")'
    assert [r.value, _at(r, s, 3), _at(r, s, 4)] == ["Large", "Standard", "Large"]
    with pytest.raises(TaskError):
        formula("Large if the rim is 18xx or more otherwise Standard", s, "D2", method="rules")


def test_a_year_number_or_later_is_at_least_it():
    s = schema_from_rows([["Gallery", "Floor", "Opened"], ["East", 1, 2018], ["West", 2, 1999], ["North", 1, 2015]])
    r = formula("tag each gallery New if it opened in 2015 or after, else Established", s, "D2", method="rules")
    assert r.formula == '=IF(C2>=2015,"New","Established")'
    assert [r.value, _at(r, s, 3), _at(r, s, 4)] == ["New", "Established", "New"]


@pytest.fixture
def parcels():
    return schema_from_rows([["运单号", "收件人", "重量（kg）", "天数"], ["A", "张三", 12.5, 7], ["B", "李四", 10, 5],
                             ["C", "王五", 3, 2]])


@pytest.mark.parametrize("request_, formula_, values", [
    ("重量10kg以上(含)是大件 不然小件", '=IF(C2>=10,"大件","小件")', ["大件", "大件", "小件"]),
    ("重量10kg以上（不含）是大件，不然小件", '=IF(C2>10,"大件","小件")', ["大件", "小件", "小件"]),
    ("天数5天以上（不含5天）算长租，不然短租", '=IF(D2>5,"长租","短租")', ["长租", "短租", "短租"]),
])
def test_a_bound_said_inclusive_or_not_in_brackets(parcels, request_, formula_, values):
    r = formula(request_, parcels, "E2", method="rules")
    assert r.formula == formula_
    assert [r.value, _at(r, parcels, 3), _at(r, parcels, 4)] == values


def test_said_bounds_leaves_a_contradiction_alone():
    from o3local.tasks.formula.bounds import said_bounds

    assert said_bounds("10及以上（不含）") == "10及以上（不含）"
    assert said_bounds("400以上（含）算大单") == "400及以上算大单"


def test_nobody_has_done_it_is_the_step_column_blank():
    s = schema_from_rows([["Ticket", "Garment", "Collected"], ["T1", "Coat", "2026-11-02"], ["T2", "Suit", None],
                          ["T3", "Dress", "2026-11-05"]])
    r = formula("mark each job Waiting if nobody's collected it, else Done", s, "D2", method="rules")
    assert r.formula == '=IF(C2="","Waiting","Done")'
    assert [r.value, _at(r, s, 3), _at(r, s, 4)] == ["Done", "Waiting", "Done"]
