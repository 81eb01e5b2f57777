"""General English readings of h/fillen, each tested on new short documents about fictitious
companies: "Label — value" lines, the company's name in a transcript, an appositive, a quote or a
title that is a heading in words, and more."""

from __future__ import annotations

from tests.tasks.fill_docs import pitch as _pitch
from tests.tasks.fill_docs import report as _report

# --- 1. "Label — value" lines are labels like "Label: value" -----------------------------------

_DASHED = ("Pitch notes — Corvane\n\n"
           "Company — Corvane Ltd\n"
           "Raise — USD 2.5 million seed\n"
           "Runway — 24 months\n"
           "ARR — $1.2m\n\n"
           "Corvane predicts when kilns need maintenance.\n")


def test_dashed_label_lines_are_read_as_labels():
    r = _pitch(_DASHED)
    assert r.data["company"]["name"] == "Corvane Ltd"
    assert r.data["traction"]["arr"] == 1200000
    assert r.data["ask"]["runway_months"] == 24


def test_a_sentence_with_a_dash_is_no_label():
    from o3local.tasks.fill import parse

    doc = parse("Corvane grew fast this year — faster than we planned for.\n", "memo")
    assert doc.labels == []


# --- 2. the company's name where no title gives it -----------------------------------------------

def test_a_transcripts_company_is_the_subject_of_its_line_of_business():
    text = ("[10:02] Ana: Thanks for taking the call. Quillory helps law firms draft contracts faster.\n"
            "[10:03] Mark: What's the traction?\n"
            "[10:04] Ana: 52 firms pay us and about 700 lawyers use it daily.\n")
    assert _pitch(text).data["company"]["name"] == "Quillory"


def test_a_capitalised_word_also_written_in_lower_case_is_no_name():
    text = ("Software helps clinics plan their week. Our software is used by 40 clinics.\n\n"
            "We are raising $1M.\n")
    assert _pitch(text).data["company"]["name"] != "Software"


def test_a_subject_with_a_defined_term_aside():
    text = ("Brightmoor Inc.\n\n"
            "Brightmoor (\"the Company\") provides payroll for seasonal farm workers. The Company was "
            "incorporated in Delaware on 14 February 2022.\n")
    r = _pitch(text, markdown=False)
    assert r.data["company"]["name"] in ("Brightmoor", "Brightmoor Inc.")
    assert r.data["company"]["founded"] == "2022-02-14"


def test_a_quoted_cover_line_names_the_company():
    text = ("**Priya** 9:02 AM\ncover slide: \"Hopwise makes sensors that catch spoiled beer.\"\n\n"
            "**Jonas** 9:05 AM\nask: $4M seed, 20 months runway\n")
    assert _pitch(text).data["company"]["name"] == "Hopwise"


def test_a_heading_in_words_of_a_sentence_is_no_name():
    text = ("## Numbers at a glance\n\n| Metric | Value |\n|---|---|\n| Months of runway | 15 |\n\n"
            "Kettleway sells inventory software to independent coffee roasters.\n")
    assert _pitch(text).data["company"]["name"] == "Kettleway"


# --- 3. figures of the past or of other companies; a question answered on the same line ---------

def test_a_figure_dated_to_an_earlier_time_is_not_the_current_count():
    text = ("Hi Sam,\n\nTernwick is raising a $4.2M seed round.\n\n"
            "We closed October with 4,100 active users. Back in 2023 we had 900 users.\n\nBest,\nJo\n")
    assert _pitch(text, markdown=False).data["traction"]["users"] == 4100


def test_an_earlier_quarter_in_brackets_after_the_figure_is_not_the_figure():
    text = ("# Mossbury Robotics\n\nMossbury Robotics makes weeding robots.\n\n"
            "- ARR reached $2.3M (Q2: $1.9M), +21% QoQ\n- 64 farms run our robots\n")
    assert _pitch(text).data["traction"]["arr"] == 2300000


def test_an_investors_portfolio_company_figure_is_not_the_companys():
    text = ("Ana: Quillory helps law firms draft contracts faster.\n"
            "Mark: Traction?\n"
            "Ana: ARR's at 430 thousand.\n"
            "Mark: Our portfolio company Lexo is at $5M ARR, for comparison.\n")
    assert _pitch(text).data["traction"]["arr"] == 430000


def test_a_transcripts_answer_on_the_questions_line():
    text = ("Quillory helps law firms draft contracts faster. What's the raise? 1.8 million dollars, seed. "
            "Eighteen months of runway.\n")
    r = _pitch(text)
    assert r.data["ask"]["amount"] == 1800000
    assert r.data["ask"]["runway_months"] == 18


# --- 4. a use of funds in amounts, a form line's scale, a market as a sentence's subject ---------

def test_a_use_of_funds_in_amounts_adding_up_to_the_raise_is_read_as_shares():
    text = ("# Saltmere\n\nSaltmere turns food waste into biogas.\n\n## The round\n"
            "We are raising $2,000,000. Planned use: equipment $900,000, hiring $700,000 and "
            "marketing $400,000.\n")
    r = _pitch(text)
    assert r.data["ask"]["use_of_funds"] == [{"label": "Equipment", "share": 0.45},
                                             {"label": "Hiring", "share": 0.35},
                                             {"label": "Marketing", "share": 0.2}]


def test_amounts_that_do_not_add_up_to_a_stated_amount_give_no_shares():
    text = ("# Saltmere\n\nSaltmere turns food waste into biogas.\n\n## The round\n"
            "We are raising $2,500,000. Planned use: equipment $900,000, hiring $700,000 and "
            "marketing $400,000.\n")
    assert "use_of_funds" not in _pitch(text).data["ask"]


def test_a_form_lines_label_gives_the_scale_of_its_bare_figures():
    text = ("Orchardia – one-pager\n\nWhat we do: Orchardia predicts apple harvests from drone images.\n"
            "Amount sought: $1.6m\n"
            "Market size (USD millions): TAM 4,200 / SAM 650 / SOM 45\n")
    assert _pitch(text, markdown=False).data["market"] == {"tam": 4200, "sam": 650, "som": 45}


def test_a_market_sized_as_a_sentences_subject_is_the_tam():
    text = ("# Saltmere\n\nSaltmere turns food waste into biogas.\n\n## Market\n"
            "The commercial food-waste market is $3.4 billion in the US. We can serve about "
            "$600 million of it.\n")
    r = _pitch(text)
    assert r.data["market"]["tam"] == 3400
    assert r.data["market"]["sam"] == 600


def test_a_market_we_will_reach_is_no_tam():
    text = ("# Saltmere\n\nSaltmere turns food waste into biogas.\n\n## Market\n"
            "The market we will reach by 2030 is $3.4 billion.\n")
    assert "tam" not in _pitch(text).data.get("market", {})


def test_a_forwarded_intro_names_the_company_not_the_intro():
    text = ("---------- Forwarded message ---------\nFrom: Lena Ortiz <lena@pinecrest.vc>\n"
            "Subject: Fwd: Driftwell intro\n\nNotes from my call below.\n\n"
            "> Driftwell builds route planning for school buses.\n> Raising: $3.5M seed\n")
    assert _pitch(text, markdown=False).data["company"]["name"] == "Driftwell"


# --- 5. a reporting date is no start; quarters written Q1'26; growth and runway in other words ---

def test_an_as_of_date_is_not_the_traction_since():
    text = ("Company overview: Veltrovia Systems\n\nVeltrovia Systems sells predictive maintenance for lifts.\n\n"
            "Key metrics (as of 30 September 2026):\n- Annual recurring revenue: €2.1M\n"
            "- Technicians using Veltrovia: 620\n")
    r = _pitch(text, markdown=False)
    assert "since" not in r.data.get("traction", {})
    assert r.data["traction"]["users"] == 620


def test_a_start_date_is_still_the_traction_since():
    text = ("# Veltrovia\n\nVeltrovia sells predictive maintenance for lifts.\n\n## Traction\n"
            "We went live with our first building on 3 March 2024. ARR is €2.1M.\n")
    assert _pitch(text).data["traction"]["since"] == "2024-03-03"


def test_quarter_columns_with_a_two_digit_year_are_periods():
    text = ("# Penwick\n\nPenwick is a marking assistant for teachers.\n\n## Quarterly ARR ($K)\n"
            "| | Q1'26 | Q2'26 | Q3'26 |\n|---|---|---|---|\n| ARR | 920 | 1,180 | 1,350 |\n")
    q = _pitch(text).data["traction"]["quarters"]
    assert [x["label"] for x in q] == ["Q1'26", "Q2'26", "Q3'26"]
    assert [x["arr"] for x in q] == [920, 1180, 1350]


def test_growth_as_higher_than_an_earlier_month_and_runway_as_what_the_round_covers():
    text = ("# Penwick\n\nPenwick is a marking assistant for teachers.\n\n"
            "ARR hit $1.35M in September, 14% higher than in June.\n\n"
            "We're raising $2.5M to grow the sales team; that covers about two years.\n")
    r = _pitch(text)
    assert r.data["traction"]["growth"] == 0.14
    assert r.data["ask"]["runway_months"] == 24


# --- 6. a part of the money that names no use; a deck's text slide by slide -----------------------

def test_most_of_it_and_the_rest_are_no_labels_of_a_use_of_funds():
    text = ("# Loamwick\n\nLoamwick helps community gardens manage plots.\n\n"
            "We'd like to raise $600K on a SAFE. Most of it (70%) goes to two hires, the rest (30%) to marketing.\n")
    assert _pitch(text).data["ask"]["use_of_funds"] == [{"label": "Two hires", "share": 0.7},
                                                        {"label": "Marketing", "share": 0.3}]


def test_the_first_slides_title_names_the_company():
    text = ("Slide 1: Harbor & Wren\n"
            "Slide 2: Problem — independent bookshops can't compete on delivery speed.\n"
            "Slide 5: The Ask — $2M seed · 18 months runway\n")
    assert _pitch(text, markdown=False).data["company"]["name"] == "Harbor & Wren"


# --- 7. shares whose sentence ends on another fact; a speaker's reply to the question before it ---

def test_shares_making_a_whole_with_a_runway_after_them():
    text = ("Subject: Gridmoor — November update\n\nHi all,\n\nGridmoor plans maintenance for "
            "warehouses. We're opening a $12 million Series A. Funds will go 45% to engineering, 35% to "
            "go-to-market and 20% to working capital, and should last 28 months.\n\nMaya\n")
    r = _pitch(text, markdown=False)
    assert r.data["ask"]["use_of_funds"] == [{"label": "Engineering", "share": 0.45},
                                             {"label": "Go-to-market", "share": 0.35},
                                             {"label": "Working capital", "share": 0.2}]
    assert r.data["ask"]["runway_months"] == 28


def test_two_figures_and_a_fact_are_still_no_list():
    text = ("# Gridmoor\n\nGridmoor plans maintenance for warehouses.\n\n"
            "ARR is $2.2M, up 11% on the quarter, and 89 schools renewed.\n")
    assert "use_of_funds" not in _pitch(text).data["ask"]


def test_a_speakers_reply_answers_the_question_on_the_line_before():
    text = ("Interview transcript — Nimbleway\n\n"
            "Interviewer: So what is Nimbleway?\n"
            "Dara: We make soil sensors for vineyards. Growers see moisture by vine row.\n"
            "Interviewer: And how many growers use it?\n"
            "Dara: About 640 growers at the moment, on 120 estates.\n"
            "Interviewer: And you're raising?\n"
            "Dara: Yes, $4 million. It gives us two years.\n")
    r = _pitch(text, markdown=False)
    assert r.data["traction"]["users"] == 640
    assert r.data["ask"]["amount"] == 4000000
    assert r.data["ask"]["runway_months"] == 24


# --- 8. users are people who use the product; firms and sites are customers -----------------------

def test_people_who_work_through_the_product_are_its_users():
    text = ("# Kilnway\n\nKilnway schedules firings for pottery studios.\n\n## Traction\n"
            "We have sold to 210 studios, and 5,600 potters fire work through Kilnway each month.\n")
    assert _pitch(text).data["traction"]["users"] == 5600


def test_organisations_that_use_it_are_not_the_users_when_people_are_counted():
    text = ("# Sablemoor\n\nSablemoor tells pharmacies what to reorder.\n\n## Traction\n"
            "1,020 pharmacies use Sablemoor, and 2,750 pharmacists and technicians open the reorder "
            "list at least weekly.\n")
    assert _pitch(text).data["traction"]["users"] == 2750


def test_a_table_row_of_people_on_the_dashboard():
    text = ("# Cemwise\n\nCemwise makes an additive for cement plants.\n\n## KPIs\n"
            "| KPI | Q3 2026 |\n|---|---|\n| Cement plants under contract | 17 |\n"
            "| Plant engineers on the dashboard | 260 |\n")
    assert _pitch(text).data["traction"]["users"] == 260


def test_a_teams_size_is_no_count_of_users():
    text = ("# Cemwise\n\nCemwise makes an additive for cement plants.\n\n"
            "We are 12 engineers in Leeds. ARR is $1.2M.\n")
    assert "users" not in _pitch(text).data["traction"]


def test_funding_sought_is_the_ask_not_a_revenue_of_nothing():
    text = ("Ferrokit\n\nFerrokit checks iron levels at home.\nRevenue: $0\n"
            "Funding sought: $750,000 pre-seed\nRunway this buys: 14 months\n")
    assert _pitch(text, markdown=False).data["ask"]["amount"] == 750000


def test_an_earlier_pre_seed_is_not_the_ask():
    text = ("# Fernmoor\n\nFernmoor makes scheduling software for dog groomers.\n\n"
            "We raised a $500K pre-seed in 2024. Now we're raising $2.5M to grow the sales team.\n")
    assert _pitch(text).data["ask"]["amount"] == 2500000


# --- 9. month columns, a form with each value under its field's name, figures like years ---------

def test_the_latest_month_column_is_the_current_figure():
    text = ("# Quarrow Labs — investor update\n\nQuarrow Labs tracks excavation with drones.\n\n"
            "| Metric | Jul | Aug | Sep |\n|---|---|---|---|\n| ARR ($K) | 1,510 | 1,580 | 1,660 |\n"
            "| Site managers using Quarrow | 730 | 760 | 810 |\n| Net revenue retention | 109% | 110% | 111% |\n")
    t = _pitch(text).data["traction"]
    assert (t["arr"], t["users"], t["retention"]) == (1660000, 810, 1.11)
    assert "quarters" not in t  # months are no quarters


def test_a_form_with_each_value_under_its_fields_name():
    text = ("Company name\nAshwell Diagnostics\n\nFunding required\n$1,200,000\n\n"
            "Months of runway this provides\n18\n\nNumber of users\n2,050 nurses\n")
    r = _pitch(text, markdown=False)
    assert r.data["company"]["name"] == "Ashwell Diagnostics"
    assert r.data["ask"]["amount"] == 1200000
    assert r.data["ask"]["runway_months"] == 18
    assert r.data["traction"]["users"] == 2050


def test_a_unit_word_on_the_next_line_is_not_the_numbers_unit():
    from o3local.tasks.summarize.facts import find_mentions

    m = find_mentions("Funding required\n$1,200,000\n\nMonths of runway\n18\n")[0]
    assert m.value == 1200000 and m.unit == ""


# --- 10. a questionnaire: numbered questions, each answered on the line under it -----------------

_DDQ = ("Due diligence questionnaire — Brackenmoor Ltd\n\n"
        "1. Describe the business in one sentence.\nBrackenmoor rents reusable packaging to online grocers.\n\n"
        "2. How much are you raising, and what will it fund?\n£6M. 50% fleet of crates, 30% new cities, 20% software.\n\n"
        "3. How long will this last?\nAbout 2 years.\n")


def test_a_questionnaires_title_names_the_company_and_its_question_is_no_tagline():
    r = _pitch(_DDQ, markdown=False)
    assert r.data["company"]["name"] == "Brackenmoor Ltd"
    assert r.data["company"].get("tagline", "") != "Describe the business in one sentence"


def test_a_questionnaires_answers_fill_the_ask():
    r = _pitch(_DDQ, markdown=False)
    assert r.data["ask"]["amount"] == 6000000
    assert r.data["ask"]["runway_months"] == 24
    assert [u["share"] for u in r.data["ask"]["use_of_funds"]] == [0.5, 0.3, 0.2]


# --- 11. a Chinese report's own date: a dateline, a bullet under the title, a research note's label -

def test_a_press_releases_dateline_is_the_reports_date():
    text = ("# 云栖视讯发布2026年前三季度经营数据\n\n**杭州，2026年10月22日** —— 云栖视讯今日公布前三季度经营数据。"
            "前三季度公司实现营业收入7.62亿元，同比增长15%。\n")
    assert _report(text, markdown=True).data["date"] == "2026-10-22"


def test_a_date_bullet_under_the_title_is_the_reports_date():
    text = "澜舟新能源2026年上半年经营汇报\n\n- 战略发展部\n\n- 2026年7月18日\n\n上半年营业收入3.2亿元。\n"
    assert _report(text).data["date"] == "2026-07-18"


def test_a_research_notes_date_label_is_the_reports_date():
    text = ("# 调研纪要：拾光宠物（2026年上半年）\n\n调研时间：2026年8月14日　调研方式：电话会议\n\n"
            "公司上半年实现营业收入2.35亿元，同比增长31%。\n")
    assert _report(text, markdown=True).data["date"] == "2026-08-14"


def test_a_date_inside_a_sentence_is_no_dateline():
    text = "# 澜舟新能源经营汇报\n\n公司于2026年7月18日完成交割，上半年营业收入3.2亿元。\n"
    assert _report(text, markdown=True).data.get("date") in (None, "")


def test_a_revenues_parts_are_no_use_of_funds():
    text = ("# Brightmoss\n\nBrightmoss sells garden tools.\n\nRevenue was $3,000,000 last year: shears "
            "$1,500,000, hoes $1,000,000 and gloves $500,000. Gardeners use our tools daily.\n")
    assert "use_of_funds" not in _pitch(text).data["ask"]


# --- 12. a chat's timestamps are no figures; a competitor table gives no quarters -----------------

def test_a_chats_bracketed_timestamps_are_no_figures():
    text = ("[12/10/26, 09:14] Lena: ok so for the deck — Marlowick ARR?\n"
            "[12/10/26, 09:15] Tom: 2.7M as of Sept\n"
            "[12/10/26, 09:17] Tom: yes $8M series A, 24 months runway\n"
            "[12/10/26, 09:18] Tom: 3,400 dispatchers log in weekly\n")
    r = _pitch(text, markdown=False)
    assert r.data["traction"]["arr"] == 2700000
    assert r.data["ask"]["amount"] == 8000000


def test_a_competitor_table_gives_no_quarters():
    text = ("# Corvane Health — Series A memo\n\nCorvane Health runs remote monitoring for heart patients.\n\n"
            "## Competitors\n| Company | ARR | Patients |\n|---|---|---|\n| Corvane | $3.4M | 12,000 |\n"
            "| Heartline | $11M | 40,000 |\n\nCorvane is raising $15M.\n")
    assert "quarters" not in _pitch(text).data.get("traction", {})


def test_people_the_company_serves_are_its_users():
    text = ("Saltwick Analytics – board pack, Q3 2026\n\nSaltwick forecasts footfall for shopping centres. "
            "ARR fell to USD 1.45mn in Q3. We still serve 2,600 centre managers.\n")
    assert _pitch(text, markdown=False).data["traction"]["users"] == 2600


def test_a_market_in_an_inline_list_of_key_numbers_is_the_tam():
    text = ("Meadowfen Bio is building enzyme-based plastic recycling.\n\n"
            "Key numbers: 3 pilot plants; ARR 850K; market ~$45bn (recycled plastics).\n\n"
            "We're raising a $9M Series A.\n")
    r = _pitch(text, markdown=False)
    assert r.data["market"]["tam"] == 45000
    assert r.data["traction"]["arr"] == 850000


# --- 13. a person called Sam is no SAM -------------------------------------------------------------

def test_a_greeting_to_sam_names_no_market():
    text = ("Hi Priya,\n\nQuick recap of Tidemoor:\n\n- We help marinas manage berth bookings.\n"
            "- ARR: $1.9M\n- Raising $5M seed, ~24 months runway.\n\n"
            "On Mon, 3 Nov 2026, Priya Shah wrote:\n"
            "> Thanks Sam — can you send ARR and the raise? Our fund's average seed check is $1.5M.\n")
    r = _pitch(text, markdown=False)
    assert "sam" not in r.data.get("market", {})
    assert r.data["ask"]["amount"] == 5000000


def test_a_sam_label_in_capitals_still_names_the_market():
    text = "# Tidemoor\n\nTidemoor helps marinas.\n\nTAM: $2.1B\nSAM: $400M\n"
    assert _pitch(text).data["market"]["sam"] == 400
