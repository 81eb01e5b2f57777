"""What the fill tests share: a sample template's ``inputs`` schema, and a short document
filled into funding-pitch (a memo) or report-zh (a Chinese report) by the real filler."""

from __future__ import annotations

import json
from pathlib import Path

from o3local.tasks.fill import fill, parse

TEMPLATES = Path(__file__).resolve().parents[2] / "runtime" / "assets" / "templates"


def inputs(template: str) -> dict:
    """The ``inputs`` JSON schema of a bundled sample template."""
    return json.loads((TEMPLATES / template / "manifest.json").read_text(encoding="utf-8"))["inputs"]


def pitch(text: str, markdown: bool = True):
    """``text`` as a founder's memo, filled into funding-pitch (the whole FillResult)."""
    return fill(inputs("funding-pitch"), parse(text, "memo", markdown=markdown))


def report(text: str, markdown: bool = False):
    """``text`` as a Chinese report, filled into report-zh (the whole FillResult)."""
    return fill(inputs("report-zh"), parse(text, "report", markdown=markdown, lang="zh"))
