"""Live preview: how long after a save the preview has the new render.

Prints, for each bundled sample copied to a temporary folder, the time from
writing the template body (an edit that changes a colour) to the new frame
being available to the page (``PreviewSession.wait_newer`` returns), p50/p95
over ``--runs`` saves, beside the baseline measured in the same run: one
``o3local.render`` to SVG of the same package (what a save must at least
cost).  The difference is the watcher's polling and settling (100 ms poll +
half a poll to see that the file holds still) plus validation with the body
check.  Target: a save shows within 0.5 s.

Usage: python bench/preview.py [--runs N]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from _timing import pct, timed

from o3local.preview import PreviewSession
from o3local.render import bundled_templates, render


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    print(f"{'sample':<16} {'render svg p50/p95 ms':>22} {'save->frame p50/p95 ms':>24} {'ratio p50':>9}")
    for name, src in sorted(bundled_templates().items()):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / name
            shutil.copytree(src, root)
            base = timed(lambda root=root: render(root, sample=True, fmt="svg"), args.runs, warmup=2)
            body = next(p for p in root.iterdir() if p.suffix == ".o3x")
            text = body.read_text(encoding="utf-8")
            session = PreviewSession(root)
            session.start()
            latencies = []
            try:
                for i in range(args.runs):
                    version = session.frame.version
                    time.sleep(0.25)  # a pause between saves, as an author's
                    start = time.perf_counter()
                    body.write_text(text + f"\n<!-- save {i} -->\n", encoding="utf-8")
                    frame = session.wait_newer(version, timeout=30)
                    latencies.append((time.perf_counter() - start) * 1000)
                    assert frame.ok, [str(p) for p in frame.problems]
            finally:
                session.stop()
        print(f"{name:<16} {pct(base, .5):>10.0f} / {pct(base, .95):<9.0f} "
              f"{pct(latencies, .5):>11.0f} / {pct(latencies, .95):<10.0f} "
              f"{pct(latencies, .5) / pct(base, .5):>8.1f}x")


if __name__ == "__main__":
    main()
