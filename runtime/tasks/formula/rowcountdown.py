"""Days left until a row's date, or days past it, counted from the day the request is asked for.

"days until the wedding", "离到期还有几天（按2026年12月6日算）", "days overdue as of 7 Dec 2026",
"逾期天数", "how many days since each sale": a countdown (or its reverse) from one day to each
row's deadline, expiry or event date, or the days since a row's date.  The day counted from is
the one the request pins, written ``DATE(y,m,d)`` so the answer is the same whenever the
workbook is opened; ``TODAY()`` only where the request says today (now, 今天, 目前) without a
date, or names no day at all on a sheet with one date column (the only reading then).  Which
column: the date column the request names, else the one deadline-like date column (Due Date,
到期日期, 有效期至); days since, the named date column or the only one.

Days overdue are ``MAX(0, day - deadline)`` (a row not yet due is 0 days overdue), and never read
on a sheet that records whether a row was settled (Paid, Returned, Status, 已付款): overdue
there depends on it, which the request would have to say.  Vocabulary: ``lexicon/dates.json``
``countdown``.
"""

from __future__ import annotations

import re

from .rowbase import RowReading, date_formula, date_in, has, lexicon, mentions, ref
from .schema import Column, SheetSchema

_LEX = lexicon("dates")["countdown"]
_UNTIL_FROM = re.compile(_LEX["until_from"])


def _said_today(text: str) -> bool:
    return re.search(_LEX["today"], text) is not None


def _named_or_only(text: str, schema: SheetSchema) -> Column | None:
    """The one date column the request names, else the sheet's only date column."""
    named = list({c.letter: c for _, c in mentions(text, schema) if c.type == "date"}.values())
    dates = [c for c in schema.columns if c.type == "date"]
    return named[0] if len(named) == 1 else dates[0] if not named and len(dates) == 1 else None


def _deadline(text: str, schema: SheetSchema) -> Column | None:
    """The date column counted to: named (by its header or its event: "the wedding"), else the one
    deadline-like (a plain Date is no deadline)."""
    named = list({c.letter: c for _, c in mentions(text, schema) if c.type == "date"}.values())
    if len(named) == 1:
        return named[0]
    if named:
        return None
    from .rowdates import _event_dates

    said = _event_dates(text, schema)
    if len(said) == 1:  # "days until the wedding" -> Wedding Date
        return said[0]
    said = _events_after_cue(text, schema)
    if len(said) == 1:  # "days until each subscription renews" -> Renewal date
        return said[0]
    dates = [c for c in schema.columns if c.type == "date"]
    deadlines = [c for c in dates if re.search(_LEX["deadline_headers"], c.header.lower())]
    if deadlines:
        return deadlines[0] if len(deadlines) == 1 else None
    # "countdown to each party" beside Event date and Deposit paid: a date that records what was
    # done (paid, closed) is past, never counted to, so the one date left is the row's event
    ahead = [c for c in dates if not re.search(_LEX["settled_headers"], c.header.lower())]
    return ahead[0] if len(ahead) == 1 and len(dates) > 1 else None


def _events_after_cue(text: str, schema: SheetSchema) -> list[Column]:
    """The date columns whose event a word after the countdown's cue says in another form
    ("renews" for Renewal date, "expires" for Expiry), as ``rowspanevents`` matches an event."""
    from .rowspanevents import _event_of

    cue = max((text.find(w) + len(w) for w in _LEX["until"] if w in text), default=-1)
    dates = [c for c in schema.columns if c.type == "date"]
    found = {c.letter: c for w in re.findall(r"[a-z]{4,}", text[cue:]) if (c := _event_of(w, dates))} if cue >= 0 else {}
    return list(found.values())


def asks_overdue(request: str) -> bool:
    """Whether ``request`` asks how many days a row is overdue (then no gap of two date columns
    answers it: the day counted from is not on the sheet)."""
    return has(request.lower(), _LEX["overdue"])


def _minus_said(request: str, text: str, schema: SheetSchema) -> RowReading | None:
    """"event date minus 12 Dec 2026", "12/12/2026 less the Opened date": one date column and one
    day said with a minus word between them, subtracted in the order said (a day written
    ``DATE(y,m,d)``); None for any other shape."""
    from .rows import _mention_end

    found = date_in(request)
    named = [(p, c) for p, c in mentions(text, schema) if c.type == "date"]
    if found is None or len({c.letter for _, c in named}) != 1 or date_in(request[found[2]:]) is not None:
        return None
    p, d = named[0]
    end = _mention_end(text, p, d, schema)
    day = date_formula(found[0])
    if end <= found[1] and re.fullmatch(_LEX["minus_between"], text[end:found[1]]):
        return RowReading(f"={ref(d)}-{day}", f"days from {found[0].isoformat()} to {d.header}")
    if found[2] <= p and re.fullmatch(_LEX["minus_between"], text[found[2]:p]):
        return RowReading(f"={day}-{ref(d)}", f"days from {d.header} to {found[0].isoformat()}")
    return None


def read(request: str, schema: SheetSchema) -> RowReading | None:
    """The countdown (or days overdue) of ``request`` per row; None where it is not one."""
    text = request.lower()
    minus = _minus_said(request, text, schema)
    if minus is not None:
        return minus
    until, overdue, since = has(text, _LEX["until"]), has(text, _LEX["overdue"]), has(text, _LEX["since"])
    until = until or _UNTIL_FROM.search(text) is not None  # "days from today to each event": a countdown
    if until + overdue + since != 1:
        return None
    d = _deadline(text, schema) if not since else _named_or_only(text, schema)
    if d is None:
        return None
    found = date_in(request)
    dates = [c for c in schema.columns if c.type == "date"]
    if found is not None:
        day, how = date_formula(found[0]), f"counted from {found[0].isoformat()} (written as a date, so the " \
                                              "answer stays the same whenever the sheet is opened)"
    elif _said_today(text) or len(dates) == 1:
        day, how = "TODAY()", "counted from today (TODAY(), so it changes each day)"
    else:
        return None  # two dates on the sheet and no day said: the gap between them, read elsewhere
    if since:
        return RowReading(f"={day}-{ref(d)}", f"days from {d.header} to the day counted to, {how}")
    if overdue:
        if found is not None and re.match(_LEX["deadline_after_date"], request[found[2]:]):
            return None  # "12月10日截止，逾期几天": the day said is the deadline, not the day counted from
        if any(re.search(_LEX["settled_headers"], c.header.lower()) for c in schema.columns):
            return None  # whether a row is overdue depends on whether it was paid / returned
        return RowReading(f"=MAX(0,{day}-{ref(d)})", f"days past {d.header} (0 if not yet due), {how}")
    return RowReading(f"={ref(d)}-{day}", f"days from the day counted from to {d.header} "
                                          f"(negative once it has passed), {how}")
