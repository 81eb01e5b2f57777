"""English summaries at a character budget (issue 20, seventeenth session): what a reader sees.

Own small news texts, not rows of any evaluation set.
"""

from __future__ import annotations

from o3local.tasks.summarize import summarize
from o3local.tasks.summarize.bylines import strip

FERRY = (
    "Harbourtown, Westland (Newswire)Nine people were rescued on Sunday after a ferry ran aground "
    "in thick fog off the Westland coast. The ferry was carrying 40 passengers and crew from "
    "Harbourtown to the islands when it struck a sandbank shortly after dawn. Coastguard boats "
    "reached the ferry within an hour and took everyone ashore. Two passengers were treated in "
    "hospital for mild hypothermia and later released. The operator said the route would stay "
    "closed until the hull had been inspected. An inquiry into the grounding will start next week, "
    "the transport ministry said. Fog warnings had been issued for the coast the evening before."
)

LIBRARY = (
    "(Gazette)The town library will open on Sundays from next month after a vote by the council. "
    "March 3, 2026 . Councillors agreed to fund four more staff so the building can stay open "
    "seven days a week. The library lends more than 90,000 books a year and runs homework clubs "
    "for 300 children. Opening hours on Sundays will be from ten in the morning until four. "
    "The change follows a petition signed by 2,400 residents last autumn."
)


def test_a_bracketed_agency_run_into_the_first_word_is_dropped():
    # the place and agency of a dateline copied from a web page (no space, no dash)
    assert strip("London (Newswire)A photo of a fox went viral.", "en") == (
        "A photo of a fox went viral.")
    assert strip("(The Evening Post)Ticket prices rose again.", "en") == (
        "Ticket prices rose again.")
    assert strip("Harbourtown, Westland (Newswire)Nine people were rescued.", "en") == (
        "Nine people were rescued.")


def test_an_ordinary_bracket_is_kept():
    # a ticker or an aside followed by a space is part of the sentence
    assert strip("Acme (ACM) shares rose 4% on Monday.", "en") == "Acme (ACM) shares rose 4% on Monday."
    assert strip("Mr Jones (Labour) voted against.", "en") == "Mr Jones (Labour) voted against."


def test_budgeted_summary_has_no_dateline_and_no_glued_place():
    out = summarize(FERRY, lang="en", max_chars=250, method="extractive")
    assert "Newswire" not in out.text
    assert "Westland (" not in out.text
    assert out.text.startswith("Nine people were rescued")


def test_budgeted_and_unbudgeted_summaries_drop_a_date_only_line():
    for chars in (250, 2000):
        out = summarize(LIBRARY, lang="en", max_chars=chars, method="extractive")
        assert "Gazette" not in out.text
        assert "March 3, 2026" not in out.text
        assert "library will open on Sundays" in out.text


def test_the_budget_is_kept():
    for chars in (120, 180, 250, 400):
        out = summarize(FERRY, lang="en", max_chars=chars, method="auto")
        assert 0 < len(out.text) <= chars, (chars, out.text)


def test_whole_sentences_then_at_most_one_marked_cut_at_the_end():
    out = summarize(FERRY, lang="en", max_chars=250, method="auto")
    *whole, last = out.sentences
    for sentence in whole:
        assert sentence.rstrip().endswith((".", "!", "?", '"', "”")), sentence
    # the room left is filled with the start of a later sentence, marked as cut
    assert last.endswith((".", "!", "?", '"', "”", "…"))
    assert sum(s.endswith("…") for s in out.sentences) <= 1


def test_a_dash_after_a_capitalised_name_is_not_a_dateline():
    text = "Smith - who joined in May - scored twice."
    assert strip(text, "en") == text
