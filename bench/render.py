"""Render speed: warm layout per sample, cold CLI renders, AOT cache vs compiling.

Prints, in one run:
- warm in-process time per bundled sample, p50/p95 over ``--runs`` renders
  after warm-up, for (a) layout only - ``LayoutEngine.layout``: request
  encoding, a fresh module instance, the module call, reading and parsing the
  display list - and (b) the whole ``o3local.render`` to SVG and to PNG
  (manifest, data binding and schema check, layout, export; no file written).
  Python start-up is excluded;
- cold ``o3-local render --sample`` wall and CPU time in a fresh process
  (SVG and PNG, one page and all ten; the module loaded from the warm AOT
  cache, glyph outlines from the warm glyph cache), against a bare
  ``python -c pass`` measured in the same run (CPU time is the robust figure
  on a shared machine);
- module instantiate time from the AOT cache against compiling the module
  from scratch (as on a first run), from the layout host's own functions.

- the flow sample (``monthly-report-zh``, a 6-page ``<flow>`` document):
  warm layout p50/p95 against the 1-page report measured in the same run,
  layout time and module linear memory as its contract table grows (x1, x4,
  x8 rows: ms and KiB per page), the module's size, and cold CLI renders of
  it to PDF and to PNG.

Targets: the 10-slide deck's warm layout p95 <= 10 ms; the flow sample's
(5+ pages) <= 20 ms on 2 cores; cold CLI render <= 0.5 s.

Usage: python bench/render.py [--runs N] [--cold-runs N]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _timing import pct, timed


def sample_inputs(name: str):
    from o3local import bind
    from o3local.render import resolve_template
    from o3local.template.package import open_template

    pkg = open_template(resolve_template(name))
    data_name = pkg.sample_data_name()
    data = bind.load_bytes(pkg.read_bytes(data_name), bind.source_type(data_name), data_name)
    return pkg, data, pkg.sample_context()


def warm(runs: int) -> None:
    import o3local
    from o3local.export.items import walk
    from o3local.layout import LayoutEngine
    from o3local.layout.images import package_images
    from o3local.render import bundled_templates

    engine = LayoutEngine.shared()
    print(f"warm, in-process ({runs} runs each after 5 warm-up runs), ms")
    print(f"  {'sample':<16}{'pages':>6}{'glyphs':>8}   {'layout p50':>10} {'p95':>7}   "
          f"{'render svg p50':>14} {'p95':>7}   {'render png p50':>14} {'p95':>7}")
    for name in bundled_templates():
        pkg, data, user = sample_inputs(name)
        source, entry = pkg.entry_text(), pkg.display_name(pkg.entry)
        images = package_images(pkg.files(), pkg.read_bytes)

        def layout(source=source, entry=entry, data=data, user=user, images=images):
            return engine.layout(template_source=source, template_name=entry, data=data,
                                 user=user, ai={}, images=images)

        dl = layout().display_list
        glyphs = sum(len(run["glyphs"]) for page in dl["pages"]
                     for item, _where in walk(page["items"], "")
                     if item["type"] == "text" for line in item["lines"]
                     for run in line["runs"])
        lay = timed(layout, runs)
        svg = timed(lambda name=name: o3local.render(name, sample=True, fmt="svg"),
                    max(10, runs // 4))
        png = timed(lambda name=name: o3local.render(name, sample=True, fmt="png"),
                    max(10, runs // 10), warmup=2)
        print(f"  {name:<16}{len(dl['pages']):>6}{glyphs:>8}   {pct(lay, .5):>10.2f} "
              f"{pct(lay, .95):>7.2f}   {pct(svg, .5):>14.2f} {pct(svg, .95):>7.2f}   "
              f"{pct(png, .5):>14.2f} {pct(png, .95):>7.2f}")
        if name == "funding-pitch":
            print(f"    -> 10-slide deck layout p95 {pct(lay, .95):.2f} ms "
                  f"(target <= 10 ms: {'met' if pct(lay, .95) <= 10 else 'MISSED'})")


def linear_memory(engine, source: str, entry: str, data, user, images) -> int:
    """Bytes of the module's linear memory after one render (what the instance grew to)."""
    import struct

    from o3local.layout import LayoutLimits
    from o3local.layout.engine import _poke
    from o3local.layout.request import TAG_JSON, request_json

    limits = LayoutLimits()
    body = request_json(source, entry, data, user, {}, [f.weight for f in engine.fonts],
                        limits.module_limits(), images)
    total = engine._prefix_len + 8 + len(body)
    inst = engine._instance(limits.memory_bytes, total)
    _poke(inst, 0, engine._prefix)
    _poke(inst, engine._prefix_len, struct.pack("<II", TAG_JSON, len(body)) + body)
    status, _ = engine._run(inst, total, 30.0)
    assert status == 0, status
    return inst.memory.data_len(inst.store)


def wall_and_cpu(fn, runs: int, warmup: int = 5) -> tuple[list[float], list[float]]:
    """Milliseconds of wall and of thread CPU time of ``runs`` calls after ``warmup``."""
    for _ in range(warmup):
        fn()
    wall, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.thread_time()
        fn()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    return wall, cpu


def flow(runs: int) -> None:
    """The flow sample as its contract table grows: time and memory per page."""
    import copy

    from o3local.layout import LayoutEngine, assets
    from o3local.layout.images import package_images
    from o3local.resources import asset

    engine = LayoutEngine.shared()
    size = asset("wasm", assets.MODULE_NAME).stat().st_size
    print(f"flow document (monthly-report-zh), warm layout as the contract table grows "
          f"({runs} runs each); module {size / 1e6:.2f} MB")
    print("  wall = perf_counter, cpu = this thread's CPU time (robust on a shared machine)")
    print(f"  {'rows':>6}{'pages':>7}{'wall p50':>10}{'p95':>8}{'cpu p50':>9}{'p95':>8}{'cpu/page':>10}"
          f"{'memory MiB':>12}{'KiB/page':>10}")
    baseline = None
    for name, factor in (("report-zh", 0), ("monthly-report-zh", 1), ("monthly-report-zh", 4),
                         ("monthly-report-zh", 8)):
        pkg, data, user = sample_inputs(name)
        if factor:
            data = copy.deepcopy(data)
            data["orders"] = data["orders"] * factor
        source, entry = pkg.entry_text(), pkg.display_name(pkg.entry)
        images = package_images(pkg.files(), pkg.read_bytes)

        def layout(source=source, entry=entry, data=data, user=user, images=images):
            return engine.layout(template_source=source, template_name=entry, data=data,
                                 user=user, ai={}, images=images)

        pages = len(layout().display_list["pages"])
        lay, cpu = wall_and_cpu(layout, runs if factor <= 1 else max(10, runs // factor))
        mem = linear_memory(engine, source, entry, data, user, images)
        rows = len(data["orders"]) if factor else 0
        label = f"{rows}" if factor else "report"
        per_page = (f"{(mem - baseline[1]) / 1024 / (pages - baseline[0]):>10.0f}"
                    if baseline and pages > baseline[0] else f"{'':>10}")
        print(f"  {label:>6}{pages:>7}{pct(lay, .5):>10.2f}{pct(lay, .95):>8.2f}{pct(cpu, .5):>9.2f}"
              f"{pct(cpu, .95):>8.2f}{pct(cpu, .5) / pages:>10.2f}{mem / 1048576:>12.1f}{per_page}")
        if factor == 0:
            baseline = (pages, mem, pct(cpu, .5))
        elif factor == 1:
            verdict = "met" if pct(cpu, .95) <= 20 else "MISSED"
            print(f"    -> {pages}-page flow sample: cpu p95 {pct(cpu, .95):.2f} ms (target <= 20 ms: "
                  f"{verdict}; wall p95 {pct(lay, .95):.2f} ms), cpu p50 {pct(cpu, .5) / baseline[2]:.1f}x "
                  f"the 1-page report's in this run ({pct(cpu, .5) / pages / baseline[2]:.2f}x per page)")


def cold(runs: int) -> None:
    exe = Path(sys.executable).with_name("o3-local")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "o3local.cli"]
    with tempfile.TemporaryDirectory() as tmp:
        def wall(args: list[str]) -> tuple[float, float]:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
            elapsed = time.perf_counter() - t0
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            return elapsed, cpu

        def median(args: list[str]) -> tuple[float, float]:
            samples = [wall(args) for _ in range(runs)]
            return (statistics.median(s[0] for s in samples),
                    statistics.median(s[1] for s in samples))

        base, base_cpu = median([sys.executable, "-c", "pass"])
        print(f"cold CLI, fresh process, median of {runs} (AOT and glyph caches warm), "
              "s wall / s CPU")
        print(f"  {'python -c pass':<49}{base:6.3f} / {base_cpu:5.3f}   1.0x")
        for fmt in ("svg", "png"):
            for label, extra in ((f"--format {fmt} --page 1", ["--page", "1"]),
                                 (f"--format {fmt}, all 10", [])):
                args = [*cmd, "render", "--sample", "--format", fmt, *extra,
                        "-o", f"{tmp}/deck.{fmt}"]
                wall(args)  # fills the AOT and glyph caches if they were empty
                value, cpu = median(args)
                verdict = "met" if value <= 0.5 else "MISSED"
                print(f"  o3-local render --sample {label:<24}{value:6.3f} / {cpu:5.3f}  "
                      f"{value / base:5.1f}x   (target <= 0.5 s wall: {verdict})")
        for fmt in ("pdf", "png"):
            args = [*cmd, "render", "monthly-report-zh", "--sample", "--format", fmt,
                    "-o", f"{tmp}/report.{fmt}"]
            wall(args)
            value, cpu = median(args)
            print(f"  o3-local render monthly-report-zh --format {fmt:<4} (6 pages) "
                  f"{value:6.3f} / {cpu:5.3f}  {value / base:5.1f}x")


def aot(runs: int) -> None:
    """Through the layout host's own cache code, in a throw-away cache folder."""
    import os

    import wasmtime

    from o3local.layout import aot_cache, assets, bench_hooks
    from o3local.layout.engine import ENGINE_CONFIG

    cfg = wasmtime.Config()
    for key, value in ENGINE_CONFIG.items():
        setattr(cfg, key, value)
    engine = wasmtime.Engine(cfg)
    code, digest = assets.module_bytes()
    key = aot_cache.cache_key(digest, ENGINE_CONFIG)
    compiled, cached = [], []
    previous = os.environ.get("O3_CACHE_DIR")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["O3_CACHE_DIR"] = tmp
        try:
            for i in range(runs):
                for entry in Path(tmp).rglob("*.cwasm"):
                    entry.unlink()
                t0 = time.perf_counter()
                _, how = aot_cache.load(engine, code, f"{key}-{i}")
                compiled.append((time.perf_counter() - t0) * 1000)
                assert how == "compiled"
                t0 = time.perf_counter()
                _, how = aot_cache.load(engine, code, f"{key}-{i}")
                cached.append((time.perf_counter() - t0) * 1000)
                assert how == "cache"
        finally:
            if previous is None:
                os.environ.pop("O3_CACHE_DIR", None)
            else:
                os.environ["O3_CACHE_DIR"] = previous
    compile_ms, load_ms, inst_ms = bench_hooks.measure(runs)
    c, d = statistics.median(compiled), statistics.median(cached)
    print(f"module load ({len(code) / 1e6:.2f} MB .wasm), ms, median of {runs}")
    print(f"  compile from scratch                   {compile_ms:9.2f}")
    print(f"  deserialize the AOT artifact           {load_ms:9.2f}   "
          f"{compile_ms / load_ms:6.1f}x faster")
    print(f"  first run: compile + write the cache   {c:9.2f}   (o3local.layout.aot_cache)")
    print(f"  later runs: read, check, deserialize   {d:9.2f}   {c / d:6.1f}x faster")
    print(f"  fresh instance per render (+ init)     {inst_ms:9.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--cold-runs", type=int, default=5)
    args = parser.parse_args()
    warm(args.runs)
    flow(args.runs)
    cold(args.cold_runs)
    aot(max(3, args.cold_runs))


if __name__ == "__main__":
    main()
