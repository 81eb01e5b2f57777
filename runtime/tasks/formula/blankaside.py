"""An aside that the blank cells do not count, beside an aggregate that skips them anyway (issue 16, round 16).

"average training hours, 1dp (ignore blanks)", "培训学时平均值 一位小数（空的不算）", "avg fee,
blanks excluded": AVERAGE, COUNT, MEDIAN, MIN and MAX pass blank cells by, so the aside asks for
nothing the formula does not already do.  :func:`aside_reading` reads the request without it,
and keeps the answer only when it is one such aggregate over a range (rounded or not); a sum, a
count of blanks, a per-row formula (where a blank row may want a blank answer) is not read here.
Vocabulary: ``lexicon/blankaside.json``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from .rowbase import lexicon


@cache
def _asides() -> tuple[re.Pattern[str], ...]:
    lex = lexicon("blankaside")
    return tuple(re.compile(p) for p in lex["en"] + lex["zh"])


@cache
def _kept() -> re.Pattern[str]:
    names = "|".join(sorted(lexicon("blankaside")["functions"], key=len, reverse=True))
    return re.compile(rf"=(?:(?:ROUND|ROUNDUP|ROUNDDOWN)\()?(?:{names})\([^()]*:[^()]*\)(?:,-?\d\))?")


def without_aside(request: str) -> str | None:
    """``request`` without its blanks-do-not-count aside, or None when it says none."""
    low = request.lower()
    for pattern in _asides():
        m = pattern.search(low)
        if m is not None and m.group(0).strip():
            rest = (request[:m.start()].rstrip(" ,，;；") + " " + request[m.end():].lstrip(" ,，;；")).strip()
            return rest.strip(" ,，;；") or None
    return None


def aside_reading(request: str, read: Callable[[str], object | None]):
    """``read``'s reading of ``request`` without the aside, when it is an aggregate that skips
    blanks (``lexicon/blankaside.json`` functions); None otherwise."""
    rest = without_aside(request)
    if rest is None:
        return None
    reading = read(rest)
    if reading is None or not _kept().fullmatch(reading.formula):
        return None
    return reading
