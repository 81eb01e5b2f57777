"""Lookups the way people ask for them (issue 16 item 2), after the other readers.

Two shapes, both written as INDEX/MATCH (every target computes it):

- the row with the largest / smallest value: "who is the highest paid
  employee", "谁的数学考得最好", "销售额最低的订单在哪个地区", "最贵的是哪个商品";
- the row of a named value: "which warehouse holds the glue", "工号GH2007是谁",
  "email address of Omar Ali", "6月的支出是多少".

The answer column is the one asked for ("which warehouse", "哪个地区", "几月")
or, for "who" / "谁", the one column of names; the value must name exactly one
row.  Vocabulary: ``lexicon/lookups.json``; every other word must be
accounted for as in the aggregate family.
"""

from __future__ import annotations

import re

from .aggregates import _residue, _values, rank_phrase
from .rowbase import group_of, has, lexicon, mentions, person_column, values
from .schema import Column, SheetSchema


def _answer_column(text: str, schema: SheetSchema, lex: dict) -> tuple[Column, tuple[int, int]] | None:
    for pat in lex["which"]:
        m = re.search(pat, text)
        if not m:
            continue
        rest = text[m.end():]
        ms = [(p, c) for p, c in mentions(rest, schema) if p <= 2]
        if len(ms) == 1:
            p, c = ms[0]
            return c, (m.start(), m.end() + p + len(_word_at(rest[p:], c)))
    for word in lex["who"]:
        if has(text, [word]):
            people = [group_of(schema, g) for g in lex["person_groups"]]
            people += [c for c in schema.columns if c.header.lower().strip() in lex["person_headers"]]
            people.append(person_column(schema.columns))  # Tenant, Patient, 姓名: the column of names
            for c in people:
                if c is not None and c.type in ("text", "mixed"):
                    p = text.find(word)
                    return c, (p, p + len(word))
    when = next((w for w in lex["when"] if has(text, [w])), None)
    if when is not None:  # "when is the SEO plan due", "营业额最高的是哪天": the date column named, or the one
        dates = [c for c in schema.columns if c.type == "date"]
        named = {c.letter: c for _p, c in mentions(text, schema) if c.type == "date"}
        pick = list(named.values()) if named else dates
        if len(pick) == 1:
            p = text.find(when)
            return pick[0], (p, p + len(when))
        return None
    sup = [w for fn in ("MAX", "MIN") for w in lex["superlative"][fn] if has(text, [w])]
    texts = [(p, c) for p, c in mentions(text, schema) if c.type in ("text", "mixed")]
    if sup and len({c.letter for _, c in texts}) == 1:  # "单价最高的商品": the one text column named
        p, c = texts[0]
        return c, (p, p + len(_word_at(text[p:], c)))
    for word, group in lex["answer_words"].items():
        if has(text, [word]):
            c = group_of(schema, group)
            if c is not None:
                p = text.find(word)
                return c, (p, p + len(word))
    return None


def _word_at(rest: str, col: Column) -> str:
    """The header or synonym of ``col`` that ``rest`` starts with (the longest)."""
    words = [col.header.lower()] + [w for g in lexicon("columns")["groups"] for w in g]
    hits = [w for w in words if w and rest.startswith(w)]
    if hits:
        return max(hits, key=len)
    m = re.match(r"[a-z]+", rest)
    return m.group(0) if m else rest[:1]


def read(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """(formula, explanation) for a lookup request, or None."""
    text = request.lower().strip()
    lex = lexicon("lookups")
    if has(text, lex["totals"]):
        return None  # "who spent the most in total": a total per person, not one row
    found = _answer_column(text, schema, lex)
    if found is None:  # "email address of Omar Ali", "6月的支出是多少": the one column named
        return _named(text, schema, lex)
    answer, span = found
    taken = [span]
    # the superlative: largest / smallest of a numeric column
    ext = None
    for fn in ("MAX", "MIN"):
        for w in lex["superlative"][fn]:
            if has(text, [w]):
                ext = (fn, w)
                break
        if ext:
            break
    rank = rank_phrase(text)
    kth = None
    if rank is not None and rank[0] == "kth" and rank[1] > 1:
        # "who has the second highest salary", "工资第二高的是谁": LARGE(r,2) instead of MAX
        kth = rank[1]
        ext = ("MAX" if rank[2] else "MIN", text[rank[3][0]:rank[3][1]])
    elif rank is not None and rank[0] == "topn":
        return None  # "the top 3 customers": several rows
    if ext is not None:
        fn, w = ext
        vals = [v for v in values(schema, answer) if v is not None]
        if w in lex["accumulating"] and len(set(map(str, vals))) != len(vals):
            return None  # "which product sold the most": a total per product, not one row
        p = text.find(w)
        taken.append((p, p + len(w)))
        implied = lex["implied"].get(w) or next(
            (g for word, g in lexicon("aggregates")["implied_column"].items()
             if has(text, [word]) and group_of(schema, g) is not None), None)
        named = [c for q, c in mentions(text, schema) if not any(a <= q < b for a, b in taken)]
        numeric = [c for c in named if c.type in ("number", "date")]
        if implied and not numeric:
            col = group_of(schema, implied)
            numeric = [col] if col is not None else []
            if implied == "price" and answer is not group_of(schema, "product"):
                return None  # "the cheapest order" by price or by total? only items are cheap
        if not named and not implied:  # "who filed the largest expense": the one numeric column
            numeric = [c for c in schema.columns if c.type == "number"][:2]
        if len({c.letter for c in numeric}) != 1 or numeric[0] is answer:
            return None
        by = numeric[0]
        if (by.first_row, by.last_row) != (answer.first_row, answer.last_row):
            return None
        if _residue(text, schema, lexicon("aggregates"), taken, mentions(text, schema),
                    tuple(lex["filler"])):
            return None
        if kth is not None:
            if kth > by.last_row - by.first_row + 1:
                return None
            big = "LARGE" if fn == "MAX" else "SMALL"
            return (f"=INDEX({answer.range},MATCH({big}({by.range},{kth}),{by.range},0))",
                    f"{answer.header} of the row with the {kth}. {'largest' if fn == 'MAX' else 'smallest'} "
                    f"{by.header}")
        return (f"=INDEX({answer.range},MATCH({fn}({by.range}),{by.range},0))",
                f"{answer.header} of the row with the {'largest' if fn == 'MAX' else 'smallest'} {by.header}")
    return _by_value(text, schema, lex, answer, taken)


def _named(text: str, schema: SheetSchema, lex: dict) -> tuple[str, str] | None:
    vals = _values(text, schema, lexicon("aggregates"), [])
    if vals is None or len(vals.conditions) != 1:
        return None
    key = vals.conditions[0].column.lower()
    named = {c.letter: (p, c) for p, c in mentions(text, schema)
             if c.header.lower() != key and not any(a <= p < b for a, b in vals.spans)}
    if len(named) != 1:
        return None
    p, answer = next(iter(named.values()))
    return _by_value(text, schema, lex, answer, [(p, p + len(_word_at(text[p:], answer)))])


def _by_value(text: str, schema: SheetSchema, lex: dict, answer: Column,
              taken: list[tuple[int, int]]) -> tuple[str, str] | None:
    vals = _values(text, schema, lexicon("aggregates"), taken)
    if vals is None or len(vals.conditions) != 1:
        return None
    cond = vals.conditions[0]
    key = schema.column(cond.column)
    if key is None or key is answer or (key.first_row, key.last_row) != (answer.first_row, answer.last_row):
        return None
    if [str(v) for v in values(schema, key)].count(str(cond.value)) != 1:
        return None  # several rows hold it: the first one's answer is no answer
    taken += vals.spans
    if _residue(text, schema, lexicon("aggregates"), taken, mentions(text, schema), tuple(lex["filler"])):
        return None
    needle = '"' + str(cond.value).replace('"', '""') + '"'
    return (f"=INDEX({answer.range},MATCH({needle},{key.range},0))",
            f"{answer.header} where {key.header} = {cond.value}")
