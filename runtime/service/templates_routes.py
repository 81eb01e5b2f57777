"""The template library over HTTP: ``GET /v1/templates`` lists or searches, ``POST /v1/templates/consent`` grants.

``GET /v1/templates`` lists every installed and bundled template;
``?q=制作一份融资路演PPT`` ranks them for a request instead (``limit``,
``host_version`` optional).  ``POST /v1/templates/consent`` with
``{"template": "id@version"}`` records the user's yes after a render
answered ``consent.required``.  Both return the hook's envelope and run on
the service's worker queue like every other route.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .. import hook
from ..errors import Location, UsageError


def _limit(text: str | None) -> int:
    if text is None:
        return 10
    try:
        return int(text)
    except ValueError:
        raise UsageError("limit must be an integer in 1..100", code="usage.argument",
                         where=Location(pointer="/limit")) from None


def template_routes(svc: Any, timed: Callable[[str], Any], respond: Callable[[dict[str, Any]], Response],
                    read_body: Callable[[Request], Any]) -> list[Route]:
    """The routes, wired to the service's queue (``svc``), metrics (``timed``) and envelopes."""
    timeout = svc.config.request_timeout_s

    @timed("templates")
    async def listing(request: Request) -> Response:
        params = request.query_params
        unknown = sorted(set(params) - {"q", "limit", "host_version"})
        if unknown:
            raise UsageError(f"unknown parameter {unknown[0]!r} (accepted: q, limit, host_version)",
                             code="usage.argument", where=Location(pointer=f"/{unknown[0]}"))
        host = params.get("host_version")
        if "q" in params:
            limit = _limit(params.get("limit"))
            doc = await svc.queue.run(lambda: hook.templates_search(params["q"], limit, host), timeout)
        else:
            doc = await svc.queue.run(lambda: hook.templates_list(host), timeout)
        return respond(doc)

    @timed("templates_consent")
    async def consent(request: Request) -> Response:
        body = await read_body(request)
        doc = await svc.queue.run(lambda: hook.call("templates_grant", body), timeout)
        return respond(doc)

    return [Route("/v1/templates", listing, methods=["GET"]),
            Route("/v1/templates/consent", consent, methods=["POST"])]


__all__ = ["template_routes"]
