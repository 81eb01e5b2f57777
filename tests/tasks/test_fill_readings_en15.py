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
