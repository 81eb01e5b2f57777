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
    assert gen.model.stats["session_ms"] > 0


def test_optimized_cache_is_built_once_then_reused_with_the_same_results(store_copy):
    m = store_copy.get(NAME)
    first = LoadedModel(m, store_copy, "hot")
    s1 = first.session()
    assert first.stats["source"] == "built-cache"
    second = LoadedModel(m, store_copy, "hot")
    s2 = second.session()
    assert second.stats["source"] == "optimized-cache"
    plain = LoadedModel(m, store_copy, "hot", use_cache=False).session()
    feeds = empty_feeds(m, [504, 3575, 282, 4649, 314])
    a, b, c = (s.run(["logits"], feeds)[0] for s in (s1, s2, plain))
    assert np.array_equal(a, b)
    assert int(a.argmax()) == int(c.argmax()) == 7042  # " Paris"


def test_a_damaged_cache_is_rebuilt(store_copy):
    m = store_copy.get(NAME)
    LoadedModel(m, store_copy, "hot").session()
    cache_dirs = list((store_copy.cache / "ort").iterdir())
    assert len(cache_dirs) == 1
    data = cache_dirs[0] / "model.opt.data"
    with open(data, "r+b") as fh:
        fh.truncate(data.stat().st_size // 3)
    again = LoadedModel(m, store_copy, "hot")
    again.session()
    assert again.stats["source"] == "built-cache"


def test_unknown_strategy_is_refused(store_copy):
    with pytest.raises(ModelError, match="strategy"):
        LoadedModel(store_copy.get(NAME), store_copy, "lukewarm")


def test_cache_key_parts_and_threads():
    assert len(cpu_id()) == 16 and cpu_id() == cpu_id()
    assert 1 <= thread_count() <= 4
