"""Layout of templates inside the sandboxed WebAssembly module ``wps-template-wasm``.

The module is a pure function from request bytes to a display list, so the
same template and data give byte-identical output on every platform.  This
package hosts it with wasmtime (imported lazily, on the first render):

    from o3local.layout import LayoutEngine
    result = LayoutEngine.shared().layout(source, "deck.o3x", data, user={}, ai={})
    result.display_list_bytes, result.sha256, result.diagnostics, result.timings
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine import LayoutEngine, LayoutLimits, LayoutResult

__all__ = ["LayoutEngine", "LayoutLimits", "LayoutResult"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import engine

        value = getattr(engine, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'o3local.layout' has no attribute {name!r}")
