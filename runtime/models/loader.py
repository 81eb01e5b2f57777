"""Turns an installed model into a ready onnxruntime session, fast and without private copies.

The first load optimizes the graph and saves it, with its (pre-packed)
weights, as an external-data file in ``cache/ort/<key>/``; later loads open
that file with graph optimization off, so onnxruntime only memory-maps the
weights instead of re-optimizing and copying them onto the heap.  The key
holds the onnxruntime version, the CPU and the model's hash because pre-packed
layouts differ between them.

What the cache does and does not save (onnxruntime 1.32, measured on the
two recipes' models): nearly all of session creation is MatMulNBits packing
its weights (creation with ``session.disable_prepacking=1`` takes 25-45 ms
instead of 200-600 ms, but then every run dequantizes every weight, ~70x
slower).  The cache's serialized pre-packed blobs do not skip that packing:
onnxruntime keys them by op type + a hash of the freshly packed buffer, so each
kernel packs its weight again, the buffer is hashed (MurmurHash3 shows up as
~12% of a cached load's CPU samples, the packing ~17%, then memcmp/memset and
page faults of the throw-away copy), and only then is the memory-mapped blob
used in its place.  So the cache saves memory (no private copy of the packed
weights: ~5-8% of the weight bytes above baseline instead of ~110%) and the
graph optimization, not the packing time; loads stay at 0.5-0.9x a plain
session.  Packing costs about 1.3 ms per MiB of int8 weights at
``accuracy_level=4`` (4-bit: about the same per MiB, half the bytes);
accuracy levels 0-2 pack faster but fall back to a ~35x slower decode step
for the 8-bit weights, and ``session.prepack.enable_parallel=1`` gained <5%
on 2 cores.

Models built with int8 columns (``graph.kernel == "int8-columns"``, Qwen
0.5B's recipe) avoid that wait: ``DynamicQuantizeMatMul`` multiplies with
int8 weights as stored, so a *quick* session (prepacking and graph
optimization off) memory-maps the weights and is ready in tens of
milliseconds with no private copy.  It serves requests at once while the
*full* session (the same graph with its weights packed, opened from the
cache) is built in a background thread; generation moves to the full one at
its next step once it is there.  Packed and unpacked weights go through the
same integer GEMM, so both sessions give bit-identical logits
(``tests/models/test_loader.py`` checks it) and an answer never depends on
when the switch happened.

Strategies (the seed design's):
  cold  nothing happens before the first request;
  warm  the weight pages are prefetched into the page cache in the background;
  hot   a session is built and one warm-up run done before ``ready`` is set
        (for int8-column models the quick one; the full one follows in the background).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import platform
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from ..errors import Location, ModelError
from .integrity import file_identity
from .store import Manifest, ModelStore
from .validate import check_onnx

STRATEGIES = ("cold", "warm", "hot")
_ALLOC_LOCK = threading.Lock()
_ALLOC_REGISTERED = False


def cpu_id() -> str:
    """A short fingerprint of the CPU model and its instruction-set flags."""
    text = platform.machine() + platform.processor()
    with contextlib.suppress(OSError):
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            lines = [ln for ln in fh.read().splitlines() if ln.startswith(("model name", "flags"))]
        text += "".join(sorted(set(lines)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def thread_count() -> int:
    """Threads for one session: the idle cores, between 1 and 4 (``O3_THREADS`` overrides)."""
    env = os.environ.get("O3_THREADS")
    if env and env.isdigit() and int(env) > 0:
        return int(env)
    cores = os.cpu_count() or 1
    busy = 0
    with contextlib.suppress(OSError, AttributeError):
        busy = int(os.getloadavg()[0])
    return max(1, min(4, cores, cores - busy if cores - busy > 0 else 1))


def prefetch(path: Path) -> None:
    """Ask the OS to read ``path`` into the page cache (madvise/readahead equivalent)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        if hasattr(os, "posix_fadvise"):
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_WILLNEED)
        else:  # no fadvise (Windows, macOS): touch the pages by reading them
            while os.read(fd, 1 << 22):
                pass
    finally:
        os.close(fd)


def _register_shared_allocator(ort: Any) -> bool:
    """One arena allocator for every session of the process (``session.use_env_allocators``)."""
    global _ALLOC_REGISTERED
    with _ALLOC_LOCK:
        if not _ALLOC_REGISTERED:
            try:
                info = ort.OrtMemoryInfo("Cpu", ort.OrtAllocatorType.ORT_ARENA_ALLOCATOR, 0,
                                         ort.OrtMemType.DEFAULT)
                ort.create_and_register_allocator(info, ort.OrtArenaCfg(0, -1, -1, -1))
                _ALLOC_REGISTERED = True
            except Exception:  # noqa: BLE001 - an older onnxruntime without the API: per-session arenas
                return False
        return True


def _options(ort: Any, threads: int):
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.log_severity_level = 3
    if _register_shared_allocator(ort):
        so.add_session_config_entry("session.use_env_allocators", "1")
    return so


class LoadedModel:
    """An installed model's session, built according to a strategy; ``ready`` says when it is usable."""

    def __init__(self, manifest: Manifest, store: ModelStore, strategy: str = "warm",
                 use_cache: bool = True, threads: int | None = None) -> None:
        if strategy not in STRATEGIES:
            raise ModelError(f"unknown load strategy {strategy!r} (O3_MODEL_STRATEGY or the strategy argument; "
                             f"use one of {', '.join(STRATEGIES)})", code="model.strategy")
        self.manifest = manifest
        self.store = store
        self.strategy = strategy
        self.use_cache = use_cache
        self.threads = threads or thread_count()
        self.ready = threading.Event()  # a session can serve requests (quick or full)
        self.full_ready = threading.Event()  # the full-speed session is in place
        self.stats: dict[str, Any] = {}
        self.instant = manifest.data.get("graph", {}).get("kernel") == "int8-columns"
        self._session: Any = None  # the full session
        self._quick: Any = None
        self._lock = threading.Lock()  # guards the quick session and the start of the builder
        self._full_lock = threading.Lock()
        self._builder: threading.Thread | None = None
        self._build_error: BaseException | None = None
        self._t_first_use: float | None = None
        self.model_path = store.file_path(manifest, "model")
        self.weights_path = store.file_path(manifest, "weights")
        self.tokenizer_path = store.file_path(manifest, "tokenizer")
        self.check()

    def check(self) -> None:
        """The checks done on every load: every file is there with its recorded size and digest.

        The sha256 is computed only for a file version that has not matched
        before (``ModelStore.check_files(once=True)``, markers in
        ``cache/verified``): a blob damaged in any way, even same size with its
        mtime set back, is refused with ``model.hash`` on the first load after
        the damage; an unchanged one costs a ``stat``.  The ONNX structure
        (opsets, external-data bounds) is checked whenever onnxruntime is about
        to read the original graph; the cached optimized graph is our own
        output, keyed by the original's hash and size.
        """
        t0 = time.perf_counter()
        problems = self.store.check_files(self.manifest, once=True)
        self.stats["check_ms"] = (time.perf_counter() - t0) * 1000
        if problems:
            raise problems[0]

    # -- strategies --------------------------------------------------------
    def preload(self, wait: bool = True) -> None:
        if self.strategy == "cold":
            return
        if self.strategy == "warm":
            paths = [self.weights_path]
            cached = self._cache_dir() / "model.opt.data"
            if cached.is_file():
                paths.insert(0, cached)
            t = threading.Thread(target=lambda: [prefetch(p) for p in paths], daemon=True)
            t.start()
            if wait:
                t.join()
            return
        if wait:
            self.session()
        else:
            threading.Thread(target=self.session, daemon=True).start()

    def session(self) -> Any:
        """The fastest session that can run now (never waits for a background build).

        For int8-column models that is the full session once it is built, else
        the quick one, whose creation starts the full build in the background.
        Other models build their (only) session here.
        """
        if self._session is not None:
            return self._session
        if not self.instant:
            return self.full_session()
        with self._lock:
            if self._session is not None:
                return self._session
            if self._quick is None:
                t0 = time.perf_counter()
                self._t_first_use = t0
                self._quick = self._open_quick()
                if self.strategy == "hot":
                    self._warm_up(self._quick)
                self.stats["ready_ms"] = (time.perf_counter() - t0) * 1000
                self.stats["quick"] = True
                self.ready.set()
                self._builder = threading.Thread(target=self._build_in_background, name="o3-full-session")
                self._builder.start()  # not a daemon: exit waits for it instead of tearing onnxruntime down mid-build
            return self._quick

    def full_session(self) -> Any:
        """The full-speed session, built now if no background build has done it yet (blocks)."""
        if self._session is not None:
            return self._session
        builder = self._builder
        if builder is not None and builder is not threading.current_thread():
            builder.join()
            if self._session is not None:
                return self._session
            if self._build_error is not None:
                raise self._build_error
        with self._full_lock:
            if self._session is None:
                t0 = time.perf_counter()
                sess = self._create()
                self.stats["session_ms"] = (time.perf_counter() - t0) * 1000
                if self.strategy == "hot" or self.instant:
                    self._warm_up(sess)  # a fresh session's first run allocates: do it before anyone waits on it
                self._session = sess
                if self._t_first_use is not None:
                    self.stats["full_ready_ms"] = (time.perf_counter() - self._t_first_use) * 1000
                self.stats.setdefault("ready_ms", self.stats["session_ms"])
                self.full_ready.set()
                self.ready.set()
                self._quick = None  # a running generation keeps its reference until its next step
        return self._session

    def _build_in_background(self) -> None:
        try:
            self.full_session()
        except BaseException as exc:  # noqa: BLE001 - kept for full_session(); the quick session goes on serving
            self._build_error = exc
            self.stats["full_error"] = str(exc)

    def _open_quick(self) -> Any:
        """The unpacked session: weights used as stored (memory-mapped), no graph optimization."""
        import onnxruntime as ort

        self._check_source_once()
        return self._open(ort, self.model_path, optimized=True, prepack=False)

    def _check_source_once(self) -> None:
        """``check_onnx`` the installed graph once per content hash (importing onnx alone costs ~150 ms).

        The blobs are content-addressed and size-checked on every load, so a
        graph that passed once stays good; ``models verify`` re-hashes them.
        """
        f = self.manifest.files
        marker = self.store.cache / "checked" / f"{f['model']['sha256']}-{f['weights']['sha256'][:16]}"
        if marker.is_file():
            return
        check_onnx(self.model_path, self.weights_path)
        with contextlib.suppress(OSError):  # a read-only store: check again next time
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.touch()

    # -- session creation --------------------------------------------------
    def _cache_dir(self) -> Path:
        f = self.manifest.files
        key = "|".join([_ort_version(), cpu_id(), f["model"]["sha256"], str(f["model"]["size"]),
                        f["weights"]["sha256"], str(f["weights"]["size"]), "v1"])
        return self.store.cache / "ort" / hashlib.sha256(key.encode()).hexdigest()[:24]

    def _create(self) -> Any:
        import onnxruntime as ort

        if not self.use_cache:
            check_onnx(self.model_path, self.weights_path)
            self.stats["source"] = "plain"
            return self._open(ort, self.model_path, optimized=False)
        cache = self._cache_dir()
        if _cache_valid(cache):
            try:
                sess = self._open(ort, cache / "model.opt.onnx", optimized=True)
                self.stats["source"] = "optimized-cache"
                return sess
            except ModelError:
                pass
        shutil.rmtree(cache, ignore_errors=True)  # incomplete or damaged: rebuild it
        check_onnx(self.model_path, self.weights_path)
        return self._build_cache(ort, cache)

    def _open(self, ort: Any, path: Path, optimized: bool, prepack: bool = True) -> Any:
        """``optimized``: the graph needs no more optimization; ``prepack=False``: weights stay as stored."""
        so = _options(ort, self.threads)
        if optimized:
            so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
        if not prepack:
            so.add_session_config_entry("session.disable_prepacking", "1")
        try:
            return ort.InferenceSession(str(path), so, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own Fail/InvalidGraph types
            raise ModelError(f"onnxruntime cannot load the model: {exc}", where=Location(file=str(path)),
                             code="model.load") from exc

    def _build_cache(self, ort: Any, cache: Path) -> Any:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=cache.parent))
        except OSError:  # the cache is derived data: when it cannot be written, load without it
            self.stats["source"] = "plain"
            return self._open(ort, self.model_path, optimized=False)
        try:
            so = _options(ort, self.threads)
            so.optimized_model_filepath = str(tmp / "model.opt.onnx")
            so.add_session_config_entry("session.optimized_model_external_initializers_file_name",
                                        "model.opt.data")
            so.add_session_config_entry("session.optimized_model_external_initializers_min_size_in_bytes",
                                        "1024")
            so.add_session_config_entry("session.save_external_prepacked_constant_initializers", "1")
            try:
                sess = ort.InferenceSession(str(self.model_path), so, providers=["CPUExecutionProvider"])
            except Exception as exc:
                raise ModelError(f"onnxruntime cannot load the model: {exc}",
                                 where=Location(file=str(self.model_path)), code="model.load") from exc
            sizes = {p.name: p.stat().st_size for p in tmp.iterdir()}
            f = self.manifest.files
            (tmp / "complete.json").write_text(json.dumps({
                "sizes": sizes, "identity": {p.name: file_identity(p) for p in tmp.iterdir()},
                "onnxruntime": _ort_version(),
                "blobs": [f["model"]["blob"], f["weights"]["blob"]],  # lets the store's gc drop stale caches
            }))
            with contextlib.suppress(OSError):  # another process may have won the race: use its copy
                os.replace(tmp, cache)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        # The session that wrote the cache holds private copies of the pre-packed weights;
        # the one opened from the cache maps them from the file instead.
        if _cache_valid(cache):
            try:
                fresh = self._open(ort, cache / "model.opt.onnx", optimized=True)
                del sess
                self.stats["source"] = "built-cache"
                return fresh
            except ModelError:
                shutil.rmtree(cache, ignore_errors=True)
        self.stats["source"] = "plain"
        return sess

    def _warm_up(self, sess: Any) -> None:
        sess.run(["logits"], empty_feeds(self.manifest, [0]))


def _cache_valid(cache: Path) -> bool:
    """Whether ``cache`` holds a complete optimized graph that nothing has written to since it was built.

    The files' identities (inode, ctime, ...; see ``integrity.py``) are
    recorded before the folder is renamed into place, which keeps them, so
    any later write to a cached file (a flipped byte included) makes the
    cache stale and it is built again: the cost is a ``stat`` per file.
    """
    try:
        meta = json.loads((cache / "complete.json").read_text())
        return all((cache / n).stat().st_size == s for n, s in meta["sizes"].items()) \
            and all(file_identity(cache / n) == i for n, i in meta["identity"].items())
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


def _ort_version() -> str:
    import onnxruntime as ort

    return str(ort.__version__)


def empty_feeds(manifest: Manifest, ids: list[int]) -> dict[str, Any]:
    """Inputs for a first run over ``ids`` with an empty KV cache."""
    import numpy as np

    g = manifest.data["graph"]
    feeds: dict[str, Any] = {
        "input_ids": np.array([ids], np.int64),
        "seqlens_k": np.array([len(ids) - 1], np.int32),
        "total_sequence_length": np.array(len(ids), np.int32),
    }
    empty = np.zeros((1, g["kv_heads"], 0, g["head_dim"]), np.float32)
    for i in range(g["layers"]):
        feeds[f"past_key_values.{i}.key"] = empty
        feeds[f"past_key_values.{i}.value"] = empty
    return feeds
