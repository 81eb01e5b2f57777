"""The faithfulness guard: an abstractive summary may not invent facts.

Small local models paraphrase well but get facts wrong (a number changes, a
name appears from nowhere).  Numbers, dates and names are cheap to check: each
one in the summary must occur in the source after normalization (thousands
separators, number words, case, full-width digits), and a number must keep
its role (:func:`~o3local.tasks.summarize.facts.relation_problems`): the same
quantity at the same scale ("42%" is not "42 million") and the same direction
(a rise in the source is not reported as a fall).  In Chinese, where names
are not capitalised, the bodies a summary names must be the source's: an
institution's short form (证监会, 深交所, listed with their other names in
``institutions_zh.json``) or a name ending in 公司, 银行, 医院 ... must occur
in the source, so a headline cannot hand 深交所's meeting to 证监会.  Sentences
that fail are dropped; if too little is left the caller falls back to the
extractive summary.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .segment import split_sentences

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_EN_NUMBER_WORDS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
    "twenty": "20", "thirty": "30", "forty": "40", "fifty": "50", "hundred": "100",
    "thousand": "1000", "million": "1000000", "billion": "1000000000", "dozen": "12",
}
_ZH_DIGITS = {"零": "0", "一": "1", "二": "2", "两": "2", "三": "3", "四": "4", "五": "5", "六": "6",
              "七": "7", "八": "8", "九": "9", "十": "10"}
_NAME = re.compile(r"\b[A-Z][a-zA-Z'’-]+(?:\s+[A-Z][a-zA-Z'’-]+)*")
#: a Chinese body named by two characters and what it is (华夏基金, 朝阳医院); the two
#: characters, or the whole name, must be in the source ("中国华夏基金" passes where
#: the source says 华夏基金; "京津沪医院" does not where it says 津浙沪).  政府, 部 and
#: 会 are left out: "获政府补贴", "全部", "机会" are not names.
_ZH_BODY = re.compile(r"([\u4e00-\u9fff]{2})(公司|集团|银行|基金|证券|保险|法院|检察院|公安局|医院|大学|"
                      r"协会|研究院|交易所)")
#: a character that ends no name: particles, measure words, numerals
_ZH_NOT_A_NAME = set("大小的了在和与及等家个只名位些各该此这那其多某或为是被将对向从把给到两三四五六七八九十百千万几数")
_NEGATION_ZH = ("没", "未", "不", "无", "非", "别")
_NEGATION_EN = re.compile(r"\b(?:not|no|never|n't|without|neither|nor)\b|n't\b", re.I)


def _normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _numbers(text: str) -> set[str]:
    out: set[str] = set()
    for m in _NUMBER.finditer(text):
        raw = m.group(0).replace(",", "")
        if raw.count(".") > 1:  # a date like 2024.01.05: compare its parts
            out.update(p.lstrip("0") or "0" for p in raw.split("."))
            continue
        if "." in raw:
            raw = raw.rstrip("0").rstrip(".")
        out.add(raw.lstrip("0") or "0")
    return out


def _source_numbers(text: str) -> set[str]:
    nums = _numbers(text)
    low = text.lower()
    nums.update(v for w, v in _EN_NUMBER_WORDS.items() if re.search(rf"\b{w}\b", low))
    nums.update(v for ch, v in _ZH_DIGITS.items() if ch in text)
    return nums


def _names(sentence: str) -> list[str]:
    """Capitalised words that are not just the sentence's first word."""
    names: list[str] = []
    for m in _NAME.finditer(sentence):
        words = m.group(0).split()
        if m.start() == 0 or sentence[: m.start()].rstrip().endswith(('"', "“", ":")):
            words = words[1:]  # first word of a sentence is capitalised anyway
        names.extend(w.strip("'’-") for w in words if len(w) > 1)
    return names


@lru_cache(maxsize=1)
def _bodies_lexicon() -> dict:
    return json.loads(Path(__file__).with_name("institutions_zh.json").read_text("utf-8"))


@lru_cache(maxsize=1)
def _institutions() -> dict[str, tuple[str, ...]]:
    """Every name of a listed body (short form and others) -> all its names."""
    data = _bodies_lexicon()
    names: dict[str, tuple[str, ...]] = {}
    for short, others in data["names"].items():
        group = (short, *others)
        for n in group:
            names[n] = tuple(dict.fromkeys(names.get(n, ()) + group))
    # longest first, so 银保监会 is read before 保监会 inside it
    return dict(sorted(names.items(), key=lambda kv: -len(kv[0])))


@lru_cache(maxsize=1)
def _generic_zh() -> frozenset[str]:
    return frozenset(_bodies_lexicon()["kinds"])


def _zh_bodies(sentence: str, source: str) -> list[str]:
    """The institutions and named bodies of a Chinese ``sentence`` that ``source`` never names."""
    problems: list[str] = []
    rest = sentence
    for name, names in _institutions().items():
        if name in rest:
            rest = rest.replace(name, "\0")
            if not any(n in source for n in names):
                problems.append(f"name {name}")
    for m in _ZH_BODY.finditer(rest):
        pre = m.group(1)
        if pre[-1] in _ZH_NOT_A_NAME or pre in _generic_zh():
            continue  # "补贴的医院", "两家银行", "上市公司": a kind of body, not a name
        if m.group(0) not in source and pre not in source:
            problems.append(f"name {m.group(0)}")
    return problems


@dataclass
class FaithfulnessReport:
    """Which summary sentences are supported by the source, and why not."""

    kept: list[str] = field(default_factory=list)
    dropped: list[tuple[str, str]] = field(default_factory=list)

    @property
    def faithful(self) -> bool:
        return not self.dropped


def unsupported_facts(sentence: str, source: str, lang: str) -> list[str]:
    """The numbers, names and negations of ``sentence`` that ``source`` does not back."""
    sentence, source = _normalize(sentence), _normalize(source)
    problems: list[str] = []
    src_nums = _source_numbers(source)
    problems += [f"number {n}" for n in sorted(_numbers(sentence)) if n not in src_nums]
    src_low = source.lower()
    for name in _names(sentence):
        if name.lower() not in src_low:
            problems.append(f"name {name}")
    if lang == "zh":
        for word in re.findall(r"[A-Za-z][A-Za-z0-9.+-]*", sentence):
            if word.lower() not in src_low:
                problems.append(f"name {word}")
        problems += _zh_bodies(sentence, source)
        if any(n in sentence for n in _NEGATION_ZH) and not any(n in source for n in _NEGATION_ZH):
            problems.append("negation")
    elif _NEGATION_EN.search(sentence) and not _NEGATION_EN.search(source):
        problems.append("negation")
    if not problems:
        from .facts import relation_problems

        problems += relation_problems(sentence, source, lang)
    return problems


def guard(summary: str, source: str, lang: str) -> FaithfulnessReport:
    """Split ``summary`` into sentences and keep only those the source supports."""
    report = FaithfulnessReport()
    for sent in split_sentences(summary, lang):
        bad = unsupported_facts(sent.text, source, lang)
        if bad:
            report.dropped.append((sent.text, ", ".join(bad)))
        else:
            report.kept.append(sent.text)
    return report
