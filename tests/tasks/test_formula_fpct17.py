"""Percentages read in general (seventeenth round, helper fpct17): a rise or fall between year
columns asked as a percent in any wording, a gross margin or a markup on a price list, and the
share of the rows a yes / no column says yes on, that column named in other words.  Each ask is
written here as several people would type it, on workbooks of our own; the near misses refuse."""

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


def _shops():
    rows = [["Shop", "Town", "2022", "2023", "2024", "2025"]]
    for i in range(6):
        rows.append([f"Shop {i}", "Leeds" if i % 2 else "York", 100 + i, 120 + 3 * i, 130 + 2 * i, 150 + i])
    return schema_from_rows(rows, sheet="Takings")


def _shops_zh():
    rows = [["门店", "城市", "2022", "2023", "2024", "2025"]]
    for i in range(6):
        rows.append([f"门店{i}", "杭州" if i % 2 else "宁波", 100 + i, 120 + 3 * i, 130 + 2 * i, 150 + i])
    return schema_from_rows(rows, sheet="营业额")


@pytest.mark.parametrize("request_", [
    "how much did each shop go up or down vs 2024, as a percentage",
    "% increase since 2024 for each shop",
    "by what percent did each shop rise since 2024",
    "growth since 2024 per shop",
])
def test_a_change_against_one_year_said_is_over_the_latest_year(request_):
    assert _answer(request_, _shops(), "G2") == "=F2/E2-1"


@pytest.mark.parametrize("request_", [
    "每个门店25年比24年涨了百分之几",
    "2025年比2024年增长了百分之多少",
    "2025年比2024年下降了多少%",
    "每家店比2023年增长了百分之几",
])
def test_a_chinese_rise_asked_as_a_percent_is_the_growth(request_):
    want = "=F2/D2-1" if "2023" in request_ else "=F2/E2-1"
    assert _answer(request_, _shops_zh(), "G2") == want


@pytest.mark.parametrize("request_", [
    "change since 2024 in percentage points",   # points: a difference of rates, not read as growth
    "2025比2024增长了几个百分点",
    "growth since 2025",                        # the latest year itself: nothing to compare
    "takings since 2024",                       # no change asked
])
def test_near_misses_of_a_change_refuse(request_):
    sheet = _shops_zh() if "增长" in request_ else _shops()
    got = _answer(request_, sheet, "G2")
    assert got is None or not got.endswith("-1"), got


def _price_list(sell="售价", buy="进价", zh=True):
    rows = [["编码" if zh else "Code", "品名" if zh else "Item", buy, sell]]
    for i in range(5):
        rows.append([f"P{i}", f"货{i}" if zh else f"item {i}", 10 + i, 16 + 2 * i])
    return schema_from_rows(rows, sheet="价目表" if zh else "Prices")


@pytest.mark.parametrize("request_", ["每个商品的毛利率", "在价目表里加一列毛利率", "毛利率"])
def test_a_gross_margin_on_a_price_list_is_over_the_selling_price(request_):
    assert _answer(request_, _price_list(), "E2") == "=(D2-C2)/D2"
    assert _answer(request_, _price_list(sell="零售价", buy="进货价"), "E2") == "=(D2-C2)/D2"


def test_a_gross_margin_in_english_and_a_markup_over_the_cost():
    sheet = _price_list(sell="Retail price", buy="Cost price", zh=False)
    assert _answer("gross margin for each item", sheet, "E2") == "=(D2-C2)/D2"
    assert _answer("markup % on every line", sheet, "E2") == "=(D2-C2)/C2"
    assert _answer("每个商品的加价率", _price_list(), "E2") == "=(D2-C2)/C2"


def test_a_profit_rate_on_a_price_list_is_not_guessed():
    # 利润率 is said of the cost as often as of the price: not read on a price list
    assert _answer("每个商品的利润率", _price_list(), "E2") is None


def _bookings(flag="Belay Cert", yes=("Yes", "No"), extra="Paid"):
    rows = [["Booking", "Name", flag, extra, "Fee"]]
    for i in range(8):
        rows.append([f"B-{100 + i}", f"Name {i}", yes[i % len(yes)] if i % 3 else (yes[1] if len(yes) > 1 else None),
                     "Yes" if i % 2 else "No", 20 + i])
    return schema_from_rows(rows, sheet="Bookings")


#: the yes rows over every row (the flag column has no blank: either column counts them all)
_YES_SHARE = ('=COUNTIF(C2:C9,"Yes")/COUNTA(A2:A9)', '=COUNTIF(C2:C9,"Yes")/COUNTA(C2:C9)')


@pytest.mark.parametrize("request_", [
    "what % of bookings are belay certified",
    "share of bookings with a belay cert",
    "belay certified %",
    "proportion of the bookings that were belay certified",
])
def test_a_yes_share_names_the_flag_column_in_other_words(request_):
    assert _answer(request_, _bookings()) in _YES_SHARE


@pytest.mark.parametrize("request_", ["walk in %", "what share of bookings were walk-ins", "walk-in rate"])
def test_a_flag_of_y_beside_blanks_is_over_every_row(request_):
    sheet = _bookings(flag="Walk-in", yes=("Y",))
    assert _answer(request_, sheet) == '=COUNTIF(C2:C9,"Y")/COUNTA(A2:A9)'


def test_a_participle_of_the_header_may_go_unsaid():
    sheet = _bookings(flag="Cert issued")
    assert _answer("what share of bookings got a certificate", sheet) in _YES_SHARE
    assert _answer("% of bookings where the cert was issued", sheet) in _YES_SHARE


@pytest.mark.parametrize("request_", [
    "what % of bookings are not belay certified",   # a negation: the other rows, not read here
    "share of bookings without a belay cert",
    "what % of belay certified bookings paid by card",  # a word no column or value holds
    "how many bookings are belay certified",         # a count, no share asked
])
def test_near_misses_of_a_yes_share_are_not_read_as_it(request_):
    got = _answer(request_, _bookings())
    assert got not in _YES_SHARE, got
