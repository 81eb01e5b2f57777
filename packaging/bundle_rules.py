"""What goes into the bundle and what is trimmed out of it.

Kept apart from the spec so the rules can be read (and tested) as plain
Python: the spec only wires them into PyInstaller.
"""

from __future__ import annotations

import json
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath

#: Python packages our code never imports at run time.  PyInstaller follows
#: optional and function-level imports and would otherwise pull them in:
#: torch/transformers/kserve (installed for the remote-offload tests), pandas,
#: the onnxruntime tool kits, test frameworks, requests+urllib3 (only
#: jsonschema's remote $ref and gguf's downloader use them; cryptography is
#: kept: it checks template signatures, docs/templates.md), uvloop
#: (uvicorn falls back to asyncio), brotli/zstandard (optional httpx
#: decoders; fontTools needs brotli only for WOFF2), httpx's CLI (rich,
#: pygments), schedula's web-form server, PyYAML (numpy/scipy show_config),
#: gguf (model recipes convert at build time, never in the bundle) and
#: setuptools/pkg_resources.
EXCLUDED_MODULES = sorted([
    "IPython", "PyInstaller", "_pytest", "hypothesis", "pytest",
    "kserve", "matplotlib", "pandas", "tkinter", "torch", "torchvision",
    "transformers", "tritonclient", "sklearn", "nltk", "rouge_score",
    "onnxruntime.datasets", "onnxruntime.quantization", "onnxruntime.tools",
    "onnxruntime.transformers", "onnx.backend.test",
    "requests", "urllib3", "uvloop", "brotli", "zstandard",
    "rich", "pygments", "markdown_it", "httpx._main", "schedula.utils.form",
    "yaml", "gguf", "setuptools", "pkg_resources", "distutils",
])

#: Files the runtime never loads (destination paths inside the bundle,
#: fnmatch patterns).  Each one is measured in the build report.
TRIMMED = [
    # the C API library (~33 MiB): the Python extension links onnxruntime statically
    # and never loads it (pyinstaller-hooks-contrib's hook collects every library)
    "onnxruntime/capi/libonnxruntime.so*",
    "*/tests/*", "*/test/*",
    "*.pyi", "*/py.typed",
    "schedula/utils/form/*",  # web-form front end of schedula (JS, translations)
    "*/__pycache__/*",
]

_OWN_PACKAGE = "o3local"


def _excluded(dest: str) -> bool:
    posix = PurePosixPath(dest.replace("\\", "/")).as_posix()
    return any(fnmatch(posix, pattern) for pattern in TRIMMED)


def trimmed(toc: list) -> list:
    """A TOC (``(dest, src, kind)`` tuples) without the entries in :data:`TRIMMED`."""
    return [entry for entry in toc if not _excluded(entry[0])]


def write_trim_report(path: str | None, before: list, after: list) -> None:
    """Record what :func:`trimmed` dropped (destination, size) for the build report."""
    if not path:
        return
    kept = {entry[0] for entry in after}
    dropped = sorted({(e[0], e[1]) for e in before if e[0] not in kept})
    rows = [{"dest": dest, "size": Path(src).stat().st_size if Path(src).is_file() else 0}
            for dest, src in dropped]
    Path(path).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


def _walk(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def own_modules(src: Path) -> list[str]:
    """Every module of the ``o3local`` tree in ``src`` (sorted, so builds are reproducible)."""
    mods = []
    for path in _walk(src / _OWN_PACKAGE):
        if path.suffix != ".py":
            continue
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        mods.append(".".join(parts))
    return mods


def own_data_files(src: Path) -> list[tuple[str, str]]:
    """(source file, destination folder) for every non-Python file of ``o3local``."""
    out = []
    for path in _walk(src / _OWN_PACKAGE):
        if path.suffix in {".py", ".pyc"}:
            continue
        out.append((str(path), str(path.parent.relative_to(src))))
    return out
