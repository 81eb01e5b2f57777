"""Small answers leave at once: no ~40 ms Nagle/delayed-ACK wait per response.

The listening socket was created with protocol 0, so asyncio never set
TCP_NODELAY on accepted connections, and every response (head, then body in a
second write) waited for the client's delayed ACK: /health took 44 ms median on
a keep-alive connection, 0.3 ms with it set.
"""

from __future__ import annotations

import socket
import statistics
import time


def test_keep_alive_health_is_not_held_by_delayed_acks(service) -> None:
    host, port = service.url.removeprefix("http://").split(":")
    request = (f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
               f"Authorization: Bearer {service.token}\r\n\r\n").encode()
    latencies = []
    with socket.create_connection((host, int(port)), timeout=5) as s:
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for _ in range(21):
            started = time.perf_counter()
            s.sendall(request)
            answer = b""
            while b'"alive"}' not in answer:
                chunk = s.recv(4096)
                assert chunk, answer
                answer += chunk
            latencies.append(time.perf_counter() - started)
    assert statistics.median(latencies) < 0.02, latencies
