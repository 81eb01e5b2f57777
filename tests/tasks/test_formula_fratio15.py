"""Shares of an amount said in Chinese with the part's own words (round 15, partshare.py):
"微信占比多少", "面类营业额占总营业额的比例", "类别是饮料的金额占比" are the part's total over the
whole column's, SUMIF(...)/SUM(...); a share whose rows are said ("笔数", "单子", "次") stays a
share of rows; a bare category share on a sheet with no one money column is not guessed."""

from __future__ import annotations

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.partshare import split_share
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def ledger():
    """A cafe's takings: one row a sale, 金额 the money it came to."""
    return schema_from_rows([
        ["日期", "品名", "类别", "数量", "金额", "付款方式"],
        ["2026-12-01", "拿铁", "咖啡", 2, 60, "微信"],
        ["2026-12-01", "可颂", "面包", 1, 18, "现金"],
        ["2026-12-02", "美式", "咖啡", 1, 25, "支付宝"],
        ["2026-12-02", "贝果", "面包", 3, 45, "微信"],
        ["2026-12-03", "摩卡", "咖啡", 1, 32, "微信"],
    ], "流水")


def _got(request, schema):
    r = formula(request, sheet=schema, method="rules")
    return r.formula, r.value


@pytest.mark.parametrize("request_", ["微信占比多少", "微信收款占比", "微信的占比是多少", "微信收的钱占总金额的比例"])
def test_a_payment_method_share_is_of_the_money(ledger, request_):
    f, v = _got(request_, ledger)
    assert f == '=SUMIF(F2:F6,"微信",E2:E6)/SUM(E2:E6)' and v == pytest.approx(137 / 180)


@pytest.mark.parametrize("request_", ["咖啡类营业额占总营业额的比例", "类别是咖啡的金额占比", "咖啡的金额占全部金额的百分之几"])
def test_a_category_amount_over_the_total(ledger, request_):
    f, v = _got(request_, ledger)
    assert f == '=SUMIF(C2:C6,"咖啡",E2:E6)/SUM(E2:E6)' and v == pytest.approx(117 / 180)


@pytest.mark.parametrize("request_", ["微信付款的笔数占比", "微信付款的单子占比", "微信付了几笔，占比多少"])
def test_rows_said_are_counted_not_summed(ledger, request_):
    try:
        f, _v = _got(request_, ledger)
    except TaskError:
        return  # refused is fine; a sum is not
    assert f.startswith("=COUNTIF(")


def test_no_money_column_no_guessed_amount():
    # a roster: 人数 is counted people, no money column to share out
    s = schema_from_rows([["姓名", "部门", "工龄"], ["张三", "技术部", 3], ["李四", "行政部", 5],
                          ["王五", "技术部", 1]], "员工")
    try:
        f, _v = _got("技术部占比多少", s)
    except TaskError:
        return
    assert not f.startswith("=SUMIF(")


def test_the_whole_must_be_the_same_column(ledger):
    # "数量" over "金额" is no share of one column's total
    try:
        f, _v = _got("咖啡的数量占总金额的比例", ledger)
    except TaskError:
        return
    assert f != '=SUMIF(C2:C6,"咖啡",D2:D6)/SUM(E2:E6)' and not f.endswith("/SUM(D2:D6)")


def test_split_share_reads_part_and_whole():
    assert split_share("面类营业额占总营业额的比例") == ("面类营业额", "营业额")
    assert split_share("技术部占比多少") == ("技术部", "")
    assert split_share("小菜的金额占全部金额的百分之几") == ("小菜的金额", "金额")
    assert split_share("技术部一共领了多少") is None


# --- the total of a product of two columns (productsum.py) ---------------------------------

@pytest.fixture
def deals():
    return schema_from_rows([
        ["Deal", "Owner", "Stage", "Amount", "Probability"],
        ["D1", "Ann", "Proposal", 1000, 0.5],
        ["D2", "Bob", "Negotiation", 2000, 0.8],
        ["D3", "Ann", "Lead", 500, 0.1],
    ], "Deals")


@pytest.fixture
def stock():
    return schema_from_rows([
        ["货号", "品名", "进价", "库存数量"],
        ["A1", "杯子", 12, 10],
        ["A2", "盘子", 8, 5],
        ["A3", "勺子", 3, 20],
    ], "库存")


@pytest.mark.parametrize("request_", [
    "sum of amount times probability",
    "total of amount x probability across all deals",
    "weighted pipeline: sum of amount multiplied by probability",
    "what's the total (amount times probability)",
])
def test_a_sum_of_a_product_said_in_english(deals, request_):
    f, v = _got(request_, deals)
    assert f == "=SUMPRODUCT(D2:D4,E2:E4)" and v == pytest.approx(500 + 1600 + 50)


@pytest.mark.parametrize("request_", ["进价×库存数量的合计", "进价乘库存数量的总和", "库存总金额（进价×库存数量）",
                                      "进价乘以库存数量，一共多少"])
def test_a_sum_of_a_product_said_in_chinese(stock, request_):
    f, v = _got(request_, stock)
    assert f == "=SUMPRODUCT(C2:C4,D2:D4)" and v == pytest.approx(120 + 40 + 60)


def test_a_condition_beside_the_product_is_not_dropped(deals):
    try:
        f, _v = _got("total of amount times probability for Ann", deals)
    except TaskError:
        return
    assert "Ann" in f


def test_a_product_alone_is_no_total(deals):
    try:
        f, _v = _got("amount times probability", deals)
    except TaskError:
        return
    assert not f.startswith("=SUMPRODUCT(D2:D4,E2:E4)")


# --- a rate written as a division of values' rows (valueratio.py) --------------------------

@pytest.fixture
def tickets():
    return schema_from_rows([
        ["工单号", "客户", "状态"],
        ["T1", "甲", "已完成"], ["T2", "乙", "已取消"], ["T3", "丙", "已完成"],
        ["T4", "丁", "处理中"], ["T5", "戊", "已完成"],
    ], "工单")


@pytest.mark.parametrize("request_", [
    "win rate = closed won / (closed won + closed lost)",
    "win rate: Closed Won ÷ (Closed Won + Closed Lost), as a %",
    "Closed Won / (Closed Won + Closed Lost)",
])
def test_a_win_rate_written_out(request_):
    s = schema_from_rows([["Deal", "Stage"], ["D1", "Closed Won"], ["D2", "Closed Lost"], ["D3", "Closed Won"],
                          ["D4", "Proposal"]], "Deals")
    f, v = _got(request_, s)
    assert f == '=COUNTIF(B2:B5,"Closed Won")/(COUNTIF(B2:B5,"Closed Won")+COUNTIF(B2:B5,"Closed Lost"))'
    assert v == pytest.approx(2 / 3)


@pytest.mark.parametrize("request_", ["完成率=已完成/(已完成+已取消)", "完成率：已完成÷（已完成+已取消）"])
def test_a_completion_rate_written_out_in_chinese(tickets, request_):
    f, v = _got(request_, tickets)
    assert f == '=COUNTIF(C2:C6,"已完成")/(COUNTIF(C2:C6,"已完成")+COUNTIF(C2:C6,"已取消"))'
    assert v == pytest.approx(3 / 4)


def test_a_condition_before_the_division_is_not_dropped(tickets):
    try:
        f, _v = _got("甲的完成率=已完成/(已完成+已取消)", tickets)
    except TaskError:
        return
    assert "甲" in f


def test_a_yes_no_column_share_is_of_the_rows():
    # 午托 is 是 / blank beside a fee: the share of the pupils, not of the fees
    s = schema_from_rows([["学号", "姓名", "月费", "午托"], ["001", "小明", 800, "是"], ["002", "小红", 900, None],
                          ["003", "小刚", 800, "是"], ["004", "小丽", 700, None]], "学员")
    try:
        f, _v = _got("午托的比例", s)
    except TaskError:
        return
    assert f.startswith("=COUNTIF(")


# --- a rate said by its name (shares.named_rate) -------------------------------------------

@pytest.fixture
def scorecard():
    return schema_from_rows([
        ["Vendor", "Q3 Orders", "Q3 On time", "Q4 Orders", "Q4 On time"],
        ["Acme", 10, 9, 4, 4],
        ["Bolt", 20, 15, 5, 3],
    ], "Scorecard")


def _row(request, schema, cell):
    return formula(request, sheet=schema, target_cell=cell, method="rules").formula


@pytest.mark.parametrize("request_", ["Q3 on-time % for each vendor", "q3 on time rate per vendor",
                                      "Q3 on-time percentage for every vendor"])
def test_a_named_rate_per_row_picks_the_quarter(scorecard, request_):
    assert _row(request_, scorecard, "F2") == "=C2/B2"


def test_a_named_rate_for_the_other_quarter(scorecard):
    assert _row("Q4 on-time % for each vendor", scorecard, "F2") == "=E2/D2"


def test_a_named_rate_with_no_quarter_is_not_guessed(scorecard):
    try:
        f = _row("on-time % for each vendor", scorecard, "F2")
    except TaskError:
        return
    assert f not in ("=C2/B2", "=E2/D2")


def test_a_named_rate_in_chinese_per_row():
    s = schema_from_rows([["姓名", "应出勤天数", "出勤天数"], ["张三", 22, 20], ["李四", 22, 22]], "考勤")
    assert _row("每个人的出勤率", s, "D2") == "=C2/B2"


def test_a_package_share_on_a_roster_is_not_a_money_share():
    # each row a client (a name per row): "中老年套餐占了多大比例" is of the clients, not the fees
    s = schema_from_rows([["体检号", "姓名", "套餐", "金额"], ["T1", "张三", "中老年套餐", 800],
                          ["T2", "李四", "入职套餐", 200], ["T3", "王五", "中老年套餐", 800],
                          ["T4", "赵六", "入职套餐", 200]], "预约")
    try:
        f, _v = _got("中老年套餐占了多大比例", s)
    except TaskError:
        return
    assert not f.startswith("=SUMIF(")
