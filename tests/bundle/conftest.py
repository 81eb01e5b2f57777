"""Builds the one-folder bundle (twice, side by side) once per test session.

Two builds run in parallel from different work folders: the second one is
the reproducibility check and costs little extra wall time, because
PyInstaller's analysis is single-threaded.  Every command then runs from the
bundle in a clean environment: no Python on PATH, no site-packages, no
PYTHONPATH, HOME and cwd in fresh temporary folders.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD = REPO / "packaging" / "build.py"
BUILD_TIMEOUT_S = 900


@dataclass
class Bundle:
    root: Path
    manifest: dict
    build_log: str

    @property
    def exe(self) -> Path:
        return self.root / "o3-local"


def _build(dist: Path, work: Path) -> subprocess.Popen:
    log = open(work.parent / f"{work.name}.log", "w", encoding="utf-8")  # noqa: SIM115
    cmd = [sys.executable, str(BUILD), "--dist", str(dist), "--work", str(work)]
    models = os.environ.get("O3_TEST_MODELS_DIR")  # CI builds the default model there
    if models:
        cmd += ["--models-from", models]
    return subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=REPO)


@pytest.fixture(scope="session")
def bundles(tmp_path_factory) -> Iterator[tuple[Bundle, Bundle]]:
    # O3_TEST_BUNDLES=DIR keeps the two builds in DIR and reuses them on the next
    # run (for working on these tests; CI always builds afresh in a temp folder)
    keep = os.environ.get("O3_TEST_BUNDLES")
    base = Path(keep) if keep else tmp_path_factory.mktemp("bundle")
    jobs = []
    for tag in ("a", "b"):
        dist, work = base / f"dist-{tag}", base / f"work-{tag}"
        if keep and (dist / "o3-local" / "BUNDLE-MANIFEST.json").is_file():
            jobs.append((dist, work, None))
            continue
        work.mkdir(parents=True, exist_ok=True)
        jobs.append((dist, work, _build(dist, work)))
    out = []
    for dist, work, proc in jobs:
        log = ""
        if proc is not None:
            rc = proc.wait(timeout=BUILD_TIMEOUT_S)
            log = (work.parent / f"{work.name}.log").read_text("utf-8", errors="replace")
            assert rc == 0, f"bundle build failed (exit {rc}):\n{log[-6000:]}"
        root = dist / "o3-local"
        manifest = json.loads((root / "BUNDLE-MANIFEST.json").read_text("utf-8"))
        out.append(Bundle(root, manifest, log))
    yield out[0], out[1]
    if not keep:  # two bundles and their PyInstaller work folders: ~1.4 GB
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def bundle(bundles) -> Bundle:
    return bundles[0]


@pytest.fixture()
def clean_env(tmp_path) -> dict[str, str]:
    """An environment a user's fresh machine would have: no Python anywhere in it."""
    home = tmp_path / "home"
    home.mkdir()
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "PYTHONNOUSERSITE": "1",
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "O3_MODELS_DIR": str(home / "models"),
    }


@pytest.fixture()
def run_bundle(bundle, clean_env, tmp_path):
    """Run ``o3-local ARGS`` from the bundle with ``env -i`` semantics, cwd a fresh folder."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()

    def run(*args: str, env: dict[str, str] | None = None, timeout: float = 180,
            stdin: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([str(bundle.exe), *map(str, args)], env={**clean_env, **(env or {})},
                              cwd=cwd, capture_output=True, text=True, timeout=timeout,
                              input=stdin)

    run.cwd = cwd  # type: ignore[attr-defined]
    return run


@pytest.fixture(scope="session")
def bundle_commands(bundle) -> set[str]:
    """Sub-commands the bundled CLI offers (it lists only those whose code exists)."""
    proc = subprocess.run([str(bundle.exe), "--help"], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin"}, timeout=60)
    assert proc.returncode == 0, proc.stderr
    section = proc.stdout.split("Commands:", 1)[-1]
    return {line.split()[0] for line in section.splitlines() if line.startswith("  ")}


def need_command(commands: set[str], name: str) -> None:
    if name not in commands:
        pytest.skip(f"`o3-local {name}` is not in the code this bundle was built from")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


