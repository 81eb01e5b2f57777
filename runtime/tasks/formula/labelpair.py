"""IF labels said as a pair of labels and a definition of one of them.

"label each pupil Senior or Junior (senior is grade 6+)", "senior/junior by grade (6 or more
is senior)", "busy/quiet column: busy = more than 400 sold", "按重量分大件小件（>=10kg算大件）",
"按售价分贵和平价（>=10元为贵）": the request names the two labels once, then says what makes
one of them; every other row gets the other label.  The definition is one clause (in brackets,
after a colon or a dash, or between commas) that joins one of the labels to a condition with
"is", "=", "->", "if", "when" (English) or 算/为/是/标/写 (Chinese), in either order.  The
condition is read by :func:`rowlabels._condition`; a condition that names no column ("6 or
more") is read on the one number column the rest of the request names ("by grade", 按重量).
Anything else unread refuses (the per-row residue check runs on the reading).
"""

from __future__ import annotations

import re

from .rowbase import RowReading, is_zh, lexicon, mentions
from .schema import SheetSchema

_ZH_LABEL = r"[\u4e00-\u9fff]{1,4}"
_EN_LABEL = r"[A-Za-z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*)?"
#: the words that join a label and its condition in a definition, as said in each order
_EN_IS = r"\s*(?:=|:|->|→|\bis\b|\bare\b|\bmeans\b)\s*"
_EN_IF = r"\s+(?:if|when|where|for)\s+|\s*(?:=|:)\s*"
_ZH_IS = r"(?:的)?(?:算作|算成|就算|算|为|是|标为|标成|标|写成|写|记为)"


def _pairs(request: str) -> list[tuple[str, str, tuple[int, int]]]:
    """The label pairs the request names: "A/B", "A or B" (both capitalised or quoted),
    分A和B / A还是B / 分AB (Chinese, two labels of the same length said together)."""
    from .rowlabels import _slash_pair

    out = []
    m = _slash_pair(request)
    if m is not None:
        out.append((m.group(1), m.group(2), m.span()))
    for m in re.finditer(r"(?<![A-Za-z])([A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)?|[\"'“][^\"'”]+[\"'”])\s+or\s+"
                         r"([A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)?|[\"'“][^\"'”]+[\"'”])(?![A-Za-z])", request):
        out.append((m.group(1).strip("\"'“”"), m.group(2).strip("\"'“”"), m.span()))
    for m in re.finditer(rf"(?:分|区分|标|是)({_ZH_LABEL}?)(?:和|与|跟|、|/|还是|或者?)({_ZH_LABEL}?)(?=$|[，,。；;（(]|$)", request):
        out.append((m.group(1), m.group(2), m.span()))
    for m in re.finditer(r"分([\u4e00-\u9fff]{4})(?=$|[，,。；;（(])", request):  # 分大件小件
        two = m.group(1)
        out.append((two[:2], two[2:], m.span()))
    return out


def _clauses(request: str) -> list[tuple[str, int]]:
    """The request's clauses with where each starts: bracketed parts, and the parts between
    commas, colons, semicolons and spaced dashes outside them."""
    out = [(m.group(1), m.start(1)) for m in re.finditer(r"[(（]([^()（）]+)[)）]", request)]
    plain = re.sub(r"[(（][^()（）]*[)）]", lambda m: "\0" * len(m.group(0)), request)
    start = 0
    for m in re.finditer(r"[,，;；:：]|\s[-–]\s|\0+|$", plain):
        piece = request[start:m.start()]
        if piece.strip() and "\0" not in plain[start:m.start()]:
            out.append((piece, start))
        start = m.end()
    return out


def _defined(clause: str, label: str) -> str | None:
    """The condition ``clause`` gives ``label``, or None when it does not define it."""
    lab = re.escape(label)
    if is_zh(label):
        m = re.fullmatch(rf"\s*(.+?){_ZH_IS}{lab}(?:的)?\s*", clause) \
            or re.fullmatch(rf"\s*{lab}(?:是|为|=|：|:|指)\s*(.+?)(?:的)?\s*", clause)
        return m.group(1) if m else None
    m = re.fullmatch(rf"\s*{lab}(?:{_EN_IF}|{_EN_IS})(.+?)\s*[.!?]?\s*", clause, re.I) \
        or re.fullmatch(rf"\s*(.+?){_EN_IS}{lab}\s*[.!?]?\s*", clause, re.I)
    return m.group(1) if m else None


def read(request: str, schema: SheetSchema) -> RowReading | None:
    from .rowlabels import _clause_condition, _clause_label, _condition

    lex = lexicon("labels")
    for first, second, span in _pairs(request):
        if first.lower() == second.lower():
            continue
        found = []
        for clause, at in _clauses(request):
            if at < span[1] and at + len(clause) > span[0]:
                continue  # the clause that names the pair is no definition
            for label, other in ((first, second), (second, first)):
                cond = _defined(clause, label)
                if cond is not None:
                    found.append((label, other, cond, clause))
        if len(found) != 1:
            continue  # none, or two definitions: which one holds? not said
        label, other, cond, clause = found[0]
        said = _clause_condition(cond, schema) if not is_zh(cond) else cond
        read = _condition(said, schema, lex)
        if read is None and not mentions(said.lower(), schema):
            # "6 or more is senior" ... "by grade": the one number column the rest names
            rest = request.replace(clause, " ").lower()
            cols = {c.letter: c for _, c in mentions(rest, schema) if c.type == "number"}
            if len(cols) != 1:
                continue
            col = next(iter(cols.values()))
            read = _condition(_clause_condition(f"{col.header.lower()} {said}", schema)
                              if not is_zh(said) else f"{col.header}{said}", schema, lex)
        if read is None:
            continue
        then, els = _label(label, request, schema, lex, _clause_label), _label(other, request, schema, lex, _clause_label)
        if not then or not els or then == els:
            continue
        expr = f'IF({read[0]},"{then}","{els}")'
        return RowReading("=" + expr, f"{then} if {read[0]}, else {els}", read[1])
    return None


def _label(said: str, request: str, schema: SheetSchema, lex: dict, clause_label) -> str | None:
    """A label as the pair spells it: Chinese as said, English in the request's own case
    (capitalised when the request is typed all in lower case)."""
    if is_zh(said):
        return said if '"' not in said else None
    got = clause_label(said, request, schema, lex)
    return got if isinstance(got, str) and got and '"' not in got else None
