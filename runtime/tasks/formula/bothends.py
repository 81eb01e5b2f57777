"""Days from one date to another with both end days counted: "出差一共几天，出发当天和返回当天都算",
"nights? no - days of each trip, inclusive", "请假天数（含首尾）".

The clause saying so (``asked.both_ends_said``: 首尾都算, 含首尾, 当天都算, inclusive, counting both
days) is no column or value, so the readers leave it unread and write the bare difference, which
``asked.both_ends_uncounted`` refuses (a trip from the 3rd to the 5th is three days).  Here the
request is read without that clause, and a reading that is exactly the later date less the
earlier one, both date columns of the row, gets the 1 added; any other reading is no answer.
The whole request is read first: the clause may be what names the ends ("出发当天和返回当天都算").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .asked import both_ends_said
from .rowbase import RowReading
from .schema import SheetSchema

#: where the clause saying both ends count stops: a bracket or a separator of clauses
_STOPS = "，,;；。（）()"
_DIFFERENCE = re.compile(r"=\$?([A-Z]{1,3})\{r\}-\$?([A-Z]{1,3})\{r\}")


def _without_clause(request: str, a: int, b: int) -> str:
    """``request`` less the clause (or bracket) holding ``a:b``."""
    start = max(request.rfind(c, 0, a) for c in _STOPS)
    ends = [p for p in (request.find(c, b) for c in _STOPS) if p >= 0]
    end = min(ends) if ends else len(request)
    opened = request[start:start + 1] in "（("
    if opened and end < len(request) and request[end] in "）)":
        end += 1  # "（含首尾）": the bracket goes whole
    return (request[:max(start, 0)] + request[end:]).strip(" ，,;；。")


def counted(request: str, schema: SheetSchema, read: Callable[[str], RowReading | None]) -> RowReading | None:
    """The days between two date columns of the row with both ends counted, or None (see the module)."""
    said = both_ends_said(request)
    if said is None:
        return None
    dates = {c.letter for c in schema.columns if c.type == "date"}
    rest = _without_clause(request, *said)
    # the whole first: the clause may name the ends itself ("出发当天和返回当天都算")
    for text in (request, rest if rest and both_ends_said(rest) is None else None):
        reading = read(text) if text else None
        m = _DIFFERENCE.fullmatch(reading.template) if reading is not None else None
        if m is not None and {m.group(1), m.group(2)} <= dates and m.group(1) != m.group(2):
            return RowReading(reading.template + "+1", f"{reading.explanation}, plus 1: both end days counted",
                              reading.consumed)
    return None
