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

from ..errors import RemoteError
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


class _Call:
    """One streaming attempt: its TTFT watchdog and the switch that stops it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.cancelled = False
        self.first_token = threading.Event()
        self.ttft_fired = False
        self.response: httpx.Response | None = None
        self._timer: threading.Timer | None = None

    def watch(self, response: httpx.Response, ttft_s: float) -> None:
        self.response = response
        self._timer = threading.Timer(ttft_s, self._ttft)
        self._timer.daemon = True
        self._timer.start()

    def _ttft(self) -> None:
        if not self.first_token.is_set():
            self.ttft_fired = True
            self.close()

    def cancel(self) -> None:
        with self.lock:
            self.cancelled = True
        self.close()

    def close(self) -> None:
        if self.response is not None:
            try:
                self.response.close()
            except Exception:  # noqa: BLE001 - closing from another thread is best effort
                pass

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()


class OpenAIBackend:
    """Chat completions on an OpenAI-compatible server."""

    def __init__(self, endpoint: RemoteEndpoint, client: httpx.Client | None = None,
                 breaker: CircuitBreaker | None = None) -> None:
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
                                   "remote.stream_broken", retryable=False)
            call = _Call()
            return run_within(lambda: self._stream(body, deadline, produced, on_token, started,
                                                   call),
                              deadline, "remote chat completion", on_timeout=call.cancel)

        return call_with_retries(once, endpoint=self.endpoint, deadline=deadline,
                                 breaker=self.breaker, what="remote chat completion",
                                 url=f"{self.endpoint.base_url}/v1/chat/completions")

    def _stream(self, body: dict[str, object], deadline: Deadline, produced: list[str],
                on_token: TokenCallback | None, started: float, call: _Call) -> ChatResult:
        what = "remote chat completion"
        # no byte for ttft_timeout: before the first token that is the TTFT limit,
        # later it bounds a stalled stream; the watchdog bounds the whole request
        timeout = request_timeout(self.endpoint, deadline, self.endpoint.ttft_timeout)
        finish = "stop"
        ttft: float | None = None
        try:
            with self.client.stream("POST", "/v1/chat/completions", json=body,
                                    timeout=timeout) as resp:
                check_status(resp, what)
                if "json" in resp.headers.get("content-type", ""):
                    return self._unary(resp, started, on_token)
                call.watch(resp, self.endpoint.ttft_timeout)
                ended = False
                try:
                    for line in resp.iter_lines():
                        if not line.startswith("data:"):
                            continue
                        data = line[5:].strip()
                        if data == "[DONE]":
                            ended = True
                            break
                        piece, reason = self._parse_chunk(data, bool(produced))
                        if piece:
                            with call.lock:  # no token reaches the caller after a timeout
                                if call.cancelled:
                                    break
                                if ttft is None:
                                    ttft = time.monotonic() - started
                                    call.first_token.set()
                                produced.append(piece)
                                if on_token is not None:
                                    on_token(piece)
                        if reason:
                            finish = reason
                            ended = True
                finally:
                    call.stop()
                if call.ttft_fired:
                    raise self._ttft_error()
                if not ended:
                    raise remote_error(f"{what}: the stream ended before it finished",
                                       "remote.stream_broken" if produced else "remote.malformed",
                                       retryable=not produced)
        except RemoteError as err:
            if produced:
                err.retryable = False  # type: ignore[attr-defined]
            raise
        except (httpx.HTTPError, httpx.StreamError, OSError) as err:
            if call.ttft_fired:
                raise self._ttft_error() from None
            mapped = map_transport_error(err, what) if isinstance(err, httpx.HTTPError) else \
                remote_error(f"{what}: connection failed ({type(err).__name__})",
                             "remote.connection", retryable=True)
            if produced:
                mapped.retryable = False  # type: ignore[attr-defined]
                mapped.code = "remote.stream_broken"
                mapped.message = f"{what}: stream broke after {len(produced)} token(s)"
            raise mapped from None
        timings = {"total_s": time.monotonic() - started}
        if ttft is not None:
            timings["ttft_s"] = ttft
        return ChatResult(text="".join(produced), finish_reason=finish, backend=self.name,
                          timings=timings)

    def _unary(self, resp: httpx.Response, started: float,
               on_token: TokenCallback | None) -> ChatResult:
        """A server that ignored ``stream``: one JSON completion (nothing delivered yet)."""
        what = "remote chat completion"
        resp.read()
        try:
            doc = resp.json()
            choice = doc["choices"][0]
            text = choice["message"]["content"] or ""
            if not isinstance(text, str):
                raise TypeError("content is not a string")
        except (ValueError, KeyError, TypeError, IndexError):
            raise remote_error(f"{what}: the server sent malformed JSON", "remote.malformed",
                               retryable=True) from None
        if on_token is not None and text:
            on_token(text)
        return ChatResult(text=text, finish_reason=choice.get("finish_reason") or "stop",
                          backend=self.name, timings={"total_s": time.monotonic() - started})

    def _ttft_error(self) -> RemoteError:
        return remote_error("remote chat completion: no token within "
                            f"{self.endpoint.ttft_timeout:g}s", "remote.timeout", retryable=True)

    @staticmethod
    def _parse_chunk(data: str, produced: bool) -> tuple[str, str | None]:
        try:
            doc = json.loads(data)
            if "error" in doc:
                msg = doc["error"].get("message") if isinstance(doc["error"], dict) else doc["error"]
                raise remote_error(f"remote chat completion: server error in stream: {msg}",
                                   "remote.server_error", retryable=not produced)
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
                               "remote.malformed", retryable=not produced) from None
