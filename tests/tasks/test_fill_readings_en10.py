"""English readings added after fill-eval8 (issue 20 item 5): short made-up memos, forms and
sheets about fictitious companies, and what a careful reader fills from them (or leaves empty
because the document does not say it)."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, markdown: bool = False):
    inputs = _inputs("funding-pitch")
    return fill(inputs, parse(text, "memo", markdown=markdown))


def _funds(r) -> list[tuple[str, float]]:
    return [(u["label"], u["share"]) for u in r.data["ask"].get("use_of_funds") or []]


def test_shares_whose_last_label_starts_with_a_unit_word():
    r = _fill("Brindlecove, November notes\n\n- ARR: $1.2M\n"
              "- Raising $6M for 20 months: 50% product, 30% sales in Spain and Italy, 20% customer success\n")
    assert _funds(r) == [("Product", 0.5), ("Sales in Spain and Italy", 0.3), ("Customer success", 0.2)]


def test_shares_after_a_seed_extension_of_an_amount():
    r = _fill("Hi all,\n\nWe are opening a seed extension of $1.5M, which takes our runway to 20 months: "
              "70% for two engineers, 30% for a trade show budget.\n\nBest, Ana\n")
    assert _funds(r) == [("Two engineers", 0.7), ("A trade show budget", 0.3)]


def test_a_loan_form_s_purpose_line():
    r = _fill("Loan application\n\nC1  Amount requested:    $300,000\n"
              "C2  Purpose:             new oven 60%, delivery bikes 40%\n")
    assert _funds(r) == [("New oven", 0.6), ("Delivery bikes", 0.4)]


def test_share_rows_of_a_two_column_table():
    r = _fill("The ask\n\nRaise; $4M seed\n\nRunway; 18 months\n\nLab equipment; 55%\n\nHiring; 45%\n")
    assert _funds(r) == [("Lab equipment", 0.55), ("Hiring", 0.45)]


def test_bare_numbers_under_a_share_header_row():
    r = _fill("The round:\n\nitem; value\nraise (thousands); 3000\nrunway months; 18\n"
              "use of funds; share pct\nwarehouses; 60\nsoftware; 40\n")
    assert _funds(r) == [("Warehouses", 0.6), ("Software", 0.4)]


def test_a_two_column_table_of_other_percents_is_no_use_of_funds():
    r = _fill("Traction\n\nMetric; Q3 2026\nGrowth; 20%\nRetention; 80%\n")
    assert not _funds(r)


def test_the_rest_takes_what_the_shares_before_leave():
    r = _fill("The ask\n\n- $5M seed\n\n- 24 months runway\n\n"
              "Half of it goes to a new kiln, the rest to sales.\n")
    assert _funds(r) == [("A new kiln", 0.5), ("Sales", 0.5)]


def _products(r) -> list[tuple]:
    return [(p["name"], p.get("price")) for p in r.data.get("products") or []]


def test_products_priced_in_sentences_outside_a_products_section():
    r = _fill("Pennyroll: questions we get asked\n\nWhat is Pennyroll?\n\nPennyroll delivers fresh bread to offices.\n\n"
              "What do you sell?\n\nPennyroll Daily, at $39 a month, covers one delivery a day; "
              "Pennyroll Weekly costs $12 per week.\n")
    assert _products(r) == [("Pennyroll Daily", 39), ("Pennyroll Weekly", 12)]


def test_a_product_line_with_the_currency_after_the_amount():
    r = _fill("Brightpass one-pager\n\nPRODUCT: Brightpass - 9 USD per user per month\nUSERS: 1,200\n")
    assert _products(r) == [("Brightpass", 9)]
    assert r.data["products"][0]["price_unit"] == "per user per month"


def test_a_competitor_s_priced_product_is_none_of_ours():
    r = _fill("Leaseline memo\n\nLeaseline reads tenancy contracts for renters.\n\n"
              "The incumbent, Clausemark, has 90,000 users. Clausemark sells to law firms at $2,500 per seat per year.\n")
    assert not _products(r)


def test_a_numbered_sub_heading_heads_its_products():
    r = _fill("Tidecraft — Business Plan (excerpt)\n\n4. Traction\n\nTidecraft has 40 vessels.\n\n4.1 Products\n\n"
              "HullKit: the sensor kit, $9,000 per vessel per year\n\nFoulCast: the dashboard, included with HullKit\n\n"
              "5. Financing\n\nWe are raising $3 million.\n")
    assert _products(r) == [("HullKit", 9000), ("FoulCast", None)]


def test_the_period_in_a_title_is_no_part_of_the_company_s_name():
    for title in ("Brightpass Q3 investor update", "Brightpass one-pager", "Q3 update — Brightpass"):
        r = _fill(f"{title}\n\nWe help bakeries order flour. Brightpass has 1,200 users.\n")
        assert r.data["company"]["name"] == "Brightpass", title
    r = _fill("Q3 2026 investor update\n\nWe help bakeries order flour. We have 1,200 users.\n")
    assert r.data["company"]["name"] != "Q3 2026"


def test_an_amount_of_arr_lost_is_no_arr():
    r = _fill("Ferncall monthly update\n\n- ARR reached $2.1M at the end of October (September: $1.9M).\n"
              "- We lost a large agency to an in-house tool: about $80K of ARR.\n")
    assert r.data["traction"]["arr"] == 2100000


def test_the_latest_quarter_row_of_a_sheet_in_thousands():
    r = _fill("Lockbay metrics\n\nAll money in $000 unless the column says otherwise.\n\n"
              "quarter; arr (thousands); qoq growth pct; nrr pct\n"
              "Q1 2026; 1690; 19.0; 107\nQ2 2026; 1980; 17.2; 109\nQ3 2026; 2270; 14.6; 111\n")
    t = r.data["traction"]
    assert (t["arr"], t["growth"], t["retention"]) == (2270000, 0.146, 1.11)


def test_a_quarter_table_with_a_plan_column_gives_the_latest_actual():
    r = _fill("Skiff update\n\nTraction\n\nQuarter; ARR actual ($K); ARR plan ($K)\n"
              "Q1 2026; 820; 900\nQ2 2026; 1,040; 1,100\nQ3 2026; 1,310; 1,300\n")
    assert r.data["traction"]["arr"] == 1310000


def test_a_founding_year_alone_is_its_first_of_january():
    r = _fill("Railmark press release\n\nRailmark today launched its second product. "
              "Founded in 2021 in Chicago, its systems inspect 40,000 railcars a week.\n")
    assert r.data["company"]["founded"] == "2021-01-01"


def test_a_founding_year_beside_a_launch_month_is_not_the_launch_s():
    r = _fill("Pipwick memo\n\nPipwick was founded in 2019 and launched in March 2021.\n")
    assert r.data["company"]["founded"] == "2019-01-01"
    r = _fill("Pipwick memo\n\nPipwick was founded in Leeds in May 2019.\n")
    assert r.data["company"]["founded"] == "2019-05-01"


def test_a_year_alone_after_since_is_no_founding():
    r = _fill("Pipwick memo\n\nPipwick sells tea. We have grown every year since 2019.\n")
    assert not r.data["company"].get("founded")


def test_the_first_sale_said_in_other_words_is_the_traction_s_start():
    r = _fill("Pawlish update\n\nI started Pawlish back in August 2023. We started charging in January 2025; "
              "before that it was a free beta.\n")
    assert r.data["traction"]["since"] == "2025-01-01"
    r = _fill("Loan application\n\nA3  Date of incorporation:      2 November 2020\n"
              "A4  Date business started trading:     15 March 2021\n")
    assert r.data["traction"]["since"] == "2021-03-15"


def test_a_founding_date_under_traction_is_no_start_of_sales():
    r = _fill("Tidecraft plan\n\n4. Traction\n\nTidecraft was founded in Rotterdam in September 2021. "
              "The first sensors went to sea on 2 May 2023.\n\nToday 86 vessels carry our sensors.\n")
    assert r.data["traction"].get("since") != "2021-09-01"
    assert r.data["company"]["founded"] == "2021-09-01"


def test_a_market_said_in_other_words():
    r = _fill("Molarnote update\n\nMolarnote writes up dental notes. Dental-notes software in the UK is a $2.1B market, "
              "and most of it is still a keyboard.\n")
    assert r.data["market"]["tam"] == 2100
    r = _fill("Railmark press release\n\n\"Freight railroads spend about USD 3.8 billion a year on railcar inspection,\" "
              "said an analyst.\n")
    assert r.data["market"]["tam"] == 3800


def test_our_own_spending_is_no_market():
    r = _fill("Railmark memo\n\nWe spend about $1.2 million a year on cloud hosting.\n")
    assert not r.data.get("market", {}).get("tam")


def test_a_part_of_the_market():
    r = _fill("Kilnway memo\n\nMarket\n\nSupplementary cement materials are a $14 billion market; plants that pay "
              "a carbon price spend $3.2 billion of it.\n")
    m = r.data["market"]
    assert (m["tam"], m["sam"]) == (14000, 3200)
    r = _fill("Kilnway memo\n\nMarket\n\nCement additives are a $14 billion market; we aim for $50 million of it by 2030.\n")
    assert r.data["market"].get("sam") != 50


def test_a_capital_m_or_b_glued_to_a_number_scales_it_without_a_currency():
    from o3local.tasks.summarize.facts import find_mentions

    got = [(m.value, m.scaled) for m in find_mentions("ARR 1.8M, TAM 28B, a 5 m cable, 5m long")]
    assert got == [(1.8e6, True), (28e9, True), (5.0, False), (5.0, False)]


def test_a_metric_s_acronym_opening_a_chat_message_is_no_company():
    r = _fill("Brindle team chat export\n\nMaya Chen, 14 Oct 2026 16:12\nARR is 2.85M as of end of Sept\n\n"
              "Tom Becker, 14 Oct 2026 16:15\nwe have 1,400 nurses on the app\n\n"
              "Maya Chen, 14 Oct 2026 16:20\nsorry, ARR is actually 3.1M — 2.85M was August\n")
    assert r.data["company"]["name"] == "Brindle"
    assert r.data["traction"]["arr"] == 3100000


def test_recurring_contract_revenue_annualised_on_a_form_is_the_arr():
    r = _fill("Loan application\n\nB1  Total turnover, last financial year (FY2025):    $1,140,000\n"
              "B2  Recurring contract revenue (annualised, today):  $960,000\n")
    assert r.data["traction"]["arr"] == 960000


def test_growth_of_the_recurring_revenue_on_a_form_is_the_growth():
    r = _fill("Loan application\n\nB2  Recurring contract revenue (annualised, today):  $960,000\n"
              "B3  Growth of recurring revenue, last quarter:       6%\nB4  Number of customers:   48\n")
    assert r.data["traction"]["growth"] == 0.06


# --- lead's review after the merge: founding said with "started the company", a chat's company ----


def test_a_company_started_in_a_year_is_founded_that_year_not_at_its_first_sale():
    r = _fill("Dear Mara,\n\nKelpmark makes packaging film from farmed seaweed for food brands. We "
              "started the company in 2022 and shipped our first commercial roll in May 2024.\n\n"
              "Kelpmark's ARR is $740K.\n")
    assert r.data["company"]["founded"] == "2022-01-01"


def test_a_chat_names_the_company_that_does_the_work():
    r = _fill("WhatsApp Chat with Lucentra Founders + Jonah (angel)\n\n--- Monday, 23 November 2026 ---\n"
              "[09:12] Jonah Feld: Morning both. Can you send me the basics again?\n"
              "[09:20] Sunita Rao: Sure! Lucentra does automated quality inspection for small "
              "injection-moulding factories.\n[09:25] Sunita Rao: ARR $960K.\n")
    assert r.data["company"]["name"] == "Lucentra"


def test_a_headings_question_is_no_company_name():
    r = _fill("# What Brackenby does\n\nBrackenby builds scheduling software for dental clinics. "
              "Brackenby has 40 clinics paying today.\n")
    assert r.data["company"]["name"] == "Brackenby"


def test_figures_a_commenter_says_a_competitor_has_are_not_the_companys():
    # read after fill-eval9's blind run (spent): "They say they have …" about WardLink
    r = _fill("# Nestlark — Launching today\n\nNestlark puts a ward's rounds into one calendar. Today "
              "27,500 family members use Nestlark every month. Our ARR is $1.02M.\n\n## Comments\n\n"
              "**Ben Okoro:** How does this compare with WardLink? They say they have 90,000 users and $4M ARR.\n",
              markdown=True)
    assert r.data["traction"]["arr"] == 1020000 and r.data["traction"]["users"] == 27500


def test_a_sheet_pasted_with_tabs_is_a_table_and_its_latest_month_is_now():
    # read after fill-eval9's blind run (spent): cells pasted from a spreadsheet, months as columns
    r = _fill("Pasted from Fernlow_KPIs.xlsx by Lena Vasquez\n\n"
              "Metric\tJul 2026\tAug 2026\tSep 2026\tOct 2026\n"
              "ARR ($K)\t1,610\t1,690\t1,770\t1,845\n"
              "Active lab users\t860\t905\t948\t1,012\n"
              "NRR (TTM)\t108%\t109%\t111%\t113%\n\n"
              "Quarter\tARR ($K)\tPlan ($K)\nQ2 2026\t1,540\t1,500\nQ3 2026\t1,770\t1,800\n\n"
              "Notes:\n- Fernlow Instruments makes pipetting robots for university labs.\n")
    t = r.data["traction"]
    assert (t["arr"], t["users"], t["retention"]) == (1845000, 1012, 1.13)
    assert [q["arr"] for q in t["quarters"]] == [1540, 1770]
    assert r.data["company"]["name"] == "Fernlow Instruments"
