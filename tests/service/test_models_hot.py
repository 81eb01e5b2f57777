"""Readiness gate and idle TTL with the real local model (SmolLM2)."""

from __future__ import annotations

import time

import pytest

from .conftest import start_service, stop_service

pytestmark = pytest.mark.slow


def wait_state(c, state: str, timeout: float = 120) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        doc = c.get("/v1/status").json()["result"]["service"]["models"]
        if doc["preloaded"][0]["state"] == state:
            return doc
        time.sleep(0.2)
    raise AssertionError(f"model never reached {state}: {doc}")


def test_ready_only_when_hot_then_idle_ttl_unloads(tmp_path) -> None:
    from tests.models.conftest import SMOLLM2, cache_root, ensure_built

    ensure_built(SMOLLM2)
    svc = start_service(tmp_path, "--preload", SMOLLM2, "--idle-ttl", "3",
                        env={"O3_MODELS_DIR": str(cache_root())})
    try:
        with svc.client() as c:
            hot = wait_state(c, "hot")
            assert c.get("/ready").status_code == 200
            assert hot["idle_ttl_s"] == 3 and 0 < hot["expires_in_s"] <= 3
            r = c.post("/v1/generate", json={"messages": [{"role": "user", "content": "Hi!"}],
                                             "max_tokens": 8})
            assert r.status_code == 200, r.text
            assert r.json()["result"]["backend"] == "local" and r.json()["result"]["text"]
            wait_state(c, "unloaded", timeout=20)  # idle past the TTL
            assert c.get("/ready").status_code == 503
            r = c.post("/v1/generate", json={"messages": [{"role": "user", "content": "Hi!"}],
                                             "max_tokens": 4})
            assert r.status_code == 200
            wait_state(c, "hot")  # a request brought the model back
            assert c.get("/ready").status_code == 200
    finally:
        stop_service(svc)
