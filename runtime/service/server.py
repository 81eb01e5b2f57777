"""Runs the app under uvicorn on 127.0.0.1 and publishes the discovery file.

The socket is bound before uvicorn starts (port 0: the OS picks), so the
discovery file names the real port and is written before the first request can
arrive; it is removed again on shutdown.
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


def bind(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(256)
    sock.set_inheritable(True)
    return sock


def run(config: ServiceConfig, on_ready: Callable[[str], None] | None = None) -> None:
    import os

    import uvicorn

    from .app import create_app

    sock = bind(config.port)
    port = sock.getsockname()[1]
    app = create_app(config)
    app.port_ref[0] = port
    url = f"http://127.0.0.1:{port}"
    uv = uvicorn.Config(app, log_level="warning", access_log=False, timeout_keep_alive=5,
                        limit_concurrency=config.max_waiting + config.concurrency + 64,
                        lifespan="on", server_header=False, date_header=False)
    server = uvicorn.Server(uv)
    discovery.write(config.discovery_file, {"url": url, "token": config.token, "pid": os.getpid(),
                                            "version": __version__,
                                            "api_version": hook.HOOK_API_VERSION})
    if on_ready is not None:
        on_ready(url)
    # uvicorn shuts down gracefully on SIGINT/SIGTERM, then re-raises the signal to
    # the handler that was there before: make that one exit normally, so the
    # discovery file is removed.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, _exit_quietly)
    try:
        server.run(sockets=[sock])
    except SystemExit:
        pass
    finally:
        discovery.remove(config.discovery_file, config.token)
        sock.close()


def _exit_quietly(signum: int, frame: object) -> None:
    sys.exit(0)
