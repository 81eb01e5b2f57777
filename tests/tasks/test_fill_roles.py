"""Filling from memos phrased the way people write them (issue 20 item 1, robustness).

Each test writes a memo about a fictitious company, runs ``o3-local render
funding-pitch --from memo --fill-only -o data.json`` as a user would, and
reads the fields a reviewer would check in data.json.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def _fill(tmp_path: Path, text: str, name: str = "memo.md", template: str = "funding-pitch",
          raw: bytes | None = None) -> dict:
    src = tmp_path / name
    if raw is not None:
        src.write_bytes(raw)
    else:
        src.write_text(text, encoding="utf-8")
    out = tmp_path / "data.json"
    r = subprocess.run([sys.executable, "-m", "o3local.cli", "render", template, "--from", str(src),
                        "--fill-only", "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(out.read_text(encoding="utf-8"))


INFLECTED = """# Saltmarsh Ferries

Electric water taxis for estuary towns.

Saltmarsh Ferries was established in May 2021.

## Market

Total addressable market: $40 billion. Serviceable addressable market: $2.2 billion.
Serviceable obtainable market: $90 million. The market grows at a CAGR of 6.5%.

## Traction

Operating since 2023-06-12 with 3,100 users. ARR is $1.9 million, growing 11% a quarter;
retention is 92%.

## China

Launching in China on 2027-02-15.

## Ask

We are seeking $8.5 million, which covers 28 months of runway.
"""


def test_inflected_keywords_and_the_role_of_a_number(tmp_path):
    d = _fill(tmp_path, INFLECTED)
    # "seeking" is the ask's word; the $40 billion TAM earlier in the memo is not the ask
    assert d["ask"]["amount"] == 8500000 and d["ask"]["runway_months"] == 28
    # "Launching" is the launch's word
    assert d["china"]["launch"] == "2027-02-15"
    # the market's 6.5% CAGR is not the traction's growth: it is in the Market section
    assert d["traction"]["growth"] == 0.11 and d["market"]["cagr"] == 0.065
    assert d["traction"]["since"] == "2023-06-12"
    assert d["market"]["tam"] == 40000
