"""Access to the LLM for the AI tasks, imported only when a task needs it.

The model runtime (``o3local.models``) pulls in onnxruntime, so it is imported
here, inside a function, and a missing runtime or model is one clear error.

Remote offload: a caller that runs a task for a template (the AI slots of a
render) wraps the call in :func:`inference_permissions`; inside it, a user
who configured a remote endpoint (``O3_REMOTE_URL`` or the config file) gets
a generator routed by :class:`o3local.remote.Router`, which sends a request
out only when the template declares ``inference:remote`` and the user's
policy allows it, and falls back to the local model when the endpoint is
slow or down.  Outside such a block, or without an endpoint, tasks get the
local generator itself and nothing leaves the machine.  Grammar-constrained
calls (formulas) always run locally: the router cannot mask logits remotely.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from typing import Any

from ..errors import ModelError

_PERMISSIONS: contextvars.ContextVar[Any] = contextvars.ContextVar("o3_inference_permissions",
                                                                   default=None)


@contextlib.contextmanager
def inference_permissions(permissions: Any) -> Iterator[None]:
    """Let the tasks run inside this block offload under ``permissions`` (a template's)."""
    token = _PERMISSIONS.set(permissions)
    try:
        yield
    finally:
        _PERMISSIONS.reset(token)


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
        gen = get_generator(name=name, task=task)
    except ModelNotInstalled:
        if required:
            raise
        return None
    return _routed(gen)


def _routed(gen: Any) -> Any:
    permissions = _PERMISSIONS.get()
    if permissions is None:
        return gen  # no template asked for offload: local, always
    from ..remote import routed_generator

    return routed_generator(gen, permissions)  # ``gen`` itself when no endpoint is configured
