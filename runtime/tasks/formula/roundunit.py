"""Chinese rounding clauses that name the unit kept (issue 16, rounding): "金额四舍五入到元",
"平均代理费（取到百元）", "单件运费保留到角", "精确到十位", "把金额四舍五入到整数元，每行都要",
and a bare "，整数" / "（整数）" closing a request.

People round money to the coin or note they count in rather than to a number of decimal places:
元 keeps 0 digits, 角 1, 分 2, 百元 -2.  The clause may stand anywhere (mid-request, in brackets,
before "每行都要"), so it is found wherever it is and handed to ``rows.rounding_clause``, the
one reader of a rounding clause, which reads the rest on its own and wraps its number in ROUND.
A unit needs a verb before it (四舍五入 / 精确 / 取 / 保留 ... 到): a bare "到元" is not read, and
"分钟" or "百分比" after 到 are not money units.  Vocabulary: ``lexicon/roundunit.json``.
"""

from __future__ import annotations

import re
from functools import cache

from .rowbase import lexicon


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, int]]:
    lex = lexicon("roundunit")
    verbs = "|".join(sorted(map(re.escape, lex["verbs"]), key=len, reverse=True))
    units = "|".join(sorted(map(re.escape, lex["units"]), key=len, reverse=True))
    clause = re.compile(
        r"(?:[，,;；]\s*|(?<=[\u4e00-\u9fff]))?(?:并且?|再|后)?\s*"
        rf"(?P<dir>向上|向下)?(?:(?:{verbs})(?:取整)?|取整)\s*(?:到|至)\s*(?P<unit>{units})"
        rf"(?!{lex['not_after']})")
    return clause, re.compile(lex["whole"]), lex["units"]


def unit_clause(text: str) -> tuple[int, int, int, list[float], str] | None:
    """The clause of ``text`` that rounds to a named unit, as ``rows.rounding_clause`` gives it:
    (start, end, places, the numbers it says, ROUND / ROUNDUP / ROUNDDOWN); None when there is none."""
    clause, whole, units = _patterns()
    m = clause.search(text)
    if m is not None:
        unit = m.group("unit")
        fn = {"向上": "ROUNDUP", "向下": "ROUNDDOWN"}.get(m.group("dir") or "", "ROUND")
        return m.start(), m.end(), units[unit], [float(d) for d in re.findall(r"\d+", unit)], fn
    m = whole.search(text.rstrip(" 。.?？!！"))
    if m is not None:
        return m.start(), m.end(), 0, [], "ROUND"
    return None
