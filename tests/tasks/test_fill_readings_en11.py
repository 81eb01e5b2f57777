"""English readings added after fill-eval9 (issue 20 item 5): short made-up memos, notes and
chats about fictitious companies, and what a careful reader fills from them."""

from __future__ import annotations

import pytest

from o3local.tasks.fill import fill, parse
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, markdown: bool = False):
    inputs = _inputs("funding-pitch")
    return fill(inputs, parse(text, "memo", markdown=markdown))


def _funds(r) -> list[tuple[str, float]]:
    return [(u["label"], round(u["share"], 6)) for u in r.data["ask"].get("use_of_funds") or []]


def test_share_lines_that_open_with_the_share_are_no_headings():
    r = _fill("Orrin Labs — board memo\n\n3. Financing\n\nWe ask the board to approve a $9 million Series A.\n\n"
              "50% product engineering\n\n30% field sales\n\n20% working capital\n\nNo plans for China.\n")
    assert _funds(r) == [("Product engineering", 0.5), ("Field sales", 0.3), ("Working capital", 0.2)]


@pytest.mark.parametrize("text, want", [
    ("- raise: $2M seed\n- runway ~18 mo\n- $ split: 3/4 eng, 1/4 marketing\n",
     [("Eng", 0.75), ("Marketing", 0.25)]),
    ("We are raising $3M for 20 months. About half goes to new vans, a third to hiring and "
     "the rest to software.\n", [("New vans", 0.5), ("Hiring", 0.333333), ("Software", 0.166667)]),
])
def test_fractions_as_shares_of_the_raise(text, want):
    r = _fill("Pellow Freight notes\n\n" + text)
    assert _funds(r) == want


def test_a_date_with_slashes_is_no_fraction():
    from o3local.tasks.fill.spelled import fraction_share

    assert fraction_share("signed on 1/3/2026") is None
    assert fraction_share("support 24/7") is None
    assert fraction_share("2/3 eng").value == pytest.approx(200 / 3)


def test_a_chat_sentence_without_its_capital():
    r = _fill("[10/2/2026 9:00 AM] Mia Ortiz: ask is $6M seed, ~24 months runway. split 55% labs / "
              "30% software / 15% ops\n[10/2/2026 9:05 AM] Leo Park: ok\n")
    assert _funds(r) == [("Labs", 0.55), ("Software", 0.3), ("Ops", 0.15)]


def test_a_cap_table_gives_way_to_the_use_of_proceeds_in_the_text():
    r = _fill("Quillon Health — questionnaire\n\n4. Cap table summary.\n\nHolder; Share\n\nFounders; 60%\n\n"
              "Investors; 25%\n\nOption pool; 15%\n\n5. Size of this round and use of proceeds.\n\n"
              "We are raising $10M, which funds 24 months: 45% to sales, 35% to product, 20% to operations.\n")
    assert _funds(r) == [("Sales", 0.45), ("Product", 0.35), ("Operations", 0.2)]


def _products(r) -> list[tuple]:
    return [(p["name"], p.get("price")) for p in r.data.get("products") or []]


@pytest.mark.parametrize("text, want", [
    ("Mara, adding to last week: the sensor kit is $1,400 per barn and the dashboard is $90 per barn per month.\n",
     [("sensor kit", 1400), ("dashboard", 90)]),
    ("- Drone list price $19,500; analytics seat $900/yr.\n", [("Drone", 19500), ("analytics seat", 900)]),
    ("Our mesh sells at $2.10 per square metre; the clips we launched in spring, Tessel Clip, sell at $0.40 each.\n",
     [("mesh", 2.1), ("Tessel Clip", 0.4)]),
])
def test_items_priced_under_a_common_noun(text, want):
    r = _fill("Harlow Agritech update\n\n" + text)
    assert _products(r) == want


@pytest.mark.parametrize("text", [
    "Farms pay $1,400 a year per barn.\n",
    "Our burn is $240K per month and the average contract is $12,000 a year.\n",
])
def test_payers_and_company_figures_are_no_items(text):
    r = _fill("Harlow Agritech update\n\n" + text)
    assert _products(r) == []


def test_items_on_a_line_labelled_product():
    r = _fill("harlow — call notes\n\n- ARR ~$500k\n- product: Harlow Sense, $90/barn/mo; Harlow Feed add-on (pricing tbd)\n"
              "- raise: $2M\n")
    assert _products(r) == [("Harlow Sense", 90), ("Harlow Feed", None)]
    r = _fill("Application export\n\nField; Value\n\nOrganisation name; Harlow Ltd\n\n"
              "Product / service; SenseBox 200 (barn sensor), list price $1,400\n\nCustomers; 12 farms\n")
    assert _products(r) == [("SenseBox 200", 1400)]


def _users(r):
    return r.data["traction"].get("users")


@pytest.mark.parametrize("text, want", [
    ("Update from Coilway. ARR $1.4M, 23,000 riders served last month, growth 12% QoQ.\n", 23000),
    ("Coilway update\n\n3,410 patients were monitored in October across 40 clinics. Net revenue retention was 120%.\n",
     3410),
    ("Coilway — at a glance\n\n- Founded: 2022\n- Shoppers measured last month: 98,000\n- NRR: 110%\n", 98000),
])
def test_people_the_company_serves_are_its_users(text, want):
    assert _users(_fill(text)) == want


def _growth(r):
    return r.data["traction"].get("growth")


@pytest.mark.parametrize("text, want", [
    ("Pellow update\n\nOur ARR is $2.4M and grew 3x in the last year.\n", 2.0),
    ("Pellow update\n\nAnnualised revenue is $900k, and that's up 1.8x on a year ago.\n", 0.8),
])
def test_a_multiple_after_a_growth_verb_is_a_growth(text, want):
    assert _growth(_fill(text)) == pytest.approx(want)


def test_a_portion_of_something_is_no_growth():
    r = _fill("Pellow update\n\nRoughly 40% of the tomatoes our farmers grow rot before market.\n\nARR is $1M.\n")
    assert _growth(r) is None


def _name(r):
    return r.data["company"].get("name")


def test_a_period_that_opens_sentences_is_no_company():
    r = _fill("Talmont Robotics — Board memo, Q3 2026\n\n1. Summary\n\nTalmont Robotics leases picking robots "
              "to warehouses.\n\nQ3 was below plan on ARR but ahead on retention.\n\n2. KPIs\n\n"
              "Metric; Q3 plan; Q3 actual\n\nARR ($K); 4,200; 3,960\n")
    assert _name(r) == "Talmont Robotics"


@pytest.mark.parametrize("text, want", [
    ("[10/1/2026 9:00 AM] Mia Ortiz: numbers for the deck, pls check. Corvel Grid: battery swapping for "
     "scooter fleets\n[10/1/2026 9:05 AM] Leo Park: ok\n", "Corvel Grid"),
    ("notes for the call (Tue)\n\n- what: Brantwick = AP automation for clinics\n- ARR ~$400k\n", "Brantwick"),
])
def test_a_name_defined_in_notes_or_a_chat(text, want):
    assert _name(_fill(text)) == want


def _dates(r):
    return r.data["company"].get("founded"), r.data["traction"].get("since")


@pytest.mark.parametrize("text, want", [
    ("QUILLTOP INC. - ONE-PAGER\n\nCOMPANY: Quilltop Inc.\nFOUNDED: 04/2023\nFIRST CUSTOMER: 10/2023\nARR: $600K\n",
     ("2023-04-01", "2023-10-01")),
    ("quilltop — call notes\n\n- what: Quilltop = payroll for clinics\n"
     "- inc. Feb 2022 (Delaware), first paying cust May '23 (Elm Dental, 3 locs)\n- ARR ~$300k\n",
     ("2022-02-01", "2023-05-01")),
    ("[10/14/2026 9:02 AM] Ana Ruiz: founding slide: incorporated 01/15/2022, first van live 07/01/2023\n"
     "[10/14/2026 9:05 AM] Ben Cole: ok\n", ("2022-01-15", "2023-07-01")),
    ("Quilltop update\n\n- Quilltop makes pipetting robots for labs; founded 9 Jan 2020, first lab installed Sep 2021.\n",
     ("2020-01-09", "2021-09-01")),
    ("Quilltop chat\n\nWe incorporated four years ago, so 20 November 2022 — and the first paid camera went in "
     "the following spring, on 3 April 2023.\n", ("2022-11-20", "2023-04-03")),
])
def test_founding_and_first_business_dates_in_notes(text, want):
    assert _dates(_fill(text)) == want


def test_quarter_columns_without_their_year():
    r = _fill("Tallis Robotics — Board memo, Q3 2026\n\n2. KPIs\n\nMetric; Q3 plan; Q3 actual; Q2 actual\n\n"
              "ARR ($K); 5,100; 4,870; 4,020\n\nLive sites; 41; 38; 33\n")
    assert r.data["traction"]["quarters"] == [{"label": "Q2", "arr": 4020}, {"label": "Q3", "arr": 4870, "target": 5100}]


def test_quarters_across_a_year_end_without_years_are_not_ordered():
    r = _fill("Tallis Robotics — Board memo\n\n2. KPIs\n\nMetric; Q1 actual; Q4 actual\n\nARR ($K); 5,100; 4,870\n")
    assert not r.data["traction"].get("quarters")


@pytest.mark.parametrize("text, want", [
    ("Corbel update\n\nCooperatives that have been with us a year now spend 118% of what they spent in their first year.\n",
     1.18),
    ("Corbel update\n\nEvery brand that started with us in 2025 is still buying, and they buy 126% of what they did in "
     "their first year.\n", 1.26),
])
def test_spending_again_against_the_first_year_is_a_retention(text, want):
    assert _fill(text).data["traction"].get("retention") == pytest.approx(want)


def test_a_part_of_the_market_reached_in_years_is_no_sam():
    r = _fill("Corbel memo\n\nMarket\n\nThe market we can serve with our rooms is about $900 million, and we think we "
              "can reach $60 million of that in five years.\n")
    assert (r.data["market"].get("sam"), r.data["market"].get("som")) == (900, 60)


def test_a_grant_is_no_round_and_a_period_looked_back_on_no_runway():
    r = _fill("Innovation Fund — Application export\n\nField; Value\n\nOrganisation name; Tarnwell Ltd\n\n"
              "Revenue growth (last 12 months); 90%\n\nGrant amount requested; $500K\n\n"
              "Matched private funding (equity round in progress); $4M seed, closing Q2 2027; 20 months of runway\n")
    assert (r.data["ask"].get("amount"), r.data["ask"].get("runway_months")) == (4000000, 20)


def test_money_that_should_last_some_months_is_a_runway():
    r = _fill("Tarnwell memo\n\nWe are raising $600,000 alongside the accelerator's investment, which should last 15 months.\n")
    assert r.data["ask"].get("runway_months") == 15


def test_a_range_of_people_and_a_day_of_a_month_are_no_count():
    r = _fill("Brackley update\n\nBetween 9,000 and 10,000 drivers are paid through Brackley each week; on 30 September "
              "it was 9,410.\n")
    assert _users(r) == 9410


def test_a_price_in_cents_and_a_named_item_sold_for_an_amount():
    r = _fill("Coldwell update\n\nPricing? A pallet-day costs 40 cents. We also sell the cooperative a sensor "
              "gateway, the Coldwell Link, for $180.\n")
    assert _products(r) == [("pallet-day", 0.4), ("Coldwell Link", 180)]


def test_spending_against_the_first_month_is_a_retention_and_no_cagr():
    r = _fill("Quillby update\n\nCrews who joined a year ago now pay 112% of what they paid in their first month.\n")
    assert r.data["traction"].get("retention") == pytest.approx(1.12)
    assert r.data.get("market", {}).get("cagr") is None



def test_a_chart_s_series_of_quarters_without_their_year():
    r = _fill("Tessel Robotics — board meeting\n\nRevenue keeps compounding\n\n- Chart: ARR by quarter\n\n"
              "Chart data: Q1 ARR $1.6M, Q2 $2.1M, Q3 $2.7M. Q3 plan was $3.0M.\n")
    assert [(q["label"], q["arr"]) for q in r.data["traction"].get("quarters") or []] == [
        ("Q1", 1600), ("Q2", 2100), ("Q3", 2700)]


def test_an_earlier_quarter_s_figure_is_not_the_current_arr():
    r = _fill("Tessel Robotics — board meeting\n\nRevenue keeps compounding\n\n"
              "Chart data: Q1 ARR $1.6M, Q2 $2.1M, Q3 $2.7M. Q3 plan was $3.0M. ARR is $2.7M at quarter end.\n")
    assert r.data["traction"].get("arr") == 2700000


@pytest.mark.parametrize("text, want", [
    ("Canteen Monthly, Spring 2026 — profile\n\nWhen Dana Reyes started Platewise in March 2021, kitchens ordered by fax. "
     "Platewise's software plans menus for 80 districts.\n", "Platewise"),
    ("Voicemail transcript\n\nHi Tom, it's Priya from Fernmoss Labs, sorry I missed you. Quick numbers before Thursday.\n",
     "Fernmoss Labs"),
])
def test_a_company_named_by_who_started_it_or_works_there(text, want):
    assert _name(_fill(text)) == want


def test_labels_set_apart_by_a_middle_dot_are_read_apart():
    # read after fill-eval10's blind run (spent): the name took the rest of the line
    r = _fill("# Investment Committee memo — Saltmarsh Capital\n\n"
              "**Company:** Veritrail Logistics · **Prepared by:** A. Lindqvist · **Date:** 27 November 2026\n\n"
              "## Summary\n\nVeritrail Logistics builds tamper-evident seals for pharmaceutical shipments.\n",
              markdown=True)
    assert r.data["company"]["name"] == "Veritrail Logistics"
