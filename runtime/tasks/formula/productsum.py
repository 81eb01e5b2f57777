"""The total of a product of two number columns said with its factors (issue 16, round 15).

"sum of amount times probability over all the opps", "how much did we take in all (qty times
price)", "销售额合计（售价×售出数量）", "数量乘单价的总和": each row's A × B added up, written
``=SUMPRODUCT(A,B)`` (Excel 2016 computes it without Ctrl+Shift+Enter).

Each factor must be one number column's name and nothing else; the words around the product
must ask for a total (lexicon productsum.json total_en / total_zh) and be no more than a name for
it (label_fillers_en; in Chinese a short name of at most six characters before 合计 / 总), so no
condition said ("for Tom", "11月") can be left out of the formula.
"""

from __future__ import annotations

import re

from .rowbase import cover, is_zh, lexicon, mentions
from .schema import Column, SheetSchema


def _lex() -> dict:
    return lexicon("productsum")


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _column(side: str, schema: SheetSchema) -> Column | None:
    """The one number column ``side`` names with nothing else said, or None."""
    from .rows import _names_of

    side = side.strip(" ,，:：的")
    found = [c for _p, c in mentions(side, schema)]
    if len(set(map(id, found))) != 1 or found[0].type != "number":
        return None
    col = found[0]
    return col if not cover(side, _names_of(col, schema, bare=True)).strip(" 的") else None


def _factors(text: str, schema: SheetSchema) -> tuple[Column, Column, tuple[int, int]] | None:
    """The two columns of a product said in ``text`` ("amount times probability", "售价×售出数量")
    and the span of it; None when no such product is said."""
    times = _alt(_lex()["times_zh"] if is_zh(text) else _lex()["times_en"])
    word = r"[\u4e00-\u9fff（）()a-z0-9%£$/]+?" if is_zh(text) else r"[a-z][a-z0-9 ]*?"
    pad = r"\s*" if is_zh(text) else r"\s+"
    for m in re.finditer(rf"(?P<a>{word}){pad}(?:{times}){pad}(?P<b>{word})(?=[\s,，。.?？)）的]|$)", text):
        start = m.start("a")
        zh = is_zh(text)
        words = list(m.group("a")) if zh else m.group("a").split()
        sep = "" if zh else " "
        for k in range(len(words)):  # "sum of amount", "合计（售价": the factor is the last words before "times"
            a = _column(sep.join(words[k:]), schema)
            if a is not None:
                start = m.start("a") + len(sep.join(words[:k])) + (1 if k and not zh else 0)
                break
        b = _column(m.group("b"), schema)
        if a is not None and b is not None and a is not b:
            return a, b, (start, m.end("b"))
    return None


def _only_a_total(rest: str, schema: SheetSchema, heads: tuple[str, ...] = ()) -> bool:
    """Whether the words left around the product only ask for its total ("本月销售额合计" names
    a month only where the sheet has no dates to pick it out by)."""
    lex = _lex()
    if is_zh(rest):
        rest = re.sub(r"[\s（）()，,：:？?。的]", "", rest)
        left = re.sub(_alt(lex["total_zh"]), "", rest)
        for head in heads:  # "本月销售额合计（售价×本月售出）": 本月 is the factor's own word
            for n in range(len(head), 1, -1):
                for i in range(len(head) - n + 1):
                    left = left.replace(head[i:i + n], "")
        dated = any(c.type == "date" for c in schema.columns)
        return rest != left and len(left) <= 6 and not re.search(r"\d|是|为|不|没", left) \
            and not (dated and re.search(r"[月年日周天]", left))
    words = re.findall(r"[a-z']+|\d+", rest)
    said = re.sub(rf"(?<![a-z])(?:{_alt(lex['total_en'])})(?![a-z])", " ", " ".join(words))
    return said != " ".join(words) and all(w in lex["label_fillers_en"] for w in said.split())


def read_product_sum(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """``=SUMPRODUCT(A,B)``: the rows' A × B added up, when the request says the product of two
    number columns and otherwise only asks for its total; None otherwise."""
    text = request.lower().strip().rstrip("?？.。")
    got = _factors(text, schema)
    if got is None:
        return None
    a, b, (s, e) = got
    if (a.first_row, a.last_row) != (b.first_row, b.last_row):
        return None
    if not _only_a_total(text[:s] + " " + text[e:], schema, (a.header, b.header)):
        return None
    return (f"=SUMPRODUCT({a.range},{b.range})",
            f"{a.header}×{b.header}逐行相乘后合计" if is_zh(request)
            else f"the total of {a.header} × {b.header}, row by row")
