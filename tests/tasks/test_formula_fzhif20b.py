"""Chinese IF labels on a time of day, a date against a pinned day, a duration, and per-row fees
(round twenty, helper fzhif20b).  The workbooks are our own.

Phrasings a different person would type, per behaviour (each answered below):
- rows named by a noun before the mark: "21点以后的交易标夜间" / "晚上9点以后的记录写夜间，其他留空" /
  "下午9点后的流水标记一下（夜间），其余不填"
- 晚于 is strictly later: "时间晚于21:00的标夜间" / "交易时间晚于21点的写夜间"
- a fee and the rest's number: see each test's docstring (a yes column and a bound, or a product of two columns)
- a date not reached yet against a pinned day, and a day pinned by "按…算": see the tests below
- the blank rows of an ID column said to be a class: "会员号空着就是散客" / "会员号没填的就是散客" / "没有会员号的就是散客"
"""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell="G2"):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _till():
    rows = [["日期", "时间", "摘要", "收入", "支出", "余额"]]
    for i, t in enumerate([dt.time(8, 15), dt.time(21, 30), dt.time(22, 5), dt.time(13, 0)]):
        rows.append([dt.date(2026, 10, 3 + i), t, "收款", 50 + i, None, 1000 + i])
    return schema_from_rows(rows, sheet="收银")


def test_rows_named_by_a_noun_before_the_mark():
    sheet = _till()
    for ask in ("21点以后的交易标夜间",
                "晚上9点以后的记录写夜间，其他留空",
                "下午9点后的流水标记一下（夜间），其余不填",
                "21:00之后的单子在G列标“夜间”，其它空着"):
        assert _answer(ask, sheet) == '=IF(B2>=TIME(21,0,0),"夜间","")', ask


def test_later_than_a_clock_is_strict():
    sheet = _till()
    for ask in ("时间晚于21:00的标夜间", "交易时间晚于21点的写夜间"):
        assert _answer(ask, sheet) == '=IF(B2>TIME(21,0,0),"夜间","")', ask


def test_a_condition_in_brackets_after_the_mark_is_no_label():
    # "标一下（21点以后）": the bracket says which rows, not the label
    assert _answer("标一下（21点以后）", _till()) is None


def _tickets():
    rows = [["单号", "客户", "件数", "单价", "外送"]]
    for i, (n, p, out) in enumerate([(2, 25, "是"), (6, 25, "否"), (1, 90, "是"), (4, 10, "是")]):
        rows.append([f"W{i}", f"客户{i}", n, p, out])
    return schema_from_rows(rows, sheet="订单")


def test_a_fee_on_the_rows_a_condition_picks_and_a_number_for_the_rest():
    """- "外送的订单件数不足3要收5块配送费，其他0" / "配送费：外送且件数<3收5，否则0" /
    "外送为是并且件数小于3的收5元，不然0" / "件数<3并且外送=是的写5，否则0"."""
    sheet = _tickets()
    for ask in ("外送的订单件数不足3要收5块配送费，其他0",
                "配送费：外送且件数<3收5，否则0",
                "外送为是并且件数小于3的收5元，不然0"):
        assert _answer(ask, sheet, "F2") == '=IF(AND(E2="是",C2<3),5,0)', ask
    assert _answer("件数<3并且外送=是的写5，否则0", sheet, "F2") == '=IF(AND(C2<3,E2="是"),5,0)'


def test_a_fee_on_a_product_of_two_columns():
    """- "外送且件数乘单价小于100的收8元，否则0" / "外送为是且件数*单价<100写8，其余0" /
    "外送=是并且件数×单价不到100的收8块，不然0"."""
    sheet = _tickets()
    for ask in ("外送且件数乘单价小于100的收8元，否则0",
                "外送为是且件数*单价<100写8，其余0",
                "外送=是并且件数×单价不到100的收8块，不然0"):
        assert _answer(ask, sheet, "F2") == '=IF(AND(E2="是",C2*D2<100),8,0)', ask


def test_a_fee_whose_rest_is_not_a_number_is_not_guessed():
    # "…收5元，其他免费": the rest's charge is a word, not a number the rule can write
    assert _answer("外送的订单件数不足3要收5块，其他免运费", _tickets(), "F2") is None


def _contracts():
    rows = [["合同号", "客户", "签订日期", "到期日期", "金额"]]
    for i, end in enumerate([dt.date(2026, 12, 31), dt.date(2026, 10, 1), dt.date(2026, 11, 20), dt.date(2027, 3, 1)]):
        rows.append([f"HT{i}", f"客户{i}", dt.date(2026, 1, 5), end, 1000 * (i + 1)])
    return schema_from_rows(rows, sheet="合同")


def test_a_date_not_reached_yet_against_a_pinned_day():
    """- "今天是2026年11月20日，到期日期还没到的写有效，已经过了的写失效" / "到期日期还没到的标有效，已过期的标失效（今天2026-11-20）" /
    "截至2026-11-20，到期日期未到的算有效，过了的算失效"."""
    sheet = _contracts()
    want = '=IF(D2>=DATE(2026,11,20),"有效","失效")'
    for ask in ("今天是2026年11月20日，到期日期还没到的写有效，已经过了的写失效",
                "到期日期还没到的标有效，已过期的标失效（今天2026-11-20）",
                "截至2026-11-20，到期日期未到的算有效，过了的算失效"):
        assert _answer(ask, sheet, "F2") == want, ask


def test_a_day_pinned_by_an_as_of_bracket():
    """- "有效/失效（按2026-11-20算，到期日期不早于今天算有效）" / "按2026年11月20日算，到期日期不早于今天的写有效，否则失效"."""
    sheet = _contracts()
    want = '=IF(D2>=DATE(2026,11,20),"有效","失效")'
    for ask in ("有效/失效（按2026-11-20算，到期日期不早于今天算有效）",
                "按2026年11月20日算，到期日期不早于今天的写有效，否则失效"):
        assert _answer(ask, sheet, "F2") == want, ask


def _visits(card_header):
    rows = [["日期", "项目", card_header, "金额"]]
    for i, card in enumerate(["K01", None, "K09", None]):
        rows.append([dt.date(2026, 11, 2 + i), "洗车", card, 30 + i])
    return schema_from_rows(rows, sheet="到店")


def test_the_blank_rows_of_an_id_column_said_to_be_a_class():
    """- "会员号空着就是散客，帮我标出来" / "会员号没填的就是散客" / "没有会员号的就是散客，标出来":
    散客 for the blank, and the class the header names (会员) for the rest."""
    sheet = _visits("会员号")
    for ask in ("会员号空着就是散客，帮我标出来", "会员号没填的就是散客", "没有会员号的就是散客，标出来"):
        assert _answer(ask, sheet, "E2") == '=IF(C2="","散客","会员")', ask


def test_a_blank_class_with_no_other_class_in_the_header_is_not_guessed():
    # "卡号空着就是散客": 卡号 names no class for the other rows
    assert _answer("卡号空着就是散客，帮我标出来", _visits("卡号"), "E2") is None
