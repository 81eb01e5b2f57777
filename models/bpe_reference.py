"""An independent, plain-Python BPE tokenizer following llama.cpp's algorithm.

There is no llama.cpp in this environment to compare the rebuilt
``tokenizer.json`` with, so this module re-implements what llama.cpp does
with a GGUF vocabulary (llm_tokenizer_bpe): split special tokens out first,
apply the pre-tokenizer regexes in order, map bytes to GPT-2's printable
alphabet, then merge the adjacent pair of lowest merge rank until none is
left.  It shares no code with the ``tokenizers`` library, so agreement of
the two on thousands of strings is evidence that the rebuilt file is right.
"""

from __future__ import annotations

import functools
from typing import Any


@functools.lru_cache(maxsize=1)
def _byte_map() -> dict[int, str]:
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1))
    bs += list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {b: chr(c) for b, c in zip(bs, cs, strict=True)}


class ReferenceBPE:
    def __init__(self, meta: dict[str, Any]) -> None:
        import regex

        from .gguf_tokenizer import CONTROL, PRE_TOKENIZERS, USER_DEFINED

        tokens = list(meta["tokenizer.ggml.tokens"])
        types = list(meta.get("tokenizer.ggml.token_type", [1] * len(tokens)))
        self.vocab = {t: i for i, t in enumerate(tokens)}
        self.ranks = {tuple(m.split(" ", 1)): r for r, m in enumerate(meta["tokenizer.ggml.merges"])}
        self.regexes = [regex.compile(rx) for rx in PRE_TOKENIZERS[meta["tokenizer.ggml.pre"]]]
        specials = sorted((t for t, ty in zip(tokens, types, strict=False) if ty in (CONTROL, USER_DEFINED)),
                          key=len, reverse=True)
        self.special_re = regex.compile("|".join(regex.escape(s) for s in specials)) if specials else None
        self._cache: dict[str, list[int]] = {}

    def _split(self, text: str) -> list[str]:
        pieces = [text]
        for rx in self.regexes:
            out: list[str] = []
            for p in pieces:
                pos = 0
                for m in rx.finditer(p):
                    if m.start() > pos:
                        out.append(p[pos:m.start()])
                    if m.group():
                        out.append(m.group())
                    pos = m.end()
                if pos < len(p):
                    out.append(p[pos:])
            pieces = out
        return pieces

    def _bpe(self, word: str) -> list[int]:
        if word in self._cache:
            return self._cache[word]
        bm = _byte_map()
        parts = [bm[b] for b in word.encode("utf-8")]
        while len(parts) > 1:
            best, best_rank = -1, None
            for i in range(len(parts) - 1):
                r = self.ranks.get((parts[i], parts[i + 1]))
                if r is not None and (best_rank is None or r < best_rank):
                    best, best_rank = i, r
            if best < 0:
                break
            parts[best:best + 2] = [parts[best] + parts[best + 1]]
        ids = [self.vocab[p] for p in parts]
        self._cache[word] = ids
        return ids

    def encode(self, text: str) -> list[int]:
        ids: list[int] = []
        chunks: list[tuple[str, bool]] = []
        pos = 0
        if self.special_re is not None:
            for m in self.special_re.finditer(text):
                chunks.append((text[pos:m.start()], False))
                chunks.append((m.group(), True))
                pos = m.end()
        chunks.append((text[pos:], False))
        for chunk, special in chunks:
            if special:
                ids.append(self.vocab[chunk])
                continue
            for piece in self._split(chunk):
                ids.extend(self._bpe(piece))
        return ids
