"""A share of an amount said in Chinese with the part's own words (issue 16, round 15).

"技术部占比多少", "微信占比多少", "面类营业额占总营业额的比例", "类别是面的金额占比", "出差费用占比":
the part is what the aggregate readers read as a total when it is said with 合计 ("技术部合计",
"面类营业额合计" -> ``SUMIF(C:C,"面",F:F)``), and the share is that total over the whole
column's, ``SUMIF(...)/SUM(F:F)``.

Count or value: a share whose rows are said ("狗的单子占比", "出车次数占比", "坐包间的人占百分之
多少": lexicon partshare.json count_words) is a share of rows, read_share's, never read here.  A
share said with a category value alone ("技术部占比多少") on a ledger with one money column
(money_column: 金额, 营业额) is the share of that money: the rows are payments, what they came to
is what is shared out (dev16's two golds: 技术部占比 and 微信占比 are shares of 金额); on a sheet
without one money column it is not read here (the count is then read_share's reading).
"""

from __future__ import annotations

import re

from .rowbase import is_zh, lexicon
from .schema import SheetSchema

_YES_NO = {"是", "否", "yes", "no", "y", "n"}
_SUMIF = re.compile(r"=SUMIFS?\((?P<args>.*)\)")


def _lex() -> dict:
    return lexicon("partshare")


def split_share(request: str) -> tuple[str, str] | None:
    """(part, whole) of a Chinese share request; whole "" when only the part is said
    ("技术部占比多少"); None when the request is no share of this shape."""
    text = re.sub(r"\s+", "", request.strip().rstrip("?？.。"))
    lex = _lex()
    if "占" in text.replace("占比", ""):
        m = re.fullmatch(r"(?P<a>.+?)占(?P<b>.*?)(?:" + "|".join(map(re.escape, lex["share_of_tails"])) + ")(?:是)?(?:多少)?",
                         text)
        if m is None:
            return None
        whole = m.group("b").removesuffix("的")
        for p in sorted(lex["whole_prefixes"], key=len, reverse=True):
            whole = whole.removeprefix(p)
        return m.group("a").removesuffix("的"), whole
    for tail in sorted(lex["share_tails"], key=len, reverse=True):
        if text.endswith(tail) and len(text) > len(tail):
            return text[: -len(tail)].removesuffix("的"), ""
    return None


def rows_counted(text: str) -> bool:
    """Whether a Chinese request counts rows with words that name no amount ("微信付了几笔，占比多少",
    "出车次数占比"): its share is of rows, whatever money verb it says (付了)."""
    return is_zh(text) and any(w in text for w in _lex()["rows_counted_words"])


def _counted(part: str, whole: str, schema: SheetSchema) -> bool:
    """Whether the request says the rows are counted ("单子", "次数", "人", "差旅费的报销单": what
    one row of the sheet is, row_things)."""
    from .aggregates import row_things

    if any(w in part or w in whole for w in _lex()["count_words"]):
        return True
    nouns = [w for w in row_things(schema) if is_zh(w)]
    return any(part.endswith(w) or whole.endswith(w) or whole.endswith(w + "数") for w in nouns)


def read_part_share(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """``=SUMIF(...)/SUM(v)``: the total of the part the request names over the whole
    column's total; None when the request is not such a share or its part is not read."""
    from .aggregates import money_column
    from .quantities import rows_are_people
    from .rules import read_request as read

    if not is_zh(request):
        return None
    said = split_share(request)
    if said is None:
        return None
    part, whole = said
    if re.fullmatch(r"了?(?:多大|多少|几成|啥|什么)?", whole):
        whole = ""  # "占了多大比例": how big the share is, no whole named
    elif re.search(r"多|几|了|啥|什么|算", whole):
        return None  # "占几成？算个百分比": more said than a whole, not read here
    if not part or _counted(part, whole, schema):
        return None
    got = read(part + _lex()["sum_tail"], schema)
    money = money_column(schema)
    if got is None and money is not None and not whole and _row_amount(money):
        # "技术部占比多少": a category value alone, on a ledger whose one money column is shared out
        # (what each row came to: 金额, 营业额; never a side charge like 茶水费 beside the hours)
        got = read(f"{part}的{money.header}{_lex()['sum_tail']}", schema)
    m = _SUMIF.fullmatch(got.formula) if got is not None else None
    if m is None:
        return None
    args = m.group("args").split(",")
    said = [a.strip('"') for a in args if a.startswith('"')]
    if not said or any(v.lower() not in part.lower() or v.lower() in _YES_NO for v in said):
        return None  # "午托的比例": a yes / no column named, its rows are counted (read_share)
    rng = args[0] if got.formula.startswith("=SUMIFS") else args[-1]
    col = next((c for c in schema.columns if c.range == rng and c.type == "number"), None)
    if col is None or len(args) < 2:
        return None
    if whole:  # "占总营业额": the whole's total must be the same column's
        total = read(whole + _lex()["sum_tail"], schema)
        if total is None or total.formula != f"=SUM({rng})":
            return None
    elif not _names_amount(part, col, schema) and (col is not money or not _row_amount(col) or rows_are_people(schema)):
        return None  # "技术部占比" with no money column, or on a roster of people: an amount is not guessed
    return (f"{got.formula}/SUM({rng})", f"{got.explanation} ÷ {col.header}合计")


def _names_amount(part: str, col, schema: SheetSchema) -> bool:
    """Whether the part names the summed column itself ("类别是面的金额")."""
    from .rowbase import mentions

    return any(c is col for _p, c in mentions(part, schema))


def _row_amount(col) -> bool:
    """Whether ``col`` is what a row came to (its header says an amount: 金额, 营业额, 收入), not
    one charge among others (茶水费): only the former is what a bare category's share is of."""
    from .rowbase import _bare, has

    return has(_bare(col.header).lower(), lexicon("aggregates")["amount_headers"])
