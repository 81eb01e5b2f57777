"""The regular-expression alternations the rule families put into their patterns.

Built once from the vocabulary data (``lexicon/phrases.json`` through
``phrases.py``, and ``lexicon/compose.json``); the order of the words is kept,
because an alternation takes the first word that matches.
"""

from __future__ import annotations

from ..phrases import (
    AGG_EN,
    AGG_ZH,
    CMP_EN,
    CMP_SUFFIX_ZH,
    CMP_ZH,
    ROW_NOUNS_EN,
    ROW_NOUNS_ZH,
    SEPARATORS,
)
from ..rowbase import lexicon

_WORDS = lexicon("compose")


def _alt(pairs: list[tuple[str, str]], skip: tuple[str, ...] = ()) -> str:
    return "|".join(w for ws, _ in pairs for w in ws.split("|") if not (skip and w.startswith(skip)))


AGG_EN_RE = _alt(AGG_EN)
AGG_ZH_RE = _alt(AGG_ZH)
#: the English comparisons that go before the number ("or more" goes after: CMP_POST_RE)
CMP_EN_RE = _alt(CMP_EN, ("or ", "and "))
CMP_POST_RE = "|".join(_WORDS["comparison_tails_en"])
CMP_ZH_RE = _alt(CMP_ZH)
CMP_SFX_RE = _alt(CMP_SUFFIX_ZH)
NOUN_EN_RE = "|".join(sorted(ROW_NOUNS_EN, key=len, reverse=True))
NOUN_ZH_RE = "|".join(ROW_NOUNS_ZH)
SEP_RE = "|".join(f"(?:{p})" for p, _ in SEPARATORS)
MAXW_RE = "|".join(_WORDS["max_words"])
MINW_RE = "|".join(_WORDS["min_words"])
DESC_RE = "|".join(_WORDS["descending"])
ASC_RE = "|".join(_WORDS["ascending"])
#: verbs of a relative clause that only link the rows to their condition
REL_RE = "|".join(_WORDS["relative_verbs"])
#: what a number column's cells hold (成绩, 分数), said after its aggregate
VALUE_NOUNS_ZH_RE = "|".join(_WORDS["value_nouns_zh"])
SHOW_RE: str = _WORDS["show_en"]
ZH_SHOW_RE: str = _WORDS["show_zh"]
