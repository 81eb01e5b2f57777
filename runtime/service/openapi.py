"""The service's OpenAPI 3.1 description, derived from the hook's signatures.

Built from the same functions the routes call, so the published description
cannot drift from what the service accepts.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

from .. import hook
from .._version import __version__

_TYPES = {"str": "string", "int": "integer", "float": "number", "bool": "boolean",
          "dict": "object", "list": "array"}


def _schema_for(annotation: Any) -> dict[str, Any]:
    text = str(annotation).replace("typing.", "")
    kinds = []
    for part in text.split("|"):
        base = part.strip().split("[")[0]
        if base == "None":
            kinds.append("null")
        elif base in _TYPES:
            kinds.append(_TYPES[base])
    if not kinds or "Any" in text:
        return {}
    return {"type": kinds[0]} if len(kinds) == 1 else {"type": kinds}


def _args_schema(fn: Any) -> dict[str, Any]:
    props, required = {}, []
    for name, p in inspect.signature(fn).parameters.items():
        prop = _schema_for(p.annotation)
        if p.default is inspect.Parameter.empty:
            required.append(name)
        else:
            prop["default"] = p.default
        props[name] = prop
    doc: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        doc["required"] = required
    return doc


ENVELOPE = {
    "type": "object",
    "required": ["ok", "api_version"],
    "properties": {
        "ok": {"type": "boolean"},
        "api_version": {"type": "string"},
        "result": {},
        "error": {"$ref": "#/components/schemas/Error"},
    },
}
ERROR = {
    "type": "object",
    "required": ["code", "message", "where"],
    "properties": {
        "code": {"type": "string"},
        "message": {"type": "string"},
        "where": {"type": "object", "properties": {
            "file": {"type": "string"}, "pointer": {"type": "string"},
            "line": {"type": "integer"}, "column": {"type": "integer"}}},
        "problems": {"type": "array", "items": {"type": "object"}},
    },
}
GENERATE = {
    "type": "object",
    "required": ["messages"],
    "additionalProperties": False,
    "properties": {
        "messages": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["role", "content"],
            "properties": {"role": {"type": "string"}, "content": {"type": "string"}}}},
        "max_tokens": {"type": "integer", "minimum": 1, "maximum": 4096, "default": 128},
        "temperature": {"type": "number", "minimum": 0, "default": 0},
        "stop": {"type": "array", "items": {"type": "string"}},
        "template": {"type": "string", "description": "template whose permissions apply "
                     "(network:remote-inference allows offload)"},
        "deadline_s": {"type": "number", "exclusiveMinimum": 0},
    },
}


def _post(summary: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"post": {
        "summary": summary,
        "requestBody": {"required": True, "content": {"application/json": {"schema": schema}}},
        "responses": {
            "200": {"description": "done", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Envelope"}}}},
            "400": {"description": "bad arguments (usage error)"},
            "401": {"description": "missing or wrong token"},
            "413": {"description": "body too large"},
            "415": {"description": "body is not application/json"},
            "422": {"description": "the input is invalid (error.where says where)"},
            "503": {"description": "busy (Retry-After) or model not available"},
            "504": {"description": "timed out"},
        },
    }}


def _get(summary: str, media: str = "application/json") -> dict[str, Any]:
    return {"get": {"summary": summary, "responses": {"200": {"description": "ok", "content": {
        media: {}}}}}}


def _request_schema(op: str, fn: Any) -> dict[str, Any]:
    from ..tasks.registry import by_operation

    task = by_operation(op)
    if task is not None and task.request_schema is not None:
        return dict(task.request_schema)
    return _args_schema(fn)


def openapi_document(port: int, operations: Sequence[str] = ("validate", "render")) -> dict[str, Any]:
    """The document for a service on ``port`` that serves the hook's ``operations``."""
    paths: dict[str, Any] = {
        "/health": _get("liveness"),
        "/ready": _get("readiness: 200 only when the preloaded models are hot, else 503"),
        "/metrics": _get("Prometheus text: latency p50/p95/p99 per operation", "text/plain"),
        "/openapi.json": _get("this document"),
        "/v1/status": _get("versions, models, idle TTL, queue and remote-inference state"),
        "/v1/generate": _post("chat completion (local model or permitted remote offload)",
                              GENERATE),
    }
    for op in operations:
        fn = hook.OPERATIONS[op]
        paths[f"/v1/{op}"] = _post((fn.__doc__ or op).strip().splitlines()[0],
                                   _request_schema(op, fn))
    return {
        "openapi": "3.1.0",
        "info": {"title": "o3-local loopback service", "version": __version__,
                 "x-hook-api-version": hook.HOOK_API_VERSION},
        "servers": [{"url": f"http://127.0.0.1:{port}"}],
        "security": [{"token": []}],
        "paths": paths,
        "components": {
            "securitySchemes": {"token": {"type": "http", "scheme": "bearer",
                                          "description": "the token from the discovery file"}},
            "schemas": {"Envelope": ENVELOPE, "Error": ERROR},
        },
    }
