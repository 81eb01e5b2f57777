"""A small circuit breaker that does not serialize the calls it guards.

Why not pybreaker: its ``call`` holds one lock for the whole guarded call, so
concurrent requests to the same endpoint would run one at a time.  Here only
state changes take the lock.

States: ``closed`` (calls pass; ``fail_max`` consecutive counted failures
open it), ``open`` (calls fail fast with :class:`CircuitOpen` for
``reset_timeout`` seconds), then ``half-open`` (exactly one trial call passes,
the others fail fast; its success closes the breaker, its failure re-opens it).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

CLOSED, OPEN, HALF_OPEN = "closed", "open", "half-open"


class CircuitOpen(Exception):
    """The breaker refused the call without trying it."""


class CircuitBreaker:
    def __init__(self, fail_max: int = 5, reset_timeout: float = 30.0,
                 counts: Callable[[BaseException], bool] | None = None, name: str = "") -> None:
        self.fail_max = fail_max
        self.reset_timeout = reset_timeout
        self.name = name
        self._counts = counts or (lambda err: True)
        self._lock = threading.Lock()
        self._state = CLOSED
        self._failures = 0
        self._opened_at = 0.0
        self._trial_running = False

    @property
    def current_state(self) -> str:
        with self._lock:
            return self._peek()

    def _peek(self) -> str:
        if self._state == OPEN and time.monotonic() - self._opened_at >= self.reset_timeout:
            return HALF_OPEN
        return self._state

    def _enter(self) -> bool:
        """Admit a call; returns True when it is the half-open trial."""
        with self._lock:
            state = self._peek()
            if state == CLOSED:
                return False
            if state == HALF_OPEN and not self._trial_running:
                self._state = HALF_OPEN
                self._trial_running = True
                return True
            raise CircuitOpen(self.name)

    def _record(self, ok: bool, trial: bool) -> None:
        with self._lock:
            if trial:
                self._trial_running = False
            if ok:
                self._state, self._failures = CLOSED, 0
                return
            self._failures += 1
            if trial or self._failures >= self.fail_max:
                self._state, self._opened_at = OPEN, time.monotonic()

    def call(self, fn: Callable[[], T]) -> T:
        trial = self._enter()
        try:
            result = fn()
        except BaseException as err:
            # an error that says nothing about the endpoint's health (e.g. HTTP 400)
            # neither counts as a failure nor as proof of recovery
            if self._counts(err):
                self._record(False, trial)
            elif trial:
                with self._lock:
                    self._trial_running = False
            raise
        self._record(True, trial)
        return result
