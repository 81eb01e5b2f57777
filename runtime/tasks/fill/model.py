"""The model writer: the local LLM writes a prose field under a grammar from its schema.

Only prose kinds (``headline``, ``text``, ``bullets``) are written by the
model; numbers, dates, names and tables are read from the document, where a
0.5B model would only add conversion mistakes.  The prompt holds the field's
retrieved passage (not the whole document) and the user context (industry,
audience); the answer is a JSON string or list of strings whose length and
item count the grammar bounds (``maxLength``, ``maxItems``), so it always
parses.  The caller checks it with the faithfulness guard and falls back to
the extractive answer.
"""

from __future__ import annotations

import json
from typing import Any

from ...errors import InferenceError
from .._model import load_generator
from ..constrained import GrammarProcessor, RegexAutomaton
from .document import Document
from .extract import BULLET_CHARS, HEADLINE_CHARS, MAX_BULLETS, TEXT_CHARS, Answer, passage
from .fields import Field

KINDS = ("headline", "text", "bullets")
_STR = r'"[^"\\\n]{{{lo},{hi}}}"'

_SYSTEM = {
    "en": ("You fill one field of a {what} from the user's document. Use only facts stated in "
           "the document; copy numbers, dates and names exactly.{steer} Reply with JSON only."),
    "zh": ("你根据用户的文档填写{what}中的一个字段。只使用文档中的事实,数字、日期和名称必须与原文一致。"
           "{steer}只输出 JSON。"),
}
_ASK = {
    ("en", "headline"): "Write a headline of at most {n} characters.",
    ("en", "text"): "Write one or two sentences, at most {n} characters.",
    ("en", "bullets"): "Write a JSON list of at most {k} short points, each under {n} characters.",
    ("zh", "headline"): "写一个不超过{n}个字的标题。",
    ("zh", "text"): "写一两句话,不超过{n}个字。",
    ("zh", "bullets"): "写一个 JSON 列表,最多{k}条要点,每条不超过{n}个字。",
}


def _steer(context: dict[str, str], lang: str) -> str:
    parts = []
    for key, en, zh in (("industry", "The industry is {}.", "行业:{}。"),
                        ("audience", "Write for {}.", "读者:{}。")):
        v = context.get(key)
        if isinstance(v, str) and v.strip():
            parts.append((zh if lang == "zh" else en).format(v.strip()[:60]))
    return (" " if lang == "en" else "") + " ".join(parts) if parts else ""


class ModelWriter:
    """Writes the prose fields of one fill with one local model."""

    def __init__(self, name: str, doc: Document, context: dict[str, str],
                 what: str = "template") -> None:
        self.name = name
        self.doc = doc
        self.context = context
        self.what = what
        self.gen = load_generator(name, "summarization", required=True)

    def writes(self, f: Field) -> bool:
        """Prose fields, except those the document states on a ``Label: value`` line."""
        from .extract import _label_value

        return f.kind in KINDS and _label_value(self.doc, f) is None

    def _limits(self, f: Field) -> tuple[int, int]:
        lang = self.doc.lang
        if f.kind == "bullets":
            items = f.schema.get("items") if isinstance(f.schema.get("items"), dict) else {}
            return int(items.get("maxLength", BULLET_CHARS[lang])), min(f.max_items, MAX_BULLETS)
        table = HEADLINE_CHARS if f.kind == "headline" else TEXT_CHARS
        return f.max_chars or table[lang], 1

    def _echo(self, text: str, f: Field) -> bool:
        """The prompt's own words copied back ("Field: problem.points", a bare heading)."""
        low = text.lower()
        headings = {s.heading.lower() for s in self.doc.sections if s.heading}
        return ("field:" in low or "document:" in low or ".".join(f.keys).lower() in low
                or low.rstrip("。.") in headings)

    def _short(self, text: str) -> bool:
        """A bullet too short to say anything: fewer than 3 words (4 characters in Chinese)."""
        return len(text) < 4 if self.doc.lang == "zh" else len(text.split()) < 3

    def grammar(self, f: Field) -> RegexAutomaton:
        n, k = self._limits(f)
        lo = max(1, int(f.schema.get("minLength", 1))) if f.kind != "bullets" else 1
        one = _STR.format(lo=lo, hi=n)
        if f.kind == "bullets":
            return RegexAutomaton(rf"\[{one}(?:, {one}){{0,{k - 1}}}\]")
        return RegexAutomaton(one)

    def messages(self, f: Field) -> list[dict[str, str]]:
        lang = self.doc.lang
        n, k = self._limits(f)
        system = _SYSTEM[lang].format(what=self.what, steer=_steer(self.context, lang))
        desc = f" ({f.description})" if f.description else ""
        field = ".".join(f.keys)
        user = (f"Document:\n{passage(self.doc, f)}\n\nField: {field}{desc}\n"
                + _ASK[(lang, f.kind)].format(n=n, k=k))
        return [{"role": "system", "content": system}, {"role": "user", "content": user}]

    def answer(self, f: Field) -> Answer | None:
        n, k = self._limits(f)
        proc = GrammarProcessor(self.gen.tokenizer, self.grammar(f))
        ratio = 1.0 if self.doc.lang == "zh" else 3.0
        try:
            out = self.gen.chat(messages=self.messages(f), temperature=0.0, logits_processor=proc,
                                max_tokens=int(n * k / ratio) + 8 * k + 8)
        except InferenceError:
            return None
        if not proc.done(out.text):
            return None
        try:
            value: Any = json.loads(out.text)
        except json.JSONDecodeError:
            return None
        if isinstance(value, list):
            value = [v.strip() for v in value if isinstance(v, str) and v.strip()]
            if any(self._echo(v, f) or self._short(v) for v in value):
                return None
        elif isinstance(value, str):
            value = value.strip()
            if self._echo(value, f):
                return None
        if not value:
            return None
        return Answer(value, passage(self.doc, f)[:120], [f"written by {self.name}"])
