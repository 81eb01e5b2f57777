"""Rules that name one cell or a few cells by position: "the third row's Sales", "倒数第2个学生的成绩",
"row 5's Price", "the first 3 Names", "Sales of the first row plus Cost".
"""

from __future__ import annotations

import re

from ..annotate import Tok, col_type
from ..phrases import (
    ORD_RE,
    ZH_CLASSIFIERS,
)
from .base import (
    Ctx,
    match_toks,
    nth_cell,
    ordinal,
    person_col,
    piece,
    rule,
    same_row,
    whole,
)
from .words import (
    NOUN_EN_RE,
    NOUN_ZH_RE,
)


@rule(rf"(?:the )?{ORD_RE} (?:{NOUN_EN_RE}) (?:'s |of |in )?(?:the )?<C>",
      rf"(?:the )?{ORD_RE} <C> 's <C>", order=120,
      examples=(('Customer-City-Amount-f087b0', "the second row's customer", '=A3'),))
def _row_possessive(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    n = ordinal(m.group("ord"), ctx)
    if n is None:
        return None
    col = t[-1].col
    if len(t) == 2 and ctx.table_of(t[0].col) is not ctx.table_of(col):
        return None
    return nth_cell(col, n)


@rule(rf"<C> (?:of|in|for|on|from) (?:the )?{ORD_RE} (?:{NOUN_EN_RE}|<C>)", order=130,
      examples=(('staff', 'Salary of the second row', '=D3'),
                ('staff', 'City in the last row', '=C6')))
def _row_of(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    n = ordinal(m.group("ord"), ctx)
    if n is None or (len(t) == 2 and ctx.table_of(t[1].col) is not ctx.table_of(t[0].col)):
        return None
    return nth_cell(t[0].col, n)


@rule(rf"(?:the )?{ORD_RE} <C> (?:'s)?", order=140,
      examples=(('Customer-City-Amount-f087b0', 'the first customer in upper case', '=UPPER(A2)'),))
def _row_column(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    n = ordinal(m.group("ord"), ctx)
    return None if n is None else nth_cell(t[0].col, n)


@rule(r"<C> (?:of|in|on|at|from) row <N>", r"row <N> 's <C>", order=150,
      examples=(('staff', 'Salary in row 3', '=D3'),
                ('staff', "row 4's City", '=C4')))
def _sheet_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col, num = (t[0], t[1]) if t[0].kind == "c" else (t[1], t[0])
    row = whole(num)
    if row is None or not col.col.first_row <= row <= col.col.last_row:
        return None
    return Tok("r", f"{col.col.letter}{row}", col.type, col.col, what=f"{col.col.header} in row {row}",
               value=row)


@rule(rf"(?P<back3>倒数)?第 <N> (?:[{ZH_CLASSIFIERS}])? <C> (?:的|所在的|所在|对应的)? <C>",
      rf"(?P<back>倒数)?第 <N> (?:[{ZH_CLASSIFIERS}])?(?:{NOUN_ZH_RE})?(?:所在|对应)?(?:的)? <C>",
      rf"(?P<last>最后) (?:<N> )?(?:[{ZH_CLASSIFIERS}])(?:{NOUN_ZH_RE})?(?:所在|对应)?(?:的)? <C>",
      rf"<C> (?:列)?(?:的)? (?P<back2>倒数)?第 <N> (?!\s*[大高小低多少])(?:[{ZH_CLASSIFIERS}])?(?:值|数据)?", order=160,
      examples=(('Customer-City-Amount-f087b0', '第三行的城市', '=B4'),))
def _row_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    cols = [x.col for x in t if x.kind == "c"]
    col = cols[-1]
    if re.search(r"第\s*\S{1,8}?\s*名", m.group(0)) or m.groupdict().get("back2") and col.type == "number" \
            and not re.search(rf"倒数第\s*\S{{1,8}}?\s*[{ZH_CLASSIFIERS}]", m.group(0)):
        return None  # 第二名的销售额, 销售额倒数第二: a place in a ranking (aggregates.rank_phrase), not a row
    if len(cols) == 2 and ctx.table_of(cols[0]) is not ctx.table_of(col):
        return None
    num = next((x for x in t if x.kind == "n"), None)
    gd = m.groupdict()
    if gd.get("last"):
        if num is not None and whole(num) != 1:
            return None
        return nth_cell(col, -1)
    n = whole(num) if num else None
    if n is None or n < 1:
        return None
    return nth_cell(col, -n if gd.get("back") or gd.get("back2") or gd.get("back3") else n)


@rule(rf"who (?:[a-z]+ )?(?:the )?{ORD_RE} (?:{NOUN_EN_RE}|<C>)", order=110,
      examples=(('staff', 'who is the first employee', '=A2'), ('staff', 'who is the third person', '=A4')))
def _who_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    n = ordinal(m.group("ord"), ctx)
    # "employee" may be read as the column of names itself (lexicon/columns.json)
    person = t[0].col if t and t[0].kind == "c" and t[0].type == "text" else person_col(ctx)
    return None if n is None or person is None else nth_cell(person, n)


@rule(rf"<A> (?:of|in|for|on) (?:the )?{ORD_RE} (?:{NOUN_EN_RE})", rf"(?:the )?{ORD_RE} (?:{NOUN_EN_RE}) 's <A>", order=20,
      examples=(('staff', 'Salary minus Bonus of the first row', '=D2-E2'),))
def _arith_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a = t[0]
    n = ordinal(m.group("ord"), ctx)
    if a.op not in ("colarith", "product") or n is None:
        return None
    c1, c2 = (nth_cell(c, n) for c in a.cols)
    if c1 is None or c2 is None:
        return None
    op = a.value if a.op == "colarith" else "*"
    return piece(f"{c1.text}{op}{c2.text}", "num", f"{c1.what} {op} {c2.what}")


@rule(r"(?:sum|total|sum of|total of|add up|add) (?:the )?<R> (?:(?:,|and|\+|和|、|与|plus) (?:the )?(?:<R>|<C>)){1,6}",
      r"<R> (?:(?:,|and|\+|和|、|与|plus) (?:the )?(?:<R>|<C>)){1,6} (?:之和|的总和|总和|合计|加起来|相加)", order=680,
      examples=(('staff', "sum the first row's Salary and Bonus", '=D2+E2'),
                ('staff', "add the first row's Salary, Bonus", '=D2+E2')))
def _row_sum(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # the groups hold the first and last operands only: read all tokens of the match
    toks = match_toks(ctx, m)
    first = toks[0]
    cells = []
    for tok in toks:
        if tok.kind == "c":
            tok = same_row(first, tok.col)
        if tok is None or tok.kind != "r" or tok.type != "num":
            return None
        cells.append(tok.text)
    return piece("+".join(cells), "num", "sum of " + ", ".join(cells))


_ORD2 = ORD_RE.replace("?P<ord>", "?P<ord2>")


@rule(rf"(?:the )?{ORD_RE} and (?:the )?{_ORD2} <C>", order=80,
      examples=(('Customer-City-Amount-f087b0', 'Days between the first and last Ordered dates', '=E7-E2'),))
def _row_pair(ctx: Ctx, m: re.Match, t: list[Tok]) -> str | None:
    a, b = ordinal(m.group("ord"), ctx), ordinal(m.group("ord2"), ctx)
    if a is None or b is None:
        return None
    ca, cb = nth_cell(t[0].col, a), nth_cell(t[0].col, b)
    if ca is None or cb is None:
        return None
    return f"{ctx.ann.add(ca)} and {ctx.ann.add(cb)}"


@rule(rf"第 <N> (?:[{ZH_CLASSIFIERS}])? (?:和|与|跟) <R>", order=90,
      examples=(('staff_zh', '第1行和第2行的工资之和', '=D2+D3'),
                ('staff_zh', '第1个和第二行的工资相加', '=D2+D3')))
def _row_pair_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> str | None:
    n, ref = whole(t[0]), t[1]
    cell = nth_cell(ref.col, n) if n and ref.col is not None else None
    return None if cell is None else f"{ctx.ann.add(cell)} 和 {ref_text(ctx, ref)}"


def ref_text(ctx: Ctx, tok: Tok) -> str:
    return ctx.ann.add(tok)


@rule(r"(?:the )?first <N> <C>", rf"前 <N> (?:[{ZH_CLASSIFIERS}])? (?:{NOUN_ZH_RE})?(?:的)? <C>", order=100,
      examples=(('staff', 'sum of the first 3 Salary', '=SUM(D2:D4)'),
                ('staff_zh', '前3个工资的平均值', '=AVERAGE(D2:D4)')))
def _head(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    n, col = whole(t[0]), t[1].col
    if n is None or n < 1 or col.first_row + n - 1 > col.last_row:
        return None
    last = col.first_row + n - 1
    return Tok("a", f"{col.letter}{col.first_row}:{col.letter}{last}", col_type(col), col,
               what=f"the first {n} {col.header}", op="head", value=n)


@rule(r"(?:the )?(?:value |cell )?(?:in |at )?row <N> (?:,|and)? column <N> (?:of|in|from) (?:the )?(?:table |range )?<A>",
      r"(?:表格|区域|范围|表)? <A> (?:中|里)?(?:的)?第 <N> 行 (?:,)?第 <N> 列(?:的)?(?:值|单元格|数据)?", order=40,
      examples=(('staff', 'the value at row 2, column 3 of A1:K6', '=INDEX(A1:K6,2,3)'),))
def _index2d(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a = next(x for x in t if x.kind == "a")
    r, c = (whole(x) for x in t if x.kind == "n")
    if a.op != "range" or not r or not c:
        return None
    return piece(f"INDEX({a.text},{r},{c})", "any", f"row {r}, column {c} of {a.text}")
