"""Access to the LLM for the AI tasks, imported only when a task needs it.

The model runtime (``o3local.models``) pulls in onnxruntime, so it is imported
here, inside a function, and a missing runtime or model is one clear error.

Remote offload: a caller that runs a task for a template (the AI slots of a
render) wraps the call in :func:`inference_permissions`; inside it, a user
who configured a remote endpoint (``O3_REMOTE_URL`` or the config file) gets
a generator routed by :class:`o3local.remote.Router`, which sends a request
out only when the template declares ``network:remote-inference`` and the user's
policy allows it, and falls back to the local model when the endpoint is
slow or down.  Outside such a block, or without an endpoint, tasks get the
local generator itself and nothing leaves the machine.  Grammar-constrained
calls (formulas) always run locally: the router cannot mask logits remotely.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import threading
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
    from ..remote import RoutedGenerator, routed_generator
    from ..remote.config import load_endpoint
    from ..remote.router import REMOTE_PERMISSION

    endpoint = load_endpoint()
    if endpoint is None:
        return gen
    mode = os.environ.get("O3_INFERENCE_MODE", "auto")
    policy = getattr(permissions, "policy", None)
    grant = (REMOTE_PERMISSION in (getattr(permissions, "declared", None) or ()),
             bool(getattr(policy, "allow_remote_inference", False)),
             permissions.allows(REMOTE_PERMISSION))
    # the key leaves the API key to the tuple: the endpoint's equality ignores it
    key = (endpoint, endpoint.api_key, id(gen), mode, grant)
    with _ROUTERS_LOCK:
        router = _ROUTERS.get(key)
        if router is None:
            router = _ROUTERS[key] = routed_generator(gen, permissions, endpoint=endpoint,
                                                      mode=mode).router
    return RoutedGenerator(gen, router)


#: one router per endpoint, local model, mode and grant for the whole process, so
#: the endpoint's health (cached for its TTL), circuit breaker, connection pool
#: and speed estimates outlive a single task call: a dead endpoint is not tried
#: again by every slot of every render.  A router holds its generator, so an
#: ``id`` in the key is never reused while its entry exists.
_ROUTERS: dict[tuple[Any, ...], Any] = {}
_ROUTERS_LOCK = threading.Lock()
