"""Client for OpenAI-compatible ``/v1/chat/completions`` servers (vLLM, TGI, llama.cpp...).

Always streams (server-sent events), so the time-to-first-token limit can be
enforced and tokens reach the caller as they come.  A watchdog closes the
response when the first token is late or the request deadline passes, so a
server that trickles bytes cannot hold a request past its deadline.  Once a
token was produced the stream is never retried: the caller gets the error.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence

import httpx
import pybreaker

from ..errors import RemoteError
from .backend import ChatResult, Message, TokenCallback
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
)


class _Watchdog:
    """Closes a streaming response at the deadline, or at the TTFT limit if no token came."""

    def __init__(self, response: httpx.Response, deadline: Deadline, ttft_s: float) -> None:
        self.response = response
        self.first_token = threading.Event()
        self.fired: str | None = None
        self._timers = [threading.Timer(deadline.remaining(), self._fire, ("deadline",)),
                        threading.Timer(min(ttft_s, deadline.remaining()), self._fire, ("ttft",))]
        for t in self._timers:
            t.daemon = True
            t.start()

    def _fire(self, why: str) -> None:
        if why == "ttft" and self.first_token.is_set():
            return
        self.fired = why
        self.response.close()

    def stop(self) -> None:
        for t in self._timers:
            t.cancel()


class OpenAIBackend:
    """Chat completions on an OpenAI-compatible server."""

    def __init__(self, endpoint: RemoteEndpoint, client: httpx.Client | None = None,
                 breaker: pybreaker.CircuitBreaker | None = None) -> None:
        self.endpoint = endpoint
        self.name = f"remote:openai:{endpoint.model}"
        self.client = client or make_client(endpoint)
        self.breaker = breaker or make_breaker(endpoint)

    def health(self, deadline: Deadline) -> bool:
        """True when the server answers ``/health`` (or ``/v1/models``) with 2xx."""
        for path in ("/health", "/v1/models"):
            try:
                resp = self.client.get(path, timeout=request_timeout(
                    self.endpoint, deadline, self.endpoint.ttft_timeout))
            except httpx.HTTPError:
                return False
            if resp.status_code < 300:
                return True
            if resp.status_code != 404:
                return False
        return False

    def chat(self, messages: Sequence[Message], *, max_tokens: int = 256,
             temperature: float = 0.0, stop: Sequence[str] | None = None,
             deadline: Deadline | None = None,
             on_token: TokenCallback | None = None) -> ChatResult:
        deadline = deadline or Deadline(self.endpoint.read_timeout)
        body: dict[str, object] = {"model": self.endpoint.model, "messages": list(messages),
                                   "max_tokens": max_tokens, "temperature": temperature,
                                   "stream": True}
        if stop:
            body["stop"] = list(stop)
        produced: list[str] = []
        started = time.monotonic()

        def once() -> ChatResult:
            if produced:  # defensive: the retry predicate already refuses this
                raise remote_error("stream broke after tokens were produced",
                                   "remote_stream_broken", retryable=False)
            return self._stream(body, deadline, produced, on_token, started)

        return call_with_retries(once, endpoint=self.endpoint, deadline=deadline,
                                 breaker=self.breaker, what="remote chat completion")

    def _stream(self, body: dict[str, object], deadline: Deadline, produced: list[str],
                on_token: TokenCallback | None, started: float) -> ChatResult:
        what = "remote chat completion"
        timeout = request_timeout(self.endpoint, deadline, self.endpoint.read_timeout)
        finish = "stop"
        ttft: float | None = None
        try:
            with self.client.stream("POST", "/v1/chat/completions", json=body,
                                    timeout=timeout) as resp:
                check_status(resp, what)
                dog = _Watchdog(resp, deadline, self.endpoint.ttft_timeout)
                try:
                    for line in resp.iter_lines():
                        if not line.startswith("data:"):
                            continue
                        data = line[5:].strip()
                        if data == "[DONE]":
                            break
                        piece, reason = self._parse_chunk(data, bool(produced))
                        if piece:
                            if ttft is None:
                                ttft = time.monotonic() - started
                                dog.first_token.set()
                            produced.append(piece)
                            if on_token is not None:
                                on_token(piece)
                        if reason:
                            finish = reason
                finally:
                    dog.stop()
                if dog.fired:
                    raise self._cut(dog.fired, bool(produced))
        except RemoteError as err:
            if produced:
                err.retryable = False  # type: ignore[attr-defined]
            raise
        except (httpx.HTTPError, httpx.StreamError, OSError) as err:
            fired = locals().get("dog")
            if fired is not None and fired.fired:
                raise self._cut(fired.fired, bool(produced)) from None
            mapped = map_transport_error(err, what) if isinstance(err, httpx.HTTPError) else \
                remote_error(f"{what}: connection failed ({type(err).__name__})",
                             "remote_connection", retryable=True)
            if produced:
                mapped.retryable = False  # type: ignore[attr-defined]
                mapped.code = "remote_stream_broken"
                mapped.message = f"{what}: stream broke after {len(produced)} token(s)"
            raise mapped from None
        timings = {"total_s": time.monotonic() - started}
        if ttft is not None:
            timings["ttft_s"] = ttft
        return ChatResult(text="".join(produced), finish_reason=finish, backend=self.name,
                          timings=timings)

    def _cut(self, why: str, produced: bool) -> RemoteError:
        if why == "ttft":
            return remote_error("remote chat completion: no token within "
                                f"{self.endpoint.ttft_timeout:g}s", "remote_timeout",
                                retryable=True)
        return remote_error("remote chat completion: deadline exceeded"
                            + (" mid-stream" if produced else ""), "remote_deadline",
                            retryable=False)

    @staticmethod
    def _parse_chunk(data: str, produced: bool) -> tuple[str, str | None]:
        try:
            doc = json.loads(data)
            if "error" in doc:
                msg = doc["error"].get("message") if isinstance(doc["error"], dict) else doc["error"]
                raise remote_error(f"remote chat completion: server error in stream: {msg}",
                                   "remote_server_error", retryable=not produced)
            choice = doc["choices"][0] if doc.get("choices") else {}
            delta = choice.get("delta") or {}
            content = delta.get("content") or ""
            if not isinstance(content, str):
                raise TypeError("content is not a string")
            return content, choice.get("finish_reason")
        except RemoteError:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            raise remote_error("remote chat completion: malformed stream chunk",
                               "remote_malformed", retryable=not produced) from None
