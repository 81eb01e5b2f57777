"""An amount in two currencies: the one in the template's currency is the answer.

A report in yuan often gives an export or a sale in US dollars with the conversion beside it
("出口销售额386.4万美元，折合人民币2,758万元", "出口额1,842万美元（折合人民币约1.31亿元）"); a pitch in
dollars gives a pound or euro figure with "about $" beside it ("ARR £1.9M (about $2.4M)",
"€3.2M, or roughly $3.5M"). The template's money is yuan (Chinese) or US dollars (English): the
foreign figure is no candidate where its converted twin sits right beside it, so the converted
one is read. A foreign figure with no conversion beside it is left to the other rules (the
filler never converts at a rate it guesses). Vocabulary: ``cues.json`` ``converted_zh`` /
``converted_en``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

__all__ = ["converted_beside", "template_currency"]

_CUES = json.loads(Path(__file__).with_name("cues.json").read_text(encoding="utf-8"))


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


#: what may stand between the foreign figure and its twin: the rest of its unit ("美元", "M",
#: " million", " GBP"), a bracket, comma or dash, a conversion word, the twin's currency word
_BETWEEN = re.compile(
    r"[ \t]*(?:[\u4e00-\u9fff]{0,2}元|[kmb]n?|million|billion|thousand|gbp|eur|usd|pounds?|euros?)?"
    r"[ \t]*[,，、(（—–-]?[ \t]*(?:or[ \t]+)?(?:" + _alternation(_CUES["converted_en"]) + "|"
    + _alternation(_CUES["converted_zh"]) + r")[ \t]*(?:人民币|rmb|cny|us\$|usd)?[ \t]*(?:约|大约|近)?[ \t]*$",
    re.I)


def template_currency(lang: str) -> str:
    """The currency of the templates' money: yuan for the Chinese ones, dollars for the English."""
    return "CNY" if lang == "zh" else "USD"


def converted_beside(text: str, mentions: list[Any], m: Any, want: str) -> bool:
    """``m`` is an amount in another currency than ``want`` whose conversion into ``want``
    follows right after it ("386.4万美元，折合人民币2,758万元", "£1.9M (about $2.4M)")."""
    if not m.currency or m.currency == want:
        return False
    for o in mentions:
        if o.start <= m.start or o.start > m.end + 24:
            continue
        if o.currency == want and not o.percent:
            return _BETWEEN.match(text[m.end:o.start]) is not None
    return False
