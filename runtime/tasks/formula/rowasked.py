"""A question said first, then the arithmetic spelled out: "What's each job worth? knives plus
scissors times the per blade price", "work out how much profit is in each quote (value times
margin)", "每一单卖了多少钱？数量乘单价", "I want requested minus awarded" (only the wanting said first).

The question only names the result the arithmetic gives, in words no reader needs to know
("worth", "how far short did each bid land"); :func:`spelled` hands back the arithmetic alone for
the per-row readers (``rows._read``), which must still read it whole.  A question is dropped only
when it cannot change the answer: it holds no number, no value of the sheet and none of the words
that pick rows or change the result (``lexicon/rowasked.json`` conditions: "only", "if",
"after", "rounded", 不, 超过 ...), and the arithmetic holds an operator.  Short bracketed names
("profit (value times margin)") are ``rows._definition``'s; this reads the long ones that open as
a question or a request.
"""

from __future__ import annotations

import re

from .rowbase import lexicon, value_mentions
from .schema import SheetSchema

_LEX = lexicon("rowasked")
_CONDITION = re.compile("|".join(_LEX["conditions"]), re.I)
_OPENS = re.compile(r"^\s*(?:" + "|".join(re.escape(w) for w in _LEX["opens"]) + r")(?![a-z])", re.I)
#: "question? arithmetic", the question ending at its question mark
_ASKED = re.compile(r"^\s*([^?？]{3,}?)\s*[?？]\s*(.+?)\s*$")
#: "question (arithmetic) tail": the arithmetic in the one pair of brackets
_BRACKETED = re.compile(r"^\s*([^=＝:：（()\d%?？]{3,}?)\s*[（(]([^（()）]+)[）)]\s*([,，]?\s*[^（()）?？]*?)\s*$")
_WANTS = re.compile(r"^\s*(?:" + "|".join(re.escape(w) for w in _LEX["wants"]) + r")\s+(?:(?:the|a|an)\s+)?", re.I)
_OPERATOR = re.compile(r"[-+*/×÷－＋]|\b(?:minus|plus|times|divided by|multiplied by|x|less)\b|减去?|加上?|乘以?|除以?")


def spelled(request: str, schema: SheetSchema) -> str | None:
    """The arithmetic ``request`` spells out after (or in brackets after) a question that only
    names its result, or None (see the module)."""
    m = _ASKED.match(request)
    if m is None and _WANTS.match(request):  # "I want requested minus awarded": the arithmetic wanted
        rest = request[_WANTS.match(request).end():]
        return rest.strip() if _OPERATOR.search(rest) else None
    if m is not None:
        question, rest = m.group(1), m.group(2)
    else:
        m = _BRACKETED.match(request)
        if m is None or not _OPENS.search(m.group(1)):
            return None
        question, rest = m.group(1) + " " + m.group(3), m.group(2) + " " + m.group(3)
    if not _OPERATOR.search(rest) or not _idle(question, schema):
        return None
    wants = _WANTS.match(rest)
    return rest[wants.end():].strip() if wants else rest.strip()


def _idle(question: str, schema: SheetSchema) -> bool:
    """Whether ``question`` only names the result: no number, sheet value or condition word."""
    if re.search(r"\d", question) or _CONDITION.search(question):
        return False
    if len(question.split()) > _LEX["max_words"]:
        return False
    return not value_mentions(question, schema)
