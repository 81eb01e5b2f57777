"""What an English "how many <noun>" counts: the sheet's rows, or a quantity no row count gives.

"how many hours did the fencing jobs take us" on a sheet of quotes, "how many people came to
quiz night" on a sheet of hall bookings: the noun counted is a unit of measure or a head
count, and counting the matching rows (COUNTIF) answers another question.  A row count of
a unit is never the answer (a column holding the hours is added up, not counted); a row
count of people is the answer only where each row is one person (a staff list, a class
roster: a column of different people's names).  The nouns are data
(``lexicon/aggregates.json`` quantity_nouns_en).
"""

from __future__ import annotations

import re

from .rowbase import lexicon
from .schema import SheetSchema

#: the noun a count asks for: "how many hours", "number of people", "no. of guests", "how
#: many of my pupils", "how many hotel nights" (the first two words after the counting words)
_COUNTED = re.compile(r"(?<![a-z])(?:how many|number of|no\.? of|count of)\s+(?:of\s+)?"
                      r"(?:(?:the|our|my|your|their|all)\s+)?([a-z]+)(?:\s+([a-z]+))?")

#: a head count said as one word ("headcount for Sales", "head count in IT")
_HEADCOUNT = re.compile(r"(?<![a-z])head\s?counts?(?![a-z])")

#: a formula counting rows: COUNTIF(S), COUNTA, COUNT, COUNTBLANK, ROWS, SUMPRODUCT(--(…)); not
#: SUMPRODUCT(--("0"&E2:E30)), the sum of a column whose numbers are stored as text
ROW_COUNT = re.compile(r"=\s*(?:COUNT[A-Z]*\(|ROWS\(|SUMPRODUCT\(\s*--(?!\(\s*\"0\"\s*&\s*\$?[A-Z]+\$?\d+:\$?[A-Z]+\$?\d+\s*\)\s*\)$))", re.I)


def rows_are_people(schema: SheetSchema) -> bool:
    """Whether each row of the sheet is one person: a column of people (its header a person
    word, Name / Member, or its values people's names), every row a different one (Name on a
    staff list, Pupil on a roster)."""
    from .aggregates import _person_names, _unique
    from .rowbase import person_column

    who = person_column(schema.columns)
    return any(c.type == "text" and (c is who or _person_names(c)) and _unique(schema, c) for c in schema.columns)


def _is_value(noun: str, schema: SheetSchema) -> bool:
    """Whether ``noun`` names a value of the sheet ("no. of students" where Type holds
    Student): it is the condition, not what is counted."""
    stem = noun.removesuffix("s")
    return any(str(v).strip().lower() in (noun, stem) for c in schema.columns for v in c.distinct)


def counted_quantity(request: str, schema: SheetSchema) -> str | None:
    """The unit or head-count noun an English count asks for that no row count gives, or None:
    a unit ("hours", "miles") always, a head count ("people", "guests") unless the rows are
    people (``rows_are_people``)."""
    words = lexicon("aggregates")["quantity_nouns_en"]
    if _HEADCOUNT.search(request.lower()):  # "headcount for Sales?": a count of people
        return None if rows_are_people(schema) and not heads_held(schema) else "headcount"
    for m in _COUNTED.finditer(request.lower()):
        if m.group(1) in ("blank", "empty", "missing"):
            continue  # "count of blank minutes watched": the rows where that column is empty
        for noun in filter(None, m.groups()):
            if _is_value(noun, schema):
                continue
            if noun in words["units"]:
                return noun
            if noun in words["heads"]:
                return None if rows_are_people(schema) and not heads_held(schema) else noun
    return None


def heads_held(schema: SheetSchema) -> bool:
    """Whether a number column counts heads (Adults, Children, Guests, Pax): a booking per row
    with its lead guest's name, where "how many guests" adds those up, never counts the rows."""
    lex = lexicon("aggregates")
    heads = set(lex["quantity_nouns_en"]["heads"]) | set(lex["people_count_headers"])
    return any(c.type == "number" and re.sub(r"\s*[(（].*$", "", c.header).strip().lower() in heads
               for c in schema.columns)


def count_of_an_unheld_quantity(request: str, formula: str, schema: SheetSchema) -> str | None:
    """Why ``formula`` does not answer ``request`` when it counts rows for a request that counts
    a unit or heads the rows are not (``counted_quantity``), else None: the answer would be a
    number of rows, not of hours or people (a check of ``checks.problems``)."""
    if ROW_COUNT.match(formula.strip()) is None:
        return None
    noun = counted_quantity(request, schema)
    if noun is None:
        return None
    return f"it counts rows, and the request counts {noun}, which no row is (no column holds them)"


def stock_left_of_a_log(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"A4纸现在库存还剩多少" on a 领用登记 (who took what, how many) answered with the A4 rows'
    数量 added up: that is what was taken, not what is left, and what is left needs an opening
    stock the sheet does not hold.  A sheet that holds its stock in a column (库存, On hand) is
    not a log of takings, so the question is left to the readers there (a check of
    ``checks.problems``)."""
    if not re.search(r"\b(?:SUM|SUMIFS?|SUMPRODUCT)\(", formula):
        return None
    words = lexicon("aggregates")["stock_of_a_log"]
    low = request.lower()
    asked = [w for w in words["stock_left"] if w in low]
    if not asked:
        return None
    heads = [schema.sheet.lower(), *(str(c.header).lower() for c in schema.columns)]
    if any(w in h for h in heads for w in words["stock_headers"]):
        return None
    taking = next((w for w in words["outflow_sheets"] for h in heads if w in h), None)
    if taking is None:
        return None
    return (f"the request asks what is left ({asked[0]}), and each row of {schema.sheet} records a taking "
            f"({taking}): adding them up gives what went out; what is left needs the opening stock, "
            "which the sheet does not hold")
