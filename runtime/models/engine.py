"""Text generation with a KV cache over an installed model.

One :class:`Generator` per model is shared by every task in the process; a
lock runs one generation at a time (on a 2-4 core laptop two concurrent runs
would only slow each other down).  The KV cache holds at most
``context_length`` positions: a prompt longer than that keeps its first
``_KEEP_HEAD`` tokens (system prompt) and its most recent ones, and when
generation fills the window, the same window slides forward by re-reading
the kept tokens, so long inputs still complete instead of failing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import InferenceError, UsageError
from .loader import LoadedModel
from .store import Manifest, ModelStore
from .tokenizer import ModelTokenizer

_KEEP_HEAD = 64
_PREAMBLES = 4  # score(shared=): how many preambles' caches are kept
_FULL_WAIT_S = 5.0  # score(): how long to wait for the full session before using the quick one

LogitsProcessor = Callable[[list[int], Any], Any]


@dataclass
class GenerationResult:
    text: str
    tokens: list[int]
    finish_reason: str  # "stop" | "length" | "cancelled"
    prompt_tokens: int
    timings: dict[str, float] = field(default_factory=dict)


class Generator:
    def __init__(self, manifest: Manifest, store: ModelStore, strategy: str = "warm",
                 context_length: int | None = None, use_cache: bool = True) -> None:
        self.manifest = manifest
        self.name = manifest.name
        self.model = LoadedModel(manifest, store, strategy, use_cache=use_cache)
        self.tokenizer = ModelTokenizer(self.model.tokenizer_path, manifest.data)
        limit = int(manifest.data["graph"]["max_positions"])
        self.context_length = min(context_length or int(manifest.data["context_length"]), limit)
        self._lock = threading.Lock()
        g = manifest.data["graph"]
        self._layers, self._kv_heads, self._head_dim = g["layers"], g["kv_heads"], g["head_dim"]
        self._preambles: dict[tuple[int, ...], list[Any]] = {}  # score(shared=): cached KV of a preamble

    @property
    def ready(self) -> threading.Event:
        """Set once a request can be served (for int8-column models: by the quick session)."""
        return self.model.ready

    @property
    def full_ready(self) -> threading.Event:
        """Set once generation runs at full speed (the packed session is in place)."""
        return self.model.full_ready

    def preload(self, wait: bool = True) -> None:
        self.model.preload(wait)

    def count_tokens(self, text: str) -> int:
        return self.tokenizer.count_tokens(text)

    # -- public generation API --------------------------------------------
    def chat(self, messages: list[dict[str, str]], **options: Any) -> GenerationResult:
        """Generate the assistant's reply with the model's chat template (same options as complete)."""
        return self._run(self.tokenizer.encode_chat(messages, add_generation_prompt=True), **options)

    def complete(self, prompt: str, max_tokens: int = 256, temperature: float = 0.0, top_p: float = 1.0,
                 seed: int = 0, stop: list[str] | None = None,
                 on_token: Callable[[str], Any] | None = None, cancel: threading.Event | None = None,
                 logits_processor: LogitsProcessor | None = None) -> GenerationResult:
        return self._run(self.tokenizer.encode(prompt), max_tokens, temperature, top_p, seed, stop,
                         on_token, cancel, logits_processor)

    def _run(self, ids: list[int], max_tokens: int = 256, temperature: float = 0.0, top_p: float = 1.0,
             seed: int = 0, stop: list[str] | None = None, on_token: Callable[[str], Any] | None = None,
             cancel: threading.Event | None = None,
             logits_processor: LogitsProcessor | None = None) -> GenerationResult:
        if max_tokens < 1:
            raise UsageError(f"max_tokens must be at least 1, not {max_tokens}", code="usage.generation")
        if temperature < 0 or not 0 < top_p <= 1:
            raise UsageError(f"temperature must be >= 0 and top_p in (0, 1], not {temperature} and {top_p}",
                             code="usage.generation")
        stops = [s for s in (stop or []) if s]
        with self._lock:
            return self._generate(ids, max_tokens, temperature, top_p, seed, stops, on_token, cancel,
                                  logits_processor)

    def score(self, prompt_ids: list[int], continuations: list[list[int]], *, shared: int = 0,
              until_unique: bool = False) -> list[float]:
        """Log-probability of each continuation after ``prompt_ids``; no token is generated.

        The graph returns the logits of the last position only, so a continuation
        costs one one-token run per token; continuations that share a prefix share
        those runs (a depth-first walk of their token trie over one KV cache, each
        sibling overwriting the same cache positions).  ``until_unique`` stops a
        continuation's walk where no other one shares its tokens: its score is
        then the probability of committing to it (the tokens after that point are
        the copy of a name the prompt lists).  The first ``shared`` tokens of the
        prompt (a fixed preamble, e.g. few-shot examples) are read once per
        generator and their cache is reused by later calls.
        """
        import numpy as np

        if not prompt_ids or any(not c for c in continuations) or not 0 <= shared < len(prompt_ids):
            raise UsageError("score needs a prompt, non-empty continuations and shared < the prompt",
                             code="usage.argument")
        longest = max((len(c) for c in continuations), default=0)
        if len(prompt_ids) + longest > self.context_length:
            raise UsageError(f"prompt and continuation exceed the context ({self.context_length} tokens)",
                             code="usage.argument")
        trie: dict[Any, Any] = {}
        sharing: dict[tuple[int, ...], int] = {}  # how many continuations start with a path
        for c in continuations:
            node = trie
            for k, t in enumerate(c):
                node = node.setdefault(t, {})
                sharing[tuple(c[:k + 1])] = sharing.get(tuple(c[:k + 1]), 0) + 1
        logp_of: dict[tuple[int, ...], float] = {}

        def log_softmax(logits: Any) -> Any:
            z = np.asarray(logits, dtype=np.float64)
            z = z - z.max()
            return z - np.log(np.exp(z).sum())

        # the quick and the full session give slightly different numbers: score on the full
        # one when it comes soon, so a decision taken on these scores does not depend on timing
        self.model.full_ready.wait(timeout=_FULL_WAIT_S)
        with self._lock:
            sess = self.model.session()
            try:
                kv = _KVCache(sess, self._layers, self._kv_heads, self._head_dim, self.context_length)
            except Exception as exc:  # onnxruntime errors are not O3Errors
                raise InferenceError(f"cannot bind the KV cache: {exc}", code="inference.run") from exc
            start = 0
            if shared:
                key = (id(sess), *prompt_ids[:shared])  # a preamble read by this session
                saved = self._preambles.get(key)
                if saved is None:
                    self._forward(kv, list(prompt_ids[:shared]), shared)
                    saved = [a[:, :, :shared, :].copy() for a in kv.arrays]
                    # the last few preambles used (a formula request may score under two prompts:
                    # grounding's and the phrasing ranker's); a few MB each for a 0.5B model
                    while len(self._preambles) >= _PREAMBLES:
                        self._preambles.pop(next(iter(self._preambles)))
                    self._preambles[key] = saved
                else:
                    self._preambles[key] = self._preambles.pop(key)  # most recently used last
                    for a, part in zip(kv.arrays, saved, strict=True):
                        a[:, :, :shared, :] = part
                start = shared

            def walk(prefix: tuple[int, ...], node: dict[Any, Any], lp: Any, acc: float) -> None:
                for tok, child in node.items():
                    path = (*prefix, tok)
                    logp_of[path] = acc + float(lp[tok])
                    if child and (not until_unique or sharing[path] > 1):
                        # read this token at its position now, before a sibling overwrites it
                        logits = self._forward(kv, [tok], len(prompt_ids) + len(path))
                        walk(path, child, log_softmax(logits), logp_of[path])
                    elif child:
                        stack = [(path, child)]
                        while stack:  # the rest of a unique continuation keeps this score
                            p, n = stack.pop()
                            for t2, c2 in n.items():
                                logp_of[(*p, t2)] = logp_of[path]
                                stack.append(((*p, t2), c2))

            first = self._forward(kv, list(prompt_ids[start:]), len(prompt_ids))
            walk((), trie, log_softmax(first), 0.0)
        return [logp_of[tuple(c)] for c in continuations]

    # -- internals -----------------------------------------------------------
    def _window(self, ids: list[int], room: int) -> list[int]:
        """``ids`` cut to fit the window with ``room`` positions left for new tokens."""
        budget = self.context_length - room
        if len(ids) <= budget:
            return list(ids)
        head = min(_KEEP_HEAD, budget // 4)
        return ids[:head] + ids[len(ids) - (budget - head):]

    def _forward(self, kv: _KVCache, ids: list[int], total: int):
        try:
            best = self.model.session()  # the full session once its background build is done
            if best is not kv.session:
                kv.bind(best)  # same numbers on either session: only the speed changes
            return kv.run(ids, total)
        except Exception as exc:  # onnxruntime errors are not O3Errors
            raise InferenceError(f"model run failed: {exc}", code="inference.run") from exc

    def _generate(self, prompt_ids: list[int], max_tokens: int, temperature: float, top_p: float, seed: int,
                  stops: list[str], on_token: Callable[[str], Any] | None, cancel: threading.Event | None,
                  logits_processor: LogitsProcessor | None) -> GenerationResult:
        import numpy as np

        t_start = time.perf_counter()
        if not prompt_ids:
            prompt_ids = [self.tokenizer.eos_ids[0]] if self.tokenizer.eos_ids else [0]
        room = min(max_tokens, max(1, self.context_length // 4))
        context = self._window(prompt_ids, room)
        context_at_prefill = list(context)
        sess = self.model.session()
        try:
            kv = _KVCache(sess, self._layers, self._kv_heads, self._head_dim, self.context_length)
        except Exception as exc:  # onnxruntime errors are not O3Errors
            raise InferenceError(f"cannot bind the KV cache: {exc}", code="inference.run") from exc
        rng = np.random.default_rng(seed)
        eos = set(self.tokenizer.eos_ids)
        generated: list[int] = []
        text, emitted, reason = "", 0, "length"
        n_prompt = len(prompt_ids)
        logits = self._forward(kv, context, len(context))
        t_first = time.perf_counter()
        prefill_s = t_first - t_start
        ttft = None
        while len(generated) < max_tokens:
            if cancel is not None and cancel.is_set():
                reason = "cancelled"
                break
            scores = np.array(logits, dtype=np.float32)
            if logits_processor is not None:
                scores = np.asarray(logits_processor(list(generated), scores), dtype=np.float32)
            token = _pick(scores, temperature, top_p, rng)
            if ttft is None:
                ttft = time.perf_counter() - t_start
            if token in eos:
                reason = "stop"
                break
            generated.append(token)
            context.append(token)
            text = self.tokenizer.decode(generated)
            cut = _find_stop(text, stops)
            if cut is not None:
                text, reason = text[:cut], "stop"
                break
            safe = _safe_prefix(text, stops)
            if on_token is not None and safe > emitted:
                on_token(text[emitted:safe])
                emitted = safe
            if len(generated) >= max_tokens:
                break
            if len(context) >= self.context_length:  # slide the window: re-read the kept tokens
                context = self._window(context, max(1, self.context_length // 4))
                logits = self._forward(kv, context, len(context))  # rewrites the cache from position 0
            else:
                logits = self._forward(kv, [token], len(context))
        if on_token is not None and len(text) > emitted and reason != "cancelled":
            on_token(text[emitted:])
        t_end = time.perf_counter()
        decode_n = max(0, len(generated) - 1)
        timings = {
            "ttft_ms": (ttft if ttft is not None else t_end - t_start) * 1000,
            "prefill_ms": prefill_s * 1000,
            "prefill_tok_s": len(context_at_prefill) / prefill_s if prefill_s > 0 else 0.0,
            "decode_tok_s": decode_n / (t_end - t_first) if decode_n and t_end > t_first else 0.0,
            "total_ms": (t_end - t_start) * 1000,
        }
        return GenerationResult(text, generated, reason, n_prompt, timings)


class _KVCache:
    """One generation's KV cache: a ``[1, kv_heads, window, head_dim]`` buffer per layer and kind,
    bound as both the past input and the present output of GroupQueryAttention.

    With the two bound to the same memory GQA appends the new positions in place
    (``seqlens_k`` says how many are valid) instead of copying the whole past
    into a new present tensor at every step, and no KV tensor crosses into
    numpy.  The buffers are zero pages until written, so memory still grows
    with the tokens actually cached, and they go away with the generation.
    """

    def __init__(self, sess: Any, layers: int, kv_heads: int, head_dim: int, window: int) -> None:
        import numpy as np
        import onnxruntime as ort

        self._np = np
        self._layers = layers
        self._arrays = [np.zeros((1, kv_heads, window, head_dim), np.float32) for _ in range(2 * layers)]
        self._values = [ort.OrtValue.ortvalue_from_numpy(a) for a in self._arrays]
        self.arrays = self._arrays  # the cache itself (score() restores a preamble into it)
        self.session: Any = None
        self.bind(sess)

    def bind(self, sess: Any) -> None:
        """Run on ``sess`` from now on, over the same cache buffers (the loader's quick -> full switch)."""
        binding = sess.io_binding()
        binding.bind_output("logits")  # first, so it is get_outputs()[0]
        for i in range(self._layers):
            for j, kind in enumerate(("key", "value")):
                value = self._values[2 * i + j]
                binding.bind_ortvalue_input(f"past_key_values.{i}.{kind}", value)
                binding.bind_ortvalue_output(f"present.{i}.{kind}", value)
        self.session, self._binding = sess, binding

    def run(self, ids: list[int], total: int) -> Any:
        """Logits of the last of ``ids``, the tokens at positions ``total - len(ids)`` .. ``total - 1``."""
        np = self._np
        b = self._binding
        b.bind_cpu_input("input_ids", np.array([ids], np.int64))
        b.bind_cpu_input("seqlens_k", np.array([total - 1], np.int32))
        b.bind_cpu_input("total_sequence_length", np.array(total, np.int32))
        self.session.run_with_iobinding(b)
        return b.get_outputs()[0].numpy()[0, -1]


def _pick(scores: Any, temperature: float, top_p: float, rng: Any) -> int:
    import numpy as np

    if not np.isfinite(scores).any():
        raise InferenceError("every token was masked out (logits_processor left no choice)",
                             code="inference.grammar")
    if temperature == 0:
        return int(np.argmax(scores))
    z = scores.astype(np.float64) / temperature
    z -= z[np.isfinite(z)].max()
    p = np.exp(z)
    p /= p.sum()
    if top_p < 1.0:
        order = np.argsort(-p, kind="stable")
        keep = np.cumsum(p[order]) - p[order] < top_p
        mask = np.zeros_like(p, dtype=bool)
        mask[order[keep]] = True
        p = np.where(mask, p, 0.0)
        p /= p.sum()
    return int(rng.choice(len(p), p=p))


def _find_stop(text: str, stops: list[str]) -> int | None:
    hits = [i for i in (text.find(s) for s in stops) if i >= 0]
    return min(hits) if hits else None


def _safe_prefix(text: str, stops: list[str]) -> int:
    """Length of ``text`` that can be streamed: no stop may start in what is held back."""
    end = len(text)
    while end > 0 and text[end - 1] == "\ufffd":  # an incomplete UTF-8 character
        end -= 1
    hold = 0
    for s in stops:
        for k in range(min(len(s) - 1, end), 0, -1):
            if text[end - k:end] == s[:k]:
                hold = max(hold, k)
                break
    return end - hold
