"""A bound said as a number with its unit, written with the column the unit names.

"20斤以上的标大单", "超过5公里的单有几个", "不到30分钟的": the unit (斤, 公里, 分钟) names the one
number column that holds it (斤数, 距离(公里), 用时(分钟)), and every reader takes the bound once
the column is said: "斤数20以上的标大单", "距离(公里)超过5的单有几个".  A column holds a unit
when its header is the unit with 数/量 after it (斤数, 箱数), holds it in brackets (距离(公里)),
or is a header the unit table of the conversions reads as that unit (``rowunits.unit_of``).
Where the column is said already ("斤数在20斤以上"), the unit is only dropped.  A unit that
fits no number column or several (元 beside 单价 and 金额) is left as said, and the readers
refuse as before; so is a Latin unit ("10kg以上": the English readers' own).  A price per unit (单价(元/斤)) holds no 斤.
"""

from __future__ import annotations

import re

from .rowbase import lexicon, mentions
from .rowunits import unit_of as _unit_of
from .schema import Column, SheetSchema

#: words said before the number ("超过20斤") and after the unit ("20斤以上", "20斤及以上")
_BEFORE = r"超过|多于|大于|高于|不少于|不低于|至少|不到|不足|少于|低于|小于|不超过|最多"
_AFTER = r"及以上|或以上|以上|及以下|或以下|以下|以内|之内|(?:或|及)?(?:更多|更少)"
_NUMBER = re.compile(rf"(?P<pre>{_BEFORE})?\s*(?<![\d.])(?P<n>\d+(?:\.\d+)?)\s*(?P<run>[\u4e00-\u9fff]{{1,3}})")
_POST = re.compile(rf"\s*(?P<post>{_AFTER})")


def _holders(unit: str, schema: SheetSchema) -> list[Column]:
    """The number columns holding ``unit``: its header the unit with 数/量 after it, the unit in
    brackets, or read as that unit by the conversions' unit table."""
    units = lexicon("rows")["conversions"]["units"]
    named = [u for u, spec in units.items() if any(re.fullmatch(p, unit.lower()) for p in spec["said"])]
    out = []
    for col in schema.columns:
        if col.type != "number":
            continue
        head = col.header.strip()
        if re.search(r"/|每|单价|价", head):
            continue  # 单价(元/斤): a price per unit, not an amount of it
        if head in (unit + "数", unit + "量") or re.search(rf"[(（]\s*{re.escape(unit)}\s*[)）]", head) \
                or (named and _unit_of(col, units) in named):
            out.append(col)
    return out


def said_unit_bounds(request: str, schema: SheetSchema) -> str:
    """``request`` with each "<number><unit> bound" written with the column the unit names."""
    if not re.search(r"[\u4e00-\u9fff]", request):
        return request
    out, last = [], 0
    for m in _NUMBER.finditer(request):
        run = m["run"]
        for k in range(len(run), 0, -1):
            post = _POST.match(request, m.start("run") + k)
            if not (m["pre"] or post):
                continue
            cols = _holders(run[:k], schema)
            if len(cols) == 1:
                break
        else:
            continue
        if m.start() < last:
            continue
        col = cols[0]
        said = any(c is col and not m.start() <= p < m.start("run") + k for p, c in mentions(request, schema))
        head = "" if said else (re.sub(r"\s*[(（][^)）]*[)）]\s*$", "", col.header).strip() or col.header.strip())
        out.append(request[last:m.start()])
        out.append(f"{head}{m['pre'] or ''}{m['n']}{post['post'] if post else ''}")
        last = post.end() if post else m.start("run") + k
    if not out:
        return request
    return "".join(out) + request[last:]
