"""Binds the preview to 127.0.0.1 and runs it under uvicorn until interrupted."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from .session import PreviewSession


def run(session: PreviewSession, *, port: int = 0,
        on_ready: Callable[[str], None] | None = None) -> None:
    """Serve ``session``; ``on_ready`` gets the page URL (token in its fragment)."""
    import uvicorn

    from ..service.server import bind, serve_until_stopped
    from .app import create_app

    token = secrets.token_urlsafe(24)
    sock = bind(port)
    port_ref = [sock.getsockname()[1]]
    app = create_app(session, token, port_ref)
    session.start()
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_keep_alive=5,
                            limit_concurrency=64, lifespan="off", server_header=False,
                            date_header=False,
                            # an open page holds a long poll: do not wait for it on Ctrl-C
                            timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    if on_ready is not None:
        on_ready(f"http://127.0.0.1:{port_ref[0]}/#t={token}")
    serve_until_stopped(server, sock, session.stop)
