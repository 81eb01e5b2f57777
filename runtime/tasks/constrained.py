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

from collections.abc import Callable
from typing import Any

from ..errors import InferenceError

Predicate = Callable[[str], bool]


class _Vocab:
    """Every token's text in a character trie (built once per tokenizer).

    Walking the trie with the grammar prunes whole subtrees at the first
    character that cannot follow, so a step costs a few hundred checks, not
    one per vocabulary entry.
    """

    _cache: dict[int, _Vocab] = {}

    def __init__(self, tokenizer: Any) -> None:
        self.root: dict[str, Any] = {}
        self.plain: list[int] = []  # tokens that cannot end a string: no quote, backslash, newline
        self.quoted: list[tuple[int, str]] = []
        for tid, piece in enumerate(tokenizer.pieces()):
            try:
                s = piece.decode("utf-8") if isinstance(piece, bytes) else str(piece)
            except UnicodeDecodeError:
                continue  # a partial UTF-8 sequence: never needed by our grammars
            if not s:
                continue
            if any(ch in s for ch in '"\\\n'):
                self.quoted.append((tid, s))
            else:
                self.plain.append(tid)
            node = self.root
            for ch in s:
                node = node.setdefault(ch, {})
            node.setdefault(_END, []).append(tid)

    @classmethod
    def of(cls, tokenizer: Any) -> _Vocab:
        key = id(tokenizer)
        if key not in cls._cache:
            cls._cache[key] = cls(tokenizer)
        return cls._cache[key]


_END = "\x00end"


class GrammarProcessor:
    """``logits_processor(generated_ids, logits) -> logits`` enforcing a grammar."""

    def __init__(self, tokenizer: Any, viable: Predicate, done: Predicate, prefix: str = "",
                 in_free_string: Predicate | None = None) -> None:
        self.in_free_string = in_free_string
        self.tokenizer = tokenizer
        self.vocab = _Vocab.of(tokenizer)
        self.viable = viable
        self.done = done
        self.prefix = prefix
        self.eos = list(getattr(tokenizer, "eos_ids", []) or [])

    def allowed(self, text: str) -> list[int]:
        """Token ids whose text keeps ``text`` inside the grammar."""
        if self.in_free_string is not None and self.in_free_string(text):
            # inside free text nearly every token fits: take the quote-free ones
            # wholesale and check only those that could close the string
            return self.vocab.plain + [t for t, s in self.vocab.quoted if self.viable(text + s)]
        out: list[int] = []
        stack: list[tuple[dict[str, Any], str]] = [(self.vocab.root, "")]
        while stack:
            node, path = stack.pop()
            for ch, child in node.items():
                if ch == _END:
                    out.extend(child)
                    continue
                if self.viable(text + path + ch):
                    stack.append((child, path + ch))
        return out

    def __call__(self, generated: list[int], logits: Any) -> Any:
        import numpy as np

        text = self.prefix + (self.tokenizer.decode(list(generated)) if generated else "")
        allowed = self.allowed(text)
        if self.done(text):
            allowed.extend(self.eos)
        if not allowed:
            raise InferenceError(f"the grammar allows no continuation after {text[-60:]!r}",
                                 code="inference.grammar")
        scores = np.asarray(logits, dtype=np.float32)
        out = np.full_like(scores, -np.inf)
        idx = np.array(sorted(set(allowed)), dtype=np.int64)
        idx = idx[idx < out.shape[-1]]
        out[idx] = scores[idx]
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
