"""DOCX export: each display-list page as one Word page of positioned, editable shapes.

A display list is already paginated, and a page's items are placed
absolutely, so a page becomes one section of the page's size with zero
margins holding one (tiny) paragraph; every item is a DrawingML shape
anchored to that page at its exact offset (``wp:anchor``, no text
wrapping, later items in front).  Text items are text boxes (``wps:txbx``)
with the item's padding as insets, no autofit, its vertical anchor, one
Word paragraph per display-list paragraph with a line break (``w:br``)
wherever our layout ended a line, exact line spacing, explicit alignment,
the final font size, colour, bold, and the pinned font's family for ASCII,
East Asian and complex scripts.  Text stays editable and re-flows inside
its box; page count and positions stay ours.  Same display list -> same
bytes.

Display list version 2: a table group becomes a real Word table floating
at the group's position on its page (``w:tblpPr`` relative to the page's zero margins,
fixed column widths from the layout, header rows marked as repeating
headers, cell fills, fonts and alignment as drawn); a chart group is drawn
as its primitives (rects, polygons, polylines, text boxes: python-docx
cannot write a native chart, and shapes stay editable and exact);
polygons and polylines are custom-geometry shapes; images are anchored
pictures cropped to their box.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..errors import ExportError
from .display import check_display_list
from .display import integer as _int
from .fonts import FontSource, default_fonts
from .items import Assets, dispatch, image_box, points, read_image
from .office_text import Metrics, display_metrics, office_lines
from .ooxml_common import (
    fix_core_properties,
    font_families,
    hex_color,
    office_lang,
    reproducible_zip,
)
from .ooxml_table import TableLayout, continued_labels, table_layout

EMU_PER_TWIP = 635
EMU_PER_HALF_POINT = 6350

_NS = ('xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
       'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
       'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
       'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
       'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
       'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
       'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"')
_PIC_URI = "http://schemas.openxmlformats.org/drawingml/2006/picture"
_VALIGN = {"top": "top", "middle": "center", "bottom": "bottom"}
_WPS_URI = "http://schemas.microsoft.com/office/word/2010/wordprocessingShape"
_JC = {"left": "left", "center": "center", "right": "right", "justify": "both"}
_ANCHOR = {"top": "t", "middle": "ctr", "bottom": "b"}
_RECT = '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>'
_NO_LINE = "<a:ln><a:noFill/></a:ln>"


def _round_div(value: int, unit: int) -> int:
    return (value + unit // 2) // unit


def _fill_xml(color: str | None) -> str:
    return "<a:noFill/>" if color is None else f'<a:solidFill><a:srgbClr val="{color}"/></a:solidFill>'


def _line_xml(color: str | None, width: int) -> str:
    if color is None or width <= 0:
        return _NO_LINE
    return f'<a:ln w="{width}"><a:solidFill><a:srgbClr val="{color}"/></a:solidFill></a:ln>'


class _Page:
    """The anchored shapes of one page, as WordprocessingML runs."""

    def __init__(self, families: dict[int, tuple[str, bool]], metrics: Metrics, lang: str,
                 first_id: int, assets: Assets | None = None, add_image: Any = None) -> None:
        self.families = families
        self.metrics = metrics
        self.lang = lang
        self.next_id = first_id
        self.assets = assets
        self.add_image = add_image  # image bytes -> relationship id in the document part
        self.runs: list[str] = []
        self.tables: list[str] = []
        self.behind = 0  # runs drawn before the page's last table: they go behind the text

    def finish(self) -> list[str]:
        """The page's runs, those drawn before a table sent behind the text layer.

        A Word table is part of the text layer; a shape in front of the text
        (``behindDoc="0"``) covers it, so the page background and anything the
        layout drew under a table must lie behind the text (``behindDoc="1"``)
        or LibreOffice shows the table's cells blank."""
        return [run.replace('behindDoc="0"', 'behindDoc="1"', 1) if i < self.behind else run
                for i, run in enumerate(self.runs)]

    def items(self, items: Any, where: str) -> None:
        dispatch(items, where, "DOCX", {
            "rect": self.rect,
            "line": self.line,
            "text": self.text,
            "polygon": lambda item, w: self.polygon(item, w, closed=True),
            "polyline": lambda item, w: self.polygon(item, w, closed=False),
            "image": self.image,
        }, groups={"table": self.native_table})

    def native_table(self, item: dict[str, Any], where: str) -> None:
        """A table group becomes a Word table, editable as one."""
        bold = {i for i, (_f, b) in self.families.items() if b}
        self.tables.append(self.table(table_layout(item, where, bold), where))
        self.behind = len(self.runs)
        for label, at in continued_labels(item, where):  # 续表 above the rows, in front
            self.text(label, at)

    def polygon(self, item: dict[str, Any], where: str, *, closed: bool) -> None:
        pts = points(item, where)
        fill = hex_color(item.get("fill"), where) if closed else None
        line = _line_xml(hex_color(item.get("stroke"), where), _int(item, "stroke_width", where))
        if len(pts) < 2 or (fill is None and line == _NO_LINE):
            return
        left, top = min(p[0] for p in pts), min(p[1] for p in pts)
        w = max(1, max(p[0] for p in pts) - left)
        h = max(1, max(p[1] for p in pts) - top)
        path = [f'<a:moveTo><a:pt x="{pts[0][0] - left}" y="{pts[0][1] - top}"/></a:moveTo>']
        path += [f'<a:lnTo><a:pt x="{x - left}" y="{y - top}"/></a:lnTo>' for x, y in pts[1:]]
        if closed:
            path.append("<a:close/>")
        no_fill = "" if closed else ' fill="none"'
        geometry = ('<a:custGeom><a:avLst/><a:gdLst/><a:ahLst/><a:cxnLst/>'
                    '<a:rect l="0" t="0" r="r" b="b"/><a:pathLst>'
                    f'<a:path w="{w}" h="{h}"{no_fill}>'
                    f'{"".join(path)}</a:path></a:pathLst></a:custGeom>')
        self.anchor(left, top, w, h, geometry, fill, line)

    def image(self, item: dict[str, Any], where: str) -> None:
        (x, y, w, h), (cx, cy, cw, ch) = image_box(item, where)
        image = read_image(self.assets, item.get("src"), where)
        left, top = max(x, cx), max(y, cy)
        right, bottom = min(x + w, cx + cw), min(y + h, cy + ch)
        if w <= 0 or h <= 0 or right <= left or bottom <= top or self.add_image is None:
            return
        rid = self.add_image(image.data)
        crop = [(left - x) * 100000 // w, (top - y) * 100000 // h,
                (x + w - right) * 100000 // w, (y + h - bottom) * 100000 // h]
        shape_id = self.next_id
        self.next_id += 1
        cx_, cy_ = right - left, bottom - top
        self.runs.append(
            f'<w:r {_NS}><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" '
            f'simplePos="0" relativeHeight="{251658240 + shape_id}" behindDoc="0" locked="0" '
            'layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/>'
            f'<wp:positionH relativeFrom="page"><wp:posOffset>{left}</wp:posOffset>'
            f'</wp:positionH><wp:positionV relativeFrom="page"><wp:posOffset>{top}'
            f'</wp:posOffset></wp:positionV><wp:extent cx="{cx_}" cy="{cy_}"/>'
            '<wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapNone/>'
            f'<wp:docPr id="{shape_id}" name="Picture {shape_id}"/><wp:cNvGraphicFramePr/>'
            f'<a:graphic><a:graphicData uri="{_PIC_URI}"><pic:pic><pic:nvPicPr>'
            f'<pic:cNvPr id="{shape_id}" name="{escape(image.src)}"/><pic:cNvPicPr/>'
            f'</pic:nvPicPr><pic:blipFill><a:blip r:embed="{rid}"/>'
            f'<a:srcRect l="{crop[0]}" t="{crop[1]}" r="{crop[2]}" b="{crop[3]}"/>'
            '<a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm>'
            f'<a:off x="0" y="0"/><a:ext cx="{cx_}" cy="{cy_}"/></a:xfrm>{_RECT}</pic:spPr>'
            '</pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>')

    def table(self, table: TableLayout, where: str, *, floating: bool = True) -> str:
        """A Word table floating at the table's place on the page (or inline, in a flow)."""
        tw = [_round_div(c, EMU_PER_TWIP) for c in table.columns]
        borders = ""
        if table.border is not None:
            color, width = table.border
            size = max(2, min(96, _round_div(width * 8, 12700)))  # eighths of a point
            edge = f'w:val="single" w:sz="{size}" w:space="0" w:color="{color}"'
            borders = ("<w:tblBorders>" + "".join(
                f"<w:{side} {edge}/>" for side in
                ("top", "left", "bottom", "right", "insideH", "insideV")) + "</w:tblBorders>")
        place = ('<w:tblpPr w:leftFromText="0" w:rightFromText="0" w:topFromText="0" '
                 # vertically to the margin, which is the page (our sections have zero margins):
                 # LibreOffice imports a page-anchored floating table whose top is below the
                 # middle of the page at the page's top left corner (tblpY 145 mm ok, 150 mm not)
                 'w:bottomFromText="0" w:vertAnchor="margin" w:horzAnchor="page" '
                 f'w:tblpX="{_round_div(table.x, EMU_PER_TWIP)}" '
                 f'w:tblpY="{_round_div(table.y, EMU_PER_TWIP)}"/>'
                 '<w:tblOverlap w:val="overlap"/>') if floating else ""
        indent = "" if floating else '<w:tblInd w:w="0" w:type="dxa"/>'  # after tblW (schema order)
        parts = [f"<w:tbl {_NS}><w:tblPr>{place}"
                 f'<w:tblW w:w="{sum(tw)}" w:type="dxa"/>{indent}{borders}'
                 '<w:tblLayout w:type="fixed"/><w:tblCellMar><w:left w:w="0" w:type="dxa"/>'
                 '<w:right w:w="0" w:type="dxa"/></w:tblCellMar>'
                 '<w:tblLook w:val="0000" w:firstRow="0" w:lastRow="0" w:firstColumn="0" '
                 'w:lastColumn="0" w:noHBand="1" w:noVBand="1"/></w:tblPr><w:tblGrid>']
        parts += [f'<w:gridCol w:w="{w}"/>' for w in tw]
        parts.append("</w:tblGrid>")
        lang = office_lang(self.lang)
        fallback = next(iter(self.families))
        for row in table.rows:
            parts.append(f'<w:tr><w:trPr><w:trHeight w:val="{_round_div(row.height, EMU_PER_TWIP)}"'
                         f' w:hRule="atLeast"/>{"<w:tblHeader/>" if row.header else ""}</w:trPr>')
            for j, cell in enumerate(row.cells):
                pad = _round_div(cell.padding, EMU_PER_TWIP)
                shade = (f'<w:shd w:val="clear" w:color="auto" w:fill="{cell.fill}"/>'
                         if cell.fill else "")
                runs = []
                for l_index, piece in enumerate(cell.text.split("\n")):
                    if l_index:
                        runs.append("<w:r><w:br/></w:r>")
                    run = {"text": piece, "font": cell.font if cell.font in self.families
                           else fallback, "size": cell.size or 152400,
                           "color": f"#{cell.color}" if cell.color else None}
                    runs.append(self._run(run, lang, where))
                parts.append(
                    f'<w:tc><w:tcPr><w:tcW w:w="{tw[j]}" w:type="dxa"/>{shade}<w:tcMar>'
                    f'<w:top w:w="{pad}" w:type="dxa"/><w:left w:w="{pad}" w:type="dxa"/>'
                    f'<w:bottom w:w="{pad}" w:type="dxa"/><w:right w:w="{pad}" w:type="dxa"/>'
                    f'</w:tcMar><w:vAlign w:val="{_VALIGN.get(cell.valign, "center")}"/>'
                    f'</w:tcPr><w:p><w:pPr><w:spacing w:before="0" w:after="0"{_exact(cell.line_height)}/>'
                    f'<w:jc w:val="{_JC.get(cell.align, "left")}"/></w:pPr>'
                    f'{"".join(runs)}</w:p></w:tc>')
            parts.append("</w:tr>")
        parts.append("</w:tbl>")
        return "".join(parts)

    def anchor(self, x: int, y: int, w: int, h: int, geometry: str, fill: str | None,
               line: str, *, flip: str = "", text_body: str = "") -> None:
        """One shape anchored to the page; ``text_body`` (txbx + bodyPr) makes it a text box."""
        shape_id = self.next_id
        self.next_id += 1
        z = 251658240 + shape_id  # Word's own base for relativeHeight, then document order
        kind = ' txBox="1"' if text_body else ""
        self.runs.append(
            f'<w:r {_NS}><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing>'
            '<wp:anchor distT="0" distB="0" distL="0" distR="0" '
            f'simplePos="0" relativeHeight="{z}" behindDoc="0" locked="0" layoutInCell="1" '
            'allowOverlap="1"><wp:simplePos x="0" y="0"/>'
            f'<wp:positionH relativeFrom="page"><wp:posOffset>{x}</wp:posOffset></wp:positionH>'
            f'<wp:positionV relativeFrom="page"><wp:posOffset>{y}</wp:posOffset></wp:positionV>'
            f'<wp:extent cx="{w}" cy="{h}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>'
            f'<wp:wrapNone/><wp:docPr id="{shape_id}" name="Shape {shape_id}"/>'
            f'<wp:cNvGraphicFramePr/><a:graphic><a:graphicData uri="{_WPS_URI}"><wps:wsp>'
            f'<wps:cNvSpPr{kind}/>'
            f'<wps:spPr><a:xfrm{flip}><a:off x="0" y="0"/><a:ext cx="{w}" cy="{h}"/></a:xfrm>'
            f"{geometry}{_fill_xml(fill)}{line}</wps:spPr>{text_body or '<wps:bodyPr/>'}"
            "</wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>"
            "</mc:AlternateContent></w:r>")

    def rect(self, item: dict[str, Any], where: str) -> None:
        x, y, w, h = (_int(item, k, where) for k in ("x", "y", "w", "h"))
        radius = _int(item, "radius", where)
        if radius > 0 and min(w, h) > 0:
            adj = min(50000, radius * 100000 // min(w, h))
            geometry = (f'<a:prstGeom prst="roundRect"><a:avLst><a:gd name="adj" '
                        f'fmla="val {adj}"/></a:avLst></a:prstGeom>')
        else:
            geometry = _RECT
        self.anchor(x, y, w, h, geometry, hex_color(item.get("fill"), where),
                    _line_xml(hex_color(item.get("stroke"), where),
                              _int(item, "stroke_width", where)))

    def line(self, item: dict[str, Any], where: str) -> None:
        x1, y1 = _int(item, "x1", where), _int(item, "y1", where)
        x2, y2 = _int(item, "x2", where), _int(item, "y2", where)
        color = hex_color(item.get("stroke"), where)
        width = _int(item, "stroke_width", where)
        if color is None or width <= 0:
            return
        # the preset line runs top-left to bottom-right; a rising line is that one flipped
        flip = ' flipV="1"' if (x2 - x1) * (y2 - y1) < 0 else ""
        self.anchor(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1),
                    '<a:prstGeom prst="line"><a:avLst/></a:prstGeom>', None,
                    _line_xml(color, width), flip=flip)

    def _run(self, run_item: dict[str, Any], lang: str, where: str) -> str:
        font_index = _int(run_item, "font", where)
        if font_index not in self.families:
            raise ExportError(f"{where}: run uses undeclared font {font_index}",
                              code="export.display_list")
        family, bold = self.families[font_index]
        name = quoteattr(family)
        size = _round_div(_int(run_item, "size", where), EMU_PER_HALF_POINT)
        color = hex_color(run_item.get("color"), where)
        props = (f"<w:rFonts w:ascii={name} w:hAnsi={name} w:eastAsia={name} w:cs={name}/>"
                 + ("<w:b/><w:bCs/>" if bold else '<w:b w:val="0"/><w:bCs w:val="0"/>')
                 + (f'<w:color w:val="{color}"/>' if color else "")
                 + f'<w:sz w:val="{size}"/><w:szCs w:val="{size}"/>'
                 + f'<w:lang w:val="{lang}" w:eastAsia="{lang}"/>')
        text = escape(str(run_item.get("text", "")))
        return f'<w:r><w:rPr>{props}</w:rPr><w:t xml:space="preserve">{text}</w:t></w:r>'

    def text(self, item: dict[str, Any], where: str) -> None:
        x, y, w, h = (_int(item, k, where) for k in ("x", "y", "w", "h"))
        padding = _int(item, "padding", where)
        line_height = _int(item, "line_height", where)
        lang = office_lang(item.get("lang", self.lang))
        spacing = '<w:spacing w:before="0" w:after="0"'
        if line_height > 0:
            spacing += f' w:line="{_round_div(line_height, EMU_PER_TWIP)}" w:lineRule="exact"'
        ppr = ('<w:pPr><w:autoSpaceDE w:val="0"/><w:autoSpaceDN w:val="0"/>'
               f'{spacing}/><w:jc w:val="{_JC.get(item.get("align"), "left")}"/></w:pPr>')
        paragraphs = []
        for lines in office_lines(item, where, self.metrics):
            parts = []
            for l_index, runs in enumerate(lines):
                if l_index:
                    parts.append("<w:r><w:br/></w:r>")
                parts.extend(self._run(r, lang, where) for r in runs)
            paragraphs.append(f"<w:p>{ppr}{''.join(parts)}</w:p>")
        if not paragraphs:
            paragraphs.append("<w:p/>")
        anchor = _ANCHOR.get(item.get("valign"), "t")
        body = (f"<wps:txbx><w:txbxContent>{''.join(paragraphs)}</w:txbxContent></wps:txbx>"
                f'<wps:bodyPr rot="0" vert="horz" wrap="square" lIns="{padding}" '
                f'tIns="{padding}" rIns="{padding}" bIns="{padding}" anchor="{anchor}" '
                'anchorCtr="0"><a:noAutofit/></wps:bodyPr>')
        self.anchor(x, y, w, h, _RECT, None, _NO_LINE, text_body=body)


def _exact(line_height: int) -> str:
    """Our line height as Word's exact line spacing: with the font's own (CJK fonts run
    about 1.45 em) LibreOffice grows every row, and a table that fills a page down to its
    margin no longer fits, so LibreOffice moves the whole floating table up over the text
    above it."""
    return f' w:line="{_round_div(line_height, EMU_PER_TWIP)}" w:lineRule="exact"' if line_height > 0 else ""


def _section(width: int, height: int) -> str:
    w, h = _round_div(width, EMU_PER_TWIP), _round_div(height, EMU_PER_TWIP)
    orient = ' w:orient="landscape"' if w > h else ""
    return (f'<w:sectPr {_NS}><w:pgSz w:w="{w}" w:h="{h}"{orient}/>'
            '<w:pgMar w:top="0" w:right="0" w:bottom="0" w:left="0" w:header="0" '
            'w:footer="0" w:gutter="0"/></w:sectPr>')


def _page_paragraph(runs: list[str], section: str | None) -> str:
    # a 1pt paragraph that holds the anchors; it must never push onto a second page
    ppr = '<w:spacing w:before="0" w:after="0" w:line="20" w:lineRule="exact"/>'
    rpr = '<w:rPr><w:sz w:val="2"/><w:szCs w:val="2"/></w:rPr>'
    return (f"<w:p {_NS}><w:pPr>{ppr}{section or ''}{rpr}</w:pPr>{''.join(runs)}</w:p>")


def export_pages(display_list: dict[str, Any], pages: Sequence[int], *,
                 fonts: Sequence[FontSource] | None = None,
                 assets: Assets | None = None) -> list[bytes]:
    """One DOCX document holding the given pages (0-based indexes), one page each.

    Image items are pictures from ``assets`` (their files by ``src``)."""
    check_display_list(display_list)
    import docx
    from docx.oxml import parse_xml
    from docx.oxml.ns import qn

    sources = list(fonts) if fonts is not None else default_fonts()  # read and checked once
    families = font_families(display_list, sources)
    metrics = display_metrics(display_list, sources)
    from .docx_flow import export_flow, is_flow

    if is_flow(display_list, pages):  # a flow document: Word lays it out and reflows edits
        return [export_flow(display_list, pages, families=families, metrics=metrics,
                            fonts=sources, assets=assets)]
    lang = display_list.get("lang", "en")
    document = docx.Document()
    fix_core_properties(document.core_properties)
    body = document.element.body
    for child in list(body):
        body.remove(child)
    next_id = 1
    last_section = ""

    def add_image(data: bytes) -> str:
        return document.part.get_or_add_image(io.BytesIO(data))[0]

    for position, i in enumerate(pages):
        page = display_list["pages"][i]
        where = f"page {i + 1}"
        width, height = _int(page, "width", where), _int(page, "height", where)
        if width <= 0 or height <= 0:
            raise ExportError(f"{where}: page size must be positive", code="export.display_list")
        out = _Page(families, metrics, lang, next_id, assets, add_image)
        background = hex_color(page.get("background", "#ffffff"), where)
        if background is not None:
            out.anchor(0, 0, width, height, _RECT, background, _NO_LINE)
        out.items(page.get("items", []), where)
        next_id = out.next_id
        for table in out.tables:
            # a paragraph before each table: two tables in a row would merge into one, and
            # LibreOffice drops the section break when a floating table follows it directly
            body.append(parse_xml(_page_paragraph([], None)))
            body.append(parse_xml(table))
        if out.tables:
            # and one after: LibreOffice imports a floating table whose next paragraph ends a
            # section as an inline table at the page's top left corner
            body.append(parse_xml(_page_paragraph([], None)))
        section = _section(width, height)
        last = position == len(pages) - 1
        body.append(parse_xml(_page_paragraph(out.finish(), None if last else section)))
        last_section = section
    if not pages:
        body.append(parse_xml(_page_paragraph([], None)))
    body.append(parse_xml(last_section or _section(7772400, 10058400)))
    assert body[-1].tag == qn("w:sectPr")
    out_bytes = io.BytesIO()
    document.save(out_bytes)
    return [reproducible_zip(out_bytes.getvalue())]
