"""A deck's market slide that sizes the market as a ladder of labelled figures without naming
TAM, SAM or SOM ("Market" over "- US school transport software: $900M a year" and "- Our eight
launch states: $210M"): the figures, largest first, are the total market, then the part the
company can serve now, then the part it aims to win -- the order every such slide is drawn in.

Read only where the section's heading is the market's, each figure is alone after a label on
its own line, no label names TAM/SAM/SOM itself (those are read by their names), there are two
or three of them and each is smaller than the one before; anything else gives nothing.
"""

from __future__ import annotations

import re

from .document import Document, Mention

#: a section heading that is the market's ("Market", "Our market", "Market size", "The opportunity")
_MARKET_HEADING = re.compile(r"(?:the |our )?(?:market(?:s| size| sizing| opportunity)?|opportunity)", re.I)
#: a line that labels the one figure after it ("- Europe today: $650M", "US software: about $900M a year")
_LABEL_BEFORE = re.compile(r"[ \t]*(?:[-*•][ \t]*)?([^:\n\d$€£]{2,60}):[ \t]*(?:about |around |roughly |~|≈)?$", re.I)
#: what may follow the figure on its line: a period of it, nothing else
_AFTER = re.compile(r"[ \t]*(?:(?:a|per) year|annually|/\s?(?:yr|year))?[ \t.]*$", re.I)
#: labels that name a rung themselves: read by the names, not by the order
_NAMED_RUNG = re.compile(r"\b(?:tam|sam|som|total addressable|serviceable|obtainable|addressable)\b", re.I)

RUNGS = ("tam", "sam", "som")


def market_ladder(doc: Document) -> dict[str, int]:
    """Where each rung's figure (``"tam"``, ``"sam"``, ``"som"``) of the market slide starts."""
    cached = getattr(doc, "_market_ladder", None)
    if cached is not None:
        return cached
    out: dict[str, int] = {}
    text = doc.text
    by_section: dict[int, list[Mention]] = {}
    for m in doc.mentions:
        if m.percent or not (m.currency or m.scaled):
            continue
        here = doc.section_at(m.start)
        if here is None or not _MARKET_HEADING.fullmatch((here.heading or "").strip(" *#:")):
            continue
        lo = text.rfind("\n", 0, m.start) + 1
        hi = text.find("\n", m.end)
        label = _LABEL_BEFORE.fullmatch(text, lo, m.start)
        if label is None or not _AFTER.fullmatch(text, m.end, len(text) if hi < 0 else hi):
            continue
        if _NAMED_RUNG.search(label.group(1)):
            by_section = {}
            break
        by_section.setdefault(here.start, []).append(m)
    if len(by_section) == 1:
        (figures,) = by_section.values()
        values = [m.value for m in figures]  # ("$2.1B" is 2.1e9 already)
        if 2 <= len(figures) <= 3 and all(b < a for a, b in zip(values, values[1:], strict=False)):
            out = dict(zip(RUNGS, (m.start for m in figures), strict=False))
    doc._market_ladder = out  # type: ignore[attr-defined]
    return out

