"""An aside saying a column's numbers are stored as text: "(数量那列好像是文本)", "(those numbers
came in as text)", "(the defects column seems to be stored as text)".

The user tells us why a plain SUM gave 0; every formula the rules write converts such a column
already (textnumbers.py), so the aside asks for nothing more and is read as said.  It is taken
out only where the sheet holds a column of numbers stored as text and, where the aside names a
column, that column is one of them; otherwise it stays and the readers see its words.
"""

from __future__ import annotations

import re

from .rowbase import header_forms
from .schema import SheetSchema

_ZH = re.compile(
    r"[(（,，;；]?\s*(?P<who>[\u4e00-\u9fffA-Za-z0-9()]{0,8}?)(?:那一?列|这一?列|一列|列|那栏|这栏|栏)?"
    r"(?:的数字?|里的数字?|的数)?(?:好像|似乎|可能|估计|应该|貌似|大概)?(?:都)?"
    r"(?:是|为|存成了?|存的是|变成了?|被存成了?)(?:文本|文字)(?:格式|型)?(?:的)?"
    r"(?:[,，]\s*(?:sum|SUM|Sum|求和|加起来)(?:出来|结果)?(?:是|为|等于)?\s*0)?\s*[)）]?")
_EN = re.compile(
    r"[(,;-]?\s*(?:but\s+)?(?P<who>(?:the\s+)?[a-z][a-z ]{0,20}?|those numbers|these numbers|the numbers|it|they)"
    r"(?:\s+column)?\s+(?:(?:seems?|appears?|looks?|is|are|was|were|been|have|has|came|come|got)\s+)*"
    r"(?:to\s+be\s+)?(?:(?:in|stored|saved|formatted|typed|entered|imported|pasted|kept)\s+)?as\s+text"
    r"(?:\s+format)?\s*\)?", re.I)
_ANY = {"those numbers", "these numbers", "the numbers", "it", "they", ""}


def without_text_note(request: str, schema: SheetSchema) -> str:
    """``request`` less an aside that a column holds numbers stored as text, where it does."""
    stored = [c for c in schema.columns if c.text_numbers]
    if not stored:
        return request
    for pat in (_ZH, _EN):
        m = pat.search(request)
        if m is None:
            continue
        who = re.sub(r"^the\s+", "", m["who"].strip().lower())
        named = [c for c in schema.columns if who and who in {*header_forms(c.header), c.header.lower()}]
        if who not in _ANY and not (named and all(c.text_numbers for c in named)):
            continue
        rest = (request[:m.start()] + " " + request[m.end():]).strip(" ,，;；")
        if rest:
            return re.sub(r"\s+", " ", rest)
    return request
