"""An age of rows said against a pinned day, written as the day their date falls before.

"How many complaints are still open and were received more than 14 days ago?" (today 9 Dec 2026),
"open cases older than 2 weeks as at 9/12/2026", "今天是2026年12月7日，开票超过60天还没回款的有几张",
"截至2026-12-09，收文满15天未办结件数": the age is a condition on a date column, the rows dated
before the pinned day less the days said.  The readers know "received before 25 Nov 2026" and
"2026年10月8日以前"; this rewrite says the age so (before ``said_periods``' forms are read), and
drops the pin, which then says nothing more, unless another word still counts from today.

Only a day the request itself pins is counted from (a fixed DATE is the answer as asked that
day; an age with no pinned day stays as said, for the readers to refuse).  A bracket after the
age restating it ("(before 25 Nov)", "（11月24日以前收的）") is dropped when it names the same day
and month, and the age is left as said when it names another.  Vocabulary: ``lexicon/agedays.json``.
"""

from __future__ import annotations

import datetime as dt
import re

from .rowbase import date_in, lexicon, today
from .schema import SheetSchema

_LEX = lexicon("agedays")
_PINS = tuple(re.compile(p) for p in _LEX["pins"])
_PIN_TAIL = re.compile(_LEX["pin_tail"])
_AGES = tuple(re.compile(p) for p in _LEX["ages"])
_STILL_TODAY = re.compile(_LEX["still_today"])
_DOTTED = re.compile(r"^(\d{4})\.(\d{1,2})\.(\d{1,2})(?![\d.])")
_SLASHED_ANY = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")
_BRACKET = re.compile(r"\s*[(（]([^()（）]{1,40})[)）]")
_ZH_NUM = "一二三四五六七八九"
_MONTHS = "jan feb mar apr may jun jul aug sep oct nov dec".split()


def _date_at(text: str, at: int) -> tuple[dt.date, int] | None:
    """The date written at ``at`` and where it ends: the forms ``date_in`` reads, "2026.12.9", and
    a slashed day and month either way round where one of the two readings is the day asked."""
    rest = text[at:]
    found = date_in(rest)
    if found is not None and found[1] == 0:
        return found[0], at + found[2]
    m = _DOTTED.match(rest) or _SLASHED_ANY.match(rest)
    if m is None:
        return None
    a, b, c = (int(x) for x in m.groups())
    try:
        days = {dt.date(a, b, c)} if m.re is _DOTTED else {dt.date(c, b, a), dt.date(c, a, b)}
    except ValueError:
        return None
    if len(days) > 1:
        days &= {today()}  # 9/12/2026 said on 9 Dec: the day asked, in the writer's order
    return (days.pop(), at + m.end()) if len(days) == 1 else None


def _pin(text: str) -> tuple[dt.date, int, int] | None:
    """The day the request pins as today, with the span of the words pinning it."""
    for pat in _PINS:
        for m in pat.finditer(text):
            got = _date_at(text, m.end())
            if got is not None:
                tail = _PIN_TAIL.match(text[got[1]:])
                return got[0], m.start(), got[1] + (tail.end() if tail else 0)
    return None


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    if word in _LEX["numbers_en"]:
        return _LEX["numbers_en"][word]
    if re.fullmatch(f"[{_ZH_NUM}两]|十[{_ZH_NUM}]?|[{_ZH_NUM}两]十[{_ZH_NUM}]?", word):
        digit = {c: i + 1 for i, c in enumerate(_ZH_NUM)} | {"两": 2}
        if "十" not in word:
            return digit[word]
        tens, _, ones = word.partition("十")
        return (digit[tens] if tens else 1) * 10 + (digit[ones] if ones else 0)
    return None


def _restates(inner: str, day: dt.date) -> bool:
    """Whether a bracket's words name ``day`` (its day and month, in either language)."""
    low = inner.lower()
    if re.search(rf"(?<!\d){day.month}月{day.day}[日号]", low):
        return True
    month = _MONTHS[day.month - 1]
    return re.search(rf"(?<!\d){day.day}(?:st|nd|rd|th)?\s+{month}|{month}[a-z]*\.?\s+{day.day}(?!\d)"
                     rf"|(?<!\d){day.day}/{day.month}(?!\d)", low) is not None


def said_ages(request: str, schema: SheetSchema) -> str:
    """``request`` with each age against its pinned day said as the day before which the rows are
    dated, and the pin dropped when nothing else counts from it; else as it was."""
    if not any(c.type == "date" for c in schema.columns):
        return request
    low = request.lower()
    pin = _pin(low)
    if pin is None:
        return request
    day, pa, pb = pin
    zh = re.search(r"[\u4e00-\u9fff]", request) is not None
    out: list[tuple[int, int, str]] = []
    for pat in _AGES:
        for m in pat.finditer(low):
            if m.start() < pb and pa < m.end() or any(a < m.end() and m.start() < b for a, b, _w in out):
                continue  # inside the pin, or an age already read ("超过15天以前")
            n = _number(m.group("n"))
            unit = _LEX["units"].get(m.group("u"))
            if not n or unit is None:
                return request
            before = day - dt.timedelta(days=n * unit)
            words = (f"{before.year}年{before.month}月{before.day}日以前" if zh
                     else f"before {before.day} {_MONTHS[before.month - 1].title()} {before.year}")
            end = m.end()
            bracket = _BRACKET.match(low, end)
            if bracket is not None and _restates(bracket.group(1), before):
                end = bracket.end()
            elif bracket is not None and re.search(r"\d", bracket.group(1)):
                return request  # a bracket naming another day: which one is meant
            out.append((m.start(), end, words))
    if not out:
        return request

    def written(spans: list[tuple[int, int, str]]) -> str:
        text = request
        for a, b, words in sorted(spans, reverse=True):
            text = text[:a] + words + text[b:]
        return re.sub(r"\s{2,}", " ", text).strip()
    unpinned = written([*out, (pa, pb, "")])
    return unpinned if not _STILL_TODAY.search(unpinned.lower()) else written(out)
