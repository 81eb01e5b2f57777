"""Text an XML document can hold: the one place display-list strings are made safe for office files.

PPTX, DOCX and XLSX are XML, and XML 1.0 cannot hold every code point:
C0 controls other than tab, newline and carriage return, lone surrogates,
U+FFFE and U+FFFF.  Data can carry them (a CSV cell with U+FFFE, a
hand-made display list), and lxml then refuses the whole document, so
:func:`xml_safe` runs once on the display list before any office exporter
sees it (``o3local.export.export`` calls it for every format marked
``xml``).  Each such character becomes U+FFFD, one for one (string lengths,
and so glyph clusters, stay valid), and every string changed is reported
as a diagnostic naming its JSON pointer, so nothing is lost silently.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: what replaces a character XML cannot hold
REPLACEMENT = "\ufffd"

#: at most this many strings are reported one by one; the rest in one summary diagnostic
MAX_CHAR_DIAGNOSTICS = 20

_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# the same characters as json.dumps(ensure_ascii=False) writes them (controls as \u00XX);
# a false positive only costs the exact walk below
_ILLEGAL_IN_JSON = re.compile(r"[\ud800-\udfff\ufffe\uffff]|\\u00(?:0[0-8bcef]|1[0-9a-f])")


def _walk(value: Any, pointer: str, found: list[tuple[str, str]]) -> Any:
    if isinstance(value, str):
        if _ILLEGAL.search(value):
            found.append((pointer, value))
            return _ILLEGAL.sub(REPLACEMENT, value)
        return value
    if isinstance(value, list):
        return [_walk(v, f"{pointer}/{i}", found) for i, v in enumerate(value)]
    if isinstance(value, dict):
        return {k: _walk(v, f"{pointer}/{_escape(str(k))}", found) for k, v in value.items()}
    return value


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _describe(text: str) -> str:
    hits = list(_ILLEGAL.finditer(text))
    more = f" and {len(hits) - 1} more" if len(hits) > 1 else ""
    return f"U+{ord(hits[0].group()):04X} at character {hits[0].start()}{more}"


def _excerpt(text: str, limit: int = 40) -> str:
    shown = _ILLEGAL.sub(REPLACEMENT, text)
    return repr(shown if len(shown) <= limit else shown[:limit] + "…")


def xml_safe(display_list: dict[str, Any], fmt: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``display_list`` with every XML-illegal character replaced by U+FFFD, and what was changed.

    Returns the same object when nothing needs replacing (the common case,
    found with one C-speed scan of its JSON form).  Diagnostics carry
    ``code`` ``export.illegal_char``, the 0-based ``page``, the ``pointer``
    of the string and a message naming the character and ``fmt``.
    """
    try:
        scan = json.dumps(display_list, ensure_ascii=False, check_circular=False)
    except (TypeError, ValueError):
        scan = None  # not JSON-shaped: the exporters report that; walk to be sure
    if scan is not None and not _ILLEGAL_IN_JSON.search(scan):
        return display_list, []
    found: list[tuple[str, str]] = []
    cleaned = _walk(display_list, "", found)
    diagnostics = []
    for pointer, text in found[:MAX_CHAR_DIAGNOSTICS]:
        parts = pointer.split("/")
        page = int(parts[2]) if len(parts) > 2 and parts[1] == "pages" and parts[2].isdigit() \
            else None
        diagnostics.append({
            "code": "export.illegal_char", "severity": "warning", "page": page,
            "pointer": pointer,
            "message": f"{f'page {page + 1}, ' if page is not None else ''}{pointer}: {_describe(text)} in "
                       f"{_excerpt(text)} cannot be written to {fmt.upper()} (XML has no such character); "
                       "written as U+FFFD"})
    if len(found) > MAX_CHAR_DIAGNOSTICS:
        diagnostics.append({
            "code": "export.illegal_char", "severity": "warning", "page": None,
            "pointer": "",
            "message": f"{len(found) - MAX_CHAR_DIAGNOSTICS} more strings had characters "
                       f"{fmt.upper()} cannot hold; written as U+FFFD"})
    return cleaned, diagnostics
