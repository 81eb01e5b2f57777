"""Per-row rules with a clause for the empty rows (issue 16 item 1): "Pass if score >= 70, Fail if
lower, Not scored if it's empty", "pass/fail at 70, blank score = Not scored", "days since the last
audit, blank if no audit".

People write a status rule as clauses, and a sheet's empty cells get one of their own: the rows the
other clauses decide are only the filled ones (an empty score is not a Fail, an empty date is not
day 0).  That clause is read here and the rest of the request by the other row families
(:func:`rows._first`); the result is their formula behind ``IF(<column>="",<label>, ...)``.  The
column is the one the clause names, or for "it" the one column the rest reads; it must be a column
the rest reads (the blank test guards that formula), else no answer.

The words that only ask for the column ("Add a column that says Closed if ...") are dropped here
too, before the clauses are read.  Vocabulary: ``lexicon/labels.json`` blank_clause, clause_leadins.
"""

from __future__ import annotations

import re

from .rowbase import RowReading, is_zh, lexicon, mentions, ref
from .schema import SheetSchema


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _label(raw: str, request: str, schema: SheetSchema) -> str | None:
    """The empty rows' branch: "" for "blank" / "leave it blank", else a quoted or short English label."""
    from .rowlabels import _clause_label

    lex = lexicon("labels")
    said = raw.strip(" .!")
    if said.lower() in lex["blank_clause"]["leave"]:
        return ""
    lab = _clause_label(said, request, schema, lex)
    return lab if isinstance(lab, str) and lab else None


def _clause(part: str) -> tuple[str, str, str | None] | None:
    """(kind, label as said, column as said or None for "it") when ``part`` is a clause for the empty
    rows (kind "empty") or for the rows whose column is filled in (kind "filled": "Collected if
    there's a collected date", said beside the rule for the others)."""
    lex = lexicon("labels")["blank_clause"]
    empty, none, filled = _alt(lex["empty"]), _alt(lex["none"]), _alt(lex["filled"])
    col = r"(?:the\s+|its\s+|their\s+|a\s+|an\s+)?(?P<col>[a-z][\w ()%£$&/-]{0,30}?)"
    it = r"(?P<it>it|they|that|there)"
    be = r"(?:['’]s|['’]re|\s+is|\s+are|\s+was|\s+were|\s+has\s+been|\s+is\s+left|\s+are\s+left)"
    forms = [
        # "Not scored if it's empty", "Not scored when the score is blank"
        ("empty", rf"(?P<lab>.+?)\s+(?:if|when|where|for rows where)\s+(?:{it}|{col}){be}\s+(?:{empty})"),
        # "blank if no audit", "leave it blank where there's no audit date"
        ("empty", rf"(?P<lab>.+?)\s+(?:if|when|where)\s+(?:{none})\s+{col}"),
        # "blank score = Not scored", "empty score: Not scored", "no score -> Not scored"
        ("empty", rf"(?:an?\s+)?(?:{empty}|no)\s+{col}\s*(?:=|->|→|:|\bis\b|\bgets\b|\bmeans\b)\s*(?P<lab>.+)"),
        # "Not scored for blank scores", "Not scored for blanks"
        ("empty", rf"(?P<lab>.+?)\s+(?:for|on)\s+(?:(?:{empty})\s+{col}|(?P<it2>blanks|empties|empty ones|blank ones))"),
        # "Collected if there's a collected date", "Paid when the paid date is filled in"
        ("filled", rf"(?P<lab>.+?)\s+(?:if|when|where|once)\s+there(?:['’]s|\s+is)\s+(?:a|an)\s+{col}"),
        ("filled", rf"(?P<lab>.+?)\s+(?:if|when|where|once)\s+{col}{be}\s+(?:{filled})"),
        # "Collected if it has a collected date"
        ("filled", rf"(?P<lab>.+?)\s+(?:if|when|where|once)\s+(?:it|they)\s+(?:has|have|['’]s\s+got|got)\s+(?:a|an)\s+{col}"),
    ]
    for kind, form in forms:
        m = re.fullmatch(form, part.strip(" .!"), re.I)
        if m is not None:
            said = m.groupdict()
            column = None if said.get("it") or said.get("it2") else said.get("col")
            return kind, m.group("lab"), column
    return None


def _filled(rest: RowReading, col_said: str | None, label: str, schema: SheetSchema) -> RowReading | None:
    """The label of the rows whose named column is filled in, before ``rest``'s rule for the others."""
    if col_said is None:
        return None
    named = {c.letter: c for _, c in mentions(col_said.lower(), schema)}
    if len(named) != 1 or re.search(r"\d", col_said):
        return None
    col = next(iter(named.values()))
    if f"{ref(col)}" in rest.template:
        return None  # the rule for the others reads the column again: said twice, read once
    value = '"' + label.replace('"', '""') + '"'
    return RowReading(f'=IF({ref(col)}<>"",{value},{rest.template[1:]})',
                      f"{label} where {col.header} is filled in; else {rest.explanation}", rest.consumed)


def _both(request: str, clauses: list[tuple[str, str, str | None]], schema: SheetSchema) -> RowReading | None:
    """"Returned if there's a returned date, On loan if the returned date is empty": the two states of
    one column, each said with its own clause."""
    kinds = {kind: (lab, col) for kind, lab, col in clauses}
    if set(kinds) != {"empty", "filled"} or kinds["filled"][1] is None:
        return None
    named = {c.letter: c for _, c in mentions(kinds["filled"][1].lower(), schema)}
    if kinds["empty"][1] is not None and {c.letter for _, c in mentions(kinds["empty"][1].lower(), schema)} != set(named):
        return None
    labels = [_label(kinds[k][0], request, schema) for k in ("empty", "filled")]
    if len(named) != 1 or None in labels or len(set(labels)) != 2 or "" in labels:
        return None
    col = next(iter(named.values()))
    empty, filled = ('"' + lab.replace('"', '""') + '"' for lab in labels)
    return RowReading(f'=IF({ref(col)}="",{empty},{filled})', f"{labels[0]} where {col.header} is empty, else {labels[1]}")


def _restated(part: str, col_said: str, schema: SheetSchema) -> str:
    """``part`` without the negation of the filled clause it repeats: "Overdue if not collected and the
    promised date is past" is, after "Collected if there's a collected date", "Overdue if the promised date is past"."""
    named = {c.letter for _, c in mentions(col_said.lower(), schema)}

    def drop(m: re.Match) -> str:
        return " " if {c.letter for _, c in mentions(m.group("w").lower(), schema)} == named else m.group(0)

    return re.sub(r"\s(?:not|(?:has|have|is|are|was|were)n['’]t|(?:has|have|is|are) not)\s+(?:been\s+|yet\s+)*"
                  r"(?P<w>[a-z]+)(?:\s+yet)?\s+and\s", drop, f" {part} ", flags=re.I).strip()


def _wrapped(rest: RowReading, col_said: str | None, label: str, schema: SheetSchema) -> RowReading | None:
    """``rest``'s formula behind the empty test of the column it reads (the one named, or its only one)."""
    read = set(re.findall(r"(?<![A-Z$!])([A-Z]{1,3})\{r\}", rest.template))
    if col_said is None:
        if len(read) != 1:
            return None  # "blank if it's empty" where the rule reads two columns: which one? not said
        col = next(c for c in schema.columns if c.letter in read)
    else:
        named = {c.letter: c for _, c in mentions(col_said.lower(), schema)}
        if len(named) != 1:
            return None
        col = next(iter(named.values()))
        if col.letter not in read:
            return None  # the rule reads other columns: an empty test of this one guards nothing it reads
    test = f'{ref(col)}=""'
    value = '""' if label == "" else '"' + label.replace('"', '""') + '"'
    kept = f'=IF({test},"",'
    if rest.template.startswith(kept):  # "pass/fail (70+), blank score = Not scored": the rest leaves them blank
        return RowReading(f"=IF({test},{value},{rest.template[len(kept):]}",
                          f"{label or 'blank'} where {col.header} is empty; else {rest.explanation}", rest.consumed)
    filled = re.fullmatch(rf'=IF\({re.escape(ref(col))}<>"",("[^"]*"),"[^"]*"\)', rest.template)
    if filled is not None:  # "Paid if there's a paid date, Unpaid if it's blank": the rest's else is this clause
        return RowReading(f"=IF({test},{value},{filled.group(1)})",
                          f"{label or 'blank'} where {col.header} is empty, else {filled.group(1)}", rest.consumed)
    if test in rest.template:
        return None  # the rule already says what the empty rows get
    return RowReading(f"=IF({test},{value},{rest.template[1:]})",
                      f"{label or 'blank'} where {col.header} is empty; else {rest.explanation}", rest.consumed)


def _zh_pair(request: str, schema: SheetSchema) -> RowReading | None:
    """"油费没填的标“未报”，填了的标“已报”", "外卖平台是空的就是堂食，有平台的就是外卖": a label for the rows
    whose column is empty, then one for the others (said as filled in, as having it, or as 否则)."""
    from .rowlabels import _names

    lex = lexicon("labels")
    zh = [w.strip() for w in lex["blank_after"] + lex["blank_before"] if is_zh(w)]
    empty = _alt([w for w in zh if w not in ("没有", "没", "无", "缺")] + ["空"])
    others = _alt([w for w in lex["filled_after"] + lex["filled_before"] + lex["else"] if is_zh(w) and w != "有"])
    marks = _alt([w for w in lex["then_markers"] if is_zh(w)] + ["就是", "就写", "就标", "就显示", "则为", "则"])
    label = r"[“\"「]?(?P<{0}>[\u4e00-\u9fffA-Za-z0-9]{{1,6}}?)[”\"」]?"
    m = re.fullmatch(
        rf"\s*(?P<col>[\u4e00-\u9fffA-Za-z0-9（）()]{{1,12}}?)\s*(?:{empty})(?:的话|的)?\s*[，,]?\s*(?:{marks})?\s*{label.format('a')}"
        rf"\s*[，,；;]\s*(?:(?:{others})|有(?P<stem>[\u4e00-\u9fff]{{1,4}}?)(?=的))(?:的话|的)?\s*(?:{marks})?\s*{label.format('b')}"
        rf"\s*(?:[，,；;。]\s*(?:加一列|加个列|新增一列|新加一列|加一个列)?)?\s*[。.!！]?\s*", request)
    if m is None:
        return None
    named = mentions(m.group("col"), schema)
    if len({c.letter for _, c in named}) != 1 or named[0][0] != 0:
        return None
    col = named[0][1]
    if m.group("stem") and m.group("stem") not in col.header:
        return None  # "有平台的" names the column again; "有发票的" would name another
    a, b = m.group("a"), m.group("b")
    if a == b or "的" in a + b or any(lab in _names(c, schema) for lab in (a, b) for c in schema.columns):
        return None  # a label that is a column's name: the column shown, or a word? not said
    return RowReading(f'=IF({ref(col)}="","{a}","{b}")', f"{a} where {col.header} is empty, else {b}")


def read(request: str, schema: SheetSchema, nums, labels_only: bool = False) -> RowReading | None:
    """A rule whose lead-in only asks for the column, or with one clause for the empty rows; None otherwise."""
    from .rows import _first

    if is_zh(request):
        return None if nums else _zh_pair(request, schema)
    lead = re.match(rf"\s*(?:{_alt(lexicon('labels')['clause_leadins'])})\s*:?\s+(?=\S)", request, re.I)
    if lead is not None:
        return _first(request[lead.end():], schema, nums, labels_only)
    parts = [p for p in re.split(r"\s*[,;]\s*(?:and\s+)?", request.strip()) if p.strip()]
    found = [(i, c) for i, p in enumerate(parts) if (c := _clause(p)) is not None]
    if len(parts) == 2 and len(found) == 2:
        return _both(request, [c for _, c in found], schema)
    if len(parts) < 2 or len(found) != 1:
        return None
    at, (kind, lab_said, col_said) = found[0]
    label = _label(lab_said, request, schema)
    if label is None or kind == "filled" and (label == "" or at != 0):
        return None  # the filled rows' label said first, the rule for the others after it
    others = [p for i, p in enumerate(parts) if i != at]
    if kind == "filled":
        others = [_restated(p, col_said or "", schema) for p in others]
    rest = _first(", ".join(others), schema, nums, labels_only)
    if rest is None:
        return None
    return (_filled if kind == "filled" else _wrapped)(rest, col_said, label, schema)
