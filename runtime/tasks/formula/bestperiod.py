"""Which period was best: the header of the period column holding a row's largest value.

On a sheet whose numbers sit in period columns side by side (2019 … 2024, Jan … Dec, 1月 … 12月),
"best year for apples", "华中分公司哪一年收入最高", "which month was busiest overall" ask for a
column's name, not a row's: ``INDEX(<the period headers>,MATCH(MAX(<the row>),<the row>,0))``.

The row is the sheet's own Total row below the data ("overall", "全年"): the periods' totals are
already there.  Without a total row the request is refused (a total per column would be another
formula), and so is a row named by a value ("best year for apples": see read_best_period).  Every other word of the request must be
accounted for, as in the other readers.  Vocabulary: ``lexicon/lookups.json`` (``period_asked``,
``superlative``).
"""

from __future__ import annotations

import re

from .aggregates import _values, leftover
from .rowbase import has, lexicon
from .schema import SheetSchema, _total_row, col_index, col_letter


def _asked(text: str, lex: dict) -> tuple[int, int] | None:
    """Where the request asks for a period ("which year", "best month", 哪一年, 几月)."""
    for pat in lex["period_asked"]:
        m = re.search(pat, text)
        if m:
            return m.span()
    return None


def _extreme(text: str, lex: dict) -> tuple[str, tuple[int, int]] | None:
    """MAX or MIN and where the request says it (the longest superlative word said)."""
    found = [(len(w), fn, w) for fn in ("MAX", "MIN") for w in lex["superlative"][fn] + lex["period_superlative"][fn]
             if has(text, [w]) and w not in lex["dates_only"]]
    if not found:
        return None
    _n, fn, w = max(found)
    p = text.find(w)
    return fn, (p, p + len(w))


def read_best_period(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """(formula, explanation) for "which period was best for <row>", or None."""
    from .rows import _period_columns

    text = request.lower().strip()
    lex = lexicon("lookups")
    periods = _period_columns(schema)
    if len(periods) < 2 or len({(c.first_row, c.last_row) for c in periods}) != 1:
        return None
    asked = _asked(text, lex)
    ext = _extreme(text, lex)
    if asked is None or ext is None:
        return None
    fn, sup = ext
    taken = [asked, sup]
    vals = _values(text, schema, lexicon("aggregates"), taken)
    conds = vals.conditions if vals is not None else []
    first, last = periods[0], periods[-1]
    if conds:
        # "best year for apples": the Apples row's extreme.  Its formula must carry the name
        # (checks.problems), and INDEX(block,MATCH("Apples",…),0) for the whole row is not computed
        # by the engine that checks every answer: refused rather than written unchecked
        return None
    row = _total_row(schema.cells, schema.header_row) if schema.cells else None
    if row is None or row != first.last_row + 1:
        return None  # no total row under the periods: their totals are not on the sheet
    what = "the total row"
    # "best month for hires in 2026" on a sheet "Hires 2026": the year its name or title says
    titles = " ".join([schema.sheet] + [str(v) for (r, _c), v in schema.cells.items() if r < schema.header_row])
    taken += [m.span() for m in re.finditer(r"(?<!\d)(?:19|20)\d\d(?!\d)", text) if m.group(0) in titles]
    left = leftover(text, schema, lexicon("aggregates"), taken, [], tuple(lex["filler"]) + tuple(lex["period_filler"]))
    if left:
        return None
    heads = f"{first.letter}{schema.header_row}:{last.letter}{schema.header_row}"
    line = f"{first.letter}{row}:{last.letter}{row}"
    if any(col_letter(col_index(first.letter) + i) != c.letter for i, c in enumerate(periods)):
        return None  # not one block of columns
    return (f"=INDEX({heads},MATCH({fn}({line}),{line},0))",
            f"the period ({first.header} … {last.header}) with the {'largest' if fn == 'MAX' else 'smallest'} "
            f"value in {what}")
