"""One-line summaries: the most central early sentence, compressed to a headline.

Headlines and titles (LCSTS's Weibo summaries, CSL's paper titles, a slide's
title line) are a fraction of a sentence long.  A whole lead sentence is
mostly words the headline leaves out, so the chosen sentence is compressed:
a leading discourse marker ("目的：", "日前，", "据新华社报道，") is dropped,
then whole clauses are kept from the front while they fit the budget.  Cutting
only at clause boundaries keeps every kept phrase as the source wrote it.
"""

from __future__ import annotations

import re

from .segment import split_clauses

#: budgets (characters) when the caller gives none.  Chinese: 40, the best of
#: 20/30/40/60 on the even rows of sum-lcsts and sum-csl-title (the odd rows
#: were kept for reporting).  English: 150, about one 23-word XSum sentence;
#: clause compression does not pay in English (XSum even rows, ROUGE-1:
#: 100 -> 14.2, 150 -> 16.0, 300 -> 17.3, the whole lead sentence 17.4)
DEFAULT_CHARS = {"zh": 40, "en": 150}

# markers that open a sentence without carrying its content
_ZH_MARKER = re.compile(
    r"^(?:(?:目的|方法|结果|结论|背景|摘要|目标|意义)\s*[:：]\s*"
    r"|(?:日前|近日|昨日|今日|昨天|今天|目前|近期|此前)[，,]\s*"
    r"|据[^，,。:：]{0,15}?(?:报道|消息|介绍|了解|透露)[，,:：]\s*)"
)
_EN_MARKER = re.compile(r"^(?:\([A-Z]{2,10}\)\s*(?:--|—|-)\s*|[A-Z][A-Z ,.]{1,30}\s(?:--|—)\s*)")
_TRAIL = " ，,、；;：:。.！!？?"


def strip_marker(sentence: str, lang: str) -> str:
    marker = _ZH_MARKER if lang == "zh" else _EN_MARKER
    rest = marker.sub("", sentence, count=1)
    return rest if rest.strip() else sentence


def compress(sentence: str, lang: str, max_chars: int) -> str | None:
    """``sentence`` cut to whole clauses within ``max_chars``; None if no clause fits."""
    text = strip_marker(sentence.strip(), lang)
    out = ""
    for clause in split_clauses(text, lang):
        piece = clause if lang == "zh" or not out else " " + clause
        if len((out + piece).rstrip(_TRAIL)) > max_chars:
            break
        out += piece
    out = out.rstrip(_TRAIL)
    return out or None
