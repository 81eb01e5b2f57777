"""Chinese conditions said the way a 文员 types them in a WeChat message (issue 16, round 14).

Band labels said clause by clause ("90分以上优秀，60到90合格，其余不合格", "金额100以上写大单，
50-100写中单，50以下写小单": zhbands.py), and a strict comparison whose bracket takes the number in
("超过200块（含）的写需审批" is ≥ 200: bounds.py).  Sheets written here; values checked by the engine.
"""

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


def _at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)), s).value


@pytest.fixture
def scores():
    # 期末成绩：95 / 90 / 75 / 60 / 42
    return schema_from_rows([
        ["学号", "姓名", "班级", "期末成绩"],
        ["S01", "王芳", "一班", 95],
        ["S02", "李强", "一班", 90],
        ["S03", "赵敏", "二班", 75],
        ["S04", "孙磊", "二班", 60],
        ["S05", "周婷", "二班", 42],
    ])


@pytest.fixture
def orders():
    # 早餐店流水：金额 120 / 100 / 60 / 30
    return schema_from_rows([
        ["日期", "品名", "数量", "金额"],
        ["2026-12-01", "豆浆", 3, 120],
        ["2026-12-01", "油条", 5, 100],
        ["2026-12-02", "包子", 2, 60],
        ["2026-12-02", "豆浆", 1, 30],
    ])


@pytest.mark.parametrize("request_", [
    "期末成绩90分以上优秀，60到90合格，其余不合格",
    "期末成绩90分及以上为优秀，60-90为合格，其他为不合格",
    "期末成绩90以上写优秀，60至90写合格，否则写不合格",
    "期末成绩低于60写不合格，60到89写合格，90以上写优秀",
    "期末成绩：90以上优秀，60到90合格，其余不合格",
])
def test_three_bands_said_clause_by_clause(scores, request_):
    r = formula(request_, scores, "E2", method="rules")
    got = [_at(r, scores, row) for row in range(2, 7)]
    assert got[0] == "优秀" and got[2] == "合格" and got[3] == "合格" and got[4] == "不合格"
    assert got[1] in ("优秀", "合格")  # 90 said in two clauses: the earlier one


def test_the_first_clause_said_wins_at_a_shared_bound(scores):
    r = formula("期末成绩90分以上优秀，60到90合格，其余不合格", scores, "E2", method="rules")
    assert r.formula == '=IF(D2>=90,"优秀",IF(AND(D2>=60,D2<=90),"合格","不合格"))'
    assert "含本数" in r.explanation


@pytest.mark.parametrize("request_", [
    "金额100以上写大单，50到100写中单，其余写小单",
    "金额100以上大单，50到100中单，其余小单",
    "金额100及以上标大单，50到100之间标中单，低于50标小单",
    "金额≥100大单，≥50中单，其他小单",
    "金额大于等于100写大单，大于等于50写中单，否则小单",
])
def test_order_size_bands(orders, request_):
    r = formula(request_, orders, "E2", method="rules")
    assert [_at(r, orders, row) for row in range(2, 6)] == ["大单", "大单", "中单", "小单"]


@pytest.mark.parametrize("request_", [
    "金额超过100（含）写大单",
    "金额超过100块（含100）的标大单",
])
def test_a_strict_word_said_inclusive_takes_the_number_in(orders, request_):
    r = formula(request_, orders, "E2", method="rules")
    assert r.formula == '=IF(D2>=100,"大单","")'


def test_a_strict_count_said_inclusive(orders):
    r = formula("金额超过100（含）的有几条", orders, method="rules")
    assert r.formula == '=COUNTIF(D2:D5,">=100")'


def test_not_over_is_no_strict_word(orders):
    r = formula("金额不超过50（含）写小单", orders, "E2", method="rules")
    assert r.formula == '=IF(D2<=50,"小单","")'


@pytest.mark.parametrize("request_", [
    "90分以上优秀，60到90合格，其余不合格",          # no column, and the sheet has two number columns
    "金额100以上写大单，数量5以上写大单",            # one label twice
])
def test_bands_that_do_not_say_one_column_are_refused(orders, request_):
    with pytest.raises(TaskError):
        formula(request_, orders, "E2", method="rules")


@pytest.fixture
def daily():
    # 两家门店的日报：每店每天一行
    return schema_from_rows([
        ["日期", "门店", "客流量", "营业额"],
        ["2026-12-01", "南京路店", 900, 12000],
        ["2026-12-01", "人民广场店", 700, 8000],
        ["2026-12-02", "南京路店", 650, 7000],
        ["2026-12-02", "人民广场店", 950, 13000],
        ["2026-12-03", "南京路店", 820, 11000],
        ["2026-12-03", "人民广场店", 500, 6000],
    ], "日报")


@pytest.mark.parametrize("request_, want", [
    ("南京路店客流超过800的有几天", 2),
    ("南京路店客流量在800以上的有多少天", 2),
    ("人民广场店营业额不低于8000的天数", 2),  # (人 of 人民 is no head count)
    ("南京路店营业额满1万的有几天", 2),
])
def test_days_counted_on_a_sheet_of_one_row_a_day_per_store(daily, request_, want):
    r = formula(request_, daily, method="rules")
    assert r.formula.startswith("=COUNTIFS(")
    assert evaluate(r.formula, daily).value == want


def test_days_over_all_stores_are_not_rows(daily):
    # each day is two rows here: how many days is no count of the rows
    with pytest.raises(TaskError):
        formula("客流量超过800的有几天", daily, method="rules")


def test_a_span_of_days_is_no_count_of_days(daily):
    # 这几天 is the days the sheet keeps, not "how many days"
    r = formula("南京路店这几天营业额合计", daily, method="rules")
    assert r.formula == '=SUMIF(B2:B7,"南京路店",D2:D7)'
    with pytest.raises(TaskError):
        formula("南京路店还有多少天", daily, method="rules")  # days until: no count of rows


def test_a_range_said_first_that_shares_its_bound_is_refused(scores):
    # "60到90合格，90以上优秀": is 90 合格 or 优秀? not said
    with pytest.raises(TaskError):
        formula("期末成绩低于60写不合格，60到90写合格，90以上写优秀", scores, "E2", method="rules")
