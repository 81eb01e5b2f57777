"""Where a sheet's words could turn a Chinese row verb into a condition.

"行政部借了几次档案" on a lending log (借阅单号, 借阅人, 借阅日期): 借 is what every row records,
not which rows.  ``aggregates._zh_context`` passes such a verb (lexicon zh_row_verbs) over only
where the sheet holds no such word (退 beside an 已退款 column may be a condition).  A header that
only records the event itself (the date it happened, the number of its slip, the person who did
it: 借阅日期, 借阅单号, 借阅人) makes no condition of it, so those headers are left out here.
"""

from __future__ import annotations

import re

from .checks import is_identifier
from .schema import SheetSchema

#: a header naming who did what a row records (借阅人, 经办人, 领用人, 操作员)
_DOER = re.compile(r"[\u4e00-\u9fff]+(?:人|员)")


def condition_text(schema: SheetSchema) -> str:
    """The sheet's headers, text values and title cells where a word may name rows, but for the
    headers that only record each row's event (a date, an identifier, the person)."""
    heads = [c.header for c in schema.columns
             if not (c.type == "date" or is_identifier(c) or _DOER.fullmatch(c.header.strip()))]
    parts = heads + [str(v) for c in schema.columns for v in c.distinct]
    parts += [v for (r, _c), v in schema.cells.items() if r < schema.header_row and isinstance(v, str)]
    return "\n".join(parts)
