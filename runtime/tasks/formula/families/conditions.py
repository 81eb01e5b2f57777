"""Rules that turn words into row conditions (``k`` tokens): comparisons with numbers and
dates, a value of a column, a year or month, "between", and the connectives that join or
carry conditions (and, or, "in", "里", "被").
"""

from __future__ import annotations

import re

from ..annotate import Tok
from ..intent import Condition
from ..phrases import (
    CMP_EN,
    CMP_SUFFIX_ZH,
    CMP_ZH,
)
from ..schema import Column
from .base import (
    Ctx,
    ci,
    comparator,
    cond_tok,
    conds_what,
    one_year,
    rule,
    whole,
)
from .words import (
    CMP_EN_RE,
    CMP_POST_RE,
    CMP_SFX_RE,
    CMP_ZH_RE,
    NOUN_EN_RE,
)


@rule(r"<C> <V>", r"<V> <C>", order=200,
      examples=(('Name-Department-Salary-ecddea', 'total salary filtered by department IT', '=SUMIF(B2:B6,"IT",C2:C6)'),
                ('学号-姓名-班级-ec0225', '学号2025007的数学分数', '=INDEX(E2:E14,MATCH("2025007",A2:A14,0))')))
def _qualified(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = next(x for x in t if x.kind == "c").col
    val = next(x for x in t if x.kind == "v")
    if col not in val.cols:
        return None
    return Tok("v", val.text, "text", col, what=val.what, value=val.value, op=val.op,
               cols=(col, *(c for c in val.cols if c is not col)))


@rule(r"<V> (?:班|组|类|区|部门|类别|分类|仓库|城市)",
      r"<V> (?:rows?|staff|people|persons|employees|workers|members|team members)", order=210,
      examples=(('Name-Department-Salary-ecddea', 'list the names of IT staff', '=FILTER(A2:A6,B2:B6="IT")'),))
def _value_noun(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return t[0]


@rule(rf"<C> (?:is |are |was |of |has |have )?(?P<cmp>{CMP_EN_RE}) <N>",
      rf"(?P<cmp>{CMP_EN_RE}) <N> (?:in|on|for|of) (?:the )?<C>",
      rf"(?P<cmp>{CMP_EN_RE}) <N> <C>",
      rf"<C> (?:is |are |of )?<N> (?P<post>{CMP_POST_RE})",
      rf"<N> (?P<post>{CMP_POST_RE}) (?:in|on|for|of) (?:the )?<C>",
      rf"<C> (?:的)?(?P<zcmp>{CMP_ZH_RE}) <N> (?:分|元|件|个|天|岁|人|块)?",
      rf"<C> (?:的)?<N> (?:分|元|件|个|天|岁)?(?P<sfx>{CMP_SFX_RE})", order=450,
      examples=(('Name-Department-Salary-ecddea', 'count of IT staff with salary over 50000', '=COUNTIFS(B2:B6,"IT",C2:C6,">50000")'),
                ('姓名-部门-病假-400e95', '病假不等于0的人数', '=COUNTIF(C2:C4,"<>0")')))
def _num_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = next(x for x in t if x.kind == "c").col
    num = next(x for x in t if x.kind == "n")
    gd = m.groupdict()
    op = (comparator(gd["cmp"], CMP_EN) if gd.get("cmp") else
          comparator(gd["post"], CMP_EN) if gd.get("post") else
          comparator(gd["zcmp"], CMP_ZH) if gd.get("zcmp") else comparator(gd["sfx"], CMP_SUFFIX_ZH))
    if op is None or col.type != "number":
        return None
    return cond_tok(col, op, num.value)


_DATE_CMP = [("on or after|since|from|starting|starting from|as of|及之后|及以后|之后\\(含\\)|以后\\(含\\)|以来|起|当天或之后", ">="),
             ("on or before|until|up to|through|by|及之前|及以前|截至|截止|当天或之前", "<="),
             ("after|later than|之后|以后|后", ">"), ("before|earlier than|prior to|之前|以前|前", "<")]


_DCMP = "|".join(w for ws, _ in _DATE_CMP for w in ws.split("|"))


@rule(r"<C> (?:is |was |were )?(?:in |on |from |during )?<D> (?P<post>or later|and later|onwards|onward|or after|and after|or earlier|and earlier|or before|and before)",
      r"(?:in |on |from |during )?<D> (?P<post2>or later|and later|onwards|onward|or after|or earlier|or before)",
      r"<C> (?:is |was |were )?(?:in|during) <D>", r"<D> (?:之后|以后|及以后|起|至今)?(?:的)? <C>", order=460,
      examples=(('staff', 'total Salary where Start is in March 2021', '=SUMIFS(D2:D6,G2:G6,">="&DATE(2021,3,1),G2:G6,"<="&DATE(2021,3,31))'),
                ('staff', 'how many rows with Start in March 2021', '=COUNTIFS(G2:G6,">="&DATE(2021,3,1),G2:G6,"<="&DATE(2021,3,31))')))
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
        return cond_tok(col, ">=", start.isoformat()) if later else cond_tok(col, "<=", end.isoformat())
    if "之" in m.group(0) or "以后" in m.group(0) or "起" in m.group(0) or d.op != "month" or not re.search(r"\b(?:in|during)\b", m.group(0)):
        return None
    conds = (Condition(col.header, ">=", start.isoformat()), Condition(col.header, "<=", end.isoformat()))
    return Tok("k", "", "bool", col, what=f"{col.header} in {d.what}", conds=conds)


@rule(rf"<C> (?:is |was |dated |date )?(?P<cmp>{_DCMP}) <D> (?:onwards|onward|and later|or later)?",
      rf"(?:dated |received |made |placed )?(?P<cmp>{_DCMP}) <D> (?:onwards|onward|and later|or later)?",
      rf"<D> (?P<cmp>{_DCMP}) (?:的)?<C>",
      rf"<D> (?P<cmp>{_DCMP})", order=470,
      examples=(('申请人-类别-金额-274439', 'how many records after April 10', '=COUNTIF(D2:D4,">"&DATE(2024,4,10))'),
                ('学号-姓名-班级-05aeb0', '9月1日之前缴费的有几个人', '=COUNTIF(H2:H13,"<"&DATE(2026,9,1))')))
def _date_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    op = comparator(m.group("cmp"), _DATE_CMP)
    d = next(x for x in t if x.kind == "d")
    col = next((x.col for x in t if x.kind == "c"), None)
    if col is None:
        dates = [c for c in ctx.main if c.type == "date"]
        if len(dates) != 1:
            return None
        col = dates[0]
    if op is None or col.type != "date":
        return None
    if d.op == "month" and op in (">", "<="):  # "after June": after its last day
        import calendar
        import datetime as _dt

        start = _dt.date.fromisoformat(d.value)
        return cond_tok(col, op, start.replace(day=calendar.monthrange(start.year, start.month)[1]).isoformat())
    return cond_tok(col, op, d.value)


@rule(r"<C> (?:is|=|equals|equal to|为|是|等于) <S>", order=540,
      examples=(('Region-Sales-Date-8a813c', 'sum of sales where region is East', '=SUMIF(A2:A4,"East",B2:B4)'),))
def _eq_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col, val = t[0].col, t[1]
    if col.type not in ("text", "mixed"):
        return None
    return cond_tok(col, "=", val.value)


@rule(r"<C> (?:is |are |was |were |has been |have been )?(?:not blank|not empty|non-blank|non-empty|filled in|not left blank)",
      r"(?:with|that have|that has|which have|which has|having|has|have) (?:a |an )?<C> (?:date|dated|filled in|entered)?",
      r"(?<![没无未])有 ?<C> (?=的)", r"<C> (?:不为空|不是空的|不是空白|不空|有值|已填|填了)", order=545,
      examples=(('staff', 'total Salary where Start is not blank', '=SUMIF(G2:G6,"<>",D2:D6)'),))
def _filled_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "with a Refunded date", "Done is filled in", "有还款日期的": the rows whose cell is not empty;
    # a date said after the column, and 有 before it, only for a date column ("with a tip" is an amount)
    col = t[0].col
    if col is None or (col.type != "date" and not re.search(r"blank|empty|filled|空|值|填", m.group(0))):
        return None
    return cond_tok(col, "<>", "")


@rule(r"<C> (?:that |which )?(?P<how>start(?:s|ing)? with|begin(?:s|ning)? with|end(?:s|ing)? with|contain(?:s|ing)?) <S>",
      r"<C> (?:以) <S> (?P<zh>开头|结尾)", r"<C> (?P<zc>包含|含有) <S>", order=550,
      examples=(('staff', 'count rows where Code contains "50"', '=COUNTIF(I2:I6,"*50*")'),))
def _text_condition_col(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col, val = t[0].col, t[1]
    how = (m.groupdict().get("how") or m.groupdict().get("zh") or m.groupdict().get("zc") or "")
    op = ("starts_with" if how.startswith(("start", "begin", "开头")) else
          "ends_with" if how.startswith(("end", "结尾")) else "contains")
    if col.type not in ("text", "mixed"):
        return None
    return cond_tok(col, op, val.value)


@rule(r"<K> (?:,)? (?:and|&|with|that have|which have|who have|that has|have|has|having|and have|"
      r"and are|and is|且|并且|而且|的|、|和|同时|并|as well as)? (?:a |an |the )?<K>", order=560,
      examples=(('Name-Department-Salary-ecddea', 'count of IT staff with salary over 50000', '=COUNTIFS(B2:B6,"IT",C2:C6,">50000")'),
                ('区域-商品-单价-c0f1e2', '华东和华南的单价合计', '=SUMIFS(C2:C4,A2:A4,"华东",A2:A4,"华南")')))
def _and(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    conds = t[0].conds + t[1].conds
    if _disjoint(t[0].conds, t[1].conds):
        return None  # "jan to mar", "in jan and mar": two months, never rows in both at once
    return Tok("k", "", "bool", t[0].col, what=conds_what(conds), conds=conds)


def _bounds(conds: tuple) -> dict[str, tuple[object, object]]:
    """Column -> (lowest, highest) a run of >= / <= conditions allows (None: open)."""
    out: dict[str, tuple[object, object]] = {}
    for c in conds:
        lo, hi = out.get(c.column, (None, None))
        if c.op == ">=":
            lo = c.value if lo is None or c.value > lo else lo
        elif c.op == "<=":
            hi = c.value if hi is None or c.value < hi else hi
        out[c.column] = (lo, hi)
    return out


def _disjoint(a: tuple, b: tuple) -> bool:
    """Whether two runs of conditions bound one column to ranges that do not meet (2026-01 and 2026-03)."""
    try:
        for col, (lo, hi) in _bounds(a).items():
            lo2, hi2 = _bounds(b).get(col, (None, None))
            if (lo is not None and hi2 is not None and type(lo) is type(hi2) and lo > hi2) or \
                    (lo2 is not None and hi is not None and type(lo2) is type(hi) and lo2 > hi):
                return True
    except TypeError:
        return False
    return False


@rule(rf"(?:for |of |in |on |from |among )?(?:the |all )?(?:rows|(?:{NOUN_EN_RE})s) (?:with |where |that |which |whose |that are |that were )?<K>",
      r"(?:in|for|from|with|where|whose|among|on|at|that are|which are|that were|that|which|who|"
      r"are|is|was|were|within|of|(?:driven |made |sold |owned |handled |managed |run |done |placed |"
      r"taken |written |led |created |booked |served |entered |spent |logged |worked |closed |opened |resolved )?by|"
      r"assigned to|belonging to|owned by|for customer|for client) (?:the |a |an )?<K>", order=570,
      examples=(('Customer-City-Amount-1cd5ed', 'highest amount in Paris', '=MAXIFS(C2:C4,B2:B4,"Paris")'),))
def _prep(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return t[0]


@rule(r"<K> (?:里|中|内|当中|里面|之中)", r"<K> (?:管理|负责|经营|主管|驾驶|开|带领|跑|销售|卖|下单)(?:的)", order=580,
      examples=(('staff_zh', '销售部里工资的总和', '=SUMIF(B2:B5,"销售部",D2:D5)'),
                ('staff_zh', '销售部中的工资总和', '=SUMIF(B2:B5,"销售部",D2:D5)')))
def _postfix(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return t[0]


@rule(r"<V> 's <V>", order=240,
      examples=(('staff', "how many of Berlin's Sales rows", '=COUNTIFS(C2:C6,"Berlin",B2:B6,"Sales")'),
                ('staff', "total Salary of Paris's IT staff", '=SUMIFS(D2:D6,C2:C6,"Paris",B2:B6,"IT")')))
def _values_possessive(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t
    if a.col is b.col or ctx.table_of(a.col) is not ctx.table_of(b.col):
        return None
    conds = (Condition(a.col.header, "=", a.value), Condition(b.col.header, "=", b.value))
    return Tok("k", "", "bool", a.col, what=conds_what(conds), conds=conds)


@rule(r"<V>", order=1200,
      examples=(('Customer-City-Amount-1cd5ed', 'highest amount in Paris', '=MAXIFS(C2:C4,B2:B4,"Paris")'),
                ('地区-销售额-成本-fd36d9', '华东的销售额合计', '=SUMIF(A2:A4,"华东",B2:B4)')))
def _value_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    v = t[0]
    if len(v.cols) > 1 and v.cols[1] in ctx.main:
        return None  # in two columns of the main table: which one is meant?
    return cond_tok(v.col, "=", v.value)


@rule(r"(?:\w+ ){1,3}: <X>", r"(?:\w+ ){1,3}: <A>", order=1210,
      examples=(('staff', 'question: total Salary', '=SUM(D2:D6)'),
                ('staff', 'my question: average Bonus', '=AVERAGE(E2:E6)')))
def _label(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return t[0]


@rule(r"<K> (?:or|或|或者) <K>", order=1060)
def _or(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t
    if len(a.conds) != 1 or len(b.conds) != 1 or a.op == "or" and False:
        return None
    return Tok("k", "", "bool", a.col, what=f"{a.what} or {b.what}", conds=a.conds + b.conds, op="or")


def _year_k(ctx: Ctx, col: Column | None, num: Tok) -> Tok | None:
    year = whole(num)
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
      r"(?:在)?<N> 年 (?:内|里|中|期间|全年)?", order=490,
      examples=(('StaffNo-Name-Team-ff08b4', 'how many people joined in 2020', '=COUNTIFS(D2:D5,">="&DATE(2020,1,1),D2:D5,"<="&DATE(2020,12,31))'),
                ('StaffNo-Name-Team-ff08b4', '2021年入职的人数', '=COUNTIFS(D2:D5,">="&DATE(2021,1,1),D2:D5,"<="&DATE(2021,12,31))')))
def _year_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # a whole calendar year of a date column: "started in 2021", "2024年的订单"
    col = next((x.col for x in t if x.kind == "c"), None)
    num = next(x for x in t if x.kind == "n")
    if "." in num.text or "-" in num.text:
        return None
    return _year_k(ctx, col, num)


@rule(r"<C> (?:is |are |was |of )?between <N> and <N> (?:inclusive)?",
      r"<C> (?:在|介于|位于)? <N> (?:到|至|~|-|和|与) <N> (?:之间|以内|范围内)", order=420,
      examples=(('Name-Department-Salary-ecddea', '工资在50000到60000之间的有几个', '=COUNTIFS(C2:C6,">=50000",C2:C6,"<=60000")'),))
def _between(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = t[0].col
    lo, hi = t[1].value, t[2].value
    if col.type != "number" or not isinstance(lo, (int, float)) or not isinstance(hi, (int, float)) or lo > hi:
        return None
    conds = (Condition(col.header, ">=", lo), Condition(col.header, "<=", hi))
    return Tok("k", "", "bool", col, what=f"{col.header} between {lo} and {hi}", conds=conds)


@rule(r"(?:in|during) <D>", r"(?:在)?<D> (?:内|里|中|期间|份|当月)?", order=480,
      examples=(('Name-Department-Salary-ecddea', 'how many rows in June 2021', '=COUNTIFS(D2:D6,">="&DATE(2021,6,1),D2:D6,"<="&DATE(2021,6,30))'),
                ('Name-Department-Salary-ecddea', '2021年6月入职的有几个', '=COUNTIFS(D2:D6,">="&DATE(2021,6,1),D2:D6,"<="&DATE(2021,6,30))')))
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


@rule(r"<K> (?:的)? <C>", r"<C> (?:在|是|为|于) <K>", order=510,
      examples=(('StaffNo-Name-Team-ff08b4', '2021年入职的人数', '=COUNTIFS(D2:D5,">="&DATE(2021,1,1),D2:D5,"<="&DATE(2021,12,31))'),))
def _k_same_date(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "2021年入职(日期)的": the date column named again next to its own condition
    k = next(x for x in t if x.kind == "k")
    col = next(x for x in t if x.kind == "c").col
    if col.type != "date" or not k.conds or any(c.column != col.header for c in k.conds):
        return None
    return k


@rule(rf"(?:who |that |which )?(?P<verb>[a-z]+) (?P<cmp>{CMP_EN_RE}) <N> (?:times)?", order=520,
      examples=(('staff', 'how many people visited fewer than 10 times', '=COUNTIF(F2:F6,"<10")'),))
def _verb_condition(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "visited fewer than 10 times": the number column named after the verb (Visits)
    verb = m.group("verb")
    stem = re.sub(r"(?:ing|es|ed|s|d)$", "", verb) if len(verb) > 4 else verb
    op = comparator(m.group("cmp"), CMP_EN)
    cols = [c for c in ctx.main if c.type == "number" and len(stem) >= 4 and c.header.lower().startswith(stem)]
    if op is None or len(cols) != 1:
        return None
    return cond_tok(cols[0], op, t[0].value)


@rule(r"被 <K>", r"被 <V>", order=190,
      examples=(('申请人-类别-金额-274439', '列出被驳回的申请人', '=FILTER(A2:A4,E2:E4="驳回")'),))
def _passive_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "被驳回的": a condition on the value (never a lookup key); 被 adds nothing
    v = t[0]
    return v if v.kind == "k" else cond_tok(v.col, "=", v.value)


@rule(r"(?:在)?<N> 月(?:份)? (?:内|里|中|期间)?", order=500,
      examples=(('申请人-类别-金额-274439', '4月份的金额合计', '=SUMIFS(C2:C4,D2:D4,">="&DATE(2024,4,1),D2:D4,"<="&DATE(2024,4,30))'),))
def _month_no_year(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "4月份的": a month without a year, when every date of the one date column is in one year
    import calendar
    import datetime as _dt

    mo = whole(t[0])
    dates = [c for c in ctx.main if c.type == "date"]
    if mo is None or not 1 <= mo <= 12 or len(dates) != 1 or t[0].op == "ordinal":
        return None
    col = dates[0]
    years = {v.year for r in range(col.first_row, col.last_row + 1)
             if isinstance(v := ctx.schema.cells.get((r, ci(col.letter))), (_dt.date, _dt.datetime))}
    if len(years) != 1:
        return None
    y = years.pop()
    conds = (Condition(col.header, ">=", f"{y:04d}-{mo:02d}-01"),
             Condition(col.header, "<=", f"{y:04d}-{mo:02d}-{calendar.monthrange(y, mo)[1]:02d}"))
    return Tok("k", "", "bool", col, what=f"{col.header} in {y}-{mo:02d}", conds=conds)


@rule(r"(?:where|when|whose|with) (?:the )?<C> (?:is|was|are|were) <N>", order=535,
      examples=(('staff', 'average Bonus where Visits is 4', '=AVERAGEIF(F2:F6,"4",E2:E6)'),))
def _num_is(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "mean grade where lesson length is 60": a number column equal to the number
    c, n = t
    if c.col.type != "number":
        return None
    return cond_tok(c.col, "=", n.value)


@rule(r"(?:have|has|having|with) (?:exactly )?<N> <C>", order=530,
      examples=(('staff', 'how many rows have exactly 3 Visits', '=COUNTIF(F2:F6,"3")'),
                ('staff', 'how many people with 4 Visits', '=COUNTIF(F2:F6,"4")')))
def _num_equal(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "flights that have 0 seats left": a number column equal to the number
    n, c = t
    if c.col.type != "number":
        return None
    return cond_tok(c.col, "=", n.value)


@rule(r"<N> 月 <N> (?:日|号)", order=170,
      examples=(('学号-姓名-班级-05aeb0', '9月1日之前缴费的有几个人', '=COUNTIF(H2:H13,"<"&DATE(2026,9,1))'),))
def _day_no_year(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "6月15日": a day without a year, when every date of the one date column is in one year
    import datetime as _dt

    mo, day, y = whole(t[0]), whole(t[1]), one_year(ctx)
    if mo is None or day is None or y is None:
        return None
    try:
        d = _dt.date(y, mo, day)
    except ValueError:
        return None
    return Tok("d", f"DATE({d.year},{d.month},{d.day})", "date", value=d.isoformat(), what=d.isoformat(), op="")


_MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october", "november", "december"]


_MON_RE = "|".join(_MONTH_NAMES + [m[:3] for m in _MONTH_NAMES if m != "may"] + ["sept"])


def _month_no(word: str) -> int | None:
    word = word.lower()
    return next((i for i, m in enumerate(_MONTH_NAMES, 1) if m == word or m[:3] == word[:3]), None)


@rule(rf"(?:in|during) (?P<mon>{_MON_RE})(?![a-z])", rf"(?P<mon2>{_MON_RE})(?![a-z]) <N> (?:st|nd|rd|th)?",
      rf"<N> (?P<mon3>{_MON_RE})(?![a-z])", order=180,
      examples=(('申请人-类别-金额-274439', 'how many records after April 10', '=COUNTIF(D2:D4,">"&DATE(2024,4,10))'),
                ('申请人-类别-金额-274439', 'total 金额 in May', '=SUMIFS(C2:C4,D2:D4,">="&DATE(2024,5,1),D2:D4,"<="&DATE(2024,5,31))')))
def _month_name_no_year(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "in April", "after June 15": a month or day without a year, when every date of the
    # one date column is in one year
    import calendar
    import datetime as _dt

    y = one_year(ctx)
    gd = m.groupdict()
    mo = _month_no(gd.get("mon") or gd.get("mon2") or gd.get("mon3") or "")
    if y is None or mo is None:
        return None
    if t:
        day = whole(t[0])
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


def _dates_year(ctx: Ctx) -> int | None:
    """The one year of every date in the main table's date columns (one or several)."""
    import datetime as _dt

    years = {v.year for col in ctx.main if col.type == "date" for r in range(col.first_row, col.last_row + 1)
             if isinstance(v := ctx.schema.cells.get((r, ci(col.letter))), (_dt.date, _dt.datetime))}
    return years.pop() if len(years) == 1 else None


@rule(rf"(?<![a-z])(?P<mon>{'|'.join(m for m in _MON_RE.split('|') if m != 'may')})(?![a-z])", order=182,
      examples=(('申请人-类别-金额-274439', 'how many records before June', '=COUNTIF(D2:D4,"<"&DATE(2024,6,1))'),
                ('申请人-类别-金额-274439', 'how many records after April', '=COUNTIF(D2:D4,">"&DATE(2024,4,30))')))
def _bare_month(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "filed before July", "after June": the month as its first day (the comparison picks the
    # end), when every date of the table is in one year
    mo, y = _month_no(m.group("mon")), _dates_year(ctx)
    if mo is None or y is None:
        return None
    return Tok("d", f"DATE({y},{mo},1)", "date", value=f"{y:04d}-{mo:02d}-01", what=f"{y:04d}-{mo:02d}", op="month")


@rule(r"(?<![月\d])<N> (?:日|号)", order=172,
      examples=(('fees_zh', '15号之前缴费的有几个', '=COUNTIF(C2:C4,"<"&DATE(2026,12,15))'),))
def _day_no_month(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "15号以前", "20号及以后": a day of the one month every date of the one date column is in
    import datetime as _dt

    dates = [c for c in ctx.main if c.type == "date"]
    if len(dates) != 1 or (day := whole(t[0])) is None:
        return None
    col = dates[0]
    months = {(v.year, v.month) for r in range(col.first_row, col.last_row + 1)
              if isinstance(v := ctx.schema.cells.get((r, ci(col.letter))), (_dt.date, _dt.datetime))}
    if len(months) != 1:
        return None
    y, mo = months.pop()
    try:
        d = _dt.date(y, mo, day)
    except ValueError:
        return None
    return Tok("d", f"DATE({d.year},{d.month},{d.day})", "date", value=d.isoformat(), what=d.isoformat(), op="")
