"""A per-row text built from one column and a constant, or from a form the request spells out.

People ask for a code made of a column and a fixed piece in many words: "a B in front of the
batch number", "batch code with B prefix", "W- followed by the job no", "在收文号前面加上2026-",
"单号后面加上-A"; or they write the form itself with the column names: 'K = Tool & " (" &
Team & ")"', '"W-" & job no', "as 'Tool (Team)'".  Each is one reading here: the constant
(said as a code: capitals, digits, a dash, or quoted) before or after the one column named, or
each piece of the form a column or a quoted constant.  An example of the result the request
shows ("like B009", "变成2026-0231这种") must be the constant and a value of that column's shape,
else nothing is read.  Vocabulary and patterns: ``lexicon/text.json`` affix.
"""

from __future__ import annotations

import re
from functools import cache

from .rowbase import RowReading, has, header_forms, lexicon, mentions, numbers, quoted, ref, values
from .schema import Column, SheetSchema


@cache
def _spec() -> dict:
    return lexicon("text")["affix"]


@cache
def _compiled(key: str) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p) for p in _spec()[key])


def _shape(v: str) -> str:
    return re.sub(r"[A-Za-z]", "A", re.sub(r"\d", "9", v))


def _shown(v: object) -> str | None:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return None if v is None or isinstance(v, bool) else str(v).strip()


def _example(request: str) -> tuple[list[str], tuple[int, int]] | None:
    """The examples of the result the request shows ("like B009", a bracket that lists them:
    "(FX-5101, FX-5102...)") and the span they take, or None."""
    m = re.search(_spec()["example_list"], request)
    if m is not None:
        return [m.group("ex"), *re.findall(r"[A-Za-z\d][A-Za-z\d\-_/#.]*[A-Za-z\d]", m.group("more"))], m.span()
    m = re.search(_spec()["example"], request)
    return None if m is None else ([m.group("ex")], m.span("ex"))


def _agrees(ex: str, lit: str, before: bool, col: Column, schema: SheetSchema) -> bool:
    """Whether the example ``ex`` is ``lit`` joined to a value of ``col`` (the value, or one of
    the same shape: B + 009 on a column of 012, 014)."""
    if before and not ex.lower().startswith(lit.lower()) or not before and not ex.lower().endswith(lit.lower()):
        return False
    rest = ex[len(lit):] if before else ex[:len(ex) - len(lit)]
    shown = {s for s in map(_shown, values(schema, col)) if s}
    if col.type == "number":  # 0031 for 31: a number shown with its zeros
        return rest.isdigit()
    return rest in shown or _shape(rest) in {_shape(s) for s in shown}


def _one_column(text: str, spans: list[tuple[int, int]], schema: SheetSchema) -> Column | None:
    """The one column ``text`` names outside ``spans`` (the constant, the example)."""
    plain = "".join(" " if any(a <= i < b for a, b in spans) else ch for i, ch in enumerate(text))
    found = {c.letter: c for _, c in mentions(plain, schema)}
    if len(found) != 1:
        return None
    c = next(iter(found.values()))
    return c if c.type in ("text", "mixed", "number") else None


def _affixed(request: str, schema: SheetSchema) -> RowReading | None:
    """One column with a constant said before ("prefix") or after ("suffix") it."""
    if re.search(_spec()["not"], request, re.I):
        return None  # "if days taken >= 20 then High": a condition, not a constant added
    for key, before in (("before", True), ("after", False)):
        for m in (m for pat in _compiled(key) for m in pat.finditer(request)):
            lit = m.group("lit")
            if not re.search(r"[A-Z\-_/#]", lit) and not re.search(r"[\"'“”‘’]", m.group(0)) \
                    or mentions(lit, schema):
                continue  # "days before the due date", "20 after", "后面加上“姓名”": no constant said
            spans = [m.span("lit")]
            shown = _example(request)
            if shown is not None:
                spans.append(shown[1])
            c = _one_column(request, spans, schema)
            if c is None:
                return None
            vals = [s for s in map(_shown, values(schema, c)) if s]
            if not vals or all((s.startswith(lit) if before else s.endswith(lit)) for s in vals):
                return None  # already there: a removal or a test, not an addition
            if shown is not None and not all(_agrees(ex, lit, before, c, schema) for ex in shown[0]):
                return None
            consumed = [v for v, _, p in numbers(request) if any(a <= p < b for a, b in spans)]
            consumed += [v for v, _, _ in numbers(lit)]
            formula = f'="{lit}"&{ref(c)}' if before else f'={ref(c)}&"{lit}"'
            return RowReading(formula, f"{lit!r} {'before' if before else 'after'} {c.header}", consumed)
    return None


def _by_example(request: str, schema: SheetSchema) -> RowReading | None:
    """"a ref like FX-5101 from the Pay ref", "turn pay ref 5101 into FX-5101": no prefix or
    suffix word, but an example of the result that is a code constant joined to a value the one
    column named holds (5101 of Pay ref).  The constant is what the example has besides that
    value; every example shown must be it and a value of the column, else nothing is read."""
    if re.search(_spec()["not"], request, re.I) or not re.search(_spec()["by_example"], request, re.I):
        return None
    shown = _example(request)
    if shown is None:
        return None
    c = _one_column(request, [shown[1]], schema)
    if c is None:
        return None
    vals = {s for s in map(_shown, values(schema, c)) if s}
    found: set[tuple[str, bool]] = set()
    for ex in shown[0]:
        pieces = {(ex[:len(ex) - len(v)], True) for v in vals if ex.endswith(v) and len(ex) > len(v)}
        pieces |= {(ex[len(v):], False) for v in vals if ex.startswith(v) and len(ex) > len(v)}
        pieces = {(lit, before) for lit, before in pieces if re.fullmatch(r"[A-Za-z][A-Za-z\d]{0,5}[-_/#]?|[-_/#][A-Za-z\d]{1,6}", lit)}
        if len(pieces) != 1:
            return None
        found |= pieces
    if len(found) != 1:
        return None
    lit, before = found.pop()
    if any(v.startswith(lit) if before else v.endswith(lit) for v in vals):
        return None  # the constant is there already: not something to add
    consumed = [v for v, _, p in numbers(request) if shown[1][0] <= p < shown[1][1]]
    formula = f'="{lit}"&{ref(c)}' if before else f'={ref(c)}&"{lit}"'
    return RowReading(formula, f"{lit!r} {'before' if before else 'after'} {c.header}, as {shown[0][0]}", consumed)


def _operand(piece: str, schema: SheetSchema) -> Column | None:
    """The column a piece of a written form names: the whole piece is its name (a filler aside)."""
    said = mentions(piece, schema)
    if len({c.letter for _, c in said}) != 1:
        return None
    c = said[0][1]
    rest = piece.lower()
    for form in sorted({c.header.lower(), *header_forms(c.header)}, key=len, reverse=True):
        rest = rest.replace(form, " ", 1)
    words = set(re.findall(r"[a-z\u4e00-\u9fff]+", rest))
    return c if words <= set(_spec()["form_fillers"]) else None


def _text_part(piece: str, schema: SheetSchema) -> RowReading | None:
    """A piece of a written form that asks for a part of one column ("first 3 letters of funder
    uppercase"), read by rowtext, when the part is one function of a cell (no join of its own)."""
    from . import rowtext

    part = rowtext.read(piece, schema)
    if part is None or "&" in part.template or not re.fullmatch(r"=[A-Z]+\(.*\)", part.template):
        return None
    return part


def _written(request: str, schema: SheetSchema) -> RowReading | None:
    """A form written with ``&`` (or ``+`` beside a quoted constant) between column names and
    quoted constants: 'Tool & " (" & Team & ")"', '"W-" & job no'."""
    qs = [(p, p + len(s) + 2, s) for p, s in quoted(request)]
    blank = list(request)
    for a, b, _ in qs:
        for i in range(a, b):
            blank[i] = "\0"
    plain = "".join(blank)
    signs = [m.start() for m in re.finditer(r"&", plain)]
    plus = [m.start() for m in re.finditer(r"\+", plain)]
    if not signs and not (qs and plus):
        return None
    if signs and plus:
        return None
    joints = signs or plus
    # the form runs from after the last '=' or ':' before the first joint to the first stop after the last
    start = max([m.end() for m in re.finditer(r"[=:：]", plain[:joints[0]])] + [0])
    tail = re.sub(r"[(（][^)）]*[)）]", lambda m: "\0" * len(m.group(0)), plain[joints[-1] + 1:])  # (a bracket's comma)
    stop = re.search(r"[,，;；]|\s(?:for|in|on|per|into|as)\s|\s(?:each|every)\b|$", tail)
    end = joints[-1] + 1 + stop.start()
    if has(request[end:].lower(), [w for k in ("upper", "lower", "proper") for w in lexicon("text")[k]]):
        return None  # "..., uppercase": said of a piece the form has already ended
    cuts = [start, *joints, end]
    parts: list[str] = []
    read = 0  # the pieces that read a column
    consumed: list[float] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        a = a if a == start else a + 1
        seg = request[a:b]
        inside = [(qa, qb, s) for qa, qb, s in qs if a <= qa and qb <= b]
        if inside:
            qa, qb, lit = inside[0]
            if len(inside) != 1 or (request[a:qa] + request[qb:b]).strip():
                return None
            parts.append('"' + lit.replace('"', '""') + '"')
            consumed += [v for v, _, _ in numbers(lit)]
            continue
        c = _operand(seg, schema)
        if c is not None:
            parts.append(ref(c))
            read += 1
            continue
        part = _text_part(seg, schema)  # "'-' + first 3 letters of funder uppercase": a part of a column
        if part is None:
            return None
        parts.append(part.template[1:])
        read += 1
        consumed += part.consumed
    if not read or len(parts) < 2 or read == len(parts):  # (two names with & between: which separator is open)
        return None
    return RowReading("=" + "&".join(parts), "the form " + " & ".join(parts), consumed)


def _quoted_form(request: str, schema: SheetSchema) -> RowReading | None:
    """A quoted form made of two column names and punctuation: "as 'Tool (Team)'"."""
    for _, q in quoted(request):
        said = mentions(q, schema)
        if len(said) != 2 or len({c.letter for _, c in said}) != 2:
            continue
        (pa, a), (pb, b) = said
        low = q.lower()
        la = next((f for f in (a.header.lower(), *a.header.lower().split()) if low.startswith(f, pa)), None)
        lb = next((f for f in (b.header.lower(), *b.header.lower().split()) if low.startswith(f, pb)), None)
        if la is None or lb is None:
            continue
        pre, mid, post = q[:pa], q[pa + len(la):pb], q[pb + len(lb):]
        if any(re.search(r"[A-Za-z\d\u4e00-\u9fff]", x) or len(x) > 3 for x in (pre, mid, post)):
            continue
        pieces = [f'"{pre}"'] if pre else []
        pieces += [ref(a), f'"{mid}"'] if mid else [ref(a)]
        pieces += [ref(b)] + ([f'"{post}"'] if post else [])
        return RowReading("=" + "&".join(pieces), f"{q} for each row")
    return None


def form(request: str, schema: SheetSchema) -> RowReading | None:
    """The form ``request`` writes out with quoted constants, or None."""
    return _written(request, schema) or _quoted_form(request, schema)


def read(request: str, schema: SheetSchema) -> RowReading | None:
    """One column with a constant before or after it, as ``request`` asks, or None."""
    return _affixed(request, schema) or _by_example(request, schema)
