"""Rules for order statistics: the k-th largest or smallest, percentiles, quartiles, the rank
of a cell, the top-k values as a list.
"""

from __future__ import annotations

import re

from ..annotate import Tok
from ..phrases import (
    ORD_RE,
)
from .base import (
    Ctx,
    ordinal,
    piece,
    rule,
    whole,
)
from .words import (
    ASC_RE,
    DESC_RE,
    MAXW_RE,
    MINW_RE,
    NOUN_EN_RE,
)


@rule(rf"(?:the )?(?:{ORD_RE}|<N>) (?P<w>{MAXW_RE}|{MINW_RE}) <C>",
      r"<C> (?:的)?第 <N> (?P<z>大|高|多|小|低|少)(?:的)?(?:值|数|分数|分|数值)?",
      r"第 <N> (?P<z2>大|高|多|小|低|少)(?:的)? <C>",
      r"<C> (?:的)?(?:排名|排行|排)第 <N> (?:位|名)?(?:的)?(?:值|数值|数|分数)?", order=370,
      examples=(('Name-Department-Salary-ecddea', 'the 2nd highest salary', '=LARGE(C2:C6,2)'),
                ('Customer-City-Amount-f087b0', '金额第二大的值', '=LARGE(C2:C7,2)')))
def _kth(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    col = next(x for x in t if x.kind == "c").col
    num = next((x for x in t if x.kind == "n"), None)
    k = ordinal(gd.get("ord"), ctx) if gd.get("ord") else (whole(num) if num else None)
    word = gd.get("w") or gd.get("z") or gd.get("z2") or "大"
    if k is None or k < 1 or col.type != "number":
        return None
    large = re.fullmatch(MAXW_RE + "|大|高|多", word) is not None
    fn = "LARGE" if large else "SMALL"
    return piece(f"{fn}({col.range},{k})", "num", f"{k}-th {'largest' if large else 'smallest'} {col.header}")


@rule(r"(?:the )?<N> percentile (?:of |for |in )?(?:the )?<C>", r"<C> (?:的)?(?:第)?<N> (?:个)?百分位(?:数|值|点)?", order=380,
      examples=(('staff', 'the 90 percentile of Salary', '=PERCENTILE.INC(D2:D6,0.9)'),
                ('staff_zh', '工资的第90百分位数', '=PERCENTILE.INC(D2:D5,0.9)')))
def _percentile(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = next(x for x in t if x.kind == "c").col
    num = next(x for x in t if x.kind == "n").value
    if col.type != "number" or not 0 <= num <= 100:
        return None
    p = num / 100 if num > 1 else num
    ptxt = repr(round(p, 6)).rstrip("0").rstrip(".") if p != int(p) else str(int(p))
    return piece(f"PERCENTILE.INC({col.range},{ptxt})", "num", f"{num}th percentile of {col.header}")


@rule(r"(?:the )?(?P<q>first|lower|1st|third|upper|3rd) quartile (?:of |for )?(?:the )?<C>",
      r"<C> (?:的)?(?:第 <N> |(?P<zq>下|上))四分位(?:数|点)?", order=390,
      examples=(('staff', 'first quartile of Salary', '=QUARTILE.INC(D2:D6,1)'),
                ('staff_zh', '工资的下四分位数', '=QUARTILE.INC(D2:D5,1)')))
def _quartile(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = next(x for x in t if x.kind == "c").col
    gd = m.groupdict()
    num = next((x for x in t if x.kind == "n"), None)
    q = 1 if (gd.get("q") or "") in ("first", "lower", "1st") or gd.get("zq") == "下" else 3
    if num is not None:
        q = whole(num)
    if col.type != "number" or q not in (1, 2, 3):
        return None
    return piece(f"QUARTILE.INC({col.range},{q})", "num", f"quartile {q} of {col.header}")


@rule(rf"(?:the )?rank (?:of )?<R> (?:among|in|within|out of|compared to|relative to|across) (?:all )?(?:the )?(?:<C>|{NOUN_EN_RE}s?|rows)?(?: ,)? (?:(?P<o>{DESC_RE}|{ASC_RE}))?",
      rf"<R> (?:在)?(?:所有人|所有|全部|全体|整列|全部员工|所有员工|所有学生|全班)?(?:中|里|当中)?(?:的)?(?:排名|名次)(?:是)?(?:第几)?(?: \(?(?P<zo>{DESC_RE}|{ASC_RE})\)?)?", order=700,
      examples=(('staff', "rank of the first row's Salary among all Salary", '=RANK.EQ(D2,D2:D6)'),
                ('staff_zh', '第一行的工资在所有人中的排名', '=RANK.EQ(D2,D2:D5)')))
def _rank(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    ref = t[0]
    col = t[1].col if len(t) > 1 else ref.col
    if ref.col is None or col is not ref.col or col.type != "number":
        return None
    order = m.groupdict().get("o") or m.groupdict().get("zo")
    asc = order is not None and re.fullmatch(ASC_RE, order) is not None
    return piece(f"RANK.EQ({ref.text},{col.range}{',1' if asc else ''})", "num",
              f"rank of {ref.text} in {col.header} ({'smallest' if asc else 'largest'} = 1)")


@rule(r"(?:the )?(?P<e>top|largest|highest|biggest|lowest|smallest|bottom) <N> <C>",
      r"(?:the )?<N> (?P<e2>largest|highest|biggest|lowest|smallest) <C>",
      r"<C> (?:的)?(?P<ze>前|最高的|最大的|最低的|最小的) <N> (?:名|个|位|项|笔)?(?:的)?(?:值|数值)?", order=300,
      examples=(('Name-Department-Salary-ecddea', 'top 2 salaries', '=LARGE(C2:C6,SEQUENCE(2))'),))
def _top_list(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "top 3 costs": the k largest values, largest first
    col = t[1].col if t[1].kind == "c" else t[0].col
    k = whole(next(x for x in t if x.kind == "n"))
    if k is None or k < 1 or col.type != "number" or k > col.last_row - col.first_row + 1:
        return None
    if m.groupdict().get("e2") and (t[0].op == "ordinal" or t[1].op != "plural"):
        return None  # "the 2nd highest", "the 2 highest score": one value (_kth)
    large = (m.groupdict().get("e") or m.groupdict().get("e2") or m.groupdict().get("ze")) in (
        "top", "largest", "highest", "biggest", "前", "最高的", "最大的")
    fn = "LARGE" if large else "SMALL"
    return Tok("a", f"{fn}({col.range},SEQUENCE({k}))", "num", col,
               what=f"the {k} {'largest' if large else 'smallest'} {col.header}", op="top")
