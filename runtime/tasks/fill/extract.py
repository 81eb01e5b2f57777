"""Extractive answers: each field filled with words and numbers taken from the document.

Always available, deterministic, and faithful by construction (every value
is a span of the document, a number read from it with its scale converted
to the field's unit, or a summary of its own sentences).  Each answer comes
with its evidence, the sentence or table row it was read from.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from .currencies import converted_beside, template_currency
from .document import (
    _BULLET,
    WRAPPED_LINE,
    DateMention,
    Document,
    Mention,
    Section,
    Table,
    table_cell,
    zh_count,
)
from .fields import OTHERS, Field
from .market_ladder import RUNGS, market_ladder
from .turns import audience_turn
from .words import count, find, tokens

#: a retrieved passage is at most this many characters (the model's prompt and the
#: extractive summaries read it)
MAX_PASSAGE_CHARS = 1500
#: default lengths where the schema gives no maxLength
HEADLINE_CHARS = {"en": 80, "zh": 30}
TEXT_CHARS = {"en": 240, "zh": 120}
BULLET_CHARS = {"en": 140, "zh": 60}
MAX_BULLETS = 4
MAX_DOCUMENT_CHARS = 6000
#: fields the document's opening answers when no section is about them
OPENING_KEYS = frozenset({"tagline", "title", "subtitle", "slogan", "description", "summary",
                          "about", "overview", "abstract"})


@dataclass
class Answer:
    value: Any
    evidence: str
    notes: list[str]
    at: int | None = None  # where a number was read (one number is one field's)


# --------------------------------------------------------------------------
# retrieval


def _count(hay: str, words: list[str]) -> int:
    return count(hay, words)


def rank_sections(doc: Document, f: Field) -> list[tuple[float, Section]]:
    """Sections by how much they are about ``f``: heading words weigh most, own key most of all."""
    own = f.topic_words(own_only=True)
    parents = [w for w in f.topic_words() if w not in own]
    out = []
    for i, s in enumerate(doc.sections):
        head = s.heading.lower()
        body = s.body().lower()
        score = 4 * _count(head, own) + 3 * _count(head, parents) + 0.5 * _count(body, own) \
            + 0.3 * _count(body, parents) - 0.01 * i
        out.append((score, s))
    out.sort(key=lambda t: -t[0])
    return out


#: a fact in a section headed about its field counts this much more; one in a section headed
#: about something else, when the document has a section headed about the field, this much less
SECTION_ROLE = 2.5


def section_role(doc: Document, f: Field, offset: int) -> float:
    """The role of the section at ``offset`` for ``f``: +1 when its heading names the field
    (its key or a parent's), -1 when another heading does and this one does not, else 0.

    "growing at a CAGR of 7.5%" in the Market section is the market's growth, not
    the traction's, when the memo has a Traction section."""
    words = f.words()
    here = doc.section_at(offset)
    # the document's title over its first part ("Otterbrook Logistics - Company Overview" over
    # "Prepared for … investors, November 2026") heads the whole document, no section of it
    title = doc.sections[0] if len(doc.sections) > 1 and doc.sections[0].heading \
        and doc.sections[0].heading == doc.title else None
    if here is not None and here is not title and here.heading and _names_field(here.heading, f, words):
        return 1.0
    if here is None or not here.heading or here is doc.sections[0]:
        return 0.0
    if any(s.heading and s is not title and _names_field(s.heading, f, words) for s in doc.sections):
        return -1.0
    return 0.0


def _names_field(heading: str, f: Field, words: list[str]) -> bool:
    """``heading`` names ``f`` by one of ``words``, and no other field names it by a longer
    phrase that holds that word ("收入结构" is the revenue mix's heading, not the revenue's)."""
    return _names_field_cached(heading, tuple(words), f.rivals)


@lru_cache(maxsize=4096)
def _names_field_cached(heading: str, words: tuple[str, ...], rivals: frozenset[str]) -> bool:
    from .fields import GLOSSARY
    from .words import stem

    low = heading.lower()
    hit = [w for w in words if find(low, w)]
    if not hit:
        return False
    longest = max(len(w) for w in hit)
    others = [w for k, ws in GLOSSARY.items() if stem(k) in rivals for w in ws]
    return not any(len(w) > longest and any(h in w for h in hit) and find(low, w) for w in others)


def _heading_names(s: Section, f: Field) -> bool:
    return bool(s.heading) and _count(s.heading.lower(), f.topic_words()) > 0


def section_for(doc: Document, f: Field, min_score: float = 0.9) -> Section | None:
    ranked = rank_sections(doc, f)
    return ranked[0][1] if ranked and ranked[0][0] >= min_score else None


def passage(doc: Document, f: Field) -> str:
    """The part of the document a field is about (its best sections), for the model's prompt."""
    scored = [(score, s) for score, s in rank_sections(doc, f) if score > 0]
    if f.kind in ("headline", "text", "bullets") and not (scored and _heading_names(scored[0][1], f)):
        from .prose import best_sentences

        found = best_sentences(doc, f)
        if found is not None:
            return found.text[:MAX_PASSAGE_CHARS]
    ranked = [s for score, s in scored[:2] if score >= 0.8 * scored[0][0]] or doc.sections[:1]
    parts = []
    for s in ranked:
        rows = [line for t in s.tables for line in ["; ".join(t.header)] + ["; ".join(r) for r in t.rows]]
        parts.append("\n".join(x for x in [s.heading, s.body()] + rows[:12] if x))
    return "\n\n".join(parts)[:MAX_PASSAGE_CHARS]


# --------------------------------------------------------------------------
# numbers


#: a line of a hard-wrapped plain-text paragraph (an e-mail or a letter wrapped at 70-110
#: columns): long, and cut inside its sentence (after a word or a comma), before a line that
#: goes on with a word ("... and 145 shipper" / "   customers, and that ...")
_WRAP_CUT = re.compile(r"[A-Za-z,]\n[ \t]*(?![-*•]\s)[A-Za-z0-9$€£]|"
                       r"\d\n[ \t]*[a-z]")  # (or cut after a figure, before its noun: "across 74" / "warehouse customers")
_CLAUSE_END = re.compile(r"[。！？\n]|[.!?](?=\s)")


#: a Chinese line cut inside its sentence (a scan's OCR text, a plain-text export wrapped at a
#: width): a character, a comma or a digit before the break, and the sentence going on after it
_WRAP_CUT_ZH = re.compile(r"[\u4e00-\u9fff，、,\d%]\n[ \t]*(?![-*•]\s)[\u4e00-\u9fff\d]")


def _columns(line: str) -> int:
    """How wide ``line`` prints: a Chinese character (or a full-width form) takes two columns."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def _wrapped_at(text: str, nl: int) -> bool:
    """The line break at ``nl`` wraps a sentence of a plain-text paragraph (no sentence ends there)."""
    if nl <= 0 or not (_WRAP_CUT.match(text, nl - 1) or _WRAP_CUT_ZH.match(text, nl - 1)):
        return False
    if _WRAP_CUT_ZH.match(text, nl - 1) and "; " in text[text.rfind("\n", 0, nl) + 1:text.find("\n", nl + 1) % (len(text) + 1)]:
        return False  # a table's rows ("月份; 鲜切花; …; 活跃客户数" over "2026-01; 412; …"): no sentence
    return _columns(text[text.rfind("\n", 0, nl) + 1:nl]) >= WRAPPED_LINE


def _clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence around ``start:end`` (a line end also ends it, but for a hard-wrapped line's)."""
    left = max(text.rfind(c, 0, start) for c in "。！？\n") + 1
    while left > 0 and _wrapped_at(text, left - 1):
        left = max(text.rfind(c, 0, left - 1) for c in "。！？\n") + 1
    m = _CLAUSE_END.search(text, end)
    while m is not None and m.group(0) == "\n" and _wrapped_at(text, m.start()):
        m = _CLAUSE_END.search(text, m.end())
    right = m.end() if m else len(text)
    dot = max(text.rfind(". ", left, start), text.rfind("! ", left, start), text.rfind("? ", left, start))
    if dot >= 0:
        left = dot + 2
    return left, right


#: a change of a rate counted in points ("提高1.5个百分点", "up 2 percentage points")
_POINTS = re.compile(r"百分点|percentage points?", re.I)


#: a part of the market figure before, reached by a time ("of that in five years", "of it by 2030")
_PART_BY_THEN = re.compile(r"\s+of\s+(?:that|it|this|them)\b[^.;]{0,30}?\b(?:in|within|by)\s+(?:the\s+)?(?:\w+\s+)?"
                           r"(?:years?|20\d\d)\b")
#: what the same customers spend now against what they spent a year before, after a percent
_SPENT_AGAIN = re.compile(r"\s+of\s+what\s+(?:they|customers|clients|each)\s+(?:spent|bought|paid|did|ordered|used)\b"
                          r"[^.;]{0,40}?\b(?:(?:their|the) first (?:year|month|quarter)|a year (?:ago|earlier|before)|last year|"
                          r"the (?:year|twelve months) before)")
#: a multiple after its number ("3x", "2.1×", "3 times"), and the verb of growing right before it
_TIMES_AFTER = re.compile(r"\s?[x×](?![\w-])|\s+times\b", re.I)
_GREW_BEFORE = re.compile(r"\b(?:up|grew|grown|grows|growing|increased|rose|risen|jumped)\s+(?:by\s+)?$", re.I)


def convert(m: Mention, f: Field, lang: str, text: str = "") -> float | None:
    """``m`` in ``f``'s unit, or None when it cannot be that field's number."""
    from ..summarize.facts import direction

    if f.fraction:
        if lang == "en" and not m.percent and "growth" in f.key and text and m.value > 1 \
                and _TIMES_AFTER.match(text, m.end) and _GREW_BEFORE.search(text[max(0, m.start - 40):m.start]):
            # "ARR ... grew 3x in the last year", "up 2.1x on a year ago": a growth of 200 %, 110 %
            return round(m.value - 1, 10)
        if not m.percent or _POINTS.search(m.raw):
            return None  # "毛利率同比提高1.5个百分点": a change of a rate, in points, is no rate
        value = m.value / 100
        if any(k in f.key for k in ("growth", "change", "cagr")) and value > 0:
            if text and direction(text, m.start, m.end, lang) == "down":
                value = -value
        return value
    if m.percent:
        return None
    value = float(f"{m.value / f.unit_scale:.12g}")  # 1.36万 is 13600, not 13600.000000000002
    if f.unit_scale >= 1e6 and not (m.currency or m.scaled or m.unit) and 0 < value < 1:
        return None  # "TAM 5,200" under "(USD millions)": a bare figure is no fraction of a million
    if f.key.endswith("months") and m.unit.startswith(("year", "年")) and not m.unit.startswith("年度"):
        value = m.value * 12  # "a runway of two years" is 24 months
    if f.type == "integer":
        if value != int(value):
            return None
        value = int(value)
    lo, hi = f.schema.get("minimum"), f.schema.get("maximum")
    if (isinstance(lo, (int, float)) and value < lo) or (isinstance(hi, (int, float)) and value > hi):
        return None
    return value


def _is_money(f: Field) -> bool:
    d = (f.description + " " + f._parent_description).lower()
    return any(w in d for w in ("dollar", "usd", "元", "currency", "money")) or f.key in (
        "amount", "price", "revenue", "arr", "tam", "sam", "som", "cost", "budget")


def _glued(text: str, m: Mention) -> bool:
    """A number that is part of a word ("Q1", "H2", "FY2025") or a bare year."""
    if m.start > 0 and text[m.start - 1].isascii() and text[m.start - 1].isalpha():
        return True
    # ("2,050 nurses": a year is not written with a thousands separator)
    return 1900 <= m.value <= 2100 and not (m.currency or m.scaled or m.percent or m.unit) \
        and re.fullmatch(r"\d{4}", m.raw.strip()) is not None


def _label_number(doc: Document, start: int, end: int, m: Mention) -> bool:
    """``m`` is the first number (not part of a date, a word or a year) of a label's value
    ``start:end`` that holds at most two: the value of "TAM: $4.5 billion", not one of the
    list "Quarterly ARR: Q1 2025 $610k, Q2 2025 $760k, Q3 2025 $930k"."""
    numbers = [o for o in doc.mentions if start <= o.start < end and not _glued(doc.text, o)
               and not any(d.start <= o.start < d.end for d in doc.dates)]
    if len(numbers) == 2 and _PRIOR_AFTER.match(doc.text[numbers[0].end:end].lower()):
        return numbers[1] is m  # "ARR: $2.2M last year, $3.1M now": the value is the second
    return bool(numbers) and numbers[0] is m and len(numbers) <= 2


def _distance(spans: list[tuple[int, int]], base: int, m: Mention) -> float | None:
    dists = [abs(m.start - (base + e)) if base + e <= m.start else abs(base + s - m.end)
             for s, e in spans]
    return min(dists) if dists else None


def best_near_dist(words: list[str], low: str, lo: int, hi: int, m: Mention) -> float | None:
    """How near the nearest of ``words`` in ``low[lo:hi]`` is to ``m`` (characters)."""
    part = low[lo:hi]
    found = [d for w in words if (d := _distance(find(part, w), lo, m)) is not None]
    return min(found) if found else None


def _nearest_rival(f: Field, low: str, lo: int, hi: int, m: Mention) -> float | None:
    """The distance from ``m`` to the nearest key of another field in ``low[lo:hi]``."""
    spans = [(s, e) for st, s, e in tokens(low[lo:hi]) if st in f.rivals]
    return _distance(spans, lo, m)


#: the company's own officers and bodies, who report its figures in minutes and letters
_OWN_ROLE = re.compile(r"\b(?:ceo|cfo|cto|coo|founders?|co-founders?|management|the company|the board|"
                       r"chief executive|finance director|managing director)\b")
#: words that date a figure to now, not a start ("Today, in August 2026", "as of June 2026")
_AS_OF = re.compile(r"\b(?:today|as of|as at|currently|right now)\b[^.;]{0,12}$")
#: words that pass on what someone else says about a figure ("their ARR is supposedly ~$5M")
_HEARSAY = re.compile(r"\b(?:supposedly|reportedly|allegedly|rumou?red|apparently|is said to)\b")
#: another company's round ("Yeastie just announced a $12M round"): its subject is a name
_ANOTHERS_ROUND = re.compile(r"\b([A-Z][\w&'-]+)\s+(?:just\s+|recently\s+|has\s+|have\s+)?"
                             r"(?:announced|raised|closed|landed|bagged)\b")


def _en_not_ours(f: Field, m: Mention, text: str, a: int, money: bool, ours: str) -> bool:
    """In an English document, a number that cannot be this money field's: a bare small number
    for a market counted in millions ("one batch in twenty" is no SAM), another's figure passed
    on ("their ARR is supposedly ~$5M"), or another company's round for the ask."""
    if not money or f.fraction or m.percent:
        return False
    if f.unit_scale > 1 and not (m.currency or m.scaled) and abs(m.value) < f.unit_scale / 1000:
        return True
    before = text[a:m.start]
    low = before.lower()
    mine = _OURS.search(low) or (ours and re.search(rf"\b{re.escape(ours)}\b", low))
    if not mine and (_HEARSAY.search(low) or re.search(r"\btheir\b", low)):
        return True
    if f.key == "amount":
        for r in _ANOTHERS_ROUND.finditer(before):
            if r.group(1).lower() not in ("we", "i", "our", "it", "the", "this") \
                    and not (ours and r.group(1).lower() == ours):
                return True
    return False


#: words of an aside that gives an earlier figure ("(a year ago it was 310)")
_PAST = re.compile(r"\b(?:ago|last (?:year|quarter|month)|previously|it was|they were|used to be|down from|up from)\b")


#: a bracket that opens on an earlier period's label after a figure: "ARR reached $2.3M (Q2: $1.9M)"
_PERIOD_ASIDE = re.compile(r"(?:\d|\d\s?(?:[kmb]|mn|bn|mm|%|million|billion|thousand))\s*\(\s*(?:q[1-4]|h[12]|fy\s?\d{2,4}|"
                           r"(?:19|20)\d\d|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
                           r"(?:\s+(?:19|20)\d\d)?\s*[:=]\s*$")


def _en_past_aside(text: str, m: Mention) -> bool:
    """A number inside brackets that say it is an earlier figure: "1,240 couriers ride every week
    (a year ago it was 310)", "ARR: $2.4mm (Nov 2025 it was $1.1mm)", "ARR reached $2.3M (Q2:
    $1.9M)"."""
    open_at = text.rfind("(", max(0, m.start - 60), m.start)
    if open_at < 0 or ")" in text[open_at:m.start] or "\n" in text[open_at:m.start]:
        return False
    return bool(_PAST.search(text[open_at:m.start].lower())
                or _PERIOD_ASIDE.search(text[max(0, open_at - 16):m.start].lower()))


#: a line whose label says its figures are an earlier period's ("Last year's figures, for
#: comparison: ARR $1.67M", "Prior year: ...", "A year ago: ...")
#: (the label opens on the earlier period: "Shoppers measured last month: 98,000" is the current count)
_PRIOR_LINE_LABEL = re.compile(r"[\s*_#>-]*(?:(?:last|prior|previous) (?:year|quarter|month|period)\b"
                               r"|a (?:year|quarter|month) (?:ago|earlier|before)\b)[^:\n]{0,60}:[^:\n]*$")
#: a clause that dates its figure to an earlier time: "Back in 2023 we had 900 users", "When we
#: launched, 40 shops used it"
_PAST_LEAD = re.compile(r"\b(?:back (?:in|then)|at (?:our )?launch|when we (?:started|launched|began)|"

                        r"a year (?:ago|earlier)|(?<!as of )(?<!as at )(?:19|20)\d\d,? (?:we|it|they) (?:had|was|were))\b")
#: a date the figure stands at, before the year of ``_PAST_LEAD`` ("as of October 31, 2026, it had
#: 145 customers", "as at 30 June 2026, we had ...": where it stands, no earlier time)
_AS_OF_DATE = re.compile(r"\b(?:as of|as at|at|on)\s+(?:[a-z]+\.?\s+\d{1,2},?\s+|\d{1,2}\s+[a-z]+\.?,?\s+|[a-z]+\.?\s+)$")


#: a line of a list of labelled values ("  Q3 2026: $2.64M", "- FY2025: 310")
_LABELLED_ITEM = re.compile(r"[ \t]*(?:[-*•][ \t]*)?[^:\n]{1,30}:[ \t]*\S[^\n]{0,40}")


def _list_lead_in(text: str, at: int) -> str:
    """The line that leads into the list of labelled values ``at`` is in ("ARR at the end of each
    quarter:" over "  Q1 2026: $2.10M" ... "  Q3 2026: $2.64M"), else ""."""
    lo = text.rfind("\n", 0, at) + 1
    hi = text.find("\n", at)
    if not _LABELLED_ITEM.fullmatch(text, lo, len(text) if hi < 0 else hi):
        return ""
    for _ in range(12):
        if lo <= 0:
            return ""
        prev = text.rfind("\n", 0, lo - 1) + 1
        line = text[prev:lo - 1]
        if line.strip() and line.rstrip().endswith(":"):
            return line
        if line.strip() and not _LABELLED_ITEM.fullmatch(line):
            return ""
        lo = prev
    return ""


#: the words right before a figure that make it what the field was then ("74% up on Q3 2025,
#: when ARR was $1.52M"): an earlier figure, never the current one
_WHEN_IT_WAS = re.compile(r"\bwhen (?:[a-z]+\s+){1,3}(?:was|were|stood at)\s+(?:about |around |roughly |~)?$")


def _past_lead(low: str, a: int, start: int) -> bool:
    """The clause before a figure dates it to an earlier time (``_PAST_LEAD``), not to the date
    the document says it stands at."""
    for m in _PAST_LEAD.finditer(low, a, start):
        if m.group(0)[:1].isdigit() and _AS_OF_DATE.search(low[max(0, m.start() - 30):m.start()]):
            continue
        return True
    return False


#: an amount the company lost ("We lost our second-largest agency ...: about $90K of ARR"):
#: a change, not the level the field asks for
_LOST_LEAD = re.compile(r"\b(?:lost|lose|loses|losing|churned|churn|cancell?ed|cancell?ing|wrote off|write-off)\b")


_BARE_SCALE = re.compile(r"[\d,.]+\s?(k|m|b|mn|bn|mm)", re.I)


def _bare_scaled(m: Mention) -> Mention:
    """An amount written with its scale letter but no currency ("1.72M" in a chat that asks for
    the ARR): the amount at that scale (the mention reader scales only "$1.72M")."""
    got = None if (m.scaled or m.percent or m.currency) else _BARE_SCALE.fullmatch(m.raw)
    if got is None:
        return m
    from dataclasses import replace

    scale = {"k": 1e3, "m": 1e6, "mn": 1e6, "mm": 1e6, "b": 1e9, "bn": 1e9}[got.group(1).lower()]
    return replace(m, value=float(f"{m.value * scale:.12g}"), scaled=True)


#: a line or clause that opens with the growth of something ("Growth of recurring revenue, ...: 6%")
_GROWTH_OF = re.compile(r"^\s*(?:[a-z]?\d{1,2}\s+)?(?:growth|increase|rise)\s+(?:of|in)\b")
#: a market right after its size: "a $2.1B market", "a $14 billion market"
_MARKET_AFTER = re.compile(r"\s*(?:a year |per year |annual |global |worldwide )?market\b")
#: a part of the market named before ("$3.2 billion of it"), not a goal ("of it by 2030")
_PART_OF_IT = re.compile(r"\s+of (?:it|that|this|the market)\b(?![^.;]{0,30}\bby\b)")
#: an amount spent a year ("USD 3.8 billion a year", "$2.3 billion a year is spent on")
_YEAR_AFTER = re.compile(r"\s*(?:a|per|each|every) year\b|\s*annually\b")
_SPEND = re.compile(r"\b(?:spend|spends|spent|spending)\b")
#: the company's or its customers' own spending ("we spend", "we will spend", "saves customers")
_OURS_SPEND = re.compile(r"\b(?:we|our|us|i)\b[^,;.]{0,20}\bspend")


#: a table column or row of percents without the sign ("qoq growth pct", "NRR (%)")
_PERCENT_HEAD = re.compile(r"\b(?:pct|percent|per cent)\b|\(\s*%\s*\)|[（(]\s*[%％]\s*[)）]$|\s%$", re.I)


def _en_table_percent(doc: Document, m: Mention) -> Mention:
    """A bare number in a table column whose header says it is in percent ("nrr pct | 111"):
    that percent."""
    if m.currency or m.scaled or m.percent or m.unit:
        return m
    from .document import table_cell

    at = table_cell(doc, m.start)
    if at is None or not _PERCENT_HEAD.search(at[0].strip()):
        return m
    from dataclasses import replace

    return replace(m, percent=True)


def _en_table_scaled(doc: Document, m: Mention) -> Mention:
    """A bare amount in a table row whose label or column says what it counts in ("ARR ($k) |
    2,450"): the amount at that scale."""
    if m.currency or m.scaled or m.percent:
        return m
    lo, hi = _line_bounds(doc.text, m.start)
    line = doc.text[lo:hi]
    if "; " not in line or m.start - lo < line.find("; "):
        # a form's line whose label says so: "Market size (USD millions): TAM 4,200 / SAM 650"
        scale = next((_header_scale(lab) for lab, v, off in doc.labels
                      if off <= m.start < off + len(v) and re.search(r"[A-Za-z]", lab)), 1.0)
        if scale == 1.0:
            return m
        from dataclasses import replace

        return replace(m, value=m.value * scale, scaled=True)
    scale = _header_scale(line.split("; ")[0]) if re.search(r"[A-Za-z]", line.split("; ")[0]) else 1.0
    if scale == 1.0:
        from .document import table_cell

        at = table_cell(doc, m.start)
        # the column's header, else the table's section heading or caption ("($k)", "USD '000")
        scale = _header_scale(_column_unit(doc, at[2], at[3])) if at else 1.0
    if scale == 1.0:
        return m
    from dataclasses import replace

    return replace(m, value=m.value * scale, scaled=True)


#: a table column of an earlier period ("Last quarter", "Prior year", "Q2 2025 (previous)")
_EARLIER_COLUMN = re.compile(r"\b(?:last|previous|prior|earlier|ago)\b|\bvs\.?\b")
#: a table column of the period the document reports ("This quarter", "Current", "Latest")
_CURRENT_COLUMN = re.compile(r"\b(?:this|current|latest|now)\b")
#: (a Chinese column's year is written "2025年" / "2025年度")
_PERIOD_HEAD = re.compile(r"\b(?:(Q[1-4]|H[12])\s?['’]?(20\d\d|\d\d)|(?:FY\s?)?(20\d\d))(?:\b|(?=年))")


def _period_key(header: str) -> tuple[int, int] | None:
    m = _PERIOD_HEAD.search(header)
    if m is None:
        return None
    if m.group(1):
        part = int(m.group(1)[1]) * (3 if m.group(1)[0] == "H" else 1)
        year = int(m.group(2))  # "Q1'26": the year in two digits
        return year + 2000 if year < 100 else year, part * (2 if m.group(1)[0] == "H" else 1)
    return int(m.group(3)), 99


def _en_column_role(doc: Document, m: Mention, column: str) -> float:
    """In an English table, a column of an earlier period is no current figure ("Last quarter"
    beside "This quarter"; "Q2 2026" beside "Q3 2026"), the current one is."""
    low = column.lower()
    if _EARLIER_COLUMN.search(low):
        return -10.0
    if _CURRENT_COLUMN.search(low):
        return 1.5
    mine = _period_key(column)
    if mine is None or _month_key(column) is not None:
        # ("Jul 2026" beside "Oct 2026": a month with its year is read as a month, not the year)
        return _month_column_role(doc, m, column)
    lo, hi = _line_bounds(doc.text, m.start)
    cells = [c.strip() for c in doc.text[lo:hi].split("; ")]
    for t in doc.tables:
        if column in t.header and any(r == cells for r in t.rows):
            keys = [k for h in t.header if not _PLAN_COLUMN.search(h.lower()) and (k := _period_key(h))]
            if keys and mine < max(keys):
                return -10.0
    return 0.0


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_HEAD = re.compile(r"^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+['’]?(\d{2}|\d{4}))?$")


#: a month written as a date tool or a database writes it: "2026-08", "2026/08", "2026.08"
_ISO_MONTH = re.compile(r"^((?:19|20)\d\d)[-/.](0?[1-9]|1[0-2])$")


def _month_key(header: str) -> tuple[int, int] | None:
    iso = _ISO_MONTH.match(header.strip())
    if iso is not None:
        return int(iso.group(1)), int(iso.group(2))
    m = _MONTH_HEAD.match(header.strip().lower())
    if m is None:
        return None
    year = int(m.group(2)) if m.group(2) else 0
    return (year + 2000 if 0 < year < 100 else year), _MONTHS.index(m.group(1)) + 1


def _month_column_role(doc: Document, m: Mention, column: str) -> float:
    """A table whose columns are months ("Metric | Jul | Aug | Sep"): a month before the
    latest is no current figure (months without a year only when they run in order)."""
    mine = _month_key(column)
    if mine is None:
        return 0.0
    lo, hi = _line_bounds(doc.text, m.start)
    cells = [c.strip() for c in doc.text[lo:hi].split("; ")]
    for t in doc.tables:
        if column in t.header and any(r == cells for r in t.rows):
            keys = [k for h in t.header if (k := _month_key(h))]
            if len(keys) >= 2 and keys == sorted(set(keys)) and mine < keys[-1]:
                return -10.0
            if len(keys) >= 2 and keys == sorted(set(keys)):
                # the latest month is where the company stands now, as the latest period row of a
                # table whose rows are periods is (a quarters block below it ends earlier)
                return 5.0
    return 0.0


_COUNTED = json.loads(Path(__file__).with_name("counted_en.json").read_text(encoding="utf-8"))
_PEOPLE = frozenset(_COUNTED["people"])
_ORGANISATIONS = frozenset(_COUNTED["organisations"])
#: words after a count of people that say they use the product: its name is checked apart
#: a count of organisations, then the words that say they are customers now ("23 terminals on
#: contract", "41 feed mills buying", "214 stores live")
_AS_CUSTOMERS = re.compile(r"\s*(?:[a-z][a-z'-]*\s+){1,3}?(?:" + "|".join(
    re.escape(w) for w in sorted(_COUNTED["customer_status"], key=len, reverse=True)) + r")\b")
#: words before a count of people that make them the company's staff ("hiring 40 tutors")
_STAFF_LEAD = re.compile(r"\b(?:" + "|".join(
    re.escape(w) for w in sorted(_COUNTED["staff_lead"], key=len, reverse=True)) + r")\s+"
    r"(?:(?:to|the|our|another|about|around|some|over|all)\s+){0,2}$")
#: a number that says which slide, page or step it is ("[SLIDE 3 — What patients did]"), no count
_INDEX_LEAD = re.compile(r"\b(?:slide|page|step|part|chapter|section|note|exhibit|appendix|annex|figure|fig\.|"
                         r"table|item|article|clause|no\.|#)\s*$", re.I)
_IN_USE = re.compile(r"\b(?:use|uses|using|log in|logs in|logged in|sign in|open|opens|book|books|rely on|"
                     r"app|platform|dashboard|report|portal|tool|software|system|daily|weekly|monthly|"
                     r"each (?:day|week|month)|every (?:day|week|month)|"
                     # the company's service done to them: "41,000 riders served last month", "2,860
                     # patients were monitored", "shoppers measured", "farmers stored crates with us"
                     r"served|monitored|measured|screened|treated|tracked|insured|with us|through us|"
                     # "870 opticians ordered from us last quarter": they buy from the company
                     r"(?:ordered|order|orders|bought|buy|buys|purchased) from us)\b")


#: a count said to pay, right after it ("236 paying warehouse operators"): whoever they are, they
#: buy the product (the company paying them is read apart: "we are paying 40 drivers")
_PAYING_AFTER = re.compile(r"\s+(?:paying|subscribed|subscribing)\b")


#: a field's word that dates a time back from now ("a year ago", "a quarter earlier")
_AGO_AFTER = re.compile(r"\s+(?:ago|earlier|before)\b")


#: the rest of a figure's name after "annual" ("annual recurring revenue", "annual contract value")
_FIGURE_AFTER = re.compile(r"\s+(?:recurring|revenues?|contract|subscriptions?|sales|turnover|fees?|plans?|licen[cs]es?)\b")


#: a sentence that names the figure of the sentence before it: "That's the market we count",
#: "This is our SAM"
_THAT_IS = re.compile(r"\s*(?:that|this)(?:'s|’s|\s+is|\s+was)\s+(?:the|our)\s+(?:(?!serviceable|obtainable)[a-z-]+\s+){0,2}?")
_THAT_MARKET_WORDS = {"tam": r"(?:market|tam|total addressable market)\b",
                      "sam": r"(?:sam|serviceable (?:addressable |available )?market)\b",
                      "som": r"(?:som|serviceable obtainable market)\b"}


#: the sentence says the figure before is not the market the company sells into ("...; that is
#: not the market for software", "which is not our market")
_NOT_THE_MARKET = re.compile(r"\b(?:that|this|which|it)(?:'s|’s|\s+is|\s+was)\s+not\s+(?:the|our|a)\s+"
                             r"(?:[a-z-]+\s+){0,2}?(?:market|tam)\b")
#: the rest of a sentence that sets its figure aside as someone else's ("...; that is the
#: clinics' revenue, not ours", "that is the riders, not our customers", "that is their price,
#: not our round")
_SET_ASIDE = re.compile(r"\b(?:that|this|which)(?:'s|’s|\s+is|\s+was)\s+[^.;]{0,40},\s*not\s+"
                        r"(?:ours\b|our\s+[a-z]|the\s+market\b)")
#: the sentence after a figure, when it opens on "That is" / "This is" (it says what the figure was)
_THAT_IS_NEXT = re.compile(r"[.!?]?[ \t]+(?=(?:that|this)(?:'s|’s|\s+is|\s+was)\b)([^.!?\n]{0,160})")
#: a money figure, then "of which" and the words up to the figure after it: that one is its part
_OF_WHICH_PART = re.compile(r"[$€£]\s?\d[\d.,]*\s?(?:[kmb]n?|million|billion)?\b[^.;]{0,40}\bof which\b[^.;$€£\d]{0,70}$")


#: field words that are acronyms, and read as a name when written as one ("Sam", "Tam")
_ACRONYMS = frozenset({"tam", "sam", "som", "arr", "mrr", "nrr", "cagr"})


def _acronym_as_name(lab: str, own: list[str], text: str, value_at: int) -> bool:
    """The label names the field only by an acronym written as a name ("Thanks Sam — …")."""
    hits = [w for w in own if find(lab, w)]
    if not hits or any(w not in _ACRONYMS for w in hits):
        return False
    line = text[text.rfind("\n", 0, value_at) + 1:value_at]
    return not any(re.search(rf"\b{w.upper()}\b", line) for w in hits)


#: revenue said to come from a count right after it ("$2.6M ARR, up 80% on last year, across 340
#: growers", "revenue of $900K from 41 feed mills", "ARR reached $3.1M at 30 September, up 74%
#: year over year, across 418 farms"): the count pays for the product
_REVENUE_ACROSS = re.compile(r"\b(?:arr|mrr|revenue|revenues|sales)\b(?:[^.;!?]|\.(?=\d)){0,80}\b(?:across|from)\s+"
                             r"(?:about |around |some |over |nearly |roughly )?$")


def _counted(words: str) -> str:
    """"people" or "organisations": what the first of ``words`` (lower case) that the lexicon
    knows counts ("5,600 potters", "1,020 independent pharmacies"), "" when none of the first
    three does."""
    toks = re.findall(r"[a-z][a-z'-]*", words)[:3]
    for i, t in enumerate(toks):
        for w in ([f"{t} {toks[i + 1]}"] if i + 1 < len(toks) else []) + [t]:
            if w in _PEOPLE:
                return "people"
            if w in _ORGANISATIONS:
                return "organisations"
    return ""


def _later_year_plan(doc: Document, heading: str) -> bool:
    """``heading`` (a plan's) names a later year than another heading of ``doc`` does."""
    years = [int(y) for y in re.findall(r"(20\d\d)年", heading)]
    others = [int(y) for s in doc.sections if s.heading != heading for y in re.findall(r"(20\d\d)年", s.heading)]
    return bool(years and others and min(years) > min(others))


#: a figure that reads as a year ("2025"), and the words that make it one ("at the end of 2025",
#: "in 2024", "since 2021")
_YEAR_NOT_COUNT = re.compile(r"(?:19|20)\d\d$")
_YEAR_LEAD = re.compile(r"(?:\b(?:end|start|beginning|middle|close|half|quarter) of|\b(?:in|since|during|by|until|"
                        r"through|before|after|from|early|late|mid|fiscal|fy))\s*-?\s*$", re.I)


def number_candidates(doc: Document, f: Field, own_only: bool = False
                      ) -> list[tuple[float, Any, Mention, str]]:
    """(score, value, mention, sentence) for every document number that could be ``f``, best
    first; with ``own_only``, only numbers whose sentence or label has one of ``f``'s own words
    (a number is a market's SAM because it is called that, not because it is in Market)."""
    own = f.own_words()
    parents = [w for w in f.words() if w not in own]
    text = doc.text
    low = text.lower()
    date_spans = [(d.start, d.end) for d in doc.dates]
    label_spans = [(off, off + len(v), lab.lower()) for lab, v, off in doc.labels]
    money = _is_money(f)
    ours = getattr(doc, "_ours", None)
    if ours is None:
        from .names import _recurring_name, _title_name

        # (no title: the company the document is about, "Northtide is a marketplace for ...")
        named_as = _title_name(doc) or (getattr(_recurring_name(doc), "value", "") if doc.lang == "en" else "")
        ours = ((named_as or "").split() or [""])[0].lower()
        doc._ours = ours  # type: ignore[attr-defined]
    from .fields import GLOSSARY
    from .scope import other_party_heading

    partner_words = list(GLOSSARY.get("partners", ()))
    out = []
    for m in doc.mentions:
        if any(a <= m.start < b for a, b in date_spans):
            continue
        if any(a <= m.start < b for a, b in doc.reposted):
            continue  # a post someone else wrote, quoted ("> Brightlane ... just passed $20M ARR")
        if partner_words and not any(k in ("china", "partners") for k in f.keys):
            here = doc.section_at(m.start)
            if here is not None and _partner_heading(doc, here.heading):
                # under "Launch partner" / "合作伙伴": the partner's members, revenue and spend
                # ("…Cooperative, which serves 48,000 members, spent $3.2 million…"), not the company's
                continue
        if (here := doc.section_at(m.start)) is not None and here.heading and here is not doc.sections[0] \
                and other_party_heading(here.heading):
            continue  # under "二、合同对方基本情况": the counterparty's revenue and capital, not the company's
        if _IN_LINK.search(text, max(0, m.start - 200), m.start):
            continue  # "https://zoom.example/j/8841203317": part of a link, no figure
        if doc.lang == "en" and not (m.currency or m.percent or m.scaled) \
                and _INDEX_LEAD.search(text, max(0, m.start - 12), m.start):
            continue  # "As discussed in Note 9", "[SLIDE 3 — ...]": which note or slide, no figure
        if m.start > 0 and text[m.start - 1].isascii() and text[m.start - 1].isalpha():
            continue  # "Q1", "H2": part of a word
        if _CLOCK.match(text, m.end):
            continue  # "closed after 6 pm": a time of day
        if doc.lang == "en" and not (m.percent or m.currency or m.scaled) and re.fullmatch(r"\d{1,2}", m.raw.strip()) \
                and 1 <= m.value <= 31 and (_DAY_MONTH_AFTER.match(text, m.end) or _MONTH_BEFORE.search(text[max(0, m.start - 12):m.start])):
            continue  # "on 31 October it was 18,640": the day of a month without its year, no figure
        if _HEADING_NUMBER.match(text, text.rfind("\n", 0, m.start) + 1) and \
                _HEADING_NUMBER.match(text, text.rfind("\n", 0, m.start) + 1).end() > m.start:
            continue  # "2、客户拓展", "3. Financing": a heading's number, no figure
        if re.search(r"\d:$", text[max(0, m.start - 2):m.start]) or re.match(
                r"\[[^\]\n]{0,30}$", text[_line_bounds(text, m.start)[0]:m.start]):
            continue  # "[12/10/26, 09:14] Lena:": a chat's timestamp, the minutes of a time
        if _SENDER.fullmatch(text[slice(*_line_bounds(text, m.start))].strip()) or re.match(r":\d\d\b", text[m.end:m.end + 3]):
            continue  # "Jonas Weber 9:05 AM", "周敏 08:41": a chat's sender line, a time of day
        if doc.lang == "en" and money:
            m = _bare_scaled(_en_table_scaled(doc, m))
        if f.fraction:  # ("增减（%）" over "27.3": a Chinese statistics form's column too)
            m = _en_table_percent(doc, m)
        value = convert(m, f, doc.lang, text)
        if value is None:
            continue
        if doc.lang == "zh" and audience_turn(text, m.start):
            continue  # "【弹幕】隔壁山野咖啡说他们卖了一亿元？": a viewer's words, no figure of the company's
        if doc.lang == "zh" and money and zh_count(m):
            continue  # "回购会员有四万八千人": a count of people, no amount of money
        if money and converted_beside(text, doc.mentions, m, template_currency(doc.lang)):
            continue  # "386.4万美元，折合人民币2,758万元": the yuan figure beside it is the answer
        a, b = _clause_bounds(text, m.start, m.end)
        clause = low[a:b]
        score = 0.0
        best_near = 0.0
        weights = []
        for w in own:
            hits = find(clause, w)
            if w in _ACRONYMS and doc.lang == "en":
                # "Thanks Sam": a person, no SAM ("TAM", "SAM", "ARR" are written in capitals)
                hits = [(hs, he) for hs, he in hits if not text[a + hs:a + he].istitle()]
            # "up 38% on a year ago": a time looked back to, no rate "a year"
            hits = [(hs, he) for hs, he in hits if not _AGO_AFTER.match(clause, he)
                    # "annual recurring revenue": a figure's name, no rate a year
                    and not (f.key == "cagr" and _FIGURE_AFTER.match(clause, he))]
            weight = 0.0
            for hs, he in hits:
                ks, ke = a + hs, a + he
                # a keyword before its number ("TAM is $9.8 billion") is the usual order
                dist = m.start - ke if ke <= m.start else 2 * max(0, ks - m.end)
                # "raised" for "raising": the past counts less than the field's own tense
                # ("is now used by 640 staff" is the present, in the passive)
                past = clause[hs:he].endswith("ed") and not w.endswith("ed") and not re.search(
                    r"\b(?:is|are|be|being|been|now)\s+$", clause[:hs])
                weight = max(weight, 0.5 if past else 1.0)
                best_near = max(best_near, weight * 2.0 / (1 + max(0, dist) / 10))
            if weight:
                weights.append(weight)
        # the first word of the field counts 3, each further synonym 1 ("同比下降" is one
        # mention of a growth, not two)
        weights.sort(reverse=True)
        score += 3.0 * weights[0] + sum(weights[1:]) if weights else 0.0
        score += best_near
        named = score > 0
        score += 0.7 * _count(clause, parents)
        # the keyword in the same part of the sentence (between commas) as the number
        seps = (",", ";", "，", "；", "、", " and ", "和")
        # commas inside an aside do not end the part: "6,700 people (owners, chefs) use it"
        flat = _flat(low, a, b)
        lo_c = max(flat.rfind(c, a, m.start) for c in seps) + 1
        hi_c = [flat.find(c, m.end, b) for c in seps]
        hi_c = min([h for h in hi_c if h >= 0], default=b)
        if lo_c <= a:
            lo_c = a
        if _count(low[lo_c:hi_c], own):
            score += 4
        for lo, hi, lab in label_spans:
            # "TAM: $4.5 billion" is the TAM; "Quarterly ARR: Q1 $610k, Q2 $760k" lists values
            if lo <= m.start < hi and _count(lab, own) and _label_number(doc, lo, hi, m) \
                    and not (doc.lang == "en" and _acronym_as_name(lab, own, text, lo)):
                score += 6
                named = True
            elif lo <= m.start < hi and f.key == "users" and doc.lang == "en" and _counted(lab) == "people" \
                    and (_IN_USE.search(lab) or (ours and re.search(rf"\b{re.escape(ours)}\b", lab))) \
                    and _label_number(doc, lo, hi, m):
                # "Shoppers measured last month: 212,000": a label that counts people the product
                # serves names the users
                score += 6
                named = True
        # the number's own keyword is a rival field's ("grows at a CAGR of 8.2%" is the CAGR)
        rival = _nearest_rival(f, low, lo_c, hi_c, m)
        # ("Growth of recurring revenue, last quarter: 6%": what grows is named after the growth,
        # its object, no rival's figure)
        if rival is not None and (best_near_dist(own, low, lo_c, hi_c, m) or 1e9) > rival \
                and not (doc.lang == "en" and f.key == "growth" and m.percent
                         and _GROWTH_OF.match(clause)) \
                and not (f.key in ("users", "customers") and re.search(r"\b(?:grown|grew) to\s+$", low[lo_c:m.start])):
            # ("we've grown to 9,300 households": the count it grew to, no growth)
            score -= 4
        score += SECTION_ROLE * section_role(doc, f, m.start)
        here = doc.section_at(m.start)
        if here is not None and _SOURCES_HEADING.fullmatch((here.heading or "").strip(" *:#")):
            continue  # a reference list's titles ('"Corvane hits 140 customers". Jan 2025.'): older news
        if here is not None and here.heading and f.key == "amount" and _HISTORY_HEADING.search(here.heading.lower()):
            score -= 4  # under "Funding history" / "融资历程": the rounds closed, no ask
        if here is not None and here.heading and "target" not in f.key and "plan" not in f.key \
                and f.key not in ("som", "amount", "runway_months") and _PLAN_HEADING.search(here.heading.lower()) \
                and not _RESULT_HEADING.search(here.heading.lower()):
            score -= 3  # under "二、2027年目标" / "下半年工作安排" / "Outlook": the plan's figures
            if doc.lang == "zh" and _later_year_plan(doc, here.heading):
                # "三、2027年度计划" after "一、2026年度计划完成情况": next year's plan, whose figures
                # are no result at all
                score -= 3
        # another company's figure: under a heading about the competition, or in a sentence
        # naming a competitor ("The incumbent ... claims 97% customer retention")
        # (a market's size is often someone else's figure: "Gartner says the market is $4B")
        theirs = "market" not in f.keys
        if theirs and here is not None and here.heading and _count(here.heading.lower(), list(OTHERS)):
            # under "Competition", a paragraph that turns to the company itself ("We are smaller
            # but growing faster ... ARR is $2.2M") gives its figures; one about the rivals not
            pa, pb = _paragraph_bounds(text, m.start)
            para = low[max(pa, here.start):pb]
            if not (_OURS.search(para) or (ours and re.search(rf"\b{re.escape(ours)}\b", para))) \
                    or _count(para, list(OTHERS)) or _CLAIM.search(para):
                continue
            score -= 1
        if doc.lang == "zh" and not _SUBSIDIARY.search(doc.title) and (
                here is not None and _SUBSIDIARY.search(here.heading) or _SUBSIDIARY.search(text, a, m.start)):
            # "一、子公司情况" / "控股子公司华曜储能实现营业收入3.1亿元": a subsidiary's figure, not
            # the whole company's the report is about (unless the report is the subsidiary's own)
            score -= 3
        rivals_at = [e for w in OTHERS for _s, e in find(low[a:m.start], w)]
        between = low[a + max(rivals_at):m.start] if rivals_at else ""
        if theirs and rivals_at and not _OURS.search(between) and not (ours and ours in between):
            continue  # "Our largest rival claims 97% retention" (not "Unlike rivals, Tipjar grew 40%")
        # (a claim's own clause: "They claim a $5.2B market; ARR grew 120% this year" claims no growth)
        claim = _CLAIM.search(low, max(a, low.rfind(";", a, m.start) + 1), m.start) if theirs else None
        if claim and doc.lang == "en" and (_OWN_ROLE.search(low[a:claim.start()])
                                           or re.fullmatch(r"\s*[A-Z]{2,3}\s*", text[a:claim.start()])):
            # (or "DS reported ...": minutes name the company's officers by their initials)
            claim = None  # "The CEO reported ARR of $2.2M": the company's own officer, in minutes
        if claim and doc.lang == "en" and re.search(r"\b(?:company|self)[- ]reported\b", low[a:b]):
            claim = None  # "Company-reported ARR: $7.2M" on a data site's profile: the company's own figure
        if claim and not _OURS.search(low, a, m.start) and not (ours and ours in low[a:claim.start()]):
            continue  # "Unlike Dentaflow, which says 50,000 clinics use it": another's claim
            # (not "Shiftwell reported ARR of $4.1M" in a memo about Shiftwell)
        if rivals_at or _count(clause, list(OTHERS)):
            score -= 2  # "97% of customers renew, against 80% at competitors": ours, less sure
        if doc.lang == "en" and _SPONSORED.search(low, *_paragraph_bounds(text, m.start)):
            continue  # "This issue is sponsored by Binwise — Binwise serves 40,000 households": an ad's figures
        if doc.lang == "en" and _SUPERSEDED.search(clause):
            # "an earlier version of this page gave ARR as $3.9M", "ignore the three million figure
            # in the old one-pager": a figure the document itself sets aside
            score -= 4
        if doc.lang == "en" and clause.rstrip().endswith("?") and not re.search(r"\?\s+\S", text[m.end:b]):
            # "I read you're at $5M ARR already?", "Competitor BuzzCo says they have 1,000
            # growers?": a figure asked about is no one's answer yet
            score -= 3
        if not named and _count(_asked(doc, m), own):
            # "what's ARR at end of Sept?" / "1.72M": a short reply gives the figure the question
            # before it asks for
            score += 4
            named = True
        if not named and here is not None and here.heading and _count(here.heading.lower(), own):
            named = True  # "$15 million Series B" under the heading "Raising"
            score += 1
        if not named and doc.lang == "en" and (lead := _list_lead_in(text, m.start)) and _count(lead.lower(), own):
            named = True  # "ARR at the end of each quarter:" over "  Q3 2026: $2.64M": the lead-in names it
            score += 2
        if money and (m.currency or m.scaled):
            score += 1.5
        if money and not (m.currency or m.scaled) and f.unit_scale > 1:
            score -= 2
        if f.unit_scale > 1 and m.currency and not m.scaled and abs(m.value) < f.unit_scale / 1000:
            continue  # "$9.8" is no market counted in millions (a cut "$9.8 bi…")
        if doc.lang == "en" and not f.fraction and _past_lead(low, a, m.start):
            score -= 5
        if doc.lang == "en" and not f.fraction and _WHEN_IT_WAS.search(low, max(a, m.start - 40), m.start):
            continue  # "That is 74% up on Q3 2025, when ARR was $1.52M": what it was then
        if doc.lang == "en" and not f.fraction and "target" not in f.key and _PRIOR_LINE_LABEL.match(
                low, _line_bounds(text, m.start)[0], m.start):
            continue  # "Last year's figures, for comparison: ARR $1.67M, 810 contractors": the year before's
        if doc.lang == "en" and money and not f.fraction and _LOST_LEAD.search(low, a, m.start):
            score -= 5
        if doc.lang == "en" and f.key in _THAT_MARKET_WORDS and (m.currency or m.scaled) and not named \
                and re.match(_THAT_IS.pattern + _THAT_MARKET_WORDS[f.key], text[b:b + 80], re.I):
            # "US almond pollination alone is about $400M a year. That's the market we count.": the
            # next sentence names the figure
            score += 4
            named = True
        if doc.lang == "en" and (_SET_ASIDE.search(low, m.end, b) or (
                (nxt := _THAT_IS_NEXT.match(low, b)) and _SET_ASIDE.match(nxt.group(1)))):
            # "About 610,000 students ride on Routebell routes; that is the riders, not our customers";
            # "... $12B that US cities collect in fines. That is our customers' income, not the market"
            continue
        if doc.lang == "en" and f.key in _THAT_MARKET_WORDS and _NOT_THE_MARKET.search(low, m.end, b):
            continue  # "the ferry market ... at roughly $48B a year; that is not the market for software"
        if doc.lang == "en" and f.key in ("tam", "sam") and (m.currency or m.scaled) \
                and _OF_WHICH_PART.search(low, a, m.start) and re.search(r"\b(?:market|tam)\b", low[a:m.start]):
            # (a market's part; not "a Series A of $6,000,000, of which PARTNER would invest $2,000,000")
            # "about $760M a year, of which the states we sell in today make up $190M": the part
            # is the serviceable market, the whole before it the total
            score += 4 if f.key == "sam" else -5
            named = named or f.key == "sam"
        if doc.lang == "en" and f.key in RUNGS and (ladder := market_ladder(doc)):
            # a market slide's "- US school transport software: $900M a year" over "- Our eight
            # launch states: $210M": the rungs, largest first
            if ladder.get(f.key) == m.start:
                score += 5
                named = True
            elif m.start in ladder.values():
                score -= 4
        if doc.lang == "en" and f.key == "tam" and (m.currency or m.scaled) and not named and (
                _MARKET_AFTER.match(low, m.end) or (_YEAR_AFTER.match(low, m.end) and _SPEND.search(clause)
                                                    and not _OURS_SPEND.search(clause))):
            # "a $2.1B market"; "railroads spend about USD 3.8 billion a year on inspection",
            # "About $2.3 billion a year is spent on drinking water": a market's size in other words
            score += 4
            named = True
        if doc.lang == "en" and f.key == "sam" and (m.currency or m.scaled) and not named \
                and _PART_OF_IT.match(low, m.end) and (re.search(r"\bmarket\b", low[a:m.start]) or (
                    _SPEND.search(low, a, m.start) and not _OURS_SPEND.search(low, a, m.start))):
            # "... a $14 billion market; plants that pay a carbon price spend $3.2 billion of it":
            # the part of the market the sentence names (not "$45 million of it by 2030", a goal);
            # "utilities spend $3.8B a year on grid-edge software; we serve $1.2B of it": the spend
            # is a market in other words
            score += 4
            named = True
        if doc.lang == "en" and (_en_not_ours(f, m, text, a, money, ours)
                                   or (not f.fraction and _en_past_aside(text, m))):
            continue
        if not money and m.currency:
            score -= 2
        unit = _real_unit(text, m)
        if f.key.endswith("months"):
            if m.currency:
                continue  # "$15 a month" is a price, no count of months
            if doc.lang == "en" and re.search(r"(?:\(\s*|\bthe\s+|\bin\s+)(?:last|past|previous|prior)\s+$"
                                              r"|\btrailing\s+$", low[a:m.start]):
                # "Revenue growth (last 12 months)", "in the past 18 months": a period looked back
                # on, no runway (not "should last 15 months")
                continue
            # "20 months of runway"; not "2,400 monthly active users"
            score += 2 if unit.startswith(("month", "个月", "月", "year", "年")) else -4
        thing = _THING_UNIT.match(text, m.end)
        if thing and thing.group(0).strip() in ("个", "余个", "多个") and _count(low[lo_c:hi_c], own):
            thing = None  # 个 counts anything: "签约合作停车场1,128个" are customers under contract
        if f.key in ("users", "customers") and (m.currency or thing):
            continue  # an amount of money, 1,300余人次 (visits), 3.6万件 (tickets) count no one
        if f.key in ("users", "customers") and doc.lang == "en" and _YEAR_NOT_COUNT.match(m.raw) \
                and _YEAR_LEAD.search(low, max(0, m.start - 24), m.start):
            continue  # "at the end of 2025 we had 221 paying companies": a year, no count of anyone
        if f.key in ("users", "customers") and _NEW.search(low[lo_c:hi_c]) and not _TOTAL.search(low[lo_c:hi_c]) \
                and not _TO_VALUE.search(low[a:m.start]):  # "从1,200家增加到1,450家": the count it rose to
            continue  # "新签品牌客户9家", "we added 300 new users": the new ones are not all of them
        if f.key in ("users", "customers") and (
                re.match(r"-[a-z]", text[m.end:m.end + 2], re.I)
                or re.search(r"\d\s*(?:to|-|–)\s*$", low[a:m.start]) or re.match(r"\s*(?:to|–)\s*\d", low[m.end:b])
                # ("Between 18,000 and 19,000 workers": a range, either end)
                or re.search(r"\bbetween\s+(?:about\s+|roughly\s+)?(?:[\d,.]+\s+and\s+)?$", low[a:m.start])
                or re.match(r"[^,.;]{0,20}\b(?:waitlist|waiting list|wait list)", low[m.end:b])
                # ("Harrow alone has 31 of our sites": a part of the company's count, not all of it)
                or re.match(r"\s+of\s+(?:our|its|their|them|those|these)\b", low[m.end:m.end + 14])):
            # "Twelve-month retention", "contractors with 5 to 50 active sites", "3,100 people on
            # the waitlist": a duration, a range or people waiting count no one using it
            continue
        if doc.lang == "en" and f.key in ("users", "customers") and _PAID_BY_US.search(low[lo_c:m.start]):
            continue  # "We pay our 1,400 tutors $42 an hour": the people the company pays, no customers
        if doc.lang == "en" and f.key in ("users", "customers") \
                and (served := _SERVED_BY.search(low[lo_c:m.start])) is not None:
            subject = low[lo_c:m.start][:served.start()]
            if subject.strip() and not re.search(r"\b(?:we|we've|we're|our|us|it|its)\b", subject) and not (
                    ours and re.match(rf"\s*(?:[-*•]\s*)?(?:today,?\s+|now,?\s+)?{re.escape(ours)}\b(?!\s+(?:customers|users|clients))",
                                      subject)):
                # "Bakeries on Thimbleweed supplied about 6,800 wholesale customers": the customers'
                # own customers, served by someone other than the company
                continue
        if doc.lang == "en" and f.key in ("tam", "sam") and _PART_BY_THEN.match(low, m.end):
            continue  # "we can reach $60 million of that in five years": a goal's part of the market
        if doc.lang == "en" and f.key == "amount" and (m.currency or m.scaled) and re.search(r"\bgrants?\b", clause):
            # "Grant amount requested; $750K" beside "equity round in progress; $5M seed": a grant is
            # no round the pitch asks investors for
            score -= 4
        if doc.lang == "en" and f.key == "retention" and m.percent and m.value > 0 and _SPENT_AGAIN.match(low, m.end):
            # "Cooperatives that have been with us a year now spend 118% of what they spent in their
            # first year": a net revenue retention in words
            score += 6
            named = True
        elif doc.lang == "en" and f.key in ("growth", "cagr") and m.percent and _SPENT_AGAIN.match(low, m.end):
            continue  # (the same customers' spending against their first year: no growth of anything)
        if doc.lang == "en" and "growth" in f.key and m.percent \
                and re.match(r"\s+of\s+(?:the|our|their|its|all)\s+[a-z]", low[m.end:m.end + 30]):
            continue  # "Roughly 40% of the tomatoes our farmers grow rot": a portion, no growth
        if f.fraction and "share" not in f.key and m.percent and _ALLOCATED.match(low, m.end) \
                and len(_ALLOCATION.findall(clause)) >= 2:
            continue  # "60% goes to product, 40% to retention marketing": shares of the money
        if f.key in ("users", "customers") and (_TARGET.search(low[lo_c:m.start])
                                                 or _TARGET.search(_TARGET_ASIDE.sub("", _PRICE_PLAN.sub("", low[m.end:hi_c])))
                                                 or _MODELLED.search(clause)):
            # "预计参会客户60家以上", "we target 10,000 users", "两家连锁便利店预计10月下旬签约": a plan
            # counts no one yet
            continue
        comma = max([a] + [flat.rfind(c, a, m.start) for c in (",", "，", ";", "；")])
        if f.key == "customers" and "服务" in low[comma:m.start] and m.unit in ("家", "户"):
            # "累计服务种植大户和农民专业合作社2,847家", "服务种植户4,860户": the firms or households
            # the company serves are its customers
            score += 3
            named = True
        if f.key == "users" and doc.lang == "en":
            # what the number counts: the words after it, or a table row's label before it
            # ("Plant engineers on the dashboard; 260")
            at0 = _cell_at(doc, m) if doc.tables else None
            counted = _counted(low[m.end:m.end + 40]) or (
                _counted(" ".join(at0[1].lower().split()[-2:])) if at0 is not None else "")
            if not counted and at0 is not None:
                counted = _counted(at0[1].lower())
            if counted == "organisations":
                score -= 4  # "1,020 pharmacies use Sablewood": the customers, not the users
            if counted == "people":
                used = low[m.end:hi_c] if at0 is None else at0[1].lower()
                if _IN_USE.search(used) or (ours and re.search(rf"\b{re.escape(ours)}\b", used)) \
                        or (at0 is None and _PAYING_AFTER.match(used)) or (
                        at0 is None and re.search(r"\b(?:serve|serves|serving|used by|reach|reaches|(?:we|we've|we have|have|has) "
                                                            r"(?:grown|grew) to)\s+(?:about |around |some |over |nearly )?$",
                                                  low[lo_c:m.start])):
                    # "5,600 potters fire work through Kilnworks each month"
                    score += 2 if named else 5
                    named = True
                elif at0 is None and (_REVENUE_ACROSS.search(low[a:m.start]) or _AS_CUSTOMERS.match(low, m.end)):
                    # ("88 building owners under contract": people who are customers now)
                    # "We're at $2.6M ARR, up 80% on last year, across 340 growers": the people the
                    # revenue comes from pay for the product
                    score += 2 if named else 5
                    named = True
        if f.key in ("users", "customers") and unit:
            if unit.startswith(("month", "year", "day", "hour", "个月", "年", "月")):
                continue  # "in their first six months" counts no one
            score += 1.5 if unit.startswith(("user", "customer", "client", "家", "名", "户", "位", "人")) \
                and not unit.startswith("人次") else -1
        if money and unit and not m.currency and not m.scaled:
            continue  # "SOM (5 years)": a count of years, months or users is no amount of money
        if money and doc.lang == "en" and not (m.currency or m.scaled or m.percent) and _COUNTED_NOUN.match(low, m.end):
            continue  # "12,000 mid-size hauliers": a count of things, no amount of money
        if 1900 <= m.value <= 2100 and re.fullmatch(r"\d{4}", m.raw.strip()) \
                and _PERIOD_BEFORE_YEAR.search(low, max(0, m.start - 12), m.start):
            continue  # "Q3 2025", "FY 2026", "Sept 2025": the year of a period, no figure
        if money and _BASE_IN_BRACKETS.search(low, max(0, m.start - 40), m.start):
            continue  # "ARR is up 74% on Q3 2025 ($1.79M)": the earlier period's figure the change is on
        if money and _SIZE_BOUND_BEFORE.search(low, max(0, m.start - 14), m.start) and _SIZE_BOUND_AFTER.match(low, m.end):
            continue  # "farms under $2M of annual sales": the size that bounds a segment, no figure of it
        if not f.fraction and not m.percent and (_CHANGE_BEFORE.search(low, max(0, m.start - 24), m.start)
                                                  or _CHANGE_BEFORE_ZH.search(text, max(0, m.start - 16), m.start)):
            continue  # "Paying practices: +23 in November", "ARR rose by $870K", "较上月净增19家": a change, no level
        if money and "price" not in f.key and _EACH.match(low, m.end):
            continue  # "€9,000 a year each", "$40 per seat": a price of one, no total
        score += _role(f, low[lo_c:hi_c], clause, low[a:m.start], low[m.end:hi_c], low[m.end:b])
        if doc.lang == "en" and f.key == "growth" and not named and m.percent \
                and _SIGNED_CHANGE.search(low, max(a, m.start - 3), m.start + 1) \
                and _REVENUE_NAMED.search(low[a:m.start]) and _YEAR_BACK.search(low[a:m.start]):
            # "ARR is $7.1M, against $4.4M a year ago (+61%)": the signed change beside the revenue
            # set against a year before is its growth year on year
            score += 7
            named = True
        at = _cell_at(doc, m) if doc.tables else None
        if at is not None and _count(at[1].lower(), own) and not _count(at[0].lower(), own):
            # "营业收入 | 1,865万元" in a table of key figures: the row's label names the number
            # in its first figure's cell, like "营业收入：1,865万元"
            row_numbers = [o for o in doc.mentions if _line_bounds(text, m.start)[0] <= o.start < m.end
                           and not any(x <= o.start < y for x, y in date_spans)]
            def other_period(o: Mention) -> bool:
                return _other_period_column(doc, o)

            if row_numbers and row_numbers[-1] is m and text.count("; ", _line_bounds(text, m.start)[0], m.start) \
                    and not other_period(m) \
                    and all(not (o.percent or o.currency or o.scaled) or other_period(o) for o in row_numbers[:-1]):
                score += 4
                named = True
        if at is not None and not named and len(at[2].rows) == 1 and _count(at[0].lower(), own) \
                and not _count(at[1].lower(), own) \
                and not _PRIOR_COLUMN.search(at[0].lower()) and not _PLAN_COLUMN.search(at[0].lower()) \
                and not _later_year_column(at[2], at[0]):
            # "期间 | 营业收入（万元） 2025年 | 营业收入（万元） 2026年" over "1-10月累计 | 21,460 | 26,380": a
            # table of one row whose columns name the figures (its header's rows the figure over
            # the year), the latest year's column like "营业收入：26,380万元" (a table of many rows
            # is read by its rows' periods)
            score += 4
            named = True
        if at is not None and not f.fraction and _TOTAL_ROW.fullmatch(at[1].strip()) \
                and (here := doc.section_at(m.start)) is not None and here.heading \
                and _names_field(here.heading, f, f.words()) and not _other_period_column(doc, m) \
                and all(_other_period_column(doc, o) for o in doc.mentions
                        if _line_bounds(text, m.start)[0] <= o.start < m.start):
            # "（1）营业收入按业务类别列示" over a table whose "合计" row sums its parts: the total's
            # first figure of this period is the revenue (its rows are parts of it)
            score += 4
            named = True
        if doc.lang == "en" and "target" not in f.key and "plan" not in f.key and len(f.keys) == 2 \
                and m.start in _earlier_in_series(doc):
            score -= 4  # "Q1 ARR $1.8M, Q2 $2.3M, Q3 $2.9M": an earlier period's figure, not where it stands now
        elif doc.lang == "en" and "target" not in f.key and "plan" not in f.key and len(f.keys) == 2 \
                and _before_title_period(doc, clause):
            score -= 3  # "Q2 actual ARR was $2.2M" in a "Q3 2026 review": the quarter before's figure
        if money and not f.fraction and m.value in _parts(doc):
            continue  # one of a list of parts that add up to a total the document states
        if money and not f.fraction and _SHARE_AFTER.match(text, m.end):
            score -= 5  # "化学制剂收入7.38亿元，占营业收入的60%": a part, given with its share
        if at is not None and f.key == "amount" and doc.lang == "en" and _closed_round_row(doc, m):
            score -= 4  # "8 June 2024; Series A; $11M; Basalt Ridge" in a list of rounds: raised, no ask
        column = at[0] if at is not None else ""
        if column and "target" not in f.key and "plan" not in f.key:
            # a table "项目 | 预算 | 实际": the plan's column is no result, the actual's is
            if _PLAN_COLUMN.search(column.lower()):
                score -= 3
            elif _ACTUAL.search(column.lower()):
                score += 1.5
        if column and _PRIOR_COLUMN.search(column.lower()) and not _CHANGE_COLUMN.search(column.lower()):
            score -= 3  # "上年同期（万元）": a year before, not this period's figure
        elif column and f.fraction and _count(column.lower(), own):
            # "指标 | 第三季度 | 去年同期 | 同比": the 同比 column of the revenue row is the growth
            score += 4
            named = True
            if "growth" in f.key:
                # "指标 | 11月 | 10月 | 环比 | 去年同期 | 同比": a report's growth is year on year
                score += 1.5 if _YOY.search(column) else -1.5 if _MOM.search(column) else 0.0
        elif column and "growth" in f.key and m.percent and at is not None and _CHANGE_COLUMN.search(column.lower()) \
                and _REVENUE_NAMED.search(at[1].lower()):
            # "Metric; FY2025; FY2026; Change" / "ARR (restated); $3.2M; $4.6M; 44%": the change of
            # the revenue row is its growth
            score += 4
            named = True
        if at is not None and doc.lang == "en" and "target" not in f.key and "plan" not in f.key \
                and _latest_period_row(at[2], at[1]):
            # "Quarter | ARR ($K)" over Q1 ... Q3 2026: the latest quarter's row is where the company
            # stands now (the earlier rows are its history); its cell in the column the field's
            # own words head is the field's ("arr (thousands)", not "arr plan")
            score += 1
            head = at[0].lower()
            if not named and not _PLAN_COLUMN.search(head) and not _PRIOR_COLUMN.search(head) and (
                    _count(head, own)
                    # "Month | ARR | Paying crews | New crews": a column that counts people (not the
                    # new ones) is the users
                    or (f.key == "users" and _counted(head) == "people" and not _NEW.search(head))):
                score += 4
                named = True
        if 1900 <= m.value <= 2100 and not (m.currency or m.scaled or m.percent) and not m.unit \
                and re.fullmatch(r"\d{4}", m.raw.strip()):
            score -= 3  # a year
        if column and "target" not in f.key and "plan" not in f.key:
            # (in Chinese too: "指标 | 2023年 | 2024年 | 2025年", the latest year's column)
            score += _en_column_role(doc, m, column)
        out.append((score, value, m, text[a:b].strip(), named))
    out = _corrected(doc, f, out)
    out = [c for c in out if c[0] > 0]
    out.sort(key=lambda t: (-t[0], t[2].start))
    return [(sc, v, mm, sent) for sc, v, mm, sent, _n in out if _n or not own_only]


#: a chat's sender line ("Jonas Weber 9:05 AM", "财务-刘洋 08:52")
#: (or with the day before the time: "赵磊 2026-12-01 09:21", "赵磊 2026/12/1 9:21")
_SENDER = re.compile(r"[^\n\d:：]{1,30}?\s(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\s+)?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp]\.?[Mm]\.?)?")
#: the longest reply that only answers the question before it ("1.72M", "大概1.08亿吧")
REPLY_CHARS = 40


def _asked(doc: Document, m: Mention | DateMention) -> str:
    """The question (lower case) a short line holding ``m`` answers: the line before it, past a
    chat's sender line, when it ends with a question mark; "" otherwise."""
    text = doc.text
    lo, hi = _line_bounds(text, m.start)
    # a transcript's question and its answer run on in one line: "What's the raise? 1.8 million
    # dollars, seed." (the answer's first words, before the figure, are few)
    q = text.rfind("?", lo, m.start)
    if q >= 0 and len(text[q + 1:m.start].strip()) <= 12 and not re.search(r"[.!;]", text[q + 1:m.start]):
        start = max(text.rfind(". ", lo, q), text.rfind("? ", lo, q), text.rfind("! ", lo, q))
        return text[(start + 2 if start >= 0 else lo):q + 1].lower()
    # "Dara: Yes, $4 million. It gives us two years.": a longer reply whose first words give the
    # figure answers the question too (past its speaker's name)
    speaker = re.match(r"[ \t]*(?:\*\*)?[A-Z][\w.' -]{0,30}:(?:\*\*)?[ \t]+", text[lo:m.start])
    opening = text[lo + (speaker.end() if speaker else 0):m.start]
    first_words = len(opening.strip()) <= 12 and not re.search(r"[.!?;]", opening)
    if (hi - lo > REPLY_CHARS and not first_words) or text[lo:hi].rstrip().endswith(("?", "？")):
        return ""
    end = lo - 1
    for _ in range(4):
        if end <= 0:
            return ""
        a, b = _line_bounds(text, end - 1) if text[end - 1:end] != "\n" else (end, end)
        line = text[a:b].strip()
        end = a - 1
        if not line or _SENDER.fullmatch(line):
            continue
        return line.lower() if line.endswith(("?", "？")) else ""
    return ""


def _corrected(doc: Document, f: Field, out: list) -> list:
    """``out`` after the document's corrections ("10月营收1.2亿" … "更正：…不含税是1.08亿"): a corrected
    figure is no candidate, the figure that corrects it takes its score and its name for the field
    (see ``fill/corrections.py``)."""
    from .corrections import corrections

    fixes = corrections(doc)
    if not fixes:
        return out
    by_start = {c[2].start: c for c in out}
    gone: set[int] = set()
    for olds, new, nearest in fixes:
        if nearest:
            # "修正后的毛利为3,000万元" after "营业收入1.2亿元": a correction of another figure, named
            # in its line, is not this field's
            lo, hi = _line_bounds(doc.text, new.start)
            line = doc.text[lo:hi].lower()
            if not _count(line, f.own_words()) and (_OTHER_FIGURE.search(line) or _EN_OTHER_FIGURE.search(line)):
                continue
        was = [by_start[o.start] for o in olds if o.start in by_start]
        gone |= {o.start for o in olds}
        if not was:
            continue
        best = max(was, key=lambda c: c[0])
        if best[0] <= 0:
            continue
        mine = by_start.get(new.start)
        if mine is not None and mine[2].value != new.value:
            mine = None  # "it's 2.4" correcting "2.6 million dollars": at the corrected one's scale
        if mine is None:
            value = convert(_en_table_scaled(doc, new) if doc.lang == "en" and _is_money(f) else new, f, doc.lang,
                            doc.text)
            if value is None:
                continue
            a, b = _clause_bounds(doc.text, new.start, new.end)
            mine = (best[0], value, new, doc.text[a:b].strip(), best[4])
        by_start[new.start] = (max(mine[0], best[0] + 0.5), mine[1], mine[2], mine[3], mine[4] or best[4])
    return [c for st, c in by_start.items() if st not in gone]


_TARGET = re.compile(r"\b(?:aim|aims|target|targets|goal|goals|plan|plans|planned|forecast|forecasts|"
                     r"expect to reach|expect|expects|project|projects|projected|projection|budget|"
                     r"budgeted|will (?:reach|hit|exceed|top|be|grow))\b|"
                     r"目标|力争|争取|确保|有望|计划|预计|预期|预算|承诺|对赌|不低于|不少于")
#: a price plan the counted ones are on ("144 marinas on paid plans", "on the Pro plan"): no plan
#: for the future
_PRICE_PLAN = re.compile(r"\b(?:paid|free|pro|premium|basic|starter|standard|annual|monthly|yearly|subscription|"
                         r"pricing|enterprise|team|business|family|trial)\s+plans?\b")
#: counted ones said to be on a price plan ("860 contractors on paid plans", "on the Pro plan")
_ON_PRICE_PLAN = re.compile(r"\bon\s+(?:a\s+|the\s+|our\s+)?" + _PRICE_PLAN.pattern[2:])
#: verbs that report what someone else says ("Dentaflow, which claims 99% retention")
_CLAIM = re.compile(r"\b(?:claims?|claimed|says?|said|reports|reported)\b|声称|宣称|号称")
_OURS = re.compile(r"\b(?:we|our|us|i)\b|我们|我司|本公司")
#: words that set a result against a target ("$4.1M against a plan of $4.4M", "7% rather than
#: the 15% we had planned")
_VERSUS = re.compile(r"\b(?:against|versus|vs\.?|compared (?:with|to)|rather than|instead of|ahead of|"
                     r"behind|below|above|but|however|in fact)\b|;|\s/\s|相比|相对于|而非|但|实际")
#: words that say a number is what happened, not what was planned
_ACTUAL = re.compile(r"\b(?:actual|actually|today|currently|right now|to date|so far|at present|"
                     r"we (?:closed|ended|finished|reached)|(?:closed|ended) the (?:year|quarter)|"
                     r"(?:closed|ended|finished|landed|came in) at|missed)\b|"
                     r"实际|目前|截至目前")
#: an actual figure named as the base a plan is compared with ("较2025年实际增长", "over last year's actual")
_BASE_ACTUAL = re.compile(r"(?:较|比|相比|相较)[^，,。；;]{0,8}实际[^，,。；;\d]{0,6}$|\b(?:over|than|on|above|versus|vs\.?)\s+"
                          r"(?:[a-z0-9']+\s+){0,3}actuals?\b[^,.;\d]{0,20}$")
#: an actual word right before its number ("实际完成", "实际为", "actual:", "came in at")
_ACTUAL_JUST_BEFORE = re.compile(r"(?:实际(?:完成|实现|达到|为|是)?|(?:实际)?(?:完成|达成)了?|\bactual(?:ly)?(?:\s+(?:was|were|is|came in at|of))?"
                                 r"|\b(?:came in|landed|finished|closed|ended)(?: the (?:year|quarter|month))? at)"
                                 r"\s*[:：]?\s*(?:约|大约|about|around|only|just)?\s*"
                                 r"(?:人民币|rmb|usd|us\$|[$€£¥])?\s*$")
#: after a number, an actual set against it past a dash or a comma ("60% — actual 49%",
#: "$3.0M by 30 Sep — actual $2.7M", "120%, actual 113%"): the number before is the plan
_THEN_ACTUAL = re.compile(r"(?:[^$€£¥%\d.;!?]{0,24}?|\s+by\s+[^$€£¥%.;!?—–,]{1,16}?)(?:\s[—–-]|[—–,;(])\s*actual(?:ly)?\b"
                          r"(?!\s+(?:plan|target|budget))")
#: the actual word a number follows, past a dash or a comma from the figure before it
_ACTUAL_AFTER_DASH = re.compile(r"(?:\s[—–-]|[—–,;(])\s*actual(?:ly)?\s*[:=]?\s*(?:us\$|usd|[$€£¥])?\s*$")
_TOTAL = re.compile(r"\b(?:in total|total|altogether|cumulative)\b|累计|总数|总计|共计|合计|达到|截至")
#: units after a number that count events or things, not people or firms
_THING_UNIT = re.compile(r"[ \t]*(?:余|多)?[ \t]*(?:人次|次|件|项|吨|亩|个|台|套|笔|单|批|times\b|visits\b|sessions\b|"
                         r"orders\b|tickets\b|units\b|packs\b|tonnes\b|tons\b|acres\b|gallons\b|litres\b|"
                         r"liters\b|kg\b|km\b|miles\b|[kmg]wh?\b|hours\b|minutes\b)", re.I)
_BY_YEAR = re.compile(r"\bby (?:the end of )?(?:20\d\d|next year)\b|\bnext (?:year|quarter)\b|\bin 20[3-9]\d\b|到20\d\d年|\d{4}年(?:前|底前)")
_SUBSET = re.compile(r"超过|以上|以下|之间|不足|\bof which\b|\bmore than\b|\bover\b|\bbetween\b")
#: a figure's plan in brackets after it ("1,372家（目标 1,400家）", "$4.1M (target $4.5M)"): an aside
_TARGET_ASIDE = re.compile(r"[（(]\s*(?:目标|计划|预算|指标|target|plan|goal|budget)[^（）()\n]{0,40}[)）]", re.I)
#: a round already closed, or all the money raised so far: no ask
_EARLIER_ROUND = re.compile(r"\b(?:last|previous|prior|earlier|past)\s+(?:\w+\s+)?(?:round|raise|financing)\b|"
                            r"\btotal (?:funding|raised)\b|\braised (?:to date|so far)\b|上一轮|前一轮|累计融资")
#: after an amount: the money a round has taken in so far ("$612,400 raised", "£80k committed")
#: ("$2.5M of the round is already committed by Tidewell", "$800k has been soft-circled": a part in hand)
_RAISED_SO_FAR = re.compile(r"[\s*_]*(?:(?:of (?:the|this|our) (?:round|raise|financing)\s+)?(?:is|are|was|were|has been|have been)"
                            r"\s+)?(?:already\s+)?(?:raised|committed|pledged|invested|secured|subscribed|soft[- ]circled"
                            r"|in so far|in hand)\b"
                            r"|[\s*_]*(?:已募集|已认购|已到账)", re.I)
#: after an amount: the round's target ("a $1,000,000 target", "€500,000 funding goal", "目标金额")
_GOAL_AFTER = re.compile(r"[\s*_]*(?:(?:funding|raise|round|investment)\s+)?(?:target|goal)\b", re.I)
#: a figure's earlier value, before the verb that takes it to its new one (由…的8,600万元增至…)
_FROM_VALUE = re.compile(r"(?:由|从)[^，,。；;\d]{0,12}$")
#: the verbs that take a figure to its new value (增至, 下降到, 达到 ...)
_MOVES_TO = (r"增至|增长至|增加至|增长到|增加到|升至|上升至|上升到|提高至|提高到|提升至|提升到|降至|下降至|"
             r"下降到|减少至|减少到|减至|回落至|扩大至|达到")
_TO_VERB = re.compile(rf"\s*(?:元|美元|人民币|万|亿|家|户|人|名|个)*\s*(?:{_MOVES_TO}|至|到)")
_TO_VALUE = re.compile(rf"(?:{_MOVES_TO})\s*"
                       # "由年初的146家增加到年末的171家": the time it rose to, before the figure
                       r"(?:(?:年末|年底|年终|期末|季末|月末|目前|现在|当前)的?\s*)?$")
#: a figure said to be the year before's (较上年同期的1.05亿元, 去年同期为8,420万元)
_PRIOR_VALUE = re.compile(r"(?:上年同期|去年同期|上年同月|去年同月|上年|去年|上一年|上季度|上月|年初)(?:的|为|是|仅为?)\s*$"
                          # "去年同期营收8,200万元": the year before's figure, named after the period
                          # ("上季度集团营业收入6.58亿元", "上月营收1,200万元": the period before's)
                          r"|(?:上年同期|去年同期|上年同月|去年同月|上一年度?|上年度|上(?:一|个)?季度|上个?月|上周|上期)"
                          r"(?:[^，,。；;\d今本当]{0,6}?)"
                          r"(?:收入|营收|营业额|销售额|客户数?|用户数?)(?:为|是|约|达)?\s*$"
                          # "Last year ARR was $2.6M", "A year ago, revenue stood at $2.1M"
                          r"|\b(?:last|prior|previous) (?:year|quarter|month|period)(?:'s)?,?\s+(?:[a-z]+\s+){0,3}?"
                          r"(?:was|were|stood at|came to|of|at)\s*(?:about |around |only )?(?:us\$|usd|[$€£¥])?\s*$"
                          r"|\b(?:a|one) (?:year|quarter|month) (?:ago|earlier),?\s+(?:[a-z]+\s+){0,3}?"
                          r"(?:was|were|stood at|came to|of|at)\s*(?:about |around |only )?(?:us\$|usd|[$€£¥])?\s*$")
#: this period named right before its figure ("今年同期9,100万元", "this year it is $3.1M")
_CURRENT_VALUE = re.compile(r"(?:今年|本年|本期|本月|本季度?|当期|当月)(?:同期)?(?:的|为|是)?\s*$|\bthis (?:year|quarter|month)"
                            r"(?:'s)?,?\s+(?:[a-z]+\s+){0,3}?(?:is|was|are|were|stands at|of|at)\s*(?:us\$|usd|[$€£¥])?\s*$")
#: an earlier period named right after a figure ("$2.2M last year", "$1.9M a year ago", "8,100万元（上年同期）")
_PRIOR_AFTER = re.compile(r"\s*[（(]?\s*(?:in |at the end of |at end of )?(?:last|prior|previous) (?:year|quarter|month|period)\b|"
                          r"\s*(?:a|one) (?:year|quarter|month) (?:ago|earlier)\b|\s*[（(]\s*(?:上年同期|去年同期|上年|去年|上月|上季度)")
#: an earlier period named before it in the sentence
_PRIOR_WORD = re.compile(r"上年|去年|上期|上月|上季|上一年|\b(?:last|prior|previous) (?:year|quarter|month|period)\b|\bago\b")
#: words that date a figure to now, or to the close of a past year
_NOW = re.compile(r"\b(?:today|currently|right now|now|at present|as of today|this month)\b")
_PAST_CLOSE = re.compile(r"\b(?:ended|closed|finished|exited)\s+(?:20\d\d|last year|the year)\b|"
                         r"\b(?:at the end of|end of)\s+20\d\d\b|\blast year\b")
#: words that open a breakdown of a total into its parts (按产品线划分，…; 其中，…)
_BREAKDOWN = re.compile(r"按[\u4e00-\u9fff]{1,6}(?:划分|拆分|分类|来看|统计)|(?<![部划区])分(?:产品|业务|品类|渠道|区域|地区|板块)"
                        r"(?:来看|看)?[，,：:]|其中|\b(?:by (?:product|segment|channel|region|line)|of which|"
                        r"broken down)\b")
#: a part of the company that reports its own figures
_SUBSIDIARY = re.compile(r"子公司|分公司|下属(?:企业|公司|单位)|控股公司|参股公司|所属企业")
#: revenue a project adds ("新增年销售收入", "年新增营业收入"): no revenue of the company's
_NEW_REVENUE = re.compile(r"新增[\u4e00-\u9fff]{0,4}(?:收入|营收|销售额)[^\d，。；]{0,3}$")
#: a sentence that models the future ("We model $6.0M ARR by end 2027 and 200 customers (base
#: case)"): its counts are a scenario's, no one's yet
_MODELLED = re.compile(r"\b(?:we model|modell?ed|base case|best case|worst case|bull case|bear case)\b|情景")
_NEW = re.compile(r"\b(?:new|added|newly)\b|新增|新签|新开|净增|增加")


#: words that make a sentence about a market, not the company's own figures
_MARKET = re.compile(r"\b(?:market|tam|sam|som|industry|category|sector)\b|市场|行业")
_OUR_FIGURE = re.compile(r"\b(?:we|our|arr|revenue|users|customers)\b|公司|我们|营业收入|营收")
#: a share of money put to a use ("40% to retention marketing", "30% for sales")
_ALLOCATED = re.compile(r"\s*(?:goes\s+|will go\s+|is\s+|of (?:the|it)\s+)?(?:to|for|into)\b")
_ALLOCATION = re.compile(r"\d\s*%\s*(?:goes\s+|will go\s+|is\s+|of (?:the|it)\s+)?(?:to|for|into)\b")
#: the number of a numbered heading or list line at the start of its line ("2、", "## 3. ", "（二）")
_HEADING_NUMBER = re.compile(r"[ \t]*(?:#{1,6}[ \t]*)?(?:\d{1,2}(?:[、.．)]|\s*[)）])(?!\d)|[（(]\d{1,2}[)）]"
                             # "## 01 | 业绩亮点": a post's numbered heading
                             r"|\d{1,2}[ \t]*[|｜](?=[ \t]*[\u4e00-\u9fffA-Za-z]))")
#: a noun phrase after a bare number: what it counts ("12,000 mid-size hauliers"), not money
_COUNTED_NOUN = re.compile(r"[ \t]+(?!(?:million|billion|thousand|trillion|mn|bn|m|k|usd|eur|gbp|dollars?|euros?|pounds?|"
                           r"yuan|rmb|cny|in|of|a|an|the|per|each|for|to|and|or|at|by|from|with|is|was|are|were|"
                           r"this|that|last|next|arr|revenue|sales)\b)[a-z][a-z-]+\b")
#: words after an amount that make it the price of one ("each", "per seat", "a year each")
_EACH = re.compile(r"\s*(?:(?:a|per) (?:year|month|week|day) )?(?:each|apiece|a head|per (?!cent\b|year\b|annum\b|month\b|"
                   r"quarter\b|week\b|day\b|hour\b)[a-z]+)\b")
#: a time of day after a number ("6 pm", "2 a.m.", "9 o'clock")
_CLOCK = re.compile(r"\s?(?:[ap]\.?m\.?|o'clock)(?![A-Za-z])", re.I)
#: an amount's share of the whole right after it ("7.38亿元，占营业收入的60%", "$2M, 40% of revenue")
_SHARE_AFTER = re.compile(r"\s*(?:元|美元)?\s*[，,（(]?\s*(?:约占|占比|占|\d[\d.]*\s*%\s*of\s+(?:total\s+|our\s+|the\s+)?"
                          r"(?:revenue|sales|turnover|arr)\b)", re.I)
#: what a growth rate is of, named before it: revenue, or another figure
_REVENUE_NAMED = re.compile(r"收入|营收|营业额|销售额|\b(?:revenue|sales|turnover|arr)\b")
_EN_OTHER_FIGURE = re.compile(r"\b(?:profit|margin|costs?|burn|expenses?|spend|cash|headcount|staff|ebitda|"
                              r"income|loss|churn|cac|ltv|price)\b")
_OTHER_FIGURE = re.compile(r"利润|毛利|成本|费用|支出|回款|订单|合同额|销量|客户|用户|会员|门店|人数")
#: a heading over plans: its figures are targets, not results
#: a link's text up to a number inside it ("https://zoom.example/j/88412", "www.x.com/2026/")
_IN_LINK = re.compile(r"(?:https?://|www\.)[^\s<>()\[\]\"']*$", re.I)
#: the heading of a list of sources, whose entries cite other pages and whose figures and dates
#: are theirs ("References", "Sources", "参考资料"); a number's section must be headed by it whole,
#: a date's heading need only hold it
_SOURCES_HEADING = re.compile(r"(?:references|sources|citations|bibliography|footnotes|notes and references|"
                              r"further reading|external links|works cited|参考文献|参考资料|资料来源|引用来源|"
                              r"外部链接|延伸阅读|^注释$)", re.I)
_PLAN_HEADING = re.compile(r"目标|计划|展望|预期|预测|下一步|下半年|下季度|下月|下周|明年|安排|规划|打算|\b(?:outlook|targets?|goals?|"
                           r"next (?:year|quarter|steps))\b")
#: a quarter, a half, a fiscal year or a month right before a year
_PERIOD_BEFORE_YEAR = re.compile(r"\b(?:q[1-4]|h[12]|fy|cy|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|"
                                 r"january|february|march|april|june|july|august|september|october|november|"
                                 r"december)\.?\s*'?$")
#: a change's base period with its figure in brackets: "up 74% on Q3 2025 ($1.79M", "+18% vs FY2025 ("
_BASE_IN_BRACKETS = re.compile(r"\d\s*%\s+(?:on|from|over|vs\.?|versus|against|compared (?:to|with))\s+(?:the\s+)?"
                               r"(?:q[1-4]\s*'?\d{2,4}|h[12]\s*'?\d{2,4}|fy\s*'?\d{2,4}|[a-z]{3,9}\.?\s+\d{4}|\d{4}|"
                               r"last (?:year|quarter|month)|a year (?:ago|earlier|before))\s*\(\s*(?:us)?[$€£¥]?\s*$")
#: a bound on the size of the firms a segment counts: "farms under $2M of annual sales", "clinics
#: with more than $5 million in revenue"
_SIZE_BOUND_BEFORE = re.compile(r"\b(?:under|below|over|above|less than|more than|at least|up to|fewer than)\s+$")
_SIZE_BOUND_AFTER = re.compile(r"\s+(?:of|in)\s+(?:annual\s+|yearly\s+)?(?:sales|revenues?|turnover)\b")
#: a heading over what was done before ("Funding history", "Previous rounds", "融资历程"): its rounds
#: are closed
_HISTORY_HEADING = re.compile(r"\b(?:history|to date|previous|prior|past|earlier)\b|历程|历史|以往|过往|历次")
#: a heading over results set against the plan ("计划完成情况", "Budget vs actual"): no plan
_RESULT_HEADING = re.compile(r"完成|实际|执行|达成|回顾|\b(?:actuals?|results?|vs\.?|versus|review|performance)\b")
#: a table column of an earlier period's figures
_PRIOR_COLUMN = re.compile(r"上年|去年|上期|上月|上季|上一|\b(?:prior|previous|last) (?:year|quarter|month|period)\b")
#: a table column of changes ("同比", "较上年增减", "YoY change")
_CHANGE_COLUMN = re.compile(r"增|减|降|变动|变化|同比|环比|\b(?:change|growth|yoy)\b")
#: a table column of planned figures, or of the thresholds a covenant or a contract requires
#: ("Covenant | Required | Actual": the required minimum is no figure of the company's)
_PLAN_COLUMN = re.compile(_TARGET.pattern + r"|\bbudget\b|预算|\b(?:required|requirements?|thresholds?|"
                          r"covenant (?:level|minimum|maximum)|minimum required)\b|要求|门槛|考核标准|约定值")


#: a table row of a total ("合计", "Total")
_TOTAL_ROW = re.compile(r"合\s*计|总\s*计|共\s*计|(?:grand )?totals?", re.I)


def _other_period_column(doc: Document, o: Mention) -> bool:
    """``o`` stands in a column of another period or of a plan ("指标 | 上年同期 | 本期": the
    first figure of this period's columns is the one)."""
    head = _column_header(doc, o).lower()
    return bool(_PLAN_COLUMN.search(head) or (_PRIOR_COLUMN.search(head) and not _CHANGE_COLUMN.search(head)))


def _earlier_in_series(doc: Document) -> set[int]:
    """Where the items of a list over periods ("Q1 ARR $1.8M, Q2 $2.3M, Q3 $2.9M") but its last
    stand in the document (a list in a sentence: its items' text is found in the document)."""
    cached = getattr(doc, "_earlier_in_series", None)
    if cached is None:
        from .lists import find_groups

        cached = set()
        for g in find_groups(doc):
            if len(g.items) >= 3 and all(it.period for it in g.items):
                at = doc.text.find(g.evidence)
                if at < 0:
                    continue
                for it in g.items[:-1]:
                    k = doc.text.find(it.text.strip(), at)
                    if k >= 0:
                        cached.add(k + it.text.strip().find(it.number.raw))
        doc._earlier_in_series = cached  # type: ignore[attr-defined]
    return cached


#: a paragraph that is an advertisement: its figures are the advertiser's
_SPONSORED = re.compile(r"\b(?:sponsored by|brought to you by|paid partnership|advertisement|advertorial|"
                        r"a word from our sponsors?|our sponsor)\b")
#: words that set a figure aside as outdated or wrong
_SUPERSEDED = re.compile(r"\b(?:an? |the )?(?:earlier|previous|prior|older|old|outdated) (?:version|draft|deck|one-pager|"
                         r"edition|update|memo)\b|\bignore (?:the|that|this)\b|\bgot (?:it|that) wrong\b|"
                         r"\b(?:was|were|is|are) (?:wrong|incorrect|outdated|out of date|a mistake)\b")
#: a sentence that opens on its quarter or half ("Q2 actual ARR was $2.2M", "In H1, ...")
_PERIOD_LEAD = re.compile(r"\s*[-*•]?\s*(?:in\s+)?(Q[1-4]|H[12])(?:\s+['’]?(20\d\d))?\b", re.I)
#: a title's quarter or half ("Lumenary — Q3 2026 OKR review")
_TITLE_PERIOD = re.compile(r"\b(Q[1-4]|H[12])\s+['’]?(20\d\d)\b", re.I)


def _before_title_period(doc: Document, clause: str) -> bool:
    """Whether ``clause`` opens on a quarter (a half) of the year before the one the document's
    title reports on: a review of Q3 that says "Q2 actual ARR was $2.2M" gives the quarter
    before's figure, not where the company stands."""
    lead = _PERIOD_LEAD.match(clause)
    title = _TITLE_PERIOD.search(doc.title or "")
    if not lead or not title or lead.group(1)[0].lower() != title.group(1)[0].lower():
        return False
    if lead.group(2) and lead.group(2) != title.group(2):
        return lead.group(2) < title.group(2)
    return int(lead.group(1)[1]) < int(title.group(1)[1])


def _parts(doc: Document) -> set[float]:
    from .lists import part_values

    return part_values(doc)


def _closed_round_row(doc: Document, m: Mention) -> bool:
    """``m`` stands in a table row dated (a day or a month) before the latest date the document
    gives: a funding history's row ("8 June 2024; Series A; $11M" in a profile updated 2 December
    2026), a round already closed."""
    lo, hi = _line_bounds(doc.text, m.start)
    row = [(d.year, d.month or 0, d.day or 0) for d in doc.dates if lo <= d.start < hi and d.month]
    return bool(row) and max(row) < max((d.year, d.month or 0, d.day or 0) for d in doc.dates)


_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def _later_year_column(t: Table, header: str) -> bool:
    """Whether ``t`` has a column headed as ``header`` but for a later year ("营业收入 2026年"
    beside "营业收入 2025年"): the earlier year's column is the year before's."""
    years = [int(y) for y in _YEAR.findall(header)]
    if not years:
        return False
    bare = _YEAR.sub("", header)
    return any(_YEAR.sub("", h) == bare and max(int(y) for y in _YEAR.findall(h)) > max(years)
               for h in t.header if h != header and _YEAR.search(h))


def _partner_heading(doc: Document, heading: str) -> bool:
    """A section headed as a partner's ("Launch partner", "Our partners", "合作伙伴"): its heading ends
    with a partners word (the partners glossary); not the document's title ("Oakhollow Ventures
    partner meeting", a transcript's, heads the whole text) nor a heading where the word is a
    qualifier ("Partner meeting", "Partner pricing")."""
    from .fields import GLOSSARY

    head = (heading or "").strip().lower().rstrip(":：").strip()
    if not head or heading == doc.title:
        return False
    return any(head == w or head.endswith((" " + w, " " + w + "s")) or (not w.isascii() and head.endswith(w))
               for w in GLOSSARY.get("partners", ()))


def _cell_at(doc: Document, m: Mention) -> tuple[str, str, Table] | None:
    """The header of the table column ``m`` stands in, its row's first cell and its table
    (None when it is in no table row)."""
    from .document import table_cell

    at = table_cell(doc, m.start)
    return at[:3] if at else None


def _latest_period_row(t: Table, first_cell: str) -> bool:
    """Whether the row headed ``first_cell`` is the latest of a table whose rows are all
    periods ("Q1 2026", "Q2 2026", "Q3 2026")."""
    # "FY2025 actual / FY2026 plan / FY2026 actual / FY2027 plan": a plan row is no period the
    # company stands in; the actual rows are the table's periods
    cells = [r[0] for r in t.rows if r and r[0].strip()]
    actual = [c for c in cells if not _PLAN_COLUMN.search(c.lower())]
    if len(actual) < len(cells) and (_PLAN_COLUMN.search(first_cell.lower()) or len(actual) < 2):
        return False
    keys = [_row_period(c) for c in actual]
    if len(keys) < 2 or any(k is None for k in keys) or len(set(keys)) != len(keys) \
            or len({k[0] for k in keys}) != 1:  # type: ignore[index]
        return False
    if keys[0][0] == "month" and keys != sorted(keys):  # type: ignore[index]
        return False  # (months, some without their year, only when they run in order)
    mine = _row_period(first_cell)
    return mine is not None and mine == max(keys)  # type: ignore[type-var]


#: a period row's "actual" word ("FY2026 actual", "2026 (actual)", "Actual FY2026")
_ACTUAL_ROW = re.compile(r"^\s*actuals?\s+|\s*[(（]?\b(?:actuals?|ytd actual)\b[)）]?\s*$", re.I)


def _row_period(cell: str) -> tuple[str, int, int] | None:
    """A table row's period: a quarter, a half or a year ("Q3 2026", "FY2025"), or a month
    ("Nov 2026", "Sep"), with its kind first (a table's rows are compared within one kind)."""
    cell = _ACTUAL_ROW.sub("", cell)
    if _PERIOD_HEAD.fullmatch(cell.strip()):
        key = _period_key(cell)
        return ("period", *key) if key else None
    month = _month_key(cell)
    return ("month", *month) if month else None


def _column_header_at(doc: Document, start: int) -> str | None:
    """The header of the table column the text at ``start`` stands in (None outside tables)."""
    from .document import table_cell

    at = table_cell(doc, start)
    return at[0] if at else None


def _column_header(doc: Document, m: Mention) -> str:
    """The header of the table column ``m`` stands in ("" when it is in no table row)."""
    return _column_header_at(doc, m.start) or ""


def _real_unit(text: str, m: Mention) -> str:
    """``m``'s unit word when it is a whole word ("20 months"), else "" ("2,400 monthly active
    users": the unit reader sees "month" in "monthly")."""
    if not m.unit or not m.unit.isascii():
        return m.unit
    after = re.match(r"\s*" + re.escape(m.unit) + r"(?![A-Za-z])", text[m.end:], re.I)
    return m.unit if after else ""


#: a signed change in brackets or after a comma ("(+61%)", ", +35%")
#: words right before a figure that make it a change of a level, not the level ("+23 in November",
#: "ARR rose by $870K", "added a net 61", "up by 40 customers"; not "rose to $2.3M")
_CHANGE_BEFORE = re.compile(r"(?:^|[\s(:;,])\+\s?(?:us)?\$?$|\b(?:rose|grew|increased|climbed|jumped|fell|dropped|"
                            r"declined|decreased|went up|went down|was up|were up|is up|are up|up|down)\s+by\s+(?:us)?\$?$|"
                            r"\b(?:added|gained|lost)\s+(?:a\s+net\s+(?:of\s+)?|another\s+|net\s+)(?:us)?\$?$|\bnet\s+(?:adds?|additions?|new)\s*:?\s*$")
#: "较上年增加2,150万元", "比上月净增19家", "同比增加860万元": a change, not the level ("增加至" is a level)
_CHANGE_BEFORE_ZH = re.compile(r"(?:较|比|同比|环比)[^，,。；;\d]{0,8}?(?:净增|净减|增加|减少|增长|下降|多|少)了?\s*(?:人民币)?$|净(?:增|减)(?:加)?了?\s*$")
_SIGNED_CHANGE = re.compile(r"(?:\(|,\s?|\s)\+\d")
#: a figure a year back the change is over ("a year ago", "last year", "in fy2025")
_YEAR_BACK = re.compile(r"\b(?:a year (?:ago|earlier|before)|(?:last|prior|previous) year|year on year|yoy)\b")


#: words before a count that make it the people or firms the company pays or employs ("we pay our
#: 1,400 tutors", "we contract 60 drivers")
_PAID_BY_US = re.compile(r"\b(?:we|i)(?:\s+are|\s+am|'re|’re)?\s+(?:now\s+|currently\s+)?(?:pay|paying|paid|employ|employing|employed|contract|contracted|"
                         r"subcontract|engage|engaged|train|trained|recruit|recruited)\s+(?:our\s+|the\s+)?"
                         r"(?:about |around |some |over |nearly |roughly )?$")


#: a verb that has its subject serve the count after it ("supplied about 6,800 wholesale customers")
_SERVED_BY = re.compile(r"\b(?:supplied|supplies|supply|served|serves|sold to|sell to|sells to|delivered to|"
                        r"delivers to|deliver to)\s+(?:about |around |some |over |nearly |roughly |more than )?$")


def _paragraph_bounds(text: str, at: int) -> tuple[int, int]:
    """The paragraph around ``at``: between blank lines."""
    lo = max((m.end() for m in re.finditer(r"\n[ \t]*\n", text[:at])), default=0)
    m = re.search(r"\n[ \t]*\n", text[at:])
    return lo, (at + m.start() if m else len(text))


def _flat(low: str, a: int, b: int) -> str:
    """``low`` with the asides in brackets of ``low[a:b]`` blanked (same length)."""
    inner = re.sub(r"[(（][^()（）]{0,80}[)）]", lambda m: " " * len(m.group(0)), low[a:b])
    return low[:a] + inner + low[b:]


#: words that set a result against its plan ("未完成年度计划", "超额完成全年目标"): no target themselves
_PLAN_MET = re.compile(r"(?:未能?|没有?|超额)?(?:完成|达成|实现)了?(?:年度|全年|季度|月度|既定)?(?:计划|目标|预算)")


def _role(f: Field, part: str, clause: str, before: str = "", after_part: str = "",
          rest: str = "") -> float:
    """What the words around a number say about its role, beyond the field's keywords:
    a target is not a result ("We aim for $25 million ARR by 2028", 全年收入目标为12亿元); a
    total, not the new ones, is a count of customers (累计服务客户1,530家 over 新签客户47家);
    year on year (同比) is a report's growth where it gives 环比 too, and a memo's growth is
    the quarter's where it gives the month's too."""
    key = f.key.lower()
    score = 0.0
    # "增长11.2%，未完成年度计划": a result set against the plan names no target (blanked, the same length)
    before, rest, clause, part, after_part = (_PLAN_MET.sub(lambda x: " " * len(x.group(0)), t)
                                              for t in (before, rest, clause, part, after_part))
    if "target" not in key and "plan" not in key and key not in ("som", "amount", "runway_months"):
        # a SOM is a target by definition ("we target $120 million (SOM) by 2030"), and so is
        # an ask ("we plan to raise $5 million, which we expect to last 24 months")
        # "$4.1M ARR against a plan of $4.4M", "7% rather than the 15% we had planned": a
        # comparison sets the number before it against the target after it, and a target word
        # before the comparison is not this number's
        last = ([None] + list(_VERSUS.finditer(before)))[-1]
        pre = before[last.end():] if last else before
        cut = _VERSUS.search(rest)
        # ("4,860万元，同比增长28.4%（目标5,200万元，完成率93.5%）": the target in brackets is the
        # figure's plan, beside it; the figure is the result)
        own_rest = _TARGET_ASIDE.sub("", rest[:cut.start()] if cut else rest)
        # ("1,340 roofing contractors on paid plans": the price plan they are on, no plan ahead)
        own_rest = _ON_PRICE_PLAN.sub(lambda x: " " * len(x.group(0)), own_rest)
        own_after = own_rest[:len(after_part)]
        targets = list(_TARGET.finditer(pre))
        just = _ACTUAL_JUST_BEFORE.search(pre)
        if _THEN_ACTUAL.match(rest):
            # "KR3: YoY ARR growth 60% — actual 49%", "ARR to $3.0M by 30 Sep — actual $2.7M": the
            # figure an actual is set against after a dash is the plan's
            score -= 3
        elif _ACTUAL_AFTER_DASH.search(before) and re.search(r"\d", before):
            score += 1.5  # ... and the actual after it is the result
        if targets and just and just.start() >= targets[-1].end() and not _TARGET.search(own_after) \
                and re.search(r"[，,；;]|\band\b|\bbut\b", pre[targets[-1].end():just.start()]) \
                and not _BY_YEAR.search(part):
            # "目标1.2亿元，完成1.05亿元", "we budgeted $5M of ARR for 2026 and finished at $4.4M": the
            # result after the plan, past a comma or an "and", is the figure the plan names
            score += 4
        elif targets and _ACTUAL.search(pre[targets[-1].end():]) and not _BY_YEAR.search(part):
            # "We missed plan in Q4: ARR closed at $2.05M": the plan is named before, the
            # result after it
            score += 1.5
        elif targets or _BY_YEAR.search(part) or _TARGET.search(own_after):
            # "... and $25 million ARR by 2028", "we target $2M ARR", "力争全年收入达到13亿元，
            # 客户数突破2,000家" (the target word governs the rest of its sentence)
            score -= 3
            if targets and _BY_YEAR.search(part) and not _ACTUAL.search(pre[targets[-1].end():]):
                # "Our five-year goal is $20M ARR by 2031": a goal word and a later year around
                # the figure, a plan's figure through and through (a table's actual wins)
                score -= 5
        elif _TARGET.search(before) and _BASE_ACTUAL.search(before):
            # "2026年预算按营业收入5.40亿元编制，较2025年实际增长10.9%": the plan's growth over the
            # actual, a target
            score -= 3
        elif _TARGET.search(clause) and _ACTUAL.search(before[last.start():] if last else before):
            # "we forecast $3.0M ... actual ARR at 31 December was $2.4M, ... rather than the
            # 15% we had planned", "计划实现营业收入1.2亿元，实际完成1.05亿元": the actual, set
            # against the plan, wins; right after its actual word ("实际完成1.94亿元", "came in
            # at $2.4M") it is the figure the plan's words name, as if named again
            score += 4 if _ACTUAL_JUST_BEFORE.search(before) else 1.5
        elif _TARGET.search(before) or _TARGET.search(own_rest):
            score -= 1.5  # "Our ARR is $300k and we target $2M ARR by 2027": less, not out
    if not f.fraction and "target" not in key:
        # "营业收入由上年同期的8,600万元增至9,890万元": the figure it rose from is the year
        # before's, the one it rose to is this period's
        if _FROM_VALUE.search(before) and _TO_VERB.match(rest):
            score -= 3
        elif _PRIOR_VALUE.search(before):
            score -= 5  # "较上年同期的1.05亿元增长20%", "去年同期为8,420万元": named as last year's
        elif _TO_VALUE.search(before):
            score += 1.5
        elif _PRIOR_AFTER.match(after_part):
            score -= 4  # "ARR: $2.2M last year, $3.1M now", "8,100万元（上年同期）": the year before's
        elif _CURRENT_VALUE.search(before) and _PRIOR_WORD.search(before[:-len(_CURRENT_VALUE.search(before).group(0))]):
            score += 2  # "去年同期营收8,200万元，今年同期9,100万元": this period's, set against the year before's
    if not f.fraction and "target" not in key and key != "amount":
        # "We ended 2025 with ARR of $1.9 million. Today, in August 2026, ARR is $3.3 million":
        # the figure now, not the one a past year closed with
        if _NOW.search(before):
            score += 1
        elif _PAST_CLOSE.search(before):
            score -= 1
    if key in ("revenue", "arr", "sales") and _BREAKDOWN.search(before):
        score -= 3  # "按产品线划分，水处理设备收入1.52亿元，…": a part of the revenue, not all of it
    if key in ("revenue", "sales") and _NEW_REVENUE.search(before[-14:]):
        score -= 3  # "新增年销售收入6,000万元", "年新增营业收入1.8亿元": an increase, not the revenue
    if key == "amount" and _EARLIER_ROUND.search(before):
        score -= 3  # "Our last round was $1.1M", "total funding to $2.9M": not the raise asked for
    if key == "amount" and _RAISED_SO_FAR.match(after_part):
        score -= 3  # "$612,400 raised of a $1,000,000 target": the money in so far, not the ask
        if re.match(r"[\s*_]*of (?:the|this|our) (?:round|raise|financing)\b", after_part):
            score -= 3  # "$2.5M of the round is already committed": a part of the round, said as one
    elif key == "amount" and _GOAL_AFTER.match(after_part):
        score += 1  # "a $1,000,000 target", "€500,000 funding goal": what the round asks for
    if key in ("customers", "users", "clients"):
        if _NEW.search(part) and not _TO_VALUE.search(before):
            score -= 2.5
        if _TOTAL.search(clause):
            score += 1.5
        # "其中，收入超过500万元的客户有11家": a part of the customers, not all
        if "其中" in clause[:clause.find(part)] or "其中" in part:
            score -= 2
        if _SUBSET.search(part):
            score -= 2
        if re.search(r"\b(?:at|in|across|through|from)\s+(?:about |around |some )?$", before) \
                and not _REVENUE_ACROSS.search(before):
            score -= 2  # "2,900 teachers at 310 schools use it": where the users are, not who
    if key == "cagr":
        # "$1.48M in ARR, up 108% from $0.71M a year earlier, while the whole market ... is worth
        # $3.1B a year": the rate after the company's revenue is that revenue's growth, no market's
        rev = [x.end() for x in _REVENUE_NAMED.finditer(before)]
        mk = [x.end() for x in _MARKET.finditer(before)]
        if rev and (not mk or rev[-1] > mk[-1]):
            score -= 4
    if "growth" in key:
        if _MARKET.search(clause) and not _OUR_FIGURE.search(clause):
            score -= 3  # "The coaching market is about $6.5 billion (TAM) and grows 8% a year"
        if key == "growth":
            # "净利润380万元，同比增长35.2%；营业收入4,150万元，同比增长12.6%": a report's growth is
            # its revenue's; the growth of the figure named last before it is that figure's
            rev = [x.end() for x in _REVENUE_NAMED.finditer(before)]
            other = [x.end() for x in _OTHER_FIGURE.finditer(before)]
            if rev and (not other or rev[-1] > other[-1]):
                score += 1.5
            elif other and (not rev or other[-1] > rev[-1]):
                score -= 2
        if _YOY.search(part):
            score += 1.5
        if _MOM.search(part):
            score -= 1.5
        if re.search(r"\bquarter|\bq/?q\b|\bqoq\b", part):
            score += 1
        if re.search(r"\bmonth|\bm/?m\b|\bmom\b|\bon (?:january|february|march|april|may|june|july|august|"
                     r"september|october|november|december)\b", part):
            score -= 1
    return score


#: year on year: 同比, or the same period a year before named ("比去年同月多了12%")
_YOY = re.compile(r"同比|(?:去年|上年|上一年)同(?:期|月|季)")
#: on the period before: 环比, "比上月", "较上季度", "比9月少了3%"
_MOM = re.compile(r"环比|(?:比|较)(?:上(?:个)?(?:月|季度?|周|期)|\d{1,2}月(?!份?同期))")


#: a number in the same sentence as a sibling field's number counts this much more
#: ("净利润860万元，同比增长41.2%。营业收入5,320万元，同比增长15.6%": the figures' growth is the
#: revenue's)
SIBLING_SENTENCE = 2.5


def _digits(raw: str) -> tuple[str, int] | None:
    """The figure's digits and how many of them come after its decimal point ("1.84亿" -> ("184", 2))."""
    num = re.search(r"\d[\d,]*(?:\.\d+)?", raw)
    if num is None:
        return None
    whole, _, frac = num.group(0).replace(",", "").partition(".")
    return (whole + frac).lstrip("0"), len(frac)


def _finer(cands: list, m: Mention) -> Any:
    """Another candidate of the field that is the same figure as ``m`` to ``m``'s precision and
    has more significant digits (18,420万元 for 1.84亿元), or None."""
    mine = _digits(m.raw)
    if mine is None or m.percent or not m.value:
        return None
    lead = re.search(r"\d[\d,]*(?:\.\d+)?", m.raw)
    base = float(lead.group(0).replace(",", ""))
    if not base:
        return None
    half = 0.5 * (m.value / base) * 10 ** -mine[1]
    for c in cands[1:]:
        o = c[2]
        theirs = _digits(o.raw)
        if theirs is None or o.percent or abs(o.value - m.value) >= half or o.value == m.value:
            continue
        if len(theirs[0].rstrip("0")) > len(mine[0].rstrip("0")):
            return c
    return None


#: a year a clause dates its figure to ("By the end of 2024 the company had ...", "in 2025 it
#: reached ...") or that follows the figure in brackets ("US$6.8 million (2026)")
_DATED_YEAR = re.compile(r"\b(?:in|by|end of|as of|as at|at|during|for)\s+(?:(?:the\s+)?(?:end|close|start)\s+of\s+)?"
                         r"(?:FY\s?)?((?:19|20)\d\d)\b", re.I)


def _as_of(doc: Document, m: Mention) -> tuple[int, int] | None:
    """(year, month) the clause of ``m`` dates it to: a date before it in its clause, a year after
    "in"/"by the end of", or a year in brackets right after it; None when undated."""
    text = doc.text
    a, b = _clause_bounds(text, m.start, m.end)
    dated = [d for d in doc.dates if a <= d.start < m.start]
    if dated:
        return dated[-1].year, dated[-1].month or 0
    years = list(_DATED_YEAR.finditer(text, a, m.start))
    if years:
        return int(years[-1].group(1)), 0
    after = re.match(r"\s*\(\s*((?:19|20)\d\d)\s*\)", text[m.end:m.end + 12])
    return (int(after.group(1)), 0) if after else None


def _later_dated(doc: Document, cands: list) -> tuple | None:
    """When the best candidate is dated ("By the end of 2024 ... ARR of US$2.9 million") and a
    near one is dated later ("As of October 2026, ARR was US$6.8 million"): the latest-dated one
    (no plan or goal), else None."""
    best = cands[0]
    when = _as_of(doc, best[2])
    if when is None:
        return None
    low = doc.text.lower()
    pick, latest = None, when
    for c in cands[1:]:
        if c[0] < best[0] - 2 or c[2].percent != best[2].percent:
            continue
        a, b = _clause_bounds(doc.text, c[2].start, c[2].end)
        if _TARGET.search(low, a, b) or re.search(r"\bwill\b", low[a:b]):
            continue
        w = _as_of(doc, c[2])
        if w is not None and (w[0], w[1]) > latest and (w[0] > latest[0] or latest[1]):
            pick, latest = c, w
    return pick


#: words that round the figure after them ("~900 agencies", "about $6M", "roughly 60%")
_ROUNDED_LEAD = re.compile(r"(?:[~≈]|\b(?:about|around|roughly|nearly|almost|approximately|approx\.?|circa|"
                           r"some|close to|just (?:over|under))\s+)\s*(?:US\$|USD\s?|[$€£])?$", re.I)


def _rounded(text: str, m: Mention) -> bool:
    """``m`` is written as a round figure ("~900", "about $6M", "900+")."""
    return bool(_ROUNDED_LEAD.search(text, max(0, m.start - 16), m.start)) or text[m.end:m.end + 1] == "+"


def _exact_of_rounded(doc: Document, f: Field, best: tuple, taken: frozenset[int]) -> tuple | None:
    """For a round figure ("~900 agencies use Skylark"), the same figure written exactly elsewhere
    for the same thing ("Exact numbers if asked: 912 agencies at 31 October"): a count followed by
    the same noun, or an amount or a rate in a sentence with the field's own words; else None."""
    m = best[2]
    text = doc.text
    if doc.lang == "zh":
        return _zh_exact_of_rounded(doc, f, best, taken)
    if doc.lang != "en" or not _rounded(text, m):
        return None
    low = text.lower()
    if m.currency or m.percent or m.scaled:
        # an amount or a rate: another candidate of the field, in a sentence with its own words
        own = f.own_words()
        others = [c for c in number_candidates(doc, f)
                  if c[2].start != m.start and c[2].start not in taken and not _rounded(text, c[2])
                  and c[2].percent == m.percent and bool(c[2].currency) == bool(m.currency)
                  and _count(c[3].lower(), own)]
        return _closest_exact(best, others, m)
    # a count: another count of the same noun ("912 agencies"), now (no plan, no new ones, no
    # earlier time, nobody else's)
    noun = re.match(r"\s*([a-z][a-z'-]+)", low[m.end:m.end + 30])
    if noun is None:
        return None
    others = []
    for o in doc.mentions:
        if o.start == m.start or o.start in taken or o.percent or o.currency or o.scaled \
                or _rounded(text, o) or any(a <= o.start < b for a, b in doc.reposted + doc.quoted):
            continue
        theirs = re.match(r"\s*([a-z][a-z'-]+)", low[o.end:o.end + 30])
        if theirs is None or theirs.group(1) != noun.group(1):
            continue
        a, b = _clause_bounds(text, o.start, o.end)
        clause = low[a:b]
        if _NEW.search(clause) or _TARGET.search(clause) or _MODELLED.search(clause) or _CLAIM.search(clause) \
                or _past_lead(low, a, o.start) or _en_past_aside(text, o):
            continue
        others.append((best[0], int(o.value) if float(o.value).is_integer() else o.value, o, text[a:b].strip()))
    return _closest_exact(best, others, m)


#: a Chinese figure written round: "一千二百余家", "1,100多家", "约2.0亿元", "近300家", "超过50家"
_ZH_OVER_AFTER = re.compile(r"\s*(?:余|多)")
_ZH_ABOUT_AFTER = re.compile(r"\s*(?:[^\d\s，。；、]{0,3}?)左右")
_ZH_OVER_BEFORE = re.compile(r"(?:超过|逾|多于)\s*$")
_ZH_ABOUT_BEFORE = re.compile(r"(?:约|大约|近|将近|接近|大概)\s*$")


#: what joins the two ends of a range ("$4-5M", "115–120%", "$10M to $12M", "2.0-2.1亿元", "300至350家")
_RANGE_JOIN = re.compile(r"[ \t]*(?:-|–|—|~|～|to|至|到)[ \t]*(?:US\$|[$€£])?[ \t]*", re.I)
_BETWEEN = re.compile(r"\bbetween\s+(?:US\$|[$€£])?\s*$", re.I)


def _range_bounds(doc: Document, m: Mention) -> tuple[float, float] | None:
    """The low and high value of the range ``m`` is one end of ("$4-5M": 4,000,000 and 5,000,000;
    "between $2M and $2.5M"), in the scale of the figures (the first end takes the scale the second
    is written with); None when ``m`` is no range's end."""
    ms = doc.mentions
    i = next((k for k, o in enumerate(ms) if o.start == m.start), None)
    if i is None:
        return None
    text = doc.text
    pair = None
    if i + 1 < len(ms) and _RANGE_JOIN.fullmatch(text[m.end:ms[i + 1].start]):
        pair = (m, ms[i + 1])
    elif i + 1 < len(ms) and re.fullmatch(r"[ \t]+and[ \t]+(?:US\$|[$€£])?[ \t]*", text[m.end:ms[i + 1].start]) \
            and _BETWEEN.search(text, max(0, m.start - 12), m.start):
        pair = (m, ms[i + 1])
    elif i > 0 and _RANGE_JOIN.fullmatch(text[ms[i - 1].end:m.start]) and ms[i - 1].end <= m.start:
        pair = (ms[i - 1], m)
    if pair is None:
        return None
    a, b = pair
    if a.percent != b.percent or not a.value or not b.value:
        return None
    lo = a.value
    if b.scaled and not a.scaled:
        got = _digits(b.raw)
        if got is None or not float(got[0] or 0):
            return None
        num = re.search(r"\d[\d,]*(?:\.\d+)?", b.raw)
        if num is None or not float(num.group(0).replace(",", "")):
            return None
        lo = a.value * b.value / float(num.group(0).replace(",", ""))
    return (lo, b.value) if lo < b.value else None


def _exact_in_range(doc: Document, cands: list, m: Mention) -> tuple | None:
    """For a best figure that is one end of a range ("ARR $4-5M", "300-350 gyms", 约2.0-2.1亿元),
    the one candidate of the field given exactly, inside the range ("$4,460,000", "327"); None when
    none or several."""
    bounds = _range_bounds(doc, m)
    if bounds is None:
        return None
    lo, hi = bounds
    inside = {}
    for c in cands:
        o = c[2]
        if o.start != m.start and o.percent == m.percent and lo <= o.value <= hi \
                and _range_bounds(doc, o) is None:
            inside.setdefault(o.value, c)
    return next(iter(inside.values())) if len(inside) == 1 else None


def _zh_round_kind(text: str, m: Mention) -> str | None:
    """"over" for a floor written round ("一千二百余家", "超过50家"), "about" for an approximation
    ("约300家", "300家左右"), None for a figure written exactly."""
    if re.search(r"[余多]", m.raw) or _ZH_OVER_AFTER.match(text, m.end) \
            or _ZH_OVER_BEFORE.search(text, max(0, m.start - 4), m.start):
        return "over"
    if _ZH_ABOUT_BEFORE.search(text, max(0, m.start - 4), m.start) or _ZH_ABOUT_AFTER.match(text, m.end):
        return "about"
    return None


def _zh_exact_of_rounded(doc: Document, f: Field, best: tuple, taken: frozenset[int]) -> tuple | None:
    """"客户一千二百余家，系统内有效客户1,237家": a round count (or amount) gives way to the one figure of
    the same field and unit written exactly that it rounds (above a floor "余", "多", "超过"; within
    the round place of an "约", "近", "左右"); None when none or several."""
    m = best[2]
    kind = _zh_round_kind(doc.text, m)
    if kind is None or not m.value or m.percent:
        return None
    whole = int(round(m.value))
    if abs(m.value - whole) > 1e-6 or whole <= 0:
        return None
    step = 1
    while whole % (step * 10) == 0:
        step *= 10
    if step < 10:
        return None
    near = {}
    for c in number_candidates(doc, f, own_only=True):
        o = c[2]
        if o.start == m.start or o.start in taken or o.percent != m.percent or o.unit != m.unit \
                or _zh_round_kind(doc.text, o) is not None:
            continue
        if (m.value < o.value < m.value + step) if kind == "over" else (0 < abs(o.value - m.value) < step):
            near[o.value] = c
    return next(iter(near.values())) if len(near) == 1 else None


def _closest_exact(best: tuple, others: list, m: Mention) -> tuple | None:
    """The one figure of ``others`` that the round ``m`` rounds ("~900" for 912: within half of
    its last non-zero place, "~$6M" for $6.1M), with more digits; None when none or several
    differ."""
    got = _digits(m.raw)
    lead = re.search(r"\d[\d,]*(?:\.\d+)?", m.raw)
    if got is None or lead is None or not m.value:
        return None
    base = float(lead.group(0).replace(",", ""))
    if not base:
        return None
    digits, decimals = got
    zeros = len(digits) - len(digits.rstrip("0")) if not decimals else 0
    half = 0.5 * abs(m.value / base) * 10.0 ** (zeros - decimals)
    near = {c[1]: c for c in others
            if c[2].value != m.value and abs(c[2].value - m.value) < half
            and len((_digits(c[2].raw) or ("", 0))[0].rstrip("0")) > len(digits.rstrip("0"))}
    return next(iter(near.values())) if len(near) == 1 else None


def _bare_market_label(doc: Document, f: Field, taken: frozenset[int]) -> Answer | None:
    """"Market: $3.4B in the UK and Europe" (a label that is only the parent's word, one amount of
    money after it, nothing about a part of it): the whole market, ``market.tam``."""
    if f.keys[-2:] != ("market", "tam"):
        return None
    for label, value, off in doc.labels:
        if label.strip(" *").lower() not in ("market", "market size", "市场", "市场规模"):
            continue
        at = doc.text.find(value, off)
        ms = [m for m in doc.mentions if at <= m.start < at + len(value) and not m.percent]
        if at < 0 or len(ms) != 1 or ms[0].start in taken or re.search(
                r"\b(?:serv|reach|obtain|capture|win|sam|som)", value, re.I):
            continue
        v = convert(ms[0], f, doc.lang, doc.text)
        if v is not None and (ms[0].currency or ms[0].scaled):
            v = float(f"{round(v, 9):.12g}")
            return Answer(int(v) if v.is_integer() else v, f"{label}: {value}",
                          ["the amount after a bare 'Market' label: the whole market"], at=ms[0].start)
    if doc.lang != "en":
        return None
    # "The commercial food-waste market is $3.4 billion in the US": a market as the subject of
    # the sentence that sizes it, one amount of money, nothing about a part of it or another's
    text = doc.text
    for m in doc.mentions:
        if m.percent or not (m.currency and m.scaled) or m.start in taken:
            continue
        if not _MARKET_IS.search(text[max(0, m.start - 60):m.start]):
            continue
        a, b = _clause_bounds(text, m.start, m.end)
        # (the part between semicolons of an inline list: "ARR 850K; market ~$45bn (plastics)")
        a = max(a, text.rfind(";", a, m.start) + 1)
        b = min([x for x in (text.find(";", m.end, b),) if x >= 0] + [b])
        sent = text[a:b]
        if sum(1 for o in doc.mentions if a <= o.start < b and not o.percent) != 1 or re.search(
                r"\b(?:serv|reach|obtain|capture|win|sam|som|address|target)|\b(?:not|neither|nor)\b"
                r"|\b(?:by|in) 20\d\d\b|\bwill\b", sent, re.I) or _count(sent.lower(), list(OTHERS)):
            continue
        v = convert(m, f, doc.lang, text)
        if v is not None:
            v = float(f"{round(v, 9):.12g}")
            return Answer(int(v) if v.is_integer() else v, sent.strip(),
                          ["a market sized as a sentence's subject: the whole market"], at=m.start)
    return _market_section_amount(doc, f, taken)


#: a heading that is only the market ("The market", "Market size", "Market opportunity")
_MARKET_HEADING = re.compile(r"(?:the\s+|our\s+)?market(?:\s+(?:size|opportunity|sizing))?", re.I)
#: words of a clause that sizes a part of the market, a goal or another's figure
_PART_OR_GOAL = re.compile(r"\b(?:serv|reach|obtain|capture|win|sam|som|address|target|share)|\b(?:not|neither|nor)\b"
                           r"|\b(?:by|in) 20\d\d\b|\bwill\b", re.I)


def _market_section_amount(doc: Document, f: Field, taken: frozenset[int]) -> Answer | None:
    """The one amount of money under a heading that is only "Market" ("The market" over "- US
    home-care scheduling software: $2.1B a year (our estimate)"): a deck's market slide sizes the
    whole market, when it gives no other amount and no word of a part of it or a goal."""
    for s in doc.sections:
        if not _MARKET_HEADING.fullmatch((s.heading or "").strip(" *:#")):
            continue
        end = next((o.start for o in doc.sections if o.start > s.start), len(doc.text))
        ms = [m for m in doc.mentions if s.start <= m.start < end and not m.percent
              and (m.currency or m.scaled) and not any(a <= m.start < b for a, b in doc.reposted)]
        if len(ms) != 1 or not (ms[0].currency and ms[0].scaled) or ms[0].start in taken:
            continue
        m = ms[0]
        a, b = _clause_bounds(doc.text, m.start, m.end)
        line = doc.text[slice(*_line_bounds(doc.text, m.start))]
        if _PART_OR_GOAL.search(doc.text[a:b]) or _PART_OR_GOAL.search(line) \
                or _count(doc.text[a:b].lower(), list(OTHERS)):
            continue
        v = convert(m, f, doc.lang, doc.text)
        if v is not None:
            v = float(f"{round(v, 9):.12g}")
            return Answer(int(v) if v.is_integer() else v, line.strip(" -*•"),
                          [f"the one amount under the heading {s.heading!r}: the whole market"], at=m.start)
    return None


#: the market as the subject its amount follows ("the US pet-insurance market is worth $3.4 billion")
_MARKET_IS = re.compile(r"(?:\b[Tt]he\s+(?:[\w&/-]+\s+){0,5}market\s+(?:is|was|is worth|is valued at|is estimated at|"
                        r"size is|totals|stands at)\s+(?:(?:about|around|roughly|an estimated|nearly|over|some)\s+)?"
                        # or an inline list's "…; market ~$45bn (recycled plastics)"
                        r"|(?:^|[;:]\s+)[Mm]arket(?:\s+size)?\s*(?:is\s+|of\s+|=\s*)?(?:~|≈|about\s+|around\s+|roughly\s+)?)"
                        r"(?:US\$|USD\s?|[$€£])?$")


def _customers_as_users(doc: Document, f: Field, taken: frozenset[int]) -> list:
    """A pitch that counts no users but its customers ("87 shipper customers", "41 feed mills
    buying", "customers: 58 utilities"): the customers are who uses the product, so their count
    is the template's users (read as a count of customers: no money, no share, no plan), where the
    document counts no people at all."""
    from .customer_rows import customers_row

    low = doc.text.lower()
    as_customers = replace(f, keys=f.keys[:-1] + ("customers",))
    out = [c for c in number_candidates(doc, as_customers, own_only=True)
           if c[0] >= 3.0 and c[2].start not in taken and not (c[2].percent or c[2].currency or c[2].scaled)]
    named = {c[2].start for c in out}  # ("Customers: 134 general contractors": people, who are the customers)
    if any(_counted(low[m.end:m.end + 40]) == "people" and not _STAFF_LEAD.search(low, max(0, m.start - 40), m.start)
           and not _INDEX_LEAD.search(low, max(0, m.start - 12), m.start) and m.start not in named
           and not _PAID_BY_US.search(low, max(0, m.start - 40), m.start) and not _no_users_count(doc, m)
           for m in doc.mentions if not (m.percent or m.currency)):
        # ("hiring 40 tutors for Q1": the company's own staff, who use nothing; "[SLIDE 3 — What
        # patients did]": which slide; a KPI table's customers row still counts who uses it)
        return customers_row(doc, taken)  # "230 vineyards pay ...; 1,480 growers": the people may be the users
    if out:
        return out
    if table := customers_row(doc, taken):
        return table  # "Stores live | 410 | 720": the current column of a KPI table's customers row
    # no sentence says "customers": a count of organisations that are customers now, when the
    # document has exactly one such count ("23 terminals on contract", "41 feed mills buying")
    text = doc.text
    from .names import _recurring_name

    # (the company's first word: the title's, or the name the text is about, "Tidewell Health"
    # in a customer's reference letter headed with the customer's own name)
    subject = getattr(_recurring_name(doc), "value", "") or ""
    ours = "|".join(re.escape(w) for w in {getattr(doc, "_ours", ""), (subject.split() or [""])[0].lower()} if w)
    dates = [(d.start, d.end) for d in doc.dates]
    for m in doc.mentions:
        if m.percent or m.currency or m.scaled or m.start in taken or any(a <= m.start < b for a, b in dates) \
                or (m.start and (text[m.start - 1].isalnum() or text[m.start - 1] in "$€£¥.")) \
                or not float(m.value).is_integer() or m.value < 1:
            continue
        a, b = _clause_bounds(text, m.start, m.end)
        if _counted(low[m.end:m.end + 40]) != "organisations" or not (
                _AS_CUSTOMERS.match(low, m.end) or _REVENUE_ACROSS.search(low[a:m.start])
                # "We started in March 2020 and now serve 260 shippers"
                or re.search(r"\b(?:we|and)\s+(?:now\s+)?serve\s+(?:about |around |some |over |nearly )?$",
                             low[a:m.start])
                # ("Tidewell now serves 58 hospital systems": the company named, serving them)
                or (ours and re.search(rf"\b(?:{ours}|it)\s+(?:now\s+|currently\s+|already\s+)?serves\s+"
                                       r"(?:about |around |some |over |nearly )?$", low[a:m.start]))
                # "Updated: ARR $3.6M, 610 practices": listed with the ARR, the count it comes from
                or _AFTER_ARR.search(low[a:m.start])
                # ("64 plants in six countries run Kilnworth": the firms that use the company's product)
                or (ours and re.match(rf"[^.;:!?]{{0,40}}?\b(?:use|run|rely on|deploy|operate)\s+(?:{ours})\b",
                                      low[m.end:b]))
                # ("1,120 pharmacies now schedule their staff on Pennywhistle": work done on the product)
                or (ours and re.match(rf"\s+[a-z-]+(?:\s+[a-z-]+)?\s+(?:now\s+|currently\s+)?[a-z]+[^.;:!?\d]{{0,30}}?"
                                      rf"\b(?:on|through|via|with)\s+(?:{ours})\b", low[m.end:b]))
                # ("1,940 practices ordered from us in the last 90 days": the firms that buy from the
                # company, now)
                or re.match(r"[^.;:!?]{0,30}?\b(?:ordered|order|orders|bought|buy|buys|purchased|purchase|"
                            r"paid|pay|pays)\s+(?:from|with)\s+(?:us\b" + (rf"|(?:{ours})\b" if ours else "") + r")",
                            low[m.end:b])
                # ("- 68 warehouses in 7 countries", a line of its own under "Traction"): the count the
                # traction gives
                or (re.fullmatch(r"\s+[a-z-]+(?:\s+[a-z-]+)?(?:\s+(?:in|across)\s+\d+\s+[a-z]+)?\s*\.?\s*", low[m.end:b])
                    and re.fullmatch(r"\s*(?:[-*•]\s*)?", low[_line_bounds(text, m.start)[0]:m.start]) is not None
                    and section_role(doc, f, m.start) > 0)):
            continue
        clause = low[a:b]
        # ("436 vessels on paid plans": a price plan they are on, no plan of the company's)
        if _NEW.search(clause) or _TARGET.search(_PRICE_PLAN.sub("", clause)) or _MODELLED.search(clause) \
                or _CLAIM.search(clause):
            continue  # new ones, a plan, a scenario, someone else's claim
        out.append((3.0, int(m.value), m, text[a:b].strip()))
    if len({c[1] for c in out}) > 1:
        # a log of dated entries ("- 2026-11-30 — Call. ARR $3.6M, 610 practices" over "- 2026-08-12
        # — ... ~540 practices"): the count of the latest entry
        out = _latest_entry(doc, out)
    return out if len({c[1] for c in out}) == 1 else []


#: a count that is one end of a range or a cap ("5 to 40 teachers", "up to 10 teachers"): no count of anyone
_RANGE_END = re.compile(r"\s*(?:to|-|–|—|or)\s*\d")
_CAP_LEAD = re.compile(r"\b(?:up to|at most|no more than|fewer than|less than|per|each|every|a|an)\s+$")
#: a count of a workforce ("2,300 employees", "We are 64 people"): staff, not users, unless they use something
_WORKFORCE = re.compile(r"\s*(?:full[- ]time\s+)?(?:" + "|".join(
    re.escape(w) for w in sorted(_COUNTED["workforce"], key=len, reverse=True)) + r")\b")


def _no_users_count(doc: Document, m: Mention) -> bool:
    """A count of people that cannot be the company's users: a year or a day (inside a date:
    "First paying site: June 2020\nCustomers: 1,240 contractors"), one end of a range or a cap
    ("Most schools have 5 to 40 teachers", "up to 10 teachers"), a workforce's size that uses
    nothing ("a company with $140 million of revenue and 2,300 employees", "We are 64 people"), or
    a figure of a partner's section ("Launch partner": its 48,000 members)."""
    text, low = doc.text, doc.text.lower()
    if any(d.start <= m.start < d.end for d in doc.dates):
        return True
    if _RANGE_END.match(low, m.end) or re.search(r"\d\s*(?:to|-|–|—|or)\s*$", low[max(0, m.start - 12):m.start]) \
            or _CAP_LEAD.search(low, max(0, m.start - 14), m.start):
        return True
    a, b = _clause_bounds(text, m.start, m.end)
    if _WORKFORCE.match(low, m.end) and not _IN_USE.search(low[m.end:b]):
        return True
    if _SET_ASIDE.search(low, m.end, b):
        return True  # "610,000 students ride on our routes; that is the riders, not our customers"
    here = doc.section_at(m.start)
    return here is not None and bool(here.heading) and _partner_heading(doc, here.heading)


#: an amount of ARR right before a count in a list of figures ("ARR $3.6M, 610 practices")
_AFTER_ARR = re.compile(r"\b(?:arr|mrr)\b\s*(?:of|is|was|at|:)?\s*[~≈]?\s*[$€£]?\d[\d,.]*\s?(?:k|m|mn|bn|b|million|billion)?"
                        r"\s*,\s*(?:[~≈]\s*|about |around |some )?$")


def _latest_entry(doc: Document, cands: list) -> list:
    """The candidates of the latest of a log's entries: each candidate's line opens with its
    date (a bullet's "2026-11-30 —", a CRM export's activity), else none of them."""
    dated = []
    for c in cands:
        lo, _hi = _line_bounds(doc.text, c[2].start)
        head = doc.text[lo:c[2].start]
        mark = _BULLET.match(head)  # ("- 2026-11-30 — ...": after the list item's mark)
        first = lo + len(head) - len(head[mark.end() if mark else 0:].lstrip())
        d = next((d for d in doc.dates if d.start == first and d.day), None)
        if d is None:
            return []
        dated.append(((d.year, d.month, d.day), c))
    latest = max(k for k, _c in dated)
    return [c for k, c in dated if k == latest]


#: how far behind the best a figure of a later period may score and still be taken for it
PERIOD_TIE = 3.0


def _latest_period_entry(doc: Document, cands: list) -> tuple | None:
    """Of the best-scored candidates, each with its own period named in its line before it
    ("- 2019年，营业收入1.2亿元" … "- 2025年，营业收入9.7亿元", a profile's history; "最近一个年度
    （2025年度）：营业收入…" / "最近一期（2026年1-9月）：营业收入…", a notice's): the one of the
    latest period, where the company stands; None unless the tied candidates name distinct periods.
    A candidate close behind the best counts as tied when its period governs it in one clause
    ("占公司2025年度经审计营业收入8.64亿元的24.9%" against "公司2026年1-9月实现营业收入7.12亿元": a word
    more or less about the figure decides less than its period; not "2026年…市场规模约380亿元，行业
    龙头…年收入约40亿元", where the year is the market's)."""
    from .periods import PERIOD_IN_LINE, period_end, planned

    best = cands[0][0] if cands else 0.0
    top = [c for c in cands if c[0] == best]
    near = [c for c in cands if best - PERIOD_TIE <= c[0] < best]
    ends = []
    for c in top + near:
        lo, _hi = _line_bounds(doc.text, c[2].start)
        named = [m for m in PERIOD_IN_LINE.finditer(doc.text, lo, c[2].start)
                 if not planned(doc.text[lo:], m.start() - lo, m.end() - lo)]
        end = period_end(named[-1].group(0)) if named else None
        if c in near:
            if end is not None and not re.search(r"[，,；;：:]", doc.text[named[-1].end():c[2].start]):
                ends.append((end, c))
            continue
        if end is None:
            return None
        ends.append((end, c))
    if len(ends) < 2 or len({e for e, _c in ends}) < len(ends):
        return None
    return max(ends, key=lambda x: x[0])[1]


def pick_number(doc: Document, f: Field, siblings: tuple[str, ...] = (),
                taken: frozenset[int] = frozenset()) -> Answer | None:
    """The best number for ``f``; ``siblings``: the sentences the fields of the same object
    were read from (their figures come together); ``taken``: where the numbers other fields
    were read from start (one number is one field's)."""
    cands = [c for c in number_candidates(doc, f, own_only=True)
             if c[0] >= 3.0 and c[2].start not in taken
             # "请问贵公司今年前三季度营收是不是只有5亿多？", "Is ARR really $5M?": a figure asked
             # about is no figure the document gives
             and not c[3].rstrip().endswith(("?", "？"))]
    if not cands and doc.lang == "en" and f.key == "users":
        cands = _customers_as_users(doc, f, taken)
    if not cands:
        return _bare_market_label(doc, f, taken)
    if doc.quoted:
        # a reply over the e-mail it quotes: the quoted figures are older; one the reply
        # gives for the field wins (a quoted one still fills a field the reply says nothing of)
        newer = [c for c in cands if not any(a <= c[2].start < b for a, b in doc.quoted)]
        cands = newer or cands
    if siblings:
        cands = sorted(cands, key=lambda c: (-(c[0] + SIBLING_SENTENCE * (c[3] in siblings)),
                                              c[2].start))
    notes = []
    later = _later_dated(doc, cands) if doc.lang == "en" else _latest_period_entry(doc, cands)
    if later is not None:
        cands = [later] + [c for c in cands if c is not later]
        notes.append("the figure the document dates latest")
    score, value, m, sentence = cands[0]
    inside = _exact_in_range(doc, cands, m)
    if inside is not None:
        # "ARR $4-5M" on the slide, "ARR $4,460,000" in the notes: the range gives way
        cands = [inside] + [c for c in cands if c is not inside]
        score, value, m, sentence = inside
        notes.append("the exact figure inside a range the document also gives")
    finer = _finer(cands, m) or _exact_of_rounded(doc, f, cands[0], taken)
    if finer is not None:
        # "营业收入1.84亿元" in the text and 18,420（万元）in the table: the same figure, more exactly
        score, value, m, sentence = finer
        notes.append("the same figure given more exactly elsewhere")
    if f.unit_scale != 1 and m.scaled:
        notes.append(f"{m.raw} written in units of {f.unit_scale:g}")
    if isinstance(value, float):
        # $8.2B in millions is 8199.999999999999 before this, 2.3亿 229999999.99999997
        value = float(f"{round(value, 9):.12g}")
        if value.is_integer() and f.type != "integer":
            value = int(value)
    return Answer(value, sentence, notes, at=m.start)


# --------------------------------------------------------------------------
# dates


def _line_bounds(text: str, at: int) -> tuple[int, int]:
    end = text.find("\n", at)
    return text.rfind("\n", 0, at) + 1, (len(text) if end < 0 else end)


_AS_WRITTEN = re.compile(r"(?:Q[1-4]|H[12])\s?\d{4}|(?:early|mid|late|end of|spring|summer|autumn|fall|winter)"
                         r"[\s-]\d{4}|\d{4}\s?(?:Q[1-4]|H[12])|\d{4}年(?:第?[一二三四1-4]季度|[上下]半年|年[初中底])",
                         re.I)


#: nothing, or the day of the week, after a date that ends its line ("2026年5月18日星期一")
_WEEKDAY = re.compile(r"\s*(?:[（(]?(?:星期|周|礼拜)[一二三四五六日天][）)]?)?\s*")
#: labels that date a document ("发布：2026年5月6日", "报送时间：…", "时间：2026-10-09")
#: labels of a day that is not the document's ("导出时间", "成立日期", "截止日期")
_OTHER_DAY = r"导出|成立|创立|注册|截止|开始|结束|上市|投产|出生|有效|到期"
#: a label of a day that is never the document's own: the company's founding or listing, a
#: person's birth, a term's end ("成立日期：2012-05-16" in a credit report's basic facts)
_OTHER_DAY_LABEL = re.compile(r"(?:成立|创立|注册|登记|上市|投产|出生|到期|失效)(?:日期|时间|日)|^(?:date of )?(?:incorporat|"
                              r"founded|established|registered|expir|due date|deadline|birth)", re.I)
_DATE_LABEL = re.compile(r"(?:发布|印发|报送|发送|发文|成文|编制|编写|撰写|提交|落款|报告|填报)(?:日期|时间)?|时间|日期"
                         # the day of what the document records: "调研时间", "会议日期", "申报日期" (not an
                         # export's, a founding's or a deadline's)
                         r"|(?!" + _OTHER_DAY + r")[\u4e00-\u9fff]{2,4}(?:日期|时间)")
#: the place before a press release's date, and the dash after it
_DATELINE_HEAD = re.compile(r"[ \t]*(?:\*\*)?(?:[\u4e00-\u9fff]{2,8}(?:讯)?[ \t　]*[，,]?|"
                            r"[A-Z][A-Za-z .'-]{1,30},(?: [A-Z][a-z]{1,4}\.?,)?)[ \t　]*")
_DATELINE_TAIL = re.compile(r"[ \t]*(?:\*\*)?[ \t]*(?:——|—|–|--|电|讯)")
#: a date that opens a range ("2026年4月6日—4月12日"): the period, not the document's date
_RANGE_AFTER = re.compile(r"\s*(?:[—–\-~至到]|to\b|until\b)", re.I)


#: a clock time after a date ("2026-11-20 08:00")
_CLOCK_AFTER = re.compile(r"\s+\d{1,2}:\d{2}(?::\d{2})?\s*")
#: the marks a chat export sets around a day's date ("—————  2026年12月1日  —————", "---- 3 May ----")
_RULE = " \t—–─━=~*-"


def _alone_on_line(text: str, d: Any) -> bool:
    """``d`` is its line's only words, but for a bullet, a chat export's rule and its weekday."""
    lo, hi = _line_bounds(text, d.start)
    line = _BULLET.sub("", text[lo:hi]).strip().strip(_RULE).strip()
    return line.startswith(d.raw.strip()) and _WEEKDAY.fullmatch(line[len(d.raw.strip()):]) is not None


#: a company's founding year with nothing finer: "founded in 2021", "Year founded: 2019",
#: "incorporated 2018" (not "founded in March 2019", read as a date, nor a range of years)
_FOUNDED_YEAR = re.compile(r"\b(?:[Ff]ounded|[Ii]ncorporated|[Ee]stablished|[Yy]ear (?:[Ff]ounded|[Oo]f [Ii]ncorporation)"
                           # "We started the company in 2022", "set up the business in 2019"
                           r"|(?:[Ss]tarted|[Ss]et up|[Ff]ormed) (?:the|our) (?:company|business|firm)"
                           # a founder's "Pollenate rents out ... Started it in 2021."
                           r"|(?:^|(?<=[.!?] ))(?:I |We )?[Ss]tarted it"
                           # a founder's own words, a sentence's start: "We started in 2020 in Rotterdam"
                           r"|(?:(?<![^\n])|(?<=[.!?] ))(?:I|We) (?:started|began)(?=\s+in\b))"
                           # (a form's box, "Year of Incorporation: Within Last Five Years — 2023")
                           # (or where: "founded in Nairobi in 2020", "incorporated in Delaware in 2021")
                           r"(?:\s+in(?:\s+[A-Z][\w'-]+(?:,?\s+[A-Z][\w'-]+){0,2},?\s+in)?"
                           r"|\s*:(?:\s+[^:\n\d.;]{1,40}?\s+[—–])?)?\s+((?:19|20)\d\d)\b(?!\s*[-–/]\s*\d)")


_MONTH_NAMES = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
                r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)")
#: a note's "inc." before a year, opening its line or item ("- inc. 2021 (Feb)", "HQ Leeds; inc. 2019")
_INC_YEAR = re.compile(r"(?:^|[-•*:;]\s*)[Ii]nc(?:orp)?\.\s+((?:19|20)\d\d)\b(?!\s*[-–/]\s*\d)", re.M)
#: a month in brackets right after a founding year ("inc. 2021 (Feb)")
_MONTH_IN_BRACKETS = re.compile(r"\s*\((" + _MONTH_NAMES + r")\.?\)")


def founded_years(doc: Document) -> list[re.Match]:
    """The founding years a document gives alone ("Founded in 2021 in Chicago")."""
    if doc.lang != "en":
        return []
    return sorted([*_FOUNDED_YEAR.finditer(doc.text), *_INC_YEAR.finditer(doc.text)], key=lambda m: m.start())


def founded_iso(doc: Document, m: re.Match) -> str:
    """The date a founding year of :func:`founded_years` stands for: its 1 January, or the 1st
    of the month in brackets after it ("inc. 2021 (Feb)")."""
    month = _MONTH_IN_BRACKETS.match(doc.text, m.end(1))
    if not month:
        return f"{m.group(1)}-01-01"
    n = _MONTHS.index(month.group(1)[:3].lower()) + 1
    return f"{m.group(1)}-{n:02d}-01"


def _founded_year(doc: Document, f: Field, best: DateMention | None) -> Answer | None:
    """A founding year alone ("Founded in 2021 in Chicago", "Year founded: 2019") for a founding
    date: the year's first day, as a month alone gives its 1st (said in the notes); unless a
    date the founding words govern was found ("founded in Rotterdam in September 2021"; not
    "founded in 2019 and launched in March 2021", whose date is the launch's)."""
    if f.key != "founded" or f.schema.get("format") != "date":
        return None
    years = founded_years(doc)
    if not years:
        return None
    # (or a table's row or an infobox's line: "Founded; 14 May 2019", "Founded | 14 May 2019")
    if best is not None and re.search(r"\b(?:founded|incorporated|incorporation|established|dates from|started)\b"
                                      r"(?:[^.;!?\d]{0,40}|\s*[;|:]\s*)$", doc.text[max(0, best.start - 60):best.start], re.I):
        return None
    m = years[0]
    sent = next((x for x in doc.sentences() if m.group(0) in x), m.group(0))
    if _MONTH_IN_BRACKETS.match(doc.text, m.end(1)):
        # "inc. 2021 (Feb)": the month's first day
        return Answer(founded_iso(doc, m), sent, ["the document gives a month and year: the 1st is assumed"],
                      at=m.start(1))
    return Answer(f"{m.group(1)}-01-01", sent,
                  [f"the document gives the year {m.group(1)} alone: 1 January is assumed"], at=m.start(1))


_DAY_MONTH_AFTER = re.compile(rf"(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_NAMES}\b")
_MONTH_BEFORE = re.compile(rf"\b{_MONTH_NAMES}\.?\s+$")
#: a clock time right after a date: a message's or an export's timestamp ("10/14/2026 10:12 AM")
_STAMP_AFTER = re.compile(r",?\s+\d{1,2}:\d{2}\b")
#: "inc." alone before a date, opening a note's line ("- inc. Jan 2023 (Delaware)")
_INC_BEFORE = re.compile(r"(?:^|[-•*:;]\s*)inc(?:orp)?\.\s*$", re.I)
#: the company's first unit of business done ("first lab installed", "our first kiosk was commissioned")
_FIRST_DONE = re.compile(r"\bfirst\s+(?:[a-z-]+\s+){1,2}(?:was\s+|were\s+|went\s+)?(?:installed|live|in|deployed|"
                         r"commissioned|shipped|delivered|sold|signed|opened|launched|onboarded|energi[sz]ed|activated|"
                         r"connected|billed|invoiced|came online|switched on|"
                         # ("The first cemetery paid us in March 2021": a first paying customer)
                         r"paid(?: us)?|started paying|signed up|subscribed|bought|purchased|"
                         # (or the first sale named: "first mill order Aug 2022", "first paid contract")
                         r"order|sale|contract|invoice|shipment|delivery)\b[^.;]{0,30}$"
                         # ("First warehouse customer: February 2021": the first customer, of a kind)
                         r"|\bfirst\s+(?:[a-z-]+\s+){0,2}(?:customer|client)s?\b[^.;]{0,30}$")
#: words right before a date that make it the end of a fiscal year or a period ("FY2026 ended on",
#: "our fiscal year ends", "FY2026 runs to")
_PERIOD_END_LEAD = re.compile(r"\b(?:fy\s?'?\d{2,4}|fiscal year|financial year|the year|the quarter|the period)"
                              r"(?:\s+\w+){0,2}?\s+(?:ended|ends|ending|runs to|ran to|closed|closes|closing)"
                              r"(?:\s+on)?\s*$")
#: words before a date that put it ahead ("We expect our first customer in March 2027"): no start yet
_AHEAD_LEAD = re.compile(r"\b(?:will|expect|expects|expected|due|hope|hopes|plan|plans|aim|aims)\b")


#: a weekday or a part of the day after a date ("2026年11月15日晚", "11月3日（周三）"), or nothing
_DAY_PART = re.compile(r"\s*(?:[（(]\s*(?:周|星期)[一二三四五六日天]\s*[)）])?\s*(?:早上|上午|中午|下午|傍晚|晚上|晚间|晚|夜|全天)?\s*"
                       # ("日报｜2026年11月18日（周三）｜华北大客户部　王砚秋": a part after a separator)
                       r"(?:[|｜]\s*[^\n|｜]{0,30})?")


#: words that stamp a document with the day it was last written, before the date ("最近更新于")
_STAMP_BEFORE = re.compile(r"(?:最近|最后|最新)?(?:更新|修订|修改|编辑)(?:于|时间|日期)[:：]?\s*$")
#: and after it ("2026年3月印制", "2026年3月修订")
_STAMP_AFTER_ZH = re.compile(r"\s*(?:印制|印发|编印|修订|更新)(?:[\s。）)]|$)")


#: the label of the day a report was exported from a system
_EXPORT_LABEL = re.compile(r"(?:数据)?导出(?:时间|日期)|生成(?:时间|日期)|export(?:ed)?(?: on| at| date| time)?", re.I)
#: a chat's exported log ("聊天记录：…", "…群聊天记录"), whose export is no day of what was said
_CHAT_LOG = re.compile(r"聊天记录|群聊|聊天导出|chat (?:log|export|history)", re.I)


_SENTENCE_END_ZH = tuple("。！？；:：.!?;，,")


def _cited(doc: Document, d: DateMention) -> bool:
    """``d`` dates a source the document cites: under a references heading, or on a note's line
    ("[2] …. 川报观察. 2024-09-03")."""
    here = doc.section_at(d.start)
    lo, _hi = _line_bounds(doc.text, d.start)
    return bool(here is not None and _SOURCES_HEADING.search(here.heading.strip())) \
        or re.match(r"\s*(?:[-*•]\s*)?[\[［【]\d{1,3}[\]］】]", doc.text[lo:d.start]) is not None


def _opening_line(doc: Document, at: int) -> bool:
    """``at`` is on a short line with no sentence in it among the document's first three lines,
    before its first heading after the title (a "Company overview - December 2026" line under the
    title; not "Kilnworks schedules firings. The first studio paid us in September 2021.")."""
    lo, hi = _line_bounds(doc.text, at)
    line = doc.text[lo:hi].strip()
    if len(line) > 90 or re.search(r"[.!?;](?:\s|$)", line):
        return False
    first = [s for s in doc.sections[1:] if s.heading and s.start > lo]
    if first and at >= first[0].start:
        return False
    return len([x for x in doc.text[:lo].split("\n") if x.strip()]) < 3


def pick_date(doc: Document, f: Field, passed: frozenset[int] = frozenset()) -> Answer | None:
    """The date of a clause naming the field; ``passed``: offsets of dates already turned down."""
    from .fields import SCOPES

    own = f.own_words()
    parents = [w for w in f.words() if w not in own]
    text, low = doc.text, doc.text.lower()
    if f.key == "founded":
        # "started shipping film to customers in January 2024", "We started renting in Lisbon on
        # March 3rd, 2024", "Our first pickup was on 2 May 2024": a start of business, not of the
        # company (the same length, blanked)
        low = re.sub(r"\b(?:started|began)\s+[a-z]+ing\b|\b(?:our|the|its) first\b",
                     lambda m: " " * len(m.group(0)), low)
    # a field about no scope takes no date of a sentence about one ("We launch in China on
    # 2027-04-01" is not the traction's since)
    # (in English: a Chinese report names 中国/国内 everywhere)
    scoped = any(k in SCOPES for k in f.keys[:-1])
    others = [] if doc.lang != "en" or scoped else [
        w for ws in SCOPES.values() for w in ws if w.isascii()]
    best = None
    for d in doc.dates:
        if d.start in passed:
            continue
        a, b = _clause_bounds(text, d.start, d.end)
        clause = low[a:b]
        # under "When did you start?", "Our first pickup was on 2 May 2024" is no founding date
        # (the words blanked for a founding date above count for no section either)
        clause_raw = text[a:b].lower()
        if others and any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", clause) if w.isascii()
                          else w in clause for w in others):
            continue
        here = doc.section_at(d.start)
        if here is not None and not any(k in ("china", "partners") for k in f.keys) \
                and _partner_heading(doc, here.heading):
            continue  # under "Launch partner": "its pilot with Saltgrass began in May 2026" is the partner's
        if others and here is not None and here.heading and any(
                re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", here.heading.lower()) for w in others):
            continue  # "Launch: September 2026" on the China slide is no date of the company's
        if doc.lang == "en" and f.key in ("since", "founded", "launch") and not _count(clause, own) \
                and _AS_OF.search(low[max(a, d.start - 30):d.start]):
            continue  # "Key metrics (as of 30 September 2026)": when the figures stand, no start
        if doc.lang == "en" and f.key in ("since", "founded", "launch") and doc.tables \
                and re.fullmatch(r"\s*(?:as of|as at|date|period|period end|measured|updated)\s*",
                                 (_column_header_at(doc, d.start) or "x").lower()):
            continue  # "Metric | Value | As of" / "ARR | $8.2M | 31 Oct 2026": when the figure stands
        if doc.lang == "en" and f.key in ("since", "founded", "launch") and _STAMP_AFTER.match(text, d.end) \
                and re.fullmatch(r"\s*[\[(]?\s*", text[_line_bounds(text, d.start)[0]:d.start]):
            continue  # "[10/14/2026 10:12 AM] Priya: ... incorporated 01/15/2022": the message's time
        if doc.lang == "en" and f.key in ("since", "founded", "launch") and _PERIOD_END_LEAD.search(low, a, d.start):
            continue  # "FY2026 ended on 30 November 2026": where a fiscal year ends, no start
        if doc.lang == "en" and f.key in ("since", "founded", "launch") and not _count(clause, own) \
                and _opening_line(doc, d.start):
            continue  # "Company overview for investors - December 2026" under the title: the document's date
        if doc.lang == "en" and f.key == "since" and _AHEAD_LEAD.search(low, a, d.start):
            continue  # "We expect our first customer in March 2027": a start still ahead
        score = 3 * _count(clause, own) + 0.5 * _count(clause, parents)
        line_head = text[_line_bounds(text, d.start)[0]:d.start]
        if doc.lang == "en" and f.key == "founded" and _INC_BEFORE.search(line_head):
            score += 3  # "- inc. Jan 2023 (Delaware)": incorporated, abbreviated in notes
        first_done = doc.lang == "en" and f.key == "since" and _FIRST_DONE.search(low[a:d.start]) \
            and not _count(low[a:d.start], own) and not _TARGET.search(low[a:d.start]) \
            and not re.search(r"\b(?:will|expect|expects|expected|due|next|hope|hopes)\b", low[a:d.start])
        if first_done:
            # "first lab installed Sep 2021", "the first kiosk was commissioned on ...": the start of
            # the business in other words
            score += 3
        answers = doc.lang == "en" and f.key in ("since", "founded", "launch") and not _count(clause, own) \
            and bool(_count(_asked(doc, d), own))
        if answers:
            score += 3  # "Q: When did your first agency go live? A: March 2022.": the answer's date
        # two dates in one sentence: each is the date of the words in its own part ("We started
        # the company in October 2022 and have been billing customers since July 2023")
        flat = _flat(low, a, b)
        seps = (",", ";", " and ", " but ", "，", "；")
        lo_c = max([flat.rfind(c, a, d.start) for c in seps] + [a - 1]) + 1
        hi_c = min([h for h in (flat.find(c, d.end, b) for c in seps) if h >= 0], default=b)
        if score and sum(1 for o in doc.dates if a <= o.start < b) > 1:
            score += 2 * _count(low[lo_c:hi_c], own)
            if doc.lang == "en":
                # "We incorporated ..., so 20 November 2022 — and the first paid camera went in the
                # following spring, on 3 April 2023": the field's words lead to the next date after them
                hits = [e for w in own for _s, e in find(low[a:d.start], w)]
                if hits and not any(a + max(hits) <= o.start < d.start for o in doc.dates):
                    score += 1
            if not _count(low[lo_c:hi_c], own) and any(
                    st in f.rivals for st, _s, _e in tokens(low[lo_c:hi_c])):
                score -= 2
        if f.key == "since" and doc.lang == "en" and re.search(r"\b(?:founded|incorporated|established)\b", low[lo_c:hi_c]) \
                and not _count(low[lo_c:hi_c], own):
            continue  # "Tidewell was founded in Rotterdam in September 2021": the company's start, not its business's
        if f.key == "date" and len(f.keys) == 1 and any(
                off <= d.start < off + len(_v) and _OTHER_DAY_LABEL.search(lab) for lab, _v, off in doc.labels):
            continue  # "成立日期：2012-05-16" in a credit report, "Incorporated on: …": another day than the document's
        for lab, _v, off in doc.labels:
            if off <= d.start < off + len(_v) and (_count(lab.lower(), own) or (
                    f.key == "date" and len(f.keys) == 1 and _DATE_LABEL.fullmatch(lab.strip())
                    and not _RANGE_AFTER.match(text, d.end))):
                score += 6
        if f.key == "date" and len(f.keys) == 1 and doc.lang == "zh" and (cell := table_cell(doc, d.start)) is not None \
                and len(cell[2].header) == 2 and cell[3] == 1 and _DATE_LABEL.fullmatch(cell[1].strip()) \
                and not _RANGE_AFTER.match(text, d.end):
            # a form's two-column table ("项目; 内容" over "时间; 2026年11月20日 14:00-15:30", an investor
            # relations record): its date row is a label like "时间：…"
            score += 6
        if score:
            role = section_role(doc, f, d.start)
            if role < 0 and (_count(low[lo_c:hi_c], own) or answers or first_done):
                # ("- First warehouse customer: February 2021" on the "What we do" slide)
                role = 0  # "... and shipped its first kits in March 2022" under "About the company"
            score += SECTION_ROLE * role
        elif doc.lang == "en" and _AS_OF.search(low[max(a, d.start - 30):d.start]):
            pass  # "Today, in August 2026, ARR is $3.3M" under "Traction": the date of the figures
        elif len(f.keys) > 1 and section_role(doc, f, d.start) > 0 and clause.strip() == clause_raw.strip() \
                and (scoped or not (
                _TARGET.search(clause) or re.search(r"\bby\s+(?:the end of\s+)?$", low[a:d.start])
                or re.search(r"[(（]\s*$", low[a:d.start]))):
            # "the first shipment is due on 2026-04-01" under the heading "China" (a launch
            # abroad is a plan); not "Our goal is $3M ARR by December 2026" under "Traction"
            score = 3.0
        if score >= 3 and (best is None or score > best[0]):
            best = (score, d, text[a:b].strip())
    year = _founded_year(doc, f, best[1] if best is not None else None)
    if year is not None:
        return year
    if best is None and f.key == "date" and len(f.keys) == 1:
        # (not a cited source's date: "[1] 鹿鸣智造发布2025年经营数据. 蜀商财经. 2026-01-12" under
        # "参考资料")
        dated = [d for d in doc.dates if not _cited(doc, d)]
        # "最近更新于2026年3月2日" (an encyclopedia entry, a profile page), "2026年3月印制" (a printed
        # brochure's last line): the day the document was last written, a month alone as its 1st
        stamped = [d for d in dated if _STAMP_BEFORE.search(text, max(0, d.start - 12), d.start)
                   or _STAMP_AFTER_ZH.match(text, d.end)]
        if stamped and not any(d.day is not None and _alone_on_line(text, d) for d in dated):
            best = (0, stamped[-1], stamped[-1].raw)
    if best is None and f.key == "date" and len(f.keys) == 1:
        # the document's own date with no label: a date alone on its line (a dateline
        # under the title, or the signature's date at the end)
        # (a month alone, "【月度简报】2026年7月", is the period the report covers: its day would be
        # made up)
        # ("- 2026年7月18日": a slide's bullet under the title slide's name)
        # (a chat export's day rule, "—————  2026年12月1日  —————", is a date alone on its line too)
        # ("———— 2026年12月7日 星期一 ————": with its weekday)
        lines = [d for d in dated if d.day is not None and _alone_on_line(text, d)]
        if not lines:
            # an event's day and place under the title ("- 2026年10月15日 · 江城大学学术交流中心" on a
            # talk's title slide, "3 December 2026 | Pier 9, San Francisco"): the day of the event
            opening = [x.strip() for x in text.split("\n") if x.strip()][:4]
            for d in dated:
                lo, hi = _line_bounds(text, d.start)
                if d.day is not None and text[lo:hi].strip() in opening \
                        and re.fullmatch(r"\s*(?:[-*•]\s*)?", text[lo:d.start]) \
                        and (re.fullmatch(r"\s*[·•|｜@]\s*[^\d\n·•|｜]{2,40}", text[d.end:hi])
                             # or who wrote it, after a space: "2026年11月5日　运营部" under a 月报's title
                             or (doc.lang == "zh" and re.fullmatch(r"[ \t　]+[\u4e00-\u9fff]{2,12}(?:[ \t　]+[\u4e00-\u9fff]{2,4})?[ \t　]*",
                                                                   text[d.end:hi]))):
                    lines = [d]
                    break
        if not lines:
            # a press release's dateline: "**杭州，2026年10月22日** —— 视频会议设备厂商…", "北京讯　2026年…
            # ——", "CHICAGO, Ill., June 16, 2026 — Ferrovane ..." (a place, the date, a dash)
            for d in dated:
                lo, _hi = _line_bounds(text, d.start)
                if d.day is not None and _DATELINE_HEAD.fullmatch(text[lo:d.start]) \
                        and _DATELINE_TAIL.match(text, d.end):
                    lines = [d]
                    break
        if not lines:
            # a line in brackets that dates the document: "（2026年2月3日）" under the title, or
            # "（2026年1月26日总经理办公会审议通过）"
            for d in dated:
                lo, hi = _line_bounds(text, d.start)
                line = text[lo:hi].strip()
                # (or ends it, after who speaks: "（总经理 黄建国　2027年1月8日）" under a speech's
                # title; not a date the figures stand at: "（数据截至2026年9月30日）")
                ends = re.fullmatch(r"\s*[）)]", text[d.end:hi].rstrip()) is not None and not re.search(
                    r"(?:截至|截止|至|到|为止|" + _OTHER_DAY + r")\s*$", text[lo:d.start])
                if d.day is not None and re.fullmatch(r"[（(][^（）()]{0,40}[）)]", line) \
                        and (line[1:].startswith(d.raw) or ends) and not _RANGE_AFTER.match(text, d.end) \
                        and sum(1 for o in dated if lo <= o.start < hi) == 1:
                    lines = [d]
                    break
        if not lines and doc.lang == "zh":
            # the day that ends the title line, set apart from the name before it ("【直播回放文字稿】
            # 禾川农品旗舰店 · 双十一返场专场 · 2026年11月15日晚"): the day of the event the document records
            first = len(text) - len(text.lstrip())
            lo, hi = _line_bounds(text, first)
            on_line = [d for d in dated if lo <= d.start < hi]
            if len(on_line) == 1 and on_line[0].day is not None \
                    and re.search(r"(?:\s|[·•|｜】」—–-])\s*$", text[lo:on_line[0].start]) \
                    and _DAY_PART.fullmatch(text, on_line[0].end, hi):
                lines = on_line
        if not lines:
            # the date that ends a short line ("编制：财务管理中心　2026年4月12日"), not the end of a
            # range ("报告期间：2025年1月1日至2025年12月31日")
            lines = [d for d in dated if d.day is not None and not text[_line_bounds(text, d.start)[0]:d.start].rstrip()
                     .endswith(("至", "到", "-", "—", "–", "~", "to", "until"))
                     and not re.search(_OTHER_DAY, text[_line_bounds(text, d.start)[0]:d.start])
                     and (_WEEKDAY.fullmatch(text[d.end:_line_bounds(text, d.start)[1]])
                          # "原创　小川说　山川咖啡　2026-11-20 08:00": an article's byline, with the
                          # time it was posted (not a label's line: "导出时间：…" dates no document)
                          or (_CLOCK_AFTER.fullmatch(text[d.end:_line_bounds(text, d.start)[1]])
                              and not re.search(r"[:：]", text[_line_bounds(text, d.start)[0]:d.start])))
                     and _line_bounds(text, d.start)[1] - _line_bounds(text, d.start)[0] <= 40]
        if not lines and not doc.spoken and not _CHAT_LOG.search(text[:300]):
            # a report exported from a system ("数据来源：生意参谋　导出时间：2027年1月5日") with no
            # other date: the day it was exported (not a chat log's: its talk is older)
            lines = [d for d in dated if d.day is not None and any(
                off <= d.start < off + len(v) and _EXPORT_LABEL.fullmatch(lab.strip()) for lab, v, off in doc.labels)]
        if not lines and doc.lang == "zh" and dated:
            # a 落款 that signs with a month alone ("南通某某有限公司" over "2026年4月" as the last
            # lines): the month the document was written, its 1st (not a title's month: that one
            # is the period a report covers)
            last = dated[-1]
            tail = [x.strip() for x in text[:last.start].rstrip().split("\n")[-1:]]
            if not text[last.end:].strip() and _alone_on_line(text, last) and last.start > len(text) // 2 \
                    and tail and 2 <= len(tail[0]) <= 30 and not tail[0].endswith(_SENTENCE_END_ZH):
                lines = [last]
        clocked = [d for d in lines if _CLOCK_AFTER.fullmatch(text[d.end:_line_bounds(text, d.start)[1]])]
        if len(clocked) >= 2:
            # a log's entries, each headed by when it was written ("【日报】张蕾　2026-11-26 18:40" …
            # "【周报】张蕾　2026-11-30 20:10"): the document stands at its latest entry
            lines = [max(clocked, key=lambda d: (d.year, d.month, d.day or 0))]
        if lines:
            best = (0, lines[0], lines[0].raw)
    if best is None and f.schema.get("format") != "date":
        # a launch the document gives as a quarter ("Launch: Q3 2026"), kept as written when
        # the field is not an ISO date
        lv = _label_value(doc, f)
        if lv and _AS_WRITTEN.fullmatch(lv[0].strip()):
            return Answer(lv[0].strip(), lv[1], ["kept as written: not a day"])
        # "We will enter China in early 2027": a sentence with the field's own word
        for sent in doc.sentences():
            m = _AS_WRITTEN.search(sent)
            if m and _count(sent.lower(), own) and not any(d.raw in sent for d in doc.dates):
                return Answer(m.group(0), sent, ["kept as written: not a day"])
    if best is None:
        return None  # a year alone elsewhere ("since 2019") is no date: a day and month would be made up
    _, d, sentence = best
    notes = []
    if d.day is None:
        notes.append(f"the document gives {d.raw!r} without a day: the 1st is assumed")
    return Answer(d.iso(), sentence, notes, at=d.start)


# --------------------------------------------------------------------------
# text


def _limit(f: Field, table: dict[str, int], lang: str) -> int:
    return f.max_chars or table[lang]


def _label_value(doc: Document, f: Field) -> tuple[str, str] | None:
    """A ``Label: value`` line for ``f``: its label names the field, and it stands in the
    field's section unless the label also names the parent ("Company name:")."""
    own = f.own_words()
    parents = [w for w in f.words() if w not in own]
    home = section_for(doc, f) if len(f.keys) > 1 else None
    for label, value, _off in doc.labels:
        low = label.lower()
        if not _count(low, own) or re.fullmatch(r"[\d\s.,%$¥€万亿]+", value):
            continue
        if _count(low, list(OTHERS)):
            continue  # "The tagline a rival uses: Fresh every day.": another company's
        if home is None or value in home.body() or _count(low, parents):
            return value, f"{label}: {value}"
    return None


def _summary(text: str, lang: str, chars: int, style: str) -> str:
    from ..summarize import extract

    return extract(text, lang, chars, style).text


def pick_document(doc: Document, f: Field) -> Answer | None:
    from .prose import _only_labels, pleasantry

    limit = min(f.max_chars or MAX_DOCUMENT_CHARS, MAX_DOCUMENT_CHARS)
    paras = [x for s in doc.sections for x in s.paragraphs]
    # the memo a slide summarizes is the document's words, not an e-mail's header block ("From: …
    # To: … Subject: …"), its greetings and thanks or its sign-off
    def header(x: str) -> bool:  # two labels or more and nothing else ("Where we are: …" is words)
        return _only_labels(doc, x) and sum(1 for lab, v, _o in doc.labels if f"{lab}" in x and v in x) >= 2

    said = [x for x in paras if not header(x) and not pleasantry(doc, x)]
    body = "\n\n".join(said or paras)
    if not body:
        return None
    if len(body) > limit:
        cut = body[:limit]
        end = max(cut.rfind(c) for c in "。.!?！？")
        body = cut[: end + 1] if end > limit // 2 else cut
    return Answer(body, "the document's paragraphs", ["the document's own text"])


# --------------------------------------------------------------------------
# tables and sections

#: a currency written as letters before a scale letter ("USD K", "(EUR m)", "US$mn")
_CUR = r"(?:usd|us\$|eur|gbp|rmb|cny|hkd|sgd|aud|cad|chf|jpy)"
_HEADER_SCALE = ((re.compile(r"[$£€]\s?k\b|\(k\)|\b" + _CUR + r"\s?k\b|\bk\s?" + _CUR + r"\b|thousands|"
                             r"['’]000s?\b|[$£€]\s?000s?\b|\(000s?\)|\b000s\b|千元|千美元", re.I), 1e3),
                 (re.compile(r"[$£€]\s?m\b|\(m\)|\b" + _CUR + r"\s?(?:m|mn|mm)\b|\bm\s?" + _CUR + r"\b|"
                             r"millions|百万", re.I), 1e6),
                 (re.compile(r"万元|万美元|\(万\)|（万）", re.I), 1e4),
                 (re.compile(r"亿元|\(亿\)|（亿）", re.I), 1e8))


def _header_scale(header: str) -> float:
    for pattern, scale in _HEADER_SCALE:
        if pattern.search(header):
            return scale
    return 1.0


def _column_unit(doc: Document, t: Table, col: int) -> str:
    """The words that give a column's scale: its header, else the heading of the table's section
    ("ARR by quarter ($k)" over a table headed "Quarter | ARR | Plan")."""
    header = t.header[col]
    home = next((s for s in doc.sections if any(x is t for x in s.tables)), None)
    if _header_scale(header) != 1.0 or home is None:
        return header
    return f"{header} {home.heading} {table_caption(home)}"


def table_caption(s: Section) -> str:
    """A short line of ``s`` that gives its tables' scale ("(in thousands of US dollars)",
    "All figures in USD '000", "单位：万元"), or ""."""
    for p in s.paragraphs:
        if len(p) <= 60 and _header_scale(p) != 1.0 and not re.search(r"\d", re.sub(r"['’]?000s?", "", p)):
            return p
    return ""


# "$14 per trip", "$1,200 per site per month": the words a price is per, as written after it
#: ("$4.20 per kg and Lard Block at $3.60": a capitalised word after "and" names the next item)
_PER_UNIT = re.compile(r"\s*(per\s+[^\W\d_]+(?:[ -]+(?:and|per|a)\s+(?-i:[a-z])[^\W\d_]*)*)", re.I)


def unit_after(text: str, end: int) -> str | None:
    """The "per …" words right after a number that ends at ``end`` ("per seat and month")."""
    m = _PER_UNIT.match(text, end)
    return m.group(1) if m else None


def unit_children(f: Field) -> list[tuple[Field, Field]]:
    """(``price_unit``, ``price``): a text property named for a money number beside it."""
    by_key = {c.key: c for c in f.children}
    return [(c, by_key[c.key[:-5]]) for c in f.children
            if c.type == "string" and c.key.endswith("_unit") and c.key[:-5] in by_key
            and by_key[c.key[:-5]].type in ("number", "integer") and _is_money(by_key[c.key[:-5]])]


#: a column header that says its cells are percentages ("share pct", "NRR %", "占比（%）", "percent")
_PERCENT_HEADER = re.compile(r"\bpct\b|\bpercent(?:age)?\b|[%％]", re.I)


def _cell_value(cell: str, child: Field, header: str, lang: str) -> Any:
    from ..summarize.facts import find_mentions

    if child.type in ("number", "integer"):
        ms = find_mentions(cell)
        if not ms:
            return None
        m = ms[0]
        if child.fraction:
            if _POINTS.search(m.raw):
                return None
            if m.percent or (not m.currency and not m.scaled and _PERCENT_HEADER.search(header)
                             and not _CHANGE_COLUMN.search(header.lower())
                             and not re.search(r"增减|增长|同比|环比|变动|\b(?:change|growth|yoy|qoq|delta)\b", header, re.I)):
                # ("share_pct | 50", "占比（%） | 50": the column's header says its cells are percent)
                return round(m.value / 100, 10)
            return m.value if 0 <= m.value <= 1 else None
        value = m.value * (1.0 if m.scaled else _header_scale(header)) / child.unit_scale
        if child.type == "integer":
            return int(value) if value == int(value) else None
        return int(value) if value.is_integer() else round(value, 10)
    if child.type == "array":
        parts = [p.strip() for p in re.split(r"\s*(?:,|/|、|，|；|\|)\s*", cell) if p.strip()]
        return parts or None
    return cell or None


def _figures_column(t: Table, col: int) -> bool:
    """Whether most cells of column ``col`` are bare figures ("62%", "38,000", "$1,200")."""
    cells = [r[col] for r in t.rows if col < len(r) and r[col].strip()]
    figures = [c for c in cells if re.fullmatch(r"[\s$€£¥]*[\d,.]+\s*[%％]?\s*", c)]
    return bool(cells) and 2 * len(figures) >= len(cells)


def _may_be_empty(f: Field, child: Field, mapping: dict[str, int]) -> bool:
    """A required text column a table may lack: a second text property (a product's summary) of a
    table whose rows are named and give figures ("Plan | Price | Gross margin"): an empty line,
    as a missing list column is an empty list."""
    named = any(c.type == "string" and c.key in mapping for c in f.children if c is not child)
    figures = any(c.type in ("number", "integer") and c.key in mapping for c in f.children)
    return child.type == "string" and child.key not in mapping and named and figures


def _match_table(doc: Document, f: Field) -> tuple[float, Table, dict[str, int]] | None:
    best = None
    section_score = {id(s): score for score, s in rank_sections(doc, f)}
    for s in doc.sections:
        for t in s.tables:
            header = [h.lower() for h in t.header]
            mapping: dict[str, int] = {}
            used: set[int] = set()
            score = 0.0
            for child in f.children:
                own = child.own_words()
                others = [w for c in f.children if c is not child for w in c.own_words() if w not in own]
                planned = "target" in child.key or "plan" in child.key

                def elsewhere(h: str, others=others, planned=planned) -> bool:
                    # "Budget ARR (USD K)" beside "Actual ARR (USD K)": the budget's column is the
                    # target's, a prior period's column no current figure
                    return bool(_count(h, others)) or (not planned and bool(
                        _PLAN_COLUMN.search(h) or (_PRIOR_COLUMN.search(h) and not _CHANGE_COLUMN.search(h))))

                col = max(range(len(header)), key=lambda i: (_count(header[i], own), not elsewhere(header[i]),
                                                             bool(_ACTUAL.search(header[i])), -i))
                if _count(header[col], own) and col not in used:
                    mapping[child.key] = col
                    used.add(col)
                    score += 2
            by_words = {c.key for c in f.children if c.key in mapping and c.type != "string"}
            for child in f.children:  # a name/label column need not be called "name"
                if child.key not in mapping and child.type == "string" and child.required:
                    # (nor is it a column of figures: "GM % | 62%" is no product's summary)
                    free = [i for i in range(len(header)) if i not in used and not _figures_column(t, i)]
                    if free:
                        mapping[child.key] = free[0]
                        used.add(free[0])
                        score += 0.5
            for child in f.children:
                # "ARR by quarter ($K)" over "Quarter | Plan | Actual": the heading names the
                # figure the one column left gives (the plan is the target's)
                free = [i for i in range(len(header)) if i not in used]
                if child.key not in mapping and child.required and child.type in ("number", "integer") \
                        and len(free) == 1 and _count(s.heading.lower(), child.own_words()):
                    mapping[child.key] = free[0]
                    used.add(free[0])
                    score += 1
            label = next((mapping[c.key] for c in f.children if c.type == "string" and c.key in mapping), None)
            if label is not None and re.search(r"quarter|季度", f.key.lower()) \
                    and all(_month_key(r[label]) for r in t.rows if len(r) > label):
                continue  # "Month | ARR" over Sep, Oct, Nov 2026: months are no quarters
            if label is not None and re.search(r"quarter|季度", f.key.lower()) \
                    and all((k := _period_key(r[label])) and k[1] == 99 for r in t.rows if len(r) > label):
                continue  # "Year | ARR" over FY2024, FY2025, FY2026: whole years are no quarters
            score += 0.5 * section_score.get(id(s), 0)
            needed = [c.key for c in f.children if c.required and c.type != "array" and not _may_be_empty(f, c, mapping)]
            # the table is the field's: a figure or list column named as one of its properties
            # ("Price", "Share", "ARR"), or the field named over it ("Products", "Pricing",
            # "Product | ...") - not "Name | Role | Salary" under "Team"
            about = _count(f"{s.heading} {header[0]}".lower(), f.own_words())
            empty = [c for c in f.children if c.required and c.type == "string" and _may_be_empty(f, c, mapping)]
            # a table that leaves a required text empty needs more: the field named, or two of its
            # figures ("Plan | Price | Gross margin"; not "Item | Price" under "Costs")
            enough = (about or len(by_words) >= 2) if empty else (about or by_words)
            if all(k in mapping for k in needed) and enough and score > 2 and (best is None or score > best[0]):
                best = (score, t, mapping)
    return best


_PERIOD_TOKEN = re.compile(r"\b(?:Q[1-4]|H[12]|FY\s?\d{2,4}|20\d\d)\b", re.I)


#: a quarter without its year opening a column's header ("Q3 actual", "Q2")
_BARE_QUARTER = re.compile(r"^\s*(Q[1-4])\b(?!\s?['’]?\d)(?:\s+(?:actual|actuals|results?|act\.?))?\s*$", re.I)


def _periods_across(doc: Document, f: Field) -> Answer | None:
    """Items labelled by periods from a table whose columns are the periods ("KPI | Q3 2026 |
    Q2 2026 | Q3 target" with a row "Annual recurring revenue | $2.9M | $2.5M | $3.1M"): one item
    per period column, oldest first, its figure from the row named as the item's number, its
    target from the plan column of the same period."""
    labels = [c for c in f.children if c.type == "string" and c.required]
    numbers = [c for c in f.children if c.type in ("number", "integer")]
    main = [c for c in numbers if c.required]
    if len(labels) != 1 or len(main) != 1 or not _count(" ".join(labels[0].own_words()), ["quarter", "period"]):
        return None
    label, number = labels[0], main[0]
    plan = next((c for c in numbers if c is not number and ("target" in c.key or "plan" in c.key)), None)
    for t in doc.tables:
        heads = [h.lower() for h in t.header]
        keys = {i: _period_key(t.header[i]) for i in range(1, len(heads))}
        bare = {i: _BARE_QUARTER.match(t.header[i]) for i in range(1, len(heads)) if not keys[i]}
        if doc.lang == "en" and not any(keys.values()):
            # "Metric | Q3 plan | Q3 actual | Q2 actual": quarters of one year, the year unsaid
            # (labelled by the quarter alone; not across a year's end, Q4 beside Q1)
            quarters = {i: int(m.group(1)[1]) for i, m in bare.items() if m and m.group(1)[0].upper() == "Q"}
            if not ({1, 4} <= set(quarters.values())):
                keys.update({i: (0, q) for i, q in quarters.items()})
        periods = [i for i in range(1, len(heads)) if keys.get(i) and not _PLAN_COLUMN.search(heads[i])
                   and not _CHANGE_COLUMN.search(heads[i])]
        if len(periods) < 2:
            continue
        if _count(" ".join(label.own_words()), ["quarter"]) and not any(
                re.search(r"\b(?:Q[1-4]|H[12])\b", t.header[i], re.I) or (keys[i] and keys[i][0] == 0) for i in periods):
            continue  # "Metric | FY2025 | FY2026": years, no quarters
        row = next((r for r in t.rows if _count(r[0].lower(), number.own_words()) and not _CHANGE_COLUMN.search(r[0].lower())
                    and all(i < len(r) and r[i].strip() and "%" not in r[i] for i in periods)), None)
        if row is None:
            continue
        items = []
        for i in sorted(periods, key=lambda i: keys[i]):
            v = _cell_value(row[i], number, _column_unit(doc, t, i) + " " + row[0], doc.lang)
            if v is None:
                return None
            name = t.header[i].strip() if keys[i][0] else bare[i].group(1).upper()
            item: dict[str, Any] = {label.key: name, number.key: v}
            mine = {x.lower() for x in _PERIOD_TOKEN.findall(t.header[i])}
            for j in range(1, len(heads)) if plan is not None else ():
                theirs = {x.lower() for x in _PERIOD_TOKEN.findall(t.header[j])}
                # "Q3 target" is Q3 2026's plan; a plan column of no period is no quarter's
                if j != i and _PLAN_COLUMN.search(heads[j]) and theirs and theirs <= mine and j < len(row):
                    pv = _cell_value(row[j], plan, _column_unit(doc, t, j) + " " + row[0], doc.lang)
                    if pv is not None:
                        item[plan.key] = pv
            items.append(item)
        return Answer(items[: f.max_items], f"table [{'; '.join(t.header)}], row {row[0]!r}",
                      ["read across the table: its columns are the periods"])
    return None


def pick_table(doc: Document, f: Field) -> Answer | None:
    match = _match_table(doc, f)
    if match is None:
        from .lists import pick_list
        from .records import pick_records

        across = _periods_across(doc, f)
        if across is not None:
            return across

        listed = pick_list(doc, f) or pick_records(doc, f)
        if listed is None:
            return None
        return Answer(listed[0], listed[1], ["from a list in the text"])
    _, table, mapping = match
    home = next((s for s in doc.sections if any(t is table for t in s.tables)), None)
    if home is not None and not _count(f"{home.heading} {table.header[0]}".lower(), f.own_words()):
        from .lists import pick_list

        # a table the field is not named over ("Holder | Share", a cap table) gives way to a list
        # in the text named as the field ("use of proceeds: 50% to sales, 30% to ...")
        listed = pick_list(doc, f, own_named=True)
        if listed is not None:
            return Answer(listed[0], listed[1], ["from a list in the text"])
    periods = [c for c in f.children if c.type == "string" and c.required]
    if len(periods) == 1 and periods[0].key in mapping \
            and _count(" ".join(f.own_words()), ["quarter", "quarterly", "period"]):
        # items labelled by periods from a table whose rows are no periods ("Company | ARR |
        # Patients": a competitor table) are none
        col = mapping[periods[0].key]
        cells = [r[col].strip() for r in table.rows if col < len(r) and r[col].strip()]
        if 2 * sum(bool(_PERIOD_TOKEN.search(c) or _MONTH_HEAD.match(c.lower()) or re.search(r"\b(?:19|20)\d\d\b", c))
                   for c in cells) < len(cells):
            return _periods_across(doc, f)
    rows: list[dict[str, Any]] = []
    notes: list[str] = []
    from .lists import _TOTAL_ROW

    label_cols = {mapping[c.key] for c in f.children if c.type == "string" and c.key in mapping}
    body = [r for r in table.rows if not any(col < len(r) and _TOTAL_ROW.match(r[col].strip(" *"))
                                             for col in label_cols)]
    if len(body) < len(table.rows):
        notes.append("the total row left out (it is no item)")
    for r in body[: f.max_items]:
        item: dict[str, Any] = {}
        for child in f.children:
            col = mapping.get(child.key)
            if col is None and child.required and child.type == "array":
                item[child.key] = []  # the table has no such column: an empty list, said below
                continue
            if col is None and child.required and _may_be_empty(f, child, mapping):
                item[child.key] = ""  # no such column either ("Plan | Price | Gross margin")
                continue
            if col is None or col >= len(r):
                continue
            v = _cell_value(r[col], child, _column_unit(doc, table, col), doc.lang)
            if v is not None:
                item[child.key] = v
        for unit, number in unit_children(f):
            col = mapping.get(number.key)
            if unit.key not in mapping and number.key in item and col is not None and col < len(r):
                from ..summarize.facts import find_mentions

                ms = find_mentions(r[col])
                u = unit_after(r[col], ms[0].end) if ms else None
                if u:
                    item[unit.key] = u
        if all(c.key in item for c in f.children if c.required):
            rows.append(item)
        else:
            notes.append(f"row {'; '.join(r)!r} left out (a required column is empty)")
    if not rows:
        return None
    for child in f.children:
        if child.required and child.type in ("array", "string") and child.key not in mapping:
            notes.append(f"the table has no {child.key} column: {child.key} left empty")
    head = "; ".join(table.header)
    return Answer(rows, f"table [{head}]", notes)


def _row_line(t: Table, row: list[str], lang: str) -> str:
    """A table row as a line: its first cell, then each further header with its cell."""
    sep, colon = ("，", "：") if lang == "zh" else (", ", ": ")
    if lang == "zh" and any(h[:1].isdigit() for h in t.header[1:]):
        sep = "；"  # "11月 2,860；10月 2,640": a comma before "10月" would read as "2,860，10"
    rest = sep.join(f"{h} {c}".strip() for h, c in zip(t.header[1:], row[1:], strict=False) if c)
    return f"{row[0]}{colon}{rest}" if rest else row[0]


#: a heading that numbers a part of a report ("第一部分 经营情况", "第二章"): a section, never the title
_PART = re.compile(r"\s*第[一二三四五六七八九十\d]+(?:部分|章|节|篇)")


#: an outline heading's number: "第一章", "1.", "1.2", "2.3.1"
_OUTLINE_NO = re.compile(r"\s*(?:第([一二三四五六七八九十\d]{1,3})[章部篇]|(\d{1,2}(?:\.\d{1,2}){0,2})(?:[.、．]|\s|(?=[\u4e00-\u9fff])))")


def _parent_heading(doc: Document, s: Section) -> bool:
    """``s`` is an outline's part with nothing of its own, over its numbered parts: "第一章 公司概况"
    over "1.1 公司简介", "1. 总体经营情况" over "1.1 收入与增长"."""
    from .spelled import _zh_int

    i = next((k for k, x in enumerate(doc.sections) if x is s), -1)
    if i < 0 or i + 1 >= len(doc.sections):
        return False
    mine, child = _OUTLINE_NO.match(s.heading), _OUTLINE_NO.match(doc.sections[i + 1].heading)
    if mine is None or child is None or child.group(2) is None or "." not in child.group(2):
        return False
    if mine.group(1):
        number = mine.group(1) if mine.group(1).isdigit() else str(int(_zh_int(mine.group(1)) or 0) or "")
    else:
        number = mine.group(2) or ""
    return bool(number) and child.group(2).rsplit(".", 1)[0] == number


def pick_sections(doc: Document, f: Field, used_headings: set[str] | None = None) -> Answer | None:
    items = f.schema.get("items") or {}
    props = items.get("properties") or {}
    head_key = "heading" if "heading" in props else "title"
    para_key = next((k for k, v in props.items() if isinstance(v, dict) and v.get("type") == "array"),
                    "paragraphs")
    from .markup import NOTES_HEADINGS
    from .prose import _REPORT_WORDS

    dates = {d.raw.strip() for d in doc.dates}
    out = []
    for s in doc.sections:
        numbered = bool(_BULLET.match(s.heading) or _PART.match(s.heading)
                        # "1.1 项目背景", "2 企业基本情况"
                        or re.match(r"\s*\d{1,2}(?:\.\d{1,2})+\s*\S|\s*\d{1,2}\s+[\u4e00-\u9fff]", s.heading))
        if not s.heading or (s.heading == doc.title and not (numbered and len(doc.sections) > 1) and (
                s is doc.sections[0] or not any(x.heading for x in doc.sections[:doc.sections.index(s)]))):
            continue  # the title, first or under a salutation ("致各位股东：" over it), is no section
        if len(doc.sections) > 1 and s is doc.sections[1] and doc.sections[0].heading == doc.title \
                and not doc.sections[0].body() and _REPORT_WORDS.search(s.heading) \
                and not _REPORT_WORDS.search(doc.title) and len(s.heading) <= 40:
            continue  # the title's second line ("华岳冷链物流有限公司" over "2026年3月经营简报")
        if s is doc.sections[-1] and s.heading in NOTES_HEADINGS.values():
            continue  # the document's footnotes, gathered by the reader: notes, no section of the text
        paras = _section_text(doc, s)
        if not paras and not s.tables and not s.paragraphs and not s.bullets and _parent_heading(doc, s):
            out.append({head_key: s.heading, para_key: []})  # "第一章 公司概况" over "1.1 公司简介"
            continue
        if not paras and not s.tables:
            # a headed section of only "Label: figure" lines ("## 收入构成" over "- 有机蔬菜：1,080万元"):
            # those lines are its text (not a form's header lines, which stand under no heading)
            paras = [p for p in s.paragraphs + s.bullets if len(p) >= 4 and p.strip() not in dates]
            if not paras:
                continue
        if not paras:
            # a section of only a table: its rows as lines ("定制柜类：收入（万元） 3,120，占比 50%"),
            # not a heading over nothing
            paras = [_row_line(t, r, doc.lang) for t in s.tables for r in t.rows][:8]
        out.append({head_key: s.heading, para_key: paras})
    out = out[: f.max_items]
    if not out and head_key not in (items.get("required") or []) and not doc.spoken:
        # (a transcript's turns are no report's text: its speakers' words, in the order said)
        # a report written without headings ("…经营情况说明" then paragraphs): its text as one
        # section without a heading, where the template allows one, rather than no report at all
        paras = [p for s in doc.sections for p in _section_text(doc, s)]
        if paras:
            return Answer([{para_key: paras}], "the document's paragraphs (it has no headings)",
                          ["the document has no headings: its text is one section without a heading"])
    if not out:
        return None
    return Answer(out, f"{len(out)} sections of the document", [])


def _section_text(doc: Document, s: Section) -> list[str]:
    """A section's paragraphs and bullets worth showing: not its ``Label: value`` header lines,
    dates standing alone, a letter's salutation, greetings and thanks, or lines under 8
    characters (a signature: "森屿文旅管理层")."""
    from .document import _BYLINE as _DOC_BYLINE
    from .document import _SALUTATION, COMMENT_LINE
    from .prose import _only_labels, pleasantry

    labels = {f"{lab}: {v}" for lab, v, _ in doc.labels} | {f"{lab}：{v}" for lab, v, _ in doc.labels}
    dates = {d.raw.strip() for d in doc.dates}
    items = s.paragraphs + s.bullets
    # three short lines or more in a row are a list ("总经理办公室" / "产品研发中心" / "客户成功部"
    # under "组织架构"), not a signature
    short = [2 <= len(p.strip()) < 8 for p in items]
    listed = {k for k in range(len(items))
              if any(all(short[j] for j in range(a, a + 3)) for a in range(max(0, k - 2), min(k, len(items) - 3) + 1))}
    return [p for k, p in enumerate(items)
            if (len(p) >= 8 or k in listed) and not (p in labels and len(p) < 60) and p.strip() not in dates
            and not _SALUTATION.match(p.strip())  # "尊敬的各位股东：" opens a letter: no text of it
            and not _DOC_BYLINE.match(p.strip())  # "原创　小川说　2026-11-20 08:00": who wrote it, when
            # an e-mail's header lines joined ("主题：… 发件人：… 收件人：…"); one long
            # "财务部汇报：一季度实现营业收入…" line is text
            and not (_only_labels(doc, p) and sum(v in p for _lab, v, _o in doc.labels) >= 2)
            and not pleasantry(doc, p)
            and not (doc.file and COMMENT_LINE.match(p.strip()))]  # a Word comment: a note on the text


def answer(doc: Document, f: Field, siblings: tuple[str, ...] = (),
           taken: frozenset[int] = frozenset(), passed: frozenset[int] = frozenset()) -> Answer | None:
    """The extractive answer for ``f`` (see the pickers; prose in :mod:`.prose`, names in
    :mod:`.names`).  ``taken``: where numbers other fields kept stand; ``passed``: where this
    field's answers already turned down stand (numbers and dates)."""
    from .names import pick_name, pick_names
    from .prose import pick_bullets, pick_headline, pick_text

    if f.kind == "number":
        return pick_number(doc, f, siblings, taken | passed)
    pickers = {"date": pick_date, "headline": pick_headline, "text": pick_text,
               "bullets": pick_bullets, "names": pick_names, "name": pick_name,
               "document": pick_document, "from-table": pick_table, "sections": pick_sections}
    if f.kind == "date":
        return pick_date(doc, f, passed)
    return pickers[f.kind](doc, f)
