"""The user context: ``key=value`` pairs that templates read as ``user.key``."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import DataError, Location, UsageError

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def parse_context(items: Iterable[str]) -> dict[str, str]:
    """Parse ``["name=Ada", ...]``; keys must be usable as ``user.<key>`` in a template."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep:
            raise UsageError(f"context item {item!r} is not of the form key=value",
                             code="usage.context")
        if not _KEY.fullmatch(key):
            raise UsageError(f"context key {key!r} in {item!r} must be letters, digits or _ "
                             "and not start with a digit", code="usage.context")
        if key in out:
            raise UsageError(f"context key {key!r} is given twice", code="usage.context")
        out[key] = value
    return out


def check_context(value: Any, file: str) -> dict[str, str]:
    """A context loaded from JSON: an object of string values (``samples/context.json``)."""
    if not isinstance(value, Mapping):
        raise DataError("context must be a JSON object of strings", where=Location(file=file),
                        code="data.context")
    out: dict[str, str] = {}
    for key, item in value.items():
        if not _KEY.fullmatch(key):
            raise DataError(f"context key {key!r} is not a valid name",
                            where=Location(file=file, pointer=f"/{key}"), code="data.context")
        if not isinstance(item, str):
            raise DataError(f"context value of {key!r} must be a string",
                            where=Location(file=file, pointer=f"/{key}"), code="data.context")
        out[key] = item
    return out
