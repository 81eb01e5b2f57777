"""What counts as a well-formed formula: the engine's grammar plus known names.

``formulas.Parser`` accepts any identifier followed by ``(`` as a function,
so a typo like ``SUMM(`` would pass; answers must use functions Excel has.
"""

from __future__ import annotations

import functools
import re

from ...errors import TaskError
from .engine import parse

#: real Excel functions that the engine parses but does not list as implemented
_EXTRA_FUNCTIONS = frozenset(
    "SEQUENCE LET LAMBDA INDIRECT OFFSET HYPERLINK GETPIVOTDATA RANDARRAY TAKE DROP "
    "CHOOSECOLS CHOOSEROWS VSTACK HSTACK TOCOL TOROW WRAPROWS WRAPCOLS TEXTSPLIT "
    "TEXTBEFORE TEXTAFTER MAP REDUCE SCAN BYROW BYCOL MAKEARRAY ISOMITTED CELL INFO AGGREGATE".split()
)
_FUNC = re.compile(r"(?<![A-Za-z0-9_.$])([A-Za-z][A-Za-z0-9_.]*)\s*\(")
_STRING = re.compile(r'"(?:[^"]|"")*"')


@functools.cache
def known_functions() -> frozenset[str]:
    from .functions import table

    names = {n.upper().removeprefix("_XLFN.") for n in table()}
    return frozenset(names | _EXTRA_FUNCTIONS)


def function_names(formula: str) -> list[str]:
    body = _STRING.sub('""', formula)
    return [m.group(1).upper() for m in _FUNC.finditer(body)]


def unknown_functions(formula: str) -> list[str]:
    known = known_functions()
    return [n for n in function_names(formula) if n.removeprefix("_XLFN.") not in known]


#: (min, max) argument counts Excel enforces ("too many arguments"); None = any
ARITY: dict[str, tuple[int, int | None]] = {
    "IF": (2, 3), "IFERROR": (2, 2), "IFNA": (2, 2), "NOT": (1, 1), "INDEX": (2, 4),
    "MATCH": (2, 3), "VLOOKUP": (3, 4), "HLOOKUP": (3, 4), "XLOOKUP": (3, 6), "SUMIF": (2, 3),
    "COUNTIF": (2, 2), "AVERAGEIF": (2, 3), "ABS": (1, 1), "LEN": (1, 1), "MID": (3, 3),
    "LEFT": (1, 2), "RIGHT": (1, 2), "ROUND": (2, 2), "ROUNDUP": (2, 2), "ROUNDDOWN": (2, 2),
    "DATE": (3, 3), "YEAR": (1, 1), "MONTH": (1, 1), "DAY": (1, 1), "SEARCH": (2, 3),
    "FIND": (2, 3), "EDATE": (2, 2), "EOMONTH": (2, 2), "NA": (0, 0), "ISBLANK": (1, 1),
    "ISNUMBER": (1, 1), "ISERROR": (1, 1), "INDIRECT": (1, 2), "CELL": (1, 2), "MINUTE": (1, 1),
    "HOUR": (1, 1), "SMALL": (2, 2), "LARGE": (2, 2), "DATEVALUE": (1, 1), "TODAY": (0, 0),
    "NOW": (0, 0), "ROW": (0, 1), "COLUMN": (0, 1), "OFFSET": (3, 5), "MOD": (2, 2),
    "INT": (1, 1), "TRIM": (1, 1), "UPPER": (1, 1), "LOWER": (1, 1), "VALUE": (1, 1),
    "TEXT": (2, 2), "SUBSTITUTE": (3, 4), "WEEKDAY": (1, 2), "DATEDIF": (3, 3),
    "RANK": (2, 3), "RANK.EQ": (2, 3), "WORKDAY": (2, 3), "NETWORKDAYS": (2, 3),
    "TRUE": (0, 0), "FALSE": (0, 0), "RAND": (0, 0), "PI": (0, 0), "CODE": (1, 1),
    "CHAR": (1, 1), "REPT": (2, 2), "EXACT": (2, 2), "ISTEXT": (1, 1), "TRANSPOSE": (1, 1),
}
_LAST_TOKEN = re.compile(r"[A-Za-z0-9_.$:!\]]")


def _arity_problem(formula: str) -> str | None:
    """Check argument counts of known functions; also reject ``)A1`` adjacency."""
    body = _STRING.sub('""', formula)
    body = re.sub(r"\{[^{}]*\}", "{}", body)  # an array constant {"a","b"} is one argument
    stack: list[tuple[str | None, int, bool]] = []  # name, commas, has content
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "(":
            m = re.search(r"([A-Za-z][A-Za-z0-9_.]*)\s*$", body[:i])
            stack.append((m.group(1).upper() if m else None, 0, False))
        elif ch == ")":
            if not stack:
                return "unbalanced ')'"
            name, commas, content = stack.pop()
            nargs = commas + 1 if (content or commas) else 0
            lo_hi = ARITY.get(name or "")
            if lo_hi and (nargs < lo_hi[0] or (lo_hi[1] is not None and nargs > lo_hi[1])):
                return f"{name} takes {lo_hi[0]}-{lo_hi[1]} arguments, got {nargs}"
            j = i + 1
            while j < len(body) and body[j] == " ":
                j += 1
            if j < len(body) and (body[j].isalnum() or body[j] in '$("'):
                return "missing operator after ')'"
            if stack:
                stack[-1] = (stack[-1][0], stack[-1][1], True)
        elif ch == "," and stack:
            stack[-1] = (stack[-1][0], stack[-1][1] + 1, stack[-1][2])
        elif stack and not ch.isspace():
            stack[-1] = (stack[-1][0], stack[-1][1], True)
        i += 1
    if stack:
        return "unbalanced '('"
    if re.search(r'""\s*[A-Za-z0-9$(]|[A-Za-z0-9$]\s*""', body.replace('"""', "")):
        return "missing operator next to a string"
    return None


def check(formula: str, allow: frozenset[str] = frozenset()) -> None:
    """Raise :class:`TaskError` unless ``formula`` parses and uses known functions.

    ``allow`` names user-defined functions (VBA) that are accepted anyway.
    """
    problem = _arity_problem(formula)
    if problem:
        raise TaskError(f"the formula is malformed: {problem}", code="task.syntax")
    bad = [n for n in unknown_functions(formula) if n not in allow]
    if bad:
        raise TaskError(f"unknown function {bad[0]}", code="task.function")
    body = re.sub(r"'(?:[^']|'')+'!", "S!", _STRING.sub('""', formula))  # 'Price List'!D2 names a sheet
    for m in re.finditer(r"(?<![A-Za-z0-9_.$!])([A-Za-z][A-Za-z0-9_.]*)(?![A-Za-z0-9_.(!$\d])", body):
        name = m.group(1).upper()
        if name in ("TRUE", "FALSE") or re.fullmatch(r"[A-Z]{1,3}\d+", name):
            continue
        if name in known_functions():
            raise TaskError(f"{name} is a function and needs parentheses: {name}(...)",
                            code="task.syntax")
    parse(formula)


def is_valid(formula: str, allow: frozenset[str] = frozenset()) -> bool:
    try:
        check(formula, allow)
    except TaskError:
        return False
    return True


def normalize(formula: str) -> str:
    """Canonical text for exact-match comparison: no '=', no spaces, upper case outside strings."""
    text = formula.strip()
    text = text[1:] if text.startswith("=") else text
    out, last = [], 0
    for m in _STRING.finditer(text):
        out.append(re.sub(r"\s+", "", text[last : m.start()]).upper())
        out.append(m.group(0))
        last = m.end()
    out.append(re.sub(r"\s+", "", text[last:]).upper())
    return "=" + "".join(out)
