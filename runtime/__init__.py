"""o3-local: an offline runtime for AI-filled office templates.

The public Python API is small and lazily imported, so ``import o3local`` is
cheap and heavy libraries (wasmtime, onnxruntime, numpy) load only when the
function that needs them is called:

- :func:`validate` - check a template package, returning every problem.
- :func:`open_template` - open a template package (folder or ``.o3t``).

Further entry points (render, summarize, formula) are added by their modules
and listed in ``__all__``.
"""

from __future__ import annotations

import importlib
from typing import Any

from ._version import __version__

# public name -> "module:attribute" (relative to this package)
_LAZY: dict[str, str] = {
    "validate": "template.validate:validate",
    "open_template": "template.package:open_template",
    "Permissions": "permissions:Permissions",
    "Policy": "permissions:Policy",
    "render": "render:render",
    "summarize": "tasks.summarize:summarize",
    "formula": "tasks.formula:formula",
    "import_deck": "importer:import_deck",
}

__all__ = ["__version__", *_LAZY]


def __getattr__(name: str) -> Any:
    target = _LAZY.get(name)
    if target is None:
        raise AttributeError(f"module 'o3local' has no attribute {name!r}")
    module_name, attr = target.split(":")
    value = getattr(importlib.import_module(f".{module_name}", __name__), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
