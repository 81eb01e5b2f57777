"""The formula engine's function table, without paying for SciPy until a formula needs it.

PyPI ``formulas`` builds its table of Excel functions by importing every function module,
and its statistics module imports ``scipy.stats`` and ``scipy.interpolate`` at the top for
the distributions (NORM.DIST, T.TEST, PERCENTILE's interpolation …).  That import is most of
a cold ``o3-local formula`` call — about 4 s of CPU on the 2-core CI machine, paid on every
command-line request — while the formulas people ask for (SUMIF, COUNTIFS, INDEX/MATCH,
AVERAGE, RANK) never touch it.  So the table is built with those two SciPy modules stood in
for by placeholders that import the real module the first time anything is taken from them:
a formula that needs a distribution pays then, and computes the same value.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import sys
import threading
import types
from collections.abc import Callable, Iterator
from typing import Any

#: the SciPy modules ``formulas.functions.stat`` imports at its top, used only inside functions
_DEFERRED = ("scipy.stats", "scipy.interpolate")
#: names taken from a deferred module at import time (``from scipy.interpolate import interp1d``)
_IMPORTED_NAMES = {"scipy.interpolate": ("interp1d",)}
_LOCK = threading.Lock()


class _Deferred(types.ModuleType):
    """Stands in for a SciPy module; the first attribute taken imports the real one."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        for attr in _IMPORTED_NAMES.get(name, ()):
            setattr(self, attr, _later(name, attr))

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        return getattr(_real(self.__name__), attr)


def _real(name: str) -> types.ModuleType:
    with _LOCK:
        if isinstance(sys.modules.get(name), _Deferred):
            del sys.modules[name]
    return importlib.import_module(name)


def _later(name: str, attr: str) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(_real(name), attr)(*args, **kwargs)

    call.__name__ = attr
    return call


@contextlib.contextmanager
def _scipy_deferred() -> Iterator[None]:
    """While open, importing a deferred SciPy module that is not loaded yet gives its placeholder."""
    placed = []
    with _LOCK:
        for name in _DEFERRED:
            if name not in sys.modules:
                sys.modules[name] = _Deferred(name)
                placed.append(name)
    try:
        yield
    finally:
        with _LOCK:
            for name in placed:
                if isinstance(sys.modules.get(name), _Deferred):
                    del sys.modules[name]  # a later plain import loads the real module


@functools.cache
def table() -> dict[str, Any]:
    """``formulas.get_functions()``: the engine's function table (one, cached by ``formulas``)."""
    import formulas

    with _scipy_deferred():
        return formulas.get_functions()
