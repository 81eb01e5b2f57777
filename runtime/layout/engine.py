"""The wasmtime host of ``wps-template-wasm``.

One Engine per process (NaN canonicalization on, relaxed SIMD and threads
off, so the same module computes the same bits on x86 and ARM), the module
compiled once and cached ahead of time, and a fresh Store + instance per
render with a memory cap and a CPU budget (epoch deadline ticked by a
watchdog thread), so a runaway template cannot take the host down.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ..errors import LayoutError, O3Error
from . import aot_cache, assets
from .errors import module_error
from .request import container, request_json

TICK_S = 0.02
DEFAULT_TIMEOUT_S = 2.0
DEFAULT_MEMORY_BYTES = 512 * 1024 * 1024

# Every setting that shapes the compiled code (and the cache key).
ENGINE_CONFIG: dict[str, Any] = {
    "cranelift_nan_canonicalization": True,
    "wasm_relaxed_simd": False,
    "wasm_threads": False,
    "epoch_interruption": True,
    "cranelift_opt_level": "speed",
    "wasm_simd": True,
    "wasm_bulk_memory": True,
}


@dataclass(frozen=True)
class LayoutLimits:
    """Budgets of one render; the module enforces the first three itself."""

    max_pages: int = 1000
    max_items: int = 200_000
    max_output_bytes: int = 64 * 1024 * 1024
    memory_bytes: int = DEFAULT_MEMORY_BYTES

    def module_limits(self) -> dict[str, int]:
        return {"max_pages": self.max_pages, "max_items": self.max_items, "max_output_bytes": self.max_output_bytes}


@dataclass
class LayoutResult:
    """A display list (contract section 3) and how long it took."""

    display_list_bytes: bytes
    timings: dict[str, float] = field(default_factory=dict)
    _parsed: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.display_list_bytes).hexdigest()

    @property
    def display_list(self) -> dict[str, Any]:
        if self._parsed is None:
            self._parsed = json.loads(self.display_list_bytes)
        return self._parsed

    @property
    def diagnostics(self) -> list[dict[str, Any]]:
        return list(self.display_list.get("diagnostics", []))


class _Watchdog:
    """Advances the engine's epoch every TICK_S while the process renders."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self._active = 0
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> _Watchdog:
        with self._cond:
            self._active += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="o3-layout-watchdog", daemon=True)
                self._thread.start()
            self._cond.notify()
        return self

    def __exit__(self, *exc: object) -> None:
        with self._cond:
            self._active -= 1

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._active == 0:
                    self._cond.wait()
            time.sleep(TICK_S)
            self._engine.increment_epoch()


class LayoutEngine:
    """Process-wide layout engine; ``layout`` is safe to call from many threads."""

    _shared: LayoutEngine | None = None
    _shared_lock = threading.Lock()

    def __init__(self) -> None:
        import wasmtime

        self._wasmtime = wasmtime
        cfg = wasmtime.Config()
        for name, value in ENGINE_CONFIG.items():
            setattr(cfg, name, value)
        self._engine = wasmtime.Engine(cfg)
        t0 = time.perf_counter()
        code, self.module_sha256 = assets.module_bytes()
        key = aot_cache.cache_key(self.module_sha256, ENGINE_CONFIG)
        self._module, self.module_source = aot_cache.load(self._engine, code, key)
        self.load_ms = (time.perf_counter() - t0) * 1000
        self._fonts = assets.fonts()
        self._watchdog = _Watchdog(self._engine)

    @classmethod
    def shared(cls) -> LayoutEngine:
        with cls._shared_lock:
            if cls._shared is None:
                cls._shared = cls()
            return cls._shared

    @property
    def fonts(self) -> list[assets.Font]:
        return list(self._fonts)

    def layout(
        self,
        template_source: str,
        template_name: str,
        data: Any = None,
        user: dict[str, str] | None = None,
        ai: dict[str, Any] | None = None,
        limits: LayoutLimits | None = None,
        timeout_s: float = DEFAULT_TIMEOUT_S,
    ) -> LayoutResult:
        """Fills and lays out one template; raises TemplateError/DataError/LayoutError."""
        t0 = time.perf_counter()
        limits = limits or LayoutLimits()
        body = request_json(
            template_source, template_name, {} if data is None else data, dict(user or {}), dict(ai or {}),
            [f.weight for f in self._fonts], limits.module_limits(),
        )
        req = container(body, [f.data for f in self._fonts])
        status, result, timings = self._call(req, limits.memory_bytes, timeout_s)
        if status != 0:
            raise module_error(status, result, template_name)
        timings["total"] = (time.perf_counter() - t0) * 1000
        return LayoutResult(result, timings)

    def render_raw(
        self, request: bytes, memory_bytes: int = DEFAULT_MEMORY_BYTES, timeout_s: float = DEFAULT_TIMEOUT_S
    ) -> tuple[int, bytes]:
        """Runs ``o3_render`` on arbitrary request bytes: (status, result bytes)."""
        status, result, _ = self._call(request, memory_bytes, timeout_s)
        return status, result

    def _call(self, req: bytes, memory_bytes: int, timeout_s: float) -> tuple[int, bytes, dict[str, float]]:
        wt = self._wasmtime
        timings: dict[str, float] = {}
        t0 = time.perf_counter()
        store = wt.Store(self._engine)
        store.set_limits(memory_size=memory_bytes)
        ticks = max(1, int(timeout_s / TICK_S + 0.999))
        store.set_epoch_deadline(ticks)
        started = time.perf_counter()
        with self._watchdog:
            try:
                inst = wt.Instance(store, self._module, [])
                ex = inst.exports(store)
                init = ex.get("_initialize") if hasattr(ex, "get") else None
                if init is not None:
                    init(store)
                t1 = time.perf_counter()
                timings["instantiate"] = (t1 - t0) * 1000
                ptr = ex["o3_alloc"](store, len(req))
                if not ptr:
                    raise LayoutError(
                        f"the layout module could not allocate {len(req)} bytes for the request "
                        f"(memory cap {memory_bytes} bytes)", code="layout.memory")
                memory = ex["memory"]
                memory.write(store, req, ptr)
                status = ex["o3_render"](store, ptr, len(req))
                rp = ex["o3_result_ptr"](store)
                rl = ex["o3_result_len"](store)
                result = bytes(memory.read(store, rp, rp + rl))
                timings["call"] = (time.perf_counter() - t1) * 1000
            except O3Error:
                raise
            except wt.Trap as trap:
                elapsed = time.perf_counter() - started
                raise self._trap_error(trap, store, ex if "ex" in locals() else None, elapsed, timeout_s,
                                       memory_bytes) from None
            except wt.WasmtimeError as err:
                raise LayoutError(f"the layout module failed: {err}", code="layout.internal") from None
        return status, result, timings

    def _trap_error(self, trap: Any, store: Any, ex: Any, elapsed: float, timeout_s: float,
                    memory_bytes: int) -> LayoutError:
        wt = self._wasmtime
        code = getattr(trap, "trap_code", None)
        if code == wt.TrapCode.INTERRUPT:
            return LayoutError(
                f"layout stopped after {elapsed:.2f} s: it exceeded its CPU budget of {timeout_s:g} s "
                "(a loop over too much data?)", code="layout.timeout")
        oom = 0
        if ex is not None:
            try:
                store.set_epoch_deadline(1_000_000)
                oom = ex["o3_oom"](store)
            except Exception:  # noqa: BLE001 - the instance may be unusable after a trap
                oom = 0
        if oom:
            return LayoutError(
                f"layout stopped: it needed more than its memory cap of {memory_bytes // (1024 * 1024)} MiB",
                code="layout.memory")
        if code == wt.TrapCode.STACK_OVERFLOW:
            return LayoutError("layout stopped: the template nests too deeply", code="layout.stack")
        return LayoutError(f"the layout module trapped: {trap.message}", code="layout.trap")
