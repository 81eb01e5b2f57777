"""Cost of {% macro %} calls and {% include %} against the same content written inline.

One page of ``--rows`` rows (a text box with a label, a formatted amount and a
bold part each) is laid out three ways in the same run: written inline in a
loop, as a macro called in the loop, and as a loop in an included file that
calls a macro defined in another included file.  The display lists must be
byte-identical (the check fails the run otherwise); the figures are warm
``LayoutEngine.layout`` p50/p95 in ms and the ratio to inline.  Also: how long
the module takes to refuse an endless recursion and a 2^40-call recursion
(the depth and call caps), the time a hostile template costs before its error.

Usage: python bench/macros.py [--runs N] [--rows N]
"""

from __future__ import annotations

import argparse
import statistics
import time

ROW = '<text x="0.5in" y="{{ 0.2 * i }}in" w="9in" h="0.2in" font-size="8pt">{{ label }} <b>{{ amount | currency("USD") }}</b></text>'
INLINE = ('<document kind="presentation" width="10in" height="40in"><page>'
          '{% for r in rows %}{% set i = loop.index %}{% set label = r.name %}{% set amount = r.qty * r.price %}'
          + ROW + "{% endfor %}</page></document>")
MACRO = ("{% macro row(i, label, amount) %}" + ROW + "{% endmacro %}"
         '<document kind="presentation" width="10in" height="40in"><page>'
         "{% for r in rows %}{{ row(loop.index, r.name, r.qty * r.price) }}{% endfor %}</page></document>")
INCLUDED = ('{% include "p/macros.o3x" %}<document kind="presentation" width="10in" height="40in"><page>'
            '{% include "p/rows.o3x" %}</page></document>')
PARTIALS = {
    "p/macros.o3x": ("{% macro row(i, label, amount) %}" + ROW + "{% endmacro %}", "p/macros.o3x"),
    "p/rows.o3x": ("{% for r in rows %}{{ row(loop.index, r.name, r.qty * r.price) }}{% endfor %}", "p/rows.o3x"),
}


def timed(fn, runs: int) -> tuple[float, float]:
    for _ in range(5):
        fn()
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--rows", type=int, default=150)
    args = ap.parse_args()

    from o3local.errors import O3Error
    from o3local.layout import LayoutEngine

    engine = LayoutEngine.shared()
    data = {"rows": [{"name": f"item {k}", "qty": k % 7 + 1, "price": f"{k}.25"} for k in range(args.rows)]}

    def layout(source, partials=None):
        return engine.layout(source, "bench.o3x", data, {}, {}, partials=partials)

    results = {name: layout(src, parts).display_list_bytes
               for name, src, parts in (("inline", INLINE, None), ("macro", MACRO, None), ("include", INCLUDED, PARTIALS))}
    assert len(set(results.values())) == 1, "the three forms must lay out the same bytes"
    print(f"{args.rows} rows, warm layout over {args.runs} runs (display lists byte-identical), ms")
    base = None
    for name, src, parts in (("inline", INLINE, None), ("macro", MACRO, None), ("include", INCLUDED, PARTIALS)):
        p50, p95 = timed(lambda src=src, parts=parts: layout(src, parts), args.runs)
        base = base or p50
        print(f"  {name:<8} p50 {p50:7.2f}  p95 {p95:7.2f}  x{p50 / base:.2f} of inline")

    hostile = {
        "endless recursion": "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}"
                             '<document><page><text x="0" y="0" w="1in" h="1in">{{ f(1) }}</text></page></document>',
        "2^40 calls": "{% macro f(n) %}{% if n > 0 %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}"
                      '<document><page><text x="0" y="0" w="1in" h="1in">{{ f(40) }}</text></page></document>',
    }
    print("hostile templates: time to the error")
    for name, src in hostile.items():
        t0 = time.perf_counter()
        try:
            engine.layout(src, "h.o3x", {}, {}, {})
            code = "no error"
        except O3Error as err:
            code = err.code
        print(f"  {name:<18} {(time.perf_counter() - t0) * 1000:8.1f} ms  {code}")


if __name__ == "__main__":
    main()
