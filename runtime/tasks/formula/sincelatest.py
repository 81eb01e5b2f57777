"""Days from a sheet's latest date to the day the request pins: "days since my last market (today
10/12/2026)", "how long since the latest delivery, in days", "距离上次送水过去几天了（今天2026-12-10）".

The latest row is the date column's MAX, so the answer is ``<day>-MAX(<dates>)``: the day the
request pins, written ``DATE(y,m,d)`` (the answer as asked that day), or ``TODAY()`` where it pins
none.  Which column: the date column the words after "last" name (its header, or its event in
another form: "renewal" for Renewal date), else the sheet's one date column, whose rows are then
what happened ("my last market" on a log of market days).  Never a value of the sheet ("since the
last Lavender sale" is the latest of some rows, another formula).  The request must be one of the
asks whole once its pin is dropped.  Vocabulary: ``lexicon/sincelatest.json``.
"""

from __future__ import annotations

import re

from .recentdays import pinned_day, unpinned
from .rowbase import date_formula, lexicon, mentions, value_mentions
from .rowspanevents import _event_of
from .schema import Column, SheetSchema

_LEX = lexicon("sincelatest")
_ASKS = tuple(re.compile(p) for p in _LEX["asks"])
_TRIM = re.compile(r"^[\s,.;:!?\-–—()（）,，。；：！？、]+|[\s,.;:!?\-–—()（）,，。；：！？、]+$")


def _column(event: str, schema: SheetSchema) -> Column | None:
    """The date column ``event`` names, else the one date column where it names no column."""
    dates = [c for c in schema.columns if c.type == "date"]
    if value_mentions(event, schema):
        return None
    named = {c.letter: c for _, c in mentions(event, schema)}
    if named:
        return next(iter(named.values())) if len(named) == 1 and next(iter(named.values())).type == "date" else None
    words = [w for w in re.split(r"[\s'-]+", event) if w and w not in _LEX["event_filler_en"]]
    said = {c.letter: c for w in words if (c := _event_of(w, dates)) is not None}
    if said:
        return next(iter(said.values())) if len(said) == 1 else None
    return dates[0] if len(dates) == 1 else None


def read_since_latest(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """(formula, explanation) for days since the latest date of the sheet, or None."""
    if not any(c.type == "date" for c in schema.columns):
        return None
    day = pinned_day(request)
    text = _TRIM.sub("", (unpinned(request) if day is not None else request).lower())
    text = re.sub(r"\s+", " ", text)
    for pat in _ASKS:
        m = pat.match(text)
        if m is None:
            continue
        event = (m.group("x") or "").strip()
        for w in _LEX["event_filler_zh"]:
            event = event.replace(w, "")
        col = _column(event, schema)
        if col is None:
            return None
        rng = f"{col.letter}{col.first_row}:{col.letter}{col.last_row}"
        as_of = date_formula(day) if day is not None else "TODAY()"
        return (f"={as_of}-MAX({rng})",
                f"days from the latest {col.header} to {day.isoformat() if day else 'today'}")
    return None
