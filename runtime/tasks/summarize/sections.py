"""Section-aware selection for long, headed documents (reports, not news).

A news article puts its main facts first, so a position prior over the whole
text picks well.  A 60-page report does not: each section has its own lead,
and a prior across the document picks every sentence from page 1.  Here the
document is cut at its headings, the summary budget is spread over the
sections by their weight (how much text they hold), and each section gives its
best sentences by centrality within the section with the position prior
applied from the section's own start.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .extractive import _ROUND, Ranked, lexrank, tfidf_matrix, tokens
from .segment import Sentence

#: a heading is a paragraph of one short line without a sentence-final mark
HEADING_CHARS = {"en": 80, "zh": 30}
_FINAL = tuple("。！？；.!?;:：…")
#: fewer sections than this, or fewer sentences, is not a "long, sectioned"
#: document: the whole-text ranking (tuned on news) is kept
MIN_SECTIONS = 3
MIN_SENTENCES = 12  # none of the 1,000 news rows in bench/eval_summarize.py qualifies
#: a section's best few sentences compete; more never fit a summary budget
PER_SECTION = 6


@dataclass
class Section:
    heading: str | None
    sentences: list[Sentence]

    @property
    def chars(self) -> int:
        return sum(len(s.text) for s in self.sentences)


def _is_heading(s: Sentence, alone: bool, lang: str) -> bool:
    text = s.text.strip()
    return alone and len(text) <= HEADING_CHARS[lang] and not text.endswith(_FINAL)


def split_sections(sentences: Sequence[Sentence], lang: str) -> list[Section]:
    """The document's sections: headings (one-line paragraphs without a final mark) and their body."""
    per_para: dict[int, int] = {}
    for s in sentences:
        per_para[s.paragraph] = per_para.get(s.paragraph, 0) + 1
    looks = [_is_heading(s, per_para[s.paragraph] == 1, lang) for s in sentences]
    # A heading is followed by text.  Where more than two thirds of the paragraphs
    # lack a final mark (a title and a heading above every one-paragraph section
    # stay under that), the text was typed without them (slide bullets, a .docx
    # of one sentence per paragraph): none of its lines is a heading, or they
    # would be lost from the summary.
    unmarked = {s.paragraph for s in sentences if not s.text.strip().endswith(_FINAL)}
    if 3 * len(unmarked) > 2 * len(per_para):
        looks = [False] * len(sentences)
    sections: list[Section] = [Section(None, [])]
    for i, s in enumerate(sentences):
        last = i + 1 == len(sentences)
        if not last and looks[i] and not looks[i + 1]:
            sections.append(Section(s.text, []))
        elif not last and looks[i]:
            continue  # a heading right above another heading (a title, a chapter)
        else:
            sections[-1].sentences.append(s)
    return [sec for sec in sections if sec.sentences]


def is_sectioned(sections: Sequence[Section]) -> bool:
    headed = sum(1 for s in sections if s.heading)
    return headed >= MIN_SECTIONS and sum(len(s.sentences) for s in sections) >= MIN_SENTENCES


def rank_section(section: Section, lang: str, position_weight: float) -> list[Ranked]:
    """The section's sentences, best first: centrality within it, the prior from its start."""
    sents = section.sentences
    vecs = tfidf_matrix([s.text for s in sents], lang)
    cent = lexrank(vecs @ vecs.T)
    cent = cent / cent.max()
    pos = np.array([1.0 / math.sqrt(1.0 + i) for i in range(len(sents))])
    length = np.array([min(1.0, len(tokens(s.text, lang)) / 6.0) for s in sents])
    score = ((1 - position_weight) * cent + position_weight * pos) * length
    ranked = [Ranked(s, round(float(v), _ROUND)) for s, v in zip(sents, score, strict=True)]
    return sorted(ranked, key=lambda r: (-r.score, r.sentence.index))[:PER_SECTION]


def select(
    sections: Sequence[Section],
    lang: str,
    max_chars: int,
    max_sentences: int | None = None,
    sep_len: int = 1,
    position_weight: float = 0.8,
) -> list[str]:
    """Sentences spread over the sections by weight, in document order, within ``max_chars``.

    Seats go to sections by the highest-averages rule (a section's weight
    divided by one more than the sentences it already has), so a section
    twice as long gets about twice the sentences, and every section gets one
    before any gets three when the budget allows.  A sentence that does not
    fit is skipped for that section's next one.
    """
    queues = [rank_section(sec, lang, position_weight) for sec in sections]
    weight = [math.sqrt(max(1, sec.chars)) for sec in sections]
    seats = [0] * len(sections)
    chosen: list[Sentence] = []
    used = 0
    limit = max_sentences or 1 << 30
    open_ = [bool(q) for q in queues]
    top = max(weight)

    def priority(i: int) -> tuple[float, int, int]:
        # weights within a tenth of each other are a tie, and a tie goes to
        # the section farthest from those already used: a budget too small
        # for every section then samples the whole report, not its start
        quotient = round(weight[i] / (seats[i] + 1) / top, 1)
        gap = min((abs(i - j) for j in range(len(sections)) if seats[j]), default=len(sections))
        return (quotient, gap, -i)

    while any(open_) and len(chosen) < limit:
        best = max((i for i in range(len(sections)) if open_[i]), key=priority)
        queue = queues[best]
        took = False
        while queue:
            cand = queue.pop(0)
            cost = len(cand.sentence.text) + (sep_len if chosen else 0)
            if used + cost <= max_chars:
                chosen.append(cand.sentence)
                used += cost
                seats[best] += 1
                took = True
                break
        open_[best] = took and bool(queue)
    chosen.sort(key=lambda s: s.index)
    return [s.text for s in chosen]
