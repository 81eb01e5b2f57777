"""The one model-free reader: a request and a sheet in, a checked :class:`~.compose.Reading` out.

One path, tried in this order, each stage taking what the previous left:

1. a request that groups by a column ("… by department", 每个部门) is refused
   (``task.group_by``): one formula cell holds one result;
2. the phrase composer (``compose.py`` with the rule families of
   ``families/``) reads requests in general English and Chinese phrasings;
3. the aggregate family (``aggregates.py``) reads aggregate-with-conditions
   requests by their words (an operation, a column, values, comparisons), then
   shares, derived values, distinct counts, either/or and ranks;
4. the lookup family (``lookups.py``).

A stage's answer that leaves out something the request names (``_misses``) is
passed over, so the next stage may read the request better.  The bag-of-words
reader that used to sit between 2 and 3 (``parse_request``) was folded into
this path: the composer and the aggregate family read every request of the
corpus test it answered (issue 16 item 7).
"""

from __future__ import annotations

import os
import re

from ...errors import TaskError
from .compose import Reading
from .rowbase import header_forms, lexicon
from .schema import Column, SheetSchema

#: a "not" the bag-of-words readers would drop (they see a column and a value, not the negation)
_NEGATED = re.compile(r"不为|不是|不等于|并非|(?<![a-z])(?:not|isn't|aren't|doesn't|don't|other than)(?![a-z])|≠|!=")

# The retired reader's words (lexicon/requests.json), under the names ground.py and
# bench/eval_formula_ablated.py read them by; no reader uses them.
_RETIRED = lexicon("requests")
_OPS: list[tuple[str, tuple[str, ...]]] = [(op, tuple(ws)) for op, ws in _RETIRED["_operations"]]
_GLOSSARY: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in _RETIRED["_glossary_zh"].items()}
_EN_SYNONYMS: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in _RETIRED["_synonyms_en"].items()}
_CMP_EN: list[tuple[str, str]] = [(p, op) for p, op in _RETIRED["_comparisons_en"]]
_CMP_ZH: list[tuple[str, str]] = [(p, op) for p, op in _RETIRED["_comparisons_zh"]]
_DATE_CMP: list[tuple[str, str]] = [(p, op) for p, op in _RETIRED["_date_comparisons"]]
_MONTHS: dict[str, int] = {m: i for i, m in enumerate(_RETIRED["_months"], 1)}
_OUT_OF_SCOPE: tuple[str, ...] = tuple(_RETIRED["_out_of_scope"])
_EN_FILLER: frozenset[str] = frozenset(_RETIRED["_filler_en"])


def _said_no(intent) -> int:
    """How many of ``intent``'s conditions are the No rows of a Yes / No column ("not paid yet")."""
    return sum(c.op == "=" and isinstance(c.value, str) and c.value.strip().lower() in ("no", "n", "否")
               for c in intent.conditions)


def read_request(request: str, schema: SheetSchema, respelt: bool = False, renamed: bool = False) -> Reading | None:
    """What the model-free reader makes of ``request``, or ``None`` (the module says the path).

    Raises :class:`TaskError` for a request that groups by a column, and for a
    composer rule that failed (``task.rule_failed``: a bug, never read as "no match").
    """
    from .aggregates import (
        _full_years,
        read_blank,
        read_derived,
        read_distinct,
        read_either,
        read_fee_share,
        read_filled,
        read_rank,
        read_share,
        read_weekday,
        read_year_block,
        without_total_row_aside,
    )
    from .aggregates import read as read_aggregate
    from .balance import read_balance
    from .bestperiod import read_best_period
    from .clockcount import read_clock_count
    from .compose import group_by, read
    from .countedvalue import counted_values
    from .filledshare import read_filled_share
    from .flagshare import read_flag_share
    from .intent import compile_intent, explain
    from .leadtally import without_lead_tally
    from .lookups import names_other_column, read_other
    from .lookups import read as read_lookup
    from .markverb import without_mark_verb
    from .moneyunits import money_for_many
    from .partshare import read_part_share
    from .productsum import read_conditioned_product, read_product_sum
    from .rowbase import is_zh
    from .shares import read_total_ratio
    from .sincelatest import read_since_latest
    from .soldpieces import read_sold_pieces
    from .sumcols import read_columns_share, read_columns_total
    from .textnote import without_text_note
    from .timeofday import read_time_extreme
    from .valueratio import read_value_ratio
    from .wholeaside import without_whole_table_aside
    from .worthof import without_worth_noun

    request = without_total_row_aside(request, schema)  # "(ignore the total row)": no range holds it
    request = without_text_note(request, schema)  # "(数量那列好像是文本)": converted already
    request = without_lead_tally(request, schema)  # "统计城南小学的数量": the column added up
    request = without_worth_noun(request, schema)  # "要了多少钱的货": the money asked
    request = money_for_many(request, schema)  # "how many euros do we still owe": money, not rows
    request = without_whole_table_aside(request, schema)  # "over all the weekends", "(for the bank)"
    request = without_mark_verb(request, schema)  # "top price paid" beside Paid: the largest Price
    by = group_by(request, schema)
    if by is not None:
        raise TaskError(
            f"cannot answer {request!r}: it asks for one result per {by.header}, and one formula "
            f"cell holds one result; ask for one {by.header} at a time (e.g. \"... where "
            f"{by.header} is {by.distinct[0] if by.distinct else '...'}\"), or use a PivotTable",
            code="task.group_by")
    if schema.others and names_other_column(request, schema):  # "day rate of Gold" beside a rates tab
        found = read_other(request, schema)
        if found is not None:
            return Reading(found[0], found[1], {"operation": "other sheet", "explanation": found[1]})
    reading = read(_english_compass(request, schema), schema)
    if reading is not None and not _misses(request, reading.formula, schema):
        return reading
    if is_zh(request) and (years := _full_years(request, schema)) != request:
        # "25年单数合计" beside a 2025年单数 column: the composer reads the year written out
        reading = read(_english_compass(years, schema), schema)
        if reading is not None and not _misses(years, reading.formula, schema):
            return reading
    # "how many walks got a tip": the rows with an amount, before the aggregate family's SUM of it
    filled = read_filled(request, schema)
    if filled is not None and not _misses(request, filled[0], schema):
        return Reading(filled[0], filled[1], {"operation": "filled", "explanation": filled[1]})
    # the aggregate family's intent, unless its answer ignores a column the request
    # names ("马超的销售额一共多少" is no COUNTIF)
    intent = read_aggregate(request, schema)
    if intent is not None and not (_NEGATED.search(request.lower())
                                   and not any(c.op == "<>" for c in intent.conditions)
                                   and len(_NEGATED.findall(request.lower())) > _said_no(intent)):
        # ("病假不为0的人数" is no COUNTIF(…,"0"): a bag of words cannot read a "not"; "jobs not
        # paid yet" is, the No rows of a Paid column: one "not" for each No read)
        try:
            text = compile_intent(intent, schema)
        except TaskError:
            text = None
        if text is not None and not _misses(request, text, schema):
            return Reading(text, explain(intent), intent.to_dict())
    for read_more in (read_blank, read_fee_share, read_part_share, read_product_sum, read_value_ratio, read_filled_share, read_share, read_flag_share, read_total_ratio, read_derived, read_distinct, read_either, read_rank,
                      read_weekday, read_year_block, read_columns_total, read_columns_share, read_best_period,
                      read_balance, read_since_latest, read_clock_count):
        found = read_more(request, schema)
        if found is not None and not _misses(request, found[0], schema):
            return Reading(found[0], found[1], {"operation": read_more.__name__[5:],
                                                "explanation": found[1]})
    # "how many candles did I sell at Durham": the Qty column added up, read as "total qty at Durham"
    found = read_sold_pieces(request, schema, lambda text, sheet: read_request(text, sheet, True, True))
    if found is not None and not _misses(request, found[0], schema):
        return Reading(found[0], found[1], {"operation": "sold pieces", "explanation": found[1]})
    found = read_conditioned_product(request, schema, lambda text, sheet: read_request(text, sheet, True, True))
    if found is not None and not _misses(request, found[0], schema):
        return Reading(found[0], found[1], {"operation": "conditioned product", "explanation": found[1]})
    found = read_time_extreme(request, schema) or read_lookup(request, schema)
    if found is not None and not _misses(request, found[0], schema):
        return Reading(found[0], found[1], {"operation": "lookup", "explanation": found[1]})
    if not respelt and (counted := counted_values(request, schema)) != request:
        return read_request(counted, schema, respelt=True)  # "what % of jobs were 3 storeys": Storeys = 3
    if not respelt:  # "avarage hours per lesson": read again with the slip of the keys put right
        from .aggregates import respell

        fixed = respell(request, schema)
        if fixed != request:
            found_fixed = read_request(fixed, schema, respelt=True)
            if found_fixed is not None:
                return found_fixed
    found = read_other(request, schema)  # read (and checked) on the workbook's other sheet
    if found is not None:
        return Reading(found[0], found[1], {"operation": "other sheet", "explanation": found[1]})
    # "合页的销量": a name another sheet keeps, read as its code here; after the other sheet's own
    # reading ("how much is a standing desk" is the Price List's price, not the Qty sold)
    if schema.others and not renamed:
        from .elsewhere import renamed as rename
        from .elsewhere import restore

        as_code = rename(request, schema)
        inner = read_request(as_code.request, schema, respelt=True, renamed=True) if as_code else None
        text = restore(inner.formula, as_code) if inner is not None else None
        if text is not None:
            return Reading(text, f"{inner.explanation} ({as_code.said})",
                           {"operation": "named elsewhere", "explanation": as_code.said})
    return None


_WORDS = lexicon("compose")
_COMPASS = re.compile("([" + "".join(_WORDS["compass_zh"]) + "])(?:"
                      + "|".join(_WORDS["compass_suffixes_zh"]) + ")")


def _english_compass(request: str, schema: SheetSchema) -> str:
    """"东区的金额合计" on a sheet whose regions are East, West, ...: 东区 is its East.

    Only a region the sheet holds in English (any case) and not in Chinese is rewritten.
    """
    def english(m: re.Match) -> str:
        word = _WORDS["compass_zh"][m.group(1)]
        if any(m.group(0) in c.distinct for c in schema.columns):
            return m.group(0)
        found = next((v for c in schema.columns for v in c.distinct if v.lower() == word), None)
        return f" {found} " if found else m.group(0)

    return _COMPASS.sub(english, request)


_SHORT_YEAR = re.compile(
    r"\b(?P<pre>in|during|for|of)\s+(?P<mon>(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?)"
    r"\s+(?P<q>'|’)?(?P<yy>\d\d)\b(?!\s*(?:st|nd|rd|th|:|[ap]m))", re.I)


def short_year(request: str, schema: SheetSchema) -> str:
    """"exams in Dec 26" on a sheet of 2026 dates is December 2026, not the 26th: after "in" a
    month with two digits is a month of a year the sheet's dates hold ("Dec '26" always is)."""
    import datetime as dt

    years = {v.year for v in schema.cells.values() if isinstance(v, dt.date)}

    def year(m: re.Match) -> str:
        yy = 2000 + int(m["yy"])
        if m["q"] or yy in years:
            return f"{m['pre']} {m['mon']} {yy}"
        return m.group(0)

    return _SHORT_YEAR.sub(year, request)


_RELATIVE_ZH = "|".join(sorted(lexicon("aggregates")["zh_relative_years"], key=len, reverse=True))
_PINNED_MONTH = re.compile(rf"(?:{_RELATIVE_ZH})?\s*(?:的)?(?P<mon>1[0-2]|0?[1-9])\s*月(?:份)?\s*"
                           r"[（(]\s*(?P<year>(?:19|20)\d\d)\s*年?\s*[)）]")
_PINNED_YEAR = re.compile(rf"(?:{_RELATIVE_ZH})\s*[（(]\s*(?P<year>(?:19|20)\d\d)\s*年?\s*[)）]")


def pinned_years(request: str) -> str:
    """A year said relative to now and pinned in brackets, written as the year itself: "去年(2025)总场次"
    is "2025年总场次", "今年1月份（2027）" and "10月份（2026）" are "2027年1月", "2026年10月" (the
    bracket says which year; the relative word only says it again)."""
    text = _PINNED_MONTH.sub(lambda m: f"{m['year']}年{int(m['mon'])}月", request)
    return _PINNED_YEAR.sub(lambda m: f"{m['year']}年", text)


_INCLUSIVE = re.compile(r"\s*[（(]\s*含(?:当天|当日|本日|那天)?\s*[)）]\s*(?P<side>之后|以后|往后|之前|以前|为止)"
                        r"|(?P<side2>之后|以后|之前|以前)\s*[（(]\s*含(?:当天|当日|本日|那天)?\s*[)）]")


def inclusive_bounds(request: str) -> str:
    """A bound said inclusive in brackets, written the way the readers take it: "5月10号（含）之后"
    is "5月10号及之后", "6月30日以前（含当天）" is "6月30日及以前"."""
    def said(m: re.Match) -> str:
        side = m["side"] or m["side2"]
        return "为止" if side == "为止" else "及" + side
    from .bounds import said_bounds

    return said_bounds(_INCLUSIVE.sub(said, request))


_TOTAL_ROW = re.compile(r"[，,]?\s*[（(]?\s*(?:" + "|".join(map(re.escape, sorted(
    lexicon("aggregates")["total_row_words"], key=len, reverse=True))) + r")(?:行)?\s*[)）]?")


_ROW_CLAUSE = lexicon("aggregates")["total_row_clause_zh"]
#: a bracket, or a clause up to a comma or the end, that names the total row ("（合计那行别算）")
_ROW_CLAUSE_RE = re.compile(r"[（(][^（）()]*?(?:" + _ROW_CLAUSE["names"] + r")[^（）()]*?[）)]"
                            r"|[，,；;]?[^，,；;（）()]*?(?:" + _ROW_CLAUSE["names"] + r")[^，,；;（）()]*(?:[，,；;]|$)")
_ROW_CLAUSE_LEAVE = re.compile("|".join(map(re.escape, sorted(_ROW_CLAUSE["leave"], key=len, reverse=True))))
_ROW_CLAUSE_FILL = re.compile(r"[（()），,；;\s]|" + _ROW_CLAUSE["names"] + "|" + "|".join(
    map(re.escape, sorted(_ROW_CLAUSE["leave"] + _ROW_CLAUSE["fill"], key=len, reverse=True))))


def without_total_row(request: str) -> str:
    """The request without the words that leave a total row below the data out ("（别把合计算进去）",
    "不算合计行", "合计那行别算"): every reader's range stops at the data already, and the 合计 in
    them is no total.  A clause naming the row is dropped only where it says to leave it out and
    says nothing else (lexicon total_row_clause_zh)."""
    text = _TOTAL_ROW.sub("", request).strip() or request
    said = [m for m in _ROW_CLAUSE_RE.finditer(text)
            if _ROW_CLAUSE_LEAVE.search(m.group(0)) and not _ROW_CLAUSE_FILL.sub("", m.group(0))]
    for m in reversed(said):
        keep = "，" if m.group(0)[:1] in "，," and m.group(0)[-1:] in "，," else ""
        text = text[:m.start()] + keep + text[m.end():]
    return (text.strip(" ，,；;") if said else text) or request


_CODE_WORD = re.compile(r"(?<![a-z])(?:no\.?|number|num\.?|#)\s*(?=[a-z]*\d)", re.I)


_CODE_AFTER = re.compile(r"\s*(?:这单|那单|这张|那张|这笔|那笔|这个单|那个单|号单|单)")


def _names_a_code(request: str, m: re.Match, col: Column) -> bool:
    """Whether the number at ``m`` is said as a code of ``col`` (only its tail written): a code
    word or the column's name just before it ("order 9016", "订单9016", "单号 5013"), or 这单 /
    那单 after it ("5013那单")."""
    before = request[:m.start()].lower()[-12:]
    if re.search(r"(?<![a-z])(?:no\.?|number|num\.?|#|ref\.?)\s*$", before):
        return True
    heads = [h for h in header_forms(col.header) if len(h) >= 2] + [col.header.lower()[:2]]
    if any(re.search(re.escape(w) + r"\s*$", before) for h in heads for w in {h, h.rstrip("号#")} if w):
        return True
    return _CODE_AFTER.match(request[m.end():]) is not None


def said_codes(request: str, schema: SheetSchema) -> str:
    """A code of the sheet as people write it, in the sheet's spelling: "ticket no. 4822" on a
    sheet of tickets 004822 is "ticket 004822", "order 1194" on a sheet of orders F1180 … F1211
    is "order F1194" (the zeros a code is padded with, or the prefix every code shares, left out; and
    the "no." / "#" / "number" that only says a code follows).  A number is respelt only where it
    is, zeros and prefix aside, one value of one column of such codes (all one length) and no
    number of the sheet; a "no." only where the code after it is a value of the sheet."""
    codes: dict[str, set[str]] = {}
    tails: dict[str, tuple[set[str], Column]] = {}
    plain: set[str] = set()
    for col in schema.columns:
        vals = [str(v) for v in col.distinct]
        parts = [re.fullmatch(r"([A-Za-z]{0,3}-?)(\d{3,})", v) for v in vals]
        if col.type == "text" and vals and all(parts) and len({p.group(1) for p in parts}) == 1 \
                and len({len(v) for v in vals}) == 1 and (parts[0].group(1) or any(v.startswith("0") for v in vals)):
            # 004822 as 4822; F1194 (every code one prefix, F) as 1194
            for p in parts:
                codes.setdefault(p.group(2).lstrip("0"), set()).add(p.group(0))
            # DJ2605013 (a month's serial after a shared 2605) as "5013": its tail, at least every
            # digit after the part all codes share
            digits = [p.group(2) for p in parts]
            shared = len(os.path.commonprefix(digits))
            for p in parts:
                for k in range(max(3, len(p.group(2)) - shared), len(p.group(2))):
                    tail = p.group(2)[-k:]
                    if not tail.startswith("0"):
                        tails.setdefault(tail, (set(), col))[0].add(p.group(0))
        else:
            plain |= {v.lower() for v in vals}
    plain |= {str(v).removesuffix(".0") for v in schema.cells.values() if isinstance(v, (int, float))}

    dated = any(c.type == "date" or re.fullmatch(r"(?:19|20)\d\d", c.header.strip()) for c in schema.columns)

    def padded(m: re.Match) -> str:
        found = codes.get(m.group(0), set())
        if re.fullmatch(r"(?:19|20)\d\d", m.group(0)) and (dated or not _CODE_WORD.search(request[:m.start()][-12:])):
            # "tickets in 2025" on a sheet of dates, or "2025的顾客" said with no code word before
            # it: a year or an amount as likely as ticket 002025, so left as written
            return m.group(0)
        if not found and m.group(0) in tails and _names_a_code(request, m, tails[m.group(0)][1]):
            found = tails[m.group(0)][0]
        return next(iter(found)) if len(found) == 1 and m.group(0) not in plain else m.group(0)

    text = re.sub(r"(?<![A-Za-z\d.,$£€¥-])[1-9]\d{2,}(?![\d.,%])", padded, request) if codes else request
    values = {str(v).lower() for c in schema.columns if c.type in ("text", "mixed") for v in c.distinct}

    def unsaid(m: re.Match) -> str:
        code = re.match(r"[\w-]+", text[m.end():])
        return "" if code and code.group(0).lower() in values else m.group(0)

    return _CODE_WORD.sub(unsaid, text)


def _misses(request: str, formula: str, schema: SheetSchema) -> bool:
    """True when ``formula`` leaves out something the request names (the next reader may not)."""
    from .aggregates import counts_pieces, ignores_blank, rows_with_a
    from .checks import problems
    from .undone import ignores_undone

    if re.match(r"=\s*COUNT", formula, re.I) and counts_pieces(request, schema) is not None:
        return True  # "how many hammers do we have" on a stock sheet: the quantity, not the rows
    if re.match(r"=\s*SUM", formula, re.I) and re.search(r"how many|number of|count", request.lower()) \
            and rows_with_a(request, schema) is not None:
        return True  # "how many of willow's walks got a tip": walks counted, not tips added up
    return (_ignores_a_named_column(request, formula, schema) or _yes_no_for_a_quantity(request, formula)
            or ignores_undone(request, formula, schema) or ignores_blank(request, formula, schema)
            or problems(request, formula, schema) is not None)


_QUANTITY_QUESTION = re.compile(r"(?<![a-z])(?:how (?:many|much)|number of|count)(?![a-z])|多少|几[个笔人次条名位种家]")


def _yes_no_for_a_quantity(request: str, formula: str) -> bool:
    """True when a "how many" / 多少 request gets a TRUE/FALSE: "how many expenses exceed 500"
    is a count of rows, not whether the count of rows exceeds 500."""
    if not _QUANTITY_QUESTION.search(request.lower()):
        return False
    depth, quoted = 0, False
    for ch in formula.lstrip("="):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch == "(":
            depth += 1
        elif not quoted and ch == ")":
            depth -= 1
        elif not quoted and depth == 0 and ch in "<>=":
            return True
    return False


def _ignores_a_named_column(request: str, formula: str, schema: SheetSchema) -> bool:
    """True when the request names a numeric column (header or synonym) the formula never reads.

    "how many drills are in stock" names the quantity; COUNTIF over the item
    names answers another question (issue 16 item 5).
    """
    from .checks import is_identifier, numbered_rows
    from .engine import bounded, references
    from .rowbase import mentions
    from .schema import col_index

    used: set[int] = set()
    for ref in references(bounded(formula, schema)):
        for a, b in re.findall(r"\$?([A-Z]{1,3})\$?\d*(?::\$?([A-Z]{1,3}))?", ref.split("!")[-1]):
            lo, hi = col_index(a), col_index(b or a)
            used.update(range(min(lo, hi), max(lo, hi) + 1))
    counting = re.match(r"=\s*COUNT", formula, re.I) is not None
    low = request.lower()
    # "订单数量" counts orders; "北京数量" names the quantity column
    rows_before = ("订单", "记录", "人", "员工", "学生", "客户", "笔", "单", "条", "次", "order", "row", "record")
    if counting and any(is_identifier(c) and col_index(c.letter) not in used
                        and re.match(r"(?:[a-z]+ ){1,2}(?<!with )(?<!have )(?<!has )(?:number|no)(?![a-z])", low[p:])
                        for p, c in mentions(request, schema)):
        return True  # "phone number of rosie wright": the number is the Phone column's, not a count
        # (never "invoices with no paid date", "tickets have no ...": that "no" is a negation)
    # "2025年接了多少单" reads 2025年单数: the year said is that column's, not the 2025 column
    said_in = [_c.header for _c in schema.columns if col_index(_c.letter) in used]
    named = mentions(request, schema)
    # "材料最高的是哪个客户" beside a column 高: the superlative of the 材料 named before it
    superlative = {p for p, c in named if len(c.header.strip()) == 1 and request[p - 1:p] in ("最", "更", "较")
                   and any(q < p and col_index(d.letter) in used for q, d in named)}
    # a column of 是 / yes marks named ("普通区会员有几个" beside 会员: 是 / 否) is a condition too; an
    # English header of marks is as often the request's verb ("which patient paid the biggest fee"
    # beside Paid: Yes / No), so only a Chinese one counts here
    from .rowbase import is_zh, mark_columns

    marking = {c.letter for c in mark_columns(schema) if is_zh(c.header)}
    # a header inside a value the formula tests names no column (销售二部销量: 销售 is no 销售额)
    tested = [m.span() for lit in set(re.findall(r'"([^"]{2,})"', formula)) if is_zh(lit)
              for m in re.finditer(re.escape(lit.lower()), low)]
    named = [(p, c) for p, c in named if not any(a <= p < b for a, b in tested)]
    return any((c.type == "number" or c.letter in marking) and col_index(c.letter) not in used and p not in superlative
               and not any(h.startswith(c.header + "年") for h in said_in)
               and not (counting and low.startswith(("数量", "个数", "number", "count"), p)
                        and (p == 0 or low[:p].rstrip().rstrip("的 of").endswith(rows_before)))
               and not (counting and any(low.startswith(w, p) and len(c.header.strip()) > 2 for w in ("人数", "单数", "笔数")))
               # "how many orders go out in December" beside an Order column numbering the rows: the rows
               and not (counting and numbered_rows(schema, c) is not None)
               for p, c in named)  # (a count's 人数 names no 家属人数)
