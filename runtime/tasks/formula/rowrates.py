"""Rates multiplied through per row: "weekly hours" on Visits per week and Hours per visit.

A header "Hours per visit" is a rate, hours over visits; "Visits per week" is visits over weeks;
"Hourly rate" is money over hours.  A request that asks for one quantity over one period
("weekly hours", "hours per week", "what we charge each client a week", "weekly bill") is the
product of the rate columns whose units cancel down to it: hours/visit × visits/week =
hours/week, and × money/hour = money/week.  The answer is read only when exactly one set of two
or three rate columns gives the asked units; a request naming a number, or asking units no set
gives, gets none.  Vocabulary: ``lexicon/rows.json`` rates.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations

from .rowbase import RowReading, has, lexicon, mentions, numbers, ref
from .schema import Column, SheetSchema


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _adjective_units() -> dict[str, str]:
    """"hourly" -> hour, "weekly" -> week (``rows.json`` per_adjectives, read backwards)."""
    return {adj: unit for unit, adjs in lexicon("rows")["per_adjectives"].items() for adj in adjs}


def rate_of(col: Column) -> tuple[str, str] | None:
    """(what, per what) a number column's header says it holds: "Hours per visit" -> (hour, visit),
    "Hourly rate" -> (money, hour), "Price per night" -> (money, night); None for any other."""
    lex = lexicon("rows")["rates"]
    words = re.findall(r"[a-z]+", col.header.lower())
    if col.type != "number" or not words:
        return None
    if len(words) == 3 and words[1] == "per":
        what = "money" if words[0] in lex["money_headers"] else _singular(words[0])
        return what, _singular(words[2])
    adj = _adjective_units()
    if len(words) == 2 and words[0] in adj and words[1] in lex["money_headers"]:
        return "money", adj[words[0]]
    return None


def _asked(text: str) -> tuple[str, str] | None:
    """(what, per what) the request asks for: "weekly hours" -> (hour, week), "what we charge a
    week" -> (money, week); None unless one quantity and one period are said."""
    lex = lexicon("rows")["rates"]
    units = lexicon("rows")["per_adjectives"]
    periods = set()
    for unit, adjs in units.items():
        if has(text, adjs) or re.search(rf"\b(?:per|a|an|each|every|/)\s*{unit}\b", text):
            periods.add(unit)
    whats = set()
    if has(text, lex["money_words"]):
        whats.add("money")
    for w in re.findall(r"[a-z]+", text):
        if w in lex["quantities"]:
            whats.add(_singular(w))
    if len(periods) != 1 or len(whats) != 1:
        return None
    return whats.pop(), periods.pop()


_TIMES = re.compile(r"\s*(?:\bx\b|\*|×|\btimes\b|\bmultiplied by\b)\s*")
_PRODUCT = re.compile(r"^\s*([a-z]+(?:" + _TIMES.pattern + r"[a-z]+){1,2})\s*(?:(?:for|per|on)\s+(?:each|every)?\s*[a-z]+)?\s*$")


def _named_product(text: str, rates: list[tuple[Column, tuple[str, str]]]) -> RowReading | None:
    """"visits x hours x rate per contract": each word names the one rate column whose quantity
    it is (visits: Visits per week; hours: Hours per visit; rate: the one money rate)."""
    m = _PRODUCT.match(text)
    if m is None:
        return None
    money = lexicon("rows")["rates"]["money_headers"]
    cols = []
    for w in _TIMES.split(m.group(1)):
        hits = [c for c, r in rates if r[0] == _singular(w) or r[0] == "money" and w in money]
        if len(hits) != 1 or hits[0] in cols:
            return None
        cols.append(hits[0])
    return RowReading("=" + "*".join(ref(c) for c in cols), " × ".join(c.header for c in cols))


def read(request: str, schema: SheetSchema) -> RowReading | None:
    """The product of the sheet's rate columns that gives what the request asks per its period."""
    text = request.lower()
    if numbers(request) or re.search(r"[-+/÷]|\b(?:minus|plus|divided|less)\b", text):
        return None
    rates = [(c, r) for c in schema.columns for r in [rate_of(c)] if r is not None]
    named = _named_product(text, rates)
    if named is not None:
        return named
    asked = _asked(text)
    if asked is None:
        return _line_money(request, schema, rates)
    named = [c for _, c in mentions(request, schema) if c.type == "number"]
    if any(c not in [c for c, _ in rates] for c in named):
        return None  # another number column said: not only the rates multiplied
    hits = []
    for n in (2, 3):
        for combo in combinations(rates, n):
            top = Counter(r[0] for _, r in combo)
            bottom = Counter(r[1] for _, r in combo)
            top.subtract(bottom)
            if {k: v for k, v in top.items() if v} == {asked[0]: 1, asked[1]: -1}:
                hits.append([c for c, _ in combo])
        if hits:
            break  # the fewest columns that give it
    if len(hits) != 1 or any(c not in hits[0] for c in named):
        return None
    cols = sorted(hits[0], key=lambda c: c.letter)
    return RowReading("=" + "*".join(ref(c) for c in cols), " × ".join(c.header for c in cols))


def _unit_column(unit: str, schema: SheetSchema, rate: Column) -> Column | None:
    """The one number column that counts ``unit`` (Kg for "per kg", Hours for "per hour"):
    its header is the unit, its plural, or a word of the unit's synonym group (Weight for kg)."""
    group = next((g for g in lexicon("columns")["groups"] if unit in g), [unit])
    said = {unit, unit + "s", *group}
    hits = [c for c in schema.columns if c is not rate and c.type == "number"
            and (re.sub(r"\s*[（(][^)）]*[)）]", "", c.header.lower()).strip() in said)]
    return hits[0] if len(hits) == 1 else None


def _line_money(request: str, schema: SheetSchema, rates: list[tuple[Column, tuple[str, str]]]) -> RowReading | None:
    """"charge per ticket", "what will each wash cost" on Kg | Price per kg: the money a row comes to
    is its one money rate times the column counting the rate's unit (kg x price per kg).  Only when
    the sheet has one money rate, one column of its unit, and the request asks money of each row
    without naming another number column."""
    text = request.lower()
    if not has(text, lexicon("rows")["rates"]["money_words"]):
        return None
    money = [(c, r) for c, r in rates if r[0] == "money"]
    if len(money) != 1:
        return None
    rate, (_, unit) = money[0]
    count = _unit_column(unit, schema, rate)
    if count is None:
        return None
    named = {c.letter for _, c in mentions(request, schema) if c.type == "number"}
    if not named <= {rate.letter, count.letter}:
        return None
    return RowReading(f"={ref(count)}*{ref(rate)}", f"{count.header} × {rate.header}")
