"""Client for KServe v2 / Triton Inference Server text-generation models.

Follows Triton's generate convention: a BYTES ``text_input`` (the chat
rendered with role tags) and ``max_tokens`` go in, a BYTES ``text_output``
comes back.  Unary calls only, so a failed call has delivered nothing and may
be retried within the deadline; stop sequences are applied on our side.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import httpx
import numpy as np

from ..errors import Location
from .backend import ChatResult, Message, TokenCallback
from .breaker import CircuitBreaker
from .config import RemoteEndpoint
from .deadline import Deadline
from .transport import (
    call_with_retries,
    check_status,
    make_breaker,
    make_client,
    map_transport_error,
    remote_error,
    request_timeout,
    run_within,
)
from .v2codec import BINARY_THRESHOLD, Tensor, bytes_tensor, decode_response, encode_request


def render_prompt(messages: Sequence[Message]) -> str:
    """Role-tagged plain text: the server-side model owns its own chat template."""
    lines = [f"<|{m['role']}|>{m['content']}" for m in messages]
    return "\n".join(lines) + "\n<|assistant|>"


class KServeBackend:
    """Text generation through ``POST /v2/models/{model}/infer``."""

    def __init__(self, endpoint: RemoteEndpoint, client: httpx.Client | None = None,
                 breaker: CircuitBreaker | None = None) -> None:
        self.endpoint = endpoint
        self.name = f"remote:kserve:{endpoint.model}"
        self.client = client or make_client(endpoint)
        self.breaker = breaker or make_breaker(endpoint)

    def health(self, deadline: Deadline) -> bool:
        """Server live+ready and the model ready (``/v2/health/ready``, ``/v2/models/m/ready``)."""
        timeout = request_timeout(self.endpoint, deadline, self.endpoint.ttft_timeout)
        try:
            for path in ("/v2/health/ready", f"/v2/models/{self.endpoint.model}/ready"):
                if self.client.get(path, timeout=timeout).status_code >= 300:
                    return False
        except httpx.HTTPError:
            return False
        return True

    def infer(self, inputs: list[Tensor], deadline: Deadline, *,
              binary_output: bool = False, parameters: dict | None = None,
              ) -> dict[str, np.ndarray]:
        """One v2 inference with retries; large tensors travel as binary."""
        what = f"remote inference on {self.endpoint.model!r}"
        body, headers = encode_request(inputs, binary_output=binary_output, parameters=parameters)

        def once() -> dict[str, np.ndarray]:
            timeout = request_timeout(self.endpoint, deadline, self.endpoint.ttft_timeout)
            try:
                resp = self.client.post(f"/v2/models/{self.endpoint.model}/infer",
                                        content=body, headers=headers, timeout=timeout)
            except httpx.HTTPError as err:
                raise map_transport_error(err, what) from None
            check_status(resp, what)
            return decode_response(resp.content, resp.headers, what)

        return call_with_retries(lambda: run_within(once, deadline, what),
                                 endpoint=self.endpoint, deadline=deadline,
                                 breaker=self.breaker, what=what, url=self._infer_url)

    @property
    def _infer_url(self) -> str:
        return f"{self.endpoint.base_url}/v2/models/{self.endpoint.model}/infer"

    def chat(self, messages: Sequence[Message], *, max_tokens: int = 256,
             temperature: float = 0.0, stop: Sequence[str] | None = None,
             deadline: Deadline | None = None,
             on_token: TokenCallback | None = None) -> ChatResult:
        deadline = deadline or Deadline(self.endpoint.read_timeout)
        started = time.monotonic()
        prompt = render_prompt(messages).encode("utf-8")
        inputs = [bytes_tensor("text_input", [prompt]),
                  Tensor("max_tokens", "INT32", [1], np.array([max_tokens], dtype=np.int32))]
        outputs = self.infer(inputs, deadline, binary_output=len(prompt) > BINARY_THRESHOLD,
                             parameters={"temperature": temperature})
        if "text_output" not in outputs or outputs["text_output"].size < 1:
            err = remote_error(f"remote inference on {self.endpoint.model!r}: the answer has no "
                               "text_output tensor", "remote.malformed", retryable=False)
            err.where = Location(file=self._infer_url)
            raise err
        raw = outputs["text_output"].reshape(-1)[0]
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
        finish = "length"
        for s in stop or ():
            cut = text.find(s)
            if cut >= 0:
                text, finish = text[:cut], "stop"
        if on_token is not None and text:
            on_token(text)
        return ChatResult(text=text, finish_reason=finish, backend=self.name,
                          timings={"total_s": time.monotonic() - started})

    def chat_batch(self, conversations: Sequence[Sequence[Message]], *, max_tokens: int = 256,
                   temperature: float = 0.0, stop: Sequence[str] | None = None,
                   deadline: Deadline | None = None) -> list[ChatResult]:
        """Several conversations in one inference: ``text_input`` gets a batch dimension."""
        deadline = deadline or Deadline(self.endpoint.read_timeout)
        started = time.monotonic()
        prompts = [render_prompt(m).encode("utf-8") for m in conversations]
        inputs = [bytes_tensor("text_input", prompts),
                  Tensor("max_tokens", "INT32", [1], np.array([max_tokens], dtype=np.int32))]
        big = sum(len(p) for p in prompts) > BINARY_THRESHOLD
        outputs = self.infer(inputs, deadline, binary_output=big,
                             parameters={"temperature": temperature})
        texts = outputs.get("text_output")
        if texts is None or texts.size != len(prompts):
            err = remote_error(f"remote inference on {self.endpoint.model!r}: text_output holds "
                               f"{'no' if texts is None else texts.size} text(s) for {len(prompts)} "
                               "prompts", "remote.malformed", retryable=False)
            err.where = Location(file=self._infer_url)
            raise err
        elapsed = time.monotonic() - started
        results = []
        for raw in texts.reshape(-1):
            text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
            finish = "length"
            for s in stop or ():
                cut = text.find(s)
                if cut >= 0:
                    text, finish = text[:cut], "stop"
            results.append(ChatResult(text=text, finish_reason=finish, backend=self.name,
                                      timings={"total_s": elapsed, "batch": len(prompts)}))
        return results
