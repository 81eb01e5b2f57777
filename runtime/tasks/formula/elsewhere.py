"""A thing named the way another sheet of the workbook names it ("合页的销量" on a sales sheet
that keeps only 商品编码, beside a price list of 商品编码 | 品名): read as its code, the code
written ``INDEX(price!code, MATCH("合页", price!name, 0))`` so the formula keeps the name.

The other sheet must hold the name once, in one column, and a column headed like one of this
sheet's (the join key) whose value on that row this sheet holds; a unit the other sheet keeps
for that row ("卖了多少副" where 单位 is 副) is what the count is in, not a word to read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .rowbase import _bare, values
from .schema import Column, SheetSchema


@dataclass
class Renamed:
    """The request with the name replaced by its code, and what stands for the code."""

    request: str
    code: str
    lookup: str
    said: str


def _texts(schema: SheetSchema, col: Column) -> list[str]:
    return [v.strip() if isinstance(v, str) else "" for v in values(schema, col)]


def renamed(request: str, schema: SheetSchema) -> Renamed | None:
    """``request`` with a name only another sheet holds replaced by the code this sheet keeps
    for it, or None (no such name, or it is ambiguous)."""
    from .lookups import sheet_prefix

    low = request.lower()
    held = {v.strip().lower() for c in schema.columns if c.type in ("text", "mixed")
            for v in c.distinct if isinstance(v, str)}
    hits = []
    for name, other in schema.others.items():
        for col in other.columns:
            if col.type not in ("text", "mixed"):
                continue
            for i, v in enumerate(_texts(other, col)):
                if len(v) >= 2 and v.lower() in low and v.lower() not in held:
                    hits.append((name, other, col, i, v))
    if not hits:
        return None
    longest = max(len(h[4]) for h in hits)
    hits = [h for h in hits if len(h[4]) == longest]
    if len(hits) != 1:
        return None  # the name on two rows or in two columns: which one is not guessed
    name, other, col, i, v = hits[0]
    if any(len(h) > len(v) and v.lower() in h for h in held):
        return None
    here = {_bare(c.header): c for c in schema.columns if c.type in ("text", "mixed")}
    keys = []
    for k in other.columns:
        if k is col or k.first_row != col.first_row or _bare(k.header) not in here:
            continue
        key_value = _texts(other, k)[i] if i < len(_texts(other, k)) else ""
        mine = here[_bare(k.header)]
        if key_value and key_value in _texts(schema, mine) and _texts(other, k).count(key_value) == 1:
            keys.append((k, key_value))
    if len(keys) != 1:
        return None
    key, code = keys[0]
    at = low.find(v.lower())
    text = request[:at] + code + request[at + len(v):]
    for u in other.columns:  # 卖了多少副: the row's own unit
        unit = _texts(other, u)[i] if u.type == "text" and i < len(_texts(other, u)) else ""
        if unit and len(unit) <= 2 and re.fullmatch(r"[\u4e00-\u9fff]+", unit):
            text = re.sub(rf"(多少|几)(?:个)?{re.escape(unit)}(?![\u4e00-\u9fff])", r"\1", text)
    prefix = sheet_prefix(name)
    lookup = f'INDEX({prefix}{key.range},MATCH("{v}",{prefix}{col.range},0))'
    return Renamed(text, code, lookup, f"{v} is {code} on sheet {name}")


def restore(formula: str, found: Renamed) -> str | None:
    """``formula`` with its one literal code put back as the lookup of the name, or None when
    the code is not there exactly once (then the name was not read as that condition)."""
    lit = f'"{found.code}"'
    if formula.count(lit) != 1 or formula.count(found.code) != 1:
        return None
    return formula.replace(lit, found.lookup)
