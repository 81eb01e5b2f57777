"""Checks that catch a wrong generated formula before it is returned (issue 16 item 5).

A formula can parse and compute and still answer another question.  These
checks look at what the request names and what the formula reads:

- a header cell read as data (``SUM(C1:C10)``, ``=B2-B1`` on the first data row);
- a sum or average of an identifier column (IDs, codes, years, phone numbers);
- a month the request names ("total amount for april") that the formula ignores;
- a number the request names that appears nowhere in the formula;
- an operation the request asks for (rounding, a rank, a share, a comparison, a label)
  that the formula does not perform (``lexicon/operations.json``);
- the kind of answer asked against the kind given (``lexicon/answers.json``): a date asked
  and no date column read, dates or a row numbering (301, 302, ...) or a price per unit added
  up, "who" answered with a column that holds no people, the different values of a yes/no
  column counted, a weekday given as a number nobody asked for;
- words of the request left unused: the column after "plus" / "x" / 乘以 never read, a number
  column a per-row answer never reads, a word of the value column's own name used as a criterion
  ("add up the monthly fees" is no SUMIF over Membership = "Monthly").

Each returns the reason as a sentence, or None.  Vocabulary:
``lexicon/identifiers.json``.
"""

from __future__ import annotations

import re

from .engine import references
from .rowbase import date_in, header_numbers, is_zh, lexicon, numbers
from .schema import Column, SheetSchema, col_index

_CELLS = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)")
_MONTHS = "january february march april may june july august september october november december".split()
_AGG = re.compile(r"\b(SUM|AVERAGE|SUMIF|SUMIFS|AVERAGEIF|AVERAGEIFS|SUMPRODUCT)\(", re.I)


def _column_at(schema: SheetSchema, letter: str) -> Column | None:
    return next((c for c in schema.columns if c.letter == letter), None)


def header_reference(formula: str, schema: SheetSchema, request: str = "") -> str | None:
    """A reference that reads a column's header cell as if it were data (unless the request wrote it)."""
    for ref in references(formula):
        if ref.replace("$", "").upper() in request.upper():
            continue  # "the table A1:F11": the user's own range
        cells = _CELLS.findall(ref.split("!")[-1])
        if "!" in ref or not cells:
            continue
        (c1, r1), (c2, r2) = cells[0], cells[-1]
        if r1 == r2 and re.search(r"INDEX\(\s*" + re.escape(ref) + r"\s*,", formula, re.I):
            continue  # INDEX(C1:N1,MATCH(…)): the header row is the answer ("which month"), not data
        for col in schema.columns:
            hr = col.first_row - 1
            inside = col_index(c1) <= col_index(col.letter) <= col_index(c2) and int(r1) <= hr <= int(r2)
            if inside and col.header and schema.cells.get((hr, col_index(col.letter))) == col.header:
                return f"it reads the header cell {col.letter}{hr} ({col.header!r}) as data"
    return None


def is_identifier(col: Column) -> bool:
    """IDs, codes, years, phone numbers: numbers no one adds up."""
    h = col.header.lower().strip()
    return any(re.search(p, h) for p in lexicon("identifiers")["header_patterns"])


def identifier_sum(formula: str, schema: SheetSchema) -> str | None:
    """SUM / AVERAGE over an identifier column."""
    for _fn, col in _aggregated(formula, schema):
        if is_identifier(col):
            return f"it adds up {col.header}, a column of identifiers"
    return None


def unit_price_sum(formula: str, schema: SheetSchema) -> str | None:
    """SUM of a unit price column (a column under a merged 单价（元） group: 主材 | 辅材 | 人工):
    prices of several rows added up are no total; the total is quantity × price."""
    from .rowbase import _bare, lexicon

    amounts = {w.lower() for g in lexicon("columns")["groups"] if g[0] == "sales" for w in g}
    for fn, col in _aggregated(formula, schema):
        if fn not in ("SUM", "SUMIF", "SUMIFS"):
            continue
        if col.group and re.fullmatch(r"单价|unit (?:price|cost)s?|price per unit", _bare(col.group).lower()) \
                and _bare(col.header).lower() not in amounts:  # (a 单价 header is _priced's; 价格 over 金额 is no price)
            return f"it adds up {col.header}, a unit price (a total is quantity × price)"
    return None


def _aggregated(formula: str, schema: SheetSchema):
    """(function, column) for each column range an aggregate of ``formula`` adds or averages."""
    for m in _AGG.finditer(formula):
        # the value range of the aggregate: first argument, or the last of SUMIF/AVERAGEIF
        args = _call_arguments(formula, m.end())
        fn = m.group(1).upper()
        picked = args[2:3] if fn in ("SUMIF", "AVERAGEIF") and len(args) == 3 else args[:1]
        if fn == "SUMPRODUCT":
            picked = args
        for arg in picked:
            cells = _CELLS.findall(arg)
            if len(cells) == 2 and cells[0][0] == cells[1][0]:
                col = _column_at(schema, cells[0][0])
                if col is not None:
                    yield fn, col


def identifier_named(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"add up the table numbers", "sum of the invoice numbers": the request itself calls a
    column's values numbers (order numbers, invoice nos.) - labels, which no one adds up or
    averages, whatever column the formula found to add.  Only a column that can hold labels:
    text, or whole numbers ("the sales numbers" of a column of amounts are its figures)."""
    if not _AGG.search(formula):
        return None
    from .annotate import _names
    from .rowbase import values

    low = request.lower()
    for col in schema.columns:
        vals = [v for v in values(schema, col) if v is not None]
        if col.type == "number" and not all(isinstance(v, (int, float)) and float(v).is_integer() for v in vals):
            continue
        if col.type == "number" and re.search(r"[a-z]{3,}[^s]s$", col.header.lower().strip()):
            continue  # Guests, Visits: a count of things per row ("total guest numbers" adds it up)
        for name in _names(col, schema.columns):
            if not re.match(r"[a-z]", name):
                continue
            if re.search(rf"(?<![a-z]){re.escape(name)}\s+(?:numbers|nos\.?|no\.|#s?)(?![a-z])", low):
                return f"it adds up the {col.header} numbers, which label rows rather than measure them"
    return None


def month_ignored(request: str, formula: str, schema: SheetSchema) -> str | None:
    """The request names a month the formula never looks at."""
    text = request.lower()
    m = re.search(r"(?<![a-z])(" + "|".join(_MONTHS) + r")(?![a-z])", text) or \
        re.search(r"(?<![\d年])(1[0-2]|[1-9])月(?!\d)|([一二三四五六七八九十]{1,2})月", request)
    if m is None or date_in(request):
        return None
    word = m.group(0)
    if word.lower() in formula.lower():
        return None  # a value like "6月" or "April"
    dates = {c.letter for c in schema.columns if c.type == "date"}
    used = {a for ref in references(formula) for a, _ in _CELLS.findall(ref)}
    from .annotate import header_aliases

    if any(c.letter in used and word.lower() in header_aliases(c, schema.columns) | {c.header.lower()}
           for c in schema.columns):
        return None  # the month is a column: "mean october attendance" reads the Oct column
    if re.search(r"\b(MONTH|DATE|EOMONTH|TEXT|DATEVALUE)\(", formula, re.I) or used & dates:
        return None
    return f"it ignores the month the request names ({word})"


#: a count asked: "how many", "no. of", "number of", "count", 几 / 多少 before a measure word, 次数 / 笔数
_COUNT_ASKED = re.compile(r"(?<![a-z])(?:how many|no\.?\s+of|nos?\s+of|number of|count|tally)(?![a-z])"
                          r"|几(?!号|月|日|点|时)|多少(?!钱|元|块)|[次笔单件条场桌个人]数|场次")
#: an answer that is one date and nothing else: =DATE(2026,12,1), =DATEVALUE("2026-12-01")
_BARE_DATE = re.compile(r"=\s*(?:DATE\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)|DATEVALUE\(\s*\"[^\"]*\"\s*\))\s*", re.I)


def date_for_a_count(request: str, formula: str) -> str | None:
    """"no. of deliveries Dec 2026" answered =DATE(2026,12,1): a count is never one date; the
    period the request names is a condition on its rows, read or refused, never the answer."""
    if _BARE_DATE.fullmatch(formula.strip()) and _COUNT_ASKED.search(request.lower()):
        return "the request asks how many, and the formula is one date (no rows are counted)"
    return None


def _year_of_the_sheet(year: str, schema: SheetSchema) -> bool:
    """Whether the sheet's name or title says ``year`` and no column holds dates or year headers
    (a sheet "Hires 2026" of monthly counts): the year then names the whole sheet, no condition."""
    if any(c.type == "date" or re.fullmatch(r"(?:19|20)\d\d", c.header.strip()) for c in schema.columns):
        return False
    titles = [schema.sheet] + [str(v) for (r, _c), v in schema.cells.items() if r < schema.header_row]
    return any(re.search(rf"(?<!\d){year}(?!\d)", t) for t in titles)


_NEAREST_BEFORE = re.compile(r"nearest\s*[£$€¥]?\s*$")


def _rounding_step(raw: str, before: str, body: str) -> bool:
    """"to the nearest 100", "nearest £1,000": a power of ten said as the step a rounding keeps,
    which the formula writes as ROUND's negative places (-2, -3), not as the number itself."""
    digits = raw.replace(",", "")
    if not re.fullmatch(r"10+", digits) or not _NEAREST_BEFORE.search(before):
        return False
    return re.search(rf"\b(?:ROUND|ROUNDUP|ROUNDDOWN)\(.*,-{len(digits) - 1}\)", body) is not None


def number_ignored(request: str, formula: str, schema: SheetSchema | None = None) -> str | None:
    """A number of the request that the formula does not contain in any form."""
    if is_zh(request) and re.search(r"[一二三四五六七八九十两]", request) and not re.search(r"\d", request):
        return None
    body = re.sub(r"\s", "", formula)
    have = {float(x) for x in re.findall(r"(?<![A-Z$\d.])\d+(?:\.\d+)?", body)}
    for v, unit, pos in (header_numbers(request, schema, units=False) if schema is not None else numbers(request)):
        raw = re.match(r"[\d.,]+", request[pos:]).group(0).rstrip(".,")
        after, before = request[pos + len(raw):], request[:pos].lower()
        if "," in raw and all(float(x) in have for x in raw.split(",") if x):
            continue  # "0,50,100,150": a list, not thousands
        if re.match(r"\s*(?:st|nd|rd|th)\b|\s*(?:行|名|位)|\s*(?:decimal|dp\b|places)", after) \
                or re.search(r"(?:row|第)\s*$", before):
            continue  # "2nd", "row 4", "第3行": positions, written as references
        if re.fullmatch(r"0\.0*1", raw) and re.search(r"(?:round(?:ed)?(?: it| off)? to(?: the nearest)?|到|至)\s*$", before):
            continue  # "四舍五入到0.01": decimal places, written as ROUND's 2
        if _rounding_step(raw, before, body):
            continue  # "to the nearest £100": ROUND's -2
        if re.match(r"\s*点", after) and v < 12 and f"TIME({int(v) + 12}," in body:
            continue  # "晚上8点": TIME(20,0,0)
        if v in (0, 1) and not unit:
            continue  # a default (SEQUENCE's start, a first row) as often as an operand
        if schema is not None and re.fullmatch(r"(?:19|20)\d\d", raw) and _year_of_the_sheet(raw, schema):
            continue  # "in 2026" on a sheet "Hires 2026" with no dates: every row is of that year
        forms = {v, v / 100} if unit else {v}
        written = float(raw.replace(",", ""))
        said = f"{v:g}"
        if re.match(r"\s*万", after):
            # 2万 is 20000; on a sheet that counts in 万 (预算（万元）) 60万 is 60 and only 60
            in_wan = schema is not None and schema.counts_in_wan
            forms = {written} if in_wan else {written * 10_000, v}
            said = f"{written:g}万"
        if re.match(r"(?:\s*千|[kK](?![A-Za-z]))", after):
            forms |= {written * 1_000}  # $1k, 5千
        if not forms & have and not any(abs(h - f) < 1e-9 for h in have for f in forms):
            return f"it does not use the number {said} the request names"
    return None


def contradictory_criteria(formula: str) -> str | None:
    """One range required to equal two different values at once (华东和华南 as SUMIFS: always 0)."""
    for m in re.finditer(r"\b(?:SUMIFS|COUNTIFS|AVERAGEIFS|MAXIFS|MINIFS)\(", formula, re.I):
        pairs = re.findall(r"(\$?[A-Z]{1,3}\$?\d+:\$?[A-Z]{1,3}\$?\d+),\s*\"([^\"<>=*?~][^\"]*)\"",
                           formula[m.end():])
        seen: dict[str, str] = {}
        for rng, value in pairs:
            if rng in seen and seen[rng] != value:
                return f"it requires {rng} to be both {seen[rng]!r} and {value!r}"
            seen[rng] = value
    for m in re.finditer(r"\bAND\(", formula, re.I):  # "tag B2 and C1 students": a cell is never both
        seen = {}
        for cell, value in re.findall(r"(?<![A-Z$])(\$?[A-Z]{1,3}\$?\d+)\s*=\s*\"([^\"]*)\"",
                                      ",".join(a for a in _call_arguments(formula, m.end())
                                               if not a.lstrip().upper().startswith("OR("))):  # (an OR's are alternatives)
            if cell in seen and seen[cell] != value:
                return f"it requires {cell} to be both {seen[cell]!r} and {value!r}"
            seen[cell] = value
    return None


def _call_arguments(formula: str, start: int) -> list[str]:
    """A call's top-level arguments, from ``start`` (just after its bracket) to its closing one;
    a comma or bracket inside a string literal ("Smith, J") splits nothing."""
    depth, quoted, args, begin = 0, False, [], start
    for i in range(start, len(formula)):
        ch = formula[i]
        if ch == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return args + [formula[begin:i]]
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(formula[begin:i])
            begin = i + 1
    return args


def extreme_without_its_row(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"单价最高的商品" asks for the item; a bare MAX/MIN gives the price ("top price paid" beside a
    Paid of Yes / No asks for the price: paid is its verb, ``markverb``)."""
    from .markverb import without_mark_verb
    from .rowbase import mentions

    request = without_mark_verb(request, schema)

    body = formula.lstrip("=").strip()
    if not re.fullmatch(r"(?:MAX|MIN|MAXIFS|MINIFS|LARGE|SMALL)\(.*\)", body, re.I):
        return None
    used = {a for ref in references(formula) for a, _ in _CELLS.findall(ref)}
    for _, col in mentions(request, schema):
        if col.type in ("text", "mixed") and col.letter not in used:
            return f"it gives the value, not the {col.header} the request asks for"
    return None


def _pronoun_not_acronym(request: str, start: int, end: int, value: str) -> bool:
    """True when a sheet's capitals (IT, HE) are said in small letters as an English function word
    ("it's on the other tab", "what is it"): the word, not the department."""
    from .rowbase import lexicon

    said = request[start:end]
    return (value.isupper() and said.islower()
            and said in lexicon("aggregates")["function_words_en"])


def value_ignored(request: str, formula: str, schema: SheetSchema) -> str | None:
    """A value of the sheet the request names ("华东和华南") that the formula never mentions."""
    from .aggregates import _contracted
    from .rowbase import value_mentions

    # "the I.T. department" names the value IT: a dotted acronym is read with its dots dropped
    request = re.sub(r"(?<![A-Za-z.])((?:[A-Za-z]\.){2,})", lambda m: m.group(1).replace(".", "") + " ", request)
    literals = " ".join(re.findall(r'"([^"]*)"', formula)).lower()
    low = request.lower()
    headers = [(m.start(), m.end()) for c in schema.columns if len(c.header) > 2
               for m in re.finditer(re.escape(c.header.lower()), low)]
    for start, end, col, value in value_mentions(request, schema):
        if any(a <= start < b for a, b in headers):
            continue  # "toby patel's member no": the No of the header Member No, not the value No
        if _contracted(request.lower(), start, value.lower(), col) is not None:
            continue  # 出入库: both kinds, every row
        if _pronoun_not_acronym(request, start, end, value):
            continue  # "it's on the Vendors tab" beside a Cost centre of IT: the pronoun
        if value.lower() not in literals:
            return f"it leaves out {value!r} ({col.header}), which the request names"
    return None


def count_of_repeated_values(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"how many departments" counted as rows: the column named repeats its values."""
    from .rowbase import mentions, values

    m = re.fullmatch(r"=\s*COUNTA?\((\$?[A-Z]{1,3})\$?\d+:\$?[A-Z]{1,3}\$?\d+\)", formula.strip(), re.I)
    if not m or re.search(r"non[- ]?(?:empty|blank)|cells|entries|values|rows|非空|单元格|行数", request.lower()):
        return None  # counting cells or rows is what was asked
    col = _column_at(schema, m.group(1).replace("$", "").upper())
    if col is None or not any(c is col for _, c in mentions(request, schema)):
        return None
    from .aggregates import rows_with_a

    filled = rows_with_a(request, schema, ("date",))
    if filled is not None and filled[0] is col:
        return None  # "how many kids have an exam date": the rows with one, however many share a day
    vals = [v for v in values(schema, col) if v is not None]
    if len(set(map(str, vals))) < len(vals):
        return f"{col.header} repeats its values: the rows are counted, not the {col.header} values"
    return None


def _sheet_words_blanked(request: str, formula: str, schema: SheetSchema) -> str:
    """``request`` lower-cased with what names the sheet's things blanked out.

    Quoted text, the labels the formula writes, examples of the result ("比如 林子涵-高一(1)班"),
    headers and every other name a column answers to (``annotate.header_aliases``,
    the synonym groups), and the sheet's values: what is left is what the request asks
    the answer to do.
    """
    from .annotate import _group_terms, _names, value_parts
    from .rowbase import quoted

    text = request.lower()
    chars = list(text)
    spans = [(p, p + len(q) + 2) for p, q in quoted(request)]
    spans += [m.span() for m in re.finditer(r"(?:\blike\b|\be\.g\.|\bsuch as\b|例如|比如|像)[^,，;；)）]*", text)]
    names = {n for c in schema.columns for n in _names(c, schema.columns)}
    names |= {w for w, _ in _group_terms(schema)}
    names |= {str(v).lower() for c in schema.columns for v in c.distinct if isinstance(v, str) and v.strip()}
    names |= {p for p, _, _ in value_parts(schema)}
    names |= {lit.lower() for lit in re.findall(r'"([^"]+)"', formula)}
    names |= {h.header.strip().lower() for n, o in schema.others.items() if n + "!" in formula
              for h in o.columns}  # 人均标准 looked up on 标准!: a header there, no average asked
    for name in sorted((n for n in names if n.strip()), key=len, reverse=True):
        pat = rf"(?<![a-z]){re.escape(name)}(?:s|es)?(?![a-z])" if re.match(r"[a-z0-9]", name) else re.escape(name)
        spans += [m.span() for m in re.finditer(pat, text)]
    for a, b in spans:
        for i in range(a, min(b, len(chars))):
            chars[i] = " "
    return "".join(chars)


def operation_ignored(request: str, formula: str, schema: SheetSchema) -> str | None:
    """The request asks for an operation ("rounded", "rank", "share of", 排名, 保留两位小数)
    that this formula does not perform.

    The readers' residue checks count a word as explained when ANY rule family knows it,
    so "rank" or "保留两位小数" could ride along with an answer that neither ranks nor
    rounds.  Here each operation word must be done by THIS answer (``lexicon/operations.json``).
    """
    from .rowbase import lexicon

    text = _sheet_words_blanked(request, formula, schema)
    body = formula.strip()
    for op in lexicon("operations")["operations"]:
        said = next((m.group(0) for p in op["request"] if (m := re.search(p, text))), None)
        if said is None:
            continue
        here = body[1:] if op.get("formula_skips_first") and body.startswith("=") else body
        if not re.search(op["formula"], here, re.I):
            return f"the request says {said.strip()!r}, which the formula does not do ({op['name']})"
    return None


_HOW_MANY = re.compile(r"(?<![a-z])how many(?![a-z])|多少(?!个|条|行|笔|人|次|名|位|家|种)")
_COUNTING = re.compile(r"(?<![a-z])(?:count|number of|entries|values|cells|numbers|rows|records)(?![a-z])"
                       r"|个数|几个|几条|几行|几笔|行数|条数|记录")


def per_unit_ignored(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"平均一张票多少钱" on a sheet with 发票张数: money per 张 is the amount over the count of
    张 - an answer that never reads the column counting them answers something else."""
    used = {a for ref in references(formula) for a, _ in _CELLS.findall(ref)}
    for m in re.finditer(r"(?:每|一)([张件台吨度箱袋份])", request):
        unit = m.group(1)
        for col in schema.columns:
            if col.type == "number" and re.search(rf"{unit}数|[（(]{unit}[)）]", col.header) and col.letter not in used:
                return f"the request asks per {unit}, and {col.header} (the count of {unit}) is not used"
    return None


def count_of_a_measure(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"how many hours have we spent" answered with a row count: hours are what a numeric
    column (Actual Hours) measures, so they add up; the rows are not hours."""
    if not re.fullmatch(r"=\s*COUNTA?\(\$?[A-Z]{1,3}\$?\d+:\$?[A-Z]{1,3}\$?\d+\)", formula.strip(), re.I):
        return None
    m = re.search(r"(?<![a-z])how many ([a-z]+)", request.lower())
    if m is None:
        return None
    word = m.group(1)
    for col in schema.columns:
        if col.type == "number" and not is_identifier(col) and any(
                w in (word, word.removesuffix("s")) for w in re.findall(r"[a-z]+", col.header.lower())):
            return f"{word} are what {col.header} measures: counting rows does not give them"
    return None


def count_of_money(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"2025年做了多少张" answered with the sum of a money column (营业额, a 2025 column on a sheet
    of 营业额): a count of 张 / 件 / 台 is no sum of yuan.  Money is a header (or, for a bare year
    header, the sheet's name) that says an amount: 额, 金额, 收入, 元, 费."""
    m = re.search(r"多少\s*([张件台只份箱袋单个])(?![数量])", request)
    if m is None:
        return None
    money = re.compile(r"额|收入|营收|[（(]\s*(?:万)?元\s*[)）]|费")
    for fn, col in _aggregated(formula, schema):
        if fn not in ("SUM", "SUMIF", "SUMIFS"):
            continue
        said = schema.sheet if re.fullmatch(r"(?:19|20)\d\d", col.header.strip()) else col.header
        if money.search(said):
            return f"the request asks how many {m.group(1)}, and {col.header} holds money: its sum is no count"
    return None


_SCORE_ASKED = re.compile(r"平均分|总分|得分|评分|分数|打分|几分|多少分|星级|(?<![a-z])(?:scores?|ratings?|marks|stars)(?![a-z])")
_SCORE_HEADER = re.compile(r"评分|得分|积分|学分|分数|打分|总分|成绩|星级|(?<![a-z])(?:scores?|ratings?|rated|marks?|stars?|points?|grades?)(?![a-z])")


def score_of_another_column(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"老钱的平均分" answered with the average of his 费用: a score asked (平均分, rating) is read
    from the sheet's score column (评分, Rating) when it has one, never from another amount."""
    if not _SCORE_ASKED.search(request.lower()):
        return None
    scores = {c.letter for c in schema.columns if c.type == "number" and _SCORE_HEADER.search(c.header.lower())}
    if not scores:
        return None
    for _fn, col in _aggregated(formula, schema):
        if col.letter not in scores and not _SCORE_HEADER.search(col.header.lower()):
            return f"the request asks for a score, and the formula reads {col.header}, not the sheet's score column"
    return None


def count_of_a_unique_value(formula: str, schema: SheetSchema) -> str | None:
    """``COUNTIF(Nation,"Indonesia")`` where every Nation appears once: the count is 1 whatever
    was asked ("number of medals earned by Indonesia" is a value of Indonesia's row)."""
    m = re.fullmatch(r'=\s*COUNTIFS?\((\$?[A-Z]{1,3})\$?\d+:\$?[A-Z]{1,3}\$?\d+,\s*"([^"<>=*?~][^"]*)"\)',
                     formula.strip(), re.I)
    if not m:
        return None
    from .rowbase import values

    col = _column_at(schema, m.group(1).replace("$", "").upper())
    if col is None or col.type not in ("text", "mixed"):
        return None
    vals = [str(v).strip().lower() for v in values(schema, col) if v is not None and str(v).strip()]
    if len(vals) >= 5 and len(set(vals)) == len(vals):
        return f"every {col.header} appears once: counting {m.group(2)!r} gives 1, not what was asked"
    return None


def count_of_a_quantity(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"how many units are there" on a quantity column: the units add up, the rows do not count."""
    m = re.fullmatch(r"=\s*COUNTA?\((\$?[A-Z]{1,3})\$?\d+:\$?[A-Z]{1,3}\$?\d+\)", formula.strip(), re.I)
    low = request.lower()
    if not m or not _HOW_MANY.search(low) or _COUNTING.search(low):
        return None
    col = _column_at(schema, m.group(1).replace("$", "").upper())
    if col is None or col.type != "number" or is_identifier(col):
        return None  # "how many loans" counts the Loan # numbers: labels, not a quantity
    return f"it counts the rows of {col.header}, a quantity that the request asks to add up"


#: "how many candles did I sell", "how many mugs were bought": goods counted by a verb of trade (not
#: "picked up" / "delivered": a row can be one pick-up or delivery)
_GOODS_TRADED = re.compile(r"(?<![a-z])how many ([a-z]+) (?:(?:did|do|have|had|were|was|are)\s+(?:i|we|you|they|"
                           r"he|she)?\s*)?(?:sell|sold|buy|bought)(?![a-z])")


def goods_counted_as_rows(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"how many candles did I sell at Durham" answered with =COUNTIF(Market,"Durham…") on a sheet
    with a Qty column: each row is a sale of some candles, so counting rows counts sales, not
    candles.  A noun that is what one row is (sales, orders, trips: lexicon aggregates row_nouns)
    is counted by rows."""
    m = _GOODS_TRADED.search(request.lower())
    if m is None or not re.match(r"=\s*COUNT(?:A|IFS?)?\(", formula.strip()):
        return None
    noun = m.group(1)
    if noun in lexicon("aggregates")["row_nouns"] or any(noun.rstrip("s") in c.header.lower() for c in schema.columns):
        return None
    qty = [c for c in schema.columns if c.type == "number"
           and re.search(r"(?<![a-z])(?:qty|quantity|units|no\. of units|pcs|pieces)(?![a-z])", c.header.lower())]
    if len(qty) != 1:
        return None
    return f"the request counts {noun}, which {qty[0].header} adds up; the formula counts rows (sales)"


def _answers() -> dict:
    return lexicon("answers")


def dates_added(formula: str, schema: SheetSchema) -> str | None:
    """SUM / SUMIF over a date column: "date of the Rosie Ellis visit" read as a sum of dates."""
    for fn, col in _aggregated(formula, schema):
        if fn in ("SUM", "SUMIF", "SUMIFS") and col.type == "date":
            return f"it adds up {col.header}, which holds dates (a sum of dates is no answer)"
    return None


def date_asked_not_given(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"date of the Rosie Ellis visit?" answered from no date column (a sum of visit numbers):
    a question for a date is answered by a date column, or by date arithmetic."""
    if not re.search(_answers()["when"], request.lower().strip()):
        return None
    dates = {c.letter for c in schema.columns if c.type == "date"}
    if not dates or re.search(r"\b(?:DATE|TODAY|EDATE|EOMONTH|WORKDAY|DATEVALUE|NOW|TIME)\(|/\s*24\b", formula, re.I):
        return None
    if _used_columns(formula).get("", set()) & dates:
        return None
    return "the request asks for a date, and the formula reads no date column"


def serial_sum(formula: str, schema: SheetSchema) -> str | None:
    """SUM / AVERAGE over a column numbering its rows (301, 302, 303, ... down the rows, no gap):
    "how many visits" read as the Visit numbers added up.  Numbers that count rows off from a
    starting number are labels whatever the header says.  (A column running 1, 2, 3, ... may be a
    measure on a small sheet, and one in another order is no numbering.)"""
    for _fn, col in _aggregated(formula, schema):
        ints = numbered_rows(schema, col)
        if ints:
            return f"it adds up {col.header}, which numbers the rows ({ints[0]} to {ints[-1]})"
    return None


def numbered_rows(schema: SheetSchema, col: Column) -> list[int] | None:
    """The numbers of ``col`` where they number its rows (301, 302, 303, ... down the rows, no gap,
    six or more, from above 1), else None."""
    from .rowbase import values

    if col.type != "number":
        return None
    vals = [v for v in values(schema, col) if v is not None]
    if len(vals) < 6 or not all(isinstance(v, (int, float)) and float(v).is_integer() for v in vals):
        return None
    ints = [int(v) for v in vals]
    return ints if ints[0] > 1 and all(b - a == 1 for a, b in zip(ints, ints[1:], strict=False)) else None


def per_unit_sum(request: str, formula: str, schema: SheetSchema) -> str | None:
    """SUM of a price or rate per unit (Price per Head, Rate per sq m, 单价): "how many heads"
    answered with the heads' prices added up.  A total is the units times the price."""
    from .rowbase import _bare

    pats = _answers()["per_unit_headers"]
    for fn, col in _aggregated(formula, schema):
        h = col.header.lower().strip()
        if h in request.lower() or _bare(col.header).lower() in request.lower():
            continue  # "total Unit Price where Payment is Cash": the user's own column
        if fn in ("SUM", "SUMIF", "SUMIFS") and any(re.search(p, h) for p in pats) \
                and _rows_matched(formula, schema) != 1:  # "气泡膜单价多少": one row's price, looked up
            return f"it adds up {col.header}, a price per unit (rows of it added up are no total)"
    return None


def _rows_matched(formula: str, schema: SheetSchema) -> int | None:
    """How many rows the literal criteria of a one-aggregate SUMIF/SUMIFS formula select, or None
    when it is no such formula (an operator, a cell, a second aggregate)."""
    from .rowbase import values

    m = re.fullmatch(r"=\s*SUMIFS?\((.*)\)", formula.strip(), re.I)
    if m is None or re.search(r"[()]", m.group(1)):
        return None
    args = [a.strip() for a in m.group(1).split(",")]
    pairs = list(zip(args[0::2], args[1::2], strict=False)) if formula.upper().lstrip("= ").startswith("SUMIF(") \
        else list(zip(args[1::2], args[2::2], strict=False))
    rows: set[int] | None = None
    for rng, crit in pairs:
        cells = _CELLS.findall(rng)
        lit = re.fullmatch(r'"([^"<>=*?~]*)"', crit)
        if len(cells) != 2 or lit is None:
            return None
        col = _column_at(schema, cells[0][0])
        if col is None:
            return None
        hit = {i for i, v in enumerate(values(schema, col)) if str(v).strip().lower() == lit.group(1).strip().lower()}
        rows = hit if rows is None else rows & hit
    return None if rows is None else len(rows)


_WHO_EN = re.compile(r"(?:^|[,;:.?!]\s*|\band\s+)who(?![a-z])")


def who_not_a_person(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"哪一单面积最大，是谁租的": a question for a person answered with the order number.
    The column a lookup returns (INDEX's first range, VLOOKUP's column) must hold people when
    the sheet has a column of them (``rowbase.person_column``)."""
    from .rowbase import person_column

    low = request.lower().strip()
    zh_who = re.search(r"谁|哪位|哪个人|什么人", request)
    if not (_WHO_EN.search(low) or zh_who):
        return None
    person = person_column(schema.columns)
    if person is None:
        return None
    body = formula.strip().lstrip("=")
    m = re.match(r"INDEX\(\s*\$?([A-Z]{1,3})\$?\d+:\$?([A-Z]{1,3})\$?\d+", body) \
        or re.match(r"(?:VLOOKUP)\([^,]+,\s*\$?([A-Z]{1,3})\$?\d+:\$?[A-Z]{1,3}\$?\d+,\s*(\d+)", body)
    if m is None:
        return None
    if body.startswith("INDEX"):
        if m.group(1) != m.group(2):
            return None  # a block: the column is chosen by MATCH
        letter = m.group(1)
    else:
        from .schema import col_letter
        letter = col_letter(col_index(m.group(1)) + int(m.group(2)) - 1)
    col = _column_at(schema, letter)
    if col is None or col is person:
        return None
    from .rowbase import lexicon as _lex

    people = {w.lower() for w in _lex("lookups")["person_headers"]}
    if col.header.lower().strip() in people:
        return None
    from .lookups import header_after_who

    if (said := header_after_who(low, schema)) is not None and said[0] is col:
        return None  # "who is the agent on HD-1203": the people of the column named
    if col.type in ("text", "mixed") and not is_identifier(col) and re.search(
            r"(?:[a-z]{3}(?:er|or)|(?:工|人|员|师|师傅|者|手))$", col.header.lower().strip()):
        return None  # a doer's column (Server, Driver, 维修工, 经办人): people, whatever person_column says
    if col.type in ("number", "date") or is_identifier(col) or person.type == "text":
        return f"the request asks who, and it gives {col.header}, not {person.header}"
    return None


def distinct_count_of_yes_no(formula: str, schema: SheetSchema) -> str | None:
    """``SUMPRODUCT(1/COUNTIF(E3:E28,E3:E28))`` over a Yes/No column: the count of its different
    values is 2 whatever was asked ("how many plots have a water tap" counts the Yes rows)."""
    from .rowbase import values

    yes_no = set(_answers()["yes_no_values"])
    for m in re.finditer(r"1/COUNTIFS?\(\s*(\$?[A-Z]{1,3})\$?\d+:\$?[A-Z]{1,3}\$?\d+", formula, re.I):
        col = _column_at(schema, m.group(1).replace("$", "").upper())
        vals = {str(v).strip().lower() for v in values(schema, col) if v is not None and str(v).strip()} \
            if col is not None else set()
        if vals and vals <= yes_no:
            return f"{col.header} only says yes or no: counting its different values gives {len(vals)}"
    return None


def year_column_for_its_measure(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"2025年一共接了多少单" read as the 2025 revenue column beside a column "2025年单数": the
    request names that year's other measure (单), which a bare year header does not hold."""
    if not is_zh(request):
        return None
    for letter in re.findall(r"(?<![A-Z$])\$?([A-Z]{1,3})\$?\d+:\$?[A-Z]{1,3}\$?\d+", formula):
        col = _column_at(schema, letter)
        if col is None or not re.fullmatch(r"(?:19|20)\d\d", str(col.header).strip()):
            continue
        year = str(col.header).strip()
        for other in schema.columns:
            rest = re.sub(r"[（(][^）)]*[）)]", "", str(other.header).strip())
            if other is col or not rest.startswith(year):
                continue
            measure = re.sub(r"^年|数$|量$|额$", "", rest[len(year):].strip()).strip()
            if measure and measure[0] in request.split(year[2:], 1)[-1]:
                return f"it reads the column {year}, and the request names {other.header}"
    return None


def weekday_number_unasked(request: str, formula: str) -> str | None:
    """"weekday for every event date" answered with WEEKDAY's number: a user reads a day as its
    name (TEXT(…,"dddd")); the number is the answer only when the request says so (Monday = 1,
    1-7, 用数字)."""
    if not re.fullmatch(r"=\s*WEEKDAY\([^()]*\)", formula.strip(), re.I):
        return None
    if re.search(_answers()["weekday_number_cues"], request.lower()):
        return None
    return "the request asks for the day of the week, and WEEKDAY gives its number"


def criterion_from_the_value_header(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"add up the monthly fees" read as SUMIF(Membership,"Monthly",Monthly Fee): the word used as
    the criterion is the value column's own header word, not a condition of the request."""
    from .rowbase import header_forms

    if not re.search(r"\b(?:SUMIFS?|AVERAGEIFS?|COUNTIFS?|MAXIFS|MINIFS)\(", formula, re.I):
        return None
    low = request.lower()
    spans = []
    for col in schema.columns:
        for form in header_forms(col.header):
            # an English header's one-word short form ("Monthly Fee" said "monthly", as in
            # "monthly x rate") is no proof: "the monthly plans" names the value, not the header
            if len(form) > 1 and (not form.isascii() or " " in form or form == col.header.lower().strip()):
                spans += [m.span() for m in re.finditer(rf"(?<![a-z]){re.escape(form)}", low)]
    for lit in re.findall(r'"([^"<>=*?~\d][^"<>=*?~]*)"', formula):
        hits = [m.span() for m in re.finditer(rf"(?<![a-z]){re.escape(lit.lower())}(?![a-z])", low)]
        if hits and all(any(a <= s and e <= b for a, b in spans) for s, e in hits):
            return f"{lit!r} is part of a column's name in the request, not a condition"
    return None


def _used_columns(formula: str) -> dict[str, set[str]]:
    """Column letters each reference of ``formula`` covers, per sheet ('' for this one)."""
    from .schema import col_letter

    used: dict[str, set[str]] = {}
    for ref in references(formula):
        sheet, _, cells = ref.rpartition("!")
        sheet = sheet.strip("'")
        found = re.findall(r"\$?([A-Z]{1,3})\$?\d*", cells)
        if not found:
            continue
        lo, hi = col_index(found[0]), col_index(found[-1])
        used.setdefault(sheet, set()).update(col_letter(i) for i in range(min(lo, hi), max(lo, hi) + 1))
    return used


def arithmetic_operand_unused(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"qty x unit price plus the setup fee": the column named right after an arithmetic word
    (plus, minus, times, x, 加上, 乘以) is an operand, and a formula that never reads it dropped
    that part of the request."""
    low = request.lower()
    used = _used_columns(formula)
    sheets = [("", schema), *schema.others.items()]
    from .rowbase import mentions

    named = [(p, name, c) for name, sh in sheets for p, c in mentions(request, sh)]
    for pat in _answers()["arithmetic_words"]:
        for m in re.finditer(pat, low):
            gap = re.match(r"[\s　]*(?:the |a |an |its |their |each |每个|的)?\s*", low[m.end():]).end()
            at = m.end() + gap
            for p, name, col in named:
                if p == at and col.letter not in used.get(name, set()):
                    where = f" on {name}" if name else ""
                    return f"the request asks {m.group(0).strip()} {col.header}{where}, which the formula never reads"
    return None


_BINARY = re.compile(r"\s*(?:\+|＋|(?<![a-z])(?:plus|minus|times|multiplied by|divided by)(?![a-z]))")


def operand_before_unused(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"call-out + parts + labour at £40 an hour": the word right before a + / plus / minus is an
    operand too, and where it is the first word of one number column's header (call-out of
    Call-out fee, which no other header starts with) a formula that never reads that column
    dropped it."""
    low = request.lower()
    used = _used_columns(formula).get("", set())
    firsts: dict[str, list[Column]] = {}
    for col in schema.columns:
        words = col.header.lower().split()
        if len(words) >= 2 and col.header.isascii():
            firsts.setdefault(words[0], []).append(col)
    for m in _BINARY.finditer(low):
        before = re.search(r"([a-z][a-z'\-]*)\s*$", low[:m.start()])
        if before is None:
            continue
        word = before.group(1)
        cols = firsts.get(word) or firsts.get(word[:-1] if word.endswith("s") else word) or []
        if len(cols) == 1 and cols[0].type == "number" and cols[0].letter not in used:
            return f"the request adds {word} ({cols[0].header}), which the formula never reads"
    return None


#: a short name of the result said before "=" / "：" and an expression written with signs after it
_RESULT_NAMED = re.compile(r"^[^=＝:：,，;；]{1,12}[=＝:：](?=[^=＝]*[-+*/×÷－＋])")


def number_column_unused(request: str, formula: str, schema: SheetSchema) -> str | None:
    """A per-row answer that never reads a number column the request names ("应收的租金（按归还减
    起租的天数）" answered with the days alone, 日租金 dropped)."""
    from .engine import evaluate
    from .rowbase import header_forms, mentions, names_the_row, value_mentions

    if '"' in formula or re.search(r"\bIFS?\(", formula, re.I):
        return None  # a label or a test: the columns it names may be conditions
    text = request.lower()
    for start, end, _col, _value in value_mentions(request, schema):  # 销售部 names no 销售额
        text = text[:start] + " " * (end - start) + text[end:]
    from .rows import row_noun_spans

    for a, b in row_noun_spans(text):  # "tuning + repairs for each visit": the row's noun, not an operand
        text = text[:a] + " " * (b - a) + text[b:]
    named = _RESULT_NAMED.match(text)
    if named is not None:  # "K列算实习天数=结束-开始": the new column's name, before what it is
        text = " " * named.end() + text[named.end():]
    for other in schema.others.values():  # "the price per kg from the Products tab" is not Weight (kg)
        for col in other.columns:
            for form in header_forms(col.header):
                text = text.replace(form, " " * len(form))
    used = _used_columns(formula).get("", set())
    rows = {int(r) for _, r in re.findall(r"(?<![:A-Z$])\$?([A-Z]{1,3})(\d+)(?![\d:(])", formula)}
    for p, col in mentions(text, schema):
        if col.type != "number" or is_identifier(col) or col.letter in used or names_the_row(text, p):
            continue  # ("hour of each call-out": the row's noun, though Call-out fee starts so)
        if len(rows) == 1:  # "用数量和单价算金额": the column the formula computes again
            row = next(iter(rows))
            ev = evaluate(formula, schema)
            have = schema.cells.get((row, col_index(col.letter)))
            if ev.ok and isinstance(ev.value, (int, float)) and isinstance(have, (int, float)) \
                    and abs(float(ev.value) - float(have)) <= 0.005 * max(1.0, abs(float(have))):
                continue
        return f"it never reads {col.header}, which the request names"
    return None


_ASKED_AFTER = r"(?:是|为)?(?:多少|几|什么|啥|哪个|哪天)?\s*[？?。]?\s*$"
_ROWS_COUNTED = re.compile(r"[数量几占比合计总额率有共]")


def attribute_counted(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"唐子轩电话多少", "what's Kim's phone?": a text field of the row a value names is asked
    for, and a COUNTIF or SUMIF of that value's rows is no answer to it (多少 also asks for a
    count, which is how the request got one).  Only where the field closes the request and is
    a text or identifier column (a phone number) the formula never reads; "王庄的收购记录有多少条" names the rows themselves."""
    if not re.match(r"=\s*(?:COUNT|SUM)", formula, re.I):
        return None
    from .rowbase import mentions, value_mentions

    low = request.lower()
    used = _used_columns(formula).get("", set())
    for _start, end, owner, value in value_mentions(request, schema):
        rest = low[end:]
        zh = re.match(r"的?([\u4e00-\u9fff]{2,5}?)" + _ASKED_AFTER, rest)
        en = re.match(r"['’]s\s+([a-z][a-z ]{1,24}?)\s*\??\s*$", rest)
        said = zh.group(1) if zh else en.group(1) if en else None
        if said is None or _ROWS_COUNTED.search(said) or (en and said.endswith("s")):
            continue  # 的订单数, "Priya's tasks": the rows, counted or added up
        named = mentions(said, schema)
        if len(named) != 1 or named[0][0] != 0:
            continue
        col = named[0][1]
        if col is not owner and col.letter not in used and (col.type in ("text", "mixed") or is_identifier(col)):
            return f"the request asks for {value}'s {col.header}, which the formula never reads"
    return None


_CONDITIONAL = re.compile(r"\b(COUNTIFS?|SUMIFS?|AVERAGEIFS?)\(", re.I)


def criterion_in_another_column(formula: str, schema: SheetSchema) -> str | None:
    """"how many sites is Marta on" as COUNTIF(Site, "Marta"), which counts 0: a criterion text
    that no cell of its range holds, while another column of the sheet holds it, was matched
    against the wrong column.  Plain text criteria only (no comparison, no wildcard)."""
    from .rowbase import values

    for m in _CONDITIONAL.finditer(formula):
        args = _call_arguments(formula, m.end())
        fn = m.group(1).upper()
        first = 1 if fn.endswith("S") and fn != "COUNTIFS" else 0
        pairs = [(args[i], args[i + 1]) for i in range(first, len(args) - 1, 2)] if fn.endswith("S") \
            else [(args[0], args[1])] if len(args) >= 2 else []
        for rng, crit in pairs:
            lit = re.fullmatch(r'\s*"([^"<>=*?~]+)"\s*', crit)
            cells = re.fullmatch(r"\s*\$?([A-Z]{1,3})\$?\d+:\$?[A-Z]{1,3}\$?\d+\s*", rng)
            if not lit or not cells:
                continue
            col = _column_at(schema, cells.group(1))
            want = lit.group(1).strip().lower()

            def holds(c: Column, want: str = want) -> bool:
                return any(str(v).strip().lower() == want for v in values(schema, c) if v is not None)

            if col is None or holds(col):
                continue
            holder = next((c for c in schema.columns if c is not col and holds(c)), None)
            if holder is not None:
                return f"{lit.group(1)!r} is a {holder.header}, not a {col.header}"
    return None


def _holds_numbers(schema: SheetSchema, col: Column) -> bool:
    """A number column, or a text one whose every filled cell reads as a number ("1", "2.5")."""
    from .rowbase import values

    if col.type == "number":
        return True
    filled = [str(v).strip() for v in values(schema, col) if v not in (None, "")]
    return bool(filled) and all(re.fullmatch(r"-?\d+(?:\.\d+)?", v) for v in filled)


def named_amount_unread(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"total weekly visits" on a sheet with Visits per week and Hours per visit: a total or
    average that never reads the column the request names by a header of two or more words (or a
    Chinese one of three or more characters), when that column holds numbers, added up another
    column that shares one of its words."""
    if not re.match(r"=\s*(?:ROUND\(\s*)?(?:SUM|AVERAGE|SUMPRODUCT)", formula, re.I):
        return None
    from .rowbase import header_forms

    low = request.lower()
    used = _used_columns(formula).get("", set())
    read = [c.header.lower() for c in schema.columns if c.letter in used]
    for col in schema.columns:
        if col.letter in used or not _holds_numbers(schema, col):
            continue
        forms = [f for f in header_forms(col.header) if not f.startswith("per ") and (
            len(f.split()) >= 2 or (is_zh(f) and len(f) >= 3))]
        if any(re.search(rf"(?<![a-z]){re.escape(f)}(?![a-z])", low) for f in forms) and \
                not any(col.header.lower().strip() in h for h in read):
            return f"the request names {col.header}, which the formula never reads"
    return None


_SAY = re.compile(r"(?<![a-z])(?:say|says|write|put|mark|label|flag|show)(?![a-z])|标|写|显示|填", re.I)


def labels_unwritten(request: str, formula: str) -> str | None:
    """"check each booking against how many the pitch sleeps - say Too many or OK": the request
    names the two labels to write (a slash pair ending in a capital, or after say / write / mark;
    "X or Y" after one of those), and a
    formula that writes no text at all (the pitch's capacity, looked up) answers something else."""
    from .rowlabels import _slash_pair

    if '"' in formula or re.fullmatch(r"=(?:LEFT|RIGHT)\(\$?[A-Z]{1,3}\$?\d+,\d+\)", formula):
        return None  # "单据号前两位（RK/CK）": the pair is the values' own ends (rowtext.shown_parts checks them)
    pair = _slash_pair(request)
    if pair is not None and not (_SAY.search(request) or pair.group(2)[:1].isupper()):
        pair = None  # "km/h", "and/or": no labels
    pair = pair or re.search(
        r"(?<![a-z])(?:say|write|put|mark|label|flag|show)\s+([A-Z][\w' -]{0,20}?)\s+or\s+([A-Z][\w'-]*)", request)
    if pair is None:
        return None
    return f"the request asks for the labels {pair.group(1).strip()} / {pair.group(2).strip()}, which the formula never writes"


_LABEL_BEFORE = re.compile(r"(?<![\w'])([A-Z][\w'-]*(?: [a-z][\w'-]*){0,2})\s+(?:if|when|where|for)(?![\w'])")
_LABEL_AFTER = re.compile(r"(?<![\w'])(?:else|otherwise|then|say|says|write|put|mark|label|flag|show)\s+"
                          r"([A-Z][\w'-]*(?: [a-z][\w'-]*){0,2})(?![\w'])|(?:=|:)\s*([A-Z][\w'-]*(?: [a-z][\w'-]*)?)"
                          r"\s*(?=$|[,;.)]|\s+(?:if|when|otherwise|else)(?![\w']))")


#: three labels listed with slashes, each a capitalised word or two, a note in brackets allowed after
#: each: "Closed / Chase (high + unresolved) / Open"
_LISTED = re.compile(r"(?<![\w'])([A-Z][\w'-]*(?: [a-z][\w'-]*)?)\s*(?:\([^)]*\)\s*)?/\s*"
                     r"([A-Z][\w'-]*(?: [a-z][\w'-]*)?)\s*(?:\([^)]*\)\s*)?/\s*([A-Z][\w'-]*(?: [a-z][\w'-]*)?)(?![\w'])")


def label_left_out(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"Pass if score >= 70, else Fail; Not scored if blank" answered with
    =IF(H2="","",IF(H2>=70,"Pass","")): a label the request says in a label's place (a capital
    word before "if" / "when", after "else" / "otherwise" / "=") that the formula never writes
    is an answer to a smaller request.  Column names and the sheet's own values are no labels."""
    texts = [t.lower() for t in re.findall(r'"((?:[^"]|"")*)"', formula) if t]
    if not texts or not re.match(r"=\s*IF", formula, re.I):
        return None
    from .rowbase import values

    said = [m.group(1) for m in _LABEL_BEFORE.finditer(request)]
    said += [m.group(1) or m.group(2) for m in _LABEL_AFTER.finditer(request)]
    said += [lab for m in _LISTED.finditer(request) for lab in m.groups()]
    heads = " ".join(str(c.header).lower() for c in schema.columns)
    known = {str(v).strip().lower() for c in schema.columns for v in values(schema, c) if isinstance(v, str)}
    for label in said:
        low = label.strip().lower()
        if not low or len(low) < 2 or low in ("i", "if", "the", "it", "is", "can", "how", "what", "need") \
                or re.search(rf"(?<![a-z]){re.escape(low)}(?![a-z])", heads) or low in known \
                or re.fullmatch(r"q[1-4]|[a-z]{3}|(?:jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)[a-z]*|"
                                r"(?:mon|tues|wednes|thurs|fri|satur|sun)day", low):
            continue
        first = low.split()[0]
        if not any(low in t or t in low or re.search(rf"(?<![a-z]){re.escape(first)}(?![a-z])", t) for t in texts):
            return f"the request says the label {label.strip()!r}, which the formula never writes"
    return None


#: the other rows given a value: "Paid for the rest", "otherwise OK", 否则…, 其余…
_THE_REST = re.compile(r"(?<![a-z])(?:for (?:all )?the rest|for the others|for everything else|for all others|"
                       r"otherwise|else)(?![a-z])|否则|其余|其他的|不然")
#: ... unless what they are given is nothing: "otherwise blank", 否则留空
_REST_BLANK = re.compile(r"(?<![a-z])(?:blank|empty|nothing|leave it|leave them|left)(?![a-z])|留空|空白|为空|空着|不填|不显示")


def rest_left_blank(request: str, formula: str) -> str | None:
    """"put Owed next to the ones not paid yet, Paid for the rest" answered with
    =IF(J2="","Owed",""): the request gives the other rows a value and the formula leaves them
    empty (a label that is also a column's name, Paid, slips past ``label_left_out``)."""
    if not re.search(r',\s*""\s*\)+\s*$', formula) or not re.match(r"=\s*IF\(", formula, re.I):
        return None
    low = request.lower()
    m = _THE_REST.search(low)
    if m is None or _REST_BLANK.search(low) or "空" in low[m.end():m.end() + 4]:  # "否则空"
        return None
    return "the request gives the other rows a value, and the formula leaves them empty"


def test_unanswered(request: str, formula: str) -> str | None:
    """"上半年有没有达标" answered with the half year's sum: the request asks a yes-or-no of each
    row (有没有 / 够不够 / 交没交 / 是否 / whether), and a formula that compares nothing and writes
    no text gives a number, not the answer."""
    if not re.search(r"([\u4e00-\u9fff])[没不]\1|是否|\bwhether\b", request, re.I):
        return None
    if '"' in formula or re.search(r"[<>]|(?<=[^<>])=|\b(?:IF|IFS|IFERROR|IS[A-Z]+|AND|OR|NOT)\(", formula[1:]):
        return None
    return "the request asks whether something holds of each row, and the formula tests nothing"


def amount_named_inside_a_value(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"number of kids clay bookings" as SUMIF(Course, "Kids clay", Clay (kg)): the column added
    up is named only by a word inside a value of the request (clay in "Kids clay"), so nothing
    asked for its total."""
    m = re.match(r"=\s*(SUMIFS?|AVERAGEIFS?)\(", formula, re.I)
    if not m:
        return None
    from .rowbase import header_forms, value_mentions

    args = _call_arguments(formula, m.end())
    rng = args[2] if m.group(1).upper() in ("SUMIF", "AVERAGEIF") and len(args) >= 3 else args[0]
    cells = re.fullmatch(r"\s*\$?([A-Z]{1,3})\$?\d+:\$?[A-Z]{1,3}\$?\d+\s*", rng)
    col = _column_at(schema, cells.group(1)) if cells else None
    if col is None:
        return None
    low = request.lower()
    spans = [(a, b) for a, b, _c, _v in value_mentions(request, schema)]
    hits = [(h.start(), h.end()) for f in header_forms(col.header) if len(f) >= 3
            for h in re.finditer(rf"(?<![a-z]){re.escape(f)}(?![a-z])", low)]
    if hits and all(any(a <= s and e <= b for a, b in spans) for s, e in hits):
        return f"{col.header} is named only inside a value of the request, not as what to add up"
    return None


def per_row_problems(request: str, formula: str, schema: SheetSchema) -> str | None:
    """The answer-kind checks that hold for a formula filled down a column."""
    from .asked import addition_unwritten, both_ends_uncounted, zh_label_unwritten

    return (weekday_number_unasked(request, formula) or contradictory_criteria(formula)
            or left_out_column_read(request, formula, schema)
            or labels_unwritten(request, formula) or label_left_out(request, formula, schema)
            or rest_left_blank(request, formula)
            or test_unanswered(request, formula)
            or operand_before_unused(request, formula, schema)
            or arithmetic_operand_unused(request, formula, schema)
            or number_column_unused(request, formula, schema) or dates_added(formula, schema)
            or inclusion_not_added(request, formula) or remainder_not_subtracted(request, formula, schema)
            or _detail_problems(request, formula, schema) or label_read_as_column(request, formula, schema)
            or identifier_in_arithmetic(formula, schema)
            or month_for_a_rate(request, formula)
            or both_ends_uncounted(request, formula) or addition_unwritten(request, formula)
            or zh_label_unwritten(request, formula, schema))


#: a cell reference of a per-row formula (a row number or the ``{r}`` of a template)
_ROW_REF = re.compile(r"(?<![A-Z$:!])\$?([A-Z]{1,3})\$?(?:\d+|\{r\})(?![\d:(])")


def _operands(formula: str) -> list[tuple[str, str, str]]:
    """(column letter, the operator before, the operator after) of each cell reference outside quotes."""
    body = re.sub(r'"[^"]*"', lambda m: "_" * len(m.group(0)), formula)
    out = []
    for m in _ROW_REF.finditer(body):
        before = body[:m.start()].rstrip()[-1:]
        after = body[m.end():].lstrip()[:1]
        out.append((m.group(1), before, after))
    return out


def _is_year(col: Column) -> bool:
    """A column of years: an identifier to add up, a number to subtract from (2026 - Year is an age)."""
    return bool(re.fullmatch(r"(?:fiscal |model |build )?year|年份|年度|年|出厂年份", col.header.lower().strip()))


def identifier_in_arithmetic(formula: str, schema: SheetSchema) -> str | None:
    """"total weight on every pick line" answered with =I3+A3 where A is Line (1, 2, 3 …): a serial
    number, code or ID added to or multiplied by a quantity is a number nobody asked for."""
    by_letter = {c.letter: c for c in schema.columns}
    for letter, before, after in _operands(formula):
        col = by_letter.get(letter)
        if col is not None and col.type == "number" and is_identifier(col) and not _is_year(col) and (before in "+-*/" and before
                                                                               or after in "+-*/" and after):
            return f"it does arithmetic with {col.header}, a column of identifiers"
    return None


def month_for_a_rate(request: str, formula: str) -> str | None:
    """"per-month cost per licence" answered with =ROUND(MONTH(G3),2): "per month" is a rate (a
    twelfth of a yearly figure), never the month of a date."""
    if not re.search(r"(?<![a-z])(?:per[- ]month|a month|/\s*month|monthly)(?![a-z])|每月|每个月|月均", request.lower()):
        return None
    for m in re.finditer(r"MONTH\(", formula):
        after = formula[m.end() + len(",".join(_call_arguments(formula, m.end()))) + 1:]
        if not re.match(r"\s*(?:=|<|>)", after) and not re.search(r"(?:=|<|>)\s*$", formula[:m.start()]):
            return "the request asks for a rate per month, and the formula takes the month of a date"
    return None


def _detail_problems(request: str, formula: str, schema: SheetSchema) -> str | None:
    """A detail the request says that the formula loses or misreads: a price per unit treated as
    a row's total or as a length of time, an earliest or latest taken of no time
    (:mod:`.dimensions`); a date, a number in 万, a quoted text, a "not equal", a division, a
    rounding direction or step, a discount, a first letter the formula does not carry
    (:mod:`.literals`); a factor of a spelled-out product left out (:mod:`.factors`)."""
    from .dimensions import (
        duration_priced,
        per_unit_with_total,
        priced_quantity_unpriced,
        time_extreme_untimed,
    )
    from .factors import factor_dropped
    from .literals import (
        cost_for_profit,
        date_ignored,
        discount_ignored,
        division_ignored,
        first_letter_ignored,
        label_holds_a_verb,
        quoted_text_unwritten,
        rounding_direction_ignored,
        rounding_step_ignored,
        rows_for_goods,
        share_of_itself,
        unequal_ignored,
        wan_out_of_scale,
    )

    return per_unit_with_total(request, formula, schema) or duration_priced(request, formula, schema) \
        or priced_quantity_unpriced(request, formula, schema) \
        or time_extreme_untimed(request, formula, schema) or date_ignored(request, formula) \
        or wan_out_of_scale(request, formula, schema) or factor_dropped(request, formula) \
        or unequal_ignored(request, formula) or division_ignored(request, formula) \
        or rounding_direction_ignored(request, formula) or quoted_text_unwritten(request, formula, schema) \
        or label_holds_a_verb(formula) or rounding_step_ignored(request, formula) or share_of_itself(formula, schema) \
        or discount_ignored(request, formula) or cost_for_profit(request, formula) \
        or first_letter_ignored(request, formula) or rows_for_goods(request, formula, schema)


def label_read_as_column(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"put Collection if the delivery fee is 0, otherwise Delivery" answered with
    =IF(H3=0,"Collection",H3): a capitalised word that is only part of a header (Delivery of
    Delivery fee), said where a label goes, is the label the user wants written, not the column."""
    from .rowbase import _bare

    if not re.match(r"=\s*IFS?\(", formula, re.I):
        return None
    branches = re.findall(r",\s*\$?([A-Z]{1,3})\$?\d+\s*(?=[,)])", formula)
    for letter in branches:
        col = schema.column(letter)
        if col is None:
            continue
        bare = _bare(col.header)
        if not bare.isascii() or " " not in bare:
            continue
        for word in re.findall(r"[a-z]{3,}", bare):
            whole = [h.span() for h in re.finditer(re.escape(bare), request.lower())]
            if any(not any(a <= m.start() < b for a, b in whole)
                   for m in re.finditer(rf"(?<=[a-z,;:] ){word.capitalize()}(?![a-z])", request)):
                return (f"'{word.capitalize()}' is said as a label, and the formula writes {col.header} there "
                        f"(a column it only names part of)")
    return None


def remainder_not_subtracted(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"剩下的课时值多少钱" on 课时包 and 已上课时: what is left is a difference, so a formula that
    subtracts nothing read the left-over from some other column (已上课时 × 单价), unless a column
    of its own holds it (剩余次数)."""
    m = re.search(r"剩余|剩下|还剩|(?<![a-z])(?:left over|remaining)(?![a-z])", request.lower())
    if m is None or "-" in formula:
        return None
    used = _used_columns(formula).get("", set())
    if any(c.letter in used and re.search(r"剩|left|remain|balance|余", c.header.lower()) for c in schema.columns):
        return None
    return f"the request asks what is '{m.group(0)}', and the formula subtracts nothing"


def inclusion_not_added(request: str, formula: str) -> str | None:
    """"job total incl. setup charge" (per row): what a request says is included is added to
    something, so a formula that adds nothing (the setup charge looked up alone) dropped the rest of the total.
    A percentage included ("incl. 20% VAT") is a multiplier, not an addend; so is VAT without its
    rate ("incl. VAT" on a sheet with no VAT column: ``rowvat.py`` multiplies by its standard rate)."""
    m = re.search(r"(?<![a-z])(?:incl(?:uding|usive of|\.)?|inc\.)\s+(?![^,;]*%)(?!(?:the\s+)?(?:vat|gst)\b)",
                  request.lower())
    if m is None or "+" in formula or re.search(r"\bSUM", formula, re.I):
        return None
    return f"the request says '{m.group(0).strip()}' something, and the formula adds nothing to it"


#: a column said as left out: 不含茶水, 不包括运费, "excluding the delivery charge" — the object bare,
#: closing its clause (不算茶水费为0的 tests the column, and is no exclusion of it)
_LEFT_OUT = re.compile(r"(?:不含|不包括|不包含|不算|不计)(?P<zh>[\u4e00-\u9fff]{2,6}?)(?=(?:费|在内)?(?:$|[，,。；;）)\s]))"
                       r"|(?<![a-z])(?:excluding|not including|excl\.?)\s+(?:the\s+|any\s+)?(?P<en>[a-z][a-z]+(?:\s[a-z]+)?)"
                       r"(?=\s*(?:$|[,.;)]))", re.I)
_COLUMN_REF = re.compile(r"(?<![A-Za-z$!:])(-?)\s*\$?([A-Z]{1,3})\$?(?:\d+|\{r\})(?::\$?[A-Z]{1,3}\$?\d+)?(?![\d(A-Za-z])")


def left_out_column_read(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"包间费=小时数×每小时价格，不含茶水" answered with =F2*G2, G being 茶水费: a column the request
    says to leave out is read, other than subtracted (formula-dev23's blind part).  Named by its
    header or the start of it (茶水 for 茶水费, "tea" for Tea charge); a header that holds the words
    itself (不含税金额) is a column, not an exclusion."""
    heads = [c.header.lower() for c in schema.columns]
    body = re.sub(r'"[^"]*"', lambda m: "_" * len(m.group(0)), formula)
    body = re.sub(r"(?:'[^']+'|[^\s(),=+\-*/&<>!:]+)!\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?", "_", body)
    for m in _LEFT_OUT.finditer(request):
        said = (m.group("zh") or m.group("en") or "").lower().strip()
        if not said or any(m.group(0).lower() in h for h in heads):
            continue
        for col in schema.columns:
            head = col.header.lower().strip()
            named = head.startswith(said) if m.group("zh") else (
                head == said or head.split()[:len(said.split())] == said.split())
            if not named:
                continue
            for ref in _COLUMN_REF.finditer(body):
                if ref.group(2) == col.letter and not ref.group(1):
                    return f"the request leaves out {col.header}, which the formula reads"
    return None


def problems(request: str, formula: str, schema: SheetSchema) -> str | None:
    """The first reason ``formula`` does not answer ``request``, or None."""
    from .asked import (
        addition_unwritten,
        money_share_counted,
        price_per_unit_added,
        zh_label_unwritten,
        zh_threshold_named,
    )
    from .asked import goods_counted_as_rows as goods_taken_counted
    from .filledshare import event_share_unread
    from .quantities import count_of_an_unheld_quantity, stock_left_of_a_log

    for reason in (date_for_a_count(request, formula), left_out_column_read(request, formula, schema),
                   header_reference(formula, schema, request), identifier_sum(formula, schema),
                   unit_price_sum(formula, schema),
                   identifier_named(request, formula, schema), contradictory_criteria(formula), extreme_without_its_row(request, formula, schema),
                   value_ignored(request, formula, schema), count_of_repeated_values(request, formula, schema),
                   count_of_a_quantity(request, formula, schema), count_of_a_unique_value(formula, schema),
                   goods_counted_as_rows(request, formula, schema), goods_taken_counted(request, formula, schema),
                   addition_unwritten(request, formula), zh_label_unwritten(request, formula, schema),
                   zh_threshold_named(request, formula),
                   price_per_unit_added(formula, schema), money_share_counted(request, formula, schema),
                   count_of_a_measure(request, formula, schema), per_unit_ignored(request, formula, schema),
                   count_of_money(request, formula, schema),
                   month_ignored(request, formula, schema), number_ignored(request, formula, schema),
                   operation_ignored(request, formula, schema), dates_added(formula, schema), serial_sum(formula, schema),
                   date_asked_not_given(request, formula, schema),
                   per_unit_sum(request, formula, schema), who_not_a_person(request, formula, schema),
                   distinct_count_of_yes_no(formula, schema), weekday_number_unasked(request, formula),
                   criterion_from_the_value_header(request, formula, schema),
                   year_column_for_its_measure(request, formula, schema),
                   arithmetic_operand_unused(request, formula, schema),
                   attribute_counted(request, formula, schema), criterion_in_another_column(formula, schema),
                   named_amount_unread(request, formula, schema), labels_unwritten(request, formula),
                   amount_named_inside_a_value(request, formula, schema),
                   count_of_an_unheld_quantity(request, formula, schema), stock_left_of_a_log(request, formula, schema),
                   _detail_problems(request, formula, schema), score_of_another_column(request, formula, schema),
                   event_share_unread(request, formula, schema)):
        if reason:
            return reason
    return None


#: a negation a request says: 未交费的, 没还的, 不含, "not paid", "unpaid", "non-member", "no deposit"
#: (不超过, 不少于, 不到: bounds, not negations; "until", "under": no un- word)
_NEGATION_SAID = re.compile(r"[未没]|不(?!超过|少于|低于|高于|大于|小于|足|到|同|限|论|管)|(?<![a-z])(?:not|no|non|never|"
                            r"without|haven't|hasn't|isn't|aren't|wasn't|weren't|didn't|doesn't|un(?:paid|returned|"
                            r"resolved|sold|used|assigned|answered|claimed|signed|approved|delivered|collected|booked|"
                            r"filled|finished|done|billed|invoiced|settled|shipped|read|opened|checked))(?![a-z])", re.I)
#: what a formula tests a negation with: a blank or not-equal test, NOT, a zero or a "No"-like value
_NEGATION_WRITTEN = re.compile(r'""|<>|NOT\(|ISBLANK|=0(?![.\d])|"(?:否|No|N|未[^"]*|没[^"]*|不[^"]*)"', re.I)


def negation_dropped(request: str, formula: str) -> str | None:
    """A reworded request (the local model's) whose answer tests nothing negated although the
    request negates something: "未交费的费用合计" came back as the total of every fee.  The rules
    account for every word they read; a rewording can drop one, so its answer must still show a
    negated test somewhere."""
    m = _NEGATION_SAID.search(request)
    if m is None or _NEGATION_WRITTEN.search(formula):
        return None
    return f"the request says {m.group(0)!r}, which the formula never tests"
