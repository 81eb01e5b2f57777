"""A person's surname with a title, per row (issue 16 item 1): 曹思琪 -> 曹总, 张伟 -> 张老师.

Chinese offices and shops address people by surname and title, and ask for the
form with a placeholder ("X总", "某老师"), with the title said after the surname
("姓加“总”", "姓+经理") or with an example ("比如曹思琪就是曹总", "张老师这种").
The column is a column of Chinese names (named, or the sheet's names column);
the surname is its first character, so a column holding a two-character surname
(欧阳, 司马: ``lexicon/text.json`` zh_titles.compound_surnames) is refused.
Every example the request gives must be what the formula makes of that value.
Vocabulary: ``lexicon/text.json`` zh_titles.
"""

from __future__ import annotations

import re

from .rowbase import RowReading, lexicon, mentions, person_column, ref, values
from .schema import Column, SheetSchema

_NAME = re.compile(r"[\u4e00-\u9fff]{2,4}")


def _names(schema: SheetSchema, col: Column) -> list[str]:
    return [str(v).strip() for v in values(schema, col) if v not in (None, "")]


def _column(request: str, schema: SheetSchema) -> Column | None:
    """The one named column of Chinese names, or the sheet's names column when none is named."""
    fits = lambda c: c.type in ("text", "mixed") and bool(_names(schema, c)) and all(  # noqa: E731
        _NAME.fullmatch(v) for v in _names(schema, c))
    named = {c.letter: c for _, c in mentions(request, schema) if fits(c)}
    if len(named) == 1:
        return next(iter(named.values()))
    if named:
        return None
    c = person_column(schema.columns)
    return c if c is not None and fits(c) else None


def _said(text: str) -> list[re.Match[str]]:
    """Where ``text`` gives a title: "X总", "姓加“总”", "张老师这种" (``zh_titles`` said)."""
    lex = lexicon("text")["zh_titles"]
    alt = "|".join(sorted(lex["titles"].split("|"), key=len, reverse=True))
    return [m for pat in lex["said"] for m in re.finditer(pat.replace("{titles}", alt), text)]


def said_spans(text: str, template: str) -> list[tuple[int, int]]:
    """The words that gave the title a formula of this reader writes ("姓+经理", "某老师"): read."""
    m = re.fullmatch(r'=LEFT\([A-Z]{1,3}\{r\},1\)&"([^"]+)"', template)
    return [s.span() for s in _said(text) if m and s.group("t") == m.group(1)]


def read(request: str, schema: SheetSchema) -> RowReading | None:
    lex = lexicon("text")["zh_titles"]
    alt = "|".join(sorted(lex["titles"].split("|"), key=len, reverse=True))
    said = {m.group("t") for m in _said(request)}
    col = _column(request, schema)
    if col is None:
        return None
    names = _names(schema, col)
    for v in sorted(set(names), key=len, reverse=True):  # "比如曹思琪就是曹总": the example's title
        for m in re.finditer(re.escape(v), request):
            after = re.match(rf"[^，,；;。]{{0,6}}?({re.escape(v[0])})({alt})", request[m.end():])
            if after is None and not said:
                return None  # a value named, its titled form not shown
            if after is not None:
                said.add(after.group(2))
    if len(said) != 1:
        return None
    title = next(iter(said))
    if any(v.startswith(tuple(lex["compound_surnames"].split("|"))) for v in names):
        return None  # 欧阳娜娜 is 欧阳总, not 欧总
    for m in re.finditer(rf"([\u4e00-\u9fff])({alt})", request):  # each shown form is some row's
        shown = m.group(1)
        if m.group(2) == title and shown not in "某姓" and any(v in request[:m.start()] for v in names) \
                and not any(v[0] == shown for v in names if v in request[:m.start()]):
            return None
    return RowReading(f'=LEFT({ref(col)},1)&"{title}"', f"{col.header}的姓加“{title}”")
