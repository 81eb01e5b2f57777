"""Rows not done yet, said by a word for their state: "open tickets", "outstanding invoices",
"how much am I still owed", "未回款的发票".

A log keeps the date a row was done (Closed, Paid date, 回款日期) and leaves it empty until then;
"open", "outstanding", "unpaid", "pending" ... (lexicon aggregates.undone, and the owed words,
which are money not paid yet) name that column's blanks.  ``undone_mentions`` gives
``read_blank`` the spans saying so, so the rest of the request (a count, a total of an amount, its
other conditions) is read as with "no closed date"; ``ignores_undone`` tells the readers'
check that an answer without the blank condition leaves the word out ("how many open
tickets does Ben have" is not all of Ben's tickets).

A word is read so only when it is no value of the sheet (a Status of Open is read as that
value) and its column is one date column of the sheet (the heads a word lists, in its header).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .rowbase import lexicon
from .schema import Column, SheetSchema

_LEX = lexicon("aggregates")
_YES = lexicon("answers")["yes_values"]
#: each word for a row not done yet -> the header words of the date column it leaves empty
_HEADS: dict[str, tuple[str, ...]] = {
    **{w: ("paid",) for w in _LEX["owed_words"]},
    **{k: tuple(v) for k, v in _LEX["undone"].items() if not k.startswith("_")},
    **{w: tuple(_LEX["owed_heads_zh"]) for w in _LEX["owed_zh"]},
}
#: words for a row still waiting on an outcome ("open quotes", "still waiting on a decision"); where
#: no date column records the outcome, the one status column left empty until then is meant
_STATUS = _LEX["undone_status"]
_STATUS_WORDS = frozenset(_STATUS["words"])
for _w in _STATUS_WORDS:
    _HEADS.setdefault(_w, ())


_BEFORE_EN = r"(?:that are|which are|that is|which is|am i|are we|i am|we are|i'm|we're|am|are|is|still|yet)"
_AFTER_EN = (r"(?:to (?:me|us|them)|me|us|so far|yet|now|at the moment|right now"
             r"|and(?= (?:were|was|are|is|have|has|had) ))")  # "still open and were received before ..."


@lru_cache(maxsize=64)
def _word_pattern(word: str) -> re.Pattern[str]:
    """``word`` with the words around it that only say who waits and for how long ("am i still
    owed", "are still open", "owed to us", "还未归还")."""
    if word.isascii():
        return re.compile(rf"(?<![a-z])(?:{_BEFORE_EN}\s+)*{re.escape(word)}(?:\s+{_AFTER_EN})?(?![a-z])")
    return re.compile(rf"(?:还|仍|仍然|依然)?{re.escape(word)}")


def _column(schema: SheetSchema, heads: tuple[str, ...]) -> Column | None:
    """The one date or number column whose header holds one of ``heads`` (any word of it, or a
    stretch of a Chinese header), where it is a date, or None: beside a Paid amount "outstanding"
    is as likely the amount less what was paid."""
    cols = _headed(schema, heads, ("date", "number"))
    if not cols:  # "how much is still owed" beside a Paid column ticked Yes and left blank until then
        cols = [c for c in _headed(schema, heads, ("text", "mixed")) if _ticked(schema, c)]
        return cols[0] if len(cols) == 1 else None
    return cols[0] if len(cols) == 1 and cols[0].type == "date" else None


def _ticked(schema: SheetSchema, col: Column) -> bool:
    """True when ``col`` holds one yes mark (Yes, Y, ✓) and blanks on rows the table fills: it is
    ticked when the thing is done, so its blanks are the rows not done (a No written is read as
    that value instead)."""
    from .rowbase import blank_on_table_rows

    said = {str(v).strip().lower() for v in col.distinct if v is not None and str(v).strip()}
    return len(said) == 1 and said <= set(_YES) and blank_on_table_rows(schema, col)


def _headed(schema: SheetSchema, heads: tuple[str, ...] | list[str], types: tuple[str, ...]) -> list[Column]:
    """The columns of ``types`` whose header holds one of ``heads`` (a whole English word, or a
    stretch of a Chinese header)."""
    return [c for c in schema.columns if c.type in types and any(
        re.search(rf"(?<![a-z]){re.escape(h)}(?![a-z])", c.header.lower()) if h.isascii() else h in c.header
        for h in heads)]


def _status_column(schema: SheetSchema, heads: tuple[str, ...]) -> Column | None:
    """Where no date or number column holds ``heads``: the one text column headed as a status or
    decision (``undone_status`` heads: Status of Won / Lost, Decision of Awarded / Declined) whose
    values are outcomes only, none saying "not yet" itself (a No or a Pending is read as a value);
    read_blank then counts its empty cells, and refuses a column with none."""
    if _headed(schema, heads, ("date", "number")):
        return None
    nays = set(_LEX["blank_values_no"])
    cols = [c for c in _headed(schema, _STATUS["heads"], ("text", "mixed"))
            if not any(str(v).strip().lower() in nays for v in c.distinct)]
    return cols[0] if len(cols) == 1 else None


def undone_mentions(text: str, schema: SheetSchema) -> list[tuple[int, int, Column]]:
    """The spans of ``text`` (lower case) that name rows not done yet, each with the date column
    left empty on them; none where such a word is a value of the sheet."""
    values = {str(v).strip().lower() for c in schema.columns if c.type in ("text", "mixed") for v in c.distinct}
    out: list[tuple[int, int, Column]] = []
    taken: list[tuple[int, int]] = []
    for word in sorted(_HEADS, key=len, reverse=True):  # "still owed" before "owed"
        spans = [m.span() for m in _word_pattern(word).finditer(text)
                 if not any(a <= m.start() < b for a, b in taken)]
        if not spans or (not word.isascii() and any(word in c.header for c in schema.columns)):
            continue  # (欠 inside a 欠款 header is that column)
        if word in values or any(word in v.split() for v in values if v.isascii()):
            return []  # "Open" / "Outstanding" is what a status column says: read as that value
        col = _column(schema, _HEADS[word])
        if col is None and word in _STATUS_WORDS:
            col = _status_column(schema, _HEADS[word])  # "open quotes" beside a Status of Won / Lost
        if col is None and word in _LEX["owed_zh"]:
            continue  # 欠 beside 应缴 / 实缴 and no repayment date: a balance, read elsewhere
        if col is None:
            return []
        out += [(a, b, col) for a, b in spans]
        taken += spans
    return out + _un_events(text, schema, values, taken)


def _un_events(text: str, schema: SheetSchema, values: set[str], taken: list[tuple[int, int]]) -> list[tuple[int, int, Column]]:
    """"undelivered", "unshipped", "unreturned": un- before the event of a date column (Delivered,
    Ship date), in any form ``rowspanevents`` matches: the rows that column is empty on."""
    from .rowspanevents import _event_of

    dates = [c for c in schema.columns if c.type == "date"]
    out: list[tuple[int, int, Column]] = []
    for m in re.finditer(r"(?<![a-z])un([a-z]{4,})(?![a-z])", text):
        if m.group(0) in _HEADS or m.group(0) in values or any(a <= m.start() < b for a, b in taken):
            continue
        col = _event_of(m.group(1), dates)
        if col is not None:
            out += [(a, b, col) for a, b in (w.span() for w in _word_pattern(m.group(0)).finditer(text))
                    if a <= m.start() < b]
    return out


def ignores_undone(request: str, formula: str, schema: SheetSchema) -> bool:
    """True when ``request`` says rows not done yet ("open tickets") and ``formula`` never reads
    the date column left empty on them: it counts or adds up the done rows too."""
    said = undone_mentions(request.lower(), schema)
    if not said:
        return False
    letters = set(_CELL.findall(_QUOTED.sub('""', formula)))
    return any(col.letter not in letters for _a, _b, col in said)


_QUOTED = re.compile(r'"[^"]*"')
_CELL = re.compile(r"(?<![A-Z$])\$?([A-Z]{1,3})(?=\$?\d|:)")


_OWED = re.compile(r"(?<![a-z])(?:" + "|".join(sorted(map(re.escape, _LEX["owed_words"]), key=len, reverse=True))
                   + r")(?![a-z])")


def owed_kept(text: str, a: int, b: int) -> str | None:
    """``text`` with ``a:b`` (the words saying rows not paid yet) blanked but for the owed word
    in it, which also says money is asked ("how much am I still owed": the money column, as in
    "how much is owed"); None when no owed word is there."""
    m = _OWED.search(text, a, b)
    if m is None:
        return None
    return text[:a] + " " * (m.start() - a) + m.group(0) + " " * (b - m.end()) + text[b:]


#: "还欠多少" asks for money: 多少 with no measure word after it
_HOW_MUCH_ZH = re.compile(r"多少(?![钱元块个件笔次单份位人家天只台张条箱袋包])")


def owed_each(text: str, spans: list[tuple[int, int]]) -> str | None:
    """``text`` with each span blanked (not what lies between them: "还欠我多少钱（还款日期空着的）"
    asks between its two), and where an owed word was in a span and 多少 follows with no measure
    word, 多少 read as 多少钱 ("陈老师还欠多少"); None when that changes nothing tried already."""
    out = text
    for a, b in spans:
        out = out[:a] + " " * (b - a) + out[b:]
    owed = any("欠" in text[a:b] for a, b in spans)
    if owed:
        out = _HOW_MUCH_ZH.sub("多少钱", out, count=1)
    return out if len(spans) > 1 or owed else None
