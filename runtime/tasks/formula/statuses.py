"""Statuses of three or more branches, read by their structure: nested IFs in the order said.

A request that names several labels, each with the rows it is for, is split into clauses and
each clause is read on its own:

- "To do if not done yet, Unpaid if done but not paid, Paid if paid";
- "if Refunded has a date show Paid, if Approved is Yes show Approved, otherwise Pending";
- "not delivered & past due -> Overdue, not delivered -> Open, else On time";
- "no Delivered date = Open, Delivered > Due = Late, otherwise On time".

A clause's condition is read by the label reader's own condition reader
(:func:`rowlabels._condition`), its terms joined by "and" / "but" / "&" into an AND; a term that
only names a column ("done", "paid", "approved", "Refunded has a date") is the column being
filled (a date column) or saying yes (a Yes / No column), and with "not" / "no" / "hasn't been"
its opposite.  A term a later clause repeats from an earlier clause's failed test is dropped
("Unpaid if done but not paid" after "To do if not done": done is known), and a last clause
that holds whenever the others fail ("Paid if paid") is the else branch.

Numeric bands ("Promoter (9-10), Passive (7-8) or Detractor (0-6)", "9+ Promoter, 7-8
Passive, else Detractor") become ``IF(x>=hi,..,IF(x>=mid,..,..))`` when they tile the numbers
without a gap.  Any clause that cannot be read, a label that cannot be placed, or bands with a
gap: no answer.
"""

from __future__ import annotations

import re

from .rowbase import RowReading, is_zh, lexicon, mentions, ref
from .schema import Column, SheetSchema

_WORDS = lexicon("statuses")
_LEAD = re.compile(_WORDS["lead"], re.I)
_NESTED = re.compile(_WORDS["nested_if"], re.I)
_ELSE = re.compile(rf"^(?:and\s+|or\s+)?(?:{_WORDS['else']})\s+(?:is\s+|=\s*|->\s*|:\s*)?(?P<lab>.+)$", re.I)
_ELSE_AFTER = re.compile(rf"^(?P<lab>.+?)\s+(?:{_WORDS['else']})$", re.I)
_LABEL_IF = re.compile(r"^(?:and\s+|or\s+)?(?P<lab>.+?)\s+(?:if|when|where|for)\s+(?P<cond>.+)$", re.I)
_IF_LABEL = re.compile(rf"^(?:and\s+|or\s+)?(?:if|when|where)\s+(?P<cond>.+?)\s*(?:,\s*)?(?:{_WORDS['then']})\s+(?P<lab>.+)$", re.I)
_ARROW = re.compile(r"^(?:and\s+|or\s+)?(?P<cond>.+?)\s*(?:->|→|=>|=|:)\s*(?P<lab>[^=:>]+)$", re.I)
_JOIN = re.compile(r"\s+(?:but|and)\s+|\s*&\s*", re.I)
_NOT = re.compile(_WORDS["not"], re.I)
_FILLER = re.compile(_WORDS["filler"], re.I)
_QUOTED = re.compile(r"^[\"'“‘](.+?)[\"'”’]$")
#: a band: "Promoter (9-10)", "Promoter (NPS 9+)", or "9-10 Promoter", "9+ = Promoter"
_BAND = re.compile(
    r"(?<![\w'])(?P<lab1>[A-Za-z][\w'-]*(?: [A-Za-z][\w'-]*)?)\s*\(\s*(?:[A-Za-z]+\s+)?"
    r"(?:(?P<lo1>\d+)\s*(?:-|–|to)\s*(?P<hi1>\d+)|(?P<plus1>\d+)\s*\+)\s*\)"
    r"|(?<![\w.])(?:(?P<lo2>\d+)\s*(?:-|–|to)\s*(?P<hi2>\d+)|(?P<plus2>\d+)\s*\+)\s*(?:=|:|->|→)?\s*"
    r"(?P<lab2>[A-Za-z][\w'-]*(?: (?!(?:or|and|else|otherwise)\b)[A-Za-z][\w'-]*)?)", re.I)
#: what may stand between two bands
_BETWEEN = re.compile(r"\s*(?:[,;/]\s*)?(?:(?:or|and)\s+)?", re.I)


def _label(raw: str) -> str | None:
    """A branch's text as said: quoted, or one to three words that are no condition."""
    s = raw.strip(" .!?,;")
    q = _QUOTED.match(s)
    if q:
        return q.group(1)
    if not re.fullmatch(r"[A-Za-z][A-Za-z'&-]*(?: [A-Za-z][A-Za-z'&-]*){0,2}", s):
        return None
    if re.search(_WORDS["not_label"], re.sub(r"^(?:no|not)\s+(?=\w)", "", s, flags=re.I), re.I):
        return None  # ("No survey", "Not started": a label that says what the row lacks)
    return s


def _yes_value(schema: SheetSchema, col: Column) -> str | None:
    """The yes a text column of answers writes (Yes / Y / 是), when it holds one and no other words."""
    from .rowbase import values

    answers = lexicon("answers")
    kinds = {str(v).strip() for v in values(schema, col) if v is not None and str(v).strip()}
    yes = [v for v in kinds if v.lower() in answers["yes_values"]]
    if len(yes) != 1 or any(v.lower() not in answers["yes_no_values"] for v in kinds):
        return None
    return yes[0]


def _state(term: str, schema: SheetSchema) -> str | None:
    """A term that only names a column, maybe negated: "done", "not paid", "Refunded has a date"."""
    negated = bool(_NOT.search(term))
    rest = _FILLER.sub(" ", _NOT.sub(" ", term.lower()))
    rest = re.sub(r"\s+", " ", rest).strip(" ,.")
    ms = mentions(rest, schema)
    if len(ms) != 1:
        return None
    col = ms[0][1]
    from .rows import _mention_end

    if rest[:ms[0][0]].strip() or rest[_mention_end(rest, ms[0][0], col, schema):].strip():
        return None  # more than the column said: a comparison the condition reader reads or nobody
    if col.type in ("date", "time"):
        return f'{ref(col)}=""' if negated else f'{ref(col)}<>""'
    yes = _yes_value(schema, col) if col.type == "text" else None
    if yes is not None and not negated:
        return f'{ref(col)}="{yes}"'
    return None


def _condition(cond: str, schema: SheetSchema, tests: dict[str, str]) -> tuple[list[str], list[float]] | None:
    """The AND-ed terms of a clause's condition, each a formula test on row ``{r}``; a term that is an
    earlier clause's label, maybe negated ("Approved if approved but not paid" after "Paid if
    there's a refunded date"), is that clause's test."""
    from .rowlabels import _clause_condition
    from .rowlabels import _condition as read_condition

    lex = lexicon("labels")
    terms, used = [], []
    for part in _JOIN.split(cond):
        part = part.strip(" ,")
        if not part:
            return None
        said = re.sub(r"\s+", " ", _FILLER.sub(" ", _NOT.sub(" ", part.lower()))).strip()
        if said in tests:
            terms.append(_opposite(tests[said]) if _NOT.search(part) else tests[said])
            continue
        state = _state(part, schema)
        if state is not None:
            terms.append(state)
            continue
        read = read_condition(_clause_condition(part, schema), schema, lex)
        if read is None or read[0].startswith(("OR(", "AND(")):
            return None
        terms.append(read[0])
        used += read[1]
    return terms, used


def _opposite(term: str) -> str:
    """The test that holds exactly when ``term`` fails, as this module and the condition reader write it."""
    for a, b in (("<>", "="), (">=", "<"), ("<=", ">")):
        if a in term:
            return term.replace(a, b, 1)
    for a, b in (("=", "<>"), ("<", ">="), (">", "<=")):
        if a in term:
            return term.replace(a, b, 1)
    return ""


def _clauses(body: str) -> list[tuple[str | None, str]] | None:
    """(condition, label) for each clause; the else clause's condition is None."""
    parts = [p.strip() for p in re.split(r"\s*[,;]\s*(?![^()]*\))", body) if p.strip()]
    out: list[tuple[str | None, str]] = []
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        m = _ELSE.match(part)
        if m and last:
            out.append((None, m.group("lab")))
            continue
        m = _ELSE_AFTER.match(part)
        if m and last and not re.search(r"\b(?:if|when)\b", m.group("lab"), re.I):
            out.append((None, m.group("lab")))
            continue
        m = _IF_LABEL.match(part) or _LABEL_IF.match(part) or _ARROW.match(part)
        if m is None:
            return None
        out.append((m.group("cond"), m.group("lab")))
    return out


def _body(request: str) -> str:
    """The request without what it says before the first clause ("In J put", "Status col:")."""
    text = _NESTED.sub(" ", request.strip().rstrip(".!?"))
    first = re.search(r"\b(?:if|when|where)\b|->|→|=", text, re.I)
    head = text[:first.start()] if first else text
    cut = 0
    for m in _LEAD.finditer(head):
        cut = m.end()
    return text[cut:].strip(" -:")


def read(request: str, schema: SheetSchema) -> RowReading | None:
    """Nested IFs for three or more branches said clause by clause, or numeric bands; None otherwise."""
    if is_zh(request):
        from . import zhstatuses

        return zhstatuses.read(request, schema)
    return _bands(request, schema) or _said(request, schema)


def _tied(label: str, schema: SheetSchema) -> tuple[Column, str] | None:
    """The column and test a label names by itself: a date column's header (filled), the header
    negated ("Not delivered", "Unpaid": empty), a Yes / No column's header (its yes)."""
    low = label.lower()
    for col in schema.columns:
        head = col.header.strip().lower()
        if col.type in ("date", "time"):
            if low == head:
                return col, f'{ref(col)}<>""'
            if low in (f"not {head}", f"un{head}", f"non-{head}"):
                return col, f'{ref(col)}=""'
        elif low == head and col.type == "text" and (yes := _yes_value(schema, col)) is not None:
            return col, f'{ref(col)}="{yes}"'
    return None


def listed(request: str, schema: SheetSchema) -> RowReading | None:
    """"status - Paid / Owed / Not delivered": three labels listed, each but one tied to a column by
    its own name (:func:`_tied`), tested in the order listed; the one label no column names is the
    rest.  Two labels on one column, or more than one label untied: no answer."""
    pieces = re.split(r"\s*/\s*", request.strip().rstrip(".!?"))
    if len(pieces) != 3 or is_zh(request):
        return None
    first = re.split(r"\s[-–:=]\s*|:\s*|=\s*", pieces[0])[-1]
    last = re.split(r"\s+(?:for|per|in)\s+|\s*[(（]", pieces[2])[0]
    labels = [_label(x) or (x.strip() if re.match(r"not\s", x.strip(), re.I) and _label(x.strip()[4:]) else None)
              for x in (first, pieces[1], last)]  # ("Not delivered": a state, a label here)
    if any(lab is None for lab in labels) or len({lab.lower() for lab in labels}) != 3:
        return None
    ties = [_tied(lab, schema) for lab in labels]
    free = [lab for lab, t in zip(labels, ties, strict=True) if t is None]
    tied = [(t, lab) for lab, t in zip(labels, ties, strict=True) if t is not None]
    if len(free) != 1 or len({t[0].letter for t, _ in tied}) != len(tied):
        return None
    expr = _lit(free[0])
    for (_, test), lab in reversed(tied):
        expr = f"IF({test},{_lit(lab)},{expr})"
    return RowReading("=" + expr, "; ".join(f"{lab} if {t[1]}" for t, lab in tied) + f"; else {free[0]}", [])


def _said(request: str, schema: SheetSchema) -> RowReading | None:
    return _composed(_clauses(_body(request)), schema, fewest=3)


_FRAME = frozenset(_WORDS["frame"])
_FRAME_CUT = re.compile(_WORDS["frame_cut"], re.I)
_FRAME_TITLE = re.compile(_WORDS["frame_title"], re.I)
_FRAME_NOUN = frozenset(_WORDS["frame_noun"])
#: the first clause word of a body ("Fail if", "No survey if", "blank = ..."), not the IF a frame asks for
_CLAUSE_WORD = re.compile(r"\b(?:if|when|where|whenever)\b(?!\s+(?:that|which|formula|statement|function|for|to)\b)|=|->|→", re.I)


def unframed(request: str, schema: SheetSchema) -> str | None:
    """The clauses of a request said after a frame that only asks for the column, to be read as if
    said alone: "Need a Pass/Fail column: Fail when the result is over the limit, Pass otherwise",
    "can u do an IF that says Fail if ..., else Pass", "sla check col - Breach when ..., else OK",
    "Survey column -> No survey if blank, Happy for 4+, Unhappy otherwise".

    The frame is everything before a separator or a writing verb (``frame_cut``) and may hold only
    frame words, the row's noun after each/every/per, the new column's title before col/column,
    the target column's letter, the branches' own labels, and at most one sheet column: the
    subject, which a clause naming no column ("blank", "4+") is about (its header is said in it).
    The body must split into two or more clauses, the last the else.  A frame with any other
    word (a condition: "For open tickets: ..."), or none: None."""
    found = _framed(request, schema)
    return found[1] if found else None


def frame_end(request: str, schema: SheetSchema) -> int | None:
    """Where the frame :func:`unframed` finds ends in ``request`` (its words only ask); None: no frame."""
    found = _framed(request, schema)
    return found[0] + len(request) - len(request.lstrip()) if found else None


def _framed(request: str, schema: SheetSchema) -> tuple[int, str] | None:
    """(where the frame ends in the stripped request, the clauses to read), or None."""
    if is_zh(request):
        return None
    text = request.strip().rstrip(".!?")
    first = _CLAUSE_WORD.search(text)
    if first is None:
        return None
    for cut in sorted((m.end() for m in _FRAME_CUT.finditer(text[:first.end()])), reverse=True):
        body = _ROW_NOUN.sub("", text[cut:].strip(), count=1)
        clauses = _clauses(body)
        if not clauses or len(clauses) < 2 or clauses[-1][0] is not None:
            continue
        subject = _frame_subject(text[:cut], [lab for _, lab in clauses], schema)
        if subject is False:
            continue
        if subject is None or all(cond is None or mentions(cond.lower(), schema) for cond, _ in clauses):
            return cut, body
        return cut, ", ".join(f"{lab} if {_about(cond, subject, schema)}" for cond, lab in clauses[:-1]) \
            + f", otherwise {clauses[-1][1]}"
    return None


#: the rows a marking verb's object names before the first label: "Mark [each call] Breach if ..."
_ROW_NOUN = re.compile(r"^(?:each|every|all|any|a|the)\s+[a-z]+\s+(?=\S)", re.I)


def _frame_subject(frame: str, labels: list[str], schema: SheetSchema) -> Column | None | bool:
    """The one column a frame names (None: none); False when the frame says more than it may."""
    low = frame.lower()
    if not low.strip(" -:") or re.search(r"\d|[<>≥≤]", re.sub(r"\b[a-z]{1,2}\d*\b|[-=]>", " ", low)):
        return False
    ms = mentions(low, schema)
    cols = {c.letter: c for _, c in ms}
    if len(cols) > 1:
        return False
    from .rows import _mention_end

    for p, col in sorted(ms, key=lambda m: -m[0]):
        low = low[:p] + " " + low[_mention_end(low, p, col, schema):]
    low = _FRAME_TITLE.sub(" ", low)
    said = {w for lab in labels for w in re.findall(r"[a-z][a-z'-]*", lab.lower())}
    words = re.findall(r"[a-z0-9][a-z0-9'-]*|[^\sa-z0-9]", low)
    for n, w in enumerate(words):
        before = words[n - 1] if n else ""
        if w in said or w in _FRAME_NOUN and cols or before in ("each", "every", "per") \
                or re.fullmatch(r"[a-z]{1,2}\d*", w) and w.upper() in _letters(frame) or w in "-:/–—>→=?,()":
            continue
        if w == "if" and n + 1 < len(words) and words[n + 1] not in ("that", "which", "formula", "statement",
                                                                      "function", "for", "to", "-", ":"):
            return False  # an if in the frame that opens a condition
        if w not in _FRAME:
            return False
    return next(iter(cols.values())) if cols else None


def _letters(frame: str) -> set[str]:
    """Column letters said in capitals ("J:", "in col J", "J2"): where the answer goes."""
    return {m.group(1) for m in re.finditer(r"\b([A-Z]{1,2})\d*\b", frame)}


def _about(cond: str, subject: Column, schema: SheetSchema) -> str:
    """A clause's condition with the frame's column said, when the clause names no column ("blank")."""
    if mentions(cond.lower(), schema):
        return cond
    return f"{subject.header} {cond}"


def _composed(clauses: list[tuple[str | None, str]] | None, schema: SheetSchema, fewest: int) -> RowReading | None:
    """The nested IF of read clauses: at least ``fewest`` of them, every one but the last with its condition."""
    if not clauses or len(clauses) < fewest or any(c is None for c, _ in clauses[:-1]):
        return None
    labels = [_label(lab) for _, lab in clauses]
    if any(lab is None for lab in labels) or len(set(labels)) != len(labels):
        return None
    branches: list[tuple[list[str], str]] = []
    used: list[float] = []
    known: set[str] = set()  # tests that hold once the earlier clauses failed
    tests: dict[str, str] = {}  # an earlier label and its single test: "not paid" after "Paid if ..."
    other = None
    for n, ((cond, _), lab) in enumerate(zip(clauses, labels, strict=True)):
        if cond is None:
            other = lab
            continue
        read = _condition(cond, schema, tests)
        if read is None:
            return None
        terms = [t for t in read[0] if t not in known]
        used += read[1]
        if not terms:
            if n == len(clauses) - 1:  # "..., Paid if paid": holds whenever the others fail, the else
                other = lab
                break
            return None  # a clause that never holds by then: said wrong, or read wrong
        branches.append((terms, lab))
        if len(terms) == 1:
            known.add(_opposite(terms[0]))
            tests[lab.lower()] = terms[0]
    if other is None:
        return None  # rows no clause holds for: not said what they get
    if len(branches) < fewest - 1:
        return None
    return nested(branches, other, used)


def nested(branches: list[tuple[list[str], str]], other: str, used: list[float]) -> RowReading:
    """The nested IF of branches (the tests ANDed, the label) tried in order, ``other`` for the rest:
    one writer for the English and the Chinese clause readers."""
    expr = _lit(other)
    for terms, lab in reversed(branches):
        test = terms[0] if len(terms) == 1 else f"AND({','.join(terms)})"
        expr = f"IF({test},{_lit(lab)},{expr})"
    why = "; ".join(f"{lab} if {' and '.join(t)}" for t, lab in branches)
    return RowReading("=" + expr, f"{why}; else {other}", used)


def _lit(label: str) -> str:
    return '"' + label.replace('"', '""') + '"'


def _bands(request: str, schema: SheetSchema) -> RowReading | None:
    """"Promoter (9-10), Passive (7-8) or Detractor (0-6)", "9+ A, 7-8 B, else C": bands of one
    number column that tile the numbers, highest first."""
    found = [(m.start(), m) for m in _BAND.finditer(request)]
    if len(found) < 2:
        return None
    bands: list[tuple[float, float | None, str]] = []  # (low, high, label); high None: no top
    for _, m in found:
        g = m.groupdict()
        said = (g.get("lab1") or g.get("lab2") or "").split()
        if len(said) == 2 and said[0].islower() and said[1][:1].isupper():
            said = said[1:]  # "each response Promoter (9-10)": the capitalised word is the label
        lab = _label(" ".join(said))
        if lab is None:
            return None
        lo = float(g.get("lo1") or g.get("lo2") or g.get("plus1") or g.get("plus2"))
        hi = g.get("hi1") or g.get("hi2")
        bands.append((lo, float(hi) if hi else None, lab))
    tail = request[found[-1][1].end():]
    els = re.match(rf"\s*[,;]?\s*(?:or\s+)?(?:{_WORDS['else']})\s+(?P<lab>[\"'“]?[A-Za-z][\w' -]{{0,30}}?[\"'”]?)\s*[.!?)]*\s*$",
                   tail, re.I)
    if els is None and tail.strip(" .!?)"):
        return None
    bands.sort(key=lambda b: -b[0])
    for upper, lower in zip(bands, bands[1:], strict=False):
        if lower[1] is None or not (lower[1] < upper[0] <= lower[1] + 1) or upper[0] != int(upper[0]) \
                or lower[1] != int(lower[1]):
            return None  # a gap or an overlap between two bands
    if bands[0][1] is None and any(b[1] is None for b in bands[1:]):
        return None
    other = _label(els.group("lab")) if els else None
    if els and other is None:
        return None
    if any(not _BETWEEN.fullmatch(request[a.end():b[0]]) for (_, a), b in zip(found, found[1:], strict=False)):
        return None  # words between two bands: more than a list of bands
    cols = {c.letter: c for _, c in mentions(request.lower(), schema) if c.type == "number"}
    if len(cols) != 1 or len(bands) + (other is not None) < 3:
        return None
    col = next(iter(cols.values()))
    used = [n for lo, hi, _ in bands for n in (lo, hi) if n is not None]
    if other is None:
        other = bands.pop()[2]  # the lowest band: the rest
    expr = _lit(other)
    for lo, _, lab in reversed(bands):
        expr = f"IF({ref(col)}>={lo:g},{_lit(lab)},{expr})"
    return RowReading("=" + expr, f"{col.header} bands " + ", ".join(f"{lab} ≥ {lo:g}" for lo, _, lab in bands),
                      used)
