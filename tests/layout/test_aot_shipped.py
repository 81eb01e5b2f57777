"""A read-only artifact shipped with the program is used; the user's cache still wins."""

from __future__ import annotations

from o3local.layout import aot_cache
from o3local.layout.engine import ENGINE_CONFIG, precompile


def test_shipped_artifact_is_loaded_without_compiling(tmp_path, monkeypatch):
    shipped = tmp_path / "shipped"
    monkeypatch.setenv("O3_CACHE_DIR", str(tmp_path / "empty-cache"))
    monkeypatch.setattr(aot_cache, "shipped_dir", lambda: shipped)
    path = precompile(shipped)
    assert path.parent == shipped and path.stat().st_size > 100_000

    import wasmtime

    from o3local.layout import assets

    cfg = wasmtime.Config()
    for name, value in ENGINE_CONFIG.items():
        setattr(cfg, name, value)
    engine = wasmtime.Engine(cfg)
    code, sha = assets.module_bytes()
    key = aot_cache.cache_key(sha, ENGINE_CONFIG)
    module, source = aot_cache.load(engine, code, key)
    assert source == "shipped"
    assert not (tmp_path / "empty-cache").exists()  # nothing written next to the shipped copy
    # a damaged shipped artifact is ignored: the module is compiled (and cached) instead
    path.write_bytes(path.read_bytes()[:-10])
    module, source = aot_cache.load(engine, code, key)
    assert source == "compiled"
    assert aot_cache.load(engine, code, key)[1] == "cache"
