"""COUNTIFS with its first criteria range starting and ending on a filled cell (issue 16 item 6: the
default formula must compute the same in every target application).

LibreOffice (7.x, checked with 24.x too) trims COUNTIFS's *first* criteria range to the part of its
column that holds data, so the empty cells at its top and at its bottom are never tested: on a duty
log whose 已调休 column starts blank, ``COUNTIFS(H3:H32,"",D3:D32,"节假日")`` gave 4 where Excel, and
the same formula with the pairs swapped, give 5; a column blank at both ends counted 1 blank of 4.
A criterion that can match a blank ("", "<>1") is what notices.  A COUNTIFS of one pair is counted
right.  The pairs of a COUNTIFS are an AND, so their order is free: a pair whose range starts and
ends on a filled cell goes first.  SUMIFS
and AVERAGEIFS start with the summed range, whose empty cells add nothing, and are left alone.
"""

from __future__ import annotations

import re

from .checks import _call_arguments
from .schema import SheetSchema, col_index

_ENDS = re.compile(r"\$?([A-Z]{1,3})\$?(\d+):\$?[A-Z]{1,3}\$?(\d+)")


def _edge_empty(rng: str, schema: SheetSchema) -> bool | None:
    """Whether the range's first or last cell is empty: the cells LibreOffice would trim."""
    m = _ENDS.fullmatch(rng.strip())
    if m is None:
        return None  # another sheet, a table column, a name: not judged here
    col = col_index(m.group(1))
    return any(schema.cells.get((int(row), col)) in (None, "") for row in (m.group(2), m.group(3)))


def first_range_filled(formula: str, schema: SheetSchema) -> str:
    """``formula`` with each COUNTIFS's pairs ordered so the first range starts and ends on a filled
    cell."""
    out, pos = [], 0
    for m in re.finditer(r"(?<![A-Z.])COUNTIFS\(", formula):
        if m.start() < pos:
            continue
        args = _call_arguments(formula, m.end())
        end = m.end() + len(",".join(args))
        if end >= len(formula) or formula[end] != ")":
            return formula  # no closing bracket: not a call to reorder
        if len(args) < 4 or len(args) % 2:
            continue
        pairs = [args[i:i + 2] for i in range(0, len(args), 2)]
        empty = [_edge_empty(r, schema) for r, _ in pairs]
        if not empty[0] or None in empty or all(empty):
            continue
        pairs = [p for _, p in sorted(zip(empty, pairs, strict=True), key=lambda ep: ep[0])]  # stable: said order otherwise
        out.append(formula[pos:m.end()] + ",".join(",".join(p) for p in pairs) + ")")
        pos = end + 1
    return "".join(out) + formula[pos:] if out else formula
