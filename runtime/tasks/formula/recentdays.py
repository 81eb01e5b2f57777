""""The last 30 days", "近7天", and dates written 2026-12-03, said the way the period readers take them.

"total sales in the last 30 days", "bookings over the past 7 days", "最近7天营业额", "过去30天有几笔":
the N days that end on the day asked, both ends included, rewritten into a plain span of days
("7 nov 2026 to 6 dec 2026", "2026年11月7日到12月6日") that every reader of ``periods`` reads.
People count "the last 30 days" two ways (today and the 29 days before it, or from 30 days ago):
the rewrite is made only where the sheet has no row on the one day the two differ on, so the
answer is the same either way; otherwise the request is left as said (and refused).

An ISO date ("on 2026-12-03", "2026-12-03的营业额"), or one written year first with dots or
slashes ("今天2026.12.7", "2026/12/03"), is written as the readers' own form ("3 dec 2026",
"2026年12月3日"), except where it is an example of a format ("like 2026-12-03").
Vocabulary: ``lexicon/dates.json`` ``periods.recent_days``.
"""

from __future__ import annotations

import datetime as dt
import re

from .rowbase import lexicon, today, values
from .schema import SheetSchema

_LEX = lexicon("dates")["periods"]["recent_days"]
_LAST_EN = re.compile(rf"(?<![a-z])(?:(?:in|over|during|for|within|from)\s+)?(?:the\s+)?(?:{_LEX['last_en']})\s+"
                      r"(?P<n>\d{1,3})\s+(?P<u>days|weeks)(?![a-z])", re.I)
_LAST_ZH = re.compile(rf"(?:{_LEX['last_zh']})\s*(?P<n>\d{{1,3}})\s*(?P<u>天|日|周|个星期)(?:{_LEX['within_zh']})?(?:的)?")
#: days a unit of "the last N <unit>" spans
_UNIT_DAYS = {"days": 1, "weeks": 7, "天": 1, "日": 1, "周": 7, "个星期": 7}
#: year first, then month and day: 2026-12-03, and 2026.12.3 / 2026/12/3 (one separator throughout)
_ISO = re.compile(r"(?<![\d./-])(?P<y>(?:19|20)\d\d)(?P<sep>[-./．])(?P<m>1[0-2]|0?[1-9])(?P=sep)"
                  r"(?P<d>3[01]|[12]\d|0?[1-9])(?![\d./-])")
_EXAMPLE = re.compile(_LEX["example_before"], re.I)
_SHORT = "jan feb mar apr may jun jul aug sep oct nov dec".split()


def _dates(schema: SheetSchema) -> set[dt.date]:
    out = set()
    for c in schema.columns:
        if c.type == "date":
            for v in values(schema, c):
                if isinstance(v, dt.datetime):
                    out.add(v.date())
                elif isinstance(v, dt.date):
                    out.add(v)
    return out


def _en(d: dt.date) -> str:
    return f"{d.day} {_SHORT[d.month - 1]} {d.year}"


def _span(n: int, schema: SheetSchema, end: dt.date) -> tuple[dt.date, dt.date] | None:
    """The N days ending on ``end``, where the sheet has no row on the day the two countings differ on."""
    if not 1 <= n <= 366:
        return None
    first = end - dt.timedelta(days=n - 1)
    if first - dt.timedelta(days=1) in _dates(schema):
        return None  # a row on the day "30 days ago" is in one counting and not the other
    return first, end


def recent_days(text: str, schema: SheetSchema) -> str:
    """``text`` with its "last N days" and ISO dates written as the period readers take them."""
    if not _dates(schema):
        return text
    zh = re.search(r"[\u4e00-\u9fff]", text) is not None

    def iso(m: re.Match) -> str:
        if _EXAMPLE.search(text[max(0, m.start() - 16):m.start()]):
            return m.group(0)
        try:
            d = dt.date(int(m.group("y")), int(m.group("m")), int(m.group("d")))
        except ValueError:
            return m.group(0)
        return f"{d.year}年{d.month}月{d.day}日" if zh else _en(d)
    text = _ISO.sub(iso, text)
    # "in the last 90 days (as at 10/12/26)", "截至2026-12-10，近30天": the N days end on the day the
    # request pins, and the pin, then said, is dropped; else they end on the day asked
    end = pinned_day(text) or today()

    def last_en(m: re.Match) -> str:
        span = _span(int(m.group("n")) * _UNIT_DAYS[m.group("u").lower()], schema, end)
        return f" {_en(span[0])} to {_en(span[1])} " if span else m.group(0)

    def last_zh(m: re.Match) -> str:
        span = _span(int(m.group("n")) * _UNIT_DAYS[m.group("u")], schema, end)
        if span is None or span[0].year != span[1].year:
            return m.group(0)  # (a span across a year end has no plain Chinese form the readers take)
        a, b = span
        return f"{a.year}年{a.month}月{a.day}日到{b.month}月{b.day}日"
    said = (_LAST_ZH if zh else _LAST_EN).sub(last_zh if zh else last_en, text)
    return said if said == text else unpinned(said)


def pinned_day(text: str) -> dt.date | None:
    """The day ``text`` pins as today ("today is 10 Dec 2026", "截至2026年12月10日"), or None."""
    from .agedays import _pin

    pin = _pin(text.lower())
    return pin[0] if pin is not None else None


def unpinned(text: str) -> str:
    """``text`` without the words pinning its today, once a period counted from it is written out."""
    from .agedays import _pin

    pin = _pin(text.lower())
    if pin is None:
        return text
    return re.sub(r"[(（]\s*[)）]", " ", text[:pin[1]] + " " + text[pin[2]:])  # "(as at 10/12/26)" whole
