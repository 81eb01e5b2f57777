"""PPTX export: an editable deck that reproduces the display list as closely as PowerPoint can.

Slides get the page size; rects and lines become shapes with explicit fill
and line (no theme style, so no theme shadow); each text item becomes a
text box at its box, with its padding as insets, word wrap on, autofit
off, its alignment and vertical anchor, and exact line spacing.  A text
box holds one paragraph per display-list paragraph, with a line break
(``<a:br/>``) wherever our layout ended a line: with the same font the
office app then breaks exactly where we did, and with a narrower
substitute it still keeps our lines (a wider one wraps early).  Sizes are
the final (shrunk) sizes; the pinned font's family is set for Latin, East
Asian and complex scripts.  Same display list -> same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from ..errors import ExportError
from .display import check_display_list
from .display import integer as _int
from .fonts import FontSource, default_fonts
from .items import Assets, dispatch, image_box, points, read_image
from .office_text import Metrics, display_metrics, office_lines
from .office_text import set_run_fonts as _set_fonts
from .ooxml_common import (
    fix_core_properties,
    font_families,
    hex_color,
    office_lang,
    reproducible_zip,
)

_ALIGN = {"left": "LEFT", "center": "CENTER", "right": "RIGHT", "justify": "JUSTIFY"}
_ANCHOR = {"top": "TOP", "middle": "MIDDLE", "bottom": "BOTTOM"}


def _strip_style(shape: Any) -> None:
    from pptx.oxml.ns import qn

    style = shape._element.find(qn("p:style"))
    if style is not None:
        shape._element.remove(style)


def _text_box(slide: Any, item: dict[str, Any], families: dict[int, tuple[str, bool]],
              lang: str, where: str, metrics: Metrics) -> None:
    from pptx.enum.text import MSO_ANCHOR, MSO_AUTO_SIZE, PP_ALIGN
    from pptx.util import Emu

    x, y, w, h = (_int(item, k, where) for k in ("x", "y", "w", "h"))
    padding = _int(item, "padding", where)
    box = slide.shapes.add_textbox(Emu(x), Emu(y), Emu(w), Emu(h))
    frame = box.text_frame
    frame.word_wrap = True
    frame.auto_size = MSO_AUTO_SIZE.NONE
    frame.margin_left = frame.margin_right = Emu(padding)
    frame.margin_top = frame.margin_bottom = Emu(padding)
    frame.vertical_anchor = getattr(MSO_ANCHOR, _ANCHOR.get(item.get("valign"), "TOP"))
    align = getattr(PP_ALIGN, _ALIGN.get(item.get("align"), "LEFT"))
    line_height = _int(item, "line_height", where)
    item_lang = office_lang(item.get("lang", lang))
    for p_index, lines in enumerate(office_lines(item, where, metrics)):
        para = frame.paragraphs[0] if p_index == 0 else frame.add_paragraph()
        para.alignment = align
        para.space_before = para.space_after = Emu(0)
        if line_height > 0:
            para.line_spacing = Emu(line_height)
        for l_index, runs in enumerate(lines):
            if l_index:
                para.add_line_break()
            for run_item in runs:
                font_index = _int(run_item, "font", where)
                if font_index not in families:
                    raise ExportError(f"{where}: run uses undeclared font {font_index}",
                                      code="export.display_list")
                family, bold = families[font_index]
                run = para.add_run()
                run.text = str(run_item.get("text", ""))
                run.font.size = Emu(_int(run_item, "size", where))
                run.font.bold = bold
                color = hex_color(run_item.get("color"), where)
                if color is not None:
                    from pptx.dml.color import RGBColor

                    run.font.color.rgb = RGBColor.from_string(color)
                _set_fonts(run, family, item_lang)


def _fill_line(shape: Any, fill: str | None, stroke: str | None, width: int) -> None:
    from pptx.dml.color import RGBColor
    from pptx.util import Emu

    if fill is None:
        shape.fill.background()
    else:
        shape.fill.solid()
        shape.fill.fore_color.rgb = RGBColor.from_string(fill)
    if stroke is None or width <= 0:
        shape.line.fill.background()
    else:
        shape.line.color.rgb = RGBColor.from_string(stroke)
        shape.line.width = Emu(width)


def _rect(slide: Any, item: dict[str, Any], where: str) -> None:
    from pptx.enum.shapes import MSO_SHAPE
    from pptx.util import Emu

    x, y, w, h = (_int(item, k, where) for k in ("x", "y", "w", "h"))
    radius = _int(item, "radius", where)
    kind = MSO_SHAPE.ROUNDED_RECTANGLE if radius > 0 else MSO_SHAPE.RECTANGLE
    shape = slide.shapes.add_shape(kind, Emu(x), Emu(y), Emu(w), Emu(h))
    _strip_style(shape)
    if radius > 0 and min(w, h) > 0:
        shape.adjustments[0] = min(0.5, radius / min(w, h))
    _fill_line(shape, hex_color(item.get("fill"), where), hex_color(item.get("stroke"), where),
               _int(item, "stroke_width", where))


def _line(slide: Any, item: dict[str, Any], where: str) -> None:
    from pptx.dml.color import RGBColor
    from pptx.enum.shapes import MSO_CONNECTOR
    from pptx.util import Emu

    stroke = hex_color(item.get("stroke"), where)
    width = _int(item, "stroke_width", where)
    if stroke is None or width <= 0:
        return
    coords = [Emu(_int(item, k, where)) for k in ("x1", "y1", "x2", "y2")]
    shape = slide.shapes.add_connector(MSO_CONNECTOR.STRAIGHT, *coords)
    _strip_style(shape)
    shape.line.color.rgb = RGBColor.from_string(stroke)
    shape.line.width = Emu(width)


def _freeform(slide: Any, item: dict[str, Any], where: str, *, closed: bool) -> None:
    pts = points(item, where)
    stroke = hex_color(item.get("stroke"), where)
    fill = hex_color(item.get("fill"), where) if closed else None
    width = _int(item, "stroke_width", where)
    if len(pts) < 2 or (fill is None and (stroke is None or width <= 0)):
        return
    builder = slide.shapes.build_freeform(pts[0][0], pts[0][1], scale=1.0)
    builder.add_line_segments(pts[1:], close=closed)
    shape = builder.convert_to_shape()
    _strip_style(shape)
    _fill_line(shape, fill, stroke, width)


def _picture(slide: Any, item: dict[str, Any], assets: Assets | None, where: str) -> None:
    """The image as a picture in its box; the part outside the box (cover) is cropped away."""
    from pptx.util import Emu

    (x, y, w, h), (cx, cy, cw, ch) = image_box(item, where)
    image = read_image(assets, item.get("src"), where)
    left, top = max(x, cx), max(y, cy)
    right, bottom = min(x + w, cx + cw), min(y + h, cy + ch)
    if w <= 0 or h <= 0 or right <= left or bottom <= top:
        return
    picture = slide.shapes.add_picture(io.BytesIO(image.data), Emu(left), Emu(top),
                                       Emu(right - left), Emu(bottom - top))
    picture.crop_left = (left - x) / w
    picture.crop_top = (top - y) / h
    picture.crop_right = (x + w - right) / w
    picture.crop_bottom = (y + h - bottom) / h


def _table(slide: Any, item: dict[str, Any], ctx: dict[str, Any], where: str) -> None:
    """A native table, then the continued label (续表) the layout set above it."""
    from .ooxml_table import continued_labels
    from .pptx_chart import add_table

    add_table(slide, item, ctx["families"], ctx["lang"], where)
    for label, at in continued_labels(item, where):
        _text_box(slide, label, ctx["families"], ctx["lang"], at, ctx["metrics"])


def _items(slide: Any, items: Any, ctx: dict[str, Any], where: str) -> None:
    from .pptx_chart import add_chart

    dispatch(items, where, "PPTX", {
        "rect": lambda item, w: _rect(slide, item, w),
        "line": lambda item, w: _line(slide, item, w),
        "text": lambda item, w: _text_box(slide, item, ctx["families"], ctx["lang"], w,
                                          ctx["metrics"]),
        "polygon": lambda item, w: _freeform(slide, item, w, closed=True),
        "polyline": lambda item, w: _freeform(slide, item, w, closed=False),
        "image": lambda item, w: _picture(slide, item, ctx["assets"], w),
    }, groups={
        "table": lambda item, w: _table(slide, item, ctx, w),
        "chart": lambda item, w: add_chart(slide, item, ctx["family"], w),
    })


def export_pages(display_list: dict[str, Any], pages: Sequence[int], *,
                 fonts: Sequence[FontSource] | None = None,
                 assets: Assets | None = None) -> list[bytes]:
    """One PPTX deck holding the given pages (0-based indexes) as slides.

    Table and chart groups become native PowerPoint tables and charts;
    image items are pictures from ``assets``."""
    check_display_list(display_list)
    from pptx import Presentation
    from pptx.dml.color import RGBColor
    from pptx.util import Emu

    sources = list(fonts) if fonts is not None else default_fonts()  # read and checked once
    families = font_families(display_list, sources)
    metrics = display_metrics(display_list, sources)
    lang = display_list.get("lang", "en")
    prs = Presentation()
    fix_core_properties(prs.core_properties)
    blank = prs.slide_layouts[6]
    ctx = {"families": families, "lang": lang, "metrics": metrics, "assets": assets,
           "family": next(iter(families.values()), ("", False))[0]}
    sizes = {(p["width"], p["height"]) for p in (display_list["pages"][i] for i in pages)}
    if len(sizes) > 1:
        raise ExportError("a PPTX deck has one slide size, but the pages have "
                          f"{len(sizes)} different sizes", code="export.pptx")
    for width, height in sizes:
        if width <= 0 or height <= 0:
            raise ExportError("page size must be positive", code="export.display_list")
        prs.slide_width, prs.slide_height = Emu(width), Emu(height)
    for i in pages:
        page = display_list["pages"][i]
        where = f"page {i + 1}"
        slide = prs.slides.add_slide(blank)
        background = hex_color(page.get("background", "#ffffff"), where)
        if background is not None:
            slide.background.fill.solid()
            slide.background.fill.fore_color.rgb = RGBColor.from_string(background)
        _items(slide, page.get("items", []), ctx, where)
    out = io.BytesIO()
    prs.save(out)
    return [reproducible_zip(out.getvalue())]
