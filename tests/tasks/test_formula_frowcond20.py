"""Per-row arithmetic with a condition or a product (round twenty): a share taken off (put on) a
row's value where a condition holds, the rows named by a word that names nothing else of the
sheet ("every bid"), a part of a code said as 后面那四位, a code made after an example of it
("a ref like PX-301 from the Ticket no"), a Chinese expression written with a dash between
column names (结束-开始), and a sum of a per-day rate refused.  These workbooks are our own."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _stall():
    rows = [["Day", "Product", "Qty", "Unit price", "Card"]]
    for i, (p, q, u, c) in enumerate([("Jam", 2, 3.5, "Yes"), ("Honey", 5, 6.0, "No"), ("Eggs", 4, 2.2, "Yes"),
                                      ("Jam", 1, 3.5, "No")]):
        rows.append([f"Mon {i}", p, q, u, c])
    return schema_from_rows(rows, sheet="Stall")


# a share off (on) the row's value only where a condition holds: three people, three orders
def test_a_share_off_where_a_condition_holds():
    sheet = _stall()
    for ask in ("qty*unit price, less 10% when qty >= 4",
                "qty x unit price with 10% off if qty is 4 or more",
                "take 10% off qty times unit price when qty is at least 4",
                "if qty >= 4, qty*unit price less 10%"):
        assert _answer(ask, sheet, "F2") == "=C2*D2*IF(C2>=4,0.9,1)", ask


def test_a_share_on_top_where_a_condition_holds():
    sheet = _stall()
    assert _answer("qty*unit price plus 5% where card = yes", sheet, "F2") == '=C2*D2*IF(E2="Yes",1.05,1)'
    assert _answer("qty*unit price with a 5% surcharge when card is yes", sheet, "F2") == '=C2*D2*IF(E2="Yes",1.05,1)'


def test_a_share_with_no_direction_or_no_condition_is_not_read_as_one():
    sheet = _stall()
    assert _answer("qty*unit price, 10% if qty >= 4", sheet, "F2") is None  # off or on: not said
    assert _answer("qty*unit price less 10% when the moon is full", sheet, "F2") is None


def _tenders():
    rows = [["Tender ref", "Client", "Value", "Margin", "Bid manager"]]
    for i, (cl, v, mg, who) in enumerate([("Acme", 1000, 0.1, "Ann"), ("Birch", 2500, 0.15, "Ben"),
                                          ("Cole", 1800, 0.12, "Ann")]):
        rows.append([f"T-{100 + i}", cl, v, mg, who])
    return schema_from_rows(rows, sheet="Tenders")


# the rows named by a word the sheet does not otherwise hold ("every bid", "each contract")
def test_every_x_names_the_rows_when_x_names_nothing_else():
    sheet = _tenders()
    for ask in ("margin for every bid: value times margin",
                "value times margin for each contract",
                "£ margin on each bid (value x margin)"):
        assert _answer(ask, sheet, "F2") == "=C2*D2", ask


def test_per_x_and_a_named_grouping_stay_as_they_were():
    sheet = _tenders()
    assert _answer("margin per bid, value*margin", sheet, "F2") is None  # "per": may be a unit
    assert _answer("each bid manager's value", sheet, "F2") is None  # a grouping by a column


def _interns():
    rows = [["编号", "姓名", "开始日期", "结束日期", "日补贴", "出勤天数", "部门"]]
    data = [("SX-0012", "王磊", 46000, 46030, 120, 20, "研发部"), ("SX-0013", "李娜", 46010, 46050, 100, 30, "市场部"),
            ("SX-0014", "赵强", 46020, 46040, 120, 15, "研发部")]
    rows += [list(d) for d in data]
    return schema_from_rows(rows, sheet="实习生")


# 后面那四位, 末尾4位, 开头那两个字母: the end or the start of a code, said with a filler word
def test_the_end_of_a_code_said_with_a_filler():
    sheet = _interns()
    for ask in ("H列：编号后面那四位", "取编号末尾4位", "编号结尾的4个数字", "编号后面那4个数"):
        assert _answer(ask, sheet, "H2") == "=RIGHT(A2,4)", ask
    assert _answer("编号开头那两个字母", sheet, "H2") == "=LEFT(A2,2)"


# a dash between two Chinese column names is a minus, with or without the result's name first
def test_a_dash_between_chinese_names_is_a_minus():
    sheet = _interns()
    for ask in ("结束日期-开始日期", "天数=结束-开始", "H列算实习天数=结束日期-开始日期", "实习时长：结束－开始"):
        assert _answer(ask, sheet, "H2") == "=D2-C2", ask


def test_a_per_day_rate_added_up_is_no_total():
    sheet = _interns()
    assert _answer("研发部补贴合计", sheet, "J1") is None  # 补贴 is 日补贴 × 出勤天数, not 日补贴 added up
    assert _answer("研发部日补贴合计", sheet, "J1") == '=SUMIF(G2:G4,"研发部",E2:E4)'  # the column named itself


def _payments():
    rows = [["Ticket no", "Payee", "Amount"]]
    rows += [[301 + i, p, a] for i, (p, a) in enumerate([("Ann", 10), ("Bo", 25), ("Cy", 40)])]
    return schema_from_rows(rows, sheet="Payments")


# a code made after an example: the constant is what the example holds besides a row's value
def test_a_code_made_after_an_example():
    sheet = _payments()
    for ask in ("make a ref like PX-301 from the Ticket no",
                "each ticket no with PX- in front of it (PX-301, PX-302...)",
                "ticket no with PX- in front (e.g. PX-301)",
                "build a code like 301-UK from the ticket no"):
        want = '=A2&"-UK"' if "UK" in ask else '="PX-"&A2'
        assert _answer(ask, sheet, "D2") == want, ask


def test_an_example_that_is_no_value_of_the_column_is_not_read():
    sheet = _payments()
    assert _answer("make a ref like PX-999 from the Ticket no", sheet, "D2") is None
    assert _answer("ticket no with PX- in front (PX-301, QX-302)", sheet, "D2") is None
