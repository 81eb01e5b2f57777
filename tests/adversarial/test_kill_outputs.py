"""kill -9 a real ``o3-local render`` at random moments: the page set is the old one or the new one.

Each run renders over the set the previous run left, and is killed with
SIGKILL at a moment drawn from a seeded generator: half of the runs at any
moment of the whole run, half inside the write phase (from the moment the
staging folder appears until the run would have ended, as measured on an
uninterrupted run).  After every kill the page folder must be exactly the
old set or exactly the new one (byte for byte, manifest included), with at
most ONE staging folder left beside it; the next complete run removes it.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from o3local.fsutil import STAGING_PREFIX

from ..export.kit import sales_csv as sales

RUNS = 8
SEED = 15_007


def command(data: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "o3local", "render", "sales-sheet", "--data", str(data),
            "-o", str(out / "deck.svg")]


def snapshot(folder: Path) -> dict[str, bytes] | None:
    if not folder.exists():
        return None
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def staging(out: Path) -> list[str]:
    return [n for n in os.listdir(out) if n.startswith(STAGING_PREFIX)]


def full_run(data: Path, out: Path) -> tuple[float, float]:
    """(seconds the staging folder was there, seconds in all) of a run left to finish."""
    start = time.monotonic()
    proc = subprocess.Popen(command(data, out), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    appeared = gone = None
    while proc.poll() is None:
        now, there = time.monotonic(), bool(staging(out))
        if there and appeared is None:
            appeared = now
        if not there and appeared is not None and gone is None:
            gone = now
        time.sleep(0.0005)
    assert proc.returncode == 0, proc.stderr.read().decode()[-2000:]
    end = time.monotonic()
    writing = (gone or end) - appeared if appeared is not None else 0.0
    return writing, end - start


def test_kill_9_leaves_the_old_or_the_new_page_set_never_a_mix(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    data = {"a": sales(tmp_path / "a.csv", 260, "a"), "b": sales(tmp_path / "b.csv", 200, "b")}
    sets = {}
    timing = {}
    for name in ("b", "a"):  # each set once, uninterrupted: its bytes and its write phase
        timing[name] = full_run(data[name], out)
        sets[name] = snapshot(out / "deck")
    assert len(sets["a"]) != len(sets["b"]) and len(sets["b"]) > 5
    assert all(sets["a"].get(n) != sets["b"][n] for n in sets["b"] if not n.startswith("."))
    rng = random.Random(SEED)
    current = "a"
    outcomes = []
    for run in range(RUNS):
        target = "b" if current == "a" else "a"
        writing_for, total = timing[target]
        proc = subprocess.Popen(command(data[target], out), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        start = time.monotonic()
        if run % 2 == 0:
            time.sleep(rng.uniform(0, total))
        else:  # aim at the write phase: wait for the staging folder, then a random part of it
            deadline = start + 4 * total + 10
            while not staging(out) and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.0005)
            time.sleep(rng.uniform(0, writing_for))
        writing = bool(staging(out))  # killed while staging or publishing
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        state = snapshot(out / "deck")
        left = staging(out)
        assert state in (sets["a"], sets["b"]), f"run {run}: a mix of old and new pages"
        assert len(left) <= 1, f"run {run}: {len(left)} staging folders left"
        assert sorted(set(os.listdir(out)) - set(left)) == ["deck"]
        ended = "b" if state == sets["b"] else "a"
        outcomes.append((run, proc.returncode == -signal.SIGKILL, writing, ended == target,
                         len(left)))
        current = ended
    # most kills landed before the run ended, some of them in the write phase
    killed = [o for o in outcomes if o[1]]
    assert len(killed) >= RUNS // 2 and any(o[2] for o in killed), outcomes
    full_run(data["a" if current == "b" else "b"], out)
    assert os.listdir(out) == ["deck"]
    print("kill -9 (run, killed, in write phase, new set published, staging left):", outcomes)
