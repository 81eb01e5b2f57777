"""Single-answer requests (issue 16): document counts (张/笔), 出入库 as both kinds, a code
column never added, pieces of a thing sold, a share asked with %, a bare month or day
compared, a sheet counted in 万 by its title.

Sheets and requests written here (not the dev sets').  Each answer is checked by its
formula, and a refusal where a guess would be wrong.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


def _ask(request, schema):
    return formula(request, sheet=schema, target_cell=None, method="rules").formula


@pytest.fixture
def stock():
    return schema_from_rows([
        ["日期", "单据号", "物料编码", "类型", "数量"],
        [dt.date(2025, 3, 2), "RK001", "WL-1", "入库", 50],
        [dt.date(2025, 3, 4), "CK002", "WL-1", "出库", 20],
        [dt.date(2025, 3, 9), "RK003", "WL-2", "入库", 70],
        [dt.date(2025, 3, 20), "CK004", "WL-2", "出库", 5],
        [dt.date(2025, 3, 28), "CK005", "WL-1", "出库", 8],
    ])


@pytest.fixture
def diner():
    return schema_from_rows([
        ["Order", "Date", "Server", "Dish", "Qty", "Tip"],
        ["T-1", dt.date(2025, 5, 2), "Ana", "Grilled Trout", 2, 5.0],
        ["T-2", dt.date(2025, 6, 9), "Ben", "Pea Soup", 4, 3.0],
        ["T-3", dt.date(2025, 7, 1), "Ana", "Grilled Trout", 3, 8.0],
        ["T-4", dt.date(2025, 8, 15), "Ben", "Pea Soup", 1, 4.0],
    ])


def test_documents_are_counted_and_both_kinds_are_every_row(stock):
    assert evaluate(_ask("入库单一共几张", stock), stock).value == 2
    assert evaluate(_ask("一共有几笔出入库记录", stock), stock).value == 5


def test_a_code_column_is_never_added(stock):
    with pytest.raises(TaskError):
        _ask("把物料编码加起来", stock)


def test_pieces_of_a_dish_sold_are_its_quantity(diner):
    assert evaluate(_ask("how many trouts did we sell", diner), diner).value == 5


def test_a_percent_of_a_total_is_the_share(diner):
    assert abs(evaluate(_ask("what % of all tips went to Ana", diner), diner).value - 13 / 20) < 1e-9


def test_a_bare_month_is_compared_by_its_first_or_last_day(diner):
    assert evaluate(_ask("how many orders before July", diner), diner).value == 2


def test_a_day_without_a_month_is_the_one_month_of_the_data(stock):
    assert evaluate(_ask("20号及以后的记录数", stock), stock).value == 2
