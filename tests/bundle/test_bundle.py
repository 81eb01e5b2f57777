"""The one-folder bundle as a user without Python runs it (slow: builds the bundle).

Commands whose code has not landed when the bundle is built are skipped
with the reason; nothing is faked.  Where the same command also runs from
the virtual environment, the bundle's output must be byte-identical to it.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from o3local._version import __version__
from o3local.resources import asset

from .conftest import REPO, free_port, need_command

pytestmark = pytest.mark.slow

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _venv(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "o3local", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def test_version_runs_without_python(run_bundle):
    proc = run_bundle("--version")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"o3-local, version {__version__}"


def test_moved_folder_still_runs(bundle, clean_env, tmp_path):
    """Users unpack the folder anywhere: nothing may point back to the build location."""
    root = bundle.root.resolve()
    moved = root.parent / "moved" / "o3-local-elsewhere"
    moved.parent.mkdir(exist_ok=True)
    root.rename(moved)  # the build location is gone while the moved copy runs
    try:
        sample = moved / "_internal/o3local/assets/templates/report-zh"
        proc = subprocess.run([str(moved / "o3-local"), "render", str(sample), "--sample",
                               "-o", "r.svg"], env=clean_env, cwd=tmp_path, capture_output=True,
                              text=True, timeout=180)
    finally:
        moved.rename(root)
        moved.parent.rmdir()
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "r.svg").read_text("utf-8").lstrip().startswith(("<?xml", "<svg"))


def test_bundle_holds_the_layout_host_and_no_trimmed_files(bundle):
    files = bundle.manifest["files"]
    # the library wasmtime loads with ctypes (PyInstaller alone misses it)
    assert any(p.startswith("_internal/wasmtime/") and p.endswith("_libwasmtime.so") for p in files)
    assert "_internal/o3local/assets/wasm/wps-template.wasm" in files
    assert not [p for p in files if "/onnxruntime/capi/libonnxruntime.so" in p]
    assert not [p for p in files if p.startswith(("_internal/torch/", "_internal/pandas/"))]
    shipped = files["_internal/o3local/assets/wasm/wps-template.wasm"]["sha256"]
    pinned = bundle.root / "_internal/o3local/assets/wasm/wps-template.wasm.sha256"
    assert shipped == pinned.read_text().split()[0]


def test_size_budget(bundle):
    files = bundle.manifest["files"]
    total = sum(f["size"] for p, f in files.items() if not p.startswith("models/"))
    budget = bundle.manifest["size_budget_mib"]
    grew = "\n".join(_build_module().growth(bundle.manifest))
    assert total <= budget << 20, (
        f"bundle without models is {total / 2**20:.1f} MiB > {budget} MiB; what grew:\n{grew}")


def _build_module():
    """packaging/build.py, imported by path (it is a script, not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("o3_packaging_build", REPO / "packaging" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_size_growth_names_the_parts_that_grew(bundle, tmp_path):
    """The budget's failure message must name the cause: shrink one baseline part, it is reported."""
    build = _build_module()
    parts = {k: v for k, v in build.components(bundle.manifest).items() if k != "models"}
    biggest = max(parts, key=parts.get)
    fake = tmp_path / "baseline.json"
    fake.write_text(json.dumps({"components": {**parts, biggest: parts[biggest] - (5 << 20)}}))
    lines = build.growth(bundle.manifest, baseline=fake)
    assert lines[0].startswith(f"{biggest}: ") and "+5.0 MiB" in lines[0]
    assert "+5.0 MiB against the baseline" in lines[-1]


def test_same_commit_gives_same_files_and_hashes(bundles):
    a, b = bundles
    assert sorted(a.manifest["files"]) == sorted(b.manifest["files"])
    assert a.manifest["own_files"] == b.manifest["own_files"]
    assert any("!o3local.cli" in k for k in a.manifest["own_files"])  # modules inside the archive
    differing = [p for p, f in a.manifest["files"].items() if b.manifest["files"][p] != f]
    assert differing == [], f"files that differ between two builds: {differing[:10]}"


def test_validate_good_and_bad_packages(run_bundle, tmp_path):
    good = asset("templates", "funding-pitch")
    proc = run_bundle("validate", good)
    assert proc.returncode == 0, proc.stderr
    assert "valid" in proc.stdout
    bad = tmp_path / "bad"
    shutil.copytree(good, bad)
    manifest = json.loads((bad / "manifest.json").read_text("utf-8"))
    manifest["id"] = "Bad_Id"
    text = json.dumps(manifest, indent=2)
    (bad / "manifest.json").write_text(text, encoding="utf-8")
    id_line = 1 + next(i for i, line in enumerate(text.splitlines()) if '"Bad_Id"' in line)
    proc = run_bundle("validate", "--json", bad)
    assert proc.returncode == 1
    (report,) = json.loads(proc.stdout)["reports"]
    assert [p["where"]["pointer"] for p in report["problems"]] == ["/id"]
    assert report["problems"][0]["where"]["line"] == id_line


def test_render_sample_matches_the_virtualenv(run_bundle, bundle_commands, tmp_path):
    need_command(bundle_commands, "render")
    proc = run_bundle("render", "--sample", "-o", "deck.png", "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["ok"] and doc["pages"] >= 1 and doc["diagnostics"] == []
    pages = [run_bundle.cwd / p for p in doc["outputs"]]  # relative -o: relative to the cwd
    # a multi-page PNG render is one folder named after -o (deck/deck-01.png ...), replaced whole
    expected_dir = run_bundle.cwd / "deck" if len(pages) > 1 else run_bundle.cwd
    assert all(p.parent == expected_dir and p.read_bytes().startswith(PNG_MAGIC) for p in pages), pages
    venv_dir = tmp_path / "venv"
    venv_dir.mkdir()
    ref = _venv("render", "--sample", "-o", "deck.png", "--json", cwd=venv_dir)
    assert ref.returncode == 0, ref.stderr
    ref_doc = json.loads(ref.stdout)
    assert doc["sha256"] == ref_doc["sha256"]  # the layout display list
    for ours, theirs in zip(pages, ref_doc["outputs"], strict=True):
        assert ours.read_bytes() == (venv_dir / theirs).read_bytes(), ours.name


def test_render_svg_of_the_chinese_sample(run_bundle, bundle_commands):
    need_command(bundle_commands, "render")
    proc = run_bundle("render", "report-zh", "--sample", "-o", "report.svg", "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    first = (run_bundle.cwd / doc["outputs"][0]).read_text("utf-8")
    assert first.lstrip().startswith(("<?xml", "<svg")) and "<path" in first


def test_render_bad_input_leaves_no_output(run_bundle, bundle_commands):
    need_command(bundle_commands, "render")
    proc = run_bundle("render", "no-such-template", "-o", "x.png")
    assert proc.returncode == 2 and "no-such-template" in proc.stderr
    assert list(run_bundle.cwd.iterdir()) == []


TEXT = (
    "The city council approved a new budget for public transport on Monday. "
    "The plan adds forty electric buses and extends two tram lines to the northern districts. "
    "Ticket prices will stay the same for the next two years. "
    "Critics said the council ignored cycling infrastructure. "
    "The first new buses are expected to run in the spring."
)


def test_summarize_text_and_docx(run_bundle, bundle_commands, tmp_path):
    need_command(bundle_commands, "summarize")
    src = tmp_path / "news.txt"
    src.write_text(TEXT, encoding="utf-8")
    proc = run_bundle("summarize", "--method", "extractive", "--max-chars", "200", "--json", src)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["ok"] and 0 < len(doc["text"]) <= 200
    # extracted, not made up (the room left may end with a sentence's start, cut at a word: "…")
    assert doc["sentences"] and all(s.removesuffix("…") in TEXT for s in doc["sentences"])
    docx = pytest.importorskip("docx")
    d = docx.Document()
    for sentence in TEXT.split(". "):
        d.add_paragraph(sentence)
    d.save(tmp_path / "news.docx")
    proc = run_bundle("summarize", "--method", "extractive", "--json", tmp_path / "news.docx")
    assert proc.returncode == 0, proc.stderr
    assert "budget" in json.loads(proc.stdout)["text"]
    proc = run_bundle("summarize", tmp_path / "missing.txt")
    assert proc.returncode == 1 and "missing.txt" in proc.stderr


def test_formula_from_a_workbook(run_bundle, bundle_commands, tmp_path):
    need_command(bundle_commands, "formula")
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sales"
    for row in [["Region", "Product", "Amount", "Date", "Units"],
                ["East", "Widget", 100.0, dt.date(2024, 1, 5), 3],
                ["West", "Gadget", 50.0, dt.date(2024, 2, 10), 1],
                ["East", "Gadget", 25.5, dt.date(2024, 3, 15), 4],
                ["North", "Widget", 80.0, dt.date(2024, 4, 20), 2]]:
        ws.append(row)
    book, out = tmp_path / "sales.xlsx", tmp_path / "out.xlsx"
    wb.save(book)
    proc = run_bundle("formula", "sum of Amount where Region is East", "--sheet", book,
                      "--cell", "G2", "--write", out, "--method", "rules", "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["formula"] == '=SUMIF(A2:A5,"East",C2:C5)' and doc["value"] == 125.5
    assert openpyxl.load_workbook(out).active["G2"].value == doc["formula"]
    # formulas' function tables are imported by name: a statistics function proves they shipped
    proc = run_bundle("formula", "=STDEV(C2:C5", "--mode", "repair", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["formula"] == "=STDEV(C2:C5)"


def test_models_list(run_bundle, bundle_commands, bundle):
    need_command(bundle_commands, "models")
    proc = run_bundle("models", "list", "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["ok"] and {m["name"] for m in doc["available"]} >= {"smollm2-135m-instruct"}
    shipped = bundle.manifest.get("models", [])
    if not shipped:
        pytest.skip("no model was installed at build time, so the bundle ships none")
    store_src = (REPO / "runtime" / "models" / "store.py").read_text("utf-8")
    if "bundled_models_root" not in store_src:
        pytest.skip("the model store does not read the bundle's models/ folder yet "
                    "(o3local.resources.bundled_models_root)")
    assert {m["name"] for m in doc["installed"]} >= set(shipped)


def test_bundled_model_runs_in_place(run_bundle, bundle_commands, bundle, tmp_path):
    """onnxruntime and tokenizers in the bundle, on the bundled model's files as they lie."""
    need_command(bundle_commands, "summarize")
    if not bundle.manifest.get("models"):
        pytest.skip("no model was installed at build time, so the bundle ships none")
    src = tmp_path / "news.txt"
    src.write_text(TEXT, encoding="utf-8")
    proc = run_bundle("summarize", "--method", "abstractive", "--max-chars", "300",
                      "--model", bundle.manifest["models"][0], "--json", src,
                      env={"O3_MODELS_DIR": str(bundle.root / "models")}, timeout=600)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["ok"] and doc["text"].strip()


def test_serve_starts_answers_and_stops(run_bundle, bundle_commands, bundle, clean_env, tmp_path):
    need_command(bundle_commands, "serve")
    discovery = tmp_path / "service.json"
    env = {**clean_env, "O3_SERVE_FILE": str(discovery)}
    proc = subprocess.Popen([str(bundle.exe), "serve", "--port", str(free_port())], env=env,
                            cwd=run_bundle.cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not discovery.is_file() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert discovery.is_file(), f"serve never became ready (exit {proc.poll()})"
        time.sleep(0.5)  # the file is written just before uvicorn starts serving
        info = json.loads(discovery.read_text("utf-8"))
        assert info["version"] == __version__
        with pytest.raises(urllib.error.HTTPError) as denied:
            urllib.request.urlopen(f"{info['url']}/v1/status", timeout=10)
        assert denied.value.code == 401
        req = urllib.request.Request(f"{info['url']}/v1/status",
                                     headers={"Authorization": f"Bearer {info['token']}"})
        with urllib.request.urlopen(req, timeout=30) as r:
            status = json.loads(r.read())
        assert status["ok"] and {"render", "validate"} <= set(status["result"]["operations"])
        # render runs in a worker process of the frozen executable (multiprocessing.freeze_support)
        body = json.dumps({"template": "report-zh", "sample": True, "format": "svg",
                           "include_files": True}).encode()
        req = urllib.request.Request(f"{info['url']}/v1/render", data=body, method="POST", headers={
            "Authorization": f"Bearer {info['token']}", "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=120) as r:
            rendered = json.loads(r.read())
        assert rendered["ok"] and rendered["result"]["files_base64"], rendered
    finally:
        proc.send_signal(signal.SIGTERM)  # what a service manager or the OS sends
        try:
            rc = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    # a graceful stop exits 0 and removes the discovery file, so add-ins find no dead service
    assert rc == 0 and not discovery.exists(), proc.stderr.read().decode()
