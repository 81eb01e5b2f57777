"""``o3-local preview`` in a real headless Chromium: edit, break and mend a template.

The command runs as a user starts it; the page is opened once and never
reloaded, so what it shows after each save is the live update.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .cdp import Browser, browser_path

pytestmark = pytest.mark.slow
SAMPLE = Path(__file__).resolve().parents[2] / "runtime" / "assets" / "templates" / "report-zh"


def start_preview(package: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "o3local.cli", "preview", str(package), "--no-open"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        line = proc.stderr.readline()
        if line.startswith("preview: "):
            return proc, line.split(" ", 1)[1].strip()
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError("o3-local preview printed no URL")


def shown_svg(browser: Browser, page: int = 1) -> str:
    """The SVG the page's image element shows now, fetched by the page itself."""
    reply = browser.send("Runtime.evaluate", {
        "expression": f"fetch(document.getElementById('page-{page}').src).then(r => r.text())",
        "awaitPromise": True, "returnByValue": True}, session=browser.session)
    return reply["result"]["value"]


@pytest.fixture()
def package(tmp_path: Path) -> Path:
    root = tmp_path / "report"
    shutil.copytree(SAMPLE, root)
    (root / "SIGNATURE.json").unlink()  # an author's working copy is not signed yet
    return root


@pytest.mark.skipif(browser_path() is None, reason="no Chromium installed")
def test_the_page_follows_edits_and_shows_errors_with_their_position(package: Path, tmp_path: Path):
    body = package / "report.o3x"
    original = body.read_text(encoding="utf-8")
    assert "#8b1a1a" in original
    proc, url = start_preview(package)
    browser = Browser(tmp_path / "chrome")
    try:
        browser.open(url)
        browser.wait_for("document.body.dataset.ok === 'true' && !!document.getElementById('page-1')")
        first = int(browser.evaluate("document.body.dataset.version"))
        assert "#8b1a1a" in shown_svg(browser)

        # an edit: the banner colour changes, the open page shows the new render
        body.write_text(original.replace("#8b1a1a", "#1a5c8b"), encoding="utf-8")
        browser.wait_for(f"document.body.dataset.version > {first} && document.body.dataset.ok === 'true'")
        svg = shown_svg(browser)
        assert "#1a5c8b" in svg and "#8b1a1a" not in svg
        assert browser.evaluate("document.getElementById('problems').children.length") == 0

        # a typo: the page lists it with file:line:column and the hint, keeps the last good pages
        broken = original.replace("#8b1a1a", "#1a5c8b").replace("{% endfor %}\n", "{% endfro %}\n", 1)
        body.write_text(broken, encoding="utf-8")
        text = browser.wait_for("document.body.dataset.ok === 'false' && "
                                "document.getElementById('problems').innerText")
        line = next(i for i, t in enumerate(broken.splitlines(), 1) if "endfro" in t)
        assert re.search(rf"report\.o3x:{line}:\d+", text), text
        assert "endfor" in text  # the did-you-mean hint
        assert "last good render" in browser.evaluate("document.getElementById('status').innerText")
        assert "#1a5c8b" in shown_svg(browser)

        # mended: back to a clean render
        body.write_text(original, encoding="utf-8")
        browser.wait_for("document.body.dataset.ok === 'true' && "
                         "document.getElementById('problems').children.length === 0")
        assert "#8b1a1a" in shown_svg(browser)
    finally:
        browser.close()
        proc.terminate()
        proc.wait(10)
