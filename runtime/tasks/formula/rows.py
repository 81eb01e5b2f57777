"""Per-row rule family (issue 16 item 1): one formula for the target row that fills down.

Read only when the caller names a target cell on a data row of the table.
:func:`read` asks each per-row family in turn — IF labels (``rowlabels``),
dates and ID numbers (``rowdates``), text (``rowtext``), then the arithmetic
of this module — and takes the first answer.  Vocabulary lives in
``lexicon/rows.json`` and ``lexicon/columns.json`` (both languages).  Every
number the request names must end up in the formula, and every column it
names must be the one grounded, or no family answers (the caller refuses) —
a wrong guess is worse than no answer.  The formula is written for the target
row with relative row references and checked on that row and two others.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from . import bothends, roundunit, rowaddon, rowafter, rowopen, rowscale, rowvat
from .rowbase import (
    RowReading,
    _bare,
    count_word,
    cover,
    group_of,
    has,
    header_numbers,
    is_zh,
    lexicon,
    mentions,
    names_the_row,
    numbers,
    ref,
    table_values,
    used_up,
    values,
)
from .schema import Column, SheetSchema, col_index

__all__ = ["RowReading", "read", "mentions", "lexicon"]

_ZHE = re.compile(r"打?(\d(?:\.\d)?|\d\d|[一二三四五六七八九]{1,2})折")
_ZH_DIGIT = {c: i for i, c in enumerate("零一二三四五六七八九")}


#: a share of a number said outright: "as a percentage of 500", "as a % of the max (5)", "out of 5,
#: as a percentage", "占5000的比例", "按满分5分算百分比": the column over that number (the cell
#: formatted as a percentage)
_SHARE_OF_NUMBER = re.compile(
    r"as (?:an? )?(?:percentage|percent|pct|share|fraction|%) of (?:the )?(?:(?:max|maximum|most|full|top|total|target)"
    r"(?: score| mark| possible)?,?(?: of)? )?[(（]?(?P<n>\d+(?:\.\d+)?)(?![\d.%])[)）]?"
    r"|(?<![a-z])out of (?P<out>\d+(?:\.\d+)?)(?![\d.%])(?=.*(?:percentage|percent|pct|%))"
    r"|占\s*(?:满分|总分)?\s*(?P<zh>\d+(?:\.\d+)?)\s*(?:分|元|块|天|小时|个|件|次|人|斤|公斤|吨|米)?\s*的?\s*"
    r"(?:百分比|比例|比重|百分之几|百分之多少)"
    r"|(?:按|以)?满分\s*(?P<full>\d+(?:\.\d+)?)\s*分?\s*[，,]?\s*(?:算|计算|折算|换算)?\s*成?\s*(?:百分比|比例|百分数|得分率)",
    re.I)


#: "round the minutes up (always up) to whole numbers": the direction said after what is rounded
_SPLIT_ROUND = re.compile(r"\b(round)\s+((?:the\s+|each\s+|every\s+|all\s+)?[a-z][a-z' ]{0,40}?)\s+(up|down)\b"
                          r"(?:\s*[(（]\s*always\s+(?:up|down)\s*[)）])?", re.I)


#: a dash between two Chinese words ("结束日期-开始日期", "售价-进价")
_ZH_DASH = re.compile(r"(?<=[\u4e00-\u9fff）)])\s*[-−–]\s*(?=[\u4e00-\u9fff（(])")


def _dash_as_minus(request: str, schema: SheetSchema) -> str:
    """``request`` with a dash between the names of two number or date columns ("结束-开始",
    "售价-进价") written as the full-width minus the arithmetic readers read.  A dash between
    text columns ("品类-品名", "部门-姓名") is the separator of a joined text, left as it is."""
    spans = [(p, p + len(_mention_text(request, p, c, schema)), c) for p, c in mentions(request, schema)]
    out = request
    for m in reversed(list(_ZH_DASH.finditer(request))):
        before = [c for _a, b, c in spans if b == m.start()]
        after = [c for a, _b, c in spans if a == m.end()]
        if before and after and all(c.type in ("number", "date") for c in before + after):
            out = out[:m.start()] + "－" + out[m.end():]
    return out


def _mention_text(text: str, p: int, col: Column, schema: SheetSchema) -> str:
    """The words of ``text`` at ``p`` that name ``col``."""
    return text[p:_mention_end(text.lower(), p, col, schema)]


def read(request: str, schema: SheetSchema, target_col: int) -> RowReading | None:
    """The per-row formula for ``request``, or None when no family reads it whole; an area
    asked in square metres of lengths in centimetres is converted (:func:`rowunits.area`); one
    that says a tax is added gets it (:func:`rowvat.kept`); one that deducts without a minus
    ("charge after discount") is read with the minus said (:func:`rowafter.reread`)."""
    from .rowspanevents import named
    from .rowunits import area, area_of_lengths

    request = named(request, schema)  # "days from quote to acceptance": the ends as the date headers
    request = _SPLIT_ROUND.sub(r"\1 \3 \2", request)  # "round the minutes up": "round up the minutes"
    request = _dash_as_minus(request, schema)  # "结束日期-开始日期": a minus between two number columns
    if rowaddon.asked(request):  # "price plus £10 if it's a delivery": read whole, or no answer
        return rowaddon.read(request, schema, lambda rest: _inner(rest, schema, target_col))
    reading = bothends.counted(request, schema, lambda text: _read_rounded(text, schema, target_col)) \
        or rowvat.kept(request, schema, _read_rounded(request, schema, target_col),
                          lambda rest: _inner(rest, schema, target_col)) \
        or rowafter.reread(request, schema, lambda text: _read_rounded(text, schema, target_col))
    return area_of_lengths(request, schema) if reading is None else area(request, schema, reading)


def _read_rounded(request: str, schema: SheetSchema, target_col: int) -> RowReading | None:
    """The per-row formula for ``request`` as the families read it, or None.

    A clause asking for decimal places ("保留两位小数", "四舍五入两位", "to 2 dp"), wherever
    it stands, is read apart when the whole is not read: the rest is read on its own and its
    number wrapped in ROUND (a rest that rounds already, or writes a label, gets no answer)."""
    request = _year_measure_dropped(request, schema)
    reading = _in_years(request, schema, _read(request, schema, target_col)) or _taxed(request, schema, target_col)
    if reading is not None and not re.search(r"\bIF\(", reading.template) \
            and any(re.search(p, request, re.I) for p in lexicon("dates")["blank_clause"]):
        # "…减下单日期，还没交的留空": the whole read with the blank clause left unread
        # would fill the open rows with nonsense; the clause read apart keeps them blank
        guarded = _blank_guarded(request, schema, target_col)
        if guarded is not None:
            return guarded
    if reading is not None and not re.search(r'"[^"]+"', reading.template):
        # "借出天数，已归还的不填": the whole read with the done rows' clause left unread
        reading = rowopen.read(request, schema, lambda rest: _read(rest, schema, target_col)) or reading
    if reading is not None and rowscale.said_unscaled(request, reading.template):
        # "每个品种卖了多少万元（销量×单价）": the whole read with its scale left out is off by 10000
        # (rounded too: the rounding clause apart first, so the scaled number is what is rounded)
        if rounding_clause(request.lower()) is not None:
            return clause_read(request, schema, target_col)
        # (columns kept in the asked unit already: "比24年多了多少万" on 万元 columns is the whole's reading)
        return _inner(request, schema, target_col) or (reading if rowscale.in_asked_unit(request, reading.template, schema)
                                                       else None)
    clause = rounding_clause(request.lower())
    if reading is not None and clause is not None and clause[4] in ("ROUNDUP", "ROUNDDOWN") \
            and not re.search(r"\b(?:ROUND|ROUNDUP|ROUNDDOWN|INT|TRUNC|CEILING|FLOOR|MROUND|TEXT)\(", reading.template):
        # "每单时长按小时算，不足一小时按一小时": the whole read with its round-up clause left unread;
        # the clause read apart puts it in the formula (the whole's reading when it cannot, which
        # the checks refuse).  A decimals clause left unread stays the checks' to refuse: the whole
        # read may have left more than the clause unread ("亩/天，一位小数" read as the days alone)
        return clause_read(request, schema, target_col) or reading
    if reading is not None and clause is not None \
            and not re.search(r"\b(?:ROUND|ROUNDUP|ROUNDDOWN|INT|TRUNC|CEILING|FLOOR|MROUND|TEXT)\(", reading.template):
        # "mins per call, J, whole numbers": the whole read with its decimals clause left unread,
        # and the rest read apart the same: the clause was all the whole left out
        apart = clause_read(request, schema, target_col)
        if apart is not None and apart.template == f"={clause[4]}({reading.template[1:]},{clause[2]})" \
                and not (clause[2] > 0 and _whole_days(reading.template, schema)):
            return apart
    if reading is not None:
        return reading
    reading = rowscale.scaled(request, schema, lambda rest: _inner(rest, schema, target_col))
    if reading is not None and rounding_clause(request.lower()) is None:
        return reading
    state = _state(request, schema)
    if state is not None:
        return state
    guarded = _blank_guarded(request, schema, target_col) or rowopen.read(request, schema, lambda rest: _read(rest, schema, target_col))
    if guarded is not None:
        return guarded
    return clause_read(request, schema, target_col)


def clause_read(request: str, schema: SheetSchema, target_col: int,
                 read: Callable[[str, SheetSchema, int], RowReading | None] | None = None) -> RowReading | None:
    """``request``'s rounding clause read apart: the rest read on its own (by ``read``, the per-row
    readers unless another is given: the lookup reader for "amount x the Rates sheet's rate, 2dp"),
    its number wrapped in ROUND / ROUNDUP / ROUNDDOWN; None when there is no clause or the rest is
    not one number."""
    clause = rounding_clause(request.lower())
    if clause is None:
        return None
    places, fn = clause[2], clause[4]
    rest = without_clause(request, clause)
    if not rest or rounding_clause(rest.lower()) is not None:
        return None
    inner = (read or _inner)(rest, schema, target_col)
    if inner is None or not inner.template.startswith("=") or re.search(r'"[^"]+"', inner.template) \
            or re.search(r"\b(?:ROUND|ROUNDUP|ROUNDDOWN|INT|TRUNC|CEILING|FLOOR|TEXT)\(", inner.template):
        return None
    return RowReading(f"={fn}({inner.template[1:]},{places})", f"{inner.explanation}, rounded to {places} decimals",
                      inner.consumed)


def _whole_days(template: str, schema: SheetSchema) -> bool:
    """Whether ``template`` only adds and subtracts date columns: a whole number of days, which a
    decimals clause cannot be about ("亩/天，一位小数" read as the days alone left the 亩 out)."""
    refs = re.findall(r"\$?([A-Z]{1,3})\{r\}", template)
    kinds = {c.letter: c.type for c in schema.columns}
    return bool(refs) and all(kinds.get(a) == "date" for a in refs) \
        and not re.sub(r"\$?[A-Z]{1,3}\{r\}|[-+()=\s]", "", template)


def _in_years(request: str, schema: SheetSchema, reading: RowReading | None) -> RowReading | None:
    """``reading`` in years when it is a difference of two dates (whole days) and ``request``
    asks for years ("离职日期减入职日期，按年算", "years from start to leaving (1dp)"): the days over
    365 (``lexicon/rows.json`` conversions years_of_days); ``reading`` itself otherwise."""
    if reading is None or not _whole_days(reading.template, schema) \
            or len(re.findall(r"\{r\}", reading.template)) != 2:
        return reading
    lex = lexicon("rows")["conversions"]
    if not re.search(lex["years_of_days"], request.lower()):
        return reading
    n = lex["year_days"]
    return RowReading(f"=({reading.template[1:]})/{n}", f"{reading.explanation}, in years of {n} days",
                      reading.consumed)


def _inner(rest: str, schema: SheetSchema, target_col: int) -> RowReading | None:
    """What is left of a request once a modifier (rounding, scale) is read apart, read by the
    families, as a taxed sum, with its own scale clause apart, or as one bare column."""
    def plain(text: str) -> RowReading | None:
        return _in_years(text, schema, _read(text, schema, target_col)) or _taxed(text, schema, target_col) \
            or _bare_column(text, schema)

    if rowscale.scale_clause(rest) is not None:
        return rowscale.scaled(rest, schema, plain)
    return plain(rest)


def _bare_column(rest: str, schema: SheetSchema) -> RowReading | None:
    """"retail rounded to whole pounds", "报销金额四舍五入保留整数": what is left once the rounding
    clause is read apart names one number column and nothing else; alone it would be a copy of
    the column (no answer), rounded it is the column's value rounded."""
    found = mentions(rest, schema)
    if len({c.letter for _, c in found}) != 1 or found[0][1].type != "number" or numbers(rest):
        return None
    p, col = found[0]
    text = rest.lower()
    # nothing but the column's name, the row's noun and a few words that name no operation
    # ("the", "each", "price", 的): "hourly rate per visit" names Visit as the row, not as the number
    left = text[:p] + " " + text[_mention_end(text, p, col, schema):]
    # (not "per kg", "per visit": a ratio asked, or a column named as the row, is no bare column)
    left = re.sub(r"\b(?:for\s+|on\s+)?(?:each|every)\s+[a-z]+|\bper\s+(?:row|line)\b|每一?[个张件笔条行单项户位名种批](?:都要|都算)?|[把将]|逐行",
                  " ", left)
    for i in range(len(schema.sheet) - 1):  # "报销金额" on 报销明细: the sheet's own word before the header
        if is_zh(schema.sheet[i:i + 2]):
            left = left.replace(schema.sheet[i:i + 2], " ")
    if re.search(r"\b(?:each|every|per)\s*$", text[:p]) \
            or re.sub(r"\b(?:the|its|their|price|figure|value|amount|column|col|for|of)\b|[\s,，;；.。:：的]", "", left):
        return None
    return RowReading(f"={ref(col)}", col.header, [])


def _year_measure_dropped(request: str, schema: SheetSchema) -> str:
    """"2025年场次排名" on a table of 2020 … 2025 columns under the title "历年演出场次（单位：场）":
    what every year column holds is said in the title, not in a header, so the word after the
    year ("场次", "销量") names the year's column itself and is dropped.  Only a word of 2-4
    characters that the title above the header row holds, after a year that heads a column."""
    from .aggregates import _full_years

    if is_zh(request) and not re.search(r"\d\s*(?:到|至|~|～|-|—)\s*\d{2}年", request):
        # "按25年场次" beside a 2025 column: the year written out ("19到20年" is a span, read whole)
        request = _full_years(request, schema)
    heads = {c.header.strip() for c in schema.columns}
    title = "".join(v for (r, _c), v in schema.cells.items() if r < schema.header_row and isinstance(v, str))
    if not title:
        return request

    def drop(m: re.Match) -> str:
        year, word = m.group(1), m.group(3)
        for n in range(len(word), 1, -1):
            if (year in heads or year + "年" in heads) and word[:n] in title and word[:n] not in heads:
                return m.group(1) + m.group(2) + word[n:]
        return m.group(0)

    request = re.sub(r"(?<!\d)((?:19|20)\d\d)(年?的?)([\u4e00-\u9fff]{2,4})", drop, request)
    return _year_block_said(request, schema, title, heads)


def _year_block_said(request: str, schema: SheetSchema, title: str, heads: set[str]) -> str:
    """"各剧目历年场次合计", "每个剧目六年总场次" on 2020 … 2025 columns under a title that says
    场次: the years said as a whole (历年, 这几年, 六年 when six year columns follow each other)
    written as their span ("2020到2025", read by the span reader), and 总 + the title's measure
    as 合计.  Nothing is rewritten on a sheet without such a block."""
    from .rowbase import count_word

    years = [int(c.header) for c in schema.columns if re.fullmatch(r"(?:19|20)\d\d", c.header.strip())]
    if len(years) < 2 or years != list(range(years[0], years[0] + len(years))):
        return request
    span = f"{years[0]}到{years[-1]}"

    def whole(m: re.Match) -> str:
        n = m.group(1)
        return span if n is None or count_word(n) == len(years) else m.group(0)

    out = re.sub(r"(?<!\d)(?:历年|这几年|这些年|各年)|(?<![\d年])([一二两三四五六七八九十]|\d)年(?=总|合计|加起来|一共|累计|平均)",
                 whole, request)
    words = sorted({w for n in (4, 3, 2) for i in range(len(title) - n + 1)
                    if re.fullmatch(r"[\u4e00-\u9fff]+", w := title[i:i + n]) and w not in heads
                    and not any(w in h for h in heads)}, key=len, reverse=True)
    for w in words:
        if f"总{w}" in out and out != request:
            out = out.replace(f"总{w}", "合计").replace(w, "")
            break
        if out != request and w in out and re.search(r"合计|加起来|总和|平均", out):
            out = out.replace(w, "")
            break
    return out


def _state(request: str, schema: SheetSchema) -> RowReading | None:
    """"没取写未取，取了的写已取", "在售还是已售": whether the row's step is done yet
    (:mod:`rowstates`), when every other word of the request is accounted for and it says no number."""
    from . import rowstates, statuspair, zhfilled

    if re.search(r"\d", request):
        return None
    for family in (rowstates, statuspair, zhfilled):
        found = family.read(request, schema)
        if found is not None and not _residue(found[1], schema, found[0].template):
            return found[0]
    return None


def _taxed(request: str, schema: SheetSchema, target_col: int) -> RowReading | None:
    """"call-out plus parts with 20% VAT on top", "add vat at 20% to callout+parts": a tax clause
    (``lexicon/rows.json`` tax_clause: its percent in group p) on a sum of columns, read apart.
    The rest must read as columns added and nothing else (``=E2+F2``); the sum is then taxed:
    ``(E2+F2)*1.2``.  One column taxed is the arithmetic family's own reading."""
    for pat in lexicon("rows")["tax_clause"]:
        m = re.search(pat, request, re.I)
        if m is None:
            continue
        rest = (request[:m.start()] + " " + request[m.end():]).strip(" ,;")
        if not rest or re.search(r"%", rest):
            return None
        inner = _read(rest, schema, target_col)
        if inner is None or not re.fullmatch(r"=[A-Z]{1,3}\{r\}(?:\+[A-Z]{1,3}\{r\})+", inner.template):
            return None
        p = float(m.group("p"))
        return RowReading(f"=({inner.template[1:]})*{1 + p / 100:g}", f"({inner.explanation}) plus {p:g}% tax",
                          [*inner.consumed, p])
    return None


def _blank_guarded(request: str, schema: SheetSchema, target_col: int) -> RowReading | None:
    """"days from filing to settlement (blank if open)", "loan length in days; leave it empty when
    the book is still out", "延期天数（实际完成减计划完成），没完成的留空": a clause saying which rows
    stay blank (``lexicon/dates.json`` blank_clause), read apart.  The rest is read on its own; its
    number is left blank where the one column it reads that is empty on some data rows is empty:
    ``IF(F2="","",F2-E2)``.  No such column, or more than one, or a rest that writes a label or
    tests already: no answer.

    The blank rows may be named by another column instead ("支出（万元），收入行留空", "leave the
    refund rows blank": blank_rows_named): read so only when that column is filled exactly on the
    rows where the read column is empty, so the two say the same rows."""
    lex = lexicon("dates")
    for pat in lex["blank_clause"]:
        m = re.search(pat, request, re.I)
        if m is not None:
            return _guarded_rest(request, m.start(), m.end(), schema, target_col, None)
    for pat in lex["blank_rows_named"]:
        m = re.search(pat, request, re.I)
        if m is not None:
            named = list(dict.fromkeys(c.letter for _, c in mentions(m.group("w"), schema)))
            if len(named) != 1:
                return None
            return _guarded_rest(request, m.start(), m.end(), schema, target_col, named[0])
    return None


def _guarded_rest(request: str, start: int, end: int, schema: SheetSchema, target_col: int,
                  other: str | None) -> RowReading | None:
    """``request`` without its blank clause (``start``:``end``) read, behind a blank test of the
    one gappy column it reads (see :func:`_blank_guarded`); ``other``: the column the clause
    named, which must be filled exactly where that column is empty."""
    rest = (request[:start] + ("，" if is_zh(request) and start and end < len(request) else " ")
            + request[end:]).strip(" ,，;；。.")
    if not rest:
        return None
    # "支出换成万元，保留两位小数，没有支出的空着": the rest may round or scale its number
    inner = _read(rest, schema, target_col) or clause_read(rest, schema, target_col) \
        or rowscale.scaled(rest, schema, lambda said: _inner(said, schema, target_col))
    if inner is None or not inner.template.startswith("=") or '"' in inner.template \
            or re.search(r"\b(?:IF|IFS|IFERROR|AND|OR)\(", inner.template):
        return None
    by_letter = {c.letter: c for c in schema.columns}
    read = list(dict.fromkeys(re.findall(r"(?<![A-Z$])([A-Z]{1,3})\{r\}", inner.template)))
    gaps = [letter for letter in read
            if letter in by_letter and any(v in (None, "") for v in table_values(schema, by_letter[letter]))]
    if len(gaps) != 1:
        return None
    g = gaps[0]
    if other is not None:
        if other in read:
            return None
        pairs = zip(table_values(schema, by_letter[other]), table_values(schema, by_letter[g]), strict=True)
        if any((a not in (None, "")) != (b in (None, "")) for a, b in pairs):
            return None
    return RowReading(f'=IF({g}{{r}}="","",{inner.template[1:]})',
                      f"{inner.explanation}, blank where {g} is blank", inner.consumed)


# "round the prices to whole £", "round up each charge to the next pound": the verb said first,
# its clause ("to whole £") at the end; the two are one rounding clause
_LEAD_ROUND = re.compile(r"^\s*(?:(?:please|pls|can you)\s+)?round(?:ed)?(?:\s+(up|down))?(?:\s+off)?\s+(?=\S)", re.I)


def _lead_round(text: str, clause: tuple) -> re.Match[str] | None:
    """The leading "round (up|down)" of ``text`` whose "to ..." ``clause`` comes later, or None."""
    m = _LEAD_ROUND.match(text)
    if m is None or m.end() > clause[0] or "round" in text[clause[0]:clause[1]].lower():
        return None
    return m


def without_clause(request: str, clause: tuple) -> str:
    """``request`` without the rounding ``clause`` :func:`rounding_clause` found in it (and the
    "round" verb that leads the request when the clause is its "to whole £" end)."""
    start, end = clause[0], clause[1]
    lead = _lead_round(request, clause)
    if lead is not None:
        request = " " * lead.end() + request[lead.end():]
    rest = request[:start] + ("，" if is_zh(request[end:end + 1]) and start else " ") + request[end:]
    rest = re.sub(r"[（(]\s*[）)]", " ", rest)  # "(round to 2 places)": the brackets it stood in
    return rest.strip(" ,，;；。.?？!")


# "rounded up to a whole number", "四舍五入取整", "向上取整": no decimal places at all
_WHOLE = re.compile(
    r"(?:[，,;；]\s*|\s+|(?<=[\u4e00-\u9fff]))?(?:(?:and|then)\s+|并且?|再|后)?\s*(?:"
    r"(?P<en>round(?:ed)?(?:\s+(?P<dir>up|down))?(?:\s+(?:it\s+)?(?:off\s+)?to\s+(?:the\s+nearest\s+|the\s+next\s+|a\s+)?"
    r"(?:whole(?:\s+(?:number|pounds?|dollars?|euros?|yuan|quid|[£$€¥]|(?!(?:table|list|sheet|column|row|lot|year|month|week|day|thing|set|range|team)s?\b)[a-z]{2,12}))?|integer|pound|dollar|euro|[£$€¥]))?)(?=\s*(?:[,，;；.)]|$|\s+(?:for|per|in)\b))"
    # "avg miles, nearest whole mile", "(to the nearest whole hour)": the clause without its verb, after a comma
    r"|(?:(?<=[,;(])|(?<=[,;(]\s))(?P<en3>(?:to\s+)?(?:the\s+)?nearest\s+whole\s+(?!(?:table|list|sheet|column|row|lot|year|month|week|day|thing|set|range|team)s?\b)[a-z]{2,12})(?=\s*(?:[,;.)]|$))"
    # "round each trip's miles to the nearest whole mile in col I": the verb led the request (_LEAD_ROUND)
    r"|(?<=\s)(?P<en4>to\s+(?:the\s+(?:nearest|next)\s+)?whole\s+[a-z]{2,12})(?=\s*(?:[,;.)]|$|\s+(?:for|per|in|into)\b))"
    r"|(?P<zh>(?P<zdir>向上|向下)?(?:四舍五入)?(?:取整数?|到整数|到个位))"
    # "不足一小时按一小时算", "不满1天按1天计": a part of the unit counts as a whole one (ROUNDUP)
    r"|(?P<zh3>(?:不足|不满|不到)\s*(?:一|1)\s*(?P<zunit>[\u4e00-\u9fff]{1,2})\s*(?:的)?(?:按|算|计)\s*(?:一|1)\s*(?P=zunit)\s*(?:算|计|收费?)?)"
    r"|(?P<zh2>四舍五入)(?=\s*(?:[，,;；。]|$))"
    r")")


def _whole_clause(text: str) -> tuple[int, int, int, list[float], str] | None:
    """A clause asking for a whole number ("rounded up", "四舍五入取整", "向下取整"), wherever it
    stands: (start, end, 0, [], ROUND / ROUNDUP / ROUNDDOWN); None when there is none."""
    m = _WHOLE.search(text)
    if m is not None and m.group("en4") and _LEAD_ROUND.match(text) is None:
        return None  # "to whole miles" with no "round" before it
    if m is None or not (m.group("en") or m.group("en3") or m.group("en4") or m.group("zh") or m.group("zh2")
                         or m.group("zh3")):
        return None
    way = m.group("dir") or {"向上": "up", "向下": "down"}.get(m.group("zdir") or "", "") or ("up" if m.group("zh3") else "")
    return m.start(), m.end(), 0, [], {"up": "ROUNDUP", "down": "ROUNDDOWN"}.get(way, "ROUND")


_SHORT_YEAR_PAIR = re.compile(r"(?<![\d.,$£€¥])(['’]?)(\d\d)(\s*(?:->|→|=>|-|–|\bto\b|\bvs\.?|\bversus\b|\bover\b|\bagainst\b)\s*)"
                              r"(['’]?)(\d\d)(?![\d.,%])", re.I)


def short_year_pair(request: str, schema: SheetSchema) -> str:
    """"% change 24->25", "'24 vs '25" on a sheet with columns headed 2024 and 2025: two years
    said by their last two digits, written out.  Only a pair of such numbers joined by a word or
    sign that compares or spans them, and only when both years head a column of the sheet."""
    heads = {c.header.strip() for c in _year_columns(schema)}

    def full(m: re.Match) -> str:
        a, b = "20" + m.group(2), "20" + m.group(5)
        if a not in heads or b not in heads or a == b:
            return m.group(0)
        return f"{a}{m.group(3)}{b}"

    return _SHORT_YEAR_PAIR.sub(full, request)


def _read(request: str, schema: SheetSchema, target_col: int) -> RowReading | None:
    request = short_year_pair(request, schema)
    # "% change 2023 to last year (2025)": the year the bracket says is the one meant
    request = re.sub(r"\b(?:last|this|next|previous)\s+(?:year|season)\s*[(（]\s*((?:19|20)\d\d)\s*[)）]", r"\1", request, flags=re.I)
    # "multiply guests by the per-head price": guests times the per-head price
    request = re.sub(r"^\s*(?:(?:can you|please)\s+)?multiply\s+(?:the\s+)?(.+?)\s+by\s+", r"\1 times ",
                     request, flags=re.I)
    request = re.sub(r"^\s*(?:(?:can you|please)\s+)?divide\s+(?:the\s+)?(.+?)\s+by\s+", r"\1 divided by ",
                     request, flags=re.I)
    for pat, plain in lexicon("rows")["said_plainly_zh"]:  # "…的那天标个“忙”": …的标“忙”
        request = re.sub(pat, plain, request)
    for pat in lexicon("rows")["mark_it"]:  # "…的算加班，标出来": the label is said already
        request = re.sub(pat, "", request)
    for pat in lexicon("rows")["purpose"]:  # "..., so I know when to go back": what it is for
        m = re.search(pat, request, re.I)
        if m and m.start() > 0 and not any(re.search(q, m.group(0), re.I) for q in lexicon("rows")["purpose_not"]):
            request = request[:m.start()]
    # "add the tip onto the fee for every walk": the fee plus the tip (two words without numbers;
    # "add 28 days to each date" is the dates family's)
    request = re.sub(r"^\s*(?:(?:can you|please)\s+)?add\s+(?:the\s+)?([^\d,;]+?)\s+(?:on\s*to|to)\s+(?:the\s+)?"
                     r"([^\d,;]+?)(?=\s*(?:[,;]|\bfor\b|\bin\b|\bon\b|$))", r"\2 plus \1", request, flags=re.I)
    # "90分以上（含90）", "故障7次以上（含7次）", "5天以上（含）": the note that the bound is included,
    # said again after the bound (以上 / 以下 include it already)
    request = re.sub(r"(\d+(?:\.\d+)?)(\s*[\u4e00-\u9fff]?\s*(?:以上|以下|及以上|及以下))\s*[（(]\s*(?:含|包含|包括)"
                     r"\s*(?:\1\s*[\u4e00-\u9fff]?\s*)?(?:本数)?[)）]", r"\1\2", request)
    nums, seen = [], set()
    for n in header_numbers(request, schema):  # "the 3-month probation (plus 3 months)": one number said twice
        if (n[0], n[1]) not in seen:
            seen.add((n[0], n[1]))
            nums.append(n)
    said = [request]
    spelled = _definition(request)
    if spelled is not None:  # "缺勤天数=应出勤-实际出勤": the formula is spelled out after the name
        said.append(spelled)
    from .shares import share_named

    named = share_named(request)
    if named is not None:  # "付款进度：已付款占合同金额的比例": a name for the share, then the share
        said.append(named)
    from .rowasked import spelled as asked_spelled

    asked = asked_spelled(request, schema)
    if asked is not None:  # "What's each job worth? knives plus scissors times the price": the arithmetic
        said.append(asked)
        spelled = _definition(asked)
        if spelled is not None:
            said.append(spelled)
    from .zhparts import spelled as parts_spelled

    parts = parts_spelled(request, schema)
    if parts is not None:  # "个人合计" on 养老个人 | 医疗个人 | ...: each column of the part, added
        said.append(parts)
    family = _family_spelled(request, schema)
    if family is not None:  # "deposit + instalments" on Instalment 1, Instalment 2: each of them added
        request = family
        said = [request]
        spelled = _definition(request)
        if spelled is not None:
            said.append(spelled)
    takings = _takings(request, schema)
    if takings is not None:  # "what did each walk bring in including the tip": the fee plus the tip
        said.append(takings)
    plain = _row_noun_dropped(request)
    if plain is not None:  # "tuning + repairs for each visit": "for each visit" names the row, not a column
        said.append(plain)
    loose = _operands_spelled(request, schema)
    if loose is not None:  # "(final minus midterm)", "(hrs*rate + parts)", "=(售价-进价)/进价": header parts
        spelled = _definition(loose)  # the expression the request spells out is read first
        said[:0] = [loose] + ([spelled] if spelled is not None else [])
    paired = _paired(request, schema)
    if paired is not None:  # "上下半年加起来" on 上半年时长 | 下半年时长: the two columns, each said whole
        said.append(paired)
    from .shares import done_share

    if (done := done_share(request, schema)) is not None:  # "每笔借款还了百分之几": 已还金额占借款金额的比例
        said.append(done)
    plain_share = _SHARE_OF_NUMBER.sub(lambda m: f"as a percentage of {m['n']}" if m["n"] else m.group(0), request)
    if plain_share != request:  # "as a % of the max (5)": the column over 5, the words around 5 said
        said.append(plain_share)
    tenths = _tenths(request)
    if tenths is not None:  # "笔试四成面试六成": 四成 is 40%
        said.append(tenths)
        nums = nums + [n for n in header_numbers(tenths, schema) if n[1] == "%"]
    line = _line_value(request, schema)
    if line is not None:  # "每单打八折后的金额" on a sheet of 数量 and 单价 but no 金额: 数量*单价 is the amount
        sheet, letter, body = line
        for text in said:
            reading = _first(text, sheet, nums)
            if reading is not None and f"{letter}{{r}}" in reading.template:
                template = _inline(reading.template, f"{letter}{{r}}", body)
                if template is None:
                    break
                return RowReading(template, reading.explanation, reading.consumed)
        if not nums and not _residue(request, sheet, f"={letter}{{r}}") \
                and all(c.letter == letter for _, c in mentions(request, sheet)):
            return RowReading(f"={body}", f"{sheet.columns[-1].header}: {body.replace('{r}', '')}")
    for text in said:
        reading = _first(text, schema, nums)
        if reading is not None:
            return reading
    from . import periodtotal

    for sheet, letter, body, named in periodtotal.stand_ins(request, schema):
        # "Busy if it did over 400 hires in the year" on Jan … Dec: the row's total, a stand-in column
        for text in said:
            reading = _first(named(text), sheet, nums, labels_only=True)
            if reading is not None and f"{letter}{{r}}" in reading.template:
                template = _inline(reading.template, f"{letter}{{r}}", body)
                if template is not None:
                    return RowReading(template, reading.explanation, reading.consumed)
    for sheet, letter, body, pinned in _measures(request, schema):
        # "年满80岁的标高龄", "LONG if they stayed more than 3 hours": a label on a value no column
        # holds (the age from an ID number, the hours between two times), read on a stand-in column;
        # "毛利÷销售额" on a sheet of 销售数量 and 销售单价: the amount, read by every family
        rest = [n for n in nums if n[0] not in pinned]
        amount = pinned == [-1.0]
        if amount:
            named = sheet.columns[-1].header
            rest = nums
            for text in said:
                text = _amount_named(text, named)
                reading = _first(text, sheet, rest)
                if reading is not None and f"{letter}{{r}}" in reading.template:
                    template = _inline(reading.template, f"{letter}{{r}}", body)
                    if template is not None:
                        return RowReading(template, reading.explanation, reading.consumed)
            whole = _amount_named(request, named)
            if not nums and not _residue(whole, sheet, f"={letter}{{r}}") \
                    and all(c.letter == letter for _, c in mentions(whole, sheet)) and mentions(whole, sheet):
                return RowReading(f"={body}", f"{named}: {body.replace('{r}', '')}")
            continue
        for text in said:
            if pinned:  # "（按2026年算）": what the stand-in's formula says, not a condition
                pats = lexicon("dates")["pinned_year"]
                for pat in pats:
                    text = re.sub(pat, " ", text, flags=re.I)
                text = re.sub(r"[（(]\s*[)）]", " ", text)
            reading = _first(text, sheet, rest, labels_only=True)
            if reading is not None and f"{letter}{{r}}" in reading.template:
                template = _inline(reading.template, f"{letter}{{r}}", body)
                if template is not None:
                    return RowReading(template, reading.explanation, reading.consumed + pinned)
    return None


def _takings(request: str, schema: SheetSchema) -> str | None:
    """"what did each walk bring in including the tip", "what every visit came to incl.
    medication": the question said as the row's one charge column (Fee, Price, Consult Fee:
    a header with a word of ``owed_headers.charged``) plus what the request adds to it; None
    when the request asks no such question, adds nothing, or the sheet has no one such column."""
    lex = lexicon("rows")
    verbs = "|".join(re.escape(w) for w in sorted(lex["takings"], key=len, reverse=True))
    m = re.match(rf"^\s*(?:what|how much)(?:'s|\s+(?:did|does|do|has|have|had|is|was|would))?\s+"
                 rf"((?:each|every)\s+[a-z]+|(?:the|a|an)\s+[a-z]+)\s+(?:{verbs})\b(?:\s+in\s+total)?",
                 request, re.I)
    if m is None:
        return None
    rest = request[m.end():]
    adds = re.match(r"\s*,?\s*(?:including|incl\.?|inc\.?|plus|with)\s+", rest, re.I)
    if adds is None:
        return None
    named = {c.letter for _, c in mentions(rest, schema)}
    if group_of(schema, "qty") is not None:
        return None  # "what each order came to" on Qty and Unit Price: the line's amount, not a column
    charged, rate = lex["owed_headers"]["charged"], lex["owed_headers"]["rate"] + ["unit", "each"]
    base = [c for c in schema.columns if c.type == "number" and c.letter not in named
            and any(re.search(rf"\b{re.escape(w)}\b", c.header.lower()) for w in charged)
            and not any(w in c.header.lower() for w in rate)]
    if len(base) != 1 or not named:
        return None
    noun = m.group(1) if m.group(1).lower().startswith(("each", "every")) else ""
    return f"{base[0].header} {rest.strip()} {'for ' + noun if noun else ''}".strip()


def _amount_named(text: str, named: str) -> str:
    """``text`` with the ways of saying a stand-in amount ("进货成本", "进货花了多少钱") said as its
    name (进货额), so the readers find the column."""
    head = named[:-1]
    return re.sub(rf"{head}(?:的)?(?:金额|成本|总价|额|(?:一共|总共)?(?:花了|用了)?(?:多少钱))", named, text)


def _measures(request: str, schema: SheetSchema):
    """Stand-in columns for values a row has but no column holds: (sheet with it, its letter,
    its formula, the numbers the formula uses).  The age from an 18-digit ID number (in the
    year the request pins, "按2026年算", else today), and the hours between a sheet's two
    times of day (``lexicon/rows.json`` measures says when each is meant)."""
    from dataclasses import replace

    from .rowdates import _id_column, _pinned_year, _time_columns
    from .schema import col_letter

    low = request.lower()
    lex = lexicon("rows")["measures"]
    zh = is_zh(request)
    out = []
    idx = schema.last_column + 40
    letter = col_letter(idx)

    def stand_in(header: str, cells_of, body: str, pinned: list[float]):
        first, last = min(c.first_row for c in schema.columns), max(c.last_row for c in schema.columns)
        cells = dict(schema.cells)
        for r in range(first, last + 1):
            v = cells_of(r)
            if v is not None:
                cells[(r, idx)] = v
        col = Column(letter, header, "number", first, last)
        out.append((replace(schema, columns=[*schema.columns, col], cells=cells), letter, body, pinned))

    ident = _id_column(schema)
    if ident is not None and has(low, lex["age"]):
        year = _pinned_year(request, lexicon("dates"))
        ci = col_index(ident.letter)
        if year is not None:
            def age(r, ci=ci, year=year):
                v = schema.cells.get((r, ci))
                return year - int(str(v)[6:10]) if isinstance(v, str) and len(v.strip()) == 18 else None
            stand_in("年龄（岁）" if zh else "Age (years)", age, f"{year}-MID({ident.letter}{{r}},7,4)", [float(year)])
        else:
            import datetime as dt

            def age_now(r, ci=ci):
                v = schema.cells.get((r, ci))
                try:
                    born = dt.date(int(v[6:10]), int(v[10:12]), int(v[12:14]))
                except (TypeError, ValueError):
                    return None
                t = dt.date.today()
                return t.year - born.year - ((t.month, t.day) < (born.month, born.day))
            r = ident.letter
            stand_in("年龄（岁）" if zh else "Age (years)", age_now,
                     f'DATEDIF(DATE(MID({r}{{r}},7,4),MID({r}{{r}},11,2),MID({r}{{r}},13,2)),TODAY(),"Y")', [])
    numeric = [c for c in schema.columns if c.type == "number"]
    for q in numeric:  # 进货数量 and 进货单价: 进货额 = their product, when no column holds it
        m = re.match(r"^([\u4e00-\u9fff]{2,4}?)(?:数量|量)(?:[（(][^)）]*[)）])?$", q.header.strip())
        if m is None:
            continue
        head = m.group(1)
        prices = [c for c in numeric if re.match(rf"^{head}(?:单价|价格)(?:[（(][^)）]*[)）])?$", c.header.strip())]
        if len(prices) != 1 or any(c.header.strip() in (f"{head}额", f"{head}金额") for c in schema.columns) \
                or not re.search(rf"{head}(?:的)?(?:额|金额|成本|总价|花了|用了|一共|总共|多少钱)", request):
            continue
        qi, pi = col_index(q.letter), col_index(prices[0].letter)

        def product(r, qi=qi, pi=pi):
            a, b = schema.cells.get((r, qi)), schema.cells.get((r, pi))
            return a * b if isinstance(a, (int, float)) and isinstance(b, (int, float)) else None
        stand_in(f"{head}额", product, f"{q.letter}{{r}}*{prices[0].letter}{{r}}", [-1.0])
    times = _time_columns(schema)
    if len(times) == 2 and has(low, lex["duration"]):
        import datetime as dt

        a, b = times
        ca, cb = col_index(a.letter), col_index(b.letter)

        def frac(v):
            if isinstance(v, dt.datetime):
                return v.toordinal() + (v.hour * 3600 + v.minute * 60 + v.second) / 86400
            if isinstance(v, dt.time):
                return (v.hour * 3600 + v.minute * 60 + v.second) / 86400
            return None
        pairs = [(frac(x), frac(y)) for (r, c), x in schema.cells.items() if c == ca
                 for y in [schema.cells.get((r, cb))] if r > schema.header_row]
        pairs = [(x, y) for x, y in pairs if x is not None and y is not None]
        if pairs and (all(y >= x for x, y in pairs) or all(x >= y for x, y in pairs)):
            early, late = (ca, cb) if all(y >= x for x, y in pairs) else (cb, ca)
            el, ll = (a, b) if early == ca else (b, a)

            def hours(r, early=early, late=late):
                x, y = frac(schema.cells.get((r, early))), frac(schema.cells.get((r, late)))
                return (y - x) * 24 if x is not None and y is not None else None
            stand_in("时长（小时）" if zh else "Duration (hours)", hours, f"({ll.letter}{{r}}-{el.letter}{{r}})*24", [])
    return out


def _paired(request: str, schema: SheetSchema) -> str | None:
    """``request`` with number columns said together by their distinct heads before the tail
    their headers share written out one by one ("上下半年" on 上半年时长 | 下半年时长, "左右眼度数"
    on 左眼度数 | 右眼度数, "早餐午餐晚餐人次" on 早餐人次 | 午餐人次 | 晚餐人次), or None.

    Chinese folds such a list into one word; the heads must stand in the sheet's order, and
    the tail be said at least in part (heads alone, "销售成本" on 销售额 | 成本额, are not a list)."""
    def bare(h: str) -> str:
        return re.sub(r"[（(][^）)]*[）)]", "", h).strip()

    names = {c.letter: bare(c.header) for c in schema.columns if c.type == "number" and is_zh(bare(c.header))}
    order = list(names)
    best: tuple[int, int, str] | None = None
    for n in range(1, max(map(len, names.values()), default=0)):
        groups: dict[str, list[str]] = {}
        for letter, name in names.items():  # the columns whose names share a tail of n characters
            if len(name) > n:
                groups.setdefault(name[-n:], []).append(letter)
        for tail, letters in groups.items():
            if len(letters) < 2:
                continue
            head = {names[x][:-n]: x for x in letters}
            alt = "|".join(map(re.escape, sorted(head, key=len, reverse=True)))
            part = "|".join(re.escape(tail[:k]) for k in range(len(tail), 0, -1))
            for m in re.finditer(rf"(?:(?:{alt})[、和与及/]?){{2,}}(?:{part})", request):
                said = re.findall(alt, re.sub(rf"(?:{part})$", "", m.group(0)))
                cols = [head[h] for h in said]
                if len(set(cols)) != len(cols) or cols != sorted(cols, key=order.index):
                    continue  # a head said twice, or out of the sheet's order
                if best is None or m.end() - m.start() > best[1] - best[0]:
                    best = (m.start(), m.end(), "、".join(names[x] for x in cols))
    if best is None:
        return None
    return request[:best[0]] + best[2] + request[best[1]:]


def _tenths(request: str) -> str | None:
    """``request`` with each 成 share said as a percent ("四成" -> "40%"), when it has two or more
    (weights that add up, "笔试四成面试六成"); None otherwise.  "打八折" is no 成."""
    found = re.findall(r"([一二三四五六七八九])成(?![绩本员交功])", request)
    if len(found) < 2:
        return None
    return re.sub(r"([一二三四五六七八九])成(?![绩本员交功])", lambda m: f"{_ZH_DIGIT[m.group(1)]}0%", request)


def _first(text: str, schema: SheetSchema, nums, labels_only: bool = False) -> RowReading | None:
    """The first family's reading of ``text``, when it reads it whole; None otherwise."""
    from . import rowblank, rowdates, rowfloor, rowlabels, rowrates, rowsettled, rowtext, rowunits

    def blank(t: str, s: SheetSchema) -> RowReading | None:  # a clause for the empty rows, the rest read here
        return rowblank.read(t, s, nums, labels_only)

    def floor(t: str, s: SheetSchema) -> RowReading | None:  # "..., 0 if not": the rest's difference floored at 0
        return rowfloor.read(t, s, nums, labels_only)

    def settled(t: str, s: SheetSchema) -> RowReading | None:  # "..., 0 if paid": 0 for the settled rows
        return rowsettled.read(t, s, nums, labels_only)

    families = (blank, rowlabels.read) if labels_only else (blank, floor, settled, rowdates.read, rowtext.read, rowlabels.read,
                                                             _owed_label, rowunits.read, _arithmetic, rowrates.read)
    for family in families:
        reading = family(text, schema)
        if reading is not None:
            read = (rowfloor if family is floor else rowsettled).without_clause(text) if family in (floor, settled) else text
            if not used_up(nums, reading.consumed) or _unexplained(read, schema, reading.template) \
                    or _unread_column(read, schema, reading.template, family is rowtext.read) \
                    or family is _arithmetic and _operator_dropped(text, reading.template):
                return None
            return reading
    return None


def _operator_dropped(text: str, template: str) -> bool:
    """A division or multiplication sign the request writes between words ("(零售价-进价)/零售价")
    that the formula does not have: a part of the expression was not read."""
    plain = re.sub(r"\d+\s*[/／]\s*\d+", " ", text)  # dates and fractions (2026/6/30, 1/2)
    plain = re.sub(r"[/／]\s*(?:hr|hour|h|day|night|kg|unit|item|month|yr|year|小时|天|吨|件|个)(?![a-z])", " ", plain)  # "40/hr": a rate
    plain = re.sub(r"\b(?:up/down|and/or|in/out|plus/minus)\b", " ", plain)  # words, not a division
    for signs, op in (("/／÷", "/"), ("*×", "*")):
        if any(ch in plain for ch in signs) and op not in template:
            return True
    if re.search(r"[a-z)]\s+(?:x|times|multiplied by)\s+[a-z(]", plain, re.I) and "*" not in template \
            and "PRODUCT(" not in template:  # "(kg x rate)": a product said in words
        return True
    # "guests x price per head - deposit": a minus or plus written between words; not the dash that
    # names the result before its sum ("hire charge for each job - weeks times the weekly rate")
    dash = re.search(r"[a-z\u4e00-\u9fff)）]\s+[-−–]\s+[a-z\u4e00-\u9fff(（]", plain, re.I)
    named_first = dash is not None and not _OPERATOR.search(plain[:dash.start() + 1]) \
        and _OPERATOR.search(plain[dash.end() - 1:])
    if dash is not None and not named_first and "-" not in template:
        return True
    return bool(re.search(r"[a-z\u4e00-\u9fff)）]\s*[+＋]\s*[a-z\u4e00-\u9fff(（]", plain, re.I) and "+" not in template
                and "SUM(" not in template)


def _line_value(request: str, schema: SheetSchema) -> tuple[SheetSchema, str, str] | None:
    """The sheet with a stand-in column for a row's amount (quantity × unit price), when the
    request names the amount (``lexicon/rows.json`` line_value) and the sheet has a quantity
    and a unit price but no amount column: (that sheet, the stand-in's letter, the product).
    """
    from dataclasses import replace

    from .schema import col_letter
    from .unitprice import pair

    qty, price = group_of(schema, "qty"), group_of(schema, "price")
    if (qty is None or price is None) and pair(schema) is not None:
        qty, price = pair(schema)  # "kg" and "£/kg": the quantity and its price per unit
    if qty is None or price is None or group_of(schema, "sales") is not None:
        return None
    low = request.lower()
    word = next((w for w in sorted(lexicon("rows")["line_value"], key=len, reverse=True) if has(low, [w])), None)
    if word is None:
        return None
    idx = schema.last_column + 40  # out of the table's way, and of the target's
    letter = col_letter(idx)
    cells = dict(schema.cells)
    qi, pi = col_index(qty.letter), col_index(price.letter)
    first, last = max(qty.first_row, price.first_row), min(qty.last_row, price.last_row)
    for r in range(first, last + 1):
        q, p = cells.get((r, qi)), cells.get((r, pi))
        if isinstance(q, (int, float)) and isinstance(p, (int, float)):
            cells[(r, idx)] = q * p
    stand_in = Column(letter, word, "number", first, last)
    sheet = replace(schema, columns=[*schema.columns, stand_in], cells=cells)
    return sheet, letter, f"{ref(qty)}*{ref(price)}"


def _inline(template: str, name: str, body: str) -> str | None:
    """``template`` with the stand-in ``name`` replaced by ``body`` (bracketed where it must be);
    None when the stand-in is read any other way (a range of it)."""
    out, i = "", 0
    while (j := template.find(name, i)) >= 0:
        before, after = template[:j], template[j + len(name):]
        bare = not before.endswith(("-", "/")) and not after.startswith("^")
        out += template[i:j] + (body if bare else f"({body})")
        i = j + len(name)
    out += template[i:]
    letter = re.match(r"[A-Z]+", name).group(0)
    if re.search(rf"(?<![A-Z]){letter}(?:\$?\d|\{{)", out.replace("$", "")):
        return None
    return out


_OPERATOR = re.compile(r"[-+*/×÷－＋]|\b(?:minus|plus|times|divided by|x)\b|减去?|加上?|乘以?|除以?"
                       r"|(?:之后|以后|后)\s*[\d一二三四五六七八九十]+\s*(?:天|日|周|个月|年)")  # 下单后3天


_ROW_NOUN = re.compile(r"(?:\s*,\s*|\s+)(?:for|on|of)\s+(?:each|every)\s+[a-z][a-z'-]*(?=\s*(?:[,;.?!]|$))", re.I)


_RANKED_NOUN = re.compile(r"\brank\s+((?:the|each|every|all)\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s+by\b", re.I)


def row_noun_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names the rows, not an operand: a closing "for each visit", the "the visits"
    of "rank the visits by distance" (a noun that may also be a column's header), the 流水 of
    "…以后的流水标记一下" (a noun for the rows before the mark; 流水 may also name an income column)."""
    from .rowlabels import ZH_ROW_NOUN

    return [m.span() for m in _ROW_NOUN.finditer(text)] + [m.span(1) for m in _RANKED_NOUN.finditer(text)] \
        + [m.span() for m in ZH_ROW_NOUN.finditer(text)]


def _family_spelled(request: str, schema: SheetSchema) -> str | None:
    """``request`` with a plural added ("+ instalments", "plus the instalments") spelled out as
    each numbered column of that name ("instalment 1 + instalment 2"), or None."""
    stems: dict[str, list[Column]] = {}
    for c in schema.columns:
        m = re.fullmatch(r"([a-z][a-z ]*?)\s*#?\d{1,2}", c.header.lower().strip())
        if m and c.type == "number" and c.header.isascii():
            stems.setdefault(m.group(1), []).append(c)
    out = request
    groups: dict[str, list[Column]] = {}  # a header over two or more columns ("Charges" over Tuning, Repairs)
    bare = lambda g: re.sub(r"\s*[（(][^()（）]*[)）]\s*", " ", g.lower()).strip()  # noqa: E731 - "Charges (£)"
    for c in schema.columns:
        if c.group and bare(c.group).isascii() and c.type == "number":
            groups.setdefault(bare(c.group), []).append(c)
    for name, cols in groups.items():
        if len(cols) >= 2 and len(cols) == sum(bare(c.group) == name for c in schema.columns if c.group):
            cols = _takings_only(name, cols)
            if len(cols) < 2:
                continue
            one = name[:-1] if re.fullmatch(r"[a-z]{4,}s", name) else name
            # "total charges", "add up all three charges": each column under the header, added
            pat = (rf"\b(?:total|sum of|add up|adding up|sum up|add together)\s+(?:the\s+|all\s+(?:the\s+)?)?"
                   rf"(?:(?P<n>two|three|four|five|six|\d)\s+)?{re.escape(one)}s?\b")
            m = re.search(pat, out, re.I)
            if m is not None and (m.group("n") is None or count_word(m.group("n").lower()) == len(cols)
                                  or m.group("n") == str(len(cols))):
                out = out[:m.start()] + " + ".join(c.header.lower() for c in cols) + out[m.end():]
    for stem, cols in stems.items():
        if len(cols) < 2:
            continue
        pat = rf"(\+|\bplus\b|\band\b(?=[^+]*\+)|(?<=\+)\s*\b)(\s*(?:the\s+|all\s+(?:the\s+)?)?){re.escape(stem)}s\b"
        out = re.sub(pat, lambda m, cs=cols: f"{m.group(1)} " + " + ".join(c.header.lower() for c in cs), out,
                     flags=re.I)
        pat = rf"\b{re.escape(stem)}s(\s*(?:\+|\bplus\b))"  # "instalments + deposit"
        out = re.sub(pat, lambda m, cs=cols: " + ".join(c.header.lower() for c in cs) + m.group(1), out, flags=re.I)
    return out if out != request else None


def _takings_only(name: str, cols: list[Column]) -> list[Column]:
    """The columns under a money-in header ("Takings" over Cash | Card | Stock cost) less those
    whose header is a cost: the stock bought is not takings, so "total takings" is Cash + Card.
    Words: ``lexicon/columns.json`` groups "sales" (money in) and "cost" (money out)."""
    groups = {g[0]: g for g in lexicon("columns")["groups"] if g[0] in ("sales", "cost")}
    if name not in groups.get("sales", ()):
        return cols
    costs = set(groups.get("cost", ()))
    return [c for c in cols if not costs & set(re.findall(r"[a-z]+", c.header.lower()))]


# an explicit expression: bracketed, or after "=" / ":" up to the clause's end, with an operator
_EXPLICIT = re.compile(r"[(（]([^()（）]*(?:[(（][^()（）]*[)）][^()（）]*)*)[)）]|[=＝:：]\s*([^,，;；。]+)")
_OPERAND_SPLIT = re.compile(r"(\s*(?:[-+*/×÷＋－]|\bx\b|\b(?:minus|plus|times|divided by|multiplied by)\b"
                            r"|减去?|加上?|乘以?|除以?|[()（）])\s*)", re.I)


def _operands_spelled(request: str, schema: SheetSchema) -> str | None:
    """``request`` with each operand of its explicit expression that names a number column only by a
    part of its header written as that header: "(final minus midterm)" on Maths Final / Maths Midterm
    (the request's "maths" choosing them over English Final), "hrs*rate" on Hours, "meds" on
    Medication, "(售价-进价)/进价" on 销售单价 and 进货单价; None when there is no such expression, an
    operand names no column, more than one or a column of rates, or nothing was rewritten."""
    low = request.lower()
    for m in _EXPLICIT.finditer(low):
        span = m.group(1) if m.group(1) is not None else m.group(2)
        start = m.start(1) if m.group(1) is not None else m.start(2)
        parts = _OPERAND_SPLIT.split(span)
        if len(parts) < 3 or not any(re.search(r"[^\s()（）]", p) for p in parts[1::2]):
            continue
        context = (low[:start] + " " + low[start + len(span):])
        out, changed = [], False
        for i, part in enumerate(parts):
            word = part.strip()
            if i % 2 or not word or re.fullmatch(r"\d+(?:\.\d+)?%?|\d+(?:\.\d+)?\s*x", word):
                out.append(part)
                continue
            word = re.sub(r"^(?:the|their|its|each|all)\s+", "", word)
            named = [c for _, c in mentions(word, schema)]
            if len(named) == 1 and named[0].type == "number":
                out.append(part)
                continue
            col = _loose_column(word, schema, context)
            if col is None or _rate_like(schema, col):
                return None  # "salary plus bonus" on Bonus Rate: the amount the rate gives, not the rate
            out.append(part.replace(part.strip(), col.header.lower()))
            changed = True
        if changed:
            return request[:start] + "".join(out) + request[start + len(span):]
    return None


def _loose_column(word: str, schema: SheetSchema, context: str) -> Column | None:
    """The one number column whose header holds ``word`` by its words' parts: each word of it a
    header word, its plural or singular, its start (3+ letters: "consult", "meds") or its letters in
    order from the first ("hrs" in Hours); Chinese characters in order from the header's first
    ("售价" in 销售单价 is not: 售 is not first; "进价" in 进货单价 is).  Among several, those whose
    header or group holds another word of the request ("maths" in Maths Final); else None."""
    def holds(w: str, hw: str) -> bool:
        if w == hw or w.rstrip("s") == hw.rstrip("s"):
            return True
        stem = w[:-1] if w.endswith("s") and len(w) > 3 else w
        if len(stem) >= 3 and hw.startswith(stem):
            return True
        it = iter(hw)
        return len(w) >= 2 and w[0] == hw[0] and all(ch in it for ch in w) and len(w) <= len(hw)

    zh = is_zh(word)
    words = re.findall(r"[a-z]+", word)
    if not zh and (not words or len(words) > 3 or not word.isascii()):
        return None
    found = []
    for c in schema.columns:
        if c.type != "number":
            continue
        if zh:
            h = re.sub(r"[（(][^）)]*[）)]", "", c.header)
            it = iter(h)
            if 2 <= len(word) <= 4 and re.fullmatch(r"[\u4e00-\u9fff]+", word) and \
                    all(ch in it for ch in word) and (word[0] == h[0] or word[-1] == h[-1]):
                found.append(c)
            continue
        hws = re.findall(r"[a-z]+", c.full_name.lower())
        if all(any(holds(w, hw) for hw in hws) for w in words):
            found.append(c)
    if len(found) > 1 and not zh:
        said = set(re.findall(r"[a-z]{3,}", context))
        found = [c for c in found if said & set(re.findall(r"[a-z]{3,}", c.full_name.lower()))]
    if not found and not zh and words == ["rate"]:  # "fee" is no rate: "weeks*fee less discount"
        from .rowrates import rate_of  # "kg x rate" on Price per kg: the sheet's one money rate

        found = [c for c in schema.columns if (rate_of(c) or ("",))[0] == "money"]
    return found[0] if len(found) == 1 else None


def _row_noun_dropped(request: str) -> str | None:
    """``request`` without a closing "for each visit" / "on every booking" (the row's noun, which
    may also be a column's header), or None when it has none or nothing is left."""
    m = _ROW_NOUN.search(request)
    if m is None:
        return None
    rest = (request[:m.start()] + request[m.end():]).strip(" ,;")
    return rest or None


def _definition(request: str) -> str | None:
    """The spelled-out part of "NAME = EXPR", "NAME: EXPR" or "NAME（EXPR）", or None.

    A short name without numbers followed by an expression with an operator between
    columns: the name is what the result is called (缺勤天数, variance, 应缴合计), so the
    readers need not know it; the expression must still be read whole.
    """
    m = re.match(r"^\s*([^=＝:：（()\d]{1,24}?)\s*(?:=|＝|:|：)\s*(.+?)\s*$", request) \
        or re.match(r"^\s*([^=＝:：（()\d]{1,24}?)\s*[（(]([^（()）]+)[）)]\s*$", request)
    if m is None:  # "total paid per kid (deposit + instalments), col K pls": the tail is still read
        m = re.match(r"^\s*([^=＝:：（()\d%]{1,40}?)\s*[（(]([^（()）]+)[）)]\s*([,，]?\s*[^（()）]*?)\s*$", request)
        if m is None or re.search(r"percent|round|decimal|rank|average|mean|\bas\b|百分|平均|排名", m.group(1), re.I) \
                or len(m.group(1).split()) > 6 or not _OPERATOR.search(m.group(2)):
            return None
        return f"{m.group(2)} {m.group(3)}".strip()
    if not _OPERATOR.search(m.group(2)) or len(m.group(1).split()) > 4:
        return None
    return m.group(2)


def _unread_column(request: str, schema: SheetSchema, template: str, text_too: bool) -> bool:
    """A column the request names that the formula never reads ("first name and department").

    Number and date columns always count; text columns only for the text family, since
    elsewhere a text column is usually the row's noun ("each item", "per student").
    """
    from .schema import col_index

    read: set[int] = set()
    for a, b in re.findall(r"\$?([A-Z]{1,3})\$?(?:\d+|\{r\}|\{p\})(?::\$?([A-Z]{1,3}))?", template):
        lo, hi = col_index(a), col_index(b or a)
        read.update(range(min(lo, hi), max(lo, hi) + 1))
    from .rowbase import value_mentions

    low = request.lower()
    joined = bool(re.search(r"\band\b|\bplus\b|\bwith\b|&|[和与及，,]", low))
    inside = [(a, b) for a, b, _, _ in value_mentions(low, schema)]
    nouns = row_noun_spans(low)
    # "转成日期", "要日期格式": how the result is shown, not the sheet's 报名日期
    nouns += [m.span() for w in lexicon("dates")["filler"] if len(w) > 2 and is_zh(w)
              for m in re.finditer(re.escape(w), low)]
    said = mentions(request, schema)
    for p, c in said:
        if col_index(c.letter) in read or any(a <= p < b for a, b in inside):
            continue  # read, or a part of a value ("销售" in 销售部 is not 销售额)
        end = _mention_end(low, p, c, schema)
        end += low[end:end + 1] == "的"
        if c.type != "number" and is_zh(c.header) and any(q == end and col_index(d.letter) in read for q, d in said):
            continue  # "顾客手机号脱敏": whose phone, said just before the column the formula reads
        if re.search(r"(?:算|计算|求|得出|compute|calculate|work out)\s*(?:the\s+)?$", low[:p]):
            continue  # "用数量和单价算金额": the result's own name
        if names_the_row(low, p) or any(a <= p < b for a, b in nouns):
            continue  # "tuning + repairs for each visit", "rank the visits by distance": the row's noun
        if c.header.strip().lower() == "date" and any(d.type == "date" and col_index(d.letter) in read and q < p
                                                       and not low[_mention_end(low, q, d, schema):p].strip() for q, d in said):
            continue  # "no paid date" on a date column headed Paid: the word after its name, not the Date column
        if "&" in template and low[p:end].strip() in lexicon("text")["join"]:
            continue  # "join tool + team": the verb of a join, not a Join date
        if c.type == "date" and re.match(r"\s+(?:charges?|value|costs?|fees?|price|rate|total|amount|bill)\b", low[end:]):
            continue  # "hire charge", "hire value": a kind of money, not the hire date
        if c.type in ("number", "date") or text_too and joined:
            return True
    return False


# rows.json keys of header words, not request words: they explain nothing a request says
# and words explained only where a formula of theirs is read (plan_left: "剩余" of a subtraction;
# frame, frame_noun: the words that ask for a column, only in the frame statuses.unframed finds)
_HEADER_ONLY = frozenset({"owed_headers", "plan_left", "frame", "frame_noun"})


def _one_row_a_day(schema: SheetSchema) -> bool:
    """Whether the sheet is a daily report: a date column whose dates (three or more) are each on one row."""
    from .rowbase import values

    for c in schema.columns:
        if c.type == "date":
            days = [v for v in values(schema, c) if v not in (None, "")]
            if len(days) >= 3 and len(set(days)) == len(days):
                return True
    return False


#: the title a request gives the column it asks for: "sla check col -", "payment status col J:"
_COLUMN_TITLE = re.compile(r"(?:^|[.:;]\s*)((?:[a-z][\w/&'-]*\s+){1,3})(?=(?:col|column)\b\s*(?:[a-z]{1,2}\d*\s*)?(?::|->|→|\s[-–—]\s))")


@cache
def _vocabulary() -> tuple[str, ...]:
    """Every word and phrase of the per-row vocabulary files (regular expressions left out)."""
    words: list[str] = []

    def walk(x: object) -> None:
        if isinstance(x, str):
            if not re.search(r"[\\()\[\]?|+*{}]", x):
                words.append(x.lower())
        elif isinstance(x, dict):
            for k, v in x.items():
                if not k.startswith("_") and k not in _HEADER_ONLY:
                    walk(k)
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for name in ("rows", "labels", "text", "dates", "columns", "statuses"):
        walk(lexicon(name))
    return tuple(sorted(set(words), key=len, reverse=True))


def _unexplained(request: str, schema: SheetSchema, template: str) -> bool:
    """True when a word of the request is in no vocabulary file, header, value, example or label."""
    return bool(_residue(request, schema, template))


def _residue(request: str, schema: SheetSchema, template: str) -> list[str]:
    """The words of ``request`` nothing accounts for."""
    from .rowbase import header_forms, quoted, value_mentions
    from .rowspanevents import event_spans

    text = request.lower()
    chars = list(text)
    spans = [(p, p + len(s) + 2) for p, s in quoted(request)]
    vocab = set(_vocabulary())
    spans += [(a, b) for a, b, _, _ in value_mentions(text, schema)  # (not the 否 of 否则 on a 是/否 column)
              if b - a > 1 or text[a:a + 2] not in vocab]
    spans += _date_spans(request)
    # the sheet's name: "appointment length" on a sheet called Appointments
    for w in re.findall(r"[a-z]{4,}", schema.sheet.lower()):
        for form in {w, w.removesuffix("s")}:
            spans += [m.span() for m in re.finditer(rf"(?<![a-z]){re.escape(form)}s?(?![a-z])", text)]
    if '"' in template:  # "sla check col - Breach when ...": the new column's title, before col/column and a separator
        spans += [m.span(1) for m in _COLUMN_TITLE.finditer(text)]
        from .statuses import frame_end

        end = frame_end(request, schema)  # "can u do an IF that says Fail if ...": the words that only ask
        if end is not None:
            spans.append((0, end))
    # the row's noun: "for each shipment", "per booking", "every PO" (one result per row)
    spans += [m.span(1) for m in re.finditer(r"\b(?:each|every|per)\s+(?:single\s+|individual\s+)?([a-z]+)", text)]
    spans += [m.span(1) for m in re.finditer(r"\brank\s+(?:the|all(?: the)?)\s+([a-z]+)\s+(?=by\b)", text)]
    spans += [m.span() for m in re.finditer(r"每一?[个张件笔条场次户家位名种批项票单]", text)]  # 每场活动, 每笔, 每票
    # "每部戏", "每台车", "每本书": a measure word and its one-character noun, the row's (not an operation)
    spans += [m.span() for m in re.finditer(r"每一?[部台辆本套首间趟门栋对][^\d\s加减乘除比占差和总均平多少几，,；;。]?", text)]
    if _one_row_a_day(schema):  # "每天95在汽油里占几成" on a daily report: the row's noun
        spans += [m.span() for m in re.finditer(r"每一?[天日]|当天|当日", text)]
    spans += event_spans(text, schema, template)  # "until it renews" on Renewal date, read (rowspanevents)
    # "不少于60场", "多于20台": a measure word right after a number is the unit it is counted in
    spans += [m.span(1) for m in re.finditer(r"\d\s*(" + lexicon("labels")["measure_after_number"] + ")", text)]
    # "14剂及以上" on 剂数: a number said in its count column's own measure word
    for c in schema.columns:
        if c.type == "number" and re.fullmatch(r"[\u4e00-\u9fff]{1,2}数", c.header.strip()):
            spans += [m.span(1) for m in re.finditer(rf"\d\s*({re.escape(c.header.strip()[:-1])})", text)]
    # "每场婚礼是周几", "每次洗车是星期几": the row's noun, when the row is asked what day / which it is
    spans += [m.span() for m in re.finditer(r"每一?[个张件笔条场次户家位名种批项单][\u4e00-\u9fff]{1,3}?(?=是(?:星期|周|几|哪))", text)]
    # "各场", "每个店": one character after 各/每(个) that ends a text column's header (养殖场, 门店)
    ends = {c.header.strip()[-1] for c in schema.columns if c.type == "text" and is_zh(c.header)}
    spans += [m.span() for m in re.finditer(r"(?:各|每一?个?)([\u4e00-\u9fff])", text) if m.group(1) in ends]
    heads = "".join(c.header for c in schema.columns)
    for pat in lexicon("rows")["per_count"]:  # "平均一张票": the counted thing, named by a header's characters
        for m in re.finditer(pat, text):
            end = m.end()
            while end < len(text) and is_zh(text[end]) and text[end] in heads:
                end += 1
            spans.append((m.start(), end))
    if re.search(r"[A-Z]{1,3}\{r\}:[A-Z]{1,3}\{r\}", template):  # "skip the missing years": a range does
        spans += [m.span() for pat in lexicon("rows")["blanks_skipped"] for m in re.finditer(pat, text)]
    if '"' not in template and len(set(re.findall(r"(?<![A-Z$])([A-Z]{1,3})\{r\}", template))) >= 2:
        # "boarding bill per booking = nights times nightly rate": the name of the money worked out
        spans += [m.span(1) for m in re.finditer(r"^\s*(?:the\s+)?([a-z]+)\s+(?:bill|cost|charge|total|fee|takings)\b", text)]
    if re.search(r"EDATE\(|[A-Z]\{r\}\+(?:7\*)?\d", template):  # "due their next sweep (12 months after)": the event
        spans += [m.span(1) for m in re.finditer(r"\b(?:next|following)\s+([a-z]+)", text)]
    if "DATEDIF(" in template:  # "years has each person been in the choir": the body they joined
        spans += [m.span(1) for m in re.finditer(r"\b(?:been|years|time) (?:in|with|at|on) the ([a-z]+)", text)]
    if re.fullmatch(r"=[A-Z]{1,3}\{r\}-[A-Z]{1,3}\{r\}", template):  # "还剩几节课": what is left, a subtraction
        spans += [m.span() for w in lexicon("rows")["plan_left"]["asks"] for m in re.finditer(re.escape(w), text)]
    if re.search(r"[A-Z]\{r\}-(?:DATE\(|TODAY\(\))|\((?:DATE\(\d+,\d+,\d+\)|TODAY\(\))-[A-Z]+\{r\}", template):
        # "离到期还有几天", "算起": where a countdown counts from (rowcountdown)
        spans += [m.span() for m in re.finditer(lexicon("dates")["countdown"]["from_said"], text)]
    if "DATEDIF(" in template and "TODAY()" not in template:  # "看病时多大": the event an age is counted to
        spans += [m.span() for m in re.finditer(lexicon("dates")["age_event_zh"], text)]
    if re.search(r"MID\([A-Z]+\{r\},(?:7|17),", template):  # "从身份证号提出生日期": said of the ID's digits
        spans += [m.span() for w in lexicon("dates")["id_said"] for m in re.finditer(re.escape(w), text)]
    if re.search(r"MOD\([A-Z]{1,3}\{r\}-[A-Z]{1,3}\{r\},1\)\*(?:24|1440)", template):
        # "（有跨零点的）", "overnight ones too": said of the rows the MOD of a day takes care of
        spans += [m.span() for p in lexicon("dates")["times"]["overnight_said"] for m in re.finditer(p, text)]
    from .rowshifts import said_spans

    spans += said_spans(text, template)  # "hours worked after break", "OT over 8 hrs": a timesheet's span
    if "TIME(" in template:  # "下午3点前", "before 6:30pm": a time of day the formula compares
        from .rowlabels import _CLOCK

        spans += [m.span() for m in _CLOCK.finditer(text)]
        spans += [m.span() for m in re.finditer(lexicon("labels")["clock"]["events"], text)]
    if template.startswith("=IF("):  # "flag cars over ...": the rows the label goes on
        spans += [m.span(1) for m in re.finditer(r"\b(?:flag|mark|label|tag)\s+(?:all\s+|the\s+|any\s+|a\s+|an\s+)?([a-z]+)", text)]
    if template.startswith("=IF("):  # "2025比2024少的标减产": the word closing 比 that makes the comparison
        for pat, _ in lexicon("labels")["than_after"]:
            spans += [m.span(1) for m in re.finditer(r"比[^，,；;。]{0,12}?(" + pat + ")", text)]
        changes = [w for said in lexicon("labels")["year_change"].values() for w in said]  # "跟2021年比增长的"
        spans += [m.span(1) for m in re.finditer(r"比[^，,；;。]{0,12}?(" + "|".join(map(re.escape, changes)) + ")", text)]
    if template.startswith("=IF("):  # "资格审核：…", "评级：…": the new column of labels named before the rule
        spans += [m.span() for m in re.finditer(lexicon("labels")["result_lead_zh"], text)]
        spans += [m.span() for m in re.finditer(lexicon("labels")["band_lead_zh"], text)]  # "…定等级，92以上一等"
    if template.startswith("=IF("):  # "，没超的空着": the else clause restates the condition negated
        from .rowlabels import NEGATED_ELSE, OPPOSITE_ELSE

        spans += [m.span() for m in NEGATED_ELSE.finditer(text)]
        spans += [m.span() for m in OPPOSITE_ELSE.finditer(text)]  # "，之后的标下午": the bound's other side
    if template.startswith("=IF("):  # "会员卡号空着就是散客": the blank rows defined as a class
        from .rowlabels import blank_class_spans

        spans += blank_class_spans(text, template)
    if re.search(r",\d+(?:\.\d+)?,\d+(?:\.\d+)?\)$", template):  # "…要收10块送货费，其他0": the sum and its name
        from .rowlabels import FEE

        spans += [m.span() for m in FEE.finditer(text)]
    for m in re.finditer(r"(?:\blike\b|\be\.g\.|\bsuch as\b|例如|比如|(?<=[，,；;（(])\s*如(?![果何今此]))[^,，;；)）]*"
                         r"|[(（][^)）]*(?:\.\.\.|…)[^)）]*[)）]", text):  # examples of the result
        spans.append(m.span())
    # "(5101 not BW-5101)", "（A-2-032取2）": a bracket showing a value of a column the formula
    # reads is an example of the result (rowtext._code_part checks that it agrees)
    read_cols = set(re.findall(r"(?<![A-Z$])([A-Z]{1,3})\{r\}", template))
    for m in re.finditer(r"[(（]([^)）]*)[)）]", text):
        if any(c.letter in read_cols and c.type in ("text", "mixed") and any(
                len(str(v).strip()) >= 3 and str(v).strip().lower() in m.group(1) for v in c.distinct)
               for c in schema.columns):
            spans.append(m.span())
    from .rowtext import shown_parts

    spans += shown_parts(text, schema, template)  # "车牌前两位（沪A这种）": the results themselves, shown
    from .joinshown import said_spans as joined_spans

    spans += joined_spans(text, template)  # "a label like ...": the words that ask for the joined text
    from .resultname import said_spans as name_spans

    spans += name_spans(text, template)  # "aisle = first letter of Bin": the new column's name
    # the result's own name, wherever it is said: "进场后30天付款，算付款日期", "算一下到货日期"
    for m in re.finditer(r"(?:算|计算|求)(?:一下|出)?\s*([\u4e00-\u9fff]{2,4}?)(?:日期|的日期)", text):
        spans += [(x.start(), x.end()) for x in re.finditer(re.escape(m.group(1)), text)]
    for a, b in spans:
        for i in range(a, min(b, len(chars))):
            chars[i] = " "
    rest = "".join(chars)
    rest = re.sub(r"(?<=[a-z])['’](?:ve|re|ll|d|m)(?![a-z])", " ", rest)  # "they've", "who'd": grammar, not a word to read
    lits = set(re.findall(r'"([^"]*)"', template))
    lits |= {x.rstrip("-_/") for x in lits if len(x.rstrip("-_/")) > 1}  # "without the CL": CL- taken off
    for lit in sorted(filter(None, lits), key=len, reverse=True):
        lit = lit.lower()  # the labels the formula writes (需复核, 一线, "Pass")
        rest = re.sub(rf"(?<![a-z]){re.escape(lit)}(?![a-z])", " ", rest) if lit.isascii() \
            else rest.replace(lit, " ")
    words = [c.full_name.lower() for c in schema.columns] + list(_vocabulary())
    words += [w for c in schema.columns for w in re.findall(r"[a-z]{4,}", c.header.lower())]
    words += [f for c in schema.columns for f in header_forms(c.header)]  # "abv" for ABV %: as mentions() reads it
    words += ["un" + f for c in schema.columns for f in header_forms(c.header) if f.isalpha()]  # "uncollected"
    from .rowlabels import _STEM_ENDS

    # "certified" on Belay Cert: a header word said in a longer form
    words += [w + e for c in schema.columns for w in re.findall(r"[a-z]{4,}", c.header.lower()) for e in _STEM_ENDS]
    words += [w + end for c in schema.columns if c.type == "date" for w in re.findall(r"[a-z]{3,}", c.header.lower())
              for end in ("ed", "ped", "ted", "ing", "ping", "ting", "s", "d")]  # "it shipped", "the task starts"
    # a date header that is a past participle, said as its verb: "from brew to packaging" (Brewed, Packaged)
    stems = [w[:-2] for c in schema.columns if c.type == "date" or re.fullmatch(r"[a-z]{3,}ed", c.header.lower().strip())
             for w in re.findall(r"[a-z]{5,}", c.header.lower()) if w.endswith("ed")]  # (Opened: years "been open")
    stems += [w[:-1] for w in stems if len(w) > 3 and w[-1] == w[-2]]  # shipped: ship
    words += [w + end for w in stems for end in ("", "e", "es", "s", "ing", "y", "ment", "ement", "ion", "ions")]
    # two characters of a header or of its group (材料信息 over 名称: "每种材料")
    words += [c.full_name[i:i + 2] for c in schema.columns if is_zh(c.full_name)
              for i in range(len(c.full_name) - 1)]
    # the sheet's name is often the row's noun (应聘者, Bookings): "每个应聘者", "each booking"
    words += [schema.sheet[i:i + 2] for i in range(len(schema.sheet) - 1) if is_zh(schema.sheet)]
    # "名单表F列写性别" on 家政员名单: the sheet, or its last two characters, named as a table
    # the unit in a header's brackets, counted: "剩余节数" on 课时包（节）, "多少件" on 数量（件）
    words += [u + end for c in schema.columns for u in re.findall(r"[（(]([\u4e00-\u9fff]{1,2})[)）]", c.header)
              for end in ("数", "")]
    words += [schema.sheet.lower() + "表"] + ([schema.sheet[-2:] + "表"] if is_zh(schema.sheet[-2:]) else [])
    words += re.findall(r"[a-z]{2,}", title_units(schema).lower())  # "MWh per kW" under "output (MWh per year)"
    words += [w.rstrip("s") for w in re.findall(r"[a-z]{4,}", schema.sheet.lower())]
    words = sorted(set(words), key=len, reverse=True)
    for pat in lexicon("text")["left"] + lexicon("text")["right"] + lexicon("text")["mask_where"] \
            + lexicon("text")["keep_ends"]:
        rest = re.sub(pat, " ", rest)
    rest = cover(rest, words, plural=True)
    for p in lexicon("dates")["parts"]:
        rest = re.sub(p[0], " ", rest)
    rest = re.sub(r"[\d.,%]+|[^\w\u4e00-\u9fff]+|_", " ", rest)
    return [w for w in re.findall(r"[a-z]+", rest) if len(w) > 1] + re.findall(r"[\u4e00-\u9fff]", rest)


_PLACES = {"one": 1, "two": 2, "three": 3, "four": 4, "一": 1, "两": 2, "二": 2, "三": 3, "四": 4}
# "2 dp", "two decimal places", "保留两位小数", "四舍五入两位", "小数点后1位": a number of decimal places
_CLAUSE = re.compile(
    r"(?:[，,;；]\s*|\s+|(?<=[\u4e00-\u9fff]))?(?:(?:and|then)\s+|并且?|再|后)?\s*"
    r"(?:(?:rounded|round(?:ed)?|四舍五入|取)\s*(?:it\s+|off\s+)?)?(?:to\s+|到|成)?\s*"
    r"(?:"
    r"(?P<en>(?<![\d.])\d|\b(?:one|two|three|four))\s*(?:-\s*)?(?:decimal(?:\s+places?|s)?\b|dp\b|d\.p\.?|places? after(?: the (?:decimal )?point)?)"
    r"|(?:(?<=\bto )|(?<=\bround ))(?P<en2>\d|one|two|three|four)\s+places\b"  # "round to 2 places": places after "to"
    r"|(?:保留|精确到|小数点后|四舍五入(?:到|保留|取)?|留)\s*(?:小数点后)?\s*(?P<zh>[0-9一两二三四])\s*位(?:小数)?"
    r"|(?P<zh2>[0-9一两二三四])\s*位小数"
    r")")


def round_clause(text: str) -> tuple[int, int, int, list[float]] | None:
    """The clause of ``text`` that asks for a number of decimal places, wherever it stands:
    (start, end, places, the digit it says as a number); None when there is none."""
    m = _CLAUSE.search(text)
    if m is None:
        return None
    word = m.group("en") or m.group("en2") or m.group("zh") or m.group("zh2")
    places = int(word) if word.isdigit() else _PLACES[word]
    return m.start(), m.end(), places, [float(word)] if word.isdigit() else []


# "to 0.01", "四舍五入到0.1": the decimal places said as the smallest step kept
_STEP = re.compile(r"(?:[，,;；]\s*|\s+|(?<=[\u4e00-\u9fff]))?(?:(?:and|then)\s+|并且?)?\s*(?:(?:rounded|round(?:ed)?|四舍五入|精确|保留)\s*"
                   r"(?:it\s+|off\s+)?)(?:to\s+(?:the\s+nearest\s+)?|到|至)\s*(?P<step>0\.0{0,3}1)(?![\d.])")


def rounding_clause(text: str) -> tuple[int, int, int, list[float], str] | None:
    """The clause of ``text`` (lower case) that asks for its number rounded, wherever it stands:
    (start, end, places, the numbers it says, ROUND / ROUNDUP / ROUNDDOWN); None when there is none.

    Decimal places ("2 dp", "保留两位小数"), a whole number ("rounded up", "四舍五入取整"),
    the smallest step kept ("to 0.01", "四舍五入到0.1") and, at the end of the request, the
    words of ``lexicon/aggregates.json`` round_to ("no decimals", "to the nearest cent").
    The one reading of a rounding clause: the per-row family and the one-cell requests
    (``__init__._rounded_reading``) both ask here.  A leading "round up ... to the next pound"
    gives its direction to the clause at the end."""
    found = _rounding_clause(text)
    lead = _lead_round(text, found) if found is not None else None
    if lead is not None and lead.group(1):
        return (*found[:4], "ROUNDUP" if lead.group(1).lower() == "up" else "ROUNDDOWN")
    return found


def _rounding_clause(text: str) -> tuple[int, int, int, list[float], str] | None:
    clause = round_clause(text)
    if clause is not None:
        return (*clause, "ROUND")
    clause = roundunit.unit_clause(text)  # "四舍五入到元", "取到百元", "，整数"
    if clause is not None:
        return clause
    clause = _whole_clause(text)
    if clause is not None:
        return clause
    m = _STEP.search(text)
    if m is not None:
        step = m.group("step")
        return m.start(), m.end(), len(step) - 2, [float(step)], "ROUND"
    end = text.rstrip(" .?!。？")
    for word, n in _round_to():
        if word not in end:
            continue
        m = _round_pattern(word).search(end)
        if m is not None and m.group(0).strip(" ,，;；"):
            return m.start(), m.end(), n, [], {"up": "ROUNDUP", "down": "ROUNDDOWN"}.get(m.group("way") or "", "ROUND")
    # "客单价（四舍五入到元）", "avg spend (nearest pound)": the clause alone in a closing bracket
    m = re.search(r"[（(]\s*([^()（）]+?)\s*[)）]$", end)
    if m is not None:
        inner = m.group(1)
        for word, n in _round_to():
            if word in inner and (hit := _round_pattern(word).search(" " + inner)) is not None and hit.start() == 0:
                return m.start(), m.end(), n, [], "ROUND"
    if (m := _LEAD_ROUND.match(text)) is not None:  # "round the miles", "can you round off each amount": to a whole
        return m.start(), m.end(), 0, [], {"up": "ROUNDUP", "down": "ROUNDDOWN"}.get(m.group(1) or "", "ROUND")
    return None


@cache
def _round_to() -> tuple[tuple[str, int], ...]:
    """``lexicon/aggregates.json`` round_to, longest first (the callers' first match wins)."""
    return tuple(sorted(lexicon("aggregates")["round_to"].items(), key=lambda wn: -len(wn[0])))


@cache
def _round_pattern(word: str) -> re.Pattern[str]:
    """The pattern of a rounding ``word`` at a request's end, compiled when a request holds the
    word: compiling all ~160 at the first request was a third of a cold command-line call."""
    return re.compile(
        r"(?:[,，;；?？]\s*|\s+|(?<=[\u4e00-\u9fff]))(?:and\s+|then\s+|with\s+|并|并且)?(?:(?:rounded|round(?:ed)?|四舍五入)"
        r"\s*(?:(?P<way>up|down)\s+)?(?:it\s+)?(?:off\s+)?(?:to\s+)?|to\s+(?=the\b|nearest\b|whole\b))?" + re.escape(word) + r"$")


def _round(text: str, body: str) -> tuple[str, list[float]]:
    """Wrap ``body`` in ROUND/ROUNDUP/CEILING/INT when asked; the numbers that consumed."""
    lex = lexicon("rows")
    places, used = None, []
    for word, n in sorted(lex["decimals"].items(), key=lambda wn: len(wn[0])):
        if word in text:
            places = n
            used = [float(re.search(r"\d+", word).group(0))] if re.search(r"\d", word) else []
    clause = round_clause(text) or roundunit.unit_clause(text)
    if clause is not None:
        places, used = clause[2], clause[3]
    if (m := re.search(r"(?:rounded|round) up to (?:a|the nearest) multiple of (\d+(?:\.\d+)?)"
                       r"|向上取整到(\d+(?:\.\d+)?)的倍数", text)):
        n = m.group(1) or m.group(2)
        return f"CEILING({body},{n})", [float(n)]
    if has(text, lex["rounddown"]):
        return f"ROUNDDOWN({body},{places or 0})", used
    if has(text, lex["truncate"]) and not has(_without(text, lex["truncate"]), lex["round"]):
        # ("rounded to whole pounds, no pence": the pence dropped by the rounding said)
        return f"INT({body})", used
    if has(text, lex["roundup"]):
        return f"ROUNDUP({body},{places or 0})", used
    if has(text, lex["round"]) or places is not None:
        return f"ROUND({body},{places or 0})", used
    return body, used


def _without(text: str, phrases: list[str]) -> str:
    """``text`` with each of ``phrases`` blanked out."""
    for w in sorted(phrases, key=len, reverse=True):
        text = text.replace(w, " ")
    return text


def _base(text: str, cols: list[Column], schema: SheetSchema, default: str | None) -> Column | None:
    """The one numeric column the request works on: named, implied by a word, or the only one."""
    named = {c.letter: c for c in cols if c.type == "number"}
    if len(named) == 1:
        return next(iter(named.values()))
    if named:
        return None
    if default is not None and (col := group_of(schema, default)) is not None:
        return col
    every = [c for c in schema.columns if c.type == "number"]
    return every[0] if len(every) == 1 else None


def _scores(schema: SheetSchema, n: int | None, text: str | None = None) -> list[Column] | None:
    """The marks columns of a grade sheet: numeric, whole numbers 0-150, two or more; only
    those ``text`` names by a part of their header they share (Maths and English each over
    Midterm | Final: "both finals" are the two Final columns)."""
    picked = []
    kinds = ("qty", "price", "sales", "cost", "salary")
    counted = {c.letter for g in kinds if (c := group_of(schema, g)) is not None}
    for c in schema.columns:
        if c.letter in counted:
            continue  # a quantity or an amount is not a mark
        vals = [v for v in values(schema, c) if v is not None]
        if c.type == "number" and vals and all(isinstance(v, (int, float)) and float(v).is_integer()
                                                and 0 <= v <= 150 for v in vals):
            picked.append(c)
    shared = [c for c in schema.shared_part_columns(text) if c in picked] if text else []
    if 2 <= len(shared) < len(picked):
        picked = shared
    if len(picked) < 2 or (n is not None and len(picked) != n):
        return None
    return picked


def _across(cols: list[Column], fn: str) -> str:
    """SUM/AVERAGE over cells of one row: a range when the columns are adjacent."""
    from .schema import col_index

    idx = [col_index(c.letter) for c in cols]
    if idx == list(range(idx[0], idx[0] + len(idx))):
        inner = f"{cols[0].letter}{{r}}:{cols[-1].letter}{{r}}"
        return f"{fn}({inner})"
    if fn == "SUM":
        return "+".join(ref(c) for c in cols)
    return f"AVERAGE({','.join(ref(c) for c in cols)})"


def _derived(text: str, schema: SheetSchema) -> tuple[str, str, list[Column]] | None:
    """A quantity the sheet has no column for but two columns make (profit, stock value)."""
    for concept in lexicon("rows")["derived"]:
        if not has(text, concept["words"]):
            continue
        if "of_headers" in concept:  # "毛利率" on a price list: the selling and buying price, by header
            a, b = (_headed(schema, heads) for heads in concept["of_headers"])
        else:
            a, b = (group_of(schema, g) for g in concept["of"])
        if a is None or b is None or a is b:
            continue
        terms = _like_for_like(schema, a, b)
        if terms is None:
            return None
        body = f"{terms[0]}{concept['op']}{terms[1]}"
        over = terms[concept.get("over", 0)]  # a markup is over the second (the cost), a margin over the first
        return (f"({body})/{over}" if concept.get("ratio") else body), concept["what"], [a, b]
    return None


def _headed(schema: SheetSchema, heads: list[str]) -> Column | None:
    """The sheet's one number column headed by a word of ``heads`` (售价, Retail price), or None."""
    cols = [c for c in schema.columns if c.type == "number" and _bare(c.header).lower() in heads]
    return cols[0] if len(cols) == 1 else None


def _like_for_like(schema: SheetSchema, a: Column, b: Column) -> tuple[str, str] | None:
    """``a`` and ``b`` as terms of one kind: a row's total (金额) against a price per unit
    (成本（元/斤）) makes the unit price the row's (斤数 × 成本); None when no one column counts
    that unit, since a total less a unit price is no answer (:mod:`.dimensions`)."""
    from .dimensions import is_row_total, quantity_for, unit_of

    terms = []
    for col, other in ((a, b), (b, a)):
        if unit_of(col) is not None and is_row_total(other):
            qty = quantity_for(schema, col)
            if qty is None:
                return None
            terms.append(f"({ref(qty)}*{ref(col)})")
        else:
            terms.append(ref(col))
    return terms[0], terms[1]


def _arithmetic(request: str, schema: SheetSchema) -> RowReading | None:
    text = request.lower()
    lex = lexicon("rows")
    if has(text, lex["condition"]):
        return None  # a label or a test: the labels family's, not arithmetic
    cols = [c for _, c in mentions(text, schema)]
    numeric = [c for c in cols if c.type == "number"]
    _, rounding = _round(text, "")
    nums = [n for n in header_numbers(request, schema) if n[0] not in rounding or rounding.remove(n[0])]
    zh = is_zh(request)
    found = _priced(text, schema, numeric, nums, zh) or _expression(text, schema, nums)
    if found == _UNREAD:
        return None  # operators over three or more operands this reader cannot order
    found = found or _formula(text, request, schema, cols, numeric, nums, zh)
    if found is None:
        return None
    span = _span_columns(text, schema)
    if span is not None and "-" in span[0].group(0) and not found[0].startswith(("SUM(", "AVERAGE(")):
        return None  # "2019-2024" is the years from one to the other, not 2019 minus 2024
    f, explanation, consumed = found
    if _year_with_years(f, schema):
        return None
    bracketed = re.search(r"[(（][^()（）]*[-+*/×÷][^()（）]*[)）]\s*[-+*/×÷]|[-+*/×÷]\s*[(（][^()（）]*[-+*/×÷]", text)
    for c in _distinct([c for _, c in _all_mentions(text, schema) if c.type == "number"]) if bracketed else []:
        said_times = sum(1 for _, x in _all_mentions(text, schema) if x is c)
        if said_times > len(re.findall(rf"(?<![A-Z$]){c.letter}\{{r\}}", f)):
            return None  # "(零售价-进价)/零售价": a column said twice is read twice, or the reading missed a part
    if has(text, lex["to_yuan"]) and not re.search(r"\*10{3,4}$", f):
        # "收入减支出（万元）换算成元": the whole result in yuan, when every column is in the same unit
        units = {m.group(1) for c in numeric
                 if (m := re.search(r"[（(]\s*(万元|千元|万)\s*[）)]", c.header))} if numeric else set()
        if len(units) != 1 or any(not re.search(r"[（(]\s*(万元|千元|万)\s*[）)]", c.header) for c in numeric):
            return None
        f = f"({f})*{10000 if units.pop().startswith('万') else 1000}"
    f, used = _round(text, f)
    return RowReading("=" + f, explanation, consumed + used)


def _year_with_years(body: str, schema: SheetSchema) -> bool:
    """Whether ``body`` does arithmetic between a column headed by a year (2025: the counts of that
    year) and a column of years (首演年份): "2025减首演年份" means the year 2025, not its column, and
    the counts less a year are nonsense, so no answer."""
    from .rowbase import values

    letters = set(re.findall(r"(?<![A-Z$])([A-Z]{1,3})\{r\}", body))
    cols = [c for c in schema.columns if c.letter in letters]
    year_head = any(re.fullmatch(r"(?:19|20)\d\d年?", c.header.strip()) for c in cols)
    of_years = any(c.type == "number" and (vs := [v for v in values(schema, c) if v not in (None, "")])
                   and all(isinstance(v, (int, float)) and 1900 <= v <= 2100 and v == int(v) for v in vs)
                   for c in cols)
    return year_head and of_years


_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
_UNREAD = ("", "", [])


def _all_mentions(text: str, schema: SheetSchema) -> list[tuple[int, Column]]:
    """Every place a column is named, a column named twice included ("销售额减成本除以销售额")."""
    out: list[tuple[int, Column]] = []
    rest = text
    for _ in range(6):
        found = [(p, c) for p, c in mentions(rest, schema) if all(p != q for q, _ in out)]
        if not found:
            break
        for p, c in found:
            out.append((p, c))
            end = p + max((len(n) for n in _names_of(c, schema, bare=True) if rest.startswith(n, p)),
                          default=2)
            rest = rest[:p] + " " * (end - p) + rest[end:]
    return sorted(out, key=lambda pc: pc[0])


def _mention_end(text: str, p: int, c: Column, schema: SheetSchema) -> int:
    """Where the name of ``c`` said at ``p`` ends (``p`` when no name of it starts there)."""
    names = [n for n in _names_of(c, schema, bare=True) if text.startswith(n, p)]
    end = p + max((len(n) for n in names), default=0)
    if end == p:  # a Chinese header named by its first characters
        h = c.header.lower()
        end = p + next((k for k in range(len(h), 1, -1) if text.startswith(h[:k], p)), 0)
    if end > p and text[end - 1:end].isascii() and text[end - 1:end].isalpha() \
            and re.match(r"e?s(?![a-z])", text[end:]):  # "the prices": a plural, as mentions() reads it
        end += 2 if text[end] == "e" else 1
    return end


def _expression(text: str, schema: SheetSchema, nums) -> tuple[str, str, list[float]] | None:
    """Three or more operands joined by operator words: "数量乘单价减成本", "units times price minus cost".

    Written with the usual precedence when that is also the order said; "再" / "then"
    asks for the order said ("单价乘数量再乘0.9", "sales minus cost then divided by sales");
    a lower operator before a higher one without it is ambiguous and refused.
    """
    lex = lexicon("rows")
    operands: list[tuple[int, int, str, str, float | None]] = []
    for p, c in _all_mentions(text, schema):
        if c.type != "number":
            continue
        end = _mention_end(text, p, c, schema)
        if end == p:
            return None
        operands.append((p, end, ref(c), c.header, None))
    for v, unit, p in nums:
        if unit:
            return None
        raw = re.match(r"[\d.,]+", text[p:]).group(0).rstrip(".,")
        operands.append((p, p + len(raw), f"{v:g}", f"{v:g}", v))
    operands.sort()
    if len(operands) < 3 or any(a[1] > b[0] for a, b in zip(operands, operands[1:], strict=False)):
        return None
    ops, stepwise, signs, gaps = [], False, [], []
    words = [(w, sym) for sym, key in (("-", "minus"), ("*", "times"), ("/", "divided"), ("+", "plus"))
             for w in lex[key]]
    said = sum(has(text[a[1]:b[0]], [w for w, _ in words]) for a, b in zip(operands, operands[1:], strict=False)) > 1
    # "(售价-进价)/进价", "(a + b) * c": brackets written around operands say the order themselves
    lead = re.search(r"[(（][(（\s]*$", text[:operands[0][0]])
    trail = re.match(r"[\s)）]*[)）]", text[operands[-1][1]:])
    opens, closes = [len(re.findall(r"[(（]", lead.group(0))) if lead else 0], []
    for a, b in zip(operands, operands[1:], strict=False):
        gap = text[a[1]:b[0]]
        if re.search(r"再|\bthen\b|然后|之后再", gap):
            stepwise = True
            gap = re.sub(r"再|\bthen\b|然后|之后再", " ", gap)
        brackets = re.fullmatch(r"([\s)）]*)(.*?)([\s(（]*)", gap)
        closes.append(len(re.findall(r"[)）]", brackets.group(1))))
        opens.append(len(re.findall(r"[(（]", brackets.group(3))))
        gap = re.sub(r"^[\s,，的]+|[\s,，的]+$", "", brackets.group(2))
        gap = re.sub(r"(?<=[a-z])\s+(?:the|its|their)$", "", gap)  # "times the per blade price"
        hit = [sym for w, sym in words if gap == w.strip()]
        if len(set(hit)) != 1:
            return _UNREAD if said else None
        ops.append(hit[0])
        signs.append(gap in ("*", "×", "/", "÷"))
        gaps.append(gap)
    closes.append(len(re.findall(r"[)）]", trail.group(0))) if trail else 0)
    levels = [_PRECEDENCE[o] for o in ops]
    depth, steps = 0, []
    for o, c in zip(opens, closes, strict=True):
        depth += o - c
        steps.append(depth)
    if any(opens[1:]) or any(closes[:-1]):
        if depth != 0 or min(steps) < 0 or stepwise:
            return _UNREAD
        body = "".join("(" * o + x[2] + ")" * c + (op if i < len(ops) else "")
                       for i, (x, o, c, op) in enumerate(zip(operands, opens, closes, [*ops, ""], strict=True)))
        body = re.sub(r"^\((.*)\)$", r"\1", body) if opens[0] and closes[-1] and _balanced(body[1:-1]) else body
    elif stepwise:  # in the order said: parentheses where a higher operator follows a lower one
        body = operands[0][2]
        for i, (o, x) in enumerate(zip(ops, operands[1:], strict=True)):
            body = f"{body}{o}{x[2]}"
            if i < len(ops) - 1 and _PRECEDENCE[ops[i + 1]] > _PRECEDENCE[o]:
                body = f"({body})"
    elif (cut := _minus_a_sum(ops, gaps)) is not None:
        # "budget minus Jan+Feb+Mar": a minus said in words before a sum written with signs takes
        # the whole sum off (=B2-(C2+D2+E2)), as the words mean, not only its first term
        body = "".join(f"{x[2]}{o}" for x, o in zip(operands[:cut + 1], ops[:cut], strict=False)) + operands[cut][2]
        body += "-(" + "+".join(x[2] for x in operands[cut + 1:]) + ")"
    elif levels == sorted(levels, reverse=True) or len(set(levels)) == 1 \
            or all(sign for sign, level in zip(signs, levels, strict=True) if level == 2):
        # ("金额减去斤数×成本": a × or / written as the sign binds first, as arithmetic writes it)
        body = "".join(f"{x[2]}{o}" for x, o in zip(operands, ops, strict=False)) + operands[-1][2]
    else:
        return _UNREAD  # "a minus b times c": which first, the words do not say
    what = " ".join(f"{x[3]} {o}" for x, o in zip(operands, ops, strict=False)) + f" {operands[-1][3]}"
    return body, what, [x[4] for x in operands if x[4] is not None]


def _minus_a_sum(ops: list[str], gaps: list[str]) -> int | None:
    """The index of a minus said as a word ("minus", "less", 减, 减去) whose every later operator
    is a "+" written as a sign, or None."""
    for i, (o, g) in enumerate(zip(ops, gaps, strict=True)):
        if o == "-" and g not in ("-", "–", "−", "－"):
            rest = gaps[i + 1:]
            return i if len(rest) >= 1 and all(x in ("+", "＋") for x in rest) else None
    return None


def _balanced(text: str) -> bool:
    """True when the brackets of ``text`` open before they close and all close."""
    depth = 0
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            return False
    return depth == 0


def _formula(text: str, request: str, schema: SheetSchema, cols: list[Column],
             numeric: list[Column], nums: list[tuple[float, str, int]],
             zh: bool) -> tuple[str, str, list[float]] | None:
    lex = lexicon("rows")
    pct = [v for v, unit, _ in nums if unit]
    plain = [v for v, unit, _ in nums if not unit]
    one_col = _base(text, cols, schema, None)
    yoy = _year_over_year(text, schema, numeric, nums, zh)
    if yoy is not None:  # "2025年同比增长率" on year columns: not the row above
        return yoy

    # "累计折旧占原值的百分比" beside a 累计折旧 column: an operation word inside a column's own name
    # names that column, not the operation
    ops = _names_blanked(text, schema)
    if has(ops, lex["running_total"]) and one_col is not None and not nums:
        c = one_col
        return (f"SUM(${c.letter}${c.first_row}:{c.letter}{{r}})",
                f"累计{c.header}" if zh else f"running total of {c.header}", [])
    by = re.search(r"\brank\b.*?\bby\s+(?:the\s+|their\s+|its\s+)?(?=[a-z])", text.lower()) \
        if has(text, lex["rank"]) else None
    if by is not None:  # "rank the visits by distance": what is ranked by is named right after "by"
        after = [col for p, col in mentions(text, schema) if p == by.end() and col.type == "number"]
        one_col = after[0] if len(after) == 1 else None
    if has(text, lex["rank"]) and one_col is not None:
        c = one_col
        low = re.search(r"\(?1\s*(?:=|is|为|是)\s*(?:the )?(lowest|smallest|fewest|least|quickest|fastest|最低|最小|最少)"
                        r"|\b(?:lowest|smallest|fewest|least|quickest|fastest|shortest)\b[^,，;；]{0,25}?"
                        r"(?:=|is)\s*1(?:st)?\b|最少的(?:排)?第(?:1|一)", text)
        high = re.search(r"\(?1\s*(?:=|is|为|是)\s*(?:the )?(highest|largest|biggest|best|most|furthest|farthest|longest|最高|最大|最多)"
                         r"|\b(?:most|highest|largest|biggest|best|greatest|furthest|farthest|longest)\b[^,，;；]{0,20}?"
                         r"(?:=|is|ranked|gets)\s*1(?:st)?\b"
                         r"|最(?:多|高|大)的(?:排)?(?:第(?:1|一)|(?:是|为)1)", text)
        if nums and not (low or high):
            return None
        order = ",1" if low or has(text, lex["ascending"]) else ""
        return (f"RANK({ref(c)},${c.letter}${c.first_row}:${c.letter}${c.last_row}{order})",
                f"{c.header}的排名" if zh else f"rank of {c.header}", [1.0] if low or high else [])
    if has(text, lex["rank"]) or has(ops, lex["running_total"]):
        return None  # a rank or running total of something these rules cannot name
    if has(text, lex["growth"]) and one_col is not None and not nums:
        c = one_col
        return (f"{c.letter}{{r}}/{c.letter}{{p}}-1", f"{c.header}环比增长率" if zh
                else f"{c.header} growth over the row above", [])
    if has(text, lex["change"]) and one_col is not None and not nums:
        c = one_col
        return (f"{c.letter}{{r}}-{c.letter}{{p}}", f"{c.header}比上一行的变化" if zh
                else f"change in {c.header} from the row above", [])
    ratio = _ratio(text, schema, zh)
    if ratio is None:  # "deposit relative to rent, as a percent", "缴费比例（已缴/应缴）": said another way
        from .shares import column_ratio

        ratio = column_ratio(text, schema)
    if ratio is not None and not nums:
        return ratio
    share = has(text, lex["share"]) or re.search(r"占[\u4e00-\u9fff]{1,4}?总(?:额|金额|价|数|量|计|和)", text)  # 占采购总额
    if zh and share and not re.search(lex["share_whole_zh"], text):
        share = False  # "外卖占比，每行算一个": the row's mix (外卖 of 堂食+外卖) as likely as the column's total
    if share and not nums and not has(text, lex["score_words"]) \
            and _derived(text, schema) is None \
            and not re.search(r"\b(?:two|three|four|five|six|both)\b|(?<!each )(?<!every )(?<!per )\brow(?:'s)?\b|[两三四五六]科|本行|该行", text):
        # ("of the total of the three": the row's total, not the column's)
        # (a share of 总分 / "the three subjects" is a share of the row's total: not this rule)
        c = _base(text, cols, schema, None)
        whole = re.search(r"总([\u4e00-\u9fff]{2})", text)
        if whole:
            x, before = whole.group(1), text[:whole.start()]
            parts = [re.sub(r"[（(][^）)]*[）)]", "", col.header).replace(x, "")
                     for col in schema.columns if x in col.header]
            if len(parts) > 1 and any(p and p in before for p in parts):
                return None  # "周末加班占总加班": the row's total over its 加班 columns, not this column's
        if c is None and not numeric and (money := group_of(schema, "sales")) is not None \
                and money.type == "number" and has(text, lex["share_of_amount"]):
            c = money  # "what percent of the total is each PO", "每一单占采购总额百分之几": the amount's share
        if c is not None:
            return (f"{ref(c)}/SUM(${c.letter}${c.first_row}:${c.letter}${c.last_row})",
                    f"{c.header}占合计的比例" if zh else f"{c.header} as a share of its total", [])
    if (m := _SHARE_OF_NUMBER.search(text)) and len(numeric) == 1:
        n = m["n"] or m["out"] or m["zh"] or m["full"]
        return f"{ref(numeric[0])}/{n}", f"{numeric[0].header} / {n}", [float(n)]
    derived = _derived(text, schema)
    if derived is not None and not nums and all(c in derived[2] for c in numeric) \
            and not has(text, lex["per_unit"]) \
            and (derived[0].startswith("(") or not has(text, lex["ratio_words"])):
        # "profit as a percent of cost", "每件利润": more than the concept says
        return derived[0], derived[1], []
    # several marks per row: total / average score
    n = None
    if (m := re.search(r"(?:the )?(\w+) (?:subjects|courses|scores|marks)|([一二两三四五六])(?:科|门课?)",
                       text)):
        n = count_word(m.group(1) or m.group(2))
    if not numeric and not nums or n is not None and not nums:
        scores = _scores(schema, n, text)
        if scores is not None and (n is not None or has(text, lex["score_words"])):
            if has(text, lex["average_words"]):
                return _across(scores, "AVERAGE"), "平均分" if zh else "average of the marks", []
            if has(text, lex["total_words"]):
                return _across(scores, "SUM"), "总分" if zh else "total of the marks", []
    for rule in (_owed, _per_listed, _per_count, _plan_actual, _plan_left, _weighted, _year_span, _together, _years_across, _from_to, _more_than, _plus_rate, _as_percent):
        found = rule(text, schema, numeric, nums, zh)
        if found is not None:
            return found
    # value of quantity x price ("stock value", "用数量和单价算金额")
    qty, price = group_of(schema, "qty"), group_of(schema, "price")
    if qty is not None and price is not None and not nums and (
            {qty.letter, price.letter} <= {c.letter for c in numeric} and not has(text, _ops())
            or has(text, lex["value_words"]) and not (set(c.letter for c in numeric)
                                                       - {qty.letter, price.letter})):
        return f"{ref(qty)}*{ref(price)}", f"{qty.header} × {price.header}", []
    if len(numeric) == 2 and len(set(c.letter for c in numeric)) == 2:
        a, b = numeric
        pos = {c.letter: p for p, c in mentions(text, schema)}
        between = text[pos[a.letter]:pos[b.letter]]
        gap = text[_mention_end(text, pos[a.letter], a, schema):pos[b.letter]].strip(" 的")  # "应出勤-实际出勤"
        for op, sym in (("minus", "-"), ("times", "*"), ("divided", "/"), ("plus", "+")):
            if has(between, lex[op]) or gap in [w.strip() for w in lex[op]]:
                if sym in "+-" and _rate_like(schema, b) and not _rate_like(schema, a):
                    # "fee minus the insurance %", "金额加上税率": the amount less / plus its rate
                    return f"{ref(a)}*(1{sym}{ref(b)})", f"{a.header} × (1 {sym} {b.header})", []
                if has(text, lex["per_unit"]) and not any(has(c.header.lower(), lex["per_unit"])
                                                          for c in numeric):
                    return None  # "sales per unit minus unit price": a per-unit step unread
                return f"{ref(a)}{sym}{ref(b)}", f"{a.header} {sym} {b.header}", []
        if has(text, lex["per_unit"]):
            # "cost per unit": the money column over the count column
            q = group_of(schema, "qty")
            if q is not None and q in (a, b):
                other = b if q is a else a
                return f"{ref(other)}/{ref(q)}", f"{other.header} / {q.header}", []
        # "cost per kg" names Weight (kg) by its unit: the bracket-unit reading below, nothing else
        return _per_bracket_unit(text, schema, numeric, nums)
    per = _per_bracket_unit(text, schema, numeric, nums)
    if per is not None:
        return per
    # "cost per unit", "单位成本": a money column over the count column
    q = group_of(schema, "qty")
    if has(text, lex["per_unit"]) and q is not None and len(numeric) == 1 and not nums \
            and numeric[0] not in (q, group_of(schema, "price")):
        m = numeric[0]
        return f"{ref(m)}/{ref(q)}", f"{m.header} / {q.header}", []
    # one column and a constant
    rate = _rate_column(text, schema)
    if rate is not None and not nums and not has(text, _ops()):
        base, rc = rate
        return f"{ref(base)}*{ref(rc)}", f"{base.header} × {rc.header}", []
    c = _base(text, cols, schema, _default_group(text))
    if c is None or len(numeric) > 1:
        return None
    if c not in cols and (pct or _ZHE.search(request)) and not _moneyish(schema, c):
        return None  # "20% off for each" where the one number column is Years: a discount is of money
    if len(plain) == 1 and not pct and not _ZHE.search(request):  # "按8折": the 折 reading below
        v = plain[0]
        at = next(p for p, c2 in mentions(text, schema) if c2 is c) if c in cols else None
        num_at = next(p for x, unit, p in nums if not unit)
        if at is None or at > num_at:
            return None
        between = text[at:num_at]  # "月工资乘12": the operator sits between the column and the number
        for op, sym in (("times", "*"), ("divided", "/"), ("plus", "+"), ("minus", "-")):
            if has(between, lex[op]):
                return f"{ref(c)}{sym}{v:g}", f"{c.header} {sym} {v:g}", [v]
    unit = re.search(r"[（(]\s*(万元|千元|万)\s*[）)]", c.header)
    if unit and not nums and has(text, lex["to_yuan"]):
        k = 10000 if unit.group(1).startswith("万") else 1000
        return f"{ref(c)}*{k}", f"{c.header}换算成元", []
    scale = next((k for w, k in sorted(lex["scale_down"].items(), key=lambda wk: -len(wk[0])) if has(text, [w])), None)
    if scale and not nums and not re.search(r"万|千|thousand|\b000s?\b|\bk\b", c.header.lower()):
        # "金额换算成万元", "approved amount in thousands": the column in a bigger unit
        return f"{ref(c)}/{scale}", f"{c.header} / {scale}", []
    if not nums and has(text, lex["per_month"]) and c is group_of(schema, "salary") \
            and not re.search(r"月|month", c.header.lower()):
        return f"{ref(c)}/12", f"{c.header} / 12", []
    zhe = _ZHE.search(request)
    if zhe and not pct:
        d = zhe.group(1)
        if d[0] in _ZH_DIGIT:  # 八折 = 80 %, 八五折 = 85 %
            v = _ZH_DIGIT[d[0]] * 10 + (_ZH_DIGIT[d[1]] if len(d) == 2 else 0)
        else:  # 8折, 8.5折, 85折
            v = float(d) * 10 if len(d) != 2 else float(d)
        return f"{ref(c)}*{v / 100:g}", f"{c.header}打{d}折", [] if d[0] in _ZH_DIGIT else [float(d)]
    if len(pct) == 1 and derived is not None:
        return None  # "profit after 5% commission": a percent of what the concept is made of
    if len(pct) == 1:
        p = pct[0] / 100
        if has(text, lex["discount"]) and not has(text, lex["tax"]) or has(text, lex["subtract_words"]):
            return f"{ref(c)}*{1 - p:g}", f"{c.header} less {pct[0]:g}%", [pct[0]]
        if has(text, lex["tax"]) and re.search(r"\bafter\b|税后", text):
            return None  # "after 10% tax": net of it or with it added, the words do not say
        added = re.search(r"\bplus\b|\badd(?:ed|ing)?\b|\bwith\b|\bincl(?:uding|\.|\b)|\binc\b|\bgross\b|\binclusive\b|\bon top\b|加上|加收|加(?=\s*\d)"
                          r"|含|\+\s*\d", text)
        if has(text, lex["tax"]) and not added:
            # "VAT at 20% on each job's price", "the vat (20%) per row": the tax alone; "with 20% tax" adds it
            if re.search(r"\bnet\b|\bless\b|\bminus\b|\bdeduct|\bwithout\b|\bexcl|税后|扣", text):
                return None
            return f"{ref(c)}*{p:g}", f"{pct[0]:g}% tax on {c.header}", [pct[0]]
        if has(text, lex["tax"]) or has(text, lex["raise"]) or added and not re.search(r"%\s*of\b", text):
            return f"{ref(c)}*{1 + p:g}", f"{c.header} plus {pct[0]:g}%", [pct[0]]
        if not (has(text, lex["percent_of"]) or _default_group(text)):
            return None  # "amount with 20% VAT": a percent whose role the rules do not know
        return f"{ref(c)}*{p:g}", f"{pct[0]:g}% of {c.header}", [pct[0]]
    if not nums and (numeric or cols) and has(text, lex["round_only"] + lex["truncate"] + lex["rounddown"]) \
            and _only_rounding(text, schema):
        return ref(c), c.header, []
    return None


def _per_bracket_unit(text: str, schema: SheetSchema, numeric: list[Column], nums) -> tuple[str, str, list[float]] | None:
    """"cost per kg", "每公斤运费": one named column over the column whose header carries that unit."""
    if nums:
        return None
    units = lexicon("rows")["unit_words"]
    for col in schema.columns:
        m = re.search(r"[（(]\s*([^）)]+?)\s*[）)]\s*$", col.header.lower())
        unit = m.group(1) if m is not None else col.header.strip().lower()  # "Hectares": the unit is the header
        if col.type != "number" or unit not in units:
            continue
        words = units[unit]
        if not any(re.search(rf"\bper\s+{re.escape(w)}s?\b|(?:每|单)\s*{re.escape(w)}|(?<![\u4e00-\u9fff]){re.escape(w)}[产均]"
                             rf"|[/／]\s*{re.escape(w)}s?(?![a-z])|(?<![a-z]){re.escape(w)}单价", text)
                   for w in words):  # "per hectare", "每亩", "亩产", "元/公里", "公里单价"
            continue
        others = _distinct([c for c in numeric if c is not col])
        if not others:  # "£ per km", "每公里合多少钱": the money said is the sheet's one money column
            others = _money_said(text, schema, col)
        if len(others) == 1:
            return f"{ref(others[0])}/{ref(col)}", f"{others[0].header} / {col.header}", []
    return None


def title_units(schema: SheetSchema) -> str:
    """What the brackets of the title above the header row say the table's numbers are in
    ("honey extracted per apiary (kg)", "output by site (MWh per year)", "（单位：万元）"): the
    unit a request names for a column whose header does not say it."""
    title = {v for (r, _c), v in schema.cells.items() if r < schema.header_row and isinstance(v, str)}
    return " ".join(u for t in sorted(title) for u in re.findall(r"[（(]([^)）]{1,30})[)）]", t))


def _money_said(text: str, schema: SheetSchema, besides: Column) -> list[Column]:
    """The one money column of the sheet, when ``text`` asks for money without naming a column
    ("£ per km", "price per km", "每公里合多少钱"): the number columns whose header says money
    (``lexicon/rows.json`` money_said), when there is exactly one besides ``besides``; none when
    the money is not said, or when two columns could hold it (Fee and Charge) or one is a rate
    already (Price per kg)."""
    lex = lexicon("rows")["money_said"]
    if not any(re.search(p, text) for p in lex["asks"]):
        return []
    owners = [c for c in schema.columns if c.type == "number" and c is not besides
              and any(re.search(p, c.header.lower()) for p in lex["headers"])]
    if len(owners) != 1 or any(re.search(p, owners[0].header.lower()) for p in lex["not_headers"]):
        return []
    return owners


def _rate_like(schema: SheetSchema, col: Column) -> bool:
    """A column of rates: its header says so (%, rate, 率, 比例) and its values are fractions."""
    from .rowlabels import _fraction_col

    return bool(re.search(r"%|\brate\b|率|比例", col.header.lower())) and _fraction_col(schema, col)


def _ops() -> list[str]:
    lex = lexicon("rows")
    return lex["minus"] + lex["times"] + lex["divided"] + lex["plus"]


def _moneyish(schema: SheetSchema, col: Column) -> bool:
    """Whether ``col`` holds money: a price, amount, cost or pay column by its group, unit or header."""
    from .dimensions import is_row_total, unit_of

    if any(col is group_of(schema, g) for g in ("sales", "price", "cost", "salary")):
        return True
    return is_row_total(col) or unit_of(col) is not None or bool(re.search(
        r"价|费|钱|元|金|租|成本|工资|薪|收入|支出|预算|款|[£$€¥]|price|cost|fee|pay|amount|total|budget|"
        r"sales|revenue|charge|rate|value|spend|wage|salary|income|bill|invoice|net|gross", col.header.lower()))


def _default_group(text: str) -> str | None:
    """The column a word implies when none is named: commission -> sales, raise -> salary."""
    for word, group in lexicon("rows")["implied_column"].items():
        if has(text, [word]):
            return group
    if _ZHE.search(text):  # "每一笔按95折算", "九折价": a discount is of the amount paid
        return "sales"
    return None


def _rate_column(text: str, schema: SheetSchema) -> tuple[Column, Column] | None:
    """"bonus" with a "Bonus Rate" column: the money column times the rate."""
    for rc in schema.columns:
        m = re.fullmatch(r"(.+?)\s*(?:rate|%|率|比例|系数)", rc.header.lower().strip())
        if rc.type != "number" or not m or not has(text, [m.group(1)]):
            continue
        money = [c for c in (group_of(schema, "salary"), group_of(schema, "sales")) if c is not None]
        if len(money) == 1:
            return money[0], rc
    return None


def _only_rounding(text: str, schema: SheetSchema) -> bool:
    """True when the request says nothing but a column and how to round it."""
    lex = lexicon("rows")
    rest = text
    words = [c.header.lower() for c in schema.columns] + lex["round"] + lex["roundup"] + lex["rounddown"] + \
        lex["truncate"] + lex["round_only"] + list(lex["decimals"]) + lex["filler"]
    for group in lexicon("columns")["groups"]:
        words += group
    rest = cover(rest, words)
    rest = re.sub(r"[\d.]+|[^\w\u4e00-\u9fff]+", " ", rest)
    return not rest.strip()


def _date_spans(text: str) -> list[tuple[int, int]]:
    """Where the calendar dates of ``text`` are ("1 January 2026" is a date, not three words)."""
    from .rowbase import date_in

    spans, rest = [], text
    while (d := date_in(rest)) is not None:
        spans.append((d[1], d[2]))
        rest = rest[:d[1]] + " " * (d[2] - d[1]) + rest[d[2]:]
    spans += [m.span() for m in re.finditer(lexicon("dates")["year_end"], rest.lower())]  # "2026年底"
    return spans


def _distinct(cols: list[Column]) -> list[Column]:
    out: list[Column] = []
    for c in cols:
        if c not in out:
            out.append(c)
    return out


def _weighted(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"40% math, 30% English, 30% science", "语文30%，数学40%": each column times its weight, added."""
    pct = [(v, p) for v, unit, p in nums if unit]
    cols = [(p, c) for p, c in mentions(text, schema) if c.type == "number"]
    if len(pct) < 2 or len(pct) != len(nums) or len(cols) != len(pct) or len(_distinct([c for _, c in cols])) != len(cols):
        return None
    # each weight next to its column, all on the same side: "40% math, 30% english" or "语文30%，数学40%"
    for side in (1, -1):
        if _ordered(cols, pct, side):
            pairs = [(c, v) for (_, c), (v, _) in zip(cols, pct, strict=True)]
            body = "+".join(f"{ref(c)}*{v / 100:g}" for c, v in pairs)
            what = " + ".join(f"{v:g}% × {c.header}" for c, v in pairs)
            return body, ("加权：" if zh else "weighted: ") + what, [v for _, v in pairs]
    return None


def _ordered(cols, pct, side: int) -> bool:
    """Column i and weight i alternate in the text (weight before its column when ``side`` is 1)."""
    marks = sorted([(p, "c") for p, _ in cols] + [(q, "w") for _, q in pct])
    kinds = "".join(k for _, k in marks)
    return kinds == ("wc" if side == 1 else "cw") * len(cols)


def _together(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"sum of math, english and science", "语文和数学的平均": the named columns added or averaged."""
    lex = lexicon("rows")
    cols = _distinct(numeric)
    if len(cols) < 2 or nums:
        return None
    avg = has(text, lex["average_words"])
    if not avg and not has(text, lex["together"]):
        return None
    pos = [p for p, c in mentions(text, schema) if c in cols]
    between = cover(text[min(pos):max(pos)], [n for c in cols for n in [c.header.lower(), *_names_of(c, schema, bare=True)]]
                    + [w for g in lexicon("columns")["groups"] for w in g])  # (上半年时长 for 上半年时长（小时）)
    if re.sub(r"[\s,，、&+]|\band\b|\bplus\b|和|与|及|加|以及|跟", "", between):
        return None  # another word between the columns: more than a list
    return _across(cols, "AVERAGE" if avg else "SUM"), ("平均" if avg else "合计") if zh else (
        "average of " if avg else "sum of ") + ", ".join(c.header for c in cols), []


def _priced(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"parts + labour at £40 an hour", "fee plus 45 per workshop", "迟到每次扣50，事假每天扣200":
    each number a price per unit of the count column it is said with (a rate word between them:
    an hour, per, each, 每次, 一天), written count × price; other columns named are added when
    the words between say so (plus, +, 加)."""
    lex = lexicon("rows")["priced"]
    if not nums or any(unit for _, unit, _ in nums):
        return None
    said = [(p, _mention_end(text, p, c, schema), c) for p, c in mentions(text, schema) if c.type == "number"]
    if not said or len(_distinct([c for _, _, c in said])) != len(said):
        return None
    bound: dict[str, float] = {}
    spans = []
    for v, _, q in nums:
        raw = re.match(r"[\d.,]+", text[q:]).group(0).rstrip(".,")
        qe = q + len(raw)
        hits = []
        for p, e, c in said:
            if e <= q:  # the column, then its price: "labour at £40 an hour", "迟到每次扣50"
                gap, after = text[e:q], text[qe:]
                if re.fullmatch(lex["before_price"], gap) and (re.match(lex["rate_after"], after)
                                                              or re.search(lex["rate_before"], gap)):
                    hits.append((c, e, qe))
            elif p >= qe:  # the price, then its column: "45 per workshop", "40/hr labour"
                if re.fullmatch(lex["between"], text[qe:p]) and re.fullmatch(r".*?[£$€¥]?\s*", text[max(0, q - 2):q]):
                    hits.append((c, q, p))
        if len(hits) != 1 or hits[0][0].letter in bound:
            return None
        bound[hits[0][0].letter] = v
        spans.append((hits[0][1], hits[0][2]))
    terms, rest = [], text
    for a, b in spans:
        rest = rest[:a] + " " * (b - a) + rest[b:]
    free = [c for p, e, c in said if c.letter not in bound]
    for c in free:
        p = next(p for p, e, x in said if x is c)
        rest = rest[:p] + " " * (_mention_end(text, p, c, schema) - p) + rest[_mention_end(text, p, c, schema):]
    if free and not re.search(lex["plus"], rest):
        return None  # another column said without saying how it joins
    if not free and (re.search(lex["plus"], rest) or has(rest, lexicon("rows")["together"])):
        return None  # "total owed incl. workshops": a total of more than the priced counts, unnamed
    if len([c for _, c in _all_mentions(text, schema) if c.type == "number"]) != len(said):
        return None  # a column said twice: read once here, so something was missed
    for _, _, c in sorted(said, key=lambda x: x[0]):
        terms.append(f"{ref(c)}*{bound[c.letter]:g}" if c.letter in bound else ref(c))
        # (the price's words stand for the count's unit; the column is read once)
    what = " + ".join(f"{c.header} × {bound[c.letter]:g}" if c.letter in bound else c.header for _, _, c in said)
    return "+".join(terms), what, [v for v, _, _ in nums]


def _owed(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"balance each member still owes", "amount outstanding for every member", "每户还欠多少": the
    row's amount charged less what it has paid, the two number columns the header words of
    ``lexicon/rows.json`` owed name (Fee Due | Paid, Annual Sub | Paid So Far, 应缴 | 实缴).  A number,
    an operator or a third column named, or no single column of each kind: no answer."""
    lex = lexicon("rows")["owed_headers"]
    if nums or not has(text, lexicon("rows")["owed"]["asks"]) or has(text, _ops()) or re.search(r"[\"“”]", text):
        return None

    def named(c: Column, key: str) -> bool:
        h = c.header.lower()
        return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", h) if w.isascii() else w in h
                   for w in lex[key])

    cols = [c for c in schema.columns if c.type == "number"]
    paid = [c for c in cols if named(c, "paid")]
    extra = [c for c in cols if c not in paid and named(c, "extra")]  # Quote | Extras: both charged
    rest = [c for c in cols if c not in paid and c not in extra]
    due = [c for c in rest if named(c, "due")]
    if len(due) > 1:
        return None
    if not due and not any(named(c, "rate") for c in cols):
        # the charges of the row, one or several (学费 | 住宿费 | 教材费 less 已缴金额: all of them
        # owed, unless the request names some only)
        due = [c for c in rest if named(c, "charged")]
    if len(paid) != 1 or not due or any(c not in [paid[0], *due, *extra] for c in numeric) \
            or len(due) > 1 and any(c in due for c in numeric) and not all(c in numeric for c in due):
        return None
    if len(due) > 1 and not all(re.search(r"费|(?<![a-z])fees?(?![a-z])", c.header.lower()) for c in due):
        return None  # 原价 | 折后价: two prices of one thing, not charges added up
    due = due + extra if len(due) == 1 else due
    p = paid[0]
    return (f"{'+'.join(ref(d) for d in due)}-{ref(p)}", f"{' + '.join(d.header for d in due)} - {p.header}", [])


def _owed_label(request: str, schema: SheetSchema) -> RowReading | None:
    """"paid in full? write Paid or Owes", "mark each move Paid if they've paid quote plus extras,
    otherwise Owes": one label for a row that owes nothing, one for a row that still owes, each said
    in capitals (or quoted) from ``lexicon/rows.json`` owed_labels, on the charge less paid that
    :func:`_owed` reads from the headers: ``IF(F2+G2-H2>0,"Owes","Paid")``.  A number said, a
    number column named that the balance does not read, or not one label of each: no answer."""
    from .rowbase import numbers, quoted

    if is_zh(request) or numbers(request) or not re.search(r"[a-z]", request):
        return None
    lex = lexicon("rows")["owed_labels"]
    said = {q.lower(): q for _, q in quoted(request)}

    def labels(kind: str) -> list[str]:
        out = [said[w] for w in lex[kind] if w in said]
        out += [m.group(0) for w in lex[kind] for m in re.finditer(rf"(?<![\w'\"“])(?:{w[0].upper()}{re.escape(w[1:])}"
                                                                    rf"|{re.escape(w.upper())})(?![\w'\"”])", request)]
        longest = [x for x in out if not any(x != y and x.lower() in y.lower() for y in out)]
        return list(dict.fromkeys(longest))
    done, owing = labels("settled"), labels("owing")
    if len(done) != 1 or len(owing) != 1:
        return None
    numeric = [c for _, c in mentions(request, schema) if c.type == "number"]
    owed = _owed("balance", schema, [], [], False)
    if owed is None or any(f"{c.letter}{{r}}" not in owed[0] for c in numeric):
        return None
    charged = set(re.findall(r"([A-Z]{1,3})\{r\}", owed[0].rsplit("-", 1)[0]))
    if {c.letter for c in numeric} & charged and not charged <= {c.letter for c in numeric}:
        return None  # "Paid if they've paid the quote": the extras left out on purpose? not read
    return RowReading(f'=IF({owed[0]}>0,"{owing[0]}","{done[0]}")',
                      f"{owing[0]} while {owed[1]} is above 0, else {done[0]}")


def _plan_actual(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"what % of the estimated hours has each task used", "出勤率", "每个项目花了预算的百分之多少":
    the row's actual over its planned, the two columns a header word pairs (Est. Hours | Actual
    Hours, 应出勤天数 | 实际出勤天数, 预算 | 实际支出; ``lexicon/rows.json`` plan_actual)."""
    lex = lexicon("rows")["plan_actual"]
    if nums or not has(text, lex["asks"]) or has(text, _ops()):
        return None  # ("actual minus estimate": the operator's, not a ratio)

    pair = _plan_pair(schema, numeric)
    if pair is None:
        return None
    p, d = pair
    if re.search(_AS_NUMBER, text):  # "用百分数表示（比如95.3）": the percent as a number
        return f"{ref(d)}/{ref(p)}*100", f"{d.header} / {p.header} × 100", []
    return f"{ref(d)}/{ref(p)}", (f"{d.header}占{p.header}的比例" if zh else f"{d.header} / {p.header}"), []


def _plan_left(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"每个学员还剩几节课", "剩余预算", "每人缺勤几天", "每个活动省了多少钱": what is left of the
    row's plan, its planned less its actual (课时包 | 已上课时, 预算 | 已支出, 应出勤天数 | 实际出勤天数;
    the pair ``_plan_pair`` finds).  A number or an operator said: not this rule."""
    if nums or not has(text, lexicon("rows")["plan_left"]["asks"]) or has(text, _ops()):
        return None
    pair = _plan_pair(schema, numeric)
    if pair is None:
        return None
    p, d = pair
    return f"{ref(p)}-{ref(d)}", (f"{p.header}减{d.header}" if zh else f"{p.header} - {d.header}"), []


def _plan_pair(schema: SheetSchema, numeric: list[Column]) -> tuple[Column, Column] | None:
    """The row's (planned, actual) number columns, a header word of ``lexicon/rows.json``
    plan_actual marking each; among several pairs, the one whose other words match and that the
    request names.  None when there is no single pair, or the request names another column."""
    lex = lexicon("rows")["plan_actual"]

    def kind(c: Column) -> str | None:
        h = c.header.lower()
        plan = any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w), h)
                   for w in lex["plan"])
        done = any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w), h)
                   for w in lex["actual"])
        return "plan" if plan and not done else "actual" if done and not plan else None

    cols = [c for c in schema.columns if c.type == "number"]
    plans = [c for c in cols if kind(c) == "plan"]
    dones = [c for c in cols if kind(c) == "actual"]
    if len(plans) > 1 or len(dones) > 1:  # several pairs: the one whose other words match
        def rest(c: Column) -> str:
            h = c.header.lower()
            for w in sorted(lex["plan"] + lex["actual"], key=len, reverse=True):
                h = h.replace(w, "")
            return re.sub(r"[\s.（）()]", "", h)
        pairs = [(p, d) for p in plans for d in dones if rest(p) and rest(p) == rest(d)]
        named = [pd for pd in pairs if any(c in pd for c in numeric)] if numeric else pairs
        if len(named) != 1:
            return None
        plans, dones = [named[0][0]], [named[0][1]]
    if len(plans) != 1 or len(dones) != 1 or any(c not in (plans[0], dones[0]) for c in numeric):
        return None
    return plans[0], dones[0]


def _year_columns(schema: SheetSchema) -> list[Column]:
    return [c for c in schema.columns if c.type == "number" and re.fullmatch(r"(?:19|20)\d\d", c.header.strip())]


_MONTH_HEAD = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|(?:[1-9]|1[0-2]|[一二三四五六七八九十]|十[一二])月(?:份)?"
                         r"|q[1-4]|[一二三四1-4]季度|第[一二三四1-4]季度?")


def _period_columns(schema: SheetSchema) -> list[Column]:
    """The row's period columns: its year columns (2020, 2021, ...), else its month or quarter
    columns (Sep, Oct, ...; 1月, 2月; Q1..Q4), two or more, side by side."""
    years = _year_columns(schema)
    if len(years) >= 2:
        return years
    months = [c for c in schema.columns if c.type == "number" and _MONTH_HEAD.fullmatch(c.header.strip().lower())]
    idx = [col_index(c.letter) for c in months]
    if len(months) >= 2 and idx == list(range(idx[0], idx[0] + len(idx))):
        return months
    return []


def _years_across(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"total over the four years", "各年合计", "each donor's five-year total", "average per
    year", "历年平均": every period column of a row (``_period_columns``).  On a sheet whose
    number columns are all periods (Sep..Dec), a total or average needs no period word."""
    years = _period_columns(schema)
    lex = lexicon("rows")
    if len(years) < 2 or numeric or nums:
        return None
    m = re.search(r"\b(?:per|a|each|every|this) (?:year|month|term|season)\b|\b(?:yearly|annual|monthly)\b|\b(?:the |all |these )?(\w+ )?(?:years|months|quarters)\b"
                  r"|\b(\w+)[- ](?:years?|months?)\b|([一二两三四五六七八九十\d]+)(?:年|个月|个季度)"
                  r"|" + "|".join(re.escape(w) for w in lex["periods"]["across"] + lex["periods"]["whole"]), text)
    only = all(c in years for c in schema.columns if c.type == "number")
    # "mean harvest per variety" on a sheet called Harvest: what its period columns hold, named
    held = any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", text)
               for w in [schema.sheet.lower().strip(), *lex["periods"]["measures"]] if w.isascii() and len(w) > 3)
    if not m and not only and not held:
        return None
    said = m and (m.group(1) or m.group(2) or m.group(3))
    n = count_word(said.strip()) if said else None
    if m and m.group(1) and n is None and m.group(1).strip() not in ("the", "all", "these"):
        return None
    if m and m.group(2) and n is None:
        return None
    if n is not None and n != len(years):
        return None
    avg = has(text, lex["average_words"])
    if not avg and not has(text, lex["together"] + lex["total_words"] + lex["periods"]["whole"]):
        return None
    return _across(years, "AVERAGE" if avg else "SUM"), ("各期平均" if avg else "各期合计") if zh else (
        "average" if avg else "total") + " of the period columns", []


def _per_count(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"人均费用", "平均一张票多少钱", "cost per person": the row's amount over its count column."""
    lex = lexicon("rows")
    m = next((m for p in lex["per_count"] if (m := re.search(p, text))), None)
    if nums:
        return None
    if m is None:
        counts = _counted_after_per(text, schema)
        said_money = has(text, lex["rates"]["money_words"])
    else:
        word = m.group(1)
        names = [f"{word}数"] if is_zh(word) else lex["count_headers"].get(word, [])
        counts = [c for c in schema.columns if c.type == "number" and any(n in c.header.lower() for n in names)]
        said_money = has(text, lex["money_words"])
    if len(counts) != 1:
        return None
    count = counts[0]
    money = _distinct([c for c in numeric if c is not count])
    if not money and m is None and said_money:
        # "cost per chimney flue": the one money column of the sheet (Price), its header unsaid
        owners = [c for c in schema.columns if c.type == "number" and c is not count
                  and any(re.search(rf"\b{re.escape(w)}\b", c.header.lower()) for w in lex["rates"]["money_headers"])]
        others = [c for c in schema.columns if c.type == "number" and c is not count and c not in owners]
        # only on a sheet with no other amount the money might be made of ("takings per cover" beside
        # Food, Drinks and Tips is their sum over the covers, not the one column with a money header)
        money = owners if len(owners) == 1 and not others else []
    elif not money and said_money:
        owners = _distinct([c for g in ("sales", "cost") if (c := group_of(schema, g)) is not None
                            and c.type == "number" and c is not count])
        money = owners if len(owners) == 1 else []
    if len(money) != 1:
        return None
    a = money[0]
    if m is None and re.search(r"\b(?:per|each|unit|rate|avg|average)\b|/|单价|每", a.header.lower()):
        return None  # "price per guest" beside a Price per guest column: already the amount for one
    units = {w for k, ws in lex["unit_words"].items() for w in [k, *ws] if w.isascii() and len(w) > 1}
    heads = f"{a.header} {count.header} {schema.sheet} {title_units(schema)}".lower()
    if m is None and any(re.search(rf"\b{re.escape(u)}s?\b", text) and u not in heads for u in units):
        return None  # "yield per tree in kg" on a column of tonnes: a unit the columns do not say
    return f"{ref(a)}/{ref(count)}", f"{a.header} / {count.header}", []


_LISTED = re.compile(r"\b(?:per|each|a)\s+[a-z]+\s*[(（]([^)）]+)[)）]|(?:每|平均每|人均)一?[人位个名]?\s*[(（]([^)）]+)[)）]")


def _per_listed(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"snack takings per passenger (adults and children)", "人均消费（大人加小孩）": a ratio whose
    "per" thing is counted by several columns, listed in the brackets after it: the amount over
    their sum.  The brackets must hold those count columns (whole numbers) and joining words only;
    the amount is the one other number column named, or the sheet's one money column."""
    m = _LISTED.search(text)
    if m is None or nums:
        return None
    inner = m.group(1) or m.group(2)
    at = m.start(1) if m.group(1) else m.start(2)
    listed = _distinct([c for _, c in mentions(inner, schema)])
    if len(listed) < 2:
        return None
    for c in listed:
        vals = [v for v in values(schema, c) if v is not None]
        if c.type != "number" or not vals or not all(isinstance(v, (int, float)) and float(v).is_integer() for v in vals):
            return None
    plain = inner.lower()
    for c in listed:
        for n in sorted(_names_of(c, schema), key=len, reverse=True):
            plain = plain.replace(n.lower(), " ")
    if re.sub(r"\b(?:and|plus|the|both)\b|[+＋&、,，和加及与\s]", "", plain):
        return None  # something besides the counts in the brackets
    others = _distinct([c for p, c in mentions(text, schema) if c.type == "number" and c not in listed
                        and not at <= p < at + len(inner)])
    if not others:
        others = _money_said(text, schema, listed[0])
        others = [c for c in others if c not in listed]
    if len(others) != 1:
        return None
    a = others[0]
    whole = "+".join(ref(c) for c in listed)
    return f"{ref(a)}/({whole})", f"{a.header} / ({' + '.join(c.header for c in listed)})", []


def _counted_after_per(text: str, schema: SheetSchema) -> list[Column]:
    """"price per flue", "cost per chimney flue": the count column said right after "per" (one
    word may stand between), a column of whole numbers; none when "per" names no such column."""
    out = []
    for p, c in mentions(text, schema):
        if c.type != "number" or not re.search(r"\bper\s+(?:[a-z]+\s+)?$", text[:p]):
            continue
        vals = [v for v in values(schema, c) if v is not None]
        if vals and all(isinstance(v, (int, float)) and v >= 0 and float(v).is_integer() for v in vals):
            out.append(c)
    return _distinct(out)


_SPAN = re.compile(r"(?<![\d.])((?:19|20)?\d\d)\s*(?:年)?\s*(?:-|–|~|～|to|through|thru|到|至)\s*((?:19|20)?\d\d)(?![\d.])")


def _span_columns(text: str, schema: SheetSchema) -> tuple[re.Match[str], list[Column]] | None:
    """"2019-2024", "2019 to 2024", "20到25年": the year columns from one year to the other, in sheet order."""
    years = {int(c.header.strip()): c for c in _year_columns(schema)}
    for m in _SPAN.finditer(text):
        a, b = (int(x) if len(x) == 4 else 2000 + int(x) for x in m.groups())
        if len(m.group(1)) != len(m.group(2)) or len(m.group(1)) == 2 and not re.match(r"\s*年", text[m.end():]):
            continue  # "20到25" is a span of years only when 年 follows it
        if a < b and a in years and b in years and all(y in years for y in range(a, b + 1)):
            cols = [years[y] for y in range(a, b + 1)]
            idx = [col_index(c.letter) for c in cols]
            if idx == list(range(idx[0], idx[0] + len(idx))):
                return m, cols
    return None


def _year_span(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"sum 2019-2024", "20到25年营收加总", "average 2020 to 2022": the years between, both ends in."""
    lex = lexicon("rows")
    found = _span_columns(text, schema)
    if found is None:
        return None
    m, cols = found
    if [n for n in nums if not m.start() <= n[2] < m.end()] or any(c not in cols for c in numeric):
        return None
    avg = has(text, lex["average_words"])
    if not avg and not has(text, lex["together"] + lex["total_words"]):
        return None
    fn = "AVERAGE" if avg else "SUM"
    return (f"{fn}({cols[0].letter}{{r}}:{cols[-1].letter}{{r}})",
            f"{cols[0].header}-{cols[-1].header} {'average' if avg else 'total'}",
            [v for v, _, p in nums if m.start() <= p < m.end()])


def _year_over_year(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """Year columns (2020 … 2025 as headers) compared within a row: "2025年同比增长率" (one year
    against the year before it), "25年比24年增长百分之几", "2025 vs 2024 growth" (the later
    over the earlier, minus 1), "25年比24年多了多少" (the difference).  Words in
    ``lexicon/rows.json`` year_over_year."""
    lex = lexicon("rows")
    words = lex["year_over_year"]
    years = {int(c.header.strip()): c for c in _year_columns(schema)}
    named = _distinct([c for c in numeric if c in years.values()])
    if nums or not years or len(named) != len(_distinct(numeric)) or len(named) not in (1, 2):
        return None
    growth = has(text, lex["growth"] + words["growth"])
    change = has(text, words["change"])
    if change and re.search(r"%|percent|\brate\b|率|百分", text):
        growth, change = True, False  # "yoy % change", "% change 2024 to 2025": the change as a percent
    if re.search(r"percentage points?|百分点|(?<![a-z])(?:pp|pts)(?![a-z])", text):
        return None  # a change in percentage points is a difference of rates, not a growth
    if any(re.search(p, text) for p in words["percent_change"]):
        growth, change = True, False  # "25年比24年涨了百分之几", "went up or down ... as a percentage"
    if re.search(r"\bup\s*(?:/|or)\s*down\s*:", text):
        return None  # "Up/Down: 2025 vs 2024": a label, the labels family's
    multiple = has(text, words["multiple"])
    if multiple and len(named) == 2 and not growth and not change:
        pos = {c.letter: p for p, c in mentions(text, schema)}
        a, b = sorted(named, key=lambda c: pos.get(c.letter, 0))
        if re.search(r"是|\bis\b|\bwas\b", text[pos.get(a.letter, 0):pos.get(b.letter, 0)]):
            return f"{ref(a)}/{ref(b)}", f"{a.header}/{b.header}", []  # "2025年收入是2020年的几倍"
        return None
    if growth == change:
        return None
    if len(named) == 1 and not has(text, words["previous"]):
        # "growth since 2023", "up or down vs 2024", "比2024年增长了百分之几": the one year said
        # after a comparison word is the earlier, the sheet's latest year the later
        old, new = named[0], years[max(years)]
        said = [p for p, c in mentions(text, schema) if c is old]
        if old is new or not said or not re.search(
                r"(?:^|[^a-z])(?:" + "|".join(map(re.escape, words["since"])) + r")\s*$", text[:said[0]]):
            return None  # "2025 growth": over the row above or the year before? not guessed
    elif len(named) == 1:
        new = named[0]
        old = years.get(int(new.header.strip()) - 1)
        if old is None:
            return None
    else:
        new, old = sorted(named, key=lambda c: -int(c.header.strip()))
        pos = {c.letter: p for p, c in mentions(text, schema)}
        a, b = sorted(named, key=lambda c: pos.get(c.letter, 0))
        between = text[pos.get(a.letter, 0):pos.get(b.letter, 0)]
        gap = re.sub(r"^\d+\s*年?|^\s+|\s+$", "", between)
        onward = a is old and gap in words["onward"]  # "2019 to 2024", "2023->2024"
        if not onward and (a is not new or not has(between, words["against"])):
            return None  # "2024比2025": said backwards, or no comparison word between them
    if growth:
        return f"{ref(new)}/{ref(old)}-1", f"{new.header}/{old.header}-1", []
    return f"{ref(new)}-{ref(old)}", f"{new.header} - {old.header}", []


def _from_to(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"change from 2021 to 2024", "growth from 2023 to 2024", "从2022到2024的增长": the later minus the earlier."""
    lex = lexicon("rows")
    cols = _distinct(numeric)
    if len(cols) != 2 or nums or not has(text, lex["from_to"]):
        return None
    ms = [(p, c) for p, c in mentions(text, schema) if c in cols]
    a, b = ms[0], ms[1] if ms[1][1] is not ms[0][1] else next(x for x in ms if x[1] is not ms[0][1])
    gap = text[a[0]:b[0]]
    if not ((re.search(r"\bfrom\s*$", text[:a[0]]) or re.search(r"(?:%|\bpercent(?:age)?|\bgrowth|\bchange)\s*$", text[:a[0]]))
            and re.fullmatch(r"\S+\s+to\s+", gap)
            or re.search(r"从\s*$", text[:a[0]]) and re.fullmatch(r"\S+?\s*(?:到|至)\s*", gap)):
        return None
    old, new = a[1], b[1]
    if has(text, lex["growth"]) or re.search(r"\bgrew\b|percent|%|百分", text):
        if has(text, lex["change"] + ["difference", "差"]) and not has(text, lex["growth"]):
            return None
        return f"{ref(new)}/{ref(old)}-1", f"{new.header}/{old.header}-1", []
    return f"{ref(new)}-{ref(old)}", f"{new.header} - {old.header}", []


def _more_than(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"库存比安全库存多多少", "how much more is sales than cost": the difference, in the order said."""
    cols = _distinct(numeric)
    if len(cols) != 2 or nums:
        return None
    lex = lexicon("rows")["more_than"]
    a, b = cols
    for kind in ("a_minus_b", "b_minus_a"):
        if any(re.search(p, text) for p in lex[kind]):
            x, y = (a, b) if kind == "a_minus_b" else (b, a)
            return f"{ref(x)}-{ref(y)}", f"{x.header} - {y.header}", []
    return None


def _plus_rate(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """"salary plus bonus" where the bonus is salary times a rate column: ``F2+F2*G2``."""
    rate = _rate_column(text, schema)
    if rate is None or nums or not re.search(r"\bplus\b|\band\b|加上|加|和|\+|including|包括|含", text):
        return None
    base, rc = rate
    if base not in numeric or rc in numeric or any(c is not base for c in numeric):
        return None  # (金额+税额 beside 税率: the 税额 column said is the addend, not 金额 × 税率)
    return f"{ref(base)}+{ref(base)}*{ref(rc)}", f"{base.header} + {base.header} × {rc.header}", []


_AS_NUMBER = (r"\bas an? (?:whole[- ]number|number|integer) (?:percent|percentage)\b"
              r"|\bpercent(?:age)? (?:as a )?number|百分数|百分制")


def _as_percent(text: str, schema: SheetSchema, numeric: list[Column], nums, zh: bool):
    """A column of fractions (0.92) shown as a percent number (92): ``F2*100``."""
    from .rowlabels import _fraction_col

    cols = _distinct(numeric)
    said = re.search(_AS_NUMBER, text)
    if len(cols) != 1 or nums or not said:
        return None
    if not _fraction_col(schema, cols[0]):
        return None
    return f"{ref(cols[0])}*100", f"{cols[0].header} × 100", []


def _ratio(text: str, schema: SheetSchema, zh: bool):
    """"cost as a percent of sales", "profit as a share of sales", "成本占销售额的比例": X / Y.

    X is one column or a quantity two columns make (profit); Y is one other column.
    "... of the total" / "占合计" is the share rule's, not this one.
    """
    m = re.search(r"^(.+?)\s+as (?:an? )?(?:percent|percentage|share|fraction|ratio|proportion|%) of\s+(?:the\s+)?(.+)$",
                  text) \
        or re.search(r"^(.+?)占(.+?)的?(?:比例|百分比|比重|比率|百分之(?:几|多少)|多少)", text)
    if m is None or re.search(r"\btotal\b|\ball\b|合计|总|全部", m.group(2)) \
            and not _whole_is_column(m.group(2), schema):
        return None
    whole = re.sub(r"\s+(?:for|on|in)\s+(?:each|every)\s+\w+$|\s+(?:per|each|every)\s+\w+$", "", m.group(2))
    right = [c for _, c in mentions(whole, schema) if c.type == "number"]  # ("... for each order": the row's noun)
    short = [c for c in schema.columns if c.type == "number" and re.fullmatch(
        rf"{re.escape(whole.strip(' 的'))}(?:金额|总额|额)", c.header.strip())] if zh and whole.strip(" 的") else []
    if len(short) == 1 and _distinct(right) in ([], short):  # "占合同的比例" on 合同金额: named without its 金额
        right, whole = short, short[0].header
    if len(_distinct(right)) != 1 or cover(whole, _names_of(right[0], schema)).strip(" 的"):
        return None
    y = right[0]
    left = [c for _, c in mentions(m.group(1), schema) if c.type == "number"]
    derived = _derived(m.group(1), schema)
    if derived is not None and not derived[0].startswith("(") and all(c in derived[2] for c in left):
        x, what = f"({derived[0]})", derived[1]
    elif len(_distinct(left)) == 1 and left[0] is not y and _derived(m.group(1), schema) is None:
        x, what = ref(left[0]), left[0].header
    else:
        return None
    return f"{x}/{ref(y)}", (f"{what}占{y.header}的比例" if zh else f"{what} / {y.header}"), []


def _names_blanked(text: str, schema: SheetSchema) -> str:
    """``text`` with every column's name said in it blanked (what is left says the operations)."""
    out = text
    for p, c in _all_mentions(text, schema):
        end = _mention_end(text, p, c, schema)
        out = out[:p] + " " * (end - p) + out[end:]
    return out


def _whole_is_column(whole: str, schema: SheetSchema) -> bool:
    """"定金占总价的比例" on a sheet with a 总价 column, "占总分的百分比" beside 总分: the whole the
    request names is one column's own header (a header that says 总 itself), not the column's total.
    Only a whole said exactly as that header (with 的 around it) counts; "占总价合计" is the total's."""
    said = re.sub(r"[（(][^）)]*[）)]", "", whole).strip(" 的")
    return bool(said) and any(c.type == "number" and re.sub(r"[（(][^）)]*[）)]", "", c.header).strip() == said
                              for c in schema.columns)


def _names_of(col: Column, schema: SheetSchema, bare: bool = False) -> list[str]:
    """The header of ``col`` and the words of the synonym group it owns (with the row's nouns unless ``bare``)."""
    from .rowbase import group_owner, header_forms

    out = [col.header.lower().strip(), *header_forms(col.header)]
    for group in lexicon("columns")["groups"]:
        if group_owner(schema, group) is col:
            out += group
    return out if bare else out + ["the", "each", "row", "per", "order", "item"]
