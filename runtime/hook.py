"""The in-process Python hook for office add-ins and the desktop app.

Every function takes and returns plain JSON-compatible values (str, int,
float, bool, None, lists, dicts), so a LibreOffice macro, a pywebview shell or
the loopback service can call it without knowing o3-local's classes.  Each
returns an envelope::

    {"ok": true,  "api_version": "1.0", "result": {...}}
    {"ok": false, "api_version": "1.0", "error": {"code": ..., "message": ..., "where": {...}}}

Errors are values, never stack traces: an :class:`~o3local.errors.O3Error`
keeps its code and location, anything unexpected becomes ``code="internal"``.
``HOOK_API_VERSION`` follows semantic versioning; see docs/hook-api.md for
what may change in a minor release and how deprecations are announced.
"""

from __future__ import annotations

import base64
import inspect
import os
from collections.abc import Callable
from typing import Any

from ._version import __version__
from .errors import Location, O3Error, UsageError

HOOK_API_VERSION = "1.0"

JSON = Any
Envelope = dict[str, Any]


def _ok(result: JSON) -> Envelope:
    return {"ok": True, "api_version": HOOK_API_VERSION, "result": result}


def _error(err: BaseException) -> Envelope:
    if isinstance(err, O3Error):
        body = err.to_dict()
    else:
        body = {"code": "internal", "message": f"{type(err).__name__}: {err}", "where": {}}
    return {"ok": False, "api_version": HOOK_API_VERSION, "error": body}


def _guard(fn: Callable[..., JSON]) -> Callable[..., Envelope]:
    def wrapper(*args: Any, **kwargs: Any) -> Envelope:
        try:
            return _ok(fn(*args, **kwargs))
        except Exception as err:  # noqa: BLE001 - the hook's contract: errors are values
            return _error(err)

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    wrapper.__signature__ = inspect.signature(fn)  # type: ignore[attr-defined]
    wrapper.__wrapped__ = fn  # type: ignore[attr-defined]
    return wrapper


@_guard
def validate(path: str, host_version: str | None = None) -> JSON:
    """Check a template package; ``result.ok`` is false when it has errors (all listed)."""
    from .template.validate import validate as run

    return run(path, host_version=host_version).to_dict()


@_guard
def render(template: str | None = None, data: Any = None, context: dict[str, str] | None = None,
           sample: bool = False, format: str = "png", output: str | None = None,
           page: int | None = None, dpi: int = 96, host_version: str | None = None,
           strict: bool = False, include_files: bool = False) -> JSON:
    """Fill and lay out a template; with ``include_files`` the exported files come base64-encoded."""
    from .library import resolve_for_render
    from .render import render as run

    template = resolve_for_render(template, host_version=host_version)
    result = run(template, data=data, context=context, sample=sample, fmt=format, output=output,
                 page=page, dpi=dpi, host_version=host_version, strict=strict)
    doc = result.to_dict()
    if include_files:
        doc["files_base64"] = [base64.b64encode(f).decode("ascii") for f in result.files]
    return doc


@_guard
def fill(template: str, source: str, context: dict[str, str] | None = None,
         method: str = "auto", host_version: str | None = None) -> JSON:
    """Fill a template's inputs from the user's document (``source``: a .md/.txt/.docx/.pptx path).

    ``result.data`` is the data to review and render; ``result.fields`` says where each
    field came from (extractive, default, placeholder) and from which sentence.
    """
    from .library import resolve_for_render
    from .tasks.fill import fill_template

    if not isinstance(source, str) or not source:
        raise UsageError("source must be the path of a document", code="usage.argument",
                         where=Location(pointer="/source"))
    resolved = resolve_for_render(template, host_version=host_version)
    return fill_template(resolved, source, context, method=method,
                         host_version=host_version).to_dict()


@_guard
def summarize(text: str, lang: str = "auto", max_chars: int | None = None, style: str = "paragraph",
              method: str = "auto", max_sentences: int | None = None,
              model: str | None = None) -> JSON:
    """Summarize a text offline (English or Chinese)."""
    from .tasks.summarize import summarize as run

    return run(text, lang=lang, max_chars=max_chars, style=style, method=method,  # type: ignore[arg-type]
               max_sentences=max_sentences, model=model).to_dict()


@_guard
def formula(request: str, sheet: str | None = None, target_cell: str | None = None,
            mode: str = "generate", method: str = "auto", model: str | None = None,
            target: str = "portable") -> JSON:
    """A checked spreadsheet formula for a request, against the .xlsx at ``sheet``.

    ``target``: portable (default), excel-2016, excel-365, wps or libreoffice.
    """
    from .tasks.formula import formula as run

    result = run(request, sheet, target_cell, mode=mode, method=method,  # type: ignore[arg-type]
                 model=model, target=target)
    return _jsonable(result.to_dict())


@_guard
def templates_list(host_version: str | None = None) -> JSON:
    """Installed and bundled templates (every version; only those ``host_version`` runs, if given)."""
    from .library import Library

    return {"templates": [r.to_dict() for r in Library().list() if r.admits(host_version)]}


@_guard
def templates_search(query: str, limit: int = 10, host_version: str | None = None) -> JSON:
    """The templates a request like "制作一份融资路演PPT" is about, best first."""
    from .library import Library
    from .library.catalog import search_library

    if not isinstance(query, str) or not query.strip():
        raise UsageError("query must be a non-empty string", code="usage.argument",
                         where=Location(pointer="/query"))
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= 100:
        raise UsageError("limit must be an integer in 1..100", code="usage.argument",
                         where=Location(pointer="/limit"))
    return {"query": query, "results": search_library(Library(), query, limit=limit,
                                                      host_version=host_version)}


@_guard
def templates_grant(template: str) -> JSON:
    """Record the user's yes to what ``template`` (``id@version``) asked in a ``consent.required`` error."""
    from .library import ConsentStore, Library
    from .library.consent import asked_for

    if not isinstance(template, str) or "@" not in template:
        raise UsageError("template must be 'id@version' (the one the consent.required error named)",
                         code="usage.argument", where=Location(pointer="/template"))
    record = Library().resolve(template)
    return ConsentStore().grant(record.id, record.version, record.key_id, asked_for(record.manifest)).to_dict()


@_guard
def status() -> JSON:
    """Versions, operations, installed models and the remote-inference setup (no secrets)."""
    from .models import ModelStore
    from .permissions import Policy
    from .remote.config import load_endpoint

    store = ModelStore()
    try:
        models = [m.summary() for m in store.list()]
    except O3Error as err:
        models = [{"error": err.to_dict()}]
    endpoint = load_endpoint()
    policy = Policy.load()
    return {
        "version": __version__,
        "api_version": HOOK_API_VERSION,
        "operations": sorted(OPERATIONS),
        "models": {"store": str(store.root), "installed": models},
        "remote": {
            "mode": os.environ.get("O3_INFERENCE_MODE", "auto"),
            "endpoint": endpoint.to_dict() if endpoint else None,
            "policy_allows": policy.allow_remote_inference,
        },
    }


OPERATIONS: dict[str, Callable[..., Envelope]] = {
    "validate": validate, "render": render, "fill": fill, "summarize": summarize, "formula": formula,
    "status": status, "templates_list": templates_list, "templates_search": templates_search,
    "templates_grant": templates_grant,
}


def call(operation: str, args: dict[str, Any] | None = None) -> Envelope:
    """Run ``operation`` with keyword ``args`` taken from JSON (the loopback service's entry).

    Unknown operations and arguments are usage errors naming the offending key.
    """
    fn = OPERATIONS.get(operation)
    if fn is None:
        return _error(UsageError(f"unknown operation {operation!r} "
                                 f"(known: {', '.join(sorted(OPERATIONS))})", code="usage.operation"))
    if args is None:
        args = {}
    if not isinstance(args, dict):
        return _error(UsageError("the request body must be a JSON object of arguments",
                                 code="usage.body", where=Location(pointer="")))
    try:
        inspect.signature(fn).bind(**args)
    except TypeError as err:
        known = list(inspect.signature(fn).parameters)
        bad = next((k for k in args if k not in known), None)
        return _error(UsageError(f"bad arguments for {operation}: {err} (accepted: "
                                 f"{', '.join(known)})", code="usage.argument",
                                 where=Location(pointer=f"/{bad}" if bad else "")))
    return fn(**args)


def _jsonable(value: Any) -> JSON:
    """Make a result JSON-safe (formula values may be numpy or datetime objects)."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    item = getattr(value, "item", None)
    if callable(item):
        try:
            return _jsonable(item())
        except (TypeError, ValueError):
            pass
    return str(value)
