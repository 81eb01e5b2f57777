"""Generation with the real SmolLM2 model: what a user of the tasks notices."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from o3local.errors import InferenceError, UsageError
from o3local.models.loader import empty_feeds

FRANCE = [{"role": "system", "content": "You are a helpful assistant."},
          {"role": "user", "content": "What is the capital of France?"}]


def test_answers_a_simple_question(smol):
    out = smol.chat(FRANCE, max_tokens=30)
    assert "Paris" in out.text
    assert out.finish_reason == "stop"  # the model ended its answer with <|im_end|>
    assert out.timings["ttft_ms"] > 0 and out.timings["decode_tok_s"] > 0


def test_greedy_is_deterministic(smol):
    a = smol.complete("Once upon a time", max_tokens=24)
    b = smol.complete("Once upon a time", max_tokens=24)
    assert a.tokens == b.tokens and a.text == b.text and len(a.tokens) == 24


def test_max_tokens_is_honoured(smol):
    prompt = "Once upon a time, in a land far away,"
    out = smol.complete(prompt, max_tokens=7)
    assert len(out.tokens) == 7 and out.finish_reason == "length"
    assert out.prompt_tokens == smol.count_tokens(prompt)


def test_stop_sequence_stops_and_is_not_returned(smol):
    out = smol.complete("Counting: 1, 2, 3,", max_tokens=40, stop=[" 6"])
    assert out.finish_reason == "stop"
    assert out.text.strip().startswith("4, 5,") and " 6" not in out.text


def test_streaming_pieces_add_up_to_the_text(smol):
    pieces: list[str] = []
    out = smol.complete("Counting: 1, 2, 3,", max_tokens=30, stop=[" 9"], on_token=pieces.append)
    assert len(pieces) > 3
    assert "".join(pieces) == out.text and " 9" not in "".join(pieces)


def test_sampling_is_reproducible_per_seed(smol):
    kw = dict(max_tokens=20, temperature=1.0, top_p=0.95)
    a = smol.complete("My favourite food is", seed=1, **kw)
    b = smol.complete("My favourite food is", seed=1, **kw)
    others = {tuple(smol.complete("My favourite food is", seed=s, **kw).tokens) for s in (2, 3, 4)}
    assert a.tokens == b.tokens
    assert others - {tuple(a.tokens)}  # other seeds give other text


def test_cancellation_stops_generation(smol):
    cancel = threading.Event()
    seen: list[str] = []

    def on_token(piece: str) -> None:
        seen.append(piece)
        if len(seen) == 3:
            cancel.set()

    out = smol.complete("Tell me about the history of Rome.", max_tokens=200, on_token=on_token, cancel=cancel)
    assert out.finish_reason == "cancelled" and len(out.tokens) < 10


def test_logits_processor_constrains_output(smol):
    digits = [i for i in range(smol.tokenizer.vocab_size) if smol.tokenizer.id_to_piece(i).strip().isdigit()
              and smol.tokenizer.id_to_piece(i).strip() != ""]
    allowed = np.full(smol.tokenizer.vocab_size, -np.inf, np.float32)
    allowed[digits] = 0.0
    out = smol.complete("The answer is", max_tokens=6, logits_processor=lambda ids, lg: lg + allowed)
    assert out.text.replace(" ", "").isdigit()


def test_logits_processor_masking_everything_is_a_clear_error(smol):
    with pytest.raises(InferenceError, match="masked"):
        smol.complete("Hi", max_tokens=2, logits_processor=lambda ids, lg: np.full_like(lg, -np.inf))


def test_kv_cache_gives_the_same_tokens_as_recomputing(smol):
    out = smol.complete("The three primary colours are", max_tokens=8)
    sess = smol.model.session()
    ids = smol.tokenizer.encode("The three primary colours are")
    recomputed = []
    for _ in range(8):
        logits = sess.run(["logits"], empty_feeds(smol.manifest, ids + recomputed))[0][0, -1]
        recomputed.append(int(np.argmax(logits)))
    assert recomputed == out.tokens


def test_input_longer_than_the_window_still_completes(smol_store):
    from o3local.models.engine import Generator

    small = Generator(smol_store.get("smollm2-135m-instruct"), smol_store, strategy="cold", context_length=96)
    long_prompt = "The weather today is sunny and warm. " * 40 + "Tomorrow it will"
    assert small.count_tokens(long_prompt) > 96
    out = small.complete(long_prompt, max_tokens=120)  # also slides while generating
    assert len(out.tokens) == 120 and out.finish_reason == "length"
    assert out.text.strip()


def test_bad_options_are_usage_errors(smol):
    with pytest.raises(UsageError):
        smol.complete("x", max_tokens=0)
    with pytest.raises(UsageError):
        smol.complete("x", top_p=0)
    with pytest.raises(InferenceError, match="role"):
        smol.chat([{"role": "robot", "content": "hi"}])


def test_concurrent_callers_share_one_engine(smol):
    results: dict[int, list[int]] = {}

    def run(k: int) -> None:
        results[k] = smol.complete("Once upon a time", max_tokens=10).tokens

    threads = [threading.Thread(target=run, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert len({tuple(v) for v in results.values()}) == 1 and len(results) == 3
