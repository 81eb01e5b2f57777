"""Unit and rate conversions per row (issue 16 item 1).

- A column in one unit given in another: the unit a column holds is read from its
  header ("Labour Hrs", "Weight (kg)", "月费"), the unit asked for from the request
  ("in minutes", "换算成分钟", "一年"); an exact factor between them is vocabulary
  (hours -> minutes x60, a monthly amount -> a year's x12); an inexact one (kg -> lb)
  only when the request states it ("1 kg = 2.2046 lb", "x2.2046").  One table for every
  per-row conversion ("重量换算成吨" on 重量(千克) is /1000, "minutes to hours" /60).
- A rate per unit of a column: "labour charge at £40/hr", "rate is 40 an hour",
  "每小时50元": the column in that unit times the rate.

Rounding as the arithmetic family reads it ("1 decimal place", "取整").  Vocabulary:
``lexicon/rows.json`` conversions.
"""

from __future__ import annotations

import re

from .rowbase import RowReading, has, lexicon, mentions, numbers, ref
from .schema import Column, SheetSchema


def _unit_of(col: Column, units: dict) -> str | None:
    """The unit ``col``'s header says it holds, or None."""
    head = col.header.lower()
    found = [u for u, spec in units.items() if any(re.search(p, head) for p in spec["header"])
             and not (spec.get("no_per") and re.search(r"/|\bper\b|每", head))]  # 单价(元/千克) is a price
    return found[0] if len(found) == 1 else None


def _asked(text: str, units: dict, source: str) -> list[str]:
    """The units the request asks the result in (other than the column's own)."""
    return [u for u, spec in units.items() if u != source and any(re.search(p, text) for p in spec["asked"])]


def read(request: str, schema: SheetSchema) -> RowReading | None:
    from .rows import _round

    text = request.lower()
    lex = lexicon("rows")["conversions"]
    units = lex["units"]
    if has(text, lexicon("rows")["condition"]):
        return None
    numeric = [c for c in schema.columns if c.type == "number"]
    said = []
    for _, c in mentions(text, schema):
        if c.type == "number" and c not in said:
            said.append(c)
    if any(c.type in ("date",) for _, c in mentions(text, schema)):
        return None
    rounded, used = _round(text, "X")
    nums = [v for v, _, _ in numbers(request)]
    for v in used:
        if v in nums:
            nums.remove(v)
    # the column: the one named, else the one whose header holds a unit the request says
    by_unit = {}
    for c in numeric:
        u = _unit_of(c, units)
        if u is not None and any(re.search(p, text) for p in units[u]["said"]):
            by_unit[c.letter] = (c, u)
    if len(said) == 1:
        col = said[0]
        unit = _unit_of(col, units)
    elif not said and len(by_unit) == 1:
        col, unit = next(iter(by_unit.values()))
    elif not said and not by_unit:
        # no column named: the one column whose unit converts exactly to the unit asked ("一年要交多少钱": 月费)
        fits = [(c, u) for c in numeric if (u := _unit_of(c, units)) is not None
                and any(f"{u}>{t}" in lex["exact"] for t in _asked(text, units, u))]
        if len(fits) != 1:
            return None
        col, unit = fits[0]
    else:
        return None
    if unit is None:
        return None
    rate = _rate(text, request, units[unit])
    if rate is not None:
        value, at = rate
        rest = list(nums)
        if value in rest:
            rest.remove(value)
        if rest:
            return None
        body, _ = _round(text, f"{ref(col)}*{value:g}")
        return RowReading("=" + body, f"{col.header} × {value:g}", [value] + used)
    asked = _asked(text, units, unit)
    if len(asked) != 1:
        return None
    to = asked[0]
    stated = _stated_factor(request)
    if stated is not None:
        factor, consumed = stated
        consumed = [v for v in consumed if v in nums]  # "x2.2046" is no number to numbers()
        if sorted(consumed) != sorted(nums) or not has(text, lex["convert_words"]):
            return None
        body = f"{ref(col)}*{factor:g}"
        if not re.search("|".join(units[unit]["said"] + units[to]["said"]), text):
            return None
        out, _ = _round(text, body)
        return RowReading("=" + out, f"{col.header} × {factor:g}", consumed + used)
    exact = lex["exact"].get(f"{unit}>{to}")
    if exact is None or nums:
        return None
    if unit in ("hours", "minutes") and re.search(r"[£$€¥]|多少钱", text):
        return None  # "£ per hour for every booking": money over the hours, no conversion of the minutes
    body = f"{ref(col)}{exact}"
    out, _ = _round(text, body)
    return RowReading("=" + out, f"{col.header} in {to}", used)


def _rate(text: str, request: str, spec: dict) -> tuple[float, int] | None:
    """A number per one of the column's unit ("£40/hr", "40 an hour", "每小时50元")."""
    for pat in spec.get("rate", []):
        m = re.search(pat, text)
        if m:
            return float(m.group("n")), m.start()
    return None


def _stated_factor(request: str) -> tuple[float, list[float]] | None:
    """The factor a request states: "1 kg = 2.2046 lb" -> (2.2046, [1, 2.2046]); "x2.2046" -> (2.2046, [2.2046])."""
    low = request.lower()
    m = re.search(r"(?<![\d.])(1|one)\s*[a-z\u4e00-\u9fff]{1,12}\s*(?:=|＝|is|equals|等于)\s*(\d+(?:\.\d+)?)\s*[a-z\u4e00-\u9fff]", low)
    if m:
        return float(m.group(2)), ([1.0] if m.group(1) == "1" else []) + [float(m.group(2))]
    m = re.search(r"(?:(?<![a-z])x|×|\*|\btimes\b|乘以?)\s*(\d+(?:\.\d+)?)", low)
    if m:
        return float(m.group(1)), [float(m.group(1))]
    return None
