"""Numbers stored as text: what a formula over such a column must say to count them.

An exported or pasted column often holds "1.5", "3", "12" as text (Excel marks each with a
green triangle).  Excel's and LibreOffice's SUM and AVERAGE skip text in a range, so
``=SUM(E2:E31)`` shows 0 there although the column plainly holds numbers.  The schema reads
such a column as numbers (``Column.text_numbers``) so the readers can use it; this module then
writes the conversion into the formula: a total or an average of the range becomes
``SUMPRODUCT(--("0"&range))`` (a blank cell counts 0, as in a total), a cell of it in a per-row
formula becomes ``--E2``.  Any other function over the range (SUMIF, MAX, RANK, COUNTIF with a
number ...) would skip or mis-compare the text, so the answer is refused with the reason.
"""

from __future__ import annotations

import re

from ...errors import TaskError
from .schema import SheetSchema

_ROW = r"(?:\d+|\{[rp]\})"


def convert(formula: str, schema: SheetSchema) -> str:
    """``formula`` with every use of a text-number column converted; TaskError when one cannot be.

    ``formula`` may be a per-row template (rows written ``{r}`` / ``{p}``)."""
    from .engine import _outside_strings

    cols = [c for c in schema.columns if c.text_numbers]
    if not cols:
        return formula

    formula = _row_sum(formula, {c.letter for c in cols})
    for col in cols:
        if not _has_blank(schema, col):  # VALUE("") is an error: a column with gaps is refused below
            formula = _extreme(_conditional_total(formula, col.letter, {c.letter for c in cols}), col.letter)
        elif _not_negative(schema, col):  # a gap counts 0 in a total: "0"&"" is "0" ("0"&"-5" no number)
            formula = _conditional_total(formula, col.letter, {c.letter for c in cols}, gaps=True)

    def each(part: str) -> str:  # string literals are left alone
        for col in cols:
            part = _convert_part(part, col.letter, col.header)
        return part

    return _outside_strings(formula, each)


#: a criterion SUMIF and "=" read alike: a text without comparison or wildcard and not a number
#: in quotes (SUMIF's "5" matches the number 5, "=" does not), or a number
_EQUAL_TO = r'(?:"(?!-?\d+(?:\.\d+)?")[^"<>=*?~]*"|-?\d+(?:\.\d+)?|"<>")'


def _ranges(letter: str) -> tuple[str, str]:
    cell = rf"\$?[A-Z]{{1,3}}\$?{_ROW}"
    own = rf"\$?{letter}\$?{_ROW}"
    return rf"(?<![A-Z$]){cell}:{cell}(?![\w(])", rf"(?<![A-Z$]){own}:{own}(?![\w(])"


def _conditional_total(formula: str, letter: str, as_text: set[str], gaps: bool = False) -> str:
    """金额 stored as text summed where 类别 is 交通: SUMIF skips the text, so
    ``SUMIF(E2:E37,"交通",G2:G37)`` becomes ``SUMPRODUCT((E2:E37="交通")*VALUE(G2:G37))``
    (SUMIFS alike); only criteria that mean "equal to", which SUMPRODUCT's "=" reads the same,
    on columns not themselves numbers stored as text ("5" = 5 is FALSE there, SUMIF's 5 matches).
    With ``gaps`` (the column has blank cells, which VALUE cannot read) each cell is read as
    ``VALUE("0"&cell)``: a blank counts 0, as SUMIF counts it."""
    rng, own = _ranges(letter)
    value = (lambda r: f'VALUE("0"&{r})') if gaps else (lambda r: f"VALUE({r})")
    pair = rf"({rng})\s*,\s*({_EQUAL_TO})"

    def sumif(m: re.Match) -> str:
        if _letter(m.group(1)) in as_text:
            return m.group(0)
        return f"SUMPRODUCT({_term(m.group(1), m.group(2))}*{value(m.group(3))})"

    def sumifs(m: re.Match) -> str:
        conds = re.findall(pair, m.group(2))
        if any(_letter(r) in as_text for r, _ in conds):
            return m.group(0)
        return "SUMPRODUCT(" + "".join(f"{_term(r, v)}*" for r, v in conds) + f"{value(m.group(1))})"

    formula = re.sub(rf"(?<![A-Z])SUMIF\(\s*{pair}\s*,\s*({own})\s*\)", sumif, formula)
    return re.sub(rf"(?<![A-Z])SUMIFS\(\s*({own})\s*((?:,\s*{pair}\s*)+)\)", sumifs, formula)


def _term(rng: str, criterion: str) -> str:
    """A SUMIF criterion as SUMPRODUCT's test: "<>" (not blank) as ``<>""``, the rest as "="."""
    return f'({rng}<>"")' if criterion == '"<>"' else f"({rng}={criterion})"


_ROW_SUM = re.compile(rf"(?<![A-Z])SUM\(\s*\$?([A-Z]{{1,3}})(\$?{_ROW}):\$?([A-Z]{{1,3}})\2\s*\)")


def _row_sum(formula: str, letters: set[str]) -> str:
    """"年费加代理费" read as ``SUM(H2:I2)`` with 年费 stored as text: SUM skips the text (the sheet
    shows 1500, not 2100), and a range that only passes through the column is no range of it, so
    a sum along one row over such a column is written cell by cell, ``(H2+I2)``, each cell of the
    column converted after."""
    from .schema import col_index, col_letter

    inside = {col_index(x) for x in letters}

    def each(m: re.Match) -> str:
        lo, hi = col_index(m.group(1)), col_index(m.group(3))
        if not any(lo <= x <= hi for x in inside) or hi - lo > 11:
            return m.group(0)
        return "(" + "+".join(f"{col_letter(i)}{m.group(2)}" for i in range(lo, hi + 1)) + ")"

    return _ROW_SUM.sub(each, formula)


def _letter(ref: str) -> str:
    return re.match(r"\$?([A-Z]+)", ref).group(1)


def _extreme(formula: str, letter: str) -> str:
    """The largest, k-th largest, smallest of a text-number column with no blank cell, and the
    row holding it: MAX / LARGE / MATCH skip or mis-compare the text, so each reads the column
    converted (``VALUE(G2:G37)``) inside SUMPRODUCT, which computes the array in every spreadsheet."""
    _, own = _ranges(letter)
    formula = re.sub(rf"(?<![A-Z])(MAX|MIN)\(\s*({own})\s*\)", r"SUMPRODUCT(\1(VALUE(\2)))", formula)
    formula = re.sub(rf"(?<![A-Z])(LARGE|SMALL)\(\s*({own})\s*,\s*(\d+)\s*\)", r"SUMPRODUCT(\1(VALUE(\2),\3))", formula)
    return re.sub(rf"(?<![A-Z])MATCH\((\s*SUMPRODUCT\((?:MAX|MIN|LARGE|SMALL)\(VALUE\(({own})\)(?:,\d+)?\)\)\s*),\s*\2\s*,\s*0\s*\)",
                  r"SUMPRODUCT(MATCH(\1,VALUE(\2),0))", formula)


def _not_negative(schema: SheetSchema, col) -> bool:
    """Whether every number of ``col`` is 0 or more ("0"&"-5" reads as no number)."""
    from .rowbase import values

    def number(v) -> float | None:
        try:
            return float(str(v).strip().replace(",", ""))
        except ValueError:
            return None

    nums = [number(v) for v in values(schema, col) if v is not None and str(v).strip()]
    return all(n is not None and n >= 0 for n in nums)


def _has_blank(schema: SheetSchema, col) -> bool:
    from .schema import col_index

    c = col_index(col.letter)
    return any(schema.cells.get((r, c)) in (None, "") for r in range(col.first_row, col.last_row + 1))


def _convert_part(text: str, letter: str, header: str) -> str:
    cell = rf"\$?{letter}\$?{_ROW}"
    rng = rf"(?<![A-Z$]){cell}:{cell}(?![\w(])"
    text = re.sub(rf"(?<![A-Z])SUM\(\s*({rng})\s*\)", r'SUMPRODUCT(--("0"&\1))', text)
    text = re.sub(rf"(?<![A-Z])AVERAGE\(\s*({rng})\s*\)", r'(SUMPRODUCT(--("0"&\1))/COUNTA(\1))', text)
    for m in re.finditer(rng, text):
        if re.search(r'(?:"0"&|VALUE\(|^&)$', text[:m.start()]) or re.search(r"COUNTA\($", text[:m.start()]) \
                or re.search(r"(?<![A-Z])INDEX\(\s*$", text[:m.start()]):
            continue  # converted above, or a lookup that returns the cell as it stands
        fn = re.findall(r"([A-Z][A-Z0-9.]*)\((?=[^()]*$)", text[:m.start()])
        if text[:m.start()].endswith("*") or text[m.end():].startswith("*"):
            continue  # SUMPRODUCT((H2:H31="")*F2:F31*G2:G31): a factor of "*" is read as its number
        raise TaskError(
            f"{header} holds numbers stored as text, which {fn[-1] if fn else 'this formula'} skips "
            f"(the answer would count them as nothing); convert the column to numbers first "
            f"(Data > Text to Columns), or ask for its total or average", code="task.check")
    # a single cell of the column: "--E2" is its number in arithmetic and comparisons alike
    return re.sub(rf"(?<![A-Z$:!]){cell}(?![\w(:])", lambda m: f"--{m.group(0)}"
                  if not text[:m.start()].endswith("--") else m.group(0), text)


def excel_differs(formula: str, schema: SheetSchema) -> str | None:
    """Why Excel and LibreOffice show another value than the check computed for a formula the
    user wrote (repair, completion), or None.

    The check's engine reads "1.5" stored as text as 1.5 everywhere, but a spreadsheet's SUM,
    AVERAGE, MAX, SUMIF … skip text in a range: ``=SUM(E2:E9)`` shows 0 there.  Quoting the
    engine's total as "the value" would tell the user a figure their sheet never shows.
    """
    try:
        converted = convert(formula, schema)
    except TaskError as err:
        return err.message
    if converted.count('"0"&') > formula.count('"0"&'):
        cols = "、".join(c for c in converted_columns(converted, schema)) or "a column"
        return (f"{cols} holds numbers stored as text, which the spreadsheet's function skips "
                f"(it shows another value); {converted} counts them")
    return None


def plain(formula: str) -> str:
    """``formula`` with the conversions of :func:`convert` taken out, for saying what it computes:
    the user asked for the average of Hours, not for a SUMPRODUCT over it."""
    cell = r"\$?[A-Z]{1,3}\$?\d+"
    rng = rf"{cell}:{cell}"
    text = re.sub(rf'\(SUMPRODUCT\(--\("0"&({rng})\)\)/COUNTA\(\1\)\)', r"AVERAGE(\1)", formula)
    text = re.sub(rf'SUMPRODUCT\(--\("0"&({rng})\)\)', r"SUM(\1)", text)
    return re.sub(rf"--({cell})", r"\1", text)


def converted_columns(formula: str, schema: SheetSchema) -> list[str]:
    """The headers of the text-number columns ``formula`` converts (for the explanation's note)."""
    return [c.header for c in schema.columns if c.text_numbers
            and re.search(rf'(?:--|"0"&)\$?{c.letter}\$?\d', formula)]
