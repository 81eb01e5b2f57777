"""Timing helpers shared by the benchmark scripts (run as ``python bench/NAME.py``)."""

from __future__ import annotations

import time
from collections.abc import Callable


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def timed(fn: Callable[[], object], runs: int, warmup: int = 5) -> list[float]:
    """Milliseconds of ``runs`` calls of ``fn`` after ``warmup`` untimed ones."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out
