"""Rankings, lookups and plain aggregates (round 11, h/frank9), each on a workbook of our own:
year-header sheets whose title says what the numbers are, superlatives whose column is implied,
and asides that leave the sheet's own total row out."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _years() -> object:
    """A sheet of year columns under a title naming the measure: 各水库历年供水量（万吨）."""
    return schema_from_rows([["各水库历年供水量（万吨）"],
                             ["水库", "所在县", 2022, 2023, 2024, 2025],
                             ["东湖", "安平", 120, 130, 128, 140],
                             ["西岭", "安平", 90, 95, 99, 101],
                             ["南坝", "青石", 200, 180, 210, 220],
                             ["北塘", "青石", 60, 70, 65, 80]])


def test_a_shortened_title_measure_names_the_year_columns():
    """"2025年总水量" under 供水量: the title's measure shortened (水量) names the year columns."""
    sheet = _years()
    assert formula("2025年总水量", sheet, method="rules").value == 140 + 101 + 220 + 80


def test_measure_total_count_word_on_year_columns_is_a_sum():
    """"25年供水总数": 总数 after the title's measure is the sum of the year column, not a row count."""
    sheet = _years()
    r = formula("25年供水总数", sheet, method="rules")
    assert r.value == 140 + 101 + 220 + 80, r.formula


def test_measure_with_liang_ranks_a_year_column():
    """"24年供水量最多的水库": the year column is compared, the reservoir named."""
    sheet = _years()
    r = formula("24年供水量最多的水库", sheet, method="rules")
    assert r.value == "南坝", r.formula


def test_a_row_count_word_elsewhere_stays_a_count():
    """Without year columns 总数 after a row noun is not read as a sum."""
    sheet = schema_from_rows([["订单号", "客户", "金额"], ["A1", "甲", 10], ["A2", "乙", 20], ["A3", "甲", 30]])
    try:
        r = formula("订单总数", sheet, method="rules")
    except TaskError:
        return
    assert r.value == 3, r.formula
