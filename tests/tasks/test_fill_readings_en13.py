"""English readings added after fill-eval10's blind part (issue 20): short made-up notes about
fictitious companies, and what a careful reader fills from them."""

from __future__ import annotations

import pytest

from o3local.tasks.fill import fill, parse
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, markdown: bool = False):
    inputs = _inputs("funding-pitch")
    return fill(inputs, parse(text, "memo", markdown=markdown))


def _traction(r, key):
    return r.data["traction"].get(key)


def test_a_plan_set_against_its_actual_after_a_dash_gives_the_actual():
    r = _fill("# Corvane — H1 2026 goals check\n\n"
              "- KR1: ARR to $4.0M by 30 Jun — actual $3.6M\n"
              "- KR2: year-on-year growth 70% — actual 58%\n"
              "- KR3: net revenue retention 125% — actual 117%\n", markdown=True)
    assert _traction(r, "arr") == 3600000
    assert _traction(r, "growth") == 0.58
    assert _traction(r, "retention") == 1.17


def test_an_earlier_quarter_than_the_title_s_gives_no_current_figure():
    r = _fill("# Corvane — Q4 2026 board review\n\n"
              "Q3 ARR was $3.1M, a little behind plan.\n\n"
              "ARR closed the year at $3.8M.\n", markdown=True)
    assert _traction(r, "arr") == 3800000


def test_a_figure_asked_about_is_not_the_answer():
    r = _fill("# Thread: ask the founder of Corvane\n\n"
              "**u/curious_cat:** I heard you're at $9M ARR already?\n\n"
              "> **u/corvane_ceo:** Close: we're at $3.4M ARR, up 50% on last year.\n", markdown=True)
    assert _traction(r, "arr") == 3400000


_MONTHS_TABLE = ("# Tallowby — investor update, October 2026\n\n"
                 "| Month | ARR | Active drivers | New drivers |\n|---|---|---|---|\n"
                 "| Aug 2026 | $820,000 | 1,410 | 90 |\n"
                 "| Sep 2026 | $870,000 | 1,480 | 75 |\n"
                 "| Oct 2026 | $930,000 | 1,560 | 88 |\n\n"
                 "Thanks for reading.\n")


def test_a_table_whose_rows_are_months_gives_its_latest_month():
    r = _fill(_MONTHS_TABLE, markdown=True)
    assert _traction(r, "arr") == 930000
    assert _traction(r, "users") == 1560  # the column counting people, not its new ones


def test_months_are_no_quarters():
    assert not _traction(_fill(_MONTHS_TABLE, markdown=True), "quarters")


@pytest.mark.parametrize("text, want", [
    ("Corvane — update\n\nWe're at $1.4M ARR, up 60% on last year, across 520 farmers.\n", 520),
    ("Corvane — update\n\nRevenue was $900K this year, from 37 breweries.\n", 37),
])
def test_the_count_revenue_comes_from_is_the_users(text, want):
    assert _traction(_fill(text), "users") == want


def test_a_bare_figure_at_a_line_end_is_money_under_a_money_label():
    # the next line's first word is no noun the figure counts ("3,400,000\nyoy growth")
    r = _fill("Corvane\n\narr usd: 2,700,000\nyoy growth: 44%\nraising usd: 6,000,000\nrunway months: 20\n")
    assert _traction(r, "arr") == 2700000
    assert r.data["ask"].get("amount") == 6000000


@pytest.mark.parametrize("aside", [
    "An earlier version of this memo gave ARR as $4.4M; that included a one-off fee.",
    "Please ignore the $4.4M ARR in the old deck.",
])
def test_a_figure_the_document_sets_aside_is_not_read(aside):
    r = _fill(f"# Corvane\n\narr usd: 3,100,000\nyoy growth: 40%\n\n{aside}\n", markdown=True)
    assert _traction(r, "arr") == 3100000


def test_the_part_of_a_spend_the_company_serves_is_its_sam():
    r = _fill("# Corvane\n\n## Market\n\nUK dairy farms spend $2.4B a year on feed software; we serve $600M of it.\n",
              markdown=True)
    assert r.data["market"].get("sam") == 600


@pytest.mark.parametrize("sentence, name, price", [
    ("Schools pay $4,500 a year for the premium plan.", "premium plan", 4500),
    ("Tags sell at $3 each.", "Tags", 3),
])
def test_an_item_priced_in_prose_is_a_product(sentence, name, price):
    r = _fill(f"# Corvane\n\nCorvane tracks school buses in real time. {sentence}\n", markdown=True)
    assert [(p["name"], p["price"]) for p in r.data.get("products") or []] == [(name, price)]


def test_what_a_rival_s_customers_pay_is_no_product():
    r = _fill("# Corvane\n\nCorvane tracks school buses. Its biggest rival claims schools pay $4,500 a year "
              "for the premium plan.\n", markdown=True)
    assert not r.data.get("products")


def test_a_meeting_s_two_parties_in_the_title_name_the_one_the_notes_are_about():
    r = _fill("MEETING NOTES - Harwick Capital / Sorrel Robotics\n1-Dec-2026, notes by K. Obi\n\n"
              "- Sorrel Robotics: robot arms for small bakeries\n- ARR $1.2M, +40% YoY\n")
    assert r.data["company"]["name"] == "Sorrel Robotics"


def test_the_sender_s_firm_after_a_comma_may_be_the_company():
    r = _fill("VOICE NOTE (automatic) — received 2 Dec 2026\nFrom: Jonas Pell, Brackenby Foods\n\n"
              "Hi, it's Jonas from Brackenby Foods. We're at one million in revenue now.\n")
    assert r.data["company"]["name"] == "Brackenby Foods"


def test_a_founder_who_started_it_in_a_year_gives_the_founding_year():
    r = _fill("# Ask me anything: Corvane\n\nHi all. Corvane tracks school buses in real time. "
              "We started it in 2020. AMA!\n", markdown=True)
    assert r.data["company"]["founded"] == "2020-01-01"


def test_a_sponsor_s_figures_are_not_the_company_s():
    r = _fill("# The Weekly Crate — issue #12\n\nCorvane tracks school buses. Our ARR hit $410K last month.\n\n"
              "**This issue is sponsored by Pallety** — Pallety serves 30,000 drivers and just passed $9M ARR.\n",
              markdown=True)
    assert _traction(r, "arr") == 410000
    assert _traction(r, "users") != 30000


@pytest.mark.parametrize("sentence, want", [
    ("Since our launch we've grown to 7,200 households, and our ARR is $500K.", 7200),
    ("We started in 2021 and now serve 140 shippers. ARR is $2.1M.", 140),
])
def test_the_count_a_company_has_grown_to_or_serves_is_the_users(sentence, want):
    assert _traction(_fill(f"# Corvane\n\nCorvane tracks school buses. {sentence}\n", markdown=True), "users") == want


def test_an_about_heading_names_the_company():
    r = _fill("# We're hiring: Head of Growth at Sorrel Robotics\n\n**Salary:** $150,000\n\n"
              "## About Sorrel Robotics\n\nSorrel Robotics fits robot arms to small bakeries. ARR passed $2M in 2026.\n",
              markdown=True)
    assert r.data["company"]["name"] == "Sorrel Robotics"


def test_a_label_in_an_export_s_title_is_no_name():
    r = _fill("# CRM export — Account: Harwick Dental\n\nDescription: Harwick Dental books hygienists for clinics.\n"
              "Raising: $4M\n", markdown=True)
    assert r.data["company"]["name"] == "Harwick Dental"


def test_an_export_s_toggles_are_sections_and_their_tags_no_text():
    r = _fill("# Corvane — snapshot\n\n<details>\n<summary>Traction</summary>\n\n- ARR: $610,000\n\n</details>\n\n"
              "<details>\n<summary>Round</summary>\n\nRaising $1.2M seed.\n\n</details>\n", markdown=True)
    assert _traction(r, "arr") == 610000
    assert "<" not in str(r.data)


def test_people_who_are_customers_now_are_the_users():
    r = _fill("# Corvane — board pack\n\n- ARR $2.2M\n- 64 fleet managers under contract\n", markdown=True)
    assert _traction(r, "users") == 64
