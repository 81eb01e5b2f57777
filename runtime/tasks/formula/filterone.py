"""A one-row ask the composer wrote as FILTER ("查一下谢玉兰的手机号", "what's Anna's email"):
``FILTER(D2:D31,B2:B31="谢玉兰")`` is INDEX/MATCH when every row the key names holds the same
answer, so a target without FILTER (portable, Excel 2016, LibreOffice 7) still gets it.

A list asked for ("list the phones of ...", 列出, 哪些) stays FILTER: its rows are the answer.
"""

from __future__ import annotations

import re

from .rowbase import lexicon, values
from .schema import SheetSchema, col_index

_ONE_FILTER = re.compile(r'=FILTER\(\$?([A-Z]{1,3})\$?(\d+):\$?([A-Z]{1,3})\$?(\d+),'
                         r'\$?([A-Z]{1,3})\$?(\d+):\$?([A-Z]{1,3})\$?(\d+)="((?:[^"]|"")*)"\)')


def as_index_match(request: str, formula: str, schema: SheetSchema) -> str | None:
    """``formula`` as INDEX/MATCH when it is one column FILTERed on one value whose rows all hold
    the same non-empty answer and the request asks for no list; None otherwise."""
    m = _ONE_FILTER.fullmatch(formula.strip())
    if m is None or re.search(lexicon("lookups")["list_asked"], request.lower()):
        return None
    a, a1, a_end, a2, k, k1, k_end, k2, value = m.groups()
    if a != a_end or k != k_end or (a1, a2) != (k1, k2):
        return None
    by_letter = {c.letter: c for c in schema.columns}
    answer, key = by_letter.get(a), by_letter.get(k)
    if answer is None or key is None or col_index(a) == col_index(k):
        return None
    said = value.replace('""', '"')
    got = {str(v).strip() for kv, v in zip(values(schema, key), values(schema, answer), strict=True)
           if str(kv).strip() == said and v not in (None, "")}
    if len(got) != 1:
        return None  # no row, a blank, or two answers: which one is not guessed
    return f'=INDEX({a}{a1}:{a}{a2},MATCH("{value}",{k}{k1}:{k}{k2},0))'
