"""When a period a Chinese report names ends: "2025年度" in December 2025, "2026年1-9月" and
"2026年前三季度" in September 2026, "2026年上半年" in June.

A document often gives figures for more than one period: a transfer notice's last audited year
and its latest interim ("最近一个年度（2025年度）：营业收入52,870万元" / "最近一期（2026年1-9月）：
营业收入41,635万元"), a profile's history ("2019年，营业收入1.2亿元" … "2025年，营业收入9.7亿元").
Where it sets them side by side, the latest is where the company stands; comparing needs the
end of each.
"""

from __future__ import annotations

import re

__all__ = ["period_end", "planned", "PERIOD_IN_LINE"]

_Q = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}
#: a period phrase with its year, as a report's line names it before its figures
PERIOD_IN_LINE = re.compile(r"((?:19|20)\d\d)\s*年\s*(?:(\d{1,2})\s*(?:月\s*)?[-—–~至到]\s*(\d{1,2})\s*月"
                            r"|前三季度|第?([一二三四1-4])季度|([上下])半年度?|(\d{1,2})\s*月(?!\s*\d{1,2}\s*[日号])"
                            r"|(?:全年|年度|度)?)")


def period_end(phrase: str) -> tuple[int, int] | None:
    """(year, month) the period ``phrase`` ends in; None when it is no period of a year, its
    months, quarters or halves (a week's, an issue's: "2026年第23周")."""
    m = PERIOD_IN_LINE.fullmatch(phrase.strip().removesuffix("份"))
    if m is None:
        return None
    year = int(m.group(1))
    if m.group(3):
        month = int(m.group(3))
    elif "前三季度" in m.group(0):
        month = 9
    elif m.group(4):
        month = 3 * _Q[m.group(4)]
    elif m.group(5):
        month = 6 if m.group(5) == "上" else 12
    elif m.group(6):
        month = int(m.group(6))
    else:
        month = 12
    return (year, month) if 1 <= month <= 12 else None


#: words that make a period's figures a plan, a budget or a promise, not results ("2026年度营业收入
#: 预算为55,000万元", "业绩承诺：2027年营业收入不低于2.5亿元", "预计2026年…")
_PLAN = r"目标|计划|预计|力争|预算|承诺|预测|规划|指引|不低于|不少于"
_PLAN_BEFORE = re.compile(rf"(?:{_PLAN})")
_PLAN_AFTER = re.compile(rf"[^。；;！？\n]{{0,8}}?(?:{_PLAN})")


def planned(text: str, start: int, end: int) -> bool:
    """The period at ``text[start:end]`` is a plan's: plan words in the 8 characters before it,
    or in its clause's first words after it."""
    return bool(_PLAN_BEFORE.search(text[max(0, start - 8):start])) or _PLAN_AFTER.match(text[end:end + 24]) is not None
