"""One-cell aggregates the way people ask for them (issue 16 item 2), after the phrase composer.

"how much did Garcia spend", "total travel expenses", "华南地区的订单数",
"销售部的平均工资", "how many employees earn more than 70,000", "expenses in
April": an operation word, the column it works on (a header, a synonym from
``lexicon/columns.json``, a word implying it, or the sheet's only numeric
column) and conditions (sheet values in any case or with a suffix, numeric
comparisons, a month of the one date column, pass / fail on a marks sheet,
"out of stock").  The result is an :class:`~.intent.Intent`, compiled by the
same code as every intent.  Every word must be accounted for (the operation,
a column, a value, a comparison or a filler word from
``lexicon/aggregates.json``), or the family answers nothing.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass, field
from functools import lru_cache

from .intent import Condition, Intent
from .rowbase import (
    NOT_DONE,
    _bare,
    blank_on_table_rows,
    count_word,
    cover,
    flag_columns,
    group_of,
    group_owner,
    has,
    header_forms,
    header_numbers,
    is_zh,
    lexicon,
    mark_columns,
    mentions,
    today,
    value_synonyms,
    values,
)
from .schema import Column, SheetSchema, col_index

_MONTHS = "january february march april may june july august september october november december".split()
_MONTH_ABBR = {"jan": 1, "feb": 2, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
               "nov": 11, "dec": 12}
_ZH_MONTH = "一 二 三 四 五 六 七 八 九 十 十一 十二".split()


@dataclass
class _Found:
    conditions: list[Condition]
    spans: list[tuple[int, int]]


def _op(text: str, lex: dict) -> tuple[str, list[str]] | None:
    for op in ("median", "average", "max", "min", "count", "sum"):
        hits = [w for w in lex["ops"][op] if has(text, [w])]
        if hits:
            return op, hits
    return None


def _zh_total(text: str, schema: SheetSchema, lex: dict) -> tuple[str, list[str]] | None:
    """"事假总天数", "总参与人次", "加班总时长", "收购总量": 总 right before a number column's
    header, a word of the title over the table, the unit it counts in (天数, 时长, 人次) or 量,
    is a total of it."""
    if "总" not in text:
        return None
    heads = [f for c in schema.columns if c.type == "number" for f in header_forms(c.header) if is_zh(f)]
    units = [w for g in lex["units"] for w in g if is_zh(w) and len(w) >= 2] + ["量", "人次"]
    heads += [w for w in _title_words(schema) if is_zh(w)]  # 2025年总业务量 under a title naming 业务量
    for m in re.finditer("总", text):
        after = text[m.end():]
        if any(after.startswith(w) for w in heads + units):
            return "sum", ["总"]
        if after.startswith("数") and any(text[:m.start()].endswith(w) for w in heads if len(w) >= 2):
            return "sum", ["总数"]  # 游客总数 under 历年游客: the total of what the numbers count
    return None


def _all_texts(schema: SheetSchema, col: Column) -> list[str]:
    """Every different text of ``col``: its ``distinct`` sample stops at schema.DISTINCT values,
    so on a longer sheet the names below it (曹俊杰 in row 33) are read from the cells."""
    from .schema import DISTINCT

    if len(col.distinct) < DISTINCT:
        return col.distinct
    return list(dict.fromkeys(str(v) for v in values(schema, col) if isinstance(v, str)))


def _value_stems(schema: SheetSchema, lex: dict) -> list[tuple[str, Column, str]]:
    """(how the value may be written, column, value): the value, its singular, its stem without a suffix."""
    owners: dict[str, set[str]] = {}
    forms: list[tuple[str, Column, str]] = []
    common = set(lex["filler"]) | set(lex["never_filler"])
    heads = {w for c in schema.columns for w in re.findall(r"[a-z]+|[\u4e00-\u9fff]+", c.header.lower())}
    for col in schema.columns:
        if col.type not in ("text", "mixed"):
            continue
        for w, v in value_synonyms(col).items():  # "women" for F, 周一 for Monday
            owners.setdefault(w, set()).add(col.letter + "\0" + v)
            forms.append((w, col, v))
        names = _person_names(col)
        zh_names = _zh_person_names(col)
        for v in _all_texts(schema, col):
            if not isinstance(v, str) or not v.strip():
                continue
            low = v.lower().strip()
            cands = {low}
            if not is_zh(low) and low.endswith("s") and len(low) > 4:
                cands.add(low[:-1])
            for pre in lex["value_prefixes"]:  # 退款 for 已退款 (kept only when no 未退款 shares it)
                if is_zh(low) and low.startswith(pre) and len(low) - len(pre) >= 2:
                    cands.add(low[len(pre):])
            for suf in lex["value_suffixes"]:
                if is_zh(low) and low.endswith(suf) and len(low) - len(suf) >= 2:
                    cands.add(low[:-len(suf)])
            if names:  # "Bob" names "Bob Smith" when no other value has a Bob
                cands |= {t for t in low.split() if len(t) >= 3 and t not in common}
            if zh_names and len(low) == 3:
                cands.add(low[1:])  # 有才 for 刘有才: a person by the given name
            if re.fullmatch(r"[老小][\u4e00-\u9fff]", low) and low[1] in lex["surnames"]:
                cands |= {low[1] + t for t in lex["zh_person_titles"]}  # 老周 is 周师傅, 周姐
            cands |= _value_parts(low, common | heads)
            cands |= _numbered_forms(low, lex)
            cands |= _unpadded_forms(low, col)
            for c in cands:
                owners.setdefault(c, set()).add(col.letter + "\0" + v)
                forms.append((c, col, v))
    exact: dict[str, set[str]] = {}  # a value as written beats a shorter form of another one
    for f, c, v in forms:
        if f == v.lower().strip():
            exact.setdefault(f, set()).add(c.letter + "\0" + v)
    return [(f, c, v) for f, c, v in forms if len(owners[f]) == 1
            or (f == v.lower().strip() and len(exact[f]) == 1)]


def _cn_number(n: int) -> str:
    """1..99 in Chinese numerals: 3 -> 三, 12 -> 十二, 20 -> 二十."""
    digits = "零一二三四五六七八九"
    if n < 10:
        return digits[n]
    tens, ones = divmod(n, 10)
    return ("" if tens == 1 else digits[tens]) + "十" + (digits[ones] if ones else "")


def _numbered_forms(low: str, lex: dict) -> set[str]:
    """Other ways to write a numbered value (``numbered_values``): 3栋 is also 三栋, 3号楼,
    三号楼, 3幢; 2单元 is also 二单元."""
    m = re.fullmatch(r"(\d{1,2})([\u4e00-\u9fff]{1,2})", low)
    if m is None or not 0 < int(m.group(1)) < 100:
        return set()
    group = next((g for g in lex["numbered_values"] if m.group(2) in g), None)
    if group is None:
        return set()
    nums = (m.group(1), _cn_number(int(m.group(1))))
    return {n + w for n in nums for w in group} - {low}


def _unpadded_forms(low: str, col: Column) -> set[str]:
    """A number padded with zeros said without them, the way people say it: 001946 of a 单号
    column is "1946号" or "单号1946" (three digits at least, and only with 号 or the header
    beside it: a bare 1946 may be a year or an amount); "001946号" is the value too."""
    m = re.fullmatch(r"0+(\d{3,})", low)
    if m is None or not is_zh(col.header):
        return set()
    head = _bare(col.header)
    return {m.group(1) + "号", head + m.group(1), low + "号"}


def _value_parts(low: str, common: set[str]) -> set[str]:
    """Shorter ways people write a value: "acme" for Acme Paper, "dr reyes" / "reyes" for
    Dr. Reyes, 华强 for 华强电子, 三班 for 高一(3)班 (kept only when no other value shares them)."""
    out: set[str] = set()
    if is_zh(low):
        if len(low) >= 4 and re.fullmatch(r"[\u4e00-\u9fff]+", low):
            out.add(low[:2])  # a company or store by its first two characters
            # 阿莫西林 for 阿莫西林胶囊, 财务报表 for 财务报表解读: a longer start (not a header's word)
            out |= {low[:n] for n in range(3, len(low)) if not any(low[:n] in h for h in common)}
        lead = re.match(r"[\u4e00-\u9fff]+", low)
        if lead and len(lead.group(0)) >= 3 and lead.group(0) != low and not any(lead.group(0) in h for h in common):
            out.add(lead.group(0))  # 六角螺栓 for 六角螺栓M8
        if len(low) >= 4 and low[0] in "市省县区镇乡村" and re.fullmatch(r"[\u4e00-\u9fff]+", low):
            out.add(low[1:])  # 财政局 for 市财政局
        if re.search(r"[(（]\d+[)）]", low):
            out.add(re.sub(r"[(（](\d+)[)）]", r"\1", low))  # 高一2班 for 高一(2)班
        out |= {w for w in re.findall(r"[a-z]{3,}", low) if w not in common}  # ERP for ERP上线
        m = re.search(r"[(（](\d)[)）]班$", low)
        if m:
            out.add("一二三四五六七八九"[int(m.group(1)) - 1] + "班")
            out.add(m.group(1) + "班")
        return out
    plain = re.sub(r"[.]", "", low)
    if plain != low:
        out.add(plain)
    if re.search(r"[a-z]-[a-z]", plain):  # "ebikes" / "e bike" for E-bike, "off peak" for Off-peak
        out |= {plain.replace("-", ""), plain.replace("-", " ")}
    abbr = lexicon("aggregates")["value_abbreviations"]
    last = re.fullmatch(r"(.+\s)([a-z]+)", plain)
    if last and last.group(2) in abbr:  # "Kings Avenue" for Kings Ave, "High Street" for High St
        out.add(last.group(1) + abbr[last.group(2)])
    elif last and last.group(2) in abbr.values():  # "Mill Rd" for Mill Road
        out |= {last.group(1) + a for a, full in abbr.items() if full == last.group(2)}
    tokens = re.findall(r"[a-z]+", plain)
    if len(tokens) >= 2:
        out |= {t for t in tokens if len(t) >= 4 and t not in common}
    return out


def _text_named(text: str, ms, cond_cols: set[str], taken, lex: dict) -> bool:
    """Whether the request names a text column outside its conditions (报销 is a filler, no 报销人)."""
    fill = lex["filler"] + lex["zh_filler_words"] + lex["people_nouns"]
    return any(c.type in ("text", "mixed") and c.header not in cond_cols
               and not any(a <= p < b for a, b in taken)
               and not any(text.startswith(w, p) and (is_zh(w) or not text[p + len(w):p + len(w) + 1].isalpha()
                                                      or text[p + len(w):p + len(w) + 2] == "s ")
                           for w in fill) for p, c in ms)


def _repeated_named(text: str, schema: SheetSchema, ms, taken, lex: dict) -> Column | None:
    """The one text column named (not as a filler word) whose values repeat, if any."""
    fill = [w for w in lex["filler"] + lex["zh_filler_words"] + lex["people_nouns"]]
    named = {c.letter: c for p, c in ms if c.type in ("text", "mixed") and not _unique(schema, c)
             and not any(a <= p < b for a, b in taken)
             and not any(text.startswith(w, p) and (is_zh(w) or not text[p + len(w):p + len(w) + 1].isalpha())
                         for w in fill)}
    return next(iter(named.values())) if len(named) == 1 else None


def read_distinct(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """"how many different products", "有多少个部门", "几个城市": the count of distinct values.

    Written ``SUMPRODUCT(1/COUNTIF(r,r))``, which every target computes; a column with
    blank cells (1/0) is refused.
    """
    lex = lexicon("aggregates")
    text = request.lower().strip()
    if has(text, lex["not_aggregate"]):
        return None
    found = _op(text, lex)
    if found is None and (tail := _value_count_tail(text, schema, lex)) is not None:
        found = ("count", [tail])  # "会员票数": the 是 rows of 会员, counted
    if found is None or found[0] != "count":
        return None
    taken = [sp for w in found[1] for sp in _spans(text, w)]
    taken += [sp for w in lex["distinct_words"] for sp in _spans(text, w)]
    ms = mentions(text, schema)
    col = _repeated_named(text, schema, ms, [], lex)
    if col is None:
        return None
    marked = _marked_range(schema, col)
    if marked is None and any(v is None for v in values(schema, col)):
        return None
    p = next(p for p, c in ms if c is col)
    taken.append((p, p + len(next((w for w in sorted(_column_words(schema, col), key=len, reverse=True)
                                   if text.startswith(w, p)), col.header))))
    if _values(text, schema, lex, taken) is None or _values(text, schema, lex, taken).conditions:
        return None  # a condition too: not written here
    plain = re.sub("|".join(re.escape(w) for w in lex["distinct_words"]), lambda x: " " * len(x.group(0)), text)
    if _residue(plain, schema, lex, taken, ms, (), False):
        return None
    answers = lexicon("answers")
    held = {str(v).strip().lower(): v for v in values(schema, col) if v is not None and str(v).strip()}
    if set(held) <= set(answers["yes_no_values"]):  # "how many tenants have pets": the yes rows
        yes = [held[v] for v in answers["yes_values"] if v in held]
        if len(yes) != 1 or re.search(answers["negations"], text):
            return None
        return (f'=COUNTIF({marked or col.range},"{yes[0]}")', f"the number of rows whose {col.header} is {yes[0]}")
    if marked is not None:
        return None
    return (f"=SUMPRODUCT(1/COUNTIF({col.range},{col.range}))",
            f"the number of different {col.header} values")


def _table_rows(schema: SheetSchema, col: Column) -> tuple[int, Column | None]:
    """The last row of the table ``col`` belongs to (its columns start on the same row) and
    the first text column filled on every row down to it (a column that counts the rows), if any."""
    table = [c for c in schema.columns if c.first_row == col.first_row]
    last = max(c.last_row for c in table)
    key = next((c for c in table if c.last_row == last and c.type in ("text", "mixed")
                and all(v not in (None, "") for v in values(schema, c))), None)
    return last, key


def _marked_range(schema: SheetSchema, col: Column) -> str | None:
    """The range of a column that marks its yes rows and leaves the others blank (会员: 是 or
    nothing, a ✓ column), down to the table's last row; None for any other column.  Only a
    column whose one value is a yes word, in a table whose rows another column counts."""
    answers = lexicon("answers")
    held = {str(v).strip().lower() for v in values(schema, col) if v is not None and str(v).strip()}
    if len(held) != 1 or not held <= set(answers["yes_values"]):
        return None
    last, key = _table_rows(schema, col)
    if key is None or key is col or (col.last_row == last and all(v is not None for v in values(schema, col))):
        return None
    return f"{col.letter}{col.first_row}:{col.letter}{last}"


def _additive(schema: SheetSchema, col: Column, conds: list[Condition]) -> bool:
    """Whether a total of ``col`` means something: not prices, rates or marks, unless the
    conditions pick one row (then the total is that row's value)."""
    from .rows import _scores

    rows = [r for r in range(col.first_row, col.last_row + 1)
            if all(c.op == "=" and not isinstance(c.value, tuple)
                   and schema.cells.get((r, col_index(schema.column(c.column).letter))) == c.value
                   for c in conds)]
    if conds and all(c.op == "=" for c in conds) and len(rows) == 1:
        return True
    vals = [v for v in values(schema, col) if isinstance(v, (int, float))]
    if col is group_of(schema, "price") or (vals and all(0 <= v <= 1 for v in vals)):
        return False
    if any(col is group_of(schema, g) for g in ("sales", "cost", "qty")) or _goods_counted(col):
        return True
    return col not in (_scores(schema, None) or [])  # "一班的数学": marks are averaged, not added


def _goods_counted(col: Column) -> bool:
    """Whether ``col`` counts goods in a measure word (桶数, 箱数, 袋数): pieces, added up, never
    marks however small and whole its numbers."""
    m = re.fullmatch(r"([\u4e00-\u9fff]{1,2})数(?:量)?", _bare(col.header))
    return m is not None and m.group(1) in _GOODS_MEASURES


_GOODS_MEASURES = frozenset(lexicon("aggregates")["goods_measures_zh"])


def _unique(schema: SheetSchema, col: Column) -> bool:
    """Whether every row holds a different value of ``col`` (a column of months, of names)."""
    vals = [str(v) for v in values(schema, col) if v is not None]
    return len(vals) >= 2 and len(set(vals)) == len(vals)


def _person_names(col: Column) -> bool:
    """Whether ``col`` holds people's names: two or three capitalised words in every value."""
    vals = [v for v in col.distinct if isinstance(v, str)]
    return len(vals) >= 2 and all(_PERSON_NAME.fullmatch(v.strip()) for v in vals)


#: a person's full name: two or three capitalised words, a word also "O'Connor", "McDonald",
#: "Smith-Jones" (a capital after Mc / Mac / O' / D' or a hyphen)
_NAME_WORD = r"(?:Mc|Mac|[OD]')?[A-Z][a-z'\-]+(?:-[A-Z][a-z']+)?"
_PERSON_NAME = re.compile(rf"{_NAME_WORD}(?: {_NAME_WORD}){{1,2}}")


def _zh_person_names(col: Column) -> bool:
    """Whether ``col`` holds Chinese people's names (a 姓名 / 农户 / 业主 column of 2-3 characters,
    most starting with a common surname, ``lexicon/aggregates.json`` surnames)."""
    vals = [v.strip() for v in col.distinct if isinstance(v, str) and v.strip()]
    if len(vals) < 3 or not all(re.fullmatch(r"[\u4e00-\u9fff]{2,3}", v) for v in vals):
        return False
    surnames = lexicon("aggregates")["surnames"]
    return sum(v[0] in surnames for v in vals) >= 0.8 * len(vals)


def _values(text: str, schema: SheetSchema, lex: dict, taken: list[tuple[int, int]],
            alternatives: bool = False) -> _Found | None:
    """Conditions from the sheet's values named in ``text`` (one value per column).

    With ``alternatives``: two values of a column joined by "or" / "and" / 和 / 或 are one
    condition whose value is the tuple of both ("Boston or Denver"), and a value after
    "excluding" / 除 is a ``<>`` condition (the caller writes what plain intents cannot).
    """
    conds: list[Condition] = []
    spans: list[tuple[int, int]] = []
    seen: dict[str, int] = {}
    for form, col, value in sorted(_value_stems(schema, lex), key=lambda t: -len(t[0])):
        if len(form) == 1 and is_zh(form) and all(len(str(v)) == 1 for v in col.distinct):
            # 男 / 女 of a one-character column, before what a row is: 女学员, 女的, 男员工; or
            # before the count asked of it (猫有多少单, 猫一共几单), said twice as people do
            # (狗狗订单占比)
            nouns = "|".join(re.escape(w) for w in row_things(schema) if is_zh(w))
            f = re.escape(form)
            pat = rf"{f}{f}?(?=的|性|生|士|有几|有多少|一共|总共|共有|共几|几|多少|{nouns})"
            hits = [m for m in re.finditer(pat, text)
                    if not any(a < m.end() and m.start() < b for a, b in taken + spans)
                    and not (form == "是" and re.match(r"(?:多少|几)", text[m.end():]))]
            # (the copula of "单价是多少", "数量是几" is never the 是 of a 是/否 column; "为是的" is)
            if len(hits) == 1 and col.letter not in seen:
                seen[col.letter] = len(conds)
                conds.append(Condition(col.header, "=", value))
                spans.append(hits[0].span())
            continue
        if len(form) < 2 or (not is_zh(form) and len(form) < 3 and not re.fullmatch(r"\d+[a-z]|[a-z]\d+", form)):
            continue
        # an English value also in the plural: "drills", "monitors", "boxes"
        if form not in text:
            continue  # (most forms are not in the request: no pattern compiled for them)
        pat = re.escape(form) if is_zh(form) else rf"(?<![a-z0-9]){re.escape(form)}(?:e?s)?(?![a-z0-9])"
        if is_zh(form) and re.match(r"[\d一二三四五六七八九十]", form):
            pat = r"(?<![\d一二三四五六七八九十百])" + pat  # 3栋 is not in 13栋, 三号楼 not in 十三号楼
        for m in re.finditer(pat, text):
            if any(a < m.end() and m.start() < b for a, b in taken + spans):
                continue
            if _split_value(form, col, schema):
                return None  # 高新区网点: the 网点 of that name, or every 网点 of 高新区? not guessed
            both = _contracted(text, m.start(), form, col)
            if both is not None:
                if len(both) != len([v for v in col.distinct if isinstance(v, str) and v.strip()]):
                    return None  # 出入库 of a column with more kinds: not read
                spans.append((m.start() - 1, m.end()))  # 出入库: both kinds, i.e. every row
                continue
            if col.letter in seen and any(c.column == col.header and value in (
                    c.value if isinstance(c.value, tuple) else (c.value,)) for c in conds):
                spans.append((m.start(), m.end()))  # the same value named twice
                continue
            if col.letter in seen:
                i = seen[col.letter]
                prev = conds[i]
                a, b = sorted([spans[i], (m.start(), m.end())])
                joint = re.fullmatch(r"\s*(?:,|，|、|or|and|和|或|或者|及|与|以及|plus|\+|&|/|,\s*(?:and|or)|as well as|"
                                     r"加上?|跟|还有)\s*", text[a[1]:b[0]])
                if not alternatives or joint is None or prev.op != "=":
                    return None  # two values of one column: "either ... or", not handled here
                both = prev.value if isinstance(prev.value, tuple) else (prev.value,)
                conds[i] = Condition(col.header, "=", (*both, value))
                spans[i] = (a[0], b[1])
                continue
            op = "="
            if alternatives:
                neg = _negated_before().search(text[:m.start()])
                if neg is None and _negated_after().match(text[m.end():]):
                    neg = re.search(r"$", text[:m.start()])  # "华东以外的金额": every 区域 but 华东
                if neg:
                    op = "<>"
                    after = re.match(r"\s*(?:以外|之外|外)", text[m.end():])
                    spans.append((neg.start(), m.end() + (after.end() if after else 0)))
                    seen[col.letter] = len(conds)
                    conds.append(Condition(col.header, op, value))
                    continue
            seen[col.letter] = len(conds)
            conds.append(Condition(col.header, op, value))
            spans.append((m.start(), m.end()))
    return _Found(conds, spans)


@lru_cache(maxsize=1)
def _negated_before() -> re.Pattern[str]:
    """Words right before a value that make its condition <> (lexicon ``negated_value_before``)."""
    return re.compile("(?:" + "|".join(lexicon("aggregates")["negated_value_before"]) + r")\s*$")


@lru_cache(maxsize=1)
def _negated_after() -> re.Pattern[str]:
    """Words right after a value that make its condition <> (华东以外)."""
    return re.compile(r"\s*(?:" + "|".join(lexicon("aggregates")["negated_value_after"]) + ")")


def _split_value(form: str, col: Column, schema: SheetSchema) -> bool:
    """Whether a Chinese value also reads as another column's value and its own column's
    name: 高新区网点 (a 网点) is also 高新区 (a 区县) + 网点, all the 网点 there."""
    if not is_zh(form):
        return False
    for h in header_forms(col.header):
        rest = form[:-len(h)] if h and form.endswith(h) and len(form) > len(h) else ""
        if rest and any(c is not col and c.type in ("text", "mixed") and rest in c.distinct
                        for c in schema.columns):
            return True
    return False


def _contracted(text: str, start: int, form: str, col: Column) -> set[str] | None:
    """The two values of ``col`` a Chinese contraction names: 出入库 is 出库 and 入库 (the
    character before 入库 plus its tail is another value), else None."""
    if not is_zh(form) or start == 0 or len(form) < 2 or form not in col.distinct:
        return None
    other = text[start - 1] + form[1:]
    if other != form and other in col.distinct:
        return {form, other}
    return None


def _date_column(text: str, schema: SheetSchema) -> Column | None:
    """The date column a month or a day refers to: the one named, else the one date column
    that is not a birth date ("visits in October" on a sheet with Visit Date and Date of Birth)."""
    dates = [c for c in schema.columns if c.type == "date"]
    named = {c.letter: c for _p, c in mentions(text, schema) if c.type == "date"}
    if len(named) == 1:
        return next(iter(named.values()))
    if not named:  # "5月份报名的": 报名日期 named by its stem (its header less 日期 / date / on)
        low = text.lower()
        stems = [c for c in dates if (st := _date_stem(c.header)) and (
            st in low if is_zh(st) else re.search(rf"(?<![a-z]){re.escape(st)}", low))]
        if len(stems) == 1:
            return stems[0]
        verbs = [c for c in dates if _date_verb(text, c)]
        if len(verbs) == 1:  # "11月收了多少单" beside 收衣日期 and 取衣日期: the one done by 收
            return verbs[0]
        evented = {c.letter: c for c, _spans in _date_events(text, dates)}
        if len(evented) == 1:  # "jobs that came in during oct" beside Taken in, Ready by, Collected
            return next(iter(evented.values()))
    birth = group_of(schema, "birth date")
    dates = [c for c in dates if c is not birth] if len(dates) > 1 else dates
    bare = [c for c in dates if _bare(c.header).lower().strip() in lexicon("aggregates")["row_date_headers"]]
    if len(dates) > 1 and len(bare) == 1:
        return bare[0]  # "lessons in april" beside Date and Paid On: the row's own Date
    return dates[0] if len(dates) == 1 else None


def _date_verb(text: str, col: Column) -> list[tuple[int, int]]:
    """Where the request says the verb of a Chinese date header (收衣日期, 开卡日期, 下单日期)
    by its first character, used as a verb ("收了", "新开的", "下的单"): not a word of its own
    (收入) nor the header's stem written whole (read as the header)."""
    stem = _date_stem(col.header)
    if not stem or not is_zh(stem) or len(stem) != 2:
        return []
    return [(m.start(), m.start() + 1) for m in re.finditer(re.escape(stem[0]) + r"(?=[了的过])", text.lower())]


_INFLECTION = re.compile(r"(?:ings|ing|ied|ies|ed|als|al|es|s|e|y)$")


def _verb_root(word: str) -> str:
    """An English word less its inflection: arriving, arrived, arrivals, arrive -> arriv; a
    consonant doubled before it once: dropped, dropping, drops -> drop; a noun's y as its verb
    takes it: delivery, deliveries, delivered -> deliver."""
    root = _INFLECTION.sub("", word)
    return root[:-1] if re.search(r"([b-df-hj-np-tv-z])\1$", root) and root != word else root


def _date_events(text: str, dates: list[Column]) -> list[tuple[Column, list[tuple[int, int]]]]:
    """The date columns ``text`` names by the event they record (lexicon date_events_en, or a
    form of the header's own word: "arriving" for Arrive), each with the spans saying it."""
    low = text.lower().replace("-", " ")  # "check-ins" beside Check-in (the same length: spans stand)
    out = []
    for col in dates:
        head = _bare(col.header).lower().strip().replace("-", " ")
        if not head.isascii():
            out += [(col, spans) for spans in [_date_events_zh(low, col)] if spans]
            continue
        said = [p for g in lexicon("aggregates")["date_events_en"] if head in g for p in g]
        spans = [m.span() for p in said for m in re.finditer(rf"(?<![a-z]){re.escape(p)}(?![a-z])", low)]
        words = [w for w in re.findall(r"[a-z]{4,}", head) if w not in ("date", "time")]
        # a root of four letters or more before undoubling ("fitt" of Fitted): shorter ones
        # ("us" of Used) match too many words
        if len(words) == 1 and len(_INFLECTION.sub("", words[0])) >= 4:
            spans += [m.span() for m in re.finditer(r"[a-z]{4,}", low)
                      if _verb_root(m.group(0)) == _verb_root(words[0])]
        if spans:
            out.append((col, spans))
    return out


def _date_events_zh(low: str, col: Column) -> list[tuple[int, int]]:
    """Where ``low`` says the event of the Chinese date header ``col`` in other words (lexicon
    date_events_zh: "接了多少单" beside 下单日期)."""
    stem = _date_stem(col.header)
    if not stem or not is_zh(stem):
        return []
    said = [p for g in lexicon("aggregates")["date_events_zh"] if stem in g["stems"] for p in g["said"]]
    spans = [m.span() for p in said for m in re.finditer(re.escape(p), low)]
    return spans


def _date_stem(header: str) -> str | None:
    """A date header without its date word: 报名日期 -> 报名, "Paid On" -> "paid", or None."""
    h = _bare(header).lower().strip()
    st = re.sub(r"(?:日期|时间|日|\s+(?:date|on|at|time))$", "", h).strip()
    return st if st != h and (len(st) >= 2 if is_zh(st) else len(st) >= 4) else None


_MON = r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_ORD = r"(?:st|nd|rd|th)?"
_DAY_DATES = [re.compile(p) for p in (
    # a span of days across months: "15 jan - 3 feb 2027" (periods.said_periods writes spans so)
    rf"(?<![\d])(?P<d1>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?<![a-z]){_MON}(?![a-z])(?:,?\s+(?P<y1>(?:19|20)\d\d))?"
    rf"\s*(?:-|–|to|through|until|till)\s*"
    rf"(?P<d2>\d{{1,2}}){_ORD}\s+(?:of\s+)?{_MON.replace('?P<mon>', '?P<mon2>')}(?![a-z])(?:,?\s+(?P<y>(?:19|20)\d\d))?",
    # a span of days: "14-15 nov 2026", "the 1st to the 7th of october", "oct 1-7", "10月1日到7日", "11月1日至11月7日"
    rf"(?<![\d])(?P<d1>\d{{1,2}}){_ORD}\s*(?:-|–|to|through|and)\s*(?:the\s+)?(?P<d2>\d{{1,2}}){_ORD}\s+(?:of\s+)?"
    rf"(?<![a-z]){_MON}(?![a-z])(?:,?\s+(?P<y>(?:19|20)\d\d))?",
    rf"(?<![a-z]){_MON}\s+(?P<d1>\d{{1,2}}){_ORD}\s*(?:-|–|to|through)\s*(?P<d2>\d{{1,2}}){_ORD}(?![\d])(?:,?\s+(?P<y>(?:19|20)\d\d))?",
    r"(?:(?P<y>(?:19|20)\d\d)年)?(?P<m>1[0-2]|[1-9])月(?P<d1>\d{1,2})[日号]?\s*(?:到|至|-|~|—|–)\s*(?:(?P<m2>1[0-2]|[1-9])月)?"
    r"(?P<d2>\d{1,2})[日号]",
    # one day: "the 5th of november 2026", "nov 3", "3 nov", "2026年11月3日"
    rf"(?<![\d])(?P<d1>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?<![a-z]){_MON}(?![a-z])(?:,?\s+(?P<y>(?:19|20)\d\d))?",
    rf"(?<![a-z]){_MON}\s+(?P<d1>\d{{1,2}}){_ORD}(?![\d:])(?:,?\s+(?P<y>(?:19|20)\d\d))?",
    r"(?:(?P<y>(?:19|20)\d\d)年)?(?<!\d)(?P<m>1[0-2]|[1-9])月(?P<d1>[12]\d|3[01]|0?[1-9])[日号]",  # (1月0号柴油: no day 0)
    r"(?<![\d月])(?P<d1>[12]\d|3[01]|0?[1-9])[日号](?!\d)",  # "15号以前": the data's one month
)]
_AFTER_EN = re.compile(r"(?:(?P<ge>since|from|starting|on or after|as of)|(?P<gt>after)|(?P<lt>before|prior to)"
                       r"|(?P<le>until|till|up to|through|by|on or before))\s+(?:the\s+)?$")
_AFTER_ZH = re.compile(r"^\s*(?:(?P<incl>(?:及|或)?以后[（(]含[^)）]*[)）]|(?:及|或)?之后[（(]含[^)）]*[)）]|以来|起|开始|及以后|及之后)"
                       r"|(?P<gt>以后|之后)|(?P<lt>以前|之前|前))")


def _day_dates(text: str, year: int | None, months: set[int], taken) -> tuple[list[tuple[str, dt.date]], tuple[int, int]] | None:
    """Days a request names and how: [("=", day)], a span [(">=", first), ("<=", last)], or one
    end ("since nov 3": [(">=", day)]; "11月16日以后（含16号）"), and where they are written; the
    year, when not written, is the data's one year.  None when no day is named (or a day
    that is no date: 2 月 30 日)."""
    for pat in _DAY_DATES:
        m = pat.search(text)
        if m is None or any(a < m.end() and m.start() < b for a, b in taken):
            continue
        g = m.groupdict()
        y = int(g["y"]) if g.get("y") else year
        if y is None:
            return None  # "3-10 jan" on a sheet of several years: which year's
        if g.get("mon"):
            mon = _MONTHS.index(next(n for n in _MONTHS if n.startswith(g["mon"].rstrip(".")[:3]))) + 1
        elif g.get("m"):
            mon = int(g["m"])
        elif len(months) == 1:
            mon = next(iter(months))
        else:
            return None  # "15号" of which month
        try:
            first = dt.date(int(g["y1"]) if g.get("y1") else y, mon, int(g["d1"]))
            mon2 = _MONTHS.index(next(n for n in _MONTHS if n.startswith(g["mon2"].rstrip(".")[:3]))) + 1 \
                if g.get("mon2") else int(g.get("m2") or mon)
            last = dt.date(y, mon2, int(g["d2"])) if g.get("d2") else None
        except ValueError:
            return None
        if last is not None:
            if last <= first:
                return None
            return [(">=", first), ("<=", last)], m.span()
        a, b = m.span()
        before, after = _AFTER_EN.search(text[:a]), _AFTER_ZH.match(text[b:])
        if before is not None:
            op = {"ge": ">=", "gt": ">", "lt": "<", "le": "<="}[next(k for k, v in before.groupdict().items() if v)]
            return [(op, first)], (before.start(), b)
        if after is not None:
            op = ">=" if after.group("incl") else ">" if after.group("gt") else "<"
            return [(op, first)], (a, b + after.end())
        return [("=", first)], (a, b)
    return None


def _short_months(schema: SheetSchema) -> list[str]:
    """Months' short names no text value of the sheet is written with ("jan" beside Jan Novak is a name)."""
    said = " ".join(str(v).lower() for c in schema.columns if c.type in ("text", "mixed") for v in c.distinct)
    return [a for a in _MONTH_ABBR if not re.search(rf"(?<![a-z]){a}(?![a-z])", said)]


def _month_number(name: str) -> int:
    return _MONTHS.index(name) + 1 if name in _MONTHS else _MONTH_ABBR[name]


_YEAR_AFTER = re.compile(r"\s*,?\s*(?:[(（]\s*)?((?:19|20)\d\d)(?:\s*[)）])?(?![\d])")


def _month_of_year(text: str, schema: SheetSchema, col: Column, year: int | None,
                   taken) -> tuple[list[Condition], tuple[int, int]] | None:
    """Months the request pins: "2026年11月", a span of months ("between July and September", "jul-sep")
    and a month or span with its year written after it ("in November 2026", "nov (2026)",
    "jul-sep 2026"): the first day of the first month to the last day of the last.  ``year`` is
    the data's one year (None when the dates span several: then only a written year is read)."""
    span = _zh_month_span(text, schema, col, year, taken)
    if span is not None:
        return span
    # "2026年11月份出厂的": a Chinese month with its year written before it
    zh = re.search(r"(?<!\d)((?:19|20)\d\d)年(1[0-2]|[1-9])月份?(?!(?!0号)[\d日号])", text)  # (1月0号柴油: no day 0)
    if zh and not any(a < zh.end() and zh.start() < b for a, b in taken):
        y, month = int(zh.group(1)), int(zh.group(2))
        end = calendar.monthrange(y, month)[1]
        return [Condition(col.header, ">=", f"{y}-{month:02d}-01"),
                Condition(col.header, "<=", f"{y}-{month:02d}-{end:02d}")], zh.span()
    names = "|".join(sorted(_MONTHS + _short_months(schema), key=len, reverse=True))
    one = rf"(?<![a-z])({names})\.?(?![a-z])"
    found = None
    for pat in (rf"(?<![a-z])(?:between\s+|from\s+)?({names})\.?\s*(?:-|–|to|through|till|until|and)\s*({names})\.?(?![a-z])",
                one):
        for m in re.finditer(pat, text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            after = _YEAR_AFTER.match(text, m.end())
            if after is None and (pat == one or year is None):
                continue  # a lone month without its year is _month's own reading
            found = (m, after)
            break
        if found:
            break
    if found is None:
        return None
    m, after = found
    y = int(after.group(1)) if after else year
    if y is None:
        return None
    first = _month_number(m.group(1))
    last = _month_number(m.group(2)) if m.lastindex and m.lastindex >= 2 else first
    if last < first:
        return None  # "nov to feb": across a year end, which year is whose
    end = calendar.monthrange(y, last)[1]
    return [Condition(col.header, ">=", f"{y}-{first:02d}-01"),
            Condition(col.header, "<=", f"{y}-{last:02d}-{end:02d}")], (m.start(), after.end() if after else m.end())


def _zh_month_span(text: str, schema: SheetSchema, col: Column, year: int | None,
                   taken) -> tuple[list[Condition], tuple[int, int]] | None:
    """A Chinese span of months: "上半年", "三季度" (lexicon zh_month_spans), "1-6月", "7月到12月",
    each with its year written before it ("2026年下半年") or the data's one year: the first
    day of the first month to the last day of the last.  None when neither year is known, or
    a header holds the word (上半年时长: the column, not the dates)."""
    spans = lexicon("aggregates")["zh_month_spans"]
    words = "|".join(map(re.escape, sorted(spans, key=len, reverse=True)))
    pat = (rf"(?:((?:19|20)\d\d)年的?)?(?:({words})|(?<![\d.])(1[0-2]|[1-9])月?\s*(?:-|–|~|～|到|至)\s*"
           rf"(1[0-2]|[1-9])月份?(?![\d日号]))")
    for m in re.finditer(pat, text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        if m.group(2) and any(m.group(2) in c.header for c in schema.columns):
            return None  # 上半年时长（小时）: the header's half, not a span of dates
        y = int(m.group(1)) if m.group(1) else year
        first, last = spans[m.group(2)] if m.group(2) else (int(m.group(3)), int(m.group(4)))
        if y is None or last < first:
            return None  # which year's, or across a year end
        end = calendar.monthrange(y, last)[1]
        return [Condition(col.header, ">=", f"{y}-{first:02d}-01"),
                Condition(col.header, "<=", f"{y}-{last:02d}-{end:02d}")], m.span()
    return None


def _month(text: str, schema: SheetSchema, taken) -> tuple[list[Condition], tuple[int, int]] | None:
    """"in October", "11月", "十一月份": the month of the date column; "11月28日", "28号",
    "october 5": that day (the year, and for "28号" the month, are the data's only ones)."""
    col = _date_column(text, schema)
    if col is None:
        return None
    seen = [v for v in values(schema, col) if isinstance(v, (dt.date, dt.datetime))]
    years = {v.year for v in seen}
    if len(years) != 1:
        # "april" of which year: refused rather than mixed, unless the request writes the year
        # ("3-10 jan 2027", "28 dec 2026 - 3 jan 2027": days with their year written)
        days = _day_dates(text, None, set(), taken)
        if days is not None:
            return [Condition(col.header, op, when.isoformat()) for op, when in days[0]], days[1]
        span = _month_of_year(text, schema, col, None, taken)
        if span is not None or not seen:
            return span
        lone = _lone_month(text, schema, taken)
        held = {(v.year, v.month) for v in seen}
        if lone is None or len({mo for _y, mo in held}) != len(held):
            return None  # a month the dates hold in two years: which year's
        # "in December" on dates from Oct 2026 to Jan 2027: the one December they hold
        y = next((yr for yr, mo in held if mo == lone[0]), None)
        return None if y is None else (_whole_month(col, y, lone[0]), lone[1])
    y = years.pop()
    months = {v.month for v in seen}
    days = _day_dates(text, y, months, taken)
    if days is not None:
        return [Condition(col.header, op, when.isoformat()) for op, when in days[0]], days[1]
    day = re.search(r"(?<![\d年])(1[0-2]|[1-9])月([12]\d|3[01]|0?[1-9])[日号]|(?<![\d月])([12]\d|3[01]|0?[1-9])[日号](?!\d)|"
                    r"(?<![a-z])(" + "|".join(_MONTHS) + r")\s+(\d{1,2})(?:st|nd|rd|th)?(?![\d])", text)
    if day and not any(a < day.end() and day.start() < b for a, b in taken):
        if day.group(1):
            month, d = int(day.group(1)), int(day.group(2))
        elif day.group(3):
            if len(months) != 1:
                return None  # "28号" of which month
            month, d = next(iter(months)), int(day.group(3))
        else:
            month, d = _MONTHS.index(day.group(4)) + 1, int(day.group(5))
        try:
            when = dt.date(y, month, d)
        except ValueError:
            return None
        return [Condition(col.header, "=", when.isoformat())], day.span()
    span = _month_of_year(text, schema, col, y, taken)
    if span is not None:
        return span
    lone = _lone_month(text, schema, taken)
    return None if lone is None else (_whole_month(col, y, lone[0]), lone[1])


def _lone_month(text: str, schema: SheetSchema, taken) -> tuple[int, tuple[int, int]] | None:
    """A month named without its year ("in oct", "nov sales", "11月", "十一月份") and where:
    a month's short name only where no value of the sheet is written with it (Jan Novak)."""
    short = _short_months(schema)
    m = re.search(r"(?<![a-z])(" + "|".join(_MONTHS + short) + r")\.?(?![a-z])|(?<![\d年])(1[0-2]|[1-9])月份?(?!(?!0号)\d)"
                  r"|(?<![\d年一二三四五六七八九十])(十[一二]?|[一二三四五六七八九])月份?", text)
    if not m or any(a < m.end() and m.start() < b for a, b in taken):
        return None
    if m.group(3):
        month = _ZH_MONTH.index(m.group(3)) + 1
    elif m.group(1):
        month = _month_number(m.group(1))
    else:
        month = int(m.group(2))
    return month, m.span()


def _whole_month(col: Column, y: int, month: int) -> list[Condition]:
    """``col`` within the month: from its first day to its last."""
    last = calendar.monthrange(y, month)[1]
    return [Condition(col.header, ">=", f"{y}-{month:02d}-01"),
            Condition(col.header, "<=", f"{y}-{month:02d}-{last:02d}")]


@dataclass
class _Parsed:
    """What an aggregate request says: the operation, its column (None: count or derived), conditions."""

    op: str
    value: Column | None
    conditions: list[Condition]
    implicit: bool  # no operation word: "关羽的报销金额", "expenses in April" (a total)
    named: list[Column] = field(default_factory=list)  # numeric columns named, not in a condition


def read(request: str, schema: SheetSchema) -> Intent | None:
    """The aggregate ``request`` asks for, or None when a word is left unexplained."""
    got = _parse(request, schema)
    if got is None or got.value is None and got.op not in ("count", "counta"):
        return None
    if got.op == "counta":
        return Intent("counta", got.value.header, ())
    return Intent(got.op, got.value.header if got.value is not None else "", tuple(got.conditions))


def _weekday_phrase(text: str, schema: SheetSchema) -> tuple[str, tuple[int, int]] | None:
    """A weekday the rows are picked by ("on saturdays", 周六, "at weekends", 工作日), when no
    text column of the sheet holds it as a value: (the WEEKDAY(…,2) test, its span)."""
    lex = lexicon("values")
    held = {str(v).lower().strip() for c in schema.columns if c.type in ("text", "mixed") for v in c.distinct}
    found = []
    for n, group in enumerate(lex["weekdays"], start=1):
        for w in group:
            pat = re.escape(w) if is_zh(w) else rf"(?<![a-z]){re.escape(w)}s?(?![a-z])"
            found += [(m.span(), f"={n}", w) for m in re.finditer(pat, text)]
    for test, words in lex["weekday_sets"].items():
        for w in words:
            pat = re.escape(w) if is_zh(w) else rf"(?<![a-z]){re.escape(w)}s?(?![a-z])"
            found += [(m.span(), test, w) for m in re.finditer(pat, text)]
    found.sort(key=lambda f: (f[0][0], -(f[0][1] - f[0][0])))
    kept = [f for i, f in enumerate(found) if not any(g[0][0] <= f[0][0] < g[0][1] for g in found[:i])]
    if len(kept) != 1 or any(w in held for g in lex["weekdays"] for w in g if kept[0][2] in g) \
            or kept[0][2] in held:
        return None
    (a, b), test, _w = kept[0]
    before = re.search(r"(?:(?<![a-z])(?:on|at|over|during)\s+(?:the\s+)?|在|逢)$", text[:a])
    return test, (before.start() if before else a, b)


def read_weekday(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """Totals, counts and averages over the rows of one weekday of the date column:
    "average croissants sold on saturdays", "周末的销售额合计", "how many orders on Mondays"
    (``SUMPRODUCT`` over ``WEEKDAY(date,2)``, Monday = 1; a sheet with a weekday column
    reads its values instead)."""
    from .intent import _mask

    text = re.sub(r"[$¥￥€£](?=\s*\d)", " ", request.lower().strip())
    phrase = _weekday_phrase(text, schema)
    if phrase is None:
        return None
    test, (a, b) = phrase
    rest = text[:a] + " " * (b - a) + text[b:]
    col = _date_column(rest, schema)
    if col is None:
        return None
    got = _parse(rest, schema)
    if got is None or got.op not in ("sum", "count", "counta", "average"):
        return None
    if got.op in ("sum", "average") and (got.value is None or got.value.type != "number"):
        return None
    rng = col.range
    day = f"(WEEKDAY({rng},2){test})"
    blanks = any(schema.cells.get((r, col_index(col.letter))) in (None, "")
                 for r in range(col.first_row, col.last_row + 1))
    masks = [day] + ([f'({rng}<>"")'] if blanks else [])
    for c in got.conditions:
        cc = schema.column(c.column)
        if cc is None or isinstance(c.value, tuple):
            return None
        m = _mask(c, cc)
        masks.append(f"({m})")
    rows = "*".join(masks)
    which = f"weekday of {col.header} {test}"
    if got.op in ("count", "counta"):
        return f"=SUMPRODUCT({rows}*1)", f"number of rows where {which}"
    total = f"SUMPRODUCT({rows}*{got.value.range})"
    if got.op == "sum":
        return f"={total}", f"sum of {got.value.header} where {which}"
    return f"={total}/SUMPRODUCT({rows}*1)", f"average of {got.value.header} where {which}"


def read_either(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """Totals and counts over two values of a column or all but one: "Boston or Denver",
    "北京和上海的金额合计", "excluding Boston", "除北京以外".

    ``SUM(SUMIF(r,{"A","B"},v))`` adds the two totals (an array constant: no array entry
    needed in any target); an exclusion is a ``"<>A"`` criterion.
    """
    from .intent import compile_intent

    got = _parse(request, schema, alternatives=True)
    if got is None or got.op not in ("sum", "count"):
        return None
    multi = [c for c in got.conditions if isinstance(c.value, tuple)]
    if len(multi) > 1 or not multi and not any(c.op == "<>" for c in got.conditions):
        return None
    if got.value is None and got.op != "count":
        return None
    conds = tuple(Condition(c.column, c.op, "\x00") if c in multi else c for c in got.conditions)
    text = compile_intent(Intent(got.op, got.value.header if got.value is not None else "", conds), schema)
    what = ", ".join(f"{c.column} {c.op} {c.value}" for c in got.conditions)
    if not multi:
        return text, f"{got.op} where {what}"
    if text.count('"\x00"') != 1:
        return None
    if any(not isinstance(v, str) or '"' in v for v in multi[0].value):
        return None
    array = "{" + ",".join(f'"{v}"' for v in multi[0].value) + "}"
    return "=SUM(" + text[1:].replace('"\x00"', array) + ")", f"{got.op} where {what} (either value)"


_ORD_EN = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
           "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "8th": 8,
           "9th": 9, "10th": 10}
_CN_NUM = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def rank_phrase(text: str, schema: SheetSchema | None = None) -> tuple[str, int, bool, tuple[int, int]] | None:
    """(kind, k, largest?, span) of a rank phrase: "kth" ("second highest", 第二高, 排第二)
    or "topn" ("top 3", "3 largest", 前三名, 最高的3个).  A place said with no direction
    ("came second", "in 3rd place", 第2名) is read only given the ``schema`` and none of its
    headers keeps places or times (``place_headers``): there it may be the row holding 2, or the
    quickest."""
    big = r"largest|highest|biggest|greatest|top|best|most"
    small = r"lowest|smallest|least|bottom|worst|fewest"
    zbig, zsmall = r"高|大|多", r"低|小|少"
    n = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|[一二两三四五六七八九十])"
    o = "|".join(_ORD_EN)
    pats = [
        (rf"(?<![a-z])(?P<k>{o})[\s-]+(?P<d>{big}|{small})(?![a-z])", "kth"),
        # a place with no direction is counted from the top: "in 3rd place", "who came second
        # in sales", "ranked fifth by orders", 第2名; 倒数第二(名) from the bottom (not 倒数第二位
        # of an ID number, nor 倒数第二行 of the sheet)
        (rf"(?<![a-z])(?:in\s+)?(?P<k>{o})\s+place(?![a-z])", "place"),
        (rf"(?<![a-z])(?:came|come|comes|finished|finishes|placed|ranked|ranks?|is|was)\s+(?P<k>{o})"
         r"(?=\s+(?:in|by|for|on)\s|\s*[?.!]?\s*$)", "place"),
        (r"(?P<d>倒数)第(?P<k>\d+|[一二三四五六七八九十])(?:名)?(?![位个行条字列号])", "kth"),
        (r"(?<!倒数)第(?P<k>\d+|[一二三四五六七八九十])名", "place"),
        (rf"(?<![a-z])(?:the\s+)?(?P<d>{big}|{small})\s+{n}(?![a-z\d])", "topn"),
        (rf"(?<![a-z\d]){n}\s+(?P<d>{big}|{small})(?![a-z])", "topn"),
        (rf"第(?P<k>\d+|[一二三四五六七八九十])(?P<d>{zbig}|{zsmall})", "kth"),
        (r"排(?:名)?第(?P<k>\d+|[一二三四五六七八九十])(?:名|位)?", "kth"),
        (rf"(?P<d>前|后){n}(?:名|个|位|项|笔|大|高)?", "topn"),
        (rf"(?P<d>最[高大多低小少])的{n}(?:名|个|位|项|笔)", "topn"),
    ]
    for pat, kind in pats:
        m = re.search(pat, text)
        if not m:
            continue
        if kind == "place":
            words = lexicon("aggregates")["place_headers"]
            if schema is None or any(w in re.findall(r"[a-z]+", c.header.lower()) or is_zh(w) and w in c.header
                                     for c in schema.columns for w in words):
                return None
            kind = "kth"
        gd = m.groupdict()
        raw = gd.get("k") or next((g for i, g in enumerate(m.groups(), 1)
                                   if g and m.re.groupindex.get("d") != i), None)
        k = _ORD_EN.get(raw or "") or (int(raw) if raw and raw.isdigit() else
                                        _CN_NUM.get(raw or "") or count_word(raw or ""))
        d = gd.get("d") or "高"
        large = not re.fullmatch(rf"{small}|后|倒数|最?(?:{zsmall})", d)
        if k and k >= 1:
            return kind, k, large, m.span()
        return None
    return None


def read_rank(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """The k-th largest value, or the sum / average of the N largest (smallest) values.

    "second highest revenue", "第二高的金额", "金额排第二" -> ``LARGE(r,2)``; "sum of the 3
    largest revenues", "top 3 revenue total", "金额前三名之和" -> ``SUM(LARGE(r,{1,2,3}))``
    (an array constant: every target computes it, SEQUENCE only Excel 365).
    """
    lex = lexicon("aggregates")
    text = re.sub(r"[$¥￥€£](?=\s*\d)", " ", request.lower().strip())
    if has(text, lex["not_aggregate"]):
        return None
    found = rank_phrase(text, schema)
    if found is None:
        return None
    kind, k, large, span = found
    taken = [span]
    op = "value"
    if kind == "topn":
        found_op = next(((o, w) for o in ("average", "sum")
                         for w in lex["ops"][o] + (["之和", "总和", "的和"] if o == "sum" else [])
                         if has(text, [w])), None)
        if found_op is None:
            return None  # "top 3 sales": a list of three values, one cell holds one
        op = found_op[0]
        taken += _spans(text, found_op[1])
    elif _op(text, lex) is not None and _op(text, lex)[0] not in ("max", "min") and not (
            _op(text, lex)[0] == "sum" and set(_op(text, lex)[1]) <= {"多少"}):
        return None  # (倒数第二是多少: 多少 asks the value, it adds nothing up)
    ms = mentions(text, schema)
    numeric = [c for p, c in ms if c.type == "number" and not any(a <= p < b for a, b in taken)]
    if len({c.letter for c in numeric}) > 1:
        return None
    col = numeric[0] if numeric else _implied(text, schema, lex)
    if col is None or col.type != "number" or k > col.last_row - col.first_row + 1:
        return None
    found_values = _values(text, schema, lex, taken)
    if found_values is None:
        return None
    conds = found_values.conditions
    if any(c.op != "=" or isinstance(c.value, tuple) for c in conds) or conds and op != "value":
        return None  # "the top 3 in East added up": not read (one condition, one k-th value only)
    taken += found_values.spans
    if _text_named(text, ms, {c.column for c in conds}, taken, lex):
        return None  # "who ...": not this reader's
    for w in ("名", "位", "个", "项", "笔", "大", "高", "低", "小", "排", "第", "前", "后", "最", "倒数"):
        taken += _spans(text, w)
    for w in ("largest", "highest", "biggest", "greatest", "top", "best", "most", "lowest", "smallest",
              "least", "bottom", "worst", "fewest", "values", "value", "ones"):
        taken += _spans(text, w)
    plain = re.sub(rf"(?<![a-z])(?:{'|'.join(_ORD_EN)}|one|two|three|four|five|"
                   r"six|seven|eight|nine|ten)(?![a-z])|[一二两三四五六七八九十]", lambda x: " " * len(x.group(0)), text)
    if _residue(plain, schema, lex, taken, ms, ("之和", "总和"), False):
        return None
    fn = "LARGE" if large else "SMALL"
    side = "largest" if large else "smallest"
    if conds:
        return conditional_kth(schema, col, conds, k, large)
    if op == "value" and k == 1:  # 第一名, "in first place": the largest itself
        return f"={'MAX' if large else 'MIN'}({col.range})", f"the {side} {col.header}"
    if op == "value":
        return f"={fn}({col.range},{k})", f"the {k}. {side} {col.header}"
    arr = "{" + ",".join(str(i) for i in range(1, k + 1)) + "}"
    agg = "SUM" if op == "sum" else "AVERAGE"
    return f"={agg}({fn}({col.range},{arr}))", f"{op} of the {k} {side} {col.header} values"


def condition_mask(schema: SheetSchema, col: Column, conds: list[Condition]) -> str | None:
    """``B2:B8="East"``, or ``(B2:B8="East")*(C2:C8="Q1")`` for several: the rows whose text
    columns equal the values said, over the rows of ``col`` (None: a condition that is no plain
    text equality, or a column of other rows)."""
    tests = []
    for c in conds:
        cc = next((x for x in schema.columns if x.header == c.column), None)
        if cc is None or c.op != "=" or not isinstance(c.value, str) or '"' in c.value or \
                (cc.first_row, cc.last_row) != (col.first_row, col.last_row):
            return None
        tests.append(f'{cc.range}="{c.value}"')
    return tests[0] if len(tests) == 1 else "*".join(f"({t})" for t in tests) if tests else None


def conditional_kth(schema: SheetSchema, col: Column, conds: list[Condition], k: int,
                    large: bool) -> tuple[str, str] | None:
    """The k-th largest (smallest) of ``col`` over the rows whose text columns equal the values
    said ("the 2nd highest sales in East", 销售一部销售额第二高): ``AGGREGATE(14,6,r/(c="East"),k)``
    (15 for the smallest; option 6 skips the #DIV/0! of the rows that fail).  Excel 2010+, WPS
    and LibreOffice compute it as a plain formula, where ``LARGE(IF(...))`` needs array entry in
    Excel 2016 and ``LARGE((c="East")*r,k)`` is wrong once a value is negative.  Refused when
    fewer rows pass than k."""
    from .engine import evaluate

    mask = condition_mask(schema, col, conds)
    if mask is None:
        return None
    passed = evaluate(f"=SUMPRODUCT(({mask})*ISNUMBER({col.range}))", schema)
    if not passed.ok or not isinstance(passed.value, (int, float)) or passed.value < k:
        return None
    side = "largest" if large else "smallest"
    where = " and ".join(f"{c.column} is {c.value}" for c in conds)
    return (f"=AGGREGATE({14 if large else 15},6,{col.range}/({mask}),{k})",
            f"the {k}. {side} {col.header} where {where} (AGGREGATE skips the rows that fail: no array entry)")


def read_year_block(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """"2020到2025所有项目加总", "六年营业额总共多少": the total of a block of year columns (headers
    2020 … 2025 side by side), all of them ("历年", "六年" when the sheet has six) or the span the
    request writes ("2021至2023"): one SUM over the block.  Every other word must be accounted for."""
    text = _full_years(request.lower().strip(), schema)
    if not is_zh(text):
        return None
    lex = lexicon("aggregates")
    years = sorted(((int(_bare(c.header)), c) for c in schema.columns
                    if c.type == "number" and re.fullmatch(r"(?:19|20)\d\d", _bare(c.header))), key=lambda x: x[0])
    if len(years) < 2:
        return None
    idx = [col_index(c.letter) for _y, c in years]
    if any(b - a != 1 for a, b in zip(idx, idx[1:], strict=False)) \
            or any(y2 - y1 != 1 for (y1, _a), (y2, _b) in zip(years, years[1:], strict=False)) \
            or len({c.first_row for _y, c in years}) != 1:
        return None  # not one block of consecutive years
    sums = [w for w in lex["ops"]["sum"] if w in text and is_zh(w)]
    if not sums or any(has(text, lex["ops"][op]) for op in lex["ops"] if op != "sum"):
        return None
    span = re.search(r"((?:19|20)\d\d)年?\s*(?:到|至|-|~|—|–)\s*((?:19|20)\d\d)年?", text)
    if span:
        lo, hi = int(span.group(1)), int(span.group(2))
        block = [c for y, c in years if lo <= y <= hi]
        if lo >= hi or len(block) != hi - lo + 1:
            return None
        taken = [span.span()]
    else:
        n = len(years)
        said = re.search(r"(历年|各年|这几年|所有年份?|(\d+|[一二三四五六七八九十]+)年(?!\d|级|代))", text)
        if said is None:
            return None
        if said.group(2):
            k = said.group(2)
            k = int(k) if k.isdigit() else _ZH_MONTH.index(k) + 1 if k in _ZH_MONTH else 0
            if k != n:
                return None  # "三年" of six year columns: which three
        block = [c for _y, c in years]
        taken = [said.span()]
    for w in lex["total_row_words"]:  # "（不算合计行）": its 合计 is no total asked for
        taken += _spans(text, w)
    said_sum = [(a, b) for w in sums for a, b in _spans(text, w) if not any(x <= a and b <= y for x, y in taken)]
    if not said_sum:
        return None
    taken += said_sum
    left = leftover(text, schema, lex, taken, [])
    if left:
        return None
    first, last = block[0], block[-1]  # a year column may end early (an item new in 2022)
    return (f"=SUM({first.letter}{first.first_row}:{last.letter}{max(c.last_row for c in block)})",
            f"the total of the year columns {first.header} to {last.header}")


def read_fee_share(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """"配件费占总收入的比例", "检查收入占全部收费的百分比", "配件费在工时费加配件费里占多少": one
    charge column's total over the total of the row's charges, on a sheet whose amounts are kept
    in several charge columns (挂号费 | 药品费 | 检查费) and no column of their total.  The whole is
    every charge column (a total word, lexicon zh_fee_totals) or the ones the request adds up."""
    text = request.lower().strip()
    if not is_zh(text):
        return None
    lex = lexicon("aggregates")
    fees = [c for c in schema.columns if c.type == "number" and re.search(r"[\u4e00-\u9fff]费$", _bare(c.header))
            and not has(_bare(c.header), ["单价", "每"])]
    if len(fees) < 2 or len({c.first_row for c in fees}) != 1:
        return None
    if any(c.type == "number" and has(_bare(c.header), lex["amount_headers"]) for c in schema.columns):
        return None  # a column of the total (金额, 合计): the usual share readers read it
    m = re.fullmatch(r"(?P<a>.+?)(?:占|在)(?P<b>.+?)(?:里|中|当中|里面)?(?:占|的)?(?P<s>比例|比重|百分比|占比|多少|几成)"
                     r"(?:是)?(?:多少)?\s*[？?]?", text)
    if m is None:
        return None

    def fee_of(words: str) -> Column | None:
        """The one charge column ``words`` name: its header, or its stem with 收入 / 费用 (检查收入)."""
        words = re.sub(r"^(?:的|是)|(?:的|是)$", "", words.strip())
        for c in fees:
            stem = _bare(c.header)[:-1]
            if words in (_bare(c.header), stem + "收入", stem + "费用", stem + "收费"):
                return c
        return None

    part = fee_of(m.group("a"))
    if part is None:
        return None
    whole_words = m.group("b").strip()
    if whole_words in lex["zh_fee_totals"]:
        whole = fees
    else:
        names = [fee_of(w) for w in re.split(r"加上?|\+|和|与", whole_words.strip("()（）"))]
        if len(names) < 2 or any(c is None for c in names) or part not in names or len(set(map(id, names))) != len(names):
            return None
        whole = sorted(names, key=lambda c: col_index(c.letter))
    idx = [col_index(c.letter) for c in whole]
    last = max(c.last_row for c in whole)
    if all(b - a == 1 for a, b in zip(idx, idx[1:], strict=False)):
        den = f"SUM({whole[0].letter}{whole[0].first_row}:{whole[-1].letter}{last})"
    else:
        den = "(" + "+".join(f"SUM({c.range})" for c in whole) + ")"
    return (f"=SUM({part.range})/{den}",
            f"the share of {part.header} in the total of " + ", ".join(c.header for c in whole))


def read_share(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """A share of the rows or of a total: "语文及格率", "pass rate in math", "what percentage
    of orders are from Boston", "华东销售额占比", "share of revenue from Denver".

    Rows: ``COUNTIFS(conditions)/COUNTA(column)``; an amount: ``SUMIFS(v, conditions)/SUM(v)``.
    The result is the fraction (format the cell as a percentage).
    """
    from .intent import compile_intent
    from .partshare import _row_amount, rows_counted

    lex = lexicon("aggregates")
    text = request.lower()
    first = _zh_share_first(text, schema)
    if first is not None:
        return read_share(first, schema)
    words = [w for w in lex["share_words"] + lex["zh_share_words"] if _spans(text, w)]
    scope = re.match(r"\s*(?:在)?([\u4e00-\u9fff]{2,6}?)(?:表)?(?:里面|里头|当中|里)", text)  # (not 中: 预约中老年…)
    if scope and scope.group(1) in schema.sheet:  # "上机记录里会员的比例", "预约里…": of the sheet's rows
        text = " " * scope.end() + text[scope.end():]
    lead = re.match(r"\s*(?:%|percent|percentage|pct)(?=\s+[a-z])", text)
    if lead and not words:  # "% paid so far", "percent paid": the share said first, of the rows
        words = [lead.group(0).strip()]
        text = " " * lead.end() + text[lead.end():]
    trail = _SHARE_LAST.search(text)
    if trail and not words:  # "near miss %", "card payments percent": the share said last
        words = [trail.group(1) or trail.group(2)]
        text = text[:trail.start()] + " " * (len(text) - trail.start())
    if not words:
        return None
    for _c, head, _v in flag_columns(schema):  # "escape rate", "pass rate": the Yes share of Escaped, Passed
        if head.endswith("ed") and len(head) >= 6:
            text = re.sub(rf"(?<![a-z])(?:{head[:-1]}|{head[:-2]})(?=\s+rates?(?![a-z]))", head, text)
    if is_zh(text) and any(is_zh(w) for w in words):
        words += [w for w in lex["zh_share_of"] if _spans(text, w)]  # 南湖占…的比例: 占 says "of"
    plain = text
    for w in words:
        for a, b in _spans(plain, w):
            plain = plain[:a] + " " * (b - a) + plain[b:]
    amount = _parse(plain, schema, force_op="sum")
    rows = _parse(plain, schema, force_op="count") or _parse(_whole_said(plain, text, schema), schema,
                                                             force_op="count")
    whole_zh = _zh_whole(text, schema) if is_zh(text) else None
    if whole_zh is not None and not (amount is not None and amount.named and amount.conditions) \
            and not (rows is not None and rows.conditions):
        # "付了款的订单占全部订单的百分比": the whole said, rows or an amount (when nothing else read it)
        kind, (a, b), head = whole_zh
        cut = plain[:a] + " " * (b - a) + plain[b:]
        amount = _parse(cut, schema, force_op="sum") if kind == "sum" else None
        if amount is not None and head and amount.value is not None and amount.value.header != head:
            return None  # the part's amount and the whole's are not one column
        rows = _parse(cut, schema, force_op="count") if kind == "rows" else None
    if amount is not None and rows_counted(text):
        amount = None  # "微信付了几笔，占比多少": rows counted, not the money they came to
    if amount is not None and amount.value is not None and is_zh(text) and amount.value is money_column(schema) \
            and not _row_amount(amount.value) \
            and not any(c is amount.value for _p, c in mentions(text, schema)):
        if has(text, lexicon("aggregates")["zh_money_said"]):
            return None  # "微信付的钱占几成": money asked, and no column is all of it
        amount = None  # "微信付的占几成" beside a 茶水费 column: a verb of paying implies no side charge
    if amount is not None and amount.value is not None and amount.named and amount.conditions:
        conds = tuple(amount.conditions)
        if any(c.column == amount.value.header for c in conds):
            amount = None  # "share of sales above 5000" of the sales: rows, read below
        else:
            part = compile_intent(Intent("sum", amount.value.header, conds), schema)
            return (f"={part[1:]}/SUM({amount.value.range})",
                    f"the share of {amount.value.header} where "
                    + ", ".join(f"{c.column} {c.op} {c.value}" for c in conds))
    if rows is None or not rows.conditions or rows.op != "count":
        return _share_of_yes(plain, schema) or _share_of_blank(plain, schema)
    whole = re.search(r"占(?:总|全部|所有|整体)([\u4e00-\u9fff]*?)(?:的|比|百分|$)", text)
    nouns = lex["row_nouns"] + lex["people_nouns"] + row_things(schema) + [schema.sheet.lower()]  # (单子: _zh_whole's rows)
    if whole and whole.group(1) and not any(whole.group(1) in (n, n + "数") for n in nouns) and not (
            whole.group(1).endswith(_HEADS_COUNTED) and schema.column(whole.group(1)) is None):
        return None  # "差旅费占总报销的比例": a share of an amount the sheet does not name, not of rows
    conds = tuple(dict.fromkeys(rows.conditions))  # "pass rate (60+)": one condition said twice
    base = schema.column(conds[0].column)
    part = compile_intent(Intent("count", "", conds), schema)
    flags = {c.header for c, _h, _v in flag_columns(schema)}
    scope = tuple(c for c in conds if c.op == "=" and isinstance(c.value, str) and c.column not in flags)
    if scope and len(scope) < len(conds) and all(isinstance(c.value, (int, float)) or c.column in flags
                                                 for c in conds if c not in scope):
        # "pass rate for class 7C", "what % of 7C passed": the values name the rows the rate is
        # of, the thresholds what is counted among them
        whole = compile_intent(Intent("count", "", scope), schema)
        return (f"={part[1:]}/{whole[1:]}",
                "the share of the rows where " + ", ".join(f"{c.column} = {c.value}" for c in scope)
                + " that have " + ", ".join(f"{c.column} {c.op} {c.value}" for c in conds if c not in scope))
    if _marked_range(schema, base) is not None:  # "点钟单占比" beside 点钟: 是 or blank: of every row
        if len(conds) != 1:
            return None
        last, key = _table_rows(schema, base)
        if conds[0].value != "是" or key is None:
            return _share_of_yes(plain, schema)
        return (f"={part[1:]}/COUNTA({key.letter}{base.first_row}:{key.letter}{last})",  # "有票的占比"
                f"the share of rows where {base.header} is 是, of all the table's rows")
    if base.type == "number" and all(c.column == base.header and c.op == ">" and c.value == 0 for c in conds) \
            and blank_on_table_rows(schema, base):
        # "给了小费的单占比" beside a 小费 column left blank where none was given: of all the rows
        last, key = _table_rows(schema, base)
        if key is None:
            return None
        return (f"={part[1:]}/COUNTA({key.letter}{base.first_row}:{key.letter}{last})",
                f"the share of the rows ({key.header}) with a {base.header} above 0")
    return (f"={part[1:]}/COUNTA({base.range})",
            "the share of rows where " + ", ".join(f"{c.column} {c.op} {c.value}" for c in conds))


def _zh_share_first(text: str, schema: SheetSchema) -> str | None:
    """"有多少比例的单给了小费", "百分之几的人带了家属": the share said first, then the rows and
    what they did, said again the usual way round ("给了小费的单占比"); None when not so said."""
    if not is_zh(text):
        return None
    lex = lexicon("aggregates")
    said = "|".join(sorted(map(re.escape, lex["zh_share_first"]), key=len, reverse=True))
    m = re.fullmatch(rf"\s*(?:有|是)?(?:{said})的(?P<rest>[^，,。？?]+?)\s*[？?。]?\s*", text)
    if m is None:
        return None
    rest = m.group("rest")
    nouns = {n for n in lex["row_nouns"] + lex["people_nouns"] + row_things(schema) if is_zh(n)}
    noun = max((n for n in nouns if rest.startswith(n) and len(rest) > len(n)), key=len, default="")
    clause = rest[len(noun):].removeprefix("是")
    return f"{clause}的{noun}占比"


#: the end of a Chinese whole that counts rows ("登记人数", "下单笔数"), where no column is so headed
_HEADS_COUNTED = ("人数", "单数", "户数", "笔数", "条数", "次数")
#: a share word said last, after what is counted ("near miss %", "walk-ins percent")
_SHARE_LAST = re.compile(r"(?<=[a-z])(?:\s*(%)|\s+(percent|percentage|pct))\s*[?.]?\s*$")


def _zh_whole(text: str, schema: SheetSchema) -> tuple[str, tuple[int, int], str] | None:
    """The whole a Chinese share is of, said after 占 ("占全部订单的百分比", "占总人数百分比",
    "占总和的比例", "占销售额的比例"): ("rows", span, "") for what a row is (订单, 人数, the
    sheet's own row words), ("sum", span, header) for a total (总和, 总额; header "" ) or a number
    column named (销售额), else None (the usual readers read it)."""
    m = re.search(r"占(?P<all>总|全部|所有|整体|整个|全)?(?P<w>[\u4e00-\u9fff]{0,8}?)(?:的)?"
                  r"(?=比例|百分比|百分之|比重|占比|多少|几成)", text)
    if m is None or (not m.group("all") and not m.group("w")):
        return None
    w = m.group("w")
    lex = lexicon("aggregates")
    rows = {n for n in lex["people_nouns"] + lex["row_nouns"] + row_things(schema) if is_zh(n)}
    if w in rows or (w.endswith("数") and (w[:-1] in rows or w[:-1] in ("人", "单", "户", "条", "次"))) or (
            len(w) >= 2 and w in schema.sheet) or (
            w.endswith(_HEADS_COUNTED) and schema.column(w) is None):
        return "rows", m.span(), ""  # "占全部登记人数的比例": the people (rows) a verb counts
    if w in ("总和", "总额", "合计", "总计", "和") or (m.group("all") and not w):
        return "sum", m.span(), ""
    named = [c for c in schema.columns if c.type == "number" and len(w) >= 2 and w == _bare(c.header)]
    return ("sum", m.span(), named[0].header) if len(named) == 1 else None


def _whole_said(plain: str, text: str, schema: SheetSchema) -> str:
    """``plain`` without the noun the share is of, when it says what a row is: "what % of
    registrants are from India", "share of attendees from india", "% of customers paid by card"
    (the rows counted), not a column.  Only where no number column counts people (Guests,
    人数: "share of customers" there may be of that head count)."""
    lex = lexicon("aggregates")
    if any(c.type == "number" and _bare(c.header).lower() in lex["people_count_headers"] for c in schema.columns):
        return plain
    m = re.search(r"(?<![a-z])(?:share|percent|percentage|proportion|fraction|pct|%)\s+of\s+(?:all\s+)?"
                  r"(?:the\s+|our\s+|my\s+|these\s+)?([a-z]+)(?![a-z])", text)
    if m is None or any(c.type == "number" for _p, c in mentions(m.group(1), schema)):
        return plain
    nouns = set(lex["people_nouns"] + lex["row_nouns"] + lex["quantity_nouns_en"]["heads"]
                + lex["row_people_en"] + _own_rows(schema))
    if m.group(1) not in nouns and m.group(1).removesuffix("s") not in nouns:
        return plain
    return plain[:m.start(1)] + " " * (m.end(1) - m.start(1)) + plain[m.end(1):]


#: "有退款的", "带家属的", "给了小费的", "有家属同行的": a verb of having, an amount column's name,
#: then 的 (never after 没 / 不 / 未 / 无: those are the rows without it)
_ZH_HAD = re.compile(r"(?<![没不未无])(?:" + "|".join(sorted(map(re.escape, lexicon("aggregates")["zh_had_verbs"]), key=len, reverse=True))
                     + r")([\u4e00-\u9fff]{2,8}?)(?:" + "|".join(map(re.escape, lexicon("aggregates")["zh_had_after"]))
                     + r")?的")
_FILLED = re.compile(r"(?<![a-z])(?:with|got|get|gets|getting|had|have|has|having|received|receive|left|gave|paid|took|take|taken)"
                     r"\s+(?:a|an|any)\s+")
_COUNTED = re.compile(r"(?<![a-z])(?:how many|number of|no\. of|count of|count)(?![a-z])")


def rows_with_a(request: str, schema: SheetSchema, kinds: tuple[str, ...] = ("number",)
                ) -> tuple[Column, tuple[int, int]] | None:
    """The number column said after "with a" / "got a" / "had any" ("walks that got a tip",
    "jobs with a discount"): the rows where it holds an amount, not the amount itself; and the
    span said.  ``kinds``: the column types read ("date": "kids who have an exam date", the
    rows where a date is filled in)."""
    text = request.lower()
    for m in _FILLED.finditer(text):
        for p, c in mentions(text, schema):
            if p == m.end() and c.type in kinds:
                end = p + len(next((w for w in _column_words(schema, c) if text.startswith(w, p)),
                                   re.match(r"[a-z]*", text[p:]).group(0)))
                if c.type == "date" and (after := _SET_AFTER.match(text, end)):
                    end = after.end()  # "pupils who have got an exam booked": the date set
                return c, (m.start(), end)
        if "date" in kinds:  # "an exam booked" for Exam date: the date header's stem, then "booked"
            for c in schema.columns:
                st = _date_stem(c.header) if c.type == "date" else None
                after = _SET_AFTER.match(text, m.end() + len(st)) if st and st.isascii() \
                    and re.match(re.escape(st) + r"(?![a-z])", text[m.end():]) else None
                if after is not None:
                    return c, (m.start(), after.end())
    return _rows_with_event(text, schema) if "date" in kinds else None


#: a participle after a date column said, that only says its date is set ("an exam booked")
_SET_AFTER = re.compile(r"\s+(?:booked|scheduled|set|arranged|fixed|recorded|entered|logged|filled in)(?![a-z])")
#: the words before an event said as done: "tickets (that) were collected", "have been picked up"
_DONE_BEFORE = re.compile(r"(?<![a-z])(?:(?:that|which|who)\s+)?(?:(?:were|was|are|is|have|has|had|been|got|already)\s+)+$")


def _rows_with_event(text: str, schema: SheetSchema) -> tuple[Column, tuple[int, int]] | None:
    """"how many tickets were collected", "bikes that have been picked up": the event a date
    column records (``_date_events``: Collected, "picked up") said as done, after were / have
    been, and no "not" / "yet to be" before it: the rows whose date is filled in; and the span
    said.  None when no such event is said, or it is said negated (read_blank reads that)."""
    dates = [c for c in schema.columns if c.type == "date"]
    for col, spans in _date_events(text, dates):
        for a, b in spans:
            done = _DONE_BEFORE.search(text[:a])
            if done is None or _NOT_YET_BEFORE.search(text[:a]) or re.search(r"(?<![a-z])not\s", text[done.start():a]):
                continue
            return col, (done.start(), b)
    return None


_UNFILLED = re.compile(r"(?<![a-z])(?:(?:with|got|had|have|has|received|took|paid)\s+no|without(?:\s+(?:a|an|any))?)\s+")


def _rows_without_a(request: str, schema: SheetSchema) -> tuple[Column, tuple[int, int]] | None:
    """The number column said after "had no" / "without a" ("orders that had no glass", "jobs
    without a discount"), and the span said; None when none is."""
    text = request.lower()
    for m in _UNFILLED.finditer(text):
        for p, c in mentions(text, schema):
            if p == m.end() and c.type == "number":
                return c, (m.start(), p + len(next((w for w in _column_words(schema, c) if text.startswith(w, p)),
                                                   re.match(r"[a-z]*", text[p:]).group(0))))
    return None


def _absent_value(schema: SheetSchema, col: Column) -> str | None:
    """The value a text column writes for "none" (None, -, n/a, 无; lexicon absent_values) beside
    two or more others (Car, Van, None), or None: a Yes / No column is read by its values."""
    said = {str(v).strip() for v in values(schema, col) if v is not None and str(v).strip()}
    marks = [v for v in said if v.lower() in lexicon("aggregates")["absent_values"]]
    if col.type not in ("text", "mixed") or len(marks) != 1 or len(said) < 3 \
            or {v.lower() for v in said} & {"yes", "no", "y", "n", "是", "否"}:
        return None
    return marks[0]


def _marked_with_a(request: str, schema: SheetSchema) -> tuple[Column, tuple[int, int], str, bool] | None:
    """"tickets that had a vehicle", "bookings with no vehicle": a text column whose "none" is a
    word (Vehicle: Car, Van, None) said after "with a" / "had a" (its other rows) or "with no" /
    "without a" (its none rows); (column, span said, the none word, without) or None."""
    text = request.lower()
    for pat, without in ((_FILLED, False), (_UNFILLED, True)):
        for m in pat.finditer(text):
            for p, c in mentions(text, schema):
                absent = _absent_value(schema, c) if p == m.end() else None
                if absent is not None:
                    word = next((w for w in _column_words(schema, c) if text.startswith(w, p)),
                                re.match(r"[a-z]*", text[p:]).group(0))
                    return c, (m.start(), p + len(word)), absent, without
    return None


def read_filled(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """"how many walks got a tip", "what fraction of jobs had a discount": the rows whose number
    column holds an amount (above 0; a blank or 0 is none), counted or over all the table's
    rows.  A date column ("how many kids have an exam date") counts the rows whose date is filled
    in.  Every other word must be used (no other condition)."""
    from .quantities import rows_are_people

    found = rows_with_a(request, schema, ("number", "date"))
    without = found is None
    found = found or _rows_without_a(request, schema)
    marked = _marked_with_a(request, schema) if found is None else None
    if found is None and marked is None:
        return None
    col, span = found or marked[:2]
    if marked is not None:
        without = marked[3]
    text = request.lower()
    lex = lexicon("aggregates")
    noun = re.search(r"(?<![a-z])(?:how many|number of|count of|share of|fraction of|percent of|percentage of|"
                     r"proportion of|% of)\s+(?:all\s+)?(?:the\s+|our\s+|my\s+)?([a-z]+)", text)
    own = _own_rows(schema) + re.findall(r"[a-z]{3,}", schema.sheet.lower())  # "orders" on a sheet of Orders
    if rows_are_people(schema):  # "how many kids have ...", "number of people who got a refund" on a roster
        own = own + lexicon("aggregates")["quantity_nouns_en"]["heads"] + [
            w for w in lex["people_nouns"] if w.isascii()]
    if noun is None or not any(noun.group(1) in (w, w + "s", w + "es") for w in own):
        return None  # the rows must be this sheet's ("bookings" are not the rows of a Rates tab)
    share = [sp for w in lex["share_words"] if w.isascii() and w not in lex["share_words_not_alone"]
             for sp in _spans(text, w)]
    counted = [m.span() for m in _COUNTED.finditer(text)]
    if bool(share) == bool(counted):
        return None
    taken = [span] + share + counted
    if leftover(text, schema, lex, taken, mentions(text, schema)):
        return None
    if marked is not None:  # "tickets that had a vehicle": the rows not marked None (no blank among them)
        absent = marked[2]
        if any(schema.cells.get((r, col_index(col.letter))) in (None, "") for r in range(col.first_row, col.last_row + 1)) \
                or _table_rows(schema, col)[0] != col.last_row:
            return None
        want = f'"{absent}"' if without else f'"<>{absent}"'
        what = f"rows where {col.header} is {'' if without else 'not '}{absent}"
        if counted:
            return f"=COUNTIF({col.range},{want})", f"the number of {what}"
        return f"=COUNTIF({col.range},{want})/COUNTA({col.range})", f"the share of {what}"
    if without:  # "how many orders had no glass": the rows whose amount is 0, where no row is blank
        if any(schema.cells.get((r, col_index(col.letter))) in (None, "") for r in range(col.first_row, col.last_row + 1)) \
                or _table_rows(schema, col)[0] != col.last_row:
            return None  # a blank may be "none" too, or a row not entered: not guessed
        key = _table_rows(schema, col)[1]
        if counted:
            return f"=COUNTIF({col.range},0)", f"the number of rows with a {col.header} of 0"
        return (None if key is None else (f"=COUNTIF({col.range},0)/COUNTA({key.range})",
                                          f"the share of rows ({key.header}) with a {col.header} of 0"))
    dated = col.type == "date"
    last, key = _table_rows(schema, col)
    # the dates run to the table's last row: a blank at the bottom is a row without one
    part = f"COUNT({col.letter}{col.first_row}:{col.letter}{last})" if dated else f'COUNTIF({col.range},">0")'
    if counted:
        return f"={part}", (f"the number of rows with a {col.header} filled in" if dated
                            else f"the number of rows with a {col.header} above 0")
    if key is None:
        return None
    return (f"={part}/COUNTA({key.range})",
            f"the share of rows ({key.header}) with a {col.header} "
            + ("filled in" if dated else "above 0"))


def _share_of_yes(plain: str, schema: SheetSchema) -> tuple[str, str] | None:
    """"签到率", "签到的比例": the rows answering yes in the one column of yes / no answers the
    request names alone (是否签到: 是 / 否), over all its rows; read_distinct reads that count."""
    if not is_zh(plain):
        return None
    got = read_distinct(re.sub(r"\s+", "", plain) + "有几个", schema)
    m = re.fullmatch(r'=COUNTIF\(([A-Z]+)(\d+):[A-Z]+\d+,"[^"]*"\)', got[0]) if got else None
    if m is None:
        return None
    col = next(c for c in schema.columns if c.letter == m.group(1) and c.first_row == int(m.group(2)))
    # a column that leaves its no rows blank (会员: 是 or nothing): of all the table's rows
    whole = _table_rows(schema, col)[1] if _marked_range(schema, col) else col
    if whole is None:
        return None
    return f"{got[0]}/COUNTA({whole.range})", "the share of " + got[1].removeprefix("the number of ")


def _share_of_blank(plain: str, schema: SheetSchema) -> tuple[str, str] | None:
    """"what % of the invoices are still unpaid", "还没缴费的占多少比例": the rows read_blank counts
    (a column still empty on them) over all the table's rows, counted by a column filled on
    every row.  Only a count of the whole table: a share under other conditions is refused."""
    asked = f"{plain.strip()}有几个" if is_zh(plain) else f"how many {plain.strip()}"
    got = read_blank(asked, schema)
    m = re.fullmatch(r"=COUNTBLANK\(([A-Z]+)(\d+):[A-Z]+\d+\)", got[0]) if got else None
    if m is None:
        return None
    col = next(c for c in schema.columns if c.letter == m.group(1) and c.first_row == int(m.group(2)))
    last, key = _table_rows(schema, col)
    if key is None:
        return None
    return (f"{got[0]}/COUNTA({key.letter}{col.first_row}:{key.letter}{last})",
            f"the share of the rows with no {col.header}")


_NOT_YET_BEFORE = re.compile(
    r"(?:(?<![a-z])(?:no|without(?: an?| any)?|missing|never|havent|hasnt|isnt|arent|wasnt|werent|awaiting"
    r"|(?:still\s+)?waiting(?:\s+to\s+be|\s+(?:on|for))?|(?:yet|still|left|remaining)\s+to\s+be"
    r"|blank|empty|nothing\s+in(?:\s+the)?)|n't|(?<![a-z])not)"  # "count of blank scores", "nothing in paid"
    r"\s+(?:(?:been|yet|a|an|any|got|gotten|had|have|has)\s+)*$"
    r"|(?:还没有?|还未|尚未|没有|没|未|缺)(?:[交填写收付给缴录登记](?:过|了)?)?$")
_NOT_YET_AFTER = re.compile(r"(?:日期|成绩|分数|记录|金额)的?|的"  # (tried first: the English form matches nothing too)
                            r"|(?:\s*(?:yet|date|dates|so far|recorded|entered|filled in|back|column|field|box))*")


#: a column said, then empty: "定金空着的", "复试（成绩）为空", "left blank", "is empty"
_EMPTY_AFTER = re.compile(r"(?:成绩|日期|一栏|一列|栏|列)?(?:还)?(?:是)?(?:空着|为空|是空的|空白|空的|没填|未填|没有填)(?:的)?"
                          r"|(?:\s+(?:date|dates|column|field|cell|box))?"  # "the fitted date is empty"
                          r"\s+(?:(?:is|are|was|were|still|left|been)\s+)*(?:blank|empty)(?![a-z])"
                          r"(?:\s+(?:for|on|in)\s+(?:those|them|these)(?:\s+rows)?(?![a-z]))?")  # "paid is blank for those"


def _blank_mentions(text: str, schema: SheetSchema) -> list[tuple[int, int, Column]]:
    """Where the request names a column: a header form, or a run of words each a form of a word
    of the header ("collected" for Collected, "paid date" for Paid On), or (Chinese) a stretch of
    two characters or more of one header only."""
    out = []
    for col in schema.columns:
        for f in header_forms(col.header):
            for m in re.finditer(re.escape(f), text):
                if (not f.isascii() or not (text[m.start() - 1:m.start()].isalpha()
                                            or text[m.end():m.end() + 1].isalpha())):
                    out.append((m.start(), m.end(), col))
        heads = re.findall(r"[a-z]{4,}", col.header.lower())
        for m in re.finditer(r"[a-z]{4,}", text):
            if any(stem_match(m.group(0), h) for h in heads):
                out.append((m.start(), m.end(), col))
        if col.type == "date":  # "picked up" for Collected: the event the date records
            out += [(a, b, col) for _c, spans in _date_events(text, [col]) for a, b in spans]
        if col.type == "date" and re.fullmatch(r"[a-z]{4,}", col.header.strip().lower()):
            # "unfitted jobs", "uncollected tickets": the date not filled in yet (read_blank's own cue)
            out += [(m.start(), m.end(), col) for m in
                    re.finditer(rf"(?<![a-z])un-?{re.escape(col.header.strip().lower())}(?![a-z])", text)]
        stem = _date_stem(col.header)
        if stem and is_zh(stem) and not any(o is not col and (_date_stem(o.header) or "").startswith(stem[0])
                                            for o in schema.columns):  # (取件码 beside 取件日期 is a code)
            # "还有几个件没取" beside 取件日期: the verb said alone after 没 / 未 names the date it records
            # ("没交定金" names 定金's blanks, not 交货日期's: the verb before another header is that header's)
            others = "|".join(re.escape(_bare(o.header)) for o in schema.columns
                              if o is not col and is_zh(_bare(o.header)) and len(_bare(o.header)) >= 2)
            after = f"(?!{others})" if others else ""
            out += [(m.start(1), m.end(1), col)
                    for m in re.finditer(r"(?:没有?|未|尚未)(" + _verb_of(stem) + ")" + after, text)]
        h = _bare(col.header)
        if is_zh(h):
            for n in range(len(h), 1, -1):
                subs = [h[i:i + n] for i in range(len(h) - n + 1)]
                for sub in subs:
                    if sub in text and sum(sub in _bare(o.header) for o in schema.columns) == 1:
                        p = text.find(sub)
                        out.append((p, p + n, col))
    return out


def _verb_of(stem: str) -> str:
    """The verb a Chinese date stem starts with, said alone after 没 / 未: the whole stem or any
    head of it, longest first (整改完成日期: 没整改完成, 没整改, 没整; 取件日期: 没取件, 没取)."""
    return "|".join(re.escape(stem[:k]) for k in range(len(stem), 0, -1))


def _still_here(text: str, schema: SheetSchema) -> list[tuple[int, int, Column]]:
    """"still here", "still in", "还在": the rows whose leaving is not recorded yet, said by
    where they are (lexicon still_here): the one date column recording that they left
    (date_events_en: collected, picked up, departed, checked out; 退住日期, 离开日期)."""
    lex = lexicon("aggregates")
    values = {str(v).strip().lower() for c in schema.columns if c.type in ("text", "mixed") for v in c.distinct}
    said = [m.span() for w in lex["still_here"] if w not in values for m in re.finditer(
        (r"(?<![a-z])" + re.escape(w) + r"(?![a-z])") if w.isascii() else re.escape(w), text)]
    if not said:
        return []
    leaving = {p for g in lex["date_events_en"] if {"collected", "departure"} & set(g) for p in g}
    cols = [c for c in schema.columns if c.type == "date" and (
        _bare(c.header).lower().strip() in leaving
        or any(w in _bare(c.header) for w in lex["leaving_headers_zh"]))]
    if len(cols) != 1:
        return []
    return [(a, b, cols[0]) for a, b in said]


def _blank_spans(text: str, schema: SheetSchema, keep_after: bool = False) -> list[tuple[int, int, Column]]:
    """The spans of ``text`` (lower case) saying a column is still empty on the rows asked about
    ("haven't been collected yet", "still to be delivered", "定金空着的", "open tickets"), each with
    that column: read_blank's cues."""
    from .checks import is_identifier
    from .undone import undone_mentions

    found = []
    said = list(_blank_mentions(text, schema))
    for a, b, col in said:
        if is_identifier(col) or any(c is not col and x <= a and b <= y and (x, y) != (a, b) for x, y, c in said):
            continue  # 日期 inside 归还日期: the longer header is the one said
        if _bare(col.header) != text[a:b] and any(
                c is not col and (x, y) == (a, b) and _bare(c.header) == text[a:b] for x, y, c in said):
            continue  # "no closed date" beside Closed and Closed at: the header said as written
        cue = _NOT_YET_BEFORE.search(text[:a])
        if cue is None and text.startswith("un", a) and not col.header.strip().lower().startswith("un"):
            found.append((a, b, col))  # "unfitted": the "un" says not yet
            continue
        if cue is None:
            empty = _EMPTY_AFTER.match(text, b)  # "定金空着的", "复试成绩为空的": the column said, then empty
            if empty is not None:
                found.append((a, empty.end(), col))
            continue
        tail = _NOT_YET_AFTER.match(text, b)
        if keep_after and tail and (schema.column(tail.group(0).rstrip("的")) is not None or any(
                x == b and c.type == "number" for x, _y, c in said)):
            tail = None  # "未还款金额合计": 金额 the column added up (金额(不含税) too), not the date's own word
        found.append((cue.start(), tail.end() if tail else b, col))
    return found + _still_here(text, schema) + undone_mentions(text, schema)  # "open tickets", "still owed"


def ignores_blank(request: str, formula: str, schema: SheetSchema) -> bool:
    """True when ``request`` says one column is still empty on the rows it asks about ("how many
    loads are still to be delivered") and ``formula`` never reads that column: it adds up the
    done rows too.  (read_blank, after the other readers, reads the blank.)"""
    text = request.lower().strip()
    if not _BLANK_HINT.search(text):
        return False
    found = _blank_spans(text, schema)
    cols = {c.letter for _a, _b, c in found}
    if len(cols) != 1:
        return False
    used = re.sub(r'"[^"]*"', '""', formula)
    return re.search(rf"(?<![A-Z$])\$?{found[0][2].letter}\$?(?:\d|:)", used) is None


#: words read_blank's cues start with (a cheap test before the spans are looked for)
_BLANK_HINT = re.compile(r"(?<![a-z])(?:to be|not|no|without|missing|never|awaiting|waiting|blank|empty|nothing)(?![a-z])|n't")


def read_blank(request: str, schema: SheetSchema, keep_after: bool = False) -> tuple[str, str] | None:
    """A count of the rows where a column is still empty, under the request's other conditions:
    "how many bikes haven't been collected yet", "count lessons with no paid date",
    "还没有复试成绩的人数", "二班还没交作业的有几个".

    The column must hold blanks and filled cells (its blanks are the rows not done), and no
    value that itself says no (a Paid column of Yes / No is read by its values).  The rest of
    the request is read by the aggregate reader as a count; every word must be used."""
    text = request.lower().strip()
    nays = set(lexicon("aggregates")["blank_values_no"])
    found = _blank_spans(text, schema, keep_after)
    cols = {c.letter for _a, _b, c in found}
    if len(cols) != 1:
        return None
    col = found[0][2]
    first = col.first_row
    last = max(c.last_row for c in schema.columns if c.first_row == first)
    table = [c for c in schema.columns if c.first_row == first]
    from .rowlabels import _yes_no_pair

    pair = _yes_no_pair(schema, col) if is_zh(text) else None
    if pair is not None:  # "没签到的有几次" on a 是否签到 column of 是 / 否: its 否 rows
        return _count_where(text, schema, found, col, first, last, f'"{pair[1]}"', None,
                            f"number of rows where {col.header} is {pair[1]}")
    if any(str(v).strip().lower() in nays for v in col.distinct):
        return None

    def empty(r: int, c: Column) -> bool:
        return schema.cells.get((r, col_index(c.letter))) in (None, "")

    rows = [r for r in range(first, last + 1) if not all(empty(r, c) for c in table)]
    blanks = [r for r in rows if empty(r, col)]
    if not blanks or len(blanks) == len(rows):
        return None  # no blank (or no filled) cell: not a column filled in when the thing is done
    key = None
    if len(rows) < last - first + 1:  # a blank row inside the table is no row not done: the rows with a key
        key = next((c for c in table if c is not col and not any(empty(r, c) for r in rows)), None)
        if key is None:
            return None
    counted = _count_where(text, schema, found, col, first, last, '""', key, f"number of rows with no {col.header}")
    done = counted or _sum_where_blank(text, schema, found, col, first, last)
    return done or (None if keep_after else read_blank(request, schema, keep_after=True))


def _spans_out(text: str, found: list) -> str:
    """``text`` with each of read_blank's spans blanked, and only them: what lies between two
    ("open tickets for Ben with no closed date") is still read, a condition never dropped."""
    for x, y, _col in found:
        joined = _JOINED_BEFORE.search(text, 0, x)  # "问题数大于0且整改完成日期为空": the 且 joins the blank on
        x = joined.start() if joined else x
        text = text[:x] + " " * (y - x) + text[y:]
    return text


_JOINED_BEFORE = re.compile(r"(?:并且|而且|且|同时|(?<![a-z])and)\s*$")


def _sum_where_blank(text: str, schema: SheetSchema, found: list, col: Column, first: int,
                     last: int) -> tuple[str, str] | None:
    """read_blank's total of an amount over the rows where ``col`` is still empty: "sum of quotes
    where the fitted date is empty", "total quoted value of the jobs that haven't been fitted
    yet", "没取的件到付合计".  The rest of the request is read by the aggregate reader as a sum of
    one number column of the same table (every word used); a blank row adds nothing to it."""
    from .intent import criterion
    from .undone import owed_each, owed_kept

    a = min(x[0] for x in found)
    b = max(x[1] for x in found)
    parsed = _parse(_spans_out(text, found), schema)
    if parsed is None and _spans_out(text, found)[a:b].strip(" ()（）,，") == "" \
            and (owed := owed_kept(text, a, b)) is not None:
        parsed = _parse(owed, schema)  # "how much am I still owed": money asked, as in "how much is owed"
    if parsed is None and (each := owed_each(text, [(x, y) for x, y, _c in found])) is not None:
        parsed = _parse(each, schema)  # "陈老师还欠多少（还款日期空着的）": each span out, 多少 the money
    bare = parsed is None and not is_zh(text)
    if bare:  # "loads not delivered yet": the amount named alone, read as its total
        parsed = _parse("total " + _spans_out(text, found), schema)
    if parsed is None and not is_zh(text) and money_column(schema) is not None \
            and has(text, lexicon("aggregates")["ops"]["sum"]):
        bare = False  # "total of the unpaid orders": the sheet's one money column added up
        parsed = _parse(_spans_out(text, found) + " money", schema)
    if parsed is None or parsed.op != "sum" or parsed.value is None:
        return None
    if (parsed.implicit or bare) and not has(parsed.value.header.lower(), lexicon("aggregates")["amount_headers"]) \
            and (is_zh(text) or not _additive(schema, parsed.value, [])
                 or has(parsed.value.header.lower(), lexicon("aggregates")["price_headers"])):
        return None  # "陈老师没还款的金额": a line amount (a quantity: "loads not delivered yet") named alone
        # is its total; a price is not
    value = parsed.value
    if value.type != "number" or value.first_row != first or value is col \
            or any(c.column == col.header for c in parsed.conditions):
        return None
    args = [f"{value.letter}{first}:{value.letter}{last}", f"{col.letter}{first}:{col.letter}{last}", '""']
    for cond in parsed.conditions:
        c = schema.column(cond.column)
        if c is None or c.first_row != first:
            return None
        args += [f"{c.letter}{first}:{c.letter}{last}", criterion(cond, c)]
    return (f"=SUMIFS({','.join(args)})", f"the total of {value.header} over the rows with no {col.header}"
            + "".join(f", {c.column} {c.op} {c.value}" for c in parsed.conditions))


def _count_where(text: str, schema: SheetSchema, found: list, col: Column, first: int, last: int,
                 want: str, key: Column | None, what: str) -> tuple[str, str] | None:
    """read_blank's count of the rows where ``col`` holds ``want`` ('""': blank), the rest of the
    request read by the aggregate reader as a count's conditions (every word used)."""
    from .intent import criterion

    lex = lexicon("aggregates")
    rest = _spans_out(text, found)
    tails = [w for w in lex["zh_count_tails"] if not any(w in c.header for c in schema.columns)]
    times = re.search("(?:" + "|".join(map(re.escape, tails)) + r")\s*[？?]?$", rest) if tails else None
    if times:  # "未签到次数", "未取件数": the rows, counted by the times (pieces) they say
        rest = rest[:times.start()] + " " * (len(rest) - times.start())
    elif not has(text, lex["ops"]["count"]) and not counted_rows(text, schema):
        return None
    parsed = _parse(rest, schema, force_op="count")
    if parsed is None and not leftover(rest, schema, lex, [], mentions(rest, schema)):
        parsed = _Parsed("count", None, [], False)  # "how many bikes ...": the rows, by what one row is
    if parsed is None or parsed.op not in ("count", "counta"):
        return None
    if any(c.column == col.header for c in parsed.conditions):
        return None
    rng = f"{col.letter}{first}:{col.letter}{last}"
    if want != '""':
        if not parsed.conditions:
            return f"=COUNTIF({rng},{want})", what
    elif not parsed.conditions:
        if key is None:
            return (f"=COUNTBLANK({rng})", f"number of rows with no {col.header}")
        # a blank row inside the table: the rows with a key, less those with the column filled
        return (f"=COUNTA({key.letter}{first}:{key.letter}{last})-COUNTA({rng})",
                f"number of rows with a {key.header} and no {col.header}")
    if key is not None and any(c.op == "<>" for c in parsed.conditions):
        return None  # a blank row is "not X" too
    args = [rng, want]
    for cond in parsed.conditions:
        c = schema.column(cond.column)
        if c is None or c.first_row != first:
            return None
        args += [f"{c.letter}{first}:{c.letter}{last}", criterion(cond, c)]
    return (f"=COUNTIFS({','.join(args)})",
            f"{what} where "
            + ", ".join(f"{c.column} {c.op} {c.value}" for c in parsed.conditions))


def read_derived(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """A total of a quantity the sheet holds as two columns, or None.

    "total profit over all weeks", "全年结余", "华东的利润" are sales (or
    income) minus cost (or spending), each summed with the same conditions;
    "what is the stock worth", "库存总金额" on a sheet without an amount column are
    the sum of quantity × unit price.  The columns come from the synonym groups
    of ``lexicon/columns.json``; a sheet where a group names no column, or two,
    gets no answer.
    """
    from .intent import compile_intent

    lex = lexicon("aggregates")
    low = request.lower()
    kinds = [k for k in ("difference", "product") if has(low, lex["derived"][k])]
    if len(kinds) != 1:
        return None
    got = _parse(request, schema, derived=True)
    if got is None or got.value is not None or got.op not in ("sum", "average"):
        return None
    pair = (group_of(schema, "sales"), group_of(schema, "cost")) if kinds[0] == "difference" else (
        group_of(schema, "qty"), group_of(schema, "price"))
    if any(c not in pair for c in got.named):
        return None  # "profit per unit price": another column in play
    if kinds[0] == "difference":
        plus, minus = pair
        if plus is None or minus is None or "number" != plus.type or "number" != minus.type:
            return None
        conds = tuple(got.conditions)
        a = compile_intent(Intent(got.op, plus.header, conds), schema)
        b = compile_intent(Intent(got.op, minus.header, conds), schema)
        what = "average" if got.op == "average" else "total"
        return (f"={a[1:]}-{b[1:]}", f"{what} {plus.header} minus {what} {minus.header}"
                + (" where " + ", ".join(f"{c.column} {c.op} {c.value}" for c in conds) if conds else ""))
    qty, price = group_of(schema, "qty"), group_of(schema, "price")
    if (group_of(schema, "sales") is not None or qty is None or price is None
            or got.op != "sum" or qty.type != "number" or price.type != "number"
            or (qty.first_row, qty.last_row) != (price.first_row, price.last_row)):
        return None
    if not got.conditions:
        return (f"=SUMPRODUCT({qty.range},{price.range})",
                f"the sum of {qty.header} × {price.header} over the rows")
    # "广东一共卖了多少钱": the rows of one value (text equality only), each quantity × its price
    tests = []
    for c in got.conditions:
        col = schema.column(c.column)
        if (c.op != "=" or not isinstance(c.value, str) or col is None or col.type not in ("text", "mixed")
                or (col.first_row, col.last_row) != (qty.first_row, qty.last_row)):
            return None
        tests.append(f'({col.range}="{c.value}")')
    return (f"=SUMPRODUCT({'*'.join(tests)}*{qty.range}*{price.range})",
            f"the sum of {qty.header} × {price.header} where "
            + ", ".join(f"{c.column} = {c.value}" for c in got.conditions))


def _parse(request: str, schema: SheetSchema, derived: bool = False, alternatives: bool = False,
           force_op: str | None = None) -> _Parsed | None:
    from .checks import is_identifier
    from .rowlabels import _term
    from .rows import _scores

    request = _days_counted(request, schema)
    # currency signs are not words: "$5,000", "¥200"
    text = _daily(_full_years(re.sub(r"[$¥￥€£](?=\s*\d)", " ", request.lower().strip()), schema), schema)
    lex = lexicon("aggregates")
    if has(_relative_who(text), lex["not_aggregate"]):
        return None  # "who ...", "which ...": a lookup, not these rules'
    if not force_op and any(not (w.startswith("%") and text[a - 1:a].isdigit())  # "10% of sales": a part
                            for w in lex["share_words"] if w not in lex["share_words_not_alone"]
                            for a, _b in _spans(text, w)):
        return None  # "what % of all tips went to Priya": a share of the total (read_share), not the part
    found_op = (force_op, []) if force_op else _op(text, lex) or _zh_total(text, schema, lex)
    if found_op is not None and found_op[0] == "sum" and not force_op:
        noun = counted_rows(text, schema)
        if noun is not None:  # "何教练带了多少学员", "还有几个工单": the rows counted, not a sum
            found_op = ("count", [noun])
    elif (found_op is None or found_op[0] == "count") and not force_op and is_zh(text):
        # "阿敏有几场", "阿敏负责了几场": the measure word after 几 / 多少 is the count's
        noun = counted_rows(text, schema)
        at = text.find(noun) if noun is not None else -1
        if noun is not None and (found_op is None or any(
                a < at + len(noun) and at < b for w in found_op[1] for a, b in _spans(text, w))):
            found_op = ("count", [*(found_op[1] if found_op else []), noun])
    noun = None if force_op else _row_count_noun(text, schema)
    if noun is not None and (found_op is None or found_op[0] == "count" and all(w in noun for w in found_op[1])):
        found_op = ("count", [noun])  # "11月的处方数", "11月出厂的工单数": the rows, counted by what one row is
    tail = None if force_op else _value_count_tail(text, schema, lex)
    if tail is not None and (found_op is None or found_op[0] == "count"):
        found_op = ("count", [*(found_op[1] if found_op else []), tail])  # "统计年卡数量": 年卡 rows counted
    implicit = found_op is None
    op, op_words = found_op or ("sum", [])
    taken: list[tuple[int, int]] = []
    for w in op_words:
        for m in re.finditer(re.escape(w), text):
            taken.append(m.span())
    taken += sheet_noun_spans(text, schema)  # "call-outs in dec" on a sheet of Callouts: the rows
    extra = tuple(lex["derived"]["difference"] + lex["derived"]["product"]) if derived else ()
    if not derived and _ungrounded_derived(text, schema, lex):
        return None  # "库存总金额" on a sheet without an amount: quantity × price, not a sum of one column
    for w in extra:
        for m in re.finditer(re.escape(w), text):
            taken.append(m.span())
    conds: list[Condition] = []
    month = _month(text, schema, taken)
    if month is not None:
        conds += month[0]
        taken.append(month[1])
        taken += _date_said(text, _date_column(text, schema))
    year = _year(text, schema, lex, taken)
    if year is not None:
        conds += year[0]
        taken.append(year[1])
        ycol = next((c for c in schema.columns if c.header == year[0][0].column), None)
        if ycol is not None and ycol.type == "date":
            taken += _date_said(text, ycol)  # "2025年签了几份合同" beside 签订日期: 签 is its verb
    flag = _flag(text, schema, taken)
    if flag is not None:
        conds.append(flag[0])
        taken.append(flag[1])
    vals = _values(text, schema, lex, taken, alternatives)
    if vals is None:
        return None
    conds += vals.conditions
    taken += vals.spans
    # numeric comparisons: "more than 70,000", "超过1000", "(60 or above)", "exceed 500"
    nums = [n for n in header_numbers(text, schema) if not any(a <= n[2] < b for a, b in taken)]
    plain_ms = [c for _p, c in mentions(text, schema)]
    ms = header_words(text, schema, mentions(text, schema))
    for _v, _unit, pos in nums:
        cols_before = [(p, c) for p, c in ms if p <= pos and c.type == "number"]
        start = cols_before[-1][0] if cols_before else 0
        end = pos + len(re.match(r"[\d.,]+\s*(?:%|万)?", text[pos:]).group(0))
        seg = text[start:end + 12]
        t = _term(seg, schema, lexicon("labels"))
        m = re.fullmatch(r"([A-Z]+)\{r\}(>=|<=|<>|>|<|=)(-?[\d.]+)", t[0]) if t is not None else None
        if m is None and not cols_before:  # "how many expenses exceed 500": the implied column
            m = _bare_comparison(text, pos, end, schema, lex)
            start = m.start_at if m is not None else start
        elif m is None and cols_before[-1][1] not in plain_ms:  # 月租4000以上: a header's own word
            m = _bare_comparison(text, pos, end, schema, lex, cols_before[-1][1])
            start = min(start, m.start_at) if m is not None else start
        if not m:
            return None
        col = schema.column(m.group(1))
        num = float(m.group(3))
        conds.append(Condition(col.header, m.group(2), int(num) if num.is_integer() else num))
        tail = re.match(r"\s*(?:(?:[a-z]{1,3}|[\u4e00-\u9fff]{1,2}?)\s*)?"  # 1500公斤以上, 40 t or more
                        r"(?:or more|or above|and above|or higher|or less|or below|及以上|以上|或以上|及以下|以下|或以下)|\s*",
                        text[end:])
        if pos - start > 24:
            return None  # the column is far from its number: not one comparison
        taken.append((start, end + tail.end()))
    # pass / fail / out of stock
    scores = _scores(schema, None)
    for words, cmp in ((lex["fail"], "<"), (lex["pass"], ">=")):
        hit = next((w for w in words if has(text, [w])), None)
        if hit is None:
            continue
        p = text.find(hit)
        if any(a <= p < b for a, b in taken):
            continue
        named = [c for _, c in ms if c.type == "number"]
        if not scores or len(named) != 1 or named[0] not in scores:
            return None
        conds.append(Condition(named[0].header, cmp, 60))  # 百分制 pass mark
        taken.append((p, p + len(hit)))
        break
    # "有退款的记录", "带家属的人", "给了小费的单": rows where the named amount is not zero
    for m in _ZH_HAD.finditer(text):
        col = next((c for p, c in ms if p == m.start(1) and c.type == "number"), None)
        if col is None or any(a < m.end() and m.start() < b for a, b in taken):
            continue
        if _named_parts(text, [(m.start(1), col)]) != [m.group(1)]:
            continue
        conds.append(Condition(col.header, ">", 0))
        taken.append(m.span())
    zero = next((w for w in lex["zero"] if has(text, [w])), None)
    if zero is not None:
        q = group_of(schema, "qty")
        if q is None:
            return None
        conds.append(Condition(q.header, "=", 0))
        p = text.find(zero)
        taken.append((p, p + len(zero)))
    cond_cols = {c.column for c in conds}
    # "by region", "每个部门": one result per value; "每笔" / "per unit" are one row, not a grouping
    for m in re.finditer(r"(?<![a-z])(?:by|per|for each|each|every|across)\s+(?:the\s+)?"
                         r"|按照?|每(?![笔单次条位])个?|各个?|分别", text):
        after = [c for p, c in ms if m.end() <= p <= m.end() + 2][:1]  # the column grouped by
        if any(c.header not in cond_cols and not _unique(schema, c) for c in after):
            return None  # "count events by type": one result per type ("平均每月" on a sheet of months is per row)
    if op in ("max", "min") and _text_named(text, ms, cond_cols, taken, lex):
        return None  # "category of the largest expense": the row's category, a lookup
    numeric = []
    inside_op = [sp for w in op_words if is_zh(w) for sp in _spans(text, w)]
    for p, c in ms:
        if any(a <= p < b for a, b in taken) and not any(a <= p < b for a, b in inside_op):
            continue
        if c.type != "number" or c in numeric:
            continue
        if c.header in cond_cols and op == "count":
            continue
        numeric.append(c)  # a condition's column named again is the value: "销售额超过1万的订单合计金额"
    if not numeric and op != "count":
        numeric = [c for c in _renamed(text, schema, cond_cols, taken)]
    if len(numeric) == 1 and is_zh(text) and re.fullmatch(r"(?:19|20)\d\d", _bare(numeric[0].header)):
        unit = unit_column(text, schema)  # "2025年接了多少单" beside 2025 and 2025年单数: the orders' column
        if unit is not None and not unit[2] and _bare(unit[0].header).startswith(_bare(numeric[0].header) + "年"):
            numeric = [unit[0]]
            taken.append(unit[1])
            op = "sum" if op == "count" else op
    value: Column | None = None
    if implicit and not numeric and is_zh(text):
        unit = unit_column(text, schema)  # "玫瑰卖了几束": 几 and the unit of 数量（束）, a total of it
        if unit is not None and not unit[2]:
            numeric = [unit[0]]
            taken.append(unit[1])
    # "jobs booked in nov?", "call-outs in Dec 26?": no operation word, no amount, the rows named
    # by what they are and a period of their date: how many rows that period holds
    rows_counted = (implicit and not numeric and not derived and month is not None and not is_zh(text)
                    and _rows_named(text, schema, lex)
                    and not has(text, [w for g in ("sales", "cost", "qty") for w in _group(g)])  # "expenses in April": money
                    and not re.search(r"(?<![a-z])(?:what|which|list|show|who|whose|where)(?![a-z])", text))
    # ("what jobs came in during oct", "list the jobs in oct": the rows themselves, not how many)
    if rows_counted:
        op = "count"
    if implicit and not rows_counted:
        # no operation word: a total of the named amount under the named conditions
        # the amount must be named (a header or an amount word), not implied by a verb:
        # "华润的订单", "what did Globex order" ask for rows or a lookup, not a total
        words = [w for g in ("sales", "cost", "qty") for w in _group(g)]
        if (not conds and not derived) or len(numeric) > 1 or (
                not numeric and not has(text, words) and not derived):
            return None
        if not derived and re.search(r"(?<![a-z])(?:what|which)\s+(?:did|does|do)(?![a-z])", text):
            return None  # "what did Globex order in Austin": the thing ordered
        if _text_named(text, ms, cond_cols, taken, lex):
            return None  # "Patel's department": a lookup of a text field
    heads = [c for c in schema.columns if c.type == "number" and _bare(c.header) in lex["people_count_headers"]]
    heads = heads[0] if len(heads) == 1 else None
    if op == "count" and not numeric and heads is not None and not re.search(r"(?:多少|几)(?:条|行)", text) \
            and has(text, lex["people_nouns"] + [
            w for w, to in lexicon("columns")["en_synonyms"].items() if _bare(heads.header).lower() in to]):
        op, numeric = "sum", [heads]  # "how many people are coming" on a bookings sheet: the guests
        # (never "几条": the records; 人 may be a value's character, 人民广场店)
    pieces = counts_pieces(request, schema) if op == "count" else None
    if pieces is not None and not numeric:
        op, numeric = "sum", [pieces]  # "how many hammers do we have": the quantity held
    if op == "count" and not numeric and is_zh(text):
        unit = unit_column(text, schema)  # "玫瑰卖了几束": the bunches of 数量（束） added, not rows
        if unit is not None and (not re.search(r"(?:多少|几)(?:" + "|".join(lex["row_measures"]) + ")", text)
                                 or _counts_the_unit(text, unit[0], unit[1])):
            # (and "接了多少单" beside a 单数 column: the orders it counts, not the rows)
            op, numeric = "sum", [unit[0]]
            taken.append(unit[1])
            taken += _verb_of_the_unit(text, _bare(unit[0].header), unit[1])  # 洗 of 洗车次数
            conds += [c for c in unit[2] if c not in conds]
            cond_cols |= {c.column for c in unit[2]}
    counted: Column | None = None
    if op == "count" and len(numeric) == 1 and numeric[0].type == "number" and is_identifier(numeric[0]):
        # "how many loans" on a sheet numbering its loans (Loan #): the loan numbers counted, never added
        counted, numeric = numeric[0], []
    if op == "count" and len(numeric) == 1 and not is_identifier(numeric[0]):
        # "有几个人请过病假", "加过班的几个人": rows where the one amount named is above zero (the
        # verb 过 says it happened at all); never 超过 / 不过, nor 过 before a number (过两千)
        ever = [m for m in re.finditer(r"(?<![超不经])过(?![\d两一二三四五六七八九十百千万])", text)
                if not any(a <= m.start() < b for a, b in taken)]
        if len(ever) == 1 and not has(text, lex["count_of_values"]):
            conds.append(Condition(numeric[0].header, ">", 0))
            cond_cols.add(numeric[0].header)
            taken.append((ever[0].start() - 1, ever[0].end()))  # 请过, 加过
            numeric = []
    if op == "count":
        if numeric and has(text, lex["count_of_values"]):
            op, value = "sum", numeric[0] if len(numeric) == 1 else None  # "number of gold medals"
            if value is None or not _head_named(text, value):
                return None  # "how many ... on the trip" names Trip Cost by its modifier: no count of it
        elif numeric and has(text, lex["row_words"]):
            numeric = []  # "count the rows of sales": the rows
        elif numeric:
            return None
        elif not conds and not derived:
            qty = group_of(schema, "qty")
            unit = re.search(r"(?:how many|number of)\s+(items|units|pieces|things)\b|多少(?:件|台)", text)
            if qty is not None and qty.type == "number" and unit:
                # "how many items do we have in total": the quantity held, when the sheet keeps one
                if not has(text, lookups_totals()):
                    return None  # "how many items are there": rows or pieces? not guessed
                op, value = "sum", qty
    elif derived:
        pass  # the two columns of the quantity; read_derived checks the named ones are those
    else:
        if len(numeric) > 1:
            return None
        unit = None if numeric else unit_column(text, schema)
        if unit is not None and not unit[2]:  # "卖了多少杯" beside 杯数 and 营业额: the cups, not the money
            numeric = [unit[0]]
            taken.append(unit[1])
        value = numeric[0] if numeric else _implied(text, schema, lex)
        if (not numeric and value is not None and not _implied(text, schema, lex, fallback=False)
                and _text_named(text, ms, cond_cols, taken, lex)):
            return None  # "把物料编码加起来": the text column named, not the sheet's one number
        if value is None and _per_unit(text, lex):
            value = group_of(schema, "price")  # "how much is one drill": its unit price
        if value is None and not numeric and has(text, lex["money_asked"]) and not any(
                c.group and c.group.lower() in text for c in schema.columns):
            # "how much came in as cash": the sheet's one money column (not when the request names
            # a merged header's group, "押金一共收了多少", which that column may not be under)
            value = money_column(schema)
        if not numeric and value is not None and has(text, lex["money_asked"]) and value is money_column(schema):
            numeric = [value]  # named by the money asked for ("what fraction of the money": of the amounts)
            # the words that asked for it are used up: "takings", "要付", "交了多少钱"
            taken += [sp for w in lex["money_asked"] for sp in _spans(text, w)]
        if value is None and not numeric:
            unit = unit_column(text, schema)  # "螺纹钢一共进了多少吨": the column counted in tonnes
            if unit is not None:
                value = unit[0]
                taken.append(unit[1])
                conds += unit[2]  # 单位 = 吨: rows counted in other units are not added in
        elif value is not None and is_zh(text):
            unit = unit_column(text, schema)  # "多少节" beside 课时数, "多少束" beside 数量（束）
            if unit is not None and unit[0].header == value.header and not unit[2]:
                taken.append(unit[1])  # the unit the column read is counted in: no word unread
        if value is None:
            return None
        value = _priced(text, schema, lex, value, op, conds)
        if value is None:
            return None
        if (not numeric and op == "sum" and not implicit and has(text, lex["people_nouns"])
                and not has(text, list(lex["implied_column"]))):
            op, value = "count", None  # "一共有多少员工": people counted, not the one numeric column summed
    if op == "median" and conds:
        return None  # MEDIAN(IF(...)) needs an array formula in Excel 2016: not written
    if implicit and value is not None and not _additive(schema, value, conds) \
            and not has(text, lex["money_totals"]):
        # ("tom's takings": what came in, the fees of his rows added up)
        return None  # "电子产品的单价": prices of several rows are not added up
    if op == "count" and value is None and counted is None and _counts_a_measure(text, schema, cond_cols):
        # "how many sourdoughs did we sell": pieces of a number column (Sourdough Sold, not Baked),
        # added up, when one column is that measure; otherwise not guessed
        # ("how many croissants do we sell" asks how many a day, or in all? not guessed)
        value = None if re.search(r"(?<![a-z])(?:do|does)(?![a-z])", text) else _measure_counted(text, schema, cond_cols)
        if value is None:
            return None
        op, numeric = "sum", [value]
    if _residue(text, schema, lex, taken, ms, extra, bool(conds)):
        return None
    if op == "count" and not conds:
        if derived or _repeated_named(text, schema, ms, taken, lex):
            return None  # "有多少个部门": the departments, not the rows (read_distinct)
        if _text_named(text, ms, set(), taken, lex):
            return None  # "the total number of buildings that are monuments": a condition not read
        if any(c.type == "date" and not any(a <= p < b for a, b in taken) for p, c in ms):
            return None  # "how many kids have an exam booked on their exam date": those dates, not all rows
        if counted is not None:
            return _Parsed("count", counted, [], implicit)
        first = next((c for c in schema.columns if c.type in ("text", "mixed")), None)
        if first is None:
            return None
        return _Parsed("counta", first, [], implicit)
    return _Parsed(op, value, conds, implicit, numeric)


def _rows_named(text: str, schema: SheetSchema, lex: dict) -> bool:
    """Whether ``text`` names the sheet's rows in the plural: by the sheet's name (Callouts) or a
    noun of what one row of a log records (jobs, sessions; lexicon event_nouns), or of the event
    its date column records (check-ins, arrivals).  A noun in the singular ("the job on 26 nov")
    asks for one row's field, not a count."""
    dates = [c for c in schema.columns if c.type == "date"]
    return bool(sheet_noun_spans(text, schema)) or any(
        w.endswith("s") and _spans(text, w) for w in lex["event_nouns"]) or any(
        text[a:b].endswith("s") for _c, spans in _date_events(text, dates)
        for a, b in spans)


def _date_said(text: str, dcol: Column) -> list[tuple[int, int]]:
    """Where ``text`` names the date column its period is of without its header: by its stem
    ("5月份报名的" beside 报名日期), by its verb ("11月开了多少张处方" beside 开方日期), or by the
    event it records ("arriving in aug")."""
    spans: list[tuple[int, int]] = []
    stem = _date_stem(dcol.header)
    if stem and is_zh(stem) and _bare(dcol.header) not in text:
        spans += _spans(text, stem) or _date_verb(text, dcol)
    return spans + [sp for _c, found in _date_events(text, [dcol]) for sp in found]


def _has_year(schema: SheetSchema, year: str) -> bool:
    """Whether the sheet keeps ``year`` (a column headed 2025 / 2025年, or a date in 2025)."""
    heads = {_bare(c.header) for c in schema.columns}
    return year in heads or year + "年" in heads or any(
        isinstance(v, (dt.date, dt.datetime)) and v.year == int(year)
        for (r, _c), v in schema.cells.items() if r > schema.header_row)


def _relative_years(text: str, schema: SheetSchema) -> str:
    """"去年", "今年", "前年" written out as the year they are now (lexicon zh_relative_years)
    where the sheet keeps that year: "去年人像业务占比" on a sheet of 2021 … 2025 columns is
    2025's.  A year the sheet does not keep stays as said (the reader refuses), one that is
    compared against ("比去年", "今年跟去年比") is left to the change readers, and one the request
    pins in brackets ("去年（2025）") to the readers of that."""
    said = lexicon("aggregates")["zh_relative_years"]
    now = today().year

    def full(m: re.Match) -> str:
        year = str(now + said[m.group(0)])
        before, after = text[:m.start()], text[m.end():]
        if re.search(r"(?:比|较|跟|同|与|和|相比|对比)$", before) or \
                re.match(r"(?:同期|相比|对比|比|较|跟|和|与)", after):
            return m.group(0)  # 跟去年比, 今年跟去年比: two years compared
        if re.match(r"\s*[（(]\s*\d", after):
            return m.group(0)  # 去年（2025）: the request pins the year itself
        return year + "年" if _has_year(schema, year) else m.group(0)
    return re.sub("|".join(sorted(said, key=len, reverse=True)), full, text)


def _full_years(text: str, schema: SheetSchema) -> str:
    """"25年" written out as "2025年" where the sheet has a column headed 2025 or dates in 2025
    (a year said by its last two digits, 25年出栏, 25年新住进来的), and a year said relative to
    now (去年) likewise."""
    def full(m: re.Match) -> str:
        year = "20" + m.group(1)
        return year + "年" if _has_year(schema, year) else m.group(0)
    return re.sub(r"(?<![\d.])(\d{2})年(?!\d|级|代)", full, _relative_years(text, schema))


def _daily(text: str, schema: SheetSchema) -> str:
    """"日均早餐人次", "五角场店平均每天客流" with the per-day words written as 平均, on a sheet of one
    row per day (:func:`_a_day_a_row`): the average of the rows."""
    words = lexicon("aggregates")["zh_daily_average"]
    if not is_zh(text) or not has(text, words) or not _a_day_a_row(text, schema):
        return text
    for w in sorted(words, key=len, reverse=True):
        text = text.replace(w, "平均")
    return text


def _days_counted(request: str, schema: SheetSchema) -> str:
    """"徐家汇店客流超过800的有几天", "…的天数" with the days written as 几条 on a sheet of one row per
    day (:func:`_a_day_a_row`) where no header counts days itself: a count of the rows."""
    lex = lexicon("aggregates")
    not_counted = lex["zh_days_not_counted"]
    said = re.compile(f"(?<![{not_counted}])(?<![{not_counted}]有)(?:"
                      + "|".join(map(re.escape, sorted(lex["zh_days_counted"], key=len, reverse=True))) + ")")
    if not said.search(request) or not is_zh(request) or any("天" in c.header for c in schema.columns) \
            or not _a_day_a_row(request, schema):
        return request
    return said.sub("几条", request)


def _a_day_a_row(text: str, schema: SheetSchema) -> bool:
    """Whether the sheet keeps one row per day: a date column headed 日期 / Date whose dates do not
    repeat among all rows, or among the rows of each value of a text column ``text`` names."""
    lex = lexicon("aggregates")
    for col in schema.columns:
        if col.type != "date" or _bare(col.header).lower().strip() not in lex["row_date_headers"]:
            continue
        days = values(schema, col)
        keys = [str(v) for v in days if v is not None]
        ok = len(keys) >= 2 and len(set(keys)) == len(keys)
        for other in schema.columns:
            if ok:
                break
            if other.type not in ("text", "mixed") or (other.first_row, other.last_row) != (col.first_row, col.last_row):
                continue
            said = [v for v in other.distinct if isinstance(v, str) and is_zh(v) and _value_said(v.strip(), text, lex)]
            pairs = [(str(d), str(v)) for d, v in zip(days, values(schema, other), strict=True) if d is not None]
            ok = bool(said) and len(set(pairs)) == len(pairs)
        if ok:
            return True
    return False


def _value_said(value: str, text: str, lex: dict) -> bool:
    """Whether ``text`` names ``value`` whole or less a suffix of kind (五角场 for 五角场店)."""
    forms = [value] + [value[:-len(s)] for s in lex["value_suffixes"] if value.endswith(s) and len(value) - len(s) >= 2]
    return any(f in text for f in forms)


def _head_named(text: str, col: Column) -> bool:
    """Whether the request names ``col`` by the last word of its header (its head noun: Gold of
    "Gold", Cost of "Trip Cost") or a synonym of it, not by a modifier only."""
    words = re.findall(r"[a-z]+", _bare(col.header).lower())
    if not words:
        return True  # a Chinese header: not judged here
    head = words[-1]
    said = re.findall(r"[a-z]+", text)
    if any(stem_match(w, head) or head in _en_synonyms(w) for w in said):
        return True
    # named by a synonym ("units" for Qty, "kilos" for Kg): fine; by a modifier alone: not
    return not any(stem_match(w, m) for w in said for m in words[:-1] if len(m) >= 3)


def _en_synonyms(word: str) -> list[str]:
    """The header words another English word names ("covers" for Guests: lexicon/columns.json
    en_synonyms)."""
    return lexicon("columns")["en_synonyms"].get(word, [])


def _counts_a_measure(text: str, schema: SheetSchema, cond_cols: set[str]) -> bool:
    """Whether "how many X" / "number of X" / 多少X counts what a number column measures
    ("how many croissants" on Croissants Baked | Croissants Sold, "how many hours",
    多少公斤): X is a word of a number column's header, so rows are not what is counted."""
    from .checks import is_identifier

    text = _blank(text, sheet_noun_spans(text, schema))  # "how many call-outs": rows, no Call-out fee
    # (a column the conditions test counts rows: "how many sales were over 5000", "how many failed math")
    nums = [c for c in schema.columns if c.type == "number" and not is_identifier(c) and c.header not in cond_cols]
    for m in re.finditer(r"(?<![a-z])(?:how many|number of)\s+([a-z]{3,})(?:\s+([a-z]{3,}))?", text):
        for word in filter(None, m.groups()):
            stem = word[:-1] if word.endswith("s") and len(word) > 3 else word
            if any(any(w == word or w.rstrip("s") == stem or w in _en_synonyms(word)
                       for w in re.findall(r"[a-z]+", c.header.lower())) for c in nums):
                return True
    return False


def _measure_counted(text: str, schema: SheetSchema, cond_cols: set[str]) -> Column | None:
    """The one number column "how many X" counts pieces of (see ``_counts_a_measure``): the
    column whose header holds X; of several ("Sourdough Baked", "Sourdough Sold"), the one
    whose other header word the request says too, in any form ("sell" for Sold:
    ``header_word_forms``).  None when no one column is meant ("how many goals" of Goals For and
    Goals Against)."""
    from .checks import is_identifier

    text = _blank(text, sheet_noun_spans(text, schema))  # "how many call-outs": rows, no Call-out fee
    forms = lexicon("aggregates")["header_word_forms"]
    words = re.findall(r"[a-z]+", text)
    nums = [c for c in schema.columns if c.type == "number" and not is_identifier(c) and c.header not in cond_cols]
    found: list[Column] = []
    for m in re.finditer(r"(?<![a-z])(?:how many|number of)\s+([a-z]{3,})(?:\s+([a-z]{3,}))?", text):
        for word in filter(None, m.groups()):
            stem = word[:-1] if word.endswith("s") and len(word) > 3 else word
            found += [c for c in nums if c not in found and any(
                w == word or w.rstrip("s") == stem or w in _en_synonyms(word)
                for w in re.findall(r"[a-z]+", c.header.lower()))]
    if len(found) > 1:
        def said(col: Column) -> bool:
            return any(any(stem_match(w, h) or w in forms.get(h, []) for w in words)
                       for h in re.findall(r"[a-z]+", col.header.lower())
                       if not any(stem_match(h, x) for x in re.findall(r"(?:how many|number of)\s+([a-z]+)", text)))
        found = [c for c in found if said(c)]
    return found[0] if len(found) == 1 else None


def row_things(schema: SheetSchema) -> list[str]:
    """Words naming what one row of the sheet is: the people nouns and row nouns of
    ``lexicon/aggregates.json``, the sheet's name (学员, 报修登记 → 报修), the thing an identifier
    column numbers (学员编号 → 学员, 工单号 → 工单, Appt No → appt) and a text column of
    unique values (网点, Site): counting them counts rows."""
    from .checks import is_identifier

    lex = lexicon("aggregates")
    out = [w for w in lex["people_nouns"] + lex["row_nouns"] + lex["row_things"]]
    sheet = schema.sheet.strip().lower()
    if is_zh(sheet):
        out += [sheet[:n] for n in (2, 3, 4) if len(sheet) >= n]
    elif re.fullmatch(r"[a-z ]{3,}", sheet):
        out.append(sheet)
    for c in schema.columns:
        head = _bare(c.header).lower()
        if is_identifier(c):
            m = re.match(r"([\u4e00-\u9fff]{2,}?)(?:编号|编码|号码|单号|号|序号|id|代码)$", head) \
                or re.match(r"([a-z]{3,})\s*(?:no\.?|#|id|number|code|ref)$", head)
            if m:
                out.append(m.group(1))
                if is_zh(m.group(1)) and head.endswith("单号"):
                    out.append(m.group(1) + "单")  # 工单号 numbers 工单
        elif c.type in ("text", "mixed") and _unique(schema, c):
            out.append(head)
        one = re.fullmatch(r"([\u4e00-\u9fff])(?:编号|号)", head)
        if one and c.type in ("text", "mixed") and _unique(schema, c):
            out.append(one.group(1))  # 桩号 numbers the 桩 (快充桩, 孙工负责的桩), 房号 the 房
        out += _label_kind(schema, c)
    if _one_row_a_day(schema):
        out.append("天")  # a sheet of one row a day: 雪天, 圆圆上了几天班
    # a column of 是 / yes marks headed by a row word (会员: 是 / 否) says which rows are members:
    # "普通区会员上机了几次" is the 普通区 rows marked 是, not every 普通区 row
    marked = {_bare(c.header).lower() for c in mark_columns(schema)}
    return [w for w in dict.fromkeys(out) if w and w not in marked]


def _label_kind(schema: SheetSchema, col: Column) -> list[str]:
    """The character most labels (seven in ten) of a text column of unique Chinese labels end
    with, which says what a row is: 游 of 云南六日游, 三亚五日游 (出境游, 周边游: the 出境 and
    周边 rows)."""
    if col.type != "text" or not _unique(schema, col):
        return []
    labels = [str(v).strip() for v in values(schema, col)]
    if len(labels) < 3 or not all(re.fullmatch(r"[\u4e00-\u9fff]{3,}", v) for v in labels):
        return []
    last = [v[-1] for v in labels]
    top = max(set(last), key=last.count)
    return [top] if last.count(top) >= 0.7 * len(last) else []  # (研学营 among the 日游 lines)


def _one_row_a_day(schema: SheetSchema) -> bool:
    """Whether each row of the sheet is one day: a date column filled on every row, each date
    once, and no number column counting days (天数) that "几天" could mean."""
    if any(c.type == "number" and "天" in c.header for c in schema.columns):
        return False
    for c in schema.columns:
        if c.type != "date":
            continue
        days = [d for d in values(schema, c) if d is not None]  # (a blank row between weeks)
        if len(days) >= 5 and len(set(days)) == len(days) and len(days) >= 0.9 * (c.last_row - c.first_row + 1):
            return True
    return False


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the characters of ``spans`` turned to spaces (positions kept)."""
    for a, b in spans:
        text = text[:a] + " " * (b - a) + text[b:]
    return text


def sheet_noun_spans(text: str, schema: SheetSchema) -> list[tuple[int, int]]:
    """Where ``text`` writes the name of an English sheet that names its rows (Callouts,
    Bookings), in any spelling of it ("call-outs", "call outs"): those words name the rows,
    not a column one of whose header words they share ("call-outs in dec" on a sheet of
    Callouts with a Call-out fee column is no total of the fees).  A header that is the
    sheet's name itself is still named by it."""
    sheet = re.sub(r"[^a-z]", "", schema.sheet.lower())
    if len(sheet) < 5 or not sheet.endswith("s") or not schema.sheet.isascii() or any(
            sheet == re.sub(r"[^a-z]", "", c.header.lower())
            or sheet in re.findall(r"[a-z]+", re.sub(r"(?<=[a-z])-(?=[a-z])", "", c.header.lower()))
            for c in schema.columns):
        return []  # a sheet of Sales with a Net sales column: "sales" may name either
    out = []
    for m in re.finditer(r"(?<![a-z])[a-z]+", text):
        two = re.match(r"[- ][a-z]+(?![a-z])", text[m.end():])
        for end in (m.end(), m.end() + two.end() if two else None):
            if end is not None and re.sub(r"[^a-z]", "", text[m.start():end]) == sheet:
                out.append((m.start(), end))
    return out


def _row_count_noun(text: str, schema: SheetSchema) -> str | None:
    """The words "处方数", "工单数量" closing a Chinese request: what one row is (row_things, two
    characters or more) and 数 / 数量, no header holding them (a 人数 column is a measure)."""
    if not is_zh(text):
        return None
    nouns = sorted((w for w in row_things(schema) if is_zh(w) and (len(w) >= 2 or w == "天")),
                   key=len, reverse=True)  # (天 on a sheet of one row a day: 值班天数)
    if not nouns:
        return None
    m = re.search("(?:" + "|".join(map(re.escape, nouns)) + r")(?:的)?(?:总)?(?:数量|个数|数)\s*[？?]?$", text)
    if m is None or any(m.group(0).rstrip("？? ") in c.header or c.header in m.group(0) for c in schema.columns
                        if c.type == "number"):
        return None
    return m.group(0)


def _value_count_tail(text: str, schema: SheetSchema, lex: dict) -> str | None:
    """"统计年卡数量", "草坪婚礼的个数": a word for "how many" (lexicon zh_count_tails) closing a
    Chinese request right after a value of the sheet: the rows of that value, counted.  None
    where a header holds the word or a column is the sheet's quantity (数量 is then its sum).

    Between the value and the word may stand the event a date column records ("电竞区上机次数"
    beside 上机时间, "中通入库件数" beside 入库日期: each row is one such event); and in place of
    a value the header of a column of 是 / yes marks ("会员票数" beside 会员: its 是 rows)."""
    if not is_zh(text):
        return None
    events = [st for c in schema.columns if (st := _date_stem(c.header))]
    for word in lex["zh_count_tails"]:
        m = re.search(rf"(?:的)?{re.escape(word)}\s*[？?]?$", text)
        if m is None or any(word in c.header for c in schema.columns) or (
                word in lex["zh_count_tails_pieces"] and group_of(schema, "qty") is not None):
            continue
        before = text[:m.start()]
        for st in events:
            if before.endswith(st) and len(before) > len(st):
                before = before[:-len(st)].removesuffix("的")  # "电竞区上机次数": 电竞区's 上机 events
                break
        if any(isinstance(v, str) and len(v.strip()) >= 2 and before.endswith(v.strip().lower())
               for c in schema.columns if c.type in ("text", "mixed") for v in _all_texts(schema, c)):
            return word
        if any(len(_bare(c.header)) >= 2 and before.endswith(_bare(c.header)) for c in mark_columns(schema)):
            return word  # "会员票数": the rows marked 是 in 会员
    return None


def counted_rows(text: str, schema: SheetSchema) -> str | None:
    """The words of a Chinese count of rows said with 多少 / 几 before what one row is
    ("带了多少学员", "有几个工单", "多少批"), or None.  What is counted must name the rows,
    never a numeric column or its unit ("多少公斤" is a weight, "多少人工费" a sum)."""
    lex = lexicon("aggregates")
    m = re.search(r"的(?:人|件|票|单子)?(?:一共|总共|共)?有多少[个人位名]?\s*[？?]?$", text)
    if m and not any(c.type == "number" for _p, c in mentions(text, schema)):
        return m.group(0)  # "五月报名的有多少": the rows meeting the condition, no amount named
    nouns = sorted(row_things(schema), key=len, reverse=True)
    measures = sorted(set(lex["row_measures"]) | {"张"}, key=len, reverse=True)
    named = mentions(text, schema)
    for m in re.finditer(r"(多少|几)(" + "|".join(map(re.escape, measures)) + ")?", text):
        rest = text[m.end():]
        if any(c.type == "number" and any(rest.startswith(f) for f in header_forms(c.header) if f)
               for c in schema.columns) or any(p == m.end() and c.type == "number" for p, c in named):
            continue  # "多少人工费": the amount named (or "多少工资" by the end of 基本工资)
        noun = next((w for w in nouns if is_zh(w) and rest.startswith(w)), None)
        if noun is not None:
            return text[m.start():m.end() + len(noun)]
        if m.group(2) and any(c.type == "number" and c.header.startswith(m.group(2))
                              for c in schema.columns):
            continue  # "卖了多少份" on a 份数 column: the portions, not the orders
        if m.group(2) in lex["row_measures"]:
            return m.group(0)  # "有几批", "几项": a measure word of rows
    return None


def _per_unit(text: str, lex: dict) -> bool:
    """Whether the request asks about one piece: "一个", "per keyboard", "one drill", "each"."""
    return has(text, lex["per_unit"]) or re.search(
        r"(?<![a-z])(?:per|one|each|a single)\s+(?!(?:month|year|week|day|hour|person|head|of)\b)[a-z]+",
        text) is not None


def _priced(text: str, schema: SheetSchema, lex: dict, value: Column, op: str,
            conds: list[Condition]) -> Column | None:
    """The column a money word means, between a unit price and a line amount.

    "total spend on all orders" adds the amounts, not the Unit Cost that "spend" also
    names; "气泡膜多少钱一个", "what did we pay per keyboard" ask for the unit price of the
    one row the conditions pick (None when they pick several: no answer is one price)."""
    price, amount = group_of(schema, "price"), group_of(schema, "sales")
    if price is None or price.type != "number":
        return value
    unit = _per_unit(text, lex)
    if unit and value is amount and op in ("sum", "average"):
        value = price
    elif (value is price and op == "sum" and not unit and amount is not None and amount is not price
          and amount.type == "number" and not has(text, [w for w in _group("price") if w != "cost"])):
        return amount
    if unit and value is price and op == "sum":
        rows = [r for r in range(price.first_row, price.last_row + 1)
                if all(c.op == "=" and not isinstance(c.value, tuple)
                       and schema.cells.get((r, col_index(schema.column(c.column).letter))) == c.value
                       for c in conds)]
        if not conds or len(rows) != 1:
            return None  # prices of several rows are not added up
    return value


def _spans(text: str, word: str) -> list[tuple[int, int]]:
    """Where ``word`` occurs in ``text``: an English word only whole, a Chinese one anywhere."""
    pat = re.escape(word) if is_zh(word) else rf"(?<![a-z]){re.escape(word)}(?![a-z])"
    return [m.span() for m in re.finditer(pat, text)]


def _column_words(schema: SheetSchema, col: Column) -> list[str]:
    """The header of ``col`` and the synonyms it owns."""
    return [col.header.lower()] + [w for g in lexicon("columns")["groups"]
                                   if group_owner(schema, g) is col for w in g]


def _ungrounded_derived(text: str, schema: SheetSchema, lex: dict) -> bool:
    """Whether the request names profit / worth / 金额 where no column of the sheet is meant by it.

    Worth words count only on a sheet without an amount column ("average order value" on
    a sales sheet is the amount)."""
    spans = [sp for col in schema.columns for w in _column_words(schema, col) + header_forms(col.header)
             for sp in _spans(text, w)]  # ("net" of a Net amount header: that column, no difference)
    qty, price = group_of(schema, "qty"), group_of(schema, "price")
    # "takings" on a sheet of fees without a quantity: the money column, no quantity × price
    product = group_of(schema, "sales") is None and not (
        money_column(schema) is not None and not (qty is not None and price is not None and qty is not price))
    words = lex["derived"]["difference"] + (lex["derived"]["product"] if product else [])
    # "打印复印店历年营业额（单位：元）" above the header: every number of the sheet is that 营业额
    title = "".join(v for (r, _c), v in schema.cells.items() if r < schema.header_row and isinstance(v, str))
    words = [w for w in words if not (is_zh(w) and w in title)]
    return any(not any(a < y and x < b for a, b in spans) for w in words for x, y in _spans(text, w))


def _renamed(text: str, schema: SheetSchema, cond_cols: set[str], taken) -> list[Column]:
    """A condition's numeric column named a second time, as the value: "销售额超过1万的订单合计金额"."""
    return [col for col in schema.columns
            if col.header in cond_cols and col.type == "number"
            and any(not any(a < y and x < b for a, b in taken)
                    for w in _column_words(schema, col) for x, y in _spans(text, w))]


def counts_pieces(request: str, schema: SheetSchema) -> Column | None:
    """The quantity column when "how many" counts pieces of a product, not rows.

    "how many hammers do we have", "how many laptops were sold", "鼠标卖了多少个" on a
    sheet with a quantity column ask for the quantity of the product named (a value of
    the product column); "how many laptop orders", "鼠标有几笔" count rows.
    """
    lex = lexicon("aggregates")
    text = request.lower()
    qty, product = group_of(schema, "qty"), group_of(schema, "product")
    if qty is None or qty.type != "number":
        return None
    if not re.search(r"(?<![a-z])(?:how many|number of)(?![a-z])|多少个|几个|多少件|多少台|几件|几台", text):
        return None
    if has(text, lex["row_nouns"]):
        return None
    if re.search(r"(?:how many|number of) (?:[a-z]+ )?(?:items|units|pieces)\b.*\b(?:buy|bought|sell|sold|order|"
                 r"ordered|purchase|purchased)\b|(?:买|卖|购|订)了?多少(?:件|个|台)", text):
        return qty  # "how many items did Initech buy": pieces, whoever the condition names
    vals = _values(text, schema, lex, [])
    if vals is None:
        return None
    if product is None:
        # "how many steaks did we sell" (Dish: Ribeye Steak): the value is the thing counted,
        # right after the counting words, and a verb of trade says pieces changed hands
        counted = any(re.search(r"(?:how many|number of)\s+$", text[:a]) for a, _b in vals.spans) or (
            any(is_zh(text[a:b]) for a, b in vals.spans)
            and re.search(r"(?:多少|几)(?:个|件|台|箱|袋|包|只|支|盒)", text) is not None)  # 螺栓出库多少个
        return qty if counted and re.search(lex["pieces_verbs"], text) else None
    if not any(c.column == product.header for c in vals.conditions):
        return None
    return qty


def lookups_totals() -> list[str]:
    """Words that ask for a total ("in total", 一共): shared with the lookup family."""
    return lexicon("lookups")["totals"]


def _group(name: str) -> list[str]:
    return next((g for g in lexicon("columns")["groups"] if g[0] == name), [])


class _Cmp:
    """A comparison found without a column before its number (the implied column's)."""

    def __init__(self, letter: str, op: str, num: float, start_at: int) -> None:
        self._g = (None, letter, op, repr(num))
        self.start_at = start_at

    def group(self, i: int) -> str:
        return self._g[i]


def _bare_comparison(text: str, pos: int, end: int, schema: SheetSchema, lex: dict,
                     col: Column | None = None) -> _Cmp | None:
    """"how many expenses exceed 500", "number of orders above 5,000": the sheet's one amount."""
    labels = lexicon("labels")
    before = text[:pos].rstrip()
    after = text[end:].lstrip()
    op = next((o for w, o in sorted(labels["compare_after"], key=lambda wo: -len(wo[0]))
               if after.startswith(w)), None)
    start = pos
    if op is None:
        for w, o in sorted(labels["compare"], key=lambda wo: -len(wo[0])):
            if before.endswith(w) and (not w.isascii() or not before[:-len(w)][-1:].isalpha()):
                op, start = o, len(before) - len(w)
                break
    if op is None or op == "=":
        return None
    col = col or _implied(text, schema, lex)
    if col is None:
        return None
    num = float(re.match(r"[\d.,]+", text[pos:]).group(0).rstrip(".,").replace(",", ""))
    if text[pos:end].rstrip().endswith("万"):
        num *= 10000
    return _Cmp(col.letter, op, num, start)


def _flag(text: str, schema: SheetSchema, taken) -> tuple[Condition, tuple[int, int]] | None:
    """A Yes / No column named by its one-word header: "paid jobs", "jobs that were paid" are
    its Yes rows; "unpaid", "not paid (yet)", "hasn't paid" its No rows.  Only a header no other
    header shares a word with (Paid beside Amount Paid says nothing on its own)."""
    heads = [c.header.strip().lower() for c in schema.columns]
    for c, head, vals in flag_columns(schema):
        if len(vals) != 2:
            continue
        if any(h != head and re.search(rf"(?<![a-z]){head}(?![a-z])", h) for h in heads):
            continue
        said = {str(v).strip().lower(): str(v).strip() for v in values(schema, c) if v is not None and str(v).strip()}
        yes, no = (said.get("yes") or said.get("y")), (said.get("no") or said.get("n"))
        neg = re.search(rf"(?<![a-z])(?:{NOT_DONE}{head}(?![a-z])(?:\s+(?:for\s+)?yet)?|un{head}(?![a-z]))", text)
        neg = neg or _owed(text, schema, head)  # "how much is still owed" beside Paid: its No rows
        # "the emergencies" for the rows of an Emergency flag: its plural names its Yes rows
        plural = rf"(?:{head}(?:s|es)?|{head[:-1]}ies)" if head.endswith("y") else rf"{head}(?:s|es)?"
        pos = neg or re.search(rf"(?<![a-z]){plural}(?![a-z])(?!\s*(?:is|=|:)?\s*(?:yes|no|y|n)(?![a-z]))", text)
        if pos is None or any(a < pos.end() and pos.start() < b for a, b in taken):
            continue
        return Condition(c.header, "=", no if neg else yes), _had(text, pos.span(), taken)
    # "hires that were returned late": a Yes / No column named by its whole header of two or
    # three words (Returned Late, Frames Done), said as it stands
    for c in schema.columns:
        head = c.header.strip().lower()
        said = {str(v).strip().lower(): str(v).strip() for v in values(schema, c) if v is not None and str(v).strip()}
        if c.type not in ("text", "mixed") or not re.fullmatch(r"[a-z]{3,}(?: [a-z]{2,}){1,2}", head) \
                or len(said) != 2 or set(said) not in ({"yes", "no"}, {"y", "n"}):
            continue
        yes, no = (said.get("yes") or said.get("y")), (said.get("no") or said.get("n"))
        # said as it stands, or its two words turned round: "paid a deposit" for Deposit Paid
        words = head.split()
        # (or the verb after a "was": "the cert was issued" for Cert Issued)
        said_as = re.escape(head) if len(words) != 2 else \
            rf"(?:{re.escape(head)}|{re.escape(words[1])}\s+(?:a|an|the|their|his|her)\s+{re.escape(words[0])}" \
            rf"|{re.escape(words[0])}\s+(?:was|were|has been|have been|is|are)\s+{re.escape(words[1])})"
        neg = re.search(rf"(?<![a-z]){NOT_DONE}{said_as}(?![a-z])", text)
        pos = neg or re.search(rf"(?<![a-z]){said_as}(?![a-z])(?!\s*(?:is|=|:)?\s*(?:yes|no|y|n)(?![a-z]))", text)
        if pos is None or any(a < pos.end() and pos.start() < b for a, b in taken):
            continue
        return Condition(c.header, "=", no if neg else yes), _had(text, pos.span(), taken)
    return _zh_flag(text, schema, taken)


def _owed(text: str, schema: SheetSchema, head: str) -> re.Match | None:
    """"still owed", "unpaid total", "money outstanding": money not paid yet, said on a sheet whose
    Yes / No column is headed by a payment word (Paid, Settled): that column's No rows.  None
    when the word is itself a value of the sheet (a Status of Outstanding is read as that value)."""
    lex = lexicon("aggregates")
    if head.strip("? ") not in lex["payment_flag_heads"]:
        return None
    for w in sorted(lex["owed_words"], key=len, reverse=True):
        m = re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", text)
        if m is None:
            continue
        if any(str(v).strip().lower() == w.split()[-1] for c in schema.columns
               if c.type in ("text", "mixed") for v in values(schema, c)):
            return None
        return m
    return None


def _had(text: str, span: tuple[int, int], taken) -> tuple[int, int]:
    """``span`` (a Yes / No column's mention) widened over a verb said right before it that only
    says a row has it (lexicon flag_have_verbs): "hired shoes", "included the frames", "marked
    paid", "marked not paid"."""
    verbs = "|".join(re.escape(v) for v in sorted(lexicon("aggregates")["flag_have_verbs"], key=len, reverse=True))
    m = re.search(rf"(?<![a-z])(?:{verbs})\s+(?:(?:a|an|the|any|some|their|as)\s+)?$", text[:span[0]])
    if m is None or any(a < span[0] and m.start() < b for a, b in taken):
        return span
    return m.start(), span[1]


def _zh_flag(text: str, schema: SheetSchema, taken) -> tuple[Condition, tuple[int, int]] | None:
    """"没付的", "还没付钱", "未结清的": the 否 rows of a Chinese 是 / 否 column headed by what was
    done (已付, 已结清, 是否付款), the verb said negated.  Only a verb no other header holds."""
    for c in schema.columns:
        head = _bare(c.header)
        said = {str(v).strip() for v in values(schema, c) if v is not None and str(v).strip()}
        verb = re.sub(r"^(?:已|是否)", "", head)
        if c.type != "text" or said != {"是", "否"} or verb == head or not re.fullmatch(r"[\u4e00-\u9fff]{1,3}", verb):
            continue
        if any(o is not c and verb in o.header for o in schema.columns):
            continue
        neg = re.search(r"(?:还)?(?:没有|没|未|尚未)" + re.escape(verb), text)
        if neg is None or any(a < neg.end() and neg.start() < b for a, b in taken):
            continue
        if blank_on_table_rows(schema, c):
            return Condition(c.header, "<>", "是"), neg.span()  # a blank is not done yet either
        return Condition(c.header, "=", "否"), neg.span()
    return _zh_marked(text, schema, taken)


def _zh_marked(text: str, schema: SheetSchema, taken) -> tuple[Condition, tuple[int, int]] | None:
    """"普通区会员有几个", "会员票数": a column of 是 marks (是 / 否, or 是 and blanks) named by its
    header alone is its 是 rows ("非会员" its 否 rows, where 否 is written).  Not where the header
    starts a longer header of the workbook (会员价, 会员卡号) or is followed by 是 / 否 / 为 (the
    value is said then, and read as such)."""
    heads = [_bare(c.header) for sh in (schema, *schema.others.values()) for c in sh.columns]
    for c in schema.columns:
        head = _bare(c.header)
        said = {str(v).strip() for v in values(schema, c) if v is not None and str(v).strip()}
        if c.type != "text" or "是" not in said or not said <= {"是", "否"} \
                or not re.fullmatch(r"[\u4e00-\u9fff]{2,4}", head):
            continue
        for m in re.finditer(re.escape(head), text):
            if any(a < m.end() and m.start() < b for a, b in taken) \
                    or any(len(h) > len(head) and text.startswith(h, m.start()) for h in heads) \
                    or re.match(r"\s*(?:是|否|为|一栏|一列|栏|列|[：:=])", text[m.end():]) \
                    or text[:m.start()].endswith(("是否", "是不是")):
                continue
            if text[:m.start()].endswith(("非", "不是")):
                if "否" not in said:
                    return None  # "非会员" where the others are left blank: not guessed
                return Condition(c.header, "=", "否"), (m.start() - (1 if text[m.start() - 1] == "非" else 2), m.end())
            done = re.search(r"(?:已经|已)$", text[:m.start()])  # "已结账的比例": 已 only says it is done
            return Condition(c.header, "=", "是"), (done.start() if done else m.start(), m.end())
    return _zh_had(text, schema, taken)


def _zh_had(text: str, schema: SheetSchema, taken) -> tuple[Condition, tuple[int, int]] | None:
    """"有票的", "没票的": a 是 / 否 column of two characters (发票) said by its last one after 有 or
    没(有) / 无 — whether the row had the thing.  Only where no other header of the workbook holds
    that character, and a 否 said only where 否 is written (blanks are not guessed)."""
    heads = [_bare(c.header) for sh in (schema, *schema.others.values()) for c in sh.columns]
    for c in schema.columns:
        head = _bare(c.header)
        said = {str(v).strip() for v in values(schema, c) if v is not None and str(v).strip()}
        if c.type != "text" or "是" not in said or not said <= {"是", "否"} \
                or not re.fullmatch(r"[\u4e00-\u9fff]{2}", head):
            continue
        thing = head[-1]
        if sum(thing in h for h in heads) != 1:
            continue
        for m in re.finditer(rf"(没有|没|无|有)({re.escape(thing)})(?=的)", text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            if m.group(1) == "有":
                return Condition(c.header, "=", "是"), m.span()
            return (Condition(c.header, "=", "否"), m.span()) if "否" in said else None
    return None


def _year(text: str, schema: SheetSchema, lex: dict, taken) -> tuple[list[Condition], tuple[int, int]] | None:
    """"hired in 2020 or later", "2020年以后入职", "albums after 2010": a year against the date or year column."""
    for m in re.finditer(r"(?<![\d.])((?:19|20)\d\d)(?![\d.])", text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        y = int(m.group(1))
        found = None
        for cmp, words in lex["year_compare"].items():
            for w in sorted(words, key=len, reverse=True):
                if w.startswith("年"):
                    if text.startswith(w, m.end()):
                        found = (cmp, m.start(), m.end() + len(w))
                elif re.match(rf"\s*(?:in\s+)?{re.escape(w)}(?![a-z])", text[m.end():]):
                    found = (cmp, m.start(), m.end() + len(re.match(rf"\s*(?:in\s+)?{re.escape(w)}",
                                                                       text[m.end():]).group(0)))
                elif re.search(rf"(?<![a-z]){re.escape(w)}(?:\s+|(?<=pre)-)(?:the\s+year\s+)?$", text[:m.start()]):
                    # "before 2015", "pre-2015"
                    b = re.search(rf"(?<![a-z]){re.escape(w)}(?:\s+|(?<=pre)-)(?:the\s+year\s+)?$", text[:m.start()])
                    found = (cmp, b.start(), m.end())
                if found:
                    break
            if found:
                break
        if found is None:  # "in 2020", "2020年入职": the whole year
            before = re.search(r"(?<![a-z])(?:in|during)\s+(?:the\s+year\s+)?$", text[:m.start()])
            # "今年（2026）", "this year (2026)": a relative year pinned by the request itself
            pinned = re.search(r"(?:今年|这一年|(?:this|last|previous) year|(?:in|during) the year)\s*[（(]\s*$",
                               text[:m.start()])
            close = re.match(r"\s*[）)]", text[m.end():])
            # "a 2025 start date": the year said before the date column it is a year of
            dated = any(c.type == "date" and p > m.end() and not text[m.end():p].strip()
                        for p, c in mentions(text, schema))
            if before is not None:
                found = ("in", before.start(), m.end())
            elif pinned is not None and close is not None:
                found = ("in", pinned.start(), m.end() + close.end())
            elif dated:
                found = ("in", m.start(), m.end())
            elif text.startswith("年", m.end()) and not re.match(r"年\s*\d", text[m.end():]):
                inside = re.match(r"年(?:内|中|里|度|全年)?", text[m.end():])
                found = ("in", m.start(), m.end() + inside.end())
            else:
                continue
        cmp, a, b = found
        if re.match(r"\s*in\s+$", text[max(0, a - 4):a]):
            a = a - len(re.search(r"in\s+$", text[:a]).group(0))
        dates = [c for c in schema.columns if c.type == "date"]
        yearcols = [c for c in schema.columns if c.type == "number" and c.header.lower() in lex["year_words"]]
        if len(yearcols) == 1 and not dates:
            if cmp == "in":
                return [Condition(yearcols[0].header, "=", y)], (a, b)
            return [Condition(yearcols[0].header, cmp, y)], (a, b)
        hire = group_of(schema, "hire date")
        named = [c for _, c in mentions(text, schema) if c.type == "date"]
        col = named[0] if len(set(c.letter for c in named)) == 1 else (
            dates[0] if len(dates) == 1 else hire if hire is not None and has(text, _group("hire date"))
            else None if named else _date_column(text, schema))
        if col is None or col.type != "date":
            return None
        if cmp == "in":
            return [Condition(col.header, ">=", f"{y}-01-01"), Condition(col.header, "<=", f"{y}-12-31")], (a, b)
        iso = {">=": f"{y}-01-01", ">": f"{y}-12-31", "<": f"{y}-01-01", "<=": f"{y}-12-31"}[cmp]
        return [Condition(col.header, cmp, iso)], (a, b)
    return None


def unit_column(text: str, schema: SheetSchema) -> tuple[Column, tuple[int, int], list[Condition]] | None:
    """The number column a unit after 多少 / 几 counts in ("进了多少吨", "还有多少盒", "存栏多少头"),
    where the unit is, and the condition it sets: the one header that carries the unit (存栏(头),
    重量(kg)), else the sheet's quantity column when a unit column holds the unit (单位: 吨, 盒), on
    the rows of that unit; None when neither says."""
    from .checks import is_identifier

    units = lexicon("aggregates")["measure_units"]
    names = sorted((w for ws in units.values() for w in ws), key=len, reverse=True)
    m = re.search(r"(?:多少|几)个?(" + "|".join(map(re.escape, names)) + ")", text)
    if m is None:
        return None
    forms = next(ws for ws in units.values() if m.group(1) in ws)
    nums = [c for c in schema.columns if c.type == "number" and not is_identifier(c)]

    def carries(header: str) -> bool:
        # 存栏(头), 重量(kg), 课时; or the count of the unit: 2025年团数, 单数 (多少个团, 几单)
        h = header.lower()
        # (a rate's unit after "/" is what it is per, not what it counts: 单价（元/公斤）)
        inside = [re.split(r"/|每|per", part)[0] for part in re.findall(r"[(（]([^)）]*)[)）]", h)]
        return any(f in part for part in inside for f in forms) or any(
            h.endswith(f) or h.endswith(f + "数") for f in forms if is_zh(f))

    heads = [c for c in nums if carries(c.header)]
    if len(heads) == 1:
        return heads[0], m.span(1), []
    if heads:
        return None
    held = [(c, v) for c in schema.columns if c.type == "text" for v in c.distinct
            if str(v).strip().lower() in forms]
    qty = group_of(schema, "qty")
    if len(held) == 1 and qty is not None and qty.type == "number":
        return qty, m.span(1), [Condition(held[0][0].header, "=", held[0][1])]
    return None


def _counts_the_unit(text: str, col: Column, span: tuple[int, int]) -> bool:
    """Whether a row measure after 多少 / 几 asks for ``col``, a header that counts that measure
    (单数, 2025年单数, 剩余次数), rather than for the rows: the header is the measure's count
    alone (a year aside: "2025年接了多少单"), or the rest of it shares a character with the verb
    said just before the question ("还剩多少次" beside 剩余次数).  "YM01被订了几次" beside
    剩余次数 counts the bookings."""
    head = _bare(col.header)
    unit = text[span[0]:span[1]]
    if not head.endswith(unit + "数"):
        return False
    stem = re.sub(r"(?:19|20)?\d\d年?", "", head[: -len(unit) - 1])
    if not re.search(r"[\u4e00-\u9fff]", stem):
        return True
    return bool(_verb_of_the_unit(text, stem, span))


def _verb_of_the_unit(text: str, stem: str, span: tuple[int, int]) -> list[tuple[int, int]]:
    """Where the four characters before "多少 / 几 <unit>" at ``span`` hold a character of
    ``stem`` (the rest of the header that counts the unit: 剩 of 剩余次数 in "还剩多少次")."""
    asked = re.search(r"(?:多少|几)个?$", text[:span[0]])
    if asked is None:
        return []
    start = max(0, asked.start() - 4)
    before = [(i, i + 1) for i in range(start, asked.start())
              if is_zh(text[i]) and text[i] not in "的了有是" and text[i] in stem]
    after = re.match(r"[\u4e00-\u9fff]{1,2}", text[span[1]:])  # "洗了多少次车": 车 of 洗车次数 too
    return before + ([(span[1], span[1] + len(after.group(0)))] if before and after and after.group(0) in stem else [])


def money_column(schema: SheetSchema) -> Column | None:
    """The one number column of the sheet that holds money a row came to, or None.

    A header with a money word (``money_headers``: Amount, Consult Fee, Pledged (GBP), 金额(元));
    a unit price is one piece's (Unit Price, 单价), so next to one the column must be a line amount
    (Amount, 金额); two prices (Adult Price, Child Price) make the money a product of columns,
    never one of them."""
    from .checks import is_identifier

    lex = lexicon("aggregates")
    cols = [c for c in schema.columns if c.type == "number" and not is_identifier(c)]
    money = [c for c in cols if has(c.header.lower(), lex["money_headers"])]
    prices = [c for c in money if has(c.header.lower(), lex["price_headers"])]
    rest = [c for c in money if c not in prices]
    if len(prices) > 1:
        return None
    if prices:
        rest = [c for c in rest if has(c.header.lower(), lex["amount_headers"])]
    if not rest and len(prices) == 1 and _bare(prices[0].header) in lex["row_price_headers"] \
            and group_of(schema, "qty") is None:
        return prices[0]  # a sale a row, one Price and nothing to multiply it by: what the row came to
    return rest[0] if len(rest) == 1 else None


def _implied(text: str, schema: SheetSchema, lex: dict, fallback: bool = True) -> Column | None:
    for word, group in lex["implied_column"].items():
        if has(text, [word]):
            col = group_of(schema, group)
            if col is None and word in lex["implied_fallback"]:
                # "spend" on a purchase sheet, "卖了多少" where no quantity is kept: the amount
                col = group_of(schema, lex["implied_fallback"][word])
            if col is not None and col.type == "number":
                return col
    if not fallback:
        return None
    every = [c for c in schema.columns if c.type == "number"]
    return every[0] if len(every) == 1 else None


def header_words(text: str, schema: SheetSchema, ms) -> list[tuple[int, Column]]:
    """``ms`` and the numeric columns named by a word only their header holds: "regular hours"
    (Regular Hrs), "insurance coverage" (Insurance %), 节假日加班 (法定节假日加班(小时)).

    An English word of four letters or more, or a run of two Chinese characters or more,
    found in one header of the sheet and no other; a column already named is kept as named."""
    have = {c.letter for _p, c in ms}
    out = list(ms)
    heads = {c.letter: _bare(c.header) for c in schema.columns}
    for col in schema.columns:
        if col.type != "number" or col.letter in have:
            continue
        h = heads[col.letter]
        found = None
        for w in re.findall(r"[a-z]{4,}", h):
            if sum(w in re.findall(r"[a-z]+", o) for o in heads.values()) == 1:
                m = re.search(rf"(?<![a-z]){w}(?:s|es)?(?![a-z])", text)
                if m:
                    found = m.start()
                    break
        if found is None and is_zh(h):
            for n in range(len(h), 1, -1):
                for i in range(len(h) - n + 1):
                    sub = h[i:i + n]
                    if re.fullmatch(r"[\u4e00-\u9fff]+", sub) and sub in text and \
                            sum(sub in o for o in heads.values()) == 1:
                        found = text.find(sub)
                        break
                if found is not None:
                    break
        if found is not None and not any(p == found for p, _c in out):
            out.append((found, col))
    if not any(c.type == "number" for _p, c in out):
        stemmed = _stem_named(text, schema)
        if stemmed is not None:
            out.append(stemmed)
    return sorted(out, key=lambda pc: pc[0])


def stem_match(word: str, head_word: str) -> bool:
    """Whether a request word and a header word are one word in another form: "snack" /
    Snacks, "claim" / Claimed, "consultation" / Consult, "math" / Maths (the shorter a start of
    the longer: five letters or more, or four with an s / es added)."""
    if word == head_word:
        return True
    if len(word) < 4 or len(head_word) < 4:
        return False
    short, long_ = sorted((word, head_word), key=len)
    if not long_.startswith(short):
        return False
    return len(short) >= 5 and len(long_) - len(short) <= 5 or long_ in (short + "s", short + "es")


def _stem_named(text: str, schema: SheetSchema) -> tuple[int, Column] | None:
    """The one number column most of the request's words name in another form ("snack sales" →
    Snacks (GBP), "top final mark in maths" → Maths Final over Maths Midterm and English
    Final), or None when no column, or several equally, are named so."""
    from .checks import is_identifier

    lex = lexicon("aggregates")
    common = set(lex["filler"]) | set(lex["never_filler"]) | set(lex["context_words"]) | {
        w for ws in lex["ops"].values() for w in ws}
    words = [(m.start(), m.group(0)) for m in re.finditer(r"[a-z]{4,}", text) if m.group(0) not in common]
    scored = []
    for col in schema.columns:
        if col.type != "number" or is_identifier(col):
            continue
        heads = re.findall(r"[a-z]{4,}", col.header.lower())
        hits = [(p, w) for p, w in words if any(stem_match(w, h) for h in heads)]
        if hits:
            scored.append((len({w for _p, w in hits}), hits[0][0], col))
    scored.sort(key=lambda s: -s[0])
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1], scored[0][2]


def _named_parts(text: str, ms) -> list[str]:
    """The words by which the request names its columns: "退款" of 退款金额 in "退款总额",
    "actual hours" of Actual Hours, "regular" of Regular Hrs, 节假日 of 法定节假日加班 (the
    longest header form or synonym at the mention, else the longest stretch of the header
    there: whole words in English, two characters or more in Chinese)."""
    out = []
    for p, col in ms:
        forms = header_forms(col.header) + [w for g in lexicon("columns")["groups"] for w in g
                                            if text.startswith(w, p)]
        best = max((f for f in forms if text.startswith(f, p)), key=len, default="")
        if not best:
            h = _bare(col.header)
            n = 0
            while p + n < len(text) and text[p:p + n + 1] in h:
                n += 1
            best = text[p:p + n] if n >= 2 else ""
            if best.isascii():  # whole words only: "regular" of "regular hours", not "regular h"
                words = re.findall(r"[a-z]+", h)
                m = re.match(r"[a-z]+(?: [a-z]+)*", text[p:])
                kept = []
                for w in (m.group(0).split() if m else []):
                    if w not in words:
                        break
                    kept.append(w)
                best = " ".join(kept)
        if best:
            out.append(best)
    return out


def _unit_words(ms, lex: dict) -> list[str]:
    """Unit words of the columns named: "小时" / "时长" for 加班(小时), "万" for 预算（万元）, "days"
    for 事假天数, "hours" for Actual Hours (a unit says how the number is counted, not which rows)."""
    out: list[str] = []
    for _p, col in ms:
        head = col.header.lower()
        for group in lex["units"]:
            if any(w in head for w in group if len(w) >= 2 or is_zh(w) or not w.isalnum()):
                out += group
    return out


def _residue(text: str, schema: SheetSchema, lex: dict, taken, ms, extra: tuple[str, ...] = (),
             conditions: bool = True) -> bool:
    """True when a word of the request is neither used nor a filler word."""
    return bool(leftover(text, schema, lex, taken, ms, extra, conditions))


def _per_row_words(schema: SheetSchema, lex: dict) -> list[str]:
    """"per member", "per loan": what one row of the sheet is (a row noun, a people noun, the
    sheet's name, the thing an identifier column numbers: Member ID, Loan #), so an average
    "per" it is the average over the rows.  "per month" on a sheet of days is no such word."""
    from .checks import is_identifier

    nouns = [w for w in lex["row_nouns"] + lex["people_nouns"] if re.fullmatch(r"[a-z]+", w)]
    nouns += re.findall(r"[a-z]{3,}", schema.sheet.lower())
    nouns += [w for w in row_things(schema) if re.fullmatch(r"[a-z]{3,}", w)]  # "per site": a Site per row
    nouns += [re.findall(r"[a-z]+", c.header.lower())[0] for c in schema.columns
              if is_identifier(c) and re.match(r"[a-z]{3,}", c.header.lower())]
    forms = {f for n in nouns for f in (n, n.removesuffix("s"))}
    return [f"{p} {f}" for p in ("per", "each", "a") for f in sorted(forms) if f]


#: the last character of a Chinese measure noun (销售量, 营业额, 人数): the one kept when it is shortened
MEASURE_SUFFIXES = "量额数"


def _title_words(schema: SheetSchema) -> list[str]:
    """The words of a Chinese title above the header, as every two-character piece of it
    ("各分公司营业收入" names 收入 and 营业).  English titles name projects and companies
    ("Website Relaunch"), which a request names as a condition, so they are not read."""
    out: list[str] = []
    units = [w for g in lexicon("aggregates")["units"] for w in g] + list(lexicon("aggregates")["measure_units"]) + [
        w for g in lexicon("aggregates")["measure_units"].values() for w in g if len(w) > 2]  # (tonnes)
    for (r, _c), v in schema.cells.items():
        if r >= schema.header_row or not isinstance(v, str):
            continue
        for run in re.findall(r"[\u4e00-\u9fff]{2,}", v):
            out += [run[i:i + 2] for i in range(len(run) - 1)]
            # 历年营业额 over year columns: 收入, 营收 (营业额's synonyms) name the same numbers
            out += [w for g in lexicon("columns")["groups"] if any(len(x) >= 3 and is_zh(x) and x in run for x in g)
                    for w in g if is_zh(w)]
        # the unit every number is counted in, said once in brackets: 出栏（头）, (kg), (MWh per
        # year), （单位：万件）: "多少头", "200kg", "2025 MWh" name that unit, no condition
        for inner in re.findall(r"[(（]\s*(?:单位[:：]\s*)?([^()（）]{1,16})[)）]", v):
            words = re.findall(r"[a-z]+|[\u4e00-\u9fff]+", inner.lower())
            if words and (is_zh(words[0]) and len(words[0]) <= 2 or words[0] in units
                          or re.fullmatch(r"[a-z]{1,3}h|[a-z]?[a-z]{1,2}", words[0])):
                out += [w for w in words if w not in ("per",)]
                lex = lexicon("aggregates")  # 千克 is also 公斤 and kg
                out += [w for g in lex["units"] + list(lex["measure_units"].values()) if words[0] in g
                        for w in g if len(w) > 1 or is_zh(w)]
    if any(re.fullmatch(r"(?:19|20)\d\d", _bare(c.header)) for c in schema.columns):
        # over year columns the title names what every number is, and people shorten it or
        # add 量: 历年销售量 is "销量", 历年游客 is "游客量" (MEASURE_SUFFIXES)
        for (r, _c), v in schema.cells.items():
            if r < schema.header_row and isinstance(v, str):
                for run in re.findall(r"[\u4e00-\u9fff]{2,}", v):
                    out += [run[i] + run[i + 2] for i in range(len(run) - 2) if run[i + 2] in MEASURE_SUFFIXES]
                    out += [run[i:i + 2] + "量" for i in range(len(run) - 1) if run[i + 1] not in MEASURE_SUFFIXES]
        # a sheet 历年营收 of year columns: its name says what they hold, 收入 names it too
        for run in re.findall(r"[\u4e00-\u9fff]{2,}", schema.sheet):
            out += [w for g in lexicon("columns")["groups"] if any(len(x) >= 2 and is_zh(x) and x in run for x in g)
                    for w in g if is_zh(w)]
    return list(dict.fromkeys(out))


def _one_month(schema: SheetSchema) -> bool:
    """True when every date of the sheet falls in one calendar month, or it keeps no dates and
    no month column: "这个月" is then the whole sheet, not a part of it."""
    seen: set[tuple[int, int]] = set()
    for col in schema.columns:
        if col.type == "date":
            seen |= {(v.year, v.month) for v in values(schema, col) if isinstance(v, (dt.date, dt.datetime))}
        elif "月" in col.header:
            return False  # a 月份 column: "这个月" would be one of its values
    return len(seen) <= 1


def _zh_context(text: str, schema: SheetSchema, lex: dict) -> list[str]:
    """Chinese words that never change which rows or which column a one-cell request reads:
    politeness and request verbs (帮我, 算一下, 查下), particles, "this sheet" words (这些, 里面);
    an action verb of the rows (进了, 送了, 刷卡, 投了) when no header or value of the sheet holds
    it (退 on a sheet with 已退款 or 退款 may be a condition, so it is never passed over there);
    "这个月" / "本月" on a sheet whose dates are all in one month (or that keeps no dates)."""
    if not is_zh(text):
        return []
    from .rowevents import condition_text

    words = list(lex["zh_function_words"])
    sheet = condition_text(schema)  # (借 beside 借阅日期 is the rows' event, no condition)
    words += [v for v in lex["zh_row_verbs"] if v in text and v not in sheet]
    words += [v for v in lex["zh_directions"] if v in text and v[0] not in sheet]
    if "平均" in text:  # 平均每人, 每张采购单平均金额: an average is over the rows already
        words += [w for w in lex["zh_per_row"] if w in text]
    if has(text, lex["zh_this_month"]) and _one_month(schema):
        words += lex["zh_this_month"]
    for col in schema.columns:
        people = _zh_person_names(col)
        for v in _all_texts(schema, col):
            if not isinstance(v, str) or not is_zh(v) or v.strip()[:2] not in text and v.strip()[1:] not in text:
                continue
            v = v.strip()
            # 徐家汇那家店 for the value 徐家汇店: its suffix after a 那家 / 这个
            for suf in lex["value_suffixes"]:
                if v.endswith(suf) and len(v) - len(suf) >= 2:
                    words += [m.group(1) for m in re.finditer(
                        re.escape(v[:-len(suf)]) + r"((?:那家|这家|那个|这个|那边的?)" + re.escape(suf) + ")", text)]
            # 质检组 (班组), 王姐那个团 (团长), 火车站那个点 (网点): a value, then a word of its own
            # column's header saying what it is
            heads = set(re.findall(r"[\u4e00-\u9fff]", col.header))
            for f in {v} | {v[:-len(s)] for s in lex["value_suffixes"] if v.endswith(s) and len(v) - len(s) >= 2}:
                words += [m.group(1) for m in re.finditer(
                    re.escape(f) + r"((?:那家|这家|那个|这个)?([\u4e00-\u9fff]))", text) if m.group(2) in heads]
            # 丽娟小朋友, 浩宇妈妈, 刘敏老师: a person of a name column and the word people call them by
            if people:
                words += [t for f in (v, v[1:]) for t in lex["zh_person_titles"] if f + t in text]
    return words


def _own_rows(schema: SheetSchema) -> list[str]:
    """Words for what one row of this sheet is that come from the sheet itself: its name
    (Walks, Hire) and the thing its identifier column numbers (Job No -> job)."""
    generic = set(lexicon("aggregates")["people_nouns"] + lexicon("aggregates")["row_nouns"]
                  + lexicon("aggregates")["row_things"])
    out = [w for w in row_things(schema) if w.isascii() and w not in generic]
    out += [w[:-1] for w in out if w.endswith("s")]
    return out


def _relative_who(text: str, said: str | None = None) -> str:
    """``text`` with a "who" that opens what is said of the rows counted blanked: "count of
    people who joined pre-2015", "how many members who paid" ask for no one (a "who" before
    "is" / "has" still asks for a person).  ``said``: the request, where ``text`` is a copy of
    it with words already blanked."""
    said = text if said is None else said
    for m in re.finditer(r"(?<![a-z])(?:how many|number of|count of|count)\s+(?:the\s+)?"
                         r"(?:people|[a-z]{3,}s)\s+(who)(?![a-z])", said):
        if not re.match(r"\s*(?:is|was|has|had|did|does)(?![a-z])", said[m.end():]):
            text = text[:m.start(1)] + "   " + text[m.end(1):]
    return text


def _sheet_verbs(sheet: str) -> list[str]:
    """The verb forms of the sheet's name, when it names what each row is: a sheet of Walks
    (Bookings, Orders) is walked (booked, ordered), one row each time."""
    out = []
    for w in re.findall(r"[a-z]{4,}", sheet.lower()):
        base = w[:-1] if w.endswith("s") and not w.endswith("ss") else w
        base = base[:-3] if base.endswith("ing") and len(base) > 6 else base
        out += [base + "ed", base + "d", base + "ing"] if base.endswith("e") else [base + "ed", base + "ing"]
    return out


def _activity_verbs(schema: SheetSchema, lex: dict) -> list[str]:
    """The activity verbs (lexicon activity_verbs: "pick", "sent", "served") no header or text
    value of the sheet shares its first four letters with: "delivered" beside a Delivery
    value may be the condition, so it stays a word the reader did not read."""
    words = _sheet_words(schema, 4)
    stems = {w[:4] for w in words}

    def kept(verb: str) -> bool:
        if " " in verb:  # "handed out" beside a Hand building course: only a sheet word "handout" is it
            joined = re.sub(r"[^a-z]", "", verb)
            return not any(w.startswith(joined) for w in words)
        return re.sub(r"[^a-z]", "", verb)[:4] not in stems

    return [v for v in lex["activity_verbs"] if kept(v)]


def _sheet_words(schema: SheetSchema, least: int) -> set[str]:
    """The English words of ``least`` letters or more in the sheet's headers and text values:
    what a request's word may be naming on this sheet."""
    word = re.compile(rf"[a-z]{{{least},}}")
    out = {w for c in schema.columns for w in word.findall(c.header.lower())}
    out |= {w for c in schema.columns if c.type in ("text", "mixed") for v in c.distinct
            for w in word.findall(str(v).lower())}
    return out


def _said_period(rest: str, schema: SheetSchema, lex: dict) -> str:
    """``rest`` with a period said relative to now blanked where it names no rows: "last year
    (2025)" (the brackets say which year), "this month" on a sheet whose dates all fall in one
    month, "this chart" / "this competition" (the sheet itself) on a sheet of no dates."""
    per = lex["period_words"]
    units = per["units"]
    pat = re.compile(r"(?<![a-z])(" + "|".join(per["relative"]) + r")\s+(" + "|".join(units)
                     + r")(?![a-z])(\s*\((?=[^)]*(?:\d|" + "|".join(m[:3] for m in _MONTHS) + r"))[^)]*\))?")
    dates = [v.date() if isinstance(v, dt.datetime) else v for c in schema.columns if c.type == "date"
             for v in values(schema, c) if isinstance(v, dt.date)]
    year_heads = any(re.fullmatch(r"(?:19|20)\d\d", c.header.strip()) for c in schema.columns)

    own = [c for c in schema.columns if c.type == "date" and _bare(c.header).lower() in lex["row_date_headers"]]

    def spans_one(unit: str) -> bool:
        days = units[unit]
        if not dates or days == 0 and not own:
            # no dates, or only dates of events (Exam date) and none saying when a row happened:
            # "this term" / "this season" is the sheet itself
            return not year_heads
        lo, hi = min(dates), max(dates)
        if unit == "month":
            return (lo.year, lo.month) == (hi.year, hi.month)
        if unit in ("year", "yr"):
            return lo.year == hi.year
        return days > 0 and (hi - lo).days < days

    def blank(m: re.Match) -> str:
        rel, unit = m.group(1), m.group(2)
        if m.group(3) and rel in ("last", "this", "past", "previous"):
            return " " * (m.end(2) - m.start()) + m.group(3)  # the brackets' period is read
        if rel == "this" and spans_one(unit):
            return " " * (m.end(2) - m.start()) + (m.group(3) or "")
        return m.group(0)

    rest = pat.sub(blank, rest)
    # "over the whole period", "so far": every row of the sheet, no period to read
    whole = re.compile(r"(?<![a-z])(?:" + "|".join(map(re.escape, sorted(per["whole"], key=len, reverse=True)))
                       + r")(?![a-z])")
    return whole.sub(lambda m: " " * len(m.group(0)), rest)


def without_total_row_aside(request: str, schema: SheetSchema) -> str:
    """``request`` less its "(ignore the total row)" where the sheet's bottom row is a Total row:
    no formula's range holds that row, so the words are kept already (lexicon total_row_asides).
    A sheet with no total row found keeps them, unread: the row they mean may be in the range."""
    from .schema import _total_row

    said = lexicon("aggregates")["total_row_asides"]
    pat = re.compile(r"[(,;-]?\s*(?<![a-z])(?:" + "|".join(map(re.escape, said["verbs"]))
                     + r")\s+(?:the\s+|any\s+)?(?:" + "|".join(map(re.escape, said["rows"]))
                     + r")s?(?![a-z])\s*\)?", re.I)
    rows = "|".join(map(re.escape, said["rows"]))
    # a whole aside that names the row and says to leave it out, in brackets or after a dash
    # or comma to the end: "(there's already a total row, don't count it twice)"
    clause = re.compile(r"[(（][^()（）]*(?<![a-z])(?:" + rows + r")s?(?![a-z])[^()（）]*[)）]"
                        r"|(?:\s[-–—]+\s*|[,;:]\s*)[^()（）,;]*(?<![a-z])(?:" + rows + r")s?(?![a-z])[^()（）]*$", re.I)
    words = re.compile(r"(?<![a-z])(?:" + "|".join(map(re.escape, said["clause_words"])) + r")(?![a-z])", re.I)
    asides = [m for m in clause.finditer(request) if words.search(m.group(0))]
    if not schema.cells or not (pat.search(request) or asides) \
            or _total_row(schema.cells, schema.header_row) is None:
        return request
    for m in reversed(asides):
        request = request[:m.start()] + " " + request[m.end():]
    return re.sub(r"\s+", " ", pat.sub(" ", request)).strip()


def leftover(text: str, schema: SheetSchema, lex: dict, taken, ms, extra: tuple[str, ...] = (),
             conditions: bool = True) -> list[str]:
    """The words of the request that are neither used nor filler words (the reason a reader refuses)."""
    chars = list(text)
    for a, b in taken:
        for i in range(a, min(b, len(chars))):
            chars[i] = " "
    rest = "".join(chars)
    words = [f for c in schema.columns for f in header_forms(c.header)]
    words += lex["filler"] + list(lex["implied_column"])
    words += list(extra) + re.findall(r"[a-z]+|[\u4e00-\u9fff]+", schema.sheet.lower())  # "Exports"
    words += _sheet_verbs(schema.sheet)  # "how many times have i walked willow" on a sheet of Walks
    words += _title_words(schema)  # 各分公司营业收入（万元） over the table: 收入 is what its numbers are
    words += _per_row_words(schema, lex)  # "average visits per member": each row is a member
    for group in lexicon("columns")["groups"]:
        if group_owner(schema, group) is not None:  # a synonym of a column this sheet has
            words += group
    for ops in lex["ops"].values():
        words += ops
    words += lex.get("zh_filler_words", []) + lex["context_words"]
    words += _named_parts(text, ms) + _unit_words(ms, lex)
    # "frame charges" for Frame under a two-row header's Charges: the group word of a column named
    words += [f for _p, c in ms if c.group for w in header_forms(c.group) for f in (w, w.removesuffix("s"))]
    if any(c.type == "number" and has(c.header.lower(), lex["money_headers"] + lex["payment_headers_en"])
           for _p, c in ms) \
            and not _COUNTED.search(text):  # ("how many card payments" counts payments: not read)
        words += lex["money_nouns_en"]  # "total card payments": what the Card column holds
    words += [w for w in re.findall(r"[a-z]{4,}", text) for _p, c in ms  # "consultation" of Consult Fee
              if any(stem_match(w, h) for h in re.findall(r"[a-z]{4,}", c.header.lower()))]
    words += row_things(schema)  # "2026年内到期的批次", "工单": what one row is
    words += _zh_context(text, schema, lex)  # 帮我看看, 一共进了, 这个月 (a sheet of one month)
    words += lex["function_words_en"] + lex["event_nouns"] + _activity_verbs(schema, lex)  # "on his shifts"
    said = rest  # before the filler words go: "still up" is two of them, and a state together
    rest = re.sub(r"(?<=[a-z])['’](?:ve|re|ll|d|m)(?![a-z])", lambda m: " " * len(m.group(0)), rest)  # "we've", "they'd": grammar, not a word to read
    # "jobs where the cert was issued": a "where" after the rows counted says which, asks no place
    rest = re.sub(r"(?<=[a-z]s )where(?= (?:the|a|an|they|it|there)\b)", "     ", rest)
    rest = cover(_said_period(rest, schema, lex), words, plural=True)
    # the rows counted: "how many athletes", "number of networks", "ups shipment count" (the
    # noun next to the counting words, found in the request itself: those words are used up)
    rest = _relative_who(rest, text)
    # ("how many of our applications": the rows counted after "of our / of the" too)
    for m in re.finditer(r"(?<![a-z])(?:how many|number of|count of)\s+(?:of\s+(?:our|the|my|your|their|these|those)"
                         r"\s+)?([a-z]+s)\b|\b([a-z]+) count\b", text):
        a, b = m.span(1) if m.group(1) else m.span(2)
        rest = rest[:a] + " " * (b - a) + rest[b:]
    rest = re.sub(r"[\d.,%]+(?:万元|万|元|块钱|块)?|[^\w\u4e00-\u9fff]+|_", " ", rest)
    heads = [w for c in schema.columns for w in re.findall(r"[a-z]+", c.header.lower()) if len(w) >= 3]
    if not conditions:
        heads = []  # "the total number of buildings that are monuments": a condition we did not read
    # a header named by its stem: "own" (Owner), "networks" (Network name)
    never = [w for w in lex["never_filler"] if has(rest, [w]) or " " in w and has(said, [w])]
    if never:
        return never  # a negation or an alternative changes the rows: never read past it
    # "how many people played" beside Players, "dined" beside Diners: the verb of a header's doer
    doers = {h[:-3] for h in heads if h.endswith("ers") and len(h) >= 6}
    en = [w for w in re.findall(r"[a-z]+", rest) if len(w) > 1
          and not (len(w) >= 3 and any(h.startswith(w.removesuffix("s")) for h in heads))
          and not (w.endswith(("ed", "ing")) and _verb_root(w) in doers)]
    zh = [ch for ch in re.findall(r"[\u4e00-\u9fff]", rest) if ch not in lex["zh_filler"]]
    return en + zh


@lru_cache(maxsize=1)
def _known_english() -> frozenset[str]:
    """Every English word the readers' vocabulary files hold (a word of them is no typo)."""
    import json

    from .rowbase import _LEX

    out: set[str] = set()
    for path in _LEX.glob("*.json"):
        out.update(re.findall(r"[a-z]+", json.dumps(json.loads(path.read_text(encoding="utf-8"))).lower()))
    return frozenset(out)


def _one_slip(word: str, known: str) -> bool:
    """``word`` is ``known`` with one slip of the keys: two letters swapped, one letter left out
    or doubled, or one vowel written for another ("avarage", "prodcue", "vicitims",
    "registraton").  A plural's s, a consonant for another ("parked" / "Parker") are no slip."""
    if word[0] != known[0] or word == known:
        return False
    if len(word) == len(known):
        diff = [i for i in range(len(word)) if word[i] != known[i]]
        if len(diff) == 2 and diff[1] == diff[0] + 1:
            return word[diff[0]] == known[diff[1]] and word[diff[1]] == known[diff[0]]
        return len(diff) == 1 and word[diff[0]] in "aeiou" and known[diff[0]] in "aeiou"
    short, long_ = sorted((word, known), key=len)
    if len(long_) - len(short) != 1 or long_[:-1] == short:  # "costs", "serviced": a word's ending
        return False
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def respell(request: str, schema: SheetSchema) -> str:
    """``request`` with a misspelt word (six letters or more, in no vocabulary file and on no
    header or value of the sheet) written as the one header word, value word or operation word
    it is one slip away from ("avarage hours" -> "average hours", "2025 chardonay" ->
    "2025 chardonnay"); the request itself when there is none or more than one."""
    lex = lexicon("aggregates")
    sheet = _sheet_words(schema, 5)
    targets = sheet | {w for ops in lex["ops"].values() for o in ops for w in re.findall(r"[a-z]{5,}", o)}
    targets |= {w for v in lex["activity_verbs"] for w in re.findall(r"[a-z]{5,}", v)}
    known = _known_english() | sheet

    def fix(m: re.Match) -> str:
        w = m.group(0)
        low = w.lower()
        if len(low) < 6 or low in known:
            return w
        near = [t for t in targets if abs(len(t) - len(low)) <= 1 and _one_slip(low, t)]
        return near[0] if len(near) == 1 else w

    return re.sub(r"(?<![A-Za-z])[A-Za-z]+(?![A-Za-z])", fix, request)
