"""A number's bound said inclusive or not in brackets, written the way every reader takes it.

"重量10kg以上(含)" is "重量10kg及以上"; "5天以上（不含5天）" is "超过5天"; "60分以下（不含）" is "低于60分";
"超过200块（含）" is "200块及以上".
以上 / 以下 alone read as inclusive already; the bracket, when it says otherwise, is the bound.
"""

from __future__ import annotations

import re

_UNIT = r"[^\d\s，,。；;、（()）]{0,3}?"
_BOUND = re.compile(rf"(?P<n>\d[\d.]*)(?P<u>{_UNIT})(?P<and>及|或)?(?P<side>以上|以下)\s*[（(]\s*"
                    r"(?P<not>不|不包|不包括|不算)?(?:含|包含|包括|算)(?:\s*(?P=n)\s*(?P=u)?)?(?:在内)?\s*[)）]")


# "超过200块（含）", "低于60分(含60)": a strict comparison word whose bracket takes the number in
_STRICT = re.compile(rf"(?<!不)(?P<word>超过|高于|大于|多于|低于|小于|少于)\s*(?P<n>\d[\d.]*)(?P<u>{_UNIT})\s*[（(]\s*"
                     r"(?:含|包含|包括|算)(?:\s*(?P=n)\s*(?P=u)?)?(?:在内)?\s*[)）]")
_UP = ("超过", "高于", "大于", "多于")


def said_bounds(request: str) -> str:
    """``request`` with each bracketed inclusive or exclusive number bound written out."""
    request = _STRICT.sub(lambda m: f"{m['n']}{m['u']}及{'以上' if m['word'] in _UP else '以下'}", request)
    def said(m: re.Match) -> str:
        n, u = m["n"], m["u"]
        if m["not"]:
            if m["and"]:
                return m.group(0)  # "10及以上（不含）": which
            return ("超过" if m["side"] == "以上" else "低于") + n + u
        return f"{n}{u}及{m['side']}"
    return _BOUND.sub(said, request)
