"""Chinese statuses said clause by clause: nested IFs in the order said.

"完成日期有值就是已办结，没有的话过了期限就写超期未办结，否则在办", "办完的已办结，没办完过期的
超期未办结，其余在办", "交了的标已交，过了截止日期的标逾期，其他待交".

The request is split at ，；。 and each clause is read on its own: "<condition>的写|就是|就写|标
<label>", "<condition>的<label>", "否则 / 其余 / 其他 <label>" (the rest).  "没有的话 / 不然" before a
clause says the previous clause failed, which the nested IF already knows.  A condition is read by
the label reader's own condition reader, its parts joined by 且 / 并且 / 但 or said side by side
("没完成过期的": 没完成 and 过期); "过了期限 / 过期 / 超期 / 逾期" is the one deadline column
(期限 / 截止 / 到期 in its header) before today, the day the request pins ("今天是2026年12月12日",
"按2026-12-12算") written as a DATE.  A clause that cannot be read, a label that names a column, or
no rest said: no answer.  Vocabulary: ``lexicon/statuses.json`` zh.
"""

from __future__ import annotations

import datetime as dt
import re

from .rowbase import RowReading, lexicon, mentions, ref
from .schema import SheetSchema

_WORDS = lexicon("statuses")["zh"]
_SPLIT = re.compile(r"\s*[，,；;。！!？?：:（）()]\s*")
_ELSE = re.compile(rf"^(?:{_WORDS['else']})(?:的|情况)?(?:就|都|一律)?(?:{_WORDS['verb']})?(?P<lab>.+)$")
_PRIOR_FAILED = re.compile(rf"^(?:{_WORDS['prior_failed']})")
_VERBED = re.compile(rf"^(?P<cond>.+?)(?:的话)?(?:{_WORDS['then']})(?P<lab>[^的]+)$")
_BARE = re.compile(r"^(?P<cond>.+)的(?P<lab>[^的]{2,8})$")
_LEAD = tuple(re.compile(p, re.I) for p in _WORDS["lead"])
_JOIN = re.compile(rf"(?:{_WORDS['and']})")
_LATE = re.compile(_WORDS["late"])
_LABEL = re.compile(r"[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9]{0,7}")
_PIN_AS = re.compile(r"(?:按|以|截至|截止到?)\s*(?=\d{4})")


def _pinned_day(text: str) -> tuple[dt.date | None, str]:
    """The day the request pins as today, and the request without the words pinning it."""
    from .agedays import _date_at, _pin

    pin = _pin(text.lower())
    if pin is not None:
        return pin[0], text[:pin[1]] + "，" + text[pin[2]:]
    m = _PIN_AS.search(text)
    got = _date_at(text, m.end()) if m else None
    if got is None:
        return None, text
    tail = re.match(r"\s*(?:来算|算|为准|计)", text[got[1]:])
    if tail is None:
        return None, text
    return got[0], text[:m.start()] + "，" + text[got[1] + tail.end():]


def _deadline(term: str, schema: SheetSchema, day: dt.date | None) -> str | None:
    """"过了期限", "过期", "超过办结期限了": the one deadline date column before today."""
    m = _LATE.fullmatch(term)
    if m is None:
        return None
    named = (m.group("col") or "").strip()
    cols = [c for c in schema.columns if c.type == "date"
            and (named and named in c.header or not named and re.search(_WORDS["deadline_header"], c.header))]
    if len(cols) != 1:
        return None
    today = f"DATE({day.year},{day.month},{day.day})" if day else "TODAY()"
    return f"{ref(cols[0])}<{today}"


def _term(term: str, schema: SheetSchema, day: dt.date | None) -> tuple[str, list[float]] | None:
    from .rowlabels import _clause_condition, _condition

    late = _deadline(term, schema, day)
    if late is not None:
        return late, []
    if day is not None:
        term = re.sub(r"今天|今日", f"{day.year}年{day.month}月{day.day}日", term)
    read = _condition(_clause_condition(term, schema), schema, lexicon("labels"))
    if read is None:
        return _done(term, schema)
    return None if read[0].startswith(("OR(", "AND(")) else read


def _done(term: str, schema: SheetSchema) -> tuple[str, list[float]] | None:
    """"完成的", "已交了": a step named by the verb that starts one date column's header (完成日期),
    done where that date is filled."""
    bare = re.sub(r"^已经?|了$", "", term.strip())
    cols = [c for c in schema.columns if c.type == "date" and len(bare) >= 2 and c.header.strip().startswith(bare)]
    return (f'{ref(cols[0])}<>""', []) if len(cols) == 1 else None


def _terms(cond: str, schema: SheetSchema, day: dt.date | None) -> tuple[list[str], list[float]] | None:
    """The AND-ed tests of a clause's condition: split at 且 / 并且, else at the one place
    that leaves two readable halves ("没完成过期")."""
    out, used = [], []
    for part in _JOIN.split(cond):
        part = part.strip()
        late = [] if _deadline(part, schema, day) else [
            k for k in range(2, len(part) - 1) if _deadline(part[k:], schema, day) or _deadline(part[:k], schema, day)]
        read = _term(part, schema, day) if part and not late else None
        if read is None:  # "没完成过期": a deadline said beside another test is its own term
            halves = [(a, b) for k in (late or range(2, len(part) - 1))
                      if (a := _term(part[:k], schema, day)) and (b := _term(part[k:], schema, day))]
            if len(halves) != 1:
                return None
            out += [halves[0][0][0], halves[0][1][0]]
            used += halves[0][0][1] + halves[0][1][1]
            continue
        out.append(read[0])
        used += read[1]
    return out, used


def _label(raw: str, schema: SheetSchema) -> str | None:
    """A label as said, when it is a short word and names no column."""
    lab = raw.strip(" “”\"'「」")
    if not _LABEL.fullmatch(lab) or mentions(lab.lower(), schema) and any(lab == c.header.strip() for c in schema.columns):
        return None
    if any(lab in c.header for c in schema.columns):
        return None
    return lab


def read(request: str, schema: SheetSchema) -> RowReading | None:
    """Nested IFs for a Chinese status said clause by clause; None when any part is not read."""
    from .statuses import _opposite, nested

    day, text = _pinned_day(request.strip())
    clauses = [c for c in _SPLIT.split(text) if c and not any(p.fullmatch(c) for p in _LEAD)]
    branches: list[tuple[list[str], str]] = []
    known: set[str] = set()
    used: list[float] = []
    other = None
    for n, clause in enumerate(clauses):
        if other is not None:
            return None  # a clause after the rest: said in an order not read
        clause = re.sub(r"^(?:如果|若|要是)", "", clause)
        m = _ELSE.match(clause)
        if m:
            other = _label(m.group("lab"), schema)
            if other is None:
                return None
            continue
        failed = _PRIOR_FAILED.match(clause)
        if failed:
            if not branches:
                return None
            clause = clause[failed.end():]
            if n == len(clauses) - 1 and (lab := re.match(rf"^(?:就)?(?:{_WORDS['verb']})(.+)$", clause)):
                other = _label(lab.group(1), schema)  # "…，没有的话写在办": the rest
                if other is None:
                    return None
                continue
        m = _VERBED.match(clause) or _BARE.match(clause)
        if m is None:
            return None
        lab = _label(m.group("lab"), schema)
        read = _terms(m.group("cond"), schema, day) if lab else None
        if read is None:
            return None
        terms = [t for t in read[0] if t not in known]
        if not terms and n == len(clauses) - 1:
            other = lab  # "…，没完成的写在办": holds whenever the clauses before fail, the rest
            continue
        if not terms:
            return None
        used += read[1]
        branches.append((terms, lab))
        if len(terms) == 1:
            known.add(_opposite(terms[0]))
    labels = [lab for _, lab in branches] + [other]
    if other is None or not branches or len(set(labels)) != len(labels) or len(labels) < 3:
        return None
    return nested(branches, other, used)
