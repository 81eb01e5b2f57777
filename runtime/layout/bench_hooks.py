"""Measurements for ``bench/render.py``: what the AOT cache saves."""

from __future__ import annotations

import statistics
import time


def measure(runs: int) -> tuple[float, float, float]:
    """Medians in ms: compiling the module, deserializing it, one fresh instance."""
    import wasmtime

    from . import aot_cache, assets
    from .engine import ENGINE_CONFIG

    cfg = wasmtime.Config()
    for name, value in ENGINE_CONFIG.items():
        setattr(cfg, name, value)
    engine = wasmtime.Engine(cfg)
    code, digest = assets.module_bytes()
    compile_ms, load_ms, inst_ms = [], [], []
    module = None
    for _ in range(runs):
        t0 = time.perf_counter()
        module = wasmtime.Module(engine, code)
        compile_ms.append((time.perf_counter() - t0) * 1000)
    assert module is not None
    blob = bytes(module.serialize())
    for _ in range(runs):
        t0 = time.perf_counter()
        wasmtime.Module.deserialize(engine, blob)
        load_ms.append((time.perf_counter() - t0) * 1000)
    loaded, _ = aot_cache.load(engine, code, aot_cache.cache_key(digest, ENGINE_CONFIG))
    for _ in range(max(runs, 20)):
        store = wasmtime.Store(engine)
        store.set_epoch_deadline(1_000_000)
        t0 = time.perf_counter()
        inst = wasmtime.Instance(store, loaded, [])
        inst.exports(store)["_initialize"](store)
        inst_ms.append((time.perf_counter() - t0) * 1000)
    return statistics.median(compile_ms), statistics.median(load_ms), statistics.median(inst_ms)
