"""English readings added after fill-eval10 (issue 20): short made-up memos about fictitious
companies, and what a careful reader fills from them."""

from __future__ import annotations

import pytest

from o3local.tasks.fill import fill, parse
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, markdown: bool = False):
    inputs = _inputs("funding-pitch")
    return fill(inputs, parse(text, "memo", markdown=markdown))


def _users(r):
    return r.data["traction"].get("users")


@pytest.mark.parametrize("text, want", [
    ("Brindle Freight — update\n\nARR $2.25M, up 71% year over year; 87 shipper customers; growth is steady.\n", 87),
    ("Brindle Freight — update\n\nARR $1.1M. We now have 204 warehouse customers across three states.\n", 204),
])
def test_customers_count_as_users_when_no_people_are_counted(text, want):
    assert _users(_fill(text)) == want


def test_customers_give_way_to_people_the_document_counts():
    # payers are no users where the document counts the people who use it
    r = _fill("Brindle Freight — update\n\n230 vineyards pay for the service; the growers are their staff. "
              "ARR is $900K.\nThe season had 1,480 growers in the rows.\n")
    assert _users(r) != 230


def test_a_modelled_scenario_counts_no_one_yet():
    r = _fill("Brindle Freight — update\n\nARR $2.25M, up 71% year over year; 87 shipper customers.\n"
              "We model $6.0M ARR by end 2027 and 200 customers (base case).\n")
    assert _users(r) == 87
    assert r.data["traction"].get("arr") == 2250000


@pytest.mark.parametrize("text, want", [
    ("Ostrander Ports — notes\n\n- ARR $1.8M\n- 23 terminals on contract; net revenue retention 124%.\n", 23),
    ("Ostrander Feeds — call notes\n\n- ARR about $900K\n- 41 feed mills buying, NRR ~115%\n", 41),
    ("Ostrander Retail\n\nChart data: 214 stores live, 388 robots deployed.\n", 214),
])
def test_organisations_that_are_customers_now_count_as_users(text, want):
    assert _users(_fill(text)) == want


@pytest.mark.parametrize("text", [
    "Ostrander Ports — notes\n\n- ARR $1.8M\n- We plan to have 40 terminals on contract next year.\n",
    "Ostrander Ports — notes\n\n- ARR $1.8M\n- 23 terminals on contract, 9 ports live.\n",
])
def test_no_organisation_count_when_planned_or_ambiguous(text):
    assert _users(_fill(text)) is None


def test_a_fenced_block_of_data_is_read():
    text = ("# Ostrander Grid\n\nSoftware that balances rooftop solar on small feeders.\n\n"
            "```yaml\nfounded: 2019-10-14\ncustomers: 58 utilities\nyoy_growth: 61%\nnet_retention: 119%\n"
            "runway_months: 28\n```\n")
    r = _fill(text, markdown=True)
    assert r.data["company"].get("founded") == "2019-10-14"
    assert _users(r) == 58
    assert r.data["traction"].get("retention") == 1.19
    assert r.data["ask"].get("runway_months") == 28
    assert "founded" not in (r.data["company"].get("description") or "")


@pytest.mark.parametrize("text, want", [
    ("Ostrander Bio — call notes\n\n- inc. 2021 (Feb), first mill order Aug 2022\n- ARR $1.2M\n", "2021-02-01"),
    ("Ostrander Bio — call notes\n\n- HQ Leeds; inc. 2019\n- ARR $1.2M\n", "2019-01-01"),
])
def test_a_notes_inc_year_with_its_month_in_brackets(text, want):
    assert _fill(text).data["company"].get("founded") == want
