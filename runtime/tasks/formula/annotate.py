"""Mark what a request names on the sheet: columns, values, quoted text, numbers, dates.

The request becomes a string in which each recognised thing is a token
(``\\ue000c3\\ue001``: kind letter, index into :attr:`Annotated.toks`); the
composer then rewrites phrases around tokens into formula pieces.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .phrases import normalize_zh_numbers
from .qualified import qualifier_first
from .rowbase import lexicon
from .schema import Column, SheetSchema, col_index

OPEN, CLOSE = "\ue000", "\ue001"
TOKEN_RE = re.compile(f"{OPEN}([a-z])(\\d+){CLOSE}")

# Chinese business terms -> English header words they name, and English words -> header words
# (general vocabulary, data in lexicon/columns.json)
GLOSSARY: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in lexicon("columns")["glossary"].items()}
EN_SYNONYMS: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in lexicon("columns")["en_synonyms"].items()}
# measure words that may follow a column name without changing it
_AFTER_COLUMN = r"(?:\s*(?:(?:scores?|values?|column|figures?|amounts?|counts)(?![a-z])|col(?![a-z.])(?!\s+[a-z]\d*(?![a-z]))|成绩|分数|得分|数值|这一列|一列|列(?!表|出)))?"


@dataclass
class Tok:
    """A recognised piece: a column, a value, a literal, or a built formula part."""

    kind: str  # c column, v value in a column, s text, n number, d date, r cell, x scalar,
    #           a array, k conditions, g open aggregate, b boolean
    text: str = ""  # Excel text
    type: str = "any"  # num, text, date, bool, any
    col: Column | None = None
    what: str = ""
    value: Any = None
    conds: tuple = ()
    op: str = ""
    cols: tuple[Column, ...] = ()


@dataclass
class Annotated:
    text: str
    toks: list[Tok] = field(default_factory=list)
    hints: set[str] = field(default_factory=set)
    flags: set[str] = field(default_factory=set)
    tables: list[list[Column]] = field(default_factory=list)

    def add(self, tok: Tok) -> str:
        self.toks.append(tok)
        return f"{OPEN}{tok.kind}{len(self.toks) - 1}{CLOSE}"


def col_type(col: Column) -> str:
    return {"number": "num", "text": "text", "date": "date"}.get(col.type, "any")


def tables(schema: SheetSchema) -> list[list[Column]]:
    """Columns grouped into tables (runs of adjacent columns), the largest first."""

    groups: list[list[Column]] = []
    for col in schema.columns:
        if groups and col_index(col.letter) == col_index(groups[-1][-1].letter) + 1:
            groups[-1].append(col)
        else:
            groups.append([col])
    return sorted(groups, key=lambda g: (-len(g) * max(c.last_row for c in g), g[0].letter))


def _names(col: Column, all_cols: list[Column]) -> list[str]:
    h = col.header.strip().lower()
    names = {h} | header_aliases(col, all_cols) | {col.full_name.strip().lower()}  # 进场情况进场日期
    if h.isascii():
        if h.endswith("y"):
            names.add(h[:-1] + "ies")
        names.update({h + "s", h + "es"})
        if h.endswith("s"):
            names.add(h[:-1])
        words = h.split()
        if len(words) > 1:
            last = words[-1]
            others = [w for c in all_cols if c is not col for w in c.header.lower().split()]
            if len(last) >= 3 and last not in others:
                names.update({last, last + "s"})
    return sorted(names, key=len, reverse=True)


def _bare(header: str) -> str:
    """A header without its unit in brackets: "收入（万元）" -> "收入", "Weight (kg)" -> "weight"."""
    return re.sub(r"\s*[（(][^）)]*[）)]\s*$", "", header.lower().strip())


_MONTH_ABBR = {m[:3]: m for m in
               "january february march april may june july august september october november december".split()}


def header_aliases(col: Column, all_cols: list[Column]) -> set[str]:
    """Other names a request gives ``col``'s header, when no other header answers to them.

    The header without its unit ("Weight (kg)" -> weight), its abbreviations written
    out (Regular Hrs -> regular hours, OT Hrs -> overtime hours; ``lexicon/columns.json``),
    a month header by any of its names (Oct -> october, 10月), and a Chinese header by
    its stem (迟到次数 -> 迟到, 实际出勤天数 -> 实际出勤, 月租金 -> 租金/月租) or by a
    distinctive tail of four characters or more of it or of its stem (法定节假日加班(小时)
    -> 节假日加班).
    """
    lex = lexicon("columns")
    bare = _bare(col.header)
    out = ({bare} if bare else set()) | qualifier_first(col.header)
    if bare.isascii():
        words = bare.split()
        abbr = lex.get("abbreviations", {})
        if any(w in abbr for w in words):
            forms = [[]]
            for w in words:
                forms = [f + [alt] for f in forms for alt in [w] + abbr.get(w, [])]
            out.update(" ".join(f) for f in forms[:16])
        mon = bare.rstrip(".")
        full = _MONTH_ABBR.get(mon[:3]) if mon[:3] in _MONTH_ABBR and _MONTH_ABBR[mon[:3]].startswith(mon) else None
        if full:
            out.update({full, full[:3], f"{list(_MONTH_ABBR).index(full[:3]) + 1}月"})
    elif re.fullmatch(r"[\u4e00-\u9fff]{3,12}", bare):
        ends = {len(bare)}
        for suffix in sorted(lex.get("zh_header_suffixes", []), key=len, reverse=True):
            if bare.endswith(suffix) and len(bare) - len(suffix) >= 2:
                out.add(bare[: -len(suffix)])
                ends.add(len(bare) - len(suffix))
        for prefix in lex.get("zh_header_prefixes", []):
            if bare.startswith(prefix) and len(bare) - len(prefix) >= 2:
                out.add(bare[len(prefix):])
        # a distinctive tail of the header or of its stem (采购单号 gives no 采购单: 号 is no suffix)
        out.update(bare[i:j] for j in ends for i in range(j - 3))
    others = [_bare(c.header) for c in all_cols if c is not col]
    return {a for a in out if a and not any(a in o for o in others)}


_QUOTES = re.compile(r'"([^"\n]*)"|“([^”\n]*)”|‘([^’\n]*)’|「([^」\n]*)」|'
                     r"(?:(?<=^)|(?<=[\s(:,=：，（\u4e00-\u9fff]))'([^'\n]*)'(?=[\s),.?!:;，。？）\u4e00-\u9fff]|$)")
_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), 1)}
_MON = "|".join(list(_MONTHS) + [m[:3] for m in _MONTHS])
_DATES = [
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{4})年(\d{1,2})月(\d{1,2})[日号]"), "ymd"),
    (re.compile(rf"(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MON})\.?,?\s+(\d{{4}})", re.I), "dMy"),
    (re.compile(rf"({_MON})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})", re.I), "Mdy"),
    (re.compile(rf"\b({_MON})\.?,?\s+(\d{{4}})\b", re.I), "My"),
    (re.compile(r"(\d{4})年(\d{1,2})月(?!(?!0号)[\d日号])"), "ym"),  # (1月0号柴油: no day 0)
]


#: "19/08/2026", "8/19/2026": a day and a month in either order, then the year
_SLASHED = re.compile(r"(?<![\d/.])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")


def _day_month_order(m: re.Match) -> str:
    """A slashed date as year/month/day where its order cannot be mistaken (one part above 12:
    19/08/2026 is the 19th of August, 8/19/2026 too; or both parts the same: 12/12/2026);
    03/04/2026 is left as written."""
    a, b, y = int(m.group(1)), int(m.group(2)), m.group(3)
    if a == b:  # 12/12/2026: either order says the same day
        return f"{y}/{a}/{b}"
    if a > 12 >= b:
        return f"{y}/{b}/{a}"
    if b > 12 >= a:
        return f"{y}/{a}/{b}"
    return m.group(0)


def _month(name: str) -> int:
    name = name.lower()
    return next(i for m, i in _MONTHS.items() if m == name or m[:3] == name)



@lru_cache(maxsize=8192)
def _column_pattern(name: str, after: str) -> re.Pattern[str]:
    """A column's name (a header or a term for it) as a pattern, compiled once: the sheets' names
    are more than ``re``'s own cache of 512 patterns holds."""
    if name.isascii():
        return re.compile(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9]){after}", re.I)
    return re.compile(re.escape(name) + after)


@lru_cache(maxsize=8192)
def _value_pattern(v: str) -> re.Pattern[str]:
    """A sheet's text value as a pattern, compiled once (a sheet has more values than ``re``'s
    cache holds): an English one as a whole word, its plural included ("workshops" -> "Workshop"),
    case-blind from three letters on."""
    if not v.isascii():
        return re.compile(re.escape(v))
    flags = 0 if len(v) <= 2 else re.I
    plural = "(?:es|s)?" if len(v) > 2 and v[-1].isalpha() and v[-1] not in "sS" else ""
    return re.compile(rf"(?<![A-Za-z0-9_'\-]){re.escape(v)}{plural}(?![A-Za-z0-9_]|-(?!>)|'[a-rt-z])", flags)


@lru_cache(maxsize=8192)
def _part_pattern(part: str) -> re.Pattern[str]:
    """A part of a value (五角场 of 五角场店, "dr reyes" of Dr. Reyes) as a pattern, compiled once."""
    if part.isascii():
        return re.compile(rf"(?<![A-Za-z0-9_'\-]){re.escape(part)}(?![A-Za-z0-9_]|-(?!>)|'[a-rt-z])", re.I)
    return re.compile(re.escape(part))


def annotate(request: str, schema: SheetSchema, known_functions: frozenset[str]) -> Annotated:
    """Tokenise ``request`` against ``schema``."""
    ann = Annotated(request.strip(), tables=tables(schema))
    text = normalize_zh_numbers(ann.text)
    text = text.replace("（", "(").replace("）", ")").replace("，", ",").replace("：", ":")
    text = text.replace("？", "?").replace("。", ".").replace("；", ";").replace("’", "'")
    # quoted text first: its content is never read as words
    text = _QUOTES.sub(lambda m: " " + ann.add(Tok("s", _q(next(g for g in m.groups() if g is not None)),
                                                 "text", value=next(g for g in m.groups()
                                                                    if g is not None))) + " ", text)
    # "using SUMPRODUCT", "via INDEX/MATCH", "(用 DATEDIF)"
    fn = r"[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)?"

    def hint(m: re.Match) -> str:
        names = [n.upper() for n in re.findall(fn, m.group(1))]
        if not names or any(n not in known_functions for n in names):
            return m.group(0)
        ann.hints.update(names)
        return " "

    text = re.sub(rf"(?:\(|,|\b)?\s*(?:using|use|via|with|by|through|用|使用|通过|利用|采用)\s*(?:the\s+)?"
                  rf"({fn}(?:\s*(?:/|\+|&|and|和|与|,)\s*{fn})*)\s*(?:functions?|formulas?|函数|公式)?\s*\)?",
                  hint, text, flags=re.I)
    def paren_hint(m: re.Match) -> str:
        name = m.group(1).upper()
        if name not in known_functions:
            return m.group(0)
        ann.hints.add(name)
        return " "

    text = re.sub(rf"\(\s*({fn})\s*\)", paren_hint, text)
    # "using whole-column references": answer with C:C instead of C2:C11
    text, n = re.subn(r"(?:using |with |用|使用)?(?:(?:whole|entire|full)[- ]columns?(?: references?| refs?)?|整列引用|整列)", " ",
                      text, flags=re.I)
    if n:
        ann.flags.add("whole_columns")
    # a formula call written out with literal arguments: ROUND(2.5,0)
    def call(m: re.Match) -> str:
        name = m.group(1).upper()
        if name not in known_functions:
            return m.group(0)
        args = re.sub(r"\s+", "", m.group(2))
        return " " + ann.add(Tok("x", f"{name}({args})", "num", what=f"{name}({args})")) + " "

    text = re.sub(r"(?<![A-Za-z0-9_.])([A-Za-z][A-Za-z0-9.]*)\(\s*(-?\d+(?:\.\d+)?(?:\s*,\s*-?\d+(?:\.\d+)?)*)\s*\)",
                  call, text)
    # an explicit range: B2:D20
    text = re.sub(r"(?<![A-Za-z0-9_$])\$?([A-Za-z]{1,3})\$?(\d+):\$?([A-Za-z]{1,3})\$?(\d+)(?![A-Za-z0-9_])",
                  lambda m: " " + ann.add(Tok("a", f"{m[1].upper()}{m[2]}:{m[3].upper()}{m[4]}", "any",
                                              what=f"{m[1].upper()}{m[2]}:{m[3].upper()}{m[4]}", op="range")) + " ",
                  text)
    # Chinese date parts of a date column: 入职年份 -> 入职日期的年份; the stem alone
    # names the column too: 2021年入职的 -> 2021年入职日期的
    for col in schema.columns:
        if col.type == "date" and col.header.endswith("日期") and len(col.header) > 2:
            stem = col.header[:-2]
            text = re.sub(f"{re.escape(stem)}(年份|月份)", f"{col.header}的\\1", text)
            others = "|".join(re.escape(c.header[len(stem):]) for c in schema.columns
                              if c is not col and c.header.startswith(stem) and len(c.header) > len(stem))
            # 借阅人 beside 借阅日期: another column's name, not the date's stem
            text = re.sub(f"{re.escape(stem)}(?!日期{'|' + others if others else ''})", col.header, text)
    # "medium-priority" -> "medium priority" (a value of the sheet keeps its hyphen)
    hyphenated = {v.lower() for c in schema.columns for v in c.distinct if "-" in v}
    hyphenated |= {w.lower() for c in schema.columns for w in c.header.split() if "-" in w}  # Check-out
    text = re.sub(r"\b([A-Za-z]+)-([A-Za-z]+)\b",
                  lambda m: m.group(0) if m.group(0).lower() in hyphenated or re.fullmatch(
                      r"[ymd]+-[ymd]+", m.group(0).lower()) else f"{m.group(1)} {m.group(2)}", text)
    # dates
    text = _SLASHED.sub(_day_month_order, text)
    for pattern, order in _DATES:
        def date(m: re.Match, order: str = order) -> str:
            parts = dict(zip(order, m.groups(), strict=True))
            try:
                d = dt.date(int(parts["y"]), int(parts["m"]) if "m" in parts else _month(parts["M"]),
                            int(parts.get("d", 1)))
            except ValueError:
                return m.group(0)
            return " " + ann.add(Tok("d", f"DATE({d.year},{d.month},{d.day})", "date",
                                     value=d.isoformat(), what=d.isoformat()[:7 if "d" not in parts else 10],
                                     op="" if "d" in parts else "month")) + " "
        text = pattern.sub(date, text)
    main = ann.tables[0] if ann.tables else []
    if not any(c.header.lower() == "name" for c in main):  # "the first item's name" is the item
        text = re.sub(r"(?<=[a-z])'s\s+names?\b", "'s", text, flags=re.I)
    # values of text columns (main table first), longest first
    owners: dict[str, list[Column]] = {}
    for table in ann.tables:
        for col in table:
            if col.type not in ("text", "mixed"):
                continue
            for v in col.distinct:
                owners.setdefault(v, []).append(col)
    for value in sorted(owners, key=len, reverse=True):
        v = value.strip()
        if not v:
            continue
        pat = _value_pattern(v)
        cols = tuple(owners[value])
        text = _sub_outside(pat, lambda m, v=value, cols=cols: ann.add(
            Tok("v", _q(v), "text", cols[0], value=v, cols=cols, what=repr(v))), text)
    # columns: header names, then glossary terms
    cols_all = schema.columns
    names = [(n, c) for c in cols_all for n in _names(c, cols_all)]
    def mark_column(text: str, name: str, col: Column) -> str:
        """Replace ``name`` (a header or a term for it) with a token for ``col``."""
        pat = _column_pattern(name, _AFTER_COLUMN + _after(col))
        return _sub_outside(pat, lambda m: " " + ann.add(_column_tok(col, m.group(0))) + " ", text)

    for name, col in sorted(names, key=lambda nc: (-len(nc[0]), nc[1] not in main)):
        text = mark_column(text, name, col)
    for term, heads in sorted({**GLOSSARY, **EN_SYNONYMS}.items(), key=lambda kv: -len(kv[0])):
        col = _by_words(heads, main, cols_all)
        if col is not None:
            text = mark_column(text, term, col)
    for term, col in _group_terms(schema):
        text = mark_column(text, term, col)
    # a value named by a part of it (五角场 -> 五角场店, dr reyes -> Dr. Reyes), after the
    # columns so that a header word is never read as a value's part
    for part, value, cols in value_parts(schema):
        text = _sub_outside(_part_pattern(part), lambda m, v=value, cols=cols: " " + ann.add(
            Tok("v", _q(v), "text", cols[0], value=v, cols=cols, what=repr(v))) + " ", text)
    # the sheet's name is what a row is called: "Trips" -> "the first trip's km"
    noun = schema.sheet.strip().lower()
    headers = {c.header.lower() for c in schema.columns}
    if noun.isascii() and re.fullmatch(r"[a-z]{3,}", noun) and noun not in headers:
        one = noun[:-1] if noun.endswith("s") else noun
        if one not in headers:
            before = (r"((?:\b(?:first|second|third|fourth|fifth|last|many|of|for|all|each|every|the|these|"
                      rf"those|which|what|\dst|\dnd|\drd|\dth)|{CLOSE})\s+)")
            text = re.sub(rf"{before}{re.escape(one)}s\b", r"\1rows", text, flags=re.I)
            text = re.sub(rf"{before}{re.escape(one)}\b", r"\1row", text, flags=re.I)
    # a Chinese sheet name is what a row is called too: "金额超过1000的报销" -> 的记录
    if re.fullmatch(r"[\u4e00-\u9fff]{2,4}", schema.sheet.strip()) and schema.sheet.strip() not in headers:
        text = text.replace(schema.sheet.strip(), "记录")
    # ... and so is what its number column numbers, one number a row (卡号, 设备编号): "到期的卡有几张"
    # -> 的记录 (not on a log where a number comes back: 阳光城的设备 are fewer than its visits)
    for col in schema.columns:
        one = re.fullmatch(r"([\u4e00-\u9fff]{1,3}?)(?:编号|编码|号)", col.header.strip())
        cells = [schema.cells.get((r, col_index(col.letter))) for r in range(col.first_row, col.last_row + 1)]
        if one and col.type == "text" and len(set(cells)) == len(cells):
            text = re.sub(rf"(?<=的){one.group(1)}(?=(?:一共|总共|共)?(?:有|是)?(?:多少|几)(?![种类]))", "记录", text)
    # a name the sheet does not hold, right after a text column: "customer Quinn"
    def unknown(m: re.Match) -> str:
        tok = ann.toks[int(m.group(2))]
        word = m.group(3)
        if tok.col is None or tok.col.type not in ("text", "mixed") or word.lower() in _RESERVED:
            return m.group(0)
        return m.group(1) + " " + ann.add(Tok("v", _q(word), "text", tok.col, value=word, cols=(tok.col,),
                                              what=repr(word), op="unknown"))

    text = re.sub(f"({OPEN}c(\\d+){CLOSE})\\s*([A-Z][a-z][A-Za-z0-9]*)(?![A-Za-z0-9])", unknown, text)
    # unquoted words where an answer text goes: "otherwise Fail", "显示OK", "gold if > 90"
    def bare(m: re.Match) -> str:
        word = m.group(2)
        if word.lower() in _RESERVED:
            return m.group(0)
        return m.group(1) + " " + ann.add(Tok("s", _q(word), "text", value=word, what=repr(word))) + " "

    text = re.sub(r"(\b(?:show|otherwise|else|return|display|say|contain|contains|containing)\s+|"
                  r"(?:显示|返回|为|则|否则|其他为|其它为|包含|其余为)\s*)([A-Za-z][A-Za-z0-9_]*)(?![A-Za-z0-9_(\-/.:])",
                  bare, text, flags=re.I)
    text = re.sub(r"((?:^|[:,;]|\bor)\s*)([A-Za-z][A-Za-z0-9_]*)(?=\s+if\b)", bare, text)
    # English number words: "two months", "the first three regions"
    text = re.sub(r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b",
                  lambda m: str(_WORDS[m.group(1).lower()]), text, flags=re.I)
    # numbers: 12, 3.5, 15%, 2nd, 90th
    scale = {"万": 10_000, "千": 1_000, "k": 1_000, "K": 1_000}
    in_wan = schema.counts_in_wan  # 预算（万元）, or （万元） in the title: 50万 is 50

    def number(m: re.Match) -> str:
        raw = m.group(1)
        val = float(raw)
        if m.group(2) == "%":
            val /= 100
        if m.group(3) and not (in_wan and m.group(3) == "万"):
            val *= scale[m.group(3)]
            raw = str(val)
        num = int(val) if val.is_integer() and "." not in raw and m.group(2) != "%" else val
        return " " + ann.add(Tok("n", _num(num), "num", value=num, what=_num(num),
                                 op="ordinal" if m.group(2) not in ("", "%") else "")) + " "

    text = _sub_outside(re.compile(r"(?<![A-Za-z0-9_.])(-?\d+(?:\.\d+)?)(%|st|nd|rd|th|)"
                                   r"(?:(万|千)(?!元)|(k|K)(?![A-Za-z0-9_]))?(?![A-Za-z0-9_]|\.\d)"),
                        lambda m: number(_Units(m)), text)
    ann.text = re.sub(r"\s+", " ", text.lower()).strip()
    ann.text = re.sub(rf"\s*({OPEN}[a-z]\d+{CLOSE})\s*", r" \1 ", ann.text).strip()
    return ann


class _Units:
    """A number match whose unit (万, 千, k) is group 3, whichever alternative matched."""

    def __init__(self, m: re.Match) -> None:
        self._m = m

    def group(self, i: int) -> str | None:
        if i == 3:
            return self._m.group(3) or self._m.group(4)
        return self._m.group(i)


def _group_terms(schema: SheetSchema) -> list[tuple[str, Column]]:
    """The words of each synonym group (``lexicon/columns.json``) that one column of the sheet owns."""
    from .rowbase import group_owner

    out = []
    for group in lexicon("columns")["groups"]:
        col = group_owner(schema, group)
        if col is not None:
            out += [(w.lower(), col) for w in group if len(w) >= 2]
    return sorted(out, key=lambda wc: -len(wc[0]))


def _plain(text: str) -> str:
    """A value as a request may write it: no dots, brackets or commas ("Dr. Reyes" -> "dr reyes")."""
    return re.sub(r"\s+", " ", re.sub(r"[.,()（）'’]", " ", text.lower())).strip()


def value_parts(schema: SheetSchema) -> list[tuple[str, str, tuple[Column, ...]]]:
    """(part, value, columns) for the ways a request names a text value by a part of it.

    - the value without its punctuation: "dr reyes" -> Dr. Reyes, 高一2班 -> 高一(2)班;
    - a word of a name of several capitalised words that no other value and no header has:
      "Reyes" -> Dr. Reyes, "acme" -> Acme Paper (four letters or more, not a word the readers
      know; "Copy paper A4" is a description, not a name, and keeps its words);
    - the beginning (five letters or more) of a one-word value of seven or more: "cardio" ->
      Cardiology;
    - a Chinese value without its suffix (``zh_value_suffixes``: 五角场店 -> 五角场, 销售部 ->
      销售, 华强电子 -> 华强), and a Chinese value's tail after a leading part: 高一2班 -> 2班;
    - a Chinese person's given name, the way people call them: 春燕 -> 韩春燕 (three characters
      in the sheet's column of people, the first a family name, the rest no word the readers know);
    each only when one value answers to it and no header holds it.
    """
    from .ground import vocabulary

    owners: dict[str, list[Column]] = {}
    for col in schema.columns:
        if col.type in ("text", "mixed"):
            for v in col.distinct:
                if isinstance(v, str) and v.strip():
                    owners.setdefault(v, []).append(col)
    heads = " ".join(c.header.lower() for c in schema.columns)
    en, _zh = vocabulary()
    suffixes = sorted(lexicon("columns").get("zh_value_suffixes", []), key=len, reverse=True)
    cands: dict[str, set[str]] = {}
    for v in owners:
        low = v.strip().lower()
        plain = _plain(v)
        forms = {plain, plain.replace(" ", "")} if re.search(r"[\u4e00-\u9fff]", v) else {plain}
        for f in forms - {low}:
            if len(f) >= 2:
                cands.setdefault(f, set()).add(v)
        if low.isascii():
            words = plain.split()
            if len(words) == 1 and plain.isalpha() and len(plain) >= 3:
                # the plural a request counts in: "deliveries" -> Delivery, "boxes" -> Box
                if re.search(r"[^aeiou]y$", plain):
                    cands.setdefault(plain[:-1] + "ies", set()).add(v)
                elif re.search(r"(?:s|x|z|ch|sh)$", plain):
                    cands.setdefault(plain + "es", set()).add(v)
            if len(words) > 1 and all(w[:1].isupper() or not w[:1].isalpha() for w in v.split()):
                for w in words:
                    if len(w) >= 4 and w not in en and w.isalpha():
                        cands.setdefault(w, set()).add(v)
            elif len(words) == 1 and len(plain) >= 7 and plain.isalpha():
                for n in range(5, len(plain)):
                    if plain[:n] not in en:
                        cands.setdefault(plain[:n], set()).add(v)
        elif re.fullmatch(r"[\u4e00-\u9fff0-9]{3,12}", plain.replace(" ", "")):
            flat = plain.replace(" ", "")
            for suffix in suffixes:
                if flat.endswith(suffix) and len(flat) - len(suffix) >= 2:
                    cands.setdefault(flat[: -len(suffix)], set()).add(v)
                    break
            m = re.search(r"(\d)([\u4e00-\u9fff])$", flat)
            if m and m.start() > 0:  # 高一2班 -> 2班, 二班
                cands.setdefault(m.group(0), set()).add(v)
                cands.setdefault("零一二三四五六七八九"[int(m.group(1))] + m.group(2), set()).add(v)
    cands = _given_names(schema, cands, set(_zh))
    out = []
    for part, vals in cands.items():
        if len(vals) != 1 or part in owners or part in heads or any(
                part in o.lower() for o in owners if o not in vals):
            continue
        value = next(iter(vals))
        out.append((part, value, tuple(owners[value])))
    return sorted(out, key=lambda pvc: -len(pvc[0]))


def _given_names(schema: SheetSchema, cands: dict[str, set[str]], known: set[str]) -> dict[str, set[str]]:
    """``cands`` with the given names of the sheet's people (韩春燕 -> 春燕) added."""
    from .rowbase import person_column

    people = person_column(schema.columns)
    if people is None:
        return cands
    surnames = lexicon("lookups")["zh_surnames"]
    for v in people.distinct:
        name = str(v).strip()
        if re.fullmatch(r"[\u4e00-\u9fff]{3}", name) and name[0] in surnames and name[1:] not in known:
            cands.setdefault(name[1:], set()).add(v)
    return cands


_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
_RESERVED = frozenset("""the a an it its this that if when whether whose which what it's true false
    and or not of in on for to by with from as at is are be average mean sum total count max min
    median highest lowest largest smallest first last second third row rows column columns cell
    value values number numbers text date dates all each every no none_""".split())


def _after(col: Column) -> str:
    """Words that may follow this kind of column's name: "received date", "item names"."""
    if col.type == "date":
        return r"(?:\s*dates?(?![a-z]))?"
    if col.type in ("text", "mixed"):
        return r"(?:\s*names?(?![a-z])|(?:的)?名称|(?:的)?名字|名(?!次))?"
    return ""


def _by_words(heads: tuple[str, ...], main: list[Column], cols: list[Column]) -> Column | None:
    for word in heads:
        for pool in (main, cols):
            for col in pool:
                h = col.header.lower()
                if h == word:
                    return col
    for word in heads:
        for pool in (main, cols):
            for col in pool:
                if " " not in word and word in col.header.lower().split():
                    return col
    return None


def _column_tok(col: Column, said: str = "") -> Tok:
    word = said.strip().lower().split()[-1] if said.strip() else ""
    plural = word.isascii() and word.endswith("s") and (
        not col.header.lower().endswith("s") or word != col.header.lower().split()[-1])
    return Tok("c", col.range, col_type(col), col, what=col.header, op="plural" if plural else "")


def _sub_outside(pattern: re.Pattern, fn, text: str) -> str:
    """``pattern.sub`` applied only outside existing tokens."""
    out, last = [], 0
    for m in TOKEN_RE.finditer(text):
        out.append(pattern.sub(fn, text[last:m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(pattern.sub(fn, text[last:]))
    return "".join(out)


def _q(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _num(value: float | int) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value) if isinstance(value, float) else str(value)
