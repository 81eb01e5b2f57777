"""A drop-in for a local generator that offloads through the :class:`Router`.

Tasks (summarize, formula) call ``gen.chat(messages, max_tokens=..., ...)`` on
the generator ``o3local.models.get_generator`` returns.  Handing them
``routed_generator(gen, permissions)`` instead keeps that call unchanged and
lets the router send it to the user's remote endpoint when the template and
the policy allow it.  Calls the remote side cannot honour - a
``logits_processor`` (grammar-constrained decoding) - always run locally.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .backend import LocalBackend, Message
from .config import RemoteEndpoint, load_endpoint
from .deadline import Deadline
from .router import Router, make_remote_backend

DEFAULT_DEADLINE_S = 120.0


@dataclass
class RoutedResult:
    text: str
    finish_reason: str
    backend: str
    timings: dict[str, float] = field(default_factory=dict)


class RoutedGenerator:
    def __init__(self, local_generator: Any, router: Router) -> None:
        self.local_generator = local_generator
        self.router = router

    def __getattr__(self, name: str) -> Any:  # count_tokens, context_length, ...
        return getattr(self.local_generator, name)

    def chat(self, messages: Sequence[Message], max_tokens: int = 256, temperature: float = 0.0,
             stop: Sequence[str] | None = None, on_token: Callable[[str], Any] | None = None,
             cancel: Any = None, logits_processor: Any = None,
             deadline_s: float = DEFAULT_DEADLINE_S, **options: Any) -> Any:
        if logits_processor is not None or options:
            return self.local_generator.chat(list(messages), max_tokens=max_tokens,
                                             temperature=temperature, stop=stop,
                                             on_token=on_token, cancel=cancel,
                                             logits_processor=logits_processor, **options)
        out = self.router.chat(messages, max_tokens=max_tokens, temperature=temperature,
                               stop=stop, deadline=Deadline(deadline_s), on_token=on_token)
        return RoutedResult(out.text, out.finish_reason, out.backend, out.timings)


def routed_generator(local_generator: Any, permissions: Any, *, policy: Any = None,
                     mode: str | None = None, endpoint: RemoteEndpoint | None = None) -> Any:
    """``local_generator`` itself when no endpoint is configured, else a routed wrapper."""
    endpoint = endpoint or load_endpoint()
    if endpoint is None:
        return local_generator
    router = Router(LocalBackend(factory=lambda: local_generator), make_remote_backend(endpoint),
                    mode=mode or os.environ.get("O3_INFERENCE_MODE", "auto"),
                    permissions=permissions, policy=policy)
    return RoutedGenerator(local_generator, router)
