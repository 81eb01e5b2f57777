"""The Chinese columns that share a header part, added up for each row: "个人合计" on 养老个人 |
医疗个人 | 失业个人 | 公积金个人, "J列算每次出差的费用合计" on 交通费 | 住宿费, "四项个人缴费加起来".

A part that opens or ends two or more number headers, and no other header, is said as the
family of those columns; followed by a word that asks to add them (``lexicon/zhparts.json``), the
request is rewritten with the columns joined by "+" ("养老个人+医疗个人+...合计") and read again by
the per-row readers (``rows._read``).  Not read when a count said with it ("四项") is not the
number of columns, or when one of the columns is itself a total (总费用 beside 交通费 and 住宿费:
adding it would count twice).
"""

from __future__ import annotations

import re

from .rowbase import _bare, count_word, is_zh, lexicon
from .schema import Column, SheetSchema

_LEX = lexicon("zhparts")
_SAID = re.compile(r"(?:(?P<n>[两二三四五六七八九2-9])\s*项)?(?P<w>(?:(?!项)[\u4e00-\u9fff]){1,4}?)(?:" + _LEX["between"]
                   + r")*(?=(?:" + _LEX["sums"] + r"))")


def spelled(request: str, schema: SheetSchema) -> str | None:
    """``request`` with a shared header part before an adding word written as its columns joined
    by "+", or None (see the module)."""
    if not is_zh(request):
        return None
    heads = [(c, _bare(c.header)) for c in schema.columns]
    for m in _SAID.finditer(request):
        word = m.group("w")
        for start in range(len(word) - 1):  # "每次出差的费用": the part is the word's tail
            part = word[start:]
            cols = _family(_LEX["said_as"].get(part, part), heads)
            if cols is None:
                continue
            n = m.group("n")
            if n is not None and count_word(n) != len(cols) and n != str(len(cols)):
                return None
            joined = "+".join(c.header for c in cols)
            cut = m.start() if n is not None else m.start("w") + start  # "四项" said of them goes too
            return request[:cut] + joined + request[m.end():]
    return None


def _family(part: str, heads: list[tuple[Column, str]]) -> list[Column] | None:
    """The two or more number columns whose header opens or ends with ``part`` (and is longer),
    or None when there are fewer, one is a total, or a header is the part itself."""
    if len(part) < 2 and part not in _LEX["said_as"].values():
        return None
    if any(h == part for _, h in heads):
        return None  # the part is a header: the column itself is named
    ends = [c for c, h in heads if h.endswith(part) and len(h) > len(part)]
    opens = [c for c, h in heads if h.startswith(part) and len(h) > len(part)]
    cols = ends if len(ends) >= 2 and not opens else opens if len(opens) >= 2 and not ends else None
    if cols is None or any(c.type != "number" for c in cols):
        return None
    if any(t in _bare(c.header) for c in cols for t in _LEX["totals"]):
        return None
    return cols
