"""Abstractive summarization with the local LLM, map-reduce over long input.

The model only ever sees text that fits its context: the document is cut at
sentence boundaries into chunks measured in the model's own tokens, each
chunk is summarized (map), and the partial summaries are summarized again
(reduce) until one fits.  Every result passes the faithfulness guard; what it
rejects is replaced by the extractive summary, so a user never gets invented
numbers or names.
"""

from __future__ import annotations

import re
from typing import Any

from ...errors import InferenceError, TaskError
from .._model import load_generator
from . import Progress, Summary, bylines, extract, measured
from .faithfulness import guard
from .segment import split_sentences

#: ``auto`` keeps longer inputs extractive: map-reduce costs the model about
#: 10 s per 1,000 characters on a 2-core laptop, too slow to be a default
AUTO_MAX_CHARS = 3000


def auto_model(text: str, lang: str, style: str, model: str | None) -> str | None:
    """The local model ``auto`` should use here, or None for the extractive summary."""
    if len(text) > AUTO_MAX_CHARS:
        return None
    name = model_for(lang, model)
    # a model only where the measurement table has it above the extractive summary
    return name if name and measured.trusted_models(lang, style, [name]) else None


def model_for(lang: str, model: str | None) -> str | None:
    """The installed model that writes ``lang`` (``model`` if named and installed), else None.

    The task's models are tried in their catalog order, skipping any that do
    not write the language: without Qwen, Chinese gets no model at all rather
    than SmolLM2, which cannot write it.
    """
    try:
        from ...models import TASK_MODELS, ModelStore
        from ...models.catalog import writes

        store = ModelStore()
        names = [model] if model else TASK_MODELS["summarization"]
        return next((n for n in names if writes(n, lang) and store.is_installed(n)), None)
    except Exception:  # noqa: BLE001 - no model runtime or an unreadable store: no model
        return None

_PROMPTS = {
    "en": (
        "You write short, faithful summaries. Use only facts stated in the text; "
        "copy numbers, dates and names exactly.",
        "Summarize the text below in at most {chars} characters{bullets}.\n\nText:\n{text}",
    ),
    "zh": (
        "你是一个忠实的摘要助手。只使用原文中的事实,数字、日期和人名必须与原文完全一致。",
        "请用不超过{chars}个字概括下面的文字{bullets}。\n\n原文:\n{text}",
    ),
}
#: characters per token when a text is too short to measure (the chunker and
#: the output budgets otherwise measure the text with the model's own
#: tokenizer: SmolLM2 gives about 0.56 Chinese characters a token, Qwen 1.4)
_CHARS_PER_TOKEN = {"en": 4.0, "zh": 1.4}


def _ratio(gen: Any, text: str, lang: str) -> float:
    """Characters per token of ``text`` in ``gen``'s tokenizer."""
    if len(text) < 20:
        return _CHARS_PER_TOKEN[lang]
    return max(0.2, len(text) / max(1, gen.count_tokens(text)))
_MAX_DEPTH = 4
#: longer input than this many model contexts is cut down extractively first
#: (see :func:`abstract`); map-reduce alone took 8 minutes on a 62-page report
REDUCE_CONTEXTS = 2


def _messages(text: str, lang: str, max_chars: int, style: str) -> list[dict[str, str]]:
    system, user = _PROMPTS[lang]
    bullets = ""
    if style == "bullets":
        bullets = ", as a bullet list" if lang == "en" else ",用要点列表"
    elif style == "headline":
        bullets = ", as a one-line headline" if lang == "en" else ",写成一行标题"
    return [
        {"role": "system", "content": system},
        {"role": "user", "content": user.format(chars=max_chars, bullets=bullets, text=text)},
    ]


def _chunks(gen: Any, text: str, lang: str, budget: int) -> list[str]:
    """Cut ``text`` at sentence ends into pieces of at most ``budget`` tokens (the model's)."""
    joiner = "" if lang == "zh" else " "
    chunks: list[str] = []
    current: list[str] = []
    used = 0
    for sent in split_sentences(text, lang):
        n = gen.count_tokens(sent.text)
        if n > budget:  # one huge "sentence": cut it by characters
            step = max(1, int(budget * len(sent.text) / n * 0.8))
            pieces = [sent.text[i : i + step] for i in range(0, len(sent.text), step)]
        else:
            pieces = [sent.text]
        for piece in pieces:
            n = gen.count_tokens(piece)
            if current and used + n > budget:
                chunks.append(joiner.join(current))
                current, used = [], 0
            current.append(piece)
            used += n
    if current:
        chunks.append(joiner.join(current))
    return chunks


def _generate(gen: Any, text: str, lang: str, max_chars: int, style: str,
              ratio: float | None = None, max_tokens: int | None = None) -> str:
    ratio = ratio or _CHARS_PER_TOKEN[lang]
    if max_tokens is None:
        max_tokens = max(16, int(max_chars / ratio * 1.3))
    out = gen.chat(
        messages=_messages(text, lang, max_chars, style), max_tokens=max_tokens, temperature=0.0
    )
    return out.text.strip()


def abstract(gen: Any, text: str, lang: str, max_chars: int, style: str = "paragraph",
             progress: Progress | None = None) -> str:
    """The model's summary of ``text``, map-reduced to fit its context.

    A text longer than :data:`REDUCE_CONTEXTS` contexts is first cut down to
    one context of its best sentences, section by section (the extractive
    ranking): a 30-page report then costs one model call, not thirty, and the
    model still reads every section.
    """
    overhead = gen.count_tokens(_messages("", lang, max_chars, style)[1]["content"]) + 64
    ratio = _ratio(gen, text[:4000], lang)
    reserve = max(16, int(max_chars / ratio * 1.3))
    budget = gen.context_length - overhead - reserve
    if budget < 64:
        raise InferenceError("the model's context is too small to summarize with",
                             code="inference.context")
    if len(text) > REDUCE_CONTEXTS * budget * ratio:
        chars = max(200, int(budget * ratio * 0.9))
        if progress is not None:
            progress(f"long document ({len(text):,} characters): the model reads its best "
                     f"{chars:,} characters, section by section")
        text = extract(text, lang, chars, "paragraph", progress=progress).text
    for _ in range(_MAX_DEPTH):
        if gen.count_tokens(text) <= budget:
            if progress is not None:
                progress("writing the summary")
            return _generate(gen, text, lang, max_chars, style, ratio)
        parts = _chunks(gen, text, lang, budget)
        # The map step's partial summaries must fit the budget together, so
        # each gets a hard token share of 90 % of it (a model that writes more
        # than the characters it was asked for is cut by max_tokens, and the
        # next level always has less to read: the loop converges).
        share = max(16, int(budget * 0.9) // max(1, len(parts)))
        part_chars = max(40, int(share * ratio / 1.3))
        joiner = "\n" if lang == "en" else ""
        written = []
        for i, part in enumerate(parts, 1):
            if progress is not None:
                progress(f"summarizing part {i} of {len(parts)}")
            written.append(_generate(gen, part, lang, part_chars, "paragraph", ratio,
                                     max_tokens=share))
        text = joiner.join(written)
    raise TaskError("the document is too long to summarize with this model",
                    code="task.too_long")


_LANG_NAMES = {"en": "English", "zh": "Chinese"}


def _writes(model: str, lang: str) -> bool:
    from ...models.catalog import writes

    return writes(model, lang)


def _any_installed() -> bool:
    """Whether some summarization model is installed (else the usual not-installed error)."""
    try:
        from ...models import TASK_MODELS, ModelStore

        store = ModelStore()
        return any(store.is_installed(n) for n in TASK_MODELS["summarization"])
    except Exception:  # noqa: BLE001
        return False


def _fit(sentences: list[str], max_chars: int, style: str, lang: str) -> list[str]:
    out: list[str] = []
    used = 0
    for s in sentences:
        s = s.lstrip("-*• ").strip()
        cost = len(s) + (3 if style == "bullets" else (0 if lang == "zh" else 1)) * bool(out)
        if used + cost + (2 if style == "bullets" else 0) > max_chars:
            break
        out.append(s)
        used += cost
    return out


#: a headline or title ends without a full stop, a comma or a semicolon (a "？" or "！" it
#: keeps: it is part of what the line says).  Qwen's Chinese headlines on sum-lcsts3's tune
#: rows, all 150: R-1 27.8 -> 27.9 (the mark is one token of ROUGE's character tokens)
_HEADLINE_END = "。.，,；;：: \u3000"


#: a line the model put in quote marks as a whole ('“养老体系改革顶层方案”', '"移动设计优化"'),
#: in Chinese only (English headlines are left as they were)
_WRAPPED = re.compile(r'^(["“「『])([^"“”「」『』]+)(["”」』])$')


def headline_line(line: str, source: str = "", lang: str = "") -> str:
    """A model's headline without the sentence mark it ended with, and without quote marks
    around the whole line unless ``source`` quotes that very text: a headline in quotes
    reads as someone's words (Chinese: on Qwen's 585 kept Chinese headlines of sum-lcsts2/3, 21 were
    wrapped so; R-1 28.18 -> 28.15, a mark or two of ROUGE's character tokens)."""
    line = line.strip().rstrip(_HEADLINE_END) or line.strip()
    m = _WRAPPED.match(line)
    if m and lang == "zh" and m.group(0) not in source:
        line = m.group(2).strip().rstrip(_HEADLINE_END) or line
    return line


def abstract_or_fallback(
    text: str,
    lang: str,
    max_chars: int,
    style: str,
    method: str,
    max_sentences: int | None,
    model: str | None,
    progress: Progress | None = None,
) -> Summary:
    """Run the abstractive path; fall back to extractive where it cannot be trusted."""
    if method == "auto":
        model = auto_model(text, lang, style, model)
        if model is None:
            # no installed model has been measured better than extractive here:
            # do not even load one
            return extract(text, lang, max_chars, style, max_sentences, progress=progress)
    if model is not None and not _writes(model, lang):
        raise TaskError(f"the model {model} does not write {_LANG_NAMES[lang]}; use a model "
                        "that does (qwen2.5-coder-0.5b-instruct) or --method extractive",
                        code="task.model_language")
    chosen = model_for(lang, model)
    if chosen is None and model is None and method == "abstractive" and _any_installed():
        result = extract(text, lang, max_chars, style, max_sentences, progress=progress)
        result.notes.append(f"no installed model writes {_LANG_NAMES[lang]} (build "
                            "qwen2.5-coder-0.5b-instruct); used the extractive summary")
        return result
    gen = load_generator(chosen or model, "summarization", required=method == "abstractive")
    if gen is None:
        result = extract(text, lang, max_chars, style, max_sentences, progress=progress)
        result.notes.append("no local model installed; used the extractive summary")
        return result
    # the model reads no bylines, so it cannot copy one into a headline
    draft = abstract(gen, bylines.strip_text(text, lang), lang, max_chars, style, progress)
    return finish(draft, text, lang, max_chars, style, max_sentences, progress)


def finish(draft: str, text: str, lang: str, max_chars: int, style: str,
           max_sentences: int | None = None, progress: Progress | None = None) -> Summary:
    """The summary from the model's ``draft`` of ``text``: what the guard keeps, fitted to
    ``max_chars``; the extractive summary where too little is kept."""
    report = guard(draft, text, lang)
    kept = _fit(report.kept, max_chars, style, lang)
    notes = [f"dropped unfaithful sentence ({why}): {s}" for s, why in report.dropped]
    if not kept or sum(map(len, kept)) < 0.4 * min(len(draft), max_chars):
        result = extract(text, lang, max_chars, style, max_sentences, progress=progress)
        result.notes += notes + ["abstractive summary unfaithful or empty; used extractive"]
        return result
    if style == "headline":
        kept = [headline_line(kept[0], text, lang)]
    joined = "\n".join(f"- {s}" for s in kept) if style == "bullets" else (
        ("" if lang == "zh" else " ").join(kept))
    return Summary(joined, lang, "abstractive", kept, len(text), notes)
