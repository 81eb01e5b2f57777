"""Which spreadsheet application the formula is for, and the functions it lacks (issue 16 item 6).

XLOOKUP shows #NAME? in Excel 2016 and LibreOffice 7, so the default target
(``portable``) allows only what every supported application computes; a
function the request itself names ("using XLOOKUP") is taken as the user's
choice.  The lists are data: ``lexicon/targets.json``.
"""

from __future__ import annotations

import re

from ...errors import UsageError
from .rowbase import lexicon

DEFAULT = "portable"


def names() -> list[str]:
    """The target names a caller may pass."""
    return list(lexicon("targets")["targets"])


def lacks(target: str) -> set[str]:
    """The functions ``target`` does not compute."""
    doc = lexicon("targets")
    if target not in doc["targets"]:
        raise UsageError(f"unknown target {target!r} (use one of: {', '.join(names())})",
                         code="usage.target")
    out: set[str] = set()
    for name in doc["targets"][target]["lacks"]:
        out |= set(doc["newer"]) if name == "@newer" else {name}
    return out


def unsupported(formula: str, target: str, request: str = "") -> list[str]:
    """Functions of ``formula`` that ``target`` lacks, less those the request asks for by name
    ("using XLOOKUP"; a name that is also an English word only as a function's name: "unique
    cities" asks for distinct values, not for Excel 365's UNIQUE)."""
    english = set(lexicon("targets")["english_words"])
    asked = {w.upper() for w in re.findall(r"[A-Za-z][A-Za-z0-9.]*", request)
             if w.lower() not in english or _named_as_function(w, request)}
    used = {m.upper() for m in re.findall(r"([A-Za-z][A-Za-z0-9.]*)\s*\(", formula)}
    used = {u.removeprefix("_XLFN.") for u in used}
    return sorted((used & lacks(target)) - asked)


def _named_as_function(word: str, request: str) -> bool:
    """Whether ``word`` (an English word that is also a function's name) names the function."""
    if word.isupper() and len(word) > 1:
        return True
    w = re.escape(word)
    return re.search(rf"(?i)(?:\b(?:using|use|with|via)\s+(?:the\s+|a\s+)?{w}\b|\b{w}\s*\(|\b{w}\s+(?:function|formula)\b)",
                     request) is not None
