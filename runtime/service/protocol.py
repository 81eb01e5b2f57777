"""uvicorn's HTTP/1.1 protocol with a header deadline and a connection cap (slowloris).

uvicorn (0.55, h11) starts no timer on a new connection: a client that opens
a socket and sends nothing, or a header line every few seconds, holds it
for ever, and with ``limit_concurrency`` a few hundred such sockets made the
service answer 503 to every real client.  This subclass:

* gives every connection ``header_timeout_s`` to deliver a complete request
  head, from the moment it opens or finishes its previous response; trickling
  bytes does not restart the clock, so the connection is closed when it runs out;
* caps the open connections at ``max_connections``: past the cap, the
  connection that has waited longest without sending a complete head is
  closed to make room (a real client sends its head at once, so it is the
  idle and half-open ones that go).

Bodies have their own deadline in the app (``body_timeout_s``).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol, h11  # uvicorn's own h11 (its dependency)


def _waiting(server_state: Any) -> dict[GuardedH11Protocol, None]:
    """Connections waiting for a request head, oldest first (one table per server)."""
    table = getattr(server_state, "o3_waiting_heads", None)
    if table is None:
        table = {}
        server_state.o3_waiting_heads = table
    return table


class GuardedH11Protocol(H11Protocol):
    header_timeout_s: float = 10.0
    max_connections: int = 512

    _head_timer: asyncio.TimerHandle | None = None

    @classmethod
    def configured(cls, header_timeout_s: float, max_connections: int) -> type[GuardedH11Protocol]:
        return type("GuardedH11Protocol", (cls,), {"header_timeout_s": header_timeout_s,
                                                    "max_connections": max_connections})

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:  # small responses go out at once (no Nagle wait on the body)
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._await_head()
        if len(self.connections) > self.max_connections:
            for other in list(_waiting(self.server_state)):
                if other is not self:
                    other._drop()
                    break

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the head is complete (or the peer is done)
            self._stop_waiting()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def _await_head(self) -> None:
        self._stop_waiting()
        self._head_timer = self.loop.call_later(self.header_timeout_s, self._drop)
        _waiting(self.server_state)[self] = None

    def _stop_waiting(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        _waiting(self.server_state).pop(self, None)

    def _drop(self) -> None:
        self._stop_waiting()
        if not self.transport.is_closing():
            self.transport.close()


__all__ = ["GuardedH11Protocol"]
