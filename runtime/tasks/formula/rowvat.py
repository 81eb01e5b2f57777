"""A sales tax added to a row's amount: "charge inc vat", "each price with 20% VAT on top",
"add vat at 20% to callout+parts", "price inc vat 2dp".

The tax clause (``lexicon/rowvat.json`` clause) is read apart from the amount it taxes: the rest
must read, on its own, as one per-row number (a column, a product, a sum), which is then
multiplied by 1 + the percent.  A percent the clause does not say is VAT's standard rate
(``default``), and only on a sheet with no tax column of its own: there "inc vat" is the net
plus that column, which the pair readers read, and a rate guessed beside it would be wrong.
A rounding clause ("2dp", "nearest £") rounds the taxed amount, not the amount before tax.
Anything else left over (a label, a test, a second percent) gets no answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .rowbase import RowReading, lexicon, mentions
from .schema import SheetSchema

_LEX = lexicon("rowvat")
_CLAUSES = tuple(re.compile(p) for p in _LEX["clause"])
_ASKS = tuple(re.compile(p) for p in _LEX["asks"])
_EX = re.compile(_LEX["ex_clause"])
_PREMISE = re.compile(_LEX["premise"])
_TAX_HEADER = re.compile(r"(?<![a-z])(?:" + "|".join(re.escape(w) for w in _LEX["tax_headers"]) + r")(?![a-z])")


def _clause(text: str) -> tuple[re.Match[str], float] | None:
    """The tax clause of ``text`` (lower case) and its percent (said, or the default), or None."""
    for pat in _CLAUSES:
        m = pat.search(text)
        if m is None:
            continue
        said = m.group("p") or m.group("p2")
        if said is not None:
            return m, float(said)
        default = _LEX["default"].get(m.group("w"))
        return (m, float(default)) if default is not None else None
    return None


def _asks_dropped(rest: str) -> str:
    """``rest`` without the question words around the amount (``asks``), applied until none is left."""
    for _ in range(6):
        before = rest
        for pat in _ASKS:
            rest = pat.sub(" ", rest).strip(" ,;:?")
        if rest == before:
            break
    return rest


def _taken_out(text: str, schema: SheetSchema) -> tuple[str, float] | None:
    """``text`` (lower case) without its clause taking the tax out ("ex-VAT price", "net of VAT
    (20%)") and without a premise saying the amounts include it ("prices include VAT at 20% -"),
    and the percent (said in either, else the default); None when no such clause is said, or
    when the sheet has a tax column of its own and no percent is said."""
    m = _EX.search(text)
    if m is None:
        return None
    premise = _PREMISE.search(text[:m.start()]) or _PREMISE.search(text, m.end())
    said = [x for x in (m.group("p"), m.group("p2")) if x] + \
           ([x for x in (premise.group("p"), premise.group("p2")) if x] if premise else [])
    if len(set(said)) > 1:
        return None  # two rates said: which is meant is not read
    if not said and any(_TAX_HEADER.search(c.header.lower()) for c in schema.columns):
        return None
    pct = float(said[0]) if said else _LEX["default"].get(m.group("w"))
    if pct is None:
        return None
    cut = sorted([(m.start(), m.end())] + ([premise.span()] if premise else []))
    rest, at = "", 0
    for a, b in cut:
        rest, at = rest + text[at:a] + " ", b
    return (rest + text[at:]).strip(" ,;-"), float(pct)


def _applies(text: str, schema: SheetSchema) -> tuple[re.Match[str], float] | None:
    """The tax clause of ``text`` (lower case) and its percent, when this module reads it."""
    found = _clause(text)
    if found is None:
        return None
    m, _pct = found
    if m.group("p") is None and m.group("p2") is None \
            and any(_TAX_HEADER.search(c.header.lower()) for c in schema.columns):
        return None  # "inc vat" beside a VAT column: the net plus that column, not a rate assumed
    return found


def kept(request: str, schema: SheetSchema, reading: RowReading | None,
         inner: Callable[[str], RowReading | None]) -> RowReading | None:
    """``reading`` (the per-row families' answer to ``request``) when the request adds no tax or
    the reading multiplies by it already; else the amount with the tax added (:func:`read`), or
    None: "hours x rate inc vat" read as the hours times the rate dropped the tax."""
    out = _taken_out(request.lower(), schema)
    if out is not None:  # "ex-VAT price": the amount before the tax, never read as a discount
        return reading if reading is not None and f"/{1 + out[1] / 100:g}" in reading.template \
            else _taxed(out[0], out[1], schema, inner, "/", "less")
    found = _applies(request.lower(), schema)
    if found is None:
        return reading
    if reading is not None and f"*{1 + found[1] / 100:g}" in reading.template:
        return reading
    return read(request, schema, inner)


def read(request: str, schema: SheetSchema, inner: Callable[[str], RowReading | None]) -> RowReading | None:
    """``request`` read as an amount with a tax added, or None.

    ``inner`` reads the amount alone (the per-row family's reader for a rest)."""
    text = request.lower()
    found = _applies(text, schema)
    if found is None:
        return None
    m, pct = found
    return _taxed((text[:m.start()] + " " + text[m.end():]).strip(" ,;"), pct, schema, inner, "*", "plus")


def _taxed(rest: str, pct: float, schema: SheetSchema, inner: Callable[[str], RowReading | None],
           op: str, said: str) -> RowReading | None:
    """``rest`` (the request less its tax clause) read as one per-row amount by ``inner``, with
    the tax added (``op`` "*") or taken out ("/"), rounded as its rounding clause says; or None."""
    from .rows import rounding_clause, without_clause

    rounding = rounding_clause(rest)
    if rounding is not None:
        rest = without_clause(rest, rounding)
    rest = _asks_dropped(rest)
    if not rest or "%" in rest or re.search(r"\b(?:vat|gst|tax)\b", rest):
        return None
    core = inner(rest)
    per = re.search(r"\s+(?:per|for each|for every|on each)\s+([a-z]+)\s*$", rest)
    if core is None and per is not None and all(c.type != "number" for _, c in mentions(per.group(1), schema)):
        core = inner(rest[:per.start()])  # "ex vat price per tree": the row's noun, no ratio (not "per kg")
    if core is None or not core.template.startswith("=") or '"' in core.template \
            or re.search(r"\b(?:IF|IFS|IFERROR|AND|OR|ROUND|ROUNDUP|ROUNDDOWN|INT|TEXT)\(", core.template):
        return None
    body = core.template[1:]
    if not re.fullmatch(r"[A-Z]{1,3}\{r\}", body):
        body = f"({body})"
    taxed = f"{body}{op}{1 + pct / 100:g}"
    what = f"{core.explanation} {said} {pct:g}% tax"
    if rounding is not None:
        places, fn = rounding[2], rounding[4]
        taxed = f"{fn}({taxed},{places})"
        what += f", rounded to {places} decimals"
    return RowReading(f"={taxed}", what, [*core.consumed, pct])
