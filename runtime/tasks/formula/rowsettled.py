"""Per-row values that are 0 for the settled rows (issue 16 item 1): "days overdue per invoice,
0 if it's been paid or isn't due yet", "days past the due date if it hasn't been paid yet,
otherwise 0", "balance per invoice, 0 if paid", "逾期天数，已付的记0".

A sheet that records whether a row was settled (a Paid date, a Returned mark) makes a clause of
it: those rows get 0 and the rest of the request says the value of the others.  The clause names
the settled column by its word ("paid" -> Paid date); the value is read by the other row families
(:func:`rows._first`) on the sheet without that column (days overdue are read only where whether a
row was settled is said, rowcountdown.py), and the answer is ``IF(<column><>"",0,<value>)``.  "or
not due yet" beside it only repeats the floor of days overdue: the value must already be floored
at 0 or a difference (then floored here).  Vocabulary: ``lexicon/rowfloor.json`` settled.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .rowbase import RowReading, is_zh, lexicon, mentions, ref
from .rowfloor import difference
from .schema import Column, SheetSchema


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _split(request: str) -> tuple[str, str, bool] | None:
    """(the value as said, the settled state's word, whether "or not due yet" was said)."""
    lex = lexicon("rowfloor")["settled"]
    text = request.strip().rstrip(".。!！ ")
    not_due = rf"(?:\s+(?:or|and)\s+(?:it\s+|it's\s+|is\s+|ones\s+)?(?P<due>{_alt(lex['not_due'])})|[、，,或]?(?P<due2>{_alt([w for w in lex['not_due'] if is_zh(w)])}))?"
    for form in lex["unless"]:
        m = re.fullmatch(form, text, re.I)
        if m is not None:
            return m.group("rest"), m.group("state"), False
    for form in lex["zero_if"]:
        m = re.search(rf"(?:\s*[,，;；]\s*|\s*[(（]\s*)(?:{form}){not_due}\s*[)）]?\s*$", text, re.I)
        if m is not None:
            return text[:m.start()].strip(" ,，;；"), m.group("state"), bool(m.group("due") or m.group("due2"))
    return None


def _settled_columns(state: str, schema: SheetSchema) -> list[Column]:
    """The columns ``state`` names that record whether a row was settled, the one tested first."""
    pattern = lexicon("dates")["countdown"]["settled_headers"]
    named = {c.letter: c for _, c in mentions(state.lower(), schema)}
    if not named:  # "paid" for Paid date, "returned" for Returned on: a word of the header
        word = re.escape(state.lower())
        named = {c.letter: c for c in schema.columns
                 if re.search(rf"(?<![a-z]){word}(?![a-z])" if not is_zh(state) else word, c.header.lower())}
    cols = [c for c in named.values() if re.search(pattern, c.header.lower())]
    dated = [c for c in cols if c.type == "date"]
    if len(cols) > 1 and len(dated) == 1:  # "paid" on Paid date and Amount paid: the day it was paid says it was
        return dated + [c for c in cols if c is not dated[0]]
    return cols if len(cols) == 1 else []


def _row_noun_dropped(text: str, schema: SheetSchema) -> str:
    """``text`` without "per invoice" / "for each invoice" on a sheet called Invoices: the row's noun,
    not the Invoice date column."""
    nouns = {w.removesuffix("s") for w in re.findall(r"[a-z]{3,}", schema.sheet.lower())}
    if not nouns:
        return text
    return re.sub(rf"\s*\b(?:per|for each|for every|each|every)\s+(?:{_alt(sorted(nouns))})s?\b", " ", text,
                  flags=re.I).strip()


def _counted_from_non_deadline(template: str, schema: SheetSchema) -> bool:
    """Days overdue (a day minus a column, floored) counted past a column that is no deadline."""
    if not re.search(r"MAX\(0,(?:DATE\(|TODAY\(\))", template):
        return False
    pattern = lexicon("dates")["countdown"]["deadline_headers"]
    read = set(re.findall(r"(?<![A-Z$!])([A-Z]{1,3})\{r\}", template))
    return any(not re.search(pattern, c.header.lower()) for c in schema.columns if c.letter in read and c.type == "date")


def read(request: str, schema: SheetSchema, nums, labels_only: bool = False) -> RowReading | None:
    """``IF(<settled>,0,<value>)`` when the request gives the settled rows 0; None otherwise."""
    from .rows import _first

    if labels_only:
        return None
    split = _split(request)
    if split is None or not split[0]:
        return None
    rest_text, state, not_due = split
    settled = _settled_columns(state, schema)
    if not settled:
        return None
    col = settled[0]
    zero = [n for n in nums if n[0] == 0.0]
    left = list(nums)
    if zero:
        left.remove(zero[0])
    gone = {c.letter for c in settled}  # read beside the value, they would make it depend on them
    others = replace(schema, columns=[c for c in schema.columns if c.letter not in gone])
    rest = _first(_row_noun_dropped(rest_text, schema), others, left)
    if rest is None or not rest.template.startswith("=") or any(f"{g}{{r}}" in rest.template for g in gone):
        return None
    if _counted_from_non_deadline(rest.template, schema):
        return None
    body = rest.template[1:]
    if not_due and not body.upper().startswith("MAX(0,"):
        if not difference(body):
            return None
        body = f"MAX(0,{body})"
    return RowReading(f'=IF({ref(col)}<>"",0,{body})', f"0 where {col.header} is filled in; else {rest.explanation}",
                      rest.consumed + ([0.0] if zero else []))


def without_clause(request: str) -> str:
    """``request`` as the value's reader read it (its clause read here)."""
    split = _split(request)
    return request if split is None else split[0]
