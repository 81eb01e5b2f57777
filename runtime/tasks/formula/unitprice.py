"""A price per unit written as its money's sign over the unit ("£/kg", "$/hr", "€ / m") and the
quantity column counted in that unit ("kg", "Hours"): the pair whose product is a row's amount.

``rows._line_value`` reads a row's amount ("value of every sale", "line total") on a sheet without
an amount column as quantity × unit price; the columns groups of ``lexicon/columns.json`` find the
pair where the headers say Qty and Price, and this finds it where the price header says only the
unit it is per (the quantity header is that unit, or a word it abbreviates: "hr" for Hours).
"""

from __future__ import annotations

import re

from .rowbase import _bare, lexicon
from .schema import Column, SheetSchema

_PER = re.compile(r"[£$€¥]\s*/\s*([a-z][a-z0-9]{0,9})")


def pair(schema: SheetSchema) -> tuple[Column, Column] | None:
    """(quantity, price per unit) of the one "£/unit" header whose unit one number column is
    counted in, or None."""
    found = []
    for price in schema.columns:
        m = _PER.fullmatch(_bare(price.header))
        if m is None or price.type != "number":
            continue
        unit = m.group(1)
        units = {unit, *lexicon("rows")["header_abbreviations"].get(unit, [])}
        qty = [c for c in schema.columns if c is not price and c.type == "number"
               and _bare(c.header) in units | {u + "s" for u in units}]
        if len(qty) == 1:
            found.append((qty[0], price))
    return found[0] if len(found) == 1 else None
