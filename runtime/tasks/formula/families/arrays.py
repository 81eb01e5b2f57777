"""Rules whose result is a list (Excel 365 dynamic arrays): UNIQUE, SORT, SEQUENCE, FILTER,
asked for by name or by "list"/"列出".
"""

from __future__ import annotations

import re

from ..annotate import Tok, col_type
from .base import (
    Ctx,
    cond_masks,
    person_col,
    rule,
    unique_col,
    whole,
)
from .words import (
    ASC_RE,
    DESC_RE,
    NOUN_ZH_RE,
    REL_RE,
)


@rule(r"(?:the )?(?:list of )?(?:unique|distinct|different) (?:values of |values in |values from |list of )?(?:the )?<C>(?: <K>)?",
      r"(?:the )?<C> without duplicates(?: <K>)?", r"(?:list |show )?(?:each|every) <C> (?:only )?once", r"(?:the )?(?:unique|distinct) values (?:of|in|from) (?:the )?<C>(?: <K>)?",
      r"(?:不重复|唯一|去重|不同)(?:后)?(?:的)? <C> (?:列表|值|清单|名单)?",
      r"<C> (?:的)?(?:唯一值|不重复值|去重后的值|去重|不重复列表|去重列表)(?:列表)?", order=1140,
      examples=(('Customer-City-Amount-f087b0', 'unique cities', '=UNIQUE(B2:B7)'),
                ('Customer-City-Amount-f087b0', '不重复的城市', '=UNIQUE(B2:B7)')))
def _unique(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = t[0].col
    k = t[1] if len(t) > 1 else None
    src = col.range if k is None else f"FILTER({col.range},{cond_masks(ctx, k)})"
    return Tok("a", f"UNIQUE({src})", col_type(col), col, what=f"distinct {col.header}")


@rule(rf"(?:sort |order )?(?:the )?<A> (?:sorted |sort(?:ed)? |in |ordered |arranged )?(?:from |by |in )?(?P<o>{DESC_RE}|{ASC_RE})(?: order)?(?:排序|排列|排)?",
      r"(?:sort|order) (?:the )?<A>", r"(?:a )?sorted (?:list of )?(?:the )?<A>", r"(?:the )?<A> (?:sorted|in order)",
      rf"(?:把|将|对)? <A> (?:按)?(?:照)?(?P<zo>{DESC_RE}|{ASC_RE})(?:排序|排列|排)?(?:后的结果|的结果)?",
      rf"(?:按)?(?P<zo2>{DESC_RE}|{ASC_RE})(?:排序|排列)(?:的)? <A>",
      r"(?:把|将|对)? <A> (?:排序|进行排序)", order=1150,
      examples=(('Name-Department-Salary-ecddea', 'salaries sorted descending', '=SORT(C2:C6,1,-1)'),))
def _sort(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a = t[0]
    if a.op == "product" or a.text.startswith("SORT("):
        return None
    o = m.groupdict().get("o") or m.groupdict().get("zo") or m.groupdict().get("zo2")
    desc = o is not None and re.fullmatch(DESC_RE, o) is not None
    return Tok("a", f"SORT({a.text},1,-1)" if desc else f"SORT({a.text})", a.type, a.col,
               what=f"{a.what} sorted {'descending' if desc else 'ascending'}")


@rule(r"(?:a |the )?(?:sequence|list|series|column|array|range) (?:of )?(?:the )?(?:numbers |integers |whole numbers )?(?:from )?<N> (?:to|through|-|until|thru) <N>",
      r"(?:the )?(?:numbers|integers) (?:from )?<N> (?:to|through|-) <N>",
      r"(?:生成|创建|列出)?(?:从)? <N> (?:到|至|-|~) <N> (?:的)?(?:整数|数字|自然数)?(?:序列|数列|列表)?",
      r"(?:a |the )?(?:sequence|list|series|array) of (?:the )?(?:first )?<N> (?:numbers|integers|rows|values)",
      r"(?:the )?first <N> (?:positive |natural |whole |counting )?(?:numbers|integers)",
      r"(?:生成|创建)? <N> 个(?:连续的)?(?:数字|数|整数|序号)(?:的)?(?:序列|数列)?", order=1160,
      examples=(('Customer-City-Amount-f087b0', 'a sequence of numbers 1 to 4', '=SEQUENCE(4)'),))
def _sequence(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    nums = [whole(x) for x in t]
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
      r"(?:(?:that|which|who|are|is|were|" + REL_RE + r") )*<K>",
      rf"(?:列出|显示|筛选出?|找出|返回|给出|提取|查出)? <K> (?:的)? (?:所有|全部)?(?:的)? (?:{NOUN_ZH_RE})? <C> (?:列表|名单|清单|有哪些|都有哪些|是哪些|有谁)?",
      rf"(?:列出|显示|筛选出?|找出|返回|给出|提取|查出) <K> (?:的)? (?:所有|全部)?(?:的)? (?P<noun>{NOUN_ZH_RE})",
      r"(?P<rows>list|show|display) (?:all |every )?(?:the )?<K>",
      r"^(?:all |the )*(?P<rows2>rows) (?:(?:that|which|who|are|is|were|" + REL_RE + r") )*<K>$", order=1170,
      examples=(('Customer-City-Amount-1cd5ed', 'list the customers in Paris', '=FILTER(A2:A4,B2:B4="Paris")'),
                ('申请人-类别-金额-274439', '列出被驳回的申请人', '=FILTER(A2:A4,E2:E4="驳回")')))
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
        col = first if first.type in ("text", "mixed") and unique_col(first, ctx.schema) else None
    if col is None:
        col = person_col(ctx) if m.groupdict().get("noun") in ("员工", "学生", "人", "同学", "职员") else None
    if col is None:
        return None
    if any(ctx.table_of(ctx.schema.column(c.column)) is not ctx.table_of(col) for c in k.conds):
        return None
    if k.op == "or":
        return None
    return Tok("a", f"FILTER({col.range},{cond_masks(ctx, k)})", col_type(col), col,
               what=f"{col.header} where {k.what}", op="filter", conds=k.conds)
