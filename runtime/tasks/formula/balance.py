"""What is still owed over the whole table, in one cell (issue 16, general language).

"total outstanding", "how much plot rent is still unpaid altogether", "outstanding balance =
amounts invoiced minus amounts paid, overall", "物业费总共还欠多少钱": the charged columns' totals
less the paid column's total, ``SUM(F3:F28)-SUM(G3:G28)``.  The columns are the pair the per-row
reader pairs from the headers (``rows._owed``: Fee Due | Paid, Annual Sub | Paid So Far, 应缴 |
实缴), so the one cell and each row's balance agree.  ``lexicon/balance.json`` holds the words.

No answer when: no word of the whole table is said (a request without one may ask each row),
each / every / per / 每 / 各 is said, a value of the sheet is named (a condition this reader does
not read), a word asks another question (how many, average, who, what share: ``balance.json``
other_asks), a column outside the pair is named, the operator words say another order than
charged less paid, or a word is left that no reader places and ``balance.json`` does not allow.
"""

from __future__ import annotations

import re

from .rowbase import has, lexicon, mentions, value_mentions
from .schema import SheetSchema


def read_balance(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """``(formula, explanation)`` for the total still owed, or None (see the module)."""
    from .rows import _owed
    from .unread import _left

    low = request.lower()
    lex = lexicon("balance")
    if not has(low, lexicon("rows")["owed"]["asks"]) or not has(low, lex["whole"]):
        return None
    if re.search(r"\b(?:each|every|per|by)\b|每|各|按", low) or value_mentions(request, schema):
        return None
    if any(re.search(p, low) for p in lex["other_asks"]):
        return None  # "how many invoices are unpaid in total", "who owes the most": another question
    if re.search(r"\b(?:plus|times|divided|multiplied|add(?:ed|ing)?)\b|[+*/×÷%]|加|乘|除", low):
        return None
    nouns = lex["charge_nouns"]
    named = []
    for p, c in mentions(request, schema):
        if c.type == "number":
            named.append((p, c))
        elif not re.match(rf"[a-z]+e?s?\s+(?:{'|'.join(map(re.escape, nouns))})\b", low[p:]):
            return None  # a text or date column named: a condition, or another question ("plot rent": the row's noun)
    owed = _owed("balance", schema, [c for _, c in named], [], False)
    if owed is None:
        return None
    charged = re.findall(r"([A-Z]{1,3})\{r\}", owed[0].rsplit("-", 1)[0])
    paid = re.search(r"-([A-Z]{1,3})\{r\}$", owed[0])
    if paid is None or not charged:
        return None
    minus = list(re.finditer(r"\b(?:minus|less)\b|减去?|(?<=\s)[-−–－]\s", low))
    if minus:
        # "invoiced minus paid", "annual subs minus what's been paid": charged before the minus
        # word, the paid after it (named, or said as paid / 已付 / 实缴); a dash before it only sets
        # off the definition ("total owed - annual subs minus what's been paid")
        at = minus[-1].start()
        before = {c.letter for p, c in named if p < at}
        after = {c.letter for p, c in named if p > at}
        if any(m.group(0).strip() not in ("-", "−", "–", "－") for m in minus[:-1]) \
                or before - set(charged) or after - {paid.group(1)} \
                or not (after or re.search(r"\bpaid\b|已付|已缴|实缴|实付|已收|实收", low[at:])):
            return None
    cols = {c.letter: c for c in schema.columns}
    one_charge = len(charged) == 1
    left = _left(request, schema)
    allowed = set(lex["filler"]) | {w for a in lexicon("rows")["owed"]["asks"] for w in re.findall(r"[a-z]+", a)}
    allowed |= {w for w in lex["whole"] for w in re.findall(r"[a-z]+", w)}
    if one_charge:
        allowed |= set(lex["charge_nouns"])
        for m in re.finditer(r"([\u4e00-\u9fff]{1,3})费", request):  # 物业费: the one charge, named
            allowed |= set(m.group(0))
    tail = re.search(lex["across_tail"], low)
    if tail is not None:
        allowed |= set(re.findall(r"[a-z]+", tail.group(0)))
    if any(w not in allowed for w in left):
        return None
    used = [cols[x] for x in [*charged, paid.group(1)]]
    first, last = min(c.first_row for c in used), max(c.last_row for c in used)

    def total(letter: str) -> str:  # one span of rows for every column: a blank tail is still the table's
        return f"SUM({letter}{first}:{letter}{last})"

    formula = "=" + "+".join(total(x) for x in charged) + "-" + total(paid.group(1))
    return formula, f"total still owed: {owed[1].replace(' - ', ' less ')}, each column summed"
