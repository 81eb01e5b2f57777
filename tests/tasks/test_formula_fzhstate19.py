"""Checks the nineteenth round's Chinese state words: a step named by the user's own verb
(做好 / 做完 beside 完成日期), a done label 已V said with any other label (已归还/借出中), and the state
asked before its labels ("判断还没还，没还写未还，还了写已还").  These workbooks are our own.

Phrasings a different person would type, each answered below:
- 做好了写已完成，没做好写未完成 / 没做完的标未完成，做完了标已完成 / 完成了写已完成，没完成写未完成
- 还有几单没做完 / 没弄好的有几单 / 销售部还有几单没做好
- 标一下状态：已归还/借出中 / 借出中还是已归还 / 状态（已还/在借） / 每人状态：已定岗、试岗中
- 用IF判断每本还没还，没还写未还，还了写已还 / 看看还没还：还了的写已还，没还的写未还
"""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows
from o3local.tasks.formula.stateverbs import said_state_verbs


def _answer(request, sheet, cell="H2"):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _prints():
    rows = [["单号", "姓名", "部门", "申请日期", "数量", "完成日期"]]
    for i in range(8):
        rows.append([f"M{i}", f"人{i}", "销售部" if i % 2 else "财务部", dt.date(2026, 11, 1 + i), 2 + i,
                     dt.date(2026, 11, 6 + i) if i % 3 else None])
    return schema_from_rows(rows, sheet="印刷")


def _loans(second_date=False):
    heads = ["编号", "借书人", "借出日期", "书名", "押金", "归还日期"] + (["续借日期"] if second_date else [])
    rows = [heads]
    for i in range(8):
        row = [f"B{i}", f"人{i}", dt.date(2026, 10, 1 + i), "书", 20, dt.date(2026, 11, 1 + i) if i % 2 else None]
        rows.append(row + ([dt.date(2026, 10, 20 + i) if i % 3 else None] if second_date else []))
    return schema_from_rows(rows, sheet="借阅")


def _staff():
    rows = [["工号", "姓名", "入职日期", "定岗日期", "底薪"]]
    for i in range(8):
        rows.append([f"A{i}", f"人{i}", dt.date(2026, 5, 1 + i), dt.date(2026, 8, 1 + i) if i % 2 else None, 3000])
    return schema_from_rows(rows, sheet="新人")


@pytest.mark.parametrize("request_", ["做好了写已完成，没做好写未完成", "没做完的标未完成，做完了标已完成",
                                      "完成了写已完成，没完成写未完成"])
def test_a_step_said_by_the_users_verb_labels_the_rows(request_):
    assert _answer(request_, _prints()) == '=IF(F2="","未完成","已完成")'


def test_labels_keep_the_users_own_words():
    assert _answer("做好了写已做好，没做好写未做好", _prints()) == '=IF(F2="","未做好","已做好")'


@pytest.mark.parametrize(("request_", "expected"), [("还有几单没做完？", "=COUNTBLANK(F2:F9)"),
                                                    ("没弄好的有几单", "=COUNTBLANK(F2:F9)"),
                                                    ("销售部还有几单没做好", '=COUNTIFS(C2:C9,"销售部",F2:F9,"")')])
def test_counts_of_rows_not_done_said_by_the_users_verb(request_, expected):
    assert _answer(request_, _prints(), None) == expected


def test_a_verb_is_respelt_only_for_one_column_that_holds_the_headers_verb():
    two = schema_from_rows([["单号", "初稿完成", "终稿完成"], ["A", dt.date(2026, 1, 1), None],
                            ["B", None, None]], sheet="稿件")
    assert said_state_verbs("没做好的有几个", two) == "没做好的有几个"
    assert said_state_verbs("没做好的有几个", _prints()) == "没完成的有几个"
    assert said_state_verbs("写已做好", _prints()) == "写已做好"  # a label, as said


@pytest.mark.parametrize("request_", ["标一下状态：已归还/借出中", "借出中还是已归还", "H列：借出中还是已归还"])
def test_a_done_label_beside_any_other_label(request_):
    assert _answer(request_, _loans()) == '=IF(F2="","借出中","已归还")'


def test_a_done_label_beside_another_label_in_other_forms():
    assert _answer("状态（已还/在借）", _loans()) == '=IF(F2="","在借","已还")'
    assert _answer("每人状态：已定岗、试岗中", _staff()) == '=IF(D2="","试岗中","已定岗")'
    assert _answer("试岗中还是已定岗", _staff()) == '=IF(D2="","试岗中","已定岗")'


def test_the_other_label_must_not_name_a_column():
    assert _answer("已归还或者借出", _loans()) is None  # 借出 is 借出日期's word


def test_the_state_asked_before_its_labels():
    assert _answer("用IF判断每本还没还，没还写未还，还了写已还", _loans()) == '=IF(F2="","未还","已还")'


def test_two_columns_the_verb_could_name_are_refused():
    sheet = schema_from_rows([["编号", "初审日期", "复审日期"], ["A", dt.date(2026, 1, 1), None],
                              ["B", None, None], ["C", dt.date(2026, 1, 2), dt.date(2026, 1, 5)]], sheet="审")
    assert _answer("已审/待审", sheet, "D2") is None


# Per-row values for the open rows only.  Phrasings: 没还的算算借了多少天，还了的空着 / 按…算，没还的借了几天 /
# 借出天数，已归还的不填 / 每本没还的借了几天了？已经还了的不用算


@pytest.mark.parametrize("request_", ["今天2026.12.11，没还的算算借了多少天了，还了的空着",
                                      "按2026-12-11算，没还的借了几天",
                                      "截至2026-12-11，借出天数，已归还的不填",
                                      "今天是2026年12月11日，每本没还的借了几天了？已经还了的不用算"])
def test_days_for_the_open_rows_only(request_):
    assert _answer(request_, _loans()) == '=IF(F2="",DATE(2026,12,11)-C2,"")'


def test_done_rows_given_a_value_of_their_own_are_not_left_blank():
    # the done rows are said to count to their own date: not the open-rows-only reading
    got = _answer("借出天数：已还的算到归还日期，没还的算到今天（2026年12月11日）", _loans())
    assert got != '=IF(F2="",DATE(2026,12,11)-C2,"")'


def test_open_rows_on_a_sheet_with_two_dates_the_verb_could_name_are_refused():
    # 续借日期 and 归还日期 are both blank on some rows; 还 names 归还日期 only, 借 names neither end
    assert _answer("今天2026.12.11，没还的算算借了多少天了，还了的空着", _loans(second_date=True)) in (
        None, '=IF(F2="",DATE(2026,12,11)-C2,"")')


# The sheet name's verb said as what every row is.  Phrasings: 王五一共赊了几箱 / 东村的赊了几笔 /
# 一共赊出去多少箱 / 平均每笔赊几箱


def _credit():
    rows = [["日期", "客户", "村", "品名", "箱数", "单价"]]
    for i in range(8):
        rows.append([dt.date(2026, 9, 1 + i), "王五" if i % 2 else "赵六", "东村" if i % 3 else "西村", "化肥",
                     2 + i, 80])
    return schema_from_rows(rows, sheet="赊账本")


def test_the_sheets_own_verb_is_context():
    from o3local.tasks.formula.sheetverb import said_sheet_verb

    assert _answer("东村的赊了几笔", _credit(), None) == '=COUNTIF(C2:C9,"东村")'
    assert said_sheet_verb("王五一共赊了几箱", _credit()) == "王五一共几箱"
    assert said_sheet_verb("一共赊出去多少箱", _credit()) == "一共多少箱"
    assert said_sheet_verb("平均每笔赊几箱", _credit()) == "平均每笔几箱"
    assert said_sheet_verb("东村的赊了几笔", schema_from_rows([["日期", "赊欠"], [dt.date(2026, 1, 1), 5]],
                                                             sheet="赊账本")) == "东村的赊了几笔"  # a header holds 赊


def test_how_much_with_no_unit_keeps_the_sheets_verb():
    from o3local.tasks.formula.sheetverb import said_sheet_verb

    assert said_sheet_verb("王五赊了多少", _credit()) == "王五赊了多少"
    assert said_sheet_verb("王五赊了几箱", _credit()) == "王五几箱"
