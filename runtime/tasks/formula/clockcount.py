"""How many rows fall before or after a time of day: COUNTIF on the sheet's time column.

"晚上8点以后报名的有几个", "报名时间在20:00之后的人数", "早上9点之前卖了几单", "how many orders came
in before 9am", "7点到9点之间的单数": the condition is the one clock comparison the per-row labels
read (``rowlabels._time_term``: 下午 / pm, 之前 / before, a span of two times), written over the
column's range instead of its row: ``COUNTIF(B2:B41,"<"&TIME(9,0,0))``; a span is a COUNTIFS
of its two ends.  Only a count is read (a total or average of the rows is another question),
only on a column of times (a column of date-times compares its time with MOD, which COUNTIF
cannot), and every other word must be read or filler, as in the other readers.
"""

from __future__ import annotations

import re

from .aggregates import leftover
from .rowbase import has, lexicon, mentions, value_mentions
from .rowdates import _time_columns
from .rowlabels import _CLOCK, _time_term
from .schema import SheetSchema

_ONE = re.compile(r"^([A-Z]+)(?:\d+|\{r\})(>=|<=|>|<)(TIME\(\d+,\d+,0\))$")
_SPAN = re.compile(r"^AND\(([A-Z]+)(?:\d+|\{r\})(>=)(TIME\(\d+,\d+,0\)),\1(?:\d+|\{r\})(<=|<)(TIME\(\d+,\d+,0\))\)$")


def _criteria(cond: str, schema: SheetSchema) -> tuple[str, list[tuple[str, str]]] | None:
    """(the column's range, [(op, TIME(...))]) of a per-row clock condition, or None (MOD, OR)."""
    m = _ONE.match(cond) or _SPAN.match(cond)
    if m is None:
        return None
    col = next((c for c in schema.columns if c.letter == m.group(1)), None)
    if col is None:
        return None
    parts = m.groups()[1:]
    return col.range, [(parts[i], parts[i + 1]) for i in range(0, len(parts), 2)]


def read_clock_count(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """(formula, explanation) for a count of the rows before / after / between times of day."""
    text = request.lower().strip()
    clocks = list(_CLOCK.finditer(text))
    times = _time_columns(schema)
    if not clocks or len(clocks) > 2 or not times:
        return None
    agg = lexicon("aggregates")
    if not has(text, agg["ops"]["count"]):
        return None
    others = [w for op, words in agg["ops"].items() if op not in ("count", "sum") for w in words]
    if has(text, others) or has(text, [w for w in agg["ops"]["sum"] if w != "多少"]):
        return None  # "9点前卖了多少钱", "average before 9am": not a count
    cl = lexicon("labels")["clock"]
    counted = sorted(agg["ops"]["count"], key=len, reverse=True)
    term = re.sub("|".join(map(re.escape, counted)), lambda m: " " * len(m.group(0)), text)
    cond = _time_term(term, schema, lexicon("labels"))  # (人数 names no 家属人数 here: it counts)
    if cond is None:
        return None
    found = _criteria(cond[0], schema)
    if found is None:
        return None
    rng, crit = found
    ms = mentions(text, schema)
    if any(c not in times for _p, c in mentions(term, schema)) or value_mentions(term, schema):
        return None  # "部门是销售的晚上8点以后": another condition, which this reader does not write
    hour = int(re.search(r"TIME\((\d+)", crit[0][1]).group(1))
    if 1 <= hour <= 6 and not has(text, cl["am"] + cl["pm"]):
        return None  # "3点以后" with no 下午: 3:00 or 15:00
    taken = [(m.start(), m.end()) for m in clocks]
    taken += [(m.start(), m.end()) for m in re.finditer(cl["events"], text)]
    if len(clocks) == 2 and re.fullmatch(rf"\s*{cl['span_joins']}\s*", text[clocks[0].end():clocks[1].start()]):
        taken.append((clocks[0].end(), clocks[1].start()))  # "8点到10点", "7:00-9:00"
    words = [w for k in ("pm", "am", "noon", "before", "after", "before_said", "after_said",
                         "after_strict_said", "said_fillers") for w in cl[k]]
    words += ["在", "点钟", "点", "钟", "之间", "中间", "between", "o'clock", "时间", "time"]
    words += lexicon("timeofday")["time_words"]
    if leftover(text, schema, agg, taken, ms, tuple(words)):
        return None
    fn = "COUNTIF" if len(crit) == 1 else "COUNTIFS"
    args = ",".join(f'{rng},"{op}"&{t}' for op, t in crit)
    return f"={fn}({args})", "rows whose time of day is " + " and ".join(f"{op} {t}" for op, t in crit)
