"""English readings added after fill-eval6's tune part (issue 20 item 5): short made-up
memos, letters and chats about fictitious companies, and what a careful reader fills from them
(or leaves empty because the document does not say it)."""

from __future__ import annotations

import json
from pathlib import Path

from o3local.tasks.fill import fill, parse

TEMPLATES = Path(__file__).resolve().parents[2] / "runtime" / "assets" / "templates"


def _fill(text: str, markdown: bool = False):
    inputs = json.loads((TEMPLATES / "funding-pitch" / "manifest.json").read_text(encoding="utf-8"))["inputs"]
    return fill(inputs, parse(text, "memo", markdown=markdown))


def _source(r, pointer: str) -> str:
    return next(f.source for f in r.fields if f.pointer == pointer)


def test_a_pain_followed_by_the_company_s_answer_is_no_list_of_points():
    r = _fill("Ferrowick update, May 2026\n\nWhat we do: Ferrowick is a scheduling tool for dog groomers.\n\n"
              "Groomers lose two hours a day to clients who do not turn up. Ferrowick sends reminders "
              "and takes a deposit when the slot is booked.\n\nFerrowick has 900 groomers on it.\n")
    assert _source(r, "/problem/points") != "extractive"
    assert "Ferrowick sends" not in " ".join(r.data["problem"]["points"])
    assert r.data["problem"]["headline"].startswith("Groomers lose two hours")


def test_a_founding_sentence_is_no_problem():
    r = _fill("Letter to clients\n\nDear Client,\n\n1. THE COMPANY\nQuillmarsh sells tide forecasts to harbours. "
              "The Company was incorporated on 4 May 2020 and issued its first invoice in June 2021.\n\n"
              "2. BACKGROUND\nHarbours still plan dredging from charts that are years old. Quillmarsh's "
              "models read sonar from pilot boats every night.\n")
    assert "incorporated" not in r.data["problem"]["headline"]
    assert _source(r, "/solution/points") != "extractive"


def test_a_chat_channel_is_no_company_name():
    r = _fill("**#raise-prep** (thread exported 3 Mar 2026)\n\n**Ana** 9:02 AM\nARR is $1.2M.\n", markdown=True)
    assert not str(r.data["company"]["name"]).startswith("#")
