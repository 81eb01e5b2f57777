"""The one-folder bundle against the virtual environment: size, cold and warm start.

Prints, in one run:
- the bundle's size (total, without models, models) and its largest parts,
  from the ``BUNDLE-MANIFEST.json`` the build writes;
- wall and CPU time of ``o3-local --version`` and ``o3-local render --sample
  -o deck.png`` (the 10-slide deck, all pages) from the bundle and from the
  virtual environment's console script, each:
  * cold: the OS page cache dropped before every run (``/proc/sys/vm/drop_caches``
    as root; else every file of both installs is evicted with
    ``posix_fadvise(DONTNEED)``, which the report says), the AOT module cache
    already filled, as on a user's machine after the first run;
  * warm: repeated runs, median;
  runs of the two installs alternate (ABBA), so load from other processes
  hits both; CPU time (user+sys) is the steadier figure on a shared machine;
  * first run: an empty AOT/glyph cache (``O3_CACHE_DIR``), page cache warm;
- the ratio bundle / venv for each.

Target: the bundle's cold render no slower than 1.2x the venv's.

Usage: python bench/bundle.py [--bundle dist/o3-local] [--build] [--runs N] [--cold-runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET_COLD_RENDER_RATIO = 1.2


def _mib(n: int) -> str:
    return f"{n / (1 << 20):.1f} MiB"


def drop_caches(trees: list[Path]) -> str:
    """Empty the page cache; returns how it was done."""
    os.sync()
    try:
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return "drop_caches"
    except OSError:
        pass
    for tree in trees:
        for path in tree.rglob("*"):
            if path.is_file() and not path.is_symlink():
                try:
                    fd = os.open(path, os.O_RDONLY)
                except OSError:
                    continue
                try:
                    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                finally:
                    os.close(fd)
    return "posix_fadvise(DONTNEED) on both installs"


def run_once(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(wall s, CPU s) of one run; raises when the command fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=600)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"error: {' '.join(cmd)} failed (exit {proc.returncode}):\n{proc.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def measure_pair(label: str, exes: dict[str, list[str]], args: list[str], env: dict[str, str],
                 cwd: Path, runs: int, cold_runs: int, trees: list[Path],
                 cache: Path) -> dict[str, dict]:
    """Figures for one command from each install, runs interleaved so load spikes hit both."""
    slug = label.strip("-").replace(" ", "-")
    envs = {kind: {**env, "O3_CACHE_DIR": str(cache / f"{slug}-{kind}")} for kind in exes}
    first = {kind: run_once([*exe, *args], {**env, "O3_CACHE_DIR": str(cache / f"first-{slug}-{kind}")},
                            cwd) for kind, exe in exes.items()}
    for kind, exe in exes.items():
        run_once([*exe, *args], envs[kind], cwd)  # fills the AOT and glyph caches
    cold: dict[str, list] = {kind: [] for kind in exes}
    warm: dict[str, list] = {kind: [] for kind in exes}
    how = ""
    order = list(exes)
    for i in range(max(cold_runs, runs)):
        kinds = order if i % 2 == 0 else order[::-1]
        for kind in kinds:
            if i < cold_runs:
                how = drop_caches(trees)
                cold[kind].append(run_once([*exes[kind], *args], envs[kind], cwd))
        for kind in kinds:
            if i < runs:
                warm[kind].append(run_once([*exes[kind], *args], envs[kind], cwd))
    return {kind: {
        "first_wall": first[kind][0], "first_cpu": first[kind][1],
        "cold_wall": statistics.median(w for w, _ in cold[kind]),
        "cold_cpu": statistics.median(c for _, c in cold[kind]),
        "warm_wall": statistics.median(w for w, _ in warm[kind]),
        "warm_cpu": statistics.median(c for _, c in warm[kind]),
        "cold_method": how,
    } for kind in exes}


def size_section(bundle: Path) -> dict:
    doc = json.loads((bundle / "BUNDLE-MANIFEST.json").read_text("utf-8"))
    parts: dict[str, int] = {}
    for rel, f in doc["files"].items():
        bits = rel.split("/")
        key = bits[1] if bits[0] == "_internal" and len(bits) > 2 else bits[0]
        parts[key] = parts.get(key, 0) + f["size"]
    total = sum(parts.values())
    models = parts.get("models", 0)
    return {"total": total, "models": models, "without_models": total - models,
            "largest": sorted(parts.items(), key=lambda kv: -kv[1])[:12]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bundle", type=Path, default=REPO / "dist" / "o3-local")
    ap.add_argument("--build", action="store_true", help="build the bundle first")
    ap.add_argument("--runs", type=int, default=7, help="warm runs per command and install")
    ap.add_argument("--cold-runs", type=int, default=5, help="cold runs per command and install")
    ap.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = ap.parse_args(argv)
    if args.build:
        subprocess.run([sys.executable, str(REPO / "packaging" / "build.py"),
                        "--dist", str(args.bundle.parent)], check=True)
    bundle_exe = args.bundle / "o3-local"
    venv_exe = Path(sys.executable).parent / "o3-local"
    for exe in (bundle_exe, venv_exe):
        if not exe.is_file():
            raise SystemExit(f"error: {exe} not found (build the bundle: python packaging/build.py)")

    size = size_section(args.bundle)
    print(f"bundle {args.bundle}: {_mib(size['total'])} total, "
          f"{_mib(size['without_models'])} without models, models {_mib(size['models'])}")
    print("largest parts: " + ", ".join(f"{k} {_mib(v)}" for k, v in size["largest"]))

    trees = [args.bundle, Path(sysconfig.get_paths()["purelib"]),
             Path(sysconfig.get_paths()["stdlib"]), REPO / "runtime", REPO / "cli"]
    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="o3-bench-bundle-") as tmp:
        base = Path(tmp)
        home, cwd = base / "home", base / "cwd"
        home.mkdir()
        cwd.mkdir()
        env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
               "PYTHONNOUSERSITE": "1"}
        commands = {"--version": ["--version"],
                    "render --sample": ["render", "--sample", "-o", "deck.png"]}
        exes = {"bundle": [str(bundle_exe)], "venv": [str(venv_exe)]}
        for label, cmd_args in commands.items():
            pair = measure_pair(label, exes, cmd_args, env, cwd, args.runs, args.cold_runs, trees,
                                base / "cache")
            results.update({f"{label} [{kind}]": r for kind, r in pair.items()})

    method = next(iter(results.values()))["cold_method"]
    print(f"\nstart-up, seconds (median; cold = page cache emptied by {method}, AOT cache warm;"
          f"\nfirst = empty AOT/glyph cache); CPU = user+sys of the process")
    print(f"{'command':28} {'cold wall':>9} {'cold cpu':>9} {'warm wall':>9} {'warm cpu':>9} "
          f"{'first wall':>10}")
    for key, r in results.items():
        print(f"{key:28} {r['cold_wall']:9.3f} {r['cold_cpu']:9.3f} {r['warm_wall']:9.3f} "
              f"{r['warm_cpu']:9.3f} {r['first_wall']:10.3f}")
    print("\nbundle / venv:")
    ratios = {}
    for label in commands:
        b, v = results[f"{label} [bundle]"], results[f"{label} [venv]"]
        ratios[label] = {k: b[k] / v[k] for k in ("cold_wall", "cold_cpu", "warm_wall", "warm_cpu",
                                                   "first_wall")}
        print(f"  {label:18} " + "  ".join(f"{k} {x:.2f}x" for k, x in ratios[label].items()))
    cold_render = ratios["render --sample"]["cold_wall"]
    verdict = "met" if cold_render <= TARGET_COLD_RENDER_RATIO else "MISSED"
    print(f"\ntarget: bundle cold render <= {TARGET_COLD_RENDER_RATIO}x the venv's: "
          f"{cold_render:.2f}x ({verdict})")
    if args.json:
        print(json.dumps({"size": size, "results": results, "ratios": ratios}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
