"""Round nineteen, conditional totals: a product of two columns added up over the rows a
condition picks (``productsum.read_conditioned_product``), a factor of a product that holds
numbers stored as text, and the row verbs a Chinese count or total is said with (赊了, 排了,
登记了) where the sheet holds no such word.  These workbooks are our own."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import build_schema, schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _credit(price_as_text=False):
    """A seed shop's credit book: who took how many sacks at what price, and when they paid."""
    rows = [["日期", "客户", "村", "品种", "包数", "单价", "付款日期"]]
    names = ["赵大海", "吴小红", "赵大海", "郑强", "吴小红", "郑强"]
    villages = ["王家湾", "柳树屯", "王家湾", "柳树屯", "新河", "新河"]
    sacks = [3, 10, 5, 8, 4, 12]
    for i in range(6):
        price = (35, 30, 42, 38, 30, 45)[i]
        rows.append([dt.date(2026, 10, 3 + i), names[i], villages[i], "玉米" if i % 2 else "小麦", sacks[i],
                     str(price) if price_as_text else price, dt.date(2026, 11, 1 + i) if i in (0, 3, 5) else None])
    if price_as_text:  # read as from a workbook: a column of digits typed as text
        return build_schema({(r, c): v for r, row in enumerate(rows, 1) for c, v in enumerate(row, 1)
                             if v is not None}, "赊账本")
    return schema_from_rows(rows, sheet="赊账本")


def _rounds():
    """A milk round: litres delivered at a price a litre, Settled blank until paid."""
    rows = [["Date", "Customer", "Street", "Litres", "Price per litre", "Settled"]]
    streets = ["Mill Lane", "Church Road", "Mill Lane", "Station Road", "Church Road"]
    for i in range(5):
        rows.append([dt.date(2026, 11, 2 + i), f"House {i + 1}", streets[i], (4, 2, 7, 3, 6)[i], 1.2,
                     dt.date(2026, 11, 20) if i % 2 == 0 else None])
    return schema_from_rows(rows, sheet="Round")


# --- a product added up over the rows a condition picks -------------------------------------

def test_a_product_total_over_blank_rows_in_chinese():
    # three people asking for the money still owed, said with the product
    for ask in ("付款日期为空的，包数×单价加起来",
                "付款日期空着的包数乘单价合计",
                "没付款的，包数×单价一共多少"):
        assert _answer(ask, _credit()) == '=SUMPRODUCT((G2:G7="")*E2:E7*F2:F7)', ask


def test_a_product_total_for_one_value_named_alone():
    for ask in ("王家湾的包数×单价合计", "村是王家湾的包数乘单价加起来", "王家湾一共多少钱（包数乘单价）"):
        got = _answer(ask, _credit())
        assert got in (None, '=SUMPRODUCT((C2:C7="王家湾")*E2:E7*F2:F7)'), (ask, got)
    assert _answer("王家湾的包数×单价合计", _credit()) == '=SUMPRODUCT((C2:C7="王家湾")*E2:E7*F2:F7)'


def test_a_product_total_in_english():
    for ask in ("litres x price per litre where Settled is blank, in total",
                "sum of litres times price per litre for rows with nothing in Settled",
                "total of litres * price per litre, Settled empty"):
        assert _answer(ask, _rounds()) == '=SUMPRODUCT((F2:F6="")*D2:D6*E2:E6)', ask
    assert _answer("litres x price per litre for Mill Lane, total", _rounds()) \
        == '=SUMPRODUCT((C2:C6="Mill Lane")*D2:D6*E2:E6)'
    assert _answer("litres x price per litre where Date after 3 Nov 2026, in total", _rounds()) \
        == '=SUMPRODUCT((A2:A6>DATE(2026,11,3))*D2:D6*E2:E6)'


def test_two_conditions_are_both_kept():
    got = _answer("王家湾没付款的包数×单价合计", _credit())
    assert got in (None, '=SUMPRODUCT((C2:C7="王家湾")*(G2:G7="")*E2:E7*F2:F7)',
                   '=SUMPRODUCT((G2:G7="")*(C2:C7="王家湾")*E2:E7*F2:F7)'), got


def test_a_price_stored_as_text_is_multiplied_as_its_number():
    assert _answer("付款日期为空的，包数×单价加起来", _credit(price_as_text=True)) \
        == '=SUMPRODUCT((G2:G7="")*E2:E7*F2:F7)'
    # a plain total of the text column is still converted; a SUMIF over it is still refused
    assert _answer("单价合计", _credit(price_as_text=True)) == '=SUMPRODUCT(--("0"&F2:F7))'
    assert _answer("单价大于40的单价合计", _credit(price_as_text=True)) is None


def test_near_misses_are_refused():
    # the condition cannot be placed: no answer rather than the product over every row
    assert _answer("包数×单价合计，不算老客户", _credit()) is None


# --- a Chinese row verb passed over where the sheet holds no such word -----------------------

def _shifts():
    rows = [["日期", "姓名", "科室", "班次"]]
    for i, (n, k, b) in enumerate([("林静", "内科", "夜班"), ("高磊", "外科", "白班"), ("林静", "内科", "夜班"),
                                    ("唐宁", "外科", "夜班")]):
        rows.append([dt.date(2026, 12, 1 + i), n, k, b])
    return schema_from_rows(rows, sheet="排班")


def test_row_verbs_of_a_count():
    for ask in ("一共排了几个夜班", "夜班排了多少次", "林静排了几个夜班"):
        got = _answer(ask, _shifts())
        assert got in ('=COUNTIF(D2:D5,"夜班")', '=COUNTIFS(B2:B5,"林静",D2:D5,"夜班")',
                       '=COUNTIFS(D2:D5,"夜班",B2:B5,"林静")'), (ask, got)
    assert _answer("内科登记了几个人", _shifts()) == '=COUNTIF(C2:C5,"内科")'


def test_row_verbs_of_a_total():
    for ask in ("赵大海一共赊了几包", "赵大海赊了多少包", "赵大海的包数合计"):
        assert _answer(ask, _credit()) == '=SUMIF(B2:B7,"赵大海",E2:E7)', ask
    assert _answer("柳树屯赊了几笔", _credit()) == '=COUNTIF(C2:C7,"柳树屯")'


def test_row_verbs_with_a_direction_and_a_printing_verb():
    assert _answer("一共赊出去多少包", _credit()) == "=SUM(E2:E7)"
    assert _answer("柳树屯赊出去几包", _credit()) == '=SUMIF(C2:C7,"柳树屯",E2:E7)'


# --- a Chinese clause leaving the sheet's own total row out ------------------------------------

def test_a_clause_leaving_the_total_row_out_is_dropped():
    from o3local.tasks.formula.rules import without_total_row

    for said in ("一共多少包（合计那行别算）", "一共多少包，合计那一行不要算进去", "总计行别加，一共多少包",
                 "一共多少包（最后一行合计不算）"):
        assert without_total_row(said) == "一共多少包", said
    # a clause that says anything else about the row, or a 合计 that is no row, is kept
    for said in ("份数合计，合计那行是公式别加", "金额合计（不含税）", "总计行的金额是多少"):
        assert without_total_row(said) == said, said
