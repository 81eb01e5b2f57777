"""Arrays of objects from lists written in prose or bullets, for documents without tables.

A memo rarely has a "Use of funds" table; it says "45% for engineering,
35% for sales and 20% for support", lists "- Q1 2025: $610k" bullets, or
(in Chinese) "远程影像诊断占52%，智能阅片软件占28%".  A :class:`ListGroup` is
such a run of items, each one label and one number; a ``from-table`` field
whose items need one label and one number (``label``/``share``,
``name``/``share``, ``label``/``arr``) takes the group whose context (the
words before the list, the section heading) names the field, a share list
summing to 100 % counting more.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .document import Document, Mention
from .extract import _glued
from .fields import Field
from .words import count

__all__ = ["ListGroup", "find_groups", "pick_list"]

_SPLIT = re.compile(r"\s*(?:,(?!\d)|;|、|，|；|\band\b|以及|和|及|\bto\b(?=\s*[$€£¥\d]))\s*")
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
#: an item labelled by its period: "$610k in Q1 2025", "2026年第一季度1,200万元"
_PERIOD_LABEL = re.compile(rf"\b(?:Q[1-4]|H[12])\s?(?:'?\d{{2}}|\d{{4}})\b|\bFY\s?\d{{2,4}}\b|\b{_MONTH} \d{{4}}\b"
                           r"|\d{4}年(?:第?[一二三四1-4]季度|[上下]半年)?|第?[一二三四]季度|[上下]半年")
_FILLER_HEAD = re.compile(r"^(?:(?:for|on|to|of|in|at|into|goes to|go to|is|was|from|by|with|the)\b\s*"
                          r"|(?:占|为|约|达|是|用于)\s*)+", re.I)
_FILLER_TAIL = re.compile(r"(?:\s+(?:for|on|of|in|at|is|was|to)|\s*(?:占比|占|为|约|达|共|的|收入|比重|比例))+$",
                          re.I)
_PUNCT = " \t:：-—–()（）.,。，;；%"


@dataclass
class Item:
    label: str
    number: Mention
    text: str
    lead: str = ""  # words before a period label ("ARR grew from"), the list's context
    period: bool = False
    alt: Item | None = None  # the same item labelled by its period, when it names one


@dataclass
class ListGroup:
    items: list[Item]
    context: str  # the words before the list and the section heading
    evidence: str


def _item(text: str) -> Item | None:
    from ..summarize.facts import find_dates, find_mentions

    dates = find_dates(text)
    nums = [m for m in find_mentions(text) if not _glued(text, m)
            and not any(d.start <= m.start < d.end for d in dates)]
    if len(nums) != 1:
        return None
    m = nums[0]
    head, tail = text[:m.start], text[m.end:]
    when = _PERIOD_LABEL.search(text)
    period = Item(when.group(0), m, text, lead=text[:min(when.start(), m.start)].strip(_PUNCT),
                  period=True) if when is not None else None
    if ":" in head or "：" in head:
        # "Q3 2025: $410k" is labelled before the colon; "资金用途：研发占50%" after it
        before, after = re.split(r"[:：]", head, maxsplit=1)
        after = _FILLER_TAIL.sub("", _FILLER_HEAD.sub("", after.strip(_PUNCT))).strip(_PUNCT)
        label = after or before
    else:
        label = head.strip(_PUNCT) or tail
    label = _FILLER_TAIL.sub("", _FILLER_HEAD.sub("", label.strip(_PUNCT))).strip(_PUNCT)
    label = _FILLER_HEAD.sub("", label).strip(_PUNCT)
    if not label or len(label) > 40 or len(label.split()) > 6 \
            or not re.search(r"[A-Za-z\u4e00-\u9fff]", label):
        return period
    return Item(label, m, text, alt=period)


def _group(pieces: list[str], context: str, evidence: str, sentence: bool = False
           ) -> ListGroup | None:
    """The list ``pieces`` make, if they do.  In a sentence ("a, b and c") it needs three
    items, or items labelled by periods, or shares summing to 100 %: "ARR is $1.1M, up from
    $600k" is two facts, not a list."""
    items: list[Item] = []
    lead: list[str] = []
    for p in pieces:
        it = _item(p)
        if it is None:
            if items:
                return None  # a list is items to its end
            lead.append(p)
            continue
        items.append(it)
    if len(items) < 2:
        return None
    periods = [it if it.period else it.alt for it in items]
    if all(periods) and len({p.label for p in periods if p}) == len(items):
        items = [p for p in periods if p]  # a series over time: "$610k in Q1 2025 to $760k in Q2"
    elif any(it.period for it in items):
        return None
    kinds = {(it.number.percent, bool(it.number.currency), it.number.unit) for it in items}
    if len(kinds) > 1:
        return None  # "400 users; ARR is $900k" is two facts, not a list of one kind
    whole = all(it.number.percent for it in items) and abs(
        sum(it.number.value for it in items) - 100) <= 1.1
    if sentence and len(items) < 3 and not whole and not all(it.period for it in items):
        return None
    return ListGroup(items, " ".join([context] + lead + [items[0].lead]), evidence)


def find_groups(doc: Document) -> list[ListGroup]:
    """Every list of label + number items in ``doc`` (bullets, and enumerations in a sentence)."""
    cached = getattr(doc, "_list_groups", None)
    if cached is not None:
        return cached
    out: list[ListGroup] = []
    for s in doc.sections:
        if len(s.bullets) >= 2:
            lead = s.paragraphs[-1] if s.paragraphs else ""
            g = _group(s.bullets, f"{s.heading} {lead}", s.heading or lead)
            if g is not None:
                out.append(g)
        for para in s.paragraphs:
            for sent in doc.sentences(para):
                body, context = sent, s.heading
                colon = re.search(r":\s|：", sent + " ")
                if colon and colon.start() < len(sent) - 1:
                    context, body = f"{s.heading} {sent[:colon.start()]}", sent[colon.end():]
                pieces = [p for p in _SPLIT.split(body.rstrip("。.!！")) if p.strip()]
                g = _group(pieces, context, sent, sentence=True)
                if g is not None:
                    out.append(g)
    doc._list_groups = out  # type: ignore[attr-defined]
    return out


def _shape(f: Field) -> tuple[Field, Field] | None:
    """The label child and the number child of a two-column item, or None."""
    req = [c for c in f.children if c.required]
    labels = [c for c in req if c.type == "string"]
    numbers = [c for c in req if c.type in ("number", "integer")]
    if len(labels) != 1 or len(numbers) != 1 or len(req) != 2:
        return None
    return labels[0], numbers[0]


def _value(m: Mention, child: Field) -> float | None:
    if child.fraction:
        return round(m.value / 100, 10) if m.percent else None
    if m.percent or (m.unit and not m.currency):
        return None  # "400 users" is not an amount of money or a count of a list's kind
    v = m.value / child.unit_scale
    if child.type == "integer":
        return int(v) if v == int(v) else None
    lo = child.schema.get("minimum")
    if isinstance(lo, (int, float)) and v < lo:
        return None
    return int(v) if float(v).is_integer() else round(v, 10)


def pick_list(doc: Document, f: Field) -> tuple[list[dict[str, Any]], str] | None:
    """Rows for ``f`` from the list that names it best, and the list's evidence."""
    shape = _shape(f)
    if shape is None:
        return None
    label_child, number_child = shape
    own = f.own_words() + [w for w in number_child.own_words() if re.search(r"\w", w)]
    parents = [w for w in f.words() if w not in own]
    best = None
    for g in find_groups(doc):
        values = [_value(it.number, number_child) for it in g.items]
        if any(v is None for v in values):
            continue
        context = g.context.lower()
        # "财务软件收入占比为46%": the first item names the field too (its own words only)
        named = count(context, own) + count(g.items[0].text.lower(), f.own_words())
        whole = number_child.fraction and abs(sum(v for v in values if v is not None) - 1) <= 0.011
        # the list must be named as the field ("Quarterly ARR:"), or be shares of a whole
        # in a passage about the field's parent ("raising $2.5 million: 50% for ...")
        if not named and not (whole and count(context, parents)):
            continue
        score = named + 2 * whole
        if best is None or score > best[0]:
            best = (score, g, values)
    if best is None:
        return None
    _, g, values = best
    rows = [{label_child.key: it.label, number_child.key: v}
            for it, v in zip(g.items, values, strict=True)][: f.max_items]
    return rows, g.evidence
