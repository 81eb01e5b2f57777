""""what did we take over all the weekends", "total seats across all our teams", "how much cash did
we take? (for the bank)": words that say the whole table, or who the answer is for, and nothing
about which rows.

"over / across all (of) the (four) <things>" closing a request names every row by what the rows
are (markets, weekends, jobs, sessions: one plural noun, a state before it never dropped): where no header, value or title of the sheet holds the
noun it is no condition, and the words are dropped.  A bracketed "(for the bank)", "(for my
accountant)" says who wants the figure; where none of its words is the sheet's, it is dropped.
A noun the sheet holds ("across all the Leeds jobs" beside a Leeds value) is kept: a condition.
A noun of days of the week ("over all the weekends", "on all the Saturdays") is a condition
unless every date of the sheet falls on those days already (a stall open at weekends only):
dropped only then.
Vocabulary: ``lexicon/aggregates.json`` (whole_table_asides).
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache

from .rowbase import is_zh, lexicon, table_values
from .rowevents import condition_text
from .schema import SheetSchema


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    lex = lexicon("aggregates")["whole_table_asides"]
    preps = "|".join(map(re.escape, lex["over"]))
    nums = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    whole = re.compile(rf"\s*,?\s*(?<![a-z])(?:{preps})\s+(?:(?:all|every one)\s+(?:of\s+)?(?:the\s+|our\s+|my\s+)?"
                       rf"(?:{nums}\s+)?|(?:the\s+|our\s+|my\s+)?{nums}\s+)(?P<noun>[a-z]+s)\s*(?=[?.!]*\s*$)", re.I)
    owner = "|".join(map(re.escape, lex["for"]))
    aside = re.compile(rf"\s*[(（]\s*for\s+(?:the\s+|my\s+|our\s+)?(?P<noun>(?:{owner}))\s*[)）]", re.I)
    return whole, aside


def _held(words: str, schema: SheetSchema) -> bool:
    """Whether any word of ``words`` (or its singular) is a word of the sheet's headers, values or title."""
    held = set(re.findall(r"[a-z]+", (condition_text(schema) + "\n" + schema.sheet + "\n"
                                      + "\n".join(c.header for c in schema.columns)).lower()))
    return any(w in held or w.rstrip("s") in held or w.removesuffix("es") in held
               for w in re.findall(r"[a-z]+", words.lower()))


def _days_said(noun: str, schema: SheetSchema) -> bool | None:
    """None where ``noun`` is no days of the week; else whether every date of the sheet is one."""
    days = lexicon("aggregates")["whole_table_asides"]["weekdays"]
    said = next((v for k, v in days.items() if noun.lower().split()[-1] in (k, k + "s")), None)
    if said is None:
        return None
    dates = [v for c in schema.columns if c.type == "date" for v in table_values(schema, c)
             if isinstance(v, (dt.date, dt.datetime))]
    return bool(dates) and all(d.weekday() in said for d in dates)


def without_whole_table_aside(request: str, schema: SheetSchema) -> str:
    """``request`` less an "over all the <things>" close or a "(for the bank)" aside that names
    nothing of the sheet's."""
    if is_zh(request):
        return request
    whole, aside = _patterns()
    for pat in (aside, whole):
        m = pat.search(request)
        if m is None or _held(m["noun"], schema):
            continue
        if (days := _days_said(m["noun"], schema)) is None or days:
            request = (request[:m.start()] + request[m.end():]).strip()
    return request
