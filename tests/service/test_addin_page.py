"""The example add-in page in a real (headless) browser against the real service."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import free_port_local, start_service, stop_service

pytestmark = pytest.mark.slow
PAGE = Path(__file__).resolve().parents[2] / "examples" / "addin" / "serve_page.py"


def browser() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return name
    pytest.skip("no Chromium installed")


def load_page(tmp_path: Path, page_port: int, service, fragment: str) -> str:
    page = subprocess.Popen([sys.executable, str(PAGE), "--port", str(page_port),
                             "--discovery-file", str(service.discovery)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = None
        end = time.monotonic() + 20
        while url is None and time.monotonic() < end:
            line = page.stdout.readline()
            if line.startswith("open: "):
                url = line.split(" ", 1)[1].strip()
        assert url, "serve_page.py printed no URL"
        time.sleep(0.3)
        done = subprocess.run([browser(), "--headless", "--no-sandbox", "--disable-gpu",
                               f"--user-data-dir={tmp_path / 'chrome'}",
                               "--virtual-time-budget=15000", "--dump-dom", url + fragment],
                              capture_output=True, text=True, timeout=90)
        return done.stdout
    finally:
        page.terminate()
        page.wait(10)


def test_page_from_an_allowed_origin_summarizes(tmp_path) -> None:
    port = free_port_local()
    svc = start_service(tmp_path, env={"O3_SERVE_ORIGINS": f"http://127.0.0.1:{port}"})
    try:
        dom = load_page(tmp_path, port, svc, "&autorun=summarize")
    finally:
        stop_service(svc)
    assert f"connected to {svc.url}" in dom
    out = re.search(r'<pre id="out"[^>]*>(.*?)</pre>', dom, re.S).group(1)
    assert "quarterly report" in out and "error" not in out


def test_page_from_another_origin_is_refused(tmp_path) -> None:
    port = free_port_local()
    svc = start_service(tmp_path, env={"O3_SERVE_ORIGINS": "https://only.this.origin.test"})
    try:
        dom = load_page(tmp_path, port, svc, "")
    finally:
        stop_service(svc)
    assert "connected to" not in dom and 'id="service">error:' in dom
