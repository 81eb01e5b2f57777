"""A loopback TCP proxy that injects faults between our client and a real server.

Each accepted request takes the next fault from a plan (or the default) and
either forwards it to the upstream server untouched or breaks it in one way:

- ``ok``            forward as is
- ``delay:S``       wait S seconds, then forward (a slow server)
- ``hang``          read the request and never answer (until the client gives up)
- ``status:N[:R]``  answer HTTP N without forwarding, ``Retry-After: R`` if given
- ``reset``         read the request, then reset the connection (TCP RST)
- ``malformed``     answer 200 with a body that is not JSON
- ``trickle:S``     forward, but send the response one small piece every S seconds
- ``cut:N``         forward the (streamed) response, reset after N ``data:`` events

Every request is logged (method, path, body length, fault), so tests can
prove what did - or did not - leave the process.
"""

from __future__ import annotations

import socket
import socketserver
import struct
import threading
import time
from collections import deque
from dataclasses import dataclass


@dataclass
class Logged:
    method: str
    path: str
    body_len: int
    fault: str


def _read_request(sock: socket.socket) -> bytes | None:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        body += chunk
    return head + b"\r\n\r\n" + body


def _rst(sock: socket.socket) -> None:
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def _force_close(request: bytes) -> bytes:
    """One request per upstream connection: keep-alive would hide faults."""
    head, _, body = request.partition(b"\r\n\r\n")
    lines = [ln for ln in head.split(b"\r\n") if not ln.lower().startswith(b"connection:")]
    return b"\r\n".join(lines) + b"\r\nConnection: close\r\n\r\n" + body


class FaultProxy:
    def __init__(self, upstream_port: int, default: str = "ok") -> None:
        self.upstream_port = upstream_port
        self.default = default
        self.plan: deque[str] = deque()
        self.log: list[Logged] = []
        self._lock = threading.Lock()
        proxy = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                proxy._serve(self.request)

        class Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

        self.server = Server(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FaultProxy:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def push(self, *faults: str) -> None:
        with self._lock:
            self.plan.extend(faults)

    def _next(self) -> str:
        with self._lock:
            return self.plan.popleft() if self.plan else self.default

    def _serve(self, client: socket.socket) -> None:
        while True:  # keep-alive: one fault per request on this connection
            request = _read_request(client)
            if request is None:
                return
            line = request.split(b"\r\n", 1)[0].decode("latin-1").split(" ")
            body_len = len(request.partition(b"\r\n\r\n")[2])
            fault = self._next()
            with self._lock:
                self.log.append(Logged(line[0], line[1] if len(line) > 1 else "", body_len, fault))
            if not self._apply(fault, client, request):
                return

    def _apply(self, fault: str, client: socket.socket, request: bytes) -> bool:
        kind, _, arg = fault.partition(":")
        if kind == "hang":
            time.sleep(30)
            client.close()
            return False
        if kind == "reset":
            _rst(client)
            return False
        if kind == "status":
            code, _, retry_after = arg.partition(":")
            extra = f"Retry-After: {retry_after}\r\n" if retry_after else ""
            body = b'{"error":"injected"}'
            client.sendall(f"HTTP/1.1 {code} Injected\r\nContent-Type: application/json\r\n"
                           f"{extra}Content-Length: {len(body)}\r\n\r\n".encode() + body)
            return True
        if kind == "malformed":
            body = b'{"choices": [ this is not json'
            client.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                           + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            return True
        if kind == "delay":
            time.sleep(float(arg))
        upstream = socket.create_connection(("127.0.0.1", self.upstream_port), timeout=60)
        try:
            upstream.sendall(_force_close(request))
            events = 0
            while True:
                chunk = upstream.recv(65536 if kind != "trickle" else 16)
                if not chunk:
                    break
                if kind == "cut":
                    pos = 0
                    while (hit := chunk.find(b"data:", pos)) >= 0:
                        events += 1
                        if events > int(arg):
                            client.sendall(chunk[:hit])
                            _rst(client)
                            return False
                        pos = hit + 5
                client.sendall(chunk)
                if kind == "trickle":
                    time.sleep(float(arg))
        except OSError:
            client.close()
            return False
        finally:
            upstream.close()
        client.close()  # upstream closed: so does this connection
        return False
