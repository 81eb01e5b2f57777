"""English readings added after fill-eval11's blind part (issue 20): short made-up documents
about fictitious companies (a letter of intent, a data-room index, a fund's letter, a hard-wrapped
e-mail), and what a careful reader fills from them."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from o3local.tasks.fill.scope import raising_section
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, markdown: bool = False):
    return fill(_inputs("funding-pitch"), parse(text, "memo", markdown=markdown))


def _traction(r, key):
    return r.data["traction"].get(key)


_TERM_SHEET = (
    "TERM SHEET\n\n"
    "Parties: Halberd Capital LLP (the \"Investor\") and Marrowby Kitchens Ltd, a UK private company\n"
    "(the \"Company\").\n\n"
    "1. The Company sells meal-prep software to school canteens and, as of 30 June 2026, it had\n"
    "   annual recurring revenue of $1,450,000 and 212 school district customers.\n\n"
    "2. The Investor will lead a seed round of $3,000,000.\n")


def test_the_party_an_agreement_defines_as_the_company_is_its_name():
    r = _fill(_TERM_SHEET)
    assert r.data["company"]["name"] == "Marrowby Kitchens Ltd"  # not the investor


def test_a_hard_wrapped_sentence_is_read_across_its_line_break():
    r = _fill(_TERM_SHEET)
    # "... 212 school district" / "   customers": one sentence, dated "as of 30 June 2026", no earlier time
    assert _traction(r, "users") == 212
    assert _traction(r, "arr") == 1450000


def test_a_date_on_the_next_line_of_a_wrapped_e_mail_is_its_sentence_s():
    r = _fill("Hi Ken,\n\n"
              "Short version for the partners' meeting. Pollenrow builds hive sensors for commercial\n"
              "beekeepers who rent hives to orchards. Our first paying beekeeper went live in\n"
              "March 2021. ARR is $640,000, up 52% on a year ago. We're raising $2,000,000.\n\n"
              "-- Mara\n")
    assert _traction(r, "since") == "2021-03-01"
    assert _traction(r, "growth") == 0.52
    # "up 52% on a year ago": a growth, no compound annual rate of the market
    assert not (r.data.get("market") or {}).get("cagr")


def test_a_data_room_index_names_the_company_in_its_title():
    r = _fill("# Data room — Brackenford Surveys (Series A)\n\n"
              "Brackenford maps underground pipes with ground radar for water utilities.\n\n"
              "## Key metrics\n\n| Metric | Value |\n|---|---|\n| ARR | $2.4M |\n", markdown=True)
    assert r.data["company"]["name"] == "Brackenford Surveys"


_FUND_LETTER = (
    "# Oxbow Partners Fund III — Q2 2026 update\n\n"
    "Dear investors,\n\nFund III is 40% deployed.\n\n"
    "## Tallyglass\n\nTallyglass (founded in March 2022) counts stock in bars with a phone camera. "
    "ARR reached $1.9M at 30 June 2026, up 66% year over year, across 540 venues. "
    "Tallyglass is raising a $6M Series A with 24 months of runway.\n\n"
    "## Quenby Health\n\nQuenby Health closed the quarter at $5.2M ARR with 2,300 clinics.\n\n"
    "## Farrier\n\nFarrier's stable-management app reached $0.8M ARR, up 30%.\n\n"
    "Best,\nJo Pike\n")


def test_a_letter_about_several_companies_is_the_raising_company_s_pitch():
    r = _fill(_FUND_LETTER, markdown=True)
    assert r.data["company"]["name"] == "Tallyglass"  # not "Fund III"
    assert _traction(r, "arr") == 1900000  # not another portfolio company's $5.2M
    assert _traction(r, "users") == 540  # "ARR ..., up 66% ..., across 540 venues"
    assert r.data["ask"]["amount"] == 6000000


def test_only_a_letter_whose_headings_are_all_company_names_is_cut_to_one():
    # no company raising: the letter is read whole
    assert raising_section(_FUND_LETTER.replace("Tallyglass is raising", "Tallyglass raised")) is None
    # a pitch's own headings ("## Traction") are no companies: read whole
    assert raising_section("# Tallyglass seed memo\n\n## Tallyglass\n\nTallyglass is raising $2M.\n\n"
                           "## Traction\n\nARR is $1.9M.\n\n## Quenby Health\n\nQuenby Health is a rival.\n") is None
    assert raising_section(_FUND_LETTER).startswith("# Tallyglass\n")


def test_a_claim_s_clause_ends_at_its_semicolon():
    r = _fill("Panel notes: Wrenfold\n\n"
              "Wrenfold makes compostable coffee pods for office kitchens.\n\n"
              "Panelist 2: They claim a $3B market for office coffee; ARR grew 90% this year to $1.1M.\n")
    assert _traction(r, "growth") == 0.9


def test_a_month_and_a_year_said_aloud_are_a_date_and_no_figure():
    r = _fill("Voicemail transcript — from Arun, Kettlewick\n\n"
              "Hi, it's Arun from Kettlewick. We started the company in, um, March twenty twenty-one, and we "
              "have two hundred and forty clinics paying now. We're raising three million dollars.\n")
    assert r.data["company"]["founded"] == "2021-03-01"
    # "twenty twenty-one" is the year said aloud, never a count of 41
    values = [v for v in r.data.get("traction", {}).values() if isinstance(v, (int, float))]
    assert 41 not in values


def test_spoken_years_in_words():
    from o3local.tasks.fill.spelled import spelled_dates, spelled_mentions

    text = "in June of two thousand and nineteen, then October nineteen ninety-eight; twenty twenty-two alone"
    assert [(d.year, d.month) for d in spelled_dates(text, "en")] == [(2019, 6), (1998, 10)]
    assert not [m for m in spelled_mentions(text, "en", []) if m.value in (42, 117)]


def test_prices_said_aloud_in_a_voicemail_are_its_products():
    r = _fill("Voicemail transcript — from Ines, Saltgrove\n\n"
              "Hi, Ines from Saltgrove here. We make solar water stills for island resorts. [inaudible] ...the stills "
              "are three thousand two hundred dollars each, and the service plan is forty dollars a still a month. "
              "Call me back.\n")
    products = r.data["products"]
    assert [(p["name"], p.get("price")) for p in products] == [("stills", 3200), ("service plan", 40)]
    assert not any(p["summary"].lower().startswith(("are ", "is ")) for p in products)


def test_items_a_buyer_agrees_to_buy_in_a_wrapped_letter_of_intent():
    r = _fill("LETTER OF INTENT\n\n"
              "Between Ostrava Foods a.s. (\"BUYER\") and Pellmoor Robotics Ltd (the \"Company\").\n\n"
              "1. Background. The Company makes robotic pallet wrappers for food warehouses and has 64\n"
              "   warehouse customers.\n\n"
              "2. Purchase. BUYER intends to purchase wrappers at $41,000 per unit and the Pellmoor Care plan at $900\n"
              "   per site per month.\n\n"
              "3. Non-binding. This letter is not binding.\n")
    products = r.data["products"]
    assert [(p["name"], p.get("price")) for p in products] == [("wrappers", 41000), ("Pellmoor Care plan", 900)]
    assert products[1].get("price_unit") == "per site per month"  # the wrapped line's words


def test_a_part_of_a_scale_said_aloud_is_that_part():
    from o3local.tasks.fill.spelled import spelled_mentions

    said = "raising half a million dollars, a quarter of a million for hiring, three point two mil ARR"
    assert [m.value for m in spelled_mentions(said, "en", [])] == [500000, 250000, 3200000]
    # no thousand in "a K-12 district", no million in "a mil"
    assert not spelled_mentions("we sell to a K-12 district, not a mil", "en", [])
    r = _fill("Call transcript — Brookvane\n\n"
              "Founder: Brookvane sells tide-gauge sensors to harbour authorities. We're raising half a million "
              "dollars for eighteen months of runway.\n")
    assert r.data["ask"]["amount"] == 500000


def test_growth_said_as_more_than_a_year_earlier():
    r = _fill("Profile: Quarrytone\n\nQuarrytone sells noise monitors to quarries. The company says annual "
              "recurring revenue reached $2.2 million this autumn, 35% more than a year earlier.\n")
    assert _traction(r, "growth") == 0.35


def test_a_crm_log_s_latest_entry_gives_the_count_of_customers():
    r = _fill("HubSpot export — Company: Larchmere Vets\n\n"
              "Description: Larchmere Vets books and reminds pet owners for independent vet clinics.\n"
              "Activity\n\n"
              "- 2026-03-02 — First call. ARR $0.9M, 120 clinics.\n"
              "- 2026-07-19 — Update. ARR ~$1.4M, ~185 clinics.\n"
              "- 2026-11-04 — Partner meeting. ARR $2.1M, 260 clinics, NRR 112%.\n")
    assert _traction(r, "users") == 260  # the latest entry's, whatever the log's order


def test_counts_listed_with_the_arr_in_undated_lines_are_no_answer():
    r = _fill("Notes on Larchmere Vets\n\n"
              "- ARR $0.9M, 120 clinics.\n"
              "- ARR $2.1M, 260 clinics.\n")
    assert _traction(r, "users") is None  # two counts, no date to tell which is now


def test_a_figure_the_next_sentence_calls_the_market():
    r = _fill("AMA notes — Furrowlight\n\nFurrowlight rents out weeding robots to organic farms.\n\n"
              "Q: How big is it? A: Organic weeding labour in the US is about $900M a year. That's the market we "
              "count. We're raising $5M.\n")
    assert r.data["market"]["tam"] == 900  # USD millions
