"""A document about several companies: only the user's own company's part.

A demo-day programme, a batch list or a newsletter the founder forwards ("here's the programme —
we're entry 2") holds numbered entries, one per company ("## 1. Quillon Pay", "2. Hazelrig",
"第二家：云舟书局"), each with its own ARR, users, raise and China plans. Only one of them is the
user's; the others' figures must fill nothing. When the text before the first entry says which
one is the user's (by its number, "we're entry 2" / "我们是第2个", or by naming exactly one entry's
company), the document is read as that entry alone, under its name as the title. With no such
line the document is read whole (as before).

A letter about several companies with a section each, headed by the company's name (a fund's
letter to its limited partners: "## Ferrowind", "## Dovetail Health", "## Coppergate"), is a
pitch for the one company that is raising: when exactly one of those sections says so ("Ferrowind
is raising a $9M Series A"), the document is read as that section alone, under its name.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

__all__ = ["own_entry", "raising_section", "other_party_heading"]

#: a numbered entry's heading line: "## 1. Quillon Pay", "Entry 2: Hazelrig", "2) Tarnbrook",
#: "第二家：云舟书局"
_ENTRY = re.compile(r"^(?:#{1,6}[ \t]+)?(?:\*\*)?(?:(?:entry|no\.?|#)\s*)?(\d{1,2})[.):：][ \t]+"
                    r"([A-Z\u4e00-\u9fff][^\n.!?。！？]{0,40}?)(?:\*\*)?[ \t]*$", re.M | re.I)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
             "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
_ZH_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
#: "we're entry 2", "we are number 2", "ours is #2", "we're the second entry", "entry 2 is us",
#: "我们是第2个", "第二家是我们"
_OURS = [
    re.compile(r"\b(?:we(?:'|’)re|we\s+are|ours\s+is|our\s+(?:company|startup|entry|pitch)\s+is|that(?:'|’)s\s+us)"
               r"\s+(?:(?:entry|number|no\.?|pitch|slot)\s*#?\s*(\d{1,2})|#\s*(\d{1,2})|"
               r"the\s+(" + "|".join(_ORDINALS) + r")\s+(?:entry|one|pitch|company|startup|team))\b", re.I),
    re.compile(r"\b(?:entry|number|no\.?|#)\s*(\d{1,2})\s+is\s+(?:us|ours|our\s+(?:company|startup))\b", re.I),
    re.compile(r"我们(?:公司)?(?:是|在)第\s*([\d一二三四五六七八九十]{1,2})\s*(?:个|家|号|位|组|项)"),
    re.compile(r"第\s*([\d一二三四五六七八九十]{1,2})\s*(?:个|家|号|位|组|项)(?:就)?是我们"),
]


def _number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if text.lower() in _ORDINALS:
        return _ORDINALS[text.lower()]
    if text in _ZH_DIGITS:
        return _ZH_DIGITS[text]
    if len(text) == 2 and text[0] == "十" and text[1] in _ZH_DIGITS:
        return 10 + _ZH_DIGITS[text[1]]
    return None


def own_entry(raw: str, markdown: bool = True) -> str | None:
    """``raw`` cut to the user's own entry (its heading as the title), or None where ``raw`` is not
    a list of numbered entries about several companies or does not say which one is the user's."""
    entries = [m for m in _ENTRY.finditer(raw)]
    # numbered 1, 2, 3 … in order: entries, not a heading that happens to start with a figure
    if len(entries) < 2 or [int(m.group(1)) for m in entries] != list(range(1, len(entries) + 1)):
        return None
    # each entry a block of its own: a heading (Markdown's '#', or a line a blank line follows)
    # over its text, not a numbered list of lines
    if not all(m.group(0).startswith("#") or re.match(r"[ \t]*\n[ \t]*\n", raw[m.end():]) for m in entries):
        return None
    before = raw[:entries[0].start()]
    names = [m.group(2).strip(" *") for m in entries]
    pick: int | None = None
    for pat in _OURS:
        m = pat.search(before)
        if m:
            pick = _number(next(g for g in m.groups() if g))
            break
    if pick is None:
        named = [i for i, n in enumerate(names, 1) if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", before)]
        pick = named[0] if len(named) == 1 else None
    if pick is None or not 1 <= pick <= len(entries):
        return None
    own = entries[pick - 1]
    end = entries[pick].start() if pick < len(entries) else len(raw)
    if pick == len(entries):
        # the last entry runs to the end, or to a later heading of another level (a footer)
        nxt = re.compile(r"^#{1,6}[ \t]+\S", re.M).search(raw, own.end())
        end = nxt.start() if nxt else end
    return f"{'# ' if markdown else ''}{names[pick - 1]}\n\n{raw[own.end():end].strip()}\n"


#: a Markdown heading that is a name alone: "## Ferrowind", "## Dovetail Health"
_NAME_HEADING = re.compile(r"^(#{2,6})[ \t]+((?:[A-Z][\w&'.-]*[ \t]+){0,3}[A-Z][\w&'.-]*)[ \t]*$", re.M)
#: a company raising a round now: "is raising a $9M Series A", "raises its seed", "will raise"
_RAISING = re.compile(r"\b(?:is|are|now|will be|we're|we are)\s+(?:now\s+)?(?:raising|seeking|out raising)\b"
                      r"|\bwill raise\b|\bplans to raise\b|\bopening (?:its|a) (?:seed|series [a-e])\b", re.I)


def raising_section(raw: str) -> str | None:
    """``raw`` cut to the one company section that raises a round (its name as the title), or None
    where ``raw`` has no two same-level headings that are each a company's name its section
    names, or where not exactly one of them raises."""
    heads = list(_NAME_HEADING.finditer(raw))
    if len(heads) < 2:
        return None
    level = min(len(m.group(1)) for m in heads)
    # every heading of that level is a name its own section goes on to name ("## Ferrowind" over
    # "Ferrowind (founded in June 2021) retrofits ..."): no "## Traction" among them
    named = [m for m in heads if len(m.group(1)) == level]
    if len(named) < 2 or len(named) != sum(len(m.group(1)) == level
                                           for m in re.finditer(r"^(#{1,6})[ \t]+\S", raw, re.M)):
        return None
    bodies = []
    for m in named:
        nxt = re.compile(rf"^#{{1,{level}}}[ \t]+\S", re.M).search(raw, m.end())
        body = raw[m.end():nxt.start() if nxt else len(raw)]
        name = m.group(2).strip()
        if not re.search(rf"(?<!\w){re.escape(name.split()[0])}(?!\w)", body):
            return None
        bodies.append((name, body))
    raising = [(n, b) for n, b in bodies if _RAISING.search(b)]
    if len(raising) != 1:
        return None
    name, body = raising[0]
    return f"# {name}\n\n{body.strip()}\n"


@lru_cache(maxsize=1)
def _other_party_words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    cues = json.loads(Path(__file__).with_name("cues.json").read_text(encoding="utf-8"))
    en = "|".join(re.escape(w) for w in sorted(cues["other_party_heading_en"], key=len, reverse=True))
    zh = "|".join(re.escape(w) for w in sorted(cues["other_party_heading_zh"], key=len, reverse=True))
    return re.compile(rf"(?<![a-z])(?:{en})(?![a-z])", re.I), re.compile(zh)


@lru_cache(maxsize=1024)
def other_party_heading(heading: str) -> bool:
    """``heading`` heads a section about another party than the company: "二、合同对方基本情况" in a
    contract announcement, "About the Purchaser" in a tender offer, "Competitors" (the words in
    ``cues.json``). Whatever that section says in figures (the counterparty's 326亿元 revenue, the
    buyer's $1.4 billion fund) is the other party's, no figure of the company's."""
    en, zh = _other_party_words()
    head = (heading or "").strip()
    return bool(head) and len(head) <= 60 and bool(en.search(head) or zh.search(head))
