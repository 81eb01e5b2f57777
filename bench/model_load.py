"""Model load benchmark: our loader (cold / warm / hot) vs a plain ``onnxruntime.InferenceSession``.

Every variant runs in a fresh process so session-ready time and memory are
its own.  Printed per variant: session-ready time, private (anonymous) memory
and PSS above the process baseline (after importing onnxruntime and numpy)
right after creation and in steady state, and the steady-state latency of one
decode step after a 64-token prefill.  For int8-column models (the quick
session serves while the packed one is built in the background) also the
time until the full-speed session is in place and the step latency a request
gets right at ready.  A last row times a plain session with
``session.disable_prepacking=1``: what session creation costs without
MatMulNBits' weight packing (see runtime/models/loader.py for why that packing
is repeated on every load, cached or not).  The physical limit is the time to read
the weight bytes from the page cache.  ``--evict`` drops our model's files
(only those) from the page cache before each variant: a cold disk start.
Every load checks each file's sha256 unless the store's marker says this very
file version matched before (``runtime/models/integrity.py``); ``check ms`` is
that check's share of ready.  ``--unverified`` deletes the model's markers
before each variant, so ready includes the one-time hash a load pays after a
blob changed (or on the first run of a bundled store).

    python bench/model_load.py [--model NAME] [--runs 3] [--evict] [--unverified]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

VARIANTS = ("plain", "cold", "warm", "hot")


def mem() -> dict[str, float]:
    with open("/proc/self/smaps_rollup") as fh:
        d = dict(line.split(":", 1) for line in fh if ":" in line)
    return {k: int(d[k].split()[0]) / 1024 for k in ("Rss", "Pss", "Anonymous")}


def evict(paths) -> None:
    for p in paths:
        try:
            fd = os.open(p, os.O_RDONLY)
        except OSError:
            continue
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        os.close(fd)


def child(variant: str, name: str, do_evict: bool, unverified: bool = False) -> dict:
    import numpy as np
    import onnxruntime as ort

    from o3local.models.loader import LoadedModel, empty_feeds
    from o3local.models.store import ModelStore

    store = ModelStore()
    m = store.get(name)
    probe = LoadedModel(m, store, "cold")
    files = [probe.weights_path, probe.model_path, *probe._cache_dir().glob("*")]
    if do_evict:
        evict(files)
    if unverified:  # the next load hashes every file again, as after a change to its blobs
        for ref in m.files.values():
            store.marks.forget(ref["sha256"])
    base = mem()
    t0 = time.perf_counter()
    lm = None
    if variant in ("plain", "noprepack"):
        so = ort.SessionOptions()
        so.intra_op_num_threads = probe.threads
        if variant == "noprepack":
            so.add_session_config_entry("session.disable_prepacking", "1")
        sess = ort.InferenceSession(str(probe.model_path), so, providers=["CPUExecutionProvider"])
        ready = time.perf_counter() - t0
        if variant == "noprepack" and not probe.instant:  # MatMulNBits dequantizes every weight on every run
            return {"ready_ms": ready * 1000}
    else:
        lm = LoadedModel(m, store, variant)
        lm.preload()
        sess = lm.session()  # int8 columns: the quick session; the full one is being built meanwhile
        ready = time.perf_counter() - t0
    created = mem()
    g = m.data["graph"]

    def step_feeds(out) -> dict:
        step = {"input_ids": np.array([[42]], np.int64), "seqlens_k": np.array([64], np.int32),
                "total_sequence_length": np.array(65, np.int32)}
        for i in range(g["layers"]):
            step[f"past_key_values.{i}.key"] = out[1 + 2 * i]
            step[f"past_key_values.{i}.value"] = out[2 + 2 * i]
        return step

    def step_ms(s, n: int = 30) -> float:
        step = step_feeds(s.run(None, empty_feeds(m, list(range(100, 164)))))
        s.run(["logits"], step)
        lat = []
        for _ in range(n):
            t = time.perf_counter()
            s.run(["logits"], step)
            lat.append(time.perf_counter() - t)
        return statistics.median(lat) * 1000

    first_step = step_ms(sess, 5)  # what a request that arrives at once gets
    full = ready
    if lm is not None:
        sess = lm.full_session()  # waits for the background build (at once for MatMulNBits models)
        full = lm.stats.get("full_ready_ms", ready * 1000) / 1000
    steady_step = step_ms(sess)
    steady = mem()
    return {"ready_ms": ready * 1000, "full_ms": full * 1000, "first_step_ms": first_step,
            "anon_created": created["Anonymous"] - base["Anonymous"],
            "pss_created": created["Pss"] - base["Pss"], "anon_steady": steady["Anonymous"] - base["Anonymous"],
            "pss_steady": steady["Pss"] - base["Pss"], "step_ms": steady_step,
            "check_ms": lm.stats["check_ms"] if lm is not None else 0.0}


def page_cache_read_ms(path) -> float:
    with open(path, "rb") as fh:  # make sure it is cached, then time a second read
        while fh.read(1 << 24):
            pass
    t = time.perf_counter()
    with open(path, "rb") as fh:
        while fh.read(1 << 24):
            pass
    return (time.perf_counter() - t) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="smollm2-135m-instruct")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--evict", action="store_true")
    ap.add_argument("--unverified", action="store_true")
    ap.add_argument("--child")
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.model, args.evict, args.unverified)))
        return
    from o3local.models.loader import LoadedModel
    from o3local.models.store import ModelStore

    store = ModelStore()
    m = store.get(args.model)
    lm = LoadedModel(m, store, "hot")
    lm.full_session()  # make sure the optimized-graph cache exists
    weights_mb = m.files["weights"]["size"] / 2**20

    def run(variant: str) -> dict:
        cmd = [sys.executable, __file__, "--child", variant, "--model", args.model] + (["--evict"] if args.evict else []) \
            + (["--unverified"] if args.unverified else [])
        out = subprocess.run(cmd, capture_output=True, text=True, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])

    results = {v: [] for v in (*VARIANTS, "noprepack")}
    for _ in range(args.runs):  # interleaved, so machine noise hits every variant alike
        for v in results:
            results[v].append(run(v))
    med = {v: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for v, rs in results.items()}
    pc = page_cache_read_ms(lm.weights_path)
    import onnxruntime

    print(f"model {args.model}: weights {weights_mb:.1f} MiB, onnxruntime {onnxruntime.__version__}, "
          f"threads {lm.threads}, median of {args.runs} runs{' (page cache evicted)' if args.evict else ''}"
          f"{' (integrity markers deleted: every load hashes its files)' if args.unverified else ''}")
    print(f"page-cache read of the weight bytes (physical limit): {pc:.1f} ms")
    print("ready: a request can be served; full: generation runs at full speed (int8-column models switch "
          "from the quick unpacked session to the packed one, built in the background)")
    print(f"{'variant':8s} {'ready ms':>9s} {'x plain':>8s} {'full ms':>8s} {'x plain':>8s} {'step@ready':>10s} "
          f"{'anon MiB':>9s} {'PSS MiB':>8s} {'anon steady':>11s} {'%weights':>9s} {'PSS steady':>10s} "
          f"{'step ms':>8s} {'x plain':>8s} {'check ms':>8s}")
    p = med["plain"]
    for v in VARIANTS:
        r = med[v]
        print(f"{v:8s} {r['ready_ms']:9.1f} {r['ready_ms'] / p['ready_ms']:8.3f} {r['full_ms']:8.1f} "
              f"{r['full_ms'] / p['ready_ms']:8.3f} {r['first_step_ms']:10.2f} {r['anon_created']:9.1f} "
              f"{r['pss_created']:8.1f} {r['anon_steady']:11.1f} {100 * r['anon_steady'] / weights_mb:8.1f}% "
              f"{r['pss_steady']:10.1f} {r['step_ms']:8.2f} {r['step_ms'] / p['step_ms']:8.3f} {r['check_ms']:8.2f}")
    n = med["noprepack"]["ready_ms"]
    print(f"{'no-prepack':10s} {n:7.1f} {n / p['ready_ms']:8.3f}   (session.disable_prepacking=1: "
          + ("the quick session's floor)" if lm.instant else
             "the floor without MatMulNBits packing; unusable, a decode step dequantizes every weight)"))
    print("targets: ready <= 0.125 x plain (hot-cached Qwen 0.5B <= 300 ms); anon above baseline <= 10% of "
          "weights; steady step within 5% of plain")


if __name__ == "__main__":
    main()
