"""The name a request gives its new column before what goes in it.

"aisle = first letter of Bin", "genus only - first word of Plant", "invoice ref = ...": the words
before the "=" (":") name the result, so they are no column, value or operation to read.
Only a short lead (one to three words, no column read by the formula needed) before a rest
that is itself read whole; in Chinese, the name said after the part ("第一位是楼层"); a lead in front of an IF is left to the label readers.
"""

from __future__ import annotations

import re

_LEAD = re.compile(r"^\s*(?:new\s+(?:col(?:umn)?\s+)?)?([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})(?:\s*[=:]|\s+[-–])\s*(?=\S+\s+\S)")

_ZH_NAMED = re.compile(r"(?:位|字母|个字|段|部分)是([\u4e00-\u9fff]{2,4})(?=[，,。；;]|$)")


def said_spans(text: str, template: str) -> list[tuple[int, int]]:
    """The span of the result's name at the start of ``text`` (lower case), when there is one."""
    if template.startswith("=IF(") or "IF(" in template:
        return []
    m = _LEAD.match(text)
    spans = [m.span(1)] if m else []
    # "房号第一位是楼层，提取出来": the part's name, said after the part it is
    return spans + [x.span(1) for x in _ZH_NAMED.finditer(text)]
