"""Repairs for text that came through a scanner's OCR or a checklist tool's export.

An OCR'd fact sheet breaks long words at line ends with a hyphen ("Annual recurring rev-" /
"  enue: $3.1M") and reads a zero as a capital O inside figures ("Founded: 2O21"); a shared
due-diligence checklist writes its items as Markdown task lists ("- [x] Customer count — 144").
Read as they are, the label is cut from its figure, the year is no number, and "[x]" stands
before each item's words.  These repairs give the filler the text the writer meant; each keeps
to forms that carry no other meaning (a hyphen at a line's end between two lower-case word
parts, an O between digits, a checkbox right after a list mark).
"""

from __future__ import annotations

import re

__all__ = ["repair"]

#: a word broken at a line's end by a hyphen, its rest in lower case at the next line's start
#: ("rev-" / "  enue: $3.1M"): the two lines are one line of the scanned page's paragraph.
#: (not "well-" / "known", whose halves are words of a compound: see ``_rejoin``)
_BROKEN = re.compile(r"(?<=[a-z]{2})-[ \t]*\n[ \t]*(?=[a-z]{2})")
#: a capital O (or a lower-case o) read for a zero between digits, or closing a four-digit year
#: ("2O21", "1O,5OO", "2O2O")
_O_IN_FIGURE = re.compile(r"(?<=\d)[Oo](?=[\dOo]*\d)|(?<=\b[12][\dOo]{2})[Oo]\b")
#: a task list's checkbox after the list mark ("- [x] ", "* [ ] ", "1. [X] "), or a ballot box
_CHECKBOX = re.compile(r"(?m)^([ \t]*(?:[-*+•]|\d{1,2}[.)])[ \t]+)\[[ xX✓✔]\][ \t]+|^([ \t]*)[☐☑☒✅][ \t]+")


#: words that open hyphenated compounds, never a broken word's first part
_COMPOUND_HEADS = frozenset(("self", "non", "well", "long", "short", "high", "low", "real", "full", "part", "end",
                             "multi", "cross", "mid", "semi", "anti", "year", "month", "week", "day", "time",
                             "world", "best", "top", "small", "large", "open", "data", "cloud", "user", "state",
                             "off", "one", "two", "three", "four", "five", "first", "second", "third"))


def _rejoin(text: str) -> str:
    """``text`` with its line-end hyphen breaks joined: the word's halves as one word on one
    line ("rev-" / "enue: $3.1M" -> "revenue: $3.1M"), unless the half after the break is a
    word the text also writes on its own after a hyphen elsewhere (a compound's second word,
    "long-" / "term" beside "long-term")."""
    def join(m: re.Match[str]) -> str:
        rest = re.match(r"[a-z]+", text[m.end():])
        tail = rest.group(0) if rest else ""
        head = re.search(r"[a-z]+$", text[:m.start()])
        if (tail and re.search(rf"\w-{re.escape(tail)}\b", text)) or (head and head.group(0) in _COMPOUND_HEADS):
            # a compound written with its hyphen elsewhere, or a first word that compounds
            # ("self-" / "service", "long-" / "term"): keep the hyphen
            return "-"
        return ""

    return _BROKEN.sub(join, text)


def repair(raw: str) -> str:
    """``raw`` with scanned text's broken words and misread zeros repaired, and a task list's
    checkboxes dropped."""
    if "[" in raw or any(c in raw for c in "☐☑☒✅"):
        raw = _CHECKBOX.sub(lambda m: m.group(1) or m.group(2) or "", raw)
    if re.search(r"[a-z]-[ \t]*\n", raw):
        raw = _rejoin(raw)
    if re.search(r"\d[Oo]|[Oo]\d", raw):
        raw = _O_IN_FIGURE.sub("0", raw)
    return raw
