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
import functools
import inspect
import os
import types
import typing
from collections.abc import Callable, Iterator, Mapping
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


def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value fits a parameter's annotation (str, int, bool, X | None, dict[str, str]...)."""
    if hint is Any or hint is inspect.Parameter.empty:
        return True
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if origin is dict:
        key, val = (typing.get_args(hint) + (Any, Any))[:2]
        return isinstance(value, dict) and all(_fits(k, key) and _fits(v, val)
                                               for k, v in value.items())
    if origin is list:
        (item,) = typing.get_args(hint) or (Any,)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    return True  # a type JSON cannot carry (os.PathLike...): the function checks it


def _type_name(hint: Any) -> str:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return " or ".join(_type_name(h) for h in typing.get_args(hint))
    names = {str: "a string", int: "an integer", float: "a number", bool: "true or false",
             type(None): "null"}
    if hint in names:
        return names[hint]
    origin = typing.get_origin(hint)
    if origin is dict:
        args = typing.get_args(hint)
        return f"an object of {_type_name(args[1])} values" if len(args) == 2 and args[1] is not Any \
            else "an object"
    if origin is list:
        args = typing.get_args(hint)
        return f"a list of {_type_name(args[0])} items" if args and args[0] is not Any else "a list"
    return str(hint)


@functools.cache
def _hints(fn: Callable[..., Any]) -> dict[str, Any]:
    return typing.get_type_hints(fn)


def _check_types(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """A wrong argument type is a usage error naming the argument, not an internal error later."""
    try:
        bound = inspect.signature(fn).bind(*args, **kwargs)
    except TypeError as err:
        raise UsageError(f"bad arguments for {fn.__name__}: {err}", code="usage.argument") from None
    hints = _hints(fn)
    for name, value in bound.arguments.items():
        hint = hints.get(name, Any)
        if not _fits(value, hint):
            raise UsageError(f"{name} must be {_type_name(hint)}, not {type(value).__name__}",
                             code="usage.argument", where=Location(pointer=f"/{name}"))


def _guard(fn: Callable[..., JSON]) -> Callable[..., Envelope]:
    def wrapper(*args: Any, **kwargs: Any) -> Envelope:
        try:
            _check_types(fn, args, kwargs)
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
           strict: bool = False, include_files: bool = False, locale: str | None = None) -> JSON:
    """Fill and lay out a template; with ``include_files`` the exported files come base64-encoded.

    ``locale`` (``de-DE``, ``zh-CN``...) is the request's locale for numbers, amounts and dates.
    """
    from .library import resolve_for_render
    from .render import render as run

    template = resolve_for_render(template, host_version=host_version)
    result = run(template, data=data, context=context, sample=sample, fmt=format, output=output,
                 page=page, dpi=dpi, host_version=host_version, strict=strict, locale=locale)
    doc = result.to_dict()
    if include_files:
        doc["files_base64"] = [base64.b64encode(f).decode("ascii") for f in result.files]
    return doc


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


_CORE: dict[str, Callable[..., Envelope]] = {
    "validate": validate, "render": render, "status": status, "templates_list": templates_list,
    "templates_search": templates_search, "templates_grant": templates_grant,
}
_TASK_OPS: dict[tuple[str, str], Callable[..., Envelope]] = {}


def _task_operation(task: Any) -> Callable[..., Envelope]:
    """The guarded hook function of a registered AI task (its runner imported on first use)."""
    key = (task.operation, task.runner)
    fn = _TASK_OPS.get(key)
    if fn is None:
        fn = _TASK_OPS[key] = _guard(task.load_runner())
    return fn


class _Operations(Mapping[str, Callable[..., Envelope]]):
    """Operation name -> hook function: the hook's own, then every AI task in the registry.

    Read live, so a task registered after import is an operation at once.
    """

    def _tasks(self) -> dict[str, Any]:
        from .tasks import registry

        return {t.operation: t for t in registry.tasks() if t.operation}

    def __getitem__(self, name: str) -> Callable[..., Envelope]:
        if name in _CORE:
            return _CORE[name]
        task = self._tasks().get(name)
        if task is None:
            raise KeyError(name)
        return _task_operation(task)

    def __iter__(self) -> Iterator[str]:
        return iter([*_CORE, *self._tasks()])

    def __len__(self) -> int:
        return len(_CORE) + len(self._tasks())

    def __contains__(self, name: object) -> bool:
        return name in _CORE or name in self._tasks()


OPERATIONS: Mapping[str, Callable[..., Envelope]] = _Operations()


def __getattr__(name: str) -> Callable[..., Envelope]:
    """``hook.summarize``, ``hook.formula``, ``hook.fill``...: the AI tasks' operations."""
    if name.startswith("_") or name not in OPERATIONS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return OPERATIONS[name]


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
