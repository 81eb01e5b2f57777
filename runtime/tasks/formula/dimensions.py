"""Prices per unit against a row's totals (issue 16 item 5: checks that catch wrong answers).

A price or cost per unit (单价, 成本（元/斤）, Price per night, Rate (£/hr)) and what a whole row
came to (金额, Amount, Total) are different quantities.  "毛利" on a market stall's sheet of 斤数,
售价（元/斤）, 成本（元/斤） and 金额 is 金额 − 斤数 × 成本: the row's takings less the row's cost.
金额 − 成本 (a total less one 斤's cost) is a number nobody asked for, and it looks plausible, so it
is a wrong answer rather than a refusal.  Here code decides which column is per unit (its
header), which column counts that unit (斤数 for 元/斤, Nights for "per night", else the sheet's
one quantity column), and whether a formula adds or subtracts the two kinds as if they were one.
"""

from __future__ import annotations

import re

from .rowbase import _bare, lexicon
from .schema import Column, SheetSchema

#: "（元/斤）", "(£/kg)", "(per night)", "（每小时）": a bracketed unit that is a rate of money
_BRACKET_RATE = re.compile(r"[（(]\s*(?:[£$€¥]|元|rmb|gbp|usd|eur)?\s*(?:/|per |每)\s*([^)）]+?)\s*[)）]")
#: "Price per night", "Cost per kg", "每斤价格"
_PER_WORD = re.compile(r"(?<![a-z])per ([a-z]+(?: [a-z]+)?)|^每([\u4e00-\u9fff]{1,2}?)(?:价格|价|费用|费|成本|收费|租金)"
                       r"|^每([\u4e00-\u9fff]{1,2}?)\s*[（(]\s*(?:元|块|[£$€¥])"
                       r"|(?<![a-z])(hour|night|day|week|month)ly (?:rate|price|charge|fee|cost)s?(?![a-z])")
#: a price per an unnamed unit: 单价, Unit price
_UNIT_PRICE = re.compile(r"单价|(?<![a-z])unit (?:price|cost|rate)s?(?![a-z])")
#: a column that counts units (the quantity a unit price is multiplied by)
_QUANTITY = re.compile(r"(?<![a-z])(?:qty|quantity|units|no\. of units)(?![a-z])|数量|件数|个数|重量|斤数|公斤数|吨数")
#: the dimension of a cell reference written as an additive term: an optional sign, an optional
#: number conversion (--, VALUE), the reference, and nothing multiplying or dividing it
_TERM = re.compile(r"^\s*(?:--)?\$?([A-Z]{1,3})\$?(?:\d+|\{r\})\s*$")


def unit_of(col: Column) -> str | None:
    """The unit ``col``'s header prices ("斤", "night"; "" for 单价 with no unit said), or None
    when the header is no price per unit."""
    if col.type != "number" and not col.text_numbers:
        return None
    head = col.header.lower().strip()
    m = _BRACKET_RATE.search(head)
    if m:
        return m.group(1).strip()
    m = _PER_WORD.search(head)
    if m:
        return next(g for g in m.groups() if g).strip()
    return "" if _UNIT_PRICE.search(head) else None


def is_row_total(col: Column) -> bool:
    """Whether ``col`` holds what a whole row came to (Amount, Total, 金额, 营业额), not per unit."""
    if col.type != "number" or unit_of(col) is not None:
        return False
    bare = _bare(col.header)
    return any(w in bare for w in lexicon("aggregates")["amount_headers"])


def quantity_for(schema: SheetSchema, priced: Column) -> Column | None:
    """The one column counting the unit ``priced`` is priced in: the header naming that unit
    (斤数 for 元/斤, Nights for per night), else the sheet's one quantity column (数量, Qty)."""
    unit = unit_of(priced)
    if unit is None:
        return None
    counts = [c for c in schema.columns if c is not priced and (c.type == "number" or c.text_numbers)
              and unit_of(c) is None and not is_row_total(c)]
    if unit:
        stem = unit.removesuffix("s") if unit.isascii() else unit
        named = [c for c in counts if stem in _bare(c.header)]
        if len(named) == 1:
            return named[0]
    generic = [c for c in counts if _QUANTITY.search(_bare(c.header))]
    return generic[0] if len(generic) == 1 else None


def _additive_groups(formula: str) -> list[list[str]]:
    """The terms of every sum or difference in ``formula``: each argument of each call, each
    parenthesised group and the whole, split at its own top-level + and -.  A group that only
    converts one reference (``VALUE(D3)``, ``(D3)``) stands for that reference in its parent;
    any other is opaque there."""
    groups: list[list[str]] = []
    stack: list[tuple[list[str], list[int]]] = [([""], [0])]  # (terms of the argument, [commas seen])
    quoted = False
    for ch in formula.lstrip("="):
        terms, commas = stack[-1]
        if ch == '"':
            quoted = not quoted
            terms[-1] += ch
        elif quoted:
            terms[-1] += ch
        elif ch == "(":
            stack.append(([""], [0]))
        elif ch == "," and len(stack) > 1:
            groups.append([t for t in terms if t.strip()])
            terms[:] = [""]
            commas[0] += 1
        elif ch == ")" and len(stack) > 1:
            inner = [t for t in terms if t.strip()]
            groups.append(inner)
            stack.pop()
            parent = stack[-1][0]
            if not commas[0] and len(inner) == 1 and _TERM.match(inner[0]) \
                    and re.search(r"(?:VALUE|^|[^A-Z])$", parent[-1].rstrip()):
                parent[-1] = re.sub(r"VALUE$", "", parent[-1].rstrip()) + inner[0]
            else:
                parent[-1] += "(…)"
        elif ch in "+-" and terms[-1].strip() and not terms[-1].rstrip().endswith(("(", ",", "*", "/", "+", "-", "^")):
            terms.append("")
        else:
            terms[-1] += ch
    groups.append([t for t in stack[0][0] if t.strip()])
    return groups


def mixed(formula: str, schema: SheetSchema) -> tuple[Column, Column] | None:
    """(per-unit column, row-total column) that ``formula`` adds or subtracts as like quantities,
    or None."""
    for terms in _additive_groups(formula):
        cols = [schema.column(m.group(1)) for t in terms if (m := _TERM.match(t))]
        priced = [c for c in cols if c is not None and unit_of(c) is not None]
        totals = [c for c in cols if c is not None and is_row_total(c)]
        if priced and totals:
            return priced[0], totals[0]
    return None


def per_unit_with_total(request: str, formula: str, schema: SheetSchema) -> str | None:
    """Why ``formula`` is no answer when it adds or subtracts a price per unit and a row's total,
    unless the request itself names both columns (the user asked for exactly that sum)."""
    found = mixed(formula, schema)
    if found is None:
        return None
    priced, total = found
    low = request.lower()
    if _bare(priced.header) in low and _bare(total.header) in low:
        return None
    return (f"it adds or subtracts {priced.header}, a price per unit, and {total.header}, what a whole "
            f"row came to: the price per unit must be multiplied by the quantity first")


#: a request that asks how long something took: a length of time, not money or a count
_DURATION_ASKED = re.compile(r"(?<![a-z])(?:(?:how many|mean|average|avg|total|number of|no\. of) (?:hours|hrs|minutes|mins)"
                             r"|how long|duration|length of time)(?![a-z])"
                             r"|多少(?:个)?(?:小时|钟头|分钟)|几(?:个)?(?:小时|钟头)|几分钟|时长|多久|用时|耗时")
_TIME_UNITS = frozenset({"hour", "hr", "h", "小时", "时", "min", "minute", "分钟", "day", "天", "night", "晚"})


def duration_priced(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"每次上机多少小时" answered with the 每小时（元） a price list charges: a length of time asked,
    and the formula reads a price per hour and no time, date or length column, so what it gives
    is money."""
    from .checks import _used_columns

    if not _DURATION_ASKED.search(request.lower()):
        return None
    cols: list[Column] = []
    for sheet, letters in _used_columns(formula).items():
        where = schema if not sheet else schema.others.get(sheet)
        if where is not None:
            cols += [c for c in where.columns if c.letter in letters]
    priced = [c for c in cols if (unit_of(c) or "").lower().removesuffix("s") in _TIME_UNITS]
    timed = [c for c in cols if c.type in ("date", "time") or c.samples and all(
        hasattr(v, "hour") for v in c.samples) or unit_of(c) is None and re.search(
        r"(?<![a-z])(?:hours?|hrs?|mins?|minutes?|days?|nights?)(?![a-z])|小时|时长|分钟|天数|工时", c.header.lower())]
    if priced and not timed:
        return f"the request asks how long, and the formula gives {priced[0].header}, a price per unit of time"
    return None


_TIME_SUPERLATIVE = re.compile(r"最早|最晚|最迟|最先|最后一?[次个单位天]|(?<![a-z])(?:earliest|latest|soonest|most recent)(?![a-z])")
_EXTREME = re.compile(r"\b(?:MIN|MAX|MINIFS|MAXIFS|SMALL|LARGE)\(\s*(?:(\w+)!)?\$?([A-Z]{1,3})\$?\d+:\$?[A-Z]{1,3}\$?\d+", re.I)


def _timed(col: Column) -> bool:
    return col.type in ("date", "time") or bool(col.samples) and all(hasattr(v, "hour") or hasattr(v, "year")
                                                                        for v in col.samples)


def time_extreme_untimed(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"哪台机子上机时间最早" answered with the row of the smallest 零食饮料: earliest and latest are
    said of times and dates, so the smallest or largest a formula takes must be of a time or
    date column."""
    if not _TIME_SUPERLATIVE.search(request.lower()):
        return None
    for m in _EXTREME.finditer(formula):
        where = schema.others.get(m.group(1).strip("'")) if m.group(1) else schema
        col = where.column(m.group(2)) if where is not None else None
        if col is not None and not _timed(col):
            return f"the request asks for the earliest or latest, and the formula takes the extreme of {col.header}, no time or date"
    return None

#: a price said in the header without brackets: "Fabric £/m", "Rope $/ft", "面料 元/米"
_PRICE_MARK = re.compile(r"\s*(?:[(（]\s*)?(?:[£$€¥]|元|块)\s*/\s*[a-z\u4e00-\u9fff]+\s*[)）]?\s*$|\s+per\s+[a-z]+\s*$")
_COST_AFTER = r"\s*(?:cost|costs|price|charge|spend|total)(?![a-z])|的?(?:费用|成本|金额|钱|价钱|总价)"


def priced_quantity_unpriced(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"quote = fabric cost plus labour at £28 an hour" answered with =D2+F2*28 where D is
    Fabric (m) and E Fabric £/m: the request asks what a thing cost, the sheet holds its quantity
    and its price per unit, and the formula reads the quantity alone (metres added to pounds)."""
    refs = set(re.findall(r"(?<![A-Z$])\$?([A-Z]{1,3})\$?(?:\d+|\{r\})", formula))
    low = request.lower()
    for price in schema.columns:
        m = _PRICE_MARK.search(price.header.lower())
        if m is None or price.letter in refs:
            continue
        stem = price.header.lower()[:m.start()].strip()
        if not stem or not re.search(rf"(?<![a-z]){re.escape(stem)}(?:{_COST_AFTER})", low):
            continue
        qty = [c for c in schema.columns if c is not price and c.letter in refs and c.type == "number"
               and c.header.lower().startswith(stem)]
        if qty:
            return (f"the request asks for the {stem}'s cost, and the formula reads {qty[0].header} (a quantity) "
                    f"without {price.header}, its price per unit")
    return None
