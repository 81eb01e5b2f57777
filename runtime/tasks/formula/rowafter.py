"""An amount with something deducted, said without a minus: "charge after discount", "total net of
the deposit", "fee once the deposit is taken off", "price minus the discount if there is one",
扣除折扣后的金额, 金额去掉折扣.

Read only when nothing reads the request as said: each rewrite (``lexicon/rowafter.json``) says
the deduction as a minus, and the rewritten request is read again by the per-row families.  Its
answer counts only when it ends by subtracting the one column the deducted words name (group
``y``): a rewrite that made some other formula readable ("the 3rd day after the booking") is no
answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .rowbase import RowReading, lexicon, mentions
from .schema import SheetSchema

_REWRITES = tuple((re.compile(p, re.I), r) for p, r in lexicon("rowafter")["rewrites"])


def reread(request: str, schema: SheetSchema, read: Callable[[str], RowReading | None]) -> RowReading | None:
    """``request`` read with its deduction said as a minus, or None (see the module)."""
    for pat, repl in _REWRITES:
        m = pat.search(request)
        if m is None:
            continue
        named = {c.letter for _p, c in mentions(m.group("y"), schema)}
        if len(named) != 1:
            continue
        letter = named.pop()
        reading = read(pat.sub(repl, request, count=1))
        if reading is not None and re.search(rf"-{letter}\{{r\}}\)*(?:,\d+\))?$", reading.template):
            return reading
    return None
