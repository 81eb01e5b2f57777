"""A step said by another verb than the sheet's header (issue 16 item 1): "做好了写已完成，没做好写
未完成", "还有几单没做完", "没做好的不填" on a sheet that records the step in 完成日期.

People name a step by their own verb (做好, 做完, 搞定) where the sheet's header holds another (完成);
every reader finds a column by its header's words, so the request is respelt with the header's
verb before any reader sees it, as :mod:`negation` respells a negated value.  A word is respelt
only when no header holds it and exactly one column's header holds the verb it stands for; a word
written as part of a label (after 已 / 未 / 写 / 标 ...) is left as said.  Vocabulary:
``lexicon/stateverbs.json``.

A date column is named by its verb too: "10月份走了几个人" beside 离职日期 and 离职类型 counts by
离职日期, so where several headers hold the verb the word is still respelt when exactly one of
them is a date column's.  A one-character word (走) stands as a verb only before 了 / 的 / 过 / 掉
(not 走访, 走廊), and a word that is a value of a column (辞职 of 离职类型) is left as said.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .rowbase import lexicon
from .schema import SheetSchema


@lru_cache(maxsize=1)
def _said() -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """(word said, the header's verb, where the word stands as a verb), longest words first."""
    lex = lexicon("stateverbs")
    kept = re.escape(lex["kept_after"])
    pairs = [(w, verb) for verb, words in lex["synonyms"].items() for w in words]
    done = lex["one_char_before"]
    return tuple((w, verb, re.compile(rf"(?<![{kept}]){re.escape(w)}(?![”\"」』'])"
                                      + (rf"(?=[{done}])" if len(w) == 1 else "")))
                 for w, verb in sorted(pairs, key=lambda p: len(p[0]), reverse=True))


def _one_date_of(verb: str, holding: list) -> bool:
    """Whether a verb that names a date column (离职 of 离职日期) names exactly one date column
    among ``holding``, every other one a column of filled values (离职类型), not a step left blank."""
    dates = [c for c in holding if c.type == "date"]
    return verb in lexicon("stateverbs")["dated_verbs"] and len(dates) == 1 and all(
        c.type in ("text", "mixed", "number") and c.distinct for c in holding if c is not dates[0])


def said_state_verbs(request: str, schema: SheetSchema) -> str:
    """``request`` with a step's verb said as the header says it: "没做好的" beside 完成日期 is
    "没完成的"; unchanged where the header is not one column's or a header holds the word."""
    if not re.search(r"[\u4e00-\u9fff]", request):
        return request
    heads = [c.header.strip() for c in schema.columns]
    for word, verb, pat in _said():
        if word not in request or any(word in h for h in heads):
            continue
        holding = [c for c in schema.columns if verb in c.header]
        if len(holding) != 1 and not _one_date_of(verb, holding):
            continue
        if any(word in str(v) for c in schema.columns if c.type in ("text", "mixed") for v in c.distinct):
            continue
        request = pat.sub(verb, request)
    return request
