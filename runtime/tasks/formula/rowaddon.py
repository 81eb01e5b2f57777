"""A fixed sum added to a row's value only where a condition holds: "price plus £10 if it's a
delivery", "add 10 to the price when Delivery = Yes", "price inc delivery (delivery is a tenner)".

The ask is split by its structure (``lexicon/rowaddon.json`` forms) into the value as said, the
sum and the condition; the value is read by the per-row families (``inner``: one number, no IF),
the condition by the label family's condition reader (``rowlabels._condition``: a column and a
value, a comparison, a yes/no column named by its word), and the answer is
``value+IF(condition,sum,0)``.  An add-on that matches a form but whose parts do not read gets
no answer at all (:func:`asked`): the value with the sum added on every row (``E2+10``) drops
the condition and is wrong on the rows it does not pick.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from .rowbase import RowReading, lexicon
from .schema import SheetSchema

_LEX = lexicon("rowaddon")


@cache
def _forms() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(f.replace("{money}", f"(?:{_LEX['money']})")) for f in _LEX["forms"])


_TITLE = re.compile(_LEX["title"])
_NOT_ALONE = re.compile(_LEX["not_alone"])
_CONTRACTIONS = tuple((re.compile(p), w) for p, w in _LEX["contractions"])


def _matches(text: str) -> list[re.Match[str]]:
    """The forms ``text`` (lower case, no trailing stop) is said in: whole, and after its title."""
    out = []
    for candidate in dict.fromkeys((text, _TITLE.sub("", text, count=1))):
        out += [m for form in _forms() if (m := form.match(candidate)) is not None][:1]
    return out


def _plain(request: str) -> str:
    return request.lower().strip().rstrip(".!?。 ")


def asked(request: str) -> bool:
    """Whether ``request`` asks for a sum added only where a condition holds."""
    return bool(_matches(_plain(request)))


def read(request: str, schema: SheetSchema, inner: Callable[[str], RowReading | None]) -> RowReading | None:
    """``value+IF(condition,sum,0)`` for ``request``, or None when a part does not read."""
    text = _plain(request)
    if _NOT_ALONE.search(text):
        return None
    for m in _matches(text):
        reading = _read_form(m, schema, inner)
        if reading is not None:
            return reading
    return None


def _read_form(m: re.Match[str], schema: SheetSchema,
               inner: Callable[[str], RowReading | None]) -> RowReading | None:
    from .rowlabels import _condition

    amount = float(m.group("n")) if m.group("n") else float(_LEX["words"][m.group("w")])
    cond = m.groupdict().get("cond") or m.group("what")
    for pattern, written in _CONTRACTIONS:
        cond = pattern.sub(written, cond)
    test = _condition(cond.strip(" ,;()"), schema, lexicon("labels"))
    value = inner(m.group("value").strip(" ,;:-")) if test is not None else None
    if value is None or not value.template.startswith("=") or '"' in value.template \
            or re.search(r"\b(?:IF|IFS|AND|OR)\(", value.template):
        return None
    body = value.template[1:]
    return RowReading(f"={body}+IF({test[0]},{amount:g},0)",
                      f"{value.explanation}, plus {amount:g} where {cond.strip()}",
                      [*value.consumed, *test[1], amount])
