"""Compose a formula from a request by rewriting phrases into formula pieces.

The request is first annotated (``annotate.py``): columns, values, quoted
text, numbers and dates become tokens.  Rules, each a general English or
Chinese phrasing around tokens ("<column> of the <ordinal> row", "round <x>
to <n> decimals", "<x> 的平方根"), then replace a phrase by the piece of
formula it means, until one piece is left.  Code writes every piece, so
ranges, quoting and argument order are right by construction; a request with
words no rule accounted for is not answered (the caller refuses or asks the
LLM), because a wrong formula is worse than none.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...errors import TaskError
from .annotate import CLOSE, OPEN, TOKEN_RE, Annotated, Tok, annotate, col_type
from .intent import Condition, Intent, _mask, compile_intent
from .phrases import (
    AGG_EN,
    AGG_WORD,
    AGG_ZH,
    CMP_EN,
    CMP_SUFFIX_ZH,
    CMP_ZH,
    FILLER_EN,
    FILLER_ZH,
    FUNC_OF_AGG,
    ORD_RE,
    ORDINALS,
    ROW_NOUNS_EN,
    ROW_NOUNS_ZH,
    SEPARATORS,
    ZH_CLASSIFIERS,
)
from .schema import Column, SheetSchema

_KINDS = {"C": "c", "A": "ca", "R": "r", "X": "rxndg", "Y": "rxndgsv", "N": "n", "S": "sv",
          "V": "v", "D": "d", "K": "k", "G": "g", "B": "b", "Q": "s", "L": "snv"}
_AGG_EN = "|".join(w for ws, _ in AGG_EN for w in ws.split("|"))
_AGG_ZH = "|".join(w for ws, _ in AGG_ZH for w in ws.split("|"))
_CMP_EN = "|".join(w for ws, _ in CMP_EN for w in ws.split("|") if not w.startswith(("or ", "and ")))
_CMP_POST = "or more|or above|or higher|and above|and up|or less|or below|or fewer|and below"
_CMP_ZH = "|".join(w for ws, _ in CMP_ZH for w in ws.split("|"))
_CMP_SFX = "|".join(w for ws, _ in CMP_SUFFIX_ZH for w in ws.split("|"))
_NOUN_EN = "|".join(sorted(ROW_NOUNS_EN, key=len, reverse=True))
_NOUN_ZH = "|".join(ROW_NOUNS_ZH)
_SEP = "|".join(f"(?:{p})" for p, _ in SEPARATORS)
_MAXW = "highest|largest|biggest|longest|most expensive|most|maximum|max|top|greatest|best"
_MINW = "lowest|smallest|least|shortest|cheapest|minimum|min|worst|fewest"
_DESC = ("highest to lowest|largest to smallest|high to low|biggest to smallest|descending|"
         "largest first|highest first|biggest first|z to a|newest first|latest first|"
         "从高到低|从大到小|降序|由高到低|由大到小|从新到旧|从晚到早")
_ASC = ("lowest to highest|smallest to largest|low to high|ascending|a to z|alphabetical(?:ly)?|"
        "oldest first|earliest first|smallest first|lowest first|从低到高|从小到大|升序|由低到高|"
        "由小到大|从旧到新|从早到晚")
#: verbs of a relative clause that only link the rows to their condition
#: ("people who work in Berlin", "employees who started before 2020-01-01")
_REL = ("who|whose|people|persons|employees|staff|work|works|worked|working|live|lives|lived|living|"
        "based|located|start|started|starting|join|joined|hired|employed|began|registered|enrolled|"
        "signed up|due|assigned|scored|got|opened|created|placed|made|submitted|filed|ordered|"
        "organized|organised|organizes|organises|run|runs|managed|manages|handled|handles|led|leads|"
        "hosted|hosts|owned|owns|taught|teaches|driven|drives|sold|sells|attended|attends|does|do|did|"
        "filtered|filtered by|limited to|restricted to|only|go|goes|going|fly|flies|flying|travel|travels|"
        "departing|leaving|arriving|heading|bound for|to")
_SHOW = r"(?:show(?:ing)?|return(?:ing)?|display(?:ing)?|say|give|giving|output|put|write|print|use|mark(?: it)?(?: as)?|label(?: it)?(?: as)?|answer|then)"
_ZH_SHOW = r"(?:显示|返回|输出|标记为|写|为|填|给出|就是)"

Rule = Callable[["Ctx", re.Match, list[Tok]], "Tok | str | None"]
_RULES: list[tuple[re.Pattern, int, Rule]] = []


def _compile(pattern: str) -> tuple[re.Pattern, int]:
    n = 0

    def macro(m: re.Match) -> str:
        nonlocal n
        n += 1
        return f"\x00{OPEN}[{_KINDS[m.group(1)]}](?P<t{n}>\\d+){CLOSE}\x00"

    body = re.sub(r"<([A-Z])>", macro, pattern).replace(" ", r"\s*").replace("\x00", r"\s*")
    if re.match(r"[a-z(]", pattern):
        body = r"(?<![a-z])" + body
    if re.search(r"[a-z]$", pattern):
        body += r"(?![a-z])"
    return re.compile(body), n


def rule(*patterns: str) -> Callable[[Rule], Rule]:
    def register(fn: Rule) -> Rule:
        for p in patterns:
            pat, n = _compile(p)
            _RULES.append((pat, n, fn))
        return fn
    return register


@dataclass
class Ctx:
    ann: Annotated
    schema: SheetSchema

    def table_of(self, col: Column) -> list[Column]:
        return next((t for t in self.ann.tables if col in t), [col])

    @property
    def main(self) -> list[Column]:
        return self.ann.tables[0]


@dataclass(frozen=True)
class Reading:
    """A composed answer: the formula, one line saying what it computes, the pieces."""

    formula: str
    explanation: str
    parts: dict[str, Any]


# ---------------------------------------------------------------- helpers


def _x(text: str, typ: str, what: str, **kw: Any) -> Tok:
    return Tok("x", text, typ, what=what, **kw)


def _cell(col: Column, n: int) -> Tok | None:
    """The ``n``-th data row's cell of ``col`` (negative: from the end)."""
    row = col.first_row + n - 1 if n > 0 else col.last_row + n + 1
    if not col.first_row <= row <= col.last_row or n == 0:
        return None
    nth = {1: "first", -1: "last"}.get(n, f"row {row}")
    return Tok("r", f"{col.letter}{row}", col_type(col), col, what=f"{col.header} of the {nth} row",
               value=row)


def _ord(word: str | None, ctx: Ctx, m: re.Match | None = None, group: str = "") -> int | None:
    if word is None:
        return None
    word = word.strip().lower()
    if word in ORDINALS:
        return ORDINALS[word]
    tm = TOKEN_RE.fullmatch(word)
    if tm and tm.group(1) == "n":
        v = ctx.ann.toks[int(tm.group(2))].value
        return int(v) if isinstance(v, (int, float)) and float(v).is_integer() else None
    return None


def _int(tok: Tok) -> int | None:
    v = tok.value
    return int(v) if isinstance(v, (int, float)) and float(v).is_integer() else None


def _cmp(word: str, table: list[tuple[str, str]]) -> str | None:
    for words, op in table:
        if re.fullmatch(words, word.strip()):
            return op
    return None


def _agg_op(word: str) -> str | None:
    return _cmp(word, AGG_EN) or _cmp(word, AGG_ZH)


def _sep(text: str | None, tok: Tok | None) -> str | None:
    if tok is not None:
        return str(tok.value) if tok.kind in "sv" else None
    if text is None:
        return None
    for pat, sep in SEPARATORS:
        if re.fullmatch(pat.replace(" ", r"\s*"), text.strip()):
            return sep
    return None


def _quote(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _literal(tok: Tok) -> str:
    return tok.text


def _agg_text(ctx: Ctx, op: str, col: Column | None, conds: tuple[Condition, ...]) -> str | None:
    hints = ctx.ann.hints
    if col is None and op != "count":
        return None
    if col is not None and op != "count" and col.type != "number" and not (
            op in ("max", "min") and col.type == "date"):
        return None  # the largest of a text column means nothing
    if not conds:
        if op == "count":
            if col is None:
                col = ctx.main[0]
            return f"{'COUNT' if col.type == 'number' else 'COUNTA'}({col.range})"
        return f"{FUNC_OF_AGG[op]}({col.range})"
    masks = [_mask(c, ctx.schema.column(c.column)) for c in conds]
    if "SUMPRODUCT" in hints and op in ("sum", "count"):
        mask = "*".join(f"({m})" for m in masks)
        return f"SUMPRODUCT({mask}*{col.range})" if op == "sum" else f"SUMPRODUCT(--{mask})" \
            if len(masks) == 1 else f"SUMPRODUCT({mask})"
    if op in ("sum", "average", "max", "min", "count", "median"):
        if op in ("sum", "average", "max", "min", "median") and (col is None or col.type != "number"):
            if not (op in ("max", "min") and col is not None and col.type == "date"):
                return None
        try:
            return compile_intent(Intent(op, col.header if col and op != "count" else "", conds),
                                  ctx.schema)[1:]
        except TaskError:
            return None
    if col is None or col.type != "number":
        return None
    mask = "*".join(f"({m})" for m in masks) if len(masks) > 1 else masks[0]
    return f"{FUNC_OF_AGG[op]}(FILTER({col.range},{mask}))"


def _conds_what(conds: tuple[Condition, ...]) -> str:
    return " and ".join(f"{c.column} {c.op.replace('_', ' ')} {c.value}" for c in conds)


def _g(ctx: Ctx, op: str, col: Column | None, conds: tuple[Condition, ...] = (),
       cols: tuple[Column, ...] = ()) -> Tok | None:
    if op == "sumproduct":
        c1, c2 = cols
        if not conds:
            text = f"SUMPRODUCT({c1.range},{c2.range})"
        else:
            masks = "*".join(f"({_mask(c, ctx.schema.column(c.column))})" for c in conds)
            text = f"SUMPRODUCT({masks}*{c1.range}*{c2.range})"
        what = f"sum of {c1.header} × {c2.header}" + (f" where {_conds_what(conds)}" if conds else "")
        return Tok("g", text, "num", c1, what=what, conds=conds, op=op, cols=cols)
    text = _agg_text(ctx, op, col, conds)
    if text is None:
        return None
    typ = "num" if op in ("count", "sum", "average", "median", "stdev", "stdevp", "var") else (
        col_type(col) if col else "num")
    what = f"{AGG_WORD[op]} of {col.header if col else 'rows'}"
    if conds:
        what += f" where {_conds_what(conds)}"
    return Tok("g", text, typ, col, what=what, conds=conds, op=op)


def _k(col: Column, op: str, value: Any) -> Tok:
    c = Condition(col.header, op, value)
    return Tok("k", "", "bool", col, what=_conds_what((c,)), conds=(c,))


def _scalar_ok(tok: Tok) -> bool:
    return tok.kind in "rxndgsvb"


def _person(ctx: Ctx) -> Column | None:
    from .rowbase import person_column

    return person_column(ctx.main)  # never the first text column blindly: it may hold IDs


def _key_column(ctx: Ctx, result: Column, key: Tok) -> Column | None:
    """The column of ``result``'s table that ``key`` (a value or a cell) is looked up in."""
    table = ctx.table_of(result)
    if key.kind == "v" and key.op == "unknown":  # a name the sheet does not hold (yet)
        return key.col if key.col in table and key.col is not result else None
    if key.kind == "v":
        cols = [c for c in key.cols if c in table and c is not result]
        if len(cols) != 1:
            return None
        col = cols[0]
        values = [ctx.schema.cells.get((r, _ci(col.letter))) for r in range(col.first_row, col.last_row + 1)]
        return col if values.count(key.value) == 1 else None
    if key.kind == "r" and key.col is not None:
        if key.col in table:
            return None
        src = set(key.col.distinct)
        best = max((c for c in table if c is not result and c.type in ("text", "mixed")),
                   key=lambda c: len(src & set(c.distinct)), default=None)
        return best if best is not None and src & set(best.distinct) else None
    return None


def _ci(letter: str) -> int:
    from .schema import col_index

    return col_index(letter)


def _lookup(ctx: Ctx, result: Column, key: Tok) -> Tok | None:
    kcol = _key_column(ctx, result, key)
    if kcol is None:
        return None
    hints = ctx.ann.hints
    what = f"looks up {result.header} where {kcol.header} = {key.what or key.text}"
    if "VLOOKUP" in hints:
        table = ctx.table_of(result)
        if _ci(kcol.letter) >= _ci(result.letter) or kcol.first_row != result.first_row:
            return None
        idx = _ci(result.letter) - _ci(kcol.letter) + 1
        rng = f"{kcol.letter}{kcol.first_row}:{result.letter}{max(c.last_row for c in table)}"
        text = f"VLOOKUP({key.text},{rng},{idx},FALSE)"
    elif "XLOOKUP" in hints:  # asked for by name; Excel 2016 / LibreOffice 7 show #NAME?
        text = f"XLOOKUP({key.text},{kcol.range},{result.range})"
    else:  # the default: computed by every target (issue 16 item 6)
        text = f"INDEX({result.range},MATCH({key.text},{kcol.range},0))"
    return _x(text, col_type(result), what)


def _argext(ctx: Ctx, result: Column | None, by: Column, word: str) -> Tok | None:
    if result is None or by.type not in ("number", "date") or result is by:
        return None
    fn = "MAX" if re.fullmatch(_MAXW + "|最高|最大|最多|最晚|最近|最新", word) else "MIN"
    if ctx.table_of(result) is not ctx.table_of(by):
        return None
    if "XLOOKUP" in ctx.ann.hints:
        text = f"XLOOKUP({fn}({by.range}),{by.range},{result.range})"
    else:
        text = f"INDEX({result.range},MATCH({fn}({by.range}),{by.range},0))"
    return _x(text, col_type(result),
              f"{result.header} of the row with the {'largest' if fn == 'MAX' else 'smallest'} {by.header}",
              op="argext", cols=(result, by), value=fn)


def _same_row(ref: Tok, col: Column) -> Tok | None:
    """``col``'s cell in the row of the cell ``ref`` (same table only)."""
    if ref.kind != "r" or ref.value is None or ref.col is None:
        return None
    if (col.first_row, col.last_row) != (ref.col.first_row, ref.col.last_row):
        return None
    return Tok("r", f"{col.letter}{ref.value}", col_type(col), col,
               what=f"{col.header} of row {ref.value}", value=ref.value)


def _date_like(tok: Tok) -> bool:
    return tok.type in ("date", "any") or tok.kind == "d"


# ---------------------------------------------------------------- rules: rows


@rule(rf"(?:the )?{ORD_RE} (?:{_NOUN_EN}) (?:'s |of |in )?(?:the )?<C>",
      rf"(?:the )?{ORD_RE} <C> 's <C>")
def _row_possessive(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    n = _ord(m.group("ord"), ctx)
    if n is None:
        return None
    col = t[-1].col
    if len(t) == 2 and ctx.table_of(t[0].col) is not ctx.table_of(col):
        return None
    return _cell(col, n)


@rule(rf"<C> (?:of|in|for|on|from) (?:the )?{ORD_RE} (?:{_NOUN_EN}|<C>)")
def _row_of(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    n = _ord(m.group("ord"), ctx)
    if n is None or (len(t) == 2 and ctx.table_of(t[1].col) is not ctx.table_of(t[0].col)):
        return None
    return _cell(t[0].col, n)


@rule(rf"(?:the )?{ORD_RE} <C> (?:'s)?")
def _row_column(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    n = _ord(m.group("ord"), ctx)
    return None if n is None else _cell(t[0].col, n)


@rule(r"<C> (?:of|in|on|at|from) row <N>", r"row <N> 's <C>")
def _sheet_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col, num = (t[0], t[1]) if t[0].kind == "c" else (t[1], t[0])
    row = _int(num)
    if row is None or not col.col.first_row <= row <= col.col.last_row:
        return None
    return Tok("r", f"{col.col.letter}{row}", col.type, col.col, what=f"{col.col.header} in row {row}",
               value=row)


@rule(rf"(?P<back3>倒数)?第 <N> (?:[{ZH_CLASSIFIERS}])? <C> (?:的|所在的|所在|对应的)? <C>",
      rf"(?P<back>倒数)?第 <N> (?:[{ZH_CLASSIFIERS}])?(?:{_NOUN_ZH})?(?:所在|对应)?(?:的)? <C>",
      rf"(?P<last>最后) (?:<N> )?(?:[{ZH_CLASSIFIERS}])(?:{_NOUN_ZH})?(?:所在|对应)?(?:的)? <C>",
      rf"<C> (?:列)?(?:的)? (?P<back2>倒数)?第 <N> (?!\s*[大高小低多少])(?:[{ZH_CLASSIFIERS}])?(?:值|数据)?")
def _row_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    cols = [x.col for x in t if x.kind == "c"]
    col = cols[-1]
    if len(cols) == 2 and ctx.table_of(cols[0]) is not ctx.table_of(col):
        return None
    num = next((x for x in t if x.kind == "n"), None)
    gd = m.groupdict()
    if gd.get("last"):
        if num is not None and _int(num) != 1:
            return None
        return _cell(col, -1)
    n = _int(num) if num else None
    if n is None or n < 1:
        return None
    return _cell(col, -n if gd.get("back") or gd.get("back2") or gd.get("back3") else n)


# ---------------------------------------------------------------- rules: values, conditions


@rule(r"<C> <V>", r"<V> <C>")
def _qualified(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = next(x for x in t if x.kind == "c").col
    val = next(x for x in t if x.kind == "v")
    if col not in val.cols:
        return None
    return Tok("v", val.text, "text", col, what=val.what, value=val.value, op=val.op,
               cols=(col, *(c for c in val.cols if c is not col)))


@rule(r"<V> (?:班|组|类|区|部门|类别|分类|仓库|城市)",
      r"<V> (?:rows?|staff|people|persons|employees|workers|members|team members)")
def _value_noun(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return t[0]


@rule(r"<C> <C>")
def _column_product_dup(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # the same column named twice in a row ("销售额 Sales") is one mention
    return t[0] if t[0].col is t[1].col else None


@rule(r"<C> (?:times|multiplied by|\*|×|x|乘以|乘) <C>")
def _column_product(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t[0].col, t[1].col
    if a.type != "number" or b.type != "number" or ctx.table_of(a) is not ctx.table_of(b):
        return None
    return Tok("a", f"{a.range}*{b.range}", "num", a, what=f"{a.header} × {b.header}", op="product",
               cols=(a, b))


@rule(rf"<C> (?:is |are |was |of |has |have )?(?P<cmp>{_CMP_EN}) <N>",
      rf"(?P<cmp>{_CMP_EN}) <N> (?:in|on|for|of) (?:the )?<C>",
      rf"(?P<cmp>{_CMP_EN}) <N> <C>",
      rf"<C> (?:is |are |of )?<N> (?P<post>{_CMP_POST})",
      rf"<N> (?P<post>{_CMP_POST}) (?:in|on|for|of) (?:the )?<C>",
      rf"<C> (?:的)?(?P<zcmp>{_CMP_ZH}) <N> (?:分|元|件|个|天|岁|人|块)?",
      rf"<C> (?:的)?<N> (?:分|元|件|个|天|岁)?(?P<sfx>{_CMP_SFX})")
def _num_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = next(x for x in t if x.kind == "c").col
    num = next(x for x in t if x.kind == "n")
    gd = m.groupdict()
    op = (_cmp(gd["cmp"], CMP_EN) if gd.get("cmp") else
          _cmp(gd["post"], CMP_EN) if gd.get("post") else
          _cmp(gd["zcmp"], CMP_ZH) if gd.get("zcmp") else _cmp(gd["sfx"], CMP_SUFFIX_ZH))
    if op is None or col.type != "number":
        return None
    return _k(col, op, num.value)


_DATE_CMP = [("on or after|since|from|starting|starting from|as of|及之后|及以后|之后\\(含\\)|以来|起|当天或之后", ">="),
             ("on or before|until|up to|through|by|及之前|及以前|截至|截止|当天或之前", "<="),
             ("after|later than|之后|以后|后", ">"), ("before|earlier than|prior to|之前|以前|前", "<")]
_DCMP = "|".join(w for ws, _ in _DATE_CMP for w in ws.split("|"))


@rule(r"<C> (?:is |was |were )?(?:in |on |from |during )?<D> (?P<post>or later|and later|onwards|onward|or after|and after|or earlier|and earlier|or before|and before)",
      r"(?:in |on |from |during )?<D> (?P<post2>or later|and later|onwards|onward|or after|or earlier|or before)",
      r"<C> (?:is |was |were )?(?:in|during) <D>", r"<D> (?:之后|以后|及以后|起|至今)?(?:的)? <C>")
def _date_period(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    d = next(x for x in t if x.kind == "d")
    col = next((x.col for x in t if x.kind == "c"), None)
    if col is None:
        dates = [c for c in ctx.main if c.type == "date"]
        col = dates[0] if len(dates) == 1 else None
    if col is None or col.type != "date":
        return None
    post = m.groupdict().get("post") or m.groupdict().get("post2")
    import calendar
    import datetime as _dt

    start = _dt.date.fromisoformat(d.value)
    end = start.replace(day=calendar.monthrange(start.year, start.month)[1]) if d.op == "month" else start
    if post:
        later = re.match(r"or later|and later|onward|or after|and after", post)
        return _k(col, ">=", start.isoformat()) if later else _k(col, "<=", end.isoformat())
    if "之" in m.group(0) or "以后" in m.group(0) or "起" in m.group(0) or d.op != "month" or not re.search(r"\b(?:in|during)\b", m.group(0)):
        return None
    conds = (Condition(col.header, ">=", start.isoformat()), Condition(col.header, "<=", end.isoformat()))
    return Tok("k", "", "bool", col, what=f"{col.header} in {d.what}", conds=conds)


@rule(rf"<C> (?:is |was |dated |date )?(?P<cmp>{_DCMP}) <D> (?:onwards|onward|and later|or later)?",
      rf"(?:dated |received |made |placed )?(?P<cmp>{_DCMP}) <D> (?:onwards|onward|and later|or later)?",
      rf"<D> (?P<cmp>{_DCMP}) (?:的)?<C>",
      rf"<D> (?P<cmp>{_DCMP})")
def _date_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    op = _cmp(m.group("cmp"), _DATE_CMP)
    d = next(x for x in t if x.kind == "d")
    col = next((x.col for x in t if x.kind == "c"), None)
    if col is None:
        dates = [c for c in ctx.main if c.type == "date"]
        if len(dates) != 1:
            return None
        col = dates[0]
    if op is None or col.type != "date":
        return None
    return _k(col, op, d.value)


@rule(r"<C> (?:is|=|equals|equal to|为|是|等于) <S>")
def _eq_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col, val = t[0].col, t[1]
    if col.type not in ("text", "mixed"):
        return None
    return _k(col, "=", val.value)


@rule(r"<C> (?:that |which )?(?P<how>start(?:s|ing)? with|begin(?:s|ning)? with|end(?:s|ing)? with|contain(?:s|ing)?) <S>",
      r"<C> (?:以) <S> (?P<zh>开头|结尾)", r"<C> (?P<zc>包含|含有) <S>")
def _text_condition_col(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col, val = t[0].col, t[1]
    how = (m.groupdict().get("how") or m.groupdict().get("zh") or m.groupdict().get("zc") or "")
    op = ("starts_with" if how.startswith(("start", "begin", "开头")) else
          "ends_with" if how.startswith(("end", "结尾")) else "contains")
    if col.type not in ("text", "mixed"):
        return None
    return _k(col, op, val.value)


@rule(r"<K> (?:,)? (?:and|&|with|that have|which have|who have|that has|have|has|having|and have|"
      r"and are|and is|且|并且|而且|的|、|和|同时|并|as well as)? (?:a |an |the )?<K>")
def _and(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    conds = t[0].conds + t[1].conds
    return Tok("k", "", "bool", t[0].col, what=_conds_what(conds), conds=conds)


@rule(r"(?:for |of |in |on |from |among )?(?:the |all )?rows (?:with |where |that |which |whose |that are |that were )?<K>",
      r"(?:in|for|from|with|where|whose|among|on|at|that are|which are|that were|that|which|who|"
      r"are|is|was|were|within|of|(?:driven |made |sold |owned |handled |managed |run |done |placed |"
      r"taken |written |led |created |booked |served |entered |spent |logged |worked |closed |opened |resolved )?by|"
      r"assigned to|belonging to|owned by|for customer|for client) (?:the |a |an )?<K>")
def _prep(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return t[0]


@rule(r"<K> (?:里|中|内|当中|里面|之中)", r"<K> (?:管理|负责|经营|主管|驾驶|开|带领|跑|销售|卖|下单)(?:的)")
def _postfix(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return t[0]


@rule(r"<V> 's <V>")
def _values_possessive(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t
    if a.col is b.col or ctx.table_of(a.col) is not ctx.table_of(b.col):
        return None
    conds = (Condition(a.col.header, "=", a.value), Condition(b.col.header, "=", b.value))
    return Tok("k", "", "bool", a.col, what=_conds_what(conds), conds=conds)


@rule(rf"who (?:[a-z]+ )?(?:the )?{ORD_RE} (?:{_NOUN_EN})")
def _who_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    n = _ord(m.group("ord"), ctx)
    person = _person(ctx)
    return None if n is None or person is None else _cell(person, n)


@rule(r"<R> (?P<op>per|divided by|/|over|除以|times|multiplied by|\*|×|乘以|plus|\+|加上|加|minus|-|减去|减|less) <C>")
def _arith_same_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t[0], _same_row(t[0], t[1].col)
    if b is None or a.type != "num" or b.type != "num":
        return None
    word = re.sub(r"\s+", " ", m.group("op"))
    op = ("/" if word in ("per", "divided by", "/", "over", "除以") else "*" if word in (
        "times", "multiplied by", "*", "×", "乘以") else "+" if word in ("plus", "+", "加上", "加") else "-")
    return _x(f"{a.text}{op}{b.text}", "num", f"{a.what} {op} {b.what}")


@rule(r"<C> (?P<op>per|divided by|/|over|minus|-|plus|\+|less) <C>")
def _column_arith(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t[0].col, t[1].col
    if a.type != "number" or b.type != "number" or ctx.table_of(a) is not ctx.table_of(b):
        return None
    op = {"per": "/", "divided by": "/", "/": "/", "over": "/", "minus": "-", "-": "-", "less": "-",
          "plus": "+", "+": "+"}[re.sub(r"\s+", " ", m.group("op"))]
    return Tok("a", f"{a.range}{op}{b.range}", "num", a, what=f"{a.header} {op} {b.header}",
               op="colarith", cols=(a, b), value=op)


@rule(rf"<A> (?:of|in|for|on) (?:the )?{ORD_RE} (?:{_NOUN_EN})", rf"(?:the )?{ORD_RE} (?:{_NOUN_EN}) 's <A>")
def _arith_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a = t[0]
    n = _ord(m.group("ord"), ctx)
    if a.op not in ("colarith", "product") or n is None:
        return None
    c1, c2 = (_cell(c, n) for c in a.cols)
    if c1 is None or c2 is None:
        return None
    op = a.value if a.op == "colarith" else "*"
    return _x(f"{c1.text}{op}{c2.text}", "num", f"{c1.what} {op} {c2.what}")


# ---------------------------------------------------------------- rules: lookups, extremes


@rule(rf"(?:the )?<C> (?:with|that has|having|that had|of|which has|who has) (?:the )?(?P<w>{_MAXW}|{_MINW}) <C>",
      rf"(?:who|which (?:{_NOUN_EN})|what (?:{_NOUN_EN})|which|whose) (?:got|has|had|have|scored|earned|made|sold|is|was|gets|holds|with|costs)? "
      rf"(?:the )?(?P<w2>{_MAXW}|{_MINW}) <C>",
      rf"which <C> (?:has|had|got|have|with|is) (?:the )?(?P<w3>{_MAXW}|{_MINW}) <C>",
      r"<C> (?P<z>最高|最大|最多|最低|最小|最少|最晚|最早|最近|最新)(?:分|值)?(?:的)? (?:" + _NOUN_ZH + r")? <C> (?:是谁|是哪个|是哪位|是什么|是)?",
      r"<C> (?P<z2>最高|最大|最多|最低|最小|最少)(?:分|值)?(?:的)? (?:" + _NOUN_ZH + r")? (?:是谁|是哪个|是哪位|是哪一位|是)(?:[\u4e00-\u9fff]{1,2}的)?")
def _argext_rule(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    word = gd.get("w") or gd.get("w2") or gd.get("w3") or gd.get("z") or gd.get("z2")
    if gd.get("w"):
        return _argext(ctx, t[0].col, t[1].col, word)
    if gd.get("w2"):
        return _argext(ctx, _person(ctx), t[0].col, word)
    if gd.get("w3"):
        return _argext(ctx, t[0].col, t[1].col, word)
    if gd.get("z"):
        return _argext(ctx, t[1].col, t[0].col, word)
    return _argext(ctx, _person(ctx), t[0].col, word)


@rule(r"(?:the )?<C> (?:of|for) (?:the )?<V>", r"<V> 's <C>", r"which <C> (?:is|are|does|was) (?:the )?<V> (?:in|from|belong to|part of|under|belongs to)?",
      r"<V> (?:的|所在的|对应的|所在|对应|属于哪个|属于|在哪个|是哪个|在哪一个)? <C> (?:是多少|是什么|是哪个|是谁|是哪位|是)?",
      r"<C> (?:of|for) <R>", r"<R> 's <C>", r"<R> (?:的|所在的|对应的|所在|对应) <C>", r"<R> <C>")
def _lookup_rule(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    res = next(x for x in t if x.kind == "c").col
    key = next(x for x in t if x.kind in "vr")
    if key.kind == "r" and key.col in ctx.table_of(res):
        return _same_row(key, res)
    return _lookup(ctx, res, key)


# ---------------------------------------------------------------- rules: statistics


@rule(rf"(?:the )?(?:{ORD_RE}|<N>) (?P<w>{_MAXW}|{_MINW}) <C>",
      r"<C> (?:的)?第 <N> (?P<z>大|高|多|小|低|少)(?:的)?(?:值|数|分数|分|数值)?",
      r"第 <N> (?P<z2>大|高|多|小|低|少)(?:的)? <C>",
      r"<C> (?:的)?(?:排名|排行|排)第 <N> (?:位|名)?(?:的)?(?:值|数值|数|分数)?")
def _kth(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    col = next(x for x in t if x.kind == "c").col
    num = next((x for x in t if x.kind == "n"), None)
    k = _ord(gd.get("ord"), ctx) if gd.get("ord") else (_int(num) if num else None)
    word = gd.get("w") or gd.get("z") or gd.get("z2") or "大"
    if k is None or k < 1 or col.type != "number":
        return None
    large = re.fullmatch(_MAXW + "|大|高|多", word) is not None
    fn = "LARGE" if large else "SMALL"
    return _x(f"{fn}({col.range},{k})", "num", f"{k}-th {'largest' if large else 'smallest'} {col.header}")


@rule(r"(?:the )?<N> percentile (?:of |for |in )?(?:the )?<C>", r"<C> (?:的)?(?:第)?<N> (?:个)?百分位(?:数|值|点)?")
def _percentile(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = next(x for x in t if x.kind == "c").col
    num = next(x for x in t if x.kind == "n").value
    if col.type != "number" or not 0 <= num <= 100:
        return None
    p = num / 100 if num > 1 else num
    ptxt = repr(round(p, 6)).rstrip("0").rstrip(".") if p != int(p) else str(int(p))
    return _x(f"PERCENTILE.INC({col.range},{ptxt})", "num", f"{num}th percentile of {col.header}")


@rule(r"(?:the )?(?P<q>first|lower|1st|third|upper|3rd) quartile (?:of |for )?(?:the )?<C>",
      r"<C> (?:的)?(?:第 <N> |(?P<zq>下|上))四分位(?:数|点)?")
def _quartile(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = next(x for x in t if x.kind == "c").col
    gd = m.groupdict()
    num = next((x for x in t if x.kind == "n"), None)
    q = 1 if (gd.get("q") or "") in ("first", "lower", "1st") or gd.get("zq") == "下" else 3
    if num is not None:
        q = _int(num)
    if col.type != "number" or q not in (1, 2, 3):
        return None
    return _x(f"QUARTILE.INC({col.range},{q})", "num", f"quartile {q} of {col.header}")


@rule(rf"(?:the )?rank (?:of )?<R> (?:among|in|within|out of|compared to|relative to|across) (?:all )?(?:the )?(?:<C>|{_NOUN_EN}s?|rows)?(?: ,)? (?:(?P<o>{_DESC}|{_ASC}))?",
      rf"<R> (?:在)?(?:所有人|所有|全部|全体|整列|全部员工|所有员工|所有学生|全班)?(?:中|里|当中)?(?:的)?(?:排名|名次)(?:是)?(?:第几)?(?: \(?(?P<zo>{_DESC}|{_ASC})\)?)?")
def _rank(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    ref = t[0]
    col = t[1].col if len(t) > 1 else ref.col
    if ref.col is None or col is not ref.col or col.type != "number":
        return None
    order = m.groupdict().get("o") or m.groupdict().get("zo")
    asc = order is not None and re.fullmatch(_ASC, order) is not None
    return _x(f"RANK.EQ({ref.text},{col.range}{',1' if asc else ''})", "num",
              f"rank of {ref.text} in {col.header} ({'smallest' if asc else 'largest'} = 1)")


# ---------------------------------------------------------------- rules: aggregates


@rule(r"(?:how many|number of|count of|count the|count) (?:unique|distinct|different) <C> (?:are there|exist|there are|values)?",
      r"(?:有|一共有|共有|总共有)?(?:多少|几) (?:个|种|类)?(?:不同|不重复)(?:的)? <C>",
      r"<C> (?:有)?(?:多少|几)(?:个|种)?(?:不同的值|不同值|不同|不重复的值|不重复值|唯一值)")
def _count_distinct(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = t[0].col
    return _x(f"COUNTA(UNIQUE({col.range}))", "num", f"number of distinct {col.header}")


@rule(r"(?:the )?total (?:number|amount|count|quantity) of (?:the )?<C>")
def _total_number(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = t[0].col
    return _g(ctx, "sum", col) if col.type == "number" else _g(ctx, "count", col)


@rule(rf"(?P<w>{_AGG_EN}) (?:of )?(?:the |all )?(?:the )?<C>",
      r"(?P<z>平均|最高|最大|最低|最小|最早|最晚|最近|最新|总)(?:的)? <C>",
      rf"<C> (?:的)?(?P<zs>{_AGG_ZH})")
def _aggregate(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    op = _agg_op(gd.get("w") or gd.get("z") or gd.get("zs"))
    col = t[0].col
    if op is None:
        return None
    if col.type == "date" and op not in ("max", "min"):
        return None
    return _g(ctx, op, col)


@rule(rf"(?:how many|number of|count of|count the|count) (?:the )?(?:<C>|(?:{_NOUN_EN})s?|people|entries)? (?:(?:are|were|is|have|has|had|with|in|that|who|which|scored|got|earned|did|do|{_REL}) )*<K>",
      r"(?:number|count|how many) <K>",
      r"<K> (?:一共|总共|共)?(?:[\u4e00-\u9fff]{1,2})?了 (?:多少|几)次",
      rf"(?:how many|number of) (?:the )?(?:<C>|(?:{_NOUN_EN})s?|people|entries)? (?:does|do|did) <K> "
      r"(?:have|has|own|organi[sz]e|run|manage|handle|lead|host|do|make|sell|teach|drive|attend|work on|own)",
      rf"<K> (?:的)?(?:<C>|{_NOUN_ZH})? (?:有|共有|一共有)?(?:多少|几)(?:[{ZH_CLASSIFIERS}人种])?(?:<C>|{_NOUN_ZH})?",
      rf"<K> (?:的)?(?:<C>|{_NOUN_ZH})? (?:的)?(?:人数|个数|条数|行数|数目|总数)",
      rf"<K> (?:的)?(?:{_NOUN_ZH}|行|笔)数")
def _count(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    conds = next((x.conds for x in t if x.kind == "k"), ())
    col = next((x.col for x in t if x.kind == "c"), None)
    if not conds and col is None and not re.search(rf"{_NOUN_EN}|people|entries|{_NOUN_ZH}", m.group(0)):
        return None
    if conds:
        return _g(ctx, "count", None, conds)
    return _g(ctx, "count", col if col is not None else None)


@rule(r"<K> <C>")
def _prenominal(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "Paris amounts": the column's values in the rows meeting the condition
    k, col = t[0], t[1].col
    if k.op == "or" or col.type != "number" or any(
            ctx.table_of(ctx.schema.column(c.column)) is not ctx.table_of(col) for c in k.conds):
        return None
    return Tok("a", f"FILTER({col.range},{_masks(ctx, k)})", "num", col,
               what=f"{col.header} where {k.what}", op="filter", conds=k.conds, value="prenominal")


@rule(rf"(?P<w>{_AGG_EN}) rows? (?:<K> )?(?:in|by|of) (?:the )?<C>")
def _agg_row_in(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    op = _agg_op(m.group("w"))
    col = t[-1].col
    k = t[0] if t[0].kind == "k" else None
    return None if op is None else _g(ctx, op, col, k.conds if k else ())


@rule(r"<G> (?:across |over |for |of |in |among |from )?(?:all |every |each |the )?<C>")
def _agg_entity(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "total hours for open tickets": the column naming the rows (unique values) adds nothing
    g, c = t
    col = c.col
    if col is g.col or col.type not in ("text", "mixed") or ctx.table_of(col) is not ctx.table_of(g.col or col):
        return None
    values = [ctx.schema.cells.get((r, _ci(col.letter))) for r in range(col.first_row, col.last_row + 1)]
    if len(set(values)) != len(values):
        return None
    return g


@rule(r"<G> (?:does|do|did) <K> (?:have|has|own|organi[sz]e|run|manage|handle|lead|host|make|sell|teach|drive|attend|work on)",
      r"<G> (?:(?:for|where|in|with|of|among|from|across|when|are|were|is|was|still|currently|that|which|have|has|had|"
      + _REL + r") )*(?:the |all )?<K>",
      rf"<K> (?:的)?(?:{_NOUN_ZH}|<C>)?(?:的)? <G>", r"<K> (?:且|并且|而且|and|,|同时) <G>")
def _agg_where(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    g = next(x for x in t if x.kind == "g")
    k = next(x for x in t if x.kind == "k")
    mid = next((x for x in t if x.kind == "c"), None)
    if mid is not None and (mid.col.type not in ("text", "mixed") or ctx.table_of(mid.col) is not ctx.table_of(g.col or mid.col)):
        return None
    if k.op == "or" or (k.conds and "且" not in m.group(0) and "and" not in m.group(0) and g.conds and False):
        return None
    return _g(ctx, g.op, g.col, g.conds + k.conds, g.cols)


@rule(r"(?:sum|total|sum of|total of|add up|合计|求和)? (?:the )?(?:\w+ ){0,2}\( <A> \)(?: <K>)?",
      r"(?:sum|total|sum of|total of|add up) (?:the )?<A>(?: <K>)?",
      r"<A> (?:,)? (?:后)?(?:的)?(?:summed|added up|in total|求和|之和|总和|合计)(?: <K>)?",
      r"<K> (?:的)?<A> (?:之和|的总和|总和|合计|求和)")
def _sumproduct(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a = next(x for x in t if x.kind == "a")
    k = next((x for x in t if x.kind == "k"), None)
    if a.op != "product":
        return None
    if "(" in m.group(0) and not re.match(r"\s*(?:sum|total|add|合计|求和)", m.group(0)):
        return None
    return _g(ctx, "sumproduct", None, k.conds if k else (), a.cols)


@rule(r"(?:sum|total|sum of|total of|add up|add) (?:the )?<R> (?:(?:,|and|\+|和|、|与|plus) (?:the )?(?:<R>|<C>)){1,6}",
      r"<R> (?:(?:,|and|\+|和|、|与|plus) (?:the )?(?:<R>|<C>)){1,6} (?:之和|的总和|总和|合计|加起来|相加)")
def _row_sum(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # the groups hold the first and last operands only: read all tokens of the match
    toks = [ctx.ann.toks[int(i)] for _, i in TOKEN_RE.findall(m.group(0))]
    first = toks[0]
    cells = []
    for tok in toks:
        if tok.kind == "c":
            tok = _same_row(first, tok.col)
        if tok is None or tok.kind != "r" or tok.type != "num":
            return None
        cells.append(tok.text)
    return _x("+".join(cells), "num", "sum of " + ", ".join(cells))


# ---------------------------------------------------------------- rules: dates


@rule(r"(?:the )?(?P<p>year|month|day|weekday|day of (?:the )?week)(?: number)? (?:of|in|for|from) (?:the )?<X>",
      r"<X> 's (?P<p2>year|month|day|weekday)(?: number)?",
      r"<X> (?:的)?(?:是)?(?P<z>年份|哪一年|哪年|月份|几月|哪个月|日期是几号|几号|星期几|周几|星期|年|月)(?: \(? (?:数字|用数字表示|数字表示) \)?)?")
def _date_part(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    if x.type != "date":
        return None
    p = (m.groupdict().get("p") or m.groupdict().get("p2") or "").split()[0] if (
        m.groupdict().get("p") or m.groupdict().get("p2")) else ""
    z = m.groupdict().get("z") or ""
    fn = ("YEAR" if p == "year" or z in ("年份", "哪一年", "哪年", "年") else
          "MONTH" if p == "month" or z in ("月份", "几月", "哪个月", "月") else
          "WEEKDAY" if p in ("weekday",) or m.group(0).find("week") >= 0 or z in ("星期几", "周几", "星期") else
          "DAY")
    return _x(f"{fn}({x.text})", "num", f"{fn.lower()} of {x.what or x.text}")


@rule(r"(?:the )?(?:end of (?:the )?month|month[- ]end|last day of (?:the |its )?month) (?:of|for|in)? (?:the )?<X>",
      r"<X> (?:所在)?(?:月份|月|当月)?(?:的)?(?:最后 <N> 天|月末|月底|最后一天)")
def _eomonth(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    if x.type != "date" or (len(t) > 1 and _int(t[1]) != 1):
        return None
    return _x(f"EOMONTH({x.text},0)", "date", f"last day of the month of {x.what or x.text}")


@rule(r"(?:the )?(?:date )?<N> months? (?P<dir>after|before|from|later than|prior to|earlier than) (?:the )?<X>",
      r"<X> (?P<sign>plus|\+|minus|-) <N> months?",
      r"<X> (?P<zdir>之后|以后|后|之前|以前|前|加上?|减去?) <N> 个?月(?:后|前)?(?:的)?(?:日期)?")
def _edate(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    num = next(v for v in t if v.kind == "n")
    x = next(v for v in t if v is not num)
    n = _int(num)
    if n is None or x.type != "date":
        return None
    gd = m.groupdict()
    neg = (gd.get("dir") in ("before", "prior to", "earlier than") or gd.get("sign") in ("minus", "-")
           or (gd.get("zdir") or "") in ("之前", "以前", "前", "减", "减去"))
    return _x(f"EDATE({x.text},{-n if neg else n})", "date",
              f"{x.what or x.text} {'minus' if neg else 'plus'} {n} months")


def _diff(ctx: Ctx, a: Tok, b: Tok, unit: str) -> Tok | None:
    if not (_date_like(a) and _date_like(b)):
        return None
    hints = ctx.ann.hints
    u = {"day": "D", "days": "D", "天": "D", "month": "M", "months": "M", "月": "M", "个月": "M",
         "year": "Y", "years": "Y", "年": "Y", "week": "W", "weeks": "W", "周": "W"}[unit]
    if u == "W":
        return _x(f"INT(({b.text}-{a.text})/7)", "num", f"whole weeks from {a.what} to {b.what}")
    if u == "D" and "DATEDIF" not in hints:
        text = f"DAYS({b.text},{a.text})" if "DAYS" in hints else f"{b.text}-{a.text}"
    else:
        text = f'DATEDIF({a.text},{b.text},"{u}")'
    return _x(text, "num", f"{ {'D': 'days', 'M': 'months', 'Y': 'years'}[u]} from {a.what or a.text} to {b.what or b.text}")


@rule(r"(?:the )?(?:number of |how many )?(?P<u>days|months|years|weeks) (?:are there )?(?:between|from) (?:the )?<X> (?:and|to|until|till) (?:the )?<X>",
      r"<X> (?:和|与|到|至|跟) <X> (?:之间)?(?:的)?(?:相差|相隔|间隔|差|隔|差了|相差了)(?:多少|几)(?:个)?(?P<zu>天|个月|月|年|周)",
      r"(?:从)? <X> (?:到|至) <X> (?:一共|总共)?(?:有|经过了?)?(?:多少|几)(?:个)?(?P<zu2>天|个月|月|年|周)")
def _date_diff(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    unit = m.groupdict().get("u") or m.groupdict().get("zu") or m.groupdict().get("zu2")
    return _diff(ctx, t[0], t[1], unit)


@rule(r"(?:the )?(?:number of |how many )?(?P<u>days|months|years|weeks) (?:are there )?between (?:the )?(?:earliest|first|oldest) and (?:the )?(?:latest|last|most recent|newest) <C>",
      r"(?:the )?(?:number of |how many )?(?P<u2>days|months|years|weeks) (?:are there )?between (?:the )?(?:latest|last|most recent|newest) and (?:the )?(?:earliest|first|oldest) <C>",
      r"(?:最早|最先)(?:的)?(?:和|与|到)(?:最晚|最近|最新|最后)(?:的)? <C> (?:之间)?(?:相差|相隔|间隔|差|隔)(?:了)?(?:多少|几)(?:个)?(?P<zu>天|个月|月|年|周)",
      r"<C> (?:的)?(?:最早|最先)(?:日期)?(?:和|与|到)(?:最晚|最近|最新|最后)(?:日期)? (?:之间)?(?:相差|相隔|间隔|差|隔)(?:了)?(?:多少|几)(?:个)?(?P<zu2>天|个月|月|年|周)")
def _date_span(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = t[0].col
    if col.type != "date":
        return None
    gd = m.groupdict()
    unit = gd.get("u") or gd.get("u2") or gd.get("zu") or gd.get("zu2")
    a = _x(f"MIN({col.range})", "date", f"earliest {col.header}")
    b = _x(f"MAX({col.range})", "date", f"latest {col.header}")
    if unit in ("days", "天") and not ctx.ann.hints & {"DATEDIF", "DAYS"}:
        return _x(f"MAX({col.range})-MIN({col.range})", "num", f"days from the earliest to the latest {col.header}")
    return _diff(ctx, a, b, unit)


@rule(r"(?:the )?(?:number of |how many )?(?:working|business|work) ?days (?:are there )?(?:between|from) (?:the )?<X> (?:and|to|until) (?:the )?<X>",
      r"(?:从)? <X> (?:和|与|到|至) <X> (?:之间)?(?:的|有)?(?:多少|几)?(?:个)?(?:工作日)(?:天数|数)?")
def _networkdays(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t
    if not (_date_like(a) and _date_like(b)):
        return None
    return _x(f"NETWORKDAYS({a.text},{b.text})", "num", f"working days from {a.what} to {b.what}")


@rule(r"(?:the )?(?:date )?<N> (?P<w>working |business |work )?days (?P<dir>after|before|from|later than|prior to) (?:the )?<X>",
      r"<X> (?P<sign>plus|\+|minus|-) <N> (?P<w2>working |business )?days")
def _add_days(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    num = next(v for v in t if v.kind == "n")
    x = next(v for v in t if v is not num)
    n = _int(num)
    if n is None or x.type != "date":
        return None
    gd = m.groupdict()
    neg = gd.get("dir") in ("before", "prior to") or gd.get("sign") in ("minus", "-")
    if gd.get("w") or gd.get("w2"):
        return _x(f"WORKDAY({x.text},{-n if neg else n})", "date", f"{n} working days from {x.what}")
    return _x(f"{x.text}{'-' if neg else '+'}{n}", "date", f"{x.what} {'-' if neg else '+'} {n} days")


_FMT = r"(?P<fmt>(?:yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d)(?:[-/. ]?(?:年|月|日)?(?:yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d)){0,3}(?:年|月|日)?)"


@rule(rf"<X> (?:as text |as a text )?(?:in|as|formatted as|with (?:the )?format|in the format|to|using the format) (?:text )?(?:in )?(?:the )?(?:<Q>|{_FMT}) (?:format|text)?",
      rf"(?:format|formatted) (?:the )?<X> (?:as|in|with|to) (?:<Q>|{_FMT}) (?:format)?",
      rf"(?:把|将)? <X> (?:格式化|转换|转|显示|格式)(?:为|成) (?:<Q>|{_FMT}) (?:格式)?(?:的)?(?:文本|字符串)?",
      rf"<X> (?:按|以|用) (?:<Q>|{_FMT}) 格式(?:显示|输出|的文本)?")
def _text_format(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    fmt = t[1].value if len(t) > 1 else m.group("fmt")
    if not fmt or x.type not in ("date", "num"):
        return None
    if x.type == "date" and not re.fullmatch(r"[ymd年月日\-/. ]+|dddd|ddd|mmmm|mmm", fmt):
        return None
    return _x(f"TEXT({x.text},{_quote(fmt)})", "text", f"{x.what or x.text} as text {fmt!r}")


# ---------------------------------------------------------------- rules: text


_CASE = {"upper": "UPPER", "lower": "LOWER", "proper": "PROPER"}


@rule(r"<Y> (?:in|to|as|into) (?:all )?(?P<c>upper ?case|uppercase|capitals|caps|capital letters|all caps|lower ?case|lowercase|small letters|title case|proper case)(?: letters)?",
      r"(?:convert|change|turn|make|put) (?:the )?<Y> (?:to|into|in) (?:all )?(?P<c2>upper ?case|uppercase|capitals|caps|lower ?case|lowercase|title case|proper case)",
      r"(?P<c3>upper ?case|uppercase|lower ?case|lowercase|capitalized|title[- ]cased?|proper[- ]cased?)(?: version| form)? (?:of )?(?:the )?<Y>",
      r"(?:把|将)? <Y> (?:转|转换|变|改)(?:成|为)?(?P<z>大写|小写|首字母大写)(?:字母)?",
      r"<Y> (?:的)?(?P<z2>大写|小写|首字母大写)(?:形式|字母)?")
def _case(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    y = t[0]
    w = (m.groupdict().get("c") or m.groupdict().get("c2") or m.groupdict().get("c3")
         or m.groupdict().get("z") or m.groupdict().get("z2") or "")
    kind = ("proper" if w.startswith(("title", "proper", "首字母", "capitalized")) else
            "upper" if w.startswith(("upper", "capital", "caps", "all caps", "大写")) else "lower")
    if y.type not in ("text", "any"):
        return None
    fn = _CASE[kind]
    return _x(f"{fn}({y.text})", "text", f"{y.what or y.text} in {kind} case")


@rule(r"(?:the )?(?:length|number of characters|character count|count of characters|len|number of letters) (?:of|in) (?:the )?<Y>",
      r"<Y> 's length", r"how many (?:characters|letters) (?:are )?(?:in|does) (?:the )?<Y> (?:have|contain)?",
      r"<Y> (?:的)?(?:长度|字符数|字数|字符长度|有几个字符|有多少个字符|有几个字|字符个数)")
def _len(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    y = t[0]
    if y.type not in ("text", "any"):
        return None
    return _x(f"LEN({y.text})", "num", f"length of {y.what or y.text}")


@rule(r"(?:the )?(?P<side>first|last|leftmost|rightmost) (?:<N> )?(?:characters?|letters?|chars?|digits?) (?:of|in|from) (?:the )?<Y>",
      r"(?:the )?(?P<side2>left|right) <N> (?:characters?|letters?|chars?) (?:of|in|from) (?:the )?<Y>",
      r"<Y> (?:的)?(?P<z>前|后|左边|右边|左|右|最后|末尾|开头)(?: <N> )?(?:个|位)?(?:字符|字母|字|位数字|位|个字)",
      r"<Y> (?:的)?第 <N> 个(?:字符|字母|字)")
def _left_right(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    y = next(x for x in t if x.kind != "n" or x is t[-1] and len(t) == 1) if len(t) == 1 else (
        t[1] if t[0].kind == "n" and m.group(0).strip().startswith(("the", "first", "last", "left", "right", "leftmost", "rightmost")) else t[0])
    num = next((x for x in t if x is not y and x.kind == "n"), None)
    n = _int(num) if num else 1
    gd = m.groupdict()
    side = gd.get("side") or gd.get("side2") or gd.get("z")
    if y.type not in ("text", "any") or n is None or n < 1:
        return None
    if side is None:  # 第N个字
        if n == 1:
            return _x(f"LEFT({y.text},1)", "text", f"first character of {y.what or y.text}")
        return _x(f"MID({y.text},{n},1)", "text", f"character {n} of {y.what or y.text}")
    left = side in ("first", "leftmost", "left", "前", "左边", "左", "开头")
    fn = "LEFT" if left else "RIGHT"
    return _x(f"{fn}({y.text},{n})", "text", f"{'first' if left else 'last'} {n} characters of {y.what or y.text}")


@rule(r"<N> (?:characters?|letters?|chars?) (?:of|from|in) (?:the )?<Y> (?:starting|beginning) (?:at|from|with) (?:character |position |char )?<N>",
      r"(?:the )?(?:characters?|letters?) <N> (?:to|through|-) <N> (?:of|in) (?:the )?<Y>",
      r"<Y> (?:的)?(?:从)?第 <N> (?:个字符|个字|位)(?:开始)?(?:的|取|起)? <N> (?:个|位)(?:字符|字)?")
def _mid(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    nums = [x for x in t if x.kind == "n"]
    y = next(x for x in t if x.kind != "n")
    a, b = (_int(nums[0]), _int(nums[1]))
    if a is None or b is None or y.type not in ("text", "any"):
        return None
    text = m.group(0)
    if re.search(r"starting|beginning", text):
        start, count = b, a
    elif re.search(r"to|through|-", text) and not re.search(r"[\u4e00-\u9fff]", text):
        start, count = a, b - a + 1
    else:
        start, count = a, b
    if start < 1 or count < 1:
        return None
    return _x(f"MID({y.text},{start},{count})", "text", f"{count} characters of {y.what} from {start}")


@rule(r"<Y> (?:with|without) (?:the |any )?(?:extra |leading and trailing |surrounding |excess )?spaces(?: removed| trimmed)?",
      r"trim (?:the )?(?:spaces )?(?:from |of |in )?(?:the )?<Y>",
      r"(?:去掉|去除|删除|清除)? <Y> (?:的|中的)?(?:多余|首尾|前后)(?:的)?空格")
def _trim(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    y = t[0]
    if y.type not in ("text", "any"):
        return None
    return _x(f"TRIM({y.text})", "text", f"{y.what or y.text} without extra spaces")


@rule(rf"<Y> (?:with )?(?:the |every |all |any )?(?:(?P<s>{_SEP})|<S>) (?:characters? )?(?:removed|deleted|stripped|taken out)",
      rf"(?:remove|delete|strip) (?:the |all |every |any )?(?:(?P<s2>{_SEP})|<S>) (?:characters? )?(?:from|in|of) (?:the )?<Y>",
      rf"(?:去掉|删除|去除|删掉) <Y> (?:中|里)?(?:的)?(?:(?P<s3>{_SEP})|<S>)")
def _remove(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    word = gd.get("s") or gd.get("s2") or gd.get("s3")
    y = t[0] if (word or len(t) == 1 or not m.group(0).strip().startswith(("remove", "delete", "strip"))) and not m.group(0).strip().startswith(("remove", "delete", "strip")) else t[-1]
    lit = t[1] if len(t) > 1 and y is t[0] else (t[0] if len(t) > 1 else None)
    old = _sep(word, None) if word else (str(lit.value) if lit is not None and lit.kind in "sv" else None)
    if not old or y.type not in ("text", "any"):
        return None
    return _x(f'SUBSTITUTE({y.text},{_quote(old)},"")', "text", f"{y.what or y.text} without {old!r}")


@rule(rf"(?:replace|swap) (?:the |all |every |any )?(?:(?P<a>{_SEP})|<S>) (?:in|of) (?:the )?<Y> (?:with|by) (?:(?P<b>{_SEP})|<S>)",
      rf"<Y> (?:with )?(?:the |all |every )?(?:(?P<a2>{_SEP})|<S>) (?:replaced) (?:by|with) (?:(?P<b2>{_SEP})|<S>)",
      rf"(?:把|将) <Y> (?:中|里)?(?:的)?(?:(?P<a3>{_SEP})|<S>) (?:替换|换|改)(?:为|成) (?:(?P<b3>{_SEP})|<S>)")
def _replace(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    text = m.group(0)
    toks = [ctx.ann.toks[int(i)] for _, i in TOKEN_RE.findall(text)]
    a_word, b_word = gd.get("a") or gd.get("a2") or gd.get("a3"), gd.get("b") or gd.get("b2") or gd.get("b3")
    starts_replace = text.strip().startswith(("replace", "swap"))
    if starts_replace:
        lits = [x for x in toks]
        old = _sep(a_word, None) if a_word else (str(lits.pop(0).value) if lits and lits[0].kind in "sv" else None)
        y = lits.pop(0) if lits else None
        new = _sep(b_word, None) if b_word is not None else (str(lits.pop(0).value) if lits and lits[0].kind in "sv" else None)
    else:
        lits = list(toks)
        y = lits.pop(0)
        old = _sep(a_word, None) if a_word else (str(lits.pop(0).value) if lits and lits[0].kind in "sv" else None)
        new = _sep(b_word, None) if b_word is not None else (str(lits.pop(0).value) if lits and lits[0].kind in "sv" else None)
    if y is None or old is None or new is None or not old or y.type not in ("text", "any"):
        return None
    return _x(f"SUBSTITUTE({y.text},{_quote(old)},{_quote(new)})", "text",
              f"{y.what or y.text} with {old!r} replaced by {new!r}")


@rule(rf"(?:join|combine|concatenate|merge|list) (?:together )?(?:all |every )?(?:of )?(?:the )?<A> (?:together )?(?:with|separated by|using|by|delimited by|joined by) (?:(?P<s>{_SEP})|<S>)(?: between (?:them|each))?",
      rf"<A> (?:joined|combined|concatenated|separated) (?:with|by|using) (?:(?P<s2>{_SEP})|<S>)",
      rf"(?:用|以) (?:(?P<s3>{_SEP})|<S>) (?:连接|拼接|合并|分隔|隔开|串联)(?:起来)?(?:所有|全部)?(?:的)? <A>",
      rf"(?:把|将)? (?:所有|全部)?(?:的)? <A> (?:用|以) (?:(?P<s4>{_SEP})|<S>) (?:连接|拼接|合并|隔开|分隔|串联|连)(?:起来|在一起)?")
def _textjoin(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    src = next(x for x in t if x.kind in "ca")
    if src.kind == "a" and src.op not in ("head", "range", "filter"):
        return None
    lit = next((x for x in t if x.kind in "sv"), None)
    word = gd.get("s") or gd.get("s2") or gd.get("s3") or gd.get("s4")
    sep = _sep(word, None) if word is not None else _sep(None, lit)
    if sep is None:
        return None
    return _x(f"TEXTJOIN({_quote(sep)},TRUE,{src.text})", "text", f"{src.what} joined with {sep!r}")


@rule(rf"(?:join|combine|concatenate|merge|put together) (?:the )?<Y> (?:and|with|&|plus) (?:the |its )?(?:<Y>|<C>) (?:with|separated by|using|by|joined by) (?:(?P<s>{_SEP})|<S>)(?: between(?: them)?| in between)?",
      rf"(?:把|将)? <Y> (?:和|与|跟|及) (?:<Y>|<C>) (?:用|以|中间用|中间加) (?:(?P<s2>{_SEP})|<S>) (?:连接|拼接|合并|连起来|连在一起|隔开)(?:起来)?",
      r"(?:join|combine|concatenate|merge|put together) (?:the )?<Y> (?:and|with|&|plus) (?:the |its )?(?:<Y>|<C>)",
      r"(?:把|将)? <Y> (?:和|与|跟) (?:<Y>|<C>) (?:连接|拼接|合并|连起来|连在一起)(?:起来)?")
def _concat(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = [ctx.ann.toks[int(i)] for _, i in TOKEN_RE.findall(m.group(0))]
    a, b = toks[0], toks[1]
    word = m.groupdict().get("s") or m.groupdict().get("s2")
    sep = _sep(word, None) if word is not None else (_sep(None, toks[2]) if len(toks) > 2 else "")
    if sep is None:
        return None
    if b.kind == "c":
        b = _same_row(a, b.col) if a.kind == "r" else None
        if b is None:
            return None
    if not (_scalar_ok(a) and _scalar_ok(b)):
        return None
    if "CONCAT" in ctx.ann.hints or "CONCATENATE" in ctx.ann.hints:
        fn = "CONCAT" if "CONCAT" in ctx.ann.hints else "CONCATENATE"
        text = f"{fn}({a.text},{_quote(sep)},{b.text})" if sep else f"{fn}({a.text},{b.text})"
    else:
        text = f"{a.text}&{_quote(sep)}&{b.text}" if sep else f"{a.text}&{b.text}"
    return _x(text, "text", f"{a.what or a.text} and {b.what or b.text} joined with {sep!r}")


# ---------------------------------------------------------------- rules: arithmetic, rounding


@rule(r"(?:the )?square root of (?:the )?<X>", r"<X> (?:的)?(?:平方根|开方|算术平方根)")
def _sqrt(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return _x(f"SQRT({t[0].text})", "num", f"square root of {t[0].what or t[0].text}") if t[0].type in ("num", "any") else None


@rule(r"(?:the )?absolute value of (?:the )?<X>", r"<X> (?:的)?绝对值")
def _abs(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return _x(f"ABS({t[0].text})", "num", f"absolute value of {t[0].what or t[0].text}") if t[0].type in ("num", "any") else None


@rule(r"(?:the )?(?:remainder|modulo|mod|modulus) (?:of |when )?<X> (?:divided by|/|mod|by|is divided by) <X>",
      r"<X> mod <X>", r"<X> (?:除以) <X> (?:的)?余数", r"<X> (?:除以) <X> (?:后)?(?:的)?余数是?")
def _mod(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return _x(f"MOD({t[0].text},{t[1].text})", "num", f"remainder of {t[0].text} / {t[1].text}")


@rule(r"<X> (?:to the power of|raised to the power of|raised to|\^|to the) <X> (?:power|th power)?", r"<X> (?:的) <X> 次方")
def _power(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    if "POWER" in ctx.ann.hints:
        return _x(f"POWER({t[0].text},{t[1].text})", "num", f"{t[0].text} to the power {t[1].text}")
    return _x(f"{_paren(t[0])}^{_paren(t[1])}", "num", f"{t[0].text} to the power {t[1].text}")


def _paren(tok: Tok) -> str:
    return tok.text if re.fullmatch(r"[\w.$]+|[A-Z.]+\(.*\)", tok.text) else f"({tok.text})"


@rule(r"divide <X> by <X>", r"<X> (?:后|之后|再)?(?P<op>divided by|/|÷|除以) <X>",
      r"<X> (?:后|之后|再)?(?P<op2>times|multiplied by|\*|×|乘以|乘) <X>", r"multiply <X> by <X>", r"用 <X> 除以 <X>")
def _arith_mul(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return _arith(ctx, m, t)


@rule(r"<X> (?:后|之后|再)?(?P<op3>plus|\+|加上|加) <X>", r"add <X> (?:and|to) <X>",
      r"<X> (?:后|之后|再)?(?P<op4>minus|-|减去|减) <X>", r"subtract <X> from <X>")
def _arith(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t
    text = m.group(0).strip()
    if text.startswith("divide") or m.groupdict().get("op") or text.startswith("用"):
        op = "/"
    elif text.startswith("multiply") or m.groupdict().get("op2"):
        op = "*"
    elif text.startswith("add") or m.groupdict().get("op3"):
        op = "+"
    elif text.startswith("subtract"):
        a, b, op = b, a, "-"
    else:
        op = "-"
    if a.type not in ("num", "any", "date") or b.type not in ("num", "any", "date"):
        return None
    return _x(f"{_paren(a)}{op}{_paren(b)}", "num", f"{a.what or a.text} {op} {b.what or b.text}")


_DEC = r"(?:decimal places?|decimals?|dp|digits?|places?)"
_INTW = r"(?:the )?(?:nearest )?(?:whole number|integer|an integer|nearest integer|whole)"


@rule(rf"round(?:ed)? (?:the )?<X> (?P<dir>up|down)? (?:to )?(?:<N> {_DEC}|{_INTW})",
      rf"<X> (?:,)? (?:rounded|round(?:ed)?) (?P<dir2>up|down)? (?:to )?(?:<N> {_DEC}|{_INTW})",
      rf"round(?:ed)? (?P<dir3>up|down)? (?:the )?<X> (?:to )?(?:<N> {_DEC}|{_INTW})",
      r"(?:把|将)? <X> (?:,)? (?:四舍五入)?(?:保留|取|精确到|四舍五入到|四舍五入保留) <N> 位小数",
      r"(?:把|将)? <X> (?:,)? (?:四舍五入)(?:到|为|取|成)?(?:整数)?",
      r"(?:把|将)? <X> (?:,)? (?P<zdir>向上|向下)(?:舍入|取整|四舍五入|舍)?(?:到|为|保留)? (?:<N> 位小数|整数)?")
def _round(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    n = _int(t[1]) if len(t) > 1 else 0
    gd = m.groupdict()
    d = gd.get("dir") or gd.get("dir2") or gd.get("dir3") or {"向上": "up", "向下": "down"}.get(gd.get("zdir") or "")
    if gd.get("zdir") and len(t) == 1 and "取整" not in m.group(0) and "整数" not in m.group(0):
        return None
    if n is None or n < 0 or x.type not in ("num", "any"):
        return None
    fn = {"up": "ROUNDUP", "down": "ROUNDDOWN"}.get(d or "", "ROUND")
    if fn == "ROUND" and ctx.ann.hints & {"ROUNDUP", "ROUNDDOWN"}:
        fn = next(iter(ctx.ann.hints & {"ROUNDUP", "ROUNDDOWN"}))
    return _x(f"{fn}({x.text},{n})", "num", f"{x.what or x.text} rounded{' ' + d if d else ''} to {n} decimal{'' if n == 1 else 's'}")


# ---------------------------------------------------------------- rules: logic


_YES_NO = re.compile(r"^\s*(?:is|are|was|were|does|do|did|check|whether|if|show whether|tell me if)\b"
                     r"|\b(?:is|are|was|were)\s*$|\b(?:exceeds?|exceeding)\b|\?\s*$", re.I)


def _asks_yes_no(ctx: Ctx, m: re.Match) -> bool:
    """The request asks whether a comparison holds: a question, or a verb before the number."""
    before_cmp = m.string[m.start(): m.start("cmp")]
    return bool(_YES_NO.search(ctx.ann.text) or re.search(r"\b(?:is|are|was|were)\s*$", before_cmp)
                or _YES_NO.search(m.group("cmp")))


@rule(rf"<Y> (?:is |are |was )?(?P<cmp>{_CMP_EN}) <Y>", rf"<Y> (?:is |are )?<Y> (?P<post>{_CMP_POST})",
      rf"<Y> (?:的)?(?:是否|是不是)?(?P<zcmp>{_CMP_ZH}) <Y> (?:分|元|件|个)?", rf"<Y> (?:的)?<Y> (?:分|元|件|个)?(?P<sfx>{_CMP_SFX})",
      r"<Y> (?:is |equals |is equal to |=|等于|是) <S>")
def _compare(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t
    if a.kind in "nsv" and b.kind in "nsv":
        return None
    gd = m.groupdict()
    op = (_cmp(gd["cmp"], CMP_EN) if gd.get("cmp") else _cmp(gd["post"], CMP_EN) if gd.get("post")
          else _cmp(gd["zcmp"], CMP_ZH) if gd.get("zcmp") else _cmp(gd["sfx"], CMP_SUFFIX_ZH)
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


@rule(rf"if <B> (?:,)? (?:then )?{_SHOW}? <Y> (?:,)? (?:otherwise|else|or else|if not)(?:,)? {_SHOW}? <Y>",
      rf"{_SHOW}? <Y> (?:if|when|whenever) <B> (?:,)? (?:otherwise|else|or else|if not|or)(?:,)? {_SHOW}? <Y>",
      rf"(?:is )?<B> \? (?:,)? {_SHOW}? <Y> (?:or|/) <Y>",
      rf"(?:如果|若|假如|要是)? <B> (?:,)? (?:就|则|那么|的话)?(?:就)?{_ZH_SHOW}? <Y> (?:,)? (?:否则|不然|反之)(?:就)?(?:,)?{_ZH_SHOW}? <Y>",
      r"<Y> or <Y> (?:for|depending on whether) <B>")
def _if(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = [ctx.ann.toks[int(i)] for _, i in TOKEN_RE.findall(m.group(0))]
    b = next(x for x in toks if x.kind == "b")
    ys = [x for x in toks if x is not b]
    if len(ys) != 2 or not all(_scalar_ok(y) for y in ys):
        return None
    if "IFS" in ctx.ann.hints:
        text = f"IFS({b.text},{ys[0].text},TRUE,{ys[1].text})"
    else:
        text = f"IF({b.text},{ys[0].text},{ys[1].text})"
    return _x(text, ys[0].type if ys[0].type == ys[1].type else "any",
              f"{ys[0].what or ys[0].text} if {b.what}, otherwise {ys[1].what or ys[1].text}")


@rule(rf"<X> (?:,)? (?:but |and |or |else )?(?:{_SHOW} |be )?<Y> (?:if|when|on|in case of|should) (?:it |that |this |there is an? |there's an? |the result )?(?:errors?|fails|is an error|an error|error|errs|gives an error|returns an error|is invalid)",
      rf"<X> (?:,)? (?:but |and |or )?(?:{_SHOW} )?<Y> on (?:an )?error",
      r"<X> (?:,)? (?:如果|若|要是)?(?:出错|错误|报错|有错误|发生错误|计算出错|结果出错)(?:时|的话|则|就)?(?:,)?(?:就)?(?:返回|显示|为|输出|给出|用)? <Y> (?:代替|替代)?",
      r"(?:iferror|if error) (?:of )?<X> (?:,|then|else|otherwise) <Y>")
def _iferror(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x, y = t
    if x.kind not in "xrg" or not _scalar_ok(y):
        return None
    return _x(f"IFERROR({x.text},{y.text})", x.type, f"{x.what or x.text}, or {y.text} on error")


@rule(r"<Y> :? (?P<pairs>(?:(?:<S>) (?:gives|→|->|=>|means|maps to|becomes|is|to|=|为|显示|对应|返回|变成|得到|则为|:) (?:<S>) (?:,|;|and|、)? ){1,3})(?:anything else|everything else|otherwise|else|default|any other value|其他|其它|否则|其余)(?: \w+)? (?:,)?(?:gives|→|->|=>|is|为|显示|返回|得到|:|to)? (?:<S>)")
def _switch(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = [ctx.ann.toks[int(i)] for _, i in TOKEN_RE.findall(m.group(0))]
    subject, rest = toks[0], toks[1:]
    if len(rest) % 2 != 1 or not _scalar_ok(subject) or subject.kind in "sv":
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
    return _x(text, "text", f"{subject.what or subject.text} mapped: " + ", ".join(
        f"{a.value}→{b.value}" for a, b in pairs) + f", else {default.value}")


# ---------------------------------------------------------------- rules: dynamic arrays


@rule(r"(?:the )?(?:list of )?(?:unique|distinct|different) (?:values of |values in |values from |list of )?(?:the )?<C>(?: <K>)?",
      r"(?:the )?<C> without duplicates(?: <K>)?", r"(?:list |show )?(?:each|every) <C> (?:only )?once", r"(?:the )?(?:unique|distinct) values (?:of|in|from) (?:the )?<C>(?: <K>)?",
      r"(?:不重复|唯一|去重|不同)(?:后)?(?:的)? <C> (?:列表|值|清单|名单)?",
      r"<C> (?:的)?(?:唯一值|不重复值|去重后的值|去重|不重复列表|去重列表)(?:列表)?")
def _unique(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = t[0].col
    k = t[1] if len(t) > 1 else None
    src = col.range if k is None else f"FILTER({col.range},{_masks(ctx, k)})"
    return Tok("a", f"UNIQUE({src})", col_type(col), col, what=f"distinct {col.header}")


def _masks(ctx: Ctx, k: Tok) -> str:
    masks = [_mask(c, ctx.schema.column(c.column)) for c in k.conds]
    return masks[0] if len(masks) == 1 else "*".join(f"({x})" for x in masks)


@rule(rf"(?:sort |order )?(?:the )?<A> (?:sorted |sort(?:ed)? |in |ordered |arranged )?(?:from |by |in )?(?P<o>{_DESC}|{_ASC})(?: order)?(?:排序|排列|排)?",
      r"(?:sort|order) (?:the )?<A>", r"(?:a )?sorted (?:list of )?(?:the )?<A>", r"(?:the )?<A> (?:sorted|in order)",
      rf"(?:把|将|对)? <A> (?:按)?(?:照)?(?P<zo>{_DESC}|{_ASC})(?:排序|排列|排)?(?:后的结果|的结果)?",
      rf"(?:按)?(?P<zo2>{_DESC}|{_ASC})(?:排序|排列)(?:的)? <A>",
      r"(?:把|将|对)? <A> (?:排序|进行排序)")
def _sort(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a = t[0]
    if a.op == "product" or a.text.startswith("SORT("):
        return None
    o = m.groupdict().get("o") or m.groupdict().get("zo") or m.groupdict().get("zo2")
    desc = o is not None and re.fullmatch(_DESC, o) is not None
    return Tok("a", f"SORT({a.text},1,-1)" if desc else f"SORT({a.text})", a.type, a.col,
               what=f"{a.what} sorted {'descending' if desc else 'ascending'}")


@rule(r"(?:a |the )?(?:sequence|list|series|column|array|range) (?:of )?(?:the )?(?:numbers |integers |whole numbers )?(?:from )?<N> (?:to|through|-|until|thru) <N>",
      r"(?:the )?(?:numbers|integers) (?:from )?<N> (?:to|through|-) <N>",
      r"(?:生成|创建|列出)?(?:从)? <N> (?:到|至|-|~) <N> (?:的)?(?:整数|数字|自然数)?(?:序列|数列|列表)?",
      r"(?:a |the )?(?:sequence|list|series|array) of (?:the )?(?:first )?<N> (?:numbers|integers|rows|values)",
      r"(?:the )?first <N> (?:positive |natural |whole |counting )?(?:numbers|integers)",
      r"(?:生成|创建)? <N> 个(?:连续的)?(?:数字|数|整数|序号)(?:的)?(?:序列|数列)?")
def _sequence(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    nums = [_int(x) for x in t]
    if any(n is None for n in nums):
        return None
    if len(nums) == 1:
        start, end = 1, nums[0]
    else:
        start, end = nums
    if end < start or end - start > 100000:
        return None
    count = end - start + 1
    text = f"SEQUENCE({count})" if start == 1 else f"SEQUENCE({count},1,{start})"
    return Tok("a", text, "num", what=f"the numbers {start} to {end}")


@rule(r"(?:list|show|get|return|filter|find|display|give me|extract|pull|select)? (?:all |every )?(?:of )?(?:the )?<C> "
      r"(?:(?:that|which|who|are|is|were|" + _REL + r") )*<K>",
      rf"(?:列出|显示|筛选出?|找出|返回|给出|提取|查出)? <K> (?:的)? (?:所有|全部)?(?:的)? (?:{_NOUN_ZH})? <C> (?:列表|名单|清单|有哪些|都有哪些|是哪些|有谁)?",
      rf"(?:列出|显示|筛选出?|找出|返回|给出|提取|查出) <K> (?:的)? (?:所有|全部)?(?:的)? (?P<noun>{_NOUN_ZH})",
      r"(?P<rows>list|show|display) (?:all |every )?(?:the )?<K>",
      r"^(?:all |the )*(?P<rows2>rows) (?:(?:that|which|who|are|is|were|" + _REL + r") )*<K>$")
def _filter(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    k = next(x for x in t if x.kind == "k")
    ctok = next((x for x in t if x.kind == "c"), None)
    col = ctok.col if ctok else None
    said = m.group(0).strip()
    if (ctok is not None and not re.search(r"[\u4e00-\u9fff]", ctx.ann.text) and ctok.op != "plural"
            and not re.match(r"(?:list|show|get|return|filter|find|display|give me|extract|pull|select|all|every)\b", said)):
        return None  # "fuel cost of Lena's trips": a total or a list? not guessed
    if (ctok is not None and ctok.col.type == "number"
            and not re.match(r"(?:list|show|get|return|filter|find|display|give me|extract|pull|select|all|every|列出|显示|筛选|找出|返回|给出|提取|查出)", said)):
        return None  # numbers without a list word: the total is as likely as the list
    if col is None and (m.groupdict().get("rows") or m.groupdict().get("rows2")):
        # "list Mia's meetings": the rows, named by the table's first column when it is a key
        first = ctx.main[0]
        col = first if first.type in ("text", "mixed") and _unique_col(first, ctx.schema) else None
    if col is None:
        col = _person(ctx) if m.groupdict().get("noun") in ("员工", "学生", "人", "同学", "职员") else None
    if col is None:
        return None
    if any(ctx.table_of(ctx.schema.column(c.column)) is not ctx.table_of(col) for c in k.conds):
        return None
    if k.op == "or":
        return None
    return Tok("a", f"FILTER({col.range},{_masks(ctx, k)})", col_type(col), col,
               what=f"{col.header} where {k.what}", op="filter", conds=k.conds)


@rule(rf"(?:how many|number of|count of|count the|count) (?:the )?(?:<C>|(?:{_NOUN_EN})s?|people|entries)? (?:are |were |is |there |are there )?(?:listed|there|in total|in the table|recorded)?",
      rf"(?:<C>|{_NOUN_ZH}) (?:有|共有|一共有)?(?:多少|几)(?:个|人|条|行|名|项|种|件|位|笔)",
      rf"(?:{_NOUN_ZH})(?:的)?(?:人数|个数|条数|行数|数目|总数)")
def _count_all(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return _count(ctx, m, t)


@rule(r"<V>")
def _value_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    v = t[0]
    if len(v.cols) > 1 and v.cols[1] in ctx.main:
        return None  # in two columns of the main table: which one is meant?
    return _k(v.col, "=", v.value)


@rule(r"(?:\w+ ){1,3}: <X>", r"(?:\w+ ){1,3}: <A>")
def _label(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return t[0]



# ---------------------------------------------------------------- rules: more phrasings


_ORD2 = ORD_RE.replace("?P<ord>", "?P<ord2>")


@rule(rf"(?:the )?{ORD_RE} and (?:the )?{_ORD2} <C>")
def _row_pair(ctx: Ctx, m: re.Match, t: list[Tok]) -> str | None:
    a, b = _ord(m.group("ord"), ctx), _ord(m.group("ord2"), ctx)
    if a is None or b is None:
        return None
    ca, cb = _cell(t[0].col, a), _cell(t[0].col, b)
    if ca is None or cb is None:
        return None
    return f"{ctx.ann.add(ca)} and {ctx.ann.add(cb)}"


@rule(rf"第 <N> (?:[{ZH_CLASSIFIERS}])? (?:和|与|跟) <R>")
def _row_pair_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> str | None:
    n, ref = _int(t[0]), t[1]
    cell = _cell(ref.col, n) if n and ref.col is not None else None
    return None if cell is None else f"{ctx.ann.add(cell)} 和 {ref_text(ctx, ref)}"


def ref_text(ctx: Ctx, tok: Tok) -> str:
    return ctx.ann.add(tok)


@rule(r"(?:the )?first <N> <C>", rf"前 <N> (?:[{ZH_CLASSIFIERS}])? (?:{_NOUN_ZH})?(?:的)? <C>")
def _head(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    n, col = _int(t[0]), t[1].col
    if n is None or n < 1 or col.first_row + n - 1 > col.last_row:
        return None
    last = col.first_row + n - 1
    return Tok("a", f"{col.letter}{col.first_row}:{col.letter}{last}", col_type(col), col,
               what=f"the first {n} {col.header}", op="head", value=n)


def _head_cells(a: Tok) -> tuple[Tok, Tok] | None:
    if a.op != "head" or a.value != 2 or a.col is None:
        return None
    return _cell(a.col, 1), _cell(a.col, 2)


@rule(r"(?:the )?(?:number of |how many )?(?:working|business|work) ?days (?:are there )?(?:between|in|across) (?:the )?<A>",
      r"<A> (?:之间)?(?:的|有)?(?:多少|几)?(?:个)?(?:工作日)(?:天数|数)?")
def _networkdays_head(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    cells = _head_cells(t[0])
    if cells is None or t[0].type != "date":
        return None
    a, b = cells
    return _x(f"NETWORKDAYS({a.text},{b.text})", "num", f"working days from {a.text} to {b.text}")


@rule(r"<K> (?:or|或|或者) <K>")
def _or(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t
    if len(a.conds) != 1 or len(b.conds) != 1 or a.op == "or" and False:
        return None
    return Tok("k", "", "bool", a.col, what=f"{a.what} or {b.what}", conds=a.conds + b.conds, op="or")


def _cond_at(ctx: Ctx, k: Tok, row: int) -> str | None:
    parts = []
    for c in k.conds:
        col = ctx.schema.column(c.column)
        if col is None or not col.first_row <= row <= col.last_row or c.op not in ("=", "<>", ">", "<", ">=", "<="):
            return None
        rhs = c.value if isinstance(c.value, (int, float)) else _quote(str(c.value))
        parts.append(f"{col.letter}{row}{c.op}{rhs}")
    if len(parts) == 1:
        return parts[0]
    return f"{'OR' if k.op == 'or' else 'AND'}({','.join(parts)})"


@rule(r"(?:is )?<B> (?:and|且|并且|而且) (?:its |the |their )?<K>", r"(?:is )?<B> (?:or|或|或者) (?:its |the |their )?<K>")
def _bool_and_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    b, k = t
    if b.value is None:
        return None
    other = _cond_at(ctx, k, b.value)
    if other is None:
        return None
    fn = "AND" if re.search(r"\band\b|且|并且|而且", m.group(0)) else "OR"
    return Tok("b", f"{fn}({b.text},{other})", "bool", what=f"{b.what} {fn.lower()} {k.what}", value=b.value)


@rule(r"(?:does |do |is |whether )?<Y> (?:contain|contains|include|includes|have|has) (?:the text |the letters |the string )?<S>",
      r"<Y> (?:是否|是不是)?(?:包含|含有|包括) <S>")
def _contains(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    y, lit = t
    if y.kind not in "rx" or y.type not in ("text", "any"):
        return None
    return Tok("b", f"ISNUMBER(SEARCH({lit.text},{y.text}))", "bool",
               what=f"{y.what or y.text} contains {lit.value!r}", value=y.value if y.kind == "r" else None)


@rule(r"<X> (?:,)? (?:or |and )?(?:return |show |give )?<S> if (?:it is |it's |it is )?(?:not found|missing|absent|there is no match|no match)",
      r"<X> (?:,)? (?:如果|若)?(?:找不到|查不到|没找到|不存在|没有找到)(?:的话)?(?:则|就|时)?(?:,)?(?:返回|显示|为|输出)? <S>")
def _not_found(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x, lit = t
    if x.text.startswith("XLOOKUP(") and x.text.count("XLOOKUP(") == 1:
        return _x(x.text[:-1] + f",{lit.text})", x.type, f"{x.what}, or {lit.value!r} if not found")
    if x.text.startswith("INDEX(") and x.text.count("MATCH(") == 1 and x.text.endswith(",0))"):
        return _x(f"IFERROR({x.text},{lit.text})", x.type, f"{x.what}, or {lit.value!r} if not found")
    return None


@rule(r"(?:the )?(?:number|count) of non[- ]?(?:empty|blank) <C> (?:cells|values|entries)?",
      r"<C> (?:的)?(?:非空|不为空)(?:的)?(?:单元格|值|格子)?(?:的)?(?:个数|数量|数目|数)",
      r"(?:count )?(?:the )?non[- ]?(?:empty|blank) (?:cells )?(?:in )?(?:the )?<C>")
def _counta(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = t[0].col
    return _x(f"COUNTA({col.range})", "num", f"number of non-empty {col.header} cells")


@rule(r"(?:the )?<C> <D>", r"(?:the )?date <D>", r"(?:the )?<C> <X>")
def _date_literal(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    c = next((x for x in t if x.kind == "c"), None)
    d = t[-1]
    if d.kind != "d":
        return d if d.kind == "x" and d.type == "date" and c is not None and c.col.type == "date" else None
    if c is not None and c.col.type != "date":
        return None
    return _x(d.text, "date", f"the date {d.value}")


@rule(r"(?:the )?(?:value |cell )?(?:in |at )?row <N> (?:,|and)? column <N> (?:of|in|from) (?:the )?(?:table |range )?<A>",
      r"(?:表格|区域|范围|表)? <A> (?:中|里)?(?:的)?第 <N> 行 (?:,)?第 <N> 列(?:的)?(?:值|单元格|数据)?")
def _index2d(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a = next(x for x in t if x.kind == "a")
    r, c = (_int(x) for x in t if x.kind == "n")
    if a.op != "range" or not r or not c:
        return None
    return _x(f"INDEX({a.text},{r},{c})", "any", f"row {r}, column {c} of {a.text}")


@rule(r"(?:the )?position of <N> in (?:the )?(?:list |values |array )?<N> (?:, <N> ){1,12}(?:\()? (?:(?P<how>approximate|exact|nearest) match)? (?:\))?",
      r"<N> 在 <N> (?:(?:,|、) <N> ){1,12}(?:中|里)?(?:的)?位置 (?:\()?(?:(?P<zhow>近似|精确|模糊)匹配)?(?:\))?")
def _match_list(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = [ctx.ann.toks[int(i)] for _, i in TOKEN_RE.findall(m.group(0))]
    needle, items = toks[0], toks[1:]
    how = m.groupdict().get("how") or m.groupdict().get("zhow")
    kind = 1 if how in ("approximate", "nearest", "近似", "模糊") else 0
    values = [x.value for x in items]
    if kind == 1 and values != sorted(values):
        return None
    arr = "{" + ",".join(x.text for x in items) + "}"
    return _x(f"MATCH({needle.text},{arr},{kind})", "num", f"position of {needle.text} in {arr}")


@rule(r"(?:convert )?(?:the )?text <N> (?:to|into) (?:a )?number", r"(?:把|将)? 文本 <N> (?:转成|转为|转换为|转换成|变成)(?:数字|数值)")
def _value(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return _x(f'VALUE("{t[0].text}")', "num", f"the text {t[0].text!r} as a number")


@rule(r"(?:format )?<N> (?:with|using) (?:a )?(?:thousands?|comma) separators? (?:and <N> (?:decimals?|decimal places))?",
      r"(?:将|把)? <N> (?:格式化|转换|转|显示)(?:为|成) 千分位 (?:<N> 位小数|的?格式)?")
def _number_format(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    num = t[0]
    d = _int(t[1]) if len(t) > 1 else 0
    if d is None or d > 10:
        return None
    fmt = "#,##0" + ("." + "0" * d if d else "")
    return _x(f"TEXT({num.text},{_quote(fmt)})", "text", f"{num.text} as text {fmt!r}")


@rule(r"half (?:of )?(?:the )?<X>", r"<X> (?:的)?一半", r"<X> (?:,)? (?:and |then )?(?P<d>double|triple) it",
      r"(?P<d2>double|twice|triple) (?:the )?<X>", r"<X> (?:的)?(?P<z>两倍|2倍|三倍|3倍)")
def _half_double(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    if x.type not in ("num", "any"):
        return None
    word = m.groupdict().get("d") or m.groupdict().get("d2") or m.groupdict().get("z") or "half"
    op = "/2" if word == "half" else "*3" if word in ("triple", "三倍", "3倍") else "*2"
    if "LET" in ctx.ann.hints:
        return _x(f"LET(x,{x.text},x{op})", "num", f"{x.what or x.text} {op}")
    return _x(f"{_paren(x)}{op}", "num", f"{x.what or x.text} {op}")


@rule(rf"(?P<w>{_AGG_EN}) (?:of )?(?:the )?<A>", rf"<A> (?:后)?(?:的)?(?P<z>{_AGG_ZH})", rf"(?P<z2>{_AGG_ZH}) <A>")
def _agg_array(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a = t[0]
    op = _agg_op(m.groupdict().get("w") or m.groupdict().get("z") or m.groupdict().get("z2"))
    if op is None or a.op not in ("filter", "head", "range") or a.type not in ("num", "any"):
        return None
    if a.op == "filter" and "FILTER" not in ctx.ann.hints:
        return _g(ctx, op, a.col, a.conds)
    return _x(f"{FUNC_OF_AGG[op]}({a.text})", "num", f"{AGG_WORD[op]} of {a.what}")


@rule(r"<Y> (?:,)? (?:and |then )?replace (?:the |all |every )?(?:(?P<a>" + _SEP + r")|<S>) with (?:(?P<b>" + _SEP + r")|<S>)",
      r"<Y> (?:,)? (?:并|然后|再|并且)?(?:把|将)? (?:(?P<a2>" + _SEP + r")|<S>) (?:替换|换|改)(?:为|成) (?:(?P<b2>" + _SEP + r")|<S>)")
def _then_replace(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = [ctx.ann.toks[int(i)] for _, i in TOKEN_RE.findall(m.group(0))]
    y, lits = toks[0], toks[1:]
    gd = m.groupdict()
    aw, bw = gd.get("a") or gd.get("a2"), gd.get("b") or gd.get("b2")
    old = _sep(aw, None) if aw else (str(lits.pop(0).value) if lits else None)
    new = _sep(bw, None) if bw is not None else (str(lits.pop(0).value) if lits else None)
    if not old or new is None or y.type not in ("text", "any"):
        return None
    return _x(f"SUBSTITUTE({y.text},{_quote(old)},{_quote(new)})", "text", f"{y.what or y.text} with {old!r} replaced by {new!r}")


def _band_parts(ctx: Ctx, text: str) -> list[tuple[str, Tok]] | None:
    parts = []
    for m in re.finditer(rf"(?:{OPEN}[sv](\d+){CLOSE}\s*if\s*(>=|<=|>|<|{_CMP_EN})\s*{OPEN}n(\d+){CLOSE})|"
                         rf"(?:(>=|<=|>|<|{_CMP_ZH})\s*{OPEN}n(\d+){CLOSE}\s*(?:为|则为|显示|是|:)\s*{OPEN}[sv](\d+){CLOSE})", text):
        if m.group(1):
            op = m.group(2) if m.group(2) in (">=", "<=", ">", "<") else _cmp(m.group(2), CMP_EN)
            parts.append((f"{op}{ctx.ann.toks[int(m.group(3))].text}", ctx.ann.toks[int(m.group(1))]))
        else:
            op = m.group(4) if m.group(4) in (">=", "<=", ">", "<") else _cmp(m.group(4), CMP_ZH)
            parts.append((f"{op}{ctx.ann.toks[int(m.group(5))].text}", ctx.ann.toks[int(m.group(6))]))
    return parts or None


@rule(r"(?:label |classify |grade |band )?<X> :? (?P<bands>(?:<S> if (?:>=|<=|>|<|" + _CMP_EN + r") <N> (?:,|;)? ){1,4})(?:else|otherwise|or else) <S>",
      r"<X> :? (?P<zbands>(?:(?:>=|<=|>|<|" + _CMP_ZH + r") <N> (?:为|则为|显示|是|:) <S> (?:,|;|、)? ){1,4})(?:否则|其他|其余|其它)(?:为|显示|是)? <S>")
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
    return _x(text, "text", f"{x.what or x.text} banded: " + ", ".join(f"{o.value} if {c}" for c, o in parts)
              + f", else {default.value}")


@rule(r"(?:map |translate |convert )?<Y> (?:to numbers|to a number)? :? (?P<pairs>(?:<S> (?:->|→|=>|=|:|to|gives|为|对应|变成|映射为) <L> (?:,|;|、)? ){1,4})(?:otherwise|else|anything else|everything else|other values?|default|其他|其它|其余|否则)(?: \w+)? (?:,)?(?:->|→|=>|=|:|to|gives|为|是|显示)? <L>",
      r"(?:将|把)? <Y> (?:映射|转换|对应)(?:为|成)?(?:数字|数值)? :? (?P<zpairs>(?:<S> (?:->|→|=>|=|:|为|对应|变成) <L> (?:,|;|、)? ){1,4})(?:其他|其它|其余|否则)(?:的)?(?:值)?(?:为|是|显示)? <L>")
def _switch2(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = [ctx.ann.toks[int(i)] for _, i in TOKEN_RE.findall(m.group(0))]
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
    return _x(text, typ, f"{subject.what or subject.text} mapped: " + ", ".join(
        f"{a.value}→{b.value}" for a, b in pairs) + f", else {default.value}")


@rule(r"(?:the )?last day of (?:the )?(?P<nx>next|following|previous|prior) month (?:after|from|of|for)? (?:the )?<X>",
      r"(?:the )?last day of the month (?P<nx2>after|before) (?:the )?<X>",
      r"<X> (?:的)?(?P<zn>下个月|下一个月|下月|上个月|上一个月|上月)(?:的)?(?:最后 <N> 天|月末|月底|最后一天)")
def _eomonth_offset(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    if x.type != "date" or (len(t) > 1 and _int(t[1]) != 1):
        return None
    w = m.groupdict().get("nx") or m.groupdict().get("nx2") or m.groupdict().get("zn") or ""
    k = -1 if w in ("previous", "prior", "before") or w.startswith("上") else 1
    return _x(f"EOMONTH({x.text},{k})", "date", f"last day of the month {'after' if k > 0 else 'before'} {x.what or x.text}")


@rule(r"(?:the )?(?:<C> )?<N> months? (?P<dir>after|before|from|later than|prior to|earlier than) (?:the )?<X>",
      r"<X> <N> (?:个)?月 (?P<zdir>之后|以后|后|之前|以前|前)(?:的)?(?:<C>|日期)?")
def _edate2(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    c = next((x for x in t if x.kind == "c"), None)
    if c is not None and c.col.type != "date" and c is not t[-1]:
        return None
    num = next(v for v in t if v.kind == "n")
    x = next(v for v in t if v is not num and v is not c) if m.group(0).lstrip().startswith(("the", OPEN)) and \
        m.groupdict().get("dir") else t[0]
    if m.groupdict().get("dir"):
        x = t[-1]
    n = _int(num)
    if n is None or x.type != "date":
        return None
    d = m.groupdict().get("dir") or m.groupdict().get("zdir") or ""
    neg = d in ("before", "prior to", "earlier than", "之前", "以前", "前")
    return _x(f"EDATE({x.text},{-n if neg else n})", "date", f"{x.what or x.text} {'minus' if neg else 'plus'} {n} months")


@rule(r"<X> (?:和|与|到|至|跟) <X> (?:之间)?(?:的)?(?:相差|相隔|间隔|差)(?:了)?(?:的)?(?P<zu>天|月|年|周)数")
def _date_diff2(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return _diff(ctx, t[0], t[1], m.group("zu"))


@rule(r"<X> (?:,)? (?:to )?<N> (?:decimal places|decimals|dp|decimal digits)", r"<X> (?:,)? (?:保留)?<N> 位小数")
def _round_short(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x, n = t[0], _int(t[1])
    if n is None or x.type not in ("num", "any") or x.kind == "n":
        return None
    return _x(f"ROUND({x.text},{n})", "num", f"{x.what or x.text} rounded to {n} decimal{'' if n == 1 else 's'}")


@rule(r"<X> (?:\(|,)? (?:sunday|sun) (?:=|is|as) <N> (?:\))?", r"<X> (?:\(|,)? (?:周日|星期日|星期天|周日为|星期日为)(?:为|是|=)? <N> (?:\))?")
def _weekday_note(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x, n = t
    return x if x.text.startswith("WEEKDAY(") and _int(n) == 1 else None


@rule(r"(?:用|以) (?:(?P<s>" + _SEP + r")|<S>) (?:连接|拼接|合并|连) <Y> (?:和|与|跟|及) (?:<Y>|<C>)",
      r"(?:连接|拼接|合并) <Y> (?:和|与|跟|及) (?:<Y>|<C>)")
def _concat_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = [ctx.ann.toks[int(i)] for _, i in TOKEN_RE.findall(m.group(0))]
    word = m.groupdict().get("s")
    if word is not None:
        sep, a, b = _sep(word, None), toks[0], toks[1]
    elif len(toks) == 3:
        sep, a, b = _sep(None, toks[0]), toks[1], toks[2]
    else:
        sep, a, b = "", toks[0], toks[1]
    if sep is None:
        return None
    if b.kind == "c":
        b = _same_row(a, b.col) if a.kind == "r" else None
        if b is None:
            return None
    if not (_scalar_ok(a) and _scalar_ok(b)):
        return None
    if sep:
        text = f"{a.text}&{_quote(sep)}&{b.text}"
    else:
        text = f"CONCAT({a.text},{b.text})"
    return _x(text, "text", f"{a.what or a.text} and {b.what or b.text} joined with {sep!r}")


# ---------------------------------------------------------------- rules: generalised phrasings


def _year_k(ctx: Ctx, col: Column | None, num: Tok) -> Tok | None:
    year = _int(num)
    if col is None:
        dates = [c for c in ctx.main if c.type == "date"]
        col = dates[0] if len(dates) == 1 else None
    if col is None or col.type != "date" or year is None or not 1900 <= year <= 2100:
        return None
    conds = (Condition(col.header, ">=", f"{year}-01-01"), Condition(col.header, "<=", f"{year}-12-31"))
    return Tok("k", "", "bool", col, what=f"{col.header} in {year}", conds=conds)


@rule(r"<C> (?:is |was |were )?(?:in|during) (?:the year )?<N>",
      r"(?:in|during) (?:the year )?<N>",
      r"<C> (?:在|是|为)? <N> 年 (?:内|里|中|期间)?",
      r"(?:在)?<N> 年 (?:内|里|中|期间|全年)?")
def _year_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # a whole calendar year of a date column: "started in 2021", "2024年的订单"
    col = next((x.col for x in t if x.kind == "c"), None)
    num = next(x for x in t if x.kind == "n")
    if "." in num.text or "-" in num.text:
        return None
    return _year_k(ctx, col, num)


@rule(r"<C> (?:is |are |was |of )?between <N> and <N> (?:inclusive)?",
      r"<C> (?:在|介于|位于)? <N> (?:到|至|~|-|和|与) <N> (?:之间|以内|范围内)")
def _between(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = t[0].col
    lo, hi = t[1].value, t[2].value
    if col.type != "number" or not isinstance(lo, (int, float)) or not isinstance(hi, (int, float)) or lo > hi:
        return None
    conds = (Condition(col.header, ">=", lo), Condition(col.header, "<=", hi))
    return Tok("k", "", "bool", col, what=f"{col.header} between {lo} and {hi}", conds=conds)


_PLACES = {"ten": -1, "tens": -1, "hundred": -2, "hundreds": -2, "thousand": -3, "thousands": -3,
           "ten thousand": -4, "ten thousands": -4, "million": -6, "millions": -6,
           "十位": -1, "十": -1, "百位": -2, "百": -2, "千位": -3, "千": -3, "万位": -4, "万": -4}
_PLACE_EN = r"(?P<p>ten thousands?|thousands?|hundreds?|tens?|millions?|ten)"


@rule(rf"<X> (?:,)? (?:rounded|round(?:ed)?) (?P<dir>up|down)? (?:to )?(?:the )?(?:nearest )?{_PLACE_EN}",
      rf"round(?:ed)? (?:the )?<X> (?P<dir2>up|down)? (?:to )?(?:the )?(?:nearest )?{_PLACE_EN}",
      r"(?:把|将)? <X> (?:,)? (?:四舍五入|舍入|取整)?(?:到|至|精确到|保留到|取到)(?P<zp>十位|百位|千位|万位|十|百|千|万)(?:位)?")
def _round_places(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "rounded to thousands" -> ROUND(x,-3)
    x = t[0]
    word = re.sub(r"\s+", " ", (m.groupdict().get("p") or m.groupdict().get("zp") or ""))
    n = _PLACES.get(word)
    if n is None or x.type not in ("num", "any"):
        return None
    d = m.groupdict().get("dir") or m.groupdict().get("dir2")
    fn = {"up": "ROUNDUP", "down": "ROUNDDOWN"}.get(d or "", "ROUND")
    return _x(f"{fn}({x.text},{n})", "num", f"{x.what or x.text} rounded to {word}")


@rule(rf"(?P<w>{_AGG_EN}) (?:of )?(?:the )?(?P<e>top|largest|highest|biggest|lowest|smallest|bottom) <N> <C>",
      r"<C> (?:的)?(?P<ze>前|最高的|最大的|最低的|最小的|后) <N> (?:名|个|位|项|笔)?(?:的)?(?P<zw>总和|之和|合计|和|平均值|平均数|平均)")
def _top_n(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "sum of the top 3 salaries" / "金额前三名的总和"
    col = next(x for x in t if x.kind == "c").col
    k = _int(next(x for x in t if x.kind == "n"))
    gd = m.groupdict()
    op = _agg_op(gd.get("w") or gd.get("zw") or "")
    if gd.get("zw") in ("和",):
        op = "sum"
    if k is None or not 1 <= k <= len(col.distinct or []) + 1000 or col.type != "number" or op not in ("sum", "average"):
        return None
    if k > col.last_row - col.first_row + 1:
        return None
    large = (gd.get("e") or gd.get("ze")) in ("top", "largest", "highest", "biggest", "前", "最高的", "最大的")
    fn = "LARGE" if large else "SMALL"
    # the 1st..k-th as an array constant: every target computes SUM(LARGE(r,{1,2,3}));
    # SEQUENCE is Excel 365 only
    arr = "{" + ",".join(str(i) for i in range(1, k + 1)) + "}"
    return _x(f"{FUNC_OF_AGG[op]}({fn}({col.range},{arr}))", "num",
              f"{AGG_WORD[op]} of the {k} {'largest' if large else 'smallest'} {col.header}")


@rule(r"who (?:started|joined|was hired|were hired|got hired|began|signed up|registered|enrolled|arrived) (?P<w>earliest|first|latest|last|most recently)",
      r"(?P<z>最早|最晚|最近)(?P<v>入职|加入|注册|报名|入学|开始)的(?:人)?(?:是谁|是哪位|是)")
def _who_date(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "who started earliest": the person of the row with the smallest date, when the
    # sheet has exactly one date column
    dates = [c for c in ctx.main if c.type == "date"]
    if len(dates) != 1:
        return None
    w = m.groupdict().get("w") or m.groupdict().get("z")
    return _argext(ctx, _person(ctx), dates[0], "最晚" if w in ("latest", "last", "most recently", "最晚", "最近") else "最早")


@rule(r"(?:谁|哪位|哪个人)(?:的)? <C> (?P<z>最高|最大|最多|最低|最小|最少)")
def _who_max_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return _argext(ctx, _person(ctx), t[0].col, m.group("z"))


@rule(rf"平均每(?:个|一个|位|名|件|笔|条|次|家|本)? (?:{_NOUN_ZH}|<C>) (?:的)?(?:是)?(?:有)?(?:多少)? <C> (?:是多少|多少)?",
      rf"每(?:个|一个|位|名|件|笔|条|次|家|本)? (?:{_NOUN_ZH}) (?:的)?平均 (?:是)?(?:多少)? <C> (?:是多少|多少)?",
      r"(?:the )?average <C> per (?:row|record|entry|person|employee|order|item|student)")
def _avg_per_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "平均每个订单多少金额": the average over rows (每 + a row noun, or a column of
    # unique values such as the names: each row is its own group)
    if len(t) == 2 and not _unique_col(t[0].col, ctx.schema):
        return None
    col = t[-1].col
    return _g(ctx, "average", col) if col.type == "number" else None


@rule(r"<K> (?:的)?(?:<C>)? (?:总共|一共|总计|合计)(?:是|有|[\u4e00-\u9fff]{1,2}了|花费|花)?(?:多少)? <C>",
      r"<K> (?:的)? <C> (?:总共|一共|总计)(?:是|有)?多少",
      r"<C> (?:总共|一共|总计)(?:是|有)?多少")
def _sum_total_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "华东总共多少金额": 总共多少 + a number column is a total, not a count
    col = t[-1].col if t[-1].kind == "c" else None
    k = next((x for x in t if x.kind == "k"), None)
    if col is None or col.type != "number":
        return None
    return _g(ctx, "sum", col, k.conds if k else ())


@rule(r"(?:the )?(?P<e>top|largest|highest|biggest|lowest|smallest|bottom) <N> <C>",
      r"(?:the )?<N> (?P<e2>largest|highest|biggest|lowest|smallest) <C>",
      r"<C> (?:的)?(?P<ze>前|最高的|最大的|最低的|最小的) <N> (?:名|个|位|项|笔)?(?:的)?(?:值|数值)?")
def _top_list(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "top 3 costs": the k largest values, largest first
    col = t[1].col if t[1].kind == "c" else t[0].col
    k = _int(next(x for x in t if x.kind == "n"))
    if k is None or k < 1 or col.type != "number" or k > col.last_row - col.first_row + 1:
        return None
    if m.groupdict().get("e2") and (t[0].op == "ordinal" or t[1].op != "plural"):
        return None  # "the 2nd highest", "the 2 highest score": one value (_kth)
    large = (m.groupdict().get("e") or m.groupdict().get("e2") or m.groupdict().get("ze")) in (
        "top", "largest", "highest", "biggest", "前", "最高的", "最大的")
    fn = "LARGE" if large else "SMALL"
    return Tok("a", f"{fn}({col.range},SEQUENCE({k}))", "num", col,
               what=f"the {k} {'largest' if large else 'smallest'} {col.header}", op="top")


@rule(r"when (?:is|was|will|does|did|do) (?:the )?<V> (?:be )?(?:due|happen|happening|start|starting|end|held|scheduled|take place|taking place)?")
def _when(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "when is the Gala": the one date column of the key's table
    dates = [c for c in ctx.table_of(t[0].col) if c.type == "date"]
    return _lookup(ctx, dates[0], t[0]) if len(dates) == 1 else None


@rule(r"who (?:is |was |are |were )?(?P<verb>[a-z]+) (?:to |by |for |on )?(?:the )?<V>")
def _who_verb(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "who organizes Roadshow", "who is assigned to Migrate DB": the column named
    # after the verb (Organizer, Assignee, Owner, Manager)
    verb = m.group("verb")
    stem = re.sub(r"(?:ing|es|ed|s|d)$", "", verb) if len(verb) > 4 else verb
    if len(stem) < 3:
        return None
    table = ctx.table_of(t[0].col)
    cols = [c for c in table if c.type in ("text", "mixed") and c is not t[0].col
            and c.header.lower().startswith(stem)]
    return _lookup(ctx, cols[0], t[0]) if len(cols) == 1 else None


@rule(r"(?:in|during) <D>", r"(?:在)?<D> (?:内|里|中|期间|份|当月)?")
def _month_period(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "in May 2024", "2024年3月的": the whole month of the one date column
    import calendar

    d = t[0]
    if d.op != "month":
        return None
    dates = [c for c in ctx.main if c.type == "date"]
    if len(dates) != 1:
        return None
    col = dates[0]
    y, mo = int(d.value[:4]), int(d.value[5:7])
    end = f"{y:04d}-{mo:02d}-{calendar.monthrange(y, mo)[1]:02d}"
    conds = (Condition(col.header, ">=", d.value[:10]), Condition(col.header, "<=", end))
    return Tok("k", "", "bool", col, what=f"{col.header} in {d.value[:7]}", conds=conds)


@rule(r"<K> (?:的)?(?P<z>最近|最后|最晚|最早|第)(?: <N> 次)?(?:的)? <C>")
def _last_date_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "李四最近一次的日期": the latest date among the rows meeting the condition
    k, c = t[0], t[-1]
    if c.col.type != "date" or (len(t) == 3 and _int(t[1]) != 1) or (m.group("z") == "第" and len(t) != 3):
        return None
    op = "max" if m.group("z") in ("最近", "最后", "最晚") else "min"
    return _g(ctx, op, c.col, k.conds)


@rule(r"<K> (?:的)? <C>", r"<C> (?:在|是|为|于) <K>")
def _k_same_date(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "2021年入职(日期)的": the date column named again next to its own condition
    k = next(x for x in t if x.kind == "k")
    col = next(x for x in t if x.kind == "c").col
    if col.type != "date" or not k.conds or any(c.column != col.header for c in k.conds):
        return None
    return k


@rule(r"who (?P<verb>[a-z]+) (?:the )?(?P<w>most recently|most|least|fewest|earliest|latest|first|last)",
      r"who <C> (?:the )?(?P<w2>most recently|most|least|fewest|earliest|latest|first|last)")
def _who_verb_most(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "who visits the most" (Visits), "who joined most recently" (Joined): the column
    # named after the verb, or the one date column for a time word
    verb, w = m.groupdict().get("verb") or "", m.groupdict().get("w") or m.groupdict().get("w2")
    stem = re.sub(r"(?:ing|es|ed|s|d)$", "", verb) if len(verb) > 4 else verb
    cols = [t[0].col] if t else [
        c for c in ctx.main if c.type in ("number", "date") and len(stem) >= 3 and c.header.lower().startswith(stem)]
    timely = w in ("earliest", "latest", "most recently", "first", "last")
    if not cols and timely:
        cols = [c for c in ctx.main if c.type == "date"]
    if len(cols) != 1 or cols[0].type not in ("number", "date") or (cols[0].type == "date") != timely:
        return None
    col = cols[0]
    word = "max" if w in ("most", "latest", "most recently", "last") else "min"
    return _argext(ctx, _person(ctx), col, word)


@rule(rf"(?:who |that |which )?(?P<verb>[a-z]+) (?P<cmp>{_CMP_EN}) <N> (?:times)?")
def _verb_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "visited fewer than 10 times": the number column named after the verb (Visits)
    verb = m.group("verb")
    stem = re.sub(r"(?:ing|es|ed|s|d)$", "", verb) if len(verb) > 4 else verb
    op = _cmp(m.group("cmp"), CMP_EN)
    cols = [c for c in ctx.main if c.type == "number" and len(stem) >= 4 and c.header.lower().startswith(stem)]
    if op is None or len(cols) != 1:
        return None
    return _k(cols[0], op, t[0].value)


@rule(r"被 <K>", r"被 <V>")
def _passive_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "被驳回的": a condition on the value (never a lookup key); 被 adds nothing
    v = t[0]
    return v if v.kind == "k" else _k(v.col, "=", v.value)


@rule(r"(?:在)?<N> 月(?:份)? (?:内|里|中|期间)?")
def _month_no_year(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "4月份的": a month without a year, when every date of the one date column is in one year
    import calendar
    import datetime as _dt

    mo = _int(t[0])
    dates = [c for c in ctx.main if c.type == "date"]
    if mo is None or not 1 <= mo <= 12 or len(dates) != 1 or t[0].op == "ordinal":
        return None
    col = dates[0]
    years = {v.year for r in range(col.first_row, col.last_row + 1)
             if isinstance(v := ctx.schema.cells.get((r, _ci(col.letter))), (_dt.date, _dt.datetime))}
    if len(years) != 1:
        return None
    y = years.pop()
    conds = (Condition(col.header, ">=", f"{y:04d}-{mo:02d}-01"),
             Condition(col.header, "<=", f"{y:04d}-{mo:02d}-{calendar.monthrange(y, mo)[1]:02d}"))
    return Tok("k", "", "bool", col, what=f"{col.header} in {y}-{mo:02d}", conds=conds)


@rule(r"(?:have|has|having|with) (?:exactly )?<N> <C>")
def _num_equal(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "flights that have 0 seats left": a number column equal to the number
    n, c = t
    if c.col.type != "number":
        return None
    return _k(c.col, "=", n.value)


def _one_year(ctx: Ctx) -> int | None:
    """The year of every date in the one date column of the main table, if there is one."""
    import datetime as _dt

    dates = [c for c in ctx.main if c.type == "date"]
    if len(dates) != 1:
        return None
    col = dates[0]
    years = {v.year for r in range(col.first_row, col.last_row + 1)
             if isinstance(v := ctx.schema.cells.get((r, _ci(col.letter))), (_dt.date, _dt.datetime))}
    return years.pop() if len(years) == 1 else None


@rule(r"<N> 月 <N> (?:日|号)")
def _day_no_year(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "6月15日": a day without a year, when every date of the one date column is in one year
    import datetime as _dt

    mo, day, y = _int(t[0]), _int(t[1]), _one_year(ctx)
    if mo is None or day is None or y is None:
        return None
    try:
        d = _dt.date(y, mo, day)
    except ValueError:
        return None
    return Tok("d", f"DATE({d.year},{d.month},{d.day})", "date", value=d.isoformat(), what=d.isoformat(), op="")


@rule(r"<X> (?:in|among|for|from|of|within|at)? (?:the |all )?<K>",
      rf"<K> (?:的)?(?:{_NOUN_ZH})?(?:里|中|当中|里面|之中)?(?:的)? <X>")
def _argext_where(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "who has the highest salary in IT", "IT部门工资最高的是谁": the extreme row among
    # the rows meeting the condition (never a row outside it with the same value)
    x = next(a for a in t if a.kind == "x")
    k = next(a for a in t if a.kind == "k")
    if x.op != "argext" or k.op == "or" or not k.conds:
        return None
    result, by = x.cols
    if any(ctx.table_of(ctx.schema.column(c.column)) is not ctx.table_of(by) for c in k.conds):
        return None
    mask = _masks(ctx, k)
    fb, fr = f"FILTER({by.range},{mask})", f"FILTER({result.range},{mask})"
    text = f"INDEX({fr},MATCH({x.value}({fb}),{fb},0))"
    return _x(text, col_type(result), f"{x.what} where {k.what}")


_MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october", "november", "december"]
_MON_RE = "|".join(_MONTH_NAMES + [m[:3] for m in _MONTH_NAMES if m != "may"] + ["sept"])


def _month_no(word: str) -> int | None:
    word = word.lower()
    return next((i for i, m in enumerate(_MONTH_NAMES, 1) if m == word or m[:3] == word[:3]), None)


@rule(rf"(?:in|during) (?P<mon>{_MON_RE})(?![a-z])", rf"(?P<mon2>{_MON_RE})(?![a-z]) <N> (?:st|nd|rd|th)?",
      rf"<N> (?P<mon3>{_MON_RE})(?![a-z])")
def _month_name_no_year(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "in April", "after June 15": a month or day without a year, when every date of the
    # one date column is in one year
    import calendar
    import datetime as _dt

    y = _one_year(ctx)
    gd = m.groupdict()
    mo = _month_no(gd.get("mon") or gd.get("mon2") or gd.get("mon3") or "")
    if y is None or mo is None:
        return None
    if t:
        day = _int(t[0])
        try:
            d = _dt.date(y, mo, day) if day is not None else None
        except ValueError:
            d = None
        if d is None:
            return None
        return Tok("d", f"DATE({d.year},{d.month},{d.day})", "date", value=d.isoformat(), what=d.isoformat(), op="")
    col = next(c for c in ctx.main if c.type == "date")
    conds = (Condition(col.header, ">=", f"{y:04d}-{mo:02d}-01"),
             Condition(col.header, "<=", f"{y:04d}-{mo:02d}-{calendar.monthrange(y, mo)[1]:02d}"))
    return Tok("k", "", "bool", col, what=f"{col.header} in {y}-{mo:02d}", conds=conds)


#: what a verb about money or amounts asks for: header words, in order of preference
_VERB_COLUMNS = {
    "pay": ("fee", "fees", "price", "cost", "amount", "rent", "premium"),
    "earn": ("salary", "pay", "income", "wage", "wages", "earnings"),
    "make": ("salary", "income", "earnings", "wage"),
    "cost": ("cost", "price", "fee", "amount"),
    "spend": ("spent", "spend", "cost", "amount", "expense", "expenses"),
    "weigh": ("weight",),
    "score": ("score", "points", "grade"),
}


@rule(r"(?:how much|what) (?:does|did|do|will) (?:the )?<V> (?P<verb>pay|earn|make|cost|spend|weigh|score)")
def _verb_lookup(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "what does Derek pay" (Fee), "how much does Ann earn" (Salary)
    table = ctx.table_of(t[0].col)
    for word in _VERB_COLUMNS[m.group("verb")]:
        cols = [c for c in table if c.type == "number" and word in c.header.lower().split()]
        if len(cols) == 1:
            return _lookup(ctx, cols[0], t[0])
        if cols:
            return None
    return None

# ---------------------------------------------------------------- priority

#: rules in the order they are tried (most specific first); after each rewrite
#: the reader starts again from the top
_ORDER = """_column_arith _arith_row _arith_same_row _index2d _match_list _value _number_format _row_pair _row_pair_zh _head _who_row _row_possessive _row_of _row_column _sheet_row _row_zh _day_no_year _month_name_no_year _passive_zh _qualified _value_noun
_column_product_dup _column_product _values_possessive _date_span _count_distinct _who_date _who_max_zh _top_n _top_list _when _verb_lookup _who_verb _who_verb_most _avg_per_row _argext_rule _kth _percentile
_quartile _counta _total_number _between _sum_total_zh _aggregate _num_condition _date_period _date_condition _month_period _year_condition _month_no_year _k_same_date _verb_condition _num_equal _eq_condition _text_condition_col _and _prep
_postfix
_last_date_zh _count _agg_row_in _agg_entity _agg_where _argext_where _sumproduct _agg_array _prenominal _row_sum _lookup_rule _rank _eomonth_offset _eomonth _date_part _edate _edate2 _date_diff _date_diff2
_networkdays_head
_networkdays _add_days _text_format _weekday_note _case _len _left_right _mid _trim _then_replace _remove _replace
_concat_zh _concat _textjoin _sqrt _abs _mod _power _half_double _arith_mul _arith _round_places _round
_round_short _contains _compare _or _bool_and_row _bands _switch2 _if _iferror _not_found
_switch _unique _sort _sequence _filter _date_literal _count_all _value_condition _label""".split()
_RULES.sort(key=lambda r: _ORDER.index(r[2].__name__))


# ---------------------------------------------------------------- the reader


_ZH_FILLER_RE = re.compile("|".join(sorted((re.escape(w) for w in FILLER_ZH), key=len, reverse=True)))
_VERBS = ("what's|what is|whats|give me|tell me|show me|look up|lookup|find|get|fetch|retrieve|return|"
          "calculate|compute|determine|work out|figure out|show|display|list|output|i need|i want|"
          "we need|need|want|please|can you|could you|logged|recorded|spent|worked|booked|entered|"
    "formula for|formula that|formula to|查找|查询|查一下|查|找出|找到|列出|给出|generate|create|make|"
          "a formula|in excel|excel|using|stock|inventory")


def _leftover(text: str) -> str:
    rest = TOKEN_RE.sub(" ", text)
    rest = re.sub(rf"(?<![a-z])(?:{_VERBS})(?![a-z])", " ", rest)
    rest = _ZH_FILLER_RE.sub(" ", rest)
    rest = re.sub(r"[^\w\u4e00-\u9fff]+|_", " ", rest)
    words = [w for w in rest.split() if w not in FILLER_EN]
    return " ".join(words)


def read(request: str, schema: SheetSchema, trace: list[str] | None = None) -> Reading | None:
    """The formula ``request`` asks for, or ``None`` when the rules cannot account for it."""
    from .syntax import function_names, known_functions

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
                try:
                    out = fn(ctx, m, toks)
                except (StopIteration, IndexError, KeyError, ValueError, TypeError, AttributeError):
                    out = None
                if out is None:
                    continue
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


def _unique_col(col: Column, schema: SheetSchema) -> bool:
    values = [schema.cells.get((r, _ci(col.letter))) for r in range(col.first_row, col.last_row + 1)]
    return len(set(values)) == len(values)


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
                if _unique_col(tok.col, schema) and re.search(
                        r"(?:平均|average|mean|avg)\s*$", ann.text[:m.start()].lower()):
                    continue  # "平均每个员工": each row is its own group, the average over rows
                return tok.col
    return None
