"""Fixtures the formula tests share: the Qwen generator and trusting it for `auto`."""

from __future__ import annotations

import os

import pytest

from tests.tasks.formula_model import QWEN, qwen_store


@pytest.fixture(scope="module")
def qwen():
    from o3local.models import get_generator, reset_generators

    saved = os.environ.get("O3_MODELS_DIR")
    os.environ["O3_MODELS_DIR"] = str(qwen_store())
    reset_generators()
    yield get_generator(name=QWEN)
    if saved is None:
        os.environ.pop("O3_MODELS_DIR", None)
    else:
        os.environ["O3_MODELS_DIR"] = saved
    reset_generators()


@pytest.fixture()
def trusted(monkeypatch):
    import o3local.tasks.formula as formula_module

    monkeypatch.setattr(formula_module, "TRUSTED_MODELS", frozenset({QWEN}))
