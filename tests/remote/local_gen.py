"""A small real generator with the local model runtime's ``chat`` contract.

The router tests need a local backend whose speed they can vary; this one is
a seeded byte-bigram model decoded greedily (real computation, deterministic),
with an optional per-token cost, honouring ``cancel`` and ``on_token`` the way
``o3local.models`` generators do.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

ALPHABET = np.frombuffer(b"abcdefghijklmnopqrstuvwxyz ", dtype=np.uint8)


@dataclass
class Out:
    text: str
    finish_reason: str
    timings: dict = field(default_factory=dict)


class BigramGenerator:
    def __init__(self, seconds_per_token: float = 0.0) -> None:
        self.table = np.random.default_rng(3).random((256, len(ALPHABET)))
        self.seconds_per_token = seconds_per_token
        self.calls = 0

    def chat(self, messages, max_tokens=64, temperature=0.0, stop=None, on_token=None,
             cancel=None, logits_processor=None) -> Out:
        self.calls += 1
        prompt = "".join(m["content"] for m in messages).encode()
        state = prompt[-1] if prompt else 0
        out = bytearray()
        for _ in range(max_tokens):
            if cancel is not None and cancel.is_set():
                return Out(out.decode(), "cancelled")
            if self.seconds_per_token:
                time.sleep(self.seconds_per_token)
            nxt = int(ALPHABET[int(np.argmax(self.table[state]))])
            out.append(nxt)
            state = (state * 17 + nxt) % 256
            if on_token is not None:
                on_token(chr(nxt))
        return Out(out.decode(), "length")
