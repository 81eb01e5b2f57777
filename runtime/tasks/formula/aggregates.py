"""One-cell aggregates the way people ask for them (issue 16 item 2), after the phrase composer.

"how much did Garcia spend", "total travel expenses", "华南地区的订单数",
"销售部的平均工资", "how many employees earn more than 70,000", "expenses in
April": an operation word, the column it works on (a header, a synonym from
``lexicon/columns.json``, a word implying it, or the sheet's only numeric
column) and conditions (sheet values in any case or with a suffix, numeric
comparisons, a month of the one date column, pass / fail on a marks sheet,
"out of stock").  The result is an :class:`~.intent.Intent`, compiled by the
same code as every intent.  Every word must be accounted for (the operation,
a column, a value, a comparison or a filler word from
``lexicon/aggregates.json``), or the family answers nothing.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from .intent import Condition, Intent
from .rowbase import (
    cover,
    group_of,
    group_owner,
    has,
    header_numbers,
    is_zh,
    lexicon,
    mentions,
    values,
)
from .schema import Column, SheetSchema

_MONTHS = "january february march april may june july august september october november december".split()


@dataclass
class _Found:
    conditions: list[Condition]
    spans: list[tuple[int, int]]


def _op(text: str, lex: dict) -> tuple[str, list[str]] | None:
    for op in ("average", "max", "min", "count", "sum"):
        hits = [w for w in lex["ops"][op] if has(text, [w])]
        if hits:
            return op, hits
    return None


def _value_stems(schema: SheetSchema, lex: dict) -> list[tuple[str, Column, str]]:
    """(how the value may be written, column, value): the value, its singular, its stem without a suffix."""
    owners: dict[str, set[str]] = {}
    forms: list[tuple[str, Column, str]] = []
    for col in schema.columns:
        if col.type not in ("text", "mixed"):
            continue
        for v in col.distinct:
            if not isinstance(v, str) or not v.strip():
                continue
            low = v.lower().strip()
            cands = {low}
            if not is_zh(low) and low.endswith("s") and len(low) > 4:
                cands.add(low[:-1])
            for suf in lex["value_suffixes"]:
                if is_zh(low) and low.endswith(suf) and len(low) - len(suf) >= 2:
                    cands.add(low[:-len(suf)])
            for c in cands:
                owners.setdefault(c, set()).add(col.letter + "\0" + v)
                forms.append((c, col, v))
    return [(f, c, v) for f, c, v in forms if len(owners[f]) == 1]


def _values(text: str, schema: SheetSchema, lex: dict, taken: list[tuple[int, int]]) -> _Found | None:
    conds: list[Condition] = []
    spans: list[tuple[int, int]] = []
    seen: set[str] = set()
    for form, col, value in sorted(_value_stems(schema, lex), key=lambda t: -len(t[0])):
        if len(form) < 2 or (not is_zh(form) and len(form) < 3):
            continue
        pat = re.escape(form) if is_zh(form) else rf"(?<![a-z0-9]){re.escape(form)}(?![a-z0-9])"
        for m in re.finditer(pat, text):
            if any(a < m.end() and m.start() < b for a, b in taken + spans):
                continue
            if col.letter in seen:
                return None  # two values of one column: "either ... or", not handled here
            seen.add(col.letter)
            conds.append(Condition(col.header, "=", value))
            spans.append((m.start(), m.end()))
    return _Found(conds, spans)


def _month(text: str, schema: SheetSchema, taken) -> tuple[list[Condition], tuple[int, int]] | None:
    m = re.search(r"(?<![a-z])(" + "|".join(_MONTHS) + r")(?![a-z])|(?<![\d年])(1[0-2]|[1-9])月(?!\d)", text)
    if not m or any(a < m.end() and m.start() < b for a, b in taken):
        return None
    month = _MONTHS.index(m.group(1)) + 1 if m.group(1) else int(m.group(2))
    dates = [c for c in schema.columns if c.type == "date"]
    if len(dates) != 1:
        return None
    years = {v.year for v in values(schema, dates[0]) if isinstance(v, (dt.date, dt.datetime))}
    if len(years) != 1:
        return None  # "april" of which year: refused rather than mixed
    y = years.pop()
    last = (dt.date(y + (month == 12), month % 12 + 1, 1) - dt.timedelta(days=1)).day
    col = dates[0].header
    return [Condition(col, ">=", f"{y}-{month:02d}-01"),
            Condition(col, "<=", f"{y}-{month:02d}-{last:02d}")], m.span()


def read(request: str, schema: SheetSchema) -> Intent | None:
    """The aggregate ``request`` asks for, or None when a word is left unexplained."""
    from .rowlabels import _term
    from .rows import _scores

    text = request.lower().strip()
    lex = lexicon("aggregates")
    if has(text, lex["not_aggregate"]):
        return None  # "who ...", "which ...", "worth": a lookup or a product, not these rules'
    found_op = _op(text, lex)
    if found_op is None:
        return None
    op, op_words = found_op
    taken: list[tuple[int, int]] = []
    for w in op_words:
        for m in re.finditer(re.escape(w), text):
            taken.append(m.span())
    conds: list[Condition] = []
    month = _month(text, schema, taken)
    if month is not None:
        conds += month[0]
        taken.append(month[1])
    vals = _values(text, schema, lex, taken)
    if vals is None:
        return None
    conds += vals.conditions
    taken += vals.spans
    # numeric comparisons: "more than 70,000", "超过1000", "(60 or above)"
    nums = header_numbers(request, schema)
    ms = mentions(text, schema)
    for _v, _unit, pos in nums:
        cols_before = [(p, c) for p, c in ms if p <= pos and c.type == "number"]
        start = cols_before[-1][0] if cols_before else 0
        seg = text[start:pos + len(re.match(r"[\d.,]+\s*%?", text[pos:]).group(0)) + 12]
        t = _term(seg, schema, lexicon("labels"))
        if t is None:
            return None
        m = re.fullmatch(r"([A-Z]+)\{r\}(>=|<=|<>|>|<|=)(-?[\d.]+)", t[0])
        if not m:
            return None
        col = schema.column(m.group(1))
        num = float(m.group(3))
        conds.append(Condition(col.header, m.group(2), int(num) if num.is_integer() else num))
        end = pos + len(re.match(r"[\d.,]+\s*%?", text[pos:]).group(0))
        tail = re.match(r"\s*(?:or more|or above|and above|or higher|or less|or below|及以上|以上|或以上|及以下|以下|或以下)?",
                        text[end:])
        if pos - start > 24:
            return None  # the column is far from its number: not one comparison
        taken.append((start, end + tail.end()))
    # pass / fail / out of stock
    scores = _scores(schema, None)
    for words, cmp in ((lex["fail"], "<"), (lex["pass"], ">=")):
        hit = next((w for w in words if has(text, [w])), None)
        if hit is None:
            continue
        p = text.find(hit)
        if any(a <= p < b for a, b in taken):
            continue
        named = [c for _, c in ms if c.type == "number"]
        if not scores or len(named) != 1 or named[0] not in scores:
            return None
        conds.append(Condition(named[0].header, cmp, 60))  # 百分制 pass mark
        taken.append((p, p + len(hit)))
        break
    zero = next((w for w in lex["zero"] if has(text, [w])), None)
    if zero is not None:
        q = group_of(schema, "qty")
        if q is None:
            return None
        conds.append(Condition(q.header, "=", 0))
        p = text.find(zero)
        taken.append((p, p + len(zero)))
    cond_cols = {c.column for c in conds}
    for m in re.finditer(r"(?<![a-z])(?:by|per|for each|each|every|across)\s+(?:the\s+)?|按照?|每个?|各个?|分别", text):
        after = [c for p, c in ms if m.end() <= p <= m.end() + 2]
        if any(c.header not in cond_cols for c in after):
            return None  # "count events by type": one result per type, not one cell
    if op in ("max", "min") and any(c.type in ("text", "mixed") and c.header not in cond_cols
                                    for _, c in ms):
        return None  # "category of the largest expense": the row's category, a lookup
    numeric = []
    for p, c in ms:
        if any(a <= p < b for a, b in taken) or c.header in cond_cols:
            continue
        if c.type == "number" and c not in numeric:
            numeric.append(c)
    value: Column | None = None
    if op == "count":
        if numeric and has(text, lex["count_of_values"]):
            op, value = "sum", numeric[0] if len(numeric) == 1 else None  # "number of gold medals"
            if value is None:
                return None
        elif numeric:
            return None
    else:
        if len(numeric) > 1:
            return None
        value = numeric[0] if numeric else _implied(text, schema, lex)
        if value is None:
            return None
    if _residue(text, schema, lex, taken, ms):
        return None
    if op == "count":
        if not conds:
            first = next((c for c in schema.columns if c.type in ("text", "mixed")), None)
            if first is None:
                return None
            return Intent("counta", first.header, ())
        return Intent("count", "", tuple(conds))
    return Intent(op, value.header, tuple(conds))


def _implied(text: str, schema: SheetSchema, lex: dict) -> Column | None:
    for word, group in lex["implied_column"].items():
        if has(text, [word]):
            col = group_of(schema, group)
            if col is not None and col.type == "number":
                return col
    every = [c for c in schema.columns if c.type == "number"]
    return every[0] if len(every) == 1 else None


def _residue(text: str, schema: SheetSchema, lex: dict, taken, ms, extra: tuple[str, ...] = ()) -> bool:
    """True when a word of the request is neither used nor a filler word."""
    chars = list(text)
    for a, b in taken:
        for i in range(a, min(b, len(chars))):
            chars[i] = " "
    rest = "".join(chars)
    words = [c.header.lower() for c in schema.columns] + lex["filler"] + list(lex["implied_column"])
    words += list(extra) + re.findall(r"[a-z]+|[\u4e00-\u9fff]+", schema.sheet.lower())  # "Exports"
    for group in lexicon("columns")["groups"]:
        if group_owner(schema, group) is not None:  # a synonym of a column this sheet has
            words += group
    for ops in lex["ops"].values():
        words += ops
    rest = cover(rest, words)
    rest = re.sub(r"[\d.,%]+|[^\w\u4e00-\u9fff]+|_", " ", rest)
    en = [w for w in re.findall(r"[a-z]+", rest) if len(w) > 1]
    zh = [ch for ch in re.findall(r"[\u4e00-\u9fff]", rest) if ch not in lex["zh_filler"]]
    return bool(en or zh)
