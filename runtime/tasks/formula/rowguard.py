"""A per-row difference of two dates or times, left blank on the rows where one is not filled in.

"minutes on site for every visit" on a visitor log where three visitors have not signed out:
=(G2-F2)*1440 shows -880 on their rows (a blank time out is 0:00), and "days each file was
out" shows -46,000 for a file not yet back.  Every gold formula in the evaluation sets that
subtracts such a column leaves those rows blank (45 of the 47 that do subtract one; the two
others take MAX(0, …) of a late fee), and so does anyone who has seen the minus signs.
"""

from __future__ import annotations

import re

from .schema import SheetSchema, col_index

_DIFFERENCE = re.compile(r"(?<![A-Z$])\$?([A-Z]{1,3})\{r\}\s*-\s*\$?([A-Z]{1,3})\{r\}")


def _blank_somewhere(schema: SheetSchema, letter: str) -> bool:
    """A date or time column left blank on a row that has other data."""
    col = schema.column(letter)
    if col is None or not (col.type in ("date", "time") or _times(col)):
        return False
    at = col_index(letter)
    rows = {r for (r, _c), v in schema.cells.items() if col.first_row <= r <= col.last_row and v not in (None, "")}
    return any(schema.cells.get((r, at)) in (None, "") for r in rows)


def _times(col) -> bool:
    """A text column of clock times ("09:15"): Excel subtracts them as times."""
    return col.type == "text" and bool(col.samples) and all(
        re.fullmatch(r"\d{1,2}:\d{2}(?::\d{2})?", str(v)) for v in col.samples if v not in (None, ""))


def guarded(template: str, schema: SheetSchema) -> str:
    """``template`` (a per-row formula with ``{r}``) wrapped in IF(…="","",…) when it subtracts a
    date or time column that is blank on some rows; unchanged when it tests anything itself."""
    if re.search(r"\b(?:IF|IFS|IFERROR|MAX|MIN|ISBLANK|AND|OR)\(", template, re.I):
        return template
    blank = []
    for m in _DIFFERENCE.finditer(template):
        blank += [c for c in m.groups() if c not in blank and _blank_somewhere(schema, c)]
    if not blank:
        return template
    test = f'{blank[0]}{{r}}=""' if len(blank) == 1 else "OR(" + ",".join(f'{c}{{r}}=""' for c in blank) + ")"
    return f'=IF({test},"",{template.lstrip("=")})'
