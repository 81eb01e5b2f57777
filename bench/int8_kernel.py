"""What storing int8 columns as uint8 + 128 costs and buys, on this CPU.

    python bench/int8_kernel.py [--threads 1] [--reps 5]

For each GEMM shape of Qwen2.5-Coder-0.5B (fused q/k/v, o, fused gate/up, down, the tied output
layer) it times onnxruntime's ``DynamicQuantizeMatMul`` with the weights as our graph stores
them (uint8, zero point 128: ``o3local.recipes.onnx_graph``) against the baseline measured in
the same run, the former layout (int8 as is), for one token (decoding) and 300 tokens (a
prompt), and prints each layout's largest error against the exact integer product.  On an
x86-64 CPU without VNNI the int8 layout runs onnxruntime's u8 x s8 kernel, which saturates
pairs of products in int16: its error column shows it.
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np


def _session(nodes, inits, k: int, n: int, out: str, threads: int):
    import onnxruntime as ort
    from onnx import TensorProto, helper

    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("A", TensorProto.FLOAT, [None, k])],
                              [helper.make_tensor_value_info(out, TensorProto.FLOAT, [None, n])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21),
                                                    helper.make_opsetid("com.microsoft", 1)])
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    return ort.InferenceSession(model.SerializeToString(), opts, providers=["CPUExecutionProvider"])


def sessions(q, threads: int) -> dict:
    from onnx import helper, numpy_helper

    from o3local.recipes.onnx_graph import _G, _matmul

    g = _G()
    y = _matmul(g, "A", q, "w")
    stored = _session(g.nodes, g.inits, q.k, q.n, y, threads)
    node = helper.make_node("DynamicQuantizeMatMul", ["A", "B", "S"], ["Y"], domain="com.microsoft")
    signed = _session([node], [numpy_helper.from_array(q.weight, "B"), numpy_helper.from_array(q.scales, "S")],
                      q.k, q.n, "Y", threads)
    return {"int8 (former)": signed, "uint8+128": stored}


def exact(q, a: np.ndarray) -> np.ndarray:
    """The product the kernel should give: DynamicQuantizeLinear on ``a``, then exact integers."""
    lo, hi = min(float(a.min()), 0.0), max(float(a.max()), 0.0)
    scale = (hi - lo) / 255
    zp = np.clip(np.round(-lo / scale), 0, 255)
    qa = np.clip(np.round(a / scale) + zp, 0, 255) - zp
    return (qa @ q.weight.astype(np.float64)) * scale * q.scales.astype(np.float64)


def best_ms(sess, a: np.ndarray, reps: int) -> float:
    sess.run(None, {"A": a})
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        sess.run(None, {"A": a})
        times.append(time.perf_counter() - t)
    return 1000 * min(times)


def main(argv: list[str] | None = None) -> int:
    from o3local.recipes.quantize import quantize_columns_int8

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args(argv)
    flags = open("/proc/cpuinfo", encoding="utf-8").read() if platform.system() == "Linux" else ""
    vnni = [f for f in ("avx512_vnni", "avx_vnni", "amx_int8") if f in flags]
    print(f"CPU: {platform.machine()}, VNNI: {', '.join(vnni) or 'none'}; {args.threads} thread(s), "
          f"best of {args.reps}")
    rng = np.random.default_rng(0)
    # a layer's GEMMs (24 layers) and the output layer, which runs on the last position only
    shapes = {"q/k/v": (896, 1152), "o": (896, 896), "gate/up": (896, 9728), "down": (4864, 896),
              "output": (896, 151936)}
    layers = 24
    total = {}
    print(f"{'GEMM':10s} {'tokens':>6s} {'layout':14s} {'ms':>9s} {'ratio':>6s} {'max error':>10s}")
    for label, (k, n) in shapes.items():
        w = (rng.standard_normal((n, k)) * 0.05).astype(np.float32)
        w[rng.integers(0, n, 64), rng.integers(0, k, 64)] = 0.6  # outliers, as trained weights have
        q = quantize_columns_int8(w)
        for m in ((1,) if label == "output" else (1, 300)):
            a = rng.standard_normal((m, k)).astype(np.float32)
            a[:, rng.integers(0, k, 8)] *= 30  # a few large activation channels
            want = exact(q, a)
            base = None
            for name, sess in sessions(q, args.threads).items():
                ms = best_ms(sess, a, args.reps)
                err = float(np.abs(sess.run(None, {"A": a})[0] - want).max() / np.abs(want).max())
                base = base or ms
                for tokens in ((1, 300) if label == "output" else (m,)):
                    total[(name, tokens)] = total.get((name, tokens), 0.0) + ms * (1 if label == "output" else layers)
                print(f"{label:10s} {m:6d} {name:14s} {ms:9.3f} {ms / base:6.2f} {err:10.2e}")
    for m in (1, 300):
        old, new = total[("int8 (former)", m)], total[("uint8+128", m)]
        print(f"a forward pass over {m} token(s) ({layers} layers + output), GEMMs only: "
              f"uint8+128 {new:.1f} ms vs int8 {old:.1f} ms = {new / old:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
