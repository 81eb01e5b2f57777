"""Grounding by likelihood where the lexicon ends (issue 16 items 2 and 4).

The rule readers refuse a request with a word no vocabulary file, header or
sheet value accounts for ("total takings in the north", "华东区域营收",
"headcount of Sales").  Here the local model only says what such a word
means, choosing among the sheet's REAL headers and values: each choice is
scored by its log-likelihood as the answer to "which column or value does
“X” refer to?" (one forward pass per answer token, shared prefixes read once;
nothing is generated).  The best choice is accepted only when it beats the
runner-up by :data:`MIN_MARGIN`; the unknown words are then replaced by it and
the rewritten request goes back to the rule readers, so code still writes the
ranges, the quoting and the argument order, and every check still runs.

A model is used here only when the caller allows it (``method="llm"``, or
``auto`` with a model in ``TRUSTED_MODELS``); this module imports no model
runtime itself.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from .schema import SheetSchema

log = logging.getLogger("o3local.formula")

T = TypeVar("T")
#: the best choice must be this much more likely (natural log) than the runner-up.
#: 1.0 let "做成" (made a sale) be read as 成本 (cost) at 1.33 on formula-dev2's spent blind
#: part, a wrong answer; the right groundings seen there and on made-up probes (pieces ->
#: Units, volume -> Units, salesman -> Rep, lampz -> Lamp, 业务员 -> 销售员, 张为 -> 张伟)
#: won by 2.1-9.4 (in-sample choice)
MIN_MARGIN = 2.0
MAX_SPANS = 2  # a request with more unknown stretches is not a lexicon gap but another phrasing
MAX_SPAN_WORDS = 3
MAX_CHOICES = 48  # headers first, then values most like the word
_LEX = Path(__file__).with_name("lexicon")
_CJK = r"\u4e00-\u9fff"
#: English words that name nothing on a sheet (function words, question words)
_EN_STOP = frozenset(
    """a an the of in on at to for from by with and or not no is are was were be been being am do
    does did done have has had having it its this that these those there here what whats which who
    whom whose how when where why me my we our us you your they their them he she his her i as than
    then so if else each every all any some per into onto over under out up down off about after
    before between during also only just more most less least much many can could would should will
    shall may might must let please give show tell find get got make made put s t""".split())
_ZH_STOP = set("的了是在中和与及或所有全部各个行条笔名位张台件次共一这那些把将按对于从给被为吗呢吧啊呀")


@dataclass(frozen=True)
class Span:
    """A stretch of the request no vocabulary accounts for."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Choice:
    """What a span may mean: a column (its header) or a value of a text column."""

    kind: str  # "column" | "value"
    text: str  # what replaces the span in the request
    column: str  # the column's header


@dataclass(frozen=True)
class Grounding:
    """One unknown span read as one choice, with the model's margin over the runner-up."""

    span: Span
    choice: Choice
    margin: float
    runner_up: str

    def describe(self, zh: bool) -> str:
        if zh:
            what = f"列“{self.choice.column}”" if self.choice.kind == "column" \
                else f"“{self.choice.column}”列的值“{self.choice.text}”"
            return f"“{self.span.text}”读作{what}（本地模型判断）"
        what = f"the column {self.choice.column!r}" if self.choice.kind == "column" \
            else f"the value {self.choice.text!r} of column {self.choice.column!r}"
        return f"read {self.span.text!r} as {what} (chosen by the local model)"


# -- what the readers know ---------------------------------------------------------------------------

def _strings(x: Any) -> Iterator[str]:
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            if isinstance(k, str) and not k.startswith("_"):
                yield k
                yield from _strings(v)
    elif isinstance(x, (list, tuple, set, frozenset)):
        for v in x:
            yield from _strings(v)


def _terms_of(text: str) -> Iterator[str]:
    """The literal words inside a vocabulary entry (a phrase or a regular expression)."""
    low = text.lower()
    if not re.search(r"[\\()\[\]?|+*{}^$]", low):
        yield low.strip()
    for piece in re.split(r"\\[a-z]|[\\()\[\]?|+*{}^$<>:=!.,]", low):
        piece = piece.strip()
        if piece:
            yield piece
    yield from re.findall(r"[a-z]+", low)
    yield from re.findall(f"[{_CJK}]+", low)


@cache
def vocabulary() -> tuple[frozenset[str], tuple[str, ...]]:
    """(English words, Chinese terms longest first) the readers know, column synonyms left out.

    Gathered from the lexicon files and the readers' own word lists and
    patterns, so a word some reader knows is never sent to the model.  Words
    that name a column (synonym groups, glossaries) count only on a sheet that
    has that column (:func:`_sheet_terms`).
    """
    from . import annotate, compose, phrases, rules

    sources: list[Any] = []
    for path in sorted(_LEX.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if path.stem == "values":
            continue  # words for values: known only on a sheet holding them (_sheet_terms)
        if path.stem == "columns":
            doc = {k: v for k, v in doc.items() if k not in ("groups", "glossary", "en_synonyms")}
        if path.stem == "paraphrase":  # what a rewrite carries is no reader's vocabulary
            doc = {k: v for k, v in doc.items() if k not in ("fillers", "cues", "evidenced")}
        sources.append(doc)
    sources += [v for k, v in vars(phrases).items() if not k.startswith("__")]
    sources += [rules._OPS, rules._OUT_OF_SCOPE, rules._EN_FILLER, list(rules._MONTHS),
                [p for p, _ in rules._CMP_EN + rules._CMP_ZH + rules._DATE_CMP]]
    sources += [pat.pattern for pat, _n, _fn in compose._RULES]
    sources += [v for k, v in vars(compose).items()
                if k.startswith("_") and not k.startswith("__") and isinstance(v, str)]
    column_words = set(annotate.GLOSSARY) | set(annotate.EN_SYNONYMS) | set(rules._GLOSSARY) \
        | set(rules._EN_SYNONYMS)
    en: set[str] = set(_EN_STOP)
    zh: set[str] = set()
    for s in _strings(sources):
        for term in _terms_of(s):
            en.update(w for w in re.findall(r"[a-z]+", term) if w not in column_words)
            zh.update(t for t in re.findall(f"[{_CJK}]+", term) if len(t) >= 2 and t not in column_words)
    return frozenset(en), tuple(sorted(zh, key=lambda t: (-len(t), t)))  # the same order whatever the hash seed


def _sheet_terms(schema: SheetSchema) -> list[str]:
    """Headers, values, the sheet's name, and the synonyms of columns this sheet has."""
    from . import annotate, rules
    from .rowbase import group_owner, lexicon, value_synonyms

    terms = [c.header.lower() for c in schema.columns]
    terms += [str(v).lower() for c in schema.columns for v in c.distinct if isinstance(v, str)]
    terms.append(schema.sheet.lower())
    terms += [w for c in schema.columns if c.type in ("text", "mixed") for w in value_synonyms(c)]
    for group in lexicon("columns")["groups"]:
        if group_owner(schema, group) is not None:
            terms += [w.lower() for w in group]
    heads = {c.header.lower() for c in schema.columns}
    for table in (annotate.GLOSSARY, annotate.EN_SYNONYMS, rules._GLOSSARY, rules._EN_SYNONYMS):
        terms += [w for w, names in table.items() if heads & set(names)]
    return [t for t in terms if t.strip()]


def _singular(word: str) -> str:
    for suffix, repl in (("ies", "y"), ("ses", "s"), ("s", "")):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            return word[: -len(suffix)] + repl
    return word


def unknown_spans(request: str, schema: SheetSchema) -> list[Span]:
    """The stretches of ``request`` that no reader's vocabulary, header or value accounts for."""
    en, zh = vocabulary()
    text = request.lower()
    sheet_terms = _sheet_terms(schema)
    sheet_en = {w for t in sheet_terms for w in re.findall(r"[a-z]+", t)}
    mask = list(text)
    for term in sorted({t for t in sheet_terms if t.strip()} | set(zh), key=lambda t: (-len(t), t)):  # ties by text: the same mask whatever the hash seed
        if term.isascii():
            continue  # English is checked word by word below
        for m in re.finditer(re.escape(term), "".join(mask)):
            mask[m.start():m.end()] = " " * (m.end() - m.start())
    masked = "".join(mask)
    spans: list[Span] = []
    # English: runs of adjacent unknown words
    run: list[re.Match] = []
    for m in list(re.finditer(r"[a-z][a-z'’-]*", masked)) + [None]:
        known = m is None or _known_en(m.group(0), en | sheet_en)
        if m is not None and not known and (not run or masked[run[-1].end():m.start()].strip() == ""):
            run.append(m)
            continue
        if run:
            spans.append(Span(run[0].start(), run[-1].end(), request[run[0].start():run[-1].end()]))
        run = [m] if m is not None and not known else []
    # Chinese: runs of uncovered characters, function characters trimmed off the ends; a
    # lone character is left alone (年, 万, 还: grammar and units, measured to be grounded
    # wrongly when offered, 2020年以后入职 -> 2020 基本工资以后入职)
    for m in re.finditer(f"[{_CJK}]+", masked):
        a, b = m.start(), m.end()
        while a < b and masked[a] in _ZH_STOP:
            a += 1
        while b > a and masked[b - 1] in _ZH_STOP:
            b -= 1
        if b - a >= 2:
            spans.append(Span(a, b, request[a:b]))
    spans = [_widened(request, sp, schema) for sp in spans]
    quoted = [m.span() for m in re.finditer(r'"[^"]*"|“[^”]*”|\'[^\']*\'|‘[^’]*’', request)]
    spans = [s for s in spans if not any(a <= s.start and s.end <= b for a, b in quoted)]
    spans.sort(key=lambda s: s.start)
    return [s for s in spans if len(s.text.split()) <= MAX_SPAN_WORDS]


def _widened(request: str, span: Span, schema: SheetSchema) -> Span:
    """The span with the neighbouring words of a misspelt multi-word value: "Carra" -> "Carra Diaz"."""
    import difflib

    if not span.text.isascii():
        return span
    values = [v.lower() for c in schema.columns if c.type in ("text", "mixed")
              for v in c.distinct if isinstance(v, str) and " " in v.strip()]
    if not values:
        return span
    words = list(re.finditer(r"\S+", request))
    i = next((k for k, m in enumerate(words) if m.start() <= span.start < m.end()), None)
    j = next((k for k, m in enumerate(words) if m.start() < span.end <= m.end()), None)
    if i is None or j is None:
        return span
    best, best_ratio = span, 0.0
    for a in range(max(0, i - 2), i + 1):
        for b in range(j, min(len(words), j + 3)):
            if (a, b) == (i, j):
                continue
            lo, hi = words[a].start(), words[b].end()
            text = request[lo:hi].rstrip(".,;:?!")
            ratio = max(difflib.SequenceMatcher(None, text.lower(), v).ratio() for v in values)
            if ratio >= 0.8 and ratio > best_ratio:
                best, best_ratio = Span(lo, lo + len(text), text), ratio
    return best


def _known_en(word: str, known: frozenset[str] | set[str]) -> bool:
    w = word.strip("'’-").removesuffix("'s").removesuffix("’s")
    return len(w) < 2 or w in known or _singular(w) in known or w.rstrip("ed") in known


# -- choices and their likelihood ----------------------------------------------------------------------

NONE = "none"
#: worked examples on made-up sheets (none of them a dev set's): a column synonym, a
#: misspelt value, and a word that names nothing on the sheet, in both languages.  Read
#: once per model and kept as a cached preamble (``Generator.score(shared=...)``).
_SHOTS = (
    ("City (text: Rome, Oslo); Price (number); Seller (text: Ann, Bo)", "mean cost in Rome", "cost", "Price"),
    ("Item (text: Pen, Cup); Qty (number); Store (text: A, B)", "how many pieces of Pen", "pieces", "Qty"),
    ("Name (text: Kim Park, Lee Chan); Team (text: Reds, Blues); Points (number)",
     "points scored by the Redz", "Redz", "Team = Reds"),
    ("Name (text: Kim Park, Lee Chan); Team (text: Reds, Blues); Points (number)",
     "points of the Reds this season", "season", NONE),
    ("Name (text: Kim Park, Lee Chan); Team (text: Reds, Blues); Points (number)",
     "points of the squad Blues", "squad", "Team"),
    ("城市 (text: 罗马, 奥斯陆); 价格 (number); 卖家 (text: 安, 博)", "罗马的平均售价", "售价", "价格"),
    ("产品 (text: 台灯, 椅子); 数量 (number); 日期 (date)", "货品为椅子的数量", "货品", "产品"),
    ("姓名 (text: 金明, 李华); 球队 (text: 红队, 蓝队); 得分 (number)", "红队的总积分", "积分", "得分"),
    ("产品 (text: 台灯, 椅子); 数量 (number); 日期 (date)", "台登卖了多少", "台登", "产品 = 台灯"),
    ("姓名 (text: 金明, 李华); 球队 (text: 红队, 蓝队); 得分 (number)", "红队在雨天的得分", "雨天", NONE),
)
_SHOWN_VALUES = 8  # values listed per text column in the prompt (all are choices)


def _item(cols: str, request: str, word: str) -> str:
    return f'Columns: {cols}\nRequest: {request}\n"{word}" means:'


def _preamble() -> str:
    return "".join(_item(c, r, w) + f" {a}\n\n" for c, r, w, a in _SHOTS)


def columns_text(schema: SheetSchema, shown: int = _SHOWN_VALUES) -> str:
    """The sheet's columns for a prompt: each header with its type, a text column with its
    first ``shown`` values."""
    out = []
    for c in schema.columns:
        if not c.header.strip():
            continue
        vals = [str(v) for v in c.distinct if isinstance(v, str) and v.strip()][:shown]
        if c.type in ("text", "mixed") and vals:
            out.append(f"{c.header} (text: {', '.join(vals)})")
        else:
            out.append(f"{c.header} ({c.type})")
    return "; ".join(out)


def resembles(word: str, value: str) -> bool:
    """A value the word may be a misspelling or a part of: "lampz" ~ "Lamp", "张为" ~ "张伟".

    Only such values are offered: a small model otherwise reads a column word next
    to a value ("salesman Bob Smith") as that value.
    """
    import difflib

    w, v = word.lower().strip(), value.lower().strip()
    if not w or not v:
        return False
    if re.search(f"[{_CJK}]", w):
        return bool(set(re.findall(f"[{_CJK}]", w)) & set(v))
    if any(p.startswith(w[:3]) for p in v.split()) or w in v:
        return True
    return difflib.SequenceMatcher(None, w, v).ratio() >= 0.6


def choices(span: Span, schema: SheetSchema) -> list[Choice]:
    """Every header, the values of text columns the span resembles, and "none"."""
    out = [Choice("column", c.header, c.header) for c in schema.columns if c.header.strip()]
    seen: set[tuple[str, str]] = set()
    for col in schema.columns:
        if col.type not in ("text", "mixed") or not col.header.strip():
            continue
        for v in col.distinct:
            if isinstance(v, str) and len(v) <= 40 and (col.header, v) not in seen \
                    and resembles(span.text, v):
                seen.add((col.header, v))
                out.append(Choice("value", v, col.header))
    return out[:MAX_CHOICES] + [Choice(NONE, "", "")]


def _answer(choice: Choice) -> str:
    if choice.kind == "value":
        return f"{choice.column} = {choice.text}"
    return choice.column if choice.kind == "column" else NONE


def score_choices(gen: Any, request: str, span: Span, schema: SheetSchema,
                  options: list[Choice]) -> list[float]:
    """Log-likelihood of each option as the answer after the worked examples."""
    tok = gen.tokenizer
    pre = tok.encode(_preamble())
    ids = pre + tok.encode(_item(columns_text(schema), request, span.text))
    return gen.score(ids, [tok.encode(f" {_answer(o)}\n") for o in options], shared=len(pre),
                     until_unique=True)


def ground_span(gen: Any, request: str, span: Span, schema: SheetSchema,
                min_margin: float = MIN_MARGIN) -> Grounding | None:
    """The choice the model prefers for ``span`` by at least ``min_margin``, else None."""
    options = choices(span, schema)
    if len(options) < 2:
        return None
    scores = score_choices(gen, request, span, schema, options)
    order = sorted(range(len(options)), key=lambda i: -scores[i])
    best, second = order[0], order[1]
    margin = scores[best] - scores[second]
    log.debug("grounding %r: %s", span.text, [(_answer(options[i]), round(scores[i], 2)) for i in order[:4]])
    if options[best].kind == NONE or margin < min_margin:
        return None
    return Grounding(span, options[best], margin, _answer(options[second]))


def rewrite(request: str, groundings: list[Grounding]) -> str:
    """``request`` with each grounded span replaced by the name it was read as."""
    out = request
    for g in sorted(groundings, key=lambda g: -g.span.start):
        a, b = g.span.start, g.span.end
        pad_l = " " if a > 0 and out[a - 1].isalnum() and out[a - 1].isascii() else ""
        pad_r = " " if b < len(out) and out[b].isalnum() and out[b].isascii() else ""
        name = g.choice.text
        if g.choice.kind == "column":  # 收入（万元） is named 收入 in a request
            name = re.sub(r"\s*[（(][^）)]*[）)]\s*$", "", name).strip() or name
        out = out[:a] + pad_l + name + pad_r + out[b:]
    return out


def already_named(request: str, g: Grounding, schema: SheetSchema) -> bool:
    """True when the request names the chosen column elsewhere ("birth month as a short name").

    A word meaning a column the request already names is not that column's
    synonym but something the rules do not know ("short", "hundred", "showing"):
    reading it as the column would drop what it says.
    """
    from .rowbase import mentions

    if g.choice.kind != "column":
        return False
    rest = request[:g.span.start] + " " + request[g.span.end:]
    if any(c.header == g.choice.column for _, c in mentions(rest, schema)):
        return True
    low, head = rest.lower(), g.choice.column.lower()
    if any(re.search(rf"(?<![a-z]){re.escape(w)}", low) for w in re.findall(r"[a-z]{3,}", head)):
        return True
    return any(head[i:i + 2] in low for i in range(len(head) - 1) if re.match(f"[{_CJK}]{{2}}", head[i:i + 2]))


def reads_choice(formula: str, g: Grounding, schema: SheetSchema) -> bool:
    """True when ``formula`` reads the grounded column, or holds the grounded value."""
    from .engine import bounded, references
    from .schema import col_index

    if g.choice.kind == "value":
        return f'"{g.choice.text.lower()}"' in formula.lower()
    col = schema.column(g.choice.column)
    if col is None:
        return False
    want = col_index(col.letter)
    for ref in references(bounded(formula, schema)):
        for a, b in re.findall(r"\$?([A-Z]{1,3})\$?\d*(?::\$?([A-Z]{1,3}))?", ref.split("!")[-1]):
            lo, hi = sorted((col_index(a), col_index(b or a)))
            if lo <= want <= hi:
                return True
    return False


_COUNT_CUE = re.compile(r"(?<![a-z])(?:how many|number of|count)(?![a-z])|多少|几(?![月号日天])")


def sums_a_count(request: str, formula: str, found: list[Grounding], schema: SheetSchema) -> str | None:
    """Why a grounded answer may not stand: a count request ("how many women ran", 有几个…) that
    the rules read as counting rows turned into a total of the number column a word was
    grounded to.  Only a word right after the counting words with a verb of trade or making
    ("how many loaves were sold", 卖了多少箱) is a measure, the quantity asked for."""
    from .rowbase import lexicon

    if not _COUNT_CUE.search(request.lower()) or "COUNT" in formula.upper():
        return None
    for g in found:
        col = schema.column(g.choice.column) if g.choice.kind == "column" else None
        if col is None or col.type != "number":
            continue
        if re.search(r"(?:how many|number of|多少|几)\s*$", request[:g.span.start].lower()) \
                and re.search(lexicon("aggregates")["pieces_verbs"], request.lower()):
            continue  # "how many loaves were sold": the measure counted, pieces that changed hands
        return (f"{g.span.text!r} was read as {g.choice.column!r}, a number column, but the request "
                f"counts rows and names no amount")
    return None


def _read_without(request: str, g: Grounding, schema: SheetSchema, read: Callable[[str], T | None],
                  formula_of: Callable[[T], str]) -> bool:
    """True when the request without the grounded word already reads the chosen column by the
    rules' own synonyms ("total gas bill paid": 'bill' is the Fee, so 'gas' read as Fee would
    answer the Fee total and drop the gas).  :func:`already_named` sees header words only."""
    if g.choice.kind != "column":
        return False
    rest = re.sub(r"\s+", " ", request[:g.span.start] + " " + request[g.span.end:]).strip()
    answer = read(rest) if rest else None
    return answer is not None and reads_choice(formula_of(answer), g, schema)


def _amount_onto_part(word: str, header: str) -> bool:
    """A word for what a row came to (金额, amount: ``aggregates.json`` amount_headers) read as a
    column that does not say so itself: on a sheet of 材料 | 安装 | 已付 the amount is their sum
    or nothing, and 已付 alone was measured wrong (formula-dev13 tune, 订单金额 -> 已付)."""
    from .rowbase import lexicon

    amounts = [w.lower() for w in lexicon("aggregates")["amount_headers"]]
    w, h = word.lower().strip(), header.lower()
    return any(a == w or a in w for a in amounts) and not any(a in h for a in amounts)


def ground(request: str, schema: SheetSchema, gen: Any, read: Callable[[str], T | None],
           formula_of: Callable[[T], str], min_margin: float = MIN_MARGIN,
           ) -> tuple[T, list[Grounding], str] | tuple[None, list[str], str]:
    """Read ``request`` after grounding its unknown words, or say why not.

    Returns ``(answer, groundings, rewritten)`` when the rule readers answer the
    rewritten request with a formula that uses every grounded column or value,
    else ``(None, reasons, rewritten-or-"")``.  ``read`` is the rules-only reader
    (None when it refuses); ``formula_of`` gives an answer's formula.
    """
    spans = unknown_spans(request, schema)
    if not spans:
        return None, ["no unknown word to ground"], ""
    if len(spans) > MAX_SPANS:
        return None, [f"{len(spans)} unknown stretches ({', '.join(s.text for s in spans)})"], ""
    found: list[Grounding] = []
    reasons: list[str] = []
    from .rowbase import lexicon

    negation = re.compile(lexicon("answers")["negations"])
    for span in spans:
        if negation.search(span.text.lower()):
            # "还有几单没付钱" grounded as 已付 counted the paid orders: a word that negates is
            # no column's name, and reading the stretch as one would drop the "not"
            reasons.append(f"{span.text!r} holds a negation, which a column or value would drop")
            continue
        g = ground_span(gen, request, span, schema, min_margin)
        if g is None:
            reasons.append(f"no column or value is clearly meant by {span.text!r}")
        elif g.choice.kind == "column" and _amount_onto_part(span.text, g.choice.column):
            reasons.append(f"{span.text!r} is what a row came to, not {g.choice.column!r} alone")
        elif already_named(request, g, schema) or _read_without(request, g, schema, read, formula_of):
            reasons.append(f"{span.text!r} looks like {g.choice.column!r}, which the request already names")
        else:
            found.append(g)
    if not found or reasons:
        return None, reasons, ""
    text = rewrite(request, found)
    answer = read(text)
    if answer is None:
        return None, [f"the rules do not read the grounded request {text!r}"], text
    summed = sums_a_count(request, formula_of(answer), found, schema)
    if summed:
        return None, [summed], text
    missed = [g for g in found if not reads_choice(formula_of(answer), g, schema)]
    if missed:
        return None, [f"the formula {formula_of(answer)} does not use {g.choice.column!r}, which "
                      f"{g.span.text!r} was read as" for g in missed], text
    return answer, found, text
