"""Readings of h/ffill16, each on a short document about a fictitious company: a table whose rows
are years with plan rows between the actual ones, a range on a slide with the exact figure in the
notes, Chinese dates whose year is written elsewhere (今年3月, 报告日期：12月3日, a 落款 signed with a
month), and a round Chinese count (一千二百余家) beside the exact one."""

from __future__ import annotations

from tests.tasks.fill_docs import pitch, report

# --- 1. years as rows, plan rows between the actual ones ----------------------------------------

_PLAN_ROWS = """# Brookmill - plan summary

Brookmill schedules deliveries for flour mills.

## Key figures

| Year | ARR | ARR growth | Paying mills | Net revenue retention |
|---|---|---|---|---|
| FY2025 actual | $1,100,000 | 40% | 120 | 108% |
| FY2026 plan | $1,700,000 | 55% | 170 | 112% |
| FY2026 actual | $1,820,000 | 65% | 181 | 114% |
| FY2027 plan | $3,000,000 | 65% | 300 | 115% |
"""


def test_the_latest_actual_row_beats_the_plan_rows():
    r = pitch(_PLAN_ROWS)
    assert r.data["traction"]["arr"] == 1_820_000
    assert r.data["traction"]["users"] == 181
    assert r.data["traction"]["growth"] == 0.65
    assert r.data["traction"]["retention"] == 1.14


def test_whole_years_are_no_quarters():
    r = pitch(_PLAN_ROWS)
    assert not r.data["traction"].get("quarters")


# --- 2. a range on the slide, the exact figure in the notes -------------------------------------

_RANGE = """# Ropehall

Ropehall runs bookings for bouldering walls.

## Traction

- ARR $3-4M
- Net revenue retention 110-115%

ARR was $3,620,000 at the end of October. Net revenue retention 112%.
"""


def test_the_exact_figure_inside_a_range_wins():
    r = pitch(_RANGE)
    assert r.data["traction"]["arr"] == 3_620_000  # not the range's "$3"
    assert r.data["traction"]["retention"] == 1.12


# --- 3. Chinese dates whose year is written elsewhere -------------------------------------------

_THIS_YEAR = ("宁波澄川阀门有限公司简介\n\n（2026年版，今年5月修订）\n\n【公司概况】\n\n"
              "宁波澄川阀门有限公司成立于2009年，2025年实现营业收入1.42亿元，同比增长9.3%。\n")


def test_a_month_after_jin_nian_takes_the_year_of_its_line():
    assert report(_THIS_YEAR).data["date"] == "2026-05-01"


_REPORT_DAY = ("嘉兴织锦纺织有限公司销售部2026年11月工作月报\n\n报告日期：12月2日\n\n一、本月经营情况\n\n"
               "11月公司实现销售收入1,240万元，同比增长7.6%。\n")


def test_a_labelled_day_without_its_year_takes_the_titles_year():
    assert report(_REPORT_DAY).data["date"] == "2026-12-02"


def test_a_title_with_two_years_gives_no_year():
    text = _REPORT_DAY.replace("2026年11月工作月报", "2025年与2026年经营对比")
    assert report(text).data.get("date") is None  # (which year's 12月2日 would be a guess)


_SIGNED = ("常州恒立五金有限公司简介\n\n常州恒立五金有限公司成立于2012年，主要生产门窗五金件。\n\n"
           "2025年公司实现营业收入9,800万元，同比增长6.5%，合作客户163家。\n\n"
           "常州恒立五金有限公司\n\n2026年3月\n")


def test_a_signature_month_dates_the_document():
    assert report(_SIGNED).data["date"] == "2026-03-01"


# --- 4. a round Chinese count beside the exact one ----------------------------------------------

_ROUND = ("台州顺丰包装有限公司10月月报\n\n一、客户情况\n\n"
          "本月合作客户八百余家，系统内有效客户836家，其中新增客户12家。\n\n"
          "10月公司实现营业收入920万元，同比增长5.1%。\n")


def test_the_exact_count_beats_the_round_one():
    assert report(_ROUND).data["figures"]["customers"] == 836


def test_a_round_count_alone_stays_as_written():
    text = _ROUND.replace("系统内有效客户836家，", "")
    assert report(text).data["figures"]["customers"] == 800  # not the 12 new ones


def test_a_chinese_range_gives_way_to_the_exact_amount():
    text = ("澄江建材经营分析\n\n一、经营概况\n\n营业收入约1.5-1.6亿元，同比增长约12%。\n\n"
            "备注：营业收入15,380万元，同比增长12.4%。\n")
    r = report(text)
    assert r.data["figures"]["revenue"] == 153_800_000


# --- 5. the first customer's payment is where traction starts -----------------------------------

def test_the_first_paying_customer_dates_traction():
    text = ("# Kilnworks\n\nKilnworks schedules firings for pottery studios. We started the company in "
            "May 2021. The first studio paid us in September 2021.\n\n"
            "## Traction\n\n- ARR: $640,000 at 31 October 2026, up 48% on a year earlier\n")
    r = pitch(text)
    assert r.data["traction"]["since"] == "2021-09-01"
    assert r.data["company"]["founded"] == "2021-05-01"


# --- 6. bare amounts whose unit is in the line's head ---------------------------------------------

def test_bare_amounts_take_the_unit_of_the_lines_head():
    text = ("某某建材有限公司经营情况说明\n\n二、经营情况\n\n今年1-9月公司实现营业收入1.60亿元，同比增长5.2%。\n\n"
            "分产品收入（单位：万元）：A型砌块9,600；B型砌块4,800；配套砂浆1,600。\n")
    r = report(text)
    assert [x["name"] for x in r.data["mix"]] == ["A型砌块", "B型砌块", "配套砂浆"]
    assert [round(x["share"], 4) for x in r.data["mix"]] == [0.6, 0.3, 0.1]


def test_bare_amounts_that_add_up_to_no_stated_revenue_give_no_mix():
    text = ("某某建材有限公司经营情况说明\n\n二、经营情况\n\n今年1-9月公司实现营业收入1.60亿元，同比增长5.2%。\n\n"
            "分产品收入（单位：万元）：A型砌块9,600；B型砌块4,800；配套砂浆900。\n")
    assert not report(text).data.get("mix")


# --- 7. products priced in aligned lines, or sold in a sentence -----------------------------------

def test_products_in_aligned_lines_are_items_each():
    text = ("KILNWORKS - PLAN SUMMARY\n\nTHE COMPANY\n\nKilnworks schedules firings for pottery studios.\n\n"
            "PRODUCTS\n\n"
            "  Kilnworks Fire      $90 per studio per month    firing queue and kiln logs\n"
            "  Kilnworks Glaze     $35 per studio per month    glaze recipes and batch costs\n")
    r = pitch(text, markdown=False)
    assert [(p["name"], p["price"]) for p in r.data["products"]] == [("Kilnworks Fire", 90), ("Kilnworks Glaze", 35)]


def test_a_product_we_sell_at_a_price_is_ours():
    text = ("# Tapline\n\nTapline meters beer lines for bars. We sell the Tapline Flow Meter at $12 per tap "
            "per month, installation included.\n")
    r = pitch(text)
    assert [(p["name"], p["price"]) for p in r.data["products"]] == [("Tapline Flow Meter", 12)]


def test_a_rivals_product_sold_at_a_price_is_not_ours():
    text = ("# Tapline\n\nTapline meters beer lines for bars.\n\n## Competition\n\n"
            "Our rival Kegsense says: we sell the Kegsense Hub at $30 per bar per month.\n")
    assert not pitch(text).data.get("products")


def test_a_fiscal_years_end_is_no_start_of_traction():
    text = ("# Tapline\n\nTapline meters beer lines for bars.\n\n## Results\n\n"
            "FY2026 ended on 30 November 2026. ARR was $910,000, up 38% on FY2025.\n")
    assert pitch(text).data.get("traction", {}).get("since") is None
