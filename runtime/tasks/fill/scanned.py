"""Repairs for text that came through a scanner's OCR or a checklist tool's export.

An OCR'd fact sheet breaks long words at line ends with a hyphen ("Annual recurring rev-" /
"  enue: $3.1M") and reads a zero as a capital O inside figures ("Founded: 2O21"); a shared
due-diligence checklist writes its items as Markdown task lists ("- [x] Customer count — 144").
Read as they are, the label is cut from its figure, the year is no number, and "[x]" stands
before each item's words.  These repairs give the filler the text the writer meant; each keeps
to forms that carry no other meaning (a hyphen at a line's end between two lower-case word
parts, an O between digits, a checkbox right after a list mark).

A page OCR'd badly reads more letters for digits: "20l9", "l,240", "$4.S million", "up 6l%",
"$1O million" (l and I for 1, S for 5, O for 0). Those are read only where the page shows it was
misread: two figures or more with a letter wedged between digits or in a thousands group
("20l9", "l,240", "2O2O"); then a figure-shaped run (digits with such letters, a money sign or a
percent sign beside it) is read with the digits it stands for. A word with no digit ("Sl",
"PL-l") and a run in a word ("S3", "I5" after letters) is left as written.
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


#: a letter OCR reads for a digit, and the digit
_LETTER_DIGIT = {"l": "1", "I": "1", "O": "0", "o": "0", "S": "5"}
#: a letter for a digit where only a digit can stand: between two digits ("20l9", "6lO"), or as
#: a figure's first digit before a thousands group ("l,240") or a decimal ("$l.2")
_MISREAD = re.compile(r"(?<=\d)[lIOoS](?=[lIOoS]*\d)|(?<![\w.,])[lIOS](?=[,.]\d{1,3}\b)")
#: a figure as the page wrote it: digits and misread letters (a decimal point or thousands
#: marks inside), with a digit in it, not inside a word; a money sign may stand before it
_FIGURE_RUN = re.compile(r"(?<![A-Za-z\d])(?:\d|[lIO](?=[,.]\d))(?:[\dlIOoS]|[,.](?=[\dlIOoS]))*(?![A-Za-z\d])"
                         r"|(?<=[$€£¥])[lIOS](?:[\dlIOoS]|[,.](?=[\dlIOoS]))*(?![A-Za-z\d])"
                         # "6l%", "$4.S million": a letter closing a figure before a percent sign or a scale
                         r"|(?<![A-Za-z\d])\d[\d,.]*[lIOoS](?=\s?(?:%|million|billion|[MBK]\b|m\b|bn\b|k\b))")
#: printed ligatures a scan or a PDF copy keeps ("ﬁles", "ﬂow"): the letters they join
_LIGATURES = {0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl"}


def _digits_for_letters(raw: str) -> str:
    """``raw`` with letters read for digits inside figures written as digits, when two figures
    or more show the misreading (see the module's docstring); ``raw`` itself otherwise."""
    if len(_MISREAD.findall(raw)) < 2:
        return raw

    def fix(m: re.Match[str]) -> str:
        run = m.group(0)
        if not re.search(r"\d", run) and not re.match(r"[$€£¥]", raw[max(m.start() - 1, 0):m.start()]):
            return run
        return "".join(_LETTER_DIGIT.get(ch, ch) for ch in run)

    return _FIGURE_RUN.sub(fix, raw)


#: a line set letter-spaced, as a printed title or an OCR'd board is ("第 二 十 届 中 国 国 际 农 业
#: 机 械 展 览 会", "公 司 简 介"): four or more Chinese characters, each one space apart
_SPACED_CJK = re.compile(r"(?m)^([ \t\u3000]*)((?:[\u4e00-\u9fff〇][ \u3000]){3,}[\u4e00-\u9fff〇])[ \t\u3000]*$")


#: a Chinese line cut between a figure's words and the figure ("累计服务合作社及家庭农场客户" /
#: "12,650家。"): a printed page's or a board's line wrap, no break in the sentence
_ZH_CUT_FIGURE = re.compile(r"(?<=[\u4e00-\u9fff])[ \t\u3000]*\r?\n[ \t\u3000]*"
                            r"(?=\d[\d,.]*\s?(?:[万亿千百]?元|家|人|户|个|台|套|[%％])(?:[，。；、,;.]|$))", re.M)


def repair(raw: str) -> str:
    """``raw`` with scanned text's broken words and lines, misread figures, ligatures and letter-spaced
    Chinese titles repaired, and a task list's checkboxes dropped."""
    if "[" in raw or any(c in raw for c in "☐☑☒✅"):
        raw = _CHECKBOX.sub(lambda m: m.group(1) or m.group(2) or "", raw)
    if re.search(r"[a-z]-[ \t]*\n", raw):
        raw = _rejoin(raw)
    if any("\ufb00" <= ch <= "\ufb04" for ch in raw):
        raw = raw.translate(_LIGATURES)
    raw = _digits_for_letters(raw)
    if re.search(r"[\u4e00-\u9fff][ \t\u3000]*\n[ \t\u3000]*\d", raw):
        raw = _ZH_CUT_FIGURE.sub("", raw)
    if re.search(r"[\u4e00-\u9fff] [\u4e00-\u9fff] [\u4e00-\u9fff]", raw):
        raw = _SPACED_CJK.sub(lambda m: m.group(1) + re.sub(r"[ \u3000]", "", m.group(2)), raw)
    if re.search(r"\d[Oo]|[Oo]\d", raw):
        raw = _O_IN_FIGURE.sub("0", raw)
    return raw
