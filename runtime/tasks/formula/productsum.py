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
from collections.abc import Callable

from .checks import _call_arguments
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
    and the span of it; None when no such product is said, or its columns cover different rows."""
    times = _alt(_lex()["times_zh"] if is_zh(text) else _lex()["times_en"])
    word = r"[\u4e00-\u9fff（）()a-z0-9%£$/]+?" if is_zh(text) else r"[a-z][a-z0-9 ]*?"
    pad = r"\s*" if is_zh(text) else r"\s+"
    for m in re.finditer(rf"(?P<a>{word}){pad}(?:{times}){pad}(?P<b>{word.rstrip('?')})(?=[\s,，。.?？)）的]|$)", text):
        start = m.start("a")
        zh = is_zh(text)
        words = list(m.group("a")) if zh else m.group("a").split()
        sep = "" if zh else " "
        for k in range(len(words)):  # "sum of amount", "合计（售价": the factor is the last words before "times"
            a = _column(sep.join(words[k:]), schema)
            if a is not None:
                start = m.start("a") + len(sep.join(words[:k])) + (1 if k and not zh else 0)
                break
        # "单价一共多少", "price per dozen where ...": the factor is the first words after "times"
        after = list(m.group("b")) if zh else m.group("b").split()
        for k in range(1, len(after) + 1):
            b = _column(sep.join(after[:k]), schema)
            if b is not None:
                break
        if a is not None and b is not None and a is not b:
            if (a.first_row, a.last_row) != (b.first_row, b.last_row):
                return None
            return a, b, (start, m.start("b") + len(sep.join(after[:k])))
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
    if not _only_a_total(text[:s] + " " + text[e:], schema, (a.header, b.header)):
        return None
    return (f"=SUMPRODUCT({a.range},{b.range})",
            f"{a.header}×{b.header}逐行相乘后合计" if is_zh(request)
            else f"the total of {a.header} × {b.header}, row by row")


#: a lone SUMIF / SUMIFS call: the conditions a reread of the request found
_CONDITIONAL_SUM = re.compile(r"=\s*(SUMIFS?)\(")
#: a criterion written as a string: its comparison and its value ("<>", ">0", "现金", "")
_CRITERION = re.compile(r'"(?P<op><>|>=|<=|=|<|>)?(?P<value>[^"*?~]*)"')
#: a criterion joined to an expression: ">="&DATE(2026,1,1)
_JOINED = re.compile(r'"(?P<op><>|>=|<=|=|<|>)"&(?P<expr>.+)')
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?")
#: a column's data range: its letter, first and last row
_SPAN = re.compile(r"([A-Z]+)(\d+):\1(\d+)")


def _term(rng: str, criterion: str) -> str | None:
    """A SUMIFS criterion on ``rng`` as a 0/1 factor of a SUMPRODUCT, or None when it cannot be
    written so exactly (a wildcard, a text compared by size, a code like "00572", a cell)."""
    criterion = criterion.strip()
    if (m := _JOINED.fullmatch(criterion)) is not None:
        return f"({rng}{m['op']}{m['expr']})"
    if _NUMBER.fullmatch(criterion):
        return f"({rng}={criterion})"
    m = _CRITERION.fullmatch(criterion)
    if m is None:
        return None
    op, value = m["op"] or "=", m["value"]
    if _NUMBER.fullmatch(value):
        return f"({rng}{op}{value})"
    if op not in ("=", "<>") or re.fullmatch(r"[\d.\-]+", value):
        return None  # "<b" compares text by its letters; "00572" may be a number or a code
    return f'({rng}{op}"{value}")'


def _conditions(formula: str) -> tuple[str, list[tuple[str, str]]] | None:
    """The summed range of a lone ``=SUMIF`` / ``=SUMIFS`` and its conditions, each its range
    and that range's SUMPRODUCT factor; None for any other formula or condition."""
    m = _CONDITIONAL_SUM.match(formula.strip())
    if m is None:
        return None
    formula = formula.strip()
    args = _call_arguments(formula, m.end())
    if not args or formula[m.end() + sum(len(a) + 1 for a in args):].strip():
        return None  # "=SUMIF(...)/2": more than the one call
    if m[1] == "SUMIF" and len(args) in (2, 3):
        summed, pairs = args[2 if len(args) == 3 else 0], [(args[0], args[1])]
    elif m[1] == "SUMIFS" and len(args) >= 3 and len(args) % 2:
        summed, pairs = args[0], list(zip(args[1::2], args[2::2], strict=True))
    else:
        return None
    out = [(r.strip(), _term(r.strip(), c)) for r, c in pairs]
    if any(t is None or _SPAN.fullmatch(r) is None for r, t in out):
        return None
    return summed.strip(), out


def read_conditioned_product(request: str, schema: SheetSchema,
                             read: Callable[[str, SheetSchema], object | None]) -> tuple[str, str] | None:
    """``=SUMPRODUCT((cond)*A*B)``: the total of A × B over the rows the rest of the request
    picks ("还款日期为空的，袋数×单价加起来", "cash sales, qty x price, in total").

    The product is replaced by its first factor and the request read again by ``read`` (the
    rule reader), so each condition is read by the readers that read it in a plain total; the
    answer is kept only when it is one SUMIF / SUMIFS of that factor over the product's rows,
    each condition written exactly as a 0/1 factor."""
    text = request.lower().strip().rstrip("?？.。")
    got = _factors(text, schema)
    if got is None:
        return None
    a, b, (s, e) = got
    sep = "" if is_zh(text) else " "
    found = read(f"{text[:s]}{sep}{a.header.lower()}{sep}{text[e:]}".strip(), schema)
    said = _conditions(getattr(found, "formula", None) or "")
    if said is None or said[0] != a.range:
        return None
    if any(_SPAN.fullmatch(r).group(2, 3) != (str(a.first_row), str(a.last_row)) for r, _t in said[1]):
        return None  # a condition on other rows than the product's
    kinds = {c.range: c.type for c in schema.columns}
    if any(re.match(r"\([A-Z]+\d+:[A-Z]+\d+(?:<(?!>)|>)", t) and kinds.get(r) not in ("number", "date")
           for r, t in said[1]):
        return None  # "(C2:C9>0)" over a column holding text: text is greater than any number there
    why = getattr(found, "explanation", "")
    return (f"=SUMPRODUCT({'*'.join([t for _r, t in said[1]] + [a.range, b.range])})",
            f"{a.header}×{b.header}逐行相乘后合计；{why}" if is_zh(request)
            else f"the total of {a.header} × {b.header}, row by row; {why}")
