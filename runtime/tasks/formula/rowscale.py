"""A scale said around a per-row reading: "多少万元", "换成万元", "in thousands", "in £k", "换算成元".

The clause (``lexicon/rows.json`` scale_clause) is stripped from the request, the rest read on its
own by the per-row families, and the rest's number divided by the scale (``(H3*I3)/10000``) — or,
for a clause asking for the plain unit ("换算成元") on columns kept in 万元/千元, multiplied back.
Columns already in the asked unit (a header or the title says 万元) need no division: the rest's
formula is the answer.  A rest that reads columns in two different units gets no answer.  Wrong is
worse than none, so the scale must be in the formula whenever the clause was stripped.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .rowbase import RowReading, lexicon
from .schema import SheetSchema

_WAN = re.compile(r"万")
_QIAN = re.compile(r"千元|thousand|\(k\)|£k|\$k|000s")


def scale_clause(text: str) -> tuple[int, int, int, bool] | None:
    """(start, end, factor, to_plain) of the first scale clause of ``text``: factor is what the
    number is divided by (10000 for 万); to_plain is True for "换算成元" (from 万元 back to 元)."""
    lex = lexicon("rows")["scale_clause"]
    for pat, k in lex["divide"]:
        m = re.search(pat, text, re.I)
        if m:
            return m.start(), m.end(), int(k), False
    for pat in lex["to_plain"]:
        m = re.search(pat, text, re.I)
        if m:
            return m.start(), m.end(), 0, True
    return None


def _unit_of(header: str, schema: SheetSchema) -> int:
    """What a column's numbers are counted in: 10000 (万), 1000 (千元, £k), or 1."""
    if _WAN.search(header) and not re.search(r"万(?:千瓦|公里|件|人)", header):
        return 10000
    if _QIAN.search(header.lower()):
        return 1000
    return 10000 if schema.counts_in_wan and not re.search(r"[（(]", header) else 1


def scaled(request: str, schema: SheetSchema, read: Callable[[str], RowReading | None]) -> RowReading | None:
    """``request`` read by ``read`` with its scale clause apart, the scale put in the formula."""
    clause = scale_clause(request)
    if clause is None:
        return None
    start, end, k, to_plain = clause
    rest = (request[:start] + " " + request[end:]).strip(" ,，;；。.")
    rest = re.sub(r"[（(]\s*[）)]", " ", rest).strip()
    if not rest:
        return None
    inner = read(rest)
    if inner is None or not inner.template.startswith("=") or '"' in inner.template \
            or re.search(r"\b(?:ROUND|ROUNDUP|ROUNDDOWN|INT|TRUNC|CEILING|FLOOR)\(", inner.template) \
            or scale_clause(rest) is not None:
        return None  # a rounding inside would round before the scale; two scales: no reading
    by_letter = {c.letter: c for c in schema.columns}
    letters = set(re.findall(r"(?<![A-Z$])([A-Z]{1,3})\{r\}", inner.template))
    units = {_unit_of(by_letter[x].header, schema) for x in letters if x in by_letter}
    if len(units) != 1:
        return None
    unit = units.pop()
    body = inner.template[1:]
    wrapped = f"({body})" if re.search(r"[-+]", body) else body
    if to_plain:
        if unit == 1:
            return None
        return RowReading(f"={wrapped}*{unit}", f"{inner.explanation}, in units (× {unit})", inner.consumed)
    if unit == k:  # the columns are in the unit asked already
        return inner
    if unit != 1:
        return None
    return RowReading(f"={wrapped}/{k}", f"{inner.explanation}, in {k}s (÷ {k})", inner.consumed)


def said_unscaled(request: str, template: str) -> bool:
    """A scale clause ``request`` says that ``template`` carries no factor for (neither ÷ nor × it)."""
    clause = scale_clause(request)
    if clause is None:
        return False
    return not re.search(r"[*/]\s*(?:10000|1000|1000000)\b", template)


def in_asked_unit(request: str, template: str, schema: SheetSchema) -> bool:
    """Every column ``template`` reads is counted in the unit ``request``'s scale clause asks for
    ("多了多少万" on 万元 columns): the formula needs no factor."""
    clause = scale_clause(request)
    if clause is None or clause[3]:
        return False
    by_letter = {c.letter: c for c in schema.columns}
    letters = set(re.findall(r"(?<![A-Z$])([A-Z]{1,3})(?:\{r\}|\{p\}|\$?\d)", template))
    units = {_unit_of(by_letter[x].header, schema) for x in letters if x in by_letter}
    return units == {clause[2]}
