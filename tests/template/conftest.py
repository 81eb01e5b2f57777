from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

BASE: dict[str, Any] = {
    "id": "ppt-funding-pitch-v2",
    "name": "Funding pitch",
    "version": "2.0.0",
    "kind": "presentation",
    "entry": "deck.o3x",
    "ai_capabilities": ["slide-generation", "data-visualization", "summarization"],
    "compatible_versions": ["11.5.0", "12.0.0", ">=11.5,<13"],
    "required_permissions": ["read:document", "write:presentation"],
    "inputs": {
        "type": "object",
        "properties": {"company": {"type": "object", "properties": {"description": {"type": "string"}}}},
    },
    "ai_slots": {"exec_summary": {"task": "summarization", "input": "/company/description", "limits": {"max_chars": 280}}},
}


def base_manifest() -> dict[str, Any]:
    return copy.deepcopy(BASE)


def write_package(root: Path, manifest: Any = None, *, text: str | bytes | None = None,
                  files: dict[str, str | bytes] | None = None) -> Path:
    """A package folder with manifest.json (a dict, or raw text/bytes) plus files."""
    root.mkdir(parents=True, exist_ok=True)
    if text is None:
        text = json.dumps(base_manifest() if manifest is None else manifest, indent=2, ensure_ascii=False)
    data = text.encode("utf-8") if isinstance(text, str) else text
    (root / "manifest.json").write_bytes(data)
    for name, content in ({"deck.o3x": "<document/>"} | (files or {})).items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return root


@pytest.fixture
def pkg(tmp_path: Path):
    def make(manifest: Any = None, **kw: Any) -> Path:
        return write_package(tmp_path / "pkg", manifest, **kw)

    return make
