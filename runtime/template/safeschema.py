"""The one way o3-local builds a JSON Schema validator: it never fetches and never hangs.

A template's ``inputs`` schema is written by whoever published the template
and is applied to the user's data, so it is hostile input in two ways:

* **Fetching.** jsonschema resolves a remote ``$ref`` by downloading it.  A
  schema with a different remote ``$ref`` under each ``if``/``pattern``
  branch makes validation send the user's data out, one request per
  matching branch.  Every validator built here resolves references through
  a :class:`referencing.Registry` whose retrieve function refuses, and
  :func:`schema_faults` reports every ``$ref`` / ``$dynamicRef`` that does
  not point inside the schema (``#...``) before anything runs.
* **Freezing.** ``pattern`` and ``patternProperties`` are regular
  expressions; one that backtracks (``^(a|aa)+$``) holds Python's ``re``
  and the GIL for ever.  Here they run on the ``regex`` engine with a time
  limit per match and a total per validation; running out stops the
  validation with a :class:`SchemaFaultError` that names the pattern and
  where it is written.  ``uniqueItems`` is checked in linear time (a
  canonical hash) instead of jsonschema's quadratic fallback for objects.

Validators switch class when a subschema names a dialect in ``$schema``,
which would bypass all of the above, so ``$schema`` is refused below the
top of a schema and, at the top, must name draft 2020-12 (the dialect the
manifest format documents).
"""

from __future__ import annotations

import contextvars
import functools
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

#: longest a single ``pattern``/``patternProperties`` match may run (seconds)
MAX_REGEX_SECONDS = 0.25
#: total time all schema regexes of one validation may take (seconds)
MAX_REGEX_TOTAL_SECONDS = 2.0
#: the one dialect a template's schema may be written in
DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: keywords whose values are data, not schemas (a "$ref" key inside them is no reference)
_DATA_KEYWORDS = frozenset({"const", "enum", "default", "examples"})


@dataclass(frozen=True)
class SchemaFault:
    """Why a schema cannot be applied safely; ``pointer`` is inside the schema."""

    code: str
    pointer: str
    message: str


class SchemaFaultError(Exception):
    """Raised by :func:`validation_errors` when a schema stops being safe to run."""

    def __init__(self, fault: SchemaFault) -> None:
        super().__init__(fault.message)
        self.fault = fault


class RefRefused(LookupError):
    """The retrieve function of every registry we build: nothing is ever fetched."""

    def __init__(self, uri: str) -> None:
        super().__init__(f"refused to fetch $ref {uri!r}: a schema may only refer inside itself ('#...')")
        self.uri = uri


def _refuse(uri: str) -> Any:
    raise RefRefused(uri)


def _pointer_token(token: Any) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def _walk(schema: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """(pointer, object) for every object of a schema that may hold keywords, in document order.

    Iterative, so a deeply nested schema handed to the Python API cannot
    exhaust the stack.
    """
    stack: list[tuple[str, Any]] = [("", schema)]
    while stack:
        pointer, node = stack.pop()
        children: list[tuple[str, Any]] = []
        if isinstance(node, dict):
            yield pointer, node
            children = [(f"{pointer}/{_pointer_token(k)}", v) for k, v in node.items()
                        if k not in _DATA_KEYWORDS and isinstance(v, (dict, list))]
        elif isinstance(node, list):
            children = [(f"{pointer}/{i}", v) for i, v in enumerate(node) if isinstance(v, (dict, list))]
        stack.extend(reversed(children))


def schema_faults(schema: Any) -> list[SchemaFault]:
    """Every reference that would leave the schema and every ``$schema`` we cannot honour.

    A ``$ref`` is allowed only as a fragment of the schema itself (``#``,
    ``#/$defs/x``, ``#anchor``); anything else would be resolved against a
    base URI and, with a registry that retrieves, downloaded.
    """
    faults: list[SchemaFault] = []
    for pointer, node in _walk(schema):
        for key in ("$ref", "$dynamicRef"):
            ref = node.get(key)
            if isinstance(ref, str) and not ref.startswith("#"):
                faults.append(SchemaFault(
                    "manifest.schema_ref", f"{pointer}/{_pointer_token(key)}",
                    f"{key} {ref!r} points outside the schema; only references inside it ('#...') "
                    "are allowed, and nothing is ever fetched"))
        dialect = node.get("$schema")
        if isinstance(dialect, str):
            if pointer:
                faults.append(SchemaFault("manifest.schema_dialect", f"{pointer}/$schema",
                                          "'$schema' is only allowed at the top of the schema"))
            elif dialect.rstrip("#") != DIALECT:
                faults.append(SchemaFault("manifest.schema_dialect", "/$schema",
                                          f"'$schema' {dialect!r} is not supported: schemas are JSON Schema "
                                          f"draft 2020-12 ({DIALECT})"))
    return faults


# -- bounded regular expressions ------------------------------------------------

class _Budget:
    """Regex time left to one validation."""

    def __init__(self, total: float) -> None:
        self.left = total


_BUDGET: contextvars.ContextVar[_Budget | None] = contextvars.ContextVar("o3_regex_budget", default=None)


class RegexLimit(Exception):
    """A schema regex ran out of time or is not a regular expression (internal)."""

    def __init__(self, pattern: str, reason: str) -> None:
        super().__init__(reason)
        self.pattern = pattern
        self.reason = reason


@functools.lru_cache(maxsize=256)
def _compiled(pattern: str) -> Any:
    import regex

    try:
        return regex.compile(pattern)
    except (regex.error, ValueError, OverflowError, RecursionError) as err:
        raise RegexLimit(pattern, f"is not a valid regular expression ({err})") from None


def bounded_search(pattern: str, text: str) -> bool:
    """``re.search(pattern, text)`` on the ``regex`` engine, within the time limits."""
    compiled = _compiled(pattern)
    budget = _BUDGET.get()
    limit = MAX_REGEX_SECONDS if budget is None else min(MAX_REGEX_SECONDS, budget.left)
    if limit <= 0:
        raise RegexLimit(pattern, f"ran past the {MAX_REGEX_TOTAL_SECONDS:g} s that all patterns of one "
                                  "validation may take")
    started = time.perf_counter()
    try:
        return compiled.search(text, timeout=limit) is not None
    except TimeoutError:
        raise RegexLimit(pattern, f"took longer than {limit:.2g} s on a {len(text)}-character value "
                                  "(a pattern that backtracks catastrophically?)") from None
    finally:
        if budget is not None:
            budget.left -= time.perf_counter() - started


class _BoundedRe:
    """Stands in for the ``re`` module inside ``jsonschema._utils``.

    jsonschema matches ``patternProperties`` keys with ``re.search`` inside
    helpers that keywords share (``additionalProperties``,
    ``unevaluatedProperties``); no keyword override reaches them, so their
    module's ``re`` is this object: ``search`` goes through
    :func:`bounded_search`, everything else is ``re``'s own.
    """

    def __init__(self) -> None:
        import re

        self._re = re

    def search(self, pattern: str, string: str, flags: int = 0) -> bool:
        if flags:
            return self._re.search(pattern, string, flags) is not None
        return bounded_search(pattern, string)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._re, name)


# -- keywords ---------------------------------------------------------------------

def _pattern(validator: Any, patrn: Any, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and isinstance(patrn, str) and not bounded_search(patrn, instance):
        yield ValidationError(f"{instance!r} does not match {patrn!r}")


def _pattern_properties(validator: Any, patterns: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for patrn, subschema in patterns.items():
        for key, value in instance.items():
            if bounded_search(patrn, key):
                yield from validator.descend(value, subschema, path=key, schema_path=patrn)


def canonical(value: Any) -> Any:
    """A hashable form under which two JSON values are equal exactly when JSON Schema says so.

    ``1 == 1.0`` (numbers compare by value) but ``true != 1`` and
    ``false != 0`` (Python's ``bool`` is an ``int``); objects compare
    without regard to key order.
    """
    if value is True or value is False:
        return ("b", value)
    if isinstance(value, (int, float)):
        if isinstance(value, float) and value.is_integer() and math.isfinite(value):
            return ("n", int(value))
        return ("n", value)
    if isinstance(value, str):
        return ("s", value)
    if isinstance(value, dict):
        return ("o", frozenset((k, canonical(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return ("a", tuple(canonical(v) for v in value))
    if value is None:
        return ("z",)
    return ("?", repr(value))


def duplicate_indices(items: list[Any]) -> list[int]:
    """Indices of items equal (in JSON Schema's sense) to an earlier item, in linear time."""
    seen: set[Any] = set()
    repeats: list[int] = []
    for i, item in enumerate(items):
        key = canonical(item)
        if key in seen:
            repeats.append(i)
        else:
            seen.add(key)
    return repeats


def _unique_items(validator: Any, unique: Any, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if unique and validator.is_type(instance, "array") and duplicate_indices(instance):
        yield ValidationError(f"{instance!r} has non-unique elements")


@functools.lru_cache(maxsize=1)
def _validator_class() -> Any:
    import jsonschema._utils as utils
    from jsonschema import Draft202012Validator, validators

    if not isinstance(utils.re, _BoundedRe):
        utils.re = _BoundedRe()
    return validators.extend(Draft202012Validator, {
        "pattern": _pattern,
        "patternProperties": _pattern_properties,
        "uniqueItems": _unique_items,
    })


@functools.lru_cache(maxsize=1)
def _registry() -> Any:
    import referencing

    return referencing.Registry(retrieve=_refuse)  # type: ignore[call-arg]


def regex_format_checker() -> Any:
    """A format checker whose ``regex`` format compiles with the engine patterns run on."""
    import jsonschema

    checker = jsonschema.FormatChecker()

    @checker.checks("regex", raises=RegexLimit)
    def _regex(value: object) -> bool:
        return not isinstance(value, str) or _compiled(value) is not None

    return checker


def new_validator(schema: Any, *, format_checker: Any = None) -> Any:
    """A draft 2020-12 validator for ``schema`` that never fetches and bounds its regexes.

    Call :func:`schema_faults` first on untrusted schemas: a ``$schema`` at
    the top is dropped here (it is what makes jsonschema switch to a
    validator class without these guards when ``#`` is referenced).
    """
    if isinstance(schema, dict) and "$schema" in schema:
        schema = {k: v for k, v in schema.items() if k != "$schema"}
    return _validator_class()(schema, format_checker=format_checker, registry=_registry())


def validation_errors(validator: Any, instance: Any) -> list[Any]:
    """Every ``ValidationError`` of ``instance``, within the regex time budget.

    Raises :class:`SchemaFaultError` for a reference that cannot be resolved
    without fetching or a pattern that runs out of time.
    """
    from jsonschema.exceptions import _RefResolutionError
    from referencing.exceptions import Unresolvable

    token = _BUDGET.set(_Budget(MAX_REGEX_TOTAL_SECONDS))
    try:
        return list(validator.iter_errors(instance))
    except RegexLimit as err:
        where = _pattern_pointers(validator.schema, err.pattern)
        at = f" (also at {', '.join(where[1:])})" if len(where) > 1 else ""
        code = "manifest.regex_invalid" if err.reason.startswith("is not a valid") else "manifest.regex_timeout"
        raise SchemaFaultError(SchemaFault(code, where[0] if where else "",
                                           f"pattern {err.pattern!r}{at} {err.reason}")) from None
    except (Unresolvable, _RefResolutionError) as err:
        ref = getattr(err, "ref", None) or str(err)
        raise SchemaFaultError(SchemaFault("manifest.schema_ref", "",
                                           f"$ref {ref!r} cannot be resolved inside the schema "
                                           "(nothing is ever fetched)")) from None
    finally:
        _BUDGET.reset(token)


def _pattern_pointers(schema: Any, pattern: str) -> list[str]:
    """Where ``pattern`` is written in ``schema``: ``pattern`` values and ``patternProperties`` keys."""
    found: list[str] = []
    for pointer, node in _walk(schema):
        if node.get("pattern") == pattern:
            found.append(f"{pointer}/pattern")
        props = node.get("patternProperties")
        if isinstance(props, dict) and pattern in props:
            found.append(f"{pointer}/patternProperties/{_pointer_token(pattern)}")
    return sorted(found)


def first_fault(schema: Any) -> SchemaFault | None:
    """The first reason ``schema`` cannot be used: an unsafe reference or dialect, or a meta-schema fault.

    The meta-schema check runs through :func:`new_validator` as well, with
    ``format: regex`` compiled by the engine that will run the patterns.
    """
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    faults = schema_faults(schema)
    if len(faults) > 1:
        more = len(faults) - 1
        return SchemaFault(faults[0].code, faults[0].pointer,
                           f"{faults[0].message} ({more} more such fault{'s' if more > 1 else ''})")
    if faults:
        return faults[0]
    meta = new_validator(Draft202012Validator.META_SCHEMA, format_checker=regex_format_checker())
    error = best_match(validation_errors(meta, schema))
    if error is None:
        return None
    pointer = "".join(f"/{_pointer_token(t)}" for t in error.absolute_path)
    return SchemaFault("manifest.bad_inputs_schema", pointer, f"not a valid JSON Schema: {error.message}")
