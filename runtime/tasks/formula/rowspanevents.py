"""The ends of a per-row span named by their events (issue 16 item 1): "days from quote to
acceptance" on a sheet whose dates are Quoted on / Accepted on, "days between opening and closure"
on Opened / Closed, "how long from payment to dispatch" on Paid date / Dispatched.

People name a date column by what happened on it, in whatever word form fits their sentence (a
noun, a verb, a participle), while the header says it one way.  This module only rewrites: an end
of "from A to B" / "between A and B" that is a date column's event in another form is replaced by
that column's header, so the date families (``rowdates``) read the span as if the header had been
written, with all their checks.  An end that names no date column, or two, is left as said; the
rewrite needs both ends, or one end on a sheet with exactly two date columns where the other end
is a short phrase naming no column (then the other date column).  Vocabulary:
``lexicon/spanevents.json``.
"""

from __future__ import annotations

import re

from .rowbase import is_zh, lexicon, mentions
from .schema import Column, SheetSchema

_LEX = lexicon("spanevents")
_SUFFIXES = tuple(_LEX["suffixes"])
_UNITS = re.compile(r"\b(?:" + "|".join(map(re.escape, _LEX["units"])) + r")\b")
_END = r"(?=\s*(?:$|[,;.?!()（）]|\b(?:for|per|in|on|of|each|every|blank|empty|if|when|where|as|leave|pls|please)\b))"
_SPAN = re.compile(
    r"\b(?:from|between)\s+(?P<a>[a-z][a-z' -]{0,40}?[a-z])\s+(?:to|till|until|til|and|through)\s+"
    r"(?P<b>[a-z][a-z' -]{0,40}?[a-z])" + _END, re.I)
# "quote-to-acceptance days", "(order to delivery)": both ends said as events, no "from"
_BARE = re.compile(r"\b(?P<a>[a-z]+(?:-[a-z]+)?)(?:\s+|-)(?:to|till|until)(?:\s+|-)(?P<b>[a-z]+(?:-[a-z]+)?)\b", re.I)
_DAYS = re.compile(r"\bdays?\b|\bnights?\b|\bhow long\b|\bturnaround\b|\blength\b|\bduration\b|\bgap\b")


def _stem(word: str) -> str:
    w = _LEX["irregular"].get(word, word)
    if " " in w:
        return w
    for suffix in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]  # "dropped" -> "dropp" -> "drop"
    root = w.rstrip("dst")
    return root if len(root) >= 4 else w  # "decide" / "decision", "submit" / "submission": one root


def _stems(text: str, filler: list[str]) -> tuple[str, ...]:
    words = [w for w in re.split(r"[\s-]+", text.lower().replace("'", "")) if w and w not in filler]
    return tuple(s for w in words for s in _stem(w).split())


def _event_of(phrase: str, dates: list[Column]) -> Column | None:
    """The one date column whose header's event ``phrase`` says, or None."""
    said = _stems(phrase, _LEX["phrase_filler"])
    if not said or len(said) > 3:
        return None
    found = [c for c in dates if (ev := _stems(c.header, _LEX["header_filler"])) and ev == said]
    if not found and not set(said) & set(_LEX["particles"]):  # "booking" for Booked in (not "check-in" for Checked out)
        bare = said
        found = [c for c in dates if tuple(w for w in _stems(c.header, _LEX["header_filler"])
                                                    if w not in _LEX["particles"]) == bare]
    return found[0] if len(found) == 1 else None


def named(request: str, schema: SheetSchema) -> str:
    """``request`` with the ends of its span written as the date columns' headers (module doc)."""
    if is_zh(request):
        return _zh_ends(request, schema)
    low = request.lower()
    if not _DAYS.search(low) or _UNITS.search(low) or re.search(r"\d", low):
        return request
    dates = [c for c in schema.columns if c.type == "date"]
    m = _SPAN.search(request)
    if m is None:
        bare = _bare(request, dates)
        return bare if bare != request else _one_end(request, schema, dates)
    ends, written = [], []
    for key in ("a", "b"):
        phrase = m.group(key)
        event = _event_of(phrase, dates)
        said = [c for _, c in mentions(phrase.lower(), schema)]
        if said and (event is None or said == [event]):  # a header's own name as written, or another column's
            event = said[0] if len(said) == 1 and said[0].type == "date" else False
            written.append(key)
        ends.append(event)
    if False in ends:
        return request
    a, b = ends
    if a is None and b is None or a is not None and a is b:
        return request
    if a is None or b is None:
        known = a or b
        loose = m.group("a") if a is None else m.group("b")
        if len(dates) != 2 or len(loose.split()) > 2:
            return request
        other = dates[0] if dates[1] is known else dates[1]
        if set(_stems(loose, _LEX["phrase_filler"])) & set(_stems(other.header, _LEX["header_filler"])):
            return request  # "check-in" beside Checked out: a part of its name, another event
        a, b = (other, known) if a is None else (known, other)
    said_a = m.group("a") if "a" in written else a.header
    said_b = m.group("b") if "b" in written else b.header
    return request[:m.start("a")] + said_a + request[m.end("a"):m.start("b")] + said_b + request[m.end("b"):]


def _bare(request: str, dates: list[Column]) -> str:
    """``request`` with a "<event>-to-<event>" span written as two date headers, when both of its
    one-word ends are events of two different date columns; else as it is."""
    for m in _BARE.finditer(request):
        a, b = _event_of(m.group("a"), dates), _event_of(m.group("b"), dates)
        if a is not None and b is not None and a is not b:
            return (request[:m.start()] + f"from {a.header} to {b.header}" + request[m.end():])
    return request


# "how long did they take to decide", "days it took to ship", "how many days until collected":
# the span's end said as its event after to / until, its start left unsaid
_TO_EVENT = re.compile(
    r"\b(?:to|until|till|til|before)\s+(?:(?:the|it|they|we|was|were|got|be|being|get|getting|its|their)\s+){0,2}"
    r"(?P<b>[a-z]{3,}(?:[\s-](?:in|out|off|up|back|down))?)\b", re.I)
_TAKES = re.compile(r"\b(?:how long|take|takes|took|taken|taking|wait|waited|waiting)\b")


def _one_end(request: str, schema: SheetSchema, dates: list[Column]) -> str:
    """``request`` with a span said by its end's event alone ("how long did they take to decide",
    "days to pay") written as "from <the first date> to <that date>": the start is the sheet's one
    date column before every other on every row (of two, the other one); the event's column is
    later on every row and still empty on some (an event not yet happened everywhere: not a
    countdown to a date every row has, which is rowcountdown's).  A request that names another date column, says the end twice, or
    takes no time ("take", "how long", "wait") is left as it is."""
    from .rowbase import row_pairs, values
    from .rowdates import _first_dates

    low = request.lower()
    if len(dates) < 2 or not _TAKES.search(low):
        return request
    found = [(m, c) for m in _TO_EVENT.finditer(request) if (c := _event_of(m.group("b"), dates)) is not None]
    if len(found) != 1:
        return request
    m, end = found[0]
    if any(c.type == "date" and c is not end for _, c in mentions(low, schema)):
        return request  # another date said: its own reading's
    firsts = _first_dates(schema)  # of three or more dates, the one before all the others on every row
    if len(firsts) != 1 or firsts[0] is end:
        return request
    start = firsts[0]
    pairs = row_pairs(schema, start, end)
    open_rows = sum(a is not None and b is None for a, b in zip(values(schema, start), values(schema, end), strict=False))
    if not pairs or not all(b >= a for a, b in pairs) or not open_rows or start.first_row != end.first_row:
        return request
    return request[:m.start()] + f"from {start.header} to {end.header}" + request[m.end():]


# "交办到期限一共几天": two ends of a span, each a part of a date header, before the count asked
_ZH_SPAN = re.compile(r"(?P<a>[\u4e00-\u9fff]{2,6}?)(?:到|至)(?P<b>[\u4e00-\u9fff]{2,6}?)"
                      r"(?=一共|总共|共|要|有|用了|花了|隔了|相隔|间隔|多少天|几天|的天数|天数)")


def _zh_ends(request: str, schema: SheetSchema) -> str:
    """``request`` with the ends of a Chinese "X到Y几天" span written as the date headers they are
    part of ("交办" -> 交办日期, "期限" -> 办结期限), when each end is in exactly one date header
    and the two are different; else as it is."""
    dates = [c for c in schema.columns if c.type == "date"]
    for m in _ZH_SPAN.finditer(request):
        ends = []
        for key in ("a", "b"):
            part = m.group(key).removeprefix("从")
            found = [c for c in dates if part in c.header]
            ends.append(found[0] if len(found) == 1 else None)
        a, b = ends
        if a is not None and b is not None and a is not b:
            return request[:m.start()] + f"从{a.header}到{b.header}" + request[m.end():]
    return request


def event_spans(text: str, schema: SheetSchema, template: str) -> list[tuple[int, int]]:
    """The words of ``text`` that say the event of a date column ``template`` reads, in another form
    ("renews" for Renewal date): those words are that column, read."""
    read = {c for c in re.findall(r"\$?([A-Z]{1,3})\$?(?:\d+|\{r\})", template)}
    dates = [c for c in schema.columns if c.type == "date" and c.letter in read]
    if not dates:
        return []
    # "nothing if undecided", "blank if unclaimed": the event negated names the same column
    return [m.span() for m in re.finditer(r"[a-z]{4,}", text)
            if _event_of(m.group(), dates) is not None
            or m.group().startswith("un") and len(m.group()) >= 6 and _event_of(m.group()[2:], dates) is not None]
