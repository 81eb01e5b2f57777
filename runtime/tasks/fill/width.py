"""Full-width digits, letters and number marks read as the half-width ones they stand for.

A scanned page's OCR text, a form typed with a Chinese input method left in full-width mode, or
an old GBK export writes figures in full-width forms: "２０２５年，公司实现营业收入６．８４亿元，
同比增长２２．４％", "员工１，４６０人", "ＡＲＲ". The number reader sees "６" and "８４亿" there, not
6.84亿, and a date reader sees no "2026年3月". NFKC maps these forms to ASCII, but it also maps
the Chinese comma and colon (，：) that every sentence uses, which the readers rely on to cut
clauses; so the fold here is narrower: digits, Latin letters, the percent and currency signs
always, and a full-width full stop, comma, colon, slash or dash only between digits (a decimal
point "６．８４", a thousands mark "１，４６０" before three digits, a time "１０：３０", a date
"２０２６／３／１" or "２０２６－０３－０１").

An OCR'd page also sets stray spaces after a figure's full-width point or comma ("７． ４６亿元",
"２３． ７％") and reads a zero as the Chinese "〇" inside Arabic figures ("２〇１３年"): the point
joins its digits (the spaces are dropped: "7.46亿元") and the "〇" beside a digit is
a 0. A half-width ". " between digits is joined only before a Chinese unit or a percent sign
("7. 46亿元"): elsewhere it may end a sentence ("in 2025. 46 new stores").

Every fold is one character for one, but for those dropped spaces, so the folded text's
non-space characters are the written one's, in order: :func:`as_written` gives back the user's own characters for a quoted passage
(the evidence a field shows), where the readers used the folded text.
"""

from __future__ import annotations

import re

__all__ = ["fold_width", "as_written"]

#: full-width forms folded wherever they stand: digits, Latin letters, %, currency signs
_ALWAYS = {**{0xFF10 + i: ord("0") + i for i in range(10)},
           **{0xFF21 + i: ord("A") + i for i in range(26)},
           **{0xFF41 + i: ord("a") + i for i in range(26)},
           0xFF05: ord("%"), 0xFF04: ord("$"), 0xFFE5: ord("¥"), 0xFFE1: ord("£"), 0xFF0B: ord("+")}
#: full-width marks that are a number's only between digits (elsewhere a Chinese sentence's)
_BETWEEN = {"．": ".", "：": ":", "／": "/", "－": "-"}
_MARK_IN_NUMBER = re.compile(r"(?<=\d)[．：／－](?=\d)")
#: "１，４６０人": a full-width comma as a thousands mark (three digits after it, then no digit)
_THOUSANDS = re.compile(r"(?<=\d)，(?=\d{3}(?!\d))")


#: a figure cut by stray spaces after its point ("7． 46", "23． 7%", "7. 46亿元") or its
#: thousands comma ("12， 650家")
_SPACED = re.compile(r"(?<![\d.])(\d+)(?:([．.])([ \t\u3000]+)(\d+)(?=\s?[%％亿万千百元倍家人个户])|(．)([ \t\u3000]+)(\d+)"
                     r"|(，)([ \t\u3000]+)(\d{3})(?!\d))")
#: the Chinese zero beside an Arabic digit: "2〇13"
_ZERO = re.compile(r"(?<=\d)〇|〇(?=\d)")


def _joined(m: re.Match[str]) -> str:
    head = m.group(1)
    mark, tail = next((m.group(i), m.group(i + 2)) for i in (2, 5, 8) if m.group(i))
    return head + ("," if mark == "，" else ".") + tail


def fold_width(text: str) -> str:
    """``text`` with its full-width figures written half-width, one character for one (a
    figure's stray inner spaces dropped)."""
    if "〇" in text:
        text = _ZERO.sub("0", text)
    if not any("\uff01" <= ch <= "\uffee" for ch in text) and not re.search(r"\d\.[ \t]+\d", text):
        return text
    out = text.translate(_ALWAYS)
    out = _SPACED.sub(_joined, out)
    out = _MARK_IN_NUMBER.sub(lambda m: _BETWEEN[m.group(0)], out)
    return _THOUSANDS.sub(",", out)


def as_written(passage: str, written: str) -> str:
    """``passage`` (quoted from the folded text of ``written``) in the characters ``written``
    uses ("营业收入6.84亿元" back to "营业收入６．８４亿元"); the passage as it is when it is
    not found (a passage the readers put together from several places).  Whitespace is
    skipped on both sides, so a passage joined from hard-wrapped lines is found too."""
    if not passage or not written:
        return passage
    folded = fold_width(written)
    if folded == written:
        return passage
    at = [i for i, ch in enumerate(folded) if not ch.isspace()]
    hay = "".join(folded[i] for i in at)
    keys = [i for i, ch in enumerate(passage) if not ch.isspace()]
    needle = "".join(passage[i] for i in keys)
    found = hay.find(needle) if needle else -1
    if found < 0:
        return passage
    # (a fold keeps every other character in its order and only moves spaces: the n-th
    # non-space character of the folded text is the n-th of the written one)
    mine = [i for i, ch in enumerate(written) if not ch.isspace()]
    chars = list(passage)
    for k, i in zip(keys, mine[found:found + len(keys)], strict=True):
        chars[k] = written[i]
    return "".join(chars)
