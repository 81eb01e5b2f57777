"""Rules for comparisons that give TRUE/FALSE and the functions that branch on them: IF, IFS,
IFERROR, SWITCH, banded labels, AND/OR of a comparison and a condition on the same row.
"""

from __future__ import annotations

import re

from ..annotate import CLOSE, OPEN, Tok
from ..phrases import (
    CMP_EN,
    CMP_SUFFIX_ZH,
    CMP_ZH,
)
from .base import (
    Ctx,
    comparator,
    match_toks,
    piece,
    quote,
    rule,
    scalar_ok,
)
from .words import (
    CMP_EN_RE,
    CMP_POST_RE,
    CMP_SFX_RE,
    CMP_ZH_RE,
    SHOW_RE,
    ZH_SHOW_RE,
)

_YES_NO = re.compile(r"^\s*(?:is|are|was|were|does|do|did|check|whether|if|show whether|tell me if)\b"
                     r"|\b(?:is|are|was|were)\s*$|\b(?:exceeds?|exceeding)\b|\?\s*$", re.I)


def _asks_yes_no(ctx: Ctx, m: re.Match) -> bool:
    """The request asks whether a comparison holds: a question, or a verb before the number."""
    before_cmp = m.string[m.start(): m.start("cmp")]
    return bool(_YES_NO.search(ctx.ann.text) or re.search(r"\b(?:is|are|was|were)\s*$", before_cmp)
                or _YES_NO.search(m.group("cmp")))


@rule(rf"<Y> (?:is |are |was )?(?P<cmp>{CMP_EN_RE}) <Y>", rf"<Y> (?:is |are )?<Y> (?P<post>{CMP_POST_RE})",
      rf"<Y> (?:的)?(?:是否|是不是)?(?P<zcmp>{CMP_ZH_RE}) <Y> (?:分|元|件|个)?", rf"<Y> (?:的)?<Y> (?:分|元|件|个)?(?P<sfx>{CMP_SFX_RE})",
      r"<Y> (?:is |equals |is equal to |=|等于|是) <S>", order=1050,
      examples=(('Name-Department-Salary-ecddea', 'total salary exceeds 300000', '=SUM(C2:C6)>300000'),
                ('Customer-City-Amount-f087b0', '如果第二行的金额大于100显示“高”，否则显示“低”', '=IF(C3>100,"高","低")')))
def _compare(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t
    if a.kind in "nsv" and b.kind in "nsv":
        return None
    gd = m.groupdict()
    op = (comparator(gd["cmp"], CMP_EN) if gd.get("cmp") else comparator(gd["post"], CMP_EN) if gd.get("post")
          else comparator(gd["zcmp"], CMP_ZH) if gd.get("zcmp") else comparator(gd["sfx"], CMP_SUFFIX_ZH)
          if gd.get("sfx") else "=")
    if op is None:
        return None
    if op != "=" and (a.type == "text" or b.type == "text"):
        return None
    if a.kind == "g" and gd.get("cmp") and not _asks_yes_no(ctx, m):
        # "sum of salaries above 5000" filters the salaries; only "is the sum
        # above 5000?" compares the sum.  Without a verb it is not guessed.
        return None
    return Tok("b", f"{a.text}{op}{b.text}", "bool", what=f"{a.what or a.text} {op} {b.what or b.text}",
               value=a.value if a.kind == "r" else None)


@rule(rf"if <B> (?:,)? (?:then )?{SHOW_RE}? <Y> (?:,)? (?:otherwise|else|or else|if not)(?:,)? {SHOW_RE}? <Y>",
      rf"{SHOW_RE}? <Y> (?:if|when|whenever) <B> (?:,)? (?:otherwise|else|or else|if not|or)(?:,)? {SHOW_RE}? <Y>",
      rf"(?:is )?<B> \? (?:,)? {SHOW_RE}? <Y> (?:or|/) <Y>",
      rf"(?:如果|若|假如|要是)? <B> (?:,)? (?:就|则|那么|的话)?(?:就)?{ZH_SHOW_RE}? <Y> (?:,)? (?:否则|不然|反之)(?:就)?(?:,)?{ZH_SHOW_RE}? <Y>",
      r"<Y> or <Y> (?:for|depending on whether) <B>", order=1100,
      examples=(('Customer-City-Amount-f087b0', 'If the first row\'s amount is above 100 show "big", otherwise "small"', '=IF(C2>100,"big","small")'),
                ('Customer-City-Amount-f087b0', '如果第二行的金额大于100显示“高”，否则显示“低”', '=IF(C3>100,"高","低")')))
def _if(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = match_toks(ctx, m)
    b = next(x for x in toks if x.kind == "b")
    ys = [x for x in toks if x is not b]
    if len(ys) != 2 or not all(scalar_ok(y) for y in ys):
        return None
    if "IFS" in ctx.ann.hints:
        text = f"IFS({b.text},{ys[0].text},TRUE,{ys[1].text})"
    else:
        text = f"IF({b.text},{ys[0].text},{ys[1].text})"
    return piece(text, ys[0].type if ys[0].type == ys[1].type else "any",
              f"{ys[0].what or ys[0].text} if {b.what}, otherwise {ys[1].what or ys[1].text}")


@rule(rf"<X> (?:,)? (?:but |and |or |else )?(?:{SHOW_RE} |be )?<Y> (?:if|when|on|in case of|should) (?:it |that |this |there is an? |there's an? |the result )?(?:errors?|fails|is an error|an error|error|errs|gives an error|returns an error|is invalid)",
      rf"<X> (?:,)? (?:but |and |or )?(?:{SHOW_RE} )?<Y> on (?:an )?error",
      r"<X> (?:,)? (?:如果|若|要是)?(?:出错|错误|报错|有错误|发生错误|计算出错|结果出错)(?:时|的话|则|就)?(?:,)?(?:就)?(?:返回|显示|为|输出|给出|用)? <Y> (?:代替|替代)?",
      r"(?:iferror|if error) (?:of )?<X> (?:,|then|else|otherwise) <Y>", order=1110,
      examples=(('Customer-City-Amount-f087b0', '10 divided by 0, or 0 if it errors', '=IFERROR(10/0,0)'),))
def _iferror(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x, y = t
    if x.kind not in "xrg" or not scalar_ok(y):
        return None
    return piece(f"IFERROR({x.text},{y.text})", x.type, f"{x.what or x.text}, or {y.text} on error")


@rule(r"<Y> :? (?P<pairs>(?:(?:<S>) (?:gives|→|->|=>|means|maps to|becomes|is|to|=|为|显示|对应|返回|变成|得到|则为|:) (?:<S>) (?:,|;|and|、)? ){1,3})(?:anything else|everything else|otherwise|else|default|any other value|其他|其它|否则|其余)(?: \w+)? (?:,)?(?:gives|→|->|=>|is|为|显示|返回|得到|:|to)? (?:<S>)", order=1130,
      examples=(('staff', 'the first row\'s City: "Berlin" means "DE", "Paris" means "FR", otherwise "other"', '=SWITCH(C2,"Berlin","DE","Paris","FR","other")'),
                ('staff', 'the first row\'s Dept: "IT" becomes "tech", "HR" becomes "people", otherwise "other"', '=SWITCH(B2,"IT","tech","HR","people","other")')))
def _switch(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = match_toks(ctx, m)
    subject, rest = toks[0], toks[1:]
    if len(rest) % 2 != 1 or not scalar_ok(subject) or subject.kind in "sv":
        return None
    pairs = [(rest[i], rest[i + 1]) for i in range(0, len(rest) - 1, 2)]
    default = rest[-1]
    if "IFS" in ctx.ann.hints:
        args = ",".join(f"{subject.text}={a.text},{b.text}" for a, b in pairs)
        text = f"IFS({args},TRUE,{default.text})"
    elif "IF" in ctx.ann.hints and "SWITCH" not in ctx.ann.hints:
        text = default.text
        for a, b in reversed(pairs):
            text = f"IF({subject.text}={a.text},{b.text},{text})"
    else:
        args = ",".join(f"{a.text},{b.text}" for a, b in pairs)
        text = f"SWITCH({subject.text},{args},{default.text})"
    return piece(text, "text", f"{subject.what or subject.text} mapped: " + ", ".join(
        f"{a.value}→{b.value}" for a, b in pairs) + f", else {default.value}")


def _cond_at(ctx: Ctx, k: Tok, row: int) -> str | None:
    parts = []
    for c in k.conds:
        col = ctx.schema.column(c.column)
        if col is None or not col.first_row <= row <= col.last_row or c.op not in ("=", "<>", ">", "<", ">=", "<="):
            return None
        rhs = c.value if isinstance(c.value, (int, float)) else quote(str(c.value))
        parts.append(f"{col.letter}{row}{c.op}{rhs}")
    if len(parts) == 1:
        return parts[0]
    return f"{'OR' if k.op == 'or' else 'AND'}({','.join(parts)})"


@rule(r"(?:is )?<B> (?:and|且|并且|而且) (?:its |the |their )?<K>", r"(?:is )?<B> (?:or|或|或者) (?:its |the |their )?<K>", order=1070,
      examples=(('staff', "is the first row's Salary above 5000 and its City Berlin", '=AND(D2>5000,C2="Berlin")'),))
def _bool_and_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    b, k = t
    if b.value is None:
        return None
    other = _cond_at(ctx, k, b.value)
    if other is None:
        return None
    fn = "AND" if re.search(r"\band\b|且|并且|而且", m.group(0)) else "OR"
    return Tok("b", f"{fn}({b.text},{other})", "bool", what=f"{b.what} {fn.lower()} {k.what}", value=b.value)


def _band_parts(ctx: Ctx, text: str) -> list[tuple[str, Tok]] | None:
    parts = []
    for m in re.finditer(rf"(?:{OPEN}[sv](\d+){CLOSE}\s*if\s*(>=|<=|>|<|{CMP_EN_RE})\s*{OPEN}n(\d+){CLOSE})|"
                         rf"(?:(>=|<=|>|<|{CMP_ZH_RE})\s*{OPEN}n(\d+){CLOSE}\s*(?:为|则为|显示|是|:)\s*{OPEN}[sv](\d+){CLOSE})", text):
        if m.group(1):
            op = m.group(2) if m.group(2) in (">=", "<=", ">", "<") else comparator(m.group(2), CMP_EN)
            parts.append((f"{op}{ctx.ann.toks[int(m.group(3))].text}", ctx.ann.toks[int(m.group(1))]))
        else:
            op = m.group(4) if m.group(4) in (">=", "<=", ">", "<") else comparator(m.group(4), CMP_ZH)
            parts.append((f"{op}{ctx.ann.toks[int(m.group(5))].text}", ctx.ann.toks[int(m.group(6))]))
    return parts or None


@rule(r"(?:label |classify |grade |band )?<X> :? (?P<bands>(?:<S> if (?:>=|<=|>|<|" + CMP_EN_RE + r") <N> (?:,|;)? ){1,4})(?:else|otherwise|or else) <S>",
      r"<X> :? (?P<zbands>(?:(?:>=|<=|>|<|" + CMP_ZH_RE + r") <N> (?:为|则为|显示|是|:) <S> (?:,|;|、)? ){1,4})(?:否则|其他|其余|其它)(?:为|显示|是)? <S>", order=1080,
      examples=(('staff', 'the first row\'s Salary: "high" if >= 6000, "mid" if >= 4000, else "low"', '=IFS(D2>=6000,"high",D2>=4000,"mid",TRUE,"low")'),))
def _bands(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    if x.type not in ("num", "any"):
        return None
    parts = _band_parts(ctx, m.groupdict().get("bands") or m.groupdict().get("zbands") or "")
    default = t[-1]
    if not parts:
        return None
    if "IF" in ctx.ann.hints and "IFS" not in ctx.ann.hints:
        text = default.text
        for cond, out in reversed(parts):
            text = f"IF({x.text}{cond},{out.text},{text})"
    else:
        text = "IFS(" + ",".join(f"{x.text}{cond},{out.text}" for cond, out in parts) + f",TRUE,{default.text})"
    return piece(text, "text", f"{x.what or x.text} banded: " + ", ".join(f"{o.value} if {c}" for c, o in parts)
              + f", else {default.value}")


@rule(r"(?:map |translate |convert )?<Y> (?:to numbers|to a number)? :? (?P<pairs>(?:<S> (?:->|→|=>|=|:|to|gives|为|对应|变成|映射为) <L> (?:,|;|、)? ){1,4})(?:otherwise|else|anything else|everything else|other values?|default|其他|其它|其余|否则)(?: \w+)? (?:,)?(?:->|→|=>|=|:|to|gives|为|是|显示)? <L>",
      r"(?:将|把)? <Y> (?:映射|转换|对应)(?:为|成)?(?:数字|数值)? :? (?P<zpairs>(?:<S> (?:->|→|=>|=|:|为|对应|变成) <L> (?:,|;|、)? ){1,4})(?:其他|其它|其余|否则)(?:的)?(?:值)?(?:为|是|显示)? <L>", order=1090,
      examples=(('staff', 'map the first row\'s City: "Berlin" -> 1, "Paris" -> 2, otherwise 0', '=SWITCH(C2,"Berlin",1,"Paris",2,0)'),))
def _switch2(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = match_toks(ctx, m)
    subject, rest = toks[0], toks[1:]
    if len(rest) % 2 != 1 or subject.kind not in "rxg":
        return None
    pairs = [(rest[i], rest[i + 1]) for i in range(0, len(rest) - 1, 2)]
    if not all(a.kind in "sv" for a, _ in pairs):
        return None
    default = rest[-1]
    args = ",".join(f"{a.text},{b.text}" for a, b in pairs)
    if "IFS" in ctx.ann.hints:
        text = "IFS(" + ",".join(f"{subject.text}={a.text},{b.text}" for a, b in pairs) + f",TRUE,{default.text})"
    else:
        text = f"SWITCH({subject.text},{args},{default.text})"
    typ = "num" if all(b.kind == "n" for _, b in pairs) and default.kind == "n" else "text"
    return piece(text, typ, f"{subject.what or subject.text} mapped: " + ", ".join(
        f"{a.value}→{b.value}" for a, b in pairs) + f", else {default.value}")
