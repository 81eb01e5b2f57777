"""Per-request deadlines on the monotonic clock.

One :class:`Deadline` travels with a request through retries, the circuit
breaker and the local fallback, so every stage spends from the same budget and
the caller gets an answer or an error by the time it asked for.
"""

from __future__ import annotations

import time

from ..errors import RemoteError


class Deadline:
    """An absolute point in time (``time.monotonic``) a request must finish by."""

    __slots__ = ("at",)

    def __init__(self, seconds: float) -> None:
        if seconds <= 0:
            raise ValueError("a deadline must lie in the future")
        self.at = time.monotonic() + seconds

    @classmethod
    def never(cls) -> Deadline:
        return cls(10.0 * 365 * 24 * 3600)

    def remaining(self) -> float:
        return max(0.0, self.at - time.monotonic())

    @property
    def expired(self) -> bool:
        return time.monotonic() >= self.at

    def check(self, what: str) -> float:
        """Return the seconds left, or raise :class:`RemoteError` if none are."""
        left = self.at - time.monotonic()
        if left <= 0:
            raise RemoteError(f"deadline exceeded while {what}", code="remote.deadline")
        return left

    def __repr__(self) -> str:
        return f"Deadline(remaining={self.remaining():.3f}s)"
