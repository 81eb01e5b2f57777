"""English readings of h/ffill15 (issue 20): the company's figures said once, inside an ordinary
sentence, beside figures of other roles (a market's size, last year's line), and figures given
in a table only.  Each reading is tested on short made-up documents about fictitious companies,
written before the next evaluation row was read."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, markdown: bool = True):
    return fill(_inputs("funding-pitch"), parse(text, "memo", markdown=markdown))


def _traction(text: str, markdown: bool = True) -> dict:
    return _fill(text, markdown).data.get("traction", {})


def _market(text: str, markdown: bool = True) -> dict:
    return _fill(text, markdown).data.get("market", {})


# --- 1. the company's revenue growth is no market's CAGR ---------------------------------------

def test_revenue_growth_beside_a_yearly_market_is_no_cagr():
    text = ("# Loftgrain: a note to investors\n\n"
            "Loftgrain dries grain on the farm with heat pumps instead of propane.\n\n"
            "We ended September with 96 farms paying us and $2.2M in ARR, up 64% from $1.34M a year "
            "earlier, while the grain-drying market our farms buy from turns over about $1.9B a year.\n")
    r = _fill(text)
    assert r.data["traction"].get("growth") == 0.64
    assert r.data.get("market", {}).get("cagr") is None


def test_a_market_growing_each_year_is_still_its_cagr():
    text = ("# Loftgrain\n\n## Market\n\nFarmers spend about $1.9B a year on drying grain, a market "
            "that grows about 6% a year.\n")
    assert _market(text).get("cagr") == 0.06


# --- 2. counted "on paid plans": a price plan, no plan for the future ----------------------------

def test_contractors_on_paid_plans_are_the_users():
    text = ("Tarnwell - Executive Summary\n\n"
            "Tarnwell prices fence jobs from a phone photo.\n\n"
            "We finished June with 860 fencing contractors on paid plans and $1.15M in ARR, which is "
            "52% more than a year before.\n")
    t = _traction(text, markdown=False)
    assert t.get("users") == 860
    assert t.get("arr") == 1150000
    assert t.get("growth") == 0.52


def test_a_plan_for_next_year_still_counts_no_users():
    text = ("Tarnwell - Executive Summary\n\n"
            "We plan to reach 2,000 fencing contractors by the end of next year.\n")
    assert _traction(text, markdown=False).get("users") is None


# --- 3. a line labelled as last year's: its figures are the year before's -------------------------

def test_last_years_line_is_not_the_current_arr():
    text = ("Tarnwell - Executive Summary\n\n"
            "Tarnwell prices fence jobs from a phone photo. We finished June with 860 fencing "
            "contractors on paid plans and $1.15M in ARR.\n\n"
            "Last year's figures, for comparison: ARR $0.76M, 540 contractors.\n")
    t = _traction(text, markdown=False)
    assert t.get("arr") == 1150000
    assert t.get("users") == 860


def test_prior_year_line_alone_gives_no_current_arr():
    text = ("Tarnwell - Executive Summary\n\n"
            "Tarnwell prices fence jobs from a phone photo.\n\n"
            "Prior year, for reference: ARR $0.76M.\n")
    assert _traction(text, markdown=False).get("arr") is None


# --- 4. a market figure the document itself says is not the market -----------------------------

def test_an_industry_figure_the_text_says_is_not_the_market():
    text = ("# Quillhaven: overview\n\n## Market\n\n"
            "Analysts put the global courier market, counted as couriers' delivery revenue, at about "
            "$410B a year; that is not the market for our software.\n\n"
            "We estimate that courier firms spend about $2.4B a year on dispatch and proof-of-delivery "
            "software.\n")
    assert _market(text).get("tam") == 2400


def test_an_industry_figure_alone_said_not_to_be_the_market_is_no_tam():
    text = ("# Quillhaven: overview\n\n## Market\n\n"
            "The global courier industry turns over about $410B a year, which is not our market.\n")
    assert _market(text).get("tam") is None


# --- 5. a KPI table's paying row beside rows of the things the customers run --------------------

def test_paying_row_of_operators_beside_a_row_of_their_vessels():
    text = ("Carrowmore Ltd - Company Overview\n\n"
            "Carrowmore sells dispatch software to ferry operators.\n\n"
            "Key figures\n\n"
            "—; FY2025; FY2026\n\n"
            "ARR; $1.40M; $2.05M\n\n"
            "Ferry operators (paying); 38; 57\n\n"
            "Vessels on the platform; 410; 655\n")
    assert _traction(text, markdown=False).get("users") == 57


def test_paying_row_beside_the_staff_and_a_row_of_passengers():
    # the 52 staff and the millions of passengers carried use no ticketing software of theirs
    text = ("Carrowmore Ltd - Company Overview\n\n"
            "Carrowmore sells ticketing software to ferry operators. We are 52 people today.\n\n"
            "Key figures\n\n"
            "—; FY2025; FY2026\n\n"
            "ARR; $1.40M; $2.05M\n\n"
            "Ferry operators (paying); 38; 57\n\n"
            "Passengers carried through Carrowmore; 4.1M; 6.9M\n")
    assert _traction(text, markdown=False).get("users") == 57


# --- 6. a space-aligned table of four periods, its top-left cell blank ---------------------------

def test_spaced_table_of_plan_and_actual_columns_with_a_blank_corner():
    text = ("GRISTLEY - PLAN SUMMARY\n\n"
            "Gristley runs stock ordering for independent bakeries.\n\n"
            "RESULTS\n-------\n\n"
            "                       FY2025 actual   FY2026 plan   FY2026 actual   FY2027 plan\n"
            "ARR                    $1.10M          $1.90M        $1.75M          $2.80M\n"
            "ARR growth             41%             73%           59%             60%\n"
            "Bakeries live          310             520           488             700\n")
    t = _traction(text, markdown=False)
    assert t.get("arr") == 1750000
    assert t.get("growth") == 0.59
    assert t.get("users") == 488


# --- 7. "of which ... make up $Y": the part of the market the company sells in now ---------------

def test_of_which_part_is_the_sam_and_the_whole_the_tam():
    text = ("# Gristley\n\n## Market\n\n"
            "Bakers in Europe spent about $41B on flour and ingredients last year; that is the bakeries' "
            "cost, not ours.\n\n"
            "We size our own market at what independent bakeries spend on ordering and stock software: "
            "about $520M a year, of which the UK and Ireland we sell in today make up $85M.\n")
    m = _market(text)
    assert m.get("tam") == 520
    assert m.get("sam") == 85


# --- 8. "that is the riders, not our customers": a figure the sentence sets aside -----------------

def test_riders_set_aside_leave_the_paying_count():
    text = ("Ferrowby\n\n- Commuter shuttles that run on time\n\n"
            "Traction\n\n"
            "Exact numbers as of 31 October: ARR $1,640,000, 58 paying employers and business parks, "
            "ARR up 71% on October 2025. About 212,000 employees ride on Ferrowby shuttles; that is the "
            "riders, not our customers.\n")
    t = _traction(text, markdown=False)
    assert t.get("users") != 212000
    assert t.get("arr") == 1640000


def test_a_rivals_sale_set_aside_is_no_ask():
    text = ("# Ferrowby\n\n## The raise\n\n"
            "ShuttleCo, the incumbent, was bought for $95M last year; that is their price, not our round.\n")
    r = _fill(text)
    (report,) = [f for f in r.fields if f.pointer == "/ask/amount"]
    assert report.source not in ("extractive", "model")  # a placeholder at most, flagged for review
    assert r.data.get("ask", {}).get("amount") in (None, 0)


# --- 9. a market slide's ladder of labelled figures, largest first -------------------------------

def test_market_slide_ladder_gives_tam_then_sam():
    text = ("# Cradlewick\n\n## Market\n\n"
            "- Hospital linen tracking software: $1.4B a year\n"
            "- Our three launch countries: $380M\n"
            "- Growing 9% a year\n\n"
            "Hospitals spend about $22B a year on linen itself; we do not count it.\n")
    m = _market(text)
    assert (m.get("tam"), m.get("sam"), m.get("som")) == (1400, 380, None)


def test_market_slide_ladder_of_three_gives_the_som():
    text = ("# Cradlewick\n\n## Market\n\n"
            "- Hospital linen tracking software: $1.4B\n"
            "- Europe today: $380M\n"
            "- Within reach by 2029: $60M\n")
    m = _market(text)
    assert (m.get("tam"), m.get("sam"), m.get("som")) == (1400, 380, 60)


def test_figures_that_grow_down_the_slide_are_no_ladder():
    # a market measured over years, not sized in rungs: the latest year's is not a SAM
    text = ("# Cradlewick\n\n## Market\n\n"
            "- 2024: $0.9B\n- 2026: $1.1B\n- 2028: $1.4B\n")
    assert _market(text).get("sam") is None


# --- 10. "236 paying warehouse operators": people said to pay are who uses it ---------------------

def test_paying_people_count_in_a_run_on_figures_line():
    text = ("Dockhand\n\n- Every loading bay, booked.\n\nTraction\n\n- ARR ~$3M\n- ~150 site managers\n\n"
            "Exact as of 31 October 2026: ARR $2,910,000 (October 2025: $1,800,000, so up 62%); 148 paying "
            "site managers running 2,300 loading bays; net revenue retention 118%.\n")
    t = _traction(text, markdown=False)
    assert t.get("users") == 148
    assert t.get("arr") == 2910000


def test_people_who_pay_the_company_nothing_are_not_made_users_by_the_word_paying():
    # the drivers are paid by the company: no customers
    text = ("Dockhand\n\nTraction\n\nWe are paying 40 contract drivers to run the pilot routes.\n")
    assert _traction(text, markdown=False).get("users") is None


# --- 11. "First warehouse customer: February 2021": the first customer dates the traction ---------

def test_first_customer_of_a_kind_on_a_slide_bullet():
    text = ("Dockhand\n\nWhat we do\n\n- Dockhand books loading bays for distribution centres.\n\n"
            "- Founded in Leeds, June 2019\n\n- First distribution-centre customer: April 2020\n")
    assert _traction(text, markdown=False).get("since") == "2020-04-01"


def test_first_customer_planned_is_no_start():
    text = ("Dockhand\n\nDockhand books loading bays for distribution centres. Founded in Leeds, June 2025.\n\n"
            "We expect our first customer in March 2027.\n")
    assert _traction(text, markdown=False).get("since") is None


def test_first_customer_bullet_under_a_what_we_do_heading():
    text = ("# Dockhand\n\n## What we do\n\n- Dockhand books loading bays for distribution centres.\n"
            "- Founded in Leeds, June 2019\n- First distribution-centre customer: April 2020\n\n"
            "## Traction\n\nWe have 48 paying distribution centres.\n")
    assert _traction(text).get("since") == "2020-04-01"


# --- 12. a set-aside said in the next sentence; "when ARR was": an earlier figure -----------------

def test_set_aside_in_the_next_sentence():
    text = ("# Meterlane: answers to your questions\n\n### How big is the market?\n\n"
            "Your analyst used the $9B that UK councils collect in parking charges each year. That is our "
            "customers' income, not the market we sell into. Our own estimate of what councils spend on "
            "enforcement software is $420M a year.\n")
    assert _market(text).get("tam") == 420


def test_when_arr_was_gives_the_year_before():
    text = ("Subject: Meterlane Q3 update\n\nARR at the end of each quarter:\n\n"
            "  Q1 2026: $1.10M\n  Q2 2026: $1.32M\n  Q3 2026: $1.58M\n\n"
            "That is 61% up on Q3 2025, when ARR was $0.98M.\n")
    t = _traction(text, markdown=False)
    assert t.get("arr") == 1580000
    assert t.get("growth") == 0.61


def test_a_lead_in_naming_another_figure_gives_no_arr():
    text = ("Subject: Meterlane Q3 update\n\nCash burn at the end of each quarter:\n\n"
            "  Q1 2026: $210K\n  Q2 2026: $235K\n  Q3 2026: $260K\n")
    assert _traction(text, markdown=False).get("arr") is None


# --- 13. a use of funds whose items carry long bracketed asides with commas -----------------------

def _shares(text: str, markdown: bool = True):
    return [u.get("share") for u in (_fill(text, markdown).data.get("ask", {}).get("use_of_funds") or [])]


def test_use_of_funds_sentence_with_long_asides():
    text = ("# Brackwater\n\n## The round\n\n"
            "We are raising a $9M Series A. Use of funds: 50% product (sensor fusion, automatic "
            "alerts and the new mobile app), 30% expansion into Spain and Portugal, and 20% working "
            "capital for hardware inventory.\n")
    assert _shares(text) == [0.5, 0.3, 0.2]


def test_use_of_funds_lines_with_long_asides():
    text = ("Brackwater Ltd - Overview\n\n8. The round\n\n"
            "We are raising a $9M Series A. The money will be spent as follows:\n\n"
            "55% product and engineering (sensor fusion for larger sites, multi-site dashboards)\n\n"
            "30% sales and partnerships in Spain and Portugal\n\n"
            "15% customer success and onboarding\n")
    assert _shares(text, markdown=False) == [0.55, 0.3, 0.15]


def test_of_which_part_of_a_round_is_no_sam():
    text = ("# Term sheet summary\n\nThe fund intends to lead the company's Series A of $6,000,000, of which "
            "the fund would invest $2,000,000, giving the company about 22 months of runway.\n")
    assert _market(text).get("sam") is None
