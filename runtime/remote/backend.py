"""The one interface every text-generation backend offers, and the local one.

Tasks (summarize, formula) ask an :class:`InferenceBackend` for a chat
completion and never care whether it ran on this machine or on a GPU server;
the :class:`~o3local.remote.router.Router` is itself a backend, so offload is
a matter of handing a task a different object.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict

from ..errors import InferenceError
from .deadline import Deadline


class Message(TypedDict):
    role: str
    content: str


@dataclass
class ChatResult:
    text: str
    finish_reason: str
    backend: str
    timings: dict[str, float] = field(default_factory=dict)


TokenCallback = Callable[[str], None]


class InferenceBackend(Protocol):
    name: str

    def chat(self, messages: Sequence[Message], *, max_tokens: int = 256,
             temperature: float = 0.0, stop: Sequence[str] | None = None,
             deadline: Deadline | None = None,
             on_token: TokenCallback | None = None) -> ChatResult: ...


class LocalBackend:
    """Runs the local ONNX model through ``o3local.models.get_generator``.

    The generator is created on first use (importing onnxruntime costs up to
    0.75 s cold), and the deadline becomes the generator's cancel signal so a
    local run never outlives the request that asked for it.
    """

    name = "local"

    def __init__(self, model: str | None = None, task: str = "chat",
                 factory: Callable[[], Any] | None = None) -> None:
        self._model = model
        self._task = task
        self._factory = factory
        self._generator: Any = None
        self._lock = threading.Lock()

    def _get(self) -> Any:
        with self._lock:
            if self._generator is None:
                if self._factory is not None:
                    self._generator = self._factory()
                else:
                    from ..models import get_generator  # heavy: onnxruntime

                    self._generator = get_generator(name=self._model, task=self._task)
            return self._generator

    def chat(self, messages: Sequence[Message], *, max_tokens: int = 256,
             temperature: float = 0.0, stop: Sequence[str] | None = None,
             deadline: Deadline | None = None,
             on_token: TokenCallback | None = None) -> ChatResult:
        gen = self._get()
        cancel = threading.Event()
        timer = None
        if deadline is not None:
            timer = threading.Timer(deadline.remaining(), cancel.set)
            timer.daemon = True
            timer.start()
        try:
            out = gen.chat(list(messages), max_tokens=max_tokens, temperature=temperature,
                           stop=list(stop) if stop else None, on_token=on_token, cancel=cancel)
        finally:
            if timer is not None:
                timer.cancel()
        if cancel.is_set() and getattr(out, "finish_reason", "") not in ("stop", "length"):
            err = InferenceError("local generation ran past the request deadline",
                                 code="inference.deadline")
            # what was written before the deadline: the service answers 504 with it
            err.partial = {"text": out.text, "backend": self.name}  # type: ignore[attr-defined]
            raise err
        timings = getattr(out, "timings", None)
        return ChatResult(text=out.text, finish_reason=getattr(out, "finish_reason", "stop"),
                          backend=self.name,
                          timings=dict(timings) if isinstance(timings, dict) else {})
