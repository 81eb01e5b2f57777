"""Maps the module's error JSON to the typed errors of ``o3local.errors``."""

from __future__ import annotations

import json

from ..errors import DataError, LayoutError, Location, O3Error, TemplateError

# module status -> error class (contract section 2)
_BY_STATUS: dict[int, type[O3Error]] = {1: LayoutError, 2: TemplateError, 3: DataError, 4: LayoutError, 5: LayoutError}


def module_error(status: int, result: bytes, template_name: str) -> O3Error:
    """The typed error for a non-zero status and its error JSON."""
    try:
        doc = json.loads(result.decode("utf-8"))
        first = doc["errors"][0]
        code = str(first["code"])
        message = str(first["message"])
    except (ValueError, KeyError, IndexError, TypeError):
        return LayoutError(f"layout module failed with status {status} and no readable error", code="layout.internal")
    cls = _BY_STATUS.get(status, LayoutError)
    if status == 1:
        code = f"layout.{code}" if not code.startswith("layout.") else code
    if status == 6:
        code = "layout.internal"
    path = first.get("path")
    if path and path not in message:
        message = f"{message} (path {path})"
    where = Location(
        file=first.get("file") or (template_name if cls is TemplateError else None),
        line=first.get("line"),
        column=first.get("column"),
    )
    err = cls(message, where=where, code=code)
    err.path = path  # type: ignore[attr-defined]
    return err
