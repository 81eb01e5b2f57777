"""What every per-row rule family shares: the vocabulary files, column grounding, numbers.

The per-row families (``rows`` arithmetic, ``rowlabels`` IF labels, ``rowtext``
text, ``rowdates`` dates and ID numbers) read one request into a formula for
one data row.  They ground words in the sheet the same way, through this
module: a header, a header synonym from ``lexicon/columns.json`` (both
languages; a header "基本工资" owns the group of "工资" because it ends with
it), or a value that only one column holds ("North" names Region).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from .qualified import qualifier_first
from .schema import Column, SheetSchema, col_index


def today() -> dt.date:
    """The day a request is asked: what 去年 or "this year" means depends on it.  ``O3_TODAY``
    (YYYY-MM-DD) pins it, so an evaluation set written on a known day reads its requests as
    they were meant on that day, whatever day it is run (tests/tasks/test_formula_corpus.py)."""
    import os

    pinned = os.environ.get("O3_TODAY", "").strip()
    if pinned:
        try:
            return dt.date.fromisoformat(pinned)
        except ValueError:
            pass
    return dt.date.today()

_LEX = Path(__file__).with_name("lexicon")
_NUM = re.compile(r"(?<![A-Za-z\d.])(\d+(?:,\d{3})*(?:\.\d+)?)\s*(%|percent|个百分点|万)?")
_ZH_DIGIT = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"两": 2, "十": 10}
_EN_COUNT = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_QUOTED = re.compile(r'"([^"]*)"|“([^”]*)”|\'([^\']+)\'(?![a-z])|「([^」]*)」')
_MONTHS = "january february march april may june july august september october november december".split()
# a month written whole or shortened ("Jan", "Sept.")
_MONTH_WORD = r"(?:" + "|".join(_MONTHS) + r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?"
_DATES = [
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{4})年(\d{1,2})月(\d{1,2})[日号]"), "ymd"),
    (re.compile(r"(\d{1,2})\s+(" + _MONTH_WORD + r")\s+(\d{4})", re.I), "dMy"),
    (re.compile(r"(" + _MONTH_WORD + r")\s+(\d{1,2}),?\s+(\d{4})", re.I), "Mdy"),
]


@cache
def lexicon(name: str) -> dict:
    """One vocabulary file of ``lexicon/`` (data, not code: a successor adds words there)."""
    with open(_LEX / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


@dataclass
class RowReading:
    """A per-row formula: ``template`` holds ``{r}`` for the target row, ``{p}`` for the row above."""

    template: str
    explanation: str
    consumed: list[float] = field(default_factory=list)

    def at(self, row: int) -> str:
        return self.template.replace("{r}", str(row)).replace("{p}", str(row - 1))


def has(text: str, words: list[str]) -> bool:
    """Whether ``text`` holds one of ``words`` (an English word only as a whole word)."""
    return any(find(text, w) >= 0 for w in words)


def find(text: str, word: str) -> int:
    whole = _whole_word(word)
    if whole is not None:
        m = whole.search(text)
        return m.start() if m else -1
    return text.find(word)


@lru_cache(maxsize=8192)
def _whole_word(word: str) -> re.Pattern[str] | None:
    """The compiled whole-word pattern of an English ``word`` (None for any other word).  Compiled
    once per word: the readers look up thousands of lexicon words, more than ``re``'s own cache of
    512 patterns holds, and recompiling them was most of the time a request took."""
    if re.match(r"[a-z0-9]", word) and re.search(r"[a-z]$", word):
        return re.compile(rf"(?<![a-z]){re.escape(word)}(?![a-z])")
    return None


def names_the_row(low: str, p: int) -> bool:
    """Whether the words at ``p`` of ``low`` (lower case) follow "each" / "every" / "per": the
    row's noun ("hour of each call-out", "tuning + repairs for each visit"), not an operand,
    though it may be a column's header too."""
    return re.search(r"\b(?:for\s+)?(?:each|every|per)\s+$", low[:p]) is not None


def is_zh(text: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text))


def ref(col: Column) -> str:
    return f"{col.letter}{{r}}"


def values(schema: SheetSchema, col: Column) -> list[Any]:
    """Every cell of ``col``'s data rows (None for a blank)."""
    c = col_index(col.letter)
    return [schema.cells.get((r, c)) for r in range(col.first_row, col.last_row + 1)]


def table_values(schema: SheetSchema, col: Column) -> list[Any]:
    """Every cell of ``col`` on the table's data rows (the rows any column fills; None for a
    blank): a date column left blank on its last rows (交货日期 of the orders not delivered yet)
    ends above them, so :func:`values` would not see those blanks."""
    first = min(c.first_row for c in schema.columns)
    last = max(c.last_row for c in schema.columns)
    rows = sorted({r for (r, _c), v in schema.cells.items() if first <= r <= last and v not in (None, "")})
    c = col_index(col.letter)
    return [schema.cells.get((r, c)) for r in rows]


def blank_on_table_rows(schema: SheetSchema, col: Column) -> bool:
    """True when ``col`` is blank on a row the table fills (a 是 / 否 column with blanks: a blank
    is "not done yet" too, so the test is <>"是", not ="否")."""
    return any(v is None or not str(v).strip() for v in table_values(schema, col))


#: a verb said negated before a Yes/No column's one-word header: "hasn't paid", "not yet
#: collected", "never been paid", "nobody's collected it" (the header follows; "unpaid" is said apart)
NOT_DONE = (r"(?:(?:has|have|had|is|are|was|were|did|does|do)\s*(?:n['’]?t|not)|not|never"
            r"|(?:nobody|no one|no-one)(?:['’]s|\s+has)"
            r"|without(?:\s+(?:a|an|any))?|with\s+no|no)\s+(?:yet\s+|been\s+)*")  # "cars without a permit"


def mark_columns(schema: SheetSchema) -> list[Column]:
    """The text columns holding only yes / no marks (是 / 否, 是 and blanks, Yes / No, ✓): named
    alone, such a column's header says which rows ("会员" beside 会员: 是 / 否), never what a row is."""
    marks = set(lexicon("answers")["yes_no_values"])
    return [c for c in schema.columns if c.type in ("text", "mixed") and c.distinct
            and {str(v).strip().lower() for v in c.distinct} <= marks]


def flag_columns(schema: SheetSchema) -> list[tuple[Column, str, set[str]]]:
    """(column, its header lower-cased, its values lower-cased) for each column of Yes / No
    answers (yes, no, y, n: two or more of them) named by one English word: Paid, Frames."""
    out = []
    for c in schema.columns:
        head = c.header.strip().lower()
        vals = {str(v).strip().lower() for v in values(schema, c) if v is not None and str(v).strip()}
        if c.type in ("text", "mixed") and re.fullmatch(r"[a-z]{3,}", head) \
                and len(vals) >= 2 and vals <= {"yes", "no", "y", "n"}:
            out.append((c, head, vals))
    return out


def row_pairs(schema: SheetSchema, a: Column, b: Column) -> list[tuple[Any, Any]]:
    """``(a, b)`` cell values row by row where both are filled.

    Two columns of one table can end on different rows (an unpaid invoice leaves
    "Paid On" blank at the bottom), so the pairing goes by row number, not by position.
    """
    ca, cb = col_index(a.letter), col_index(b.letter)
    rows = range(max(a.first_row, b.first_row), min(a.last_row, b.last_row) + 1)
    pairs = [(schema.cells.get((r, ca)), schema.cells.get((r, cb))) for r in rows]
    return [(x, y) for x, y in pairs if x is not None and y is not None]


def _bare(header: str) -> str:
    """A header without its unit in brackets: "收入（万元）" -> "收入"."""
    return re.sub(r"\s*[（(][^）)]*[）)]\s*$", "", header.lower().strip())


_OWNERS: dict[tuple, Column | None] = {}


def group_owner(schema: SheetSchema, group: list[str]) -> Column | None:
    """The one column a synonym group names: its header is in the group or ends with a word of it."""
    key = (tuple((c.letter, c.header) for c in schema.columns), id(group))
    if key not in _OWNERS:
        if len(_OWNERS) > 4096:
            _OWNERS.clear()
        _OWNERS[key] = _group_owner(schema, group)
    hit = _OWNERS[key]
    # the cached column is the one of this sheet with that letter (a schema may be a copy)
    return None if hit is None else next((c for c in schema.columns if c.letter == hit.letter), None)


def _group_owner(schema: SheetSchema, group: list[str]) -> Column | None:
    exact = [c for c in schema.columns if _bare(c.header) in group]
    if len(exact) == 1:
        return exact[0]
    if exact:
        return None
    ends = [c for c in schema.columns
            if any(len(w) >= 2 and is_zh(w) and _bare(c.header).endswith(w) for w in group)]
    if not ends:  # "Annual Salary", "Full Name": an English header whose last word is in the group
        # ("Unit Cost" is the price group's own word: it does not own "spend" / "cost" too)
        ends = [c for c in schema.columns if len(_bare(c.header).split()) > 1
                and _bare(c.header).isascii() and _bare(c.header).split()[-1] in group
                and not any(_bare(c.header) in g for g in lexicon("columns")["groups"] if g is not group)]
    if not ends:  # "Price each": a unit price said by its first word ("Price per kg" owns no
        # "price": on a price list it would take the word from the order's own price)
        ends = [c for c in schema.columns if c.type == "number" and _bare(c.header).isascii()
                and re.fullmatch(r"([a-z]+)\s+each", _bare(c.header))
                and _bare(c.header).split()[0] in group]
    return ends[0] if len(ends) == 1 else None


def group_of(schema: SheetSchema, name: str) -> Column | None:
    """The column owning the synonym group whose first word is ``name``."""
    for group in lexicon("columns")["groups"]:
        if group[0] == name:
            return group_owner(schema, group)
    return None


def mentions(text: str, schema: SheetSchema) -> list[tuple[int, Column]]:
    """Columns named in ``text`` (header or a synonym), in order of appearance."""
    low = text.lower()
    found: dict[str, tuple[int, Column]] = {}
    taken: list[tuple[int, int]] = []

    def claim(pos: int, length: int, col: Column | None) -> None:
        if any(a < pos + length and pos < b for a, b in taken):
            return
        taken.append((pos, pos + length))
        if col is not None and (col.letter not in found or found[col.letter][0] > pos):
            found[col.letter] = (pos, col)

    def scan(word: str, col: Column | None) -> None:
        if not word:
            return
        # a Latin word may not run into another letter ("price" is not in "priced"; a plural s
        # aside); a mixed header's Latin end may not run into a Latin letter and its Chinese end
        # may run into anything ("suv价减轿车价" names SUV价)
        first, last = "a" <= word[0] <= "z", "a" <= word[-1] <= "z"
        at = low.find(word)
        while at >= 0:  # a plain search: one regex per word overflowed re's pattern cache
            end = at + len(word)
            if not ((first and at and low[at - 1].isalpha() and (low[at - 1].isascii() or last))
                    or (last and end < len(low) and low[end].isalpha() and low[end] != "s"
                        and (low[end].isascii() or first))
                    or word[0].isdigit() and at and low[at - 1].isdigit()
                    or word[-1].isdigit() and end < len(low) and low[end].isdigit()):
                claim(at, len(word), col)  # (a number's digits name no column: "1000" is not 10月)
            at = low.find(word, at + 1)

    # "the glass charge" for Glass under a two-row header's Charges: the header and its group word
    for col in schema.columns:
        group = col.group.lower().strip()
        if group and col.header.isascii() and group.isascii() and group not in col.header.lower():
            for g in dict.fromkeys((group, group.removesuffix("s"))):
                scan(f"{col.header.lower().strip()} {g}", col)
                scan(f"{g} {col.header.lower().strip()}", col)
    heads = {c.letter: {c.header.lower().strip(), _bare(c.header)} for c in schema.columns}
    for col in sorted(schema.columns, key=lambda c: -len(c.header)):
        for h in header_forms(col.header):
            if any(h in hs for letter, hs in heads.items() if letter != col.letter):
                continue  # "per night" of Dog per night is the header Per night, not a form of it
            scan(h, col)
    # "Visits Q1" named as "visits": a header without its period word, when no other header shares the rest
    unqualified = {c.letter: _unqualified(c.header) for c in schema.columns}
    for col in schema.columns:
        rest = unqualified[col.letter]
        if rest and sum(rest in (u, c.header.lower().strip()) for c, u in
                        zip(schema.columns, unqualified.values(), strict=True)) == 1:
            scan(rest, col)
    # "Deposit Paid" named as "deposit": a header without the word that says the money's state,
    # when no other header has the word left
    states = lexicon("rows")["state_qualifiers"]
    for col in schema.columns:
        words = col.header.lower().split()
        if len(words) == 2 and col.header.isascii() and words[1] in states and len(words[0]) >= 4 \
                and sum(words[0] in c.header.lower().split() for c in schema.columns) == 1:
            scan(words[0], col)
    # synonyms, longest first across all groups; a group no column owns still holds its
    # words ("出生日期" on a sheet without one is not "日期" = the hire date)
    words = [(w, owner) for g in lexicon("columns")["groups"] for owner in (group_owner(schema, g),) for w in g]
    for word, owner in sorted(words, key=lambda wo: (-len(wo[0]), wo[0])):
        scan(word, owner)
    # a Chinese header named by its first characters (请假 -> 请假天数), when no other header starts so
    for col in schema.columns:
        h = _bare(col.header)
        if not is_zh(h) or len(h) < 3:
            continue
        for n in range(len(h) - 1, 1, -1):
            head = h[:n]
            if sum(_bare(c.header).startswith(head) for c in schema.columns) == 1 and head in low:
                scan(head, col)
                break
    # ... or by its last characters (租金 -> 月租金, 基本工资 -> 月基本工资), when no other header ends so
    for col in schema.columns:
        h = _bare(col.header)
        if not is_zh(h) or len(h) < 3:
            continue
        for n in (2,):  # two characters only: a longer tail crosses words (工作日加班 is not 节假日加班)
            tail = h[-n:]
            if sum(_bare(c.header).endswith(tail) for c in schema.columns) == 1 and tail in low:
                scan(tail, col)
                break
    return sorted(found.values(), key=lambda pc: pc[0])


def _unqualified(header: str) -> str | None:
    """An English header without the one word that names its period ("Visits Q1" -> "visits"), or None."""
    words = header.lower().split()
    if len(words) < 2 or not header.isascii():
        return None
    pat = "|".join(lexicon("rows")["period_qualifiers"])
    kept = [w for w in words if not re.fullmatch(pat, w.strip("()"))]
    if len(kept) != len(words) - 1 or len(" ".join(kept)) < 4:
        return None
    return " ".join(kept)


def header_forms(header: str) -> list[str]:
    """How a request may write a header: itself, without its unit, "Unit Price" as "price per
    unit", "Sales" as "sale" (longest first, so the header itself claims its words first)."""
    h = header.lower().strip()
    if h in _FUNCTION_WORDS:
        return []  # a header "To" or "From" is not named by every "to" of a request
    forms = {h, _bare(header)}
    words = h.split()
    if len(words) == 2 and h.isascii():
        forms |= {f"{words[1]} per {words[0]}", f"{words[1]} of {words[0]}"}
    adjective = {a: u for u, adjs in lexicon("rows")["per_adjectives"].items() for a in adjs}
    if len(words) == 2 and words[0] in adjective and h.isascii():  # "Weekly rate": "rate per week", "rate a week"
        unit = adjective[words[0]]
        forms |= {f"{words[1]} per {unit}", f"{words[1]} a {unit}", f"per-{unit} {words[1]}", f"per {unit} {words[1]}"}
    if len(words) == 2 and words[0] == "per" and h.isascii():  # "Per night": "nightly rate", "price per night"
        unit = words[1]
        said = [unit, *lexicon("rows")["per_adjectives"].get(unit, [])]
        forms |= {f"{a} {w}" for a in said[1:] for w in ("rate", "price", "charge", "cost")}
        forms |= {f"{w} per {unit}" for w in ("rate", "price", "charge", "cost")}
        forms |= {f"per {unit} {w}" for w in ("rate", "price", "charge", "cost")}
        forms |= {f"per-{unit} {w}" for w in ("rate", "price", "charge", "cost")}
    if len(words) == 3 and words[1] == "per" and h.isascii():
        forms.add(f"{words[2]} {words[0]}")  # "Price per Unit" as "unit price"
        forms |= {f"per {words[2]} {words[0]}", f"per-{words[2]} {words[0]}", f"per {words[2]}"}  # "per-head price", "guests x per head"
        forms |= {f"{adj} {words[0]}" for adj in lexicon("rows")["per_adjectives"].get(words[2], [])}  # "hourly rate"
        money = ("rate", "price", "charge", "cost")
        units = [words[2], *lexicon("rows")["header_abbreviations"].get(words[2], [])]
        if words[0] in money:  # "Price per kg" said as "rate per kg", "per kilo price"
            forms |= {f"{w} per {u}" for w in money for u in units}
            forms |= {f"per {u} {w}" for w in money for u in units} | {f"per {u}" for u in units}
        if words[2] in lexicon("nouns")["person_units"]:  # "Price per player" as "price per head", "per-person price"
            for unit in lexicon("nouns")["person_said"]:
                forms |= {f"{words[0]} per {unit}", f"per {unit} {words[0]}", f"per-{unit} {words[0]}"}
    forms |= _currency_per_unit(h)
    forms |= _spelled_out(h)
    if re.search(r"[a-z]-[a-z]", h) and h.isascii():
        forms |= {re.sub(r"(?<=[a-z])-(?=[a-z])", "", h), re.sub(r"(?<=[a-z])-(?=[a-z])", " ", h)}  # "callout fee"
    if re.fullmatch(r"(?:19|20)\d\d", h):
        forms.add(f"{h[2:]}年")  # a year column: "23年总营收" names 2023
    for word, short in lexicon("columns")["zh_header_contractions"].items():
        if re.fullmatch(rf"[\u4e00-\u9fff]{{2,}}{word}", h):
            forms.add(h[: -len(word)] + short)  # 合同金额 as 合同额
    if re.fullmatch(r"[\u4e00-\u9fff]数", h):
        forms.add("按" + h[0])  # 斤数 as "（按斤）": the measure a superlative compares by
        forms |= {"几" + h[0], "多少" + h[0]}  # 桶数 asked as 几桶 / 多少桶: how many, in its unit
    if re.fullmatch(r"[\u4e00-\u9fff]{2,}名", h):
        forms.add(h + "字")  # 宠物名 as 宠物名字
    if re.fullmatch(r"\d+号[\u4e00-\u9fff]{2,}", h):
        forms.add(h.replace("号", "", 1))  # 92号汽油 as 92汽油
    if re.fullmatch(r"[\u4e00-\u9fff]{2}[一二三四五六七八九十]", h):
        forms.add(h[0] + h[-1])  # 科一 for 科目一
    for word, said in lexicon("columns")["zh_header_words"].items():
        if word in h:  # 午餐人次 as 中午人次, and as 中午 where 午餐 alone names it
            forms |= {h.replace(word, w) for w in said}
            forms |= set(said) if h.startswith(word) else set()
    if h.isascii() and re.fullmatch(r"[a-z]{4,}s", h) and not h.endswith("ss"):
        forms.add(h[:-1])
    if h.isascii() and re.fullmatch(r"[a-z]{4,}", h):  # "Host" said as "hosted by", "Handler" as "handled by"
        did = h[:-2] if re.search(r"[a-z]{3}(?:er|or)$", h) else h
        forms.add(did + ("d" if did.endswith("e") else "ed") + " by")
    forms |= _phrasal_forms(h) | qualifier_first(h)
    return sorted((f for f in forms if f), key=len, reverse=True)


#: a header that is a price per unit written with the currency's sign: "£/kg", "$ / hr", "€/m2"
_CURRENCY_PER = re.compile(r"[£$€]\s*/\s*([a-z][a-z0-9]{0,9})")


def _currency_per_unit(h: str) -> set[str]:
    """"£/kg" said as "price per kg", "per kg price", "kg price", "rate per kilo": the header is a
    price (a rate, a charge) per one unit, written as the sign of its money over the unit."""
    m = _CURRENCY_PER.fullmatch(h)
    if m is None:
        return set()
    units = [m.group(1), *lexicon("rows")["header_abbreviations"].get(m.group(1), [])]
    money = ("rate", "price", "charge", "cost")
    return ({f"{w} per {u}" for w in money for u in units} | {f"per {u} {w}" for w in money for u in units}
            | {f"{u} {w}" for w in ("rate", "price") for u in units} | {f"{w} a {u}" for w in money for u in units})


def _phrasal_forms(h: str) -> set[str]:
    """"Turnout" said as "turned out" / "turn out", "Bring in" as "brought in", "Check-in" as
    "checked in": a header that is a verb and its particle (``lexicon/verbs.json``), one word or
    two, said as the verb in any of its forms."""
    verbs = lexicon("verbs")
    m = re.fullmatch(r"([a-z]{3,}?)[- ]?(" + "|".join(verbs["particles"]) + ")", h)
    if m is None or not h.isascii():
        return set()
    verb, particle = m.groups()
    said = {verb, verb + "s", verb + "ing", verb + ("d" if verb.endswith("e") else "ed"),
            *verbs["irregular"].get(verb, [])}
    if re.search(r"[^aeiou][aeiou][bdgmnpt]$", verb):  # drop: dropped, dropping
        said |= {verb + verb[-1] + "ed", verb + verb[-1] + "ing"}
    if verb.endswith("e"):
        said.add(verb[:-1] + "ing")
    return {f"{w} {particle}" for w in said} | {f"{w}-{particle}" for w in said}


_FUNCTION_WORDS = {"to", "from", "in", "out", "on", "at", "by", "for", "of", "with", "and", "or", "is"}


def _spelled_out(h: str) -> set[str]:
    """Other ways to write an English header: its short words spelled out ("Est. Hours" ->
    "estimated hours", "OT Hrs" -> "overtime hours", "Dec" -> "december"), and its first word
    alone when the last is a measure word ("Actual Hours" -> "actual")."""
    if not h.isascii():
        return set()
    lex = lexicon("rows")
    spell = lex["header_abbreviations"]
    words = [w.strip(".") for w in h.replace("#", " # ").split()]
    out: set[str] = set()
    if len(words) == 1 and words[0] in spell:
        out |= set(spell[words[0]])
    if 1 < len(words) <= 3:
        options = [[w, *spell.get(w, [])] for w in words]
        combos = [[]]
        for opts in options:
            combos = [c + [o] for c in combos for o in opts][:16]
        out |= {" ".join(c) for c in combos}
        if words[-1] in lex["measure_words"] and len(words) == 2:
            out |= {o for o in options[0] if len(o) >= 3}
    return {o for o in out if o and o != h}


_PERSON_HEADERS = ("name", "student", "employee", "rep", "salesperson", "person", "姓名", "名字", "员工",
                   "学生", "同学", "销售员", "customer", "客户")


#: a weekday in Chinese (周一, 星期日, 礼拜天), which looks like a two- or three-character name
_WEEKDAY_ZH = re.compile(r"(?:周|星期|礼拜)[一二三四五六日天]")


def person_column(columns: list[Column]) -> Column | None:
    """The column of people's names among ``columns`` ("who ..." answers with it), or None.

    A header that is a person word or ends with "name" / 姓名 ("Full Name"); else the one
    text column whose values look like names ("Maria Lopez", 王丽) rather than codes
    ("A01", "GH2001"), which answer no "who".
    """
    people = set(_PERSON_HEADERS) | set(lexicon("lookups")["person_headers"])
    for col in columns:
        h = col.header.lower().strip()
        if h in people or (col.type == "text" and re.search(r"(?:^|\s)name$|姓名$", h)):
            return col

    def names(col: Column) -> bool:
        vals = [v for v in col.distinct if isinstance(v, str)]
        if vals and all(_WEEKDAY_ZH.fullmatch(v.strip()) for v in vals):
            return False  # 周一, 星期二: a column of weekdays, though 周 is a family name
        return len(vals) >= 2 and (
            all(re.fullmatch(r"[A-Z][a-z'\-]+(?: [A-Z][a-z'\-]+){1,2}", v.strip()) for v in vals)
            or all(re.fullmatch(r"[\u4e00-\u9fff]{2,3}", v.strip()) for v in vals))

    found = [c for c in columns if c.type == "text" and names(c)]
    if len(found) > 1:  # 钓友 (林思琪) beside 塘口 (鲫鱼塘, 黑坑): the one whose values start with a family name
        surnames = lexicon("lookups")["zh_surnames"]
        named = [c for c in found if all(str(v).strip()[:1] in surnames for v in c.distinct
                                         if re.fullmatch(r"[\u4e00-\u9fff]{2,3}", str(v).strip()))
                 and any(re.fullmatch(r"[\u4e00-\u9fff]{2,3}", str(v).strip()) for v in c.distinct)]
        found = named if len(named) == 1 else found
    return found[0] if len(found) == 1 else None


def value_synonyms(col: Column) -> dict[str, str]:
    """Other words for values of ``col`` (``lexicon/values.json``): "women" for F, 周一 for Monday.

    A group names a value only when exactly one value of the column is a word of it.
    """
    out: dict[str, str] = {}
    held = {v.lower().strip(): v for v in col.distinct if isinstance(v, str) and v.strip()}
    for group in lexicon("values")["groups"]:
        hits = [held[w] for w in group if w in held]
        if len(set(hits)) == 1:
            out.update({w: hits[0] for w in group if w not in held})
    return out


def value_mentions(text: str, schema: SheetSchema) -> list[tuple[int, int, Column, str]]:
    """(start, end, column, value) for each text value of the sheet named in ``text``.

    Case does not matter; a value followed by a suffix ("华东地区") still counts.
    A value held by two columns names neither.
    """
    low = text.lower()
    out: list[tuple[int, int, Column, str]] = []
    owners: dict[str, list[Column]] = {}
    named: dict[str, str] = {}
    for col in schema.columns:
        if col.type in ("text", "mixed"):
            for v in col.distinct:
                if isinstance(v, str) and v.strip():
                    owners.setdefault(v.lower().strip(), []).append(col)
            for w, v in value_synonyms(col).items():  # "women" for F, 周一 for Monday
                named[w] = v
                owners.setdefault(w, []).append(col)
    for v in sorted(owners, key=len, reverse=True):
        cols = owners[v]
        if len(v) < 2 and not is_zh(v):
            continue
        pat = re.escape(v) if is_zh(v) else rf"(?<![a-z0-9]){re.escape(v)}(?![a-z0-9])"
        word = v in lexicon("values").get("zh_word_values", [])  # 是: the copula, unless 接送为是
        for m in re.finditer(pat, low):
            col = _said_is(low[:m.start()], cols) if word else cols[0] if len(cols) == 1 else \
                _said_is(low[:m.start()], cols)
            if col is not None and not any(a < m.end() and m.start() < b for a, b, _, _ in out):
                value = named.get(v) or next(x for x in col.distinct if x.lower().strip() == v)
                out.append((m.start(), m.end(), col, value))
    return sorted(out, key=lambda t: t[0])


def _said_is(before: str, cols: list[Column]) -> Column | None:
    """"paid is no" where Frames and Paid both hold No: the one of ``cols`` whose header is said
    right before the value with a verb of being between ("is", "=", ":", "为", "是"); else None."""
    said = [c for c in cols if any(
        re.search(rf"(?<![a-z0-9]){re.escape(h)}\s*(?:is|was|=|:|：|equals|为|是|等于)\s*$", before)
        for h in header_forms(c.header) if h)]
    return said[0] if len(said) == 1 else None


def quoted(text: str) -> list[tuple[int, str]]:
    """(position, string) of each quoted string."""
    return [(m.start(), next(g for g in m.groups() if g is not None)) for m in _QUOTED.finditer(text)]


_SLASHED = re.compile(r"(?<![\d/.])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")


def date_in(text: str) -> tuple[dt.date, int, int] | None:
    """The first calendar date written in ``text``, with its span.  "1/1/2027", "25/12/2026",
    "12/25/2026": a day and month with slashes only where which is which cannot be mistaken
    (the same number, or one over 12); "3/4/2026" is no date here."""
    found = _slashed(text)
    if found is not None:
        return found
    for pattern, order in _DATES:
        m = pattern.search(text)
        if not m:
            continue
        parts = dict(zip(order, m.groups(), strict=True))
        month = int(parts["m"]) if "m" in parts else next(
            i + 1 for i, name in enumerate(_MONTHS) if name.startswith(parts["M"].lower().rstrip(".")[:3]))
        try:
            return dt.date(int(parts["y"]), month, int(parts["d"])), m.start(), m.end()
        except ValueError:
            return None
    return None


def _slashed(text: str) -> tuple[dt.date, int, int] | None:
    for m in _SLASHED.finditer(text):
        a, b, y = (int(x) for x in m.groups())
        if a != b and a <= 12 and b <= 12:
            continue  # 3/4/2026: March or April, not guessed
        day, month = (a, b) if a > 12 or a == b else (b, a)
        try:
            return dt.date(y, month, day), m.start(), m.end()
        except ValueError:
            continue
    return None


def date_formula(d: dt.date) -> str:
    return f"DATE({d.year},{d.month},{d.day})"


def numbers(text: str) -> list[tuple[float, str, int]]:
    """(value, unit, position) of each number; quoted strings and dates are not numbers."""
    plain = _QUOTED.sub(lambda m: " " * len(m.group(0)), text)
    # an example of the result ("like 2025-03", "例如 2025-03") is not an operand
    plain = re.sub(r"(?:\blike\b|\be\.g\.|\bsuch as\b|例如|比如|形如)[^,，;；)）]*", lambda m: " " * len(m.group(0)),
                   plain)
    d = date_in(plain)
    while d is not None:
        plain = plain[:d[1]] + " " * (d[2] - d[1]) + plain[d[2]:]
        d = date_in(plain)
    out = []
    for m in _NUM.finditer(plain):
        v = float(m.group(1).replace(",", ""))
        unit = m.group(2) or ""
        if unit == "万":
            v, unit = v * 10000, ""
        out.append((v, unit, m.start()))
    return out


def cover(text: str, words: list[str] | tuple[str, ...], plural: bool = False) -> str:
    """``text`` with every occurrence of every word blanked, all found in the original text.

    Order-independent: overlapping words ("排名" and "名次" in "排名次") both count,
    so the result does not depend on which word is tried first.  An English word counts only
    as a whole word (no lowercase letter either side), with an "s" / "es" plural when
    ``plural``; other words count wherever they occur.

    A plain search per word, not one compiled alternation: the word lists mix the lexicon
    with words of the request, so each call had a new list, and compiling its alternation
    was the largest single cost of a formula request (a sixth of the corpus run).
    """
    mask = bytearray(len(text))
    for w in set(words):
        if not w:
            continue
        bounded = w.isascii() and (w[0].isalnum() or w[0] == "_")
        at = text.find(w)
        while at != -1:
            end = _word_end(text, at, len(w), plural) if bounded else at + len(w)
            if end:
                mask[at:end] = b"\x01" * (end - at)
            at = text.find(w, at + 1)
    if not any(mask):
        return text
    return "".join(" " if hit else ch for ch, hit in zip(text, mask, strict=True))


def _word_end(text: str, at: int, size: int, plural: bool) -> int:
    """Where the whole word found at ``at`` ends (a plural ending included), or 0 when it is
    part of a longer word."""
    if at and "a" <= text[at - 1] <= "z":
        return 0
    end = at + size
    for ending in (("s", "es", "") if plural else ("",)):
        stop = end + len(ending)
        if text.startswith(ending, end) and not (stop < len(text) and "a" <= text[stop] <= "z"):
            return stop
    return 0


def header_numbers(text: str, schema: SheetSchema, units: bool = True) -> list[tuple[float, str, int]]:
    """The numbers of ``text`` that are not a column's name (a year header "2021" is a column);
    "4000万" is 4000 on a sheet in 万元 (``SheetSchema.counts_in_wan``) unless ``units`` is False."""
    heads = {c.header.strip() for c in schema.columns}
    in_wan = units and schema.counts_in_wan  # 收入（万元）, or 万元 in the title: "4000万" is 4000
    out = []
    named = None
    for v, unit, pos in numbers(text):
        raw = re.match(r"[\d.,]+", text[pos:]).group(0).rstrip(".,")
        if not unit and any(re.search(r"\d", c.header) for c in schema.columns):
            if named is None:  # "instalment 1 + instalment 2": the number is a part of a header's name
                low = text.lower()
                named = [(p, p + len(f)) for p, c in mentions(text, schema)
                         for f in [c.header.lower().strip(), *header_forms(c.header)] if low.startswith(f, p)]
                # a header said twice ("95号汽油/(92号汽油+95号汽油)"): mentions() finds it once
                named += [(m.start(), m.end()) for c in schema.columns if re.search(r"\d", c.header)
                          for f in {c.header.lower().strip()} if f for m in re.finditer(re.escape(f), low)]
                # "95号/(92号+95号)" on 92号汽油 | 95号汽油: a header's leading number and the character
                # after it, when no other header starts so
                leads = [m.group(0) for c in schema.columns if (m := re.match(r"\d+[\u4e00-\u9fff]", c.header.strip()))]
                named += [(m.start(), m.end()) for lead in leads if leads.count(lead) == 1
                          for m in re.finditer(rf"(?<![\d.]){re.escape(lead)}", low)]
                # "95号卖得最多" names 95号汽油 by its first characters: the number is the header's
                named += [(p, p + n) for p, c in mentions(text, schema)
                          for n in (_shared_head(low[p:], c.header.lower().strip()),) if n >= 2]
            if any(a <= pos < b and re.search(r"\d", text[a:b]) for a, b in named):
                continue
        if in_wan and not unit and re.match(r"\s*万", text[pos + len(raw):]):
            v = float(raw.replace(",", ""))
        if not unit and raw in heads:
            continue
        if re.fullmatch(r"\d\d", raw) and text[pos + 2:pos + 3] == "年" and any(
                h.endswith(raw) and re.fullmatch(r"(?:19|20)\d\d", h) for h in heads):
            continue  # "23年" on a sheet with a column 2023: the column (header_forms)
        out.append((v, unit, pos))
    return out


def _shared_head(text: str, header: str) -> int:
    """How many first characters ``text`` shares with ``header`` (0 when they differ at once)."""
    n = 0
    while n < min(len(text), len(header)) and text[n] == header[n]:
        n += 1
    return n


def count_word(text: str) -> int | None:
    """A small count written as a word or digit ("three", "四", "4")."""
    if text.isdigit():
        return int(text)
    return _EN_COUNT.get(text.lower(), _ZH_DIGIT.get(text))


def used_up(nums: list[tuple[float, str, int]], consumed: list[float]) -> bool:
    """True when every number of the request is one the formula uses."""
    left = [v for v, _, _ in nums]
    for v in consumed:
        if v in left:
            left.remove(v)
    return not left
