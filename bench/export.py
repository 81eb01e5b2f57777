"""Export speed: every format (SVG, PNG, PDF, PPTX, DOCX, XLSX) per bundled sample, against the sample's layout time.

Prints, for each bundled sample, warm in-process times (p50/p95 over
``--runs`` exports after warm-up, display list already laid out) of every
registered exporter (XLSX only for spreadsheets and samples with a table or chart),
and the layout time of the same sample measured in the
same run as the baseline (export / layout ratio), and the output sizes.
Also the PDF's first export in a fresh process, with an empty cache folder
(fontTools imports its subsetter and subsets each font: what a CLI render of
new text pays) and with the on-disk subset cache warm (a repeated render).

Target: PDF export of the 10-slide deck <= 100 ms (warm).

Usage: python bench/export.py [--runs N]
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from _timing import pct, timed

FORMATS = ("svg", "png", "pdf", "pptx", "docx", "xlsx")


def sample_layout(name: str):
    from o3local import bind
    from o3local.layout import LayoutEngine
    from o3local.layout.images import package_images
    from o3local.render import resolve_template
    from o3local.template.package import open_template

    pkg = open_template(resolve_template(name))
    data_name = pkg.sample_data_name()
    data = bind.load_bytes(pkg.read_bytes(data_name), bind.source_type(data_name), data_name)
    engine = LayoutEngine.shared()
    images = package_images(pkg.files(), pkg.read_bytes)  # pixel sizes of the package's images

    def layout():
        return engine.layout(template_source=pkg.entry_text(),
                             template_name=pkg.display_name(pkg.entry), data=data,
                             user=pkg.sample_context(), ai={}, images=images)

    return layout, pkg.read_bytes


def has_table(dl) -> bool:
    return dl.get("kind") == "spreadsheet" or any(
        item.get("type") == "group" and item.get("role") in ("table", "chart")
        for page in dl["pages"] for item in page["items"])


_COLD = """
import json, sys, time
import o3local
from o3local.export import export
from o3local.render import resolve_template
from o3local.template.package import open_template
dl = o3local.render({name!r}, sample=True, fmt="svg").display_list
assets = open_template(resolve_template({name!r})).read_bytes
t0 = time.perf_counter()
export(dl, "pdf", assets=assets)
print(json.dumps((time.perf_counter() - t0) * 1000))
"""


def empty_cache_env() -> dict[str, str]:
    import os
    import tempfile

    return dict(os.environ, O3_CACHE_DIR=tempfile.mkdtemp(prefix="o3-bench-cache-"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()

    from o3local.export import export
    from o3local.render import bundled_templates

    print(f"warm, in-process ({args.runs} runs each after 3 warm-up runs), ms; "
          "ratio = export p50 / layout p50 of the same sample")
    print(f"  {'sample':<16}{'pages':>6}  {'step':<8}{'p50':>9}{'p95':>9}{'ratio':>8}"
          f"{'bytes':>10}")
    for name in bundled_templates():
        layout, assets = sample_layout(name)
        dl = layout().display_list
        lay = timed(layout, args.runs)
        base = pct(lay, .5)
        print(f"  {name:<16}{len(dl['pages']):>6}  {'layout':<8}{base:>9.2f}"
              f"{pct(lay, .95):>9.2f}{1:>7.1f}x{'':>10}")
        for fmt in FORMATS:
            if fmt == "xlsx" and not has_table(dl):
                continue
            runs = args.runs if fmt != "png" else max(5, args.runs // 5)
            blob = export(dl, fmt, assets=assets)
            times = timed(lambda fmt=fmt, dl=dl, a=assets: export(dl, fmt, assets=a), runs)
            size = sum(len(b) for b in blob)
            print(f"  {'':<22}{fmt:<8}{pct(times, .5):>9.2f}{pct(times, .95):>9.2f}"
                  f"{pct(times, .5) / base:>7.1f}x{size:>10}")
            if name == "funding-pitch" and fmt == "pdf":
                verdict = "met" if pct(times, .95) <= 100 else "MISSED"
                print(f"    -> 10-slide deck PDF export p95 {pct(times, .95):.2f} ms "
                      f"(target <= 100 ms: {verdict})")
    print("first PDF export in a fresh process, ms: subsetting the fonts (empty cache folder) "
          "/ subsets from the on-disk cache")
    for name in bundled_templates():
        figures = []
        for env in (empty_cache_env(), None):
            out = subprocess.run([sys.executable, "-c", _COLD.format(name=name)], check=True,
                                 capture_output=True, text=True, env=env).stdout
            figures.append(float(out))
        print(f"  {name:<16}{figures[0]:>9.1f} / {figures[1]:.1f}")


if __name__ == "__main__":
    main()
