"""Validation speed and CLI start-up cost.

Prints, in one run:
- warm in-process validation time per manifest (folder and .o3t), p50/p95;
- wall time of ``o3-local --help`` and ``o3-local validate`` in a fresh
  process, against a bare ``python -c pass`` measured in the same run;
- ``python -X importtime`` evidence: the slowest imports of ``validate``
  and whether onnxruntime, wasmtime or numpy were imported at all.

Usage: python bench/validate.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from _timing import pct

HEAVY = ("onnxruntime", "wasmtime", "numpy")

MANIFEST = {
    "id": "ppt-funding-pitch-v2",
    "name": "Funding pitch",
    "version": "2.0.0",
    "kind": "presentation",
    "entry": "deck.o3x",
    "ai_capabilities": ["slide-generation", "data-visualization", "summarization"],
    "compatible_versions": ["11.5.0", "12.0.0", ">=11.5,<13"],
    "required_permissions": ["read:document", "write:presentation"],
    "inputs": {"type": "object", "properties": {"company": {"type": "object"}}},
    "ai_slots": {"exec_summary": {"task": "summarization", "input": "/company", "limits": {"max_chars": 280}}},
}


def make_packages(root: Path) -> tuple[Path, Path]:
    folder = root / "pkg"
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps(MANIFEST, indent=2))
    (folder / "deck.o3x").write_text("<document/>")
    o3t = root / "pkg.o3t"
    with zipfile.ZipFile(o3t, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in folder.iterdir():
            zf.write(f, f.name)
    return folder, o3t


def warm(path: Path, runs: int) -> tuple[float, float]:
    import o3local

    o3local.validate(path)  # warm caches (schema, validator)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        report = o3local.validate(path)
        times.append((time.perf_counter() - t) * 1000)
        assert report.ok
    return statistics.median(times), pct(times, 0.95)


def wall(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def importtime(args: list[str]) -> tuple[list[tuple[int, str]], list[str]]:
    code = f"from o3local.cli import main\ntry:\n    main({args!r}, standalone_mode=False)\nexcept SystemExit:\n    pass"
    err = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True).stderr
    rows = []
    for line in err.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _self_us, cum_us, name = line.split(":", 1)[1].split("|")
        rows.append((int(cum_us), name.rstrip()))
    names = {name.strip().split(".")[0] for _, name in rows}
    rows = [(cum, name) for cum, name in rows if not name.startswith("   ")]  # top-level imports
    return sorted(rows, reverse=True), [h for h in HEAVY if h in names]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--cli-runs", type=int, default=10)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder, o3t = make_packages(Path(tmp))
        print("== warm validation (in-process)")
        for label, path in (("folder", folder), (".o3t", o3t)):
            p50, p95 = warm(path, args.runs)
            print(f"  {label:7s} p50 {p50:6.3f} ms   p95 {p95:6.3f} ms   ({args.runs} runs)")

        print(f"== CLI start-up (fresh process, median of {args.cli_runs})")
        exe = [sys.executable, "-m", "o3local"]
        base = wall([sys.executable, "-c", "pass"], args.cli_runs)
        print(f"  python -c pass                 {base:7.1f} ms  (baseline)")
        for label, cmd in (("o3-local --help", exe + ["--help"]),
                           ("o3-local validate", exe + ["validate", str(folder)]),
                           ("o3-local validate --json", exe + ["validate", "--json", str(o3t)])):
            ms = wall(cmd, args.cli_runs)
            print(f"  {label:30s} {ms:7.1f} ms  ({ms / base:4.1f}x baseline, +{ms - base:.1f} ms)")

        print("== python -X importtime: o3-local validate")
        rows, heavy = importtime(["validate", str(folder)])
        for cum, name in rows[:8]:
            print(f"  {cum / 1000:7.1f} ms cumulative  {name}")
        print(f"  heavy libraries imported: {', '.join(heavy) if heavy else 'none'} (checked: {', '.join(HEAVY)})")
        _, heavy_help = importtime(["--help"])
        print(f"  --help heavy libraries imported: {', '.join(heavy_help) if heavy_help else 'none'}")


if __name__ == "__main__":
    main()
