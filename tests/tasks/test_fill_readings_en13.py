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
