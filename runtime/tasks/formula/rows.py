"""Per-row rule family (issue 16 item 1): one formula for the target row that fills down.

Read only when the caller names a target cell on a data row of the table.
Vocabulary lives in ``lexicon/rows.json`` (operations) and
``lexicon/columns.json`` (header synonyms, both languages).  Every number the
request names must end up in the formula, and every column it names must be
the one grounded, or the family answers nothing (the caller refuses) — a
wrong guess is worse than no answer.  The formula is written for the target
row with relative row references and checked on that row and two others.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .schema import Column, SheetSchema

_LEX = Path(__file__).with_name("lexicon")
_NUM = re.compile(r"(?<![A-Za-z\d.])(\d+(?:\.\d+)?)\s*(%|percent|个百分点)?")
_ZHE = re.compile(r"打?(\d{1,2}|[一二三四五六七八九])折")
_ZH_DIGIT = {c: i for i, c in enumerate("零一二三四五六七八九")}


@cache
def lexicon(name: str) -> dict:
    with open(_LEX / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


@dataclass
class RowReading:
    template: str  # the formula with "{r}" for the target row
    explanation: str

    def at(self, row: int) -> str:
        return self.template.replace("{r}", str(row))


def _has(text: str, words: list[str]) -> bool:
    return any(w in text for w in words)


def mentions(text: str, schema: SheetSchema) -> list[tuple[int, Column]]:
    """Columns named in ``text`` (header or a synonym), in order of appearance."""
    low = text.lower()
    found: dict[str, tuple[int, Column]] = {}
    taken: list[tuple[int, int]] = []

    def claim(pos: int, length: int, col: Column) -> None:
        if any(a < pos + length and pos < b for a, b in taken):
            return
        taken.append((pos, pos + length))
        if col.letter not in found or found[col.letter][0] > pos:
            found[col.letter] = (pos, col)

    for col in sorted(schema.columns, key=lambda c: -len(c.header)):
        h = col.header.lower().strip()
        if h:
            for m in re.finditer(re.escape(h), low):
                claim(m.start(), len(h), col)
    for group in lexicon("columns")["groups"]:
        owners = [c for c in schema.columns if c.header.lower().strip() in group]
        if len(owners) != 1:
            continue
        for word in sorted(group, key=len, reverse=True):
            for m in re.finditer(re.escape(word), low):
                if re.match(r"[a-z]", word) and (
                        (m.start() and low[m.start() - 1].isalpha())
                        or (m.end() < len(low) and low[m.end()].isalpha())):
                    continue
                claim(m.start(), len(word), owners[0])
    return sorted(found.values(), key=lambda pc: pc[0])


def _numbers(text: str) -> list[tuple[float, bool]]:
    return [(float(m.group(1)), bool(m.group(2))) for m in _NUM.finditer(text)]


def _ref(col: Column) -> str:
    return f"{col.letter}{{r}}"


def _round(text: str, body: str, lang_zh: bool) -> tuple[str, list[float]]:
    """Wrap ``body`` in ROUND/ROUNDUP when asked; the decimals it consumed."""
    lex = lexicon("rows")
    places, used = None, []
    for word, n in lex["decimals"].items():
        if word in text:
            places = n
            used = [float(n)] if re.search(r"\d", word) else []
    if _has(text, lex["roundup"]):
        return f"ROUNDUP({body},{places or 0})", used
    if _has(text, lex["round"]) or places is not None:
        return f"ROUND({body},{places or 0})", used
    return body, used


def read(request: str, schema: SheetSchema, target_col: int) -> RowReading | None:
    text = request.lower()
    lex = lexicon("rows")
    cols = [(p, c) for p, c in mentions(text, schema)]
    numeric = [c for _, c in cols if c.type == "number"]
    zh = bool(re.search(r"[\u4e00-\u9fff]", request))
    f = None
    explanation = ""

    def one(kind: str) -> Column | None:
        picked = [c for _, c in cols if c.type == kind]
        if len({c.letter for c in picked}) == 1:
            return picked[0]
        if not cols:
            every = [c for c in schema.columns if c.type == kind]
            return every[0] if len(every) == 1 else None
        return None

    if _has(text, lex["condition"]):
        return None  # a label or a test: not this family's arithmetic
    nums = _numbers(text)
    consumed: list[float] = []
    if _has(text, lex["running_total"]) and len(numeric) == 1 and not nums:
        c = numeric[0]
        f = f"SUM(${c.letter}${c.first_row}:{c.letter}{{r}})"
        explanation = f"累计{c.header}" if zh else f"running total of {c.header}"
    elif _has(text, lex["rank"]) and len(numeric) == 1 and not nums:
        c = numeric[0]
        f = f"RANK({_ref(c)},${c.letter}${c.first_row}:${c.letter}${c.last_row})"
        explanation = f"{c.header}的排名（从高到低）" if zh else f"rank of {c.header}, highest first"
    elif not nums and not _has(text, lex["date_other"]) and (d := one("date")) is not None and len(cols) <= 1:
        for part, fn in (("year", "YEAR"), ("month", "MONTH"), ("day", "DAY")):
            if _has(text, lex[part]):
                f = f"{fn}({_ref(d)})"
                explanation = f"{d.header}的{ {'YEAR': '年', 'MONTH': '月', 'DAY': '日'}[fn]}" if zh \
                    else f"the {part} of {d.header}"
                break
    if f is None and len(numeric) == 2 and len(cols) == 2:
        a, b = numeric
        pos = {c.letter: p for p, c in cols}
        between = text[pos[a.letter]:pos[b.letter]]
        for op, sym in (("minus", "-"), ("times", "*"), ("divided", "/"), ("plus", "+")):
            if _has(between, lex[op]):
                f = f"{_ref(a)}{sym}{_ref(b)}"
                explanation = f"{a.header} {sym} {b.header}"
                break
    if f is None and len(numeric) == 1 and len(cols) == 1:
        c = numeric[0]
        pct = [v for v, is_pct in nums if is_pct]
        zhe = _ZHE.search(request)
        if zhe and not pct:
            d = zhe.group(1)
            v = _ZH_DIGIT[d] * 10 if d in _ZH_DIGIT else int(d) * (10 if len(d) == 1 else 1)
            f = f"{_ref(c)}*{v / 100:g}"
            consumed = [float(d)] if d.isdigit() else []
            explanation = f"{c.header}打{d}折"
        elif len(pct) == 1:
            p = pct[0] / 100
            if _has(text, lex["discount"]) and not _has(text, lex["tax"]):
                f, how = f"{_ref(c)}*{1 - p:g}", f"{c.header} less {pct[0]:g}%"
            elif _has(text, lex["tax"]) or _has(text, lex["raise"]) or re.search(r"\bplus\b|加上", text):
                f, how = f"{_ref(c)}*{1 + p:g}", f"{c.header} plus {pct[0]:g}%"
            else:
                f, how = f"{_ref(c)}*{p:g}", f"{pct[0]:g}% of {c.header}"
            consumed = [pct[0]]
            explanation = how
    if f is None:
        return None
    f, used = _round(text, f, zh)
    consumed += used
    left = [v for v, _ in nums]
    for v in consumed:
        if v in left:
            left.remove(v)
    if left:  # a number the formula does not use: refuse rather than guess
        return None
    return RowReading("=" + f, explanation)

