"""Builds ``runtime/assets/wasm/wps-template.wasm`` from ``wasm/src`` and HarfBuzz.

Toolchain: PyPI's ``ziglang==0.17.1`` (clang + wasi-libc for every host OS),
so a contributor needs nothing but the dev extra.  HarfBuzz comes from the
hash-pinned ``uharfbuzz==0.57.0`` sdist, fetched with pip at build time and
cached; its source is never committed.

    python wasm/build.py            # build and write the module + .sha256
    python wasm/build.py --check    # rebuild, fail if it differs from the committed one

Rebuilds are byte-identical: no debug info, no paths (``-ffile-prefix-map``),
no timestamps, a fixed file order.  Caches live in ``$O3_CI_CACHE/wasm`` when
that is set, else in ``wasm/build/`` (git-ignored).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SRC = HERE / "src"
OUT_DIR = ROOT / "runtime" / "assets" / "wasm"
OUT = OUT_DIR / "wps-template.wasm"

HB_SDIST = "uharfbuzz==0.57.0"
HB_SDIST_FILE = "uharfbuzz-0.57.0.tar.gz"
HB_SDIST_SHA256 = "55136df18a9dd09fec36d1ceb77965f3108de6d86c338b3825feedb0730d84b7"

# -O2, not -Os: 30% faster layout (the 10-slide deck in ~4 ms) for a 720 KB instead of 540 KB module
TARGET = ["--target=wasm32-wasi", "-O2", "-g0"]

# HarfBuzz trimmed to what layout needs: OpenType shaping with GSUB/GPOS
# (kern, liga, palt, locl...), CFF and glyf outlines; no threads, no
# exceptions, no I/O, no AAT/variations/colour/bitmaps/vertical/math.
HB_DEFINES = """
HB_NO_MT HB_DISABLE_DEPRECATED HB_NO_ATEXIT HB_NO_BUFFER_MESSAGE HB_NO_BUFFER_SERIALIZE
HB_NO_BUFFER_VERIFY HB_NO_BITMAP HB_NO_FACE_COLLECT_UNICODES HB_NO_GETENV HB_NO_HINTING
HB_NO_LAYOUT_FEATURE_PARAMS HB_NO_LAYOUT_COLLECT_GLYPHS HB_NO_LAYOUT_UNUSED HB_NO_MATH HB_NO_META
HB_NO_MMAP HB_NO_NAME HB_NO_OPEN HB_NO_OT_FETCH HB_NO_OT_FONT_GLYPH_NAMES HB_NO_SETLOCALE
HB_NO_STYLE HB_NO_VERTICAL HB_NO_VAR HB_NO_COLOR HB_NO_PAINT HB_NO_AAT HB_NO_BEYOND_64K HB_NO_SVG
NDEBUG
""".split()
HB_FLAGS = ["-fno-exceptions", "-fno-rtti", "-fno-threadsafe-statics", *(f"-D{d}" for d in HB_DEFINES)]

C_FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter", "-DNDEBUG"]
LINK_FLAGS = ["-mexec-model=reactor", "-s", "-Wl,-z,stack-size=1048576", "-Wl,--no-entry"]


def cache_root() -> Path:
    env = os.environ.get("O3_CI_CACHE")
    return Path(env) / "wasm" if env else HERE / "build"


def zig(*args: str, cwd: Path | None = None) -> None:
    cmd = [sys.executable, "-m", "ziglang", *args]
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit(f"build failed: {' '.join(args[:3])} ...")
    if "warning:" in proc.stderr:
        sys.stderr.write(proc.stderr)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def harfbuzz_source(cache: Path) -> Path:
    """Folder with HarfBuzz's src/, from the verified sdist."""
    sdist = cache / HB_SDIST_FILE
    if not sdist.exists() or sha256_file(sdist) != HB_SDIST_SHA256:
        cache.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
             HB_SDIST, "-d", str(cache)],
            check=True,
        )
    digest = sha256_file(sdist)
    if digest != HB_SDIST_SHA256:
        raise SystemExit(f"{sdist}: sha256 {digest} is not the pinned {HB_SDIST_SHA256}")
    dest = cache / f"harfbuzz-{HB_SDIST_SHA256[:16]}"
    if not (dest / "src" / "harfbuzz.cc").exists():
        tmp = Path(tempfile.mkdtemp(dir=cache))
        prefix = "uharfbuzz-0.57.0/harfbuzz/src/"
        with tarfile.open(sdist) as tar:
            members = [m for m in tar.getmembers()
                       if m.name.startswith(prefix) and m.isfile() and ".." not in m.name.split("/")]
            for m in members:
                m.name = "src/" + m.name[len(prefix):]
            try:
                tar.extractall(tmp, members=members, filter="data")
            except TypeError:  # Python < 3.11.4 has no extraction filters; members are checked above
                tar.extractall(tmp, members=members)
        shutil.rmtree(dest, ignore_errors=True)
        os.replace(tmp, dest)
    return dest


def harfbuzz_object(cache: Path, hb: Path) -> Path:
    key = hashlib.sha256(" ".join([HB_SDIST_SHA256, *TARGET, *HB_FLAGS, zig_version()]).encode()).hexdigest()[:16]
    obj = cache / f"harfbuzz-{key}.o"
    if not obj.exists():
        tmp = obj.with_suffix(".o.part")
        zig("c++", *TARGET, *HB_FLAGS, f"-ffile-prefix-map={hb}=hb", "-c", "src/harfbuzz.cc", "-o", str(tmp), cwd=hb)
        os.replace(tmp, obj)
    return obj


_ZIG_VERSION: str | None = None


def zig_version() -> str:
    global _ZIG_VERSION
    if _ZIG_VERSION is None:
        out = subprocess.run([sys.executable, "-m", "ziglang", "version"], capture_output=True, text=True, check=True)
        _ZIG_VERSION = out.stdout.strip()
    return _ZIG_VERSION


def build(dest: Path) -> str:
    cache = cache_root()
    cache.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("ZIG_GLOBAL_CACHE_DIR", str(cache / "zig"))
    hb = harfbuzz_source(cache)
    hb_obj = harfbuzz_object(cache, hb)
    sources = sorted(p.name for p in SRC.glob("*.c"))
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        out = Path(tmp) / "wps-template.wasm"
        zig(
            "cc", *TARGET, *C_FLAGS, *LINK_FLAGS, f"-I{hb / 'src'}",
            f"-ffile-prefix-map={SRC}=src", f"-ffile-prefix-map={hb}=hb",
            *(f"src/{s}" for s in sources), str(hb_obj), "-o", str(out),
            cwd=HERE,
        )
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(out, dest)
    return sha256_file(dest)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the committed module is stale")
    args = ap.parse_args(argv)
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            digest = build(Path(tmp) / "wps-template.wasm")
        committed = (OUT_DIR / "wps-template.wasm.sha256").read_text().split()[0]
        actual = sha256_file(OUT)
        print(f"rebuilt {digest}\ncommitted {committed} (file {actual})")
        if not (digest == committed == actual):
            print("the committed module is stale: run python wasm/build.py and commit the result", file=sys.stderr)
            return 1
        return 0
    digest = build(OUT)
    (OUT_DIR / "wps-template.wasm.sha256").write_text(f"{digest}  wps-template.wasm\n")
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size} bytes, sha256 {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
