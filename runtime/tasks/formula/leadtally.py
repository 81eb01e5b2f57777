"""统计 in front of a request that names a number column to add up: "统计城南小学的数量",
"统计一下来文单位为人社局的份数".

统计 is also a counting word ("统计人数"), so the aggregate reader reads the rows counted and
meets a number column it cannot count: the request is refused.  Where what follows 统计 ends
with a number column of the sheet (its header, perhaps with 合计 / 总数 after it), 统计 only
says "work out", and the rest is read as said ("城南小学的数量" is that column added up).
"""

from __future__ import annotations

import re

from .rowbase import header_forms
from .schema import SheetSchema

_LEAD = re.compile(r"^\s*(?:请|帮我|麻烦|怎么|如何|怎样)?统计(?:一下|下)?\s*")
_TAIL = re.compile(r"(?:的)?(?P<head>(?:(?!的)[\u4e00-\u9fff]){2,6})(?:合计|总和|总计|总数|之和)?\s*[?？。.]?\s*$")


def without_lead_tally(request: str, schema: SheetSchema) -> str:
    """``request`` less a leading 统计 where it ends with a number column's header."""
    m = _LEAD.match(request)
    if m is None:
        return request
    rest = request[m.end():]
    tail = _TAIL.search(rest)
    heads = {f for c in schema.columns if c.type == "number" for f in header_forms(c.header)}
    if tail is None or not any(tail["head"].endswith(h) and len(h) >= 2 for h in heads):
        return request
    return rest if rest.strip() else request
