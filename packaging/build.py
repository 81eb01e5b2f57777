"""Build the one-folder ``o3-local`` bundle: ``python packaging/build.py`` -> ``dist/o3-local/``.

Steps: stage the ``o3local`` package tree from the working tree's tracked and
not-ignored files, run PyInstaller on ``packaging/o3-local.spec`` with the
reproducibility knobs set (``SOURCE_DATE_EPOCH`` from the commit,
``PYTHONHASHSEED=0``), copy the default models that are installed in the
model store into ``<bundle>/models`` (plain files in the store's layout, so
they are memory-mapped in place), then write ``BUNDLE-MANIFEST.json`` (every
file with size and sha256, plus our own modules from inside the executable's
archive) and print the size report.

Exit status 0 on success, 1 when the build failed (PyInstaller's log is
printed), 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SPEC = HERE / "o3-local.spec"
NAME = "o3-local"
MANIFEST = "BUNDLE-MANIFEST.json"
INTERNAL = "_internal"

#: source folder -> import package (mirrors setup.py's ROOTS)
ROOTS = {"runtime": "o3local", "cli": "o3local/cli", "models": "o3local/recipes"}

#: Size budget of the bundle without models, in MiB.  357.5 MiB measured on
#: 2026-12-04 (requirements/lock.txt of that day; packaging/size-baseline.json
#: holds that build's size per part; a CI machine's build came out at 361.5).
#: Against the 337 MiB of 2026-12-03 it grew by wanted parts: cryptography
#: (13.8 MiB, template signature checks in the bundle) and the fonts (+7 MiB:
#: GB 18030 / Big5 / Hangul coverage and the Noto Sans fallbacks, issue 17).
#: The floor is set by scipy with its OpenBLAS (71 MiB, formulas' statistics
#: functions), numpy with its OpenBLAS (41 MiB), onnxruntime (35 MiB), wasmtime
#: (28 MiB), onnx with ml_dtypes (31 MiB) and libpython (22 MiB).  The budget
#: leaves about 20 MiB of headroom; when a build goes over it, the report names
#: the parts that grew against the baseline, so the cause (a new dependency, a
#: new release after a lock refresh) is in the failure message, not guessed.
SIZE_BUDGET_MIB = 380

#: size of every part of the reference build (`--write-baseline` refreshes it)
BASELINE = HERE / "size-baseline.json"

#: models shipped inside the bundle when they are installed at build time
DEFAULT_MODELS = ("smollm2-135m-instruct",)


def _git(*args: str) -> str | None:
    try:
        out = subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip()


def source_files() -> list[Path]:
    """Files of the package trees that git tracks or would track (ignored ones left out)."""
    listed = _git("ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *ROOTS)
    if listed is None:  # not a git checkout: every file but caches
        files = [p.relative_to(REPO) for r in ROOTS for p in (REPO / r).rglob("*") if p.is_file()]
    else:
        files = [Path(p) for p in listed.split("\0") if p]
    return sorted(p for p in files if "__pycache__" not in p.parts and p.suffix != ".pyc"
                  and (REPO / p).is_file())


def stage(dest: Path) -> int:
    """Lay the source folders out under their import names in ``dest``; returns the file count."""
    if dest.exists():
        shutil.rmtree(dest)
    files = source_files()
    for rel in files:
        top = rel.parts[0]
        target = dest / ROOTS[top] / Path(*rel.parts[1:])
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / rel, target)
    return len(files)


def source_date_epoch() -> str:
    return os.environ.get("SOURCE_DATE_EPOCH") or _git("log", "-1", "--format=%ct") or "0"


def run_pyinstaller(src: Path, dist: Path, work: Path, log: Path) -> None:
    env = dict(os.environ, O3_BUNDLE_SRC=str(src), O3_BUNDLE_REPORT=str(work / "trimmed.json"),
               SOURCE_DATE_EPOCH=source_date_epoch(), PYTHONHASHSEED="0")
    # A private PyInstaller cache per work folder: builds running side by side
    # never share (or clean) each other's cache.
    env.setdefault("PYINSTALLER_CONFIG_DIR", str(work / "pyinstaller-cache"))
    shutil.rmtree(work / NAME, ignore_errors=True)  # PyInstaller's own work files: start clean
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(dist), "--workpath", str(work), str(SPEC)]
    with open(log, "w", encoding="utf-8") as fh:
        proc = subprocess.run(cmd, env=env, stdout=fh, stderr=subprocess.STDOUT, cwd=work.parent)
    if proc.returncode != 0:
        sys.stderr.write(log.read_text(encoding="utf-8", errors="replace")[-8000:])
        raise SystemExit(f"error: PyInstaller failed (exit {proc.returncode}); full log: {log}")


def copy_models(bundle: Path, store_root: Path, names: list[str]) -> tuple[list[str], list[str]]:
    """Copy the named models (manifest + blobs) from a store into ``<bundle>/models``.

    Returns (copied, missing).  Blobs are hard-linked when the store is on the
    same file system (they are immutable), else copied.
    """
    copied, missing = [], []
    out = bundle / "models"
    for name in names:
        manifest = store_root / "manifests" / f"{name}.json"
        if not manifest.is_file():
            missing.append(name)
            continue
        data = json.loads(manifest.read_text(encoding="utf-8"))
        (out / "blobs").mkdir(parents=True, exist_ok=True)
        (out / "manifests").mkdir(parents=True, exist_ok=True)
        for ref in data["files"].values():
            src, dst = store_root / "blobs" / ref["blob"], out / "blobs" / ref["blob"]
            if dst.exists():
                continue
            try:
                os.link(src, dst)
            except OSError:
                shutil.copyfile(src, dst)
        shutil.copyfile(manifest, out / "manifests" / manifest.name)
        copied.append(name)
    return copied, missing


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def own_archive_entries(exe: Path) -> dict[str, str]:
    """sha256 of each ``o3local`` module inside the executable's PYZ archive."""
    from PyInstaller.archive.readers import CArchiveReader

    pkg = CArchiveReader(str(exe))
    out: dict[str, str] = {}
    for name in pkg.toc:
        if not name.startswith("PYZ"):
            continue
        pyz = pkg.open_embedded_archive(name)
        for mod in sorted(pyz.toc):
            if mod == "o3local" or mod.startswith("o3local."):
                out[mod] = hashlib.sha256(pyz.extract(mod, raw=True) or b"").hexdigest()
    return out


def _component(rel: str) -> str:
    parts = rel.split("/")
    if parts[0] == INTERNAL and len(parts) > 2:
        return parts[1]
    if parts[0] == "models":
        return "models"
    return parts[0] if len(parts) > 1 else rel


def write_manifest(bundle: Path, extra: dict) -> dict:
    files: dict[str, dict] = {}
    for path in sorted(bundle.rglob("*")):
        rel = path.relative_to(bundle).as_posix()
        if path.is_symlink():  # PyInstaller links shared libraries into _internal/
            files[rel] = {"link": os.readlink(path), "size": 0}
        elif path.is_file() and rel != MANIFEST:
            files[rel] = {"size": path.stat().st_size, "sha256": _sha256(path)}
    own_prefix = f"{INTERNAL}/o3local/"
    own = {rel: f["sha256"] for rel, f in files.items() if rel.startswith(own_prefix)}
    own.update({f"{NAME}!{mod}": h for mod, h in own_archive_entries(bundle / NAME).items()})
    doc = {"name": NAME, **extra, "own_files": own, "files": files}
    (bundle / MANIFEST).write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return doc


def size_report(doc: dict, top: int = 15) -> dict:
    by_component = components(doc)
    total = sum(by_component.values())
    models = by_component.get("models", 0)
    largest = sorted(doc["files"].items(), key=lambda kv: -kv[1]["size"])[:top]
    return {
        "total_bytes": total, "models_bytes": models, "without_models_bytes": total - models,
        "budget_bytes": SIZE_BUDGET_MIB << 20,
        "components": dict(sorted(by_component.items(), key=lambda kv: -kv[1])[:top]),
        "largest_files": {rel: f["size"] for rel, f in largest},
        "growth": growth(doc),
    }


def components(doc: dict) -> dict[str, int]:
    """Bytes per part of the bundle (a top-level package under _internal, the executable...)."""
    by_component: dict[str, int] = defaultdict(int)
    for rel, f in doc["files"].items():
        # "click-8.5.1.dist-info" -> "click.dist-info": a version bump is not a new part
        name = re.sub(r"-[0-9][^/]*(\.dist-info)$", r"\1", _component(rel))
        by_component[name] += f["size"]
    return dict(by_component)


def growth(doc: dict, baseline: Path = BASELINE, top: int = 10) -> list[str]:
    """What grew (or is new) against the reference build, largest change first, models left out."""
    if not baseline.is_file():
        return [f"no baseline at {baseline.name} (python packaging/build.py --write-baseline)"]
    before: dict[str, int] = json.loads(baseline.read_text("utf-8"))["components"]
    now = {k: v for k, v in components(doc).items() if k != "models"}
    deltas = sorted(((now.get(k, 0) - before.get(k, 0), k) for k in set(now) | set(before)
                     if k != "models"), reverse=True)
    lines = []
    for delta, name in deltas[:top]:
        if delta <= 0:
            break
        was = before.get(name)
        lines.append(f"{name}: {_mib(now.get(name, 0)).strip()}, "
                     + (f"+{delta / (1 << 20):.1f} MiB" if was is not None else "new"))
    total_delta = sum(now.values()) - sum(before.values())
    lines.append(f"total without models: {total_delta / (1 << 20):+.1f} MiB against the baseline")
    return lines


def write_baseline(doc: dict, path: Path = BASELINE) -> None:
    parts = {k: v for k, v in sorted(components(doc).items()) if k != "models"}
    path.write_text(json.dumps({"note": "sizes in bytes per bundle part of the reference build "
                                "(python packaging/build.py --write-baseline)",
                                "components": parts}, indent=1) + "\n", encoding="utf-8")


def _mib(n: int) -> str:
    return f"{n / (1 << 20):8.1f} MiB"


def print_report(report: dict, trimmed: list, copied: list[str], missing: list[str]) -> None:
    print(f"bundle size: {_mib(report['total_bytes'])} total, "
          f"{_mib(report['without_models_bytes'])} without models "
          f"(budget {SIZE_BUDGET_MIB} MiB), models {_mib(report['models_bytes'])}")
    print("largest parts:")
    for name, size in report["components"].items():
        print(f"  {_mib(size)}  {name}")
    print("largest files:")
    for name, size in report["largest_files"].items():
        print(f"  {_mib(size)}  {name}")
    print("grew since packaging/size-baseline.json:")
    for line in report["growth"]:
        print(f"  {line}")
    saved = sum(int(t["size"]) for t in trimmed)
    print(f"trimmed: {len(trimmed)} files, {_mib(saved)} (never loaded by the runtime)")
    print(f"models bundled: {', '.join(copied) or 'none'}"
          + (f"; not installed at build time: {', '.join(missing)}" if missing else ""))


def precompile_layout_module(bundle: Path) -> Path:
    """Ship the layout module compiled for this platform, so the first render skips compiling.

    The artifact is compiled with the same wasmtime and engine settings the
    bundle runs with (both come from this build's environment); the run-time
    key check refuses it anywhere else.
    """
    from o3local.layout.engine import precompile

    return precompile(bundle / INTERNAL / "o3local" / "assets" / "wasm" / "aot")


def build(dist: Path, work: Path, models_from: Path | None, models: list[str],
          baseline: bool = False) -> dict:
    """Build the bundle into ``dist/o3-local``; returns the manifest document."""
    started = time.monotonic()
    work.mkdir(parents=True, exist_ok=True)
    dist.mkdir(parents=True, exist_ok=True)
    src = work / "src"
    count = stage(src)
    run_pyinstaller(src, dist, work, work / "pyinstaller.log")
    bundle = dist / NAME
    copied, missing = copy_models(bundle, models_from, models) if models_from else ([], list(models))
    aot = precompile_layout_module(bundle)
    trimmed_path = work / "trimmed.json"
    trimmed = json.loads(trimmed_path.read_text("utf-8")) if trimmed_path.is_file() else []
    sys.path.insert(0, str(src))
    from o3local._version import __version__

    doc = write_manifest(bundle, {
        "version": __version__, "commit": _git("rev-parse", "HEAD"),
        "source_date_epoch": int(source_date_epoch()), "source_files": count,
        "models": copied, "size_budget_mib": SIZE_BUDGET_MIB,
        "layout_artifact": aot.name,
    })
    if baseline:
        write_baseline(doc)
    report = size_report(doc)
    print_report(report, trimmed, copied, missing)
    print(f"built {bundle} in {time.monotonic() - started:.0f} s")
    return doc


def _default_store() -> Path | None:
    env = os.environ.get("O3_MODELS_DIR")
    if env:
        return Path(env).expanduser()
    try:
        import platformdirs
    except ImportError:
        return None
    return Path(platformdirs.user_data_dir("o3-local")) / "models"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=REPO / "dist", help="output folder (default dist/)")
    parser.add_argument("--work", type=Path, default=REPO / "build" / "bundle",
                        help="PyInstaller work folder (default build/bundle/)")
    parser.add_argument("--models-from", type=Path, default=None,
                        help="model store to copy models from (default: the user's store)")
    parser.add_argument("--model", action="append", dest="models", default=None,
                        help=f"model to bundle if installed (repeatable; default {', '.join(DEFAULT_MODELS)})")
    parser.add_argument("--no-models", action="store_true", help="bundle no models")
    parser.add_argument("--write-baseline", action="store_true",
                        help="record this build's size per part in packaging/size-baseline.json")
    args = parser.parse_args(argv)
    models = [] if args.no_models else (args.models or list(DEFAULT_MODELS))
    store = None if args.no_models else (args.models_from or _default_store())
    build(args.dist.resolve(), args.work.resolve(), store, models, baseline=args.write_baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
