"""Compose a formula from a request by rewriting phrases into formula pieces.

The request is first annotated (``annotate.py``): columns, values, quoted
text, numbers and dates become tokens.  Rules, each a general English or
Chinese phrasing around tokens ("<column> of the <ordinal> row", "round <x>
to <n> decimals", "<x> 的平方根"), then replace a phrase by the piece of
formula it means, until one piece is left.  The rules live in families
(``families/``: positions, conditions, totals, lookups, statistics, dates,
text, arithmetic, logic, arrays), each rule with its order and examples; this
module is the loop that applies them.  Code writes every piece, so ranges,
quoting and argument order are right by construction; a request with words
no rule accounted for is not answered (the caller refuses or asks the LLM),
because a wrong formula is worse than none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...errors import TaskError
from .annotate import TOKEN_RE, Annotated, Tok, annotate
from .families import Ctx, Rule, registered, rule_name, unique_col
from .phrases import FILLER_EN, FILLER_ZH
from .rowbase import lexicon
from .schema import Column, SheetSchema

#: every phrasing of every rule, in the order tried (``ground.py`` reads their words)
_RULES = [(r.pattern, r.tokens, r.fn) for r in registered()]
#: ``__init__._placement`` asks whether a column names each row once
_unique_col = unique_col


@dataclass(frozen=True)
class Reading:
    """A composed answer: the formula, one line saying what it computes, the pieces."""

    formula: str
    explanation: str
    parts: dict[str, Any]


_ZH_FILLER_RE = re.compile("|".join(sorted((re.escape(w) for w in FILLER_ZH), key=len, reverse=True)))
#: words a request may open with or carry that ask for nothing themselves ("show me", "查一下")
_VERBS = "|".join(lexicon("compose")["request_verbs"])


def _leftover(text: str) -> str:
    rest = TOKEN_RE.sub(" ", text)
    rest = re.sub(rf"(?<![a-z])(?:{_VERBS})(?![a-z])", " ", rest)
    rest = _ZH_FILLER_RE.sub(" ", rest)
    rest = re.sub(r"[^\w\u4e00-\u9fff]+|_", " ", rest)
    words = [w for w in rest.split() if w not in FILLER_EN]
    return " ".join(words)


#: a Chinese span of months ("7-12月", "1月到6月"): its dash is no minus
_MONTH_SPAN = re.compile(r"(?<![\d.])(?:1[0-2]|[1-9])月?\s*(?:-|–|~|～|到|至)\s*(?:1[0-2]|[1-9])月")


def read(request: str, schema: SheetSchema, trace: list[str] | None = None,
         fired: list[str] | None = None) -> Reading | None:
    """The formula ``request`` asks for, or ``None`` when the rules cannot account for it.

    ``trace`` gets the annotated text the rules left; ``fired`` the rules that
    rewrote a phrase, in order (``family.rule``: what a rule's examples test).
    """
    from .syntax import function_names, known_functions

    if _MONTH_SPAN.search(request):
        return None  # "7-12月的合同金额": a span of months (aggregates reads it), not 7 minus December's
    ann = annotate(request, schema, known_functions())
    if not ann.tables:
        return None
    ctx = Ctx(ann, schema)
    text = ann.text
    for _ in range(80):
        for pat, _n, fn in _RULES:
            done = False
            for m in pat.finditer(text):
                toks = [ann.toks[int(m.group(f"t{i}"))] for i in range(1, _n + 1)
                        if m.group(f"t{i}") is not None]
                out = _apply(fn, ctx, m, toks, request)
                if out is None:
                    continue
                if fired is not None:
                    fired.append(rule_name(fn))
                rep = ann.add(out) if isinstance(out, Tok) else out
                text = f"{text[:m.start()]} {rep} {text[m.end():]}"
                text = re.sub(r"\s+", " ", text).strip()
                done = True
                break
            if done:
                break
        else:
            break
    if trace is not None:
        trace.append(_show(text, ann))
    toks = TOKEN_RE.findall(text)
    if len(toks) != 1 or _leftover(text):
        return None
    tok = ann.toks[int(toks[0][1])]
    if tok.kind not in "xagbr":
        return None
    if tok.kind == "a" and (tok.op in ("colarith", "product") or tok.value == "prenominal"):
        return None  # a column of per-row results, or a list where a total may be meant
    formula = "=" + tok.text
    if "whole_columns" in ann.flags:
        formula = _whole_columns(formula, schema)
    used = set(function_names(formula))
    if ann.hints - used - {"CONCATENATE"} and not (ann.hints <= used | {"INDEX", "MATCH"} and
                                                    {"INDEX", "MATCH"} <= used):
        if not ann.hints <= used:
            return None
    what = tok.what or tok.text
    return Reading(formula, what, {"operation": "composed", "explanation": what,
                                   "hints": sorted(ann.hints)})


def _apply(fn: Rule, ctx: Ctx, m: re.Match, toks: list[Tok], request: str) -> Tok | str | None:
    """What ``fn`` makes of its match.  A rule says "not this phrase" by returning None;
    one that raises has a bug, and the request is refused saying which rule (a test running
    the rule fails on it) instead of being read as if the rule had not matched."""
    try:
        return fn(ctx, m, toks)
    except Exception as err:
        raise TaskError(
            f"cannot answer {request!r}: the formula rule {rule_name(fn)} failed on "
            f"{m.group(0).strip()!r} ({type(err).__name__}: {err}); this is a bug in o3-local",
            code="task.rule_failed") from err


def _whole_columns(formula: str, schema: SheetSchema) -> str:
    """C2:C11 -> C:C for every full data range of a column."""
    for col in schema.columns:
        formula = re.sub(rf"(?<![A-Z$:]){col.letter}{col.first_row}:{col.letter}{col.last_row}(?![0-9])",
                         f"{col.letter}:{col.letter}", formula)
    return formula


def _show(text: str, ann: Annotated) -> str:
    return TOKEN_RE.sub(lambda m: f"⟨{m.group(1)}:{ann.toks[int(m.group(2))].text}⟩", text)


_GROUP_EN = re.compile(r"(?<![a-z])(?:grouped by|broken down by|split by|by each|by|per|for each|for every|"
                       r"in each|of each|each|every|across each)\s+(?:the\s+|a\s+)?"
                       + TOKEN_RE.pattern)
_GROUP_ZH = re.compile(r"(?:每一个|每个|每一|每|各个|各|按照|按|分)\s*" + TOKEN_RE.pattern)
_ORDER_WORDS = re.compile(r"(?<![a-z])(?:sort|sorted|sorting|order|ordered|rank|ranked|ranking|arrange|"
                          r"arranged)(?![a-z])|排序|排列|排名|升序|降序")


def group_by(request: str, schema: SheetSchema) -> Column | None:
    """The column a request groups by ("median salary by department", "每个部门的平均工资").

    One formula cell holds one answer, not one per group, so such a request is
    refused rather than answered for all rows together (dropping "by
    department" would be a wrong answer).  Sorting by a column is not grouping.
    """
    from .syntax import known_functions

    ann = annotate(request, schema, known_functions())
    if not ann.tables or _ORDER_WORDS.search(ann.text.lower()):
        return None
    for pat in (_GROUP_EN, _GROUP_ZH):
        for m in pat.finditer(ann.text):
            tok = ann.toks[int(m.group(2))]
            if tok.kind == "c" and tok.col is not None and tok.col.type in ("text", "mixed", "date"):
                nxt = TOKEN_RE.match(ann.text[m.end():].lstrip())
                if nxt and ann.toks[int(nxt.group(2))].kind == "v" and tok.col in ann.toks[int(nxt.group(2))].cols:
                    continue  # "by department IT": a condition on one value, not a grouping
                if unique_col(tok.col, schema) and re.search(
                        r"(?:平均|average|mean|avg)(?![a-z])", ann.text[:m.start()].lower()):
                    continue  # "平均每个员工", "average output per site": each row is its own group
                return tok.col
    return None
