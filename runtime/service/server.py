"""Runs the app under uvicorn on 127.0.0.1 and publishes the discovery file.

The socket is bound before uvicorn starts (port 0: the OS picks), so the
discovery file names the real port and is written before the first request can
arrive; it is removed again on shutdown.  Connections go through
:class:`~o3local.service.protocol.GuardedH11Protocol` (header deadline,
connection cap).  SIGTERM/SIGINT kill the worker processes at once, so a
hostile template in flight cannot hold the shutdown; whatever else is running
gets ``SHUTDOWN_GRACE_S`` to finish.
"""

from __future__ import annotations

import signal
import socket
import sys
from collections.abc import Callable

from .. import hook
from .._version import __version__
from . import discovery
from .config import ServiceConfig

#: seconds in-flight requests get to finish after SIGTERM before they are cancelled
SHUTDOWN_GRACE_S = 5


def bind(port: int) -> socket.socket:
    # proto IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say they are
    # TCP, and without it every response (head, then body) waited ~40 ms for a delayed ACK
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(256)
    sock.set_inheritable(True)
    return sock


def run(config: ServiceConfig, on_ready: Callable[[str], None] | None = None) -> None:
    import os

    import uvicorn

    from .app import create_app
    from .protocol import GuardedH11Protocol

    app = create_app(config)  # checks the folders before anything is bound or published
    sock = bind(config.port)
    port = sock.getsockname()[1]
    app.port_ref[0] = port
    url = f"http://127.0.0.1:{port}"
    protocol = GuardedH11Protocol.configured(config.header_timeout_s, config.max_connections)
    # uvicorn's own limit only backs ours up: the protocol evicts idle connections first
    uv = uvicorn.Config(app, http=protocol, log_level="warning", access_log=False,
                        timeout_keep_alive=5, limit_concurrency=2 * config.max_connections,
                        timeout_graceful_shutdown=SHUTDOWN_GRACE_S,
                        lifespan="on", server_header=False, date_header=False)
    server = _Server(uv, app.app.state.service.workers)
    discovery.write(config.discovery_file, {"url": url, "token": config.token, "pid": os.getpid(),
                                            "version": __version__,
                                            "api_version": hook.HOOK_API_VERSION})
    if on_ready is not None:
        on_ready(url)
    serve_until_stopped(server, sock, lambda: discovery.remove(config.discovery_file, config.token))


def serve_until_stopped(server: object, sock: socket.socket, cleanup: Callable[[], None]) -> None:
    """Run a ``uvicorn.Server`` on ``sock`` until SIGINT/SIGTERM, then ``cleanup`` and close.

    uvicorn shuts down gracefully on those signals, then re-raises the signal to the
    handler that was there before: that one is made to exit normally, so ``cleanup``
    (removing the discovery file, stopping the preview's watcher) always runs.
    """
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, _exit_quietly)
    try:
        server.run(sockets=[sock])  # type: ignore[attr-defined]
    except SystemExit:
        pass
    finally:
        cleanup()
        sock.close()


def _exit_quietly(signum: int, frame: object) -> None:
    sys.exit(0)


class _Server:
    """``uvicorn.Server`` that kills the worker processes as soon as a stop signal arrives."""

    def __new__(cls, config: object, workers: object):  # noqa: ANN204 - uvicorn imported lazily
        import uvicorn

        class Server(uvicorn.Server):
            def handle_exit(self, sig: int, frame: object) -> None:  # type: ignore[override]
                super().handle_exit(sig, frame)  # type: ignore[arg-type]
                workers.close()  # type: ignore[attr-defined]

        return Server(config)  # type: ignore[arg-type]
