"""Quantities the sheet holds as two columns: the span from a start column to an end column.

"total training hours for Noah Brown" on a sheet of Start / End times, 销售部一共跑了多少公里 on a
log of 起始里程 / 结束里程, "average length of stay" beside Check-in / Check-out: the quantity
asked for is no column, but each row's end minus its start.  This module finds such a pair and
the word the request calls the quantity by (``lexicon/derived.json``), lends the readers a
column holding it (a copy of the schema with one more column, named by that word), and writes
the formula they read back over the two real columns:

* on a row, ``V5`` is ``(G5-F5)*24``;
* over the rows, ``SUM(V)`` is ``SUMPRODUCT((G-F)*24)``, ``SUMIF(B,"Noah",V)`` is
  ``SUMPRODUCT((B="Noah")*((G-F)*24))``, ``MAX(V)`` and ``MATCH(MAX(V),V,0)`` are computed inside
  a SUMPRODUCT (Excel 2016 computes the array without Ctrl+Shift+Enter).

The rewritten formula is computed on the real sheet and must give what the readers' formula
gives on the lent column; any other answer is refused (wrong is worse than refused).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, replace

from .rowbase import find, lexicon, values
from .schema import Column, SheetSchema, col_index, col_letter

_LEX = lexicon("derived")
_FACTOR = {"hours": "*24", "minutes": "*1440", "distance": "", "days": "", "gross": ""}


@dataclass
class Derived:
    """The quantity: the word it is called by, its start and end columns, how it is formed."""

    word: str  # the request's word for it, the lent column's header
    kind: str  # hours / minutes / distance / days
    start: Column
    end: Column

    @property
    def op(self) -> str:
        """How the two columns make it: the end less the start, or the net plus the tax."""
        return "+" if self.kind == "gross" else "-"

    def at(self, row: str) -> str:
        """The quantity on one row (``row`` a number or a ``{r}`` placeholder)."""
        body = f"{self.end.letter}{row}{self.op}{self.start.letter}{row}"
        return f"(({body}){_FACTOR[self.kind]})" if _FACTOR[self.kind] else f"({body})"

    def over(self, first: int, last: int) -> str:
        """The quantity over rows ``first``..``last`` as one array."""
        body = f"{self.end.letter}{first}:{self.end.letter}{last}{self.op}{self.start.letter}{first}:{self.start.letter}{last}"
        return f"(({body}){_FACTOR[self.kind]})" if _FACTOR[self.kind] else f"({body})"


def _says(header: str, words: list[str]) -> bool:
    return any(find(header.lower(), w) >= 0 for w in words)


def _stem(header: str) -> str:
    """The header without its start / end word: 起始里程 -> 里程, "Odometer Start" -> odometer."""
    text = header.lower()
    for w in sorted(_LEX["start"] + _LEX["end"], key=len, reverse=True):
        text = re.sub(rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w), " ", text)
    return re.sub(r"[\s()（）_\-:：]+", " ", text).strip()


def _kind_of(col: Column, schema: SheetSchema) -> str | None:
    vals = [v for v in values(schema, col) if v is not None]
    if not vals:
        return None
    if all(isinstance(v, dt.time) for v in vals) or all(isinstance(v, dt.datetime) for v in vals) \
            and any(v.time() != dt.time(0) for v in vals):
        return "time"
    if all(isinstance(v, dt.date) for v in vals):
        return "date"
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
        return "number"
    return None


def _ordered(schema: SheetSchema, a: Column, b: Column) -> tuple[Column, Column] | None:
    """(start, end) by the data: every row's end at or after its start; None when the rows
    disagree (a span past midnight, a reading that went down) or share no row."""
    ca, cb = col_index(a.letter), col_index(b.letter)
    pairs = [(schema.cells.get((r, ca)), schema.cells.get((r, cb)))
             for r in range(max(a.first_row, b.first_row), min(a.last_row, b.last_row) + 1)]
    pairs = [(x, y) for x, y in pairs if x is not None and y is not None]
    if not pairs:
        return None
    if all(y >= x for x, y in pairs) and any(y > x for x, y in pairs):
        return a, b
    if all(x >= y for x, y in pairs) and any(x > y for x, y in pairs):
        return b, a
    return None


def _pairs(schema: SheetSchema) -> list[tuple[str, Column, Column]]:
    """The sheet's start / end pairs, with what their span is in (time, date, number)."""
    words = _LEX["start"] + _LEX["end"]
    kinds = {c.letter: _kind_of(c, schema) for c in schema.columns}
    out = []
    cols = [c for c in schema.columns if kinds[c.letter] and _says(c.header, words)]
    for i, a in enumerate(cols):
        for b in cols[i + 1:]:
            if kinds[a.letter] != kinds[b.letter]:
                continue
            if kinds[a.letter] == "number" and (not _stem(a.header) or _stem(a.header) != _stem(b.header)
                                                or not _says(_stem(a.header), _LEX["distance_stems"])):
                continue  # two readings of one meter: 起始里程 / 结束里程, not Budget From / To
            order = _ordered(schema, a, b)
            if order is not None:
                out.append((kinds[a.letter], *order))
    return out


def _gross(schema: SheetSchema) -> list[tuple[str, Column, Column]]:
    """The net and the tax column a gross amount adds (Net amount + VAT), as a pair (tax last)."""
    parts = _LEX["gross_parts"]
    nums = [c for c in schema.columns if c.type == "number"]
    net = [c for c in nums if _says(c.header, parts["net"]) and not _says(c.header, parts["tax"])]
    tax = [c for c in nums if _says(c.header, parts["tax"]) and not _says(c.header, parts["net"])]
    return [("sum", net[0], tax[0])] if len(net) == 1 and len(tax) == 1 else []


def _named(request: str, kinds: tuple[str, ...]) -> tuple[str, str] | None:
    """The first word of the request that names a quantity of one of ``kinds``: (word, kind)."""
    low = request.lower()
    best = None
    for kind in kinds:
        for w in _LEX["names"][kind]:
            p = find(low, w)
            if p >= 0 and (best is None or (p, -len(w)) < (best[0], -len(best[1]))):
                best = (p, w, kind)
    return None if best is None else (best[1], best[2])


def derived(request: str, schema: SheetSchema) -> Derived | None:
    """The derived quantity ``request`` asks about, or None: the one start / end pair of the
    sheet whose span a word of the request names (hours of two times, distance of two odometer
    readings), that word in no header of the sheet."""
    kinds = {"time": ("minutes", "hours", "span"), "date": ("days",), "number": ("distance",), "sum": ("gross",)}
    found = [(said, start, end) for what, start, end in _pairs(schema) + _gross(schema)
             if (said := _named(request, kinds[what])) is not None]
    if len(found) != 1:
        return None  # none, or two spans the words could be of (two time pairs, two dates)
    (word, kind), start, end = found[0]
    if kind == "span":  # "拜访平均时长(分钟)": in the unit said, else hours
        kind = "minutes" if _named(request, ("minutes",)) and not _named(request, ("hours",)) else "hours"
    if any(c.header.strip().lower() == word for c in schema.columns):
        return None  # the sheet has a column of that name: the readers' own
    return Derived(word, kind, start, end)


def unverbed(request: str, d: Derived) -> str:
    """``request`` without the verb that only says the quantity was covered ("一共跑了多少公里",
    "how many miles did Sam drive"): the lent column is the quantity, the verb no column; a rate
    per one of it ("cost per hour") said as the division it is ("cost / hour")."""
    for w in _LEX["per_unit"].get(d.kind, []):  # "cost per hour": the cost divided by the hours
        if d.word in w.lower():
            request = re.sub(re.escape(w), f" / {d.word} ", request, flags=re.I)
    # "average stay in days": a unit phrase holding the request's only word for the quantity stays
    words = sorted((w for w in _LEX["verbs"].get(d.kind, [])
                    if (d.word not in w.lower() or request.lower().count(d.word) > 1)
                    and w.lower() not in d.word), key=len, reverse=True)  # not the "spent" of "time spent"
    pattern = "|".join(rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w) for w in words)
    return re.sub(r"\s{2,}", " ", re.sub(pattern, "", request, flags=re.I)).strip() if pattern else request


def lend(schema: SheetSchema, d: Derived, away: int) -> tuple[SheetSchema, Column]:
    """A copy of ``schema`` with a column holding ``d`` at column ``away`` (beyond the table and
    any target, so no reader places an answer on it)."""
    from .engine import _excel_value

    first, last = max(d.start.first_row, d.end.first_row), min(d.start.last_row, d.end.last_row)
    cells = dict(schema.cells)
    ca, cb = col_index(d.start.letter), col_index(d.end.letter)
    scale = {"hours": 24, "minutes": 1440}.get(d.kind, 1)
    got = []
    for r in range(first, last + 1):
        x, y = schema.cells.get((r, ca)), schema.cells.get((r, cb))
        if x is None or y is None:
            continue
        v = round((_excel_value(y) + _excel_value(x) if d.op == "+" else _excel_value(y) - _excel_value(x)) * scale, 9)
        cells[(r, away)] = v
        got.append(v)
    col = Column(col_letter(away), d.word, "number", first, last, got[:3],
                 sorted({str(v) for v in got})[:30])
    lent = replace(schema, columns=[*schema.columns, col], cells=cells)
    return lent, col


class Unwritten(Exception):
    """The readers' formula uses the lent column in a way this module cannot write over the
    two real columns (a wildcard criterion, the bare range as the answer)."""


#: conditional functions: (the argument of the summed / averaged range, or None for a count)
_CONDITIONAL = {"SUMIF": 2, "AVERAGEIF": 2, "SUMIFS": 0, "AVERAGEIFS": 0, "COUNTIF": None, "COUNTIFS": None}
#: functions that take an array as well as a range: computed inside SUMPRODUCT
_ARRAYABLE = {"MAX", "MIN", "AVERAGE", "LARGE", "SMALL", "MEDIAN", "MATCH", "SUM"}
_CALL = re.compile(r"([A-Z][A-Z0-9.]*)\(")


def _test(rng: str, crit: str) -> str:
    """A SUMIF criterion on ``rng`` as a comparison of arrays: "Noah" -> (B2:B9="Noah")."""
    crit = crit.strip()
    m = re.fullmatch(r'"(<=|>=|<>|<|>|=)?([^"]*)"(?:&(.+))?', crit, re.S)
    if m is None:  # a number, a cell, DATE(…): equality
        return f"({rng}={crit})"
    op, lit, tail = m.group(1) or "=", m.group(2), m.group(3)
    if tail is not None:
        if lit:
            raise Unwritten("a criterion joined to text")
        return f"({rng}{op}{tail})"
    if re.search(r"[*?~]", lit):
        raise Unwritten("a wildcard criterion")
    value = lit if re.fullmatch(r"-?\d+(?:\.\d+)?", lit) else f'"{lit}"'
    return f"({rng}{op}{value})"


def rewrite(formula: str, col: Column, d: Derived) -> str:
    """``formula`` (read over the lent column ``col``) written over ``d``'s two columns."""
    from .checks import _call_arguments

    span = re.compile(rf"\$?{col.letter}\$?(\d+):\$?{col.letter}\$?(\d+)")
    cell = re.compile(rf"(?<![A-Z$:]){col.letter}\$?(\d+|\{{r\}})(?![\d:])")

    def arr(text: str) -> str | None:
        m = span.fullmatch(text.strip())
        return d.over(int(m.group(1)), int(m.group(2))) if m else None

    def walk(text: str, in_array: bool) -> str:
        out, i = "", 0
        while i < len(text):
            m = _CALL.match(text, i) if (i == 0 or not re.match(r"[A-Z0-9_.$]", text[i - 1])) else None
            if text[i] == '"':
                j = text.index('"', i + 1)
                out, i = out + text[i:j + 1], j + 1
                continue
            if m is None:
                out, i = out + text[i], i + 1
                continue
            name, inner_at = m.group(1), m.end()
            args = _call_arguments(text, inner_at)
            end = inner_at + len(",".join(args))
            if end >= len(text) or text[end] != ")":
                raise Unwritten("unbalanced formula")
            out += call(name, args, in_array)
            i = end + 1
        if span.search(out):
            raise Unwritten("the lent column's range outside a function that reads it")
        return cell.sub(lambda c: d.at(c.group(1)), out)

    def call(name: str, args: list[str], in_array: bool) -> str:
        if not any(arr(a) for a in args):  # the lent range is no argument of this call (maybe deeper)
            return f"{name}({','.join(walk(a, in_array) for a in args)})"
        if name in _CONDITIONAL:
            return conditional(name, args)
        if name == "SUM" and len(args) == 1 and arr(args[0]):
            return f"SUMPRODUCT({arr(args[0])})"
        if name == "AVERAGE" and len(args) == 1 and arr(args[0]):
            # over the rows with a start: a blank row left in the table is no span of 0
            m = span.fullmatch(args[0].strip())
            starts = f"{d.start.letter}{m.group(1)}:{d.start.letter}{m.group(2)}"
            return f"(SUMPRODUCT({arr(args[0])})/COUNT({starts}))"
        if name in _ARRAYABLE:
            body = f"{name}({','.join(arr(a) or walk(a, True) for a in args)})"
            return body if in_array else f"SUMPRODUCT({body})"
        raise Unwritten(f"{name} over the lent column")

    def conditional(name: str, args: list[str]) -> str:
        at = _CONDITIONAL[name]
        if name in ("SUMIF", "AVERAGEIF", "COUNTIF"):
            rng, crit = args[0], args[1]
            target = args[2] if len(args) > 2 else rng
            pairs = [(rng, crit)]
        else:
            target = args[0] if at == 0 else None
            rest = args[1:] if at == 0 else args
            if len(rest) % 2:
                raise Unwritten(f"{name} with a range and no criterion")
            pairs = list(zip(rest[0::2], rest[1::2], strict=True))
        tests = "*".join(_test(arr(r) or r.strip(), walk(c, True)) for r, c in pairs)
        if at is None:
            return f"SUMPRODUCT({tests}*1)"
        summed = arr(target) or target.strip()
        total = f"SUMPRODUCT({tests}*{summed})"
        return total if name.startswith("SUM") else f"{total}/SUMPRODUCT({tests}*1)"

    return "=" + walk(formula.lstrip("="), False)


def _reads(formula: str, letter: str) -> bool:
    """Whether ``formula`` reads a cell or range of column ``letter``."""
    return re.search(rf"(?<![A-Z$]){letter}\$?\d", formula.replace("$", "")) is not None


def _same(a, b) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-6 * max(1.0, abs(a))
    return a == b


def read(request: str, schema: SheetSchema, target: str | None, reader):
    """The answer to a request about a derived quantity, or None.

    ``reader(request, schema, target)`` is the rules' own reading (a result or None); it reads
    the request on the schema lent the quantity's column, and its formula is written back over
    the two real columns and computed on the real sheet: an answer that computes otherwise, or
    that is no more than the lent column's own value, is refused.
    """
    from dataclasses import replace as copy

    from ...errors import TaskError
    from .engine import evaluate

    d = derived(request, schema)
    if d is None:
        return None
    if d.kind in ("hours", "minutes") and re.search(lexicon("dates")["shifts"]["break_said"], request.lower()):
        return None  # a break taken off worked hours is rowshifts' (a break column in unknown units: refused)
    m = re.match(r"([A-Z]{1,3})(\d+)$", target or "")
    away = max(schema.last_column, col_index(m.group(1)) if m else 0) + 3
    lent, col = lend(schema, d, away)
    try:
        answer = reader(unverbed(request, d), lent, target)
    except TaskError:
        return None
    bare = re.sub(r'"[^"]*"', "", answer.formula) if answer is not None else ""
    if not _reads(bare, col.letter):
        return None  # read without the quantity: not this module's answer
    if _reads(bare, d.start.letter) or _reads(bare, d.end.letter):
        return None  # "inc vat amount" read as the gross plus the Net amount: a word read twice
    try:
        text = rewrite(answer.formula, col, d)
    except Unwritten:
        return None
    want, got = evaluate(answer.formula, lent), evaluate(text, schema)
    if want.error or got.error or want.value is None or not _same(want.value, got.value):
        return None
    intent = dict(answer.intent or {})
    if intent.get("template"):  # a per-row answer's template, filled down
        try:
            intent["template"] = rewrite(intent["template"], col, d)
        except Unwritten:
            return None
    said = f"{d.word} = {d.end.header} − {d.start.header}" + (
        {"hours": " in hours", "minutes": " in minutes"}.get(d.kind, ""))
    return copy(answer, formula=text, value=got.value, explanation=f"{answer.explanation} ({said})",
                intent=intent)
