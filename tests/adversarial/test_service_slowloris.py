"""Idle and half-open connections cannot starve real clients of ``o3-local serve``.

Before the guarded protocol, 130 sockets that never sent a request head made
uvicorn answer 503 to everyone for as long as they stayed open.  All traffic is
on 127.0.0.1, every socket is closed by the test, every wait is bounded.
"""

from __future__ import annotations

import contextlib
import re
import socket
import time

import httpx

from ..service.conftest import start_service, stop_service

IDLE = 200
HALF_OPEN = 40


def _connect(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=5)


def test_idle_and_half_open_connections_do_not_starve_clients(tmp_path) -> None:
    svc = start_service(tmp_path, "--header-timeout", "3", "--max-connections", "128")
    socks: list[socket.socket] = []
    try:
        port = svc.url.rsplit(":", 1)[1]
        for _ in range(IDLE):
            socks.append(_connect(svc.url))
        for _ in range(HALF_OPEN):  # a head that never ends
            s = _connect(svc.url)
            s.sendall(f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode())
            socks.append(s)
        time.sleep(0.5)
        with svc.client(timeout=10) as c:
            codes = [c.get("/health").status_code for _ in range(20)]
            summary = c.post("/v1/summarize", json={"text": "Revenue rose. Costs fell. The board met.",
                                                    "method": "extractive"})
        assert codes == [200] * 20
        assert summary.status_code == 200
    finally:
        for s in socks:
            with contextlib.suppress(OSError):
                s.close()
        stop_service(svc)


def test_a_trickled_head_is_cut_off_at_the_header_deadline(tmp_path) -> None:
    svc = start_service(tmp_path, "--header-timeout", "1")
    try:
        port = svc.url.rsplit(":", 1)[1]
        s = _connect(svc.url)
        started = time.monotonic()
        s.sendall(f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        closed = False
        while time.monotonic() - started < 6:
            try:
                s.sendall(b"X-A: b\r\n")  # one header line every 0.2 s: never a whole head
            except OSError:
                closed = True
                break
            s.settimeout(0.2)
            try:
                if s.recv(1024) == b"":
                    closed = True
                    break
            except TimeoutError:
                pass
        took = time.monotonic() - started
        s.close()
        assert closed and took < 3, took  # closed at ~1 s although bytes kept coming
        assert httpx.get(svc.url + "/health", headers=svc.auth, trust_env=False,
                         timeout=5).status_code == 200
    finally:
        stop_service(svc)


def test_a_kept_alive_connection_still_works_and_a_slow_body_is_refused(tmp_path) -> None:
    svc = start_service(tmp_path, "--header-timeout", "2", "--body-timeout", "1")
    try:
        with svc.client(timeout=10) as c:  # one connection, several requests, idle gaps
            for _ in range(3):
                assert c.get("/health").status_code == 200
                time.sleep(0.5)
        port = svc.url.rsplit(":", 1)[1]
        s = _connect(svc.url)
        s.settimeout(5)
        s.sendall(f"POST /v1/summarize HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                  f"Authorization: Bearer {svc.token}\r\nContent-Type: application/json\r\n"
                  "Content-Length: 100\r\n\r\n{\"text\": ".encode())
        started = time.monotonic()
        answer = s.recv(4096)
        waited = time.monotonic() - started
        while b"\r\n\r\n" in answer and len(answer.split(b"\r\n\r\n", 1)[1]) < int(
                re.search(rb"content-length: (\d+)", answer, re.I).group(1)):
            more = s.recv(4096)  # the body may come in a second segment (a loaded machine)
            if not more:
                break
            answer += more
        s.close()
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"service.body_timeout" in answer and waited < 4
    finally:
        stop_service(svc)
