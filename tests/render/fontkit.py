"""A tiny real TrueType font built with fontTools, for exporter tests.

Glyph 1 is a square, glyph 2 a triangle, glyph 3 a blank space; upem 1000.
"""

from __future__ import annotations

import io

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen


def _glyph(points):
    pen = TTGlyphPen(None)
    if points:
        pen.moveTo(points[0])
        for p in points[1:]:
            pen.lineTo(p)
        pen.closePath()
    return pen.glyph()


def build_font(upem: int = 1000) -> bytes:
    fb = FontBuilder(upem, isTTF=True)
    order = [".notdef", "square", "triangle", "space"]
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({0x41: "square", 0x42: "triangle", 0x20: "space"})
    fb.setupGlyf({
        ".notdef": _glyph([]),
        "square": _glyph([(0, 0), (0, 700), (700, 700), (700, 0)]),
        "triangle": _glyph([(0, 0), (350, 700), (700, 0)]),
        "space": _glyph([]),
    })
    fb.setupHorizontalMetrics({n: (800, 0) for n in order})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "O3 Test", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    fb.updateHead(created=0, modified=0)  # same bytes every build (the glyph cache keys on them)
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()
