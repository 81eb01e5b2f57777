"""Load strategies, the readiness flag and the optimized-graph cache, on the real model."""

from __future__ import annotations

import numpy as np
import pytest

from o3local.errors import ModelError
from o3local.models.engine import Generator
from o3local.models.loader import LoadedModel, cpu_id, empty_feeds, thread_count

NAME = "smollm2-135m-instruct"


def test_cold_is_not_ready_until_first_use(store_copy):
    gen = Generator(store_copy.get(NAME), store_copy, strategy="cold")
    gen.preload()
    assert not gen.ready.is_set()
    gen.complete("Hi", max_tokens=1)
    assert gen.ready.is_set()


def test_warm_prefetches_but_builds_on_first_use(store_copy):
    gen = Generator(store_copy.get(NAME), store_copy, strategy="warm")
    gen.preload()
    assert not gen.ready.is_set()
    gen.complete("Hi", max_tokens=1)
    assert gen.ready.is_set()


def test_hot_is_ready_after_preload(store_copy):
    gen = Generator(store_copy.get(NAME), store_copy, strategy="hot")
    gen.preload(wait=False)
    assert gen.ready.wait(timeout=120)
    assert gen.model.stats["session_ms"] > 0 and gen.full_ready.is_set()  # MatMulNBits: one session


def test_hot_int8_columns_serve_at_once_and_the_full_session_follows(int8_store_copy):
    gen = Generator(int8_store_copy.get(NAME), int8_store_copy, strategy="hot")
    gen.preload(wait=False)
    assert gen.ready.wait(timeout=120)
    assert gen.model.stats["ready_ms"] > 0 and gen.model.stats["quick"]
    assert gen.model.full_ready.wait(timeout=120)  # built in the background
    assert gen.model.stats["session_ms"] > 0 and gen.model.session() is gen.model.full_session()


def test_optimized_cache_is_built_once_then_reused_with_the_same_results(store_copy):
    m = store_copy.get(NAME)
    first = LoadedModel(m, store_copy, "hot")
    s1 = first.full_session()
    assert first.stats["source"] == "built-cache"
    second = LoadedModel(m, store_copy, "hot")
    s2 = second.full_session()
    assert second.stats["source"] == "optimized-cache"
    plain = LoadedModel(m, store_copy, "hot", use_cache=False).full_session()
    feeds = empty_feeds(m, [504, 3575, 282, 4649, 314])
    a, b, c = (s.run(["logits"], feeds)[0] for s in (s1, s2, plain))
    assert np.array_equal(a, b)
    assert int(a.argmax()) == int(c.argmax()) == 7042  # " Paris"


def test_a_damaged_cache_is_rebuilt(store_copy):
    m = store_copy.get(NAME)
    LoadedModel(m, store_copy, "hot").full_session()
    cache_dirs = list((store_copy.cache / "ort").iterdir())
    assert len(cache_dirs) == 1
    data = cache_dirs[0] / "model.opt.data"
    with open(data, "r+b") as fh:
        fh.truncate(data.stat().st_size // 3)
    again = LoadedModel(m, store_copy, "hot")
    again.full_session()
    assert again.stats["source"] == "built-cache"


def test_unknown_strategy_is_refused(store_copy):
    with pytest.raises(ModelError, match="strategy"):
        LoadedModel(store_copy.get(NAME), store_copy, "lukewarm")


def test_cache_key_parts_and_threads():
    assert len(cpu_id()) == 16 and cpu_id() == cpu_id()
    assert 1 <= thread_count() <= 4


def _prefill_then_step(sess, m, ids: list[int], nxt: int):
    out = sess.run(None, empty_feeds(m, ids))
    step = {"input_ids": np.array([[nxt]], np.int64), "seqlens_k": np.array([len(ids)], np.int32),
            "total_sequence_length": np.array(len(ids) + 1, np.int32)}
    for i in range(m.data["graph"]["layers"]):
        step[f"past_key_values.{i}.key"], step[f"past_key_values.{i}.value"] = out[1 + 2 * i], out[2 + 2 * i]
    return out[0], sess.run(["logits"], step)[0]


def test_the_quick_session_is_ready_first_and_computes_exactly_what_the_full_one_does(int8_store_copy):
    """The unpacked int8 session serves at once; the packed one must give bit-identical logits,
    or an answer would depend on when the switch happened."""
    m = int8_store_copy.get(NAME)
    assert m.data["graph"]["kernel"] == "int8-columns"
    lm = LoadedModel(m, int8_store_copy, "cold")
    quick = lm.session()
    assert lm.ready.is_set() and lm.stats["quick"] and lm.stats["ready_ms"] > 0
    full = lm.full_session()
    assert full is not quick and lm.full_ready.is_set() and lm.session() is full
    ids = [504, 3575, 282, 4649, 314, 253, 1345, 28, 2114, 30, 1081, 2295]
    for a, b in zip(_prefill_then_step(quick, m, ids, 7042), _prefill_then_step(full, m, ids, 7042), strict=True):
        assert np.array_equal(a, b)


def test_a_generation_moves_to_the_full_session_mid_way_without_changing_its_tokens(int8_store_copy):
    store_copy = int8_store_copy
    m = store_copy.get(NAME)
    prompt = "Write three sentences about the sea."
    reference = Generator(m, store_copy, strategy="cold")
    reference.model.full_session()
    expected = reference.complete(prompt, max_tokens=24).tokens

    gen = Generator(m, store_copy, strategy="cold")
    gen.model._full_lock.acquire()  # hold the background build back until the generation is under way
    seen: list[bool] = []

    def on_token(piece: str) -> None:
        seen.append(gen.model.full_ready.is_set())
        if len(seen) == 4:
            gen.model._full_lock.release()
            assert gen.model.full_ready.wait(timeout=120)

    try:
        out = gen.complete(prompt, max_tokens=24, on_token=on_token)
    finally:
        if gen.model._full_lock.locked() and len(seen) < 4:
            gen.model._full_lock.release()
    assert seen[0] is False and seen[-1] is True  # it started on the quick session and ended on the full one
    assert out.tokens == expected


def test_matmulnbits_models_have_no_quick_session(store_copy):
    lm = LoadedModel(store_copy.get(NAME), store_copy, "cold")
    assert not lm.instant and lm.session() is lm.full_session() and "quick" not in lm.stats


def test_the_quick_session_checks_the_graph_once_and_the_mark_goes_with_the_model(int8_store_copy):
    m = int8_store_copy.get(NAME)
    lm = LoadedModel(m, int8_store_copy, "cold")
    lm.session()
    lm.full_session()  # let the background build finish before the model goes
    marks = list((int8_store_copy.cache / "checked").iterdir())
    assert [p.name.split("-")[0] for p in marks] == [m.files["model"]["sha256"]]
    int8_store_copy.remove(NAME)
    assert not list((int8_store_copy.cache / "checked").iterdir())


def test_a_damaged_graph_is_refused_by_name_before_the_quick_session_opens(int8_store_copy):
    from .conftest import forge_blob, own_blob

    path = own_blob(int8_store_copy, "model")
    size = path.stat().st_size
    garbage = b"\x00garbage" * (size // 8) + b"\x00" * (size % 8)
    path.write_bytes(garbage)  # same size: the digest check at open refuses it
    with pytest.raises(ModelError, match="sha256") as info:
        LoadedModel(int8_store_copy.get(NAME), int8_store_copy, "cold")
    assert info.value.code == "model.hash" and info.value.where.file == str(path)
    path = forge_blob(int8_store_copy, "model", garbage)  # a manifest that agrees: only the parse can tell
    lm = LoadedModel(int8_store_copy.get(NAME), int8_store_copy, "cold")
    with pytest.raises(ModelError, match="not an ONNX model") as info:
        lm.session()
    assert info.value.where.file == str(path) and not lm.ready.is_set()
