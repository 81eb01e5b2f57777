"""A number said in thousands with k ("over 5k", "£2.5k or more") written out as the number.

The composer's annotator reads "5k" as 5000, but the aggregate readers compare with the digits
they find, so "number of deals in north over 5k" was COUNTIFS(..., ">5"): a wrong count, not a
refusal.  Writing the number out once, before any reader, gives every reader the same 5000.
A "5k" the sheet itself holds (a race of 10K, a "5k" plan) is a value, and stays as written; on a
sheet that keeps its figures in thousands (Revenue (£k), Sales '000) "5k" is that column's 5, so
nothing is written out there.
"""

from __future__ import annotations

import re

from .schema import SheetSchema

_KILO = re.compile(r"(?<![A-Za-z0-9_.])(\d+(?:\.\d+)?)\s?[kK](?![A-Za-z0-9_])")
_IN_THOUSANDS = re.compile(r"[(（]\s*[£$€¥]?\s*k\s*[)）]|[£$€¥]\s?k(?![a-z])|'000|\b000s\b|thousand|千元", re.I)


def written_out(request: str, schema: SheetSchema) -> str:
    """``request`` with each "5k" / "2.5K" written 5000 / 2500, unless the sheet holds that text."""
    if not _KILO.search(request) or any(_IN_THOUSANDS.search(c.header) for c in schema.columns) or any(
            isinstance(v, str) and _IN_THOUSANDS.search(v) for (r, _c), v in schema.cells.items()
            if r < schema.header_row):  # a title or note over the table: "Sales (£k)"
        return request
    held = " ".join(str(v).lower() for c in schema.columns for v in c.distinct if isinstance(v, str))
    held += " " + " ".join(c.header.lower() for c in schema.columns)

    def number(m: re.Match[str]) -> str:
        if re.search(rf"(?<![0-9.]){re.escape(m.group(1))}\s?k(?![a-z])", held):
            return m.group(0)
        value = float(m.group(1)) * 1000
        return str(int(value)) if value.is_integer() else str(value)

    return _KILO.sub(number, request)
