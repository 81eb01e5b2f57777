"""Grammar-constrained decoding: the model may only write what the grammar allows.

A logits processor for :meth:`Generator.chat`: at every step it masks the
tokens whose text would take the output outside the grammar, so a small
model cannot produce an unknown function, an unbalanced parenthesis or a
column the sheet does not have.  A grammar is two predicates over the text
so far: ``viable`` (can still be completed) and ``done`` (a complete answer).
Candidate tokens are pre-filtered by their first character, so each step
tests only the few hundred tokens that could fit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from ..errors import InferenceError

Predicate = Callable[[str], bool]


class _Vocab:
    """Each token's text, grouped by first character (built once per tokenizer)."""

    _cache: dict[int, _Vocab] = {}

    def __init__(self, tokenizer: Any) -> None:
        self.text: list[str | None] = []
        self.by_first: dict[str, list[int]] = defaultdict(list)
        for tid, piece in enumerate(tokenizer.pieces()):
            try:
                s = piece.decode("utf-8") if isinstance(piece, bytes) else str(piece)
            except UnicodeDecodeError:
                s = None  # a partial UTF-8 sequence: never needed by our grammars
            self.text.append(s)
            if s:
                self.by_first[s[0]].append(tid)

    @classmethod
    def of(cls, tokenizer: Any) -> _Vocab:
        key = id(tokenizer)
        if key not in cls._cache:
            cls._cache[key] = cls(tokenizer)
        return cls._cache[key]


class GrammarProcessor:
    """``logits_processor(generated_ids, logits) -> logits`` enforcing a grammar."""

    def __init__(self, tokenizer: Any, viable: Predicate, done: Predicate, prefix: str = "") -> None:
        self.tokenizer = tokenizer
        self.vocab = _Vocab.of(tokenizer)
        self.viable = viable
        self.done = done
        self.prefix = prefix
        self.eos = list(getattr(tokenizer, "eos_ids", []) or [])

    def __call__(self, generated: list[int], logits: Any) -> Any:
        import numpy as np

        text = self.prefix + (self.tokenizer.decode(list(generated)) if generated else "")
        allowed: list[int] = []
        for first, ids in self.vocab.by_first.items():
            if not self.viable(text + first):
                continue
            for tid in ids:
                piece = self.vocab.text[tid]
                if piece is not None and (len(piece) == 1 or self.viable(text + piece)):
                    allowed.append(tid)
        if self.done(text):
            allowed.extend(self.eos)
        if not allowed:
            raise InferenceError("the grammar allows no continuation", code="inference.grammar")
        out = np.full_like(np.asarray(logits, dtype=np.float32), -np.inf)
        idx = np.array(allowed, dtype=np.int64)
        idx = idx[idx < out.shape[-1]]
        out[idx] = np.asarray(logits, dtype=np.float32)[idx]
        return out


def regex_grammar(pattern: str) -> tuple[Predicate, Predicate]:
    """``viable``/``done`` for a regular language, by partial matching."""
    import regex

    compiled = regex.compile(pattern)

    def viable(text: str) -> bool:
        return compiled.fullmatch(text, partial=True) is not None

    def done(text: str) -> bool:
        m = compiled.fullmatch(text)
        return m is not None

    return viable, done
