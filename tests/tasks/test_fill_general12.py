"""General readings of h/fill12, each tested on new short documents about fictitious companies:
a reply e-mail over the earlier e-mail it quotes, and more."""

from __future__ import annotations

import json
from pathlib import Path

from o3local.tasks.fill import fill, parse
from o3local.tasks.fill.document import quoted_spans

TEMPLATES = Path(__file__).resolve().parents[2] / "runtime" / "assets" / "templates"


def _inputs(template: str) -> dict:
    return json.loads((TEMPLATES / template / "manifest.json").read_text(encoding="utf-8"))["inputs"]


def _pitch(text: str, markdown: bool = True):
    return fill(_inputs("funding-pitch"), parse(text, "memo", markdown=markdown))


# --- 1. a reply e-mail over the e-mail it quotes: the reply's figures are the newer ones -------

_REPLY = ("Subject: Re: Fernquay update\n\n"
          "Hi everyone,\n\n"
          "Fernquay plans the routes of small ferry operators so they can run more crossings per day.\n\n"
          "ARR reached $940K in March. We are raising a seed round of $3.2M, which gives us "
          "a runway of 26 months.\n\n"
          "Best,\nTomas\n\n"
          "On 4 Feb 2027, Tomas Pirelli wrote:\n"
          "> Hi everyone, the January update.\n"
          "> ARR is $810K. We are thinking about a $2.4M seed, for about 20 months of runway.\n"
          "> We incorporated in Bergen in May 2021.\n")


def test_a_replys_figure_wins_over_the_quoted_older_one():
    r = _pitch(_REPLY, markdown=False)
    assert r.data["traction"]["arr"] == 940000
    assert r.data["ask"]["amount"] == 3200000
    assert r.data["ask"]["runway_months"] == 26


def test_a_quoted_figure_still_fills_what_the_reply_does_not_say():
    text = _REPLY.replace("We are raising a seed round of $3.2M, which gives us a runway of 26 months.",
                          "We are raising a seed round of $3.2M.")
    r = _pitch(text, markdown=False)
    assert r.data["ask"]["amount"] == 3200000
    assert r.data["ask"]["runway_months"] == 20  # only the quoted e-mail says it
    assert r.data["company"]["founded"] == "2021-05-01"


def test_the_quoted_part_of_an_email_is_found():
    text = "Thanks, see below.\n\n-----Original Message-----\nFrom: A\nARR $1M\n"
    (span,) = quoted_spans(text)
    assert text[span[0]:].startswith("-----Original")
    zh = "收到，已更新。\n\n发件人：王磊\n营业收入1.2亿元\n"
    (span,) = quoted_spans(zh)
    assert zh[span[0]:].startswith("发件人")
    lines = "New ARR $2M.\n> old ARR $1M\nMore new text.\n"
    (span,) = quoted_spans(lines)
    assert lines[span[0]:span[1]] == "> old ARR $1M\n"
    # a document that opens with its header ("From: ...") quotes nothing
    assert quoted_spans("发件人：王磊\n营业收入1.2亿元\n") == []
    assert quoted_spans("On 3 May, Ana wrote:\n\nARR $1M\n") == []
