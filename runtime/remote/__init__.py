"""Remote GPU offload: send text generation to a server the user configured.

Only existing protocols are spoken - OpenAI-compatible ``/v1/chat/completions``
(vLLM, llama.cpp server, TGI, ``transformers serve``) and KServe v2 / Triton
(``/v2/models/{m}/infer``) - and a :class:`Router` decides per request
whether data may leave the machine at all (template permission, user policy,
endpoint health, expected speed), falling back to the local model when the
remote side is slow or down.  httpx is imported only when a remote backend
is built, so the local path never pays for it.
"""

from __future__ import annotations

from .backend import ChatResult, InferenceBackend, LocalBackend, Message
from .config import RemoteEndpoint, load_endpoint
from .deadline import Deadline
from .generator import RoutedGenerator, routed_generator
from .router import Decision, Router, make_remote_backend

__all__ = [
    "ChatResult",
    "Deadline",
    "Decision",
    "InferenceBackend",
    "LocalBackend",
    "Message",
    "RemoteEndpoint",
    "RoutedGenerator",
    "Router",
    "load_endpoint",
    "make_remote_backend",
    "routed_generator",
]
