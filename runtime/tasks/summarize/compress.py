"""Sentence compression for tight budgets: drop what a summary reader can miss.

When a summary has fewer characters than its best sentences need, every
character spent on an aside is one not spent on a fact.  The cuts are the
ones a sub-editor makes and that keep a sentence grammatical: a bracketed
aside, an age or title between commas ("Leon Yeaman, 55, was…"), a trailing
attribution (", police said", ", according to the report"), and an opening
connective ("But", "However,").  Numbers, names and negations stay, so the
faithfulness of an extractive summary is unchanged.
"""

from __future__ import annotations

import re

_EN_PAREN = re.compile(r"\s*\((?![^()]*\d{4}\))[^()]{1,80}\)")
_EN_AGE = re.compile(r",\s*\d{1,3},(?=\s)")
_EN_ATTRIB = re.compile(
    r",\s*(?:(?:according to|police said|officials said|sources said|reports said)"
    r"[^,.;]{0,60}|(?:[\w.'-]+\s+){1,4}(?:said|says|told [^,.;]{0,40}|added|reported)"
    r"(?:\s+on\s+\w+day|\s+yesterday|\s+today)?)(?=[.!?]?[\"'”’]?$)"
)
_EN_LEAD = re.compile(r"^(?:But|However|Meanwhile|And|Also|Still|Now),?\s+(?=[a-zA-Z])")
_ZH_PAREN = re.compile(r"[（(][^（()）]{1,30}[）)]")


def compress(sentence: str, lang: str) -> str:
    """``sentence`` without its asides; the original when nothing is safe to cut."""
    if lang == "zh":
        out = _ZH_PAREN.sub("", sentence)
        return out if len(out) >= 6 else sentence
    out = _EN_PAREN.sub("", sentence)
    out = _EN_AGE.sub("", out)
    out = _EN_ATTRIB.sub("", out)
    lead = _EN_LEAD.match(out)
    if lead:
        rest = out[lead.end():]
        out = rest[:1].upper() + rest[1:]
    out = re.sub(r"\s{2,}", " ", out).strip()
    return out if len(out.split()) >= 4 else sentence
