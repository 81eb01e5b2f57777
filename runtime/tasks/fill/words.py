"""Keyword matching for retrieval: a field's words found in the document by stem.

A memo says "We seek $12 million" or "Launching in China on 2027-04-01";
the field's words are "seek" and "launch".  English keywords match whole
words by a light stem on both sides (seek/seeking/seeks, raise/raising/
raised, launch/launching/launches, plan/planned), a phrase word by word;
Chinese keywords, symbols and mixed keywords match as substrings (Chinese
has no inflection to undo, and no spaces to cut words at).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..summarize.extractive import _stem as _strip_suffix

__all__ = ["stem", "find", "count", "tokens"]

_TOKEN = re.compile(r"[a-z0-9]+")
_LATIN = re.compile(r"[a-z0-9]+(?: [a-z0-9]+)*")


def stem(word: str) -> str:
    """``word``'s stem: -ly, plural, -ing and -ed off, a doubled final consonant and a final e too."""
    word = word.lower()
    if word.endswith("ly") and len(word) >= 6:
        word = word[:-2]  # quarterly -> quarter, monthly -> month
    s = _strip_suffix(word)
    if s != word and word.endswith(("ing", "ed")) and len(s) >= 4 and s[-1] == s[-2] \
            and s[-1] not in "aeiouls":
        s = s[:-1]  # planned -> plann -> plan
    if len(s) >= 4 and s.endswith("e"):
        s = s[:-1]  # raise -> rais, the stem of raising
    return s


@lru_cache(maxsize=64)
def _stems(hay: str) -> tuple[tuple[str, int, int], ...]:
    return tuple((stem(m.group(0)), m.start(), m.end()) for m in _TOKEN.finditer(hay.lower()))


def tokens(hay: str) -> tuple[tuple[str, int, int], ...]:
    """(stem, start, end) of every Latin word of ``hay``."""
    return _stems(hay)


@lru_cache(maxsize=4096)
def _keyword(word: str) -> tuple[str, ...] | None:
    w = word.lower().strip()
    return tuple(stem(t) for t in w.split()) if _LATIN.fullmatch(w) else None


def find(hay: str, word: str) -> list[tuple[int, int]]:
    """Where ``word`` occurs in ``hay``: (start, end) spans, in order."""
    if not word or not hay:
        return []
    key = _keyword(word)
    if key is None:
        low = hay.lower()
        w = word.lower()
        return [(m.start(), m.end()) for m in re.finditer(re.escape(w), low)]
    toks = _stems(hay)
    n = len(key)
    return [(toks[i][1], toks[i + n - 1][2]) for i in range(len(toks) - n + 1)
            if all(toks[i + j][0] == key[j] for j in range(n))]


def count(hay: str, words: list[str]) -> int:
    """How many of ``words`` occur in ``hay``."""
    return sum(1 for w in words if w and find(hay, w))
