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
_SLASHED_ANY = re.compile(r"^(\d{1,2})/(\d{1,2})/((?:20)?\d\d)(?![\d/])")
_BRACKET = re.compile(r"\s*[(（]([^()（）]{1,40})[)）]")
_ZH_NUM = "一二三四五六七八九"
_MONTHS = "jan feb mar apr may jun jul aug sep oct nov dec".split()
_PASSED = re.compile(_LEX["passed"])
_OVERDUE = re.compile(_LEX["overdue_alone"])
_NOT_COUNTDOWN = re.compile(_LEX["not_a_countdown"])
_COUNT_CUE = re.compile(_LEX["count_cue"])


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
    c += 2000 if c < 100 else 0  # "as at 10/12/26"
    try:
        days = {dt.date(a, b, c)} if m.re is _DOTTED else {dt.date(c, b, a), dt.date(c, a, b)}
    except ValueError:
        return None
    if len(days) > 1:  # 9/12/2026 said as today: the order that lands near the day asked (dayorder)
        near = lexicon("dates")["day_order"]["near_days"]
        days = {d for d in days if abs((d - today()).days) <= near}
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
            if unit == "y" and n and n > 60:
                continue  # "2024年以前": a year, not an age
            if not n or unit is None:
                return request
            before = _years_before(day, n) if unit == "y" else day - dt.timedelta(days=n * unit)
            words = _aged_column(low, schema, zh) + _before(before, zh)
            end = m.end()
            bracket = _BRACKET.match(low, end)
            if bracket is not None and _restates(bracket.group(1), before):
                end = bracket.end()
            elif bracket is not None and re.search(r"\d", bracket.group(1)) and not bracket.start() <= pa < bracket.end():
                return request  # a bracket naming another day: which one is meant
            out.append((m.start(), end, words))
    out += [span for span in _deadlines_passed(low, day, schema, zh)
            if not any(a < span[1] and span[0] < b for a, b, _w in out) and not (span[0] < pb and pa < span[1])]
    if not out:
        return request

    def written(spans: list[tuple[int, int, str]]) -> str:
        text = request
        for a, b, words in sorted(spans, reverse=True):
            text = text[:a] + words + text[b:]
        return re.sub(r"\s{2,}", " ", text).strip()
    unpinned = written([*out, (pa, pb, "")])
    return unpinned if not _STILL_TODAY.search(unpinned.lower()) else written(out)


def _aged_column(low: str, schema: SheetSchema, zh: bool) -> str:
    """The header an age is of, said before it, where the request says the rows not done yet
    ("undelivered orders older than 7 days") on a sheet of two date columns: the age is of the
    other one (Ordered, beside the Delivered left empty); else nothing."""
    from .undone import undone_mentions

    if zh:
        return ""
    dates = [c for c in schema.columns if c.type == "date"]
    blank = {col.letter for _a, _b, col in undone_mentions(low, schema)}
    other = [c for c in dates if c.letter not in blank]
    return f"{other[0].header} " if len(dates) == 2 and len(blank) == 1 and len(other) == 1 else ""


def _before(day: dt.date, zh: bool) -> str:
    return (f"{day.year}年{day.month}月{day.day}日以前" if zh
            else f"before {day.day} {_MONTHS[day.month - 1].title()} {day.year}")


def _years_before(day: dt.date, n: int) -> dt.date:
    """The same day ``n`` years before (28 Feb for a 29 Feb)."""
    try:
        return day.replace(year=day.year - n)
    except ValueError:
        return day.replace(year=day.year - n, day=28)


def _deadline_columns(schema: SheetSchema) -> list:
    """The date columns that hold a day a row is due by (Due date, 到期日期, 整改期限, 应还日期)."""
    from .rowcountdown import _LEX as countdown

    return [c for c in schema.columns if c.type == "date" and (
        re.search(countdown["deadline_headers"], c.header.lower()) or re.search(_LEX["deadline_extra"], c.header))]


def _deadlines_passed(low: str, day: dt.date, schema: SheetSchema, zh: bool) -> list[tuple[int, int, str]]:
    """A deadline said passed against the pinned day: "past the due date", "过了应还日期",
    "超过整改期限" (the column named after the word), or 逾期 / "overdue" alone where the sheet
    has one deadline column and the request counts rows; each as the deadline before that day.
    Never where days are asked of it ("逾期几天", "days past the due date", "过了到期日多少天": a countdown)."""
    cols = _deadline_columns(schema)
    out: list[tuple[int, int, str]] = []
    for col in cols:
        head = col.header.lower().strip()
        for m in _PASSED.finditer(low):
            if low.startswith(head, m.end()) and not _NOT_COUNTDOWN.match(low[m.end() + len(head):]) \
                    and not re.search(r"days?\s*$", low[:m.start()]) \
                    and not re.match(r"[a-z]", low[m.end() + len(head):m.end() + len(head) + 1]):
                out.append((m.start(), m.end() + len(head), f"{col.header}{'在' if zh else ' '}{_before(day, zh)}"))
    if out or len(cols) != 1 or not _COUNT_CUE.search(low):
        return out
    for m in _OVERDUE.finditer(low):
        if not _NOT_COUNTDOWN.match(low[m.end():]) and not re.search(r"days?\s*$", low[:m.start()]):
            out.append((m.start(), m.end(), f"{cols[0].header}{'在' if zh else ' '}{_before(day, zh)}"))
    return out
