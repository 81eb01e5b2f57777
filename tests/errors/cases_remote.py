"""Corpus cases of remote offload: a real loopback server that misbehaves, and bad endpoint settings.

Each case starts a small HTTP server on 127.0.0.1 that answers the way a broken or
overloaded inference server does (an HTTP error, garbage JSON, a stream cut in the middle,
silence), points an endpoint at it and asks for a chat completion the way the tasks and
``/v1/generate`` do.  The error must name the URL it came from.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from .corpus import Found, case, raised

#: (status, content type, body chunks, seconds to wait before answering); None: drop the connection
Answer = tuple[int, str, list[bytes], float] | None


@contextmanager
def server(answer: Callable[[str], Answer]) -> Iterator[str]:
    """A loopback HTTP server whose every POST gets ``answer(path)``; yields its base URL."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the http.server hook's name
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            reply = answer(self.path)
            if reply is None:  # a server that dies mid-request
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            status, ctype, chunks, delay = reply
            time.sleep(delay)
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Connection", "close")
            self.end_headers()
            for chunk in chunks:
                self.wfile.write(chunk)
                self.wfile.flush()

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)


def endpoint(url: str, **kw: Any) -> Any:
    from o3local.remote.config import RemoteEndpoint

    return RemoteEndpoint(url=url, **{"max_attempts": 1, "ttft_timeout": 2.0, **kw})


def chat(answer: Callable[[str], Answer], *, seconds: float = 5.0, protocol: str = "openai",
         **kw: Any) -> Found:
    from o3local.remote.deadline import Deadline
    from o3local.remote.router import make_remote_backend

    with server(answer) as url:
        backend = make_remote_backend(endpoint(url, protocol=protocol, **kw))
        return raised(lambda: backend.chat([{"role": "user", "content": "hi"}], max_tokens=8,
                                           deadline=Deadline(seconds)))


def status(code: int, body: bytes = b'{"error": "no"}') -> Callable[[str], Answer]:
    return lambda path: (code, "application/json", [body], 0.0)


def sse(*events: bytes) -> Callable[[str], Answer]:
    return lambda path: (200, "text/event-stream", [b"data: " + e + b"\n\n" for e in events], 0.0)


CHAT = "/v1/chat/completions"

case("remote.server_error", "remote chat completion: server error (HTTP 500)", CHAT)(
    lambda t: chat(status(500)))
case("remote.rate_limited", "remote chat completion: rate limited (HTTP 429)", CHAT)(
    lambda t: chat(status(429)))
case("remote.auth", "the endpoint refused the credentials (HTTP 401)", CHAT)(
    lambda t: chat(status(401)))
case("remote.rejected", "the endpoint rejected the request (HTTP 422)", CHAT)(
    lambda t: chat(status(422)))
case("remote.malformed", "remote chat completion: the server sent malformed JSON", CHAT)(
    lambda t: chat(status(200, b'{"choices": [')))
case("remote.malformed", "remote chat completion: malformed stream chunk", CHAT)(
    lambda t: chat(sse(b'{"choices": [{"delta": ')))
case("remote.server_error", "server error in stream: model overloaded", CHAT)(
    lambda t: chat(sse(b'{"error": {"message": "model overloaded"}}')))
case("remote.stream_broken", "the stream ended before it finished", CHAT)(
    lambda t: chat(sse(b'{"choices": [{"delta": {"content": "Hel"}}]}')))
case("remote.timeout", "remote chat completion: the server did not answer in time (read timeout 0.3 s)", CHAT)(
    lambda t: chat(lambda path: (200, "text/event-stream", [b": waiting\n\n"], 1.0), ttft_timeout=0.3))
case("remote.deadline", "remote chat completion: deadline exceeded", CHAT)(
    lambda t: chat(lambda path: (200, "application/json", [b"{}"], 2.0), seconds=0.4))
case("remote.connection", "remote chat completion: connection failed", CHAT)(
    lambda t: chat(lambda path: None))


@case("remote.unreachable", ("remote chat completion: cannot connect", "Connection refused"), CHAT)
def _nobody_listens(t: Path) -> Found:
    from o3local.remote.deadline import Deadline
    from o3local.remote.router import make_remote_backend

    with socket.socket() as s:  # a port that was free a moment ago: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    backend = make_remote_backend(endpoint(f"http://127.0.0.1:{port}"))
    return raised(lambda: backend.chat([{"role": "user", "content": "hi"}], deadline=Deadline(5)))


@case("remote.circuit_open", "circuit breaker open after repeated failures", CHAT)
def _breaker(t: Path) -> Found:
    from o3local.remote.deadline import Deadline
    from o3local.remote.router import make_remote_backend

    with server(status(503)) as url:
        backend = make_remote_backend(endpoint(url, breaker_fail_max=1, breaker_reset_s=60))
        first = raised(lambda: backend.chat([{"role": "user", "content": "hi"}], deadline=Deadline(5)))
        assert first.code == "remote.server_error", first
        return raised(lambda: backend.chat([{"role": "user", "content": "hi"}], deadline=Deadline(5)))


KSERVE = "/v2/models/tiny/infer"
case("remote.malformed", ("remote inference on 'tiny'", "malformed v2 inference response"), KSERVE)(
    lambda t: chat(status(200, b'{"outputs": [{"name": "text_output"}]}'), protocol="kserve", model="tiny"))
case("remote.malformed", "remote inference on 'tiny': the answer has no text_output tensor", KSERVE)(
    lambda t: chat(status(200, b'{"outputs": []}'), protocol="kserve", model="tiny"))


@case("remote.malformed", "text_output holds 1 text(s) for 2 prompts", KSERVE)
def _batch_mismatch(t: Path) -> Found:
    from o3local.remote.deadline import Deadline
    from o3local.remote.router import make_remote_backend

    one = b'{"outputs": [{"name": "text_output", "datatype": "BYTES", "shape": [1], "data": ["a"]}]}'
    with server(status(200, one)) as url:
        backend = make_remote_backend(endpoint(url, protocol="kserve", model="tiny"))
        convs = [[{"role": "user", "content": "a"}], [{"role": "user", "content": "b"}]]
        return raised(lambda: backend.chat_batch(convs, deadline=Deadline(5)))


# -- the endpoint's settings and the policy ----------------------------------------------------

def settings(**env: str) -> Found:
    from o3local.remote.config import load_endpoint

    return raised(lambda: load_endpoint(env={f"O3_REMOTE_{k.upper()}": v for k, v in env.items()}))


case("usage.remote", ("must be http(s)://host[:port]", "'ftp://models.local'"), "/remote/url")(
    lambda t: settings(url="ftp://models.local"))
case("usage.remote", ("remote protocol must be one of openai, kserve", "'triton'"), "/remote/protocol")(
    lambda t: settings(url="http://127.0.0.1:9", protocol="triton"))
case("usage.remote", "remote setting ttft_timeout (O3_REMOTE_TTFT_TIMEOUT) must be a number, not '10s'",
     "/remote/ttft_timeout")(lambda t: settings(url="http://127.0.0.1:9", ttft_timeout="10s"))
case("usage.remote", "remote max_attempts must be at least 1, not 0", "/remote/max_attempts")(
    lambda t: settings(url="http://127.0.0.1:9", max_attempts="0"))


@case("usage.remote", "unknown remote setting(s): timeout", "/remote/timeout")
def _unknown_setting(t: Path) -> Found:
    from o3local.remote.config import load_endpoint

    return raised(lambda: load_endpoint({"url": "http://127.0.0.1:9", "timeout": 5}, env={}))


def _router(**kw: Any) -> Any:
    from o3local.remote.backend import LocalBackend
    from o3local.remote.router import Router, make_remote_backend

    return Router(LocalBackend(), make_remote_backend(endpoint("http://127.0.0.1:9")), **kw)


case("usage.inference_mode", ("O3_INFERENCE_MODE", "one of local, remote, auto", "'cloud'"), "")(
    lambda t: raised(lambda: _router(mode="cloud")))
case("permission.remote", ("O3_INFERENCE_MODE=remote", "does not declare network:remote-inference"), "")(
    lambda t: raised(lambda: _router(mode="remote").decide()))
