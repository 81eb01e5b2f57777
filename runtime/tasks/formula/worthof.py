""""多少钱的货": money asked for, with what the rows are said after it.

"福满楼本月一共要了多少钱的货", "行政部一共领了多少钱的东西", "tony老师总共做了多少钱的单":
the noun after 多少钱的 is what every row of the log is (goods, things, orders), not a
column, a value or a condition.  Where the sheet holds no such word (no header, value or
title has it), the request ends there, and 多少钱 is what is asked, it is read without it:
"福满楼本月一共要了多少钱" (the money column, under the request's conditions).
"""

from __future__ import annotations

import re

from .rowevents import condition_text
from .schema import SheetSchema

_WORTH = re.compile(r"多少钱的(?P<noun>[\u4e00-\u9fff]{1,2})(?=\s*(?:[(（]|[?？。.!！]|$))")


def without_worth_noun(request: str, schema: SheetSchema) -> str:
    """``request`` less the row noun after 多少钱的, where the sheet does not hold it."""
    m = _WORTH.search(request)
    if m is None or m["noun"] in condition_text(schema) or any(m["noun"] in c.header for c in schema.columns):
        return request
    return request[:m.start()] + "多少钱" + request[m.end():]
