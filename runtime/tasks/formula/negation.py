"""A "not yet" said with another negation word than the sheet's own value.

Chinese says "not yet" with 没 / 没有 / 未 / 尚未 alike: a sheet that writes 未培训, 未缴, 未结清
is asked "没培训过的有几个人", "没缴的", "没有结清的".  Every reader matches values as
written, so the request is respelt with the sheet's value before any reader sees it (the
negation word is the only difference; the rest of the value must be said as it stands).
"""

from __future__ import annotations

import re

from .schema import SheetSchema

#: the words that say "not (yet)" before a verb, longest first
_NOT_ZH = ("尚未", "没有", "还未", "没", "未")


def _negated_values(schema: SheetSchema) -> dict[str, str]:
    """{what follows the negation: the value} for each text value of the sheet written as a
    negation word and a verb (未培训 -> 培训); a verb two values share is left out."""
    out: dict[str, str] = {}
    seen: dict[str, int] = {}
    for col in schema.columns:
        if col.type not in ("text", "mixed"):
            continue
        for v in col.distinct:
            text = str(v).strip()
            m = re.fullmatch("(?:" + "|".join(_NOT_ZH) + r")([\u4e00-\u9fff]{1,4})", text)
            if m:
                out[m.group(1)] = text
                seen[m.group(1)] = seen.get(m.group(1), 0) + 1
    return {k: v for k, v in out.items() if seen[k] == 1}


def said_negated_values(request: str, schema: SheetSchema) -> str:
    """``request`` with a "not yet" said by another negation word written as the sheet's value:
    "没培训过的有几个人" beside 未培训 is "未培训的有几个人"; "没有结清" beside 未结清 is "未结清"."""
    values = _negated_values(schema)
    if not values or not re.search(r"[\u4e00-\u9fff]", request):
        return request
    nots = "|".join(_NOT_ZH)
    for verb, value in sorted(values.items(), key=lambda kv: len(kv[0]), reverse=True):
        request = re.sub(rf"(?:{nots}){re.escape(verb)}(?:过)?",
                         lambda m, value=value: m.group(0) if m.group(0) == value else value, request)
    return request
