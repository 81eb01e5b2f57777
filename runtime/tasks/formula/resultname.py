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

#: "从房号取出楼层", "根据房号算楼层", "floor from the room no": a part of a value, named by what it is
_PART = re.compile(r"^=(?:UPPER\(|LOWER\()?(?:LEFT|RIGHT|MID)\([A-Z]{1,3}\{r\},\d+(?:,\d+)?\)(?:&\"[^\"]*\")?$")
_ZH_PART_NAME = re.compile(r"(?:取出|提取出?|拆出|提出|算出?|拿出)来?的?([\u4e00-\u9fff]{2,4}?)(?=[，,。；;（(]|$)")
_EN_PART_NAME = re.compile(r"^\s*(?:the\s+|just\s+the\s+)?([a-z]+)\s+(?:from|out of)\s+")


def said_spans(text: str, template: str) -> list[tuple[int, int]]:
    """The span of the result's name at the start of ``text`` (lower case), when there is one."""
    if template.startswith("=IF(") or "IF(" in template:
        return []
    m = _LEAD.match(text)
    spans = [m.span(1)] if m else []
    # "房号第一位是楼层，提取出来": the part's name, said after the part it is
    if _PART.match(template):
        spans += [x.span(1) for x in _ZH_PART_NAME.finditer(text)] + [x.span(1) for x in _EN_PART_NAME.finditer(text)]
    return spans + [x.span(1) for x in _ZH_NAMED.finditer(text)]
