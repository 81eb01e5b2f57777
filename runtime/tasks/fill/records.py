"""Arrays of objects with several properties from bullets or sub-sections (no table).

A memo lists its products as bullets ("- Ward Mini: a bedside dispenser for
one ward, $14,900, 61% margin; features: pill counting, barcode checks") or
as sub-sections (a "### Ward Mini" heading over its text).  Under a section
whose heading names the field (Products), each bullet or sub-section is one
item: its name is the text before the first separator (or the sub-heading),
each number property the number its own words stand by ("61% margin"; a
price is the money amount), a list property the list after its word
("features: …"), and the remaining text property the first clause with no
number.  An item must give every required property but lists (an absent
list is empty, as with a table without that column).
"""

from __future__ import annotations

import re
from typing import Any

from .document import Document, Section
from .extract import _glued, convert
from .fields import Field
from .words import count, find

__all__ = ["pick_records"]

_NAME_SEP = re.compile(r"\s*(?::|：|—|–|\s-\s|\()\s*")
_CLAUSES = re.compile(r"\s*(?:[;；,，.。)]|\s-\s)\s*")
_LIST_SPLIT = re.compile(r"\s*(?:,|;|、|，|；|/|\band\b|和|及)\s*")


def _named(s: Section, f: Field) -> bool:
    """``s`` is headed by the field's own words ("Products"; not "Traction" for its quarters)."""
    return bool(s.heading) and count(s.heading.lower(), f.own_words()) > 0


def _records(doc: Document, f: Field) -> list[tuple[str, str]]:
    """(name, text) of every bullet or sub-section under the sections headed about ``f``."""
    out: list[tuple[str, str]] = []
    sections = doc.sections
    for i, s in enumerate(sections):
        if not _named(s, f):
            continue
        for b in s.bullets:
            parts = _NAME_SEP.split(b, maxsplit=1)
            if len(parts) == 2 and 0 < len(parts[0]) <= 40:
                out.append((parts[0].strip(), parts[1]))
        for sub in sections[i + 1:]:
            if sub.level <= s.level:
                break
            if sub.heading and len(sub.heading) <= 40:
                out.append((sub.heading, sub.body()))
    return out


def _number(doc: Document, child: Field, text: str) -> Any:
    from ..summarize.facts import find_mentions

    best = None
    low = text.lower()
    for m in find_mentions(text):
        if _glued(text, m):
            continue
        value = convert(m, child, doc.lang, text)
        if value is None:
            continue
        a = max(low.rfind(c, 0, m.start) for c in ",;，；(") + 1
        b = min([x for x in (low.find(c, m.end) for c in ",;，；)") if x >= 0], default=len(low))
        score = 3 * count(low[a:b], child.own_words()) + (1.5 if m.currency else 0)
        if score > 0 and (best is None or score > best[0]):
            best = (score, value)
    if best is None:
        return None
    v = best[1]
    if isinstance(v, float):
        v = round(v, 9)
        if v.is_integer():
            v = int(v)
    return v


def _list(child: Field, text: str) -> list[str] | None:
    low = text.lower()
    for w in child.own_words():
        spans = find(low, w)
        if spans:
            rest = re.sub(r"^\s*(?::|：|include|includes|including|are)\s*", "", text[spans[0][1]:])
            rest = re.split(r"[.。;；]", rest)[0]
            items = [x.strip() for x in _LIST_SPLIT.split(rest) if x.strip()]
            if items and all(len(x) <= 60 for x in items):
                return items
    return None


def _text(text: str, numbers_and_lists: list[Field]) -> str | None:
    """The first clause of ``text`` with no number and no other property's word."""
    words = [w for c in numbers_and_lists for w in c.own_words() if re.search(r"\w", w)]
    for clause in _CLAUSES.split(text):
        c = clause.strip()
        if len(c) >= 3 and not re.search(r"\d", c) and not count(c.lower(), words):
            return c[0].upper() + c[1:] if c[0].isascii() else c
    return None


def pick_records(doc: Document, f: Field) -> tuple[list[dict[str, Any]], str] | None:
    """Rows for ``f`` (an array of objects) from the bullets or sub-sections that list it."""
    names = [c for c in f.children if c.type == "string" and c.key in ("name", "label", "title")]
    if not names or len(f.children) <= 2:
        return None  # one label and one number: fill/lists.py reads those
    name_child = names[0]
    others = [c for c in f.children if c is not name_child]
    rows: list[dict[str, Any]] = []
    for name, text in _records(doc, f):
        item: dict[str, Any] = {name_child.key: name}
        for c in others:
            if c.type in ("number", "integer"):
                v = _number(doc, c, text)
            elif c.type == "array":
                v = _list(c, text) or ([] if c.required else None)
            else:
                v = _text(text, [o for o in others if o.type != "string"])
            if v is not None:
                item[c.key] = v
        if all(c.key in item for c in f.children if c.required):
            rows.append(item)
    if not rows:
        return None
    heading = next((s.heading for s in doc.sections if _named(s, f)), "")
    return rows[: f.max_items], f"the items under {heading!r}"


def record_section(doc: Document, f: Field, s: Section) -> bool:
    """Whether ``s`` is (under) a section headed about ``f`` (the guard reads its numbers)."""
    if _named(s, f):
        return True
    i = doc.sections.index(s)
    for prev in reversed(doc.sections[:i]):
        if prev.level < s.level:
            return _named(prev, f)
    return False
