"""Rules for date arithmetic: year/month/day/weekday of a date, month ends, adding months or
days, differences in days, months or years, working days, a date written next to its column.
"""

from __future__ import annotations

import re

from ..annotate import OPEN, Tok
from .base import (
    Ctx,
    date_like,
    nth_cell,
    piece,
    rule,
    whole,
)


@rule(r"(?:the )?(?P<p>year|month|day|weekday|day of (?:the )?week)(?: number)? (?:of|in|for|from) (?:the )?<X>",
      r"<X> 's (?P<p2>year|month|day|weekday)(?: number)?",
      r"<X> (?:的)?(?:是)?(?P<z>年份|哪一年|哪年|月份|几月|哪个月|日期是几号|几号|星期几|周几|星期|年|月)(?: \(? (?:数字|用数字表示|数字表示) \)?)?", order=730,
      examples=(('Customer-City-Amount-f087b0', 'month of the latest Ordered date', '=MONTH(MAX(E2:E7))'),))
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
    return piece(f"{fn}({x.text})", "num", f"{fn.lower()} of {x.what or x.text}")


def _date_and_count(t: list[Tok]) -> tuple[Tok, int] | None:
    """The date and the whole number of a "<n> months/days after <date>" phrase."""
    num = next(v for v in t if v.kind == "n")
    x = next(v for v in t if v is not num)
    n = whole(num)
    return None if n is None or x.type != "date" else (x, n)


@rule(r"(?:the )?(?:end of (?:the )?month|month[- ]end|last day of (?:the |its )?month) (?:of|for|in)? (?:the )?<X>",
      r"<X> (?:所在)?(?:月份|月|当月)?(?:的)?(?:最后 <N> 天|月末|月底|最后一天)", order=720,
      examples=(('staff', 'last day of the month of the first Start', '=EOMONTH(G2,0)'),))
def _eomonth(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    if x.type != "date" or (len(t) > 1 and whole(t[1]) != 1):
        return None
    return piece(f"EOMONTH({x.text},0)", "date", f"last day of the month of {x.what or x.text}")


@rule(r"(?:the )?(?:date )?<N> months? (?P<dir>after|before|from|later than|prior to|earlier than) (?:the )?<X>",
      r"<X> (?P<sign>plus|\+|minus|-) <N> months?",
      r"<X> (?P<zdir>之后|以后|后|之前|以前|前|加上?|减去?) <N> 个?月(?:后|前)?(?:的)?(?:日期)?", order=740,
      examples=(('staff', '3 months after the first Start', '=EDATE(G2,3)'),
                ('staff_zh', '第一个入职日期之后3个月', '=EDATE(F2,3)')))
def _edate(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    found = _date_and_count(t)
    if found is None:
        return None
    x, n = found
    gd = m.groupdict()
    neg = (gd.get("dir") in ("before", "prior to", "earlier than") or gd.get("sign") in ("minus", "-")
           or (gd.get("zdir") or "") in ("之前", "以前", "前", "减", "减去"))
    return piece(f"EDATE({x.text},{-n if neg else n})", "date",
              f"{x.what or x.text} {'minus' if neg else 'plus'} {n} months")


def _diff(ctx: Ctx, a: Tok, b: Tok, unit: str) -> Tok | None:
    if not (date_like(a) and date_like(b)):
        return None
    hints = ctx.ann.hints
    u = {"day": "D", "days": "D", "天": "D", "month": "M", "months": "M", "月": "M", "个月": "M",
         "year": "Y", "years": "Y", "年": "Y", "week": "W", "weeks": "W", "周": "W"}[unit]
    if u == "W":
        return piece(f"INT(({b.text}-{a.text})/7)", "num", f"whole weeks from {a.what} to {b.what}")
    if u == "D" and "DATEDIF" not in hints:
        text = f"DAYS({b.text},{a.text})" if "DAYS" in hints else f"{b.text}-{a.text}"
    else:
        text = f'DATEDIF({a.text},{b.text},"{u}")'
    return piece(text, "num", f"{ {'D': 'days', 'M': 'months', 'Y': 'years'}[u]} from {a.what or a.text} to {b.what or b.text}")


@rule(r"(?:the )?(?:number of |how many )?(?P<u>days|months|years|weeks) (?:are there )?(?:between|from) (?:the )?<X> (?:and|to|until|till) (?:the )?<X>",
      r"<X> (?:和|与|到|至|跟) <X> (?:之间)?(?:的)?(?:相差|相隔|间隔|差|隔|差了|相差了)(?:多少|几)(?:个)?(?P<zu>天|个月|月|年|周)",
      r"(?:从)? <X> (?:到|至) <X> (?:一共|总共)?(?:有|经过了?)?(?:多少|几)(?:个)?(?P<zu2>天|个月|月|年|周)", order=760,
      examples=(('Customer-City-Amount-f087b0', 'Days between the first and last Ordered dates', '=E7-E2'),))
def _date_diff(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    unit = m.groupdict().get("u") or m.groupdict().get("zu") or m.groupdict().get("zu2")
    return _diff(ctx, t[0], t[1], unit)


@rule(r"(?:the )?(?:number of |how many )?(?P<u>days|months|years|weeks) (?:are there )?between (?:the )?(?:earliest|first|oldest) and (?:the )?(?:latest|last|most recent|newest) <C>",
      r"(?:the )?(?:number of |how many )?(?P<u2>days|months|years|weeks) (?:are there )?between (?:the )?(?:latest|last|most recent|newest) and (?:the )?(?:earliest|first|oldest) <C>",
      r"(?:最早|最先)(?:的)?(?:和|与|到)(?:最晚|最近|最新|最后)(?:的)? <C> (?:之间)?(?:相差|相隔|间隔|差|隔)(?:了)?(?:多少|几)(?:个)?(?P<zu>天|个月|月|年|周)",
      r"<C> (?:的)?(?:最早|最先)(?:日期)?(?:和|与|到)(?:最晚|最近|最新|最后)(?:日期)? (?:之间)?(?:相差|相隔|间隔|差|隔)(?:了)?(?:多少|几)(?:个)?(?P<zu2>天|个月|月|年|周)", order=250,
      examples=(('staff', 'days between the earliest and latest Start', '=MAX(G2:G6)-MIN(G2:G6)'),
                ('staff', 'how many months between the earliest and latest Start', '=DATEDIF(MIN(G2:G6),MAX(G2:G6),"M")')))
def _date_span(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    col = t[0].col
    if col.type != "date":
        return None
    gd = m.groupdict()
    unit = gd.get("u") or gd.get("u2") or gd.get("zu") or gd.get("zu2")
    a = piece(f"MIN({col.range})", "date", f"earliest {col.header}")
    b = piece(f"MAX({col.range})", "date", f"latest {col.header}")
    if unit in ("days", "天") and not ctx.ann.hints & {"DATEDIF", "DAYS"}:
        return piece(f"MAX({col.range})-MIN({col.range})", "num", f"days from the earliest to the latest {col.header}")
    return _diff(ctx, a, b, unit)


@rule(r"(?:the )?(?:number of |how many )?(?:working|business|work) ?days (?:are there )?(?:between|from) (?:the )?<X> (?:and|to|until) (?:the )?<X>",
      r"(?:从)? <X> (?:和|与|到|至) <X> (?:之间)?(?:的|有)?(?:多少|几)?(?:个)?(?:工作日)(?:天数|数)?", order=790,
      examples=(('staff_zh', '第一个入职日期到第二个入职日期之间有多少个工作日', '=NETWORKDAYS(F2,F3)'),))
def _networkdays(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t
    if not (date_like(a) and date_like(b)):
        return None
    return piece(f"NETWORKDAYS({a.text},{b.text})", "num", f"working days from {a.what} to {b.what}")


@rule(r"(?:the )?(?:date )?<N> (?P<w>working |business |work )?days (?P<dir>after|before|from|later than|prior to) (?:the )?<X>",
      r"<X> (?P<sign>plus|\+|minus|-) <N> (?P<w2>working |business )?days", order=800,
      examples=(('staff', '10 days after the first Start', '=G2+10'),
                ('staff', 'the first Start plus 10 working days', '=WORKDAY(G2,10)')))
def _add_days(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    found = _date_and_count(t)
    if found is None:
        return None
    x, n = found
    gd = m.groupdict()
    neg = gd.get("dir") in ("before", "prior to") or gd.get("sign") in ("minus", "-")
    if gd.get("w") or gd.get("w2"):
        return piece(f"WORKDAY({x.text},{-n if neg else n})", "date", f"{n} working days from {x.what}")
    return piece(f"{x.text}{'-' if neg else '+'}{n}", "date", f"{x.what} {'-' if neg else '+'} {n} days")


def _head_cells(a: Tok) -> tuple[Tok, Tok] | None:
    if a.op != "head" or a.value != 2 or a.col is None:
        return None
    return nth_cell(a.col, 1), nth_cell(a.col, 2)


@rule(r"(?:the )?(?:number of |how many )?(?:working|business|work) ?days (?:are there )?(?:between|in|across) (?:the )?<A>",
      r"<A> (?:之间)?(?:的|有)?(?:多少|几)?(?:个)?(?:工作日)(?:天数|数)?", order=780,
      examples=(('staff', 'working days between the first 2 Start', '=NETWORKDAYS(G2,G3)'),))
def _networkdays_head(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    cells = _head_cells(t[0])
    if cells is None or t[0].type != "date":
        return None
    a, b = cells
    return piece(f"NETWORKDAYS({a.text},{b.text})", "num", f"working days from {a.text} to {b.text}")


@rule(r"(?:the )?<C> <D>", r"(?:the )?date <D>", r"(?:the )?<C> <X>", order=1180,
      examples=(('staff', 'the Start 3 months after the first Start', '=EDATE(G2,3)'),))
def _date_literal(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    c = next((x for x in t if x.kind == "c"), None)
    d = t[-1]
    if d.kind != "d":
        return d if d.kind == "x" and d.type == "date" and c is not None and c.col.type == "date" else None
    if c is not None and c.col.type != "date":
        return None
    return piece(d.text, "date", f"the date {d.value}")


@rule(r"(?:the )?last day of (?:the )?(?P<nx>next|following|previous|prior) month (?:after|from|of|for)? (?:the )?<X>",
      r"(?:the )?last day of the month (?P<nx2>after|before) (?:the )?<X>",
      r"<X> (?:的)?(?P<zn>下个月|下一个月|下月|上个月|上一个月|上月)(?:的)?(?:最后 <N> 天|月末|月底|最后一天)", order=710,
      examples=(('staff', 'last day of the next month of the first Start', '=EOMONTH(G2,1)'),
                ('staff_zh', '第一个入职日期的下个月的最后一天', '=EOMONTH(F2,1)')))
def _eomonth_offset(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    if x.type != "date" or (len(t) > 1 and whole(t[1]) != 1):
        return None
    w = m.groupdict().get("nx") or m.groupdict().get("nx2") or m.groupdict().get("zn") or ""
    k = -1 if w in ("previous", "prior", "before") or w.startswith("上") else 1
    return piece(f"EOMONTH({x.text},{k})", "date", f"last day of the month {'after' if k > 0 else 'before'} {x.what or x.text}")


@rule(r"(?:the )?(?:<C> )?<N> months? (?P<dir>after|before|from|later than|prior to|earlier than) (?:the )?<X>",
      r"<X> <N> (?:个)?月 (?P<zdir>之后|以后|后|之前|以前|前)(?:的)?(?:<C>|日期)?", order=750,
      examples=(('staff_zh', '第一个入职日期3个月后的日期', '=EDATE(F2,3)'),))
def _edate2(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    c = next((x for x in t if x.kind == "c"), None)
    if c is not None and c.col.type != "date" and c is not t[-1]:
        return None
    num = next(v for v in t if v.kind == "n")
    x = next(v for v in t if v is not num and v is not c) if m.group(0).lstrip().startswith(("the", OPEN)) and \
        m.groupdict().get("dir") else t[0]
    if m.groupdict().get("dir"):
        x = t[-1]
    n = whole(num)
    if n is None or x.type != "date":
        return None
    d = m.groupdict().get("dir") or m.groupdict().get("zdir") or ""
    neg = d in ("before", "prior to", "earlier than", "之前", "以前", "前")
    return piece(f"EDATE({x.text},{-n if neg else n})", "date", f"{x.what or x.text} {'minus' if neg else 'plus'} {n} months")


@rule(r"<X> (?:和|与|到|至|跟) <X> (?:之间)?(?:的)?(?:相差|相隔|间隔|差)(?:了)?(?:的)?(?P<zu>天|月|年|周)数", order=770,
      examples=(('staff_zh', '第一个入职日期和第二个入职日期相差的天数', '=F3-F2'),))
def _date_diff2(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return _diff(ctx, t[0], t[1], m.group("zu"))


@rule(r"<X> (?:\(|,)? (?:sunday|sun) (?:=|is|as) <N> (?:\))?", r"<X> (?:\(|,)? (?:周日|星期日|星期天|周日为|星期日为)(?:为|是|=)? <N> (?:\))?", order=820,
      examples=(('staff', 'weekday of the first Start (sunday = 1)', '=WEEKDAY(G2)'),))
def _weekday_note(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x, n = t
    return x if x.text.startswith("WEEKDAY(") and whole(n) == 1 else None
