"""A product the request spells out, against the product the formula writes (issue 16 item 5).

"hire charge for each booking = hours x rate per hour x number of boats" names three factors;
``=H2*E2`` multiplies two (the hours, worked out from the Out and Back times, fell away) and
gives a plausible charge that is wrong on every row.  Whatever the words of each factor, a
formula that multiplies fewer things than the request joins with "x", "times", "×" or 乘以
has dropped one, so the answer is refused.  A formula may multiply more (a time difference
carries its own ``*24``; a rate is found by a lookup), never fewer.
"""

from __future__ import annotations

import re

#: a multiplication sign between two factors the request names ("kg x rate", "2 × 3", 斤数乘以单价);
#: "how many times", "number of times" and "3 times a week" count occasions, not a product
_TIMES = re.compile(r"(?<=\S)\s+x\s+(?=\S)|(?<=\d)x(?=\s*[a-z(])|×|\s\*\s|乘以|乘上"
                    r"|(?<!many )(?<!few )(?<!\d )(?<!several )(?<!number of )(?<!no\. of )(?<!no of )(?<![a-z])times(?![a-z])(?!\s+(?:a|per|each|every)\b)",
                    re.I)
#: the factors of a formula: its multiplication signs, and the arrays SUMPRODUCT multiplies
_SUMPRODUCT = re.compile(r"\bSUMPRODUCT\(", re.I)


def _products(formula: str) -> int:
    """How many multiplications ``formula`` writes."""
    from .checks import _call_arguments

    return formula.count("*") + sum(len(_call_arguments(formula, m.end())) - 1
                                    for m in _SUMPRODUCT.finditer(formula))


def factor_dropped(request: str, formula: str) -> str | None:
    """The request multiplies more factors than the formula does."""
    said = len(_TIMES.findall(request))
    if said == 0:
        return None
    written = _products(formula)
    if written >= said:
        return None
    return (f"the request multiplies {said + 1} things and the formula {written + 1}"
            if written else f"the request multiplies {said + 1} things and the formula none")
