"""A row's total over a whole period the sheet keeps in part-period columns.

"Busy if it did over 400 hires in the year" on a sheet of Jan … Dec columns, "Over if the
half-year actual is more than the budget" on Jan … Jun, "全年满40小时写达标" on 上半年时长 |
下半年时长: the condition is on the row's total over the period, which no column holds.  The
period is read as a stand-in column (its cells the row's totals) named the way the rewritten
request says it, so the per-row label reader compares it like any number column; its formula
(``SUM(C{r}:N{r})`` or the parts added) is put back in the template.  Only a period whose every
part is a column of the sheet is read (a year needs all twelve months, a half year the first
six); vocabulary: ``lexicon/rows.json`` ``period_totals``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace

from .rowbase import is_zh, lexicon
from .schema import Column, SheetSchema, col_index, col_letter

#: the name the stand-in column gets, as each language says it
_NAMES = {("year", False): "Year total", ("year", True): "全年合计",
          ("half", False): "Half-year total", ("half", True): "上半年合计"}


def _month_columns(schema: SheetSchema) -> dict[int, Column]:
    from .periods import _month_headers

    heads = _month_headers(schema)
    by_header = {c.header: c for c in schema.columns}
    return {k: by_header[h] for k, h in heads.items()}


def _halves(schema: SheetSchema) -> list[Column] | None:
    """The two number columns of a sheet that keeps a year as halves (上半年时长 | 下半年时长,
    "H1 sales" | "H2 sales"): the same header but for the half."""
    nums = [c for c in schema.columns if c.type == "number"]
    for a in nums:
        for first, second in (("上半年", "下半年"), ("H1", "H2")):
            if first in a.header:
                twin = a.header.replace(first, second)
                b = [c for c in nums if c.header == twin]
                if len(b) == 1:
                    return [a, b[0]]
    return None


def _parts(kind: str, schema: SheetSchema) -> list[Column] | None:
    months = _month_columns(schema)
    if kind == "half":
        if all(k in months for k in range(1, 7)):
            return [months[k] for k in range(1, 7)]
        return None
    if all(k in months for k in range(1, 13)):
        return [months[k] for k in range(1, 13)]
    if not months:
        return _halves(schema)
    return None


def _body(parts: list[Column]) -> str:
    idx = [col_index(c.letter) for c in parts]
    if len(idx) > 2 and idx == list(range(idx[0], idx[0] + len(idx))):
        return f"SUM({parts[0].letter}{{r}}:{parts[-1].letter}{{r}})"
    return "+".join(f"{c.letter}{{r}}" for c in parts)


def stand_ins(request: str, schema: SheetSchema) -> Iterator[tuple[SheetSchema, str, str, Callable[[str], str]]]:
    """(the sheet with the period's total as a column, its letter, its formula, a function
    that writes a request's naming of the period as that column's name), for each whole period
    ``request`` names whose parts are all columns of the sheet."""
    lex = lexicon("rows")["period_totals"]
    zh = is_zh(request)
    for kind in ("half", "year"):
        pats = [p for p in lex[kind] if bool(re.search(r"[\u4e00-\u9fff]", p)) == zh]
        pat = "|".join(f"(?:{p})" for p in pats)
        if not pat or not re.search(pat, request, flags=0 if zh else re.I):
            continue
        parts = _parts(kind, schema)
        if parts is None or any(c.header in request for c in parts if zh):
            continue  # a part said by name ("上半年时长" itself): the request is about the part
        name = _NAMES[(kind, zh)]
        if any(c.header.strip().lower() == name.lower() for c in schema.columns):
            continue
        idx = schema.last_column + 41
        letter = col_letter(idx)
        first, last = min(c.first_row for c in parts), max(c.last_row for c in parts)
        cells = dict(schema.cells)
        for r in range(first, last + 1):
            vals = [schema.cells.get((r, col_index(c.letter))) for c in parts]
            if any(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
                cells[(r, idx)] = sum(v for v in vals if isinstance(v, (int, float)) and not isinstance(v, bool))
        sheet = replace(schema, columns=[*schema.columns, Column(letter, name, "number", first, last)], cells=cells)

        def named(text: str, pat: str = pat, name: str = name) -> str:
            sep = "" if zh else " "
            return re.sub(pat, f"{sep}{name}{sep}", text, flags=0 if zh else re.I)
        yield sheet, letter, _body(parts), named
