""""what % of jobs were 3 storeys", "share of 3-storey jobs": a count said before its column's name.

Where a numeric column's header is a plural noun (Storeys, Bedrooms, Nights, Guests), people name
its value by putting the number in front of the noun, as they would say it aloud: "jobs with
3 storeys", "3-storey jobs", "bookings of 2 nights".  The readers know the column = value form
("storeys = 3"); this writes the request that way, for the rule readers to read again.

Only where it cannot be anything else: the number is one of the column's own values, the noun is
the whole header (singular or plural), and no word around the number makes it a bound, a rank
or a span ("more than 3 storeys", "top 3", "3 or more storeys", "last 30 days", "2-3 nights").
"""

from __future__ import annotations

import re

from .rowbase import lexicon
from .schema import SheetSchema, col_index

_WORDS = lexicon("countedvalue")
_BEFORE = re.compile(r"(?<![a-z])(?:" + "|".join(_WORDS["bound_before"]) + r")\s*$", re.I)
_AFTER = re.compile(r"^\s*(?:" + "|".join(_WORDS["bound_after"]) + r")", re.I)
_COUNT = re.compile(r"(?<![\w.$£€%/-])(?P<n>\d{1,3})(?:\s+|-)(?P<noun>[a-z]+)(?![\w-])", re.I)


def _singular(word: str) -> str:
    word = word.lower()
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _values(schema: SheetSchema, letter: str) -> set[str]:
    c = col_index(letter)
    return {str(int(v)) for (_, cc), v in schema.cells.items()
            if cc == c and isinstance(v, (int, float)) and not isinstance(v, bool) and float(v).is_integer()}


def counted_values(request: str, schema: SheetSchema) -> str:
    """``request`` with each "N <header>" of a numeric column holding N written "<header> = N"."""
    if not request.isascii():
        return request
    nouns = {_singular(c.header): c for c in schema.columns
             if c.type == "number" and re.fullmatch(r"[A-Za-z]{3,}", c.header.strip())}
    if not nouns:
        return request

    def rewrite(m: re.Match) -> str:
        col = nouns.get(_singular(m["noun"]))
        if col is None or _BEFORE.search(request[:m.start()]) or _AFTER.search(request[m.end():]):
            return m.group(0)
        if m["n"] not in _values(schema, col.letter):
            return m.group(0)
        return f"{col.header} = {m['n']}"

    return _COUNT.sub(rewrite, request)
