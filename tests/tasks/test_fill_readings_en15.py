"""English readings added after fill-eval12's blind part (issue 20): short made-up documents
about fictitious companies (a suggesting-mode export, a founder's numbered thread) and what a
careful reader fills from them."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, markdown: bool = True):
    return fill(_inputs("funding-pitch"), parse(text, "memo", markdown=markdown))


def _traction(r, key):
    return r.data["traction"].get(key)


def test_struck_figures_are_the_replaced_ones():
    # a Markdown export of a draft with tracked edits: the struck figure is deleted, the one
    # beside it is current (in a .txt the same ~~ marks)
    text = ("# Copperleaf Bakeware: board note (draft)\n\n"
            "Copperleaf makes enamel baking trays for hotel kitchens. Annual recurring revenue is "
            "~~$880K~~ $940K, up ~~40%~~ 46% on last year. We are raising ~~$3M~~ $2.5M.\n")
    for markdown in (True, False):
        r = _fill(text, markdown)
        assert _traction(r, "arr") == 940000
        assert _traction(r, "growth") == 0.46
        assert r.data["ask"]["amount"] == 2500000
    # "~~~" opens a fenced block, no strike
    assert parse("~~~\narr: 5\n~~~\n", "m", markdown=True).text.strip() == "arr: 5"


_THREAD = (
    "**Ines Okafor** @inesbuilds · Mar 3, 2027\n\n"
    "1/6 A year ago this week we opened Tallowby's first kitchen. Some numbers 🧵\n\n"
    "2/6 Tallowby delivers cooked lunches to construction sites from dark kitchens.\n\n"
    "3/6 86 sites now pay for Tallowby. This month alone: 52k meals.\n\n"
    "4/6 ARR is $1.2M, up 90% since the summer. A friend sent me this:\n\n"
    "> **Crumbwell** @crumbwell_hq · Feb 28\n"
    "> Crumbwell now feeds 1,400 sites and just passed $15M ARR 🎉\n\n"
    "5/6 We're raising a $4M seed for 20 months of runway.\n\n"
    "6/6 Also hiring 12 cooks for April. DMs open.\n")


def test_a_thread_s_author_is_no_company_and_its_counters_no_figures():
    r = _fill(_THREAD)
    # "Ines Okafor @inesbuilds · Mar 3": who posted, not the company the thread is about
    assert r.data["company"]["name"] == "Tallowby"


def test_a_quoted_post_of_another_account_gives_none_of_its_figures():
    r = _fill(_THREAD)
    assert _traction(r, "arr") == 1200000  # not the quoted Crumbwell post's $15M
    assert r.data["ask"]["amount"] == 4000000
    assert r.data["ask"]["runway_months"] == 20


def test_the_company_s_hires_do_not_stop_its_customers_being_its_users():
    r = _fill(_THREAD)
    # "86 sites now pay for Tallowby"; the 12 cooks are hires, the 1,400 sites a rival's
    assert _traction(r, "users") == 86


def test_a_speech_s_welcome_to_new_colleagues_and_its_slide_numbers_count_no_users():
    r = _fill("All-hands — March 2027\n\n"
              "[SLIDE 1 — Hello]\n\n"
              "Welcome to the nine new people who started this week. Mossbank sends field "
              "technicians to wind farms when a turbine alarms.\n\n"
              "[SLIDE 2 — What technicians did]\n\n"
              "We now have two hundred and ten wind farms live, and ARR is four point two million "
              "dollars.\n", markdown=False)
    # the wind farms are the customers: the nine new people are staff, "SLIDE 2" is which slide
    assert _traction(r, "users") == 210
    assert _traction(r, "arr") == 4200000


def test_the_one_amount_on_a_market_slide_is_the_whole_market():
    deck = ("# Quillon\n\nQuillon schedules ferry crews for island operators.\n\n"
            "## The market\n\n- European ferry crew scheduling software: $640M a year (our estimate)\n"
            "- Operators lose 9% of sailings to crew gaps\n")
    assert _fill(deck).data["market"]["tam"] == 640
    # a goal or a part of the market on that slide is no whole market
    goal = deck.replace("$640M a year (our estimate)", "we will reach $640M by 2030")
    assert not (_fill(goal).data.get("market") or {}).get("tam")


def test_a_round_figure_is_taken_as_written_exactly_elsewhere():
    deck = ("# Quillon\n\n## Traction\n\n- ~1,300 operators use Quillon\n- ~$4M ARR\n\n"
            "Exact numbers if asked: 1,284 operators at 30 September, ARR $4.2M.\n")
    r = _fill(deck)
    assert _traction(r, "users") == 1284
    assert _traction(r, "arr") == 4200000
    # a count of something else, or one too far from the round figure, is no exact form of it
    other = deck.replace("1,284 operators", "1,284 vessels").replace("$4.2M", "$5.1M")
    r = _fill(other)
    assert _traction(r, "users") == 1300


_ARTICLE = (
    "Brindlemoor Labs\n\n"
    "Brindlemoor Labs is a British company that tests cattle feed for mycotoxins on the farm.[1]\n\n"
    "Founded; 3 August 2018\n"
    "Headquarters; Carlisle, England\n"
    "ARR; £3.1 million (2026)\n\n"
    "History\n\n"
    "Brindlemoor was founded in 2018 by a vet and a chemist. At the end of 2023 the company had 85 customers "
    "and annual recurring revenue of £1.2 million.[2] As of June 2026, its ARR was £3.1 million, "
    "with 260 farm customers.[3][citation needed]\n\n"
    "References\n\n"
    "1. \"Brindlemoor brings the lab to the barn\". Farmers Ledger. 2 March 2021.\n"
    "2. \"Brindlemoor reaches 85 customers\". Agritech Brief. 10 January 2024.\n")


def test_an_infobox_s_full_founding_date_beats_the_year_the_prose_gives():
    r = _fill(_ARTICLE, markdown=False)
    assert r.data["company"]["founded"] == "2018-08-03"  # not 1 January of "founded in 2018"


def test_an_article_s_figures_are_its_latest_and_not_its_references():
    r = _fill(_ARTICLE, markdown=False)
    # "At the end of 2023 ... £1.2 million" is older than "As of June 2026 ... £3.1 million"; the
    # reference list's "reaches 85 customers" is a headline of 2024
    assert _traction(r, "arr") == 3100000
    assert _traction(r, "users") == 260
    # "[2]", "[citation needed]": marks, no text
    assert "[2]" not in parse(_ARTICLE, "a").text and "[citation needed]" not in parse(_ARTICLE, "a").text


def test_a_calendar_invite_is_read_as_its_summary_and_description():
    ics = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:20270114T160000Z-88@cal.example\r\n"
           "DTSTAMP:20270108T091500Z\r\nDTSTART:20270114T160000Z\r\n"
           "SUMMARY:Intro call - Hollowmere Foods (Seed)\r\n"
           "DESCRIPTION:Hollowmere Foods makes frozen school lunches from local farms.\\n\\n- Fo\r\n"
           " unded: March 2021\\n- 64 schools live\\n- ARR $820K\\, up 70% YoY\\n\\nZoom: https:/\r\n"
           " /zoom.example/j/7712093381 (passcode 114422)\r\n"
           "BEGIN:VALARM\r\nTRIGGER:-PT10M\r\nDESCRIPTION:Reminder\r\nEND:VALARM\r\n"
           "END:VEVENT\r\nEND:VCALENDAR\r\n")
    doc = parse(ics, "invite.txt")
    # folded lines joined (even inside a word), escapes undone, the machine lines gone
    assert "Founded: March 2021" in doc.text and "DTSTAMP" not in doc.text and "\\," not in doc.text
    r = _fill(ics, markdown=False)
    assert r.data["company"]["name"] == "Hollowmere Foods"
    assert r.data["company"]["founded"] == "2021-03-01"
    assert _traction(r, "users") == 64  # not the meeting link's number
    assert _traction(r, "arr") == 820000


def test_a_number_inside_a_link_is_no_figure():
    r = _fill("Thornvale sells route planning to bakeries. Slides: https://decks.example/thornvale/48000\n\n"
              "We are raising $2M.\n", markdown=False)
    assert not (r.data.get("traction") or {}).get("users")


_PANEL = (
    "PANEL TRANSCRIPT\n"
    "Prepared for Larchfield Water's investor pack.\n\n"
    "Larchfield Water sells leak-detection software to small water utilities.\n\n"
    "Speakers:\n"
    "  RUTH ABARA, founder and CEO, Larchfield Water\n"
    "  DEV MALIK, CEO, Pipewise\n\n"
    "MODERATOR: Let's start with numbers. Dev?\n\n"
    "MALIK: We're at about nine million dollars of ARR, and we grew forty percent this year.\n\n"
    "MODERATOR: Ruth?\n\n"
    "ABARA: Larchfield is smaller. ARR is two point six million, up ninety percent on last year. "
    "We're raising a seven-million-dollar Series A.\n\n"
    "MALIK: We're not raising.\n")


def test_a_panel_s_other_companies_speakers_give_none_of_its_figures():
    r = _fill(_PANEL, markdown=False)
    assert _traction(r, "arr") == 2600000  # not Pipewise's nine million
    assert _traction(r, "growth") == 0.9
    assert r.data["ask"]["amount"] == 7000000  # "a seven-million-dollar Series A"


def test_an_article_before_spelled_words_is_no_one():
    from o3local.tasks.fill.spelled import spelled_mentions

    got = {m.raw: m.value for m in spelled_mentions("a twelve million dollar round, a hundred and "
                                                    "twelve clinics", "en", [])}
    assert got == {"a twelve million": 12_000_000, "a hundred and twelve": 112}


def test_a_restated_row_and_a_note_s_number_are_read_as_such():
    r = _fill("Review report on Tamsin Freight, Inc.\n\n"
              "As discussed in Note 7, annual recurring revenue previously reported as $2.9 million has "
              "been restated to $2.7 million.\n\n"
              "Metric; FY2025; FY2026\n\nARR (restated); $1.8M; $2.7M\n", markdown=False)
    # "(restated)" labels the row, no correction of the $2.7 million before it; "Note 7" is no ARR
    assert _traction(r, "arr") == 2700000


def test_a_data_site_s_profile_gives_the_company_reported_figures():
    r = _fill("Wexmoor\n\nCompany profile · DealTrove · Last updated 1 March 2027\n\n"
              "Wexmoor makes inspection software for bridge engineers.\n\nOverview\n\n"
              "- Employees: 11–50\n"
              "- Estimated revenue range: $1M–$5M (DealTrove model estimate)\n"
              "- Company-reported ARR: $3.3M (January 2027), up 52% year over year\n"
              "- Customers: 96 civil engineers (company-reported, January 2027)\n", markdown=False)
    # "company-reported" is the company's own word, no one else's claim; the customers labelled
    # as such are who uses it, though counted as people
    assert _traction(r, "arr") == 3300000
    assert _traction(r, "growth") == 0.52
    assert _traction(r, "users") == 96
