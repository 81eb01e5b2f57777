""""top price paid?", "lowest fee charged": a Yes / No column's header said as the verb of a number.

A sheet with a Price column and a Paid column of Yes / No marks: in "top price paid" the word
paid is how the price came about, not the Paid column; the request asks for the largest Price.
Where an extreme is asked (lexicon markverb ``extreme_words``) and a mark column's one-word
header follows a number column's name with nothing between, the header word is dropped, so the
readers see "top price".  A total ("total price paid") is left alone: there paid may well be
the Yes rows.
"""

from __future__ import annotations

import re

from .rowbase import lexicon, mark_columns, mentions
from .schema import SheetSchema

_EXTREME = re.compile(r"(?<![a-z])(?:" + "|".join(map(re.escape, sorted(
    lexicon("markverb")["extreme_words"], key=len, reverse=True))) + r")(?![a-z])")


def without_mark_verb(request: str, schema: SheetSchema) -> str:
    """``request`` less a mark column's header said right after a number column's name, where an
    extreme is asked; unchanged otherwise."""
    low = request.lower()
    if not _EXTREME.search(low):
        return request
    for mark in mark_columns(schema):
        head = mark.header.strip().lower()
        if not re.fullmatch(r"[a-z]{3,}", head):
            continue
        for p, c in mentions(low, schema):
            if c.type != "number" or c is mark:
                continue
            m = re.compile(rf"[a-z()]*\s+{re.escape(head)}(?![a-z])").match(low, p)
            if m is not None:
                return request[:m.end() - len(head)].rstrip() + request[m.end():]
    return request
