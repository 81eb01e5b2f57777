from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from o3local.resources import asset

sys.path.insert(0, str(Path(__file__).parent))

SAMPLES = asset("templates")


@pytest.fixture
def cli():
    from o3local.cli import main

    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(main, ["render", *map(str, args)], catch_exceptions=False)

    return run


@pytest.fixture
def copy_sample(tmp_path):
    """A writable copy of a bundled sample, with an optional manifest change."""

    def make(name: str, **manifest_changes):
        dest = tmp_path / f"tpl-{name}"
        shutil.copytree(SAMPLES / name, dest)
        if manifest_changes:
            path = dest / "manifest.json"
            manifest = json.loads(path.read_text("utf-8"))
            manifest.update(manifest_changes)
            path.write_text(json.dumps(manifest, ensure_ascii=False, indent=2), "utf-8")
        return dest

    return make


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())
