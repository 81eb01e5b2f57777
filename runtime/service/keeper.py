"""Keeps the preloaded models hot, and lets them go after an idle time-to-live.

Readiness follows the source design's gate: ``/ready`` is true only when
every preloaded model is loaded and warmed up.  After ``idle_ttl_s`` without
a request that uses a model, the service drops its generators (memory back to
the OS) and reports them ``unloaded``; the next such request loads them again.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any


def _load(name: str) -> Any:
    from ..models import get_generator

    gen = get_generator(name=name)
    gen.preload(wait=True)
    return gen


def _release() -> None:
    from ..models import reset_generators

    reset_generators()


class ModelKeeper:
    def __init__(self, preload: tuple[str, ...], idle_ttl_s: float,
                 loader: Callable[[str], Any] = _load,
                 release: Callable[[], None] = _release) -> None:
        self.names = preload
        self.idle_ttl_s = idle_ttl_s
        self._loader = loader
        self._release = release
        self._lock = threading.Lock()
        self._state: dict[str, str] = {n: "pending" for n in preload}
        self._errors: dict[str, dict] = {}
        self._held: dict[str, Any] = {}
        self.last_used = time.monotonic()
        self._stop = threading.Event()

    def start(self) -> None:
        threading.Thread(target=self._load_all, name="o3-preload", daemon=True).start()
        threading.Thread(target=self._sweeper, name="o3-idle-ttl", daemon=True).start()

    def stop(self) -> None:
        self._stop.set()

    def _load_all(self) -> None:
        for name in self.names:
            with self._lock:
                if self._state[name] == "hot":
                    continue
                self._state[name] = "loading"
            try:
                gen = self._loader(name)
            except Exception as err:  # noqa: BLE001 - reported by /ready and status
                to_dict = getattr(err, "to_dict", None)
                with self._lock:
                    self._state[name] = "error"
                    self._errors[name] = to_dict() if callable(to_dict) else {
                        "code": "internal", "message": str(err)}
                continue
            with self._lock:
                self._held[name] = gen
                self._state[name] = "hot"
        self.last_used = time.monotonic()

    def touch(self) -> None:
        """A request used the models: restart the TTL, reload them if they were dropped."""
        self.last_used = time.monotonic()
        with self._lock:
            dropped = any(s == "unloaded" for s in self._state.values())
            if dropped:
                for n in self._state:
                    self._state[n] = "pending"
        if dropped:
            threading.Thread(target=self._load_all, name="o3-reload", daemon=True).start()

    def _sweeper(self) -> None:
        while not self._stop.wait(min(1.0, max(self.idle_ttl_s / 4, 0.05))):
            if not self.names or time.monotonic() - self.last_used < self.idle_ttl_s:
                continue
            with self._lock:
                if not all(s == "hot" for s in self._state.values()):
                    continue
                self._held.clear()
                for n in self._state:
                    self._state[n] = "unloaded"
            self._release()

    @property
    def ready(self) -> bool:
        with self._lock:
            return all(s == "hot" for s in self._state.values())

    def status(self) -> dict[str, Any]:
        idle = time.monotonic() - self.last_used
        with self._lock:
            models = [{"name": n, "state": s, **({"error": self._errors[n]} if n in self._errors
                                                  else {})} for n, s in self._state.items()]
        hot = any(m["state"] == "hot" for m in models)
        return {"idle_ttl_s": self.idle_ttl_s, "idle_s": round(idle, 3),
                "expires_in_s": round(max(0.0, self.idle_ttl_s - idle), 3) if hot else None,
                "preloaded": models}
