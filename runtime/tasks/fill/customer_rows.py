"""A table row that counts the company's customers ("Customers (building managers) | 740 | 560",
"Stores live | 410 | 720", "Solar farms under contract | 150 | 138"): where an English pitch
counts no users, the customers are who uses the product, so the row's figure in the table's
current column is the template's users.

A KPI table names its rows by what they count, not by "users": its customers row is the one whose
label is "customers" / "clients" or a kind of organisation the lexicon knows (counted_en.json),
with at most a status ("live", "under contract", "paying") or a note in brackets.  The column is
the one the table reports now: a later period beside an earlier one, "Actual" beside "Plan",
"This year" beside "Last year" -- the same column roles the other table figures are read by.  A
row whose columns do not say which is current (two regions, two products) gives nothing.
"""

from __future__ import annotations

import re

from .document import Document, Mention, table_cell

#: a row label of customers: an optional word of kind or status, the noun, an optional status
#: after it and an optional note in brackets ("Paying customers", "Utilities (customers)")
_LEAD = r"(?:(?:paying|active|live|total|contracted|signed)\s+)?"
_TAIL = (r"(?:\s+(?:live|signed|paying|on contract|under contract|on (?:the )?platform|subscribed|"
         r"onboarded|served|using \w+|at (?:period|year|quarter|month)[- ]end))?"
         r"(?:\s*\([^()]*\))?\s*:?")
#: a label that says the customers are new, lost or planned is no count of them all
_NOT_ALL = re.compile(r"\b(?:new|added|lost|churned|churn|net|gross|target|plan|planned|forecast|pipeline|"
                      r"trial|trials|pilot|pilots|prospects?|per|avg|average|cost|revenue|value|ltv|cac)\b")


#: a row label that says its count pays ("Ferry operators (paying)", "Paying crews"): whoever
#: they are, persons or firms, they are the company's customers, and the row that says so wins
#: over rows of what they run ("Vessels on the platform")
_PAYING = re.compile(r"\b(?:paying|paid|subscribed|subscribing|under contract|on contract)\b")


def _customers_label(label: str) -> bool:
    """Whether a row's first cell names the company's customers (lower case)."""
    from .extract import _ORGANISATIONS

    low = re.sub(r"\s+", " ", label.lower()).strip()
    if not low or _NOT_ALL.search(re.sub(r"\([^()]*\)", "", low)):
        return False
    nouns = sorted({"customers", "clients", *_ORGANISATIONS}, key=len, reverse=True)
    # ("Solar farms under contract", "Dental clinics": one word of kind before the noun)
    noun = r"(?:[a-z-]+\s+)?(?:" + "|".join(re.escape(n) for n in nouns) + r")"
    return re.fullmatch(_LEAD + noun + _TAIL, low) is not None


def _column_weight(doc: Document, m: Mention, column: str) -> float:
    """How much ``column`` reads as the table's current figures (as the other table figures are read)."""
    from .extract import _ACTUAL, _PLAN_COLUMN, _PRIOR_COLUMN, _en_column_role

    low = column.lower()
    weight = _en_column_role(doc, m, column)
    if _PLAN_COLUMN.search(low):
        weight -= 3
    elif _ACTUAL.search(low):
        weight += 1.5
    if _PRIOR_COLUMN.search(low):
        weight -= 3
    return weight


def customers_row(doc: Document, taken: frozenset[int] = frozenset()) -> list:
    """(score, value, mention, row) of the current column's count in a table's customers row;
    empty unless exactly one table row counts customers and one of its cells is current."""
    from .extract import _counted

    rows: dict[tuple[int, str], list[tuple[float, Mention]]] = {}
    people_row = False
    for m in doc.mentions:
        if m.percent or m.currency or m.scaled or m.value < 1 or not float(m.value).is_integer():
            continue
        if any(a <= m.start < b for a, b in doc.reposted):
            continue
        at = table_cell(doc, m.start)
        if at is None or at[3] == 0:
            continue
        column, label, table, _col = at
        paying = _PAYING.search(label.lower()) is not None and _counted(label.lower()) in ("people", "organisations") \
            and not _NOT_ALL.search(re.sub(r"\([^()]*\)", "", label.lower()))
        if not (_customers_label(label) or paying):
            # ("Teachers using it | 2,900"): the people may be the users
            people_row = people_row or _counted(label.lower()) == "people"
            continue
        rows.setdefault((id(table), label), []).append((_column_weight(doc, m, column), m))
    if len(rows) > 1:
        paid = {k: v for k, v in rows.items() if _PAYING.search(k[1].lower())}
        rows = paid if len(paid) == 1 else rows
    if people_row or len(rows) != 1:
        return []
    (cells,) = rows.values()
    best = max(w for w, _m in cells)
    top = [m for w, m in cells if w == best]
    if len(top) != 1 or (len(cells) > 1 and best <= max((w for w, m in cells if m is not top[0]), default=best)):
        return []  # two regions, two products: no column says which figure is now
    m = top[0]
    if m.start in taken:
        return []
    lo = doc.text.rfind("\n", 0, m.start) + 1
    hi = doc.text.find("\n", m.start)
    return [(3.0, int(m.value), m, doc.text[lo:(len(doc.text) if hi < 0 else hi)].strip())]
