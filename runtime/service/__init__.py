"""The loopback HTTP service behind ``o3-local serve``.

Add-ins (WPS JS add-ins, Office.js task panes, LibreOffice macros) reach a
warm process instead of paying 0.3-0.75 s of imports per call.  It listens on
127.0.0.1 only and trusts nothing else on the machine: every request needs the
random token from the discovery file, the Host header must name the loopback
address (DNS rebinding), browsers must come from an allow-listed Origin, and
bodies are bounded JSON.  Starlette and uvicorn are imported only here.
"""

from __future__ import annotations

from .config import ServiceConfig

__all__ = ["ServiceConfig", "create_app", "run"]


def create_app(config: ServiceConfig):  # noqa: ANN201 - Starlette is imported lazily
    from .app import create_app as make

    return make(config)


def run(config: ServiceConfig) -> None:
    from .server import run as serve

    serve(config)
