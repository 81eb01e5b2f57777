"""What to tell a user whose request the rules could not read.

"the request is not one the rule reader understands" leaves a user guessing which word to
change.  The words the readers could place nowhere (no column or synonym of one, no value
of the sheet, no operation, no filler word) are nearly always the reason, so a refusal names
them and lists the sheet's columns: the user rewords with the sheet's own names.
"""

from __future__ import annotations

import re

from .schema import SheetSchema

_MAX_WORDS = 5
_MAX_COLUMNS = 12


def _left(request: str, schema: SheetSchema) -> list[str]:
    from .aggregates import leftover
    from .phrases import lexicon
    from .rowbase import mentions, value_mentions

    taken = [(a, b) for a, b, _col, _v in value_mentions(request, schema)]
    taken += _placed_spans(request, schema)  # "in col J", "新加一列", "for every job": read, not the reason
    look = lexicon("lookups")  # "which", "who", "dearest", 什么: the lookup reader's own words, read by it
    asked = [w for w in look["who"] + look["filler"] + look["superlative"]["MAX"] + look["superlative"]["MIN"]
             + look["single_row"] + list(look["when"])]
    asked += [w for p in look["which"] for w in re.findall(r"[a-z]{3,}|[\u4e00-\u9fff]+", p.replace("\\s", " "))]
    # (a lookup's one-character fillers, 月 个 分, stay unread elsewhere: "这半个月" is not a lookup)
    asked = [w for w in asked if w.isascii() or len(w) > 1 or w in ("谁", "哪")]
    try:
        return leftover(request.lower(), schema, lexicon("aggregates"), taken, mentions(request, schema),
                        tuple(asked))
    except (ValueError, KeyError, IndexError):  # a message helper never turns a refusal into a crash
        return []


def _placed_spans(request: str, schema: SheetSchema) -> list[tuple[int, int]]:
    """The spans of ``request`` that place a per-row answer ("in col J", "in a new column", 放K列,
    新加一列, "for each row") or name the rows it is for ("per booking", 每份合同: ``perrow.py``):
    words a reader took, so a refusal never names them as the words it could not place."""
    from .perrow import rows_said
    from .rowbase import lexicon

    words = lexicon("placement")
    spans = list(rows_said(request, schema))
    for pattern in words["column"] + words["new_column"] + words["each_row"]:
        spans += [m.span() for m in re.finditer(pattern, request, re.IGNORECASE)]
    return spans


def unread_words(request: str, schema: SheetSchema) -> list[str]:
    """The request's English words the rule readers account for nowhere, in request order, once each."""
    left = {w for w in _left(request, schema) if re.fullmatch(r"[a-z]+", w)}
    out: list[str] = []
    for word in re.findall(r"[a-z]+", request.lower()):
        if word in left and word not in out:
            out.append(word)
    return out[:_MAX_WORDS]


def marked_request(request: str, schema: SheetSchema) -> str | None:
    """A Chinese request with the characters no reader placed in 【】 ("这【半】个【月】总营业额多少"):
    Chinese has no spaces, so the characters are shown where they stand, not listed.  None when
    every character was placed."""
    left = {w for w in _left(request, schema) if re.fullmatch(r"[\u4e00-\u9fff]", w)}
    if not left:
        return None
    return re.sub(r"[\u4e00-\u9fff]+", lambda m: re.sub(
        "([" + "".join(sorted(left)) + "]+)", r"【\1】", m.group(0)), request)


def refusal_hint(request: str, schema: SheetSchema) -> str:
    """The refusal's reason in the request's language: the words not placed and the columns."""
    zh = re.search(r"[\u4e00-\u9fff]", request) is not None
    cols = [c.header for c in schema.columns if str(c.header).strip()][:_MAX_COLUMNS]
    more = len([c for c in schema.columns if str(c.header).strip()]) > _MAX_COLUMNS
    if zh:
        marked = marked_request(request, schema)
        head = f"“{marked}”中【】里的字对不上表格“{schema.sheet}”的任何列、值或运算" if marked else \
            "这种说法规则还读不懂"
        return f"{head}；请用表中的列名改写（列：{'、'.join(cols)}{'……' if more else ''}）"
    words = unread_words(request, schema)
    said = ", ".join(repr(w) for w in words)
    head = (f"{said} {'matches' if len(words) == 1 else 'match'} no column, value or operation of "
            f"sheet {schema.sheet!r}") if words else "the rules do not read this phrasing yet"
    return f"{head}; try the sheet's own column names ({', '.join(cols)}{', …' if more else ''})"
