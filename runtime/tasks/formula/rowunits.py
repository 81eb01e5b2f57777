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


def unit_of(col: Column, units: dict) -> str | None:
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
    hourly = _per_hour(text, request, schema, units)
    if hourly is not None:
        return hourly
    piece = _per_piece(text, request, schema)
    if piece is not None:
        return piece
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
        u = unit_of(c, units)
        if u is not None and any(re.search(p, text) for p in units[u]["said"]):
            by_unit[c.letter] = (c, u)
    if len(said) == 1:
        col = said[0]
        unit = unit_of(col, units)
    elif not said and len(by_unit) == 1:
        col, unit = next(iter(by_unit.values()))
    elif not said and not by_unit:
        # no column named: the one column whose unit converts exactly to the unit asked ("一年要交多少钱": 月费)
        fits = [(c, u) for c in numeric if (u := unit_of(c, units)) is not None and not units[u].get("named_only")
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


def _per_hour(text: str, request: str, schema: SheetSchema, units: dict) -> RowReading | None:
    """"hourly rate for every walk, 2 dp", "£ per hour for each booking", "mph for every journey":
    an amount over a row's length in minutes, times 60 ("how much per minute", "£/min": not
    times 60) (``lexicon/rows.json`` per_hour).  The
    amount is the one other number column named, else the one charge column (Fee, Price) when
    money is meant, else the column of the unit said per hour (Miles for mph); the sheet has one
    column of minutes.  Any other number than the rounding's (and a "per 60 mins") gets no answer."""
    from .rows import _round

    lex = lexicon("rows")["per_hour"]
    if any(re.search(p, text) for p in lex["asked"]):
        times = "*60"
    elif any(re.search(p, text) for p in lex["asked_minute"]):
        times = ""  # "how much per minute is each session": the amount over the minutes
    else:
        return None
    mins = [c for c in schema.columns if c.type == "number" and unit_of(c, units) == "minutes"]
    if len(mins) != 1 or any(re.search(p, c.header.lower()) for c in schema.columns
                             for p in lex["asked"] + lex["asked_minute"]):
        return None  # a column is itself a rate (Hourly Rate): "hourly rate" may name it
    named = []
    for p, c in mentions(text, schema):
        if re.search(r"\b(?:each|every|per)\s+$", text[:p]):
            continue  # "mph rounded, per visit": the row's noun, not the amount
        if c.type == "date" or c.type == "number" and c is not mins[0] and c not in named:
            named.append(c)
    if any(c.type != "number" for c in named):
        return None
    unit = [pat for said, pat in lex["of"].items() if re.search(said, text)]
    if len(named) > 1 or len(unit) > 1:
        return None
    if named:
        amount = named[0]
    elif unit:
        found = [c for c in schema.columns if c.type == "number" and re.search(unit[0], c.header.lower())]
        if len(found) != 1:
            return None
        amount = found[0]
    else:
        charged = lexicon("rows")["owed_headers"]["charged"]
        found = [c for c in schema.columns if c.type == "number" and c is not mins[0]
                 and any(re.search(rf"\b{re.escape(w)}\b", c.header.lower()) for w in charged)]
        if len(found) != 1 or not re.search(r"[£$€¥]|\brate\b|\bearn|\bcharge|\bmoney\b|\bpay\b|\bhow much\b", text):
            return None
        amount = found[0]
    body, used = _round(text, f"{ref(amount)}/{ref(mins[0])}{times}")
    rest = [v for v, _, _ in numbers(request)]
    for v in used + ([60.0] if re.search(r"\bper\s+60\s*(?:mins?|minutes)\b", text) else []):
        if v in rest:
            rest.remove(v)
    if rest:
        return None
    return RowReading("=" + body, f"{amount.header} per {'hour' if times else 'minute'} of {mins[0].header}",
                      used + ([60.0] if 60.0 in [v for v, _, _ in numbers(request)] else []))


def _per_piece(text: str, request: str, schema: SheetSchema) -> RowReading | None:
    """"price per egg in pence" on Price per dozen: ``E2/12*100``, a price per pack over the pack's
    size, times 100 when a minor unit is said (``lexicon/rows.json`` per_piece).  The sheet has
    one number column priced per a pack word; the request asks one piece, by a noun that is not
    the pack's nor the rows' ("for each line"), and names no other number column.  The only
    numbers allowed are the rounding's, the pack's size and 100 ("/12, x100")."""
    from .perrow import rows_said
    from .rowbase import value_mentions
    from .rows import _round

    lex = lexicon("rows")["per_piece"]
    packs = lex["packs"]
    priced = []
    for c in schema.columns:
        if c.type != "number":
            continue
        sizes = [n for pack, n in packs.items()
                 if re.search(lex["header"].replace("{pack}", pack), c.header.lower())]
        if sizes:
            priced.append((c, sizes[0]))
    if len(priced) != 1:
        return None
    col, size = priced[0]
    if any(c is not col and c.type == "number" for _, c in mentions(text, schema)):
        return None
    rowish = [range(a, b) for a, b in rows_said(request, schema)]
    rowish += [range(a, b) for a, b, _, _ in value_mentions(text, schema)]  # "per Hatton": a value, no piece
    pack_words = "|".join(packs)
    single = False
    for m in re.finditer(lex["single"][0], text):
        noun = m.group(1)
        if re.fullmatch(pack_words, noun) or any(m.start(1) in span for span in rowish) \
                or noun.removesuffix("s") in lex["row_nouns"] + re.findall(r"[a-z]+", schema.sheet.lower()) \
                or any(noun in c.header.lower() for c in schema.columns):
            continue
        single = True
    if not single and not re.search(lex["single"][1], text):
        return None
    minor = any(re.search(p, text) for p in lex["minor"])
    body = f"{ref(col)}/{size}" + ("*100" if minor else "")
    out, used = _round(text, body)
    if out == body and minor and re.search(lex["whole_minor"], text):
        out = f"ROUND({body},0)"  # "whole p": the pence the result is in, no decimals
    rest = [v for v, _, _ in numbers(request)]
    for v in [*used, float(size), *([100.0] if minor else [])]:
        if v in rest:
            rest.remove(v)
    if rest:
        return None
    said = [v for v, _, _ in numbers(request) if v in (float(size), 100.0)]
    return RowReading("=" + out, f"{col.header} per single piece" + (" in the minor unit" if minor else ""),
                      used + said)


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


def _length_unit(col: Column, lengths: dict) -> str | None:
    """The length unit ``col``'s header or its header group says ("长（cm）", 尺寸（厘米） over 长), or None."""
    name = col.full_name.lower()
    found = [u for u, spec in lengths.items() if any(re.search(p, name) for p in spec["header"])]
    return found[0] if len(found) == 1 else None


def area(request: str, schema: SheetSchema, reading: RowReading) -> RowReading | None:
    """``reading`` with its area put in square metres when the request asks for them.

    "面积（长×高）换成平方米" on lengths in 厘米: the product of the two lengths is divided by
    10000 (``lexicon/rows.json`` areas).  A reading that is no product of two columns is left
    as it is (an area column of its own); a product of lengths whose unit no header says, when
    square metres are asked, gets no answer (None): the number would be in unknown units."""
    lex = lexicon("rows")["areas"]
    text = request.lower()
    if not any(re.search(p, text) for p in lex["asked"]):
        return reading
    m = re.search(r"(?<![A-Z$])([A-Z]{1,3})\{r\}\*([A-Z]{1,3})\{r\}(?![/*])", reading.template)
    letters = re.findall(r"(?<![A-Z$])([A-Z]{1,3})\{r\}", reading.template)
    if m is None or len(letters) != 2 or "/" in reading.template:
        return reading
    by_letter = {c.letter: c for c in schema.columns}
    units = [_length_unit(by_letter[x], lex["lengths"]) if x in by_letter else None for x in m.groups()]
    if None in units:
        return None
    factor = lex["lengths"][units[0]]["per_m"] * lex["lengths"][units[1]]["per_m"]
    if factor == 1:
        return reading
    template = reading.template[:m.end()] + f"/{factor:g}" + reading.template[m.end():]
    return RowReading(template, f"{reading.explanation}, in square metres (/{factor:g})", reading.consumed)


def area_of_lengths(request: str, schema: SheetSchema) -> RowReading | None:
    """"算每单的面积（平方米）", "每单多少平方", "宽乘高算面积" on a sheet of 尺寸（米） over 宽 | 高:
    the product of the two length columns (a length unit in the header or its group, or a
    length name: 长, 宽, 高), or of the two of them the request names; the area in square
    metres then as :func:`area` converts it.  Any number said, or three lengths and two not
    named, gets no answer."""
    from .rows import _residue

    lex = lexicon("rows")["areas"]
    text = request.lower()
    if not any(w in text for w in lex["said"]) or numbers(request):
        return None
    lengths = [c for c in schema.columns if c.type == "number"
               and (_length_unit(c, lex["lengths"]) is not None or c.header.strip().lower() in lex["length_names"])]
    named = [c for _, c in mentions(text, schema)]
    if any(c not in lengths and c.type == "number" for c in named):
        return None
    pair = [c for c in lengths if c in named] if len([c for c in lengths if c in named]) == 2 else lengths
    if len(pair) != 2:
        return None
    reading = RowReading(f"={ref(pair[0])}*{ref(pair[1])}", f"{pair[0].header} × {pair[1].header}")
    if _residue(request, schema, reading.template):
        return None
    return area(request, schema, reading)
