"""The share of the rows whose date column is filled in (issue 16, round 16).

"what percentage of complaints have been resolved", "resolved %", "share of visits paid",
"回寄率", "有回寄日期的单子占全部的百分比": a date column records an event (Resolved, Paid, 回寄日期),
a blank on a row says it has not happened yet, and the share asked is of the rows where it
has: ``COUNT(date column)/COUNTA(a column filled on every row)``.  The answer is a fraction,
for a cell formatted as a percentage, as every share of this engine is.

Only a request whose every word is read: a share word, the column (its header or the event
its header names: "resolved" for Resolved, 回寄 for 回寄日期), the rows' own noun and the
filler words of lexicon filledshare.json.  A "not" of any kind ("still unpaid", 未回寄) is the
blank rows' share, aggregates._share_of_blank's, never read here; a date column with no blank
is no event pending (its share would be 1), and is not read either.
"""

from __future__ import annotations

import re
from functools import cache

from ...errors import TaskError
from .aggregates import _date_stem, _own_rows, row_things
from .rowbase import _bare, is_zh, lexicon, values
from .schema import Column, SheetSchema

_WORD = re.compile(r"%|[a-z][a-z'’]*")


@cache
def _lex() -> dict:
    return lexicon("filledshare")


def _pending_dates(schema: SheetSchema) -> list[Column]:
    """The date columns of the sheet with a blank on a row of the table (an event still to
    come); a row blank in every column is no row."""
    out = []
    for c in schema.columns:
        if c.type != "date":
            continue
        table = _indexes([t for t in schema.columns if t.first_row == c.first_row])
        i = _indexes([c])[0]
        if any(schema.cells.get((r, i)) in (None, "") and any(schema.cells.get((r, j)) not in (None, "") for j in table)
               for r in range(c.first_row, c.last_row + 1)):
            out.append(c)
    return out


def _forms(col: Column, schema: SheetSchema) -> list[str]:
    """How a request names ``col``: its header, and the event it records (its header without
    its date word: "Paid date" -> "paid", 回寄日期 -> 回寄), longest first.  A word that is also
    another column's name (Paid beside Paid On) or a value of the sheet (Status: Accepted beside
    Accepted on) names that as well, and is left out: which one is meant is not guessed."""
    forms = {_bare(col.header).strip()}
    stem = _date_stem(col.header)
    if stem:
        forms.add(stem)
    return sorted((f for f in forms if f not in _other_names(schema, col)), key=len, reverse=True)


def _other_names(schema: SheetSchema, col: Column) -> set[str]:
    """The other columns' bare headers and the text values of the sheet, lower-cased."""
    out = {_bare(c.header).strip() for c in schema.columns if c is not col}
    for c in schema.columns:
        if c.type in ("text", "mixed"):
            out |= {str(v).strip().lower() for v in values(schema, c) if v not in (None, "")}
    return out


def _counted_over(schema: SheetSchema, col: Column) -> tuple[int, Column] | None:
    """The table's last row and the first column filled on each of its rows (a row blank in
    every column is no row: COUNT and COUNTA both pass it by), text first; None when none is."""
    table = [c for c in schema.columns if c.first_row == col.first_row]
    last = max(c.last_row for c in table)
    rows = [r for r in range(col.first_row, last + 1)
            if any(schema.cells.get((r, i)) not in (None, "") for i in _indexes(table))]
    for kinds in (("text", "mixed"), ("date", "number")):
        for c in table:
            i = _indexes([c])[0]
            if c.type in kinds and c is not col and all(schema.cells.get((r, i)) not in (None, "") for r in rows):
                return last, c
    return None


def _indexes(cols: list[Column]) -> list[int]:
    from .schema import col_index

    return [col_index(c.letter) for c in cols]


def _said_en(text: str, schema: SheetSchema) -> tuple[Column, str] | None:
    """The date column an English share request names, and its words left unread (the rows
    it is a share among: "email" in "% of email jobs fixed"), or None."""
    lex = _lex()
    words = _WORD.findall(text)
    if not any(w in lex["share_en"] for w in words) or any(w in lex["negated_en"] for w in words):
        return None
    own = set(_own_rows(schema)) | {w for w in row_things(schema) if w.isascii()}
    own |= {w + s for w in own for s in ("s", "es")}
    found = None
    for col in _pending_dates(schema):
        for form in _forms(col, schema):
            if not form.isascii():
                continue
            m = re.search(rf"(?<![a-z]){re.escape(form)}(?![a-z])", text)
            if m is not None:
                if found is not None and found[0] is not col:
                    return None  # two date columns said: not one share
                found = (col, m)
                break
    if found is None:
        return None
    col, m = found
    rest = _WORD.findall(text[:m.start()] + " " + text[m.end():])
    allowed = set(lex["fillers_en"]) | set(lex["share_en"]) | own
    return col, " ".join(w for w in rest if w not in allowed)


def _said_zh(text: str, schema: SheetSchema) -> tuple[Column, str] | None:
    """The date column a Chinese share request names, and the characters left unread
    (门店 in 门店的取回率), or None."""
    lex = _lex()
    text = re.sub(r"[\s?？。.!！]", "", text)
    if any(w in text for w in lex["negated_zh"]):
        return None
    tail = next((t for t in lex["zh_tails"] if text.endswith(t) and len(text) > len(t)), None)
    if tail is None:
        return None
    text = text[: -len(tail)]
    nouns = sorted({w for w in row_things(schema) if is_zh(w)} | set(lex["zh_fillers"]), key=len, reverse=True)
    whole = next((w for w in lex["zh_whole"] if w in text), None)
    if whole is not None:  # "…占全部(单子)的": the whole is every row, said by no other word
        at = text.index(whole)
        after = text[at + len(whole):]
        for _ in range(3):
            for n in nouns:
                after = after.removeprefix(n)
        if after:
            return None
        text = text[:at]
    for col in _pending_dates(schema):
        for form in _forms(col, schema):
            if form not in text:
                continue
            rest = text.replace(form, " ", 1)
            for n in nouns:
                rest = rest.replace(n, "")
            return col, rest.strip()
    return None


def read_filled_share(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """``=COUNT(date)/COUNTA(key)``: the share of the rows whose date column the request names
    by its event is filled in; None when the request is not such a share, in every word."""
    text = request.strip().lower().replace("’", "'")
    said = _said_zh(text, schema) if is_zh(text) else _said_en(text, schema)
    if said is None:
        return None
    col, among = said
    over = _counted_over(schema, col)
    if over is None:
        return None
    last, key = over
    if among:
        return _share_among(among, col, last, schema)
    return (f"=COUNT({col.letter}{col.first_row}:{col.letter}{last})"
            f"/COUNTA({key.letter}{key.first_row}:{key.letter}{last})",
            f"the share of the rows ({key.header}) with a {col.header} filled in")


_COUNTIF = re.compile(r'=COUNTIFS?\((?P<args>(?:[A-Z]+\d+:[A-Z]+\d+,"[^"<>=]+",?)+)\)')


def _share_among(among: str, col: Column, last: int, schema: SheetSchema) -> tuple[str, str] | None:
    """"% of email jobs fixed", "门店的取回率": the share among the rows the other words pick
    (read as a count of them: ``COUNTIF(D:D,"Email")``), of those with the date filled in,
    ``COUNTIFS(D:D,"Email",E:E,"<>")/COUNTIF(D:D,"Email")``.  Every word left must be a value
    picked or its column's name; anything else (a threshold, a period) is not read here."""
    from .rules import read_request

    asked = f"{among}的有几个" if is_zh(among) else f"how many {among}"
    try:
        got = read_request(asked, schema)
    except TaskError:
        return None
    m = _COUNTIF.fullmatch(got.formula) if got is not None else None
    if m is None:
        return None
    pairs = re.findall(r'([A-Z]+)\d+:[A-Z]+\d+,"([^"]+)"', m.group("args"))
    cols = {c.letter: c for c in schema.columns}
    said = " ".join(v.lower() + " " + _bare(cols[letter].header) for letter, v in pairs if letter in cols)
    if col.letter in {letter for letter, _v in pairs}:
        return None
    left = among
    for v, _ in sorted(((v.lower(), 0) for _l, v in pairs), key=lambda x: -len(x[0])):
        left = left.replace(v, " ")
    if is_zh(among):
        if re.sub(r"[的在是和\s]", "", left):
            return None
    elif any(w not in said.split() for w in _WORD.findall(left)):
        return None
    args = m.group("args")
    return (f'=COUNTIFS({args},{col.letter}{col.first_row}:{col.letter}{last},"<>")/{got.formula[1:]}',
            f"the share of the rows where {', '.join(f'{cols[a].header} = {v}' for a, v in pairs)} "
            f"with a {col.header} filled in")


def event_share_unread(request: str, formula: str, schema: SheetSchema) -> str | None:
    """A share of rows said with the event a date column records ("% of email jobs fixed",
    "门店的取回率") answered by a formula that never reads that column (the share of the email
    rows among all): the event is the point of the share, and a formula without it is wrong."""
    text = request.strip().lower()
    lex = _lex()
    if is_zh(text):
        if not any(t in text for t in lex["zh_tails"]):
            return None
    elif not any(w in lex["share_en"] for w in _WORD.findall(text)):
        return None
    for col in _pending_dates(schema):
        if re.search(rf"(?<![A-Z!$:]){col.letter}\$?\d", formula):
            continue
        for form in _forms(col, schema):
            hit = (form in text if is_zh(form) else
                   form.isascii() and re.search(rf"(?<![a-z]){re.escape(form)}(?![a-z])", text))
            if hit and not _amount_read(form, formula, schema):
                return f"the request asks about the rows with {col.header} filled in, and the formula does not read it"
    return None


def _amount_read(form: str, formula: str, schema: SheetSchema) -> bool:
    """True when ``formula`` reads a number column named by the event's own word (Amount received
    beside a Received date): "received as % of pledged" is that amount's share, which a row not
    received yet adds nothing to."""
    return form.isascii() and any(
        c.type == "number" and re.search(rf"(?<![a-z]){re.escape(form)}(?![a-z])", c.header.lower())
        and re.search(rf"(?<![A-Z!$:]){c.letter}\$?\d", formula) for c in schema.columns)
