"""Rules for text: case, length, left/right/mid characters, trimming, removing and replacing
characters, joining cells or a column, formatting numbers and dates as text, text to number,
"contains".
"""

from __future__ import annotations

import re

from ..annotate import Tok
from .base import (
    TEXT,
    Ctx,
    call,
    match_toks,
    piece,
    quote,
    rule,
    said,
    same_row,
    scalar_ok,
    separator,
    whole,
)
from .words import (
    SEP_RE,
)

_FMT = r"(?P<fmt>(?:yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d)(?:[-/. ]?(?:年|月|日)?(?:yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d)){0,3}(?:年|月|日)?)"


@rule(rf"<X> (?:as text |as a text )?(?:in|as|formatted as|with (?:the )?format|in the format|to|using the format) (?:text )?(?:in )?(?:the )?(?:<Q>|{_FMT}) (?:format|text)?",
      rf"(?:format|formatted) (?:the )?<X> (?:as|in|with|to) (?:<Q>|{_FMT}) (?:format)?",
      rf"(?:把|将)? <X> (?:格式化|转换|转|显示|格式)(?:为|成) (?:<Q>|{_FMT}) (?:格式)?(?:的)?(?:文本|字符串)?",
      rf"<X> (?:按|以|用) (?:<Q>|{_FMT}) 格式(?:显示|输出|的文本)?", order=810,
      examples=(('staff', 'the first Start as "yyyy-mm-dd"', '=TEXT(G2,"yyyy-mm-dd")'),))
def _text_format(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    x = t[0]
    fmt = t[1].value if len(t) > 1 else m.group("fmt")
    if not fmt or x.type not in ("date", "num"):
        return None
    if x.type == "date" and not re.fullmatch(r"[ymd年月日\-/. ]+|dddd|ddd|mmmm|mmm", fmt):
        return None
    return piece(f"TEXT({x.text},{quote(fmt)})", "text", f"{x.what or x.text} as text {fmt!r}")


_CASE = {"upper": "UPPER", "lower": "LOWER", "proper": "PROPER"}


@rule(r"<Y> (?:in|to|as|into) (?:all )?(?P<c>upper ?case|uppercase|capitals|caps|capital letters|all caps|lower ?case|lowercase|small letters|title case|proper case)(?: letters)?",
      r"(?:convert|change|turn|make|put) (?:the )?<Y> (?:to|into|in) (?:all )?(?P<c2>upper ?case|uppercase|capitals|caps|lower ?case|lowercase|title case|proper case)",
      r"(?P<c3>upper ?case|uppercase|lower ?case|lowercase|capitalized|title[- ]cased?|proper[- ]cased?)(?: version| form)? (?:of )?(?:the )?<Y>",
      r"(?:把|将)? <Y> (?:转|转换|变|改)(?:成|为)?(?P<z>大写|小写|首字母大写)(?:字母)?",
      r"<Y> (?:的)?(?P<z2>大写|小写|首字母大写)(?:形式|字母)?", order=830,
      examples=(('Customer-City-Amount-f087b0', 'the first customer in upper case', '=UPPER(A2)'),
                ('Customer-City-Amount-f087b0', '把第一个客户转成大写', '=UPPER(A2)')))
def _case(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    y = t[0]
    w = (m.groupdict().get("c") or m.groupdict().get("c2") or m.groupdict().get("c3")
         or m.groupdict().get("z") or m.groupdict().get("z2") or "")
    kind = ("proper" if w.startswith(("title", "proper", "首字母", "capitalized")) else
            "upper" if w.startswith(("upper", "capital", "caps", "all caps", "大写")) else "lower")
    if y.type not in ("text", "any"):
        return None
    fn = _CASE[kind]
    return piece(f"{fn}({y.text})", "text", f"{y.what or y.text} in {kind} case")


@rule(r"(?:the )?(?:length|number of characters|character count|count of characters|len|number of letters) (?:of|in) (?:the )?<Y>",
      r"<Y> 's length", r"how many (?:characters|letters) (?:are )?(?:in|does) (?:the )?<Y> (?:have|contain)?",
      r"<Y> (?:的)?(?:长度|字符数|字数|字符长度|有几个字符|有多少个字符|有几个字|字符个数)", order=840,
      examples=(('staff', 'length of the first Name', '=LEN(A2)'),
                ('staff_zh', '第一个姓名的长度', '=LEN(A2)')))
def _len(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return call("LEN", t[0], "num", f"length of {said(t[0])}", TEXT)


@rule(r"(?:the )?(?P<side>first|last|leftmost|rightmost) (?:<N> )?(?:characters?|letters?|chars?|digits?) (?:of|in|from) (?:the )?<Y>",
      r"(?:the )?(?P<side2>left|right) <N> (?:characters?|letters?|chars?) (?:of|in|from) (?:the )?<Y>",
      r"<Y> (?:的)?(?P<z>前|后|左边|右边|左|右|最后|末尾|开头)(?: <N> )?(?:个|位)?(?:字符|字母|字|位数字|位|个字)",
      r"<Y> (?:的)?第 <N> 个(?:字符|字母|字)", order=850,
      examples=(('staff', 'first 2 characters of the first Code', '=LEFT(I2,2)'),
                ('staff', 'the last 3 characters of the first Code', '=RIGHT(I2,3)')))
def _left_right(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    y = next(x for x in t if x.kind != "n" or x is t[-1] and len(t) == 1) if len(t) == 1 else (
        t[1] if t[0].kind == "n" and m.group(0).strip().startswith(("the", "first", "last", "left", "right", "leftmost", "rightmost")) else t[0])
    num = next((x for x in t if x is not y and x.kind == "n"), None)
    n = whole(num) if num else 1
    gd = m.groupdict()
    side = gd.get("side") or gd.get("side2") or gd.get("z")
    if y.type not in ("text", "any") or n is None or n < 1:
        return None
    if side is None:  # 第N个字
        if n == 1:
            return piece(f"LEFT({y.text},1)", "text", f"first character of {y.what or y.text}")
        return piece(f"MID({y.text},{n},1)", "text", f"character {n} of {y.what or y.text}")
    left = side in ("first", "leftmost", "left", "前", "左边", "左", "开头")
    fn = "LEFT" if left else "RIGHT"
    return piece(f"{fn}({y.text},{n})", "text", f"{'first' if left else 'last'} {n} characters of {y.what or y.text}")


@rule(r"<N> (?:characters?|letters?|chars?) (?:of|from|in) (?:the )?<Y> (?:starting|beginning) (?:at|from|with) (?:character |position |char )?<N>",
      r"(?:the )?(?:characters?|letters?) <N> (?:to|through|-) <N> (?:of|in) (?:the )?<Y>",
      r"<Y> (?:的)?(?:从)?第 <N> (?:个字符|个字|位)(?:开始)?(?:的|取|起)? <N> (?:个|位)(?:字符|字)?", order=860,
      examples=(('staff', '3 characters of the first Code starting at 2', '=MID(I2,2,3)'),))
def _mid(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    nums = [x for x in t if x.kind == "n"]
    y = next(x for x in t if x.kind != "n")
    a, b = (whole(nums[0]), whole(nums[1]))
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
    return piece(f"MID({y.text},{start},{count})", "text", f"{count} characters of {y.what} from {start}")


@rule(r"<Y> (?:with|without) (?:the |any )?(?:extra |leading and trailing |surrounding |excess )?spaces(?: removed| trimmed)?",
      r"trim (?:the )?(?:spaces )?(?:from |of |in )?(?:the )?<Y>",
      r"(?:去掉|去除|删除|清除)? <Y> (?:的|中的)?(?:多余|首尾|前后)(?:的)?空格", order=870,
      examples=(('staff', 'trim the fourth Name', '=TRIM(A5)'),
                ('staff', 'the fourth Name without extra spaces', '=TRIM(A5)')))
def _trim(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return call("TRIM", t[0], "text", f"{said(t[0])} without extra spaces", TEXT)


@rule(rf"<Y> (?:with )?(?:the |every |all |any )?(?:(?P<s>{SEP_RE})|<S>) (?:characters? )?(?:removed|deleted|stripped|taken out)",
      rf"(?:remove|delete|strip) (?:the |all |every |any )?(?:(?P<s2>{SEP_RE})|<S>) (?:characters? )?(?:from|in|of) (?:the )?<Y>",
      rf"(?:去掉|删除|去除|删掉) <Y> (?:中|里)?(?:的)?(?:(?P<s3>{SEP_RE})|<S>)", order=890,
      examples=(('staff', 'the first Code with "-" removed', '=SUBSTITUTE(I2,"-","")'),
                ('staff', 'remove the dashes from the first Code', '=SUBSTITUTE(I2,"-","")')))
def _remove(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    word = gd.get("s") or gd.get("s2") or gd.get("s3")
    y = t[0] if (word or len(t) == 1 or not m.group(0).strip().startswith(("remove", "delete", "strip"))) and not m.group(0).strip().startswith(("remove", "delete", "strip")) else t[-1]
    lit = t[1] if len(t) > 1 and y is t[0] else (t[0] if len(t) > 1 else None)
    old = separator(word, None) if word else (str(lit.value) if lit is not None and lit.kind in "sv" else None)
    if not old or y.type not in ("text", "any"):
        return None
    return piece(f'SUBSTITUTE({y.text},{quote(old)},"")', "text", f"{y.what or y.text} without {old!r}")


@rule(rf"(?:replace|swap) (?:the |all |every |any )?(?:(?P<a>{SEP_RE})|<S>) (?:in|of) (?:the )?<Y> (?:with|by) (?:(?P<b>{SEP_RE})|<S>)",
      rf"<Y> (?:with )?(?:the |all |every )?(?:(?P<a2>{SEP_RE})|<S>) (?:replaced) (?:by|with) (?:(?P<b2>{SEP_RE})|<S>)",
      rf"(?:把|将) <Y> (?:中|里)?(?:的)?(?:(?P<a3>{SEP_RE})|<S>) (?:替换|换|改)(?:为|成) (?:(?P<b3>{SEP_RE})|<S>)", order=900,
      examples=(('staff', 'replace "-" in the first Code with "/"', '=SUBSTITUTE(I2,"-","/")'),))
def _replace(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    a_word, b_word = gd.get("a") or gd.get("a2") or gd.get("a3"), gd.get("b") or gd.get("b2") or gd.get("b3")
    lits = match_toks(ctx, m)
    if m.group(0).strip().startswith(("replace", "swap")):  # the old text comes first
        old = _text_named(a_word, lits)
        y = lits.pop(0) if lits else None
    else:
        y = lits.pop(0)
        old = _text_named(a_word, lits)
    return _substitute(y, old, _text_named(b_word, lits))


def _text_named(word: str | None, lits: list[Tok]) -> str | None:
    """The text a separator word names ("comma"), else the next literal's (taken off ``lits``)."""
    if word is not None:
        return separator(word, None)
    return str(lits.pop(0).value) if lits and lits[0].kind in "sv" else None


def _substitute(y: Tok | None, old: str | None, new: str | None) -> Tok | None:
    if y is None or not old or new is None or y.type not in TEXT:
        return None
    return piece(f"SUBSTITUTE({y.text},{quote(old)},{quote(new)})", "text",
                 f"{said(y)} with {old!r} replaced by {new!r}")


@rule(rf"(?:join|combine|concatenate|merge|list) (?:together )?(?:all |every )?(?:of )?(?:the )?<A> (?:together )?(?:with|separated by|using|by|delimited by|joined by) (?:(?P<s>{SEP_RE})|<S>)(?: between (?:them|each))?",
      rf"<A> (?:joined|combined|concatenated|separated) (?:with|by|using) (?:(?P<s2>{SEP_RE})|<S>)",
      rf"(?:用|以) (?:(?P<s3>{SEP_RE})|<S>) (?:连接|拼接|合并|分隔|隔开|串联)(?:起来)?(?:所有|全部)?(?:的)? <A>",
      rf"(?:把|将)? (?:所有|全部)?(?:的)? <A> (?:用|以) (?:(?P<s4>{SEP_RE})|<S>) (?:连接|拼接|合并|隔开|分隔|串联|连)(?:起来|在一起)?", order=930,
      examples=(('Customer-City-Amount-f087b0', 'join all cities with a comma', '=TEXTJOIN(",",TRUE,B2:B7)'),))
def _textjoin(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    gd = m.groupdict()
    src = next(x for x in t if x.kind in "ca")
    if src.kind == "a" and src.op not in ("head", "range", "filter"):
        return None
    lit = next((x for x in t if x.kind in "sv"), None)
    word = gd.get("s") or gd.get("s2") or gd.get("s3") or gd.get("s4")
    sep = separator(word, None) if word is not None else separator(None, lit)
    if sep is None:
        return None
    return piece(f"TEXTJOIN({quote(sep)},TRUE,{src.text})", "text", f"{src.what} joined with {sep!r}")


@rule(rf"(?:join|combine|concatenate|merge|put together) (?:the )?<Y> (?:and|with|&|plus) (?:the |its )?(?:<Y>|<C>) (?:with|separated by|using|by|joined by) (?:(?P<s>{SEP_RE})|<S>)(?: between(?: them)?| in between)?",
      rf"(?:把|将)? <Y> (?:和|与|跟|及) (?:<Y>|<C>) (?:用|以|中间用|中间加) (?:(?P<s2>{SEP_RE})|<S>) (?:连接|拼接|合并|连起来|连在一起|隔开)(?:起来)?",
      r"(?:join|combine|concatenate|merge|put together) (?:the )?<Y> (?:and|with|&|plus) (?:the |its )?(?:<Y>|<C>)",
      r"(?:把|将)? <Y> (?:和|与|跟) (?:<Y>|<C>) (?:连接|拼接|合并|连起来|连在一起)(?:起来)?", order=920,
      examples=(('staff', 'join the first Name and the first City with a space', '=A2&" "&C2'),
                ('staff', 'combine the first Name and City with a comma', '=A2&","&C2')))
def _concat(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = match_toks(ctx, m)
    a, b = toks[0], toks[1]
    word = m.groupdict().get("s") or m.groupdict().get("s2")
    sep = separator(word, None) if word is not None else (separator(None, toks[2]) if len(toks) > 2 else "")
    pair = _pair(a, b) if sep is not None else None
    if pair is None:
        return None
    a, b = pair
    if "CONCAT" in ctx.ann.hints or "CONCATENATE" in ctx.ann.hints:
        fn = "CONCAT" if "CONCAT" in ctx.ann.hints else "CONCATENATE"
        text = f"{fn}({a.text},{quote(sep)},{b.text})" if sep else f"{fn}({a.text},{b.text})"
    else:
        text = f"{a.text}&{quote(sep)}&{b.text}" if sep else f"{a.text}&{b.text}"
    return piece(text, "text", f"{said(a)} and {said(b)} joined with {sep!r}")


def _pair(a: Tok, b: Tok) -> tuple[Tok, Tok] | None:
    """``a`` and ``b`` as two scalars to join; a column ``b`` means its cell in ``a``'s row."""
    if b.kind == "c":
        b = same_row(a, b.col) if a.kind == "r" else None
        if b is None:
            return None
    return (a, b) if scalar_ok(a) and scalar_ok(b) else None


@rule(r"(?:does |do |is |whether )?<Y> (?:contain|contains|include|includes|have|has) (?:the text |the letters |the string )?<S>",
      r"<Y> (?:是否|是不是)?(?:包含|含有|包括) <S>", order=1040,
      examples=(('staff', 'does the first Code contain "AB"', '=ISNUMBER(SEARCH("AB",I2))'),))
def _contains(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    y, lit = t
    if y.kind not in "rx" or y.type not in ("text", "any"):
        return None
    return Tok("b", f"ISNUMBER(SEARCH({lit.text},{y.text}))", "bool",
               what=f"{y.what or y.text} contains {lit.value!r}", value=y.value if y.kind == "r" else None)


@rule(r"(?:convert )?(?:the )?text <N> (?:to|into) (?:a )?number", r"(?:把|将)? 文本 <N> (?:转成|转为|转换为|转换成|变成)(?:数字|数值)", order=60,
      examples=(('staff', 'convert the text 123 to a number', '=VALUE("123")'),))
def _value(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    return piece(f'VALUE("{t[0].text}")', "num", f"the text {t[0].text!r} as a number")


@rule(r"(?:format )?<N> (?:with|using) (?:a )?(?:thousands?|comma) separators? (?:and <N> (?:decimals?|decimal places))?",
      r"(?:将|把)? <N> (?:格式化|转换|转|显示)(?:为|成) 千分位 (?:<N> 位小数|的?格式)?", order=70,
      examples=(('staff', 'format 1234.5 with thousands separator', '=TEXT(1234.5,"#,##0")'),
                ('staff', '1234.5 with comma separators and 2 decimals', '=TEXT(1234.5,"#,##0.00")')))
def _number_format(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    num = t[0]
    d = whole(t[1]) if len(t) > 1 else 0
    if d is None or d > 10:
        return None
    fmt = "#,##0" + ("." + "0" * d if d else "")
    return piece(f"TEXT({num.text},{quote(fmt)})", "text", f"{num.text} as text {fmt!r}")


@rule(r"<Y> (?:,)? (?:and |then )?replace (?:the |all |every )?(?:(?P<a>" + SEP_RE + r")|<S>) with (?:(?P<b>" + SEP_RE + r")|<S>)",
      r"<Y> (?:,)? (?:并|然后|再|并且)?(?:把|将)? (?:(?P<a2>" + SEP_RE + r")|<S>) (?:替换|换|改)(?:为|成) (?:(?P<b2>" + SEP_RE + r")|<S>)", order=880,
      examples=(('staff', 'the first Code in lower case, then replace "-" with "_"', '=SUBSTITUTE(LOWER(I2),"-","_")'),))
def _then_replace(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = match_toks(ctx, m)
    y, lits = toks[0], toks[1:]
    gd = m.groupdict()
    old = _text_named(gd.get("a") or gd.get("a2"), lits)
    return _substitute(y, old, _text_named(gd.get("b") or gd.get("b2"), lits))


@rule(r"(?:用|以) (?:(?P<s>" + SEP_RE + r")|<S>) (?:连接|拼接|合并|连) <Y> (?:和|与|跟|及) (?:<Y>|<C>)",
      r"(?:连接|拼接|合并) <Y> (?:和|与|跟|及) (?:<Y>|<C>)", order=910,
      examples=(('staff_zh', '用空格连接第一行的姓名和城市', '=A2&" "&C2'),
                ('staff_zh', '连接第一个姓名和城市', '=CONCAT(A2,C2)')))
def _concat_zh(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    toks = match_toks(ctx, m)
    word = m.groupdict().get("s")
    if word is not None:
        sep, a, b = separator(word, None), toks[0], toks[1]
    elif len(toks) == 3:
        sep, a, b = separator(None, toks[0]), toks[1], toks[2]
    else:
        sep, a, b = "", toks[0], toks[1]
    pair = _pair(a, b) if sep is not None else None
    if pair is None:
        return None
    a, b = pair
    text = f"{a.text}&{quote(sep)}&{b.text}" if sep else f"CONCAT({a.text},{b.text})"
    return piece(text, "text", f"{said(a)} and {said(b)} joined with {sep!r}")
