"""The verb a Chinese sheet's name is made of, said as what every row is (issue 16): "孙建国一共赊了
几袋", "李庄的赊了几笔", "平均每笔赊几袋" on a sheet called 赊销账.

Each row of 赊销账 is one sale on credit, so "赊了" says nothing about which rows or which column: it
is the sheet's own subject, as "walked" is on a sheet of Walks (``aggregates._sheet_verbs``).  The
first character of the sheet's name is dropped where it is said as a verb (before 了 / 出去 / 过, or
before 几 / 多少) and no header or text value holds it, so the rest is read as said: "孙建国一共几袋".
"多少" / "几" with nothing after it ("孙浩报了多少" on 报销) asks the amount the verb says: kept.
Vocabulary: ``lexicon/stateverbs.json`` sheet_verb.
"""

from __future__ import annotations

import re

from .rowbase import lexicon
from .schema import SheetSchema


def said_sheet_verb(request: str, schema: SheetSchema) -> str:
    """``request`` without the sheet name's verb said as a verb, or unchanged."""
    name = (schema.sheet or "").strip()
    if len(name) < 2 or not re.fullmatch(r"[\u4e00-\u9fff]+", name) or name[0] not in request:
        return request
    verb = name[0]
    if any(verb in c.header for c in schema.columns) or any(
            verb in str(v) for c in schema.columns if c.type in ("text", "mixed") for v in c.distinct):
        return request
    lex = lexicon("stateverbs")["sheet_verb"]
    # "孙浩报了多少" on 报销: how much with no unit after it is the amount the verb says, kept
    bare = r"(?!(?:多少|几)\s*(?:[？?。！!，,；;）)]|$))"
    return re.sub(rf"{re.escape(verb)}(?:{lex['after']}|(?={lex['before']})){bare}", "", request)
