"""Percentages read in general, second pass (seventeenth round, helper fpct17b): each row's share
of its column's total asked as "% of total X" / "percentage of all X" / "share of all X" (with "each
row's" / "per row" saying one result a row, not the row's total); how much of each row's amount
is done, said by the verb of the column that records it ("每笔借款还了百分之几", "每户交了应缴的
百分之几"); and "A是B的百分之几 / 几成 / 几折" as the share A占B.  Each ask is written as several
people would type it, on workbooks of our own; the near misses refuse."""

from __future__ import annotations

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _licences():
    rows = [["Ref", "Product", "Team", "Licences", "Price each"]]
    for i in range(8):
        rows.append([f"L{i:02}", f"App {i}", "Ops" if i % 2 else "Sales", 5 + 3 * i, 12.5 + i])
    return schema_from_rows(rows, sheet="Licences")


@pytest.mark.parametrize("request_", [
    "each row's licences as a percentage of total licences",
    "% of total licences per row",
    "percentage of all licences, per row",
    "licences as % of total, each row",
    "what proportion of all licences is each line",
])
def test_each_rows_share_of_its_columns_total(request_):
    assert _answer(request_, _licences(), "F2") == "=D2/SUM($D$2:$D$9)"


def test_a_share_of_the_rows_own_total_is_not_the_columns_total():
    assert _answer("licences as a % of the row's total", _licences(), "F2") is None


def _loans():
    rows = [["工号", "姓名", "借款日期", "借款金额", "还款日期", "已还金额"]]
    for i in range(6):
        rows.append([f"E{i}", f"员工{i}", f"2026-0{i + 1}-05", 1000 + 100 * i, None, 200 * i])
    return schema_from_rows(rows, sheet="借款登记")


def _fees():
    rows = [["房号", "业主", "面积", "应缴", "实缴", "缴费日期"]]
    for i in range(6):
        rows.append([f"1-{i}", f"业主{i}", 80 + i, 1200 + 10 * i, 600 + 100 * i, "2026-03-01"])
    return schema_from_rows(rows, sheet="收缴")


@pytest.mark.parametrize("request_", [
    "每笔借款已还了百分之多少，放在G列",
    "每笔借款还了百分之几",
    "每笔借款还了几成",
    "每笔已还金额是借款金额的百分之几",
])
def test_how_much_of_each_rows_amount_is_done(request_):
    assert _answer(request_, _loans(), "G2") == "=F2/D2"


@pytest.mark.parametrize("request_", [
    "每户交了应缴的百分之几",
    "每户缴了应缴的百分之多少",
    "实缴是应缴的百分之几",
    "实缴是应缴的几成",
])
def test_how_much_of_what_is_owed_each_row_has_paid(request_):
    assert _answer(request_, _fees(), "G2") == "=E2/D2"


def test_a_done_share_whose_whole_is_no_one_column_refuses():
    # 应交费用 names no column (the fees are several): not guessed
    assert _answer("每户交了应交费用的百分之几", _fees(), "G2") is None
    # no column records the 折旧 said
    assert _answer("每笔借款折旧了百分之几", _loans(), "G2") is None


def _prices():
    rows = [["项目", "原价", "会员价"]]
    for i in range(5):
        rows.append([f"项目{i}", 100 + 10 * i, 80 + 8 * i])
    return schema_from_rows(rows, sheet="价目")


@pytest.mark.parametrize("request_", [
    "会员价是原价的几折",
    "每个项目会员价是原价的百分之几",
    "会员价是原价的比例，放D列",
])
def test_one_price_as_a_share_of_another_said_with_shi(request_):
    assert _answer(request_, _prices(), "D2") == "=C2/B2"
