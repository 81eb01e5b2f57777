"""One strict JSON reader: hostile JSON data gives one ``data.json`` error, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


@pytest.mark.parametrize("text,words", [
    ('{"title": ' + "9" * 5000 + "}", "number longer than 100 characters"),  # int() digit limit
    ("[" * 100_000 + "]" * 100_000, "nesting deeper than 64 levels"),       # RecursionError
])
def test_cli_render_with_hostile_json_data_prints_one_json_error(tmp_path, text, words) -> None:
    data = tmp_path / "data.json"
    data.write_text(text)
    done = subprocess.run([sys.executable, "-c", "from o3local.cli import main; main()", "render",
                           "report-zh", "--data", str(data), "--format", "svg", "-o",
                           str(tmp_path / "out.svg"), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    doc = json.loads(done.stdout)
    err = doc["error"]
    assert err["code"] == "data.json" and words in err["message"]
    assert err["where"]["file"].endswith("data.json") and err["where"]["line"] == 1
    assert not (tmp_path / "out.svg").exists()

