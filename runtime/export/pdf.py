"""PDF export: the display list drawn exactly as laid out, with selectable text.

Each display-list page becomes one PDF page of the same size (EMU / 12700 =
points).  Text is drawn with the layout's own font, embedded as a subset,
glyph ids addressed through Identity-H, and every glyph placed at its
computed position (one text matrix per run, ``TJ`` offsets that correct
the viewer's advance to our position with no drift); a ToUnicode CMap from
the glyph clusters makes the text searchable.  The file is written by our
own small object writer, so it holds no dates and its ID is a content
hash: the same display list gives the same bytes on every run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import ExportError
from .display import check_display_list
from .display import integer as _int
from .display import paint as _paint
from .fonts import FontSource, default_fonts, font_set
from .fonts import _read as read_font
from .items import Assets, dispatch, image_box, points, read_image, walk
from .numbers import ratio
from .pdf_font import EmbeddedFont, embed
from .pdf_image import ImageObjects
from .pdf_objects import Name, PdfWriter, Raw, Ref, Stream

EMU_PER_PT = 12700
#: 1 - 4/3*(sqrt(2)-1): where a cubic Bezier quarter circle puts its control points
_ARC = (447715, 1000000)


def _pt(emu: int) -> str:
    return ratio(emu, EMU_PER_PT, 4)


def _rgb(color: str) -> str:
    hexes = color[1:]
    if len(hexes) == 3:
        hexes = "".join(c * 2 for c in hexes)
    return " ".join(ratio(int(hexes[i:i + 2], 16), 255, 4) for i in (0, 2, 4))


def _glyph_texts(run: dict[str, Any], where: str) -> list[tuple[int, int, int, str]]:
    """(gid, x, y, text) per glyph: the cluster's text goes to its first glyph."""
    text = run.get("text", "")
    glyphs = run.get("glyphs", [])
    if not isinstance(text, str) or not isinstance(glyphs, list):
        raise ExportError(f"{where}: malformed run", code="export.display_list")
    for glyph in glyphs:
        if type(glyph) is not list or len(glyph) != 4 or not all(type(v) is int for v in glyph):
            raise ExportError(f"{where}: malformed glyph {glyph!r}", code="export.display_list")
    clusters = sorted({g[3] for g in glyphs})
    ends = {c: (clusters[i + 1] if i + 1 < len(clusters) else len(text))
            for i, c in enumerate(clusters)}
    seen: set[int] = set()
    result = []
    for gid, x, y, cluster in glyphs:
        piece = ""
        if cluster not in seen:
            seen.add(cluster)
            piece = text[max(0, cluster):ends[cluster]]
        result.append((gid, x, y, piece))
    return result


class _Content:
    """The operators of one page's content stream."""

    def __init__(self, height: int, fonts: dict[int, EmbeddedFont],
                 glyphs: dict[int, list[tuple[int, int, int, str]]],
                 images: ImageObjects | None = None, assets: Assets | None = None) -> None:
        self.height = height
        self.fonts = fonts
        self.glyphs = glyphs  # id(run) -> (gid, x, y, text) per glyph
        self.images = images
        self.assets = assets
        self.xobjects: dict[str, Ref] = {}
        self.ops: list[str] = []

    def polygon(self, item: dict[str, Any], where: str, *, closed: bool = True) -> None:
        pts = points(item, where)
        stroke = _paint(item.get("stroke"), where)
        fill = _paint(item.get("fill"), where) if closed else "none"
        sw = _int(item, "stroke_width", where)
        has_fill, has_stroke = fill != "none", stroke != "none" and sw > 0
        if len(pts) < 2 or not (has_fill or has_stroke):
            return
        paint = []
        if has_fill:
            paint.append(f"{_rgb(fill)} rg")
        if has_stroke:
            paint.append(f"{_rgb(stroke)} RG {_pt(sw)} w 1 j" + ("" if closed else " 1 J"))
        path = [f"{self.point(*pts[0])} m"] + [f"{self.point(*p)} l" for p in pts[1:]]
        if closed:
            path.append("h")
        op = "B" if has_fill and has_stroke else ("f" if has_fill else "S")
        self.ops.append(f"q {' '.join(paint)} {' '.join(path)} {op} Q")

    def image(self, item: dict[str, Any], where: str) -> None:
        (x, y, w, h), (cx, cy, cw, ch) = image_box(item, where)
        image = read_image(self.assets, item.get("src"), where)
        if w <= 0 or h <= 0 or cw <= 0 or ch <= 0 or self.images is None:
            return
        name, ref = self.images.name_for(image)
        self.xobjects[name] = ref
        # clip to the box, then map the unit square onto the placed rectangle
        self.ops.append(f"q {_pt(cx)} {_pt(self.height - cy - ch)} {_pt(cw)} {_pt(ch)} re W n "
                        f"{_pt(w)} 0 0 {_pt(h)} {_pt(x)} {_pt(self.height - y - h)} cm "
                        f"/{name} Do Q")

    def items(self, items: Any, where: str) -> None:
        dispatch(items, where, "PDF", {
            "rect": self.rect,
            "line": self.line,
            "text": self.text,
            "polygon": self.polygon,
            "polyline": lambda item, w: self.polygon(item, w, closed=False),
            "image": self.image,
        })

    def point(self, x: int, y: int) -> str:
        return f"{_pt(x)} {_pt(self.height - y)}"

    def fill_rect(self, x: int, y: int, w: int, h: int, color: str) -> None:
        self.ops.append(f"{_rgb(color)} rg {_pt(x)} {_pt(self.height - y - h)} "
                        f"{_pt(w)} {_pt(h)} re f")

    def rect(self, item: dict[str, Any], where: str) -> None:
        x, y = _int(item, "x", where), _int(item, "y", where)
        w, h = _int(item, "w", where), _int(item, "h", where)
        fill = _paint(item.get("fill"), where)
        stroke = _paint(item.get("stroke"), where)
        sw = _int(item, "stroke_width", where)
        r = max(0, min(_int(item, "radius", where), w // 2, h // 2))
        has_fill, has_stroke = fill != "none", stroke != "none" and sw > 0
        if not has_fill and not has_stroke:
            return
        paint = []
        if has_fill:
            paint.append(f"{_rgb(fill)} rg")
        if has_stroke:
            paint.append(f"{_rgb(stroke)} RG {_pt(sw)} w")
        op = "B" if has_fill and has_stroke else ("f" if has_fill else "S")
        if r == 0:
            path = f"{_pt(x)} {_pt(self.height - y - h)} {_pt(w)} {_pt(h)} re"
        else:
            k = (r * _ARC[0] + _ARC[1] // 2) // _ARC[1]
            p = self.point
            path = " ".join([
                f"{p(x + r, y)} m", f"{p(x + w - r, y)} l",
                f"{p(x + w - k, y)} {p(x + w, y + k)} {p(x + w, y + r)} c",
                f"{p(x + w, y + h - r)} l",
                f"{p(x + w, y + h - k)} {p(x + w - k, y + h)} {p(x + w - r, y + h)} c",
                f"{p(x + r, y + h)} l",
                f"{p(x + k, y + h)} {p(x, y + h - k)} {p(x, y + h - r)} c",
                f"{p(x, y + r)} l", f"{p(x, y + k)} {p(x + k, y)} {p(x + r, y)} c", "h"])
        self.ops.append(f"q {' '.join(paint)} {path} {op} Q")

    def line(self, item: dict[str, Any], where: str) -> None:
        x1, y1 = _int(item, "x1", where), _int(item, "y1", where)
        x2, y2 = _int(item, "x2", where), _int(item, "y2", where)
        stroke = _paint(item.get("stroke"), where)
        sw = _int(item, "stroke_width", where)
        if stroke == "none" or sw <= 0:
            return
        self.ops.append(f"q {_rgb(stroke)} RG {_pt(sw)} w {self.point(x1, y1)} m "
                        f"{self.point(x2, y2)} l S Q")

    def text(self, item: dict[str, Any], where: str) -> None:
        ops: list[str] = []
        for line in item.get("lines", []):
            for run in line.get("runs", []):
                glyphs = self.glyphs[id(run)]
                if not glyphs:
                    continue
                font_index, size = _int(run, "font", where), _int(run, "size", where)
                font = self.fonts[font_index]
                size_e4 = (size * 20000 + EMU_PER_PT) // (2 * EMU_PER_PT)  # 1/10000 pt
                ops.append(f"/F{font_index} {ratio(size_e4, 10000, 4)} Tf "
                           f"{_rgb(_paint(run.get('color'), where))} rg")
                ops.extend(self._segments(glyphs, font, size_e4))
        if ops:
            self.ops.append("BT " + "\n".join(ops) + " ET")

    def _segments(self, glyphs: list[tuple[int, int, int, str]], font: EmbeddedFont,
                  size_e4: int) -> list[str]:
        """``Tm`` + ``TJ`` per stretch of glyphs on one baseline.

        The viewer advances by the written glyph width; each ``TJ`` number
        corrects that to our position, tracked in integer 1e-10 pt (width in
        1e-6 em times size in 1e-4 pt), so rounding never accumulates.
        """
        out: list[str] = []
        parts: list[str] = []
        baseline: int | None = None
        pos = 0
        unit = size_e4 * 10  # 1e-10 pt moved by one TJ unit of 1/100000 em
        for gid, x, y, text in glyphs:
            target = (x * 2 * 10**10 + EMU_PER_PT) // (2 * EMU_PER_PT)
            glyph: list[str] = []
            if baseline != y or unit == 0:
                if parts:
                    out.append(f"[{' '.join(parts)}] TJ")
                parts = []
                baseline = y
                start = (x * 20000 + EMU_PER_PT) // (2 * EMU_PER_PT)
                out.append(f"1 0 0 1 {ratio(start, 10000, 4)} {_pt(self.height - y)} Tm")
                pos = start * 10**6
            else:
                diff = pos - target
                steps = (abs(diff) * 2 + unit) // (2 * unit)
                steps = steps if diff >= 0 else -steps
                if steps:
                    glyph.append(ratio(steps, 100, 2))
                    pos -= steps * unit
            code = font.codes[gid]
            glyph.append(f"<{code:04X}>")
            pos += font.widths[code] * size_e4
            if text and text != font.texts.get(gid):
                # one glyph standing for different text in different places (U+00B7 and
                # U+2022 may share a glyph): ToUnicode holds one, ActualText the other
                if parts:
                    out.append(f"[{' '.join(parts)}] TJ")
                    parts = []
                actual = "FEFF" + text.encode("utf-16-be").hex().upper()
                out.append(f"/Span <</ActualText <{actual}>>> BDC [{' '.join(glyph)}] TJ EMC")
            else:
                parts.extend(glyph)
        if parts:
            out.append(f"[{' '.join(parts)}] TJ")
        return out


def _used_glyphs(display_list: dict[str, Any], pages: Sequence[int],
                 prepared: dict[int, list[tuple[int, int, int, str]]]) -> dict[int, dict[int, str]]:
    """Glyph id -> text per font index, over the given pages; fills ``prepared`` per run."""
    used: dict[int, dict[int, str]] = {}
    for i in pages:
        for item, where in walk(display_list["pages"][i].get("items", []), f"page {i + 1}"):
            if item.get("type") != "text":
                continue
            for line in item.get("lines", []):
                for run in line.get("runs", []):
                    texts = used.setdefault(_int(run, "font", where), {})
                    glyphs = prepared[id(run)] = _glyph_texts(run, where)
                    for gid, _x, _y, piece in glyphs:
                        if not texts.get(gid):
                            texts[gid] = piece
    return used


def export_pages(display_list: dict[str, Any], pages: Sequence[int], *,
                 fonts: Sequence[FontSource] | None = None,
                 assets: Assets | None = None) -> list[bytes]:
    """One PDF document holding the given pages (0-based indexes), in that order.

    Image items are embedded from ``assets`` (their files by ``src``)."""
    check_display_list(display_list)
    sources = list(fonts) if fonts is not None else default_fonts()
    declared = font_set(display_list, sources)  # checks indexes and units per em
    prepared: dict[int, list[tuple[int, int, int, str]]] = {}
    used = _used_glyphs(display_list, pages, prepared)
    writer = PdfWriter()
    catalog = writer.reserve()
    page_tree = writer.reserve()
    embedded: dict[int, EmbeddedFont] = {}
    for index in sorted(used):
        if index not in declared:
            raise ExportError(f"a run uses font {index}, which the display list does not "
                              "declare", code="export.display_list")
        data, _name, digest = read_font(sources[index])
        embedded[index] = embed(writer, data, used[index], digest)
    font_resources = {f"F{i}": f.ref for i, f in embedded.items()}
    images = ImageObjects(writer)
    kids = []
    for i in pages:
        page = display_list["pages"][i]
        where = f"page {i + 1}"
        width, height = _int(page, "width", where), _int(page, "height", where)
        if width <= 0 or height <= 0:
            raise ExportError(f"{where}: page size must be positive", code="export.display_list")
        content = _Content(height, embedded, prepared, images, assets)
        background = _paint(page.get("background", "#ffffff"), where)
        if background != "none":
            content.fill_rect(0, 0, width, height, background)
        content.items(page.get("items", []), where)
        stream = writer.add(Stream("\n".join(content.ops).encode("ascii") + b"\n"))
        resources: dict = {"Font": font_resources} if font_resources else {}
        if content.xobjects:
            resources["XObject"] = dict(sorted(content.xobjects.items()))
        kids.append(writer.add({
            "Type": Name("Page"), "Parent": page_tree,
            "MediaBox": [0, 0, Raw(_pt(width)), Raw(_pt(height))],
            "Resources": resources, "Contents": stream}))
    writer.set(page_tree, {"Type": Name("Pages"), "Kids": kids, "Count": len(kids)})
    root: dict = {"Type": Name("Catalog"), "Pages": page_tree}
    lang = display_list.get("lang")
    if isinstance(lang, str) and lang.isascii() and lang.replace("-", "").isalnum():
        root["Lang"] = lang
    writer.set(catalog, root)
    info = writer.add({"Producer": "o3-local"})
    return [writer.write(catalog, info)]
