"""Clock times and rule shapes of an IF-label request said in shorthand, said the way ``rowlabels`` reads them.

People write the bound of a time-of-day label many ways: "before midday", "before 12"
(on a sheet of times, a bare hour after before / after is a clock hour), "18:00+",
"at/after 18:00".  They also write the rule as an arrow: "before 08:00 or 18:00+ ->
Out of hours, else Day", "Before midday -> Morning, otherwise Afternoon".  ``plain``
rewrites these into "12:00", "from 18:00" and "<label> if <condition>, otherwise <other>",
which :func:`rowlabels._read_said` reads; anything else is left as it was.
Vocabulary: ``lexicon/labels.json`` clock (noon, said_fillers) and arrow.
"""

from __future__ import annotations

import re
from functools import cache

from .rowbase import lexicon
from .schema import SheetSchema


@cache
def _pats() -> tuple[re.Pattern[str], ...]:
    lex = lexicon("labels")
    noon = "|".join(re.escape(w) for w in lex["clock"]["noon"] if w.isascii())
    bounds = "|".join(re.escape(w) for w in sorted(lex["clock"]["before_said"] + lex["clock"]["after_said"],
                                                  key=len, reverse=True) if w.isascii())
    arrow = lex["arrow"]
    names = "|".join(re.escape(w) for w in arrow["names"])
    return (re.compile(rf"(?<![a-z\d:])(?:12\s*)?(?:{noon})(?![a-z])", re.I),
            # "before 12", "after 5": a bare hour (not a count: no unit, no decimals, no date after it)
            re.compile(rf"(?<![a-z])({bounds})\s+(\d{{1,2}})(?![\d:/-]|[.,]\d|\s*(?:%|(?!(?:or|and|else|otherwise|then|is|=)\b)[a-z£$€]|[:：]))", re.I),
            # "18:00+", "6pm+": that time or later
            re.compile(r"(?<![\d:])(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)\s*\+(?!\s*\d)", re.I),
            re.compile(rf"^\s*(?:(?P<name>[^:：,;]{{1,40}}?)\s*[:：](?!\d)\s*)?(?P<cond>[^,;]+?)\s*(?:{'|'.join(map(re.escape, arrow['signs']))})\s*"
                       rf"(?P<label>[^,;]+?)\s*[,;]\s*(?P<else>else|otherwise|if not)\s+(?P<other>[^,;]+?)\s*[.!]?\s*$", re.I),
            re.compile(rf"(?<![a-z])(?:{names})(?![a-z])", re.I))


def plain(request: str, schema: SheetSchema) -> str:
    """``request`` with its clock shorthand and its arrow rule said plainly (or as it was)."""
    from .rowdates import _time_columns

    noon, bare, plus, arrow, names = _pats()
    if _time_columns(schema):
        request = noon.sub("12:00", request)
        request = re.sub(r"(?<![a-z])(?:at|on)\s*/\s*after(?![a-z])", "at or after", request, flags=re.I)

        def hour(m: re.Match[str]) -> str:
            return m.group(0) if int(m.group(2)) > 23 else f"{m.group(1)} {m.group(2)}:00"

        request = bare.sub(hour, request)
        # "before 8am or after 6pm": two bounds ("or after" alone is "that time or later")
        request = re.sub(r"(?<![a-z])(?<!at )or\s+after\s+(?=\d)", "or from ", request, flags=re.I)
        request = plus.sub(r"from \1", request)
    # "... -> Morning, else Afternoon. Based on the Time col": the column said after the rule
    said = re.match(r"^(.*?)\s*[.;]\s*((?:based on|using|use|from)\s+(?:the\s+)?[^.;,]{1,30}?)\s*[.!]?\s*$", request, re.I)
    m = arrow.match(said.group(1) if said else request)
    if m is None:
        return request
    name, label = m.group("name"), m.group("label")
    if name is not None and not (label.lower() in name.lower() or names.search(name)):
        return request  # "Region: ..." names something the rule must read: not a bare name for the column
    cond = f"{m.group('cond')} {said.group(2)}" if said else m.group("cond")
    return f"{label} if {cond}, otherwise {m.group('other')}"
