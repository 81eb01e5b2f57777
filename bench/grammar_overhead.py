"""Cost of grammar-constrained decoding per generated token, against unconstrained decoding.

For each request of a spread subset of formula-seed-bilingual, the formula is
decoded twice with the same prompt and token budget: once under the formula
grammar (timing every call of the logits processor) and once unconstrained,
so both figures come from the same run, model and machine.

    python bench/grammar_overhead.py [--model NAME] [--every K] [--limit N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import pct  # noqa: E402
from eval_formula import load, write_xlsx  # noqa: E402

from o3local.models import get_generator  # noqa: E402
from o3local.tasks.formula import llm  # noqa: E402
from o3local.tasks.formula.schema import read_sheet  # noqa: E402


class _Timed:
    def __init__(self, proc):
        self.proc, self.ms = proc, []

    def __call__(self, generated, logits):
        t0 = time.perf_counter()
        out = self.proc(generated, logits)
        self.ms.append((time.perf_counter() - t0) * 1000)
        return out

    def __getattr__(self, name):
        return getattr(self.proc, name)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="qwen2.5-coder-0.5b-instruct")
    ap.add_argument("--every", type=int, default=6, help="keep every K-th en/zh pair")
    ap.add_argument("--limit", type=int, default=None)
    args = ap.parse_args(argv)
    gen = get_generator(name=args.model)
    rows = [r for i, r in enumerate(load("formula-seed-bilingual")[:args.limit]) if (i // 2) % args.every == 0]
    tmp = Path(tempfile.mkdtemp(prefix="o3-grammar-bench-"))
    proc_ms: list[float] = []  # grammar time per constrained step
    step_con: list[float] = []  # whole step (model + grammar), constrained
    step_free: list[float] = []  # whole step, unconstrained
    req_ms: list[float] = []
    made = []
    orig = llm.GrammarProcessor
    for k, row in enumerate(rows):
        path = tmp / f"t{k}.xlsx"
        write_xlsx(row["table"], path)
        schema = read_sheet(path)

        def timed_proc(*a, **kw):
            p = _Timed(orig(*a, **kw))
            made.append(p)
            return p

        llm.GrammarProcessor = timed_proc
        t0 = time.perf_counter()
        try:
            text = llm.decode_formula(gen, row["question"], schema)
        except Exception as err:  # noqa: BLE001 - a refusal is a result here
            text = f"<{type(err).__name__}: {err}>"
        finally:
            llm.GrammarProcessor = orig
        req = (time.perf_counter() - t0) * 1000
        p = made[-1]
        n = len(p.ms)
        req_ms.append(req)
        proc_ms.extend(p.ms)
        # unconstrained: same prompt, as many tokens as the constrained run took
        sheet = schema.describe() + "\n"
        msgs = [{"role": "system", "content": llm._FORMULA_SYSTEM},
                {"role": "user", "content": f"{sheet}Request: {row['question']}\nFormula: ="}]
        free = gen.chat(messages=msgs, max_tokens=max(1, n), temperature=0.0)
        con_steps = (req - 0) / max(1, n)
        free_n = max(1, len(free.tokens))
        step_con.append(con_steps)
        step_free.append(free.timings["total_ms"] / free_n)
        print(f"{row['id']}: {n} tokens, grammar {statistics.mean(p.ms) if p.ms else 0:.1f} ms/step "
              f"(max {max(p.ms) if p.ms else 0:.0f}), request {req:.0f} ms, "
              f"unconstrained {free.timings['total_ms']:.0f} ms for {len(free.tokens)} tokens -> {text}")
    print()
    print(f"requests: {len(rows)}, constrained steps: {len(proc_ms)}")
    print(f"grammar per step: mean {statistics.mean(proc_ms):.2f} ms, p50 {pct(proc_ms, 0.5):.2f} ms, "
          f"p95 {pct(proc_ms, 0.95):.2f} ms, max {max(proc_ms):.1f} ms")
    print(f"whole step (prefill amortized): constrained {statistics.mean(step_con):.1f} ms/token, "
          f"unconstrained {statistics.mean(step_free):.1f} ms/token")
    print(f"formula request (decode_formula): p50 {pct(req_ms, 0.5):.0f} ms, p95 {pct(req_ms, 0.95):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
