"""The row with the earliest or latest time of day, and another column of it.

"which booking has the latest end time", "earliest start time - whats the booking ref?",
"用印时间最早的那次是谁经办的" ask for one row's other column (INDEX/MATCH on MIN or MAX) where
what is compared is a column of times of day (08:30).  The sheet reader types such a column as
text, so the lookup family (``lookups.read``), which compares numbers and dates, never takes it;
and the word "time" there names no column of its own ("end time" is End).

The time column must be named (by its header or a synonym) and be the only time or date column
named; the answer column is read as the lookup family reads it; every other word must be read
or filler, as in the other readers.  Vocabulary: ``lexicon/timeofday.json``.
"""

from __future__ import annotations

import re

from .aggregates import leftover
from .lookups import _answer_column, _word_at
from .rowbase import has, lexicon, mentions
from .rowdates import _time_columns
from .schema import SheetSchema

_OTHER_ASKED = re.compile(lexicon("timeofday")["other_asked"])


def _extreme(text: str, lex: dict) -> tuple[str, tuple[int, int]] | None:
    """MIN or MAX and where it is said (the longest word of ``superlative`` said)."""
    found = [(len(w), fn, w) for fn, words in lex["superlative"].items() for w in words if has(text, [w])]
    if not found and has(text, lex["time_asked"]):  # "what time was the first sale": first is earliest
        found = [(len(w), fn, w) for fn, words in lex["first_last"].items() for w in words if has(text, [w])]
    if not found:
        return None
    _n, fn, w = max(found)
    p = text.find(w)
    return fn, (p, p + len(w))


def _said_by_verb(text: str, times: list, lex: dict) -> tuple[int, object, str] | None:
    """(where, the time column, the verb) for a verb that names the one time column whose header
    holds one of its words ("finished" for End, "logged" for Opened at); None when no verb or
    several columns fit."""
    for verb, heads in lex["verbs"].items():
        if verb.startswith("_") or not has(text, [verb]):
            continue
        fit = [c for c in times if set(re.findall(r"[a-z]+|[\u4e00-\u9fff]+", c.header.lower())) & set(heads)]
        if len(fit) == 1:
            return text.find(verb), fit[0], verb
    return None


def read_time_extreme(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """(formula, explanation) for "<column> of the row with the earliest/latest <time column>"."""
    text = request.lower().strip()
    lex = lexicon("timeofday")
    ext = _extreme(text, lex)
    if ext is None:
        return None
    times = _time_columns(schema)
    if not times:
        return None
    fn, sup = ext
    ms = mentions(text, schema)
    timed = {c.letter: (p, c) for p, c in ms if c in times or c.type in ("date", "time")}
    verb = _said_by_verb(text, times, lex) if not timed else None
    if verb is not None:  # "which booking finished latest": the End column
        p, when, said = verb
        ms = [*ms, (p, when)]
    elif not timed and not ms and len(times) == 1 and has(text, lex["time_asked"] + lex["time_words"]):
        return _the_time(text, schema, lex, fn, [sup], ms, times[0])
    elif len(timed) != 1:
        return None  # no time said, or a date beside it ("the latest date and time"): not guessed
    else:
        p, when = next(iter(timed.values()))
        said = _word_at(text[p:], when)
    if when not in times:
        return None
    found = _answer_column(text, schema, lexicon("lookups"))
    if (found is None or found[0] is when) and not [c for _q, c in ms if c is not when]:
        # "earliest time", "what time was the first sale": the time column asked of itself
        return _the_time(text, schema, lex, fn, [sup, (p, p + len(said)), *([found[1]] if found else [])], ms, when)
    if found is None:  # "ticket with the latest Opened at time": the one other column named
        others = {c.letter: (q, c) for q, c in ms if c is not when}
        if len(others) != 1:
            return None
        q, c = next(iter(others.values()))
        found = c, (q, q + len(_word_at(text[q:], c)))
    answer, span = found
    if answer is when or answer.type not in ("text", "mixed", "number") \
            or (answer.first_row, answer.last_row) != (when.first_row, when.last_row):
        return None
    taken = [sup, span, (p, p + len(said))]
    filler = tuple(lexicon("lookups")["filler"]) + tuple(lex["time_words"])
    if leftover(text, schema, lexicon("aggregates"), taken, ms, filler):
        return None
    return (f"=INDEX({answer.range},MATCH({fn}({when.range}),{when.range},0))",
            f"{answer.header} of the row with the {'earliest' if fn == 'MIN' else 'latest'} {when.header}")


def _the_time(text: str, schema: SheetSchema, lex: dict, fn: str, taken: list[tuple[int, int]],
              ms: list, when) -> tuple[str, str] | None:
    """``MIN``/``MAX`` of the time column itself: "what time was the earliest sale", "最早一单是几点",
    "latest finish time" -- the time asked, not another column of its row; every other word must
    be read (the rows counted, filler), else None."""
    if when.type not in ("text", "mixed", "time"):
        return None  # (a column of date-times: the latest one is a date too, not a time of day)
    if _OTHER_ASKED.search(text):
        return None  # "who came in at the earliest time": a person asked, not the time
    filler = tuple(lexicon("lookups")["filler"]) + tuple(lex["time_words"]) + tuple(lex["time_asked"])
    if leftover(text, schema, lexicon("aggregates"), taken, ms, filler):
        return None
    return (f"={fn}({when.range})", f"the {'earliest' if fn == 'MIN' else 'latest'} {when.header}")
