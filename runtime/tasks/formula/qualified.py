"""A header's qualifier in brackets said before it: 金额(不含税) as 不含税金额 or 不含税的金额.

A bracket after a Chinese header mostly holds a unit (收入（万元）, 数量(斤)): that is dropped
(``_bare``).  A bracket that qualifies what is counted (不含税, 税前, 实发) is said in front of the
header as often as behind it, so both orders name the column.  A bracket with a unit's character
in it is left to ``_bare``: "万元收入" is no way to name 收入（万元）.
"""

from __future__ import annotations

import re

#: characters of the units Chinese headers carry in brackets (元, 万元, 斤, 小时, ㎡, %, ...)
_UNIT_CHARS = frozenset("元斤克吨亩米升度时分秒钟节串束包盒箱袋瓶支只台头份次件天月年%㎡万千公里平方")
_QUALIFIED = re.compile(r"([\u4e00-\u9fff]{2,})\s*[（(]\s*([\u4e00-\u9fff]{2,6})\s*[)）]")


def qualifier_first(header: str) -> set[str]:
    """The ways a request names ``header`` with its bracketed qualifier said first (none for a unit)."""
    m = _QUALIFIED.fullmatch(header.strip())
    if m is None or _UNIT_CHARS & set(m.group(2)):
        return set()
    base, qualifier = m.groups()
    return {qualifier + base, f"{qualifier}的{base}"}
