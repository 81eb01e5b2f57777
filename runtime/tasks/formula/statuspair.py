"""A pair of status labels decided by a column being filled in (issue 16 item 1):
"mark each invoice Paid or Open", "is it paid - Paid/Open", "paid/unpaid status per invoice",
"open/closed status for each claim", "a column that says Open or Shipped depending on whether the
ship date is filled in".

The request names two labels and no condition: one label is the past participle of the verb a
date column is named by (Paid -> Paid date, Shipped -> Ship date, Closed -> Date closed), the
column is left blank on the rows whose step has not happened yet; the other label is a not-done
word (Open, Outstanding, Owed) or the done label negated (Unpaid, Not paid).  The answer is
``IF(<date>="",<not done>,<done>)``.  Exactly one such column must match, and the rest of the
request must be accounted for (``rows._residue``) or there is no answer.  English labels typed
in lower case are capitalised (a label column shows "Paid", not "paid").

Chinese says the pair with 还是 / 和 / "/" ("堂食还是外卖", "区分会员和散客"): one label starts the
header of a column filled on some rows and blank on the others (外卖 -> 外卖平台, 会员 -> 会员, its
filled cells no 否), and the filled rows get it; the other label must name no column and no value.
Vocabulary: ``lexicon/statuspair.json``.
"""

from __future__ import annotations

import re

from .rowbase import RowReading, lexicon, mentions, ref, table_values, value_mentions
from .schema import Column, SheetSchema

#: "Paid/Open", "Paid or Open", "Paid / Not paid": two labels said together, a word or two each
_JOIN = re.compile(r"\s*/\s*|\s+or\s+")
_BEFORE = re.compile(r"(?:(?<![A-Za-z])([A-Za-z][A-Za-z-]*) )?([A-Za-z][A-Za-z-]*)$")
_AFTER = re.compile(r"([A-Za-z][A-Za-z-]*)(?: ([A-Za-z][A-Za-z-]*)(?![A-Za-z]))?")


def _done_column(label: str, schema: SheetSchema, lex: dict) -> Column | None:
    """The one date column, blank on some rows and filled on others, whose header has the verb
    that ``label`` is the past participle of ("shipped" -> Ship date)."""
    low = label.lower()
    found = []
    for c in schema.columns:
        if c.type != "date":
            continue
        words = re.findall(r"[a-z]+", c.header.lower())
        said = lex["same_step"].get(low, [])
        if not any(w not in ("date", "on", "at") and len(w) >= 3 and (any(low == w + e for e in lex["endings"]) or w in said)
                   for w in words):
            continue
        cells = table_values(schema, c)
        if any(v in (None, "") for v in cells) and any(v not in (None, "") for v in cells):
            found.append(c)
    return found[0] if len(found) == 1 else None


def _undone(label: str, done: str, lex: dict) -> bool:
    """``label`` names the rows whose step is not done: a not-done word, or ``done`` negated."""
    low, d = label.lower(), done.lower()
    return low in lex["undone"] or any(low == p + d for p in lex["undone_prefixes"])


def _shown(label: str) -> str:
    """The label as the cell shows it: as typed, a first letter in lower case raised."""
    return label[:1].upper() + label[1:]


def read(request: str, schema: SheetSchema) -> tuple[RowReading, str] | None:
    """The status pair's reading and ``request`` with the pair (and the column's name) blanked;
    None when the request is not such a pair or anything in it is unclear."""
    lex = lexicon("statuspair")
    if re.search(r"\d", request):
        return None
    if not request.isascii():
        return _zh(request, schema, lex)
    found = {}
    for j in _JOIN.finditer(request):
        before, after = _BEFORE.search(request[:j.start()]), _AFTER.match(request, j.end())
        if before is None or after is None:
            continue
        if request[:before.start()].rstrip().endswith((",", "/")) \
                or re.match(r"\s*(?:[,/]|or\b)", request[after.end():]):
            return None  # "Paid, Part paid or Not paid": three labels, not a pair
        for a, start in ((before.group(2), before.start(2)), (before.group(0), before.start())):
            for b, end in ((after.group(1), after.end(1)), (after.group(0), after.end())):
                for done, other in ((a, b), (b, a)):
                    col = _done_column(done, schema, lex)
                    if col is not None and _undone(other, done, lex):
                        found[(col.letter, done.lower(), other.lower())] = (col, done, other, start, end)
    if len(found) != 1:
        return None
    col, done, other, start, end = next(iter(found.values()))
    rest = request[:start] + " " * (end - start) + request[end:]
    rest = _without_fillers(rest, col, done, lex)
    other_words = re.sub(r"\b(?:each|every|per|all(?: the)?)\s+[a-z]+", " ", rest)  # the row's noun: "each invoice"
    if any(c is not col for _, c in mentions(other_words, schema)) or value_mentions(other_words, schema):
        return None  # "Paid/Open for Acme's invoices": another condition the pair does not read
    d, o = _shown(done), _shown(other)
    return (RowReading(f'=IF({ref(col)}="","{o}","{d}")', f'"{o}" while {col.header} is blank, else "{d}"'), rest)


def _without_fillers(rest: str, col: Column, done: str, lex: dict) -> str:
    """``rest`` without the words that only ask for the pair, the date column's name, and the
    step asked about ("is it paid", "still open"): what is left must be the sheet's own words."""
    out = rest.lower()
    words = sorted([*lex["fillers"], col.header.lower(), done.lower()], key=len, reverse=True)
    for w in words:
        out = re.sub(rf"(?<![a-z]){re.escape(w)}(?![a-z])", " ", out)
    return out


_ZH_PAIR = re.compile(r"([\u4e00-\u9fff]{2,5})\s*(?:/|／|还是|或者?|和|与)\s*([\u4e00-\u9fff]{2,5})")


def _zh_column(label: str, schema: SheetSchema, lex: dict) -> Column | None:
    """The one column named by ``label`` (外卖 -> 外卖平台, 会员 -> 会员) that is filled on some rows
    and blank on the others, its filled cells no 否 / No (then blank is not the other label)."""
    found = []
    for c in schema.columns:
        if c.type not in ("text", "mixed", "date") or not c.header.strip().startswith(label):
            continue
        cells = table_values(schema, c)
        said = {str(v).strip() for v in cells if v not in (None, "")}
        if said and len(said) < len(cells) and not said & set(lex["zh_no"]):
            found.append(c)
    return found[0] if len(found) == 1 else None


def _zh(request: str, schema: SheetSchema, lex: dict) -> tuple[RowReading, str] | None:
    """"堂食还是外卖" on a 外卖平台 column, "区分会员和散客" on a 会员 column left blank for the others:
    the label the column is named by is the filled rows', the other label the blank rows'."""
    found = {}
    for m in _ZH_PAIR.finditer(request):
        a_said, b_said = m.group(1), m.group(2)
        starts = [i for i in range(len(a_said) - 1) if not i or a_said[:i].endswith(tuple(lex["zh_fillers"]))]
        for i in starts[-1:]:  # "每单标自取": the label starts after the last filler word (每单, 标)
            for j in range(2, len(b_said) + 1):
                a, b = a_said[i:], b_said[:j]
                if a[0] in lex["zh_not_first"] or b[0] in lex["zh_not_first"] \
                        or j < len(b_said) and not b_said[j:].startswith(tuple(lex["zh_fillers"])):
                    continue  # "标自取": 标 marks the label 自取; a label ends where a filler word starts
                for named, other in ((a, b), (b, a)):
                    if any(other in c.header or c.header.strip() in other for c in schema.columns) \
                            or value_mentions(other, schema):
                        continue  # "面条还是外卖": 面条 is a dish of the sheet, not the other rows' label
                    col = _zh_column(named, schema, lex)
                    if col is not None:
                        found[(col.letter, named, other)] = (col, named, other, m.start(1) + i, m.start(2) + j)
    if len(found) != 1:
        return None
    col, named, other, start, end = next(iter(found.values()))
    rest = request[:start] + " " * (end - start) + request[end:]
    for w in sorted(lex["zh_fillers"], key=len, reverse=True):
        rest = rest.replace(w, " " * len(w))
    if any(c is not col for _, c in mentions(rest, schema)) or value_mentions(rest, schema):
        return None
    return (RowReading(f'=IF({ref(col)}="","{other}","{named}")', f"“{other}”：{col.header}为空；否则“{named}”"), rest)
