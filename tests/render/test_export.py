"""SVG and PNG exporters, on hand-made display lists and a real (tiny) font."""

from __future__ import annotations

import io

import pytest
from fontkit import build_font

from o3local.errors import ExportError, UsageError
from o3local.export import export

FONT = build_font()
EMU_IN = 914400


def display_list():
    size = 457200  # 0.5in
    glyphs = [[1, 914400, 1828800, 0], [3, 914400 + 365760, 1828800, 1],
              [2, 914400 + 731520, 1828800, 2], [1, 914400 + 1097280, 1828800, 3]]
    text = {"type": "text", "x": 914400, "y": 1371600, "w": 3000000, "h": 800000,
            "align": "left", "valign": "top", "padding": 0, "font_size": size,
            "requested_font_size": size, "line_height": 548640, "lang": "en", "overflow": False,
            "paragraphs": [{"runs": [{"text": "A BA", "font": 0, "size": size,
                                      "color": "#C00000"}]}],
            "lines": [{"paragraph": 0, "x": 914400, "y": 1828800, "width": 1463040,
                       "runs": [{"text": "A BA", "font": 0, "size": size, "color": "#C00000",
                                 "glyphs": glyphs}]}]}
    page = {"width": 4 * EMU_IN, "height": 3 * EMU_IN, "background": "#ffffff", "items": [
        {"type": "rect", "x": 0, "y": 0, "w": 4 * EMU_IN, "h": EMU_IN // 2, "fill": "#1f3a5f",
         "stroke": None, "stroke_width": 0, "radius": 0},
        {"type": "line", "x1": 0, "y1": 2 * EMU_IN, "x2": 4 * EMU_IN, "y2": 2 * EMU_IN,
         "stroke": "#00ff00", "stroke_width": 12700 * 6},
        text]}
    page2 = {"width": 4 * EMU_IN, "height": 3 * EMU_IN, "background": "#000", "items": []}
    return {"format": "o3-display-list", "version": 1, "kind": "presentation", "lang": "en",
            "fonts": [{"index": 0, "weight": 400, "upem": 1000}],
            "pages": [page, page2], "diagnostics": []}


def test_svg_draws_glyph_outlines_once_and_places_each_glyph():
    first, second = export(display_list(), "svg", fonts=[FONT])
    svg = first.decode()
    assert svg.startswith("<svg ") and 'viewBox="0 0 3657600 2743200"' in svg
    assert 'width="384" height="288"' in svg
    # one path per distinct inked glyph, one <use> per inked glyph (the space has no ink)
    assert svg.count("<path ") == 2
    assert "<path id=\"g0-1\" d=\"M0 0L0 700L700 700L700 0L0 0Z\"/>" in svg
    assert svg.count("<use ") == 3
    assert 'transform="matrix(457.2 0 0 -457.2 914400 1828800)"' in svg
    assert '<g fill="#c00000">' in svg
    assert '<rect x="0" y="0" width="3657600" height="457200" fill="#1f3a5f"/>' in svg
    assert 'stroke="#00ff00" stroke-width="76200"' in svg
    assert "<text" not in svg and "font-family" not in svg
    assert b'fill="#000"' in second


def test_svg_is_byte_identical_across_runs_and_page_selects():
    dl = display_list()
    assert export(dl, "svg", fonts=[FONT]) == export(dl, "svg", fonts=[FONT])
    assert export(dl, "svg", page=2, fonts=[FONT]) == export(dl, "svg", fonts=[FONT])[1:]
    with pytest.raises(UsageError, match="does not exist"):
        export(dl, "svg", page=3, fonts=[FONT])
    with pytest.raises(UsageError, match="unknown output format"):
        export(dl, "gif", fonts=[FONT])


def test_png_has_the_dpi_size_pixels_and_is_reproducible():
    from PIL import Image

    dl = display_list()
    png96 = export(dl, "png", page=1, fonts=[FONT])[0]
    assert png96 == export(dl, "png", page=1, fonts=[FONT])[0]
    img = Image.open(io.BytesIO(png96)).convert("RGB")
    assert img.size == (384, 288)
    assert img.getpixel((10, 10)) == (0x1F, 0x3A, 0x5F)  # header bar
    assert img.getpixel((10, 150)) == (255, 255, 255)  # background
    assert img.getpixel((10, 192)) == (0, 255, 0)  # the 6pt line at y=2in
    # the first square glyph: origin (1in, 2in) baseline, 0.35in wide and tall
    assert img.getpixel((96 + 16, 192 - 16)) == (0xC0, 0, 0)
    big = Image.open(io.BytesIO(export(dl, "png", page=1, dpi=192, fonts=[FONT])[0]))
    assert big.size == (768, 576)
    with pytest.raises(UsageError):
        export(dl, "png", dpi=0, fonts=[FONT])


def test_bad_display_lists_fail_clearly():
    dl = display_list()
    dl["pages"][0]["items"][0]["fill"] = 'red"/><script>'
    with pytest.raises(ExportError, match="invalid colour"):
        export(dl, "svg", fonts=[FONT])
    dl = display_list()
    dl["pages"][0]["items"].append({"type": "chart"})
    with pytest.raises(ExportError, match="not supported"):
        export(dl, "svg", fonts=[FONT])
    dl = display_list()
    dl["fonts"][0]["upem"] = 2048
    with pytest.raises(ExportError, match="not the same font"):
        export(dl, "svg", fonts=[FONT])
    dl = display_list()
    dl["pages"][0]["items"][2]["lines"][0]["runs"][0]["glyphs"][0][0] = 99
    with pytest.raises(ExportError, match="glyph id 99"):
        export(dl, "svg", fonts=[FONT])
    with pytest.raises(ExportError, match="cannot read font"):
        export(display_list(), "svg", fonts=[b"not a font"])
    with pytest.raises(ExportError, match="version"):
        export({**display_list(), "version": 3}, "svg", fonts=[FONT])


def test_outline_cache_gives_the_same_bytes_without_parsing_the_font(tmp_path, monkeypatch):
    from o3local.export import fonts

    monkeypatch.setenv("O3_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(fonts, "_CACHE", {})
    font = build_font(upem=1000) + b""  # same bytes, fresh process-level cache
    first = export(display_list(), "svg", fonts=[font])
    files = list((tmp_path / "glyphs").iterdir())
    assert len(files) == 1 and files[0].suffix == ".json"
    monkeypatch.setattr(fonts, "_CACHE", {})
    opened = []
    real_open = fonts.FontOutlines._open
    monkeypatch.setattr(fonts.FontOutlines, "_open",
                        lambda self: opened.append(1) or real_open(self))
    assert export(display_list(), "svg", fonts=[font]) == first
    assert opened == []  # every glyph came from the cache file
    files[0].write_text("{broken", "utf-8")
    monkeypatch.setattr(fonts, "_CACHE", {})
    assert export(display_list(), "svg", fonts=[font]) == first


# -- a damaged display list is an ExportError, never a crash ----------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

junk = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40), st.text(max_size=6),
                 st.floats(allow_nan=True), st.lists(st.integers(), max_size=5),
                 st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*prefix, i))


ALL_PATHS = [p for p in _paths(display_list()) if p]


@settings(max_examples=300, deadline=None)
@given(path=st.sampled_from(ALL_PATHS), value=junk, fmt=st.sampled_from(["svg", "png"]))
def test_damaged_display_lists_fail_cleanly(path, value, fmt):
    dl = display_list()
    target = dl
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        out = export(dl, fmt, fonts=[FONT])
    except (ExportError, UsageError):
        return
    assert all(isinstance(doc, bytes) and doc for doc in out)
