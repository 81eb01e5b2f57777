"""English readings added after fill-eval6's tune part (issue 20 item 5): short made-up
memos, letters and chats about fictitious companies, and what a careful reader fills from them
(or leaves empty because the document does not say it)."""

from __future__ import annotations

import json

from o3local.tasks.fill import fill, parse
from tests.tasks.fill_docs import TEMPLATES
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, markdown: bool = False):
    inputs = _inputs("funding-pitch")
    return fill(inputs, parse(text, "memo", markdown=markdown))


def _source(r, pointer: str) -> str:
    return next(f.source for f in r.fields if f.pointer == pointer)


def test_a_pain_followed_by_the_company_s_answer_is_no_list_of_points():
    r = _fill("Ferrowick update, May 2026\n\nWhat we do: Ferrowick is a scheduling tool for dog groomers.\n\n"
              "Groomers lose two hours a day to clients who do not turn up. Ferrowick sends reminders "
              "and takes a deposit when the slot is booked.\n\nFerrowick has 900 groomers on it.\n")
    assert _source(r, "/problem/points") != "extractive"
    assert "Ferrowick sends" not in " ".join(r.data["problem"]["points"])
    assert r.data["problem"]["headline"].startswith("Groomers lose two hours")


def test_a_founding_sentence_is_no_problem():
    r = _fill("Letter to clients\n\nDear Client,\n\n1. THE COMPANY\nQuillmarsh sells tide forecasts to harbours. "
              "The Company was incorporated on 4 May 2020 and issued its first invoice in June 2021.\n\n"
              "2. BACKGROUND\nHarbours still plan dredging from charts that are years old. Quillmarsh's "
              "models read sonar from pilot boats every night.\n")
    assert "incorporated" not in r.data["problem"]["headline"]
    assert _source(r, "/solution/points") != "extractive"


def test_a_chat_channel_is_no_company_name():
    r = _fill("**#raise-prep** (thread exported 3 Mar 2026)\n\n**Ana** 9:02 AM\nARR is $1.2M.\n", markdown=True)
    assert not str(r.data["company"]["name"]).startswith("#")


def test_bankers_mm_after_an_amount_is_millions():
    r = _fill("Fernwick monthly note\n\nFernwick sells route planning to bakeries.\n\n"
              "* ARR: $1.7mm, up 6% on the month\n\nWe're raising $2mm to take us to 20 months of runway.\n")
    assert r.data["traction"]["arr"] == 1700000
    assert r.data["ask"]["amount"] == 2000000


def test_a_byline_under_the_title_is_no_tagline():
    r = _fill("# A year of Brindlewood\n\n*posted by Ana Ortiz, founder, on 3 March 2026*\n\n"
              "Brindlewood is an app that plans meals for school kitchens. Brindlewood now serves 120 schools.\n",
              markdown=True)
    assert "posted by" not in str(r.data["company"].get("tagline") or "")


def test_a_small_number_in_words_is_no_market_in_millions():
    r = _fill("Quarry Labs memo\n\nProblem, the same as last year: labs lose about one sample in twenty "
              "to mislabelling.\n\nQuarry Labs has 40 labs as customers.\n", markdown=True)
    assert _source(r, "/market/sam") != "extractive"
    assert _source(r, "/market/tam") != "extractive"


def test_another_company_s_hearsay_figure_and_round_are_not_ours():
    r = _fill("Pellmore raise notes\n\nPellmore ARR closed September at $2.1M.\n\n"
              "Rivet just announced a $15M round; their ARR is supposedly ~$6M.\n\n"
              "The ask: $3M seed, 18 months runway.\n")
    assert r.data["traction"]["arr"] == 2100000
    assert r.data["ask"]["amount"] == 3000000


def test_figures_in_words_with_a_decimal_point_a_signup_date_and_a_runway_in_years():
    r = _fill("# Three years of Lanternfish\n\nOn 5 May 2023 the first clinic signed up for Lanternfish. "
              "Lanternfish books follow-up visits for physiotherapists.\n\n"
              "Subscription revenue is running at two point four million dollars a year.\n\n"
              "## The raise\n\nWe're raising a $5 million Series A. It should last us two years.\n",
              markdown=True)
    assert r.data["traction"]["arr"] == 2400000
    assert r.data["traction"]["since"] == "2023-05-05"
    assert r.data["ask"]["runway_months"] == 24


def test_a_plain_text_newsletter_s_dashed_headings_and_a_whole_is_a_sentence():
    text = ("TALLOWBY LETTER, issue 4\n\nhey all, numbers below.\n\n-- what we do --\n"
            "Tallowby is a stock app for independent bakeries.\n"
            "Bakers lose a tenth of what they bake every week. Tallowby predicts each day's orders "
            "from the weather.\n\n-- the numbers --\n* ARR: $900k\n* 400 bakers use the app every week\n")
    doc = parse(text, "memo")
    assert [s.heading for s in doc.sections][1:] == ["what we do", "the numbers"]
    r = fill(json.loads((TEMPLATES / "funding-pitch" / "manifest.json").read_text())["inputs"], doc)
    # a sentence that says all of what the company is: its description, no motto
    assert _source(r, "/company/tagline") != "extractive"
    # a newsletter's "issue 4" is no problem; the pain is the sentence that says it
    assert r.data["problem"]["headline"].startswith("Bakers lose a tenth")
    # what the company is and its answer to the pain are no list of the solution's points
    assert _source(r, "/solution/points") != "extractive"


def test_a_what_it_is_phrase_set_apart_by_a_colon_is_still_a_tagline():
    r = _fill("Pondlark investor notes\n\nPondlark is a water tester for garden ponds: it reads the pH every hour "
              "and texts the owner.\n\nPondlark has 3,000 users.\n")
    assert r.data["company"]["tagline"] == "A water tester for garden ponds"


def test_a_solution_in_the_pain_s_own_paragraph_comes_before_the_next_paragraph():
    r = _fill("Dear Client,\n\nOrchardly sells frost alerts to fruit growers. Orchardly was founded in 2022.\n\n"
              "Growers still lose a fifth of their blossom to late frosts they hear about too late. "
              "Orchardly's sensors read the air in each row and wake the grower an hour before a frost.\n\n"
              "The Company estimates the market for frost protection at USD 900mn.\n")
    assert r.data["solution"]["headline"].startswith("Orchardly's sensors")


def test_a_chat_reply_gives_the_use_of_funds_its_question_names():
    r = _fill("**#raise** (exported 2 Feb 2026)\n\n**Ana Ruiz** 9:45 AM\nask: $2M seed. use of funds still 60/25/15?\n\n"
              "**Tom Berg** 9:46 AM\nyes, 60% product, 25% sales, 15% ops :+1:\n", markdown=True)
    assert r.data["ask"]["use_of_funds"] == [{"label": "Product", "share": 0.6}, {"label": "Sales", "share": 0.25},
                                             {"label": "Ops", "share": 0.15}]


def test_a_decimal_at_the_start_of_a_line_is_no_numbered_item():
    doc = parse("**Tom Berg** 9:05 AM\n1.72M\n\n**Tom Berg** 9:11 AM\nsorry, that was August.\n", markdown=True)
    assert not any(s.bullets for s in doc.sections)
    assert any("1.72M" in p for s in doc.sections for p in s.paragraphs)


def test_a_form_line_with_a_long_label_is_a_line_of_its_own():
    r = _fill("Dear Client,\n\n4. PROPOSED TERMS\nRound size: USD 6.0mn Series A\n"
              "Use of proceeds: product 50%, sales 30%, working capital 20%\n"
              "Minimum subscription via the Bank: USD 100,000\nArrangement fee: 2% of the amount subscribed\n")
    assert [u["share"] for u in r.data["ask"]["use_of_funds"]] == [0.5, 0.3, 0.2]
    assert r.data["ask"]["amount"] == 6000000


def test_today_s_date_under_traction_is_no_launch_date():
    r = _fill("BRACKENFIELD - INVESTMENT MEMO\n\nWHAT WE DO\nBrackenfield sells stock cameras to garden centres.\n\n"
              "TRACTION\nWe ended 2025 with ARR of $0.9 million. Today, in May 2026, ARR is $1.4 million, "
              "up 12% on the previous quarter.\n")
    assert _source(r, "/traction/since") != "extractive"


def test_the_round_is_no_pain_and_a_with_name_sentence_turns_to_the_answer():
    r = _fill("From: Ida Moss\nDate: 2 Oct 2026\nSubject: Hedgerow update\n\nLeah,\n\n"
              "We've also changed the round: we are now raising $6M, not $4M, which takes us to 24 months "
              "instead of 20.\n\nHedgerow is bookkeeping for village shops.\n\n"
              "Village post offices are disappearing, and a shop owner spends a day a month on the books. "
              "With Hedgerow, the till sends each sale to the accounts by itself.\n")
    assert r.data["problem"]["headline"].startswith("Village post offices are disappearing")
    assert r.data["solution"]["headline"].startswith("With Hedgerow")
    assert _source(r, "/problem/points") != "extractive"


def test_an_earlier_figure_in_brackets_is_not_today_s_and_weekly_people_are_users():
    r = _fill("Cobblewick memo\n\nToday 860 bakers open Cobblewick every week (a year ago it was 140), "
              "and ARR is $1.2M.\n\nCobblewick is stock planning for bakeries.\n")
    assert r.data["traction"]["users"] == 860


def test_the_operators_who_run_it_from_the_app_are_the_users_and_a_first_market_the_sam():
    r = _fill("Due diligence note: Fennick Robotics\n\nFennick Robotics builds robots that thin lettuce.\n\n"
              "Traction\n\nARR is $2.0M. 40 farms pay for the service; 310 farm operators run the robots from the app.\n\n"
              "Market\n\nThinning on US salad crops is a $3.2 billion market; Arizona, the company's first market, "
              "is $450 million of it.\n")
    assert r.data["traction"]["users"] == 310
    assert r.data["market"]["tam"] == 3200
    assert r.data["market"]["sam"] == 450


def test_a_product_named_after_a_colon_and_sentences_without_full_stops_are_no_headings():
    text = ("Brackwater memo\n\nProblem and product\n\nPond owners lose fish to algae blooms they see too late.\n\n"
            "Test kits give one reading a week at best\n\nPond shops cannot tell owners what went wrong\n\n"
            "The company sells the pond monitor as a subscription: the Brackwater S1 app at $40 per month per pond, "
            "at a gross margin the company puts at 61%.\n\nTraction\n\nARR is $1.1M.\n")
    doc = parse(text, "memo")
    assert "Test kits give one reading a week at best" not in [s.heading for s in doc.sections]
    r = fill(json.loads((TEMPLATES / "funding-pitch" / "manifest.json").read_text())["inputs"], doc)
    assert r.data["products"][0]["name"] == "Brackwater S1"
    assert r.data["products"][0]["price"] == 40
    assert r.data["products"][0]["margin"] == 0.61


def test_an_application_s_n_a_answers_fill_nothing():
    r = _fill("Harbourline Accelerator - Application Form\n\nCompany name: Wrenfield Care\n"
              "Annual recurring revenue: $240,000\nAmount you are raising: $1.2M\n"
              "Runway after the round (months): 16\nChina plans: N/A\nPartners in China: N/A\n")
    assert r.data["ask"]["runway_months"] == 16
    for p in ("/china/headline", "/china/note", "/china/partners"):
        assert _source(r, p) != "extractive", p


def test_a_possessive_subject_is_no_company_name():
    r = _fill("FOR IMMEDIATE RELEASE\n\nLindqvale raises $5 million to bring ward robots to small hospitals\n\n"
              "YORK, 4 May 2026 - Lindqvale, which builds ward robots, today announced a $5 million seed round. "
              "Lindqvale's ARR is $1.9 million.\n\nAbout Lindqvale\nLindqvale was founded in 2022 in York.\n")
    assert r.data["company"]["name"] == "Lindqvale"


def test_the_ceo_reporting_in_board_minutes_is_the_company_not_another():
    r = _fill("MINUTES OF THE BOARD MEETING - MARLOW TILES LTD\nHeld on 3 March 2026\n\n1. Trading update\n"
              "The CEO reported ARR of $1.7M against a budget of $2.0M for the quarter.\n")
    assert r.data["traction"]["arr"] == 1700000


def test_a_kpi_table_row_counted_in_thousands():
    r = _fill("# Vellum Labs - Q3 2026 investor report\n\n## KPIs\n\n| Metric | Q3 2026 | Q2 2026 | Q3 target |\n"
              "|---|---|---|---|\n| ARR ($k) | 2,450 | 2,180 | 2,600 |\n| Active users | 5,300 | 4,900 | 6,000 |\n",
              markdown=True)
    assert r.data["traction"]["arr"] == 2450000
    assert r.data["traction"]["users"] == 5300


def test_a_kpi_table_s_current_column_over_last_quarter_s_and_the_latest_period():
    inputs = json.loads((TEMPLATES / "funding-pitch" / "manifest.json").read_text())["inputs"]
    for head in ("Last quarter | This quarter | Target", "Q2 2026 | Q3 2026 | Q3 target"):
        text = (f"# Vellum Labs - investor report\n\n## KPIs\n\n| Metric | {head} |\n|---|---|---|---|\n"
                "| ARR | $2.18M | $2.45M | $2.6M |\n| Active users | 4,900 | 5,300 | 6,000 |\n"
                "| Growth (QoQ) | 9% | 12% | 15% |\n")
        t = fill(inputs, parse(text, "memo", markdown=True)).data["traction"]
        assert (t["arr"], t["users"], t["growth"]) == (2450000, 5300, 0.12), head


def test_a_slide_title_right_after_the_previous_slide_s_notes_is_a_heading():
    text = ("Kestrel Foods\n\n- Fresh meal kits for care homes\n\nFounded in Bristol on 4 April 2022.\nProblem\n\n"
            "- Care homes spend 30% of kitchen time on prep\n\n- Menus are hard to adapt to diets\n\n"
            "Cooks in small homes cannot plan for thirty different diets.\nTraction\n\n- ARR $1.3M, up 15% QoQ\n")
    doc = parse(text, "deck.pptx")
    assert [s.heading for s in doc.sections][-2:] == ["Problem", "Traction"]
    r = fill(json.loads((TEMPLATES / "funding-pitch" / "manifest.json").read_text())["inputs"], doc)
    assert r.data["problem"]["headline"] != "Problem"
    assert r.data["problem"]["points"][0].startswith("Care homes spend 30%")


def test_a_press_release_headline_names_the_company_before_its_verb():
    r = _fill("# Fenwater raises $4 million seed round to map leaking pipes\n\n**HULL, 2 June 2026** - Fenwater, which "
              "maps leaks for water utilities, today announced a $4 million seed round.\n\n## About Fenwater\n\n"
              "Fenwater was founded in Hull in May 2022.\n", markdown=True)
    assert r.data["company"]["name"] == "Fenwater"


def test_a_condition_and_its_clause_are_one_item_of_a_colon_list():
    from o3local.tasks.fill.prose import _enumerated

    assert _enumerated("We take that risk off them: one fee covers repairs, and if a scooter breaks, "
                       "a new one arrives within two hours.", "en") is None
    assert _enumerated("The pain is the same: shops close at 6 pm, repairs start at $90, "
                       "and owners wait a week for parts.", "en") == [
        "Shops close at 6 pm.", "Repairs start at $90.", "Owners wait a week for parts."]


def test_an_e_mail_s_header_and_thanks_are_no_description():
    """Seen on a deck rendered from a follow-up e-mail: the 'about' box opened with
    'From: … To: … Date: … Subject: …' and then 'Thank you again for the coffee'."""
    r = _fill("From: Ada Brenner <ada@tallowby.example>\nTo: Omar Reyes\nDate: 3 March 2026\n"
              "Subject: Tallowby - notes from Tuesday\n\nDear Omar,\n\n"
              "Thank you again for your time on Tuesday. As promised, here is the summary.\n\n"
              "Tallowby makes refill stations for laundry detergent in corner shops. "
              "Shops earn a margin on every refill and customers pay a third less.\n\n"
              "Best regards,\nAda Brenner\n")
    description = r.data["company"]["description"]
    assert description.startswith("Tallowby makes refill stations")
    assert not any(w in description for w in ("From:", "Subject", "Thank you", "As promised"))


def test_an_iso_currency_code_before_a_figure_gives_it_its_scale():
    """Board minutes wrote 'ARR of USD 6.8M' and 'a USD 20M Series B': the ask became $20."""
    r = _fill("Quorwell — board minutes\n\nQuorwell rents cold-storage lockers to florists.\n\n"
              "The CEO reported ARR of USD 6.8M at the end of August.\n\n"
              "The board resolved to raise a USD 20M Series B.\n")
    assert r.data["ask"]["amount"] == 20_000_000
    assert r.data["traction"]["arr"] == 6_800_000
