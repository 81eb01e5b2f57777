"""Rules that aggregate a column over all rows or the rows meeting conditions: sums, averages,
counts, extremes, SUMPRODUCT of two columns, top-n sums, distinct counts.
"""

from __future__ import annotations

import re

from ..annotate import Tok
from ..phrases import (
    AGG_WORD,
    FUNC_OF_AGG,
    ZH_CLASSIFIERS,
)
from ..rowbase import flag_columns, lexicon
from .base import (
    Ctx,
    agg_op,
    agg_tok,
    ci,
    cond_masks,
    piece,
    rule,
    unique_col,
    whole,
)
from .words import (
    AGG_EN_RE,
    AGG_ZH_RE,
    NOUN_EN_RE,
    NOUN_ZH_RE,
    REL_RE,
    VALUE_NOUNS_ZH_RE,
)


@rule(r"(?:how many|number of|count of|count the|count) (?:unique|distinct|different) <C> (?:are there|exist|there are|values)?",
      r"(?:有|一共有|共有|总共有)?(?:多少|几) (?:个|种|类)?(?:不同|不重复)(?:的)? <C>",
      r"<C> (?:有)?(?:多少|几)(?:个|种)?(?:不同的值|不同值|不同|不重复的值|不重复值|唯一值)", order=260,
      examples=(('Customer-City-Amount-f087b0', 'how many distinct cities are there?',
                 '=SUMPRODUCT(1/COUNTIF(B2:B7,B2:B7))'),))
def _count_distinct(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # SUMPRODUCT(1/COUNTIF(r,r)), not COUNTA(UNIQUE(r)): every target computes it (UNIQUE is
    # Excel 365's); a blank cell would divide by 0, so such a column is left to other readers
    from ..rowbase import values

    col = t[0].col
    if any(v is None or str(v).strip() == "" for v in values(ctx.schema, col)):
        return None
    return piece(f"SUMPRODUCT(1/COUNTIF({col.range},{col.range}))", "num", f"number of distinct {col.header}")


@rule(r"(?:the )?total (?:number|amount|count|quantity) of (?:the )?<C>", order=410,
      examples=(('staff', 'total number of Visits', '=SUM(F2:F6)'),
                ('staff', 'the total amount of Bonus', '=SUM(E2:E6)')))
def _total_number(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = t[0].col
    return agg_tok(ctx, "sum", col) if col.type == "number" else agg_tok(ctx, "count", col)


@rule(rf"<G> (?:的)?(?:{VALUE_NOUNS_ZH_RE})", order=445,
      examples=(("grades_zh", "语文的最高成绩", "=MAX(B2:B5)"),
                ("grades_zh", "英语的平均得分", "=AVERAGE(D2:D5)")))
def _aggregate_of_values(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "数学的平均成绩": 成绩 says what the cells of 数学 hold; it names no other column
    g = t[0]
    return g if g.col is not None and g.col.type == "number" and g.op != "count" else None


@rule(rf"(?P<w>{AGG_EN_RE}) (?:of )?(?:the |all )?(?:the )?<C>",
      r"(?P<z>平均|最高|最大|最低|最小|最早|最晚|最近|最新|总)(?:的)? <C>",
      rf"<C> (?:的)?(?P<zs>{AGG_ZH_RE})", order=440,
      examples=(('Region-Sales-6cb341', 'total sales', '=SUM(B2:B4)'),
                ('地区-金额-12ede8', '金额合计', '=SUM(B2:B3)')))
def _aggregate(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    op = agg_op(gd.get("w") or gd.get("z") or gd.get("zs"))
    col = t[0].col
    if op is None:
        return None
    if col.type == "date" and op not in ("max", "min"):
        return None
    return agg_tok(ctx, op, col)


@rule(rf"(?:how many|number of|count of|count the|count) (?:the )?(?:<C>|(?:{NOUN_EN_RE})s?|people|entries)? (?:(?:are|were|is|have|has|had|with|in|that|who|which|scored|got|earned|did|do|{REL_RE}) )*<K>",
      r"(?:number|count|how many) <K>",
      r"<K> (?:一共|总共|共)?(?:[\u4e00-\u9fff]{1,2})?了 (?:多少|几)(?:次|趟|回|遍)",
      rf"(?:how many|number of) (?:the )?(?:<C>|(?:{NOUN_EN_RE})s?|people|entries)? (?:does|do|did) <K> "
      r"(?:have|has|own|organi[sz]e|run|manage|handle|lead|host|do|make|sell|teach|drive|attend|work on|own)",
      rf"<K> (?:的)?(?:<C>|{NOUN_ZH_RE})? (?:有|共有|一共有)?(?:多少|几)(?:[{ZH_CLASSIFIERS}人种])?(?:<C>|{NOUN_ZH_RE})?",
      rf"<K> (?:的)?(?:<C>|{NOUN_ZH_RE})? (?:的)?(?:人数|个数|条数|行数|数目|总数|场次|次数|场数|桌数)",
      rf"<K> (?:的)?(?:{NOUN_ZH_RE}|行|笔)数", order=600,
      examples=(('StaffNo-Name-Team-ff08b4', 'how many people joined in 2020', '=COUNTIFS(D2:D5,">="&DATE(2020,1,1),D2:D5,"<="&DATE(2020,12,31))'),
                ('姓名-部门-病假-400e95', '病假不等于0的人数', '=COUNTIF(C2:C4,"<>0")')))
def _count(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    conds = next((x.conds for x in t if x.kind == "k"), ())
    col = next((x.col for x in t if x.kind == "c"), None)
    if not conds and col is None and not re.search(rf"{NOUN_EN_RE}|people|entries|{NOUN_ZH_RE}", m.group(0)):
        return None
    if col is not None and any(c.letter == col.letter for c, _h, _v in flag_columns(ctx.schema)):
        return None  # "how many emergencies" on an Emergency column of Yes / No: its Yes rows, not all
    if conds:
        return agg_tok(ctx, "count", None, conds)
    return agg_tok(ctx, "count", col if col is not None else None)


@rule(r"<K> <C>", order=670,
      examples=(('Date-Rep-Region-f09674', 'total monitor sales in the West', '=SUMIFS(G2:G15,D2:D15,"Monitor",C2:C15,"West")'),))
def _prenominal(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "Paris amounts": the column's values in the rows meeting the condition
    k, col = t[0], t[1].col
    if k.op == "or" or col.type != "number" or any(
            ctx.table_of(ctx.schema.column(c.column)) is not ctx.table_of(col) for c in k.conds):
        return None
    return Tok("a", f"FILTER({col.range},{cond_masks(ctx, k)})", "num", col,
               what=f"{col.header} where {k.what}", op="filter", conds=k.conds, value="prenominal")


@rule(rf"(?P<w>{AGG_EN_RE}) rows? (?:<K> )?(?:in|by|of) (?:the )?<C>", order=610,
      examples=(('staff', 'sum rows in Salary', '=SUM(D2:D6)'),
                ('staff', 'average rows of Bonus', '=AVERAGE(E2:E6)')))
def _agg_row_in(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    op = agg_op(m.group("w"))
    col = t[-1].col
    k = t[0] if t[0].kind == "k" else None
    return None if op is None else agg_tok(ctx, op, col, k.conds if k else ())


@rule(r"<G> (?:across |over |for |of |in |among |from )?(?:all |every |each |the )?<C>", order=620,
      examples=(('Booking-Guest-RoomType-65b080', 'how many suite bookings', '=COUNTIF(C2:C15,"Suite")'),))
def _agg_entity(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "total hours for open tickets": the column naming the rows (unique values) adds nothing
    g, c = t
    col = c.col
    if col is g.col or col.type not in ("text", "mixed") or ctx.table_of(col) is not ctx.table_of(g.col or col):
        return None
    values = [ctx.schema.cells.get((r, ci(col.letter))) for r in range(col.first_row, col.last_row + 1)]
    if len(set(values)) != len(values):
        return None
    return g


@rule(r"<G> (?:'s )?(?:in|from|of) (?:the )?<C>", order=625,
      examples=(('Booking-Guest-RoomType-65b080', "count the Suite's in the room type column",
                 '=COUNTIF(C2:C15,"Suite")'),))
def _count_in_its_column(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "count the Y's in the late column": the column the counted value is in, named again
    g, c = t
    if g.op != "count" or not g.conds or any(k.column != c.col.header or k.op != "=" for k in g.conds):
        return None
    return g


@rule(r"<G> (?:does|do|did) <K> (?:have|has|own|organi[sz]e|run|manage|handle|lead|host|make|sell|teach|drive|attend|work on)",
      r"<G> (?:(?:for|where|in|with|of|among|from|across|when|are|were|is|was|still|currently|that|which|have|has|had|"
      + REL_RE + r") )*(?:the |all )?<K>",
      rf"<K> (?:的)?(?:{NOUN_ZH_RE}|<C>)?(?:的)? <G>", r"<K> (?:且|并且|而且|and|,|同时) <G>", order=630,
      examples=(('Customer-City-Amount-1cd5ed', 'highest amount in Paris', '=MAXIFS(C2:C4,B2:B4,"Paris")'),
                ('地区-销售额-成本-fd36d9', '华东的销售额合计', '=SUMIF(A2:A4,"华东",B2:B4)')))
def _agg_where(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    g = next(x for x in t if x.kind == "g")
    k = next(x for x in t if x.kind == "k")
    mid = next((x for x in t if x.kind == "c"), None)
    if mid is not None and (mid.col.type not in ("text", "mixed") or ctx.table_of(mid.col) is not ctx.table_of(g.col or mid.col)):
        return None
    if k.op == "or" or (k.conds and "且" not in m.group(0) and "and" not in m.group(0) and g.conds and False):
        return None
    return agg_tok(ctx, g.op, g.col, g.conds + k.conds, g.cols)


@rule(r"(?:sum|total|sum of|total of|add up|合计|求和)? (?:the )?(?:\w+ ){0,2}\( <A> \)(?: <K>)?",
      r"(?:sum|total|sum of|total of|add up) (?:the )?<A>(?: <K>)?",
      r"<A> (?:,)? (?:后)?(?:的)?(?:summed|added up|in total|求和|之和|总和|合计)(?: <K>)?",
      r"<K> (?:的)?<A> (?:之和|的总和|总和|合计|求和)", order=650,
      examples=(('Customer-City-Amount-f087b0', 'total of amount times qty', '=SUMPRODUCT(C2:C7,D2:D7)'),))
def _sumproduct(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a = next((x for x in t if x.kind == "a"), None)  # <A> also matches a plain column
    k = next((x for x in t if x.kind == "k"), None)
    if a is None or a.op != "product":
        return None
    if "(" in m.group(0) and not re.match(r"\s*(?:sum|total|add|合计|求和)", m.group(0)):
        return None
    return agg_tok(ctx, "sumproduct", None, k.conds if k else (), a.cols)


@rule(rf"(?:how many|number of|count of|count the|count) (?:the )?(?:<C>|(?:{NOUN_EN_RE})s?|people|entries)? (?:are |were |is |there |are there )?(?:listed|there|in total|in the table|recorded)?",
      rf"(?:<C>|{NOUN_ZH_RE}) (?:有|共有|一共有)?(?:多少|几)(?:个|人|条|行|名|项|种|件|位|笔)",
      rf"(?:{NOUN_ZH_RE})(?:的)?(?:人数|个数|条数|行数|数目|总数)", order=1190,
      examples=(('Dept-Name-52f910', 'how many depts', '=COUNTA(A2:A4)'),
                ('工号-姓名-部门-2aac0f', '员工人数', '=COUNTA(A2:A13)')))
def _count_all(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return _count(ctx, m, t)


@rule(r"(?:the )?(?:number|count) of non[- ]?(?:empty|blank) <C> (?:cells|values|entries)?",
      r"<C> (?:的)?(?:非空|不为空)(?:的)?(?:单元格|值|格子)?(?:的)?(?:个数|数量|数目|数)",
      r"(?:count )?(?:the )?non[- ]?(?:empty|blank) (?:cells )?(?:in )?(?:the )?<C>", order=400,
      examples=(('staff', 'number of non-empty Name cells', '=COUNTA(A2:A6)'),
                ('staff_zh', '姓名的非空单元格个数', '=COUNTA(A2:A5)')))
def _counta(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = t[0].col
    return piece(f"COUNTA({col.range})", "num", f"number of non-empty {col.header} cells")


@rule(rf"(?P<w>{AGG_EN_RE}) (?:of )?(?:the )?<A>", rf"<A> (?:后)?(?:的)?(?P<z>{AGG_ZH_RE})", rf"(?P<z2>{AGG_ZH_RE}) <A>", order=660,
      examples=(('Date-Rep-Region-f09674', 'total monitor sales in the West', '=SUMIFS(G2:G15,D2:D15,"Monitor",C2:C15,"West")'),))
def _agg_array(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a = t[0]
    op = agg_op(m.groupdict().get("w") or m.groupdict().get("z") or m.groupdict().get("z2"))
    if op is None or a.op not in ("filter", "head", "range") or a.type not in ("num", "any"):
        return None
    if a.op == "filter" and "FILTER" not in ctx.ann.hints:
        return agg_tok(ctx, op, a.col, a.conds)
    return piece(f"{FUNC_OF_AGG[op]}({a.text})", "num", f"{AGG_WORD[op]} of {a.what}")


@rule(rf"(?P<w>{AGG_EN_RE}) (?:of )?(?:the )?(?P<e>top|largest|highest|biggest|lowest|smallest|bottom) <N> <C>",
      r"<C> (?:的)?(?P<ze>前|最高的|最大的|最低的|最小的|后) <N> (?:名|个|位|项|笔)?(?:的)?(?P<zw>总和|之和|合计|和|平均值|平均数|平均)", order=290,
      examples=(('Name-Department-Salary-ecddea', 'sum of the top 3 salaries', '=SUM(LARGE(C2:C6,{1,2,3}))'),
                ('Name-Department-Salary-ecddea', '工资前三名的总和', '=SUM(LARGE(C2:C6,{1,2,3}))')))
def _top_n(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "sum of the top 3 salaries" / "金额前三名的总和"
    col = next(x for x in t if x.kind == "c").col
    k = whole(next(x for x in t if x.kind == "n"))
    gd = m.groupdict()
    op = agg_op(gd.get("w") or gd.get("zw") or "")
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
    return piece(f"{FUNC_OF_AGG[op]}({fn}({col.range},{arr}))", "num",
              f"{AGG_WORD[op]} of the {k} {'largest' if large else 'smallest'} {col.header}")


@rule(rf"平均每(?:个|一个|位|名|件|笔|条|次|家|本)? (?:{NOUN_ZH_RE}|<C>) (?:的)?(?:是)?(?:有)?(?:多少)? <C> (?:是多少|多少)?",
      rf"每(?:个|一个|位|名|件|笔|条|次|家|本)? (?:{NOUN_ZH_RE}) (?:的)?平均 (?:是)?(?:多少)? <C> (?:是多少|多少)?",
      r"(?:the )?average <C> per (?:row|record|entry|person|employee|order|item|student)", order=350,
      examples=(('Name-Department-Salary-ecddea', '平均每个员工多少工资', '=AVERAGE(C2:C6)'),))
def _avg_per_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "平均每个订单多少金额": the average over rows (每 + a row noun, or a column of
    # unique values such as the names: each row is its own group)
    if len(t) == 2 and not unique_col(t[0].col, ctx.schema):
        return None
    col = t[-1].col
    return agg_tok(ctx, "average", col) if col.type == "number" else None


@rule(r"<K> (?:的)?(?:<C>)? (?:总共|一共|总计|合计)(?:是|有|[\u4e00-\u9fff]{1,2}了|花费|花)?(?:多少)? <C>",
      r"<K> (?:的)? <C> (?:总共|一共|总计)(?:是|有)?多少",
      r"<C> (?:总共|一共|总计)(?:是|有)?多少", order=430,
      examples=(('日期-店员-片区-ae397e', '营业额超过400的合计营业额', '=SUMIF(D2:D5,">400",D2:D5)'),))
def _sum_total_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "华东总共多少金额": 总共多少 + a number column is a total, not a count
    col = t[-1].col if t[-1].kind == "c" else None
    k = next((x for x in t if x.kind == "k"), None)
    if col is None or col.type != "number":
        return None
    return agg_tok(ctx, "sum", col, k.conds if k else ())


@rule(r"<K> (?:的)?(?P<z>最近|最后|最晚|最早|第)(?: <N> 次)?(?:的)? <C>", order=590,
      examples=(('Name-Department-Salary-ecddea', 'Cy最近一次的Start date', '=MAXIFS(D2:D6,A2:A6,"Cy")'),))
def _last_date_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "李四最近一次的日期": the latest date among the rows meeting the condition
    k, c = t[0], t[-1]
    if c.col.type != "date" or (len(t) == 3 and whole(t[1]) != 1) or (m.group("z") == "第" and len(t) != 3):
        return None
    op = "max" if m.group("z") in ("最近", "最后", "最晚") else "min"
    return agg_tok(ctx, op, c.col, k.conds)


def _blank_count(ctx: Ctx, col) -> Tok | None:
    # a date column left empty until the thing is done ("Settled", "缴费日期"): its blanks are the rows not done
    # the range runs to the table's last row: a blank in the last row ends the column's own range early
    if col is None or col.type != "date":
        return None
    table = ctx.table_of(col)
    first, last = min(c.first_row for c in table), max(c.last_row for c in table)
    if col.first_row != first:
        return None
    rng = f"{col.letter}{first}:{col.letter}{last}"
    from ..schema import col_index

    def empty(r: int, c) -> bool:
        return ctx.schema.cells.get((r, col_index(c.letter))) in (None, "")

    if any(all(empty(r, c) for c in table) for r in range(first, last + 1)):
        # a blank row left inside the table is no row not done: count the rows that have
        # a first column (its only blanks are the blank rows) and no date
        key = next((c for c in table if c is not col and all(
            not empty(r, c) or all(empty(r, o) for o in table) for r in range(first, last + 1))), None)
        if key is None:
            return None
        return piece(f'COUNTIFS({key.letter}{first}:{key.letter}{last},"<>",{rng},"")', "num",
                     f"number of rows with a {key.header} and no {col.header}")
    return piece(f"COUNTBLANK({rng})", "num", f"number of rows with no {col.header}")


def _undone_col(ctx: Ctx, verb: str):
    # "unsettled" -> the one date column whose header starts with the verb's stem ("Settled")
    stem = re.sub(r"(?:ed|d)$", "", verb)
    cols = [c for c in ctx.main if c.type == "date" and len(stem) >= 4 and c.header.lower().startswith(stem)]
    return cols[0] if len(cols) == 1 else None


@rule(r"<G> (?:still |yet )?(?:not (?:yet )?(?:been )?<C>|un(?P<v>[a-z]{4,}ed))",
      r"(?:how many|number of) [a-z]+ (?:are|were|is|have|has) (?:still |yet )?not (?:yet )?(?:been )?<C>",
      r"(?:number|count) of (?:still )?un(?P<v2>[a-z]{4,}ed) [a-z]+",
      r"(?:还)?(?:未|没有?|尚未|还没有?) <C> (?:的)?(?:户数|人数|个数|笔数|条数|单数|数量|家数)",
      r"(?:还)?(?:未|没有?|尚未|还没有?) <C> 的[\u4e00-\u9fff]{0,3}?(?:一共|总共)?有?(?:多少|几)(?:个|条|笔|单|户|人|位|家|项|批)",
      order=1183,
      examples=(('loans', 'how many loans are still unreturned', '=COUNTBLANK(C2:C5)'),
                ('loans', 'how many loans were not returned', '=COUNTBLANK(C2:C5)'),
                ('loans', 'number of unreturned loans', '=COUNTBLANK(C2:C5)'),
                ('fees_zh', '没有缴费日期的有多少户', '=COUNTBLANK(C2:C5)'),
                ('fees_zh', '未缴费的户数', '=COUNTBLANK(C2:C5)')))
def _count_undone(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "how many claims are still unsettled", "未缴费的户数": rows whose done-date is still empty
    g = next((x for x in t if x.kind == "g"), None)
    if g is not None and (g.op != "count" or g.conds):
        return None
    verb = m.groupdict().get("v") or m.groupdict().get("v2")
    col = _undone_col(ctx, verb) if verb else next((x.col for x in t if x.kind == "c"), None)
    return _blank_count(ctx, col)


_UNDONE = {k: tuple(v) for k, v in lexicon("aggregates")["undone"].items() if not k.startswith("_")}
_UNDONE_EN_RE = "|".join(sorted((w for w in _UNDONE if w.isascii()), key=len, reverse=True))
_UNDONE_ZH_RE = "|".join(sorted((w for w in _UNDONE if not w.isascii()), key=len, reverse=True))


@rule(rf"<G> (?:still |yet )?(?P<u>{_UNDONE_EN_RE})",
      rf"(?:how many|number of) (?:still )?(?P<u2>{_UNDONE_EN_RE}) [a-z]+",
      rf"(?P<u3>{_UNDONE_EN_RE}) [a-z]+ count",
      rf"(?:还有)?(?:几|多少)(?:户|人|笔|单|家|位|个)(?:还)?(?P<z>{_UNDONE_ZH_RE})(?:的)?",
      rf"(?:还)?(?P<z2>{_UNDONE_ZH_RE})(?:的)?(?:户数|人数|个数|笔数|条数|单数|家数)", order=1184,
      examples=(('loans', 'how many loans are still outstanding', '=COUNTBLANK(C2:C5)'),
                ('loans', 'outstanding loans count', '=COUNTBLANK(C2:C5)'),
                ('fees_zh', '还有几户没交钱', '=COUNTBLANK(C2:C5)')))
def _count_undone_word(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "open claims" -> the one date column the lexicon says stays empty while a claim is open (Settled)
    g = next((x for x in t if x.kind == "g"), None)
    if g is not None and (g.op != "count" or g.conds):
        return None
    word = next(w for k in ("u", "u2", "u3", "z", "z2") if (w := m.groupdict().get(k)))
    heads = _UNDONE[word]
    cols = [c for c in ctx.main if c.type == "date" and any(h in c.header.lower() for h in heads)]
    return _blank_count(ctx, cols[0]) if len(cols) == 1 else None
