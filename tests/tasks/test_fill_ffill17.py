"""Readings of h/ffill17, each on a short document about a fictitious company: a use of funds on a
slide's line set apart by dashes, in aligned columns of a plain-text memo (with a header or none),
or in a sentence whose labels run on past a comma; a product priced in prose ("X is $N per ...",
"the X ($N per ...)", "partners pay X at $N", "X: what it is; $N per ..."); quarters in aligned
columns, or a list whose later items lost their bullet mark; a year that is no count of customers;
a name given in capitals on the letterhead only; and the faithful refusals beside them."""

from __future__ import annotations

from tests.tasks.fill_docs import pitch


def _funds(r) -> list[tuple[str, float]]:
    return [(x["label"], x["share"]) for x in r.data["ask"].get("use_of_funds") or []]


def _products(r) -> list[tuple[str, float]]:
    return [(x["name"], x.get("price")) for x in r.data.get("products") or []]


# --- 1. a use of funds on one slide line, set apart by dashes ------------------------------------

_SLIDE = """# Ferrowick

- Route planning for chimney sweeps

## The ask

- Raising $4M
- 20 months of runway
- Hiring 55% - Marketing 30% - Tools 15%
"""


def test_shares_set_apart_by_dashes_are_the_use_of_funds():
    assert _funds(pitch(_SLIDE)) == [("Hiring", 0.55), ("Marketing", 0.3), ("Tools", 0.15)]


def test_shares_written_before_their_labels_on_a_dashed_line():
    r = pitch(_SLIDE.replace("Hiring 55% - Marketing 30% - Tools 15%", "60% sales – 40% product"))
    assert _funds(r) == [("Sales", 0.6), ("Product", 0.4)]


def test_a_dashed_line_of_targets_and_actuals_is_no_list():
    doc = """# Ferrowick

## Objectives

- KR1: ARR to $2.0M by 30 Sep — actual $1.8M
- KR2: 30 new sweeps — actual 22, total now 140
"""
    r = pitch(doc)
    assert not r.data["traction"].get("quarters")
    assert not r.data["ask"].get("use_of_funds")


def test_dashed_shares_that_make_no_whole_are_no_use_of_funds():
    r = pitch(_SLIDE.replace("Hiring 55% - Marketing 30% - Tools 15%", "Hiring 55% - Marketing 30%"))
    assert not r.data["ask"].get("use_of_funds")


# --- 2. a use of funds in aligned columns of a plain-text memo ------------------------------------

_ALIGNED_HEAD = """FERROWICK - SEED MEMO

Ferrowick plans routes for chimney sweeps.

FINANCING

We are raising $4M in a seed round. It gives us 20 months of runway.

Use of funds              Share
Field sales team          50%
Product                   35%
Working capital           15%

CONTACT

Ada Quill, ada@ferrowick.example
"""


def test_aligned_columns_under_a_header_are_the_use_of_funds():
    r = pitch(_ALIGNED_HEAD, markdown=False)
    assert _funds(r) == [("Field sales team", 0.5), ("Product", 0.35), ("Working capital", 0.15)]


def test_aligned_columns_without_a_header_are_the_use_of_funds():
    doc = _ALIGNED_HEAD.replace("Use of funds              Share\n", "").replace("Field sales team  ", "  Field sales team")
    r = pitch(doc, markdown=False)
    assert [s for _l, s in _funds(r)] == [0.5, 0.35, 0.15]


def test_aligned_shares_are_no_headings():
    r = pitch(_ALIGNED_HEAD, markdown=False)
    assert r.data["ask"]["amount"] == 4_000_000
    assert r.data["ask"]["runway_months"] == 20


# --- 3. a use of funds whose labels run on past a comma -------------------------------------------

def test_a_label_that_runs_on_past_a_comma_keeps_its_share():
    doc = """# Ferrowick

## The round

We are raising $6M. Use of funds: 50% hiring (two route engineers), 30% sales in Ohio, Indiana and
Michigan, and 20% working capital.
"""
    assert [s for _l, s in _funds(pitch(doc))] == [0.5, 0.3, 0.2]


def test_run_on_labels_without_a_whole_are_no_use_of_funds():
    doc = """# Ferrowick

## The round

We are raising $6M. Use of funds: 50% hiring, 30% sales in Ohio, Indiana and Michigan.
"""
    assert not pitch(doc).data["ask"].get("use_of_funds")


# --- 4. products priced in prose ------------------------------------------------------------------

def test_a_named_product_that_is_a_price_per_unit():
    doc = """# Ferrowick

Ferrowick plans routes for chimney sweeps.

Ferrowick Route is $49 per sweep per month, with the customer app included.
"""
    assert _products(pitch(doc)) == [("Ferrowick Route", 49)]


def test_a_product_described_in_apposition_before_its_price():
    doc = """# Ferrowick

Ferrowick Route, the planner and the customer app, is $49 per sweep per month.
"""
    assert _products(pitch(doc)) == [("Ferrowick Route", 49)]


def test_a_product_priced_in_brackets_after_the_():
    doc = """# Ferrowick

Two large firms in Leeds moved every van onto the Ferrowick Route ($49 per van per month) after a trial.
"""
    assert _products(pitch(doc)) == [("Ferrowick Route", 49)]


def test_a_product_its_buyers_pay_for():
    doc = """# Ferrowick

How we charge: sweeps pay Ferrowick Route at $49 per van per month; the app is included.
"""
    assert _products(pitch(doc)) == [("Ferrowick Route", 49)]  # not "How"


def test_a_product_line_with_its_description_before_the_price():
    doc = """# Ferrowick

## What we sell

Ferrowick Route: a planner that orders a day's chimneys by street and access; $49 per van per month.

Ferrowick Log: the inspection record a landlord asks for; $9 per property per year.
"""
    assert _products(pitch(doc)) == [("Ferrowick Route", 49), ("Ferrowick Log", 9)]


def test_aligned_product_lines_with_a_description_column():
    doc = """FERROWICK - SEED MEMO

PRODUCTS

Ferrowick Route    the day's planner for a sweep's vans, $49 per van per month
Ferrowick Log      the landlord's inspection record, $9 per property per year
"""
    assert _products(pitch(doc, markdown=False)) == [("Ferrowick Route", 49), ("Ferrowick Log", 9)]


def test_a_rivals_price_in_brackets_is_no_product():
    doc = """# Ferrowick

Ferrowick plans routes for chimney sweeps.

The incumbent, the Sootbook Planner ($79 per van per month), is sold to national chains.
"""
    assert _products(pitch(doc)) == []


# --- 5. quarters ----------------------------------------------------------------------------------

def test_quarters_in_aligned_columns():
    doc = """Subject: Ferrowick Q3 2026 update

Ferrowick plans routes for chimney sweeps.

ARR at quarter end:
  Q4 2025   $1.10M
  Q1 2026   $1.25M
  Q2 2026   $1.42M
  Q3 2026   $1.60M
"""
    q = pitch(doc, markdown=False).data["traction"]["quarters"]
    assert [(x["label"], x["arr"]) for x in q] == [("Q4 2025", 1100), ("Q1 2026", 1250), ("Q2 2026", 1420),
                                                    ("Q3 2026", 1600)]


def test_a_list_goes_on_after_its_bullets_lose_their_mark():
    doc = """Subject: Ferrowick Q3 2026 update

Ferrowick plans routes for chimney sweeps.

ARR at the end of each quarter ($K):
  - Q4 2025: 1,100
  - Q1 2026: 1,250
  Q2 2026: 1,400 (revised; we reported 1,450 in July, but one contract was counted twice)
  Q3 2026: 1,600
"""
    q = pitch(doc, markdown=False).data["traction"]["quarters"]
    assert [(x["label"], x["arr"]) for x in q] == [("Q4 2025", 1100), ("Q1 2026", 1250), ("Q2 2026", 1400),
                                                    ("Q3 2026", 1600)]  # the revised figure, not 1,450


# --- 6. counts and names --------------------------------------------------------------------------

_CAPS = """FERROWICK - EXECUTIVE SUMMARY

Ferrowick plans chimney sweeps' routes and keeps the inspection log a landlord asks for.

We founded Ferrowick in Leeds in May 2021.

At the end of November about 300 sweeping firms - 287 to be exact - paid us $1.9M in ARR.

(For comparison, at the end of 2025 we had 190 paying firms.)
"""


def test_a_year_is_no_count_of_customers():
    assert pitch(_CAPS, markdown=False).data["traction"]["users"] == 287  # not 2025


def test_the_letterhead_in_capitals_names_the_company_the_text_writes():
    assert pitch(_CAPS, markdown=False).data["company"]["name"] == "Ferrowick"


def test_a_capitals_letterhead_the_text_never_writes_names_no_company():
    doc = _CAPS.replace("FERROWICK - EXECUTIVE SUMMARY", "SOOTLINE - EXECUTIVE SUMMARY")
    assert pitch(doc, markdown=False).data["company"].get("name") != "Sootline"
