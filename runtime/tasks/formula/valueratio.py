"""A rate written as a division of the rows of some values of one column (issue 16, round 15).

"win rate = closed won / (closed won + closed lost)", "conversion: Booked / (Booked + Lost)",
"完成率=已完成/(已完成+已取消)": each term names a value of one text column, so it is that value's
rows counted; the formula is the same division of COUNTIFs,
``=COUNTIF(D:D,"Closed Won")/(COUNTIF(D:D,"Closed Won")+COUNTIF(D:D,"Closed Lost"))``.

Only the division and a name for it before '=' / ':' (lexicon valueratio.json label_words) may be
said, and each term must be one whole value of the same column, so nothing said is left out.
"""

from __future__ import annotations

import re

from .rowbase import lexicon
from .schema import Column, SheetSchema


def _lex() -> dict:
    return lexicon("valueratio")


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _value(term: str, schema: SheetSchema) -> tuple[Column, str] | None:
    """The text column one of whose values ``term`` is (case aside), and that value as the
    sheet writes it; None when no column or several hold it."""
    want = term.strip().lower()
    found = [(c, v) for c in schema.columns if c.type in ("text", "mixed")
             for v in c.distinct if isinstance(v, str) and v.strip().lower() == want]
    return found[0] if len(found) == 1 and want else None


def read_value_ratio(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """The division of the values' row counts the request writes out; None when it writes
    none, or says anything besides it and a name for it."""
    lex = _lex()
    text = request.strip().rstrip("?？.。").strip()
    div = _alt(lex["divided"])
    m = re.fullmatch(rf"(?:(?P<label>[^=:：]*?)\s*[=:：]\s*)?(?P<a>[^/÷()（）=]+?)\s*(?:{div})\s*[(（]"
                     rf"(?P<b>[^()（）]+)[)）]\s*[,，]?\s*(?P<tail>.*)", text, flags=re.I)
    if m is None:
        return None
    label = (m.group("label") or "").lower().strip()
    if re.fullmatch(r"[\u4e00-\u9fff]{0,4}(?:率|比例|比率|占比)", label):  # "完成率": a name, no value of the sheet
        if any(isinstance(v, str) and v.strip() and v.strip().lower() in label
               for c in schema.columns for v in c.distinct):
            return None
    elif re.sub(rf"(?<![a-z])(?:{_alt(lex['label_words'])})(?![a-z])|[{''.join(w for w in lex['label_words'] if not w.isascii() and len(w) == 1)}]|\s",
              "", label).strip():
        return None
    tail = m.group("tail").lower().strip()
    if tail and tail not in lex["tails"]:
        return None
    terms = [m.group("a"), *re.split(r"\s*[+＋]\s*", m.group("b"))]
    found = [_value(t, schema) for t in terms]
    if len(terms) < 3 or any(f is None for f in found) or len({id(f[0]) for f in found}) != 1:
        return None
    col = found[0][0]
    counts = [f'COUNTIF({col.range},"{v}")' for _c, v in found]
    return (f"={counts[0]}/(" + "+".join(counts[1:]) + ")",
            f"the rows where {col.header} is {found[0][1]} over those where it is "
            + " or ".join(v for _c, v in found[1:]))
