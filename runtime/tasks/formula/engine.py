"""Check and evaluate Excel formulas with a real formula engine (PyPI ``formulas``).

Every answer o3-local gives is parsed and computed on the user's actual cells
before it is returned, so a formula that does not parse, refers to cells that
do not exist or evaluates to an error is never presented as fine.  Whole-
column references (``C:C``) are rewritten to the sheet's used rows first:
the engine would otherwise materialise a million rows per reference.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from dataclasses import dataclass
from typing import Any

from ...errors import TaskError
from .schema import SheetSchema, col_index, col_letter

_REF = re.compile(
    r"(?P<sheet>(?:'[^']+'|[^\W\d][\w.]*)!)?"
    r"(?P<ref>\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?|\$?[A-Z]{1,3}:\$?[A-Z]{1,3}|\$?\d+:\$?\d+)",
)
_STRING = re.compile(r'"(?:[^"]|"")*"')
_CELL = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)")
_EPOCH = dt.datetime(1899, 12, 30)


def _quiet() -> None:
    # schedula logs every failed function dispatch at ERROR level; the failure
    # is reported to the caller as a typed error instead
    for name in ("schedula", "formulas"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    _register()


def _sequence(rows: Any, columns: Any = 1, start: Any = 1, step: Any = 1) -> Any:
    """Excel's SEQUENCE(rows, [columns], [start], [step]): a rows x columns array."""
    import numpy as np
    import schedula
    from formulas.functions import Array, Error
    from formulas.tokens.operand import XlError

    nums = []
    for arg, default in ((rows, 1), (columns, 1), (start, 1), (step, 1)):
        vals = np.asarray(arg, dtype=object).ravel().tolist() if arg is not None else []
        if len(vals) != 1:
            return Error.errors["#VALUE!"]
        v = vals[0]
        if v is None or v is schedula.EMPTY or isinstance(v, str) and not v:  # omitted argument
            v = default
        if isinstance(v, XlError):
            return v
        if isinstance(v, str) or isinstance(v, bool):
            return Error.errors["#VALUE!"]
        nums.append(float(v))
    n_rows, n_cols = int(nums[0]), int(nums[1])
    if n_rows < 1 or n_cols < 1 or n_rows * n_cols > 1_048_576:
        return Error.errors["#VALUE!"]
    first, inc = nums[2], nums[3]
    grid = np.array([[first + inc * (i * n_cols + j) for j in range(n_cols)]
                     for i in range(n_rows)], dtype=object)
    return grid.view(Array)


def _datedif(start: Any, end: Any, unit: Any) -> Any:
    from formulas.functions.date import xdatedif

    # Excel reads the unit case-insensitively; the engine only knows "D" in upper case
    return xdatedif(start, end, unit.upper() if isinstance(unit, str) else unit)


def _trim(text: str) -> str:
    # Excel's TRIM also collapses runs of spaces inside the text to one (the engine only strips)
    return re.sub(" {2,}", " ", text.strip(" "))


def _text(value: Any, code: Any) -> Any:
    """TEXT with date/time codes by Excel's rules (:mod:`.datetext`), numbers by the engine's."""
    from formulas.functions.text import xtext

    from .datetext import text

    shown = text(value, str(code)) if not isinstance(value, str) else None
    return shown if shown is not None else xtext(value, code)


def _aggregate(function: Any, options: Any, array: Any, k: Any = None) -> Any:
    """Excel's AGGREGATE for LARGE (14) and SMALL (15) over an array with option 6 (skip error
    values): ``AGGREGATE(14,6,r/(c="East"),2)`` is the 2nd largest of the rows that pass, a
    conditional k-th that Excel 2010+, WPS and LibreOffice compute without array entry."""
    import numpy as np
    from formulas.functions import Error
    from formulas.tokens.operand import XlError

    def one(v: Any) -> Any:
        vals = np.asarray(v, dtype=object).ravel().tolist()
        return vals[0] if len(vals) == 1 else None

    fn, opt, kth = one(function), one(options), one(k)
    if fn not in (14, 15) or opt != 6 or isinstance(kth, (str, bool, XlError)) or kth is None:
        return Error.errors["#VALUE!"]
    nums = sorted((float(v) for v in np.asarray(array, dtype=object).ravel().tolist()
                   if isinstance(v, (int, float, np.number)) and not isinstance(v, bool)),
                  reverse=fn == 14)
    n = int(kth)
    if n < 1 or n > len(nums):
        return Error.errors["#NUM!"]
    return nums[n - 1]


_REGISTERED = False


def _register() -> None:
    """Functions the engine lacks or gets wrong, computed here (Excel's documented rules)."""
    global _REGISTERED
    if _REGISTERED:
        return
    from formulas.functions import text2num, wrap_func, wrap_ufunc

    from .functions import table

    functions = table()
    if "SEQUENCE" not in functions:
        functions["SEQUENCE"] = functions["_XLFN.SEQUENCE"] = wrap_func(_sequence)
    functions["AGGREGATE"] = wrap_func(_aggregate)
    functions["DATEDIF"] = wrap_ufunc(_datedif, input_parser=lambda *a: text2num(a))
    from formulas.functions.text import _kw1

    functions["TRIM"] = wrap_ufunc(_trim, **_kw1)
    functions["TEXT"] = wrap_ufunc(_text, input_parser=lambda *a: a)
    _blank_criteria()
    _REGISTERED = True


#: a criterion that is a number written with leading zeros ("0095", ">=007"): Excel reads it as the
#: number (95), and matches it against the range's numbers and number-like text ("0095"); the
#: engine compiled "0095" as Python and failed (#VALUE!) on every staff ID kept with its zeros
_LEADING_ZEROS = re.compile(r"(<>|>=|<=|=|>|<)?0+(\d+(?:\.\d+)?)")


def _blank_criteria() -> None:
    """COUNTIF/SUMIF/…IFS criteria "<>" (not blank) and "=" (blank), as Excel and LibreOffice read
    them: the engine took "<>" for "equals blank", so =COUNTIF(D2:D9,"<>") showed the user the
    number of empty cells; and a criterion with leading zeros as its number (``_LEADING_ZEROS``)."""
    import numpy as np
    from formulas import functions as fns

    test = vars(fns)["__xfilter"]
    if getattr(test, "o3_blank_criteria", False):
        return

    def criterion(test_range: dict, condition: Any) -> Any:
        if isinstance(condition, str) and (zeros := _LEADING_ZEROS.fullmatch(condition)):
            condition = (zeros.group(1) or "") + zeros.group(2)  # "0095": the engine cannot compile it
        if isinstance(condition, str) and condition in ("<>", "="):
            filled = np.vectorize(lambda v: not (isinstance(v, str) and v == ""), otypes=[bool])(
                test_range["raw"])
            return filled if condition == "<>" else ~filled
        return test(test_range, condition)

    criterion.o3_blank_criteria = True  # type: ignore[attr-defined]
    vars(fns)["__xfilter"] = criterion


@dataclass(frozen=True)
class Evaluation:
    """A formula's computed value: a scalar, or a list for a spilled array."""

    formula: str
    value: Any
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def _outside_strings(formula: str, fn) -> str:
    """Apply ``fn`` to the parts of ``formula`` that are not string literals."""
    out, last = [], 0
    for m in _STRING.finditer(formula):
        out.append(fn(formula[last : m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(fn(formula[last:]))
    return "".join(out)


def bounded(formula: str, schema: SheetSchema) -> str:
    """Rewrite ``C:C`` to ``C1:C<last row>`` and ``2:5`` row ranges likewise."""
    last = max(schema.last_row, 1)
    last_col = col_letter(max(schema.last_column, 1))

    def fix(part: str) -> str:
        part = re.sub(
            r"(?<![A-Za-z0-9_$])(\$?)([A-Za-z]{1,3}):(\$?)([A-Za-z]{1,3})(?![A-Za-z0-9_(])",
            lambda m: f"{m[1]}{m[2].upper()}$1:{m[3]}{m[4].upper()}${last}",
            part,
        )
        return re.sub(
            r"(?<![A-Za-z0-9_$:])(\$?)(\d+):(\$?)(\d+)(?![\d:])",
            lambda m: f"$A{m[1]}{m[2]}:${last_col}{m[3]}{m[4]}",
            part,
        )

    return _outside_strings(formula, fix)


def parse(formula: str) -> Any:
    """Parse with the engine's grammar; raise :class:`TaskError` with the position."""
    import formulas

    _quiet()
    text = formula if formula.startswith("=") else "=" + formula
    try:
        return formulas.Parser().ast(text)[1]
    except Exception as err:  # formulas raises its own FormulaError family
        raise TaskError(f"the formula does not parse: {err}", code="task.syntax") from None


def _excel_value(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return (value - _EPOCH).total_seconds() / 86400
    if isinstance(value, dt.date):
        return float((dt.datetime(value.year, value.month, value.day) - _EPOCH).days)
    if isinstance(value, dt.time):  # a time of day is the fraction of a day it is, as in a spreadsheet
        return (value.hour * 3600 + value.minute * 60 + value.second) / 86400
    return value


def _block(schema: SheetSchema, ref: str) -> Any:
    import numpy as np
    import schedula

    cells = _CELL.findall(ref)
    (c1, r1), (c2, r2) = cells[0], cells[-1]
    cols = range(col_index(c1), col_index(c2) + 1)
    rows = range(int(r1), int(r2) + 1)
    grid = np.empty((len(rows), len(cols)), dtype=object)
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            v = schema.cells.get((r, c))
            grid[i, j] = schedula.EMPTY if v is None else _excel_value(v)
    return grid


def _python(value: Any) -> tuple[Any, str | None]:
    """Engine result -> plain Python value, or the Excel error it holds."""
    import numpy as np
    from formulas.tokens.operand import XlError

    arr = np.asarray(value, dtype=object)
    flat = [v.item() if hasattr(v, "item") else v for v in arr.ravel().tolist()]
    for v in flat:
        if isinstance(v, XlError):
            return None, str(v)
    flat = [None if type(v).__name__ == "Token" or v is None else v for v in flat]
    if arr.ndim == 0 or len(flat) == 1:
        return flat[0], None
    return flat, None


def evaluate(formula: str, schema: SheetSchema) -> Evaluation:
    """Compute ``formula`` on the sheet; errors come back in ``Evaluation.error``."""
    text = formula if formula.startswith("=") else "=" + formula
    ast = parse(bounded(text, schema))
    try:
        func = ast.compile()
    except Exception as err:
        return Evaluation(text, None, f"cannot compile: {err}")
    args = []
    for name in func.inputs:
        sheet, _, ref = name.rpartition("!")
        source = schema
        if sheet and sheet.strip("'").upper() != schema.sheet.upper():
            # a lookup into the workbook's other sheet (a price list): its cells, when read
            source = next((o for n, o in schema.others.items() if n.upper() == sheet.strip("'").upper()), None)
            if source is None:
                return Evaluation(text, None, f"refers to another sheet: {name}")
        if not _CELL.match(ref):
            return Evaluation(text, None, f"unknown name {name!r} (not a cell, range or function)")
        for col, row in _CELL.findall(ref):
            if col_index(col) > 16384 or int(row) > 1_048_576:
                return Evaluation(text, None, f"reference outside the sheet: {name}")
        args.append(_block(source, ref))
    try:
        raw = func(*args)
    except NotImplementedError:
        return Evaluation(text, None, "uses a function the formula engine does not implement")
    except Exception as err:
        return Evaluation(text, None, f"evaluation failed: {type(err).__name__}: {err}")
    value, error = _python(raw)
    return Evaluation(text, value, error)


def references(formula: str) -> list[str]:
    """Cell and range references in ``formula`` (outside string literals)."""
    found: list[str] = []
    _outside_strings(formula, lambda part: found.extend(m.group(0) for m in _REF.finditer(part)) or part)
    return found
