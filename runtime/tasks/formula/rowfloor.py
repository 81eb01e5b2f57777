"""Per-row differences floored at 0 by a closing clause (issue 16 item 1): "how much the spend is
over the budget, 0 if not", "实际支出比预算多多少，没超的记0", "qty short of the reorder level
(0 if enough)", "工时比8小时多多少，否则为0".

People ask for the part of a difference that is over, and say in a clause of its own what the
other rows get: 0.  That clause is only about the sign of the difference (not over, none, negative,
otherwise), so the rest of the request is read by the other row families (:func:`rows._first`)
and must come back as one difference ``a-b``; the answer is ``MAX(0,a-b)``.  A clause that names
another condition ("0 if paid", "没交的记0") is not read here (it tests a column, not the sign), and a
rest that is not a difference is not floored (what would "0 if not" refuse?).
Vocabulary: ``lexicon/rowfloor.json``.
"""

from __future__ import annotations

import re

from .rowbase import RowReading, is_zh, lexicon
from .schema import SheetSchema


def _clause(request: str) -> tuple[str, str] | None:
    """(the request without its 0-clause, the clause) when it closes with one (or holds it in brackets)."""
    lex = lexicon("rowfloor")
    forms = lex["zh"] if is_zh(request) else lex["en"]
    alt = "|".join(f"(?:{f})" for f in forms)
    text = request.strip()
    bracketed = re.search(rf"\s*[(（]\s*(?P<c>{alt})\s*[)）]", text, re.I)
    if bracketed is not None:
        rest = (text[:bracketed.start()] + " " + text[bracketed.end():]).strip(" ,，;；")
        return rest, bracketed.group("c")
    closing = re.search(rf"(?:\s*[,，;；。.:：]\s*|\s+-\s+|\s+)(?P<c>{alt})\s*[.。!！]?\s*$", text, re.I)
    if closing is not None:
        return text[:closing.start()].strip(" ,，;；"), closing.group("c")
    return None


def without_clause(request: str) -> str:
    """``request`` without its closing 0-clause (the words this module reads), or as it is."""
    split = _clause(request)
    return request if split is None else split[0]


def difference(body: str) -> bool:
    """Whether ``body`` (a formula without its '=') is a difference at its top level."""
    depth = 0
    for i, ch in enumerate(body):
        if ch in "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "-" and depth == 0 and i > 0 and body[i - 1] not in "*/^(,-+":
            return True
        elif ch in "+<>=&" and depth == 0:
            return False
    return False


def read(request: str, schema: SheetSchema, nums, labels_only: bool = False) -> RowReading | None:
    """``MAX(0,<difference>)`` when the request closes with a clause giving the other rows 0; None otherwise."""
    from .rows import _first

    if labels_only:
        return None
    split = _clause(request)
    if split is None or not split[0]:
        return None
    rest_text, said = split
    zero = [n for n in nums if n[0] == 0.0]
    if "0" in said and not zero:
        return None
    left = list(nums)
    if zero:
        left.remove(zero[0])
    rest = _first(rest_text, schema, left)
    if rest is None or not rest.template.startswith("=") or rest.template.upper().startswith("=MAX(0,"):
        return None
    body = rest.template[1:]
    if not difference(body):
        return None
    return RowReading(f"=MAX(0,{body})", f"{rest.explanation}; 0 where that is below 0",
                      rest.consumed + ([0.0] if zero else []))
