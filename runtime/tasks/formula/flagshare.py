"""The share of the rows a yes / no column answers yes on, the column named in other words.

"what % of members are belay certified" (Belay Cert), "proportion of bookings where
vaccinations were seen" (Vaccs seen), "what share of jobs got a certificate" (Cert issued),
"walk in %" (Walk-in: Y or blank), "late returns as a share of all hires" (Returned Late):
people name a flag column by the words of its header in another form (a plural, a participle,
a shortening, another word order), not as written.  The answer is the yes rows over all the
table's rows, ``COUNTIF(flag,"Yes")/COUNTA(a column filled on every row)``, a fraction for a
cell formatted as a percentage, as every share of this engine is.

Only a request whose every word is read: a share word, the column's words, the rows' own
noun and the filler words of lexicon filledshare.json / flagshare.json.  Any "not" (no,
without, didn't) is refused: which rows a negation picks is the other readers' (the No rows,
the blank ones).  A word that names another column as well is not guessed.
"""

from __future__ import annotations

import re
from functools import cache

from .aggregates import _own_rows, row_things
from .filledshare import _counted_over
from .rowbase import is_zh, lexicon, values
from .schema import Column, SheetSchema

_TOKEN = re.compile(r"%|[a-z]+")
_YES = {"yes", "y"}
_NO = {"no", "n"}
#: words between two of the column's words that leave them one name ("vaccinations were seen")
_BETWEEN = {"were", "was", "are", "is", "been", "be", "have", "has", "had", "got"}


@cache
def _lex() -> dict:
    return lexicon("filledshare") | lexicon("flagshare")


def _flags(schema: SheetSchema) -> list[tuple[Column, str]]:
    """The columns answering yes / no (Yes / No, Y / N, or Y beside blanks), with the yes word
    as the sheet writes it."""
    out = []
    for c in schema.columns:
        if c.type not in ("text", "mixed"):
            continue
        said = {str(v).strip() for v in values(schema, c) if v is not None and str(v).strip()}
        low = {v.lower() for v in said}
        yes = [v for v in said if v.lower() in _YES]
        if low and low <= _YES | _NO and len(yes) == 1:
            out.append((c, yes[0]))
    return out


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower().replace("-", " ").replace("’", "'").replace("'", ""))


def _same_stem(head: str, word: str) -> bool:
    """Whether a request's ``word`` says the header's word ``head`` in another form: a long
    shared beginning (cert / certificate / certified, vaccs / vaccinations, delivery /
    delivering, returned / returns), a short word only whole or with a plural s (in / ins)."""
    n = 0
    while n < min(len(head), len(word)) and head[n] == word[n]:
        n += 1
    return n >= min(len(head), 4) and n >= min(len(head), len(word)) - 1


def _named(words: list[str], head: list[str]) -> list[int] | None:
    """The positions of ``words`` that say every word of the header ``head``, side by side (in
    any order, an is / were between them aside), or None."""
    at: list[int] = []
    for h in head:
        hits = [i for i, w in enumerate(words) if i not in at and _same_stem(h, w)]
        if len(hits) != 1:
            return None  # not said, or said twice: not one reading
        at.append(hits[0])
    lo, hi = min(at), max(at)
    if any(i not in at and words[i] not in _BETWEEN for i in range(lo, hi + 1)):
        return None
    return list(range(lo, hi + 1))


def read_flag_share(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """``=COUNTIF(flag,"Yes")/COUNTA(key)``: the share of the rows a yes / no column the request
    names in its own words says yes on; None when the request is not such a share, in every word."""
    if is_zh(request):
        return None
    lex = _lex()
    words = _tokens(request)
    if not any(w in lex["share_en"] for w in words) or any(w in lex["negated_en"] or w in lex["negated_more"]
                                                           for w in words):
        return None
    found = []
    for col, yes in _flags(schema):
        # "got a certificate" on Cert issued: a participle that says the noun's event may go unsaid
        head = _tokens(col.header)
        short = [h for h in head if h not in lex["header_optional"]] or head
        at = (_named(words, head) or _named(words, short)) if head else None
        if at is not None:
            found.append((col, yes, at))
    if len(found) != 1:
        return None  # no flag column said, or two: not one share
    col, yes, at = found[0]
    said = {words[i] for i in at}
    others = {h for c in schema.columns if c is not col for h in _tokens(c.header) if len(h) >= 3}
    if any(_same_stem(h, w) for h in others for w in said if len(w) >= 3 and w not in _BETWEEN):
        return None  # "paid" beside Paid and Paid by: which column is meant is not guessed
    own = set(_own_rows(schema)) | {w for w in row_things(schema) if w.isascii()} \
        | set(_tokens(schema.sheet))
    own |= {w + s for w in own for s in ("s", "es")}
    allowed = set(lex["share_en"]) | set(lex["fillers_en"]) | set(lex["fillers_more"]) | own
    if any(w not in allowed for i, w in enumerate(words) if i not in at):
        return None
    over = _counted_over(schema, col)
    if over is None:
        return None
    last, key = over
    return (f'=COUNTIF({col.letter}{col.first_row}:{col.letter}{last},"{yes}")'
            f"/COUNTA({key.letter}{key.first_row}:{key.letter}{last})",
            f"the share of the rows ({key.header}) with {col.header} {yes}")
