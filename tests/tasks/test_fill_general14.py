"""General English readings of h/fill13 (figures in their role; prose without greetings), each
tested on new short documents about fictitious companies: a text table whose top-left cell is
blank, a goal's figure by a later year, people the company pays, firms that order from it or work
on it, a signed change beside the revenue, and openings or postscripts that state no fact."""

from __future__ import annotations

from tests.tasks.fill_docs import pitch as _pitch

# --- 1. a plain-text table whose header leaves its top-left cell blank --------------------------

_SPACED = ("BRAMBLEGATE SOFTWARE\n\n"
           "Bramblegate makes booking software for independent climbing gyms.\n\n"
           "TRACTION\n"
           "---------\n\n"
           "                    FY2025      FY2026\n"
           "ARR                 $0.72M      $1.30M\n"
           "Gyms                140         260\n"
           "Net retention       101%        112%\n\n"
           "Our five-year goal is $25M ARR by 2031.\n\n"
           "We are raising $4M, which funds 22 months.\n")


def test_a_text_table_with_a_blank_corner_reads_the_latest_column():
    r = _pitch(_SPACED, markdown=False)
    assert r.data["traction"]["arr"] == 1300000
    assert r.data["traction"]["retention"] == 1.12


def test_a_goal_by_a_later_year_is_no_arr():
    text = ("Pellory makes route planning software for laundries.\n\n"
            "ARR is $2.1M today.\n\n"
            "Our ten-year goal is $60M ARR by 2035.\n")
    assert _pitch(text).data["traction"]["arr"] == 2100000
    alone = "Pellory makes route planning software for laundries.\n\nOur goal is $60M ARR by 2035.\n"
    assert _pitch(alone).data.get("traction", {}).get("arr") in (None, "", 0)


# --- 2. who the users are ----------------------------------------------------------------------

def test_people_the_company_pays_are_no_users():
    text = ("Quendle Tutoring\n\n"
            "Quendle runs online reading lessons for primary schools.\n\n"
            "* 58 schools pay for Quendle.\n"
            "* We pay our 900 tutors $38 an hour.\n")
    assert _pitch(text).data["traction"]["users"] == 58


def test_firms_that_order_from_us_are_the_users():
    text = ("# Harrowdene Dental\n\n"
            "Harrowdene Dental makes crowns for independent dental practices.\n\n"
            "Our annualised recurring revenue is $3.2M. 870 practices ordered from us in the last 90 days.\n")
    assert _pitch(text).data["traction"]["users"] == 870


def test_firms_that_work_on_the_product_are_the_users():
    text = ("Subject: Lintwhistle Health - October update\n\n"
            "Hi all,\n\n"
            "Highlights\n"
            "- ARR is now $1.9M.\n"
            "- 640 pharmacies now schedule their staff on Lintwhistle.\n\n"
            "Thanks,\nMira Osei\nCEO, Lintwhistle Health\n")
    assert _pitch(text).data["traction"]["users"] == 640


# --- 3. growth given as a signed change ---------------------------------------------------------

def test_a_signed_change_beside_the_revenue_against_a_year_ago_is_the_growth():
    text = ("# Coldharbour Labs\n\n"
            "Coldharbour makes test kits for small breweries.\n\n"
            "Our annual recurring revenue is $5.4M, against $3.6M a year ago (+50%).\n")
    r = _pitch(text)
    assert r.data["traction"]["arr"] == 5400000
    assert r.data["traction"]["growth"] == 0.5


# --- 4. prose: no greeting, remark on the document or postscript ------------------------------

def test_an_update_opening_with_greetings_gives_no_description():
    text = ("Hi all,\n\n"
            "Hope everyone had a good long weekend. Quick October update below.\n\n"
            "Highlights\n"
            "- ARR is now $1.2M.\n\n"
            "Thanks,\nDana\n\n"
            "P.S. Our office moves to 12 Fenwick Road on November 3; the old address still gets mail.\n")
    r = _pitch(text)
    assert "Hope everyone" not in (r.data["company"].get("description") or "")
    for part in ("problem", "solution"):
        assert "office moves" not in (r.data[part].get("headline") or "")
        assert not any("office moves" in p for p in r.data[part].get("points") or [])


def test_a_letter_of_answers_fills_no_solution_with_its_preamble():
    text = ("# Follow-up to Tuesday's meeting\n\n"
            "Dear Priya,\n\n"
            "Thank you for Tuesday. Below are our answers to your questions. Numbers are as of 31 October 2026.\n\n"
            "**1. What does Wendle sell?**\n\n"
            "Wendle makes dispatch software for plumbers.\n")
    r = _pitch(text)
    assert "Below are our answers" not in (r.data["company"].get("description") or "")
    assert "Below are our answers" not in (r.data["solution"].get("headline") or "")


def test_a_meeting_line_under_the_title_is_no_tagline():
    text = ("# Fernock Ltd: board pack\n\n"
            "Meeting of the board of directors, 9 December 2026, 10:00\n\n"
            "Fernock makes scheduling software for heat-pump installers.\n")
    assert "Meeting" not in (_pitch(text).data["company"].get("tagline") or "")


def test_a_word_with_a_digit_does_not_bar_the_line_of_business():
    text = ("# Follow-up to Monday's call\n\n"
            "Dear Sam,\n\n"
            "Thank you for Monday. Below are our answers to your questions.\n\n"
            "**1. What does Tessaly sell?**\n\n"
            "Tessaly Print runs a chain of 3D-printing labs that make hearing-aid shells for audiology clinics. "
            "A shell costs the clinic $120.\n")
    desc = _pitch(text).data["company"].get("description") or ""
    assert desc.startswith("Tessaly Print runs a chain of 3D-printing labs")
