"""IF labels per row (issue 16 item 1): Pass/Fail, 达标/未达标, "Reorder" when qty < level, bands.

A request is read as a condition and two branches.  The branches are quoted
strings, a slash pair ("Pass/Fail"), a known pair ("及格" / "不及格"), an
unquoted Chinese label after a marker ("标记为高，否则为低"), a number, a
column, or blank.  The condition is one or more terms joined by and/or, each
a column (or a quantity two columns make, like profit) compared with a
number, another column, or a value of the sheet ("North", "已审批").
Vocabulary: ``lexicon/labels.json``.  Anything left unexplained refuses.
"""

from __future__ import annotations

import datetime as dt
import re

from .rowbase import (
    NOT_DONE,
    RowReading,
    date_formula,
    date_in,
    flag_columns,
    has,
    header_numbers,
    is_zh,
    lexicon,
    mentions,
    numbers,
    ref,
    table_values,
    value_mentions,
    values,
)
from .schema import Column, SheetSchema, col_index

_STOP = r"[，,。；;、！!？?\s]"
#: the else clause said as the condition negated: "，没超的空着", "，不满写未达标", "，不是就标进行中"
NEGATED_ELSE = re.compile(r"[，,；;]\s*(?:未|不|非|没有?)(?:[\u4e00-\u9fff\d.]{1,6}?的|"
                          r"[\u4e00-\u9fff\d.]{1,6}?(?=(?:就|则)?(?:写|标|算|填|记)))")
#: the else clause said as the bare opposite of a 没有 / 未 condition: "，有的写已复试", "，填了的就标已报"
#: (no other word: "，有发票的写已报" names another column, a second condition)
AFFIRMED_ELSE = re.compile(r"[，,；;]\s*(?:有值?|已填|填了)的(?:就|则)?(?:写|标|算|填|记|显示)?(?:为|成)?")

#: the else clause said as the other side of the bound: "12点以前的标上午，之后的标下午", "100以上的标大单，以下的标小单"
OPPOSITE_ELSE = re.compile(r"[，,；;]\s*(?P<w>之后|以后|之前|以前|以上|以下)的(?:就|则)?(?:写|标|算|填|记|显示)?(?:为|成)?")
#: the words of the condition's side that the other side answers
_OPPOSITE = {"之后": "之前|以前|前", "以后": "之前|以前|前", "之前": "之后|以后|后", "以前": "之后|以后|后",
             "以上": "以下|不到|低于|少于", "以下": "以上|超过|高于|多于"}


def _opposite_else(text: str) -> re.Match[str] | None:
    """The else clause said as the bound's other side, when the condition before it names this side."""
    m = OPPOSITE_ELSE.search(text)
    return m if m and re.search(_OPPOSITE[m.group("w")], text[:m.start()]) else None

#: a mark named before the rule that gives it: "大单标记：金额>=100", "催款标注: 欠款超过30天"
_LABEL_FIRST = re.compile(r"\s*([\u4e00-\u9fff]{1,6}?)(?:标记|标注|标识)\s*[:：]\s*([^，,；;。]+?)\s*[。.]?\s*")
#: else words that hold a label of a known pair: "否则" is no 否 of 是/否
_ELSE_MASK = re.compile(r"否则")
#: a noun for the rows between a condition's 的 and the mark that labels them ("…的交易在I列标", "…的流水标记")
ZH_ROW_NOUN = re.compile("的(?:" + "|".join(sorted(lexicon("labels")["row_nouns_zh"], key=len, reverse=True))
                       + r")(?=\s*(?:在[A-Za-z]{1,2}列)?\s*(?:标|写|算|填|记|显示|收|要|就|都|统一))")
#: a mark whose label follows in brackets: "标记一下（下班后）", "标一下(加急)" — not a condition in
#: brackets ("大单标一下（20斤及以上）"): the bracket holds a few Chinese characters and no comparison
_BRACKETED_LABEL = re.compile(r"(标记|标注|标|写|注明)一下\s*[（(]([\u4e00-\u9fff]{1,6})[)）]")
_BOUND_WORDS = re.compile(r"以上|以下|以内|以后|以前|之后|之前|超过|不到|低于|高于|大于|小于|不足|及|含")


#: a sum charged on the rows the condition picks, the rest charged another sum: "…要收10块送货费，其他0",
#: "…的收10元，不然0", "…写10，否则0" (the charge's name, 送货费 / 运费, may follow the sum)
FEE = re.compile(r"(?:要|就|则)?(?:收取|加收|收|写|填|记为|为|算|给)\s*(\d+(?:\.\d+)?)\s*(?:元|块钱|块)?"
                  r"(?:[\u4e00-\u9fff]{0,3}费)?\s*[，,；;]?\s*(?=否则|其他|其它|其余|不然|别的|剩下的|$)")


def _fee_branch(head: str, tail: str, schema: SheetSchema, lex: dict) -> tuple[float, float, list] | None:
    """(the sum, the rest's sum, the span said) of a fee rule, when the rest's branch is a number too."""
    m = FEE.search(head)
    if m is None or m.start() == 0:
        return None
    other = _branch(_else_words(tail, lex), schema, lex)
    if not isinstance(other, float):
        other = _branch(re.sub(r"(?:元|块钱|块)$", "", _else_words(tail, lex).strip(" ，,。")), schema, lex)
    if not isinstance(other, float):
        return None
    return float(m.group(1)), other, [m.span()]


#: a class defined by a blank number column: "会员卡号空着就是散客，帮我标出来", "卡号为空的就是散客"
_BLANK_IS = re.compile(r"^\s*(?:(?P<col>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:空着|为空|是空的|空白|没填|没有填)|"
                       r"(?:没有|没|无)(?P<col2>[\u4e00-\u9fffA-Za-z]{2,8}?))的?(?:就)?(?:是|算)"
                       r"(?P<label>[\u4e00-\u9fff]{1,6}?)\s*(?:[，,]\s*(?:帮我|请)?(?:标出来|标一下|标记一下|标记出来))?\s*[。.]?\s*$")
_ID_TAIL = re.compile(r"(?:卡|证)?(?:号|号码|编号|ID|id)$")


def _blank_class(request: str, schema: SheetSchema) -> str:
    """The blank rows of an ID column said to be one class ("会员卡号空着就是散客"): the other rows
    are the class the header names in front of its ID word (会员 of 会员卡号), written as the rest's
    label; a header with no class in front ("卡号") leaves the request as it was."""
    m = _BLANK_IS.match(request)
    if m is None:
        return request
    said = m.group("col") or m.group("col2")
    col = next((c for c in schema.columns if c.header.strip() == said), None)
    cls = _ID_TAIL.sub("", col.header.strip()) if col is not None and _ID_TAIL.search(col.header.strip()) else ""
    if not cls or cls == m.group("label") or not is_zh(cls):
        return request
    return f"{said}为空的写{m.group('label')}，否则写{cls}"


def blank_class_spans(text: str, template: str) -> list[tuple[int, int]]:
    """Where ``text`` says the blank rows are a class (read by :func:`_blank_class`), when the
    formula writes that class: the words of the definition, for the rows residue check."""
    m = _BLANK_IS.match(text)
    return [m.span()] if m and f'"{m.group("label")}"' in template and '=""' in template else []


def _quote_bracketed(m: re.Match[str]) -> str:
    return m.group(0) if _BOUND_WORDS.search(m.group(2)) else f"{m.group(1)}“{m.group(2)}”"


def _lit(v: object) -> str:
    if isinstance(v, str):
        return '"' + v.replace('"', '""') + '"'
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def _fraction_col(schema: SheetSchema, col: Column) -> bool:
    vals = [v for v in values(schema, col) if isinstance(v, (int, float))]
    return bool(vals) and all(0 <= v <= 1.5 for v in vals)


def _operand(term: str, schema: SheetSchema, before: int) -> tuple[str, Column | None, int] | None:
    """The left side of a comparison at ``before``: the nearest column (or derived quantity) before it."""
    from .rows import _derived, _scores

    cols = [(p, c) for p, c in mentions(term, schema) if p < before]
    if cols and cols[-1][1].type != "number":
        return None  # "入职超过5年": a date compared with a bare number is not a comparison we write
    derived = _derived(term[:before], schema)
    if derived is not None and all(c in derived[2] for _, c in cols):
        return f"{derived[0]}", None, 0
    if re.search(r"总分|total (?:score|marks)", term[:before]) and not cols:
        scores = _scores(schema, None)
        if scores is not None:
            return "+".join(ref(c) for c in scores), None, 0
    if re.search(r"平均分|平均成绩|average (?:score|mark)|average of (?:the |all )?(?:\w+ )?(?:subjects|scores|marks)",
                 term[:before]) and not cols:
        scores = _scores(schema, _count(term[:before]))
        if scores is not None:
            return f"AVERAGE({','.join(ref(c) for c in scores)})", None, 0
    if not cols:
        return None
    p, c = cols[-1]
    added = _added_operand(term, schema, cols, before) or _divided_operand(term, schema, cols, before)
    if added is not None:
        return added
    return ref(c), c, p


def _divided_operand(term: str, schema: SheetSchema, cols: list[tuple[int, Column]], before: int
                     ) -> tuple[str, Column | None, int] | None:
    """"Review if on time / orders is below 85%", "late ÷ total under 0.1": two number columns with a
    division sign (or "divided by") between them right before the comparison are compared as their
    quotient (``F2/E2<0.85``), not the last one alone; "数量乘单价小于100", "qty * price under 100":
    with a multiplication sign (or 乘 / times), as their product (``C2*D2<100``)."""
    return _joined_operand(term, schema, cols, before, r"/|÷|divided by", "/") \
        or _joined_operand(term, schema, cols, before, r"\*|×|times|乘以|乘上|乘", "*")


def _joined_operand(term: str, schema: SheetSchema, cols: list[tuple[int, Column]], before: int,
                    signs: str, op: str) -> tuple[str, Column | None, int] | None:
    """Two number columns joined by one of ``signs`` right before the comparison, as ``A{op}B``."""
    from .rows import _mention_end

    if len(cols) < 2:
        return None
    (p1, a), (p2, b) = cols[-2], cols[-1]
    gap = term[_mention_end(term, p1, a, schema):p2]
    tail = term[_mention_end(term, p2, b, schema):before]
    tail = re.sub(r"^\s*(?:(?:is|are|was|were)\s+)*", "", tail).strip(" £$€¥")
    compares = {w for w, _ in lexicon("labels")["compare"]}
    if a.type != "number" or b.type != "number" or a.letter == b.letter \
            or not re.fullmatch(rf"\s*(?:{signs})\s*(?:the\s+)?", gap) or tail and tail not in compares:
        return None
    return f"{ref(a)}{op}{ref(b)}", None, p1


def _added_operand(term: str, schema: SheetSchema, cols: list[tuple[int, Column]], before: int
                   ) -> tuple[str, Column | None, int] | None:
    """"Good if cash + card beat 1000", "cash plus card over 1000": number columns joined by
    + / plus right before the comparison are compared as their sum (``D2+E2>1000``), not the last
    one alone.  Only "+" / "plus" join them ("cash and card over 500" may mean each)."""
    from .rows import _mention_end

    chain = [cols[-1]]
    for p, c in reversed(cols[:-1]):
        gap = term[_mention_end(term, p, c, schema):chain[0][0]]
        if c.type != "number" or not re.fullmatch(r"\s*(?:\+|plus)\s*(?:the\s+)?", gap):
            break
        chain.insert(0, (p, c))
    last_p, last = chain[-1]
    tail = term[_mention_end(term, last_p, last, schema):before]
    tail = re.sub(r"^\s*(?:(?:is|are|was|were|together|combined|come to|comes to)\s+)*", "", tail).strip(" £$€¥")
    compares = {w for w, _ in lexicon("labels")["compare"]}
    if len(chain) < 2 or len({c.letter for _, c in chain}) != len(chain) or tail and tail not in compares:
        return None
    return "+".join(ref(c) for _, c in chain), None, chain[0][0]


def _every(term: str, lex: dict) -> str | None:
    """"all three subjects", "三科都", "any subject": AND / OR over the marks columns, or None."""
    for kind, words in (("AND", lex["every"]), ("OR", lex["any"])):
        if any(re.search(w, term) for w in words):
            return kind
    return None


_CLOCK = re.compile(r"(?<![\d.:])(?P<h>\d{1,2})\s*(?:[:：]\s*(?P<m>\d{2})(?!\d)|点\s*(?:(?P<half>半)|(?P<zm>\d{1,2})\s*分)?"
                    r"|(?=\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock)\b))(?:\s*(?:钟|o'?clock))?", re.I)


def _time_term(term: str, schema: SheetSchema, lex: dict) -> tuple[str, list[float]] | None:
    """A time of day compared: "下午3点前" -> ``D2<TIME(15,0,0)``, "after 6:30pm" -> ``D2>=TIME(18,30,0)``,
    on the sheet's one column of times (or the one named); date-times compare their time
    (``MOD(D2,1)``).  Vocabulary: ``lexicon/labels.json`` clock."""
    from .rowdates import _time_columns

    times = _time_columns(schema)
    if not times:
        return None
    cl = lex["clock"]
    found = []
    for m in _CLOCK.finditer(term):
        h, mins = int(m.group("h")), int(m.group("m") or m.group("zm") or (30 if m.group("half") else 0))
        before_t, after_t = term[:m.start()].rstrip(), term[m.end():].lstrip()
        ap = next((w for w in cl["pm"] + cl["am"] if before_t.endswith(w) or after_t.startswith(w)), None)
        if ap is not None:
            if after_t.startswith(ap):
                after_t = after_t[len(ap):].lstrip()
            else:
                before_t = before_t[:-len(ap)].rstrip()
            if ap in cl["pm"] and h < 12:
                h += 12
            elif ap in cl["am"] and h == 12:
                h = 0
        if h > 23 or mins > 59:
            return None
        if ap is None and re.search(r"(?<![a-z])(?:am|pm|a\.m\.|p\.m\.)(?![a-z])", after_t):
            return None  # "AM if before 12:00, PM": the PM is the other label, not this clock's
        found.append((m, h, mins, before_t, after_t))
    if len(found) == 2:
        return _time_range(term, found, times, schema, cl)
    if len(found) != 1:
        return None
    m, h, mins, before_t, after_t = found[0]
    op = None
    for words, o in ((cl["after"], ">="), (cl["before"], "<")):
        if any(after_t.startswith(w) for w in words):
            op = op or o
    for words, o in ((cl["after_strict_said"], ">"), (cl["after_said"], ">="), (cl["before_said"], "<")):
        w = next((w for w in sorted(words, key=len, reverse=True) if re.search(rf"(?<![a-z]){re.escape(w)}\s*(?:在|at)?$", before_t)), None)
        if w is not None:
            if before_t[:before_t.rfind(w)].rstrip().endswith(("不", "not", "no")):
                return None  # "不早于", "not before": said the other way round
            op = op or o
    if op is None:
        return None
    named = [c for _, c in mentions(term, schema)]
    cols = [c for c in named if c in times] or (times if len(times) == 1 else [])
    if len(cols) != 1 or any(c not in times and c.type != "text" for c in named):
        return None
    col = cols[0]
    cell = ref(col)
    if any(isinstance(v, dt.datetime) for v in values(schema, col)):
        cell = f"MOD({cell},1)"
    used = [v for v, _, p in numbers(term) if m.start() <= p < m.end()]
    return f"{cell}{op}TIME({h},{mins},0)", used


def _time_range(term: str, found: list, times: list, schema: SheetSchema, cl: dict) -> tuple[str, list[float]] | None:
    """Two clock times joined as a span ("7点到9点之间", "7:00-9:00", "between 07:00 and 09:00"):
    ``AND(B2>=TIME(7,0,0),B2<TIME(9,0,0))``, the end left out unless the request says it counts
    ("9点整也算", "9:00 included"); None for any other pair of times."""
    (m1, h1, n1, _b1, _a1), (m2, h2, n2, _b2, after) = found
    gap = term[m1.end():m2.start()].strip()
    if not re.fullmatch(cl["span_joins"], gap) or (h2, n2) <= (h1, n1):
        return None
    rest = term[:m1.start()] + " " + after
    if re.search(cl["span_end_in"], rest):
        op = "<="
    elif re.search(cl["span_end_out"], rest) or not re.search(cl["span_end_words"], rest):
        op = "<"
    else:
        return None
    named = [c for _, c in mentions(term, schema)]
    cols = [c for c in named if c in times] or (times if len(times) == 1 else [])
    if len(cols) != 1 or any(c not in times and c.type != "text" for c in named):
        return None
    cell = ref(cols[0])
    if any(isinstance(v, dt.datetime) for v in values(schema, cols[0])):
        cell = f"MOD({cell},1)"
    used = [v for v, _, p in numbers(term) if m1.start() <= p < m1.end() or m2.start() <= p < m2.end()]
    return f"AND({cell}>=TIME({h1},{n1},0),{cell}{op}TIME({h2},{n2},0))", used


def _term(term: str, schema: SheetSchema, lex: dict) -> tuple[str, list[float]] | None:
    """One comparison: ``C2>=60``, ``E2<F2``, ``C2="North"``, ``YEAR(D2)<2015``, ``AND(C2>=60,D2>=60)``."""
    clock = _time_term(term, schema, lex)
    if clock is not None:
        return clock
    change = _year_change(term, schema, lex)
    if change is not None:
        return change, []
    nums = header_numbers(term, schema)
    vals = value_mentions(term, schema)
    if not nums and not vals:
        said = _blank_term(term, schema, lex) or _concept_term(term, schema, lex) or _flag_term(term, schema)
        if said is not None:
            return said, []
    when = _date_term(term, schema, lex)
    if when is not None:
        return when
    between = _between(term, schema, lex)
    if between is not None:
        return between
    if not nums and vals and all(v[3].lower() in ("no", "yes") for v in vals) and len(vals) == 1:
        # "with no tip": 没/no before a column is its empty cells, not the No of a Yes/No column
        # ... unless the term names the Yes/No column itself ("unpaid visits" read as "paid is no")
        own = vals[0][2].header.lower() in term[:vals[0][0]]
        said = _blank_term(term[vals[0][0]:], schema, lex) \
            if mentions(term[vals[0][1]:], schema) and not own else None
        if said is not None:
            return said, []
    if not nums and vals:
        if len(vals) != 1:
            return None
        _, _, col, value = vals[0]
        neg = re.search(r"\bnot\b|isn't|不是|不为|非", term)
        return f"{ref(col)}{'<>' if neg else '='}{_lit(value)}", []
    if vals or len(nums) > 1:
        return None
    low = term
    if not nums:  # column against column: "qty is below the reorder level"
        ms = mentions(low, schema)
        than = _than(low, ms, lex) or _dates_compared(low, ms, schema, lex)
        if than is not None:
            return than, []
        for word, op in sorted(lex["compare"], key=lambda wo: -len(wo[0])):
            for m in re.finditer(re.escape(word), low):
                if op == "=" and word not in ("=", "equals", "equal to") or (word.isalpha() and word.isascii()
                                 and not re.match(rf"(?<![a-z]){word}(?![a-z])", low[m.start():])
                                 and (m.start() and low[m.start() - 1].isalpha())):
                    continue
                right = [c for p, c in ms if p >= m.end() and c.type == "number"]
                left = _operand(low, schema, m.start())
                if right and left is not None and left[1] is not right[0]:
                    return f"{left[0]}{op}{ref(right[0])}", []
        return None
    v, unit, pos = nums[0]
    end = pos + len(re.match(r"[\d.,]+\s*(?:%|percent|万)?", low[pos:]).group(0))
    op = None
    after = _unit_skipped(low[end:].lstrip(), lex, schema)  # "迟到3次及以上", "over 30 kg or more", "14剂及以上"
    counted = None  # "150 guests or more": the number is counted in a number column's own word
    gap = len(low[end:]) - len(low[end:].lstrip())
    for p, c in mentions(low, schema):
        if p == end + gap and c.type == "number":
            rest = re.match(r"[a-z\u4e00-\u9fff]+", low[p:])
            if rest is not None:
                # "10公斤及以上标大件": the unit ends where its comparison word starts
                said = rest.group(0)
                stop = min((said.find(w) for w, _ in lex["compare_after"] if said.find(w) > 0), default=len(said))
                counted, after = c, low[p + stop:].lstrip()
            break
    for word, o in sorted(lex["compare_after"], key=lambda wo: -len(wo[0])):
        if after.startswith(word):
            op = o
            break
    if op is None and re.match(r"(?:[a-z\"”']{1,8}\.?\s*)?(?:or|and)\s+(?:more|less|over|under|above|below|higher|lower|greater|fewer|up|upwards"
                               r"|later|earlier|longer|shorter|bigger|smaller|fewer)\b", after):
        return None  # "60 mins or more", "18in or more" whose unit was not read: no "= 60"
    if op is None:
        before = low[:pos].rstrip().rstrip("£$€¥￥").rstrip()  # "under £10"
        for word, o in sorted(lex["compare"], key=lambda wo: -len(wo[0])):
            if before.endswith(word) and (not word.isalpha() or not word.isascii()
                                          or not before[:-len(word)][-1:].isalpha()):
                op = o
                break
    if op is None and re.search(r"\bzero\b|为0|等于0", low):
        op = "="
    if op is None and is_zh(low) and not after.strip(" 的") and _named_before(low, pos, schema):
        op = "="  # "评分5分的标好评": the column, its value and 的, with no comparison word, is that value
    if op is None:
        return None
    quant = _every(low, lex)
    if quant:
        named = []
        for p, c in mentions(low, schema):
            if p < pos and c.type == "number" and c not in named:
                named.append(c)
        group = named if len(named) >= 2 else None if named else _scores(schema, _count(low), low)
        if group and not unit:  # "语文和数学都及格", "all three subjects are 60 or more"
            return f"{quant}({','.join(f'{ref(c)}{op}{_lit(v)}' for c in group)})", [v]
        if len(named) != 1:
            return None
    if counted is not None and op is not None and not any(c.type == "number" for p, c in mentions(low[:pos], schema)):
        left = ref(counted), counted, pos
    else:
        left = _operand(low, schema, pos) or _unit_operand(low[end:], schema) or _said_after(low, schema, pos) \
            or (_percent_operand(schema) if unit.strip() in ("%", "percent") else None)
    if left is None:
        return None
    x = v
    if unit.strip() in ("%", "percent") and left[1] is None and re.fullmatch(r"[A-Z]{1,3}\{r\}/[A-Z]{1,3}\{r\}", left[0]):
        x = v / 100  # "on time / orders below 85%": a quotient of two counts is a fraction
    elif unit and left[1] is not None and _fraction_col(schema, left[1]):
        x = v / 100
    elif unit and left[1] is not None and re.search(r"[（(]\s*%\s*[)）]|%$|percent|百分", left[1].header.lower()) \
            and unit.strip() in ("%", "percent"):
        x = v  # "水分超过15%" on 水分(%): the column holds 15.1, not 0.151
    elif unit:
        return None
    return f"{left[0]}{op}{_lit(x)}", [v]


def _named_before(term: str, pos: int, schema: SheetSchema) -> bool:
    """True when a number column's name ends right where the number at ``pos`` starts ("评分5分")."""
    from .rows import _mention_end

    return any(c.type == "number" and (_mention_end(term, p, c, schema) == pos or term[p:pos] in c.header.lower())
               for p, c in mentions(term[:pos], schema))


def _year_change(term: str, schema: SheetSchema, lex: dict) -> str | None:
    """"25年下降的", "2025年营业额增长了": the year's column against the year before's (2025 | 2024
    headers side by side), the change said by a word of ``lexicon/labels.json`` year_change.  Only
    the year, the sheet title's words (营业额 of 历年营业额) and the change may be said."""
    from .aggregates import _bare, _full_years, _title_words

    text = _full_years(term.strip(), schema)
    for op, said in lex["year_change"].items():
        pat = "(?:" + "|".join(map(re.escape, sorted(said, key=len, reverse=True))) + ")"
        m = re.fullmatch(r"((?:19|20)\d\d)年?(?:的)?([\u4e00-\u9fff]*?)" + pat + r"了?(?:的)?", text)
        if m is None:
            continue
        if m.group(2):  # 营业额 of a title 历年营业额: what the year columns hold
            titles = _title_words(schema)
            if len(m.group(2)) > 4 or not any(m.group(2) in w or w in m.group(2) for w in titles if len(w) >= 2):
                return None
        y = int(m.group(1))
        cols = {_bare(c.header): c for c in schema.columns if c.type == "number"}
        now, before = cols.get(str(y)), cols.get(str(y - 1))
        if now is None or before is None:
            return None
        return f"{ref(now)}{op}{ref(before)}"
    return _against_year(text, schema, lex)


def _against_year(text: str, schema: SheetSchema, lex: dict) -> str | None:
    """"跟2021年比下降的", "比2021年少了的", "和21年相比增长的": the latest year's column (the sheet's
    last year header) against the year named; the latest is the one meant when no other is said."""
    from .aggregates import _bare

    for op, said in lex["year_change"].items():
        pat = "(?:" + "|".join(map(re.escape, sorted(said, key=len, reverse=True))) + ")"
        m = re.fullmatch(r"(?:(?:跟|和|与|同|较)\s*((?:19|20)\d\d)年?(?:相)?比(?:起来|较)?|比\s*((?:19|20)\d\d)年?)"
                         r"[，,]?\s*(?:是)?" + pat + r"了?(?:的)?", text)
        if m is None:
            continue
        years = {int(_bare(c.header)): c for c in schema.columns
                 if c.type == "number" and re.fullmatch(r"(?:19|20)\d\d", _bare(c.header))}
        y = int(m.group(1) or m.group(2))
        if y not in years or max(years) == y or len(years) < 2:
            return None
        return f"{ref(years[max(years)])}{op}{ref(years[y])}"
    return None


def _than(term: str, ms: list, lex: dict) -> str | None:
    """"2025比2024少", "25年收的比24年少", "实际比预算高": one number column before 比, one after it, and a
    word of ``lexicon/labels.json`` than_after (少 -> <, 多 -> >) closing the term: ``I2<H2``."""
    m = next((m for pat, _ in lex["than_after"]
              if (m := re.fullmatch(r"(.*?)比(.*?)(" + pat + r")[了的得些一点]*", term.strip()))), None)
    if m is None:
        return None
    op = next(o for pat, o in lex["than_after"] if re.fullmatch(pat, m.group(3)))
    left = [c for p, c in ms if p < m.end(1) and c.type == "number"]
    right = [c for p, c in ms if m.start(2) <= p < m.end(2) and c.type == "number"]
    if len({c.letter for c in left}) != 1 or len({c.letter for c in right}) != 1 or left[0] is right[0] \
            or len(ms) != 2:
        return None
    return f"{ref(left[0])}{op}{ref(right[0])}"


def _dates_compared(term: str, ms: list, schema: SheetSchema, lex: dict) -> str | None:
    """"returned after the due date", "shipped before the promised date": a date column, a word of
    ``lexicon/labels.json`` date_compare, another date column: ``G2>F2``."""
    from .rows import _mention_end

    if len(ms) != 2 or any(c.type != "date" for _, c in ms) or ms[0][1] is ms[1][1]:
        return None
    (p, a), (q, b) = ms
    gap = term[_mention_end(term, p, a, schema):q]
    for word, op in sorted(lex["date_compare"], key=lambda wo: -len(wo[0])):
        if op != "=" and re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", gap):
            return f"{ref(a)}{op}{ref(b)}"
    return None


def _blank_term(term: str, schema: SheetSchema, lex: dict) -> str | None:
    """A column tested for being empty: "没填缴费日期" -> ``G2=""``, "return date is blank" -> ``F2=""``."""
    # "there's a date in Cancelled", "any minutes": a filled cell said by what it holds
    term = re.sub(r"(?<![a-z])(?:there(?:'s|’s| is)\s+)?(?:a|an|any)\s+(?:date|value|entry|number|figure)\s+"
                  r"(?:in|under)\s+(?:the\s+)?(?=[a-z])", "there's a ", term)
    ms = _date_named(mentions(term, schema), term) or _stem_mentions(term, schema) or _word_named(term, schema)
    if len(ms) != 1:
        return None
    p, col = ms[0]
    from .rows import _mention_end

    before, after = term[:p].rstrip(), term[_mention_end(term, p, col, schema):]
    if col.type == "date" and "date" not in col.header.lower():
        after = re.sub(r"^\s*date\b", "", after)  # "the returned date is blank" on a date column headed Returned
    after = re.sub(r"^\s*(?:cell|column|col|field|box|entry)\b", "", after)  # "the minutes cell is empty"

    def ends(text: str, w: str) -> bool:
        return text.endswith(w) and not (w.isascii() and text[:-len(w)][-1:].isalpha())

    def starts(text: str, w: str) -> bool:
        return text.startswith(w) and not (w.isascii() and text[len(w):len(w) + 1].isalpha())

    # the longest word that says it wins: "不为空" over "为空", "没有" over "有"
    best = max(((len(w.strip()), test) for kind, test in (("filled", "<>"), ("blank", "="))
                for w in lex[f"{kind}_before"] if ends(before, w.strip())), default=None)
    after_best = max(((len(w.strip()), test) for kind, test in (("filled", "<>"), ("blank", "="))
                      for w in lex[f"{kind}_after"] if starts(after.lstrip(), w.strip())), default=None)
    if best and after_best and best[1] != after_best[1]:
        return None  # "没有 ... 不为空": said both ways
    found = best or after_best
    if not found:
        return None
    if ends(before, "any") and col.type != "date" and any(v == 0 for v in values(schema, col)):
        return None  # "Yes if any overtime" on hours with zeros: more than nothing, not a filled cell
    yes_no = _yes_no_pair(schema, col)
    if yes_no is not None:  # "没签到的" on a 是否签到 column of 是 / 否: its 否 rows, no blank cell
        return f'{ref(col)}="{yes_no[1] if found[1] == "=" else yes_no[0]}"'
    if col.type == "number" and is_zh(term) and _counts_with_zero(schema, col):
        return f"{ref(col)}{'=' if found[1] == '=' else '>'}0"  # "没有挂科" on 挂科门数 of 0, 1, 2: none is 0
    return f'{ref(col)}{found[1]}""'


def _counts_with_zero(schema: SheetSchema, col: Column) -> bool:
    """Whether a number column writes "none" as 0 (every row filled, some rows 0, all whole numbers):
    a count like 挂科门数, where "没有挂科" is 0 and not an empty cell."""
    cells = table_values(schema, col)
    return bool(cells) and all(isinstance(v, (int, float)) and float(v).is_integer() and v >= 0 for v in cells) \
        and any(v == 0 for v in cells)


def _date_named(ms: list[tuple[int, Column]], term: str) -> list[tuple[int, Column]]:
    """``ms`` without a column headed "Date" named only as the word after a date column's own
    header ("no paid date" on a date column headed Paid beside the sheet's Date column)."""
    if len(ms) != 2:
        return ms
    (p, col), (q, nxt) = ms
    if col.type == "date" and "date" not in col.header.lower() \
            and re.match(r"date(?![a-z])", term[q:].lower()) \
            and re.fullmatch(r"\s*", term[p + len(col.header):q]) and term[p:p + len(col.header)].lower() == col.header.lower():
        return [ms[0]]
    return ms


def _stem_mentions(term: str, schema: SheetSchema) -> list[tuple[int, Column]]:
    """A date or text column named by another form of its header's verb, when nothing names a
    column outright: "no settlement date" on Settled, "a collection date" on Collected (the
    words share all of the header but its ending, five letters at least); one column or none."""
    found: dict[str, tuple[int, Column]] = {}
    for m in re.finditer(r"[a-z]{5,}", term):
        for c in schema.columns:
            if c.type not in ("date", "text"):
                continue
            for h in re.findall(r"[a-z]{5,}", c.header.lower()):
                stem = re.sub(r"(?:ed|d|ing|s)$", "", h)
                if len(stem) >= 5 and m.group(0).startswith(stem) and m.group(0) != h:
                    found.setdefault(c.letter, (m.start(), c))
    return list(found.values()) if len(found) == 1 else []


def _word_named(term: str, schema: SheetSchema) -> list[tuple[int, Column]]:
    """A column named by the first word of its header alone, when nothing names a column
    outright: "no minutes" on Minutes watched (five letters at least, one header only)."""
    found: dict[str, tuple[int, Column]] = {}
    for m in re.finditer(r"[a-z]{5,}", term):
        for c in schema.columns:
            first = re.match(r"[a-z]+", c.header.lower())
            if first and first.group(0) == m.group(0) and first.group(0) != c.header.lower().strip():
                found.setdefault(c.letter, (m.start(), c))
    heads = [c for c in schema.columns if any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", c.header.lower())
                                                  for w in re.findall(r"[a-z]{5,}", term))]
    return list(found.values()) if len(found) == 1 and len(heads) == 1 else []


#: endings that turn a header's stem into the word a request says ("Cert" -> "certified")
_STEM_ENDS = ("", "s", "ed", "d", "ified", "ificate", "ification", "ing")


def _flag_term(term: str, schema: SheetSchema) -> str | None:
    """A column of Yes / No answers named as the condition: "10 if returned late" -> ``H2="Yes"``,
    "if it wasn't returned late" -> ``H2="No"``.  The column is the one Yes / No column the term
    names (other columns it names are text, the row's noun: "the boat was returned late"), or,
    when it names none, the one whose header holds a word of the term ("10 if late" on Returned
    Late) that no other header holds.  A column with empty cells is read only for its Yes rows
    (an empty cell is not a No)."""
    if is_zh(term):
        return _zh_flag_term(term, schema)  # (未签到, 没签到: read by _blank_term with the column's own 是 / 否)
    from .rows import _mention_end

    ms = mentions(term, schema)
    flags = {c.letter: c for _, c in ms if _answers(schema, c) is not None}
    if ms and (len(flags) > 1 or any(c.type != "text" for _, c in ms)):
        return None
    rest = term
    for p, c in sorted(ms, key=lambda pc: -pc[0]):
        rest = rest[:p] + " " + rest[_mention_end(rest, p, c, schema):]
    if flags:
        col = next(iter(flags.values()))
    else:  # the Yes/No column by a word of its header; a text column named is the row's noun
        words = set(re.findall(r"[a-z]{4,}", rest))

        def said(head_word: str) -> bool:  # "certified" names Belay Cert: a header word is its stem
            return any(w == head_word or w.startswith(head_word) and w[len(head_word):] in _STEM_ENDS for w in words)

        found = [c for c in schema.columns if any(said(h) for h in re.findall(r"[a-z]{4,}", c.header.lower()))]
        if len(found) != 1 or _answers(schema, found[0]) is None:
            return None
        col = found[0]
        ends = "|".join(e for e in _STEM_ENDS if e)
        rest = re.sub(r"|".join(rf"\b{w}(?:{ends})?\b" for w in re.findall(r"[a-z]{4,}", col.header.lower())), " ", rest)
    # every other word is a filler, the row's noun or a negation ("unpaid" on Deposit Paid):
    # anything else ("outstanding", "overdue") may say the other answer, so no answer
    own = set(re.findall(r"[a-z]{3,}", col.header.lower()))
    nouns = {w for w in re.findall(r"[a-z]{4,}", schema.sheet.lower())} | {"one", "ones", "row", "rows", "those"}
    neg = False
    for w in re.findall(r"[a-z]+(?:['’][a-z]+)?", rest):
        if w in ("not", "never", "no") or re.search(r"n['’]t$", w) or w.startswith("un") and w[2:] in own:
            neg = True
        elif not (w == "s" or w in lexicon("labels")["flag_fillers"] or w in nouns or w.rstrip("s") in nouns):
            return None
    yes, no, gaps = _answers(schema, col)
    if neg:
        return None if gaps else f"{ref(col)}={_lit(no)}"
    return f"{ref(col)}={_lit(yes)}"


#: a 是/否 column named whole as the condition, with the words that may go around it:
#: "赊账的", "是会员的", "会员那列为是的", "不是会员的", "非会员"
_ZH_FLAG = re.compile(r"\s*(?P<neg>不是|非)?(?:是|有)?(?P<name>[\u4e00-\u9fff]{1,6}?)"
                      r"(?:那列|这列|一栏|一列|列)?(?:(?P<said>为|是|=)\s*(?P<v>是|否|Y|N|Yes|No))?\s*")


def _zh_flag_term(term: str, schema: SheetSchema) -> str | None:
    """A Chinese condition that is a yes/no column's whole header ("赊账的标待收" on 赊账 of 是 / 否):
    its yes rows; "不是会员的" / "非会员" its no rows.  A column of 是 and empty cells is read as
    ``="是"`` or ``<>"是"``.  Any other word, or a header that is no yes/no column's: no answer."""
    m = _ZH_FLAG.fullmatch(term)
    if m is None:
        return None
    cols = [c for c in schema.columns if c.header.strip() == m.group("name")]
    if len(cols) != 1 or cols[0].type != "text":
        return None
    col = cols[0]
    kinds = {str(v).strip() for v in values(schema, col) if v not in (None, "") and str(v).strip()}
    pair = _answers(schema, col)
    if pair is None and kinds != {"是"}:
        return None
    yes = pair[0] if pair else "是"
    neg = bool(m.group("neg")) != (m.group("v") is not None and m.group("v") != yes)
    if m.group("v") is not None and pair is None and m.group("v") != "是":
        return None
    if pair is None or pair[2]:  # empty cells: only the yes rows are known
        return f'{ref(col)}{"<>" if neg else "="}{_lit(yes)}'
    return f"{ref(col)}={_lit(pair[1] if neg else yes)}"

def _answers(schema: SheetSchema, col: Column) -> tuple[str, str, bool] | None:
    """(yes, no, has empty cells) as a text column of two answers writes them (Yes / No), or None."""
    if col.type != "text":
        return None
    cells = values(schema, col)
    kinds = {str(v).strip() for v in cells if v is not None and str(v).strip()}
    answers = lexicon("answers")
    yes = [v for v in kinds if v.lower() in answers["yes_values"]]
    no = [v for v in kinds if v.lower() in answers["yes_no_values"] and v.lower() not in answers["yes_values"]]
    if len(kinds) != 2 or len(yes) != 1 or len(no) != 1:
        return None
    first = min(c.first_row for c in schema.columns)
    last = max(c.last_row for c in schema.columns)
    rows = {r for (r, _c), v in schema.cells.items() if first <= r <= last and v not in (None, "")}
    ci = col_index(col.letter)
    return yes[0], no[0], any(str(schema.cells.get((r, ci)) or "").strip() == "" for r in rows)


def _yes_no_pair(schema: SheetSchema, col: Column) -> tuple[str, str] | None:
    """(yes, no) as a column of two values writes them (是 / 否, Yes / No) when no data row of it is
    empty: "not signed in" is then its no-value, never an empty cell no row has."""
    from .rowbase import lexicon, values

    cells = values(schema, col)
    if col.type != "text" or any(v is None or str(v).strip() == "" for v in cells):
        return None
    kinds = {str(v).strip() for v in cells}
    answers = lexicon("answers")
    yes = [v for v in kinds if v.lower() in answers["yes_values"]]
    no = [v for v in kinds if v.lower() in answers["yes_no_values"] and v.lower() not in answers["yes_values"]]
    return (yes[0], no[0]) if len(kinds) == 2 and len(yes) == 1 and len(no) == 1 else None


def _concept_term(term: str, schema: SheetSchema, lex: dict) -> str | None:
    """A condition two columns make ("超支" -> actual > budget), when no column is named besides them."""
    from .rowbase import group_of

    for concept in lex["concepts"]:
        if not has(term, concept["words"]):
            continue
        if re.search(r"\b(?:not|never|no)\b|n['’]t\b|没|未|不", term):
            return None  # "haven't had all their lessons", "没超支": the other side, not read here
        g1, op, g2 = concept["test"]
        a, b = group_of(schema, g1), group_of(schema, g2)
        if a is None or b is None or a is b or a.type != "number" or b.type != "number":
            return None
        if any(c is not a and c is not b and c.type != "text" for _, c in mentions(term, schema)):
            return None  # a text column named is the row's noun ("pupils who've used up ...")
        return f"{ref(a)}{op}{ref(b)}"
    return None


def _said_after(term: str, schema: SheetSchema, pos: int) -> tuple[str, Column | None, int] | None:
    """The one number column a term names after its threshold: "fewer than 12 days in December"."""
    if any(p < pos and c.type != "text" for p, c in mentions(term, schema)):
        return None
    cols = {c.letter: c for p, c in mentions(term, schema) if p > pos}
    if len(cols) != 1:
        return None
    c = next(iter(cols.values()))
    return (ref(c), c, pos) if c.type == "number" else None


def _unit_operand(after: str, schema: SheetSchema) -> tuple[str, Column | None, int] | None:
    """The column a threshold's unit names when no column is said: "over 30 kg" -> "Weight (kg)",
    "at least 8 hrs" -> "Hours" (a header that is the unit itself)."""
    units = lexicon("rows")["unit_words"]
    found = []
    for col in schema.columns:
        m = re.search(r"[（(]\s*([^）)]+?)\s*[）)]\s*$", col.header.lower())
        unit = m.group(1) if m is not None else col.header.lower().strip()
        if col.type == "number" and unit in units \
                and any(re.match(rf"\s*{re.escape(w)}s?(?![a-z])", after) for w in units[unit]):
            found.append(col)
    if not found:  # "10 or more years" on Years Held: the one number header with the unit as a word
        said = re.match(r"\s*(?:\+\s*|(?:or|and)\s+[a-z]+\s+)?([a-z]+)", after)  # "10+ yrs", "10 or more years"
        word = said.group(1) if said else ""
        if word in units or any(word in (w, w + "s") for ws in units.values() for w in ws):
            stem = word.rstrip("s")
            found = [c for c in schema.columns if c.type == "number" and c.header.isascii()
                     and any(w.rstrip("s") == stem for w in re.findall(r"[a-z]+", c.header.lower()))]
    if not found and re.match(r"\s*(?:元|块钱?|万元)", after):  # "200块以上的标大单": the sheet's one money column
        found = _money_column(schema)
    return (ref(found[0]), found[0], 0) if len(found) == 1 else None


def _money_column(schema: SheetSchema) -> list[Column]:
    """The sheet's money column, when it has one and only one: a row's total (金额) and no price,
    fee or cost column beside it (with two, a sum of money said alone names neither)."""
    from .dimensions import is_row_total, unit_of

    money = [c for c in schema.columns if c.type == "number" and (
        is_row_total(c) or unit_of(c) is not None
        or re.search(r"价|费|钱|元|租金|成本|工资|收入|支出|预算|定金|押金|[£$€¥]|price|cost|fee|pay|amount|total|budget",
                     c.header.lower()))]
    return money if len(money) == 1 and is_row_total(money[0]) else []


def _percent_operand(schema: SheetSchema) -> tuple[str, Column | None, int] | None:
    """The one number column whose header says it holds percents ("ABV %", "Margin (%)"), for a
    threshold said in percent with no column named: "beers at 5% or more"."""
    found = [c for c in schema.columns if c.type == "number"
             and re.search(r"[（(]\s*%\s*[)）]|%\s*$|\bpercent\b|百分", c.header.lower())]
    return (ref(found[0]), found[0], 0) if len(found) == 1 else None


def _unit_skipped(after: str, lex: dict, schema: SheetSchema) -> str:
    """``after`` without the unit a number is counted in (次, 天, 小时, kg, days), when it starts with one;
    a count column's own measure word is one too: 剂 of 剂数, 桌 of 桌数 ("剂数14剂及以上")."""
    counted = [c.header.strip()[:-1] for c in schema.columns if c.type == "number"
               and re.fullmatch(r"[\u4e00-\u9fff]{1,2}数", c.header.strip())]
    for unit in sorted(lex["units"] + counted, key=len, reverse=True):
        # ("kg及以上": a Latin unit may run into a Chinese bound said inclusive; a bare 以上 after
        # it, "10kg以上算重货", stays unread: whether 10 itself is one is not said)
        nxt = after[len(unit):len(unit) + 1]
        glued = unit.isascii() and nxt.isalpha() and not (not nxt.isascii() and re.match(r"[及或]", nxt))
        if after.startswith(unit) and not glued:
            return after[len(unit):].lstrip()
    if any(after.startswith(w) for w, _ in lex["compare_after"]):
        return after  # "60分及格": 分及格 is the comparison's own word
    measure = re.match(lex["measure_after_number"], after)  # "不少于60场", "600度及以上"
    if measure is None or counted:
        return after  # a sheet whose count column has its own measure word (场数): only that one (3台 is not 3场)
    return after[measure.end():].lstrip()


def _date_term(term: str, schema: SheetSchema, lex: dict) -> tuple[str, list[float]] | None:
    """A date column against a year or a date: "hired before 2015" -> ``YEAR(D2)<2015``."""
    dates = [(p, c) for p, c in mentions(term, schema) if c.type == "date"]
    own = [c for c in schema.columns if c.type == "date"]
    if not dates and len(own) == 1 and date_in(term) is not None:
        dates = [(0, own[0])]  # "Late if on or after 16 Jan 2027": the sheet's one date column
    if len(dates) != 1 or any(c.type == "number" for _, c in mentions(term, schema)):
        return None
    col = dates[0][1]
    day = date_in(term)
    nums = numbers(term)
    today = re.search(r"\btoday\b|今天|今日", term) if day is None and not nums else None
    if day is not None and not nums:
        at, rhs, used = day[1], date_formula(day[0]), []
        lhs = ref(col)
    elif today is not None:  # "promised date is on or before today": the day the sheet is opened
        at, rhs, used, lhs = today.start(), "TODAY()", [], ref(col)
    elif day is None and len(nums) == 1 and not nums[0][1] and nums[0][0] < 100 \
            and re.match(r"[\d.]+\s*(?:个)?(?:年|years?\b)", term[nums[0][2]:]):
        # "入职满5年", "hired more than 5 years ago": whole years from the date to today
        n, at = nums[0][0], nums[0][2]
        end = at + len(re.match(r"[\d.]+\s*(?:个)?(?:年|years?\b)(?:\s*ago)?", term[at:]).group(0))
        before, after = term[:at].rstrip(), term[end:].lstrip()
        lhs = f'DATEDIF({ref(col)},TODAY(),"Y")'
        for word, op in sorted(lex["compare_after"], key=lambda wo: -len(wo[0])):
            if after.startswith(word):
                return f"{lhs}{op}{_lit(n)}", [n]
        for word, op in sorted(lex["compare"], key=lambda wo: -len(wo[0])):
            if op != "=" and before.endswith(word) and (not word.isascii() or not before[:-len(word)][-1:].isalpha()):
                return f"{lhs}{op}{_lit(n)}", [n]
        return None
    elif day is None and len(nums) == 1 and not nums[0][1] and 1900 <= nums[0][0] <= 2100 \
            and nums[0][0].is_integer():
        at, rhs, used = nums[0][2], _lit(nums[0][0]), [nums[0][0]]
        lhs = f"YEAR({ref(col)})"
    else:
        return None
    before, after = term[:at].rstrip(), term[today.end():] if rhs == "TODAY()" and today is not None else term[at:]
    if day is not None:  # "on or before today (7 Dec 2026)": the date said is today's, the word before it compares
        before = re.sub(r"\s*\btoday\s*(?:[(（,]|is)?\s*$", "", before)
    # "在2026-6-30之前": the word after the date says the comparison; 在 / 于 only place it
    for word, op in sorted(lex["date_compare_after"], key=lambda wo: -len(wo[0])):
        if re.match(r"[\d\-/年月日]*\s*" + re.escape(word), after):
            return f"{lhs}{op}{rhs}", used
    for word, op in sorted(lex["date_compare"], key=lambda wo: -len(wo[0])):
        if before.endswith(word) and (not word.isascii() or not before[:-len(word)][-1:].isalpha()):
            return f"{lhs}{op}{rhs}", used
    return None


def _between(term: str, schema: SheetSchema, lex: dict) -> tuple[str, list[float]] | None:
    """"between 50 and 100", "在50到100之间": both ends included."""
    n = r"(\d+(?:,\d{3})*(?:\.\d+)?)\s*(万)?"
    m = re.search(rf"\bbetween\s+{n}\s+and\s+{n}|{n}\s*(?:到|至|-|~|～)\s*{n}\s*(?:之间|以内)", term)
    if m is None:
        return None
    g = [x for x in m.groups()]
    raw = [(g[0], g[1]), (g[2], g[3])] if g[0] is not None else [(g[4], g[5]), (g[6], g[7])]
    wan = 1 if schema.counts_in_wan else 10000  # on a sheet in 万元, "50万" is 50 (as header_numbers)
    lo, hi = (float(a.replace(",", "")) * (wan if w else 1) for a, w in raw)
    if lo >= hi:
        return None
    left = _operand(term, schema, m.start())
    if left is None or left[1] is None and not left[0]:
        return None
    return f"AND({left[0]}>={_lit(lo)},{left[0]}<={_lit(hi)})", [lo, hi]


def _condition(seg: str, schema: SheetSchema, lex: dict) -> tuple[str, list[float]] | None:
    joiner = "AND"
    parts = [seg]
    for kind in ("and", "or"):
        for word in lex[kind]:
            # "60000 or more", "60或以上" are one comparison, not two terms
            masked = re.sub(r"between\s+[\d.,]+\s*万?\s+and", lambda m: "#" * len(m.group(0)), seg)
            for after, _ in lex["compare_after"]:
                masked = masked.replace(after, "#" * len(after))
            for said, _ in lex["date_compare"]:  # "on or after 16 jan": one comparison
                if " or " in said:
                    masked = masked.replace(said, "#" * len(said))
            if word in masked:
                cuts = [m.start() for m in re.finditer(re.escape(word), masked)]
                bounds = [0, *cuts, len(seg)]
                parts = [seg[a + (len(word) if i else 0):b] for i, (a, b) in
                         enumerate(zip(bounds, bounds[1:], strict=False))]
                parts = [p for p in parts if p.strip()]
                joiner = kind.upper()
                break
        if len(parts) > 1:
            break
    terms, used = [], []
    parts = _shared_comparison(parts, schema)
    for p in parts:
        pair = _flag_then_comparison(p, schema, lex)
        if pair is not None:  # "送货的单子金额不到100": the 送货 rows, and their 金额 under 100
            terms += [pair[0][0], pair[1][0]]
            used += pair[0][1] + pair[1][1]
            continue
        t = _term(p, schema, lex)
        if t is None and joiner == "AND" and len(parts) > 1:  # "Critical or High and no closed date"
            inner = _condition(p, schema, lex)
            t = inner if inner is not None and inner[0].startswith("OR(") else None
        if t is None:
            pair = _value_then_comparison(p, schema, lex)
            if pair is None:
                return None
            terms += [pair[0][0], pair[1][0]]
            used += pair[0][1] + pair[1][1]
            continue
        terms.append(t[0])
        used += t[1]
    if not terms:
        return None
    return (terms[0] if len(terms) == 1 else f"{joiner}({','.join(terms)})"), used


def _flag_then_comparison(part: str, schema: SheetSchema, lex: dict):
    """"送货的单子金额不到100", "外卖的订单金额超过50": a yes/no column (or a value) said first, then,
    after its 的 and perhaps a noun for the rows, a comparison of another column — two terms said
    without 并且; None unless the part is Chinese and both sides read on their own."""
    m = re.match(r"\s*([\u4e00-\u9fff]{1,8})\s+(?:" + "|".join(lexicon("labels")["row_nouns_zh"]) + r")?(\S.*)$", part)
    if m is None or not numbers(m.group(2)):
        return None
    first, second = _term(m.group(1), schema, lex), _term(m.group(2), schema, lex)
    if first is None or second is None or not re.fullmatch(r'[A-Z]{1,3}\{r\}="[^"]+"', first[0]) \
            or re.match(r"[A-Z]{1,3}", first[0]).group() in second[0]:
        return None
    return first, second


def _value_then_comparison(part: str, schema: SheetSchema, lex: dict):
    """"a dog heavier than 30 kg", "北京的金额超过5000": a value of a text column, then a
    comparison of a number — two terms said without "and"; None unless both read."""
    vals = value_mentions(part, schema)
    if len(vals) != 1 or not numbers(part[vals[0][1]:]) or numbers(part[:vals[0][1]]):
        return None
    a, b = part[:vals[0][1]], part[vals[0][1]:]
    first, second = _term(a, schema, lex), _term(b, schema, lex)
    if first is None or second is None or "=" not in first[0] or any(o in first[0] for o in "<>"):
        return None
    return first, second


def _shared_comparison(parts: list[str], schema: SheetSchema) -> list[str]:
    """Columns listed before one comparison: "both Maths and English are 60 or more",
    "语文或数学低于80" -> each column with the comparison the last one says.  A part that is
    no more than one column (after "both", "either", 都) takes the last part's words after its column."""
    from .rows import _mention_end

    if len(parts) < 2:
        return parts
    last = parts[-1]
    ms = mentions(last, schema)
    if len(ms) != 1 or not numbers(last):
        return parts
    p, col = ms[0]
    comparison = last[_mention_end(last, p, col, schema):]
    if not comparison.strip() or numbers(last[:p]):
        return parts
    out = []
    for part in parts[:-1]:
        bare = re.sub(r"\b(?:both|either|whether)\b|都|均", " ", part).strip(" ,，")
        pm = mentions(bare, schema)
        if len(pm) != 1 or numbers(bare) or pm[0][1].type != col.type or pm[0][1] is col:
            return parts
        rest = bare[:pm[0][0]] + bare[_mention_end(bare, pm[0][0], pm[0][1], schema):]
        if rest.strip(" 的"):
            return parts  # more than the column: a comparison of its own
        out.append(bare + comparison)
    return [*out, last]


def _branch(raw: str, schema: SheetSchema, lex: dict) -> object | None:
    """An unquoted branch: a number, a column, blank, or a short label."""
    s = raw.strip(" ，,。；;：:的").removeprefix("→").removeprefix("->").strip()  # "否则→复核"
    for _ in range(2):  # "就标进行中": the conjunction, then the verb
        s = re.sub(r"^(?:the |显示为|标记为|显示|标记|填写|填|为|是|则|就|记为|写成|写|标成|标为|标|算作|算成|算|给个)",
                   "", s).strip()
    if s in lex["not_labels_zh"]:
        return None  # "算加班，标出来": 出来 is the verb's, not a label
    if not s or has(s, lex["blank"]) or s in lex["blank_whole"]:
        return ""  # ("其他空": a branch that is only 空 is blank, not the label "空")
    if re.fullmatch(r"\d+(?:\.\d+)?", s):
        return float(s)
    ms = mentions(s, schema)
    from .rows import _mention_end

    # (a Chinese branch that says more than the column's name is a label: "已完成" on 完成进度)
    if len(ms) == 1 and ms[0][0] <= 4 and not (
            is_zh(s) and (ms[0][0] > 0 or _mention_end(s, ms[0][0], ms[0][1], schema) < len(s))):
        head = ms[0][1].header.strip()
        if is_zh(s) and head.startswith(s) and re.fullmatch(r"(?:卡|证|会员)?(?:号|号码|编号|码|ID|id)", head[len(s):]):
            return s  # "有卡号的写会员" on 会员卡号: a class of the rows, never the number the column holds
        if is_zh(s) and s != ms[0][1].header and s in ms[0][1].header and s not in _names(ms[0][1], schema):
            return None  # "否则标外卖" on 外卖平台: the label 外卖, or the platform shown? not said
        if s.lower() == ms[0][1].header.strip().lower() and _answers(schema, ms[0][1]):
            return s  # "已结的标已结" on a 已结 column of 是/否: the label, never the cell's 是
        return ("col", ms[0][1])
    if is_zh(s) and re.fullmatch(r"[\u4e00-\u9fffA-Za-z0-9]{1,6}", s) and not re.search(r"哪|谁|什么|多少|几|吗", s):
        return s  # (a question, "是哪位同事", is no label)
    return None


def _value(b: object) -> str:
    if isinstance(b, tuple):
        return b[1] if b[0] == "expr" else ref(b[1])
    return _lit(b)


def _bands(request: str, text: str, schema: SheetSchema) -> RowReading | None:
    """"A 90+, B 80+, ... F below" / "90以上优，75以上良，60以上中，否则差": nested IFs."""
    en = re.findall(r"\b([a-z][\w-]{0,9})\s*(?::|=)?\s*(\d+(?:\.\d+)?)\s*\+", request, re.I)
    zh = re.findall(r"(\d+(?:\.\d+)?)\s*分?(?:及以上|以上|或以上)(?:为|是|得|：|:)?\s*"
                    r"([\u4e00-\u9fffA-Za-z]{1,4}?)(?=[，,、；;]|$)", request)
    pairs = [(lab, float(n)) for lab, n in en] or [(lab, float(n)) for n, lab in zh]
    if len(pairs) < 2:
        return None
    last = re.search(r"(?:否则|其余|其他)(?:为|是)?\s*([\u4e00-\u9fffA-Za-z]{1,4})\s*$", request) \
        or re.search(r"\b([a-z]\w{0,9})\s+(?:below|otherwise|else|under)\s*$", request, re.I) \
        or re.search(r"(?:otherwise|else)\s+\"?([a-z]\w{0,9})\"?\s*$", request, re.I)
    if last is None:
        return None
    thresholds = [n for _, n in pairs]
    if thresholds != sorted(thresholds, reverse=True):
        return None
    first = min(request.find(lab) for lab, _ in pairs) if en else request.find(zh[0][0])
    cols = [c for p, c in mentions(text[:max(first, 0)] or text, schema) if c.type == "number"]
    if len({c.letter for c in cols}) != 1:
        return None
    c = cols[0]
    body = _lit(last.group(1))
    for lab, n in reversed(pairs):
        body = f"IF({ref(c)}>={_lit(n)},{_lit(lab)},{body})"
    return RowReading("=" + body, f"{c.header} bands " + ", ".join(f"{lab} ≥ {n:g}" for lab, n in pairs),
                      thresholds)


def _clauses(request: str, schema: SheetSchema, lex: dict, single: bool = False) -> RowReading | None:
    """Labels said one clause each: "Short if under 30 minutes, Long if over 60, otherwise Standard",
    "under 30 mins Short, 30-60 Standard, over 60 Long": nested IFs in the order said.

    A clause is "<label> if|when <condition>", "<condition> [=|:|is] <label>" or the else clause
    ("otherwise <label>"); a label is quoted or a short English label.  A condition that names no
    column ("over 60") is read on the one column the other clauses name.  Two or more labelled
    clauses, every clause read, or no answer; rows no clause holds for are blank unless an else
    clause is said.
    """
    if is_zh(request):
        return None
    named = re.match(r"^\s*([a-z][\w ]{0,30}):\s*", request.strip(), re.I)  # "fee bands: over 20 = High, ..."
    body = request.strip().rstrip(".!")[named.end() if named else 0:]
    label = rf"(?:\"[^\"]+\"|'[^']+'|“[^”]+”|{_LABEL})"
    parts = [p.strip() for p in re.split(r"\s*[,;]\s*", body) if p.strip()]
    if len(parts) < 2:
        return None
    said: list[tuple[str, str]] = []  # (condition text, label as said)
    other: object = ""
    else_said = "|".join(re.escape(w) for w in sorted(lex["else"], key=len, reverse=True) if w.isascii())
    other_said = False
    for i, part in enumerate(parts):
        els = re.fullmatch(rf"(?:and\s+|or\s+)?(?:{else_said})"
                           rf"\s+(?:is\s+|are\s+|gets?\s+|=\s*|->\s*|:\s*)?({label})", part, re.I)
        if els is not None and i == len(parts) - 1:
            other = _clause_label(els.group(1), request, schema, lex)
            if other is None:
                return None
            other_said = True
            continue
        m = re.fullmatch(rf"(?:and\s+|or\s+)?({label})\s+(?:if|when|for)\s+(.+)", part, re.I)
        if m is not None:
            said.append((m.group(2), m.group(1)))
            continue
        m = re.fullmatch(r"(?:and\s+|or\s+)?([\"'“][^\"'”]+[\"'”])\s+(?:for\s+)?(.+)", part, re.I)
        if m is not None:  # "'Short' under 30 mins"
            said.append((m.group(2), m.group(1)))
            continue
        # "under 30 mins Short", "over 20 = High": the shortest label that closes the clause
        words = part.split()
        for n in range(1, min(3, len(words) - 1) + 1):
            head, lab = " ".join(words[:-n]), " ".join(words[-n:])
            arrow = re.search(r"(?:=|->|→)$", head) is not None  # "certified -> Can belay": said as a rule
            head = re.sub(r"^(?:and|or)\s+|\s*(?:=|:|->|→|\bis|\bgets)$", "", head, flags=re.I)
            if (re.search(r"\d", head) or arrow and head) and re.fullmatch(label, lab, re.I) \
                    and _clause_label(lab, request, schema, lex) is not None:
                said.append((head, lab))
                break
        else:
            return None
    if len(said) < 2 and not (single and said and other_said):
        return None  # one clause and its "otherwise" ("grade 6 and up = Senior, everyone else Junior"): single
    conds: list[str | None] = []
    used: list[float] = []
    for cond, _ in said:
        read = _condition(_clause_condition(cond, schema), schema, lex)
        conds.append(read[0] if read else None)
        used += read[1] if read else []
    letters = {x for c in conds if c for x in re.findall(r"(?<![A-Z$])([A-Z]{1,3})\{r\}", c)}
    if not letters and named:
        letters = {c.letter for _, c in mentions(named.group(1).lower(), schema) if c.type == "number"}
    if None in conds and len(letters) != 1:
        return None
    col = next((c for c in schema.columns if c.letter in letters), None)
    for i, (cond, _) in enumerate(said):
        if conds[i] is None:  # "over 60": on the column the other clauses name
            if mentions(cond.lower(), schema):
                return None
            read = _condition(_clause_condition(f"{col.header.lower()} {_range_said(cond)}", schema), schema, lex)
            if read is None:
                return None
            conds[i] = read[0]
            used += read[1]
    labels = [_clause_label(lab, request, schema, lex) for _, lab in said]
    if any(not isinstance(b, str) or not b for b in labels) or len(set(labels)) != len(labels) \
            or other in labels:
        return None
    if other == "" and _covering(conds):  # "under 30 ..., 30-60 ..., over 60 Long": the last band is the rest
        other = labels.pop()
        conds.pop()
    expr = _value(other)
    for cond, lab in reversed(list(zip(conds, labels, strict=True))):
        expr = f"IF({cond},{_lit(lab)},{expr})"
    why = "; ".join(f"{lab} if {cond}" for cond, lab in zip(conds, labels, strict=True))
    return RowReading("=" + expr, f"{why}; else {_value(other)}", used)


def _covering(conds: list[str]) -> bool:
    """True when conditions on one column against numbers (``F{r}<30``, ``AND(F{r}>=30,F{r}<=60)``,
    ``F{r}>60``) hold together for every number: tried at each bound, between bounds and beyond."""
    tests = []
    for c in conds:
        parts = re.fullmatch(r"AND\((.+)\)", c)
        terms = parts.group(1).split(",") if parts else [c]
        found = [re.fullmatch(r"([A-Z]{1,3})\{r\}(<=|>=|<|>)(-?\d+(?:\.\d+)?)", t) for t in terms]
        if not all(found) or {m.group(1) for m in found} != {re.match(r"[A-Z]+", conds[0]).group(0)}:
            return False
        tests.append([(m.group(2), float(m.group(3))) for m in found])
    bounds = sorted({v for t in tests for _, v in t})
    points = bounds + [(a + b) / 2 for a, b in zip(bounds, bounds[1:], strict=False)] + [bounds[0] - 1, bounds[-1] + 1]
    ops = {"<": float.__lt__, "<=": float.__le__, ">": float.__gt__, ">=": float.__ge__}
    return all(any(all(ops[o](x, v) for o, v in t) for t in tests) for x in points)


def _default(request: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """A column shown as it is, with a label where it is empty: "show the insurer, or Self-pay where
    it's blank", "payer column: insurer name else Self-pay" -> ``IF(I2="","Self-pay",I2)``.  The column
    is the one the request names, empty on some data rows; the label is quoted or a short label."""
    if is_zh(request):
        return None
    label = r"(?:\"[^\"]+\"|'[^']+'|“[^”]+”|[A-Za-z][A-Za-z0-9'&-]*(?: [A-Za-z][A-Za-z0-9'&-]*){0,2})"
    m = re.fullmatch(rf"\s*(?:[a-z][\w ]{{0,30}}:\s*)?(?:(?:show|use|put|give|return|write|display)\s+)?(?:the\s+|their\s+|its\s+)?"
                     rf"(?P<col>[a-z][\w '-]{{0,40}}?)\s*,?\s+(?:or|else|otherwise|or else)\s+(?P<lab>{label})"
                     rf"(?:\s+(?:where|if|when)\s+(?:it(?:['’]s| is)|there(?:['’]s| is) none|(?:the\s+)?(?P<again>[a-z][\w '-]{{0,40}}?)\s+is)"
                     rf"\s+(?:blank|empty|missing|not filled in))?\s*[.!]?\s*", request, re.I)
    if m is None or re.search(r"\b(?:if|when|where|unless|whose)\b", m.group("col"), re.I):
        return None  # "Resat if there is a Resit score, otherwise Not resat" is a condition, not a column
    ms = mentions(m.group("col").lower(), schema)
    if len({c.letter for _, c in ms}) != 1 or (m.group("again") and
                                                {c.letter for _, c in mentions(m.group("again").lower(), schema)}
                                                != {ms[0][1].letter}):
        return None
    col = ms[0][1]
    said = re.sub(r"^(?:the|their|its)\s+", "", m.group("col").strip(), flags=re.I)
    if col.type == "date" and said[:1].isupper() and said.lower() == col.header.strip().lower():
        return None  # "Collected or Waiting": two states as labels, or the date shown? not said
    if _answers(schema, col):
        return None  # "Paid or Unpaid" on a Paid column of Yes/No: two labels, never its Yes shown
    first = min(c.first_row for c in schema.columns)
    last = max(c.last_row for c in schema.columns)
    rows = {r for (r, _c), v in schema.cells.items() if first <= r <= last and v not in (None, "")}
    ci = col_index(col.letter)
    if not any(schema.cells.get((r, ci)) in (None, "") for r in rows):
        return None  # no empty cell: "X or Y" is not a default here
    lab = _clause_label(m.group("lab"), request, schema, lex)
    if not isinstance(lab, str) or not lab:
        return None
    return RowReading(f'=IF({ref(col)}="",{_lit(lab)},{ref(col)})', f"{col.header}, or {lab} where it is empty", [])


def _depending(request: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """Two quoted labels and what chooses between them: "label everyone 'Can belay' or 'Needs
    induction' depending on the cert" -> the first where the condition holds, else the second."""
    q = r"(?:\"([^\"]+)\"|'([^']+)'|“([^”]+)”)"
    m = re.search(rf"{q}\s*(?:or|/)\s*{q}\s*,?\s+(?:depending on|based on|according to)\s+(?:whether\s+)?(.+?)\s*[.!?]?\s*$",
                  request, re.I)
    if m is None:  # "put Collected or Waiting depending on ...": two labels in capitals, unquoted
        cap = r"(?:()()([A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)?))"
        m = re.search(rf"(?<![A-Za-z]){cap}\s*(?:or|/)\s*{cap}\s*,?\s+(?:depending on|based on|according to)\s+"
                      rf"(?:whether\s+)?(.+?)\s*[.!?]?\s*$", request)
    if m is None or is_zh(request):
        return None
    then = next((g for g in m.groups()[:3] if g), None)
    other = next((g for g in m.groups()[3:6] if g), None)
    if not then or not other:
        return None
    read = _condition(_clause_condition(m.group(7), schema), schema, lex)
    if read is None or then == other:
        return None
    then, other = _filled_side(request.lower(), read[0], then, other, schema)
    return RowReading(f"=IF({read[0]},{_lit(then)},{_lit(other)})", f"{then} if {read[0]}, else {other}", read[1])


def _clause_label(raw: str, request: str, schema: SheetSchema, lex: dict) -> object | None:
    """A label of :func:`_clauses`: quoted as said, else an English label in the request's own case."""
    q = re.fullmatch(r"\s*[\"'“](.+?)[\"'”]\s*", raw)
    if q:
        return q.group(1)
    at = request.lower().find(raw.lower())
    if at < 0:
        return None
    b = _en_label(request, at, at + len(raw), schema, lex)
    return b if isinstance(b, str) else None


def _clause_condition(cond: str, schema: SheetSchema) -> str:
    """A clause's condition as :func:`_condition` reads it: without "it's", "they've" and the like."""
    low = _negated_flag(cond.lower(), schema)
    it = "" if re.search(r"\bIT\b", cond) else "it|"  # (IT said in capitals is a value: "IT or Finance staff")
    low = re.sub(rf"\b(?:{it}they|he|she)(?:['’](?:s|re|ve))?\b|\b(?:is|are|was|were|has|have)\b", " ", low)
    return _range_said(low).strip()


def _range_said(cond: str) -> str:
    """"30-60", "30 to 60 mins" as "between 30 and 60" (both ends included)."""
    return re.sub(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(\d+(?:\.\d+)?)(?![\d.])", r"between \1 and \2", cond)


def _signed(text: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """"入库为正，出库为负", "出库数量写成负数，入库不变": a quantity signed by the row's kind.

    The kind is a text column with exactly two values, both named; the quantity is the one
    number column named.  The value followed by a negative word flips the sign.
    """
    words = lex["sign"]
    if not has(text, words["negative"]):
        return None
    vals = value_mentions(text, schema)
    nums = [c for _, c in mentions(text, schema) if c.type == "number"]
    if len(vals) != 2 or vals[0][2] is not vals[1][2] or len({c.letter for c in nums}) != 1 or numbers(text):
        return None
    kind = vals[0][2]
    if {str(v) for v in values(schema, kind) if v is not None} != {vals[0][3], vals[1][3]}:
        return None
    sign = {}
    for start, end, _, value in vals:
        nxt = min([s for s, _, _, _ in vals if s > start] + [len(text)])
        after = text[end:min(nxt, end + 10)]
        neg, pos = has(after, words["negative"]), has(after, words["positive"])
        if neg == pos:
            return None
        sign[value] = "-" if neg else "+"
    if sorted(sign.values()) != ["+", "-"]:
        return None
    plus = next(v for v, x in sign.items() if x == "+")
    q = ref(nums[0])
    return RowReading(f"=IF({ref(kind)}={_lit(plus)},{q},-{q})", f"{nums[0].header}, negative unless {kind.header} is {plus}",
                      [])


def _direction(request: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """"did each crop go up or down in 2024 compared to 2023", "2025比2024是上升还是下降":
    the direction word pair as labels, the first column against the second (a tie is not up)."""
    text = request.lower()
    words = lex["direction"]
    m = next((m for p in words["pairs"] if (m := re.search(p, text))), None)
    if m is None or re.search(words["amount"], text[:m.start()]):
        return None  # "how much up or down was each variety": by how much, a number (rows._year_over_year)
    cols = []
    for _, c in mentions(text, schema):
        if c.type == "number" and c not in cols:
            cols.append(c)
    if header_numbers(text, schema):
        return None
    from .rows import _year_columns

    years = {int(c.header.strip()): c for c in _year_columns(schema)}
    if len(cols) == 1 and cols[0] in years.values() and has(text, lexicon("rows")["year_over_year"]["previous"]):
        # "Up or Down: 2024 vs the year before": one year column against the column of the year before it
        new, old = cols[0], years.get(int(cols[0].header.strip()) - 1)
        if old is None:
            return None
    elif len(cols) != 2:
        return None
    else:
        pos = {c.letter: p for p, c in mentions(text, schema)}
        a, b = sorted(cols, key=lambda c: pos[c.letter])
        gap = text[pos[a.letter]:pos[b.letter]]
        if re.search(words["later_first"], gap):
            new, old = a, b
        elif re.search(words["earlier_first"], gap) and re.search(r"(?:from|从)\s*$", text[:pos[a.letter]]):
            new, old = b, a
        else:
            return None
    up, down = m.group("up"), m.group("down")
    if not is_zh(up) and not re.search(r"[A-Z]", request[m.start():m.end()]):
        up, down = up.capitalize(), down.capitalize()
    elif not is_zh(up):
        up, down = request[m.start("up"):m.end("up")], request[m.start("down"):m.end("down")]
    return RowReading(f"=IF({ref(new)}>{ref(old)},{_lit(up)},{_lit(down)})",
                      f"{up} if {new.header} is above {old.header}, else {down}", [])


def read(request: str, schema: SheetSchema) -> RowReading | None:
    """An IF-label reading of ``request``: the forms said in one sentence, else a pair of labels
    and a definition of one of them (:mod:`labelpair`)."""
    from . import statuses

    body = statuses.unframed(request, schema)  # "Need a Pass/Fail column: Fail when ..., Pass otherwise"
    return (body is not None and _read_alone(body, schema)) or _read_alone(request, schema)


def _read_alone(request: str, schema: SheetSchema) -> RowReading | None:
    from . import labelpair, statuses, zhbands

    return statuses.listed(request, schema) or zhbands.read(request, schema) or _read_said(request, schema) or _clauses(request, schema, lexicon("labels"), single=True) \
        or labelpair.read(request, schema) or statuses.read(request, schema)


def _read_said(request: str, schema: SheetSchema) -> RowReading | None:
    from . import clockwords
    from .pinnedtoday import pinned

    lex = lexicon("labels")
    request = pinned(request)  # "早于今天…（今天是2026年12月7日）": the pinned day is the bound
    request = clockwords.plain(request, schema)  # "before midday -> Morning, else Afternoon"
    request = re.sub(rf"^\s*(?:{lexicon('statuses')['nested_if']})(?:\s+(?:help|please|pls|q))?\s*[:,-]\s*", "",
                     request, flags=re.I)  # "Nested IF help: if ...": what the ask is, no label
    signed = _signed(request.lower(), schema, lex)
    if signed is not None:
        return signed
    direction = _direction(request, schema, lex)
    if direction is not None:
        return direction
    # "late fee per hire (10 quid if returned late, 0 if not)": the name, then the rule in brackets
    named = re.fullmatch(r"\s*([a-z][a-z' -]{0,40}?)\s*[(（]([^()（）]+)[)）]\s*[.!]?\s*", request, re.I)
    if named and has(f" {named.group(2).lower()} ", lex["signal"]):
        request = f"{named.group(1)}: {named.group(2)}"
    # "..., Paid for the rest": the other rows' label said before the words naming them
    rest = re.match(r"^(.*\S)\s*[,;]\s*(?:and\s+)?([^,;]{1,30}?)\s+for\s+(?:all\s+)?(?:the\s+)?(?:rest|others|other ones|"
                    r"everyone else|everything else|anything else|remainder)\s*[.!]?\s*$", request, re.I)
    if rest and not any(has(rest.group(1).lower(), [w]) for w in lex["else"]):
        request = f"{rest.group(1)}, otherwise {rest.group(2)}"
    # "..., "Gain" otherwise": the else word after its label reads as ", otherwise "Gain""
    late = re.match(r"^(.*\S)\s*[,;]\s*(?:and\s+|or\s+)?([^,;]{1,30}?)\s+(otherwise|else|if not)\s*[.!]?\s*$", request, re.I)
    if late and not any(has(late.group(1).lower(), [w]) for w in lex["else"]):
        request = f"{late.group(1)}, {late.group(3)} {late.group(2)}"
    # "大单标记：金额>=100": the label named first, then the rows that get it (the rest stay blank)
    first = _LABEL_FIRST.fullmatch(request)
    if first and first.group(1) not in first.group(2):
        request = f"{first.group(2)}的标{first.group(1)}"
    # "at 6pm or later", "at or after 18:00": one bound said with an "or" that joins no two conditions
    clock = r"(\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?)"
    request = re.sub(rf"\b(?:at\s+)?{clock}\s+or\s+(?:later|after)\b", r"from \1", request, flags=re.I)
    request = re.sub(rf"\b(?:at\s+or\s+after|from)\s+{clock}", r"from \1", request, flags=re.I)
    request = ZH_ROW_NOUN.sub("的", request)  # "18点以后的交易标下班后": the rows named, no column
    request = _blank_class(request, schema)  # "会员卡号空着就是散客": 散客 for the blank, 会员 the rest
    request = _BRACKETED_LABEL.sub(_quote_bracketed, request)  # "标记一下（下班后）": the label in brackets
    text = request.lower()
    band = _bands(request, text, schema) or _clauses(request, schema, lex) or _default(request, schema, lex) \
        or _depending(request, schema, lex)
    if band is not None:
        return band
    units = "|".join(re.escape(u) for u in sorted(lex["units"], key=len, reverse=True))
    if not FEE.search(text) and not has(f" {text} ", lex["signal"]) and not re.search(r"(?:以上|以下|以内|及格|\d(?:" + f"{lex['measure_after_number']}|{units}" + r")?|[）)])\s*(?:的)?\s*(?:为|是|标记|标注|显示|算|标|写|填|(?:→|->)(?=\s*[\u4e00-\u9fff]))", text) \
            and not re.search(r"(?:标记?|标注|写上?|填上?|显示|记)为?\s*[\"“「']", text) \
            and not re.search(r"[\"“'][^\"”']+[\"”']\s+(?:for|on|next to|beside|where)\s", text):  # 下的单标“午餐”, "'Cheap' for fees under £10"
        return None
    # where the false branch starts
    cut = len(text)
    for word in lex["else"]:
        p = text.find(word)
        if 0 <= p < cut:
            cut = p
    neg = NEGATED_ELSE.search(text)
    if neg and neg.start() < cut:
        cut = neg.start()
    opp = _opposite_else(text)
    if opp and opp.start() < cut:
        cut = opp.start()
    # "没有复试成绩的写未复试，有的写已复试": the other rows, said as the opposite of 没有/未
    pos = re.search(r"[，,；;]\s*(?:有|已)[\u4e00-\u9fff\d.]{0,6}?的", text)
    if pos and pos.start() < cut and re.search(r"没有?|未|无", text[:pos.start()]):
        cut = pos.start()
    head, tail = text[:cut], text[cut:]
    blank_spans: list[tuple[int, int]] = []
    then: object | None = None
    other: object | None = None
    qs = [(p, s) for p, s in _quoted_orig(request)]
    if len(qs) == 2:
        if cut == len(text) or not (qs[0][0] < cut <= qs[1][0]):
            return None
        then, other = qs[0][1], qs[1][1]
    elif len(qs) == 1:
        if qs[0][0] > cut:
            return None
        then = qs[0][1]
        other = _branch(_else_words(tail, lex), schema, lex) if tail else ""
    if qs:
        blank_spans = [(m.start(), m.end()) for m in re.finditer(r'"[^"]*"|“[^”]*”|\'[^\']+\'', request)]
    elif (m := _slash_pair(request)):
        if _slash_pair(request[m.end():]) or re.match(r"\s*(?:\([^()]*\)\s*)?/\s*[A-Za-z\u4e00-\u9fff]", request[m.end():]):
            return None  # "Closed / Chase (...) / Open": three labels, not a pair (statuses.py reads lists)
        then, other = m.group(1), m.group(2)
        for w in sorted((w for w in lex["then_markers"] if is_zh(w)), key=len, reverse=True):
            if then.startswith(w) and len(then) - len(w) >= 2:
                then = then[len(w):]  # "标及格/不及格": 标 marks, 及格 is the label
                break
        start = m.start()
        cap = re.search(r"(?:^|\s)([A-Z][A-Za-z'-]*)\s+$", request[:m.start(1)])
        if cap is not None and then.isascii() and then[:1].islower() and re.search(r"[a-z]", request):
            then, start = f"{cap.group(1)} {then}", cap.start(1)  # "Paid up / Chase": the label from its capital
        blank_spans = [(start, m.end())]
    else:
        zh_pairs = [(p_w, n_w) for p_w, n_w in lex["pairs"] if is_zh(p_w)]
        ptext = _ELSE_MASK.sub(lambda m: "#" * len(m.group()), text)  # 否则 holds no 否 of 是/否
        last = lambda pn: max(ptext.replace(pn[1], "#" * len(pn[1])).rfind(pn[0]), ptext.rfind(pn[1]))  # noqa: E731
        for pos_w, neg_w in sorted(zh_pairs, key=last, reverse=True):
            stripped = ptext.replace(neg_w, "")
            if len(pos_w) == 1 and pos_w + neg_w not in ptext and neg_w not in ptext:
                continue  # "地区是华东": 是 is the verb, not the label of 是/否
            said = max(ptext.rfind(pos_w), ptext.rfind(neg_w))
            later = re.search(r"(?:标记为|标注为|显示为|记为|标为|为|显示|标记)\s*([^，,。；;！!？?\s]+)", ptext[said + 1:])
            if said >= 0 and later and later.group(1) not in (pos_w, neg_w) \
                    and not later.group(1).startswith(neg_w) and not re.match(r"[\d.]", later.group(1)):
                continue  # "数学及格的为通过": 及格 is the condition, 通过 the label
            if pos_w in stripped and not _said_alone(stripped, pos_w, schema):
                continue  # "完成进度…标已完成": 已完成 is the label said, 完成进度 a column, not 完成 of 完成/未完成
            told = _branch(_else_words(tail, lex), schema, lex) if tail.strip() else None
            if isinstance(told, str) and told and told not in (pos_w, neg_w):
                continue  # "…为合格，否则复核": the rest's label is the one said (复核), not the pair's 不合格
            if pos_w in stripped:
                then, other = pos_w, neg_w
                # "及格或不及格" goes whole; "60分及格" stays: it is the comparison
                both = re.search(rf"{re.escape(pos_w)}\s*(?:或|还是|or|/)\s*{re.escape(neg_w)}|"
                                 rf"{re.escape(neg_w)}\s*(?:或|还是|or|/)\s*{re.escape(pos_w)}", ptext)
                blank_spans = [(both.start(), both.end())] if both else [
                    (m.start(), m.end()) for m in
                    re.finditer("|".join(map(re.escape, (neg_w, pos_w))), ptext)
                    if not ptext[:m.start()].endswith("分")]
                break
        if then is None and not is_zh(request):
            found = _english_branches(request, text, head, tail, cut, schema, lex)
            if found is None:
                return None
            then, other, blank_spans = found
        if then is None and tail.strip() and (fee := _fee_branch(head, tail, schema, lex)) is not None:
            then, other, blank_spans = fee
        if then is None:
            markers = sorted(lex["then_markers"], key=len, reverse=True)
            # (标上 / 写上 mark, but not before 上午, 上旬, 上半年: "标上午" is 标 and the label 上午)
            pat = "(" + "|".join(re.escape(w) + ("(?![午旬半班])" if w.endswith("上") else "")
                                 for w in markers if is_zh(w) or not re.search("[a-z]", w)) + r")(?=\s*([^，,。；;！!？?\s]+))"
            hits = [m for m in re.finditer(pat, head) if not re.match(r"[\d.]", m.group(2))]
            if not hits:
                return None
            m = hits[-1]
            b = _branch(m.group(2), schema, lex)
            if b is None:
                return None
            then = b
            other = _branch(_else_words(tail, lex), schema, lex) if tail else ""
            blank_spans = [(m.start(), m.end() + len(m.group(2)))]
            if other is None:
                return None
            if not tail and m.group(1).startswith("算") and isinstance(then, str) and not _partner(then, lex) \
                    and not head[:m.start()].rstrip().endswith("的"):
                # "25年>=60场算热门": a rule naming one class, the other rows' (blank? 一般?) not said: no
                # guess; "超过17点走的算加班" picks out the rows that get a mark (the rest stay blank)
                return None
            if not tail and m.group(1) == "就":
                return None  # "现有>编制就超编": one class named by a bare 就, the others' label (正常? blank?) not said
    if then is None or other is None:
        return None
    expr = [b for b in (then, other) if isinstance(b, tuple) and b[0] == "expr"]
    if expr and any(isinstance(b, str) and b for b in (then, other)):
        return None  # "Profit if ..., else Loss": two labels, or the profit and a label? not said
    if other == "" and not tail.strip() and isinstance(then, str) and not (then.isupper() and not request.isupper()):
        other = _partner(then, lex)  # "Out of stock when qty is 0": else "In stock" (a flag in capitals, "LATE", stands alone)
    # the condition: the head without the branches and the else part
    seg = list(head)
    for a, b in blank_spans:
        for i in range(a, min(b, len(seg))):
            seg[i] = " "
    cond_text = "".join(seg)
    cond_text = re.sub(lex["result_lead_zh"], " ", cond_text)  # "运费：…", "审核结果：…": the new column's name
    cond_text = re.sub(r"^\s*(?:write|label|flag|mark|put|return|show)\b", " ", cond_text)
    cond_text = re.sub(r"\b(?:if|when|whenever|whether|gets|shows?|as|for|where|in case)\s*$|"
                       r"^\s*(?:if|when|whenever|for|where)\b|"
                       r"\b(?:if|when|whether|gets|shows?)\b|"
                       r"\b(?:depending on|based on)\b|如果|若|的话|时候|(?<![平小])时(?![间长薪])|的|则|判断|是否|根据|按|计算|才算|才是|就算|才|就|\bon (?=\w)",
                       " ", cond_text)
    cond_text = re.sub(r"^[\s:：,，]+|[\s:：,，]+$", "", cond_text)
    # the marking verb left where its quoted label was taken ("…以上的标“优秀”", "orders of 5000 or more as "Big"")
    cond_text = re.sub(r"(?:(?<=[\u4e00-\u9fff\d%）)\s])(?:标记为|标注为|标为|标成|写成|写上|标|写|填上|填)|\s+as|\s*(?:→|->))\s*$", "", cond_text)
    cond_text = re.sub(r"^[\s:：,，]+|[\s:：,，]+$", "", cond_text)
    if isinstance(then, str) and then.lower() in ("pass", "及格", "合格", "达标") and not numbers(cond_text):
        pass_col = [c for _, c in mentions(cond_text, schema) if c.type == "number"]
        marks = _scores(schema)
        if is_zh(request) and marks and (len(pass_col) == 1 and pass_col[0] in marks
                                         or _every(cond_text, lex) and "及格" in cond_text):
            cond_text += " 60分及格"  # 百分制: the pass mark is 60 unless the request says otherwise
    passing = ("pass", "及格", "不及格", "合格", "不合格", "达标", "未达标")
    if _scores(schema) and not (isinstance(then, str) and then.lower() in passing) and "60" not in cond_text:
        # 百分制 marks: 不及格 is below 60, 及格 is 60 or more
        cond_text = re.sub(r"不及格", " 低于60 ", cond_text)
        cond_text = re.sub(r"(?<!\d)(?<!\d分)及格", " 60及以上 ", cond_text)
    cond_text = re.sub(r"为负数?|是负数|小于零|低于零|\bis negative\b|\bnegative\b|\bbelow zero\b|\bless than zero\b",
                       " < 0 ", cond_text)
    cond_text = re.sub(r"为正数?|是正数|大于零|\bis positive\b|\bpositive\b|\babove zero\b|\bgreater than zero\b",
                       " > 0 ", cond_text)
    cond_text = _negated_flag(cond_text, schema)
    cond = _condition(cond_text, schema, lex)
    if cond is None:
        return None
    expr, used = cond
    used += [b for b in (then, other) if isinstance(b, float)]
    if isinstance(then, str) and isinstance(other, str) and then == other:
        return None
    then, other = _filled_side(text, expr, then, other, schema)
    why = f"{_value(then)} if {expr}, else {_value(other)}"
    body = f"IF({expr},{_value(then)},{_value(other)})"
    gap = _blank_guard(text, expr, schema, lex)
    if gap is not None:  # "没成绩的空着", "未评分不算": a row without the number gets no label
        return RowReading(f'=IF({ref(gap)}="","",{body})', f"blank if {gap.header} is empty, else {why}", used)
    return RowReading(f"={body}", why, used)


def _filled_side(text: str, expr: str, then: object, other: object, schema: SheetSchema) -> tuple[object, object]:
    """"Open / Closed depending on whether there's a closed date": a pair said before "whether"
    pairs with the test in no order, so the label that names the date column tested (its header,
    or the participle of its verb: Closed, Shipped) goes with the filled cells."""
    from .statuspair import _done_column

    m = re.fullmatch(r'([A-Z]{1,3})\{r\}(=|<>)""', expr)
    if m is None or not isinstance(then, str) or not isinstance(other, str) \
            or not re.search(r"\b(?:depending on|based on|according to|on)\s+whether\b", text):
        return then, other
    col = next((c for c in schema.columns if c.letter == m.group(1) and c.type == "date"), None)

    def names(label: str) -> bool:
        return col is not None and (label.lower() == col.header.strip().lower()
                                    or _done_column(label, schema, lexicon("statuspair")) is col)
    filled, empty = (then, other) if m.group(2) == "<>" else (other, then)
    if names(empty) and not names(filled):
        return other, then
    return then, other


def _said_alone(text: str, word: str, schema: SheetSchema) -> bool:
    """True when ``word`` is said somewhere in ``text`` on its own: not after 已 (已完成 is
    another label than 完成) and not inside a column's header (完成进度)."""
    heads = [c.header.strip() for c in schema.columns if word in c.header]
    for m in re.finditer(re.escape(word), text):
        i = m.start()
        if text[i - 1:i] == "已":
            continue
        if any(text.startswith(h, i - h.find(word)) for h in heads if i - h.find(word) >= 0):
            continue
        return True
    return False


def _negated_flag(cond: str, schema: SheetSchema) -> str:
    """"anyone who hasn't paid", "not yet collected", "unpaid": a Yes/No column named by its
    header's verb, negated, is the rows whose value is No ("paid is no")."""
    for c, head, _vals in flag_columns(schema):
        no = next(str(v).strip() for v in values(schema, c) if v is not None and str(v).strip().lower() in ("no", "n"))
        cond = re.sub(rf"\b{NOT_DONE}{head}\b(?:\s+yet)?|\bun{head}\b", f" {head} is {no.lower()} ", cond)
    for _c, head in _undone_columns(schema):  # "not returned", "uncollected" on a Returned date: its empty cells
        cond = re.sub(rf"\b{NOT_DONE}{head}\b(?:\s+yet)?|\bun{head}\b", f" no {head} ", cond)
    return cond


def _undone_columns(schema: SheetSchema) -> list[tuple[Column, str]]:
    """(column, its header as a request says it) for each date or text column named by one verb
    (Returned, Collected, Check-in) that is empty on some data rows: a thing not done yet."""
    first = min(c.first_row for c in schema.columns)
    last = max(c.last_row for c in schema.columns)
    rows = {r for (r, _c), v in schema.cells.items() if first <= r <= last and v not in (None, "")}
    out = []
    for c in schema.columns:
        head = c.header.strip().lower()
        if c.type not in ("date", "text") or not re.fullmatch(r"[a-z]{4,}(?:-[a-z]{2,})?", head) \
                or _answers(schema, c) is not None:
            continue
        ci = col_index(c.letter)
        if any(schema.cells.get((r, ci)) in (None, "") for r in rows):
            out.append((c, head.replace("-", "[- ]")))
    return out


def _blank_guard(text: str, expr: str, schema: SheetSchema, lex: dict) -> Column | None:
    """The number column compared in ``expr`` that has empty cells among data rows, when the
    request says what happens to rows without a value (lexicon/labels.json ``blank_said``):
    an empty cell reads as 0 and would meet "<=3", so those rows are left blank."""
    if not any(re.search(p, text) for p in lex["blank_said"]):
        return None
    letters = dict.fromkeys(re.findall(r"(?<![A-Z$])([A-Z]{1,3})\{r\}\s*(?:<=|>=|<>|<|>|=)\s*-?[\d.]", expr))
    cols = [c for c in schema.columns if c.letter in letters and c.type == "number"]
    if len(cols) != 1 or re.search(rf'{cols[0].letter}\{{r\}}\s*(?:=|<>)\s*""', expr):
        return None
    col = cols[0]
    filled = {r for (r, _c), v in schema.cells.items() if col.first_row <= r <= col.last_row and v not in (None, "")}
    idx = col_index(col.letter)
    gaps = [r for r in filled if schema.cells.get((r, idx)) in (None, "")]
    return col if gaps else None


def _scores(schema: SheetSchema, n: int | None = None, text: str | None = None):
    from .rows import _scores as scores

    return scores(schema, n, text)


def _count(term: str) -> int | None:
    """How many subjects the request counts ("all three subjects", "三科"), or None."""
    from .rowbase import count_word

    m = re.search(r"\b(\w+) (?:subjects|courses|scores|marks|grades|tests|exams)\b|(?<![任有])([一二两三四五六七八九\d])(?:科|门)", term)
    if re.search(r"\bboth\b", term):
        return 2  # "both marks": two of them, not every number column
    return count_word(m.group(1) or m.group(2)) if m else None


def _else_words(tail: str, lex: dict) -> str:
    for word in sorted(lex["else"], key=len, reverse=True):
        if tail.startswith(word):
            return tail[len(word):]
    m = NEGATED_ELSE.match(tail) or AFFIRMED_ELSE.match(tail) or OPPOSITE_ELSE.match(tail)
    return tail[m.end():] if m else tail


_PER_UNIT = re.compile(r"(?:h|hr|hrs|hour|hours|min|mins|minute|day|days|wk|week|month|yr|year|km|mi|"
                       r"mile|miles|kg|g|lb|m|m2|sqm|l|litre|liter|head|person|night|小时|天|日|月|年|次|"
                       r"公斤|千克|斤|米|平|人|晚)", re.I)


def _slash_pair(request: str) -> re.Match[str] | None:
    """"Pass/Fail", "Too many / OK": two labels joined by a slash - not a rate ("40 quid/hr",
    "£12/km", "80元/小时"), where a number comes first or a unit follows the slash."""
    for m in re.finditer(r"([A-Za-z\u4e00-\u9fff]{1,12})\s*/\s*([A-Za-z\u4e00-\u9fff]{1,12})", request):
        if re.search(r"\d\s*$", request[:m.start()]) or _PER_UNIT.fullmatch(m.group(2)):
            continue
        return m
    return None


def _quoted_orig(request: str) -> list[tuple[int, str]]:
    from .rowbase import quoted

    return quoted(request)


_LABEL = r"[a-z][a-z0-9'&-]*(?: [a-z][a-z0-9'&-]*){0,2}"
#: a label said before the word naming its column ("CALL column for ...", "FULL DAY flag for ...")
_LABEL_BEFORE = r"[a-z][a-z0-9'&-]*(?: (?!(?:flag|mark|label|tag|column)\b)[a-z][a-z0-9'&-]*){0,2}"
#: a number as a branch: "10 if late", "£10 late fee where ...", "10 quid if ..." (lexicon/labels.json
#: amount_words: the money words and the names of a charge said with it)
_AMOUNT = r"[£$€]?\d+(?:\.\d+)?"


def _en_label(request: str, start: int, end: int, schema: SheetSchema, lex: dict) -> object | None:
    """An unquoted English branch at ``request[start:end]``: a column, a number, blank or a short label."""
    raw = request[start:end]
    amount = re.fullmatch(rf"\s*({_AMOUNT})\s*(.*?)\s*", raw.lower())
    if amount is not None:  # "£10", "10 quid", "£10 late fee": the number; other words, no branch
        rest = amount.group(2)
        return float(amount.group(1).lstrip("£$€")) \
            if not rest or len(rest.split()) <= 3 and rest.split()[-1] in lex["amount_words"] else None
    b = _branch(raw.lower(), schema, lex)
    if isinstance(b, float) or b == "":
        return b
    if isinstance(b, tuple):  # a column only when the branch is its name ("the amount"), not "Low stock"
        said = raw.strip(" ,.;:")
        if b[1].type == "date" and said[:1].isupper() and said.lower() == b[1].header.strip().lower():
            return said  # "Waiting if not collected yet, else Collected": a state as a label, not its date
        bare = re.sub(r"^\s*(?:the|its|their)\s+", "", raw.lower()).strip(" ,.;:")
        if bare in _names(b[1], schema):
            return b
    s = re.sub(r"^\s*(?:as|(?-i:to|TO)|it|write|put|show|return|mark(?: it)?(?: as)?|label(?: it)?(?: as)?|"
               + "|".join(lex["label_verbs"]) + r")\s+", "", raw.strip(" ,.;:"), flags=re.I)
    s = s.strip(" ,.;:")
    from .rows import _derived

    bare = re.sub(r"^(?:the|its|their)\s+", "", s.lower())
    concept = _derived(bare, schema)
    if concept is not None:  # "profit if revenue is above costs, else 0": the quantity, not the word
        words = next(c["words"] for c in lexicon("rows")["derived"] if has(bare, c["words"]))
        return ("expr", concept[0]) if bare in words else None
    rows_lex = lexicon("rows")
    if bare in rows_lex["implied_column"] or bare in rows_lex["value_words"]:
        return None  # "bonus", "commission": an amount to compute, not a label
    if not re.fullmatch(_LABEL, s.lower()) or any(w in lex["not_labels"] for w in s.lower().split()):
        return None  # "each sale Large": the row's noun came along, not a label
    low = s.lower()
    if any(low == w or low.endswith(" " + w) for w, _ in lex["compare"] + lex["date_compare"] if w.isalpha()):
        return None  # "Above", "not over": a comparison, not a label ("Over budget" is one)
    named = mentions(s.lower(), schema)
    if named and not any(s.lower() == x.lower() for pair in lex["pairs"] for x in pair) and (
            len(named) > 1 or re.sub(r"^the ", "", s.lower()) in _names(named[0][1], schema)):
        return None  # "Sales" as a label is a column: the families that read columns say so
    if s.islower() or not re.search(r"[A-Z]", request):  # typed in lower case: a label starts with a capital
        return s[:1].upper() + s[1:]
    return s


def _english_branches(request: str, text: str, head: str, tail: str, cut: int, schema: SheetSchema,
                      lex: dict) -> tuple[object, object, list[tuple[int, int]]] | None:
    """The branches of an English request without quotes, in its usual orders.

    "<A> if|when <cond>[, otherwise <B>]", "<A> for <cond>, otherwise <B>",
    "label|mark <cond> as <A>[, others <B>]"; A and B are a column ("the amount"),
    a number, blank, or a short label kept in the request's own case.
    """
    if len(text) != len(request):
        return None
    other: object | None = ""
    if tail.strip():
        rest = _else_words(tail, lex)
        other = _en_label(request, cut + len(tail) - len(rest), len(request), schema, lex)
        if other is None:
            return None
    verbs = (r"(?:(?:write|put|show|return|mark|flag|label|tag|set|say)\s+"
             r"(?:(?:it|them|rows?|(?:each|every|all|the) (?:rows?|records?|lines?|entries)|(?:each|every|all|a|an) [a-z]+)\s+)?"
             r"(?:as\s+)?)?")
    marked = re.match(r"\s*(?:put|write|tag|flag|mark|label)\s", head) is not None
    intro = r"if|when|whenever|where|next to|beside|by" + (r"|for" if tail.strip() or marked else "")
    place = r"(?:(?:in|into|under)\s+(?:(?:a\s+)?new\s+)?(?:col(?:umn)?|cell)(?:\s+[a-z]{1,3})?\b\s*,?\s*)?"  # "in col K write ..."
    place += r"(?:(?:next to|beside|against|for|on)\s+(?:each|every)\s+[a-z]+\s*,?\s*)?"  # "next to each walk say ..."
    m = re.match(rf"\s*(?:[a-z][\w ]{{0,30}}:\s*)?{place}{verbs}(?:the\s+)?({_LABEL_BEFORE}|{_AMOUNT}(?:\s*[a-z]+){{0,3}})"
                 rf"(?:\s+(?:flag|mark|label|tag|column))?\s+(?:{intro})\s", head)  # "FULL DAY flag for ...", "CALL column for ..."
    if m:
        then = _en_label(request, m.start(1), m.end(1), schema, lex)
        said = request[m.start(1):m.end(1)]
        if isinstance(then, tuple) and said.isupper() and not request.isupper():
            then = said  # "put LATE next to the late ones": a word in capitals is the label, not the Late column
        marking = re.match(r"\s*(?:[a-z][\w ]{0,30}:\s*)?(?:mark|flag|label|tag)\b", head)
        if then is not None and then != "" and not (marking and isinstance(then, tuple)):
            return then, other, [(0, m.end())]  # (a mark is a label: "mark the amount" is not a column)
    say = r"(?:say|show|write|return|put|display|enter|use|give|mark(?: it)?(?: as)?|label(?: it)?(?: as)?)"
    m = re.match(rf"\s*(?:if|when|whenever)\s+.+?(?P<label>(?:\s*,\s*(?:then\s+)?|\s+then\s+|\s+(?={say}\b))"
                 rf"(?:{say}\s+)?({_LABEL}))\s*[,;.]?\s*$", head)
    if m:
        then = _en_label(request, m.start(2), m.end(2), schema, lex)
        if isinstance(then, str) and then:
            return then, other, [m.span("label")]
    m = re.match(rf"\s*.+?(?P<label>\s+(?:gets?|receives?|becomes?|(?:is|are|should be) (?:marked|flagged|labell?ed|tagged)"
                 rf"(?: as)?|flagged(?: as)?|marked(?: as)?|labell?ed(?: as)?|tagged(?: as)?)\s+({_LABEL}))\s*[,;.]?\s*$",
                 head)
    if m:
        then = _en_label(request, m.start(2), m.end(2), schema, lex)
        if isinstance(then, str) and then:
            return then, other, [m.span("label")]
    m = re.match(rf"\s*(?P<verb>label|mark|flag|tag|classify)\s+.+?(?P<label>\s+as\s+({_LABEL}))\s*[,;.]?\s*$",
                 head)
    if m:
        then = _en_label(request, m.start(3), m.end(3), schema, lex)
        if isinstance(then, str) and then:
            return then, other, [m.span("verb"), m.span("label")]
    # "flag the unpaid visits with OVERDUE in col M": the label after "with", said in capitals
    m = re.match(r"\s*(?P<verb>flag|mark|tag)\s+.+?(?P<label>\s+with\s+([a-z][a-z0-9-]*(?: [a-z][a-z0-9-]*)?)"
                 r"(?:\s+in\s+(?:(?:a\s+)?new\s+)?(?:col(?:umn)?|cell)(?:\s+[a-z]{1,3})?)?)\s*[,;.]?\s*$", head)
    if m and request[m.start(3):m.end(3)].isupper():
        then = _en_label(request, m.start(3), m.end(3), schema, lex)
        if isinstance(then, str) and then:
            return then, other, [m.span("verb"), m.span("label")]
    return None


def _names(col: Column, schema: SheetSchema) -> set[str]:
    """The header of ``col`` and the words of its synonym group."""
    from .rows import _names_of

    return set(_names_of(col, schema, bare=True))


def _partner(label: str, lex: dict) -> str:
    """The other label of a known pair (Pass -> Fail, Out of stock -> In stock), in the same case; else blank."""
    low = label.lower()
    for a, b in lex["pairs"]:
        for x, y in ((a, b), (b, a)):
            if low == x.lower():
                if label[:1].isupper() and not is_zh(y):
                    return y[:1].upper() + y[1:]
                return y
    return ""
