""""for each X", "per X", "every X", 每份X said of the rows themselves (h/feach13, ``perrow.py``):
one answer per row, the rest read by the per-row readers; a rate ("per kg", 每斤) and a real
grouping ("per department" of repeated values) keep their meaning.  Small workbooks of our own."""

from __future__ import annotations

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.perrow import averaged, rows_said, without_rows_said
from o3local.tasks.formula.schema import schema_from_rows
from o3local.tasks.formula.unread import unread_words


def _visits():
    """A tuner's visits: each row one visit (Visit unique), clients and departments repeat."""
    return schema_from_rows([["Visit", "Client", "Tuning", "Repairs", "Dept"], ["V1", "Ames", 60, 15, "A"],
                             ["V2", "Bell", 60, 0, "B"], ["V3", "Ames", 70, 40, "A"],
                             ["V4", "Cole", 65, 10, "B"]], sheet="Visits")


def _contracts():
    return schema_from_rows([["合同编号", "对方单位", "合同金额", "已付金额", "类型"], ["H01", "甲公司", 1000, 400, "采购"],
                             ["H02", "乙公司", 800, 800, "服务"], ["H03", "甲公司", 1200, 300, "采购"],
                             ["H04", "丙公司", 500, 100, "服务"]], sheet="合同台账")


def _produce():
    """Produce sold by weight: a price per kg is a rate, not a row."""
    return schema_from_rows([["Item", "Kg", "Price per kg", "Dept"], ["Apples", 3, 2.5, "Fruit"],
                             ["Pears", 2, 3.0, "Fruit"], ["Leeks", 4, 1.5, "Veg"]], sheet="Sales")


def test_the_rows_named_are_cut_and_nothing_else():
    s = _visits()
    assert without_rows_said("Tuning + Repairs for every visit", s) == "Tuning + Repairs"
    assert without_rows_said("tuning plus repairs per visit", s) == "tuning plus repairs"
    assert without_rows_said("each visit's tuning + repairs", s) == "tuning + repairs"
    assert without_rows_said("tuning + repairs for each row, new column", s) == "tuning + repairs, new column"
    assert without_rows_said("share of each line's repairs", s) == "share of repairs"
    # a column of repeated values is a grouping, not the rows
    assert rows_said("tuning + repairs per client", s) == []
    assert rows_said("average repairs by dept, each dept", s) == []
    z = _contracts()
    assert without_rows_said("算每份合同的合同金额减已付金额", z) == "算合同金额减已付金额"
    assert without_rows_said("每个合同还欠多少钱", z) == "还欠多少钱"
    assert rows_said("每个类型的合同金额", z) == []  # 类型 repeats: a grouping


def test_a_rate_is_no_row():
    p = _produce()
    assert rows_said("price per kg", p) == []
    assert rows_said("what is 3 kg at the price per kg", p) == []
    z = _contracts()
    assert rows_said("每斤多少钱", z) == []
    assert rows_said("平均每天付多少", z) == []  # not a daily report: 每天 is a rate


@pytest.mark.parametrize("said", ["Tuning + Repairs for every visit", "tuning plus repairs per visit",
                                  "each visit's tuning + repairs"])
def test_a_per_row_sum_at_a_row(said):
    r = formula(said, _visits(), "F3", method="rules")
    assert r.formula == "=C3+D3" and r.value == 60


@pytest.mark.parametrize("said", ["每份合同还欠多少钱", "算每份合同的合同金额减已付金额", "每个合同的合同金额减已付金额"])
def test_a_per_row_difference_in_chinese(said):
    r = formula(said, _contracts(), "F2", method="rules")
    assert r.formula == "=C2-D2" and r.value == 600


def test_placed_in_a_column_with_the_rows_named():
    r = formula("每份合同合同金额减已付金额，放F列", _contracts(), method="rules")
    assert r.formula == "=C2-D2" and r.value == 600


def test_a_mean_over_the_rows_named_is_one_cell():
    s = _visits()
    assert averaged("average repairs per visit", s) == "average repairs"
    assert averaged("total repairs per visit", s) is None  # no mean word: not read as one
    r = formula("average repairs per visit", s, "G1", method="rules")
    assert r.formula == "=AVERAGE(D2:D5)" and r.value == pytest.approx(16.25)


def test_a_grouping_stays_refused_at_one_cell():
    for said in ("average repairs per client", "total tuning per dept"):
        with pytest.raises(TaskError) as err:
            formula(said, _visits(), "G1", method="rules")
        assert err.value.code == "task.group_by", said
    with pytest.raises(TaskError) as err:
        formula("每个类型的合同金额合计", _contracts(), "G1", method="rules")
    assert err.value.code == "task.group_by"


def test_placement_words_are_not_named_unread():
    s = _visits()
    assert "col" not in unread_words("frobnicate tuning in col F", s)
    assert "every" not in unread_words("frobnicate tuning for every visit", s)
    assert "frobnicate" in unread_words("frobnicate tuning for every visit", s)


def _budget():
    return schema_from_rows([["Cost centre", "Line", "Budget", "Jan", "Feb", "Mar"], ["Ops", "Rent", 3000, 1000, 1000, 1000],
                             ["Ops", "Power", 900, 280, 310, 330], ["Sales", "Travel", 1200, 500, 200, 450],
                             ["Sales", "Ads", 2000, 700, 650, 900]], sheet="Budget")


@pytest.mark.parametrize("said", ["Jan+Feb+Mar for each budget line", "Jan+Feb+Mar for every line",
                                  "Jan + Feb + Mar per line"])
def test_a_row_noun_with_a_word_before_it(said):
    # "each budget line": Budget is a column, but "line" is the row and the phrase says only that
    r = formula(said, _budget(), "G3", method="rules")
    assert r.formula == "=D3+E3+F3" and r.value == 920


def test_a_chinese_refusal_does_not_mark_the_rows_named():
    from o3local.tasks.formula.unread import marked_request

    z = _contracts()
    marked = marked_request("每份合同的违约金", z)
    assert marked is not None and "【每】" not in marked and "违约" in marked
