"""The hook's operations over HTTP give what the library gives, errors included."""

from __future__ import annotations

import base64
import hashlib
import json
import threading

import httpx
import openpyxl
import pytest

import o3local
from o3local import hook

from .conftest import start_service, stop_service

TEXT = ("The quarterly report shows revenue growth in every region. Costs fell by four percent. "
        "The team hired ten engineers. Customer churn stayed flat. The board approved the plan.")


@pytest.fixture(scope="module")
def sheet(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("sheet") / "sales.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Region", "Revenue"])
    for row in (("North", 10), ("South", 20), ("East", 5)):
        ws.append(row)
    wb.save(path)
    return str(path)


def test_summarize_matches_the_library(client) -> None:
    r = client.post("/v1/summarize", json={"text": TEXT, "max_chars": 120,
                                           "method": "extractive"})
    assert r.status_code == 200
    doc = r.json()
    assert doc["ok"] and doc["api_version"] == hook.HOOK_API_VERSION
    direct = o3local.summarize(TEXT, max_chars=120, method="extractive")
    assert doc["result"]["text"] == direct.text and len(direct.text) <= 120


def test_formula_from_a_sheet(client, sheet) -> None:
    r = client.post("/v1/formula", json={"request": "sum of revenue", "sheet": sheet,
                                         "target_cell": "D2", "method": "rules"})
    res = r.json()["result"]
    assert r.status_code == 200 and res["formula"] == "=SUM(B2:B4)" and res["value"] == 35.0


def test_fill_from_a_document_matches_the_library(client, tmp_path_factory) -> None:
    """An add-in's "fill this template from my memo": POST /v1/fill gives the library's data."""
    memo = tmp_path_factory.mktemp("memo") / "memo.md"
    memo.write_text("# Brightfield Soil Labs\n\nLab-grade soil tests from a phone camera.\n\n"
                    "Brightfield Soil Labs was founded in 2021 in Nairobi. We are raising "
                    "$2.5 million to reach 40,000 farmers.\n", encoding="utf-8")
    r = client.post("/v1/fill", json={"template": "funding-pitch", "source": str(memo),
                                      "method": "extractive"})
    assert r.status_code == 200, r.text
    res = r.json()["result"]
    direct = o3local.hook.call("fill", {"template": "funding-pitch", "source": str(memo),
                                        "method": "extractive"})["result"]
    assert res["data"] == direct["data"]
    assert "Brightfield" in json.dumps(res["data"])
    outside = client.post("/v1/fill", json={"template": "funding-pitch", "source": "/etc/passwd"})
    assert outside.status_code == 403 and outside.json()["error"]["code"] == "permission.path"


def test_render_returns_the_same_bytes_as_the_library(client) -> None:
    r = client.post("/v1/render", json={"template": "report-zh", "sample": True, "format": "svg",
                                        "include_files": True})
    assert r.status_code == 200, r.text
    res = r.json()["result"]
    direct = o3local.render("report-zh", sample=True, fmt="svg")
    assert res["sha256"] == direct.sha256
    assert [base64.b64decode(f) for f in res["files_base64"]] == direct.files
    assert hashlib.sha256(direct.files[0]).hexdigest()  # real SVG bytes came back


def test_validate_reports_problems_with_their_place(client, tmp_path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "manifest.json").write_text('{"id": "x",\n "version": 3}')
    r = client.post("/v1/validate", json={"path": str(pkg)})
    assert r.status_code == 200
    res = r.json()["result"]
    assert res["ok"] is False and res["problems"]
    assert all("where" in p for p in res["problems"])
    missing = client.post("/v1/validate", json={"path": str(tmp_path / "nope")})
    assert missing.status_code == 422
    err = missing.json()["error"]
    assert err["code"].startswith("package") and err["where"]["file"].endswith("nope")


def test_errors_are_structured_values(client) -> None:
    r = client.post("/v1/summarize", json={"text": "", "max_chars": 100})
    assert r.status_code == 422
    err = r.json()["error"]
    assert set(err) >= {"code", "message", "where"} and "Traceback" not in r.text
    bad = client.post("/v1/formula", json={"requets": "sum"})
    assert bad.status_code == 400
    assert bad.json()["error"]["where"]["pointer"] == "/requets"
    unknown = client.post("/v1/generate", json={"messages": "hi"})
    assert unknown.status_code == 400 and unknown.json()["error"]["where"]["pointer"] == "/messages"


def test_status_reports_versions_and_idle_ttl(client) -> None:
    doc = client.get("/v1/status").json()["result"]
    assert doc["api_version"] == hook.HOOK_API_VERSION and doc["version"] == o3local.__version__
    svc = doc["service"]
    assert svc["models"]["idle_ttl_s"] == 600 and svc["concurrency"] == 2
    assert set(doc["operations"]) == {"validate", "render", "fill", "summarize", "formula", "status",
                                      "templates_list", "templates_search", "templates_grant"}


def test_metrics_have_latency_quantiles(client) -> None:
    for _ in range(3):
        client.post("/v1/summarize", json={"text": TEXT, "method": "extractive"})
    text = client.get("/metrics").text
    for q in ("0.5", "0.95", "0.99"):
        assert f'o3_request_duration_seconds{{op="summarize",quantile="{q}"}}' in text
    count = [ln for ln in text.splitlines()
             if ln.startswith('o3_request_duration_seconds_count{op="summarize"}')]
    assert count and int(count[0].split()[-1]) >= 3
    assert 'o3_requests_total{op="summarize",status="200"}' in text


def test_openapi_describes_every_operation(client) -> None:
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    for path in ("/v1/validate", "/v1/render", "/v1/summarize", "/v1/formula", "/v1/generate",
                 "/health", "/ready", "/metrics", "/v1/status"):
        assert path in doc["paths"]
    props = doc["paths"]["/v1/summarize"]["post"]["requestBody"]["content"][
        "application/json"]["schema"]["properties"]
    # no number: the summary's length follows its style (600, or a headline's)
    assert props["max_chars"] == {"type": ["integer", "null"], "default": None}


def test_queue_limit_answers_busy_and_timeouts(tmp_path) -> None:
    svc = start_service(tmp_path, "--concurrency", "1", "--max-waiting", "1", "--timeout", "30")
    big = TEXT * 6000  # ~1.1 MB: a second or more of real summarization work (2500 copies
    # took 0.5 s once the summarizer got faster, and the queue then never filled on a busy host)
    codes: list[int] = []
    lock = threading.Lock()

    def call() -> None:
        with svc.client(timeout=60) as c:
            r = c.post("/v1/summarize", json={"text": big, "method": "extractive"})
        with lock:
            codes.append(r.status_code)
            if r.status_code == 503:
                assert r.headers["retry-after"] == "1"
                assert r.json()["error"]["code"] == "service.busy"

    try:
        threads = [threading.Thread(target=call) for _ in range(5)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert sorted(set(codes)) == [200, 503] and len(codes) == 5
    finally:
        stop_service(svc)
    svc = start_service(tmp_path, "--timeout", "0.2")
    try:
        with svc.client() as c:
            r = c.post("/v1/summarize", json={"text": big, "method": "extractive"})
        assert r.status_code == 504 and r.json()["error"]["code"] == "service.timeout"
    finally:
        stop_service(svc)


def test_readiness_waits_for_preloaded_models(tmp_path) -> None:
    svc = start_service(tmp_path, "--preload", "no-such-model",
                        env={"O3_MODELS_DIR": str(tmp_path / "models")})
    try:
        with svc.client() as c:
            for _ in range(50):
                r = c.get("/ready")
                if r.json()["models"][0]["state"] == "error":
                    break
            assert r.status_code == 503 and r.json()["ready"] is False
            assert r.json()["models"][0]["error"]["code"].startswith("model")
            assert c.get("/health").status_code == 200  # alive, just not ready
    finally:
        stop_service(svc)
    assert not svc.discovery.exists()  # removed on shutdown


def test_hook_in_process_never_raises() -> None:
    assert hook.validate(123)["ok"] is False  # wrong type: an error value, not an exception
    assert hook.call("nope")["error"]["code"] == "usage.operation"
    assert hook.status()["ok"] is True
    with pytest.raises(httpx.HTTPError):
        httpx.get("http://127.0.0.1:1/", trust_env=False, timeout=0.5)  # sanity: no server
