"""Rules for arithmetic between cells, columns and numbers: + - * /, square root, absolute
value, remainder, power, half/double, and rounding to decimals or to tens, hundreds,
thousands.
"""

from __future__ import annotations

import re

from ..annotate import Tok
from ..schema import Column
from .base import (
    NUM,
    Ctx,
    call,
    paren,
    piece,
    rule,
    said,
    same_row,
    whole,
)


@rule(r"<C> <C>", order=220,
      examples=(('staff_zh', '工资 工资的总和', '=SUM(D2:D5)'),
                ('staff', 'total Salary Salary', '=SUM(D2:D6)')))
def _column_product_dup(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # the same column named twice in a row ("销售额 Sales") is one mention
    return t[0] if t[0].col is t[1].col else None


def _number_columns(ctx: Ctx, t: list[Tok]) -> tuple[Column, Column] | None:
    """The two columns of "<C> times <C>", "<C> minus <C>": numbers, in one table."""
    a, b = t[0].col, t[1].col
    if a.type != "number" or b.type != "number" or ctx.table_of(a) is not ctx.table_of(b):
        return None
    return a, b


@rule(r"<C> (?:times|multiplied by|\*|×|x|乘以|乘) <C>", order=230,
      examples=(('Customer-City-Amount-f087b0', 'total of amount times qty', '=SUMPRODUCT(C2:C7,D2:D7)'),))
def _column_product(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    cols = _number_columns(ctx, t)
    if cols is None:
        return None
    a, b = cols
    return Tok("a", f"{a.range}*{b.range}", "num", a, what=f"{a.header} × {b.header}", op="product",
               cols=(a, b))


@rule(r"<R> (?P<op>per|divided by|/|over|除以|times|multiplied by|\*|×|乘以|plus|\+|加上|加|minus|-|减去|减|less) <C>", order=30,
      examples=(('staff', 'Salary of the first row plus Bonus', '=D2+E2'),))
def _arith_same_row(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    a, b = t[0], same_row(t[0], t[1].col)
    if b is None or a.type != "num" or b.type != "num":
        return None
    word = re.sub(r"\s+", " ", m.group("op"))
    op = ("/" if word in ("per", "divided by", "/", "over", "除以") else "*" if word in (
        "times", "multiplied by", "*", "×", "乘以") else "+" if word in ("plus", "+", "加上", "加") else "-")
    return piece(f"{a.text}{op}{b.text}", "num", f"{a.what} {op} {b.what}")


@rule(r"<C> (?P<op>per|divided by|/|over|minus|-|plus|\+|less) <C>", order=10,
      examples=(('staff', 'Salary minus Bonus of the first row', '=D2-E2'),))
def _column_arith(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    cols = _number_columns(ctx, t)
    if cols is None:
        return None
    a, b = cols
    op = {"per": "/", "divided by": "/", "/": "/", "over": "/", "minus": "-", "-": "-", "less": "-",
          "plus": "+", "+": "+"}[re.sub(r"\s+", " ", m.group("op"))]
    return Tok("a", f"{a.range}{op}{b.range}", "num", a, what=f"{a.header} {op} {b.header}",
               op="colarith", cols=(a, b), value=op)


@rule(r"(?:the )?square root of (?:the )?<X>", r"<X> (?:的)?(?:平方根|开方|算术平方根)", order=940,
      examples=(('staff', 'square root of 144', '=SQRT(144)'),
                ('staff', '144的平方根', '=SQRT(144)')))
def _sqrt(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return call("SQRT", t[0], "num", f"square root of {said(t[0])}", NUM)


@rule(r"(?:the )?absolute value of (?:the )?<X>", r"<X> (?:的)?绝对值", order=950,
      examples=(('staff', 'absolute value of -5', '=ABS(-5)'),
                ('staff', '-5的绝对值', '=ABS(-5)')))
def _abs(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return call("ABS", t[0], "num", f"absolute value of {said(t[0])}", NUM)


@rule(r"(?:the )?(?:remainder|modulo|mod|modulus) (?:of |when )?<X> (?:divided by|/|mod|by|is divided by) <X>",
      r"<X> mod <X>", r"<X> (?:除以) <X> (?:的)?余数", r"<X> (?:除以) <X> (?:后)?(?:的)?余数是?", order=960,
      examples=(('staff', '10 mod 3', '=MOD(10,3)'),
                ('staff', 'remainder of 10 divided by 3', '=MOD(10,3)')))
def _mod(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return piece(f"MOD({t[0].text},{t[1].text})", "num", f"remainder of {t[0].text} / {t[1].text}")


@rule(r"<X> (?:to the power of|raised to the power of|raised to|\^|to the) <X> (?:power|th power)?", r"<X> (?:的) <X> 次方", order=970,
      examples=(('staff', '2 to the power of 10', '=2^10'),))
def _power(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    if "POWER" in ctx.ann.hints:
        return piece(f"POWER({t[0].text},{t[1].text})", "num", f"{t[0].text} to the power {t[1].text}")
    return piece(f"{paren(t[0])}^{paren(t[1])}", "num", f"{t[0].text} to the power {t[1].text}")


@rule(r"divide <X> by <X>", r"<X> (?:后|之后|再)?(?P<op>divided by|/|÷|除以) <X>",
      r"<X> (?:后|之后|再)?(?P<op2>times|multiplied by|\*|×|乘以|乘) <X>", r"multiply <X> by <X>", r"用 <X> 除以 <X>", order=990,
      examples=(('Customer-City-Amount-f087b0', '10 divided by 0, or 0 if it errors', '=IFERROR(10/0,0)'),))
def _arith_mul(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return _arith(ctx, m, t)


@rule(r"<X> (?:后|之后|再)?(?P<op3>plus|\+|加上|加) <X>", r"add <X> (?:and|to) <X>",
      r"<X> (?:后|之后|再)?(?P<op4>minus|-|减去|减) <X>", r"subtract <X> from <X>", order=1000,
      examples=(('staff', 'add 5 and 7', '=5+7'),
                ('staff', 'subtract 3 from 10', '=10-3')))
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
    return piece(f"{paren(a)}{op}{paren(b)}", "num", f"{a.what or a.text} {op} {b.what or b.text}")


_DEC = r"(?:decimal places?|decimals?|dp|digits?|places?)"


_INTW = r"(?:the )?(?:nearest )?(?:whole number|integer|an integer|nearest integer|whole)"


@rule(rf"round(?:ed)? (?:the )?<X> (?P<dir>up|down)? (?:to )?(?:<N> {_DEC}|{_INTW})",
      rf"<X> (?:,)? (?:rounded|round(?:ed)?) (?P<dir2>up|down)? (?:to )?(?:<N> {_DEC}|{_INTW})",
      rf"round(?:ed)? (?P<dir3>up|down)? (?:the )?<X> (?:to )?(?:<N> {_DEC}|{_INTW})",
      r"(?:把|将)? <X> (?:,)? (?:四舍五入)?(?:保留|取|精确到|四舍五入到|四舍五入保留) <N> 位小数",
      r"(?:把|将)? <X> (?:,)? (?:四舍五入)(?:到|为|取|成)?(?:整数)?",
      r"(?:把|将)? <X> (?:,)? (?P<zdir>向上|向下)(?:舍入|取整|四舍五入|舍)?(?:到|为|保留)? (?:<N> 位小数|整数)?", order=1020,
      examples=(('Customer-City-Amount-f087b0', 'round 2.341 up to 1 decimal', '=ROUNDUP(2.341,1)'),
                ('Customer-City-Amount-f087b0', '金额的平均值，保留1位小数', '=ROUND(AVERAGE(C2:C7),1)')))
def _round(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    n = whole(t[1]) if len(t) > 1 else 0
    gd = m.groupdict()
    d = gd.get("dir") or gd.get("dir2") or gd.get("dir3") or {"向上": "up", "向下": "down"}.get(gd.get("zdir") or "")
    if gd.get("zdir") and len(t) == 1 and "取整" not in m.group(0) and "整数" not in m.group(0):
        return None
    if n is None or n < 0 or x.type not in ("num", "any"):
        return None
    fn = {"up": "ROUNDUP", "down": "ROUNDDOWN"}.get(d or "", "ROUND")
    if fn == "ROUND" and ctx.ann.hints & {"ROUNDUP", "ROUNDDOWN"}:
        fn = next(iter(ctx.ann.hints & {"ROUNDUP", "ROUNDDOWN"}))
    return piece(f"{fn}({x.text},{n})", "num", f"{x.what or x.text} rounded{' ' + d if d else ''} to {n} decimal{'' if n == 1 else 's'}")


@rule(r"half (?:of )?(?:the )?<X>", r"<X> (?:的)?一半", r"<X> (?:,)? (?:and |then )?(?P<d>double|triple) it",
      r"(?P<d2>double|twice|triple) (?:the )?<X>", r"<X> (?:的)?(?P<z>两倍|2倍|三倍|3倍)", order=980,
      examples=(('staff', 'half of the total Salary', '=SUM(D2:D6)/2'),
                ('staff', "double the first row's Bonus", '=E2*2')))
def _half_double(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    if x.type not in ("num", "any"):
        return None
    word = m.groupdict().get("d") or m.groupdict().get("d2") or m.groupdict().get("z") or "half"
    op = "/2" if word == "half" else "*3" if word in ("triple", "三倍", "3倍") else "*2"
    if "LET" in ctx.ann.hints:
        return piece(f"LET(x,{x.text},x{op})", "num", f"{x.what or x.text} {op}")
    return piece(f"{paren(x)}{op}", "num", f"{x.what or x.text} {op}")


@rule(r"<X> (?:,)? (?:to )?<N> (?:decimal places|decimals|dp|decimal digits)", r"<X> (?:,)? (?:保留)?<N> 位小数", order=1030,
      examples=(('staff', 'average Salary, 2 decimal places', '=ROUND(AVERAGE(D2:D6),2)'),
                ('staff', 'average Salary to 1 decimal places', '=ROUND(AVERAGE(D2:D6),1)')))
def _round_short(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x, n = t[0], whole(t[1])
    if n is None or x.type not in ("num", "any") or x.kind == "n":
        return None
    return piece(f"ROUND({x.text},{n})", "num", f"{x.what or x.text} rounded to {n} decimal{'' if n == 1 else 's'}")


_PLACES = {"ten": -1, "tens": -1, "hundred": -2, "hundreds": -2, "thousand": -3, "thousands": -3,
           "ten thousand": -4, "ten thousands": -4, "million": -6, "millions": -6,
           "十位": -1, "十": -1, "百位": -2, "百": -2, "千位": -3, "千": -3, "万位": -4, "万": -4}


_PLACE_EN = r"(?P<p>ten thousands?|thousands?|hundreds?|tens?|millions?|ten)"


@rule(rf"<X> (?:,)? (?:rounded|round(?:ed)?) (?P<dir>up|down)? (?:to )?(?:the )?(?:nearest )?{_PLACE_EN}",
      rf"round(?:ed)? (?:the )?<X> (?P<dir2>up|down)? (?:to )?(?:the )?(?:nearest )?{_PLACE_EN}",
      r"(?:把|将)? <X> (?:,)? (?:四舍五入|舍入|取整)?(?:到|至|精确到|保留到|取到)(?P<zp>十位|百位|千位|万位|十|百|千|万)(?:位)?", order=1010,
      examples=(('Name-Department-Salary-ecddea', 'total salary rounded to hundreds', '=ROUND(SUM(C2:C6),-2)'),
                ('Name-Department-Salary-ecddea', '工资合计四舍五入到千位', '=ROUND(SUM(C2:C6),-3)')))
def _round_places(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # "rounded to thousands" -> ROUND(x,-3)
    x = t[0]
    word = re.sub(r"\s+", " ", (m.groupdict().get("p") or m.groupdict().get("zp") or ""))
    n = _PLACES.get(word)
    if n is None or x.type not in ("num", "any"):
        return None
    d = m.groupdict().get("dir") or m.groupdict().get("dir2")
    fn = {"up": "ROUNDUP", "down": "ROUNDDOWN"}.get(d or "", "ROUND")
    return piece(f"{fn}({x.text},{n})", "num", f"{x.what or x.text} rounded to {word}")
