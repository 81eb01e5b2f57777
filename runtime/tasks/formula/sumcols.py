"""A total over several number columns named together, under the request's conditions.

"how many guests (adults and kids) stayed in the glamping pods", "quote + extras for the York
moves", "headcount in the pods, children included": the columns are named side by side (joined
by "and", "plus", "+", "&", a comma) or one is said to be included in a head count the sheet
keeps in several columns (Adults, Children).  The rest of the request is read by the aggregate
reader with the first column in place of the run; only a total (SUM / SUMIFS) is widened to the
other columns, one SUMIFS each, added: "average of quote and extras" is not guessed (an average
of the sums, or of both columns?).
"""

from __future__ import annotations

import re

from .rowbase import group_owner, lexicon, mentions
from .schema import Column, SheetSchema

_JOIN = re.compile(r"\s*(?:\+|&|,|and|plus|,\s*and)\s*")
#: "children included", "including children", "incl. kids", "kids too"
_INCLUDED = re.compile(r"\s*,?\s*(?:(?:including|incl\.?|with|plus)\s+(?P<a>[a-z ]+?)(?:\s+too)?"
                       r"|(?P<b>[a-z ]+?)\s+(?:included|too|as well))\s*(?=[,.?!]|$)")


def _forms(col: Column, schema: SheetSchema) -> list[str]:
    """How a request may write ``col``: its header forms and the synonyms of a group it owns."""
    from .rowbase import header_forms

    out = list(header_forms(col.header))
    out += [w for g in lexicon("columns")["groups"] if group_owner(schema, g) is col for w in g]
    return sorted({f for w in out for f in (w, w + "s")}, key=len, reverse=True)


def _named(text: str, schema: SheetSchema) -> list[tuple[int, int, Column]]:
    """The number columns ``text`` names, with the span of each naming."""
    from .aggregates import header_words
    from .checks import is_identifier

    out = []
    for p, col in header_words(text, schema, mentions(text, schema)):
        if col.type != "number" or is_identifier(col):
            continue
        form = next((f for f in _forms(col, schema) if text.startswith(f, p)), None)
        if form is not None and not re.match(r"[a-z]", text[p + len(form):p + len(form) + 1]):
            out.append((p, p + len(form), col))
    return out


def _heads(schema: SheetSchema) -> list[Column]:
    """The number columns counting heads (Adults, Children): lexicon quantity_nouns_en heads."""
    words = set(lexicon("aggregates")["quantity_nouns_en"]["heads"])
    return [c for c in schema.columns if c.type == "number"
            and re.sub(r"\s*[(（].*$", "", c.header).strip().lower() in words]


def _run(text: str, schema: SheetSchema, whole: bool = False) -> tuple[int, int, list[Column], tuple[int, int]] | None:
    """The span of the request naming several columns, the columns, and a span said of them
    that the rest of the request is read without (", children included"); None if none.
    ``whole``: the run is the whole a share is of ("extras as a % of quote and extras"), where a
    plain "and" joins the columns into one total."""
    named = _named(text, schema)
    for i in range(len(named)):
        cols, end = [named[i][2]], named[i][1]
        for a, b, col in named[i + 1:]:
            if not _JOIN.fullmatch(text[end:a]) or col in cols:
                break
            cols.append(col)
            end = b
        if len(cols) >= 2:
            start = named[i][0]
            # "guests (adults and kids)": the head noun before the brackets is the same total
            before = re.search(r"(?<![a-z])[a-z]+\s*\(\s*$", text[:start])
            after = re.match(r"\s*\)", text[end:])
            plus = re.search(r"\+|(?<![a-z])plus(?![a-z])", text[named[i][1]:end])
            heads = _heads(schema)
            if not (whole or plus or before and after or all(c in heads for c in cols)):
                return None  # "total sales and costs": two totals asked for, not one sum of both
            if before and after:
                start, end = before.start(), end + after.end()
            return start, end, cols, (0, 0)
    # "headcount in the pods, children included": a head count, one of the head columns included
    heads = _heads(schema)
    m = _INCLUDED.search(text)
    if m and len(heads) >= 2:
        said = (m.group("a") or m.group("b")).strip()
        if any(said in _forms(c, schema) for c in heads):
            count = re.search(r"(?<![a-z])(?:headcount|head count|how many (?:people|guests|persons))(?![a-z])", text)
            if count is not None and count.end() <= m.start():
                return count.start(), count.end(), heads, m.span()
    return None


def read_columns_total(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """The formula adding up several columns the request names together, and what it says."""
    from .aggregates import read as read_aggregate
    from .intent import Intent, compile_intent

    text = request.lower()
    found = _run(text, schema)
    if found is None:
        return None
    start, end, cols, (a, b) = found
    text = text[:a] + " " * (b - a) + text[b:]  # ", children included": among cols already
    first = cols[0].header
    lead = "" if re.search(r"(?<![a-z])(?:how many|total|sum|number of|altogether|in all)(?![a-z])", text) else "total "
    rewritten = f"{text[:start]} {lead}{first} {text[end:]}".strip()
    intent = read_aggregate(rewritten, schema)
    if intent is None or intent.operation != "sum" or intent.value_column != first:
        return None
    if any(c.column in {col.header for col in cols} for c in intent.conditions):
        return None  # "adults and children where adults > 2": a condition on a column added up
    parts = [compile_intent(Intent("sum", c.header, intent.conditions), schema)[1:] for c in cols]
    what = " + ".join(c.header for c in cols)
    if intent.conditions:
        what += " where " + ", ".join(f"{c.column} {c.op} {c.value}" for c in intent.conditions)
    return "=" + "+".join(parts), f"the total of {what}"


_AS_SHARE = re.compile(r"(?P<part>.+?)\s+as\s+(?:a\s+)?(?:%|percent|percentage|proportion|share|fraction)\s+of\s+(?P<whole>.+)")
_SHARE_OF = re.compile(r"what\s+(?:%|percent|percentage|proportion|share|fraction)\s+of\s+(?P<whole>.+?)\s+"
                       r"(?:is|are|was|were|comes? from|came from)\s+(?P<part>.+)")
_WHOLE = re.compile(r"\s*(?:overall|in total|altogether|in all|all together)\s*$")


def read_columns_share(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """"extras as a % of quote+extras overall", "what share of fee + cleaning is cleaning": one
    column's total over the total of several named together (the fraction; format it as a
    percentage).  Only a request that says nothing else (no condition, no other word) is read."""
    text = re.sub(r"[?.!\s]+$", "", request.lower().strip())
    m = _AS_SHARE.fullmatch(text) or _SHARE_OF.fullmatch(text)
    if m is None:
        return None
    whole = _WHOLE.sub("", m.group("whole"))
    found = _run(whole, schema, whole=True)
    if found is None or found[3] != (0, 0) or whole[:found[0]].strip() not in ("", "the", "the total", "total") \
            or whole[found[1]:].strip():
        return None
    part = re.sub(r"^(?:the|our|total)\s+", "", m.group("part").strip())
    named = _named(part, schema)
    if len(named) != 1 or named[0][0] != 0 or part[named[0][1]:].strip() or named[0][2] not in found[2]:
        return None
    cols = found[2]
    whole_sum = "+".join(f"SUM({c.range})" for c in cols)
    return (f"=SUM({named[0][2].range})/({whole_sum})",
            f"the share of {named[0][2].header} in {' + '.join(c.header for c in cols)}")
