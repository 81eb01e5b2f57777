"""The service's gate, as one ASGI middleware in front of every route.

In order: Host header (must name the loopback address: a DNS-rebinding page
reaches us with its own host name, as in Ollama's CVE-2024-28224), Origin
(absent for non-browser clients; else exactly one of the allow-list, never
``*``; CORS preflights are answered here), the token (``Authorization:
Bearer`` or ``X-O3-Token``, compared in constant time), then for bodies:
``Content-Type: application/json`` and the size limit, enforced while reading
so a lying ``Content-Length`` cannot get more in.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from ..hook import HOOK_API_VERSION
from .status import http_status

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
ALLOWED_HEADERS = "authorization, content-type, x-o3-token"


def error_body(code: str, message: str, where: dict | None = None) -> bytes:
    """The hook's error envelope as bytes (the gate answers before any route runs)."""
    return json.dumps({"ok": False, "api_version": HOOK_API_VERSION,
                       "error": {"code": code, "message": message, "where": where or {}}}).encode()


def loopback_host(host: str | None, port: int, *, port_required: bool = False) -> bool:
    """Whether a ``Host`` header names this loopback listener (``port``; 0: not bound yet).

    A DNS-rebinding page reaches a loopback server under its own host name, so
    only the loopback names pass; a port, when given (or ``port_required``),
    must be ours.
    """
    if not host:
        return False
    name, _, given = host.rpartition(":") if not host.endswith("]") else (host, "", "")
    if not name:
        name, given = host, ""
    if name not in LOOPBACK_HOSTS:
        return False
    if not given:
        return not port_required
    return port != 0 and given == str(port)


class Gate:
    def __init__(self, app: Any, *, token: str, origins: tuple[str, ...], port_ref: list[int],
                 max_body: int) -> None:
        self.app = app
        self.token = token.encode()
        self.origins = frozenset(origins)
        self.port_ref = port_ref  # filled in once the OS picked the port
        self.max_body = max_body

    def _host_ok(self, host: str | None) -> bool:
        return loopback_host(host, self.port_ref[0])

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        origin = headers.get("origin")
        cors: list[tuple[bytes, bytes]] = []
        if origin is not None:
            if origin.rstrip("/") not in self.origins:
                await _reply_error(send, "service.forbidden_origin",
                                   f"origin {origin!r} is not allowed (add it to O3_SERVE_ORIGINS)")
                return
            cors = [(b"access-control-allow-origin", origin.encode()), (b"vary", b"Origin")]
        if not self._host_ok(headers.get("host")):
            await _reply_error(send, "service.bad_host", f"the Host header {headers.get('host', '')!r:.80} "
                               f"is not the loopback address this service listens on "
                               f"(127.0.0.1:{self.port_ref[0]})", cors)
            return
        if scope["method"] == "OPTIONS" and origin is not None:
            await _reply(send, 204, b"", cors + [
                (b"access-control-allow-methods", b"GET, POST, OPTIONS"),
                (b"access-control-allow-headers", ALLOWED_HEADERS.encode()),
                (b"access-control-max-age", b"600")])
            return
        given = headers.get("x-o3-token", "")
        auth = headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            given = auth[7:].strip()
        if not hmac.compare_digest(given.encode(), self.token):
            await _reply_error(send, "service.unauthorized",
                               f"{'wrong' if given else 'missing'} token: send the one in the discovery "
                               "file as 'Authorization: Bearer TOKEN' or 'X-O3-Token: TOKEN'",
                               cors + [(b"www-authenticate", b"Bearer")])
            return
        if scope["method"] in ("POST", "PUT", "PATCH"):
            ctype = headers.get("content-type", "").split(";")[0].strip().lower()
            if ctype != "application/json":
                await _reply_error(send, "service.unsupported_media_type",
                                   "request bodies must be application/json; the Content-Type header "
                                   + (f"says {ctype!r:.80}" if ctype else "is missing"), cors)
                return
            declared = headers.get("content-length")
            if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
                await _reply_error(send, "service.too_large",
                                   f"the body is larger than {self.max_body} bytes (Content-Length: "
                                   f"{declared!r:.40}; the limit is serve's --max-body)", cors)
                return
            receive = self._limited(receive)
        await self.app(scope, receive, _with_headers(send, cors))

    def _limited(self, receive: Any) -> Any:
        seen = 0
        limit = self.max_body

        async def wrapped() -> dict:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge()
            return message

        return wrapped


class BodyTooLarge(Exception):
    pass


def _with_headers(send: Any, extra: list[tuple[bytes, bytes]]) -> Any:
    if not extra:
        return send

    async def wrapped(message: dict) -> None:
        if message["type"] == "http.response.start":
            message = dict(message)
            message["headers"] = list(message.get("headers", [])) + extra
        await send(message)

    return wrapped


async def _reply_error(send: Any, code: str, message: str,
                       extra: list[tuple[bytes, bytes]] | None = None) -> None:
    await _reply(send, http_status(code), error_body(code, message), extra)


async def _reply(send: Any, status: int, body: bytes,
                 extra: list[tuple[bytes, bytes]] | None = None) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status,
                "headers": headers + list(extra or [])})
    await send({"type": "http.response.body", "body": body})
