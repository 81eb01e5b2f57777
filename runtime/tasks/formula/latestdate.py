"""The latest or earliest date of an event, asked as a question for a day: "最近一次保养是哪天",
"上次保养日期里最晚的是哪天", "when did the most recent backup run?", "when was the first bug opened".

The answer is the date column's MAX (MIN for the first / earliest): every aggregate reader
already reads "最晚的上次保养日期" and "latest Date", so the question is respelt into that form
before any reader sees it.  The whole request must be the question (a superlative, the event, a
question for a day, and nothing else), and the event must name exactly one date column: by its
header or the header's stem (保养 of 上次保养日期, opened of Opened), or, on a sheet of one date
column, by the sheet's own noun (backup of Backups).  A word naming another column (a time of
day: "when did the latest backup start" beside Start) or a sheet of two date columns the event
could mean is refused as before.  Vocabulary: ``lexicon/dates.json`` ``latest_date``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .rowbase import lexicon
from .schema import Column, SheetSchema


@lru_cache(maxsize=1)
def _asks() -> tuple[tuple[re.Pattern[str], ...], dict[str, str]]:
    lex = lexicon("dates")["latest_date"]
    return tuple(re.compile(p, re.I) for p in lex["asks"]), lex["superlatives"]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


def _names(word: str, header: str) -> bool:
    """Whether an English ``word`` (opened, backups, run) names ``header`` (Opened, Backup date)."""
    return any(w[:4] == word[:4] and len(word) >= 3 for w in _words(header) if len(w) >= 3)


def _stem(header: str) -> str:
    return re.sub(r"(?:日期|时间|日)$", "", header.strip())


def _date_of(event: str, verb: str, schema: SheetSchema) -> Column | None:
    """The one date column ``event`` (and, in English, the ``verb`` after it) names, else None."""
    dates = [c for c in schema.columns if c.type == "date"]
    others = [c for c in schema.columns if c.type != "date"]
    if re.search(r"[\u4e00-\u9fff]", event):
        bare = re.sub(r"^(?:上一?次|末次)", "", event)
        if any(c.header.strip() in event for c in others):  # 最近一次空调保养: a value or column more
            return None
        named = [c for c in dates if bare and (bare in c.header or _stem(c.header) and _stem(c.header) in event)]
        if len(named) == 1:
            return named[0]
        return dates[0] if not named and len(dates) == 1 and bare and bare in schema.sheet else None
    words = _words(event) + _words(verb)
    sheet = schema.sheet.lower()
    if any(_names(w, c.header) for w in words if w not in sheet for c in others):  # bug of Bugs is not Bug ID
        return None
    named = [c for c in dates if any(_names(w, c.header) for w in words)]
    if len(named) == 1:
        return named[0]
    if not named and len(dates) == 1 and _words(event) and all(w in sheet for w in _words(event)):
        return dates[0]
    return None


def said_latest_date(request: str, schema: SheetSchema) -> str:
    """``request`` respelt as "最晚的<date header>" / "latest <date header>" where it asks on
    which day the latest (earliest) event happened; unchanged otherwise."""
    text = request.strip()
    pats, sups = _asks()
    for pat in pats:
        m = pat.fullmatch(text)
        if m is None:
            continue
        col = _date_of(m.group("x").strip(), (m.groupdict().get("v") or ""), schema)
        if col is None:
            return request
        zh = re.search(r"[\u4e00-\u9fff]", m.group("sup")) is not None
        word = sups[m.group("sup").lower()]
        return f"{'最晚' if word == 'MAX' else '最早'}的{col.header}" if zh else \
            f"{'latest' if word == 'MAX' else 'earliest'} {col.header}"
    return request
