"""Where the formula tests find Qwen2.5-Coder-0.5B (the model their slow tests need)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

QWEN = "qwen2.5-coder-0.5b-instruct"


def qwen_store() -> Path:
    """The model store holding Qwen (the user's, else ``$O3_TEST_MODELS_DIR``), or skip."""
    from o3local.models import ModelStore, default_root

    roots = [Path(default_root())]
    if os.environ.get("O3_TEST_MODELS_DIR"):
        roots.append(Path(os.environ["O3_TEST_MODELS_DIR"]))
    for root in roots:
        if ModelStore(root).is_installed(QWEN):
            return root
    pytest.skip(f"{QWEN} is not built (run: o3-local models build {QWEN})")
