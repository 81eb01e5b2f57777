"""Chinese headlines from the best run of whole clauses in the text's early sentences.

A Chinese headline (a Weibo post's title, a paper's title) is rarely the
first sentence cut short: it is often a clause of the second sentence, or the
first sentence without its opening scene ("作为A8音乐董事局主席，…").  Every run
of consecutive whole clauses of the first :data:`MAX_SENTENCES` sentences
(clauses as :func:`segment.split_clauses` cuts them, and also after a dash or a space and
around a bracketed aside) that fits the budget is a candidate (each sentence's leading
marker, "日前，", "据…报道，", dropped as :func:`headline.strip_marker` does); each is
described by a few features of form (which sentence, whether it opens it, its
length, whether it reads as a fragment, a question, a quote) and of content
(how much of it the rest of the text repeats: a headline names what the text
is about), and the candidate whose weighted sum is largest is the headline.
It is always the source's own words, clause by clause, so it cannot invent a
fact.

The weights (``span_weights.json``, next to this file) are a ridge regression
of each candidate's ROUGE-1 on its features, centred per document, fitted by
``bench/fit_headline_spans.py`` on tuning rows only (sum-lcsts2, whose blind
half is spent, sum-lcsts3's tune half, sum-csl2, whose blind half is spent);
the figures are in that script and in :mod:`.measured` (``extractive-spans``).
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from . import headline
from .segment import split_clauses

#: candidates come from this many first sentences (on the tune rows the candidate closest
#: to the reference headline lay in the first four sentences in 97 % of the texts)
MAX_SENTENCES = 10
_WEIGHTS = Path(__file__).with_name("span_weights.json")
_TEXT = re.compile(r"[^\u4e00-\u9fffA-Za-z0-9]")
_PIECE = re.compile(r"(?<=——)|(?<=[\s\u3000])|(?=[（(])|(?<=[）)])")
#: a structured abstract's later sections say how the work was done and what it found; its
#: headline is its aim ("目的：…"), so their sentences give no candidates
_LATER_SECTION = re.compile(r"^\s*(?:方法|结果|结论|讨论)\s*[:：]")
#: feature names, in the order of :func:`features` (span_weights.json lists the same)
FEATURES = (
    "bias", "sentence_0", "sentence_1", "sentence_2", "sentence_3_on", "opens_sentence",
    "length", "length_sq", "repeated_share", "repeats_per_bigram", "repeated_bigrams",
    "fragment", "question", "digit", "quote", "clause_joins", "bigram_log_count",
    "repeated_char_share", "top_bigram_share", "top_bigrams", "setting",
    "later_clause_of_first",
)


@dataclass(frozen=True)
class Span:
    """A run of whole clauses ``first``..``last`` of sentence ``sentence``."""

    sentence: int
    first: int
    last: int
    text: str


def _bigrams(text: str) -> list[str]:
    t = _TEXT.sub("", text)
    return [t[i:i + 2] for i in range(len(t) - 1)]


#: paired marks a headline may not leave open or closed alone (opener -> closer)
_PAIRS = {"“": "”", "《": "》", "（": "）", "(": ")", "「": "」", "『": "』", "【": "】"}
_CLOSERS = {v: k for k, v in _PAIRS.items()}


def _balanced(text: str) -> bool:
    for opener, closer in _PAIRS.items():
        depth = 0
        for ch in text:
            depth += (ch == opener) - (ch == closer)
            if depth < 0:
                return False
        if depth:
            return False
    return True


#: a list number a clause run may open with ("1.中国创造不了价值…", "2、…"; not "1.6米")
_ENUMERATOR = re.compile(r"^\s*\d{1,2}[、.．](?!\d)\s*")
#: a Weibo topic tag: "#陕西楼市#新政…" reads "陕西楼市新政…"
_TOPIC = re.compile(r"#([^#\s]{1,20})#")


def tidy(run: str) -> str:
    """A clause run as a headline line: no list number before it, no topic tag's # marks, and
    no comma, full stop or dash left dangling at its end ("…是很难的——")."""
    line = _TOPIC.sub(r"\1", _ENUMERATOR.sub("", run, count=1))
    return line.rstrip(headline._TRAIL + "—-─")


def mend_marks(text: str) -> str | None:
    """``text`` without the quote mark or bracket it opens or ends with alone (a clause run cut
    out of a quotation: "“特别累的时候，我很想关掉新东方" -> "特别累的时候，我很想关掉新东方");
    None when a mark inside it is still left open or closed alone ("他说“既不赚市场的钱")."""
    if text[:1] in _PAIRS and _PAIRS[text[0]] not in text:
        text = text[1:]
    if text[-1:] in _CLOSERS and _CLOSERS[text[-1]] not in text:
        text = text[:-1].rstrip(headline._TRAIL)
    return text if text.strip() and _balanced(text) else None


def candidates(sentences: list[str], max_chars: int) -> list[Span]:
    """Every run of consecutive whole clauses of an early sentence within ``max_chars``, its
    quote marks and brackets paired (:func:`mend_marks`); the unmended runs if none can be."""
    spans = _runs(sentences, max_chars)
    mended = [Span(sp.sentence, sp.first, sp.last, text) for sp in spans
              if (text := mend_marks(sp.text))]
    return mended or spans


def _runs(sentences: list[str], max_chars: int) -> list[Span]:
    out: list[Span] = []
    for si, sentence in enumerate(sentences[:MAX_SENTENCES]):
        if _LATER_SECTION.match(sentence):
            continue
        text = headline.strip_marker(sentence, "zh")
        clauses = [p for c in split_clauses(text, "zh") for p in _PIECE.split(c) if p.strip()]
        for i in range(len(clauses)):
            joined = ""
            for j in range(i, len(clauses)):
                joined += clauses[j]
                line = tidy(joined)
                if len(line) > max_chars:
                    break
                if line:
                    out.append(Span(si, i, j, line))
    return out


def features(spans: list[Span], sentences: list[str]) -> list[list[float]]:
    """The feature rows of ``spans`` (see :data:`FEATURES`), measured against the whole text."""
    per_sentence = [set(_bigrams(s)) for s in sentences]
    sentence_df = Counter(b for s in per_sentence for b in s)
    doc = "".join(sentences)
    counts = Counter(_bigrams(doc))
    top = [b for b, n in counts.most_common(8) if n >= 2]
    chars = Counter(_TEXT.sub("", doc))
    rows = []
    for sp in spans:
        own = set(_bigrams(sp.text))
        home = per_sentence[sp.sentence]
        repeated = sum(1 for b in own if sentence_df[b] - (b in home) > 0)
        repeats = sum(sentence_df[b] - 1 for b in own)
        letters = set(_TEXT.sub("", sp.text))
        n_top = sum(b in own for b in top)
        rows.append([float(x) for x in (
            1.0, sp.sentence == 0, sp.sentence == 1, sp.sentence == 2, sp.sentence >= 3,
            sp.first == 0, len(sp.text) / 20, (len(sp.text) / 20) ** 2,
            repeated / max(1, len(own)), repeats / max(1, len(own)), repeated / 20,
            headline.is_fragment(sp.text, "zh", cut=True),
            "？" in sp.text or "?" in sp.text,
            bool(re.search(r"\d", sp.text)), bool(re.search(r"[“”\"]", sp.text)),
            sp.last - sp.first,
            sum(math.log(max(1, counts[b])) for b in own) / max(1, len(own)),
            sum(chars[c] > 1 for c in letters) / max(1, len(letters)),
            n_top / max(1, len(top)), n_top / 4,
            bool(headline._ZH_SETTING.match(sp.text)), sp.first > 0 and sp.sentence == 0,
        )])
    return rows


@lru_cache(maxsize=1)
def weights() -> tuple[float, ...]:
    data = json.loads(_WEIGHTS.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{_WEIGHTS.name} was fitted on other features")
    return tuple(float(w) for w in data["weights"])


#: a post that opens with its own title in lenticular brackets ("【…】正文", as Weibo news
#: posts are written); six characters at least, so a tag ("【视频】", "【新华社】") is not one
_BRACKET_TITLE = re.compile(r"^\s*【([^【】]{6,})】")


def bracket_title(text: str, max_chars: int) -> str | None:
    """The title a text gives itself in 【…】 at its start, if it fits ``max_chars``."""
    m = _BRACKET_TITLE.match(text)
    if not m or len(m.group(1).strip()) > max_chars or headline.is_fragment(m.group(1), "zh"):
        return None
    return m.group(1).strip()


def best(sentences: list[str], max_chars: int) -> str | None:
    """The best-scoring clause run of ``sentences`` (a Chinese text's, bylines removed)
    within ``max_chars``, or the title the text opens with in 【…】; None when no clause
    fits.  Ties go to the earlier span."""
    own = bracket_title(sentences[0], max_chars) if sentences else None
    if own:
        return own
    spans = candidates(sentences, max_chars)
    if not spans:
        return None
    w = weights()
    scores = [round(sum(a * b for a, b in zip(row, w, strict=True)), 9)
              for row in features(spans, sentences)]
    top = max(range(len(spans)), key=lambda k: (scores[k], -k))
    return spans[top].text
