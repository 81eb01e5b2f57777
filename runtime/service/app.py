"""Routes of the loopback service: the hook's operations over HTTP, plus probes.

``POST /v1/{validate,render}`` and ``POST /v1/<operation>`` of every served
AI task in the task registry (summarize, formula) take the hook function's
keyword arguments as a JSON object and return the hook's envelope
(validate and render, which run a stranger's template, in worker processes
killed at the request's deadline; path arguments confined to the configured
folders, see files.py);
``POST /v1/generate`` is a chat completion through the remote-offload router
(dynamically batched when the remote model takes batches).  ``GET /health``
(alive), ``/ready`` (preloaded models hot), ``/metrics`` (Prometheus),
``/openapi.json`` and ``/v1/status``.  Every route is behind :class:`Gate`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from .. import hook
from ..errors import O3Error, UsageError
from ..template import jsontext
from .config import ServiceConfig
from .keeper import ModelKeeper
from .metrics import Metrics
from .openapi import openapi_document
from .scheduler import Busy, JobQueue, MicroBatcher
from .security import BodyTooLarge, Gate, error_body
from .status import http_status as status_for_code
from .templates_routes import template_routes
from .workers import WorkerPool

#: operations that run a template package: in a worker process the service can kill
WORKER_OPS = ("validate", "render")


def hook_ops() -> tuple[str, ...]:
    """The hook operations served as ``POST /v1/<op>``: the template ones and the served AI tasks."""
    from ..tasks import registry

    return WORKER_OPS + tuple(t.operation for t in registry.tasks() if t.served and t.operation)


def model_ops() -> tuple[str, ...]:
    """Operations that run a model: a request keeps the preloaded models warm."""
    from ..tasks import registry

    return tuple(t.operation for t in registry.tasks() if t.operation and t.model_task) + ("generate",)
#: bodies up to this size are parsed on the event loop (~5 ms at most); larger ones on a thread
INLINE_PARSE_BYTES = 16 * 1024


def http_status(error: dict[str, Any]) -> int:
    """HTTP status for an error envelope's ``error``, from the one table in status.py."""
    return status_for_code(str(error.get("code", "")))


class Service:
    """State shared by the routes: queue, batcher, metrics, model keeper, routers."""

    def __init__(self, config: ServiceConfig) -> None:
        self.config = config
        self.metrics = Metrics()
        self.keeper = ModelKeeper(config.preload, config.idle_ttl_s)
        self.roots = config.file_roots()
        self.workers = WorkerPool(config.concurrency, cwd=str(self.roots.base))
        self.queue: JobQueue | None = None
        self.batcher: MicroBatcher | None = None
        self.port_ref = [config.port]
        self.started = time.time()
        self._routers: dict[frozenset[str], Any] = {}
        self._templates: dict[str, tuple[int, str, frozenset[str]]] = {}
        self._router_lock = threading.Lock()
        self._remote: Any = None
        self._local: Any = None

    async def startup(self) -> None:
        self.queue = JobQueue(self.config.concurrency, self.config.max_waiting, self.metrics)
        self.batcher = MicroBatcher(self._generate_batch, self.queue, self.metrics,
                                    self.config.batch_max, self.config.batch_window_ms / 1000)
        self.keeper.start()
        asyncio.get_running_loop().run_in_executor(None, self.workers.warm)

    async def shutdown(self) -> None:
        self.keeper.stop()
        self.workers.close()

    # -- text generation through the router ---------------------------------------
    def router_for(self, template: str | None) -> Any:
        from ..permissions import Permissions, Policy
        from ..remote import LocalBackend, Router, load_endpoint, make_remote_backend

        policy = Policy.load()
        if template:
            template_id, declared = self._declared(template)
            perms = Permissions.for_template(template_id, declared, policy)
        else:
            perms = Permissions.for_template("service", [], policy)
        key = frozenset(perms.declared) | {f"policy:{policy.allow_remote_inference}"}
        with self._router_lock:  # requests arrive on several threads at once
            router = self._routers.get(key)
            if router is None:
                if self._local is None:
                    endpoint = load_endpoint()
                    self._remote = make_remote_backend(endpoint) if endpoint else None
                    self._local = LocalBackend(task="chat")
                router = Router(self._local, self._remote,
                                mode=os.environ.get("O3_INFERENCE_MODE", "auto"),
                                permissions=perms, policy=policy)
                self._routers[key] = router
        return router

    def _declared(self, template: str) -> tuple[str, frozenset[str]]:
        """A template's id and declared permissions, re-read only when its manifest changes."""
        from ..template.package import open_template

        manifest = Path(template) / "manifest.json"
        try:
            stamp = manifest.stat().st_mtime_ns if manifest.is_file() else Path(template).stat().st_mtime_ns
        except OSError:
            stamp = None
        cached = self._templates.get(template)
        if cached is not None and stamp is not None and cached[0] == stamp:
            return cached[1], cached[2]
        perms = open_template(template).permissions
        if stamp is not None:
            self._templates[template] = (stamp, perms.template_id, perms.declared)
        return perms.template_id, perms.declared

    def _generate_batch(self, items: list[dict[str, Any]]) -> list[Any]:
        from ..remote import Deadline

        first = items[0]
        deadline = Deadline(min(it["deadline_s"] for it in items))
        return first["router"].chat_batch([it["messages"] for it in items],
                                          max_tokens=first["max_tokens"],
                                          temperature=first["temperature"],
                                          stop=first["stop"], deadline=deadline)

    def status(self) -> dict[str, Any]:
        doc = hook.status()
        if doc.get("ok"):
            doc["result"]["service"] = {
                "url": f"http://127.0.0.1:{self.port_ref[0]}",
                "pid": os.getpid(),
                "uptime_s": round(time.time() - self.started, 3),
                "concurrency": self.config.concurrency,
                "max_waiting": self.config.max_waiting,
                "queue_depth": self.metrics.queue_depth,
                "running": self.metrics.running,
                "batching": {"enabled": self.config.batching, "max": self.config.batch_max,
                             "window_ms": self.config.batch_window_ms},
                "models": self.keeper.status(),
                "routers": [r.status() for r in self._routers.values()],
                "workers": self.workers.status(),
                "files": self.roots.to_dict(),
                "limits": {"header_timeout_s": self.config.header_timeout_s,
                           "body_timeout_s": self.config.body_timeout_s,
                           "max_connections": self.config.max_connections,
                           "max_body_bytes": self.config.max_body_bytes,
                           "request_timeout_s": self.config.request_timeout_s},
                "ready": self.keeper.ready,
            }
        return doc


def _envelope_response(doc: dict[str, Any]) -> JSONResponse:
    status = 200 if doc.get("ok") else http_status(doc.get("error", {}))
    return JSONResponse(doc, status_code=status)


def _error_response(err: O3Error) -> JSONResponse:
    doc = hook._error(err)
    partial = getattr(err, "partial", None)
    if isinstance(partial, dict):  # generation stopped at its deadline: what it had written
        doc["error"]["partial"] = partial
    headers = {"Retry-After": "1"} if isinstance(err, Busy) else None
    return JSONResponse(doc, status_code=http_status(doc["error"]), headers=headers)


async def _json_body(request: Request) -> Any:
    """The body through the one strict JSON reader (depth and number caps: 400, never 500).

    The whole body must arrive within ``body_timeout_s`` (a slow trickle holds nothing).
    """
    timeout = request.app.state.service.config.body_timeout_s
    try:
        raw = await asyncio.wait_for(request.body(), timeout)
    except asyncio.TimeoutError:
        raise UsageError(f"the request body did not arrive within {timeout:g} s",
                         code="service.body_timeout") from None
    if not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise UsageError(f"the body is not UTF-8 (byte 0x{raw[err.start]:02x} at offset "
                         f"{err.start})", code="usage.json", where=_loc(None, None)) from None
    try:
        if len(raw) <= INLINE_PARSE_BYTES:
            return jsontext.loads(text)
        return await asyncio.to_thread(jsontext.loads, text)
    except jsontext.JSONTextError as err:
        raise UsageError(f"the body is not valid JSON: {err.message}",
                         code="usage.json", where=_loc(err.line, err.column)) from None


def _loc(line: int | None, column: int | None) -> Any:
    from ..errors import Location

    return Location(file="<request body>", line=line, column=column)


def create_app(config: ServiceConfig) -> Any:
    svc = Service(config)

    def timed(op: str):
        def deco(handler):
            async def endpoint(request: Request) -> Response:
                started = time.perf_counter()
                try:
                    response = await handler(request)
                except BodyTooLarge:
                    response = Response(error_body("service.too_large", f"the body is larger than "
                                                   f"{config.max_body_bytes} bytes (the limit is serve's "
                                                   "--max-body)"),
                                        status_code=status_for_code("service.too_large"),
                                        media_type="application/json")
                except O3Error as err:
                    response = _error_response(err)
                svc.metrics.observe(op, time.perf_counter() - started, response.status_code)
                return response
            return endpoint
        return deco

    # read once: the routes and the OpenAPI document list the same operations
    served, keeps_warm = hook_ops(), model_ops()

    def hook_route(op: str):
        @timed(op)
        async def handler(request: Request) -> Response:
            body = svc.roots.confine(op, await _json_body(request))
            if op in keeps_warm:
                svc.keeper.touch()
            if op in WORKER_OPS:
                doc = await svc.queue.run_async(lambda: svc.workers.call(op, body),
                                                config.request_timeout_s)
            else:
                doc = await svc.queue.run(lambda: hook.call(op, body), config.request_timeout_s)
            return _envelope_response(doc)
        return handler

    @timed("generate")
    async def generate(request: Request) -> Response:
        body = svc.roots.confine("generate", await _json_body(request))
        item = _generate_item(body, config)
        svc.keeper.touch()
        # cheap once cached (a stat and the policy file): no worker slot for it
        router = await asyncio.to_thread(svc.router_for, body.get("template"))
        item["router"] = router
        timeout = min(config.request_timeout_s, item["deadline_s"] + 1.0)
        if config.batching:
            key = (id(router), item["max_tokens"], item["temperature"], tuple(item["stop"] or ()))
            result = await svc.batcher.submit(item, key, timeout)
        else:
            result = (await svc.queue.run(lambda: svc._generate_batch([item]), timeout))[0]
            if isinstance(result, BaseException):
                raise result
        return JSONResponse(hook._ok({"text": result.text, "finish_reason": result.finish_reason,
                                      "backend": result.backend, "timings": result.timings}))

    @timed("health")
    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "status": "alive"})

    @timed("ready")
    async def ready(request: Request) -> Response:
        status = svc.keeper.status()
        ok = svc.keeper.ready
        return JSONResponse({"ok": ok, "ready": ok, "models": status["preloaded"]},
                            status_code=200 if ok else 503)

    async def metrics(request: Request) -> Response:
        return PlainTextResponse(svc.metrics.render(),
                                 media_type="text/plain; version=0.0.4; charset=utf-8")

    async def openapi(request: Request) -> Response:
        return JSONResponse(openapi_document(svc.port_ref[0], served))

    @timed("status")
    async def status(request: Request) -> Response:
        return _envelope_response(await svc.queue.run(svc.status, config.request_timeout_s))

    routes = [Route("/health", health, methods=["GET"]), Route("/ready", ready, methods=["GET"]),
              Route("/metrics", metrics, methods=["GET"]),
              Route("/openapi.json", openapi, methods=["GET"]),
              Route("/v1/status", status, methods=["GET"]),
              Route("/v1/generate", generate, methods=["POST"])]
    routes += [Route(f"/v1/{op}", hook_route(op), methods=["POST"]) for op in served]
    routes += template_routes(svc, timed, _envelope_response, _json_body)
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):  # noqa: ANN202
        await svc.startup()
        try:
            yield
        finally:
            await svc.shutdown()

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={404: _not_found, 405: _not_allowed})
    app.state.service = svc
    return Gate(app, token=config.token, origins=config.origins, port_ref=svc.port_ref,
                max_body=config.max_body_bytes)


async def _not_found(request: Request, exc: Exception) -> Response:
    return _error_response(UsageError(f"no route {request.url.path!r} (see /openapi.json)",
                                      code="service.not_found"))


async def _not_allowed(request: Request, exc: Exception) -> Response:
    allowed = getattr(exc, "headers", None) or {}
    response = _error_response(UsageError(
        f"{request.method} is not allowed on {request.url.path!r}", code="service.method_not_allowed"))
    if "Allow" in allowed:
        response.headers["Allow"] = allowed["Allow"]
    return response


def _generate_item(body: Any, config: ServiceConfig) -> dict[str, Any]:
    from ..errors import Location

    if not isinstance(body, dict):
        raise UsageError("the body must be a JSON object", code="usage.body",
                         where=Location(pointer=""))
    allowed = {"messages", "max_tokens", "temperature", "stop", "template", "deadline_s"}
    extra = sorted(set(body) - allowed)
    if extra:
        raise UsageError(f"unknown field {extra[0]!r} (accepted: {', '.join(sorted(allowed))})",
                         code="usage.argument", where=Location(pointer=f"/{extra[0]}"))
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise UsageError("messages must be a non-empty list of {role, content}",
                         code="usage.argument", where=Location(pointer="/messages"))
    for i, m in enumerate(messages):
        if not (isinstance(m, dict) and isinstance(m.get("role"), str)
                and isinstance(m.get("content"), str)):
            raise UsageError("each message needs string 'role' and 'content'",
                             code="usage.argument", where=Location(pointer=f"/messages/{i}"))
    max_tokens = body.get("max_tokens", 128)
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool) or not 1 <= max_tokens <= 4096:
        raise UsageError("max_tokens must be an integer in 1..4096", code="usage.argument",
                         where=Location(pointer="/max_tokens"))
    temperature = body.get("temperature", 0.0)
    if not isinstance(temperature, (int, float)) or isinstance(temperature, bool) or temperature < 0:
        raise UsageError("temperature must be a number >= 0", code="usage.argument",
                         where=Location(pointer="/temperature"))
    stop = body.get("stop")
    if stop is not None and not (isinstance(stop, list) and all(isinstance(s, str) for s in stop)):
        raise UsageError("stop must be a list of strings", code="usage.argument",
                         where=Location(pointer="/stop"))
    deadline = body.get("deadline_s", min(60.0, config.request_timeout_s))
    if not isinstance(deadline, (int, float)) or isinstance(deadline, bool) or \
            not 0 < deadline <= config.request_timeout_s:
        raise UsageError(f"deadline_s must be in (0, {config.request_timeout_s:g}]",
                         code="usage.argument", where=Location(pointer="/deadline_s"))
    return {"messages": [{"role": m["role"], "content": m["content"]} for m in messages],
            "max_tokens": max_tokens, "temperature": float(temperature), "stop": stop,
            "deadline_s": float(deadline)}
