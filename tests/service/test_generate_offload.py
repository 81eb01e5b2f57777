"""``/v1/generate`` through the router: offload only when allowed, batched when possible."""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path

import pytest

from o3local.resources import asset

from ..remote.conftest import kserve_port, kserve_proxy  # noqa: F401 - shared fixtures
from .conftest import start_service, stop_service

MSGS = [{"role": "user", "content": "confidential figures: revenue 12.5M"}]


def template(tmp: Path, remote: bool) -> str:
    dst = tmp / ("remote-ok" if remote else "local-only")
    shutil.copytree(asset("templates", "report-zh"), dst)
    manifest = json.loads((dst / "manifest.json").read_text(encoding="utf-8"))
    if remote:
        manifest["required_permissions"].append("network:remote-inference")
    (dst / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    return str(dst)


def remote_env(proxy, tmp: Path, allow: bool) -> dict[str, str]:
    (tmp / "policy.json").write_text(json.dumps({"allow_remote_inference": allow}))
    return {"O3_REMOTE_URL": proxy.url, "O3_REMOTE_PROTOCOL": "kserve",
            "O3_REMOTE_MODEL": "tiny-textgen", "O3_INFERENCE_MODE": "auto",
            "O3_MODELS_DIR": str(tmp / "no-models")}


def burst(svc, body: dict, n: int) -> list[dict]:
    out: list[dict] = []
    lock = threading.Lock()

    def one() -> None:
        with svc.client() as c:
            r = c.post("/v1/generate", json=body)
        with lock:
            out.append({"status": r.status_code, **r.json()})

    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


@pytest.mark.parametrize("declared,allow", [(False, True), (True, False), (False, False)])
def test_no_data_leaves_without_permission_and_policy(kserve_proxy, tmp_path, declared,  # noqa: F811
                                                      allow) -> None:
    svc = start_service(tmp_path, env=remote_env(kserve_proxy, tmp_path, allow))
    try:
        body = {"messages": MSGS, "max_tokens": 8, "template": template(tmp_path, declared)}
        with svc.client() as c:
            r = c.post("/v1/generate", json=body)
            status = c.get("/v1/status").json()["result"]["service"]["routers"]
        # it ran (or tried to run) locally: here no local model is installed
        assert r.status_code == 503 and r.json()["error"]["code"].startswith("model")
        assert status[0]["remote_allowed"] is False
        assert kserve_proxy.log == []  # nothing reached the remote server, not even a probe
    finally:
        stop_service(svc)


@pytest.mark.parametrize("batching", [True, False])
def test_permitted_requests_offload_and_batch(kserve_proxy, tmp_path, batching) -> None:  # noqa: F811
    args = ["--batch-window-ms", "50"] if batching else ["--no-batching"]
    svc = start_service(tmp_path, "--concurrency", "1", *args,
                        env=remote_env(kserve_proxy, tmp_path, True))
    try:
        body = {"messages": MSGS, "max_tokens": 6, "template": template(tmp_path, True)}
        results = burst(svc, body, 8)
        assert [r["status"] for r in results] == [200] * 8, results[0]
        assert all(r["result"]["backend"] == "remote:kserve:tiny-textgen" for r in results)
        assert len({r["result"]["text"] for r in results}) == 1  # same prompt, same answer
        infers = [e for e in kserve_proxy.log if e.path.endswith("/infer")]
        with svc.client() as c:
            metrics = c.get("/metrics").text
        mean = float(next(ln for ln in metrics.splitlines()
                          if ln.startswith("o3_batch_size_mean")).split()[-1])
        if batching:
            assert len(infers) < 8 and mean > 1
        else:
            assert len(infers) == 8
    finally:
        stop_service(svc)
