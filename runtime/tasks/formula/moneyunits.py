""""how many euros do we still owe", "what did we take on card": money asked for by its unit or its verb.

"how many" asks for a count of rows, unless what follows it is a unit of money: then it asks
how much money, the sheet's money added up ("how many euros" is the Amount of the EUR rows,
never a count of them).  The request is respelt "how much <unit>" so every reader takes it as a
sum (the unit is one of the money words the aggregate reader already reads as "the money").

Left as said where the unit word is the sheet's own: a header holds it ("Pounds" of a weight
column), or, for a unit that is a weight too (money_units_weights: "pounds"), a value holds it
(a Unit column of pounds and kg); or where the sheet holds no number column at all.
"what did we take" asks the same (money in), said "how much did we take" (money_taken_en).
Vocabulary: ``lexicon/aggregates.json`` (money_units_en, money_taken_en).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .rowbase import lexicon
from .schema import SheetSchema


@lru_cache(maxsize=1)
def _asked() -> re.Pattern[str]:
    units = sorted(lexicon("aggregates")["money_units_en"], key=len, reverse=True)
    return re.compile(r"(?<![a-z])how\s+many\s+(?P<unit>" + "|".join(re.escape(u) for u in units) + r")(?![a-z])",
                      re.IGNORECASE)


@lru_cache(maxsize=1)
def _taken() -> re.Pattern[str]:
    return re.compile(r"(?<![a-z])(?:" + lexicon("aggregates")["money_taken_en"] + r")(?![a-z])", re.IGNORECASE)


def _sheet_holds(word: str, schema: SheetSchema) -> bool:
    """Whether ``word`` (or its singular) is the sheet's own: in a header, or (a weight too) a value."""
    forms = {word.lower(), word.lower().rstrip("s")}
    said = [c.header.lower() for c in schema.columns]
    if word.lower() in lexicon("aggregates")["money_units_weights"]:
        said += [str(v).lower() for c in schema.columns if c.type in ("text", "mixed") for v in c.distinct]
    return any(re.search(rf"(?<![a-z]){re.escape(f)}(?![a-z])", s) for f in forms if f for s in said)


def money_for_many(request: str, schema: SheetSchema) -> str:
    """``request`` with "how many <money unit>" said "how much <unit>", where the unit is no word of
    the sheet's own."""
    if (t := _taken().search(request)) is not None and any(c.type == "number" for c in schema.columns):
        request = request[:t.start()] + "how much " + request[t.start() + 4:].lstrip()  # what -> how much
    m = _asked().search(request)
    if m is None or _sheet_holds(m["unit"], schema) or not any(c.type == "number" for c in schema.columns):
        return request
    return request[:m.start()] + "how much " + m["unit"] + request[m.end():]
