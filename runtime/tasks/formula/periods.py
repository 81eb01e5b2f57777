"""Periods said in everyday words, written once the way every reader takes them.

Dates and spans of dates are read by two families (the phrase composer's ``<D>`` tokens and
conditions, the aggregate reader's month and day readers), and each knows a few ways to say a
period.  People say many more, on every kind of sheet: "between 15 and 21 Jan 2027
(inclusive)", "the week 15th-21st January", "from 16 Nov onwards", "this month (Nov 2026)",
"march next year (2027)", "the 2nd half of Nov", "Q1", "今年10月（2026年10月）", "11.25起",
"11月下旬".  Rather than teach each reader each phrasing, :func:`said_periods` rewrites them
before any reader sees the request, into the plain forms all readers share:

- a span of days: "15-21 jan 2027", "15 jan - 3 feb 2027", "11月21日到30日";
- an open end: "since 16 nov 2026", "on or before 3 feb";
- a month of a year: "in nov 2026", "2026年10月";
- a span of months: "jan to mar", or on a sheet of month columns "jan + feb + mar".

A rewrite is made only where its meaning is plain (a relative period only when the bracket pins
it, or when the sheet's dates hold the period it means; a half month only of a month named), so
the readers and their checks decide the rest as before.  Vocabulary: ``lexicon/dates.json``
``periods``.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re

from .recentdays import recent_days
from .rowbase import lexicon, today
from .schema import SheetSchema

_LEX = lexicon("dates")["periods"]
_MONTHS = "january february march april may june july august september october november december".split()
_MON = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_ORD = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:19|20)\d\d"
#: one end of a span as people write it: "15", "15th", "the 15th", "15 jan", "15th of January 2027",
#: "jan 15", "January 15th, 2027"
_END = (rf"(?:(?:the\s+)?(?P<Xd>\d{{1,2}}){_ORD}(?:\s+(?:of\s+)?(?P<Xm>{_MON})\.?)?"
        rf"|(?P<Xm2>{_MON})\.?\s+(?P<Xd2>\d{{1,2}}){_ORD}(?![\d:]))(?:,?\s+(?P<Xy>{_YEAR}))?")
_A, _B = _END.replace("(?P<X", "(?P<a"), _END.replace("(?P<X", "(?P<b")
_INCL = _LEX["inclusive_en"]
_INCLUSIVE = rf"(?:\s*,?\s*\(?\s*(?:{_INCL})\s*\)?)?"
_SPAN_EN = re.compile(rf"(?<![a-z\d])(?:(?:the\s+)?(?:{_LEX['span_lead_en']})\s+)?(?:(?:between|from)\s+)?{_A}"
                      rf"\s*(?:-|–|—|to|till|until|through|thru|and)\s*{_B}(?![a-z\d]){_INCLUSIVE}", re.I)
_ONE = rf"(?:(?:the\s+)?(?P<ad>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<am>{_MON})\.?|(?P<am2>{_MON})\.?\s+(?P<ad2>\d{{1,2}}){_ORD}(?![\d:]))(?:,?\s+(?P<ay>{_YEAR}))?"
_OPEN_AFTER = re.compile(rf"(?<![a-z\d])(?:(?:from|starting(?:\s+from)?|beginning|commencing)\s+)?{_ONE}"
                         rf"\s*,?\s*\(?(?:{_LEX['onwards_en']})\)?(?![a-z])", re.I)
_OPEN_BEFORE = re.compile(rf"(?<![a-z\d])(?:(?:up\s+to|until|till|through)\s+(?:and\s+including\s+)?)?{_ONE}"
                          rf"\s*,?\s*\(?(?:{_LEX['or_earlier_en']})\)?(?![a-z])", re.I)
_BOUND_INCL = re.compile(rf"(?<![a-z])(?P<cmp>before|after|until|till|up\s+to)\s+{_ONE}\s*,?\s*\(\s*(?:{_INCL})\s*\)", re.I)
_UP_TO_INCL = re.compile(rf"(?<![a-z])up\s+to\s+and\s+including\s+(?={_ONE})", re.I)
_HALF = re.compile(rf"(?<![a-z])(?:in\s+)?(?:the\s+)?(?P<which>first|1st|second|2nd|last|latter)\s+half\s+of\s+"
                   rf"(?:the\s+month\s+of\s+)?(?P<m>{_MON})\.?(?:,?\s+(?P<y>{_YEAR}))?(?![a-z])", re.I)
_RESTATED = re.compile(r"\s*\((?P<body>[^()]{1,30})\)")
_PINNED_EN = re.compile(rf"(?<![a-z])(?:(?P<pre>in|for|during|of)\s+)?(?:the\s+)?(?:{_LEX['relative_en']})\s+"
                        rf"(?:month|year|quarter|week)\s*\(\s*(?P<body>(?:{_MON}\.?,?\s+)?{_YEAR}|{_MON}\.?)\s*\)", re.I)
_MONTH_REL_YEAR = re.compile(rf"(?<![a-z])(?P<m>{_MON})\.?\s+(?:of\s+)?(?P<rel>this|next|last)\s+year"
                             rf"(?:\s*\(\s*(?P<y>{_YEAR})\s*\))?", re.I)
_PLAIN_REL_MONTH = re.compile(r"(?<![a-z])(?P<pre>(?:in|for|during)\s+)?(?P<rel>this|last|next)\s+month(?![a-z])", re.I)
_QUARTER_EN = re.compile(rf"(?<![a-z\d])(?:(?P<pre>in|for|during)\s+)?(?:the\s+)?(?:q(?P<q>[1-4])|(?P<word>first|1st|second|2nd|third|3rd|fourth|4th)"
                         rf"\s+quarter(?:\s+of(?:\s+the\s+year)?)?)(?:\s+(?P<y>{_YEAR}))?(?![a-z\d])", re.I)
_MONTH_SPAN_EN = re.compile(rf"(?<![a-z])(?:(?P<pre>in|for|during)\s+)?(?:(?:between\s+(?P<a>{_MON})\.?\s+and)|(?:(?:from\s+)?"
                            rf"(?P<a2>{_MON})\.?\s*(?:-|–|to|through|thru|till|until)))\s*(?P<b>{_MON})\.?(?![a-z])"
                            rf"(?:,?\s+(?P<y>{_YEAR})(?!\d))?(?!\s*\d)", re.I)
_ZH_PINNED = re.compile(r"(?:(?:" + "|".join(_LEX["relative_zh"]) + r")\s*(?:的)?)?(?:(?P<m0>1[0-2]|0?[1-9])\s*月份?)?\s*"
                        r"[（(]\s*(?P<y>(?:19|20)\d\d)\s*年\s*(?P<m>1[0-2]|0?[1-9])\s*月份?\s*[)）]")
_ZH_DOTTED = re.compile(r"(?:(?P<y>(?:19|20)\d\d)\s*年\s*)?(?<![\d.])(?P<m>1[0-2]|0?[1-9])\s*[.．/]\s*(?P<d>[12]\d|3[01]|0?[1-9])"
                        r"(?![\d.%])\s*(?:[日号])?(?=\s*(?:" + "|".join(_LEX["bound_after_zh"]) + "))")
_ZH_DOTTED_SPAN = re.compile(r"(?:(?P<y>(?:19|20)\d\d)\s*年\s*)?(?<![\d.])(?P<m>1[0-2]|0?[1-9])\s*[.．]\s*(?P<d>[12]\d|3[01]|0?[1-9])"
                             r"\s*[日号]?\s*(?P<to>到|至|-|~|～|—)\s*(?P<m2>1[0-2]|0?[1-9])\s*[.．]\s*(?P<d2>[12]\d|3[01]|0?[1-9])"
                             r"(?![\d.%])\s*[日号]?")
_ZH_PART = re.compile(r"(?:(?P<y>(?:19|20)\d\d)\s*年\s*)?(?P<m>1[0-2]|0?[1-9])\s*月份?\s*(?:的)?\s*(?P<part>"
                      + "|".join(_LEX["month_parts_zh"]) + ")")
_ZH_NUMERAL_MONTH = re.compile(r"(?<![一二三四五六七八九十两第个])(十[一二]?|[一二三四五六七八九])\s*月(?!\d)")
_ZH_MONTH_SPAN = re.compile(r"(?<![\d.])(?P<a>1[0-2]|[1-9])\s*(?:月份?)?\s*(?:-|–|~|～|到|至)\s*(?P<b>1[0-2]|[1-9])\s*月份?(?![\d日号])")
_ZH_QUARTER = re.compile(r"(?:(?P<y>(?:19|20)\d\d)\s*年\s*(?:的)?)?(?P<word>" + "|".join(
    sorted(lexicon("aggregates")["zh_month_spans"], key=len, reverse=True)) + ")")


_ZH_NUMERALS = "一 二 三 四 五 六 七 八 九 十 十一 十二".split()
_ZH_SHORT_YEAR = re.compile(r"(?<![\d.:/\-])(?P<y>\d\d)\s*年(?=\s*(?:1[0-2]|0?[1-9])\s*月(?!\d))"
                            r"|(?<=(?:今年|去年|明年|前年|本年)[（(])(?P<y2>\d\d)\s*年(?=\s*[)）])")


def _month_no(word: str) -> int:
    word = word.lower().rstrip(".")
    return next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(word[:3]))


def _short(month: int) -> str:
    return _MONTHS[month - 1][:3]


def _date_years(schema: SheetSchema) -> set[int]:
    return {v.year for v in schema.cells.values() if isinstance(v, (dt.date, dt.datetime))}


def _one_year(schema: SheetSchema) -> int | None:
    years = _date_years(schema)
    return next(iter(years)) if len(years) == 1 else None


def _has_dates(schema: SheetSchema) -> bool:
    return any(c.type == "date" for c in schema.columns)


def _holds(schema: SheetSchema, year: int, month: int) -> bool:
    """Whether a date of the sheet falls in ``month`` of ``year``."""
    return any(isinstance(v, (dt.date, dt.datetime)) and v.year == year and v.month == month
               for v in schema.cells.values())


def _month_headers(schema: SheetSchema) -> dict[int, str]:
    """Month number -> header, for the number columns headed by a month (Jan, February, 3月)."""
    out: dict[int, str] = {}
    for col in schema.columns:
        h = re.sub(r"\s*[（(].*$", "", col.header.strip().lower()).rstrip(".")
        if col.type != "number":
            continue
        zh = re.fullmatch(r"(1[0-2]|[1-9])月份?", h)
        if zh:
            out[int(zh.group(1))] = col.header
        elif re.fullmatch(_MON, h):
            out[_month_no(h)] = col.header
    return out


def _end(m: re.Match, p: str) -> tuple[int, int | None, int | None]:
    """(day, month or None, year or None) of a span's end ``p`` ("a" / "b")."""
    g = m.groupdict()
    day = int(g[f"{p}d"] or g[f"{p}d2"])
    mon = g[f"{p}m"] or g[f"{p}m2"]
    return day, _month_no(mon) if mon else None, int(g[f"{p}y"]) if g[f"{p}y"] else None


def _day(d: int, m: int, y: int | None) -> str:
    return f"{d} {_short(m)}" + (f" {y}" if y else "")


def _valid(d: int, m: int, y: int | None) -> bool:
    try:
        dt.date(y or 2000, m, d)  # (2000: a leap year, so 29 feb stands when no year is said)
    except ValueError:
        return False
    return True


def _span_en(m: re.Match, schema: SheetSchema) -> str:
    """"between 15 and 21 Jan 2027 (inclusive)" -> "15-21 jan 2027"; ends in two months ->
    "15 jan - 3 feb 2027"."""
    (d1, m1, y1), (d2, m2, y2) = _end(m, "a"), _end(m, "b")
    if m2 is None or not _has_dates(schema):
        return m.group(0)  # "between 5 and 10": numbers, not days
    m1 = m1 or m2
    y = y2 or y1 or _one_year(schema)
    if y1 and y2 and y1 != y2:  # "28 dec 2026 to 3 jan 2027": across a year end, both years said
        if m1 is None or not (_valid(d1, m1, y1) and _valid(d2, m2, y2)) or (y1, m1, d1) >= (y2, m2, d2):
            return m.group(0)
        return f" {_day(d1, m1, y1)} - {_day(d2, m2, y2)} "
    if not (_valid(d1, m1, y) and _valid(d2, m2, y)) or (m1, d1) >= (m2, d2):
        return m.group(0)
    if m1 == m2:
        return f" {d1}-{d2} {_short(m1)}" + (f" {y}" if y else "") + " "
    return f" {_day(d1, m1, None)} - {_day(d2, m2, y)} "


def _one(m: re.Match, schema: SheetSchema) -> tuple[int, int, int | None] | None:
    """(day, month, year) of a day said once; the year, when not said, is the sheet's dates' one year."""
    g = m.groupdict()
    d, mon = int(g["ad"] or g["ad2"]), _month_no(g["am"] or g["am2"])
    y = int(g["ay"]) if g["ay"] else _one_year(schema)
    return (d, mon, y) if _valid(d, mon, y) else None


def _half(m: re.Match, schema: SheetSchema) -> str:
    """"the 2nd half of Nov" -> "16-30 nov" (a half of a month: days 1-15, and 16 to its last)."""
    mon = _month_no(m.group("m"))
    y = int(m.group("y")) if m.group("y") else _one_year(schema)
    if y is None or not _has_dates(schema):
        return m.group(0)
    last = calendar.monthrange(y, mon)[1]
    first = m.group("which").lower() in ("first", "1st")
    a, b = (1, 15) if first else (16, last)
    return f" {a}-{b} {_short(mon)}" + (f" {m.group('y')}" if m.group("y") else "") + " "


def _drop_restated(text: str, span: tuple[int, int], days: set[int]) -> str:
    """A bracket right after a span that only says its days again ("(16th on)", "(1st-15th)"): dropped."""
    r = _RESTATED.match(text, span[1])
    if r is None:
        return text
    body = r.group("body").lower()
    nums = {int(n) for n in re.findall(r"\d+", body)}
    words = set(re.findall(r"[a-z]+", re.sub(r"\d+(?:st|nd|rd|th)", " ", body)))
    if nums and nums <= days and words <= set(_LEX["restated_words_en"]):
        return text[:r.start()] + " " + text[r.end():]
    return text


def _quarter_months(m: re.Match) -> tuple[int, int]:
    if m.group("q"):
        q = int(m.group("q"))
    else:
        q = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
             "4th": 4}[m.group("word").lower()]
    return 3 * q - 2, 3 * q


def _months_said(first: int, last: int, year: str | None, schema: SheetSchema) -> str | None:
    """A span of months in the form the sheet is read by: its month columns added ("jan + feb +
    mar"), or a span of days of its date column ("1 jan - 31 mar 2026", never two months read
    as both at once); None when neither (the year of a date column unknown)."""
    heads = _month_headers(schema)
    if all(k in heads for k in range(first, last + 1)):
        return " " + " + ".join(heads[k] for k in range(first, last + 1)) + " "
    y = int(year) if year else _one_year(schema)
    if _has_dates(schema) and y is not None:
        return f" 1 {_short(first)} - {calendar.monthrange(y, last)[1]} {_short(last)} {y} "
    return None


def said_periods(request: str, schema: SheetSchema) -> str:
    """``request`` with its periods written the way every reader takes them (the module says which)."""
    text = request
    if any(w in text.lower() for w in _LEX["change_words"]):
        return text  # "change from Sep to Dec", "% change 2023 to last year (2025)": two periods compared
    if _has_dates(schema):
        text = recent_days(_restated(text), schema)
    if re.search(r"[\u4e00-\u9fff]", text):
        return _said_periods_zh(text, schema)
    if not _has_dates(schema):  # a sheet of month or year columns: only its spans of month columns
        return _month_spans(text, schema)

    def month_rel(m: re.Match) -> str:  # "march next year (2027)": march 2027
        y = int(m.group("y")) if m.group("y") else today().year + {"this": 0, "next": 1, "last": -1}[m.group("rel").lower()]
        if not m.group("y") and not _holds(schema, y, _month_no(m.group("m"))):
            return m.group(0)
        return f"{m.group('m')} {y}"
    text = _MONTH_REL_YEAR.sub(month_rel, text)

    # "this month (Nov 2026)", "next year (2027)": the bracket says the period
    text = _PINNED_EN.sub(lambda m: f" {m.group('pre') or 'in'} {m.group('body')} ", text)

    def rel_month(m: re.Match) -> str:  # "this month", said plainly, where the sheet's dates hold it
        now = today()
        k = now.year * 12 + now.month - 1 + {"this": 0, "next": 1, "last": -1}[m.group("rel").lower()]
        y, mon = divmod(k, 12)
        return f" in {_short(mon + 1)} {y} " if _holds(schema, y, mon + 1) else m.group(0)
    text = _PLAIN_REL_MONTH.sub(rel_month, text)
    # "the 2nd half of Nov (16th on)"
    while (h := _HALF.search(text)) is not None:
        new = _half(h, schema)
        if new == h.group(0):
            break
        nums = {int(n) for n in re.findall(r"\d+", new)}
        text = _drop_restated(text[:h.start()] + new + text[h.end():], (h.start(), h.start() + len(new)),
                              nums | {min(nums)})
    text = _SPAN_EN.sub(lambda m: _span_en(m, schema), text)
    if _has_dates(schema):
        def open_after(m: re.Match) -> str:
            one = _one(m, schema)
            return f" since {_day(*one)} " if one else m.group(0)

        def open_before(m: re.Match) -> str:
            one = _one(m, schema)
            return f" on or before {_day(*one)} " if one else m.group(0)

        def bound(m: re.Match) -> str:  # "before 5 nov (inclusive)": on or before it
            one = _one(m, schema)
            if one is None:
                return m.group(0)
            cmp = m.group("cmp").lower()
            return f" {'since' if cmp == 'after' else 'on or before'} {_day(*one)} "
        text = _BOUND_INCL.sub(bound, text)
        text = _UP_TO_INCL.sub("on or before ", text)
        text = _OPEN_AFTER.sub(open_after, text)
        text = _OPEN_BEFORE.sub(open_before, text)
    return _month_spans(text, schema)


def _month_spans(text: str, schema: SheetSchema) -> str:
    """"Q1", "first quarter", "jan to march": a span of months (``_months_said``)."""
    said = {str(v).strip().lower() for c in schema.columns for v in c.distinct} | {
        c.header.strip().lower() for c in schema.columns}

    def quarter(m: re.Match) -> str:
        if m.group("q") and f"q{m.group('q')}" in said:
            return m.group(0)  # a sheet that names its quarters itself (a Q1 value or column)
        first, last = _quarter_months(m)
        return _months_said(first, last, m.group("y"), schema) or m.group(0)
    text = _QUARTER_EN.sub(quarter, text)

    def month_span(m: re.Match) -> str:
        a, b = _month_no(m.group("a") or m.group("a2")), _month_no(m.group("b"))
        if b <= a:
            return m.group(0)  # "nov to feb": across a year end, which year is whose
        if re.match(rf"\s*(?:-|–)\s*{_MON}(?![a-z])", text[m.end():], re.I) \
                or re.search(rf"(?<![a-z]){_MON}\.?\s*(?:-|–)\s*$", text[:m.start()], re.I):
            return m.group(0)  # "budget - jan - feb - mar": a chain of subtractions, no span
        said = _months_said(a, b, m.group("y"), schema)
        if said is not None and "+" in said and re.search(r"(?:-|–|−|minus|less)\s*$", text[:m.start()], re.I):
            said = f" ({said.strip()}) "  # "budget minus Jan-Jun": the months' sum is taken off whole
        return said or m.group(0)
    text = _MONTH_SPAN_EN.sub(month_span, text)
    return re.sub(r"\s{2,}", " ", _halves_en(text, schema)).strip()


def _says_half(schema: SheetSchema) -> bool:
    """Whether a header of the sheet says a half of a year itself (Budget H1, 上半年目标)."""
    return any(re.search(r"(?<![a-z])(?:h[12]|half|halves)(?![a-z])|半年", c.header.lower()) for c in schema.columns)


def _first_six(schema: SheetSchema) -> bool:
    """Whether the sheet's month columns are exactly the first six months (Jan-Jun, 1月-6月)."""
    return sorted(_month_headers(schema)) == list(range(1, 7))


_FIRST_HALF_EN = re.compile(rf"(?<![a-z\d])(?:{_LEX['first_half_en']})(?![a-z\d])(?!\s+of(?![a-z]))", re.I)
_HALF_YEAR_EN = re.compile(rf"(?<![a-z\d])(?:{_LEX['half_year_en']})(?![a-z\d])", re.I)


def _halves_en(text: str, schema: SheetSchema) -> str:
    """"the first half of the year", "first six months", "H1": months 1-6 (``_months_said``); "the
    half year" said alone only beside the month columns of exactly Jan-Jun.  Not on a sheet whose
    own header says a half ("Budget H1": which is meant, the header or the months)."""
    if _says_half(schema):
        return text
    text = _FIRST_HALF_EN.sub(lambda m: _months_said(1, 6, None, schema) or m.group(0), text)
    if _first_six(schema):
        text = _HALF_YEAR_EN.sub(lambda m: _months_said(1, 6, None, schema) or m.group(0), text)
    return text


_ZH_BRACKET_DAYS = re.compile(r"\s*[（(]\s*(?:从)?\s*(?:(?:19|20)?\d\d\s*年)?\s*(?:1[0-2]|0?[1-9])\s*[月.．/]\s*(?P<d>[12]\d|3[01]|0?[1-9])"
                              r"(?![\d%])[^（()）]{0,16}[)）]")
_EN_RESTATED = re.compile(rf"(?<![a-z])(?:{_LEX['restated_en']})(?![a-z])(?=\s*\(\s*(?:from\s+|between\s+|the\s+)?"
                          rf"(?:\d{{1,2}}{_ORD}\s*(?:-|–|to|and|\s){_MON}?|{_MON}\.?\s+\d{{1,2}}))", re.I)


def _restated(text: str) -> str:
    """A period word whose days a bracket after it writes out ("下半月（11月16号起）",
    "国庆期间（10月1日-7日）", "this week (2-8 nov)"): the word dropped, the bracket read.  A part of
    a month whose first day the bracket contradicts ("下旬（11月1日起）") stays as said."""
    words = sorted(_LEX["restated_zh"], key=len, reverse=True)
    parts = {**_LEX["month_parts_zh"], "下半个月": [16, 0], "上半个月": [1, 15]}

    def drop(m: re.Match) -> str:
        first = parts.get(m.group(1), [None])[0]
        if first is not None and int(m.group("d")) != first:
            return m.group(0)
        return m.group(0)[len(m.group(1)):]
    # (the bracket right after the word, or after the few words it goes with: "下半月毛利合计（从11月16日起）")
    text = re.sub("(" + "|".join(map(re.escape, words)) + r")[^（()）,，。;；\d]{0,8}?" + _ZH_BRACKET_DAYS.pattern, drop, text)
    return _EN_RESTATED.sub(" ", text)


_ZH_REL_MONTHS = _LEX["plain_relative_month_zh"]
_ZH_PLAIN_REL_MONTH = re.compile(r"(?P<w>" + "|".join(sorted(_ZH_REL_MONTHS, key=len, reverse=True))
                                 + r")(?!\s*[（(\d])(?!份?[底初末中])")


def _zh_rel_month(m: re.Match, schema: SheetSchema, pin: dt.date | None = None) -> str:
    """本月 / 上个月 said plainly: that month of the day asked (2026年11月), where the sheet's dates
    hold it and no header says the word itself (本月售出, 上月读数: a column, not a period)."""
    w = m.group("w")
    if any(w in c.header for c in schema.columns):
        return w
    now = pin or today()
    k = now.year * 12 + now.month - 1 + _ZH_REL_MONTHS[w]
    y, mon = divmod(k, 12)
    return f"{y}年{mon + 1}月" if _holds(schema, y, mon + 1) else w


def _said_periods_zh(text: str, schema: SheetSchema) -> str:
    """The Chinese forms: "今年10月（2026年10月）" -> 2026年10月, "11.25起" -> 11月25日起, "11月下旬" ->
    11月21日到30日, "第一季度" on a sheet of month columns -> 1月+2月+3月."""
    def pinned(m: re.Match) -> str:
        if m.group("m0") and int(m.group("m0")) != int(m.group("m")):
            return m.group(0)  # "10月（2026年11月）": which one
        return f"{m.group('y')}年{int(m.group('m'))}月"
    heads = _month_headers(schema)
    years = _date_years(schema)
    # "26年10月", "今年（26年）": a year of two digits, of a century the sheet's dates hold
    text = _ZH_SHORT_YEAR.sub(lambda m: (f"20{yy}年" if 2000 + int(yy := m.group("y") or m.group("y2")) in years
                                         else m.group(0)), text)
    if heads or _has_dates(schema):  # "三月份", "十一月": the month's number, as sheets write it
        text = _ZH_NUMERAL_MONTH.sub(lambda m: (" " if re.match(r"[\dA-Za-z]", text[m.start() - 1:m.start()]) else "")
                                     + f"{_ZH_NUMERALS.index(m.group(1)) + 1}月", text)
    text = _ZH_PINNED.sub(pinned, text)
    if (heads or _has_dates(schema)) and not _says_half(schema):
        # "前六个月", and "半年" beside the month columns of exactly 1月-6月: the first half, 上半年
        for w in _LEX["first_half_zh"]:
            text = text.replace(w, "上半年")
        if _first_six(schema):
            text = re.sub(r"(?<![上下前头每个几一两半])(?:" + "|".join(_LEX["half_year_zh"]) + ")", "上半年", text)
    if _has_dates(schema):
        from .recentdays import pinned_day, unpinned

        pin = pinned_day(text)  # "今天是2026年12月10日，这个月": the month of the day pinned, the pin then said
        said = _ZH_PLAIN_REL_MONTH.sub(lambda m: _zh_rel_month(m, schema, pin), text)
        text = text if said == text else unpinned(said)

        def dotted(m: re.Match) -> str:
            mon, d = int(m.group("m")), int(m.group("d"))
            if not _valid(d, mon, int(m.group("y")) if m.group("y") else None):
                return m.group(0)
            y = m.group("y") or _one_year(schema)
            return (f"{y}年" if y else "") + f"{mon}月{d}日"
        def dotted_span(m: re.Match) -> str:
            y = int(m.group("y")) if m.group("y") else None
            a, b = (int(m.group("m")), int(m.group("d"))), (int(m.group("m2")), int(m.group("d2")))
            if not (_valid(a[1], a[0], y) and _valid(b[1], b[0], y)) or a >= b:
                return m.group(0)
            return (f"{y}年" if y else "") + f"{a[0]}月{a[1]}日到{b[0]}月{b[1]}日"
        text = _ZH_DOTTED_SPAN.sub(dotted_span, text)
        text = _ZH_DOTTED.sub(dotted, text)

        def part(m: re.Match) -> str:  # 上旬 1-10, 中旬 11-20, 下旬 21-end; 上半月 1-15, 下半月 16-end
            y = int(m.group("y")) if m.group("y") else _one_year(schema)
            if y is None:
                return m.group(0)
            mon = int(m.group("m"))
            a, b = _LEX["month_parts_zh"][m.group("part")]
            b = b or calendar.monthrange(y, mon)[1]
            return (f"{m.group('y')}年" if m.group("y") else "") + f"{mon}月{a}日到{b}日"
        text = _ZH_PART.sub(part, text)
    if heads and not _has_dates(schema):
        def month_span(m: re.Match) -> str:  # "1-6月" beside columns 1月 … 6月: those columns added
            a, b = int(m.group("a")), int(m.group("b"))
            if b <= a or not all(k in heads for k in range(a, b + 1)):
                return m.group(0)
            return "（" + "+".join(heads[k] for k in range(a, b + 1)) + "）"
        text = _ZH_MONTH_SPAN.sub(month_span, text)

        def quarter(m: re.Match) -> str:
            a, b = lexicon("aggregates")["zh_month_spans"][m.group("word")]
            if not all(k in heads for k in range(a, b + 1)) or m.group("y"):
                return m.group(0)
            return "（" + "+".join(heads[k] for k in range(a, b + 1)) + "）"
        text = _ZH_QUARTER.sub(quarter, text)
    return text
