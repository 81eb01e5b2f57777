"""Offline model runtime: content-addressed store, mmap loader, KV-cache generation.

Importing this package is cheap (no numpy, no onnxruntime): the heavy parts
load when a generator first runs.  Typical use by a task::

    from o3local.models import get_generator
    gen = get_generator(task="summarization")
    out = gen.chat([{"role": "user", "content": "..."}], max_tokens=200)
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING

from .catalog import KNOWN_MODELS, TASK_MODELS
from .store import ModelNotInstalled, ModelStore, default_root

if TYPE_CHECKING:
    from .engine import GenerationResult, Generator

__all__ = ["get_generator", "ModelNotInstalled", "ModelStore", "default_root", "resolve_model",
           "KNOWN_MODELS", "TASK_MODELS", "Generator", "GenerationResult", "reset_generators"]

_LOCK = threading.Lock()
_GENERATORS: dict[tuple[str, str], Generator] = {}


def resolve_model(name: str | None = None, task: str | None = None, store: ModelStore | None = None) -> str:
    """The model name ``get_generator`` would use."""
    from ..errors import UsageError

    store = store or ModelStore()
    if name:
        return name
    if task is None:
        task = "chat"
    if task not in TASK_MODELS:
        raise UsageError(f"unknown task {task!r} (known: {', '.join(TASK_MODELS)})", code="usage.task")
    for candidate in TASK_MODELS[task]:
        if store.is_installed(candidate):
            return candidate
    first = TASK_MODELS[task][-1]
    raise ModelNotInstalled(
        f"no model for {task} is installed in {store.root} (run: o3-local models build {first})")


def get_generator(name: str | None = None, task: str | None = None) -> Generator:
    """The shared generator for a model (or a task's default model); built once per process.

    The load strategy comes from ``O3_MODEL_STRATEGY`` (cold, warm or hot; warm by default).
    """
    from .engine import Generator

    store = ModelStore()
    model = resolve_model(name, task, store)
    key = (str(store.root), model)
    with _LOCK:
        gen = _GENERATORS.get(key)
        if gen is None:
            strategy = os.environ.get("O3_MODEL_STRATEGY", "warm")
            gen = Generator(store.get(model), store, strategy=strategy)
            gen.preload(wait=False)
            _GENERATORS[key] = gen
        return gen


def reset_generators() -> None:
    """Forget the shared generators (after ``models rm`` or a store change)."""
    with _LOCK:
        _GENERATORS.clear()


def __getattr__(name: str):
    if name in ("Generator", "GenerationResult"):
        from . import engine

        return getattr(engine, name)
    raise AttributeError(name)
