"""IF labels per row (issue 16 item 1): Pass/Fail, 达标/未达标, "Reorder" when qty < level, bands.

A request is read as a condition and two branches.  The branches are quoted
strings, a slash pair ("Pass/Fail"), a known pair ("及格" / "不及格"), an
unquoted Chinese label after a marker ("标记为高，否则为低"), a number, a
column, or blank.  The condition is one or more terms joined by and/or, each
a column (or a quantity two columns make, like profit) compared with a
number, another column, or a value of the sheet ("North", "已审批").
Vocabulary: ``lexicon/labels.json``.  Anything left unexplained refuses.
"""

from __future__ import annotations

import re

from .rowbase import RowReading, has, is_zh, lexicon, mentions, numbers, ref, value_mentions, values
from .schema import Column, SheetSchema

_STOP = r"[，,。；;、！!？?\s]"


def _lit(v: object) -> str:
    if isinstance(v, str):
        return '"' + v.replace('"', '""') + '"'
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def _fraction_col(schema: SheetSchema, col: Column) -> bool:
    vals = [v for v in values(schema, col) if isinstance(v, (int, float))]
    return bool(vals) and all(0 <= v <= 1.5 for v in vals)


def _operand(term: str, schema: SheetSchema, before: int) -> tuple[str, Column | None, int] | None:
    """The left side of a comparison at ``before``: the nearest column (or derived quantity) before it."""
    from .rows import _derived, _scores

    cols = [(p, c) for p, c in mentions(term, schema) if p < before]
    if cols and cols[-1][1].type != "number":
        return None  # "入职超过5年": a date compared with a bare number is not a comparison we write
    derived = _derived(term[:before], schema)
    if derived is not None and all(c in derived[2] for _, c in cols):
        return f"{derived[0]}", None, 0
    if re.search(r"总分|total (?:score|marks)", term[:before]) and not cols:
        scores = _scores(schema, None)
        if scores is not None:
            return "+".join(ref(c) for c in scores), None, 0
    if not cols:
        return None
    p, c = cols[-1]
    return ref(c), c, p


def _term(term: str, schema: SheetSchema, lex: dict) -> tuple[str, list[float]] | None:
    """One comparison: ``C2>=60``, ``E2<F2``, ``C2="North"``."""
    nums = numbers(term)
    vals = value_mentions(term, schema)
    if not nums and vals:
        if len(vals) != 1:
            return None
        _, _, col, value = vals[0]
        neg = re.search(r"\bnot\b|isn't|不是|不为|非", term)
        return f"{ref(col)}{'<>' if neg else '='}{_lit(value)}", []
    if vals or len(nums) > 1:
        return None
    low = term
    if not nums:  # column against column: "qty is below the reorder level"
        ms = mentions(low, schema)
        for word, op in sorted(lex["compare"], key=lambda wo: -len(wo[0])):
            for m in re.finditer(re.escape(word), low):
                if op == "=" or (word.isalpha() and word.isascii()
                                 and not re.match(rf"(?<![a-z]){word}(?![a-z])", low[m.start():])
                                 and (m.start() and low[m.start() - 1].isalpha())):
                    continue
                right = [c for p, c in ms if p >= m.end() and c.type == "number"]
                left = _operand(low, schema, m.start())
                if right and left is not None and left[1] is not right[0]:
                    return f"{left[0]}{op}{ref(right[0])}", []
        return None
    v, unit, pos = nums[0]
    end = pos + len(re.match(r"[\d.,]+\s*(?:%|percent|万)?", low[pos:]).group(0))
    op = None
    after = low[end:].lstrip()
    for word, o in sorted(lex["compare_after"], key=lambda wo: -len(wo[0])):
        if after.startswith(word):
            op = o
            break
    if op is None:
        before = low[:pos].rstrip()
        for word, o in sorted(lex["compare"], key=lambda wo: -len(wo[0])):
            if before.endswith(word) and (not word.isalpha() or not word.isascii()
                                          or not before[:-len(word)][-1:].isalpha()):
                op = o
                break
    if op is None and re.search(r"\bzero\b|为0|等于0", low):
        op = "="
    if op is None:
        return None
    left = _operand(low, schema, pos)
    if left is None:
        return None
    x = v
    if unit and left[1] is not None and _fraction_col(schema, left[1]):
        x = v / 100
    elif unit:
        return None
    return f"{left[0]}{op}{_lit(x)}", [v]


def _condition(seg: str, schema: SheetSchema, lex: dict) -> tuple[str, list[float]] | None:
    joiner = "AND"
    parts = [seg]
    for kind in ("and", "or"):
        for word in lex[kind]:
            # "60000 or more", "60或以上" are one comparison, not two terms
            masked = seg
            for after, _ in lex["compare_after"]:
                masked = masked.replace(after, "#" * len(after))
            if word in masked:
                cuts = [m.start() for m in re.finditer(re.escape(word), masked)]
                bounds = [0, *cuts, len(seg)]
                parts = [seg[a + (len(word) if i else 0):b] for i, (a, b) in
                         enumerate(zip(bounds, bounds[1:], strict=False))]
                parts = [p for p in parts if p.strip()]
                joiner = kind.upper()
                break
        if len(parts) > 1:
            break
    terms, used = [], []
    for p in parts:
        t = _term(p, schema, lex)
        if t is None:
            return None
        terms.append(t[0])
        used += t[1]
    if not terms:
        return None
    return (terms[0] if len(terms) == 1 else f"{joiner}({','.join(terms)})"), used


def _branch(raw: str, schema: SheetSchema, lex: dict) -> object | None:
    """An unquoted branch: a number, a column, blank, or a short label."""
    s = raw.strip(" ，,。；;：:的")
    s = re.sub(r"^(?:the |显示为|标记为|显示|标记|填写|填|为|是|则|就|记为)", "", s).strip()
    if not s or has(s, lex["blank"]):
        return ""
    if re.fullmatch(r"\d+(?:\.\d+)?", s):
        return float(s)
    ms = mentions(s, schema)
    if len(ms) == 1 and ms[0][0] <= 4:
        return ("col", ms[0][1])
    if is_zh(s) and re.fullmatch(r"[\u4e00-\u9fffA-Za-z0-9]{1,6}", s):
        return s
    return None


def _value(b: object) -> str:
    if isinstance(b, tuple):
        return ref(b[1])
    return _lit(b)


def _bands(request: str, text: str, schema: SheetSchema) -> RowReading | None:
    """"A 90+, B 80+, ... F below" / "90以上优，75以上良，60以上中，否则差": nested IFs."""
    en = re.findall(r"\b([a-z][\w-]{0,9})\s*(?::|=)?\s*(\d+(?:\.\d+)?)\s*\+", request, re.I)
    zh = re.findall(r"(\d+(?:\.\d+)?)\s*分?(?:及以上|以上|或以上)(?:为|是|得|：|:)?\s*"
                    r"([\u4e00-\u9fffA-Za-z]{1,4}?)(?=[，,、；;]|$)", request)
    pairs = [(lab, float(n)) for lab, n in en] or [(lab, float(n)) for n, lab in zh]
    if len(pairs) < 2:
        return None
    last = re.search(r"(?:否则|其余|其他)(?:为|是)?\s*([\u4e00-\u9fffA-Za-z]{1,4})\s*$", request) \
        or re.search(r"\b([a-z]\w{0,9})\s+(?:below|otherwise|else|under)\s*$", request, re.I) \
        or re.search(r"(?:otherwise|else)\s+\"?([a-z]\w{0,9})\"?\s*$", request, re.I)
    if last is None:
        return None
    thresholds = [n for _, n in pairs]
    if thresholds != sorted(thresholds, reverse=True):
        return None
    first = min(request.find(lab) for lab, _ in pairs) if en else request.find(zh[0][0])
    cols = [c for p, c in mentions(text[:max(first, 0)] or text, schema) if c.type == "number"]
    if len({c.letter for c in cols}) != 1:
        return None
    c = cols[0]
    body = _lit(last.group(1))
    for lab, n in reversed(pairs):
        body = f"IF({ref(c)}>={_lit(n)},{_lit(lab)},{body})"
    return RowReading("=" + body, f"{c.header} bands " + ", ".join(f"{lab} ≥ {n:g}" for lab, n in pairs),
                      thresholds)


def read(request: str, schema: SheetSchema) -> RowReading | None:
    text = request.lower()
    lex = lexicon("labels")
    band = _bands(request, text, schema)
    if band is not None:
        return band
    if not has(text, lex["signal"]):
        return None
    # where the false branch starts
    cut = len(text)
    for word in lex["else"]:
        p = text.find(word)
        if 0 <= p < cut:
            cut = p
    neg = re.search(r"[，,；;]\s*(?:未|不|非|没有?)[\u4e00-\u9fff]{1,6}?的", text)
    if neg and neg.start() < cut:
        cut = neg.start()
    head, tail = text[:cut], text[cut:]
    blank_spans: list[tuple[int, int]] = []
    then: object | None = None
    other: object | None = None
    qs = [(p, s) for p, s in _quoted_orig(request)]
    if len(qs) == 2:
        if cut == len(text) or not (qs[0][0] < cut <= qs[1][0]):
            return None
        then, other = qs[0][1], qs[1][1]
    elif len(qs) == 1:
        if qs[0][0] > cut:
            return None
        then = qs[0][1]
        other = _branch(_else_words(tail, lex), schema, lex) if tail else ""
    if qs:
        blank_spans = [(m.start(), m.end()) for m in re.finditer(r'"[^"]*"|“[^”]*”|\'[^\']+\'', request)]
    elif (m := re.search(r"([A-Za-z\u4e00-\u9fff]{1,12})\s*/\s*([A-Za-z\u4e00-\u9fff]{1,12})", request)):
        then, other = m.group(1), m.group(2)
        blank_spans = [(m.start(), m.end())]
    else:
        for pos_w, neg_w in lex["pairs"]:
            if not is_zh(pos_w):
                continue
            stripped = text.replace(neg_w, "")
            if pos_w in stripped:
                then, other = pos_w, neg_w
                # "及格或不及格" goes whole; "60分及格" stays: it is the comparison
                both = re.search(rf"{re.escape(pos_w)}\s*(?:或|还是|or|/)\s*{re.escape(neg_w)}|"
                                 rf"{re.escape(neg_w)}\s*(?:或|还是|or|/)\s*{re.escape(pos_w)}", text)
                blank_spans = [(both.start(), both.end())] if both else [
                    (m.start(), m.end()) for m in
                    re.finditer("|".join(map(re.escape, (neg_w, pos_w))), text)
                    if not text[:m.start()].endswith("分")]
                break
        if then is None and not is_zh(request):  # "the amount if approved, else 0"
            m = re.search(r"(?:^|:)\s*(?:the )?([a-z][\w ]{0,30}?)\s+if\s", head)
            b = _branch(m.group(1), schema, lex) if m else None
            if b is None or isinstance(b, str):
                return None
            then = b
            other = _branch(_else_words(tail, lex), schema, lex) if tail else ""
            blank_spans = [(0, m.end())]
        if then is None:
            markers = sorted(lex["then_markers"], key=len, reverse=True)
            pat = "(" + "|".join(re.escape(w) for w in markers if is_zh(w)) + r")(?=\s*([^，,。；;！!？?\s]+))"
            hits = [m for m in re.finditer(pat, head) if not re.match(r"[\d.]", m.group(2))]
            if not hits:
                return None
            m = hits[-1]
            b = _branch(m.group(2), schema, lex)
            if b is None:
                return None
            then = b
            other = _branch(_else_words(tail, lex), schema, lex) if tail else ""
            blank_spans = [(m.start(), m.end() + len(m.group(2)))]
            if other is None:
                return None
    if then is None or other is None:
        return None
    # the condition: the head without the branches and the else part
    seg = list(head)
    for a, b in blank_spans:
        for i in range(a, min(b, len(seg))):
            seg[i] = " "
    cond_text = "".join(seg)
    cond_text = re.sub(r"^\s*(?:write|label|flag|mark|put|return|show)\b", " ", cond_text)
    cond_text = re.sub(r"\b(?:if|when|whether|gets|shows?)\b|"
                       r"如果|若|的话|时候|时|的|则|判断|是否|根据|按|计算|on (?=\w)", " ", cond_text)
    cond_text = re.sub(r"^[\s:：,，]+|[\s:：,，]+$", "", cond_text)
    if isinstance(then, str) and then.lower() in ("pass", "及格", "合格", "达标") and not numbers(cond_text):
        pass_col = [c for _, c in mentions(cond_text, schema) if c.type == "number"]
        if is_zh(request) and len(pass_col) == 1 and _scores(schema) and pass_col[0] in _scores(schema):
            cond_text += " 60分及格"  # 百分制: the pass mark is 60 unless the request says otherwise
    cond = _condition(cond_text, schema, lex)
    if cond is None:
        return None
    expr, used = cond
    used += [b for b in (then, other) if isinstance(b, float)]
    if isinstance(then, str) and isinstance(other, str) and then == other:
        return None
    why = f"{_value(then)} if {expr}, else {_value(other)}"
    return RowReading(f"=IF({expr},{_value(then)},{_value(other)})", why, used)


def _scores(schema: SheetSchema):
    from .rows import _scores as scores

    return scores(schema, None)


def _else_words(tail: str, lex: dict) -> str:
    for word in sorted(lex["else"], key=len, reverse=True):
        if tail.startswith(word):
            return tail[len(word):]
    m = re.match(r"[，,；;]\s*(?:未|不|非|没有?)[\u4e00-\u9fff]{1,6}?的", tail)
    return tail[m.end():] if m else tail


def _quoted_orig(request: str) -> list[tuple[int, str]]:
    from .rowbase import quoted

    return quoted(request)
