"""Access to the local LLM for the AI tasks, imported only when a task needs it.

The model runtime (``o3local.models``) pulls in onnxruntime, so it is imported
here, inside a function, and a missing runtime or model is one clear error.
"""

from __future__ import annotations

from typing import Any

from ..errors import ModelError


def load_generator(name: str | None, task: str, *, required: bool) -> Any | None:
    """Return the generator for ``task``; ``None`` if absent and not ``required``."""
    try:
        from ..models import ModelNotInstalled, get_generator
    except ImportError as err:
        if required:
            raise ModelError(f"the local model runtime is not available ({err})",
                             code="model.runtime") from None
        return None
    try:
        return get_generator(name=name, task=task)
    except ModelNotInstalled:
        if required:
            raise
        return None
