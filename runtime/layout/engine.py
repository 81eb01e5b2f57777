"""The wasmtime host of ``wps-template-wasm``.

One Engine per process (NaN canonicalization on, relaxed SIMD and threads
off, so the same module computes the same bits on x86 and ARM), the module
compiled once and cached ahead of time, and a fresh Store + instance per
render with a memory cap and a CPU budget (epoch deadline ticked by a
watchdog thread), so a runaway template cannot take the host down.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import struct
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import LayoutError
from . import aot_cache, assets, sfnt
from .errors import module_error
from .request import TAG_FONT, TAG_JSON, request_json

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


def precompile(folder: Path) -> Path:
    """Compile the module with the engine settings used at run time into ``folder``.

    The desktop bundle calls this at build time so that a user's first
    render loads the artifact instead of compiling for a second or more.
    """
    import wasmtime

    cfg = wasmtime.Config()
    for name, value in ENGINE_CONFIG.items():
        setattr(cfg, name, value)
    engine = wasmtime.Engine(cfg)
    code, sha = assets.module_bytes()
    return aot_cache.write(folder, wasmtime.Module(engine, code), aot_cache.cache_key(sha, ENGINE_CONFIG))


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
        # container prefix: header (fonts + 1 JSON section), then the font sections
        # (only the tables layout reads: the same display list from 1 MB instead of 16 MB)
        head = b"O3RQ" + struct.pack("<II", 1, len(self._fonts) + 1)
        sections = (sfnt.layout_tables(f.data) for f in self._fonts)
        self._prefix = head + b"".join(struct.pack("<II", TAG_FONT, len(d)) + d for d in sections)
        self._prefix_len = len(self._prefix)

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
        images: dict[str, tuple[int, int]] | None = None,
        locale: str | None = None,
        partials: dict[str, tuple[str, str]] | None = None,
    ) -> LayoutResult:
        """Fills and lays out one template; raises TemplateError/DataError/LayoutError.

        ``images`` maps each ``<image src>`` the template may use to its pixel
        size (width, height): the module places images but never sees pixels.
        """
        t0 = time.perf_counter()
        limits = limits or LayoutLimits()
        body = request_json(
            template_source, template_name, {} if data is None else data, dict(user or {}), dict(ai or {}),
            [f.weight for f in self._fonts], limits.module_limits(), images, locale=locale, partials=partials,
        )
        total = self._prefix_len + 8 + len(body)
        with self._watchdog:
            try:
                inst = self._instance(limits.memory_bytes, total)
                _poke(inst, 0, self._prefix)
                t1 = time.perf_counter()
                _poke(inst, self._prefix_len, struct.pack("<II", TAG_JSON, len(body)) + body)
                status, result = self._run(inst, total, timeout_s)
            except self._wasmtime.WasmtimeError as err:
                raise LayoutError(f"the layout module failed: {err}", code="layout.internal") from None
        if status != 0:
            raise module_error(status, result, template_name)
        t2 = time.perf_counter()
        timings = {"instantiate": (t1 - t0) * 1000, "call": (t2 - t1) * 1000,
                   "total": (t2 - t0) * 1000}
        return LayoutResult(result, timings)

    def check(
        self,
        template_source: str,
        template_name: str,
        data: Any = None,
        user: dict[str, str] | None = None,
        ai: dict[str, Any] | None = None,
        images: dict[str, tuple[int, int]] | None = None,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        locale: str | None = None,
        partials: dict[str, tuple[str, str]] | None = None,
    ) -> list[dict[str, Any]]:
        """Every template and data error of filling ``template_source`` with ``data``, without laying out.

        The module's check mode skips what fails (an expression, attribute,
        block or element), records the error and goes on; the list holds each
        error's ``code``, ``message``, ``line``/``column`` and ``path``.  Errors
        that are not the template's (limits, memory) still raise.
        """
        limits = LayoutLimits()
        body = request_json(
            template_source, template_name, {} if data is None else data, dict(user or {}), dict(ai or {}),
            [f.weight for f in self._fonts], limits.module_limits(), images, check=True, locale=locale,
            partials=partials,
        )
        total = self._prefix_len + 8 + len(body)
        with self._watchdog:
            try:
                inst = self._instance(limits.memory_bytes, total)
                _poke(inst, 0, self._prefix)
                _poke(inst, self._prefix_len, struct.pack("<II", TAG_JSON, len(body)) + body)
                status, result = self._run(inst, total, timeout_s)
            except self._wasmtime.WasmtimeError as err:
                raise LayoutError(f"the layout module failed: {err}", code="layout.internal") from None
        if status not in (0, 2):
            raise module_error(status, result, template_name)
        try:
            return list(json.loads(result.decode("utf-8"))["errors"])
        except (ValueError, KeyError, TypeError):
            raise module_error(status, result, template_name) from None

    def render_raw(
        self, request: bytes, memory_bytes: int = DEFAULT_MEMORY_BYTES, timeout_s: float = DEFAULT_TIMEOUT_S
    ) -> tuple[int, bytes]:
        """Runs ``o3_render`` on arbitrary request bytes: (status, result bytes)."""
        with self._watchdog:
            try:
                inst = self._instance(memory_bytes, len(request))
                _poke(inst, 0, request)
                return self._run(inst, len(request), timeout_s)
            except self._wasmtime.WasmtimeError as err:
                raise LayoutError(f"the layout module failed: {err}", code="layout.internal") from None

    # -- instances ---------------------------------------------------------

    def _instance(self, memory_bytes: int, capacity: int) -> _Instance:
        """A fresh instance with `capacity` request bytes allocated."""
        wt = self._wasmtime
        store = wt.Store(self._engine)
        store.set_limits(memory_size=memory_bytes)
        store.set_epoch_deadline(1 << 40)  # the real budget is set when the render starts
        try:
            ex = wt.Instance(store, self._module, []).exports(store)
        except wt.WasmtimeError as err:
            if "memory" in str(err) or "limit" in str(err):
                raise LayoutError(f"the memory cap of {memory_bytes} bytes is below what the layout module "
                                  "needs to start", code="layout.memory") from None
            raise
        ex["_initialize"](store)
        ptr = ex["o3_alloc"](store, capacity)
        if not ptr:
            raise LayoutError(
                f"the layout module could not allocate {capacity} bytes for the request "
                f"(memory cap {memory_bytes} bytes)", code="layout.memory")
        return _Instance(store, ex, ex["memory"], ptr, capacity, memory_bytes)

    def _run(self, inst: _Instance, length: int, timeout_s: float) -> tuple[int, bytes]:
        wt = self._wasmtime
        store, ex = inst.store, inst.exports
        store.set_epoch_deadline(max(1, int(timeout_s / TICK_S + 0.999)))
        started = time.perf_counter()
        try:
            status = ex["o3_render"](store, inst.base, length)
        except wt.Trap as trap:
            raise self._trap_error(trap, inst, time.perf_counter() - started, timeout_s) from None
        rp = ex["o3_result_ptr"](store)
        rl = ex["o3_result_len"](store)
        return status, bytes(inst.memory.read(store, rp, rp + rl))

    def _trap_error(self, trap: Any, inst: _Instance, elapsed: float, timeout_s: float) -> LayoutError:
        wt = self._wasmtime
        code = getattr(trap, "trap_code", None)
        if code == wt.TrapCode.INTERRUPT:
            return LayoutError(
                f"layout stopped after {elapsed:.2f} s: it exceeded its CPU budget of {timeout_s:g} s "
                "(a loop over too much data?)", code="layout.timeout")
        try:
            inst.store.set_epoch_deadline(1 << 40)
            oom = inst.exports["o3_oom"](inst.store)
        except Exception:  # noqa: BLE001 - the instance may be unusable after a trap
            oom = 0
        if oom:
            return LayoutError(
                f"layout stopped: it needed more than its memory cap of {inst.memory_bytes // (1024 * 1024)} MiB",
                code="layout.memory")
        if code == wt.TrapCode.STACK_OVERFLOW:
            return LayoutError("layout stopped: the template nests too deeply", code="layout.stack")
        return LayoutError(f"the layout module trapped: {trap.message}", code="layout.trap")


@dataclass
class _Instance:
    """One fresh module instance and the request block it allocated."""

    store: Any
    exports: Any
    memory: Any
    base: int
    capacity: int
    memory_bytes: int


def _poke(inst: _Instance, offset: int, data: bytes) -> None:
    """Copies bytes into the request block without wasmtime-py's extra bytearray copy."""
    if offset + len(data) > inst.capacity:
        raise LayoutError("request larger than its block", code="layout.internal")
    ptr = inst.memory.data_ptr(inst.store)
    ctypes.memmove(ctypes.addressof(ptr.contents) + inst.base + offset, data, len(data))
