"""Readings of h/ffill17b, each on a short document about a fictitious company: an amount in two
currencies whose conversion into the template's currency sits beside it (the conversion is the
answer); a report's date line with its department after it; a seed-plus round; a fiscal quarter's
label as written ("Q2 FY26"); a founding date below a title line that dates the document; a figure
given only as a change, which is no level; and the faithful refusals beside them."""

from __future__ import annotations

from tests.tasks.fill_docs import pitch, report

# --- 1. an amount in two currencies --------------------------------------------------------------


def test_a_dollar_amount_converted_into_yuan_gives_the_yuan():
    r = report("""南通青岚织物有限公司外贸部2026年10月月报

10月外贸部实现出口销售额212.5万美元，折合人民币1,518万元，同比增长9.4%。
""")
    assert r.data["figures"]["revenue"] == 15180000


def test_a_conversion_in_brackets_with_about_gives_the_yuan():
    r = report("""宁波澄波五金有限公司2026年三季度经营简报

三季度实现销售收入96.8万美元（约合人民币691万元），同比增长5.2%。
""")
    assert r.data["figures"]["revenue"] == 6910000


def test_a_pound_figure_with_about_dollars_beside_it_gives_the_dollars():
    r = pitch("""# Lumengate

Lumengate books studio time for session musicians.

## Traction

- ARR £1.9M (about $2.4M), up 41% year on year
""")
    assert r.data["traction"]["arr"] == 2400000


def test_a_foreign_amount_with_no_conversion_beside_it_is_left_to_the_other_rules():
    r = report("""南通青岚织物有限公司2026年10月月报

10月实现营业收入1,860万元，同比增长7.1%。其中出口212.5万美元，主要销往东南亚。
""")
    assert r.data["figures"]["revenue"] == 18600000


# --- 2. a report's date line with who wrote it ----------------------------------------------------


def test_a_date_line_with_the_department_after_it_is_the_reports_date():
    r = report("""# 常州若川化工有限公司销售部2026年9月月报

2026年10月6日　销售部

## 一、本月经营情况

9月实现营业收入2,140万元，同比增长6.3%。
""", markdown=True)
    assert r.data["date"] == "2026-10-06"


def test_a_date_line_with_department_and_person_is_the_reports_date():
    r = report("""# 常州若川化工有限公司销售部2026年9月月报

2026年10月6日 销售部 王敏

## 一、本月经营情况

9月实现营业收入2,140万元。
""", markdown=True)
    assert r.data["date"] == "2026-10-06"


def test_a_date_followed_by_a_sentence_is_no_date_line():
    r = report("""# 常州若川化工有限公司销售部2026年9月月报

## 一、本月经营情况

9月实现营业收入2,140万元。2026年10月6日完成新仓库验收。
""", markdown=True)
    assert r.data.get("date") != "2026-10-06"


# --- 3. a seed-plus round -------------------------------------------------------------------------


def test_a_seed_plus_round_is_the_ask():
    r = pitch("""# Hoofline

Hoofline schedules farriers.

We will open a $2.5mn seed-plus in March. A rival closed a $4mn seed last month.
""")
    assert r.data["ask"]["amount"] == 2500000


def test_a_seed_plus_spelled_apart_is_the_ask():
    r = pitch("""# Hoofline

Hoofline schedules farriers.

## The ask

Raising a $2.5M seed plus round to hire two engineers.
""")
    assert r.data["ask"]["amount"] == 2500000


# --- 4. a fiscal quarter's label as written -------------------------------------------------------


def test_fiscal_quarters_keep_their_fiscal_year_in_the_label():
    r = pitch("""# Cranefold

Cranefold dispatches rental cranes.

ARR by quarter ($k):
Q2 FY26 (Oct-Dec 2025): 640
Q3 FY26 (Jan-Mar 2026): 810
Q4 FY26 (Apr-Jun 2026): 1,020
""", markdown=False)
    labels = [q["label"] for q in r.data["traction"].get("quarters") or []]
    assert labels == ["Q2 FY26", "Q3 FY26", "Q4 FY26"]


def test_a_fiscal_year_written_first_keeps_its_quarter():
    r = pitch("""# Cranefold

Cranefold dispatches rental cranes.

Quarterly ARR ($k): FY2026 Q3 810; FY2026 Q4 1,020; FY2027 Q1 1,300
""", markdown=False)
    labels = [q["label"] for q in r.data["traction"].get("quarters") or []]
    assert labels == ["FY2026 Q3", "FY2026 Q4", "FY2027 Q1"]


# --- 5. a founding date below a title line that dates the document --------------------------------


def test_a_title_lines_month_is_no_founding_date():
    r = pitch("""# Pumpwise

Company overview for prospective investors - November 2026

## 1. Who we are

We were founded in Tulsa in May 2021 by two dispatchers.
""")
    assert r.data["company"]["founded"] == "2021-05-01"


def test_a_founding_date_under_the_title_still_counts():
    r = pitch("""# Pumpwise

Founded in May 2021 · Tulsa

## 1. Who we are

Pumpwise plans septic routes.
""")
    assert r.data["company"]["founded"] == "2021-05-01"


# --- 6. a figure given only as a change is no level -----------------------------------------------


def test_a_signed_change_is_no_count_of_users():
    r = pitch("""# Gaitmark

Gaitmark is scheduling software for farriers.

- Paying practices: +31 in October
- NRR 108%
""", markdown=False)
    assert r.data["traction"].get("users") != 31


def test_arr_that_rose_by_an_amount_is_not_that_amount():
    r = pitch("""# Heatline

Heatline books go-kart heats.

* ARR rose by $640K in the year to October, an increase of 55%.
""", markdown=False)
    assert r.data["traction"].get("arr") != 640000


def test_arr_that_rose_to_an_amount_is_that_amount():
    r = pitch("""# Heatline

Heatline books go-kart heats.

* ARR rose to $1.8M in the year to October, up 55%.
""", markdown=False)
    assert r.data["traction"]["arr"] == 1800000


def test_a_net_increase_of_customers_is_no_count_of_customers():
    r = report("""# 常州若川化工有限公司运营部2026年10月月报

## 一、客户情况

本月客户数较上月净增17家，主要是装修公司。
""", markdown=True)
    assert (r.data.get("figures") or {}).get("customers") != 17
