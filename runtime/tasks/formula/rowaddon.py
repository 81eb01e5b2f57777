"""A fixed sum added to a row's value only where a condition holds: "price plus £10 if it's a
delivery", "add 10 to the price when Delivery = Yes", "price inc delivery (delivery is a tenner)";
or a share taken off / put on it there: "qty*price, less 10% when qty >= 4" (``value*IF(cond,0.9,1)``).

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


@cache
def _pct_forms() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(f) for f in _LEX["pct_forms"])


def _matches(text: str) -> list[re.Match[str]]:
    """The forms ``text`` (lower case, no trailing stop) is said in: whole, and after its title."""
    out = []
    for candidate in dict.fromkeys((text, _TITLE.sub("", text, count=1))):
        out += [m for form in _forms() if (m := form.match(candidate)) is not None][:1]
        out += [m for form in _pct_forms() if (m := form.match(candidate)) is not None and _factor(m)][:1]
    return out


def _factor(m: re.Match[str]) -> float | None:
    """What a percent form's value is multiplied by where its condition holds (0.9 for "10% off"),
    or None for an amount form, or when the words say no direction or both."""
    if "p" not in m.groupdict():
        return None
    said = {w for w in (m.group("way"), m.group("way2")) if w}
    off, on = said & set(_LEX["off_words"]), said & set(_LEX["on_words"])
    if bool(off) == bool(on):
        return None
    share = float(m.group("p")) / 100
    return 1 - share if off else 1 + share


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

    factor = _factor(m)
    if factor is None:
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
    if factor is not None:
        said = float(m.group("p"))
        wrapped = f"({body})" if re.search(r"[-+]", body.lstrip("-")) else body
        return RowReading(f"={wrapped}*IF({test[0]},{factor:g},1)",
                          f"{value.explanation}, {said:g}% {'off' if factor < 1 else 'on top'} where {cond.strip()}",
                          [*value.consumed, *test[1], said, factor])
    return RowReading(f"={body}+IF({test[0]},{amount:g},0)",
                      f"{value.explanation}, plus {amount:g} where {cond.strip()}",
                      [*value.consumed, *test[1], amount])
