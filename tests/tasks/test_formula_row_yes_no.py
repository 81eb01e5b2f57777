"""A 是/否 (Yes/No) column with no empty cell: "没签到的" are its 否 rows, not empty cells no row
has (read after formula-dev9's blind run, where the label column came out all blank)."""

import datetime as dt

from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _lessons():
    return schema_from_rows([
        ["日期", "会员", "教练", "是否签到"],
        [dt.date(2026, 11, 2), "陈春燕", "周教练", "是"],
        [dt.date(2026, 11, 3), "冯丽娟", "陈教练", "否"],
        [dt.date(2026, 11, 4), "谢秀英", "周教练", "是"],
    ])


def test_not_signed_in_is_the_no_value_of_a_yes_no_column():
    answer = formula("没签到的标个缺课", sheet=_lessons(), target_cell="E2", method="rules")
    assert answer.formula == '=IF(D2="否","缺课","")'  # the label is 缺课, not 个缺课


def test_a_column_with_empty_cells_still_tests_for_empty():
    s = schema_from_rows([
        ["姓名", "缴费日期", "金额"],
        ["陈春燕", dt.date(2026, 11, 2), 300],
        ["冯丽娟", None, 300],
        ["谢秀英", dt.date(2026, 11, 4), 300],
    ])
    answer = formula("没填缴费日期的写未缴", sheet=s, target_cell="D2", method="rules")
    assert answer.formula == '=IF(B2="","未缴","")'
