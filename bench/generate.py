"""Generation benchmark: time to first token, prefill and decode speed for each installed default model.

A 200-token prompt (the tokens of this repository's own text, cut to
exactly 200), then 64 greedy tokens with end-of-text masked out so every run
decodes the same number.  Median of ``--runs`` runs after one warm-up.
llama-cpp-python on the same GGUF is the baseline the issue asks for; it is
run only if importable (it builds from source in 30-50 min, so never in CI).

    python bench/generate.py [--runs 3] [--prompt-tokens 200] [--decode 64]
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


def bench_ours(name: str, store: ModelStore, runs: int, n_prompt: int, n_decode: int) -> tuple[dict, str]:
    gen = Generator(store.get(name), store, strategy="hot")
    gen.preload()
    prompt = prompt_text(gen, n_prompt)
    eos = list(gen.tokenizer.eos_ids)

    def no_eos(ids, logits):
        logits[eos] = -np.inf
        return logits

    gen.complete(prompt, max_tokens=4, logits_processor=no_eos)  # warm-up
    rows = []
    for _ in range(runs):
        out = gen.complete(prompt, max_tokens=n_decode, logits_processor=no_eos)
        assert len(out.tokens) == n_decode
        rows.append(out.timings | {"prompt_tokens": out.prompt_tokens})
    med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
    return med | {"threads": gen.model.threads}, prompt


def mean_nll(name: str, store: ModelStore, n_tokens: int = 400, start: int = 50) -> float:
    """Mean negative log-likelihood per token of a fixed text (lower is better): a quantization check."""
    from o3local.models.loader import empty_feeds

    gen = Generator(store.get(name), store, strategy="hot")
    src = Path(__file__).resolve().parents[1] / "models" / "cards"
    text = "\n\n".join(p.read_text(encoding="utf-8") for p in sorted(src.glob("*.md")))
    text += "\n\n" + (Path(__file__).resolve().parents[1] / "runtime" / "models" / "store.py").read_text()
    ids = gen.tokenizer.encode(text)[:n_tokens]
    sess = gen.model.session()
    g = gen.manifest.data["graph"]
    out = sess.run(None, empty_feeds(gen.manifest, ids[:start]))
    logits, past, nll = out[0][0, -1], out[1:], []
    for pos in range(start, len(ids)):
        z = logits.astype(np.float64) - logits.max()
        nll.append(float(np.log(np.exp(z).sum()) - z[ids[pos]]))
        feeds = {"input_ids": np.array([[ids[pos]]], np.int64), "seqlens_k": np.array([pos], np.int32),
                 "total_sequence_length": np.array(pos + 1, np.int32)}
        for i in range(g["layers"]):
            feeds[f"past_key_values.{i}.key"] = past[2 * i]
            feeds[f"past_key_values.{i}.value"] = past[2 * i + 1]
        out = sess.run(None, feeds)
        logits, past = out[0][0, -1], out[1:]
    return float(np.mean(nll))


def bench_llama_cpp(gguf: Path, prompt: str, runs: int, n_decode: int) -> dict | None:
    try:
        from llama_cpp import Llama  # type: ignore[import-not-found]
    except ImportError:
        return None
    import time

    llm = Llama(model_path=str(gguf), n_ctx=1024, verbose=False)
    toks = llm.tokenize(prompt.encode(), add_bos=False)
    rows = []
    for _ in range(runs):
        llm.reset()
        t0 = time.perf_counter()
        llm.eval(toks)
        t1 = time.perf_counter()
        for _ in range(n_decode):
            tok = llm.sample(temp=0.0)
            llm.eval([tok])
        t2 = time.perf_counter()
        rows.append({"prefill_tok_s": len(toks) / (t1 - t0), "decode_tok_s": n_decode / (t2 - t1),
                     "ttft_ms": (t1 - t0) * 1000})
    return {k: statistics.median(r[k] for r in rows) for k in rows[0]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--prompt-tokens", type=int, default=200)
    ap.add_argument("--decode", type=int, default=64)
    ap.add_argument("--threads", type=int, help="onnxruntime threads (default: adapts to the load)")
    ap.add_argument("--gguf-dir", type=Path, help="folder with the recipes' GGUF files, for llama-cpp-python")
    ap.add_argument("--nll", action="store_true", help="also print each model's mean NLL on a fixed text")
    args = ap.parse_args()
    if args.threads:
        os.environ["O3_THREADS"] = str(args.threads)
    store = ModelStore()
    names = [n for n in KNOWN_MODELS if store.is_installed(n)]
    if not names:
        raise SystemExit(f"no model installed in {store.root}: run o3-local models build smollm2-135m-instruct")
    print(f"{'model':30s} {'engine':16s} {'prompt':>6s} {'TTFT ms':>8s} {'prefill tok/s':>13s} {'decode tok/s':>12s}")
    for name in names:
        r, prompt = bench_ours(name, store, args.runs, args.prompt_tokens, args.decode)
        print(f"{name:30s} {'o3-local/ORT':16s} {r['prompt_tokens']:6.0f} {r['ttft_ms']:8.1f} "
              f"{r['prefill_tok_s']:13.1f} {r['decode_tok_s']:12.1f}   (threads {r['threads']})")
        gguf = args.gguf_dir / f"{name}.gguf" if args.gguf_dir else None
        base = bench_llama_cpp(gguf, prompt, args.runs, args.decode) if gguf and gguf.is_file() else None
        if base is None:
            print(f"{'':30s} {'llama-cpp-python':16s} not run (not installed here: it builds from source "
                  "in 30-50 min; pass --gguf-dir with it installed)")
        else:
            print(f"{'':30s} {'llama-cpp-python':16s} {args.prompt_tokens:6d} {base['ttft_ms']:8.1f} "
                  f"{base['prefill_tok_s']:13.1f} {base['decode_tok_s']:12.1f}")
        if args.nll:
            nll = mean_nll(name, store)
            print(f"{'':30s} mean NLL/token on the fixed text: {nll:.4f} ({store.get(name).data['quantization']})")
    print("targets: SmolLM2 TTFT <= 250 ms, Qwen 0.5B <= 1000 ms; prefill and decode >= 1.0x llama.cpp")


if __name__ == "__main__":
    main()
