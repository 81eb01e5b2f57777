"""General bilingual vocabulary of spreadsheet requests (no sheet, no question set).

Words for ordinals, aggregates, comparisons, separators and the nouns people
use for "a row" are data (``lexicon/phrases.json``: a successor adds words
there, not here); this module loads them once and keeps what is code: the
Excel function of each aggregate, the words an explanation uses, and reading
Chinese numerals.  The rule families (``families/``) build patterns from them.
"""

from __future__ import annotations

import re

from .rowbase import lexicon

_LEX = lexicon("phrases")

ORDINALS: dict[str, int] = _LEX["ordinals"]
ORD_RE: str = _LEX["ordinal_pattern"]
# words for "one row of the table"
ROW_NOUNS_EN: tuple[str, ...] = tuple(_LEX["row_nouns_en"])
ROW_NOUNS_ZH: tuple[str, ...] = tuple(_LEX["row_nouns_zh"])
ZH_CLASSIFIERS: str = _LEX["zh_classifiers"]


def _pairs(key: str) -> list[tuple[str, str]]:
    return [(words, meaning) for words, meaning in _LEX[key]]


#: (words as a regular expression alternation, the operation they name), most specific first
AGG_EN = _pairs("aggregates_en")
AGG_ZH = _pairs("aggregates_zh")
CMP_EN = _pairs("comparisons_en")
CMP_ZH = _pairs("comparisons_zh")
CMP_SUFFIX_ZH = _pairs("comparison_suffixes_zh")
#: separators named in words: (pattern, the separator)
SEPARATORS = _pairs("separators")

FUNC_OF_AGG = {"sum": "SUM", "average": "AVERAGE", "max": "MAX", "min": "MIN",
               "median": "MEDIAN", "stdev": "STDEV.S", "stdevp": "STDEV.P", "var": "VAR.S",
               "count": "COUNT", "counta": "COUNTA"}
AGG_WORD = {"sum": "sum", "average": "average", "max": "largest", "min": "smallest",
            "median": "median", "stdev": "sample standard deviation",
            "stdevp": "population standard deviation", "var": "sample variance",
            "count": "count", "counta": "count"}

ZH_DIGITS: dict[str, int] = _LEX["zh_digits"]


def zh_number(text: str) -> int | None:
    """一 -> 1, 十二 -> 12, 二十 -> 20, 两 -> 2; 两百 -> 200, 一百五 -> 150 (said short: 一百五十),
    三千零五 -> 3005, 两万 -> 20000; None for anything else."""
    if not text:
        return None
    for unit, size in (("万", 10000), ("千", 1000), ("百", 100)):
        if unit in text:
            head, _, rest = text.partition(unit)
            lead = zh_number(head) if head else 1
            if lead is None or unit != "万" and not 1 <= lead <= 9:
                return None
            if not rest:
                return lead * size
            if rest[0] == "零":  # 一百零五: the 零 says the next place is empty
                tail = zh_number(rest[1:])
                return None if tail is None or tail * 10 >= size else lead * size + tail
            if len(rest) == 1 and rest in ZH_DIGITS and size >= 100:  # 一百五 = 150, 三千二 = 3200
                return lead * size + ZH_DIGITS[rest] * size // 10
            tail = zh_number(rest)
            return None if tail is None or tail >= size or tail * 10 < size else lead * size + tail
    if any(ch not in ZH_DIGITS and ch != "十" for ch in text):
        return None
    if "十" not in text:
        return ZH_DIGITS[text] if len(text) == 1 else None
    tens, _, ones = text.partition("十")
    t = ZH_DIGITS.get(tens, 0) if tens else 1
    o = ZH_DIGITS.get(ones, 0) if ones else 0
    return t * 10 + o


_ZH_NUM_BEFORE: str = _LEX["zh_count_words"]


def normalize_zh_numbers(text: str) -> str:
    """第三 -> 第3, 两位小数 -> 2位小数, 最后一位 -> 最后1位 (counts and ordinals only)."""
    def fix(m: re.Match) -> str:
        n = zh_number(m.group(2))
        return m.group(0) if n is None else f"{m.group(1)}{n}"

    text = re.sub(r"(第|倒数第)([零一二两三四五六七八九十]+)", fix, text)
    return re.sub(rf"(^|[^第零一二两三四五六七八九十A-Za-z0-9_])([一二两三四五六七八九十]+)(?=[{_ZH_NUM_BEFORE}])",
                  fix, text)


# words that carry no meaning of their own in a request
FILLER_EN: frozenset[str] = frozenset(_LEX["filler_en"])
FILLER_ZH: tuple[str, ...] = tuple(_LEX["filler_zh"])
