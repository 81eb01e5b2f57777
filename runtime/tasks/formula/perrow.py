""""for each X", "per X", "every X", 每份X: one answer for each row, said of the rows themselves.

A request with a target on a data row ("m2 for every job" at J3, "算每份合同还欠多少款" at K2)
names the rows it is asked for; the phrase says nothing the formula computes.  Read with it
kept, "charge per visit" looks like a rate (charge ÷ visits) and "each line" like a grouping.
:func:`without_rows_said` cuts the phrase when its noun names the rows of the sheet:

- a word of a column whose every row holds a different value (Booking, Job, Invoice no,
  合同编号's 合同), or of the sheet's own name (Orders -> order, 钟单), or a generic row noun
  (row, line, record); a daily report's day ("per day", 每天) when each row is one day;
- never a rate noun ("price per kg", "每斤", "平均每天" on a sheet that is not daily), never
  a noun that names a column with repeated values ("each department": a real grouping).

The per-row readers read the rest; the caller tries the request as said first, so a reading
that needed the words keeps them.
"""

from __future__ import annotations

import re

from .rowbase import lexicon
from .schema import Column, SheetSchema


def _distinct_rows(schema: SheetSchema, col: Column) -> bool:
    """Whether every filled row holds a different value of ``col`` (two rows or more)."""
    from .aggregates import _unique

    return _unique(schema, col)


def _daily(schema: SheetSchema) -> bool:
    from .rows import _one_row_a_day

    return _one_row_a_day(schema)


def _singular(word: str) -> str:
    for end, to in (("ies", "y"), ("ses", "s"), ("s", "")):
        if word.endswith(end) and len(word) > len(end) + 2:
            return word[: -len(end)] + to
    return word


def _names_rows_en(noun: str, schema: SheetSchema, each: bool = False) -> bool:
    """Whether the English ``noun`` (one word) names the rows of ``schema``.  After "each" /
    "every" (``each``), a noun that names nothing of the sheet — no column, no cell value, not
    the sheet — and is no rate, period or function word can only be what the rows are called
    ("margin on every bid" on a sheet of Tenders); after "per" it may be a unit, so it is not."""
    words = lexicon("perrow")
    noun = _singular(noun.lower())
    if noun in words["row_nouns"]:
        return True
    if noun in ("day", "date") and _daily(schema):
        return True
    if noun in words["rate_nouns"]:
        return False
    sheet = {_singular(w) for w in re.findall(r"[a-z]+", schema.sheet.lower())}
    hits = [c for c in schema.columns if noun in {_singular(w) for w in re.findall(r"[a-z]+", c.header.lower())}]
    if each and hits and all(_qualifies_only(noun, c.header) for c in hits) and _names_nothing(noun, schema):
        return True  # "every bid" beside "Bid manager": the word qualifies that column, it is not its name
    if any(not _distinct_rows(schema, c) and c.type in ("text", "mixed") for c in hits):
        return False  # "each department": a column of repeated values, a grouping
    if noun in sheet:
        return True
    if each and not hits and _names_nothing(noun, schema):
        return True
    return any(_distinct_rows(schema, c) for c in hits)


def _qualifies_only(noun: str, header: str) -> bool:
    """Whether ``noun`` stands in ``header`` only before its last word ("bid" of "Bid manager")."""
    heads = [_singular(w) for w in re.findall(r"[a-z]+", header.lower())]
    return len(heads) > 1 and heads[-1] != noun


def _names_nothing(noun: str, schema: SheetSchema) -> bool:
    """Whether ``noun`` is a plain word that names no column, no cell value and no rate or period."""
    from .rowbase import mentions

    words = lexicon("perrow")
    if len(noun) < 3 or noun in words["rate_nouns"] or noun in words["not_row_nouns"] or mentions(noun, schema):
        return False
    for (r, _c), v in schema.cells.items():
        if r > schema.header_row and isinstance(v, str) and noun in {_singular(w) for w in re.findall(r"[a-z]+", v.lower())}:
            return False
    return True


def _names_rows_zh(noun: str, schema: SheetSchema) -> bool:
    """Whether the Chinese ``noun`` names the rows: part of a header of a column holding a
    different value on every row (合同 of 合同编号), or of the sheet's name (钟单)."""
    if len(noun) < 1:
        return False
    hits = [c for c in schema.columns if noun in c.header]
    if any(c.type in ("text", "mixed") and not _distinct_rows(schema, c) and c.header.strip() == noun for c in hits):
        return False  # 每个部门 beside a 部门 column of repeated values: a grouping
    if noun in schema.sheet and len(noun) >= 2:
        return True
    return any(_distinct_rows(schema, c) for c in hits)


_ZH_CUES = re.compile(lexicon("perrow")["zh_cues"])


def rows_said(request: str, schema: SheetSchema) -> list[tuple[int, int]]:
    """The spans of ``request`` that say "for each row" by naming the rows (module doc)."""
    words = lexicon("perrow")
    spans: list[tuple[int, int]] = []
    low = request.lower()
    for m in re.finditer(words["en"], low):
        nouns = m.group(1).split()
        each = not re.match(r"(?:\w+\s+)?per\b", m.group(0).strip())
        if _names_rows_en(nouns[0], schema, each and len(nouns) == 1):
            end = m.start(1) + len(nouns[0])
        elif len(nouns) == 2 and _names_rows_en(nouns[1], schema) and (
                _singular(nouns[1]) in words["row_nouns"]
                or not any(nouns[0] in re.findall(r"[a-z]+", c.header.lower()) for c in schema.columns)):
            end = m.end(1)  # "each budget line": a word that qualifies the row, and the row
        else:
            continue
        if low[end:end + 1] == "s" and not low[end + 1:end + 2].isalpha():
            end += 1
        start = m.start()
        if low[end:end + 2] in ("'s", "s'"):  # "share of each line's year": the of stays
            end, start = end + 2, re.search(r"\b(?:each|every|per)\b", low[m.start():]).start() + m.start()
        spans.append((start, end))
    for m in re.finditer(words["zh"], request):
        tail = m.group(2)
        if m.group(1) == "行":
            spans.append((m.start(), m.end(1)))
            continue
        for n in range(len(tail), 0, -1):
            if _names_rows_zh(tail[:n], schema):
                end = m.start(2) + n
                spans.append((m.start(), end + (request[end:end + 1] == "的")))  # 每张处方的药费
                break
    if _daily(schema):
        spans += [m.span() for m in re.finditer(r"(?<!平均)每一?[天日]", request)]
    # "，每行都要", "逐行算", "往下拉": the whole clause says only that every row gets one
    cues = [m.span() for m in _ZH_CUES.finditer(request) if m.group(0).strip(" ，,；;、")]
    spans = [s for s in spans if not any(a <= s[0] and s[1] <= b for a, b in cues)] + cues
    return sorted(set(spans))


def without_rows_said(request: str, schema: SheetSchema) -> str:
    """``request`` without the phrases that name its rows ("total charge per visit" -> "total
    charge", "算每份合同还欠多少款" -> "算还欠多少款"); ``request`` itself when it has none."""
    spans = rows_said(request, schema)
    out = request
    for a, b in reversed(spans):
        head, tail = out[:a].rstrip(" "), out[b:].lstrip(" ")
        cjk = re.compile(r"[\u4e00-\u9fff]")
        join = "" if not head or not tail or cjk.match(head[-1]) or cjk.match(tail[0]) or tail[0] in ",.;:!?)" \
            else " "
        out = head + join + tail
    return re.sub(r"^[\s,，、]+|[\s,，、]+$", "", out)


def averaged(request: str, schema: SheetSchema) -> str | None:
    """"avg pages per book" -> "avg pages": a mean asked over the rows it names is the mean of
    the column over all rows (one cell); None when no mean word is said or no phrase names the
    rows (a mean "per department" of repeated values stays a grouping, "per kg" a rate)."""
    if not any(re.search(p, request.lower()) for p in lexicon("perrow")["averaged"]):
        return None
    bare = without_rows_said(request, schema)
    return None if bare == request or not bare else bare
