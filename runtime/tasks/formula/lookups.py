"""Lookups the way people ask for them (issue 16 item 2), after the other readers.

Two shapes, both written as INDEX/MATCH (every target computes it):

- the row with the largest / smallest value: "who is the highest paid
  employee", "谁的数学考得最好", "销售额最低的订单在哪个地区", "最贵的是哪个商品";
- the row of a named value: "which warehouse holds the glue", "工号GH2007是谁",
  "email address of Omar Ali", "6月的支出是多少".

The answer column is the one asked for ("which warehouse", "哪个地区", "几月")
or, for "who" / "谁", the one column of names; the value must name exactly one
row.  Vocabulary: ``lexicon/lookups.json``; every other word must be
accounted for as in the aggregate family.
"""

from __future__ import annotations

import dataclasses
import itertools
import re

from ...errors import TaskError
from .aggregates import _relative_years, _residue, _values, leftover, rank_phrase
from .checks import is_identifier
from .extremes import aligned, implied_measure, row_date, row_date_word
from .rowbase import (
    RowReading,
    find,
    group_of,
    has,
    header_forms,
    is_zh,
    lexicon,
    mark_columns,
    mentions,
    person_column,
    values,
)
from .rowdates import _time_columns
from .schema import Column, SheetSchema, col_index

#: a question word inside a column's synonym (几号房, 发到哪, 买的什么, "who raised"): the synonym asks for it
_ASKING = re.compile(r"几|哪|什么|啥|(?<![a-z])(?:who|whoever|where|which)(?![a-z])")
_SYNONYMS = {w for g in lexicon("columns")["groups"] for w in g}


def _marks_a_measure(text: str, schema: SheetSchema, answer: Column, span: tuple[int, int]) -> bool:
    """True when the column asked for is a Yes / No mark column whose header is said right after
    a number column's name ("top price paid", "lowest fee charged"): there the header is the verb
    the number was paid by, and the request asks for the number, not a row's mark."""
    if answer not in mark_columns(schema):
        return False
    return any(c.type == "number" and c is not answer and p < span[0]
               and re.fullmatch(r"\s*", text[p + len(_word_at(text[p:], c)):span[0]]) is not None
               for p, c in mentions(text, schema))


def _answer_column(text: str, schema: SheetSchema, lex: dict) -> tuple[Column, tuple[int, int]] | None:
    asked = [(p, c, _word_at(text[p:], c)) for p, c in mentions(text, schema)]
    asked = [(p, c, w) for p, c, w in asked if _ASKING.search(w) and w in _SYNONYMS]
    if len({c.letter for _, c, _w in asked}) == 1:  # one column asked by its question-word synonym
        p, c, w = asked[0]
        return c, (p, p + len(w))
    for pat in lex["which"]:
        m = re.search(pat, text)
        if not m or any(text.startswith(w, m.start()) for w in lex["when"]):
            continue  # "哪天收入最高": 哪天 asks for the date, read below
        rest = text[m.end():]
        ms = [(p, c) for p, c in mentions(rest, schema) if p <= 2]
        if len(ms) == 1 and ms[0][1].type == "number" and ms[0][0] > 0 and _header_noun(rest, schema):
            ms = []  # 哪个场出栏最多: 场 (养殖场) is asked for, 出栏 is what is compared
        if len(ms) == 1 and re.fullmatch(r"[\u4e00-\u9fff]{2,}", rest[:ms[0][0]]) and _header_noun(rest, schema) is None:
            return None  # 哪台机子上机时间最早: 机子 is asked for (机号?), not 上机时间, and no one column is 机子
        if len(ms) == 1:
            p, c = ms[0]
            return c, (m.start(), m.end() + p + len(_word_at(rest[p:], c)))
        noun = _header_noun(rest, schema)
        if noun is not None:  # 哪个场 (养殖场), 什么菜 (菜品): the one text column whose name holds the word
            c, n = noun
            who = group_of(schema, "name")
            if (is_identifier(c) and rest[:n].rstrip("s") in lex["person_headers"] and who is not None
                    and who is not c and who.type == "text"):
                c = who  # "which member joined first": the member's name, not the Member No
            return c, (m.start(), m.end() + n)
    label = _row_label(text, schema, lex)
    if label is not None:
        return label
    did = _who_did(text, schema)
    if did is not None:  # "who served order A-3312": the Server; "谁修的": 维修工
        return did
    asked = _header_before_who(text, schema) or header_after_who(text, schema)
    if asked is not None:  # "这份合同的对方单位是谁": 对方单位 is asked for, not the 经办人
        return asked
    called = _called(text, schema)
    if called is not None:  # 最近申请的一件专利叫什么: the patent's 名称, not its 发明人
        return called or None
    for word in lex["who"]:
        if has(text, [word]):
            p = text.find(word)
            if word.endswith(" of"):  # "name of the dog with ...": the Dog column, not the owner's name
                after = text[p + len(word):]
                ms = [(q, c) for q, c in mentions(after, schema) if re.fullmatch(r"\s*(?:the\s+)?", after[:q])]
                if ms:
                    q, c = ms[0]
                    if c.type not in ("text", "mixed"):
                        return None
                    return c, (p, p + len(word) + q + len(_word_at(after[q:], c)))
            people = [group_of(schema, g) for g in lex["person_groups"]]
            people += [c for c in schema.columns if c.header.lower().strip() in lex["person_headers"]]
            people.append(person_column(schema.columns))  # Tenant, Patient, 姓名: the column of names
            for c in people:
                if c is not None and c.type in ("text", "mixed"):
                    p = text.find(word)
                    return c, (p, p + len(word))
    said = [(p, p + len(_word_at(text[p:], c))) for p, c in mentions(text, schema)]
    when = next((w for w in lex["when"] if has(text, [w])
                 and not any(a <= find(text, w) < b for a, b in said)), None)  # 几号房 names 房号: no date
    if when is not None:  # "when is the SEO plan due", "营业额最高的是哪天": the date column named, or the one
        dates = [c for c in schema.columns if c.type == "date"]
        named = {c.letter: c for _p, c in mentions(text, schema) if c.type == "date"}
        pick = list(named.values()) if named else dates
        if len(pick) == 1:
            p = text.find(when)
            return pick[0], (p, p + len(when))
        return None
    sup = [w for fn in ("MAX", "MIN") for w in lex["superlative"][fn] if has(text, [w])]
    texts = [(p, c) for p, c in mentions(text, schema) if c.type in ("text", "mixed")]
    if sup and len({c.letter for _, c in texts}) == 1:  # "单价最高的商品": the one text column named
        p, c = texts[0]
        return c, (p, p + len(_word_at(text[p:], c)))
    for word, group in lex["answer_words"].items():
        if has(text, [word]):  # "which month"; "where": the venue, else the location
            c = next((c for g in ([group] if isinstance(group, str) else group)
                      if (c := group_of(schema, g)) is not None), None)
            if c is not None:
                p = text.find(word)
                return c, (p, p + len(word))
    return None


_CALLED = re.compile(r"([\u4e00-\u9fff])(?:的)?(?:名字)?叫(?:什么|啥)")


def _called(text: str, schema: SheetSchema) -> tuple[Column, tuple[int, int]] | tuple[()] | None:
    """"那件专利叫什么", "最贵的菜叫啥": a thing's name asked (a person's, 客户叫什么, is read with
    谁): the one text column named 名称 / 品名 / …名 (not 姓名); () when the sheet has none or
    several (refused: the column of people would answer another question); None when no thing's
    name is asked."""
    m = _CALLED.search(text)
    if m is None or m.group(1) in lexicon("lookups")["person_chars"]:
        return None
    cols = [c for c in schema.columns if c.type in ("text", "mixed") and not is_identifier(c)
            and re.search(r"(?:名称|名)$", c.header.strip()) and c.header.strip() != "姓名"]
    return (cols[0], m.span()) if len(cols) == 1 else ()


def _header_before_who(text: str, schema: SheetSchema) -> tuple[Column, tuple[int, int]] | None:
    """"HT2025-132这份合同的对方单位是谁": a text column named just before 是谁 is the one asked
    for; 谁 there asks which party, not which person (the sheet's column of names)."""
    m = re.search(r"是谁", text)
    if m is None:
        return None
    named = [(p, c) for p, c in mentions(text, schema)
             if p + len(_word_at(text[p:], c)) == m.start() and c.type in ("text", "mixed")
             and not is_identifier(c)]
    if len(named) != 1:
        return None
    p, c = named[0]
    return c, (p, m.end())


#: "who is the <column>": with "the" (in "who's booking HB-320" booking names the row, not a column asked)
_WHO_IS = re.compile(r"(?<![a-z])who(?:'s|\s+is|\s+was|\s+were|\s+are)\s+the\s+")


def header_after_who(text: str, schema: SheetSchema) -> tuple[Column, tuple[int, int]] | None:
    """"who is the agent on HD-1203", "who was the host for badge 117": the text column named
    right after "who is the" is asked for, not the sheet's column of names."""
    m = _WHO_IS.search(text)
    if m is None:
        return None
    named = [c for p, c in mentions(text, schema) if p == m.end() and c.type in ("text", "mixed")
             and not is_identifier(c)]
    if len(named) != 1:
        return None
    c = named[0]
    return c, (m.start(), m.end() + len(_word_at(text[m.end():], c)))


def _who_did(text: str, schema: SheetSchema) -> tuple[Column, tuple[int, int]] | None:
    """"who served order A-3312", "工单BX2605019是谁修的": the verb after who / 谁 names the one
    text column of people who do it (Server, 维修工), by the verb's stem in its header; None when
    no column or several do."""
    m = re.search(r"(?<![a-z])who\s+([a-z]{4,})", text)
    if m:
        verb = re.sub(r"(?:ed|d|ing|s)$", "", m.group(1))  # served -> serv, drove -> drove
        cols = [c for c in schema.columns if c.type in ("text", "mixed")
                and any(len(verb) >= 4 and re.sub(r"(?:ers?|ors?)$", "", h) == verb
                        for h in re.findall(r"[a-z]{4,}", c.header.lower()))]
    else:
        m = re.search(r"谁(?:在)?([\u4e00-\u9fff])(?:的|[?？。]*$)", text)  # 谁修的; 是谁在钓
        if not m or m.group(1) in "的是家":
            return None
        cols = [c for c in schema.columns if c.type in ("text", "mixed") and m.group(1) in c.header]
        if len(cols) > 1:  # 报修类型 and 维修工: the one that names a person (工, 人, 员, 师, 钓友)
            cols = [c for c in cols if re.search(r"(?:工|人|员|师|师傅|者|手|友|客)$", c.header.strip())]
    if len(cols) != 1 or is_identifier(cols[0]):
        return None
    return cols[0], m.span()


def _row_label(text: str, schema: SheetSchema, lex: dict) -> tuple[Column, tuple[int, int]] | None:
    """"营收最高的是哪项", "最贵的是什么": a question word that ends the request and names no
    column asks for the row's label: the sheet's first column (the one after it when the first
    holds codes), when it is text and names each row once (two rows of one label would make
    the answer a guess between them)."""
    m = re.search(lex["row_label"], text)
    if m is None:  # "哪样东西一笔卖得最多钱": a question word before a word for any thing
        m = re.search(r"(?:哪一?[样种个件]|什么|啥)(?:" + "|".join(map(re.escape, lex["thing_nouns"])) + ")", text)
    if m is None or not schema.columns:
        return None
    first = schema.columns[0]
    if first.type == "date":  # 日期 | 品类 | 菜品 | 数量: a dated log's thing is the text column before
        # the numbers with the most different values (菜品, not the category 品类 above it)
        lead = list(itertools.takewhile(lambda c: c.type != "number", schema.columns[1:]))
        texts = [c for c in lead if c.type == "text" and not is_identifier(c)]
        if not texts:
            return None
        first = max(texts, key=lambda c: (len(c.distinct), -schema.columns.index(c)))
    at = schema.columns.index(first)
    coded = is_identifier(first) or all(
        re.fullmatch(r"[A-Za-z]{1,4}[-_]?\d{2,}", str(v).strip()) for v in values(schema, first) if v is not None)
    if coded and len(schema.columns) > at + 1 and schema.columns[at + 1].type == "text":
        first = schema.columns[at + 1]  # 商品编码 | 品名: the thing is named by its name, not its code
    elif coded and re.search(r"什么|啥", m.group(0)):
        return None  # "是什么菜" asks for a thing's name: no code answers it
    vals = [str(v).strip() for v in values(schema, first) if v is not None and str(v).strip()]
    if first.type != "text" or not vals or (len(set(vals)) != len(vals) and not has(text, lex["single_row"])):
        return None  # two rows of one label: a guess between them, unless one row is asked for (单笔)
    return first, m.span()


def _header_noun(rest: str, schema: SheetSchema) -> tuple[Column, int] | None:
    """The one text column whose header holds the noun ``rest`` starts with, and the noun's
    length: 场 in 养殖场, 菜 in 菜品, "film" in "Film Title"; None when none or several do."""
    texts = [c for c in schema.columns if c.type in ("text", "mixed")]
    m = re.match(r"[\u4e00-\u9fff]{1,3}", rest)
    if m:
        for n in range(len(m.group(0)), 0, -1):
            cols = [c for c in texts if m.group(0)[:n] in c.header]
            if len(cols) == 1:
                return cols[0], n
            named = [c for c in cols if not is_identifier(c)]
            if cols and len(named) == 1:
                return named[0], n  # 哪家客户 beside 客户编号 and 客户名称: the name; the code names no one
            if cols:
                return None
        return None
    m = re.match(r"([a-z]{3,}?)(?:es|s)?(?![a-z])", rest)
    if not m:
        return None
    cols = [c for c in texts if m.group(1) in re.findall(r"[a-z]+", c.header.lower())]
    return (cols[0], m.end()) if len(cols) == 1 else None


def _loose_ok(left: list[str], text: str, schema: SheetSchema, answer: Column, lex: dict) -> bool:
    """Whether the words a superlative lookup left unread may be let go: a verb or the thing
    measured ("which block gave the most grapes", 哪个场出得最多), not a condition.  At most
    three short words, none a number, a value of the sheet or a word that adds a condition or
    another operation (``lookups.json`` loose_block); the answer column names each row once,
    or the request says one row ("in one screening", 单笔)."""
    words = [w for w in left if w.strip()]
    if not words or len(words) > 3 or sum(len(w) for w in words if not w.isascii()) > 6:
        return False
    block = lex["loose_block"]
    for w in words:
        if re.search(r"\d", w) or w in block["en"] or any(b in w for b in block["zh"]):
            return False
        for c in schema.columns:
            for v in c.distinct:
                low = v.lower()
                if w in low if not w.isascii() else re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", low):
                    return False
    vals = [str(v) for v in values(schema, answer) if v is not None]
    return len(set(vals)) == len(vals) or has(text, lex["single_row"])


def _word_at(rest: str, col: Column) -> str:
    """The header or synonym of ``col`` that ``rest`` starts with (the longest)."""
    words = header_forms(col.header) + [w for g in lexicon("columns")["groups"] for w in g]
    hits = [w for w in words if w and rest.startswith(w)]
    head = col.header.lower()
    tail = next((head[-n:] for n in range(len(head) - 1, 1, -1) if rest.startswith(head[-n:])), "")
    if re.match(r"[\u4e00-\u9fff]{2}", tail):  # 单号 of 领用单号 (not 单, a synonym's one character)
        hits.append(tail)
    if hits:
        return max(hits, key=len)
    n = next((n for n in range(len(head), 1, -1) if rest.startswith(head[:n])), 0)
    if n and re.match(r"[\u4e00-\u9fff]", head):  # 物料 of 物料名称
        return head[:n]
    m = re.match(r"[a-z]+", rest)
    return m.group(0) if m else rest[:1]


def read_other(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """A request the sheet itself cannot answer, read against each of the workbook's other
    sheets (a price list, a rates tab): "monthly fee for the Resident plan" on a bookings
    sheet is ``INDEX(Plans!C2:C5,MATCH("Resident",Plans!A2:A5,0))``.  The one other sheet's
    answer, its references named by sheet; None when none or several answer."""
    from .rules import read_request

    found = []
    for name, other in schema.others.items():
        try:
            reading = read_request(without_sheet(request, name), other)
        except TaskError:
            continue
        if reading is not None:
            found.append((qualify(reading.formula, name), f"{reading.explanation} (on sheet {name})"))
    return found[0] if len(found) == 1 else None


def names_other_column(request: str, schema: SheetSchema) -> bool:
    """Whether ``request`` names a column only another sheet has ("day rate" on a jobs sheet
    beside a rates tab), where this sheet's own words are not."""
    own = {c.header.strip().lower() for c in schema.columns}
    for name, other in schema.others.items():
        said = without_sheet(request, name)
        here = {p for p, _c in mentions(said, schema)}
        if any(c.header.strip().lower() not in own and p not in here for p, c in mentions(said, other)):
            return True
    return False


def without_sheet(request: str, name: str, other: SheetSchema | None = None) -> str:
    """``request`` without the words that name the sheet ``name`` ("from the Plans tab",
    "on the price list", 从物料表, 价格表里): they say where to look, not what.  When ``other``
    (that sheet) has a column of the same name (a 缴费基数 sheet's 缴费基数), only the name said
    with a word of place (从缴费基数表) is the sheet's; alone it is the column."""
    words = lexicon("lookups")["sheet_words"]
    if name.isascii():
        before, after = rf"(?:{words['before']})\s*(?:the\s+)?", rf"\s*(?:{words['after']})"
    else:
        before, after = f"(?:{words['before_zh']})", f"(?:{words['after_zh']})"
    name_re = re.escape(name)
    if other is not None and any(c.header.strip().lower() == name.strip().lower() for c in other.columns):
        pat = rf"{before}{name_re}(?:{after})?|{name_re}{after}"
    else:
        pat = rf"(?:{before})?{name_re}(?:{after})?" if not name.isascii() else \
            rf"(?:(?:{words['before']})\s*)?(?:the\s+)?{name_re}(?:\s*(?:{words['after']}))?"
    out = re.sub(pat, " ", request, flags=re.IGNORECASE)
    return re.sub(r"\s+", " ", out).strip()


def sheet_prefix(name: str) -> str:
    """``Plans!``, ``物料表!``, ``'Price List'!``: how a formula names another sheet."""
    if re.fullmatch(r"[^\W\d]\w*", name) and not re.fullmatch(r"[A-Za-z]{1,3}\d+", name):
        return f"{name}!"
    return "'" + name.replace("'", "''") + "'!"


def qualify(formula: str, sheet: str) -> str:
    """``formula`` with each of its cell and range references read on ``sheet``."""
    from .engine import _outside_strings

    prefix = sheet_prefix(sheet)

    def fix(part: str) -> str:
        return re.sub(r"(?<![A-Za-z0-9_$!:.])(\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)(?![A-Za-z0-9_(!])",
                      lambda m: prefix + m.group(1), part)

    return _outside_strings(formula, fix)


def _without_headers(text: str, schema: SheetSchema) -> str:
    """``text`` without the Chinese headers it names whole (总价 is a column, its 总 no total)."""
    for col in sorted(schema.columns, key=lambda c: -len(c.header)):
        head = col.header.strip().lower()
        if is_zh(head) and len(head) >= 2:
            text = text.replace(head, " ")
    return text


def read(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """(formula, explanation) for a lookup request, or None; read again with a participle
    header named by its verb written as the header ("what did Paula claim": Claimed)."""
    from .participles import said_as_headers

    found = _read(request, schema)
    if found is None and (said := said_as_headers(request.lower().strip(), schema)) is not None:
        found = _read(said, schema)
    return found


def _read(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    text = _relative_years(request.lower().strip(), schema)  # 去年营收第一的业务: 2025's
    lex = lexicon("lookups")
    if has(_without_headers(text, schema), lex["totals"]):
        return None  # "who spent the most in total": a total per person, not one row
    found = _answer_column(text, schema, lex)
    if found is None:  # "email address of Omar Ali", "6月的支出是多少": the one column named
        return _named(text, schema, lex)
    answer, span = found
    if _marks_a_measure(text, schema, answer, span):
        return None  # "top price paid" beside Paid (Yes / No): the largest Price, no row's Paid mark
    taken = [span]
    # the superlative: largest / smallest of a numeric column
    dates = [c for c in schema.columns if c.type == "date"]
    dated = len(dates) == 1 or any(c.type == "date" for _p, c in mentions(text, schema))
    own_date = row_date(text, schema, dates)  # 最近一次出差: 出发日期 of 出发日期 and 返回日期
    # the longest word said wins ("longest-serving" over "longest"); a word that only compares
    # dates ("joined first", "the latest") counts where there is a date to compare
    found_sup = [(len(w), fn, w) for fn in ("MAX", "MIN") for w in lex["superlative"][fn]
                 if has(text, [w]) and (dated or w not in lex["dates_only"]
                                        or own_date is not None and row_date_word(text, w))]
    ext = max(found_sup, key=lambda f: f[0])[1:] if found_sup else None
    rank = rank_phrase(text, schema)
    kth = None
    if rank is not None and rank[0] == "kth" and rank[1] > 1:
        # "who has the second highest salary", "工资第二高的是谁": LARGE(r,2) instead of MAX
        kth = rank[1]
        ext = ("MAX" if rank[2] else "MIN", text[rank[3][0]:rank[3][1]])
    elif rank is not None and rank[0] == "kth" and ext is None:
        ext = ("MAX" if rank[2] else "MIN", text[rank[3][0]:rank[3][1]])  # 第一名是谁, "who came first"
    elif rank is not None and rank[0] == "topn":
        return None  # "the top 3 customers": several rows
    if ext is not None:
        fn, w = ext
        vals = [v for v in values(schema, answer) if v is not None]
        if w in lex["accumulating"] and len(set(map(str, vals))) != len(vals) and not has(text, lex["single_row"]):
            return None  # "which product sold the most": a total per product, not one row ("谁一次花得最多": one)
        p = text.find(w)
        taken.append((p, p + len(w)))
        implied = implied_measure(schema, lex["implied"].get(w)) or next(
            (g for word, g in lexicon("aggregates")["implied_column"].items()
             if has(text, [word]) and group_of(schema, g) is not None), None) or (
            "sales" if has(text, lex["row_money"]) and group_of(schema, "sales") is not None else None)
        named = [c for q, c in mentions(text, schema) if not any(a <= q < b for a, b in taken)]
        numeric = [c for c in named if c.type in ("number", "date")]
        reverse = lex["reversed"].get(w)
        if reverse and not numeric and (implied is None or group_of(schema, implied) is None):
            implied = reverse  # "the oldest patient": the earliest date of birth
        if w in lex["dates_only"] and not numeric and not implied and len(dates) == 1:
            implied_date = dates  # "who's the newest member": the sheet's one date
        elif row_date_word(text, w) and not numeric and not implied and own_date is not None:
            implied_date = [own_date]
        else:
            implied_date = []
        if implied and not numeric:
            col = _implied_column(schema, implied)
            numeric = [col] if col is not None else []
            if implied == "price" and answer is not group_of(schema, "product") and (
                    group_of(schema, "qty") is not None or group_of(schema, "sales") not in (None, col)):
                # "the cheapest order" by price or by total? only items are cheap, unless a row
                # has one price and nothing to multiply it by ("the priciest alteration")
                return None
            if implied == "price" and any(c is not col and c.type == "number" and re.search(
                    r"价$|price", c.header.strip().lower()) for c in schema.columns):
                return None  # 最贵 beside 售价 and 进价: the price it sells at or is bought at? not guessed
        if reverse and not numeric:
            return None  # "the longest-serving member" with no date to count service from
        if implied_date:
            numeric = implied_date
        elif not named and not implied:  # "who filed the largest expense": the one numeric column
            numeric = [c for c in schema.columns if c.type == "number"][:2]
        if row_date_word(text, w) and own_date is not None and numeric and not any(c.type == "date" for c in numeric):
            numeric = implied_date = [own_date]  # 最早的一笔借款: 借款 names 借款金额 too, 最早 compares dates
        if w in lex["dates_only"] and any(c.type != "date" for c in numeric):
            return None
        if implied_date and _time_columns(schema):
            return None  # 最晚一次用印 beside 用印日期 and 用印时间: the latest day or the latest time?
        if reverse and len(numeric) == 1 and numeric[0].type == "date":
            fn = "MIN" if fn == "MAX" else "MAX"  # the oldest: born first; longest-serving: joined first
        if len({c.letter for c in numeric}) > 1:  # 销售二部销量: 销售 inside a value names no column
            from .aggregates import _values

            got = _values(text, schema, lexicon("aggregates"), taken)
            inside = got.spans if got is not None else []
            numeric = [c for c in numeric if any(c is d and not any(a <= q < b for a, b in inside)
                                                 for q, d in mentions(text, schema))]
        if w not in lex["dates_only"] and any(c.type == "number" for c in numeric):
            numeric = [c for c in numeric if c.type == "number"]  # "ordered the most loads": Loads, not Ordered
        if len({c.letter for c in numeric}) != 1 or numeric[0] is answer:
            return None
        by = numeric[0]
        if (by.first_row, by.last_row) != (answer.first_row, answer.last_row):
            if aligned(by, answer) is None:
                return None
            by, answer = aligned(by, answer)  # the last rows of Minutes watched left blank
        from .rows import _one_row_a_day

        daily = tuple(lex["daily_rows"]) if _one_row_a_day(schema) else ()  # "our best day": a row is a day
        left = leftover(text, schema, lexicon("aggregates"), taken, mentions(text, schema), tuple(lex["filler"]) + daily)
        # "who had the 2nd highest sales in West", 销售一部销售额第二高的是谁: among the rows of a value
        from .aggregates import _values, condition_mask

        got = _values(text, schema, lexicon("aggregates"), taken)
        mask = condition_mask(schema, by, got.conditions) if got is not None and got.conditions else None
        if mask is not None:
            if not any(c.column == answer.header for c in got.conditions):
                left = leftover(text, schema, lexicon("aggregates"), taken + got.spans, mentions(text, schema),
                                tuple(lex["filler"]) + daily)
            else:
                mask = None
        asked = any(re.search(p, text) for p in lex["which"]) or has(text, lex["who"]) \
            or (span[0] == 0 and re.match(r"\s*(?:of|for|with)\s+the\s", text[span[1]:]) is not None)
        # what is compared said by a column's name or by the superlative itself ("the heaviest
        # parcel": its weight): a word left over is then the row's noun or a verb, if loose
        said_by = by.letter in {c.letter for c in named} or (
            implied is not None and getattr(_implied_column(schema, implied), "letter", None) == by.letter
            and not has(text, ["name of"])) or (  # "name of the heaviest animal": not a person
            implied_date == [own_date] and own_date is not None)  # 最近一次出差: the row's own date
        if left and not (asked and said_by and _loose_ok(left, text, schema, answer, lex)):
            return None
        if mask is not None:
            from .families.lookups import argext_where

            found_row = argext_where(schema, by, answer, mask, fn == "MAX", kth or 1)
            return None if found_row is None else (
                "=" + found_row, f"{answer.header} of the row with the {kth or 1}. "
                f"{'largest' if fn == 'MAX' else 'smallest'} {by.header} among the rows where "
                + " and ".join(f"{c.column} is {c.value}" for c in got.conditions))
        if kth is not None:
            if kth > by.last_row - by.first_row + 1:
                return None
            big = "LARGE" if fn == "MAX" else "SMALL"
            return (f"=INDEX({answer.range},MATCH({big}({by.range},{kth}),{by.range},0))",
                    f"{answer.header} of the row with the {kth}. {'largest' if fn == 'MAX' else 'smallest'} "
                    f"{by.header}")
        return (f"=INDEX({answer.range},MATCH({fn}({by.range}),{by.range},0))",
                f"{answer.header} of the row with the {'largest' if fn == 'MAX' else 'smallest'} {by.header}")
    return _by_value(text, schema, lex, answer, taken)


def _number_keys(text: str, schema: SheetSchema) -> list[tuple[Column, str, tuple[int, int], list[int]]]:
    """A row named by a number said with its column ("lane 7", "seat no. 12", 钓位37, 37号钓位,
    3号桌, 客户编号452 on a column of "00452"): (the column, the value as the sheet stores it, the
    span of both, the rows holding it), for each column of numbers (or of numbers stored as
    text) said right beside a number that is one value of it."""
    out = []
    said = [(p, col, p + len(_word_at(text[p:], col))) for p, col in mentions(text, schema)]
    for col in schema.columns:  # "job 517" for a "Job no" column: the noun of a header of numbers
        m = _NUMBERED.fullmatch(col.header.strip().lower())
        if m and not any(c is col for _p, c, _e in said):
            said += [(h.start(), col, h.end()) for h in re.finditer(rf"(?<![a-z]){re.escape(m.group(1))}(?![a-z])", text)][:1]
    for p, col, end in said:
        if col.type not in ("number", "text", "mixed"):
            continue
        after = re.match(r"\s*(?:no\.?\s*|number\s+|#\s*|是)?(\d+)(?![\d.])(?:\s*号)?", text[end:])
        before = re.search(r"(?<![\d.])(\d+)\s*号(?:的)?\s*$", text[:p])
        for m, span in ((after, (p, end + after.end()) if after else None),
                        (before, (before.start(), end) if before else None)):
            if m is None:
                continue
            n = m.group(1)
            cells = values(schema, col)
            rows = [i for i, v in enumerate(cells) if v is not None and str(v).strip() in (n, f"{n}.0")
                    or isinstance(v, (int, float)) and not isinstance(v, bool) and v == int(n)]
            if not rows:  # "vendor 931" on codes kept as text with their zeros ("00931"): the one code
                rows = [i for i, v in enumerate(cells) if isinstance(v, str) and v.strip().isdigit()
                        and v.strip().startswith("0") and v.strip().lstrip("0") == n.lstrip("0")]
                if len({str(cells[i]).strip() for i in rows}) != 1:
                    continue
                n = str(cells[rows[0]]).strip()
                if rows:
                    out.append((col, n, span, rows))  # a customer's code on a log of visits: several rows
            elif len(rows) == 1:
                out.append((col, n, span, rows))
    return out


#: a header naming its rows by number ("Job no", "Order #", "Ticket number"): group 1 the noun
_NUMBERED = re.compile(r"([a-z]{3,})\s*(?:no\.?|number|num|#)")


def _by_number(text: str, schema: SheetSchema, lex: dict, answer: Column | None,
               taken: list[tuple[int, int]]) -> tuple[str, str] | None:
    """The ``answer`` (None: the one other column named) of the row whose number is said with
    its column (:func:`_number_keys`); None unless exactly one such key and every word read.
    A key on several rows (a customer's code on a log of visits) answers only where every one
    of its rows gives the same text."""
    ops = lexicon("aggregates")["ops"]
    if has(text, [w for op in ("count", "sum", "average", "median") for w in ops[op]] + lex["totals"]):
        return None  # "how many stays in run 7": a count (of one row, or none), not the row's Stay
    keys = [k for k in _number_keys(text, schema) if k[0] is not answer
            and not any(a < k[2][1] and k[2][0] < b for a, b in taken)]
    if len(keys) != 1:
        return None
    key, n, span, rows = keys[0]
    if answer is None:
        named = {c.letter: (p, c) for p, c in mentions(text, schema)
                 if c is not key and not (span[0] <= p < span[1])}
        if len(named) != 1:
            return None
        p, answer = next(iter(named.values()))
        taken = [*taken, (p, p + len(_word_at(text[p:], answer)))]
    if key is answer or (pair := _same_rows(key, answer)) is None:
        return None
    key, answer = pair
    said = {str(values(schema, answer)[i]) for i in rows}
    if len(rows) != 1 and (answer.type not in ("text", "mixed") or len(said) != 1 or "None" in said):
        return None
    taken = [*taken, span]
    if _residue(text, schema, lexicon("aggregates"), taken, mentions(text, schema), tuple(lex["filler"])):
        return None
    needle = str(int(n)) if key.type == "number" else f'"{n}"'
    return (f"=INDEX({answer.range},MATCH({needle},{key.range},0))",
            f"{answer.header} where {key.header} = {n}")


def _same_rows(key: Column, answer: Column) -> tuple[Column, Column] | None:
    """``key`` and ``answer`` over the same rows, or None when they start on different rows: a
    column whose last cells are still blank (Invoiced, not yet filled for the newest jobs)
    reaches down to the other's last row, as the table does."""
    if key.first_row != answer.first_row:
        return None
    last = max(key.last_row, answer.last_row)
    return dataclasses.replace(key, last_row=last), dataclasses.replace(answer, last_row=last)


def _outside_headers(vals, text: str, schema: SheetSchema):
    """``vals`` without the values said only inside a longer header the request names: 会员卡 (a
    支付方式) inside "会员卡号001131" is the header 会员卡号, not a condition."""
    if vals is None:
        return None
    heads = [(p, p + len(_word_at(text[p:], c))) for p, c in mentions(text, schema)]
    keep = [(c, sp) for c, sp in zip(vals.conditions, vals.spans, strict=False)
            if not any(a <= sp[0] and sp[1] <= b and b - a > sp[1] - sp[0] for a, b in heads)]
    if len(keep) == len(vals.conditions):
        return vals
    return type(vals)([c for c, _ in keep], [sp for _, sp in keep])


def _implied_column(schema: SheetSchema, implied: str) -> Column | None:
    """The column a superlative's implied measure names ("priciest": the price): the owner of
    its synonym group, else the one number column whose header has the word ("Price each",
    "Price per kg")."""
    col = group_of(schema, implied)
    if col is not None:
        return col
    said = [c for c in schema.columns if c.type == "number"
            and implied in re.findall(r"[a-z]+", c.header.lower())]
    return said[0] if len(said) == 1 else None


def _named(text: str, schema: SheetSchema, lex: dict) -> tuple[str, str] | None:
    vals = _outside_headers(_values(text, schema, lexicon("aggregates"), []), text, schema)
    if vals is None or not vals.conditions:
        return _by_number(text, schema, lex, None, [])  # "钓位37的钓友", "who's on lane 7"
    if len(vals.conditions) != 1:
        return None
    key = vals.conditions[0].column.lower()
    named = {c.letter: (p, c) for p, c in mentions(text, schema)
             if c.header.lower() != key and not any(a <= p < b for a, b in vals.spans)}
    if len(named) != 1:
        return None
    p, answer = next(iter(named.values()))
    return _by_value(text, schema, lex, answer, [(p, p + len(_word_at(text[p:], answer)))])


def _by_value(text: str, schema: SheetSchema, lex: dict, answer: Column,
              taken: list[tuple[int, int]]) -> tuple[str, str] | None:
    vals = _outside_headers(_values(text, schema, lexicon("aggregates"), taken), text, schema)
    if vals is None or not vals.conditions:
        return _by_number(text, schema, lex, answer, taken)  # "37号钓位是谁", "who bowled on lane 7"
    if len(vals.conditions) != 1:
        return None
    cond = vals.conditions[0]
    key = schema.column(cond.column)
    if key is None or key is answer or (pair := _same_rows(key, answer)) is None:
        return None
    key, answer = pair
    said = [a for k, a in zip(values(schema, key), values(schema, answer), strict=True) if str(k) == str(cond.value)]
    if len(said) != 1 and (answer.type not in ("text", "mixed") and not is_identifier(answer)
                           or len({str(a) for a in said}) != 1 or said[0] is None):
        # several rows hold it: the first one's answer is no answer, unless every row gives the
        # same text ("rosie wright's phone number" on a log of her sessions); a number there may
        # be asked as a total ("tom's fee")
        return None
    taken += vals.spans
    if _residue(text, schema, lexicon("aggregates"), taken, mentions(text, schema), tuple(lex["filler"])):
        return None
    needle = '"' + str(cond.value).replace('"', '""') + '"'
    return (f"=INDEX({answer.range},MATCH({needle},{key.range},0))",
            f"{answer.header} where {key.header} = {cond.value}")


#: a rate per unit of time (时薪, hourly rate, 每晚价), a row's money (多少钱, "how much", cost), and a
#: column of time (工时, hours, 天数, nights)
_PER_TIME = re.compile(r"时薪|日薪|每小时|每晚|每天|每日|/小时|/时|/天|/晚|hourly|daily|nightly|per (?:hour|day|night)|(?:day|hour|night) rate|/h\b|/hr\b")
_MONEY_OF_ROW = re.compile(r"多少钱|费用|金额|总价|收费|how much|cost|charge|\bfee\b|\bbill\b|\bpay\b|amount")
_DURATION = re.compile(r"小时|工时|时长|天数|晚数|几晚|hours?\b|\bhrs?\b|nights?\b|days?\b|duration")


def read_row(request: str, schema: SheetSchema, target_col: int) -> RowReading | None:
    """A per-row lookup into the workbook's other sheet: "hourly rate for each booking from the
    Plans tab", 每条流水的计量单位（物料表里有）, "hours x the plan's hourly rate".

    The answer is the one column the request names that only the other sheet has; the key is
    the column of this sheet whose values the other sheet lists once each (Plan -> Plans!Plan);
    ``INDEX(Plans!$B$2:$B$5,MATCH(E{r},Plans!$A$2:$A$5,0))``, times a column of this sheet when
    the request multiplies (lexicon ``lookups.json`` ``times``).  None when anything is unclear.
    """
    low = request.lower()
    lex = lexicon("lookups")
    own = {c.header.strip().lower() for c in schema.columns}
    by_header = _row_by_header(request, schema, target_col)
    if by_header is not None:
        return by_header
    found = []
    for name, other in schema.others.items():
        said = without_sheet(request, name, other)
        if _names_a_value(said, schema, other):
            return None
        asked = {c.letter: (p, c) for p, c in mentions(said, other) if c.header.strip().lower() not in own}
        if not asked:  # "miles x rate" beside a Rates tab's "Rate per mile"
            from .otherhead import head_word as _head_word

            asked = _head_word(said, other, own)
        keyed = _key_named(said, schema, other)  # "按工号", "by session", "code -> name": the key said
        if keyed is not None:  # the key's words ask nothing, unless they name no join ("按进价": the price)
            narrowed = {k: (p, c) for k, (p, c) in asked.items() if not keyed[0][0] <= p < keyed[0][1]}
            if len(narrowed) == 1 and _row_keys(schema, other, next(iter(narrowed.values()))[1], target_col, keyed[1]):
                asked = narrowed
            else:
                keyed = None
        if len(asked) != 1:
            continue
        at, answer = next(iter(asked.values()))
        keys = _row_keys(schema, other, answer, target_col, keyed[1] if keyed else None)
        if len(keys) != 1:
            continue
        key, okey = keys[0]
        # the words that named the answer name nothing of this sheet ("per night price": not Nights)
        low_said = said.lower()
        end = at + max((len(f) for f in header_forms(answer.header) if low_said.startswith(f, at)), default=0)
        found.append((name, said, answer, key, okey, (at, end), keyed))
    if len(found) != 1:
        return None
    name, said, answer, key, okey, span, keyed = found[0]
    pre = sheet_prefix(name)
    rng = lambda c: f"{pre}${c.letter}${c.first_row}:${c.letter}${c.last_row}"  # noqa: E731
    if "vlookup" in low:
        if col_index(okey.letter) >= col_index(answer.letter):
            return None
        width = col_index(answer.letter) - col_index(okey.letter) + 1
        look = (f"VLOOKUP({key.letter}{{r}},{pre}${okey.letter}${okey.first_row}:"
                f"${answer.letter}${answer.last_row},{width},FALSE)")
    else:
        look = f"INDEX({rng(answer)},MATCH({key.letter}{{r}},{rng(okey)},0))"
    what = f"{answer.header} from sheet {name} for the row's {key.header}"
    if answer.type not in ("number", "date") and _AMOUNT_ASKED.search(low):
        return None  # "how many days did each job take? blank while still with the translator": no name
    # the other columns of this sheet the request names: at most one, multiplied by the rate
    each = re.compile(lex["each_row"] + r"\s*$")
    named = {c.letter: c for p, c in mentions(said, schema)
             if c is not key and c.header.strip().lower() != okey.header.strip().lower()
             and col_index(c.letter) != target_col and not each.search(said[:p].lower())
             and not span[0] <= p < span[1] and not (keyed and keyed[0][0] <= p < keyed[0][1])}
    if not named:
        if _PER_TIME.search(answer.header.lower()) and _MONEY_OF_ROW.search(low) and any(
                c.type == "number" and _DURATION.search(c.header.lower()) for c in schema.columns):
            return None  # "每单多少钱（时薪在阿姨名单里）": an hourly rate times the hours, not the rate
        if re.search(lex["unit_price"], answer.header.lower()) and re.search(lex["line_money"], low) \
                and answer.type == "number":
            # "每笔卖了多少钱，售价在价目表里": the line's money is its quantity times the price
            qty = group_of(schema, "qty")
            if qty is None or qty.type != "number" or col_index(qty.letter) == target_col:
                return None
            return RowReading(f"={qty.letter}{{r}}*{look}", f"{qty.header} times {what}")
        return RowReading(f"={look}", what)
    times = any(re.search(p, low) for p in lex["times"])
    share = re.search(lex["share_of"], said.lower())
    if len(named) == 1 and share and not times:
        # "days taken as a percentage of the grade's annual days": this sheet's column over the
        # value looked up, said after the share word (and the column before it)
        part = next(iter(named.values()))
        at_part = next(p for p, c in mentions(said, schema) if c is part)
        if part.type != "number" or answer.type != "number" or not at_part < share.start() <= span[0]:
            return None
        return RowReading(f"={part.letter}{{r}}/{look}", f"{part.header} as a share of {what}")
    if len(named) != 1 or not times:
        return None
    factor = next(iter(named.values()))
    if factor.type != "number" or answer.type != "number":
        return None
    return RowReading(f"={factor.letter}{{r}}*{look}", f"{factor.header} times {what}")


#: a request asking for an amount, a count or a span: never answered by a text looked up
_AMOUNT_ASKED = re.compile(r"\bhow (?:many|much|long)\b|\b(?:number|count) of\b|\b(?:days?|weeks?|months?|hours?)\b"
                           r"|多少|几天|几次|几个|几周|天数|时长")


def _row_keys(schema: SheetSchema, other: SheetSchema, answer: Column,
              target_col: int, said: set[int] | None = None) -> list[tuple[Column, Column]]:
    """(this sheet's column, the other sheet's column) pairs whose values the other sheet
    lists once each and that cover every value of this sheet's column: the best only; only
    pairs holding a column the request names as the key (``said``, ids) when it names one."""
    best: list[tuple[Column, Column]] = []
    top = 0.0
    for ocol in other.columns:
        if ocol is answer or ocol.type not in ("text", "mixed", "number"):
            continue
        ovals = [v for v in values(other, ocol) if v is not None]
        if len(set(map(str, ovals))) != len(ovals) or len(ovals) < 2:
            continue  # a key the other sheet lists twice finds its first row only
        for col in schema.columns:
            if col_index(col.letter) == target_col or col.type != ocol.type:
                continue
            if said is not None and id(col) not in said and id(ocol) not in said:
                continue
            mine = {str(v) for v in values(schema, col) if v is not None}
            if len(mine) < 2:
                continue
            cover = len(mine & set(map(str, ovals))) / len(mine)
            if cover < 0.9:
                continue
            if cover > top:
                best, top = [(col, ocol)], cover
            elif cover == top:
                best.append((col, ocol))
    same = [(a, b) for a, b in best if a.header.strip().lower() == b.header.strip().lower()]
    best = same or best
    if len(best) > 1:  # 药品编码 and 药品名称 both: the other sheet's leftmost key, the usual one
        first = min(col_index(b.letter) for _a, b in best)
        best = [(a, b) for a, b in best if col_index(b.letter) == first]
    return best


def _key_named(said: str, schema: SheetSchema, other: SheetSchema) -> tuple[tuple[int, int], set[int]] | None:
    """The key a per-row lookup names ("按工号", "根据客户级别", "by session", "using the Rep code",
    "code -> name"): the span of its words and the ids of the columns of either sheet it names;
    None when no key is said or the words name columns of neither sheet."""
    low = said.lower()
    for m in _KEY_SAID.finditer(low):
        at = m.end()
        hits = [(at, c) for s in (schema, other) for p, c in mentions(low[at:], s) if p == 0]
        if m.group("arrow") is not None:  # "code -> name": the word before the arrow
            hits = [(p, c) for s in (schema, other) for p, c in mentions(low, s)
                    if p < m.start() and p + len(_word_at(low[p:], c)) >= len(low[:m.start()].rstrip())]
        if hits:
            start = min(p for p, _c in hits + [(m.start(), None)])
            end = max(p + len(_word_at(low[p:], c)) for p, c in hits)
            gap = len(low[end:]) - len(low[end:].lstrip())  # "the Rep code": the code word is the key's too
            hits += [(end + gap, c) for s in (schema, other) for p, c in mentions(low[end + gap:], s)
                     if p == 0 and _CODE_WORD.search(c.header.lower())]
            end = max(p + len(_word_at(low[p:], c)) for p, c in hits)
            return (start, max(end, m.end())), {id(c) for _p, c in hits}
    return None


#: a header of codes ("Code", "Rep ID", 编码): said after the key's name it names the same key
_CODE_WORD = re.compile(r"(?<![a-z])(?:code|id|no|number|ref)(?![a-z])|编码|编号|代码|代号")
#: words that say which column finds the row: 按/根据/用 X, "by / using / keyed on X", "X -> the answer"
_KEY_SAID = re.compile(r"(?:按照?|根据|依据|通过|对应)\s*(?:每行的|这行的|本行的|各行的)?"
                       r"|(?<![a-z])(?:by|using|via|based on|keyed (?:on|by)|match(?:ed|ing)? (?:on|by))\s+"
                       r"(?:the\s+|its\s+|their\s+|each\s+row's\s+|the\s+row's\s+)?"
                       r"|(?P<arrow>\s*(?:->|→|=>)\s*)")


def _names_a_value(text: str, schema: SheetSchema, other: SheetSchema) -> bool:
    """Whether ``text`` names a value of the other sheet or of this one ("the Resident plan",
    "szabo's mobile", 润滑油): a lookup of one row, not one per row."""
    low = text.lower()
    heads = {w for s in (schema, other) for c in s.columns for w in re.findall(r"[a-z]+", c.header.lower())}
    for s in (schema, other):
        for c in s.columns:
            if c.type not in ("text", "mixed"):
                continue
            for v in c.distinct:
                v = v.strip().lower()
                if len(v) >= 2 and (v in low if re.search(r"[\u4e00-\u9fff]", v) else
                                    re.search(rf"(?<![a-z0-9]){re.escape(v)}(?![a-z0-9])", low)):
                    return True  # a Latin value as a word: "Ann" is not in "annual", "Cy" not in "percentage"
                if re.match(r"[\u4e00-\u9fff]{3}", v) and v[:3] in low:  # 布洛芬 for 布洛芬缓释胶囊
                    return True
                if any(len(w) >= 4 and w not in heads and re.search(rf"(?<![a-z]){w}(?![a-z])", low)
                       for w in re.findall(r"[a-z]+", v)):
                    return True
    return False


def _row_by_header(request: str, schema: SheetSchema, target_col: int) -> RowReading | None:
    """A per-row lookup whose column the row says: "根据车型从价目表取价格", "轿车用轿车价，SUV用SUV价"
    on a price list with 轿车价 | SUV价 columns: each value of this sheet's 车型 names one of them
    (the value and one shared affix), and the row's key finds the row:
    ``INDEX(价目表!$B$2:$C$7,MATCH(D2,价目表!$A$2:$A$7,0),MATCH(E2&"价",价目表!$B$1:$C$1,0))``."""
    found = []
    for name, other in schema.others.items():
        said = without_sheet(request, name)
        low = said.lower()
        named = {c.letter for _p, c in mentions(said, schema)}
        for col in schema.columns:
            vals = [v for v in col.distinct if v.strip()]
            if col_index(col.letter) == target_col or col.type != "text" or not 2 <= len(vals) <= 8:
                continue
            if col.letter not in named and not any(v.lower() in low for v in vals):
                continue
            picked, affixes = [], set()
            for v in vals:
                cands = [c for c in other.columns if c.type == "number" and v.lower() in c.header.lower()]
                if len(cands) != 1:
                    break
                head = cands[0].header
                at = head.lower().index(v.lower())
                affixes.add((head[:at], head[at + len(v):]))
                picked.append(cands[0])
            else:
                if len(affixes) != 1 or len(set(c.letter for c in picked)) != len(picked):
                    continue
                letters = sorted(col_index(c.letter) for c in picked)
                if letters != list(range(letters[0], letters[0] + len(letters))):
                    continue  # one block of columns: the two-way INDEX reads it
                others_named = {c.letter for _p, c in mentions(said, other)
                                if c.header.strip().lower() not in {h.header.strip().lower() for h in schema.columns}}
                if others_named - {c.letter for c in picked}:
                    continue  # "用时" names another column of the price list
                keys = [(k, ok) for k, ok in _row_keys(schema, other, picked[0], target_col) if k is not col]
                if len(keys) != 1:
                    continue
                found.append((name, other, col, picked, affixes.pop(), keys[0]))
    if len(found) != 1:
        return None
    name, other, col, picked, (before, after), (key, okey) = found[0]
    pre = sheet_prefix(name)
    first, last = min(picked, key=lambda c: col_index(c.letter)), max(picked, key=lambda c: col_index(c.letter))
    row = other.header_row
    block = f"{pre}${first.letter}${first.first_row}:${last.letter}${last.last_row}"
    heads = f"{pre}${first.letter}${row}:${last.letter}${row}"
    lit = lambda t: '"' + t.replace('"', '""') + '"'  # noqa: E731
    name_of = "&".join([*([lit(before)] if before else []), f"{col.letter}{{r}}", *([lit(after)] if after else [])])
    return RowReading(f"=INDEX({block},MATCH({key.letter}{{r}},{pre}${okey.letter}${okey.first_row}:"
                      f"${okey.letter}${okey.last_row},0),MATCH({name_of},{heads},0))",
                      f"the {col.header} column of sheet {name} for the row's {key.header}")
