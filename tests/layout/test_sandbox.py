"""The module as a sandbox: no imports, CPU and memory budgets, hostile input."""

from __future__ import annotations

import json
import struct
import time

import pytest
import wasmtime
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from o3local.errors import DataError, LayoutError, O3Error, TemplateError
from o3local.layout import LayoutEngine, LayoutLimits, aot_cache, assets
from o3local.layout.engine import ENGINE_CONFIG
from o3local.layout.request import container
from o3local.resources import asset

from .conftest import doc, render, text_box

WASM = asset("wasm", "wps-template.wasm")


def test_module_imports_nothing_and_exports_the_abi():
    module = wasmtime.Module(wasmtime.Engine(), WASM.read_bytes())
    assert [(i.module, i.name) for i in module.imports] == []
    names = {e.name for e in module.exports}
    assert {"memory", "o3_abi_version", "o3_alloc", "o3_render", "o3_result_ptr", "o3_result_len"} <= names


def test_abi_version_is_1():
    engine = wasmtime.Engine()
    store = wasmtime.Store(engine)
    inst = wasmtime.Instance(store, wasmtime.Module(engine, WASM.read_bytes()), [])
    assert inst.exports(store)["o3_abi_version"](store) == 1


def test_runaway_loop_stops_within_its_budget(engine):
    xs = ["x"] * 3000
    src = doc(text_box("{% for a in xs %}{% for b in xs %}{% for c in xs %}{% if c %}{% endif %}"
                       "{% endfor %}{% endfor %}{% endfor %}"))
    budget = 0.5
    t0 = time.perf_counter()
    with pytest.raises(LayoutError) as info:
        render(engine, src, {"xs": xs}, timeout_s=budget)
    elapsed = time.perf_counter() - t0
    assert info.value.code == "layout.timeout"
    assert budget <= elapsed + 0.05 and elapsed < budget + 0.25, elapsed
    # the engine is still usable afterwards
    assert render(engine, doc(text_box("ok"))).display_list["pages"]


def test_memory_blow_up_stops_with_layout_memory(engine):
    big = "y" * 10_000
    src = doc(text_box("{% for a in xs %}{% for b in xs %}{{ big }}{% endfor %}{% endfor %}"))
    with pytest.raises(LayoutError) as info:
        render(engine, src, {"xs": list(range(3000)), "big": big},
               limits=LayoutLimits(memory_bytes=96 * 1024 * 1024), timeout_s=10)
    assert info.value.code == "layout.memory"


def test_a_request_larger_than_the_memory_cap_is_refused(engine):
    with pytest.raises(LayoutError) as info:
        render(engine, doc(""), limits=LayoutLimits(memory_bytes=256 * 1024))
    assert info.value.code == "layout.memory"


def test_malformed_containers_are_typed_errors(engine):
    status, result = engine.render_raw(b"nope")
    assert status == 1 and json.loads(result)["errors"][0]["code"] == "request.container"
    body = b'{"template": 5}'
    status, result = engine.render_raw(container(body, []))
    assert status == 1 and "template" in json.loads(result)["errors"][0]["message"]
    truncated = b"O3RQ" + struct.pack("<III", 1, 1, 1) + struct.pack("<I", 99) + b"{}"
    assert engine.render_raw(truncated)[0] == 1


def test_a_font_that_is_not_a_font_is_a_layout_error(engine):
    body = json.dumps({"template": doc(text_box("x")), "template_name": "t.o3x"}).encode()
    status, result = engine.render_raw(container(body, [b"not a font at all"]))
    assert status == 4 and json.loads(result)["errors"][0]["code"] == "layout.font"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=400))
def test_arbitrary_bytes_never_crash_the_host(engine, raw):
    for req in (raw, b"O3RQ" + raw, b"O3RQ" + struct.pack("<II", 1, 1) + raw):
        status, result = engine.render_raw(req, timeout_s=2)
        assert 1 <= status <= 6
        assert json.loads(result)["errors"]


MARKUP = st.sampled_from(["<document>", "</document>", "<page>", "</page>", "<text>", "</text>", "<p>", "</p>",
                          "<br/>", "<b>", "</b>", "{{ ", " }}", "{% if ", "{% for x in ", " %}", "{% endif %}",
                          "{% endfor %}", "{% else %}", "a.b", "[0]", ".[1]", " | ", "number(2)", "default(",
                          ")", "\"s\"", "'", "&amp;", "&#x", ";", "<", ">", "=", "x=\"1in\"", "中文。", " ", "\n"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(MARKUP | st.text(max_size=5), max_size=40))
def test_random_templates_give_a_result_or_a_typed_error(engine, parts):
    source = "".join(parts)
    try:
        result = render(engine, source, {"a": {"b": [1, 2]}, "xs": [1, 2, 3]}, timeout_s=2)
    except (TemplateError, DataError, LayoutError) as err:
        assert err.code and err.message
    else:
        assert result.display_list["format"] == "o3-display-list"


def test_stale_module_is_refused(tmp_path):
    wasm = tmp_path / "wps-template.wasm"
    wasm.write_bytes(WASM.read_bytes() + b"\0")
    (tmp_path / "wps-template.wasm.sha256").write_text(asset("wasm", "wps-template.wasm.sha256").read_text())
    with pytest.raises(LayoutError) as info:
        assets.read_checked(wasm)
    assert info.value.code == "layout.asset" and "does not match" in info.value.message


def test_committed_assets_match_their_pins():
    data, digest = assets.module_bytes()
    assert digest == asset("wasm", "wps-template.wasm.sha256").read_text().split()[0]
    assert [f.weight for f in assets.fonts()] == [400, 700, 400, 700, 400, 400]


def test_aot_cache_is_written_reused_and_rebuilt_when_corrupt(tmp_path, monkeypatch):
    monkeypatch.setenv("O3_CACHE_DIR", str(tmp_path))
    code, digest = assets.module_bytes()
    cfg = wasmtime.Config()
    for name, value in ENGINE_CONFIG.items():
        setattr(cfg, name, value)
    eng = wasmtime.Engine(cfg)
    key = aot_cache.cache_key(digest, ENGINE_CONFIG)
    _, how = aot_cache.load(eng, code, key)
    assert how == "compiled"
    entry = tmp_path / "wasm" / f"{key}.cwasm"
    assert entry.stat().st_size > 100_000
    _, how = aot_cache.load(eng, code, key)
    assert how == "cache"
    entry.write_bytes(entry.read_bytes()[:5000])  # truncated
    module, how = aot_cache.load(eng, code, key)
    assert how == "compiled" and entry.stat().st_size > 100_000
    store = wasmtime.Store(eng)
    store.set_epoch_deadline(1_000_000)
    assert wasmtime.Instance(store, module, []).exports(store)["o3_abi_version"](store) == 1
    other = aot_cache.cache_key(digest, {**ENGINE_CONFIG, "cranelift_nan_canonicalization": False})
    assert other != key


def test_fresh_engine_with_an_empty_cache_renders_the_same(tmp_path, monkeypatch, engine):
    monkeypatch.setenv("O3_CACHE_DIR", str(tmp_path))
    src = doc(text_box("AVATAR 你好，世界。"), lang="zh")
    fresh = LayoutEngine()
    assert fresh.module_source == "compiled"
    assert render(fresh, src).display_list_bytes == render(engine, src).display_list_bytes


def test_layout_tables_give_the_same_display_list_as_the_full_fonts(engine):
    """The host sends only the tables layout reads; the full fonts must not differ."""
    src = doc(text_box("AVATAR office 你好，世界。「引用」 <b>₹ 5</b> Łódź ⨁ ✗ 한국어", align="justify", w="2in"), lang="zh")
    body = json.dumps({"template": src, "template_name": "t.o3x", "fonts": [{"weight": f.weight} for f in engine.fonts]},
                      ensure_ascii=False).encode()
    status, full = engine.render_raw(container(body, [f.data for f in engine.fonts]))
    assert status == 0
    assert render(engine, src).display_list_bytes == full


def test_errors_are_o3_errors_with_exit_codes(engine):
    with pytest.raises(O3Error) as info:
        render(engine, "<document><page><text>{{ nope }}</text></page></document>")
    assert info.value.exit_code == 1


def test_importing_the_package_does_not_load_wasmtime():
    import subprocess
    import sys

    code = "import sys, o3local.layout; assert 'wasmtime' not in sys.modules, 'wasmtime imported'"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
