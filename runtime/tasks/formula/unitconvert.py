"""A one-cell number asked in another unit than its column holds (issue 16, rounding): "average
wait time in minutes" on Wait (s), "total backup size in TB" on Size (GB), "平均通话时长（分钟）"
on 通话时长(秒), "avg wait? it's in seconds - I want it in minutes".

The unit a column holds is its header's (``rowunits``' table, ``lexicon/rows.json``
conversions: the per-row conversions read the same table); the unit asked is said in the
request ("in minutes", "换算成小时", "TB").  The asked unit's words are read apart, the rest
read as its own one-cell request, and the aggregate's number converted by the exact factor
between the two units (/60, /1024).  Only one aggregate over one column whose header says its
unit is converted; anything else (two columns, a count, no exact factor) gets no answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from ...errors import TaskError
from . import rowunits
from .rowbase import lexicon, mentions
from .schema import SheetSchema

# one aggregate over one range: its value range is the only, the third (…IF) or first (…IFS) one
_AGG = re.compile(r"=(?P<fn>SUM|AVERAGE|MIN|MAX|MEDIAN|SUMIF|AVERAGEIF|SUMIFS|AVERAGEIFS|MAXIFS|MINIFS)\((?P<args>[^()]*)\)")
_RANGE = re.compile(r"\$?([A-Z]{1,3})\$?\d+:\$?([A-Z]{1,3})\$?\d+")


@cache
def _asked_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(unit, pattern of the words asking for it) for the units a number can be converted to."""
    units = lexicon("rows")["conversions"]["units"]
    targets = {k.split(">")[1] for k in lexicon("rows")["conversions"]["exact"]}
    said = lexicon("rows")["conversions"]["asked_clause"]
    out = []
    for unit in sorted(targets):
        words = units.get(unit, {}).get("asked", [])
        if not words:
            continue
        body = "|".join(words)
        out.append((unit, re.compile(said.replace("UNIT", body), re.I)))
    return tuple(out)


def converted(request: str, schema: SheetSchema, read: Callable[[str], object]):
    """The one-cell reading of ``request`` in the unit it asks for, or None; ``read`` reads the
    rest (a ``compose.Reading`` or None)."""
    from dataclasses import replace

    lex = lexicon("rows")["conversions"]
    request = _source_said_dropped(request)  # "it's in seconds": the column's unit, not the one asked
    found = [(unit, m) for unit, pat in _asked_patterns() for m in [pat.search(request)] if m is not None]
    if len(found) != 1:
        return None
    to, m = found[0]
    rest = (request[:m.start()] + " " + request[m.end():]).strip(" ,，;；。.")
    rest = re.sub(r"[（(]\s*[）)]", " ", rest)
    rest = _source_said_dropped(rest)
    if not rest.strip():
        return None
    try:
        reading = read(rest)
    except TaskError:  # a rest the readers refuse is no reading here either
        return None
    if reading is None:
        return None
    agg = _AGG.fullmatch(reading.formula)
    if agg is None:
        return None
    ranges = _RANGE.findall(agg.group("args"))
    fn = agg.group("fn")
    pick = {"SUMIF": 2, "AVERAGEIF": 2}.get(fn, 0 if fn.endswith("IFS") else None)
    if pick is None:
        if len(ranges) != 1:
            return None
        pick = 0
    if pick >= len(ranges) or ranges[pick][0] != ranges[pick][1]:
        return None
    by_letter = {c.letter: c for c in schema.columns}
    col = by_letter.get(ranges[pick][0])
    if col is None:
        return None
    source = rowunits.unit_of(col, lex["units"])
    if source is None or source == to:
        return None
    factor = lex["exact"].get(f"{source}>{to}")
    if factor is None:
        return None
    # the rest must name the measure by its column, not by the unit words alone
    if not any(c.letter == col.letter for _, c in mentions(rest, schema)):
        return None
    return replace(reading, formula=f"{reading.formula}{factor}",
                   explanation=f"{reading.explanation}, in {to} ({col.header} {factor})")


def _source_said_dropped(rest: str) -> str:
    """``rest`` without an aside saying the column's own unit ("it's in seconds", "(GB)")
    and a "time" after a duration's name ("wait time": the Wait column)."""
    for pat in lexicon("rows")["conversions"]["source_said"]:
        rest = re.sub(pat, " ", rest, flags=re.I)
    return re.sub(r"\s+", " ", rest).strip(" ,，;；。.-")
