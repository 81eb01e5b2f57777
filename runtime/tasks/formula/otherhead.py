"""A column of the workbook's other sheet named by the first word of its header alone.

"mileage claim per row = miles x rate (rates are on the other tab)" beside a Rates tab whose
one money column is "Rate per mile": "rate" names that column, though no form of the whole
header is said.  Only where no other column there, and none of this sheet, starts with the
word, and the column holds numbers (a rate, a price, a fee to multiply by), and the word does
not name the other sheet itself ("using the price list": a list, a sheet, a tab); the per-row
lookup (``lookups.read_row``) then finds the key and the factor as for a header said whole.
"""

from __future__ import annotations

import re

from .schema import Column, SheetSchema


def head_word(said: str, other: SheetSchema, own: set[str]) -> dict[str, tuple[int, Column]]:
    """"miles x rate (rates are on the other tab)" beside a Rates tab with one "Rate per mile": the
    number column of the other sheet named by the first word of its header alone, when no other
    column there or here starts with that word."""
    low = said.lower()
    heads: dict[str, list[Column]] = {}
    for c in other.columns:
        w = re.match(r"[a-z]{3,}", c.header.strip().lower())
        if w is not None:
            heads.setdefault(w.group(0), []).append(c)
    out = {}
    for w, cols in heads.items():
        m = re.search(rf"(?<![a-z]){w}(?![a-z])(?!s?\s+(?:list|sheet|tab|table)s?\b)", low)
        if m is None or len(cols) != 1 or cols[0].type != "number" \
                or any(h.startswith(w) for h in own):
            continue
        out[cols[0].letter] = (m.start(), cols[0])
    return out
