"""The guard for model-written fields: facts in the same role as in the source, not only "somewhere".

The summarizer's guard (:func:`..summarize.faithfulness.unsupported_facts`) checks that
each number and name of a sentence occurs in the source, skipping a sentence's first
word (capitalised anyway).  A model-written *field* needs more: a headline's first word
is often the invented one ("China's Loomwise: 6% Up" for a memo that never names China),
and a field is written from its passage, so a fact must be in that passage, with the
same relation to the names around it.  A field that fails falls back to the extractive
answer (the caller's job).

Checks, each a reason in the returned list:

- **facts of the passage**: every number, name and negation through the summarizer's guard
  against the field's retrieved passage (what the model was shown), not the whole document;
- **first words**: a capitalised word that starts the value, or a possessive ("China's"),
  must occur in the passage (case-insensitive);
- **scope**: a field under a scope (``china.*``, :data:`.fields.SCOPES`) needs the document
  to name the scope at all, and a value naming a scope the passage does not name is refused;
- **relations**: a number and a name written in one sentence of the value must stand in one
  sentence of the passage together (who did what: "Meicai raised 12%" is refused when 12% is
  another company's figure); the direction of a number (up/down) is the summarizer's check.
"""

from __future__ import annotations

import re

from ..summarize.facts import find_mentions
from ..summarize.faithfulness import unsupported_facts
from ..summarize.segment import split_sentences
from .fields import SCOPES, Field

__all__ = ["model_problems"]

_CAPITAL = re.compile(r"\b[A-Z][A-Za-z'’-]+")
_POSSESSIVE = re.compile(r"\b([A-Z][A-Za-z-]+)['’]s\b")
_NAME = re.compile(r"\b[A-Z][A-Za-z'’-]+(?:\s+[A-Z][A-Za-z'’-]+)*")


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


_NOT_NAMES = frozenset("a an the we our this it its they their he she his her i you in on at for by "
                       "with from to of and but as".split())


def _names_in(sentence: str, passage: str) -> list[str]:
    """Capitalised words of the sentence (names); its first word only when the passage writes it
    capitalised too and it is no function word ("Meicai ARR up 19%": Meicai)."""
    out = []
    for m in _NAME.finditer(sentence):
        words = m.group(0).split()
        if m.start() == 0 and (words[0].lower() in _NOT_NAMES or words[0] not in passage):
            words = words[1:]
        out += [w.strip("'’-").removesuffix("'s").removesuffix("’s") for w in words if len(w) > 1]
    return out


def _relations(text: str, passage: str, lang: str) -> list[str]:
    """Numbers of ``text`` that stand with a name in ``text`` but never with it in ``passage``."""
    problems = []
    source = [s.text for s in split_sentences(passage, lang)]
    for sent in (s.text for s in split_sentences(text, lang)):
        names = _names_in(sent, passage) if lang == "en" else []
        if not names:
            continue
        for m in find_mentions(sent):
            holding = [s for s in source if any(abs(x.value - m.value) <= 1e-9 * max(1, abs(m.value))
                                                and x.percent == m.percent for x in find_mentions(s))]
            if holding and not any(all(n.lower() in s.lower() for n in names) for s in holding):
                problems.append(f"{m.raw} stands with {', '.join(names)} in no sentence of the source")
    return problems


def _names_scope(text: str, words: tuple[str, ...]) -> bool:
    low = text.lower()
    return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", low) if w.isascii() else w in low
               for w in words)


def model_problems(doc_text: str, lang: str, f: Field, value: object, passage: str) -> list[str]:
    """Why a model-written ``value`` for ``f`` may not be kept (empty: it may)."""
    problems: list[str] = []
    scope = [w for k in f.keys[:-1] for w in SCOPES.get(k, ())]
    if scope and not _names_scope(doc_text, tuple(scope)):
        return [f"the document says nothing about {f.keys[-2]}"]
    low_passage = passage.lower()
    for text in _strings(value):
        problems += unsupported_facts(text, passage, lang)
        if lang == "en":
            first = _CAPITAL.match(text.strip())
            words = ([first.group(0).strip("'’-")] if first else []) + [
                m.group(1) for m in _POSSESSIVE.finditer(text)]
            for w in words:
                bare = re.sub(r"['’]s$", "", w)
                if bare.lower() not in low_passage:
                    problems.append(f"name {bare}")
        for key, words in SCOPES.items():
            if _names_scope(text, words) and not _names_scope(passage, words):
                problems.append(f"{key} is not in the passage")
        problems += _relations(text, passage, lang)
    return list(dict.fromkeys(problems))
