"""One display-list page as SVG text, drawn exactly as laid out (for the SVG and PNG exporters).

Text is drawn as glyph outlines from the layout's own font file (one
``<path>`` per glyph in ``<defs>``, one ``<use>`` per placed glyph), so no
font lookup or re-shaping happens in the viewer and every viewer shows the
same thing.  Coordinates are the display list's integer EMU (the viewBox is
in EMU); the only decimals are exact glyph scales and the page size in px.
Same display list -> same bytes.
"""

from __future__ import annotations

import base64
from typing import Any

from ..errors import ExportError
from .display import EMU_PER_PX, page_size
from .display import integer as _int
from .display import paint as _paint
from .fonts import FontOutlines
from .items import Assets, dispatch, image_box, points, read_image
from .numbers import ratio


class _Page:
    def __init__(self, fonts: dict[int, FontOutlines], assets: Assets | None = None) -> None:
        self.fonts = fonts
        self.assets = assets
        self.defs: dict[str, str] = {}
        self.clips: list[str] = []
        self.body: list[str] = []
        self.refs: dict[int, dict[int, str | None]] = {}

    def glyph_ref(self, font: int, gid: int, where: str) -> str | None:
        key = f"g{font}-{gid}"
        if key not in self.defs:
            outlines = self.fonts.get(font)
            if outlines is None:
                raise ExportError(f"{where}: run uses font {font}, which the display list does "
                                  "not declare", code="export.display_list")
            self.defs[key] = outlines.path(gid)
        return key if self.defs[key] else None

    def rect(self, item: dict[str, Any], where: str) -> None:
        x, y = _int(item, "x", where), _int(item, "y", where)
        w, h = _int(item, "w", where), _int(item, "h", where)
        sw = _int(item, "stroke_width", where)
        radius = _int(item, "radius", where)
        attrs = f'x="{x}" y="{y}" width="{w}" height="{h}"'
        if radius:
            attrs += f' rx="{radius}" ry="{radius}"'
        attrs += f' fill="{_paint(item.get("fill"), where)}"'
        stroke = _paint(item.get("stroke"), where)
        if stroke != "none" and sw > 0:
            attrs += f' stroke="{stroke}" stroke-width="{sw}"'
        self.body.append(f"<rect {attrs}/>")

    def line(self, item: dict[str, Any], where: str) -> None:
        coords = " ".join(f'{k}="{_int(item, k, where)}"' for k in ("x1", "y1", "x2", "y2"))
        stroke = _paint(item.get("stroke"), where)
        sw = _int(item, "stroke_width", where)
        if stroke == "none" or sw <= 0:
            return
        self.body.append(f'<line {coords} stroke="{stroke}" stroke-width="{sw}"/>')

    def polygon(self, item: dict[str, Any], where: str, *, closed: bool = True) -> None:
        coords = " ".join(f"{x},{y}" for x, y in points(item, where))
        sw = _int(item, "stroke_width", where)
        stroke = _paint(item.get("stroke"), where)
        fill = _paint(item.get("fill"), where) if closed else "none"
        attrs = f'points="{coords}" fill="{fill}"'
        if stroke != "none" and sw > 0:
            attrs += f' stroke="{stroke}" stroke-width="{sw}" stroke-linejoin="round"'
            if not closed:
                attrs += ' stroke-linecap="round"'
        elif fill == "none":
            return
        self.body.append(f"<{'polygon' if closed else 'polyline'} {attrs}/>")

    def image(self, item: dict[str, Any], where: str) -> None:
        (x, y, w, h), (cx, cy, cw, ch) = image_box(item, where)
        image = read_image(self.assets, item.get("src"), where)
        if w <= 0 or h <= 0 or cw <= 0 or ch <= 0:
            return
        clip = f"c{len(self.clips)}"
        self.clips.append(f'<clipPath id="{clip}"><rect x="{cx}" y="{cy}" width="{cw}" '
                          f'height="{ch}"/></clipPath>')
        data = base64.b64encode(image.data).decode("ascii")
        self.body.append(f'<image x="{x}" y="{y}" width="{w}" height="{h}" '
                         f'preserveAspectRatio="none" clip-path="url(#{clip})" '
                         f'xlink:href="data:{image.media_type};base64,{data}"/>')

    def text(self, item: dict[str, Any], upem: dict[int, int], where: str) -> None:
        for line in item.get("lines", []):
            for run in line.get("runs", []):
                font, size = _int(run, "font", where), _int(run, "size", where)
                if font not in upem:
                    raise ExportError(f"{where}: run uses undeclared font {font}",
                                      code="export.display_list")
                scale = ratio(size, upem[font], 6)
                uses: list[str] = []
                refs = self.refs.setdefault(font, {})
                matrix = f'transform="matrix({scale} 0 0 -{scale} '
                for glyph in run.get("glyphs", []):
                    try:
                        gid, gx, gy, _cluster = glyph
                    except (TypeError, ValueError):
                        gid = gx = gy = None
                    if not (type(gid) is int and type(gx) is int and type(gy) is int):
                        raise ExportError(f"{where}: malformed glyph {glyph!r}",
                                          code="export.display_list")
                    ref = refs.get(gid, "")
                    if ref == "":
                        ref = refs[gid] = self.glyph_ref(font, gid, where)
                    if ref is not None:
                        uses.append(f'<use xlink:href="#{ref}" {matrix}{gx} {gy})"/>')
                if uses:
                    color = _paint(run.get("color"), where)
                    self.body.append(f'<g fill="{color}">' + "".join(uses) + "</g>")


def _draw_items(out: _Page, items: Any, upem: dict[int, int], where: str) -> None:
    dispatch(items, where, "SVG", {
        "rect": out.rect,
        "line": out.line,
        "text": lambda item, w: out.text(item, upem, w),
        "polygon": out.polygon,
        "polyline": lambda item, w: out.polygon(item, w, closed=False),
        "image": out.image,
    })


def page_svg(display_list: dict[str, Any], index: int, *,
             fonts: dict[int, FontOutlines], px_size: tuple[int, int] | None = None,
             assets: Assets | None = None) -> str:
    """SVG text of page ``index`` (0-based); ``px_size`` forces the pixel size (for PNG)."""
    width, height = page_size(display_list, index)
    page = display_list["pages"][index]
    where = f"page {index + 1}"
    upem = {i: f.upem for i, f in fonts.items()}
    out = _Page(fonts, assets)
    out.body.append(f'<rect width="{width}" height="{height}" '
                    f'fill="{_paint(page.get("background", "#ffffff"), where)}"/>')
    _draw_items(out, page.get("items", []), upem, where)
    if px_size is None:
        w_attr, h_attr = ratio(width, EMU_PER_PX), ratio(height, EMU_PER_PX)
    else:
        w_attr, h_attr = str(px_size[0]), str(px_size[1])
    defs = "".join(f'<path id="{k}" d="{d}"/>' for k, d in out.defs.items() if d)
    defs += "".join(out.clips)
    head = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{w_attr}" height="{h_attr}" viewBox="0 0 {width} {height}" '
            'preserveAspectRatio="none">')
    parts = [head]
    if defs:
        parts.append(f"<defs>{defs}</defs>")
    parts.extend(out.body)
    parts.append("</svg>\n")
    return "\n".join(parts)
