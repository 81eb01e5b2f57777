"""What an int8 graph that needs no weight packing would give: load time, speed, memory and quality.

onnxruntime's MatMulNBits packs every weight at session creation (see
runtime/models/loader.py), which is why our cached load cannot reach 1/8 of a
plain one.  ``DynamicQuantizeMatMul`` with per-column int8 weights runs on the
weights as stored when ``session.disable_prepacking=1``: nothing is copied or
packed, onnxruntime maps the external data file.  This benchmark rewrites an
installed model's MatMulNBits nodes into that form (weights dequantized and
requantized per output column, symmetric) and measures, each in a fresh process
and interleaved:

* plain   -- ``InferenceSession(path)`` on the installed MatMulNBits model;
* int8-np -- the rewritten graph, optimizations off, prepacking disabled.

Printed: session-ready ms, anonymous memory above the baseline, one decode step
after a 64-token prefill, a 200-token prefill, and mean NLL per token on the
fixed text of ``bench/generate.py --nll`` (quality: lower is better).

    python bench/unpacked_int8.py [--model NAME] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from o3local.recipes.quantize import Quantized

sys.path.insert(0, str(Path(__file__).resolve().parent))


def mem_anon() -> float:
    with open("/proc/self/smaps_rollup") as fh:
        for line in fh:
            if line.startswith("Anonymous:"):
                return int(line.split()[1]) / 1024
    return 0.0


def rewrite(src: Path, dest: Path) -> int:
    """Write ``dest``: ``src`` with every MatMulNBits replaced by DynamicQuantizeMatMul (int8 per column)."""
    import onnx
    from onnx import helper, numpy_helper

    m = onnx.load(str(src), load_external_data=True)
    g = m.graph
    inits = {t.name: t for t in g.initializer}
    count, keep = 0, []
    shared = {i for node in g.node if node.op_type != "MatMulNBits" for i in node.input}  # a tied embedding
    new_nodes = []
    for node in g.node:
        if node.op_type != "MatMulNBits":
            new_nodes.append(node)
            continue
        at = {a.name: helper.get_attribute_value(a) for a in node.attribute}
        b, scales, zp = (numpy_helper.to_array(inits[node.input[i]]) for i in (1, 2, 3))  # recipes write zero points
        w = Quantized(b, scales, zp, at["bits"], at["block_size"], at["N"], at["K"]).dequantize()
        s = np.maximum(np.abs(w).max(1), 1e-12) / 127.0
        q = np.clip(np.round(w / s[:, None]), -127, 127).astype(np.int8).T.copy()  # [K, N]
        base = node.name or f"mm{count}"
        keep += [numpy_helper.from_array(q, f"{base}.w8"), numpy_helper.from_array(s.astype(np.float32), f"{base}.s8")]
        inputs = [node.input[0], f"{base}.w8", f"{base}.s8"]
        bias = node.input[5] if len(node.input) > 5 and node.input[5] else ""
        if bias:
            inputs += ["", bias]
        new_nodes.append(helper.make_node("DynamicQuantizeMatMul", inputs, list(node.output), name=base,
                                          domain="com.microsoft"))
        for i in (1, 2, 3):
            if len(node.input) > i and node.input[i] and node.input[i] not in shared:
                inits.pop(node.input[i], None)
        count += 1
    del g.node[:]
    g.node.extend(new_nodes)
    rest = list(inits.values())
    del g.initializer[:]
    g.initializer.extend(rest + keep)
    onnx.save(m, str(dest), save_as_external_data=True, all_tensors_to_one_file=True,
              location=dest.name + ".data", size_threshold=1024)
    return count


def child(variant: str, name: str, path: str) -> dict:
    import onnxruntime as ort
    from generate import nll_text, session_nll

    from o3local.models.engine import Generator
    from o3local.models.loader import empty_feeds, thread_count
    from o3local.models.store import ModelStore

    store = ModelStore()
    man = store.get(name)
    gen = Generator(man, store, strategy="cold")
    ids_text = gen.tokenizer.encode(nll_text())[:400]
    base = mem_anon()
    so = ort.SessionOptions()
    so.intra_op_num_threads = thread_count()
    if variant == "int8-np":
        so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
        so.add_session_config_entry("session.disable_prepacking", "1")
    t0 = time.perf_counter()
    sess = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
    ready = (time.perf_counter() - t0) * 1000
    anon = mem_anon() - base
    layers = man.data["graph"]["layers"]

    def step_feeds(tok: int, pos: int, past) -> dict:
        f = {"input_ids": np.array([[tok]], np.int64), "seqlens_k": np.array([pos], np.int32),
             "total_sequence_length": np.array(pos + 1, np.int32)}
        for i in range(layers):
            f[f"past_key_values.{i}.key"], f[f"past_key_values.{i}.value"] = past[2 * i], past[2 * i + 1]
        return f

    out = sess.run(None, empty_feeds(man, ids_text[:64]))
    f = step_feeds(42, 64, out[1:])
    sess.run(["logits"], f)
    lat = []
    for _ in range(20):
        t = time.perf_counter()
        sess.run(["logits"], f)
        lat.append(time.perf_counter() - t)
    pre = []
    for _ in range(2):
        t = time.perf_counter()
        sess.run(["logits"], empty_feeds(man, ids_text[:200]))
        pre.append(time.perf_counter() - t)
    return {"ready_ms": ready, "anon": anon, "step_ms": statistics.median(lat) * 1000,
            "prefill_ms": min(pre) * 1000, "nll": session_nll(sess, man, ids_text)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="qwen2.5-coder-0.5b-instruct")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--child", nargs=2)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.child[0], args.model, args.child[1])))
        return
    from o3local.models.store import ModelStore

    store = ModelStore()
    man = store.get(args.model)
    src = store.file_path(man, "model")
    with tempfile.TemporaryDirectory(prefix="o3-int8-") as tmp:
        dest = Path(tmp) / "model-int8.onnx"
        t = time.perf_counter()
        n = rewrite(src, dest)
        print(f"rewrote {n} MatMulNBits nodes in {time.perf_counter() - t:.1f} s; "
              f"int8 weights {dest.with_name(dest.name + '.data').stat().st_size / 2**20:.1f} MiB, "
              f"installed weights {man.files['weights']['size'] / 2**20:.1f} MiB")
        paths = {"plain": str(src), "int8-np": str(dest)}
        res = {v: [] for v in paths}
        for _ in range(args.runs):
            for v, p in paths.items():
                out = subprocess.run([sys.executable, __file__, "--model", args.model, "--child", v, p],
                                     capture_output=True, text=True)
                if out.returncode:
                    sys.exit(f"{v} failed:\n{out.stderr[-3000:]}")
                res[v].append(json.loads(out.stdout.strip().splitlines()[-1]))
    med = {v: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for v, rs in res.items()}
    p = med["plain"]
    print(f"model {args.model}, median of {args.runs} runs, fresh process each")
    print(f"{'variant':8s} {'ready ms':>9s} {'x plain':>8s} {'anon MiB':>9s} {'step ms':>8s} {'x plain':>8s} "
          f"{'prefill200 ms':>13s} {'x plain':>8s} {'NLL':>7s}")
    for v, r in med.items():
        print(f"{v:8s} {r['ready_ms']:9.1f} {r['ready_ms'] / p['ready_ms']:8.3f} {r['anon']:9.1f} {r['step_ms']:8.2f} "
              f"{r['step_ms'] / p['step_ms']:8.3f} {r['prefill_ms']:13.1f} {r['prefill_ms'] / p['prefill_ms']:8.3f} "
              f"{r['nll']:7.4f}")


if __name__ == "__main__":
    main()
