"""Helpers for the exporter tests: tiny real fonts, one-rule display lists, and real tools.

The tools (poppler's pdftotext/pdffonts/pdftoppm, LibreOffice's soffice) are
installed by ``.ci/setup.d/70-office.sh``; outside CI a missing tool skips
the test, in CI (``CI=true``) it fails it.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

from o3local.layout import assets
from o3local.resources import asset

EMU_IN = 914400
SQUARE = [(0, 0), (0, 700), (700, 700), (700, 0)]
TRIANGLE = [(0, 0), (350, 700), (700, 0)]
PINNED = asset("fonts", assets.FONT_FILES[0][0])  # the regular weight the layout uses


def pinned_gid(char: str) -> int:
    """The glyph id of ``char`` in the pinned regular font (from its cmap)."""
    from fontTools.ttLib import TTFont

    font = TTFont(PINNED, lazy=True)
    return font.getGlyphID(font.getBestCmap()[ord(char)])


def _draw(pen, points):
    if points:
        pen.moveTo(points[0])
        for p in points[1:]:
            pen.lineTo(p)
        pen.closePath()


def build_font(*, cff: bool = False, family: str = "O3 Test") -> bytes:
    """Glyph 1 'A' a square, 2 'B' a triangle, 3 a space; upem 1000, advance 800."""
    order = [".notdef", "square", "triangle", "space"]
    shapes = {".notdef": [], "square": SQUARE, "triangle": TRIANGLE, "space": []}
    fb = FontBuilder(1000, isTTF=not cff)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({0x41: "square", 0x42: "triangle", 0x20: "space"})
    if cff:
        charstrings = {}
        for name in order:
            pen = T2CharStringPen(800, None)
            _draw(pen, shapes[name])
            charstrings[name] = pen.getCharString()
        fb.setupCFF(family.replace(" ", ""), {"FullName": family}, charstrings, {})
    else:
        glyphs = {}
        for name in order:
            pen = TTGlyphPen(None)
            _draw(pen, shapes[name])
            glyphs[name] = pen.glyph()
        fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (800, 0) for n in order})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": "Regular",
                       "psName": family.replace(" ", "") + "-Regular"})
    fb.setupOS2(sCapHeight=700)
    fb.setupPost()
    fb.updateHead(created=0, modified=0)  # the same bytes on every call
    fb.font.recalcTimestamp = False
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()


def text_item(runs_by_line, *, x=EMU_IN, y=EMU_IN, w=3 * EMU_IN, h=EMU_IN, size=457200,
              align="left", valign="top", paragraphs=None, lang="en"):
    """A text item whose lines are lists of (text, font, color, glyphs)."""
    lines = []
    for p_index, line_runs in runs_by_line:
        runs = [{"text": t, "font": f, "size": size, "color": c, "glyphs": g}
                for t, f, c, g in line_runs]
        first = runs[0]["glyphs"][0] if runs and runs[0]["glyphs"] else [0, x, y + size, 0]
        lines.append({"paragraph": p_index, "x": first[1], "y": first[2], "width": 0,
                      "runs": runs})
    if paragraphs is None:
        count = max((p for p, _ in runs_by_line), default=-1) + 1
        paragraphs = [{"runs": []} for _ in range(count)]
        for p_index, line_runs in runs_by_line:
            paragraphs[p_index]["runs"] += [{"text": t, "font": f, "size": size, "color": c}
                                            for t, f, c, _g in line_runs]
    return {"type": "text", "x": x, "y": y, "w": w, "h": h, "align": align, "valign": valign,
            "padding": 0, "font_size": size, "requested_font_size": size,
            "line_height": size * 6 // 5, "lang": lang, "overflow": False,
            "paragraphs": paragraphs, "lines": lines}


def glyph_row(text: str, gids: dict[str, int], x: int, y: int, advance: int):
    """Glyphs for ``text`` set left to right from (x, baseline y), cluster = offset."""
    return [[gids[ch], x + i * advance, y, i] for i, ch in enumerate(text)]


def display_list(pages, *, fonts=({"index": 0, "weight": 400, "upem": 1000},), lang="en",
                 kind="presentation"):
    return {"format": "o3-display-list", "version": 1, "kind": kind, "lang": lang,
            "fonts": list(fonts), "pages": pages, "diagnostics": []}


def page(items, *, width=4 * EMU_IN, height=3 * EMU_IN, background="#ffffff"):
    return {"width": width, "height": height, "background": background, "items": items}


def tool(name: str) -> str:
    """Path of a command-line tool, skipping (or failing in CI) when it is missing."""
    found = shutil.which(name)
    if found is None:
        message = f"{name} is not installed (.ci/setup.d/70-office.sh installs it)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


def pdftotext(pdf: Path) -> str:
    return subprocess.run([tool("pdftotext"), "-enc", "UTF-8", str(pdf), "-"],
                          check=True, capture_output=True, timeout=60).stdout.decode("utf-8")


def pdf_pages(pdf: Path) -> int:
    info = subprocess.run([tool("pdfinfo"), str(pdf)], check=True, capture_output=True,
                          timeout=60).stdout.decode()
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


_CJK = r"\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f"


def normalize(text: str) -> str:
    """Whitespace collapsed to one space, and dropped next to CJK characters and punctuation."""
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(rf"(?<=[{_CJK}]) | (?=[{_CJK}])", "", text)


def missing_runs(display_list: dict, text: str) -> list[str]:
    """Text runs of the display list's paragraphs that do not appear in ``text``.

    Compared without whitespace: text extractors guess word spaces from glyph
    gaps (poppler reads a right-aligned "1 / 3" as "1/3"), and CJK has none.
    """
    haystack = re.sub(r"\s+", "", text)
    missing = []
    for page_ in display_list["pages"]:
        for item in _texts_outside_charts(page_["items"]):
            for para in item["paragraphs"]:
                for run in para["runs"]:
                    needle = re.sub(r"\s+", "", run["text"])
                    if needle and needle not in haystack:
                        missing.append(run["text"])
    return missing


def _texts_outside_charts(items):
    """Text items, those of table groups included; a chart's own texts (axis ticks) are the
    office app's to choose in an editable chart, so chart groups are checked by their meta."""
    for item in items:
        if item.get("type") == "text":
            yield item
        elif item.get("type") == "group" and item.get("role") != "chart":
            yield from _texts_outside_charts(item.get("items", []))


def chart_labels(display_list: dict) -> list[str]:
    """Category labels and series names of every chart group (what any chart shows)."""
    labels = []
    for page_ in display_list["pages"]:
        for item in page_["items"]:
            if item.get("type") == "group" and item.get("role") == "chart":
                labels += list(item["meta"]["categories"])
                if item["meta"]["chart_type"] != "pie":  # a pie's legend lists categories
                    labels += [s["name"] for s in item["meta"]["series"]]
    return labels


def pixel_mismatch(ours: bytes, theirs: bytes) -> float:
    """Share of pixels that differ clearly once both images are averaged over 4x4 blocks.

    Rasterizers anti-alias glyph edges differently; averaging removes that
    while a glyph moved by a few pixels still changes whole blocks.
    """
    from PIL import Image, ImageChops

    a = Image.open(io.BytesIO(ours)).convert("RGB")
    b = Image.open(io.BytesIO(theirs)).convert("RGB")
    assert a.size == b.size, (a.size, b.size)
    diff = ImageChops.difference(a.reduce(4), b.reduce(4)).convert("L")
    clear = diff.point(lambda v: 255 if v > 48 else 0).histogram()[255]
    return clear / (diff.width * diff.height)


def png_bytes(size=(40, 20), *, alpha: bool = True) -> bytes:
    """Left half opaque red, right half blue (half transparent when ``alpha``)."""
    from PIL import Image

    im = Image.new("RGBA", size, (255, 0, 0, 255))
    im.paste((0, 0, 255, 128 if alpha else 255), (size[0] // 2, 0, size[0], size[1]))
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


def jpeg_bytes(size=(16, 16), color=(0, 160, 0)) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, "JPEG", quality=95)
    return out.getvalue()


ASSETS = {"assets/logo.png": png_bytes(), "assets/photo.jpg": jpeg_bytes()}


def table_group(x=EMU_IN // 4, y=EMU_IN * 3 // 2, *, continued=False, header=True,
                rows=(("North", "1,234.50", "=B2*2"), ("South", "$12", None))):
    """A 3-column table group the way the module draws one: fills, rules, one text per cell."""
    cols = [EMU_IN, EMU_IN // 2, EMU_IN // 2]
    row_h = EMU_IN // 4
    meta_rows, items = [], []
    all_rows = ([("Region", "Amount", "Double")] if header else []) + list(rows)
    for r, cells in enumerate(all_rows):
        is_header = header and r == 0
        ry = y + r * row_h
        fill = "#1f3a5f" if is_header else ("#f4f6f9" if r % 2 == 0 else None)
        if fill:
            items.append({"type": "rect", "x": x, "y": ry, "w": sum(cols), "h": row_h,
                          "fill": fill, "stroke": None, "stroke_width": 0, "radius": 0})
        meta_cells = []
        for j, text in enumerate(cells):
            cx = x + sum(cols[:j])
            align = "left" if j == 0 else "right"
            color = "#ffffff" if is_header else "#000000"
            glyphs = glyph_row("AB", {"A": 1, "B": 2}, cx + 20000, ry + 150000, 80000)
            item = text_item([(0, [("AB", 0, color, glyphs)])], x=cx, y=ry, w=cols[j], h=row_h,
                             size=127000, align=align, valign="middle",
                             paragraphs=[{"runs": [{"text": text if j != 2 or is_header
                                                    else "2,469.00", "font": 0,
                                                    "size": 127000, "color": color}]}])
            items.append(item)
            shown = item["paragraphs"][0]["runs"][0]["text"]
            meta_cells.append({"text": shown, "align": align,
                               "formula": None if is_header else text if j == 2 else None})
        meta_rows.append({"header": is_header, "y": ry, "height": row_h, "cells": meta_cells})
    height = row_h * len(all_rows)
    items.append({"type": "line", "x1": x, "y1": y + height, "x2": x + sum(cols),
                  "y2": y + height, "stroke": "#cccccc", "stroke_width": 9525})
    return {"type": "group", "role": "table", "x": x, "y": y, "w": sum(cols), "h": height,
            "meta": {"columns": cols, "rows": meta_rows, "continued": continued},
            "items": items}


def chart_group(kind="bar", x=EMU_IN * 9 // 4, y=EMU_IN // 4):
    """A two-bar chart group: axis line, bars as polygons, a line series, category labels."""
    base = y + EMU_IN
    bars = [{"type": "polygon", "points": [[x + 100000 + i * 300000, base],
                                           [x + 100000 + i * 300000, base - h],
                                           [x + 300000 + i * 300000, base - h],
                                           [x + 300000 + i * 300000, base]],
             "fill": "#1f3a5f", "stroke": None, "stroke_width": 0}
            for i, h in enumerate((400000, 800000))]
    line = {"type": "polyline", "points": [[x, base - 100000], [x + 600000, base - 700000]],
            "stroke": "#f2a900", "stroke_width": 25400}
    axis = {"type": "line", "x1": x, "y1": base, "x2": x + 700000, "y2": base,
            "stroke": "#000000", "stroke_width": 9525}
    label = text_item([(0, [("A", 0, "#000000", [[1, x + 150000, base + 120000, 0]])])],
                      x=x, y=base, w=700000, h=200000, size=101600,
                      paragraphs=[{"runs": [{"text": "Jan", "font": 0, "size": 101600,
                                             "color": "#000000"}]}])
    return {"type": "group", "role": "chart", "x": x, "y": y, "w": 800000, "h": EMU_IN + 200000,
            "meta": {"chart_type": kind, "title": "Revenue", "categories": ["Jan", "Feb"],
                     "series": [{"name": "2025", "color": "#1f3a5f", "values": ["12.5", "25"]}],
                     "number_format": "currency:$:0", "legend": "bottom"},
            "items": [axis, *bars, line, label]}


def v2_display_list(kind="presentation"):
    """One 4x3 in page using every version-2 item: images (contain and cover), table, chart."""
    contain = {"type": "image", "src": "assets/logo.png", "x": 91440, "y": 91440,
               "w": 400000, "h": 200000, "clip": {"x": 91440, "y": 91440, "w": 400000,
                                                   "h": 200000}}
    # cover: placed twice the box's width, clipped to its left half (the red part)
    cover = {"type": "image", "src": "assets/photo.jpg", "x": 600000, "y": 91440,
             "w": 800000, "h": 400000, "clip": {"x": 600000, "y": 91440, "w": 400000,
                                                 "h": 400000}}
    dl = display_list([page([contain, cover, table_group(), chart_group()])], kind=kind)
    dl["version"] = 2
    return dl


def sample_assets(name: str):
    """The bundled sample's package reader: the image files its display list names."""
    from o3local.render import resolve_template
    from o3local.template.package import open_template

    return open_template(resolve_template(name)).read_bytes


def sales_csv(path: Path, rows: int, tag: str = "") -> Path:
    """Data for the sales-sheet sample: ``rows`` orders (about 32 a page), regions tagged ``tag``."""
    import csv

    with path.open("w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["Region", "Product", "Units", "Price"])
        for i in range(rows):
            out.writerow([f"R{i}{tag}", "Desk", i, 2])
    return path


def flow_docx_text(dl: dict) -> dict:
    """The display list without the dot leaders (Word draws its own tab leader) and the
    续表 labels above continuing table parts (Word repeats the header row instead)."""
    from o3local.export.ooxml_table import continued_labels

    def keep(item):
        if item.get("type") == "group" and item.get("role") == "table":
            labels = [id(label) for label, _at in continued_labels(item, "test")]
            return dict(item, items=[k for k in item["items"] if id(k) not in labels])
        return item

    pages = [dict(p, items=[keep(it) for it in p["items"] if it.get("role") != "toc-leader"])
             for p in dl["pages"]]
    return dict(dl, pages=pages)
