"""A small, real AI task that exists only through the task registry: a text's key terms.

Nothing in o3-local names it: :data:`TASK` is one :class:`~o3local.tasks.registry.AITask`
and :func:`install` registers it.  The terms are ranked with the extractive
summarizer's own tf-idf (idf over the text's sentences), so the answer is
deterministic and needs no model.  tests/tasks/test_registry.py then finds it
in the hook, the service, a template's ``ai_slots``, validation and the CLI.
"""

from __future__ import annotations

import re
from typing import Any

import click

from o3local.errors import Location, TaskError, UsageError
from o3local.permissions import READ_DOCUMENT
from o3local.tasks.registry import AITask, SlotCall, register, unregister

_WORDS = re.compile(r"[A-Za-z]+(?:'[a-z]+)?|[\u3400-\u9fff\uf900-\ufaff]+")


def keywords(text: str, top: int = 5, lang: str = "auto") -> dict[str, Any]:
    """The key terms of a text (tf-idf over its own sentences), best first."""
    from o3local.tasks.summarize.extractive import tfidf_matrix, tokens
    from o3local.tasks.summarize.segment import resolve_language, split_sentences

    if isinstance(top, bool) or not 1 <= top <= 50:
        raise UsageError("top must be an integer in 1..50", code="usage.argument",
                         where=Location(pointer="/top"))
    if not text.strip():
        raise TaskError("the text is empty: no key terms", code="task.empty")
    lang = resolve_language(text, lang)
    sentences = [s.text for s in split_sentences(text, lang)]
    matrix = tfidf_matrix(sentences, lang)
    vocab = sorted({t for s in sentences for t in tokens(s, lang)})
    weight = matrix.sum(axis=0)
    # a term as the reader wrote it: English stems -> the first word with that stem,
    # Chinese -> character bigrams only (a lone character is rarely a term)
    surface: dict[str, str] = {}
    for word in _WORDS.findall(text):
        if word.isascii():
            (term,) = tokens(word, lang) or ("",)
            if len(word) >= 3:
                surface.setdefault(term, word.lower())
    ranked = sorted(((-float(weight[i]), term) for i, term in enumerate(vocab)
                     if term in surface or (not term.isascii() and len(term) == 2)))
    terms = [surface.get(term, term) for _, term in ranked[:top]]
    return {"keywords": terms, "lang": lang, "sentences": len(sentences)}


def keywords_slot(call: SlotCall) -> tuple[str, dict[str, Any]]:
    from o3local.tasks.builtin import slot_text

    limits = call.slot.get("limits") or {}
    found = keywords(slot_text(call, "lists the key terms of"),
                     top=min(50, max(1, limits.get("max_chars", 60) // 12)),
                     lang=call.slot.get("lang", "auto"))
    return ", ".join(found["keywords"]), {"method": "tfidf", "lang": found["lang"]}


@click.command("keywords")
@click.argument("text")
@click.option("--top", type=int, default=5, show_default=True)
def keywords_command(text: str, top: int) -> None:
    """Print the key terms of TEXT, one a line."""
    for term in keywords(text, top=top)["keywords"]:
        click.echo(term)


_HERE = __name__
TASK = AITask(
    name="keywords", capability="keyword-extraction", permission=READ_DOCUMENT, model_task=None,
    operation="keywords", runner=f"{_HERE}:keywords", slot_runner=f"{_HERE}:keywords_slot",
    cli=("keywords", f"{_HERE}:keywords_command", "List the key terms of a text."),
    words="keywords key terms 关键词")


def install() -> AITask:
    return register(TASK)


def uninstall() -> None:
    unregister(TASK.name)
