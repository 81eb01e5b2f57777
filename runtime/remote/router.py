"""Policy ``local | remote | auto``: decides per request where generation runs.

Data leaves the machine only when all of these hold: a remote endpoint is
configured, the template's permissions include ``network:remote-inference``,
the user's policy allows remote inference, the endpoint is healthy (checked at
most every ``health_ttl_s``) and its circuit breaker is not open, and - in
``auto`` - it is expected to finish sooner than the local model (running
averages of seconds per requested token, measured on this machine).  A failed
remote call falls back to the local model within the same deadline, unless
tokens were already streamed to the caller (they cannot be taken back).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import O3Error, PermissionDenied, RemoteError, UsageError
from .backend import ChatResult, InferenceBackend, Message, TokenCallback
from .config import MODES, RemoteEndpoint
from .deadline import Deadline

REMOTE_PERMISSION = "network:remote-inference"
#: share of the deadline kept for the local fallback while nothing is measured yet
DEFAULT_FALLBACK_SHARE = 0.5
HEALTH_CHECK_MAX_S = 1.0


@dataclass(frozen=True)
class Decision:
    route: str  # "local" | "remote"
    reason: str


def make_remote_backend(endpoint: RemoteEndpoint) -> Any:
    """The client for the endpoint's protocol (imports httpx only now)."""
    if endpoint.protocol == "kserve":
        from .kserve_v2 import KServeBackend

        return KServeBackend(endpoint)
    from .openai_compat import OpenAIBackend

    return OpenAIBackend(endpoint)


class _Ewma:
    def __init__(self, alpha: float = 0.3) -> None:
        self.alpha = alpha
        self.value: float | None = None

    def add(self, x: float) -> None:
        self.value = x if self.value is None else self.alpha * x + (1 - self.alpha) * self.value


class Router:
    """An :class:`InferenceBackend` that routes each request to local or remote."""

    name = "router"

    def __init__(self, local: InferenceBackend, remote: Any | None = None, *,
                 mode: str = "auto", permissions: Any = None, policy: Any = None,
                 health_ttl_s: float | None = None, fallback: bool = True) -> None:
        if mode not in MODES:
            raise UsageError(f"inference mode (O3_INFERENCE_MODE) must be one of {', '.join(MODES)}, "
                             f"got {mode!r}", code="usage.inference_mode")
        self.local = local
        self.remote = remote
        self.mode = mode
        self.permissions = permissions
        self.policy = policy
        self.fallback = fallback
        ttl = health_ttl_s
        if ttl is None:
            ttl = remote.endpoint.health_ttl_s if remote is not None else 15.0
        self.health_ttl_s = ttl
        self._health: tuple[bool, float] | None = None
        self._lock = threading.Lock()
        self._health_check = threading.Lock()
        self._speed = {"local": _Ewma(), "remote": _Ewma()}
        self.counters = {"local": 0, "remote": 0, "fallbacks": 0}
        self.last_fallback: str | None = None

    # -- policy -------------------------------------------------------------------
    def _allowed(self) -> str | None:
        """Why remote is not allowed, or None when it is."""
        if self.remote is None:
            return "no remote endpoint configured"
        perms = self.permissions
        declared = getattr(perms, "declared", None)
        if perms is None or (declared is not None and REMOTE_PERMISSION not in declared):
            return f"the template does not declare {REMOTE_PERMISSION}"
        policy = self.policy if self.policy is not None else getattr(perms, "policy", None)
        if policy is None or not getattr(policy, "allow_remote_inference", False):
            return "the user's policy does not allow remote inference"
        if not perms.allows(REMOTE_PERMISSION):
            return f"{REMOTE_PERMISSION} is not granted"
        return None

    def _cached_health(self) -> bool | None:
        with self._lock:
            cached = self._health
        if cached is not None and time.monotonic() - cached[1] < self.health_ttl_s:
            return cached[0]
        return None

    def healthy(self, deadline: Deadline | None = None) -> bool:
        """The endpoint's health, checked by one request at a time and cached for the TTL."""
        cached = self._cached_health()
        if cached is not None:
            return cached
        budget = HEALTH_CHECK_MAX_S if deadline is None else \
            max(0.01, min(HEALTH_CHECK_MAX_S, deadline.remaining() / 4))
        if not self._health_check.acquire(timeout=budget):
            return False  # another request is checking and taking long: do not wait on it
        try:
            cached = self._cached_health()
            if cached is not None:
                return cached
            ok = bool(self.remote.health(Deadline(budget)))
            with self._lock:
                self._health = (ok, time.monotonic())
            return ok
        finally:
            self._health_check.release()

    def _mark_unhealthy(self) -> None:
        with self._lock:
            self._health = (False, time.monotonic())

    def _estimate(self, route: str, max_tokens: int) -> float | None:
        per_token = self._speed[route].value
        return None if per_token is None else per_token * max(1, max_tokens)

    def decide(self, max_tokens: int = 256, deadline: Deadline | None = None) -> Decision:
        if self.mode == "local":
            return Decision("local", "mode is local")
        refused = self._allowed()
        if refused is not None:
            if self.mode == "remote":
                raise PermissionDenied(f"remote inference requested (O3_INFERENCE_MODE=remote) but {refused}",
                                       code="permission.remote")
            return Decision("local", refused)
        breaker = getattr(self.remote, "breaker", None)
        if breaker is not None and breaker.current_state == "open":
            return Decision("local", "the remote endpoint's circuit breaker is open")
        if not self.healthy(deadline):
            return Decision("local", "the remote endpoint is not healthy")
        if self.mode == "auto":
            remote_est = self._estimate("remote", max_tokens)
            local_est = self._estimate("local", max_tokens)
            if remote_est is not None and local_est is not None and local_est <= remote_est:
                return Decision("local", f"local expected faster ({local_est:.2f}s vs "
                                         f"{remote_est:.2f}s)")
        return Decision("remote", f"mode is {self.mode}, endpoint healthy")

    # -- the backend interface ------------------------------------------------------
    def chat(self, messages: Sequence[Message], *, max_tokens: int = 256,
             temperature: float = 0.0, stop: Sequence[str] | None = None,
             deadline: Deadline | None = None,
             on_token: TokenCallback | None = None) -> ChatResult:
        deadline = deadline or Deadline(60.0)
        decision = self.decide(max_tokens, deadline)
        if decision.route == "remote":
            delivered = False

            def relay(piece: str) -> None:
                nonlocal delivered
                delivered = True
                on_token(piece)  # type: ignore[misc]

            remote_deadline = self._remote_share(deadline, max_tokens)
            started = time.monotonic()
            try:
                out = self.remote.chat(messages, max_tokens=max_tokens, temperature=temperature,
                                       stop=stop, deadline=remote_deadline,
                                       on_token=relay if on_token is not None else None)
            except RemoteError as err:
                if delivered or not self.fallback or deadline.expired:
                    raise
                self.counters["fallbacks"] += 1
                self.last_fallback = f"{err.code}: {err.message}"
                if err.code in ("remote.unreachable", "remote.circuit_open"):
                    self._mark_unhealthy()
            else:
                self._speed["remote"].add((time.monotonic() - started) / max(1, max_tokens))
                self.counters["remote"] += 1
                return out
        started = time.monotonic()
        out = self.local.chat(messages, max_tokens=max_tokens, temperature=temperature,
                              stop=stop, deadline=deadline, on_token=on_token)
        self._speed["local"].add((time.monotonic() - started) / max(1, max_tokens))
        self.counters["local"] += 1
        return out

    def chat_batch(self, conversations: Sequence[Sequence[Message]], *, max_tokens: int = 256,
                   temperature: float = 0.0, stop: Sequence[str] | None = None,
                   deadline: Deadline | None = None) -> list[ChatResult | Exception]:
        """Answer several conversations; one remote call when the remote model takes batches.

        Each item is a result or the error of that item; a failed remote batch
        falls back to local item by item within the deadline.
        """
        deadline = deadline or Deadline(60.0)
        decision = self.decide(max_tokens, deadline)
        if decision.route == "remote" and hasattr(self.remote, "chat_batch"):
            started = time.monotonic()
            try:
                out = self.remote.chat_batch(conversations, max_tokens=max_tokens,
                                             temperature=temperature, stop=stop,
                                             deadline=self._remote_share(deadline, max_tokens))
            except RemoteError as err:
                if not self.fallback or deadline.expired:
                    return [err] * len(conversations)
                self.counters["fallbacks"] += 1
                self.last_fallback = f"{err.code}: {err.message}"
            else:
                per_item = (time.monotonic() - started) / max(1, max_tokens) / len(conversations)
                self._speed["remote"].add(per_item)
                self.counters["remote"] += len(conversations)
                return list(out)
            decision = Decision("local", "remote batch failed")
        results: list[ChatResult | Exception] = []
        for messages in conversations:
            try:
                if decision.route == "local":
                    started = time.monotonic()
                    out_one = self.local.chat(messages, max_tokens=max_tokens,
                                              temperature=temperature, stop=stop,
                                              deadline=deadline)
                    self._speed["local"].add((time.monotonic() - started) / max(1, max_tokens))
                    self.counters["local"] += 1
                    results.append(out_one)
                else:
                    results.append(self.chat(messages, max_tokens=max_tokens,
                                             temperature=temperature, stop=stop,
                                             deadline=deadline))
            except O3Error as err:
                results.append(err)
        return results

    def _remote_share(self, deadline: Deadline, max_tokens: int) -> Deadline:
        left = deadline.remaining()
        if not self.fallback:
            return Deadline(max(left, 0.001))
        reserve = self._estimate("local", max_tokens)
        if reserve is None or reserve >= left:
            reserve = left * DEFAULT_FALLBACK_SHARE
        return Deadline(max(left - reserve, 0.001))

    def status(self) -> dict[str, Any]:
        breaker = getattr(self.remote, "breaker", None)
        return {
            "mode": self.mode,
            "remote": self.remote.endpoint.to_dict() if self.remote is not None else None,
            "remote_allowed": self._allowed() is None,
            "breaker": breaker.current_state if breaker is not None else None,
            "counters": dict(self.counters),
            "last_fallback": self.last_fallback,
        }
