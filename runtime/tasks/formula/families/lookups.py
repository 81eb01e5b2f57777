"""Rules that find a value in another row: INDEX/MATCH (VLOOKUP or XLOOKUP when named), the row
with the largest or smallest value ("who sold the most"), a date or a person named by a verb
("when is the Gala", "who organizes Roadshow").
"""

from __future__ import annotations

import datetime as dt
import re

from ..annotate import Tok, col_type
from ..rowbase import group_of, lexicon
from ..schema import Column, SheetSchema
from .base import (
    Ctx,
    argext_tok,
    ci,
    cond_masks,
    lookup_tok,
    match_toks,
    person_col,
    piece,
    rule,
    same_row,
)
from .words import (
    MAXW_RE,
    MINW_RE,
    NOUN_EN_RE,
    NOUN_ZH_RE,
)


@rule(rf"(?:the )?<C> (?:with|that has|having|that had|of|which has|who has) (?:the )?(?P<w>{MAXW_RE}|{MINW_RE}) <C>",
      rf"(?:who|which (?:{NOUN_EN_RE})|what (?:{NOUN_EN_RE})|which|whose) (?:got|has|had|have|scored|earned|made|sold|is|was|gets|holds|with|costs)? "
      rf"(?:the )?(?P<w2>{MAXW_RE}|{MINW_RE}) <C>",
      rf"which <C> (?:has|had|got|have|with|is) (?:the )?(?P<w3>{MAXW_RE}|{MINW_RE}) <C>",
      r"<C> (?P<z>最高|最大|最多|最低|最小|最少|最晚|最早|最近|最新)(?:分|值)?(?:的)? (?:" + NOUN_ZH_RE + r")? <C> (?:是谁|是哪个|是哪位|是什么|是)?",
      r"<C> (?P<z2>最高|最大|最多|最低|最小|最少)(?:分|值)?(?:的)? (?:" + NOUN_ZH_RE + r")? (?:是谁|是哪个|是哪位|是哪一位|是)(?:[\u4e00-\u9fff]{1,2}的)?", order=360,
      examples=(('Rep-Sales-Cost-8d8be5', 'who has the highest sales', '=INDEX(A2:A4,MATCH(MAX(B2:B4),B2:B4,0))'),
                ('区域-商品-单价-c0f1e2', '单价最高的商品', '=INDEX(B2:B4,MATCH(MAX(C2:C4),C2:C4,0))')))
def _argext_rule(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    word = gd.get("w") or gd.get("w2") or gd.get("w3") or gd.get("z") or gd.get("z2")
    if gd.get("w"):
        return argext_tok(ctx, t[0].col, t[1].col, word)
    if gd.get("w2"):
        return argext_tok(ctx, person_col(ctx), t[0].col, word)
    if gd.get("w3"):
        return argext_tok(ctx, t[0].col, t[1].col, word)
    if gd.get("z"):
        return argext_tok(ctx, t[1].col, t[0].col, word)
    return argext_tok(ctx, person_col(ctx), t[0].col, word)


@rule(r"(?:the )?<C> (?:of|for) (?:the )?<V>", r"<V> 's <C>", r"which <C> (?:is|are|does|was) (?:the )?<V> (?:in|from|belong to|part of|under|belongs to)?",
      r"<V> (?:的|所在的|对应的|所在|对应|属于哪个|属于|在哪个|是哪个|在哪一个)? <C> (?:是多少|是什么|是哪个|是谁|是哪位|是)?",
      r"<C> (?:of|for) <R>", r"<R> 's <C>", r"<R> (?:的|所在的|对应的|所在|对应) <C>", r"<R> <C>", order=690,
      examples=(('Customer-City-Amount-1cd5ed', 'Amount of Bolt', '=INDEX(C2:C4,MATCH("Bolt",A2:A4,0))'),
                ('店员-片区-品类-f88a4f', '黄忠在哪个片区', '=INDEX(B2:B4,MATCH("黄忠",A2:A4,0))')))
def _lookup_rule(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    res = next(x for x in t if x.kind == "c").col
    key = next(x for x in t if x.kind in "vr")
    if key.kind == "r" and key.col in ctx.table_of(res):
        return same_row(key, res)
    return lookup_tok(ctx, res, key)


def _alts(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", " ") for w in sorted(words, key=len, reverse=True))


_DAY_VERBS = _alts(lexicon("lookups")["day_verbs"])  # plain words: a space is any space
#: the row's own noun between "the" and "on <date>" ("the gig", "the session"): one word, not a
#: negation nor a span of time ("the day before", "the week after")
_DAY_NOUN = r"(?:(?!(?:" + _alts(lexicon("lookups")["day_nouns_block"]) + r")(?![a-z]))[a-z]+ )?"


@rule(r"^(?:what|which) (?:was|were|is) (?:the |our |my )?<C> (?:on|for) (?:the )?<D> (?:\?)?$",
      r"^(?:the |our |my )?<C> (?:on|for) (?:the )?<D> (?:\?)?$",
      r"^(?:what|which) <C> (?:was|were|did) (?:we|i|it|they) (?:at |in |use |have |work at |trade at )?(?:on|for) <D> (?:\?)?$",
      rf"^(?:what|which) <C> (?:was|were|is|are|'s) (?:{_DAY_VERBS}) (?:on|for) (?:the )?<D> (?:\?)?$",
      rf"^(?:the |our |my )?<C> (?:for|of) (?:the |our |my |that )?{_DAY_NOUN}(?:on|dated|booked for|booked on) (?:the )?<D> (?:\?)?$",
      r"^<D> (?:那天|当天)?(?:的)? <C> (?:的)?(?:是谁|是哪位|是哪个|是什么|是)? (?:\?)?$",
      r"^<D> (?:那天|当天)?(?:是)?(?:谁|哪位) <C> (?:\?)?$",
      order=305,
      examples=(('events', 'what was the event on 17 May 2024', '=INDEX(A2:A4,MATCH(DATE(2024,5,17),C2:C4,0))'),
                ('events', 'which Organizer was it on 2024-06-03?', '=INDEX(B2:B4,MATCH(DATE(2024,6,3),C2:C4,0))'),
                ('events', 'which Event was held on 2024-06-03?', '=INDEX(A2:A4,MATCH(DATE(2024,6,3),C2:C4,0))'),
                ('日期-店员-片区-ae397e', '2024-03-20的店员是谁', '=INDEX(B2:B5,MATCH(DATE(2024,3,20),A2:A5,0))')))
def _on_the_day(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "pitch on 19/08/2026?", "course name for the session dated 26/11/2026", 2027年1月15日值班的是谁:
    # the row of that day, on a sheet with one row for that date
    res = next(x for x in t if x.kind == "c").col
    return _day_row(ctx, res, next(x for x in t if x.kind == "d"))


@rule(rf"^who(?:'ve|'s| have| has| is| was| were| are)? (?:i|we|you|they)? (?:{_DAY_VERBS}) (?:on|for) (?:the )?<D> (?:\?)?$",
      rf"^who(?:'s| is| was)? (?:my|our|the) {_DAY_NOUN}(?:on|for|dated) (?:the )?<D> (?:\?)?$",
      order=306,
      examples=(('日期-店员-片区-ae397e', 'who was in on 2024-03-20', '=INDEX(B2:B5,MATCH(DATE(2024,3,20),A2:A5,0))'),))
def _who_on_the_day(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "who've I got booked on 14 Feb 2027", "who's my booking on 3/6/2024": the sheet's column of
    # names, in the row of that one date
    res = person_col(ctx)
    return None if res is None else _day_row(ctx, res, t[0])


def _day_row(ctx: Ctx, res: Column, day: Tok) -> Tok | None:
    """``res`` of the one row whose date (the table's one date column) is ``day``."""
    if day.op or res.type in ("date", "number"):
        return None  # a month ("in August") is many rows; a number of a day is its SUMIF ("tips on nov 3")
    dates = [c for c in ctx.table_of(res) if c.type == "date"]
    if len(dates) != 1:
        return None  # which date column the day is in is not said
    col = dates[0]
    said = dt.date.fromisoformat(day.value)
    cells = [ctx.schema.cells.get((r, ci(col.letter))) for r in range(col.first_row, col.last_row + 1)]
    rows = [r for r, v in zip(range(col.first_row, col.last_row + 1), cells, strict=True)
            if (v.date() if isinstance(v, dt.datetime) else v) == said]
    got = {str(ctx.schema.cells.get((r, ci(res.letter)))).strip() for r in rows}
    if not rows or len(rows) > 1 and (res.type not in ("text", "mixed") or len(got) != 1 or "None" in got):
        return None  # no row of that day, or several that give different answers (the first is a guess)
    return piece(f"INDEX({res.range},MATCH({day.text},{col.range},0))", col_type(res),
                 f"looks up {res.header} where {col.header} = {day.what}")


@rule(r"<X> (?:,)? (?:or |and )?(?:return |show |give )?<S> if (?:it is |it's |it is )?(?:not found|missing|absent|there is no match|no match)",
      r"<X> (?:,)? (?:如果|若)?(?:找不到|查不到|没找到|不存在|没有找到)(?:的话)?(?:则|就|时)?(?:,)?(?:返回|显示|为|输出)? <S>", order=1120,
      examples=(('Customer-City-Amount-1cd5ed', 'Amount of Bolt, or "none" if not found', '=IFERROR(INDEX(C2:C4,MATCH("Bolt",A2:A4,0)),"none")'),))
def _not_found(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x, lit = t
    if x.text.startswith("XLOOKUP(") and x.text.count("XLOOKUP(") == 1:
        return piece(x.text[:-1] + f",{lit.text})", x.type, f"{x.what}, or {lit.value!r} if not found")
    if x.text.startswith("INDEX(") and x.text.count("MATCH(") == 1 and x.text.endswith(",0))"):
        return piece(f"IFERROR({x.text},{lit.text})", x.type, f"{x.what}, or {lit.value!r} if not found")
    return None


@rule(r"(?:the )?position of <N> in (?:the )?(?:list |values |array )?<N> (?:, <N> ){1,12}(?:\()? (?:(?P<how>approximate|exact|nearest) match)? (?:\))?",
      r"<N> 在 <N> (?:(?:,|、) <N> ){1,12}(?:中|里)?(?:的)?位置 (?:\()?(?:(?P<zhow>近似|精确|模糊)匹配)?(?:\))?", order=50,
      examples=(('staff', 'position of 5 in the list 1, 3, 5, 7', '=MATCH(5,{1,3,5,7},0)'),))
def _match_list(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = match_toks(ctx, m)
    needle, items = toks[0], toks[1:]
    how = m.groupdict().get("how") or m.groupdict().get("zhow")
    kind = 1 if how in ("approximate", "nearest", "近似", "模糊") else 0
    values = [x.value for x in items]
    if kind == 1 and values != sorted(values):
        return None
    arr = "{" + ",".join(x.text for x in items) + "}"
    return piece(f"MATCH({needle.text},{arr},{kind})", "num", f"position of {needle.text} in {arr}")


@rule(r"who (?:was |were |got )?(?:started|joined|hired|began|signed up|registered|enrolled|arrived|<C>) (?P<w>earliest|first|latest|last|most recently)",
      r"(?P<z>最早|最晚|最近) ?(?:入职|加入|注册|报名|入学|开始|<C>) ?的(?:人)?(?:是谁|是哪位|是)", order=270,
      examples=(('ID-FullName-Dept-0959c1', 'who was hired most recently', '=INDEX(B2:B5,MATCH(MAX(D2:D5),D2:D5,0))'),
                ('ID-FullName-Dept-0959c1', '最早入职的是谁', '=INDEX(B2:B5,MATCH(MIN(D2:D5),D2:D5,0))')))
def _who_date(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "who started earliest": the person of the row with the smallest date, when the
    # sheet has exactly one date column (or the verb itself names the date column:
    # "hired" -> Start Date, lexicon/columns.json)
    dates = [t[0].col] if t and t[0].kind == "c" and t[0].col is not None and t[0].col.type == "date" \
        else [c for c in ctx.main if c.type == "date"]
    if len(dates) != 1:
        return None
    w = m.groupdict().get("w") or m.groupdict().get("z")
    return argext_tok(ctx, person_col(ctx), dates[0], "最晚" if w in ("latest", "last", "most recently", "最晚", "最近") else "最早")


@rule(r"(?:谁|哪位|哪个人)(?:的)? <C> (?P<z>最高|最大|最多|最低|最小|最少)", order=280,
      examples=(('Name-Department-Salary-ecddea', '谁的工资最低', '=INDEX(A2:A6,MATCH(MIN(C2:C6),C2:C6,0))'),))
def _who_max_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return argext_tok(ctx, person_col(ctx), t[0].col, m.group("z"))


_WHEN_VERBS = "|".join(sorted(lexicon("lookups")["when_verbs"], key=len, reverse=True))  # plain words: a space is any space


@rule(rf"(?:when|When) (?:is|was|will|does|did|do) (?:the )?(?:<V>|<K>) (?:be )?(?:(?:last )?(?P<verb>due|happen|happening|start|"
      rf"starting|end|held|scheduled|take place|taking place|{_WHEN_VERBS})(?![a-z]))?",
      r"(?:when|When) (?:did|does|do|will) (?:the )?(?:<V>|<K>) <C>", order=310,  # "when did Noah join" (Joined)
      examples=(('events', 'when is the Gala', '=INDEX(C2:C4,MATCH("Gala",A2:A4,0))'),
                ('events', 'when is the Expo held', '=INDEX(C2:C4,MATCH("Expo",A2:A4,0))')))
def _when(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "when is the Gala": the one date column of the key's table; "when did Ella Nash come in"
    key = t[0]
    if key.kind == "k":  # the value read as a condition: one "is" condition is the key
        if len(key.conds) != 1 or key.conds[0].op != "=" or ctx.schema.column(key.conds[0].column) is None:
            return None
        col = ctx.schema.column(key.conds[0].column)
        value = key.conds[0].value
        key = Tok("v", '"' + str(value).replace('"', '""') + '"', "text", col, what=str(value),
                  value=value, cols=(col,))
    dates = [c for c in ctx.table_of(key.col) if c.type == "date"]
    if len(t) > 1:  # the verb is a date header's own word: that column, when it is a date
        dates = [t[1].col] if t[1].col in dates else []
    elif len(dates) > 1 and m.group("verb"):  # "when is X due" beside Start Date and Due Date
        from .whendates import date_of_verb

        dates = date_of_verb(dates, m.group("verb"))
    return lookup_tok(ctx, dates[0], key) if len(dates) == 1 else None


@rule(r"who (?:is |was |are |were )?(?P<verb>[a-z]+) (?:to |by |for |on )?(?:the )?<V>", order=330,
      examples=(('staff', 'who organizes Roadshow', '=INDEX(J2:J6,MATCH("Roadshow",K2:K6,0))'),))
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
    return lookup_tok(ctx, cols[0], t[0]) if len(cols) == 1 else None


@rule(r"who (?P<verb>[a-z]+) (?:the )?(?P<w>most recently|most|least|fewest|earliest|latest|first|last)",
      r"who <C> (?:the )?(?P<w2>most recently|most|least|fewest|earliest|latest|first|last)", order=340,
      examples=(('staff', 'who visits the most', '=INDEX(A2:A6,MATCH(MAX(F2:F6),F2:F6,0))'),
                ('staff', 'who started earliest', '=INDEX(A2:A6,MATCH(MIN(G2:G6),G2:G6,0))')))
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
    return argext_tok(ctx, person_col(ctx), col, word)


@rule(r"<X> (?:in|among|for|from|of|within|at)? (?:the |all )?<K>",
      rf"<K> (?:的)?(?:{NOUN_ZH_RE})?(?:里|中|当中|里面|之中)?(?:的)? <X>", order=640,
      examples=(('Name-Department-Salary-ecddea', 'who has the highest salary in Berlin',
                 '=LOOKUP(2,1/((E2:E6="Berlin")*(C2:C6=AGGREGATE(14,6,C2:C6/(E2:E6="Berlin"),1))),A2:A6)'),
                ('Name-Department-Salary-ecddea', 'Paris工资最高的是谁',
                 '=LOOKUP(2,1/((E2:E6="Paris")*(C2:C6=AGGREGATE(14,6,C2:C6/(E2:E6="Paris"),1))),A2:A6)')))
def _argext_where(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "who has the highest salary in IT", "IT部门工资最高的是谁": the extreme row among
    # the rows meeting the condition (never a row outside it with the same value)
    x = next((a for a in t if a.kind == "x"), None)  # <X> also matches a number or a cell
    k = next(a for a in t if a.kind == "k")
    if x is None or x.op != "argext" or k.op == "or" or not k.conds:
        return None
    result, by = x.cols
    if any(ctx.table_of(ctx.schema.column(c.column)) is not ctx.table_of(by) for c in k.conds):
        return None
    text = argext_where(ctx.schema, by, result, cond_masks(ctx, k), x.value == "MAX")
    return None if text is None else piece(text, col_type(result), f"{x.what} where {k.what}")


def argext_where(schema: SheetSchema, by: Column, result: Column, mask: str, large: bool,
                 k: int = 1) -> str | None:
    """``result`` of the row with the k-th largest (smallest) ``by`` among the rows ``mask``
    passes, never a row outside it with the same value: ``LOOKUP(2,1/((mask)*(by=AGGREGATE(14,
    6,by/(mask),k))),result)``.  Every target computes it without array entry (Excel 2010+, WPS,
    LibreOffice; FILTER would need Excel 365).  LOOKUP finds the last such row, so a tie (two
    rows of the group at that value) is refused rather than one of them guessed."""
    from ..engine import evaluate

    kth = f"AGGREGATE({14 if large else 15},6,{by.range}/({mask}),{k})"
    both = f"({mask})*({by.range}={kth})"
    rows = evaluate(f"=SUMPRODUCT({both})", schema)
    if not rows.ok or rows.value != 1:
        return None
    return f"LOOKUP(2,1/({both}),{result.range})"


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


@rule(r"(?:how much|what) (?:does|did|do|will) (?:the )?<V> (?P<verb>pay|earn|make|cost|spend|weigh|score)", order=320,
      examples=(('Name-Department-Salary-ecddea', 'how much does Bob make', '=INDEX(C2:C6,MATCH("Bob",A2:A6,0))'),))
def _verb_lookup(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "what does Derek pay" (Fee), "how much does Ann earn" (Salary)
    table = ctx.table_of(t[0].col)
    for word in _VERB_COLUMNS[m.group("verb")]:
        cols = [c for c in table if c.type == "number" and word in c.header.lower().split()]
        if len(cols) == 1:
            return lookup_tok(ctx, cols[0], t[0])
        if cols:
            return None
    return None


_CONTACT = lexicon("lookups")["contact_words"]
_CONTACT_RE = "|".join(sorted(_CONTACT, key=len, reverse=True))  # plain words: a space is any space


@rule(rf"<V> (?:'s )?<C> (?:'s |- |, |: |的 )?(?P<n>{_CONTACT_RE})(?![a-z])",
      r"<V> (?:'s |的 )?<C> (?:'s |- |, |的 )?<C>",
      rf"(?:the )?(?P<n2>{_CONTACT_RE}) (?:for|of) <V> (?:'s )?<C>", order=685,
      examples=(('staff', "Gala's organizer's code", '=INDEX(I2:I6,MATCH("Gala",K2:K6,0))'),))
def _whose_contact(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "mochi's owner - number?": the owner's number is the phone column of the key's row, not
    # the owner's name; "X's owner phone": the last column named
    key, person = t[0], t[1].col
    if person is None or person.type not in ("text", "mixed"):
        return None
    if len(t) == 3:
        res = t[2].col
    else:
        gd = m.groupdict()
        res = group_of(ctx.schema, _CONTACT[gd.get("n") or gd["n2"]])  # "number for X's owner"
    if res is None or res is person or res not in ctx.table_of(person) or res.type not in ("text", "mixed", "number"):
        return None
    return lookup_tok(ctx, res, key)


@rule(r"how much (?:is|are|does|do|for) (?:a |an |the |one )?<V> (?:cost|costs|go for|sell for)?",
      r"<V> (?:一个|一件|一份|一方|一吨|一斤)?(?:多少钱|卖多少钱|什么价|啥价)(?:一个|一件|一份|一方|一吨|一斤)?", order=325,
      examples=(('区域-商品-单价-c0f1e2', '纸多少钱', '=INDEX(C2:C4,MATCH("纸",B2:B4,0))'),))
def _how_much_is(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "how much is a standing desk", 木方多少钱: the price of the item's row (the key's table
    # has one price column: lexicon columns.json's price group)
    col = group_of(ctx.schema, "price")
    if col is None or col.type != "number" or col not in ctx.table_of(t[0].col):
        return None
    return lookup_tok(ctx, col, t[0])
