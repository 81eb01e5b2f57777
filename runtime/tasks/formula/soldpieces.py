""""How many candles did I sell at Durham?": the pieces sold, not the sales.

On a sales log with one quantity column (Qty, Units, 数量), "how many <goods> did we sell" asks
for that column added up: the goods are what every row sells (no header, value or row noun of
the sheet), the verb says they changed hands (lexicon sold_pieces_verbs).  The rest of the
request (the market, the month, the size) is read as the conditions of that total, by the
readers "total Qty at Durham" goes to; a request the rest of which they cannot read is refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .rowbase import group_of, header_forms, lexicon
from .schema import SheetSchema

_LEX = lexicon("aggregates")
_VERBS = "|".join(sorted(map(re.escape, _LEX["sold_pieces_verbs"]), key=len, reverse=True))
_ASKED = re.compile(
    r"(?<![a-z])(?:how many|number of)\s+(?P<goods>[a-z]+(?:\s+[a-z]+)?)\s+"
    r"(?:(?:did|do|have|has|had|could|can)\s+(?:i|we|you|they|he|she|the shop|the stall)\s+"
    r"|(?:were|was|have been|has been|got|get)\s+)"
    rf"(?:{_VERBS})(?![a-z])")
#: words that count rows or people, never pieces
_NOT_GOODS = frozenset(_LEX["row_nouns"] + _LEX["people_nouns"] + _LEX["row_people_en"]
                       + _LEX["quantity_nouns_en"]["units"] + _LEX["quantity_nouns_en"]["heads"]
                       + ["times", "days", "weeks", "months", "of them", "of these", "of those"])


def read_sold_pieces(request: str, schema: SheetSchema,
                     read: Callable[[str, SheetSchema], object | None]) -> tuple[str, str] | None:
    """The total of the quantity column a "how many <goods> did I sell ..." request asks for,
    read by ``read`` (the rule reader) as "total <Qty> ..." with the rest of the request; None
    when the sheet has no one quantity column or the goods are something the sheet names (a word before them may be: "small candles")."""
    text = request.lower()
    m = _ASKED.search(text)
    if m is None:
        return _zh_pieces(text, schema, read)
    goods = m.group("goods")
    qty = group_of(schema, "qty")
    if qty is None or qty.type != "number" or goods in _NOT_GOODS or not goods.endswith("s"):
        return None
    said = {f for c in schema.columns for f in header_forms(c.header)}
    said |= {str(v).lower() for c in schema.columns for v in c.distinct}
    *before, noun = goods.split()
    if noun in said or noun.rstrip("s") in said:
        return None  # "how many large did we sell": a value, not the goods
    # "how many small candles": Small a condition kept for the readers, candles the goods
    asked = f"{text[:m.start()]} total {qty.header.lower()} {' '.join(before)} {text[m.end():]}".strip()
    found = read(asked, schema)
    if found is None or not re.match(r"=\s*SUM", found.formula) or f"{qty.letter}{qty.first_row}" not in found.formula:
        return None
    return found.formula, found.explanation


_ZH_MEASURE = re.compile(r"(?P<verb>卖了|卖出|售出|领了|用了|出库)(?:了)?(?P<ask>几|多少)(?P<unit>"
                         + "|".join(map(re.escape, _LEX["zh_piece_measures"])) + ")")


def _zh_pieces(text: str, schema: SheetSchema,
               read: Callable[[str, SheetSchema], object | None]) -> tuple[str, str] | None:
    """"牛肉面一共卖了几碗": the goods counted in their own measure word are pieces, read as
    "卖了多少个" (the quantity column added up) where no header holds the measure word."""
    m = _ZH_MEASURE.search(text)
    qty = group_of(schema, "qty") if m else None
    if m is None or qty is None or qty.type != "number" or any(m["unit"] in c.header for c in schema.columns):
        return None
    found = read(f"{text[:m.start()]}{m['verb']}多少个{text[m.end():]}", schema)
    if found is None or not re.match(r"=\s*SUM", found.formula) or f"{qty.letter}{qty.first_row}" not in found.formula:
        return None
    return found.formula, found.explanation
