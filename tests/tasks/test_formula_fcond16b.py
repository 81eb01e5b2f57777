"""Conditional totals said in other words, wave 2 (issue 16, round 16: undone.py, textnote.py,
aggregates.read_blank).

- 欠 (还欠, 欠我) names the rows whose repayment date is still empty, and "还欠多少" asks for
  their money; 未还款 / 没回款 before the amount column ("未还款金额合计") keeps 金额 as the total.
- An aside that a column's numbers are stored as text is read as said (the formula converts them),
  but only where that column is one; otherwise its words are left to the readers, who refuse.
- 拿了 / 寄了 / 要了 多少个 on a log with a quantity column add that column up.

Sheets written here; values checked by the engine.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import build_schema, schema_from_rows

D = dt.datetime


@pytest.fixture
def credit():
    return schema_from_rows([
        ["日期", "客户", "数量", "金额", "还款日期"],
        [D(2026, 3, 1), "孙阿姨", 2, 120, D(2026, 3, 9)],
        [D(2026, 3, 2), "孙阿姨", 1, 60, None],
        [D(2026, 3, 3), "周记饭店", 5, 300, None],
        [D(2026, 3, 4), "周记饭店", 3, 180, D(2026, 3, 20)],
        [D(2026, 3, 5), "孙阿姨", 4, 240, None],
    ])


def _sheet(headers, rows):
    """A sheet read as from a workbook: a column of digits typed as text is numbers stored as text."""
    cells = {(1, c): h for c, h in enumerate(headers, 1)}
    for r, row in enumerate(rows, 2):
        cells.update({(r, c): v for c, v in enumerate(row, 1) if v is not None})
    return build_schema(cells, "Sheet1")


@pytest.fixture
def samples():
    return _sheet(["寄出日期", "样品", "件数", "运费"], [
        [D(2026, 4, 1), "铰链", "3", 12],
        [D(2026, 4, 2), "把手", "15", 10],
        [D(2026, 4, 3), "铰链", "2", 12],
    ])


@pytest.mark.parametrize("request_, want, value", [
    ("孙阿姨还欠多少", '=SUMIFS(D2:D6,E2:E6,"",B2:B6,"孙阿姨")', 300),
    ("周记饭店还欠我多少钱", '=SUMIFS(D2:D6,E2:E6,"",B2:B6,"周记饭店")', 300),
    ("一共还欠我多少钱（还款日期空着的）", '=SUMIFS(D2:D6,E2:E6,"")', 600),
    ("未还款金额合计", '=SUMIFS(D2:D6,E2:E6,"")', 600),
    ("孙阿姨 未还 金额", '=SUMIFS(D2:D6,E2:E6,"",B2:B6,"孙阿姨")', 300),
])
def test_owed_is_the_money_with_no_repayment_date(credit, request_, want, value):
    r = formula(request_, credit, "H1", method="rules")
    assert (r.formula, r.value) == (want, value)


def test_a_price_named_alone_is_not_added_up_over_the_unpaid_rows():
    sheet = schema_from_rows([
        ["客户", "单价", "还款日期"],
        ["孙阿姨", 6, None],
        ["孙阿姨", 7, D(2026, 3, 9)],
    ])
    with pytest.raises(TaskError):
        formula("孙阿姨没还款的单价", sheet, "H1", method="rules")


def test_count_of_rows_still_owed(credit):
    assert formula("孙阿姨欠几笔", credit, "H1", method="rules").value == 2


@pytest.mark.parametrize("request_, value", [
    ("铰链一共寄了多少个（件数那列好像是文本）", 5),
    ("件数合计，件数列存成了文本，SUM出来是0", 20),
])
def test_a_note_that_numbers_are_text_is_read_as_said(samples, request_, value):
    assert formula(request_, samples, "H1", method="rules").value == value


def test_a_text_note_on_a_column_of_real_numbers_is_not_dropped(samples):
    with pytest.raises(TaskError):
        formula("运费合计（运费那列是文本）", samples, "H1", method="rules")


def test_an_english_text_note_is_read_as_said():
    sheet = _sheet(["Item", "Qty"], [["Bolts", "4"], ["Nuts", "16"], ["Washers", "2.5"]])
    assert formula("total qty (those numbers came in as text)", sheet, "H1", method="rules").value == 22.5


@pytest.mark.parametrize("request_", ["城西小学一共拿了多少个", "城西小学要了几个"])
def test_taking_pieces_adds_up_the_quantity(request_):
    sheet = schema_from_rows([
        ["品种", "数量", "客户"],
        ["花卷", 30, "城西小学"],
        ["馒头", 20, "散客"],
        ["菜包", 15, "城西小学"],
    ])
    r = formula(request_, sheet, "H1", method="rules")
    assert (r.formula, r.value) == ('=SUMIF(C2:C4,"城西小学",B2:B4)', 45)


@pytest.fixture
def filings():
    return schema_from_rows([
        ["来文单位", "承办科室", "份数"],
        ["市教育局", "综合科", 3],
        ["区住建局", "安全科", 2],
        ["市教育局", "安全科", 4],
    ])


@pytest.mark.parametrize("request_", ["统计教育局的份数", "统计一下来文单位为市教育局的份数合计"])
def test_tally_before_a_number_column_adds_it_up(filings, request_):
    r = formula(request_, filings, "H1", method="rules")
    assert (r.formula, r.value) == ('=SUMIF(A2:A4,"市教育局",C2:C4)', 7)


def test_tally_before_rows_still_counts_them(filings):
    assert formula("统计市教育局的记录数", filings, "H1", method="rules").value == 2
