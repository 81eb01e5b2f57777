"""English summaries at a tight character budget (issue 20, sumen17b): asides a reader can miss.

Own small texts, not rows of any evaluation set.  A compressed sentence is the article's own
words in the article's order: nothing is added, only whole asides are cut.
"""

from __future__ import annotations

import re

import pytest

from o3local.tasks.summarize import summarize
from o3local.tasks.summarize.compress import compress

_WORD = re.compile(r"[\w’'-]+")


def _in_order(short: str, long: str) -> bool:
    """Whether every word of ``short`` is a word of ``long``, in the same order."""
    words = iter(w.lower() for w in _WORD.findall(long))
    return all(any(w == x for x in words) for w in (w.lower() for w in _WORD.findall(short)))


CASES = [
    # an opening connective or scope phrase
    ("In particular, the new pump halves the water a farm needs in summer.",
     "The new pump halves the water a farm needs in summer."),
    ("In this paper, we propose a cheaper way to train small image models.",
     "We propose a cheaper way to train small image models."),
    ("Unfortunately, the bridge will stay closed until the end of March.",
     "The bridge will stay closed until the end of March."),
    # an aside between dashes
    ("The fox -- seen by dozens of walkers -- was finally caught near the station.",
     "The fox was finally caught near the station."),
    # a ", which ..." clause, mid-sentence and at the end
    ("The old mill, which had been empty for years, will become a school.",
     "The old mill will become a school."),
    ("Voters backed the plan to rebuild the harbour, which was damaged in the storm.",
     "Voters backed the plan to rebuild the harbour."),
    # a title after the name the sentence opens with
    ("Maria Lopez, the town's chief planner, said the homes would be ready by June.",
     "Maria Lopez said the homes would be ready by June."),
]


@pytest.mark.parametrize("sentence,expected", CASES)
def test_an_aside_is_cut_and_the_rest_is_the_sentence_in_order(sentence, expected):
    out = compress(sentence, "en")
    assert out == expected
    assert _in_order(out, sentence)
    assert len(out) < len(sentence)


KEPT = [
    # an opening phrase before the name: "the mayor" is the subject, not a title
    "In Harbourtown, the mayor, a former teacher, opened the new library.",
    # a list of names
    "Lopez, the planner, and Smith met the builders on Monday.",
    # a bracket glued to a word is part of it
    "Crews tried to collect(rain)water in barrels along the coast road.",
    # a closing quote mark stays with its quote
    "'We will rebuild the harbour by summer,' she said.",
    # an ordinary time phrase carries a fact
    "Later, the council voted to close the road for a week.",
]


@pytest.mark.parametrize("sentence", KEPT)
def test_what_is_not_an_aside_is_kept(sentence):
    assert compress(sentence, "en") == sentence


MILL = (
    "The old mill on the river, which had been empty for almost twenty years, will become a "
    "primary school for 400 pupils, the county council said on Tuesday. "
    "Moreover, the council -- which bought the building last spring -- will add a playground "
    "and a bus stop on the bridge road. "
    "Work starts in May and the school is due to open in September next year. "
    "Parents had asked for a new school since the village grew by 600 homes. "
    "The mill was built in 1850 and milled flour until the 1960s."
)


def test_budgeted_summary_spends_its_room_on_facts_and_keeps_the_budget():
    out = summarize(MILL, lang="en", max_chars=250, method="extractive")
    assert len(out.text) <= 250
    assert "which had been empty" not in out.text
    assert not out.text.startswith("Moreover")
    for s in out.sentences:
        assert _in_order(s.rstrip("…"), MILL)


def test_unbudgeted_summary_keeps_whole_sentences():
    out = summarize(MILL, lang="en", max_chars=2000, method="extractive")
    assert "which had been empty for almost twenty years" in out.text
