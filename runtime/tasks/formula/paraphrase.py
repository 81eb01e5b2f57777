"""Paraphrase a refused request into a phrasing the rule readers know (issue 16 item 4).

A small model is good at rewording, not at ranges, quoting or argument order.
Here it only rewords: it rewrites the request as one of a few canonical
phrasings (``lexicon/paraphrase.json``: "total {num} where {cond}",
"{value}的{col}", ...), decoded under a grammar whose terminals are the
sheet's REAL headers and values, so it cannot name a column or value the sheet
lacks.  The rewrite then goes back to the rule readers and every check runs;
code still writes the formula.

A rewrite is used only when nothing was lost in it: the request has none of
the words no canonical phrasing carries (percentages, ranks, per-row work,
dates relative to today: ``keeps``), every number of the request is kept,
every column the rewrite names is named in the request, every value it names
is (a part of) a word of the request, the model chose each token with at
least :data:`MIN_CONFIDENCE`, and the formula read from it uses every column
and value the rewrite names.  An English rewrite must also carry every word of the request
(:func:`dropped`): a word of the sheet's headers or values, a unit or head count, a negation
left out refuses at any confidence, and a rewrite carrying every word is trusted from
:data:`MIN_CONFIDENCE_CARRIED`; a Chinese one must keep every value the request says.

Measured with Qwen2.5-Coder-0.5B (``bench/eval_formula.py --method auto --trust``, after
grounding): formula-dev4 tune (in-sample) +1 right / 0 wrong over rules then grounding;
dev4's spent blind part 106 right / 12 wrong against rules 97 / 11 and rules + grounding
100 / 12 (so the rewrites: 6 right, 0 wrong).  Not measured on formula-dev3.

This module imports no model runtime itself; the caller passes a generator.
"""

from __future__ import annotations

import functools
import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import regex

from .ground import columns_text
from .schema import SheetSchema

log = logging.getLogger("o3local.formula")
T = TypeVar("T")
_LEX = Path(__file__).with_name("lexicon") / "paraphrase.json"
_CJK = r"\u4e00-\u9fff"
#: the least probability the model may give a token it chose where the grammar left a choice.
#: 0.7 as for the 0.5B's intents (llm.py); on formula-dev4's tune part (in-sample) the wrong
#: rewrites seen were at 0.50 ('Claim No of Paula Reyes' for "what did paula reyes claim")
#: and 0.58 (润滑油的安全库存 read as a sum of 数量), the right ones mostly at 0.9 or more
MIN_CONFIDENCE = 0.7
#: the floor for an English rewrite that carries every word of the request (:func:`dropped`):
#: the guard does the work the confidence floor did (a rewrite dropping a condition).  On
#: formula-dev12's refusals (tune and the spent blind part, rewrites cached and graded) the
#: rewrites carrying every word below 0.7 were 1 right, 0 wrong; those dropping a word not
#: the sheet's ("tonnage", "charge") below 0.7 were 2 right, 0 wrong: too few to lower
#: MIN_CONFIDENCE for them.  0.3 keeps out the model's guesses ('total 2025 where 2025 >= 2025', p=0.37)
MIN_CONFIDENCE_CARRIED = 0.3
MAX_VALUES = 400  # text values offered (all columns together), shortest columns first


@functools.cache
def lexicon() -> dict[str, Any]:
    return json.loads(_LEX.read_text(encoding="utf-8"))


def _alt(options: list[str]) -> str:
    opts = sorted({o for o in options if o}, key=len, reverse=True)
    return "(?:" + "|".join(regex.escape(o) for o in opts) + ")" if opts else "(?!)"


def _values(schema: SheetSchema) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    left = MAX_VALUES
    for c in sorted(schema.columns, key=lambda c: len(c.distinct)):
        if c.type not in ("text", "mixed") or not c.header.strip():
            continue
        vals = [v for v in c.distinct if isinstance(v, str) and v.strip() and len(v) <= 40
                and "\n" not in v][:left]
        if vals:
            out[c.header] = vals
            left -= len(vals)
    return out


def terms(request: str, schema: SheetSchema) -> tuple[list[str], dict[str, list[str]], list[str]]:
    """What a rewrite of ``request`` may name: the headers the request names, the values it
    says (by column) and its numbers.  The grammar offers nothing else, so the model only
    chooses the phrasing, never a column or value the request does not mention."""
    values = {h: [v for v in vs if _said(request, v)] for h, vs in _values(schema).items()}
    values = {h: vs for h, vs in values.items() if vs}
    mentioned = _mentioned(request, schema)
    heads = [c.header for c in schema.columns if c.header.strip() and "\n" not in c.header
             and (c.header in values or _named(request, c.header, schema, mentioned))]
    return heads, values, sorted(set(_numbers(request)), key=len, reverse=True)


def pattern(schema: SheetSchema, lang: str, request: str) -> str:
    """The canonical phrasings of ``lang`` over the names and numbers ``request`` mentions."""
    lex = lexicon()[lang]
    heads, values, numbers = terms(request, schema)
    types = {c.header: c.type for c in schema.columns}
    nums = [h for h in heads if types.get(h) == "number"]
    num = _alt(numbers)
    conds = []
    for h in heads:
        kind = {"number": "number", "date": "date"}.get(types.get(h, ""), "text")
        if kind == "text" and h not in values or kind == "number" and not numbers or kind == "date":
            continue  # dates are left to the rules: a request's date is rarely written as one
        for form in lex["cond"][kind]:
            rx = "".join({"{col}": regex.escape(h), "{value}": _alt(values.get(h, [])), "{n}": num}
                         .get(p, regex.escape(p)) for p in re.split(r"(\{\w+\})", form))
            conds.append(rx)
    cond = "(?:" + "|".join(conds) + ")" if conds else "(?!)"
    fill = {"{agg}": _alt(lex["agg"]), "{num}": _alt(nums), "{col}": _alt(heads),
            "{value}": _alt([v for vs in values.values() for v in vs]), "{cond}": cond}
    counts = any(w in request.lower() for w in lexicon()["count_cues"][lang])
    alts = []
    for t in lex["templates"]:
        if not counts and t in lex["count_templates"]:
            continue
        if "{col}" in t and ("{num}" in t or "{value}" in t):
            # the column asked for is another than the one the row is found by
            for h in heads:
                own = {"{num}": _alt([n for n in nums if n != h]),
                       "{value}": _alt([v for c, vs in values.items() if c != h for v in vs])}
                rx = "".join({**fill, **own, "{col}": regex.escape(h)}.get(p, regex.escape(p))
                             for p in re.split(r"(\{\w+\})", t))
                if "(?!)" not in rx:
                    alts.append(rx)
            continue
        rx = "".join(fill.get(p, regex.escape(p)) for p in re.split(r"(\{\w+\})", t))
        if "(?!)" not in rx:
            alts.append(rx)
    return "(?:" + "|".join(alts) + ")" if alts else ""


@functools.lru_cache(maxsize=16)
def _automaton(pat: str):
    from ..constrained import RegexAutomaton

    return RegexAutomaton(pat)


def automaton(schema: SheetSchema, lang: str, request: str):
    """The grammar's automaton, or None when the request mentions too little for any phrasing."""
    pat = pattern(schema, lang, request)
    return _automaton(pat) if pat else None


# -- the prompt ------------------------------------------------------------------------------------

_SYSTEM = {
    "en": ("Rewrite the spreadsheet request in canonical form with the sheet's exact column names and "
           "values. A question about one row is '<column asked for> of <the row's value>'."),
    "zh": "用表格的准确列名和值把请求改写成标准格式。问某一行的某列写作'<该行的值>的<所问的列>'。",
}
#: worked examples on made-up sheets (none of them a dev set's)
_SHOTS = {
    "en": [
        ("Item (text: Pen, Cup, Lamp); Store (text: North, South); Qty (number); Price (number)",
         "how many Pens did we sell altogether at the North store", "total Qty where Item is Pen and Store is North"),
        ("Name (text: Kim Park, Lee Chan, Ana Ruiz); Team (text: Reds, Blues); Points (number)",
         "which team does Ana play for?", "Team of Ana Ruiz"),
        ("Name (text: Kim Park, Lee Chan, Ana Ruiz); Team (text: Reds, Blues); Points (number)",
         "how many points did lee chan score", "Points of Lee Chan"),
        ("Name (text: Kim Park, Lee Chan, Ana Ruiz); Team (text: Reds, Blues); Points (number)",
         "which name scored the most points", "Name with the highest Points"),
        ("City (text: Rome, Oslo); Price (number); Sold (date)",
         "in how many rows is the price above 20", "number of rows where Price > 20"),
    ],
    "zh": [
        ("产品 (text: 台灯, 椅子); 门店 (text: 东店, 西店); 数量 (number)", "东店一共卖了多少台灯",
         "产品为台灯且门店为东店的数量的总和"),
        ("姓名 (text: 金明, 李华, 王芳); 球队 (text: 红队, 蓝队); 得分 (number)", "王芳是哪个队的", "王芳的球队"),
        ("姓名 (text: 金明, 李华, 王芳); 球队 (text: 红队, 蓝队); 得分 (number)", "李华得了几分", "李华的得分"),
        ("姓名 (text: 金明, 李华, 王芳); 球队 (text: 红队, 蓝队); 得分 (number)", "得分最高的姓名", "得分最大的姓名"),
        ("城市 (text: 罗马, 奥斯陆); 价格 (number); 日期 (date)", "价格超过20的有几条", "价格大于20的行数"),
    ],
}
_SHOWN_VALUES = 4


def messages(request: str, schema: SheetSchema, lang: str) -> list[dict[str, str]]:
    msgs = [{"role": "system", "content": _SYSTEM[lang]}]
    for cols, req, ans in _SHOTS[lang]:
        msgs.append({"role": "user", "content": f"Columns: {cols}\nRequest: {req}"})
        msgs.append({"role": "assistant", "content": ans})
    msgs.append({"role": "user", "content": f"Columns: {columns_text(schema, _SHOWN_VALUES)}\nRequest: {request}"})
    return msgs


# -- what a rewrite may not lose -------------------------------------------------------------------

def lang_of(request: str) -> str:
    return "zh" if re.search(f"[{_CJK}]", request) else "en"


def kept_out(request: str, lang: str) -> str | None:
    """The first word of ``request`` no canonical phrasing carries, or None."""
    low = request.lower()
    for w in lexicon()["keeps"][lang]:
        if lang == "en" and re.match(r"[a-z]", w):
            if re.search(rf"(?<![a-z]){w}(?![a-z])", low):
                return w
        elif w in low:
            return w
    return None


def _sheet_names_masked(request: str, schema: SheetSchema) -> str:
    """``request`` with the sheet's headers and text values it says blanked out, so that a word
    no rewrite carries is not found inside a name (周 of 老周, 年 of 年卡 or of 2025年 naming a
    header 2025, "last" of a value Last Orders)."""
    low = request.lower()
    names = {c.header.lower().strip() for c in schema.columns}
    names |= {f"{c.header.strip()}年" for c in schema.columns if re.fullmatch(r"(?:19|20)\d\d", c.header.strip())}
    names |= {v.lower().strip() for vs in _values(schema).values() for v in vs}
    for name in sorted((n for n in names if len(n) >= 2), key=len, reverse=True):
        if name.isascii():
            low = re.sub(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", lambda m: " " * len(m.group(0)), low)
        else:
            low = low.replace(name, " " * len(name))
    return low


@dataclass(frozen=True)
class Parts:
    """The headers and values a rewrite names."""

    headers: tuple[str, ...]
    values: tuple[tuple[str, str], ...]  # (header, value)


def parts_of(text: str, schema: SheetSchema) -> Parts:
    """Headers and values named in a canonical rewrite, longest names first, no overlaps."""
    heads = sorted({c.header for c in schema.columns if c.header.strip()}, key=len, reverse=True)
    values = _values(schema)
    names = [(h, "h", h) for h in heads] + [(v, "v", h) for h, vs in values.items() for v in vs]
    names.sort(key=lambda n: -len(n[0]))
    taken: list[tuple[int, int]] = []
    found_h: list[tuple[int, str]] = []
    found_v: list[tuple[int, tuple[str, str]]] = []
    for name, kind, head in names:
        for m in re.finditer(re.escape(name), text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            if kind == "h":
                found_h.append((m.start(), head))
            else:
                found_v.append((m.start(), (head, name)))
    return Parts(tuple(h for _, h in sorted(found_h)), tuple(v for _, v in sorted(found_v)))


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+(?:\.\d+)?", text)


def _mentioned(request: str, schema: SheetSchema) -> set[str]:
    from .rowbase import mentions

    return {c.header for _, c in mentions(request, schema)}


def _named(request: str, header: str, schema: SheetSchema, mentioned: set[str] | None = None) -> bool:
    """The request names ``header``: as the readers see it (a synonym too), or by a word of it."""
    if header in (_mentioned(request, schema) if mentioned is None else mentioned):
        return True
    # else by a word of the header that no other header has ("claim" names neither Claim No
    # nor Claim Amount)
    low, head = request.lower(), header.lower()
    others = " ".join(c.header.lower() for c in schema.columns if c.header != header)
    if any(re.search(rf"(?<![a-z]){re.escape(w)}", low) and w not in others
           for w in re.findall(r"[a-z]{3,}", head)):
        return True
    return any(head[i:i + 2] in low and head[i:i + 2] not in others for i in range(len(head) - 1)
               if re.fullmatch(f"[{_CJK}]{{2}}", head[i:i + 2]))


def _said(request: str, value: str) -> bool:
    """The request says ``value``, or a word of it ("chloe" for "Chloe Nguyen", 张伟 as 张伟)."""
    low, v = request.lower(), value.lower().strip()
    if v in low:
        return True
    if re.search(f"[{_CJK}]", v):
        return len(v) > 2 and any(v[i:i + 2] in low for i in range(len(v) - 1)
                                  if re.fullmatch(f"[{_CJK}]{{2}}", v[i:i + 2]))
    from .ground import _EN_STOP

    return any(re.search(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])", low)
               for w in re.findall(r"[a-z0-9][a-z0-9'.-]{2,}", v) if w not in _EN_STOP)


def losses(request: str, text: str, schema: SheetSchema) -> list[str]:
    """What the rewrite ``text`` drops or adds compared with ``request`` (empty: nothing)."""
    parts = parts_of(text, schema)
    out = []
    for n in _numbers(request):
        if n not in text:
            out.append(f"the number {n} is not kept")
    rest = text
    for name in [*parts.headers, *(v for _, v in parts.values)]:
        rest = rest.replace(name, " ")
    for n in _numbers(rest):
        if n not in _numbers(request):
            out.append(f"the number {n} is not in the request")
    implied = {h for h, _ in parts.values}  # "Genre is Mystery": the value says its column
    mentioned = _mentioned(request, schema)
    for h in parts.headers:
        if h not in implied and not _named(request, h, schema, mentioned):
            out.append(f"the request does not name the column {h!r}")
    for _, v in parts.values:
        if not _said(request, v):
            out.append(f"the request does not say {v!r}")
    return out


def _en_fillers() -> frozenset[str]:
    """English words that never carry a condition of a one-cell request: the aggregate
    readers' own filler lists (``aggregates.json``) and ``paraphrase.json``'s ``fillers``."""
    from .ground import _EN_STOP
    from .rowbase import lexicon as lex_of

    agg = lex_of("aggregates")
    words = [*agg["filler"], *agg["function_words_en"], *agg["event_nouns"], *agg["row_nouns"],
             *agg["activity_verbs"],
             *agg["context_words"], *lexicon()["fillers"]["en"]]
    return frozenset(_EN_STOP | {w for w in words if re.fullmatch(r"[a-z']+", w)})


_EN_FILLERS: frozenset[str] | None = None


def _stem(word: str) -> str:
    """A crude English stem: enough to see 'escaped' in Escape, 'sweeps' in Sweep."""
    w = word.removesuffix("'s").removesuffix("’s")
    for suffix in ("ing", "ies", "ed", "es", "s", "e"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            return w[: -len(suffix)]
    return w


def dropped(request: str, text: str, schema: SheetSchema) -> list[tuple[str, bool]]:
    """The words of an English ``request`` the rewrite ``text`` does not carry (empty: none),
    each with whether it is a word of the sheet's headers or text values (a condition, likely).

    A rewrite that drops a word of the request may have dropped a condition ("average minutes
    left for teams that escaped the Vault" -> "average Mins left"), which no check of the
    rewrite alone sees.  A word is carried when the rewrite says it (a header or value named
    in it holds the word), when it names a header the rewrite names (a synonym), when it is a
    cue word of the phrasing the rewrite uses (``paraphrase.json``'s ``cues``: "mean" by
    "average", "above" by ">"), or when it is a filler word that never says which rows.  A
    word of one of the sheet's text values is never filler: it may be the condition.
    """
    global _EN_FILLERS
    from .ground import _EN_STOP
    from .rowbase import lexicon as lex_of
    from .rowbase import mentions, value_mentions

    if lang_of(request) != "en":  # Chinese: every value the request says is in the rewrite
        kept = {v for _, v in parts_of(text, schema).values}
        return [(v, True) for _, _, _, v in value_mentions(request, schema) if v not in kept]

    if _EN_FILLERS is None:
        _EN_FILLERS = _en_fillers()
    low, said = request.lower(), text.lower()
    low = re.sub(r"(?<![a-z])no\.?\s*(?=\d)", "number ", low)  # "at no. 97": a number, no negation
    parts = parts_of(text, schema)
    named = set(parts.headers) | {h for h, _ in parts.values}
    said_stems = {_stem(w) for w in re.findall(r"[a-z0-9]+", said)}
    value_words = {w for vs in _values(schema).values() for v in vs for w in re.findall(r"[a-z]+", v.lower())
                   if w not in _EN_STOP}
    cues = {w for key, ws in lexicon()["cues"]["en"].items() if key in said for w in ws}
    sheet_words = value_words | {w for c in schema.columns for w in re.findall(r"[a-z]+", c.header.lower())
                                 if w not in _EN_STOP}
    quantities = lex_of("aggregates")["quantity_nouns_en"]  # "how many people": no count of rows
    never = {w for w in lex_of("aggregates")["never_filler"] if " " not in w}  # "no", "except"
    must = sheet_words | never | {w for ws in quantities.values() for w in ws}
    topic = set(re.findall(r"[a-z]+", schema.sheet.lower())) - value_words  # "livery" on a sheet Livery
    # "drivers" by Driver, a column of one value a row: the rows themselves, no condition
    ids = [c for c in schema.columns if c.type == "text" and len(c.distinct) > 3
           and len(c.distinct) >= 0.9 * (c.last_row - c.first_row + 1)]
    others = {w for c in schema.columns if c not in ids for w in re.findall(r"[a-z]+", c.header.lower())}
    topic |= {_stem(w) for c in ids for w in re.findall(r"[a-z]+", c.header.lower())} - others - value_words
    topic -= never  # the "no" of Order no is still a negation

    words = [m.group(0).strip("'’-") for m in re.finditer(r"[a-z][a-z'’-]*", low)]
    out = []
    # what the rewrite says besides names is said by the request too: "> 0" for "is 0" is not
    for key in lexicon()["evidenced"]["en"]:
        if key in said and not set(words) & set(lexicon()["cues"]["en"][key]):
            out.append((key.strip(), True))
    for i, w in enumerate(words):
        if not w or w in cues:
            continue
        if w in _EN_FILLERS and w not in must or w in topic or _stem(w) in topic or _stem(w) in said_stems:
            continue
        if {c.header for _, c in mentions(w, schema)} & named or any(
                len(a) >= 3 and len(b) >= 3 and (a.startswith(b) or b.startswith(a))
                for a in (_stem(w),) for h in named for b in map(_stem, re.findall(r"[a-z]+", h.lower()))):
            continue  # "minutes" by Mins left
        # a header named by two words ("minutes left"): the pair names it, the other word alone not
        pairs = [(words[i - 1], f"{words[i - 1]} {w}")] if i else []
        pairs += [(words[i + 1], f"{w} {words[i + 1]}")] if i + 1 < len(words) else []
        if any(({c.header for _, c in mentions(pair, schema)} - {c.header for _, c in mentions(other, schema)})
               & named for other, pair in pairs):
            continue
        out.append((w, w in must or _stem(w) in {_stem(x) for x in sheet_words}))
    return out


def uses(formula: str, parts: Parts, schema: SheetSchema) -> list[str]:
    """The rewrite's columns and values the formula does not use."""
    from .engine import bounded, references
    from .schema import col_index

    cols: set[int] = set()
    for ref in references(bounded(formula, schema)):
        for a, b in re.findall(r"\$?([A-Z]{1,3})\$?\d*(?::\$?([A-Z]{1,3}))?", ref.split("!")[-1]):
            lo, hi = sorted((col_index(a), col_index(b or a)))
            cols.update(range(lo, hi + 1))
    out = []
    for h in parts.headers:
        c = schema.column(h)
        if c is None or col_index(c.letter) not in cols:
            out.append(f"the formula does not read {h!r}")
    for _, v in parts.values:
        if f'"{v.lower()}"' not in formula.lower():
            out.append(f"the formula does not hold {v!r}")
    return out


# -- decoding ----------------------------------------------------------------------------------------

def decode(gen: Any, request: str, schema: SheetSchema, lang: str) -> tuple[str, float]:
    """The model's canonical rewrite of ``request`` and its confidence (least chosen-token probability)."""
    from ...errors import InferenceError, TaskError
    from ..constrained import GrammarProcessor

    auto = automaton(schema, lang, request)
    if auto is None:
        raise TaskError("the request names too little for a canonical phrasing", code="task.paraphrase")
    proc = GrammarProcessor(gen.tokenizer, auto)
    try:
        out = gen.chat(messages=messages(request, schema, lang), max_tokens=48, temperature=0.0,
                       logits_processor=proc)
    except InferenceError as err:
        raise TaskError(f"paraphrase decoding failed: {err.message}", code="task.paraphrase") from None
    proc.finish(out.finish_reason == "stop")
    if not proc.done(out.text):
        raise TaskError(f"the model's rewrite is incomplete ({out.finish_reason}): {out.text!r}",
                        code="task.paraphrase")
    return out.text, proc.confidence()


def paraphrase(request: str, schema: SheetSchema, gen: Any, read: Callable[[str], T | None],
               formula_of: Callable[[T], str], min_confidence: float = MIN_CONFIDENCE,
               ) -> tuple[T, str] | tuple[None, list[str]]:
    """Read ``request`` through the model's canonical rewrite, or say why not.

    Returns ``(answer, rewrite)`` or ``(None, reasons)``.  ``read`` is the
    rules-only reader with every check (None when it refuses).
    """
    from ...errors import TaskError

    lang = lang_of(request)
    word = kept_out(_sheet_names_masked(request, schema), lang)
    if word is not None:
        return None, [f"{word!r} is not something a rewrite can keep"]
    from .ground import unknown_spans

    unknown = unknown_spans(request, schema)
    if unknown:  # a word no reader knows may carry what a rewrite would drop ("plates" served)
        return None, [f"{unknown[0].text!r} is a word no reader knows (grounding's to read)"]
    try:
        text, conf = decode(gen, request, schema, lang)
    except TaskError as err:
        return None, [err.message]
    log.debug("paraphrase %r -> %r (p=%.2f)", request, text, conf)
    left = dropped(request, text, schema)
    sheet_words = [w for w, on_sheet in left if on_sheet]
    if sheet_words:  # a header's or value's word left out: a condition dropped, however sure
        return None, [f"rewrite {text!r} (p={conf:.2f}) drops {', '.join(map(repr, sheet_words))} of the request"]
    floor = min(min_confidence, MIN_CONFIDENCE_CARRIED) if lang == "en" and not left else min_confidence
    if conf < floor:
        return None, [f"the model is unsure of its rewrite {text!r} (p={conf:.2f})"]
    lost = losses(request, text, schema)
    if lost:
        return None, [f"rewrite {text!r}: " + "; ".join(lost)]
    answer = read(text)
    if answer is None:
        return None, [f"the rules do not read the rewrite {text!r}"]
    unused = uses(formula_of(answer), parts_of(text, schema), schema)
    if unused:
        return None, [f"rewrite {text!r}: " + "; ".join(unused)]
    return answer, text
