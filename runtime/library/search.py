"""Finding the installed template a user's request is about, in Chinese or English.

Ranking is Okapi BM25 over one bag of terms per template taken from its
name, description, tags, AI capabilities, languages and kind.  Terms are
lowercased Latin words (with a light plural/verb-ending stem) and, for
Chinese, character bigrams of each run of Han characters (a lone character
counts as itself): Chinese has no spaces, and bigrams match words without a
segmenter or a dictionary.  The closed vocabularies of the manifest schema
(the three kinds, the AI capabilities, language codes) are expanded into
both languages, so "PPT" finds a presentation and "表格" a spreadsheet even
when the publisher wrote its description in one language only, and a
small office glossary (:mod:`.glossary`) bridges the two languages for
common document words.  No model
is needed and an index of a few thousand templates is built in
milliseconds.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..tasks.registry import capabilities
from .glossary import expansions

#: BM25 parameters (the usual defaults: term-frequency saturation and length normalization)
BM25_K1 = 1.2
BM25_B = 0.75
#: longest query read (characters); longer ones are cut, not refused
MAX_QUERY_CHARS = 2000
#: how many times each field's terms count (the name and tags say more than a long description)
FIELD_WEIGHTS = {"name": 3, "tags": 2, "ai_capabilities": 1, "kind": 1, "languages": 1, "description": 1}

#: the schema's closed vocabularies, said in both languages
KIND_WORDS = {
    "presentation": "presentation slides slide deck ppt pptx powerpoint 演示文稿 幻灯片 演示 路演 汇报",
    "document": "document doc docx word report letter 文档 报告 文件 word文档",
    "spreadsheet": "spreadsheet sheet excel xlsx table workbook 表格 电子表格 工作表 excel表格",
}
# (the AI capabilities' words are the task registry's: o3local.tasks.registry)
LANGUAGE_WORDS = {"zh": "chinese 中文", "en": "english 英文"}

_STOP = frozenset("a an the and or of for to in on with by from my me i we our please make create "
                  "need want new one some that this is are be it as at can you".split())
_TOKEN = re.compile(r"[a-z0-9]+|[\u3400-\u9fff\uf900-\ufaff]+")


def _stem(word: str) -> str:
    """A light English stem: plurals and -ing ("reports" -> report, "taxes" -> tax, "sales" -> sale)."""
    for suffix, keep in (("ies", "y"), ("ing", ""), ("xes", "x"), ("ches", "ch"), ("shes", "sh"),
                         ("sses", "ss"), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2 and not word.endswith("ss"):
            return word[: -len(suffix)] + keep
    return word


def terms(text: str) -> list[str]:
    """Search terms of ``text``: stemmed Latin words and Chinese character bigrams."""
    out: list[str] = []
    for run in _TOKEN.findall(text.lower()):
        if run[0].isascii():
            if run not in _STOP:
                out.append(_stem(run))
        elif len(run) == 1:
            out.append(run)
        else:
            out.extend(run[i:i + 2] for i in range(len(run) - 1))
    return out


def _field_text(manifest: dict[str, Any], name: str) -> str:
    value = manifest.get(name)
    if name == "kind":
        return f"{value or ''} {KIND_WORDS.get(str(value), '')}"
    if not isinstance(value, list):
        return str(value or "")
    words = [str(v).replace("-", " ") for v in value]
    if name == "ai_capabilities":
        caps = capabilities()
        words += [caps[str(v)].words if str(v) in caps else "" for v in value]
    elif name == "languages":
        words += [LANGUAGE_WORDS.get(str(v).split("-")[0], "") for v in value]
    return " ".join(words)


def document_terms(manifest: dict[str, Any]) -> list[str]:
    """The weighted bag of terms a template is found by (plus glossary translations, once)."""
    out: list[str] = []
    texts = []
    for name, weight in FIELD_WEIGHTS.items():
        text = _field_text(manifest, name)
        texts.append(text)
        out += terms(text) * weight
    return out + terms(expansions(" ".join(texts)))


@dataclass(frozen=True)
class Hit:
    key: Any
    score: float
    matched: tuple[str, ...]


class Index:
    """A BM25 index over (key, manifest) pairs."""

    def __init__(self, items: Iterable[tuple[Any, dict[str, Any]]]) -> None:
        self.keys: list[Any] = []
        self.docs: list[Counter[str]] = []
        for key, manifest in items:
            self.keys.append(key)
            self.docs.append(Counter(document_terms(manifest)))
        self.lengths = [sum(d.values()) for d in self.docs]
        self.avg = (sum(self.lengths) / len(self.lengths)) if self.lengths else 1.0
        df: Counter[str] = Counter()
        for d in self.docs:
            df.update(d.keys())
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        """Templates ranked by BM25 score for ``query``; those matching no term are left out."""
        q = Counter(terms(query[:MAX_QUERY_CHARS]))
        hits: list[Hit] = []
        for i, doc in enumerate(self.docs):
            score, matched = 0.0, []
            norm = BM25_K1 * (1 - BM25_B + BM25_B * self.lengths[i] / self.avg)
            for term, qtf in q.items():
                tf = doc.get(term, 0)
                if tf:
                    score += qtf * self.idf[term] * tf * (BM25_K1 + 1) / (tf + norm)
                    matched.append(term)
            if score > 0:
                hits.append(Hit(self.keys[i], round(score, 4), tuple(matched)))
        hits.sort(key=lambda h: (-h.score, str(h.key)))
        return hits[:max(0, limit)]


def search(items: Sequence[tuple[Any, dict[str, Any]]], query: str, limit: int = 10) -> list[Hit]:
    """Rank ``items`` (key, manifest) for ``query``."""
    return Index(items).search(query, limit)
