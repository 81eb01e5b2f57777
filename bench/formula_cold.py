"""Cold ``o3-local formula`` requests: what one command-line call costs from a fresh process.

Every command-line request starts a new Python process, so its imports and caches are paid
each time; the bench's per-request p95 (``eval_formula.py``) is warm and never sees them.
Each variant runs ``--runs`` times in fresh processes on a small generated sheet:

- ``cli``: the ``o3-local formula`` command itself (the user's wait);
- ``api``: ``formula()`` in a bare interpreter (the same, without click and the CLI);
- ``api, scipy eager``: the same with ``scipy.stats`` imported first — the baseline, as
  every call paid before the engine deferred SciPy (``runtime/tasks/formula/functions.py``).

Printed: median wall and CPU seconds of each, and the CPU ratio of ``api`` to the baseline.

    python bench/formula_cold.py [--runs 5] [--request "total price of Fir"]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _sheet(folder: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Date", "Item", "Qty", "Price", "Paid"])
    for i in range(40):
        ws.append([f"2026-12-{1 + i % 28:02d}", ("Fir", "Spruce", "Pine")[i % 3], 1 + i % 5,
                   (35.0, 42.5, 28.0, 55.0)[i % 4], "Yes" if i % 4 else ""])
    path = folder / "trees.xlsx"
    wb.save(path)
    return path


def _once(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, timeout=600)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--request", default="total price of Fir")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sheet = _sheet(Path(tmp))
        call = (f"from o3local.tasks.formula import formula; "
                f"print(formula({args.request!r}, sheet={str(sheet)!r}, method='rules').formula)")
        cli = shutil.which("o3-local", path=os.path.dirname(sys.executable)) or "o3-local"
        variants = {
            "cli": [cli, "formula", args.request, "--sheet", str(sheet), "--method", "rules"],
            "api": [sys.executable, "-c", call],
            "api, scipy eager (baseline)": [sys.executable, "-c", "import scipy.stats; " + call],
        }
        _once(variants["api"])  # bytecode caches written once, outside the timing
        got: dict[str, list[tuple[float, float]]] = {k: [] for k in variants}
        for _ in range(args.runs):
            for name, argv in variants.items():  # interleaved: load on the machine hits every variant alike
                got[name].append(_once(argv))
    print(f"cold formula requests, {args.runs} runs each, request {args.request!r}")
    print("| variant | wall s (median) | CPU s (median) |")
    print("|---|---|---|")
    med = {}
    for name, runs in got.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        med[name] = cpu
        print(f"| {name} | {wall:.2f} | {cpu:.2f} |")
    print(f"api CPU / baseline CPU: {med['api'] / med['api, scipy eager (baseline)']:.2f}")


if __name__ == "__main__":
    main()
