"""Repair broken formulas and complete unfinished ones ("last-mile" fixes).

Most formulas users break are one or two keystrokes from right: a missing or
extra parenthesis, an unclosed string, a stray comma, ``< =`` for ``<=``.
Repair searches edits in order of size and returns the smallest one the
formula engine accepts; completion closes what a prefix left open.  The LLM
(when installed) proposes completions the rules cannot, and each is checked
the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import TaskError
from .syntax import function_names, is_valid, known_functions

_TOKEN_END = re.compile(
    r'(?:\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?(?![\d:])|(?<![A-Z$\d])\d+(?:\.\d+)?(?![\d.:])'
    r'|"[^"]*"|\)|\$?[A-Z]{1,3}:\$?[A-Z]{1,3}(?![\d$]))'
)
MAX_LEN = 8192


def _scan(formula: str) -> tuple[int, bool]:
    """(open parenthesis depth at the end, inside an unclosed string?)."""
    depth, in_str = 0, False
    for ch in formula:
        if ch == '"':
            in_str = not in_str
        elif not in_str:
            depth += ch == "("
            depth -= ch == ")"
    return depth, in_str


def close(formula: str) -> str:
    """Close an open string and every open parenthesis."""
    depth, in_str = _scan(formula)
    return formula + ('"' if in_str else "") + ")" * max(0, depth)


def _spacing(formula: str) -> str:
    """``< =`` -> ``<=``, ``< >`` -> ``<>``, ``> =`` -> ``>=`` (outside strings)."""
    parts = re.split(r'("(?:[^"]|"")*")', formula)
    for i in range(0, len(parts), 2):
        parts[i] = re.sub(r"<\s+=", "<=", parts[i])
        parts[i] = re.sub(r">\s+=", ">=", parts[i])
        parts[i] = re.sub(r"<\s+>", "<>", parts[i])
        parts[i] = re.sub(r"=>", ">=", parts[i])
        parts[i] = re.sub(r"=<", "<=", parts[i])
        parts[i] = re.sub(r"!!+", "!", parts[i])
    return "".join(parts)


def _edits(f: str) -> Iterator[str]:
    """Single edits, most likely first."""
    stripped = f.rstrip()
    while stripped and stripped[-1] in ",(;&+*/ ":
        stripped = stripped[:-1]
        yield close(stripped)
    tail = re.search(r"([A-Z][A-Z0-9.]*)$", f)
    if tail and tail.group(1) in known_functions() and tail.group(1) not in ("TRUE", "FALSE"):
        yield close(f + "(")  # "NA" at the end: the call's parentheses are missing
    yield close(f)
    # extra ')' : drop one, last ones first
    for i in range(len(f) - 1, 0, -1):
        if f[i] == ")":
            yield f[:i] + f[i + 1 :]
    # "$B$B" -> "$B:$B" (a colon lost between two column references)
    for m in re.finditer(r"(\$?[A-Z]{1,3})(\$[A-Z]{1,3})(?![\d(])", f):
        yield f[: m.end(1)] + ":" + f[m.start(2) :]
    # "IFERROR," -> "IFERROR(" for a known function name
    for m in re.finditer(r"\b([A-Z][A-Z0-9.]*)\s*,", f):
        if m.group(1) in known_functions():
            yield f[: m.end(1)] + "(" + f[m.end() :]
    # a stray operator before a separator: "C2&," -> "C2,"
    for m in re.finditer(r"[&+*/]\s*(?=[,)])", f):
        yield f[: m.start()] + f[m.end() :]
    # a ')' missing after a reference, number or string in the middle
    for m in _TOKEN_END.finditer(f):
        yield f[: m.end()] + ")" + f[m.end() :]


def repair(formula: str, max_edits: int = 3) -> str:
    """The smallest edit of ``formula`` that parses, or :class:`TaskError`."""
    if len(formula) > MAX_LEN:
        raise TaskError(f"the formula is longer than {MAX_LEN} characters", code="task.too_long")
    text = formula.strip()
    if not text or text == "=":
        raise TaskError("the formula is empty", code="task.empty")
    text = "=" + text.lstrip("=")
    text = _spacing(text)
    # functions the user wrote that Excel lacks are theirs (VBA): keep them
    allow = frozenset(n for n in function_names(text) if n not in known_functions())
    if is_valid(text, allow):
        return text
    frontier = [text]
    seen = {text}
    for _ in range(max_edits):
        nxt: list[str] = []
        for cand in frontier:
            for edit in _edits(cand):
                if edit in seen:
                    continue
                seen.add(edit)
                if is_valid(edit, allow):
                    return edit
                nxt.append(edit)
        frontier = nxt[:400]
    raise TaskError(f"cannot repair the formula {formula!r}", code="task.repair")


def complete_rules(prefix: str) -> str:
    """Finish ``prefix`` by closing what it opened; :class:`TaskError` if that is not enough."""
    text = "=" + prefix.replace("<mask>", "").strip().lstrip("=")
    cand = close(text)  # a completion only adds: it never drops what the user typed
    if is_valid(cand):
        return cand
    raise TaskError(f"cannot complete {prefix!r} without a model", code="task.complete")
