"""The same module in a second WebAssembly host (Node.js/V8) gives byte-identical results.

Requests are built by the Python host's own request code and run by wasmtime
(``LayoutEngine.render_raw``) and by ``node_host.mjs``; every result byte
must match, errors included.  Node is optional on a developer machine but
required in CI (``CI=true``).
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def node() -> str:
    path = shutil.which("node") or shutil.which("nodejs")
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is required in CI (.ci/setup.d/30-node.sh installs it)")
        pytest.skip("node is not installed")
    return path


def sample_requests():
    from o3local import bind
    from o3local.layout import LayoutEngine, LayoutLimits
    from o3local.layout.images import package_images
    from o3local.layout.request import TAG_JSON, container, request_json
    from o3local.render import bundled_templates
    from o3local.template.package import open_template

    engine = LayoutEngine.shared()
    weights = [f.weight for f in engine.fonts]
    fonts = [f.data for f in engine.fonts]
    limits = LayoutLimits().module_limits()

    def build(source, name, data, user, images=None):
        return container(request_json(source, name, data, user, {}, weights, limits, images), fonts)

    def as_layout_sends(source, name, data, user, images=None):
        # exactly what LayoutEngine.layout() writes into the instance: its font prefix (only
        # the tables layout reads), then the JSON section
        body = request_json(source, name, data, user, {}, weights, limits, images)
        return engine._prefix + struct.pack("<II", TAG_JSON, len(body)) + body

    cases = {}
    for sample, folder in bundled_templates().items():
        pkg = open_template(folder)
        data_name = pkg.sample_data_name()
        data = bind.load_bytes(pkg.read_bytes(data_name), bind.source_type(data_name), data_name)
        args = (pkg.entry_text(), pkg.entry, data, pkg.sample_context(),
                package_images(pkg.files(), pkg.read_bytes))
        cases[sample] = (as_layout_sends(*args), args)
        cases[f"{sample}-full-fonts"] = (build(*args), args)
    from tests.layout.test_goldens import TABLE_CHART, TABLE_CHART_DATA, TABLE_CHART_IMAGES

    cases["table-chart-image"] = (container(request_json(
        TABLE_CHART, "tc.o3x", TABLE_CHART_DATA, {}, {}, weights, limits, TABLE_CHART_IMAGES), fonts), None)
    src, entry, data, user, images = cases["invoice"][1]
    cases["invoice-request-locale-fr"] = (container(request_json(
        src, entry, data, user, {}, weights, limits, images, locale="fr-FR"), fonts), None)
    from tests.layout.test_flow import EXAMPLE_DATA, doc_example

    # a flow document (docs/template-format.md's example): split paragraphs, tables, headers
    cases["flow-example"] = (container(request_json(
        doc_example(), "flow.o3x", EXAMPLE_DATA, {}, {}, weights, limits, None), fonts), None)
    # macros and an included file (the request's "partials"), and an error inside the included file
    from tests.template.test_macros_includes import DATA as MACRO_DATA
    from tests.template.test_macros_includes import DECK, FOOTER, ROW

    partials = {"partials/row.o3x": (ROW, "pkg/partials/row.o3x"), "partials/footer.o3x": (FOOTER, "pkg/partials/footer.o3x")}
    cases["macros-and-includes"] = (container(request_json(
        DECK, "pkg/deck.o3x", MACRO_DATA, {}, {}, weights, limits, None, partials=partials), fonts), None)
    broken = dict(partials, **{"partials/footer.o3x": ("\n <text>{{ compnay }}</text>", "pkg/partials/footer.o3x")})
    cases["error-in-included-file"] = (container(request_json(
        DECK, "pkg/deck.o3x", MACRO_DATA, {}, {}, weights, limits, None, partials=broken), fonts), None)
    coverage = ('<document kind="document" width="6in" height="3in" lang="zh"><page>'
                '<text x="0" y="0" w="6in" h="3in" font-size="18pt">朱镕基 张喆 王堃 陈𠮷<br/>'
                '한국어 문장<br/>₹ 1,250 ₽ 990 Łódź cafe\u0301 ⨁ ✗<br/><b>喆 㐀 똠 ₹</b> \U0001F9A0'
                '</text></page></document>')
    cases["font-fallback-and-missing-glyph"] = (build(coverage, "f.o3x", {}, {}), None)
    overflow = ('<document kind="document" width="3in" height="2in" lang="ja"><page>'
                '<text x="0" y="0" w="1in" h="0.4in" font-size="14pt" min-font-size="10pt" '
                'align="justify">「日本語」と English、混在した文章が長すぎる場合。</text></page></document>')
    cases["overflow-ja"] = (build(overflow, "o.o3x", {}, {}), None)
    cases["missing-path"] = (build("<document><page><text>{{ a.b }}</text></page></document>",
                                   "m.o3x", {"a": {}}, {}), None)
    cases["bad-container"] = (b"O3RQ\x01\x00\x00\x00\x05\x00\x00\x00garbage", None)
    return engine, cases


def test_node_and_wasmtime_give_identical_bytes(node, tmp_path):
    from o3local.layout import assets
    from o3local.resources import asset

    engine, cases = sample_requests()
    args, expected = [], {}
    for name, (request, _) in cases.items():
        (tmp_path / f"{name}.req").write_bytes(request)
        args += [str(tmp_path / f"{name}.req"), str(tmp_path / f"{name}.node")]
        expected[name] = engine.render_raw(request)
    module = asset("wasm", assets.MODULE_NAME)
    proc = subprocess.run([node, str(HERE / "node_host.mjs"), str(module), *args],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    statuses = [json.loads(line)["status"] for line in proc.stdout.splitlines()]
    assert statuses == [status for status, _ in expected.values()]
    assert statuses[-3:] == [0, 2, 1]  # overflow warning, template error, bad container
    assert expected["macros-and-includes"][0] == 0 and b"Total " in expected["macros-and-includes"][1]
    assert expected["error-in-included-file"][0] == 2
    assert b'"file":"pkg/partials/footer.o3x","line":2' in expected["error-in-included-file"][1]
    coverage = expected["font-fallback-and-missing-glyph"][1]  # fallback fonts and the report
    assert b'"font":2' in coverage and b'"font":3' in coverage and b"layout.missing_glyph" in coverage
    for name, (_, result) in expected.items():
        assert (tmp_path / f"{name}.node").read_bytes() == result, name


def test_requests_are_the_ones_render_sends():
    """The requests above give what ``layout()`` gives (with trimmed or full font files)."""
    engine, cases = sample_requests()
    for name, (request, args) in cases.items():
        if args is None:
            continue
        source, entry, data, user, images = args
        laid_out = engine.layout(template_source=source, template_name=entry, data=data, user=user,
                                 ai={}, images=images)
        assert engine.render_raw(request) == (0, laid_out.display_list_bytes), name
