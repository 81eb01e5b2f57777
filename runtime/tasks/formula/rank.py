"""Rank canonical phrasings of a refused request by the model's likelihood.

The paraphraser (``paraphrase.py``) lets the model only reword with the columns
and values a request already names, so it cannot read "total takings" as the
sum of a Revenue column.  Here the CODE lists the canonical phrasings a
one-cell request could mean on this sheet (``lexicon/paraphrase.json``'s
templates: each aggregate x each number column x at most one condition
"<text column> is <value>", "<column> of <value>", "<column> with the highest
<number column>", row counts), keeping only those that carry every value and
number the request says (cheap evidence, so the list stays short), and the
model SCORES them: the log-probability of each phrasing as the assistant's
answer to the paraphraser's prompt (``Generator.score``: shared prefixes read
once, nothing generated).  The best phrasing is used only when it beats the runner-up by
:data:`MIN_MARGIN`; the rules then read it and every check runs (the
request's own checks, ``paraphrase.losses`` but for the column-naming check,
which is what this path lifts, and ``paraphrase.uses``).

A model is used here only when the caller allows it (``method="llm"``, or
``auto`` with a trusted model) and ``formula.RANKING`` is set: it is OFF, as
measured (docs/formula-llm.md, "Ranking canonical phrasings"): on the spent
blind parts it added about as many wrong answers as right ones ("how many
women ran" read as the total of Pledged: a count the phrasings cannot say
without a value, so the model takes a sum).  This module imports no model
runtime itself.
"""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .paraphrase import (
    _CJK,
    _numbers,
    _values,
    kept_out,
    lang_of,
    lexicon,
    losses,
    messages,
    parts_of,
    uses,
)
from .schema import SheetSchema

log = logging.getLogger("o3local.formula")
T = TypeVar("T")

#: the best phrasing's score (summed log-probability up to where it parts from every other
#: phrasing) must beat the runner-up's by this much (natural log).  Chosen on formula-dev5's
#: tune part: the ranker's answers there were 17 right / 2 wrong at any margin, 13 / 1 at
#: 2.0, 7 / 0 at 3.0.  On the spent blind parts (not tuned on) at 2.0: dev5 7 right / 10
#: wrong, dev4 13 / 12, so the path is off by default (``formula.RANKING``)
MIN_MARGIN = 2.0
MAX_CANDIDATES = 200


@dataclass(frozen=True)
class Ranked:
    """The phrasing chosen, its margin over the runner-up and the runner-up."""

    text: str
    margin: float
    runner_up: str


def _evidence(request: str, value: str) -> frozenset[str]:
    """The words (English) or character pairs (Chinese) of ``request`` that say ``value``
    (empty: the request does not say it), as :func:`paraphrase._said` decides."""
    from .ground import _EN_STOP

    low, v = request.lower(), value.lower().strip()
    if not v:
        return frozenset()
    if re.search(f"[{_CJK}]", v):
        if v in low:
            return frozenset(v[i:i + 2] for i in range(max(1, len(v) - 1)))
        if len(v) <= 2:
            return frozenset()
        return frozenset(v[i:i + 2] for i in range(len(v) - 1)
                         if re.fullmatch(f"[{_CJK}]{{2}}", v[i:i + 2]) and v[i:i + 2] in low)
    words = [w for w in re.findall(r"[a-z0-9][a-z0-9'.-]{2,}", v) if w not in _EN_STOP]
    if not words:  # a short value ("M", "A1"): said only as a word of its own
        whole = re.search(rf"(?<![a-z0-9]){re.escape(v)}(?![a-z0-9])", low)
        return frozenset({v}) if whole else frozenset()
    return frozenset(w for w in words if re.search(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])", low))


def _aggregates(request: str, lang: str) -> list[str]:
    """The canonical aggregate words offered: those whose op (aggregates.json) the request
    says a word of ("altogether": total; "on average": average), else all of them."""
    from .rowbase import lexicon as rlex

    ops = rlex("aggregates")["ops"]
    low = request.lower()
    of = {a: op for a, op in lexicon()["agg_ops"][lang].items()}
    said = [a for a, op in of.items()
            if any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", low) if re.match("[a-z]", w)
                   else w in low for w in ops.get(op, []))]
    return said or list(lexicon()[lang]["agg"])


def _once(schema: SheetSchema, header: str, value: str) -> bool:
    """True when ``value`` is on exactly one row of the column ``header``."""
    from .schema import col_index

    col = schema.column(header)
    if col is None:
        return False
    c = col_index(col.letter)
    return sum(1 for r in range(col.first_row, col.last_row + 1)
               if isinstance(schema.cells.get((r, c)), str)
               and schema.cells[(r, c)].strip() == value.strip()) == 1


def _cues(request: str, lang: str) -> tuple[bool, bool, bool]:
    """Whether the request asks for a count, a largest or a smallest."""
    from .rowbase import lexicon as rlex

    low = request.lower()
    counts = any(w in low for w in lexicon()["count_cues"][lang])
    sup = rlex("lookups")["superlative"]

    def said(words: list[str]) -> bool:
        return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", low) if re.match("[a-z]", w)
                   else w in low for w in words)

    return counts, said(sup["MAX"]), said(sup["MIN"])


def candidates(request: str, schema: SheetSchema, lang: str) -> list[str]:
    """The canonical phrasings ``request`` may mean on ``schema``, every value and number it
    says carried (at most one condition); the aggregates it says a word of, or all of them
    where that leaves fewer than two phrasings (the model must still choose among some)."""
    said = _aggregates(request, lang)
    out = _candidates(request, schema, lang, said)
    if len(out) < 2 and len(said) < len(lexicon()[lang]["agg"]):
        out = _candidates(request, schema, lang, list(lexicon()[lang]["agg"]))
    return out


def _candidates(request: str, schema: SheetSchema, lang: str, agg_words: list[str]) -> list[str]:
    """:func:`candidates` with the aggregate words ``agg_words``."""
    lex = lexicon()[lang]
    heads = [c.header for c in schema.columns if c.header.strip() and "\n" not in c.header]
    types = {c.header: c.type for c in schema.columns}
    nums = [h for h in heads if types.get(h) == "number"]
    said: list[tuple[str, str, frozenset[str]]] = []
    for h, vs in _values(schema).items():
        for v in vs:
            ev = _evidence(request, v)
            if ev:
                said.append((h, v, ev))
    evidence = frozenset().union(*(e for _, _, e in said))
    numbers = sorted(set(_numbers(request)), key=len, reverse=True)
    counts, most, least = _cues(request, lang)

    def covered(text: str, vals: list[tuple[str, str, frozenset[str]]]) -> bool:
        got = frozenset().union(*(e for _, _, e in vals))
        return got == evidence and all(n in text for n in numbers)

    conds: list[tuple[str, list[tuple[str, str, frozenset[str]]]]] = []
    for h, v, ev in said:
        for form in lex["cond"]["text"]:
            conds.append((form.replace("{col}", h).replace("{value}", v), [(h, v, ev)]))
    for n in numbers:
        for h in nums:
            for form in lex["cond"]["number"]:
                conds.append((form.replace("{col}", h).replace("{n}", n), []))
    out: list[str] = []
    for t in lex["templates"]:
        if t.count("{cond}") > 1:
            continue  # at most one condition
        if t in lex["count_templates"] and not counts:
            continue
        if "{value}" in t:  # "<column> of <value>": the value's row, another column
            for h, v, ev in said:
                if not _once(schema, h, v):
                    continue  # a value on several rows names no one row to look up
                for c in heads:
                    if c != h:
                        text = t.replace("{col}", c).replace("{value}", v)
                        if covered(text, [(h, v, ev)]):
                            out.append(text)
            continue
        if "{col}" in t:  # "<column> with the highest <number>": only when the request says so
            sup = lexicon()["superlative_templates"][lang]
            if not (most and t == sup["MAX"] or least and t == sup["MIN"]):
                continue
            for c, n in itertools.product(heads, nums):
                text = t.replace("{col}", c).replace("{num}", n)
                if types.get(c) != "number" and covered(text, []):  # the row's name or date
                    out.append(text)
            continue
        aggs = agg_words if "{agg}" in t else [""]
        numcols = nums if "{num}" in t else [""]
        for a, n in itertools.product(aggs, numcols):
            base = t.replace("{agg}", a).replace("{num}", n)
            if "{cond}" in base:
                for ctext, vals in conds:
                    text = base.replace("{cond}", ctext)
                    if covered(text, vals):
                        out.append(text)
            elif covered(base, []):
                out.append(base)
    return _named_kept(request, schema, list(dict.fromkeys(out)))


def _header_words(header: str) -> set[str]:
    """The words (English, singular) and character pairs (Chinese) of a header."""
    from .ground import _EN_STOP, _singular

    low = header.lower()
    out = {_singular(w) for w in re.findall(r"[a-z]{3,}", low) if w not in _EN_STOP}
    out |= {low[i:i + 2] for i in range(len(low) - 1) if re.fullmatch(f"[{_CJK}]{{2}}", low[i:i + 2])}
    return out


def _columns_of(text: str, schema: SheetSchema) -> tuple[set[str], bool]:
    """The columns a phrasing names (a value's column too), and whether it holds a value."""
    parts = parts_of(text, schema)
    return set(parts.headers) | {h for h, _ in parts.values}, bool(parts.values)


def _named_kept(request: str, schema: SheetSchema, options: list[str]) -> list[str]:
    """The options naming every column the readers find in ``request`` (a header or its
    synonym); a text column may be left out where the option holds a value ("the London
    sites' output": Region is London, not the Site column).  "add up the pupil IDs" keeps none."""
    from .paraphrase import _mentioned

    named = _mentioned(request, schema)
    types = {c.header: c.type for c in schema.columns}
    kept = []
    for o in options:
        cols, valued = _columns_of(o, schema)
        need = {h for h in named if not valued or types.get(h) == "number"}
        if need <= cols:
            kept.append(o)
    return kept


def admissible(request: str, schema: SheetSchema, options: list[str]) -> list[str]:
    """Of ``options``, those naming most of the header words ``request`` says ("sourdough
    loaves sold": Sourdough Sold, not Flour (kg)); all of them where it says none."""
    from .ground import _singular

    low = request.lower()
    said = {_singular(w) for w in re.findall(r"[a-z]{3,}", low)}
    said |= {low[i:i + 2] for i in range(len(low) - 1)}
    hits = []
    for o in options:
        cols, _ = _columns_of(o, schema)
        words = set().union(*(_header_words(h) for h in cols)) if cols else set()
        hits.append(len(words & said))
    most = max(hits, default=0)
    return [o for o, k in zip(options, hits, strict=True) if k == most]


def score(gen: Any, request: str, schema: SheetSchema, lang: str, options: list[str]) -> list[float]:
    """Each option's log-probability as the assistant's whole answer (up to where it parts
    from every other option: the rest is the copy of a name the prompt lists)."""
    tok = gen.tokenizer
    msgs = messages(request, schema, lang)  # the paraphraser's prompt
    ids = tok.encode_chat(msgs, add_generation_prompt=True)
    pre = tok.encode_chat(msgs[:-1], add_generation_prompt=False)
    shared = 0
    while shared < min(len(ids), len(pre)) and ids[shared] == pre[shared]:
        shared += 1
    end = list(tok.eos_ids[:1])
    return gen.score(ids, [tok.encode(o) + end for o in options], shared=min(shared, len(ids) - 1),
                     until_unique=True)


def choose(gen: Any, request: str, schema: SheetSchema, lang: str, options: list[str],
           min_margin: float | None = None) -> tuple[Ranked | None, str]:
    """The option the model prefers by at least ``min_margin`` (default :data:`MIN_MARGIN`)."""
    if len(options) < 2:  # nothing to beat: a lone phrasing is no evidence of a choice
        return None, "only one canonical phrasing carries what the request says"
    margin_needed = MIN_MARGIN if min_margin is None else min_margin
    scores = score(gen, request, schema, lang, options)
    order = sorted(range(len(options)), key=lambda i: -scores[i])
    best, second = order[0], order[1]
    margin = scores[best] - scores[second]
    log.debug("rank %r: %s", request, [(options[i], round(scores[i], 2)) for i in order[:4]])
    if margin < margin_needed:
        return None, (f"the model prefers {options[best]!r} over {options[second]!r} by only "
                      f"{margin:.2f} (< {margin_needed})")
    return Ranked(options[best], margin, options[second]), ""


def rank(request: str, schema: SheetSchema, gen: Any, read: Callable[[str], T | None],
         formula_of: Callable[[T], str], min_margin: float | None = None,
         ) -> tuple[T, Ranked] | tuple[None, list[str]]:
    """Read ``request`` as the canonical phrasing the model ranks first, or say why not.

    ``read`` is the rules-only reader with every check (None when it refuses).
    """
    lang = lang_of(request)
    word = kept_out(request, lang)
    if word is not None:
        return None, [f"{word!r} is not something a canonical phrasing keeps"]
    options = candidates(request, schema, lang)
    if not options:
        return None, ["no canonical phrasing carries every value and number of the request"]
    if len(options) > MAX_CANDIDATES:
        return None, [f"{len(options)} canonical phrasings carry what the request says (too many to rank)"]
    from ...errors import InferenceError

    try:
        best, why = choose(gen, request, schema, lang, options, min_margin)
    except InferenceError as err:
        return None, [f"ranking failed: {err.message}"]
    if best is None:
        return None, [why]
    if best.text not in admissible(request, schema, options):
        return None, [f"the model prefers {best.text!r}, which names fewer of the request's words "
                      f"than another phrasing does"]
    lost = [w for w in losses(request, best.text, schema) if "does not name the column" not in w]
    if lost:
        return None, [f"phrasing {best.text!r}: " + "; ".join(lost)]
    answer = read(best.text)
    if answer is None:
        return None, [f"the rules do not read the phrasing {best.text!r}"]
    unused = uses(formula_of(answer), parts_of(best.text, schema), schema)
    if unused:
        return None, [f"phrasing {best.text!r}: " + "; ".join(unused)]
    return answer, best
