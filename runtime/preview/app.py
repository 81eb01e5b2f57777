"""The preview's web app: one page, its state, its pages and downloads.

Security is the service's (docs/service.md): bound to 127.0.0.1, the Host
header must name that address and port (a DNS-rebinding page arrives with its
own host name), a browser Origin other than the preview's own is refused, and
every route but the empty page shell needs the session token.  The token
reaches the page in the URL's fragment (never sent to the server, so never in
a log or a Referer) and goes back as the ``X-O3-Token`` header, or as ``?t=``
on the download links a browser follows by itself.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from ..errors import O3Error
from ..service.security import loopback_host
from .page import PAGE_HTML
from .session import DOWNLOAD_FORMATS, PreviewSession

#: longest a state request waits for a newer render before answering the current one
LONG_POLL_S = 20.0
_HEADERS = {"cache-control": "no-store", "referrer-policy": "no-referrer",
            "x-content-type-options": "nosniff"}
_CSP = ("default-src 'none'; img-src 'self' blob: data:; style-src 'unsafe-inline'; "
        "script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'")


def _error(status: int, code: str, message: str) -> Any:
    from starlette.responses import JSONResponse

    return JSONResponse({"ok": False, "error": {"code": code, "message": message, "where": {}}},
                        status_code=status, headers=_HEADERS)


def create_app(session: PreviewSession, token: str, port_ref: list[int]) -> Any:
    """The Starlette app serving ``session``; ``port_ref[0]`` is the bound port."""
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.routing import Route

    secret = token.encode()

    def refused(request: Request, *, need_token: bool = True) -> Response | None:
        # a browser always sends the port of a non-default one: require it
        if not loopback_host(request.headers.get("host"), port_ref[0], port_required=True):
            return _error(421, "service.bad_host", "the Host header must be the loopback address "
                                                   "this preview listens on")
        origin = request.headers.get("origin")
        if origin is not None and origin.rstrip("/") != f"http://{request.headers['host']}":
            return _error(403, "service.forbidden_origin", f"origin {origin!r} is not allowed")
        if need_token:
            given = request.headers.get("x-o3-token") or request.query_params.get("t", "")
            if not hmac.compare_digest(given.encode(), secret):
                return _error(401, "service.unauthorized", "missing or wrong preview token "
                                                           "(open the URL the command printed)")
        return None

    async def page(request: Request) -> Response:
        if (bad := refused(request, need_token=False)) is not None:
            return bad
        return HTMLResponse(PAGE_HTML, headers={**_HEADERS, "content-security-policy": _CSP})

    async def state(request: Request) -> Response:
        if (bad := refused(request)) is not None:
            return bad
        try:
            since = int(request.query_params.get("since", "-1"))
        except ValueError:
            return _error(400, "usage.since", "since must be a version number")
        frame = await run_in_threadpool(session.wait_newer, since, LONG_POLL_S)
        return JSONResponse(frame.to_dict(), headers=_HEADERS)

    async def page_svg(request: Request) -> Response:
        if (bad := refused(request)) is not None:
            return bad
        frame = session.frame
        index = request.path_params["index"]
        if request.path_params["version"] != frame.pages_version or not 1 <= index <= len(frame.pages):
            return _error(404, "usage.page", "no such page in the current render")
        return Response(frame.pages[index - 1], media_type="image/svg+xml",
                        headers={**_HEADERS, "content-security-policy": "default-src 'none'; "
                                 "style-src 'unsafe-inline'; img-src data:"})

    async def download(request: Request) -> Response:
        if (bad := refused(request)) is not None:
            return bad
        fmt = request.path_params["fmt"]
        if fmt not in DOWNLOAD_FORMATS:
            return _error(404, "usage.format", f"no download as {fmt!r}")
        try:
            body, name = await run_in_threadpool(session.download, fmt)
        except O3Error as err:
            return JSONResponse({"ok": False, "error": err.to_dict()}, status_code=422,
                                headers=_HEADERS)
        from ..export import get_format

        return Response(body, media_type=get_format(fmt).media_type, headers={
            **_HEADERS, "content-disposition": f"attachment; filename={json.dumps(name)}"})

    async def not_found(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        return _error(status, "service.not_found" if status == 404 else "service.method_not_allowed",
                      f"{request.method} {request.url.path} is not a preview route")

    return Starlette(routes=[
        Route("/", page, methods=["GET"]),
        Route("/api/state", state, methods=["GET"]),
        Route("/api/page/{version:int}/{index:int}.svg", page_svg, methods=["GET"]),
        Route("/api/download/{fmt}", download, methods=["GET"]),
    ], exception_handlers={404: not_found, 405: not_found})
