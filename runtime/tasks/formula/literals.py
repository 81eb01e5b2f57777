"""A date or a scaled number the request names, carried into the formula (issue 16 item 5).

"2026-11-17的单数" answered with ``=COUNTA(A2:A33)`` counts every order of the month: the date
was the whole point of the request and the formula never looks at it.  ``number_ignored``
(:mod:`.checks`) skips dates on purpose (a date is three numbers in many spellings), so a
date gets its own check: the formula must hold it in some form, as ``DATE(2026,11,17)``, a
date serial, a text "2026-11-17", or its year, month and day pieces.

"1月业绩超过50万的有几个人" on a sheet whose 1月 column runs 8.2 … 53.5 (the sheet counts in
万元 and only a sibling sheet says so) becomes ``">500000"``: a count of 0 that looks like an
answer.  When every figure of the compared column lies a hundred times or more below the
number as scaled, while the unscaled number sits among them, the scale is in doubt; the
user is asked rather than given 0.

"sum amount where region <> East" answered with ``SUMIF(…,"East",…)``: a "not equal" said as a
symbol is no word a reader must account for, so a reader that skips it answers the opposite;
the formula must compare with ``<>`` (or NOT) somewhere.
"""

from __future__ import annotations

import datetime as dt
import re

from .rowbase import date_in, lexicon, mentions, values
from .schema import SheetSchema

_EPOCH = dt.date(1899, 12, 30)  # Excel's (and LibreOffice's) day 0
_TODAY = re.compile(r"(?<![a-z])(?:today|now)(?![a-z])|今天|今日|当天|截至目前", re.I)
#: a date given as an example of how the answer looks, not as a condition
_EXAMPLE = re.compile(r"(?:(?<![a-z])(?:like|e\.g\.?|eg|such as|as in|format|formatted)|例如|比如|像|格式|形如|如)\s*[:：(（]?\s*$", re.I)
_FORMAT = re.compile(r"\bTEXT\([^\"]*\"[^\"]*[yY][^\"]*\"")
_WAN = re.compile(r"(\d+(?:\.\d+)?)\s*万(?!元?[/每])")
_RANGE = re.compile(r"(?:(\w+)!)?\$?([A-Z]{1,3})\$?\d+:\$?[A-Z]{1,3}\$?\d+")


def date_ignored(request: str, formula: str) -> str | None:
    """The request names a calendar date and the formula holds it in no form."""
    found = date_in(request)
    if found is None:
        return None
    day = found[0]
    if _EXAMPLE.search(request[:found[1]]) or _FORMAT.search(formula):
        return None  # "shown like 2024/02/29": the date is the shape of the answer, no condition
    if _TODAY.search(request) and re.search(r"\b(?:TODAY|NOW)\(", formula, re.I):
        return None  # "today (6 Dec 2026)": the pinned day may be written as TODAY()
    numbers = {int(x) for x in re.findall(r"\d+", formula)}
    if (day - _EPOCH).days in numbers or {day.year, day.month, day.day} <= numbers:
        return None
    return f"it ignores the date the request names ({day.isoformat()})"


def wan_out_of_scale(request: str, formula: str, schema: SheetSchema) -> str | None:
    """A number said in 万 compared, multiplied out, with a column whose figures are all a
    hundred times smaller, while the number as said lies among them."""
    said = [float(m.group(1)) for m in _WAN.finditer(request)]
    if not said or schema.counts_in_wan:
        return None
    written = {float(x) for x in re.findall(r"(?<![A-Z$\d.])\d+(?:\.\d+)?", formula)}
    by_letter = {c.letter: c for c in schema.columns}
    for n in said:
        if n * 10_000 not in written:
            continue
        for m in _RANGE.finditer(formula):
            if m.group(1):
                continue  # another sheet's column: its figures are not at hand here
            col = by_letter.get(m.group(2))
            if col is None:
                continue
            figures = [float(v) for v in values(schema, col)
                       if isinstance(v, (int, float)) and not isinstance(v, bool)]
            if len(figures) < 3:
                continue
            top, low = max(abs(f) for f in figures), min(figures)
            if top * 100 <= n * 10_000 and low <= n <= top:
                return (f"{col.header} runs {low:g} to {top:g}, so {n:g}万 ({n * 10_000:g}) is above "
                        f"every row; if {col.header} counts in 万, ask for {n:g}")
    return None


_UNEQUAL = re.compile(r"<>|!=|≠|=/=")


def unequal_ignored(request: str, formula: str) -> str | None:
    """A "not equal" the request says as a symbol that the formula compares with nowhere."""
    said = re.sub(r'"[^"]*"|“[^”]*”', "", request)
    if not _UNEQUAL.search(said) or "<>" in formula or re.search(r"\bNOT\(", formula, re.I):
        return None
    return "the request says 'not equal' (<>), and the formula compares with nothing of the kind"


_QUOTED = re.compile(r'"([^"]{1,40})"|“([^”]{1,40})”|「([^」]{1,40})」')
_EXAMPLE_BEFORE = re.compile(r"(?:like|e\.g\.?|eg|such as|for example|as in|比如|例如|像|如)\s*[:：]?\s*$", re.I)
#: "显示成“12-04”这样", "“3楼”这种", '"12-04" style': an example of the answer said after it
_EXAMPLE_AFTER = re.compile(r"\s*(?:这样|这种|那样|那种|之类|的样子|的格式|的形式|样式|格式)|\s+(?:style|format)\b", re.I)


def quoted_text_unwritten(request: str, formula: str, schema: SheetSchema) -> str | None:
    """'"Q" & quarter', 'show "Chase" when unpaid': a text the request puts in quotes is what the
    cell must write or compare with; a formula that holds it nowhere answers something else
    (=ROUNDUP(MONTH(A2)/3,0) for "Q1").  Quotes around a column's name or an example of the
    answer's shape ("like "2024/02/29"") are neither."""
    heads = [str(c.header).strip().lower() for c in schema.columns]
    body = formula.lower()
    for m in _QUOTED.finditer(request):
        said = next(g for g in m.groups() if g is not None).strip()
        low = said.lower()
        if not low or _EXAMPLE_BEFORE.search(request[:m.start()]) or _EXAMPLE_AFTER.match(request, m.end()):
            continue
        if any(low == h or low in h or h and h in low for h in heads):
            continue  # the "Amount" column
        if _joined_form(low, body, schema):
            continue  # "工号-名字": the form of a join, written as its columns and separator
        if low in body or low.replace('"', '""') in body:
            continue
        if re.fullmatch(r"[\d.,%\s]+", low) and re.sub(r"[,%\s]", "", low) in re.sub(r"[,%\s]", "", body):
            continue  # "100" written as 100
        return f"the request quotes {said!r}, which the formula never writes or compares with"
    return None


def division_ignored(request: str, formula: str) -> str | None:
    """"Amount / total amount" answered with =SUM(G2:G9): a division said as a spaced slash or ÷
    (not a date, not a label pair such as Paid/Open) that the formula never performs."""
    said = _QUOTED.sub(" ", request)
    if not re.search(r"\s/\s|÷", said) or "/" in formula or re.search(r"\bQUOTIENT\(", formula, re.I):
        return None
    if re.search(r"[A-Z][\w'-]*(?:\s+[\w'-]+){0,2}\s/\s[A-Z]", said) and '"' in formula:
        return None  # "Paid up / Chase": the two labels a formula writes
    return "the request divides (/), and the formula divides nothing"


_ROUND_UP = re.compile(r"(?<![a-z])round(?:ed|ing)?\s+(?:(?:it|them|this|the\s+\w+|\w+)\s+)?up(?![a-z])|(?<![a-z])roundup"
                       r"|向上取整|向上舍入|进位取整|往上取整|只入不舍|进一法", re.I)
_ROUND_DOWN = re.compile(r"(?<![a-z])round(?:ed|ing)?\s+(?:(?:it|them|this|the\s+\w+|\w+)\s+)?down(?![a-z])"
                         r"|(?<![a-z])rounddown|向下取整|向下舍入|往下取整|只舍不入|去尾法|舍去小数", re.I)


def rounding_direction_ignored(request: str, formula: str) -> str | None:
    """"round the amount up to the nearest 10" answered with ROUND(G2,-1) (30 for 31.5, where up
    gives 40): a direction said for the rounding must be the formula's."""
    if _ROUND_UP.search(request) and re.search(r"\bROUND\(", formula, re.I) \
            and not re.search(r"\b(?:ROUNDUP|CEILING(?:\.MATH)?)\(", formula, re.I):
        return "the request rounds up, and the formula rounds to the nearest"
    if _ROUND_DOWN.search(request) and re.search(r"\bROUND\(", formula, re.I) \
            and not re.search(r"\b(?:ROUNDDOWN|FLOOR(?:\.MATH)?|INT|TRUNC)\(", formula, re.I):
        return "the request rounds down, and the formula rounds to the nearest"
    return None


_SAYING = re.compile(r'"(?:says?|shows?|writes?|reads?|displays?|returns?|puts?|marks?|labels?)\s+[^"]*"', re.I)


def label_holds_a_verb(formula: str) -> str | None:
    """'a formula that says Large when …' answered with =IF(…,"says Large",…): a label the formula
    writes that opens with the verb that introduced it took the request's words for the label."""
    m = _SAYING.search(formula)
    return None if m is None else f"the label {m.group(0)} keeps the word that introduced it"


_NEAREST_PART = re.compile(r"nearest\s+(quarter|half)(?:\s+(?:of\s+an\s+)?hour|\s+hr)?(?![a-z])|(?:精确到|四舍五入到)(?:0\.5|半)(?:小时)?", re.I)


def rounding_step_ignored(request: str, formula: str) -> str | None:
    """"round the hours to the nearest quarter hour" answered with ROUND(…,0): a step of a
    quarter or a half must be in the formula (×4 / ÷4, 0.25, MROUND)."""
    m = _NEAREST_PART.search(request)
    if m is None:
        return None
    quarter = (m.group(1) or "").lower() == "quarter"
    body = formula.replace(" ", "")
    steps = (r"\*4\b|/4\b|0?\.25\b|\*96\b|/96\b" if quarter else r"\*2\b|/2\b|0?\.5\b|\*48\b|/48\b")
    if re.search(steps, body) or re.search(r"\b(?:MROUND|CEILING|FLOOR)(?:\.MATH)?\(", body, re.I):
        return None
    return f"the request rounds to the nearest {'quarter' if quarter else 'half'}, and the formula rounds to a whole"


def share_of_itself(formula: str, schema: SheetSchema) -> str | None:
    """=COUNTIF(I2:I32,"是")/COUNTA(I2:I32) where every filled cell of I is 是 (the others left
    blank for "no"): the share is always 1; the rows it is a share of are the table's."""
    m = re.search(r'COUNTIF\(\s*\$?([A-Z]{1,3})\$?\d+:\$?[A-Z]{1,3}\$?\d+\s*,\s*"([^"]*)"\s*\)\s*/\s*COUNTA\(\s*\$?([A-Z]{1,3})\$?\d+',
                  formula, re.I)
    if m is None or m.group(1) != m.group(3):
        return None
    col = next((c for c in schema.columns if c.letter == m.group(1)), None)
    if col is None:
        return None
    filled = {str(v).strip() for v in values(schema, col) if v is not None and str(v).strip()}
    if filled and filled <= {m.group(2)}:
        return f"every filled cell of {col.header} is {m.group(2)}: that share is always 1"
    return None


_ZH_DIGIT = "零一二三四五六七八九"
_DISCOUNT = re.compile(r"(?<![\d.零一二三四五六七八九十])(?P<n>\d(?:\.\d)?|\d\d|[一二三四五六七八九][一二三四五六七八九]?)\s*折(?![旧算合])")


def discount_ignored(request: str, formula: str) -> str | None:
    """"九折价 一位小数" answered with =ROUND(E3,1): a discount said as N折 (九折 = 90 %, 八五折 =
    85 %, 8.5折) that the formula never applies."""
    body = formula.replace(" ", "")
    for m in _DISCOUNT.finditer(request):
        n = m.group("n")
        digits = "".join(str(_ZH_DIGIT.index(ch)) if ch in _ZH_DIGIT else ch for ch in n)
        share = float(digits) / 10 if "." in digits or len(digits) == 1 else float(digits) / 100
        forms = {f"{share:g}", f"{share:g}".lstrip("0"), f"{1 - share:g}", f"{1 - share:g}".lstrip("0"),
                 f"{share * 100:g}%", f"{digits}/10", f"{digits}/100"}
        if not any(f and f in body for f in forms):
            return f"the request says {m.group(0).strip()} ({share:.0%} of the price), and the formula never applies it"
    return None


def cost_for_profit(request: str, formula: str) -> str | None:
    """"成本按金额的40%算，每笔毛利多少" answered with =F3*0.4: the profit asked, the cost given as a
    share of the amount, and the formula is that cost alone."""
    if not re.search(r"毛利|利润|赚|净赚|(?<![a-z])(?:profit|margin)(?![a-z])", request, re.I):
        return None
    said = re.search(r"(?:成本|(?<![a-z])costs?(?![a-z]))[^，,。;；]{0,12}?(\d+(?:\.\d+)?)\s*%|"
                     r"(?:成本|(?<![a-z])costs?(?![a-z]))[^，,。;；]{0,12}?([一二三四五六七八九])成", request, re.I)
    if said is None:
        return None
    share = float(said.group(1)) / 100 if said.group(1) else (_ZH_DIGIT.index(said.group(2)) / 10)
    m = re.fullmatch(r"=\s*\$?[A-Z]{1,3}\$?\d+\s*\*\s*(\d*\.?\d+)(%?)\s*", formula)
    if m is None:
        return None
    got = float(m.group(1)) / (100 if m.group(2) else 1)
    if abs(got - share) < 1e-9:
        return "the request asks for the profit, and the formula is the cost alone"
    return None


_FIRST_LETTER = re.compile(r"(?<![a-z])(?:first|1st)\s+(?:letter|character|initial|char)s?(?![a-z])|(?<![a-z])initials?(?![a-z])"
                           r"|首字母|第一个字(?!段)|头一个字", re.I)


def first_letter_ignored(request: str, formula: str) -> str | None:
    """"first letter of the first name + first letter of the surname" answered with the whole first
    name: a first letter asked must be taken as one character (LEFT(…,1), MID(…,n,1))."""
    if not _FIRST_LETTER.search(request):
        return None
    if re.search(r"\b(?:LEFT|RIGHT)\([^()]*(?:\([^()]*\)[^()]*)*,\s*1\s*\)|\bMID\([^()]*(?:\([^()]*\)[^()]*)*,\s*1\s*\)",
                 formula, re.I):
        return None
    return "the request asks for a first letter, and the formula takes no single character"


_GOODS_UNIT = re.compile(r"(?:多少|几)(份|杯|碗|笼|根|件|斤|盒|瓶|袋|箱|本|支|双|套|公斤|千克|吨|升)(?![\u4e00-\u9fff])")


def rows_for_goods(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"总共卖了多少份" answered with =COUNTA(B3:B40): a quantity of goods said with its measure
    word (份, 杯, 件, 斤 …) on a sheet with a quantity column adds that column up; counting the
    rows gives the number of sales."""
    from .quantities import ROW_COUNT

    m = _GOODS_UNIT.search(request)
    if m is None or not ROW_COUNT.match(formula.strip()):
        return None
    qty = [c for c in schema.columns if c.type == "number"
           and re.search(rf"数量|{m.group(1)}数|[（(]{m.group(1)}[)）]"
                         + (r"|重量|斤数" if m.group(1) in ("斤", "公斤", "千克", "吨") else ""), str(c.header))]
    if not qty:
        return None
    return f"the request asks how many {m.group(1)}, which {qty[0].header} adds up; the formula counts rows"


def _joined_form(said: str, body: str, schema: SheetSchema) -> bool:
    """Whether a quoted text is the form of a join ("工号-名字", "Job / Client"): column names (or a
    word for the names column) around a separator the formula writes between two references."""
    text = lexicon("text")
    m = re.fullmatch(r"\s*(\S.*?)\s*(" + text["separator_between"] + r")\s*(\S.*?)\s*", said)
    if m is None or f'&"{m.group(2)}"&' not in body:
        return False
    return all(mentions(part, schema) or part in text["person_words"] for part in (m.group(1), m.group(3)))
