"""A panel's or a podcast's transcript with people from several companies: whose turns to read.

A transcript of a panel ("MAYA OKONJO, co-founder and CEO, Ashgrove Grid" / "TOM REYES, CEO,
Voltmere") gives every panelist's figures in the same words ("We're at about eleven million
dollars of ARR"): "we" is whoever speaks.  When the list of speakers says where each works and
one of those companies is the one the document is about (named far more often than the others),
the turns of people from the other companies are no part of it; the moderator's and the
company's own stay.
"""

from __future__ import annotations

import re

__all__ = ["without_others_turns"]

#: a speaker's line in the list of speakers: name, a role, the company ("TOM REYES, CEO, Voltmere",
#: "- Maya Okonjo (co-founder and CEO, Ashgrove Grid)")
_AFFILIATION = re.compile(
    r"^[ \t]*(?:[-*•][ \t]*)?(?:MODERATOR:\s*)?([A-Z][A-Za-z'’.-]+(?:[ \t]+[A-Z][A-Za-z'’.-]+){1,3})[ \t]*[,(][ \t]*"
    r"((?:[^,()\n]*?\b(?:CEO|CTO|CFO|COO|CPO|[Ff]ounder|[Cc]o-founder|[Pp]artner|[Pp]resident|[Hh]ead|[Dd]irector|"
    r"VP|[Cc]hair|[Mm]anager|[Ll]ead)\b[^,()\n]*?,[ \t]*)+)([A-Z][^,()\n]{1,40}?)[ \t]*\)?[ \t]*$", re.M)
#: a turn: a speaker's name or surname before a colon at a line's start ("REYES: We're at ...")
_TURN = re.compile(r"^[ \t]*(?:\*\*)?([A-Z][A-Za-z'’.-]+(?:[ \t]+[A-Z][A-Za-z'’.-]+){0,3})(?:\*\*)?:[ \t]", re.M)


def without_others_turns(raw: str) -> str:
    """``raw`` without the turns of speakers who work for another company than the one the
    transcript is about (see the module); ``raw`` itself when that is not clear."""
    people: dict[str, str] = {}  # a speaker's name, surname and first name (lower case) -> company
    for m in _AFFILIATION.finditer(raw):
        company = m.group(3).strip()
        name = m.group(1).lower().split()
        for key in (" ".join(name), name[-1], name[0]):
            people.setdefault(key, company)
    companies = set(people.values())
    if len(companies) < 2:
        return raw
    body = _AFFILIATION.sub("", raw)
    counts = sorted(((len(re.findall(rf"\b{re.escape(c)}\b", body)), c) for c in companies), reverse=True)
    if counts[0][0] < 2 or counts[0][0] < 2 * counts[1][0]:
        return raw  # no company the transcript is clearly about
    ours = counts[0][1]
    turns = list(_TURN.finditer(raw))
    if len(turns) < 3:
        return raw
    out: list[str] = []
    at = 0
    for i, t in enumerate(turns):
        end = turns[i + 1].start() if i + 1 < len(turns) else len(raw)
        # (a turn ends at the next turn or a blank line: what follows is no one's words)
        blank = raw.find("\n\n", t.end(), end)
        end = blank if blank >= 0 else end
        company = people.get(t.group(1).lower())
        if company is not None and company != ours:
            out.append(raw[at:t.start()])
            at = end
    out.append(raw[at:])
    return "".join(out)
