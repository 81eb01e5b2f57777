"""Version numbers and ranges of templates and host applications.

Templates name the office versions they work with as exact versions or
ranges.  Two range dialects are common in the wild and both are accepted:
comma-separated clauses as in Python/Cargo (``>=11.5,<13``) and npm ranges
(``^12.0``, ``~11.5.1``, ``11.x``, ``>=11.5 <13``, ``a || b``).  Parsing is
delegated to ``semantic_version`` rather than hand-written.
"""

from __future__ import annotations

from typing import Any

import semantic_version as sv


def parse_version(text: str, *, coerce: bool = False) -> sv.Version | None:
    """A strict semver version, or (``coerce``) a partial one like ``12`` or ``12.0``."""
    if not isinstance(text, str) or not text.strip():
        return None
    try:
        return sv.Version.coerce(text.strip()) if coerce else sv.Version(text)
    except ValueError:
        return None


def parse_spec(text: str) -> Any | None:
    """A version range (``SimpleSpec`` if it has commas, else ``NpmSpec``), or None."""
    if not isinstance(text, str) or not text.strip():
        return None
    text = text.strip()
    try:
        if "," in text:
            return sv.SimpleSpec(text)
        return sv.NpmSpec(text)
    except ValueError:
        return None


def host_matches(host: sv.Version, specs: list[Any]) -> bool:
    """True when any of ``specs`` admits ``host``."""
    return any(spec.match(host) for spec in specs)
