"""Slashed dates whose day and month the request itself settles.

"7/12/2026" is the 7th of December or the 12th of July: alone it is refused (rowbase.date_in).
A request that writes another date with its day over 12 ("from 7/12/2026 to 19/12/2026") or
the same day with its month in words ("today's 7 Dec 2026 ... after 7/12/2026") says how it
writes them; its ambiguous slashed dates are then written with the month's name (7 Dec 2026),
as the earlier rewrites write an ISO date, so every reader takes them as it takes those.  Two cues that disagree settle nothing.

A date the request says is its now ("today is 7/12/2026", "as at 9/12/2026") is a cue too: it is
close to the day the request is asked, so where only one order lands within ``near_days`` of that
day (lexicon ``dates.json`` ``day_order``), that is how the writer puts them (7 Dec, whether the
writer is British or American: 12/7/2026 is then the same day).  A slashed date settled by its own
day over 12 ("on 28/11/2026") is written with its month's name as well, since some readers only
know the worded forms.
"""

from __future__ import annotations

import datetime as dt
import re

from .rowbase import _DATES, _MONTHS, lexicon, today
from .schema import SheetSchema

_NOW = lexicon("dates")["day_order"]
#: the words that say a date is the request's now, right before it ("today is", "as at")
_NOW_BEFORE = re.compile(_NOW["now_before"], re.I)

#: a day and a month in either order, then the year: "7/12/2026", "07/12/2026"
_SLASHED = re.compile(r"(?<![\d/.])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")


def _worded_dates(text: str) -> set[dt.date]:
    """The dates ``text`` writes in a form that cannot be misread (not day/month/year slashes)."""
    out = set()
    for pattern, order in _DATES:
        if "M" not in order and order != "ymd":
            continue
        for m in pattern.finditer(text):
            parts = dict(zip(order, m.groups(), strict=True))
            if "d" not in parts:
                continue
            month = int(parts["m"]) if "m" in parts else _month(parts["M"])
            try:
                out.add(dt.date(int(parts["y"]), month, int(parts["d"])))
            except ValueError:
                continue
    return out


def _month(name: str) -> int:
    return next(i + 1 for i, n in enumerate(_MONTHS) if n.startswith(name.lower().rstrip(".")[:3]))


def _order(text: str, ambiguous: list[re.Match]) -> str | None:
    """"dm" or "md" where the request settles it, else None."""
    cues = set()
    for m in _SLASHED.finditer(text):
        a, b = int(m.group(1)), int(m.group(2))
        if a > 12 >= b:
            cues.add("dm")
        elif b > 12 >= a:
            cues.add("md")
    worded = _worded_dates(_SLASHED.sub(" ", text))
    for m in ambiguous:
        a, b, y = (int(x) for x in m.groups())
        if dt.date(y, b, a) in worded:
            cues.add("dm")
        if dt.date(y, a, b) in worded:
            cues.add("md")
        if _NOW_BEFORE.search(text[:m.start()]):
            near = {o for o, day in (("dm", (b, a)), ("md", (a, b)))
                    if abs((dt.date(y, *day) - today()).days) <= _NOW["near_days"]}
            if len(near) == 1:
                cues |= near
    return cues.pop() if len(cues) == 1 else None


def settled(request: str) -> str:
    """``request`` with its slashed dates written with their month's name where it settles the
    order of the ambiguous ones (all of them, so that "from 1/12/2026 to 31/12/2026" reads as one
    form); unchanged otherwise."""
    ambiguous = []
    for m in _SLASHED.finditer(request):
        a, b = int(m.group(1)), int(m.group(2))
        if a != b and 1 <= a <= 12 and 1 <= b <= 12:
            try:
                dt.date(int(m.group(3)), a, b)
                ambiguous.append(m)
            except ValueError:
                continue
    if not ambiguous and not _SLASHED.search(request):
        return request
    order = _order(request, ambiguous)
    if order is None:
        return request
    for m in reversed(list(_SLASHED.finditer(request))):  # all of them, so they read as one form
        a, b, y = (int(x) for x in m.groups())
        day, month = (a, b) if order == "dm" else (b, a)
        if month > 12:
            continue
        request = request[:m.start()] + f"{day} {_MONTHS[month - 1][:3].title()} {y}" + request[m.end():]
    return request


#: a day and a month without a year: "02/12", "2/12" (not part of a longer date, a ratio or a path)
_YEARLESS = re.compile(r"(?<![\d/.:])(\d{1,2})/(\d{1,2})(?![\d/.:%])(?!\s*(?:of|th|st|nd|rd|hr|h|kg)(?![a-z]))", re.I)


def settled_on_sheet(request: str, schema: SheetSchema) -> str:
    """``request`` with each yearless slashed day written "2 Dec" where exactly one order (day/month
    or month/day) is a day the sheet's dates hold; unchanged otherwise."""
    if "/" not in request:
        return request
    held = {(v.month, v.day) for v in schema.cells.values() if isinstance(v, dt.date)}
    if not held:
        return request
    for m in reversed(list(_YEARLESS.finditer(request))):
        a, b = int(m.group(1)), int(m.group(2))
        orders = {(month, day) for day, month in ((a, b), (b, a)) if (month, day) in held}
        if len(orders) != 1:
            continue
        month, day = orders.pop()
        request = request[:m.start()] + f"{day} {_MONTHS[month - 1][:3].title()}" + request[m.end():]
    return request
