"""Word-native DOCX for a flow document: paragraphs, styles, lists, tables and fields.

A flow display list says what each item is in the flow (contract section 6:
``role``/``meta`` on items, ``content`` on pages), so instead of pinning every
box to its page (what :mod:`.docx` does for positioned pages) this writes the
document Word and LibreOffice lay out themselves and reflow after an edit:

- one section of the page size with the flow's margins; its header and footer
  parts hold the ``<header>``/``<footer>`` items (first-page and even-page
  variants as Word's own), their text as paragraphs with tab stops and the
  ``page.number``/``page.count`` values as ``PAGE``/``NUMPAGES`` fields, lines
  and rects as shapes anchored to the page;
- headings are ``Heading 1``-``3`` paragraphs, paragraphs ``Normal``, list
  items ``List Paragraph`` with Word numbering whose level text is the marker
  we drew (``•``, ``(1)``, ``1.``); a paragraph split over pages is one paragraph
  again; a table split over pages is one table whose header rows repeat
  (``w:tblHeader``); a chart is an inline picture drawn exactly as ours;
- a page break only where the author wrote ``<page-break/>``.

Each run keeps our font, size, colour and weight; spacing is exact line height
and the gaps we laid out, so an unedited document looks close to ours.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from ..errors import ExportError
from .display import integer as _int
from .docx import _NS, EMU_PER_TWIP, _Page, _round_div
from .fonts import FontSource, font_set
from .items import Assets, image_box, read_image
from .ooxml_common import office_lang
from .ooxml_table import TableLayout, table_layout

_JC = {"left": "left", "center": "center", "right": "right", "justify": "both"}
_BODY_ROLES = {"heading", "paragraph", "list-item", "toc"}
_PIC_URI = "http://schemas.openxmlformats.org/drawingml/2006/picture"


def is_flow(display_list: dict[str, Any], pages: Sequence[int]) -> bool:
    """Whether the pages are flow pages (each says its content area)."""
    all_pages = display_list.get("pages", [])
    return bool(pages) and all(isinstance(all_pages[i], dict)
                               and isinstance(all_pages[i].get("content"), dict) for i in pages)


def _text(item: dict[str, Any]) -> str:
    return "".join(str(r.get("text", "")) for p in item.get("paragraphs", [])
                   for r in p.get("runs", []))


def _twips(emu: int) -> int:
    return _round_div(emu, EMU_PER_TWIP)


class _Block:
    """One body block of the flow, its parts (one per page it spans) gathered."""

    def __init__(self, kind: str, item: dict[str, Any], page: int) -> None:
        self.kind = kind  # a text role, "table", "chart", "figure"
        self.parts = [item]
        self.page = page
        self.marker: dict[str, Any] | None = None
        self.toc_page: str | None = None
        self.gap = 0  # EMU above its first part, as we laid it out (0 at a page top)
        self.page_break = False


def _blocks(display_list: dict[str, Any], pages: Sequence[int]) -> list[_Block]:
    blocks: list[_Block] = []
    by_id: dict[int, _Block] = {}
    for i in pages:
        page = display_list["pages"][i]
        where = f"page {i + 1}"
        bottom: int | None = None  # the end of the last body block on this page
        first_on_page = True
        for n, item in enumerate(page.get("items", [])):
            if not isinstance(item, dict):
                raise ExportError(f"{where} item {n}: an item must be an object",
                                  code="export.display_list")
            role, meta = item.get("role"), item.get("meta") or {}
            block_id = meta.get("block") if isinstance(meta, dict) else None
            new: _Block | None = None
            if item.get("type") == "group" and role == "table":
                if meta.get("continued") and blocks and blocks[-1].kind == "table":
                    blocks[-1].parts.append(item)
                else:
                    new = _Block("table", item, i)
            elif item.get("type") == "group" and role == "chart":
                new = _Block("chart", item, i)
            elif role == "figure":
                new = _Block("figure", item, i)
            elif role == "placed":  # a box the author placed on this page (a logo, a stamp)
                if blocks and blocks[-1].kind == "placed" and blocks[-1].page == i:
                    blocks[-1].parts.append(item)
                else:
                    blocks.append(_Block("placed", item, i))
                continue
            elif role == "list-marker":
                by_id.setdefault(block_id, _Block("list-item", item, i)).marker = item
                continue
            elif role == "toc-page" and block_id in by_id:
                by_id[block_id].toc_page = _text(item)
                continue
            elif role in _BODY_ROLES:
                known = by_id.get(block_id)
                if known is not None and known.parts and known.parts[0].get("role") == role:
                    known.parts.append(item)  # the next part of a split paragraph
                else:
                    marker = known.marker if known is not None else None
                    new = _Block(role, item, i)
                    new.marker = marker
                    by_id[block_id] = new
            else:
                continue  # header, footer, toc leaders, placed boxes: not body text
            top = _int(item, "y", where)
            if new is not None:
                new.gap = 0 if bottom is None else max(0, top - bottom)
                new.page_break = bool(page.get("page_break")) and first_on_page
                blocks.append(new)
                first_on_page = False
            bottom = top + _int(item, "h", where)
    return blocks


def _join(parts: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The logical paragraphs (lists of runs) of a block's parts, split paragraphs joined."""
    result: list[list[dict[str, Any]]] = []
    for k, item in enumerate(parts):
        paras = [list(p.get("runs", [])) for p in item.get("paragraphs", [])]
        if k and result and paras:
            head, tail = _text({"paragraphs": [{"runs": result[-1]}]}), _text(
                {"paragraphs": [{"runs": paras[0]}]})
            if head and tail and head[-1].isascii() and head[-1].isalnum() and tail[0].isascii() \
                    and tail[0].isalnum() or head.endswith((",", ".", ";", ":")) and tail[:1].isascii():
                result[-1].append(dict(paras[0][0], text=" ") if paras[0] else {})
            result[-1].extend(paras[0])
            paras = paras[1:]
        result.extend(paras)
    return result


class _Numbering:
    """Word numbering for the flow's lists: one definition per list, levels from our markers."""

    def __init__(self) -> None:
        self.abstract: list[str] = []
        self.levels: dict[int, str] = {}
        self.current = 0

    def start(self) -> None:
        self.current = len(self.abstract) + 1
        self.levels = {}
        self.abstract.append("")

    def use(self, level: int, marker: str, ordered: bool, indent: int, hanging: int) -> int:
        ilvl = max(0, min(8, level - 1))
        if ilvl not in self.levels:
            if ordered and re.search(r"\d+", marker):
                digits = re.search(r"\d+", marker)
                assert digits is not None
                text = marker[:digits.start()] + f"%{ilvl + 1}" + marker[digits.end():]
                fmt, start = "decimal", int(digits.group())
            else:
                text, fmt, start = marker or "\u2022", "bullet", 1
            self.levels[ilvl] = (
                f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>'
                f'<w:lvlText w:val="{escape(text, {chr(34): "&quot;"})}"/><w:lvlJc w:val="right"/>'
                f'<w:pPr><w:tabs><w:tab w:val="num" w:pos="{indent}"/></w:tabs>'
                f'<w:ind w:left="{indent}" w:hanging="{hanging}"/></w:pPr></w:lvl>')
            self.abstract[self.current - 1] = "".join(self.levels[k] for k in sorted(self.levels))
        return ilvl

    def xml(self) -> str:
        ns = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
        body = "".join(f'<w:abstractNum w:abstractNumId="{900 + k}"><w:multiLevelType '
                       f'w:val="multilevel"/>{levels}</w:abstractNum>'
                       for k, levels in enumerate(self.abstract))
        body += "".join(f'<w:num w:numId="{900 + k}"><w:abstractNumId w:val="{900 + k}"/></w:num>'
                        for k in range(len(self.abstract)))
        return f"<w:numbering {ns}>{body}</w:numbering>"


class _Writer:
    def __init__(self, display_list: dict[str, Any], out: _Page, lang: str,
                 chart_png: Callable[[dict[str, Any], int, str], bytes],
                 add_image: Callable[[bytes], str]) -> None:
        self.dl = display_list
        self.out = out
        self.lang = lang
        self.chart_png = chart_png
        self.add_image = add_image
        self.numbering = _Numbering()
        self.next_pic = 3_000_000  # drawing ids: body pictures, apart from headers' and placed

    def runs(self, runs: list[dict[str, Any]], lang: str, where: str) -> str:
        parts = []
        for run in runs:
            if not run:
                continue
            pieces = str(run.get("text", "")).split("\n")
            for k, piece in enumerate(pieces):
                if k:
                    parts.append("<w:r><w:br/></w:r>")
                if piece:
                    parts.append(self.out._run(dict(run, text=piece), lang, where))
        return "".join(parts)

    def ppr(self, item: dict[str, Any], style: str, before: int, content_x: int, where: str,
            extra: str = "", indent: str | None = None) -> str:
        line_height = _int(item, "line_height", where)
        spacing = f'<w:spacing w:before="{_twips(before)}" w:after="0"'
        if line_height > 0:
            spacing += f' w:line="{_twips(line_height)}" w:lineRule="exact"'
        left = _int(item, "x", where) - content_x
        ind = indent if indent is not None else (f'<w:ind w:left="{_twips(left)}"/>' if left > 0 else "")
        return (f'<w:pPr><w:pStyle w:val="{style}"/>{extra}'
                f'{spacing}/>{ind}<w:jc w:val="{_JC.get(item.get("align"), "left")}"/></w:pPr>')

    def text_block(self, block: _Block, content_x: int, content_w: int, where: str,
                   in_list: bool, toc: tuple[int, bool, bool] = (0, False, False)) -> list[str]:
        """A text block's paragraphs; ``toc``: (depth, first entry, last entry) of a table
        of contents, which is one Word ``TOC`` field whose shown result is our entries."""
        first = block.parts[0]
        meta = first.get("meta") or {}
        lang = office_lang(first.get("lang", self.lang))
        brk = "<w:pageBreakBefore/>" if block.page_break else ""
        paragraphs = _join(block.parts)
        role = block.kind
        out = []
        for k, runs in enumerate(paragraphs):
            before = block.gap if k == 0 else 0
            extra = brk if k == 0 else ""
            tail = ""
            indent = None
            if role == "heading":
                style = f"Heading{min(3, max(1, int(meta.get('level', 1))))}"
                extra = "<w:keepNext/>" + extra  # keepNext precedes pageBreakBefore (schema)
            elif role == "list-item":
                style = "ListParagraph"
                x = _int(first, "x", where) - content_x
                if block.marker is not None and k == 0:
                    if not in_list:
                        self.numbering.start()
                    mx = _int(block.marker, "x", where) - content_x + _int(block.marker, "w", where)
                    ilvl = self.numbering.use(int(meta.get("level", 1)), _text(block.marker),
                                              bool(meta.get("ordered")), _twips(x), _twips(x - mx))
                    extra += (f'<w:numPr><w:ilvl w:val="{ilvl}"/>'
                              f'<w:numId w:val="{899 + self.numbering.current}"/></w:numPr>')
                    indent = f'<w:ind w:left="{_twips(x)}" w:hanging="{_twips(x - mx)}"/>'
                else:
                    indent = f'<w:ind w:left="{_twips(x)}"/>'
            elif role == "toc":
                style = "Normal"
                if block.toc_page is not None and k == len(paragraphs) - 1:
                    right = _twips(content_w)
                    extra += (f'<w:tabs><w:tab w:val="right" w:leader="dot" w:pos="{right}"/></w:tabs>')
                    run0 = next((r for r in runs if r), None)
                    if run0 is not None:
                        tail = ("<w:r><w:tab/></w:r>"
                                + self.out._run(dict(run0, text=block.toc_page), lang, where))
            else:
                style = "Normal"
            ppr = self.ppr(first, style, before, content_x, where, extra, indent)
            head = ""
            if role == "toc" and toc[1] and k == 0:
                head = ('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText '
                        f'xml:space="preserve"> TOC \\o "1-{toc[0]}" \\h \\z </w:instrText></w:r>'
                        '<w:r><w:fldChar w:fldCharType="separate"/></w:r>')
            if role == "toc" and toc[2] and k == len(paragraphs) - 1:
                tail += '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
            out.append(f"<w:p {_NS}>{ppr}{head}{self.runs(runs, lang, where)}{tail}</w:p>")
        return out

    def table(self, block: _Block, where: str) -> list[str]:
        bold = {i for i, (_f, b) in self.out.families.items() if b}
        merged: TableLayout | None = None
        for k, part in enumerate(block.parts):
            layout = table_layout(part, f"{where} table part {k}", bold)
            if merged is None:
                merged = layout
            else:  # a continuation: its header rows are the repeated copies
                merged.rows.extend(r for r in layout.rows if not r.header)
        assert merged is not None
        spacer = self.spacer(block.gap, block.page_break)
        return [spacer, self.out.table(merged, where, floating=False)]

    def spacer(self, gap: int, page_break: bool) -> str:
        """An empty paragraph as tall as the gap above a table or picture (Word keeps two
        tables apart only with a paragraph between them)."""
        brk = "<w:pageBreakBefore/>" if page_break else ""
        return (f'<w:p {_NS}><w:pPr>{brk}<w:spacing w:before="0" w:after="0" '
                f'w:line="{max(20, _twips(gap))}" w:lineRule="exact"/>'
                '<w:rPr><w:sz w:val="2"/></w:rPr></w:pPr></w:p>')

    def picture(self, data: bytes, w: int, h: int, name: str, gap: int, page_break: bool,
                content_x: int, x: int) -> list[str]:
        rid = self.add_image(data)
        self.next_pic += 1
        pid = self.next_pic
        ind = f'<w:ind w:left="{_twips(x - content_x)}"/>' if x > content_x else ""
        brk = "<w:pageBreakBefore/>" if page_break else ""
        return [
            f'<w:p {_NS}><w:pPr>{brk}<w:spacing w:before="{_twips(gap)}" w:after="0"/>{ind}</w:pPr>'
            '<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">'
            f'<wp:extent cx="{w}" cy="{h}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>'
            f'<wp:docPr id="{pid}" name="{escape(name)}"/><wp:cNvGraphicFramePr/>'
            f'<a:graphic><a:graphicData uri="{_PIC_URI}"><pic:pic><pic:nvPicPr>'
            f'<pic:cNvPr id="{pid}" name="{escape(name)}"/><pic:cNvPicPr/></pic:nvPicPr>'
            f'<pic:blipFill><a:blip r:embed="{rid}"/><a:stretch><a:fillRect/></a:stretch>'
            f'</pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="{w}" cy="{h}"/>'
            '</a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>'
            '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>']

    def placed(self, block: _Block, where: str) -> str:
        """The page's placed boxes anchored to the page at our offsets, in a 1-pt paragraph
        (they go with the text around them when an edit moves it to another page)."""
        shapes = _Page(self.out.families, self.out.metrics, self.lang, 2_000_000 + 1000 * block.page,
                       self.out.assets, self.add_image)
        shapes.items(block.parts, where)
        return (f'<w:p {_NS}><w:pPr><w:spacing w:before="0" w:after="0" w:line="20" '
                'w:lineRule="exact"/><w:rPr><w:sz w:val="2"/></w:rPr></w:pPr>'
                f'{"".join(shapes.runs)}</w:p>')

    def body(self, pages: Sequence[int]) -> list[str]:
        content = self.dl["pages"][pages[0]]["content"]
        cx, cw = _int(content, "x", "page 1 content"), _int(content, "w", "page 1 content")
        out: list[str] = []
        previous = ""
        blocks = _blocks(self.dl, pages)
        kinds = [b.kind for b in blocks]
        depth = max([int((b.parts[0].get("meta") or {}).get("level", 1)) for b in blocks
                     if b.kind == "toc"] or [1])
        for n, block in enumerate(blocks):
            where = f"page {block.page + 1} block {n}"
            first = block.parts[0]
            if block.kind == "table":
                out += self.table(block, where)
            elif block.kind == "chart":
                x, y, w, h = (_int(first, k, where) for k in ("x", "y", "w", "h"))
                png = self.chart_png(first, block.page, where)
                out += self.picture(png, w, h, "Chart", block.gap, block.page_break, cx, x)
            elif block.kind == "placed":
                out.append(self.placed(block, where))
                continue  # takes no room: the next block keeps its place in a list
            elif block.kind == "figure":
                (x, _y, w, h), _clip = image_box(first, where)
                image = read_image(self.out.assets, first.get("src"), where)
                out += self.picture(image.data, w, h, str(image.src), block.gap,
                                    block.page_break, cx, x)
            else:
                in_list = previous == "list-item"
                toc = (depth, n == 0 or kinds[n - 1] != "toc",
                       n + 1 == len(kinds) or kinds[n + 1] != "toc")
                out += self.text_block(block, cx, cw, where, in_list, toc)
            previous = block.kind
        if out and out[-1].startswith("<w:tbl"):
            out.append(f"<w:p {_NS}/>")
        return out


def _field(name: str, value: str, run: dict[str, Any], out: _Page, lang: str, where: str) -> str:
    shown = out._run(dict(run, text=value), lang, where)
    props = shown[shown.index("<w:rPr>"):shown.index("</w:rPr>") + len("</w:rPr>")]
    return (f'<w:r>{props}<w:fldChar w:fldCharType="begin"/></w:r>'
            f'<w:r>{props}<w:instrText xml:space="preserve"> {name} </w:instrText></w:r>'
            f'<w:r>{props}<w:fldChar w:fldCharType="separate"/></w:r>{shown}'
            f'<w:r>{props}<w:fldChar w:fldCharType="end"/></w:r>')


def _field_runs(item: dict[str, Any], page_number: int, page_count: int, out: _Page,
                lang: str, where: str) -> str:
    """The item's runs with each page.number / page.count value it shows as a field."""
    wanted = [("PAGE", str(page_number)) if f == "page" else ("NUMPAGES", str(page_count))
              for f in (item.get("meta") or {}).get("fields", [])]
    parts = []
    for k, para in enumerate(item.get("paragraphs", [])):
        if k:
            parts.append("<w:r><w:br/></w:r>")
        for run in para.get("runs", []):
            text = str(run.get("text", ""))
            pos = 0
            while wanted:
                name, value = wanted[0]
                found = re.search(rf"(?<!\d){re.escape(value)}(?!\d)", text[pos:])
                if found is None:
                    break
                start = pos + found.start()
                if start > pos:
                    parts.append(out._run(dict(run, text=text[pos:start]), lang, where))
                parts.append(_field(name, value, run, out, lang, where))
                pos = start + len(value)
                wanted.pop(0)
            if pos < len(text):
                parts.append(out._run(dict(run, text=text[pos:]), lang, where))
    return "".join(parts)


def _master(items: list[dict[str, Any]], page_number: int, page_count: int, out: _Page,
            add_image: Callable[[bytes], str], first_id: int,
            content: dict[str, int], lang: str, where: str) -> list[str]:
    """Header or footer content: text lines as paragraphs with tab stops, shapes anchored."""
    cx = content["x"]
    texts = sorted((it for it in items if it.get("type") == "text"),
                   key=lambda it: (_int(it, "y", where), _int(it, "x", where)))
    shapes = _Page(out.families, out.metrics, out.lang, first_id, out.assets,
                   add_image)  # pictures are related from the header/footer part itself
    shapes.items([it for it in items if it.get("type") != "text"], where)
    anchors = "".join(r.replace('behindDoc="0"', 'behindDoc="1"', 1) for r in shapes.runs)
    rows: list[list[dict[str, Any]]] = []
    for it in texts:
        if rows and _int(rows[-1][0], "y", where) == _int(it, "y", where):
            rows[-1].append(it)
        else:
            rows.append([it])
    paragraphs = []
    for row in rows:
        tabs, body = [], []
        for k, it in enumerate(row):
            x, w = _int(it, "x", where) - cx, _int(it, "w", where)
            align = it.get("align", "left")
            pos, kind = {"center": (x + w // 2, "center"), "right": (x + w, "right")}.get(
                align, (x, "left"))
            if k or pos > 0 or kind != "left":
                tabs.append(f'<w:tab w:val="{kind}" w:pos="{_twips(pos)}"/>')
                body.append("<w:r><w:tab/></w:r>")
            body.append(_field_runs(it, page_number, page_count, out,
                                    office_lang(it.get("lang", lang)), where))
        line_height = _int(row[0], "line_height", where)
        paragraphs.append(
            f'<w:p {_NS}><w:pPr>{"<w:tabs>" + "".join(tabs) + "</w:tabs>" if tabs else ""}'
            '<w:spacing w:before="0" '
            f'w:after="0" w:line="{max(20, _twips(line_height))}" w:lineRule="exact"/>'
            f'<w:ind w:left="0" w:right="0"/></w:pPr>'
            f'{anchors if not paragraphs else ""}{"".join(body)}</w:p>')
    if not paragraphs:
        paragraphs.append(f'<w:p {_NS}><w:pPr><w:spacing w:before="0" w:after="0"/></w:pPr>'
                          f"{anchors}</w:p>")
    return paragraphs


def export_flow(display_list: dict[str, Any], pages: Sequence[int], *,
                families: dict[int, tuple[str, bool]], metrics: Any,
                fonts: Sequence[FontSource], assets: Assets | None) -> bytes:
    """The flow pages as one Word-native document (see the module docstring)."""
    import docx
    from docx.oxml import parse_xml
    from docx.oxml.ns import qn
    from docx.shared import Emu

    from .ooxml_common import fix_core_properties, reproducible_zip
    from .svg_page import page_svg

    lang = display_list.get("lang", "en")
    document = docx.Document()
    fix_core_properties(document.core_properties)

    def add_image(data: bytes) -> str:
        return document.part.get_or_add_image(io.BytesIO(data))[0]

    outlines = None

    def chart_png(group: dict[str, Any], page_index: int, where: str) -> bytes:
        """The chart drawn exactly as ours, at 192 dpi: our page's SVG cropped to its box."""
        nonlocal outlines
        import resvg_py

        if outlines is None:
            outlines = font_set(display_list, fonts)
        page = display_list["pages"][page_index]
        single = dict(display_list, pages=[dict(page, items=[group])])
        x, y, w, h = (_int(group, k, where) for k in ("x", "y", "w", "h"))
        px_w, px_h = max(1, w * 192 // 914400), max(1, h * 192 // 914400)
        svg = page_svg(single, 0, fonts=outlines, px_size=(px_w, px_h), assets=assets)
        svg = re.sub(r'viewBox="0 0 \d+ \d+"', f'viewBox="{x} {y} {w} {h}"', svg, count=1)
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True))

    out = _Page(families, metrics, lang, 1, assets, add_image)
    writer = _Writer(display_list, out, lang, chart_png, add_image)
    body = document.element.body
    for child in list(body):
        if child.tag != qn("w:sectPr"):
            body.remove(child)
    sect_pr = body[-1]
    for paragraph in writer.body(pages):
        sect_pr.addprevious(parse_xml(paragraph))

    first = display_list["pages"][pages[0]]
    where = f"page {pages[0] + 1}"
    content = {k: _int(first["content"], k, f"{where} content") for k in ("x", "y", "w", "h")}
    width, height = _int(first, "width", where), _int(first, "height", where)
    section = document.sections[0]
    section.page_width, section.page_height = Emu(width), Emu(height)
    section.left_margin, section.top_margin = Emu(content["x"]), Emu(content["y"])
    section.right_margin = Emu(width - content["x"] - content["w"])
    section.bottom_margin = Emu(height - content["y"] - content["h"])

    # Word's header/footer kinds from what our pages show: "default" as on the first page
    # that shows an all/odd variant, "first" as on the first page when it has its own,
    # "even" as on the second page when even pages have their own
    count = len(display_list["pages"])
    shown: list[dict[tuple[str, str], list[dict[str, Any]]]] = []
    for i in pages:
        by: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for item in display_list["pages"][i].get("items", []):
            meta = item.get("meta") if isinstance(item, dict) else None
            if item.get("role") in ("header", "footer") and isinstance(meta, dict):
                by.setdefault((item["role"], str(meta.get("variant", "all"))), []).append(item)
        shown.append(by)
    variants = {v for by in shown for _r, v in by}
    seen: dict[tuple[str, str], tuple[int, list[dict[str, Any]]]] = {}
    for role in ("header", "footer"):
        for n, by in enumerate(shown):
            items = by.get((role, "all"), []) + by.get((role, "odd"), [])
            if items and (role, "all") not in seen:
                seen[(role, "all")] = (pages[n], items)
        if "first" in variants:
            seen[(role, "first")] = (pages[0], [it for (r, _v), its in shown[0].items() if r == role
                                                 for it in its])
        if "even" in variants and len(shown) > 1:
            seen[(role, "even")] = (pages[1], [it for (r, _v), its in shown[1].items() if r == role
                                                for it in its])
    tops = [_int(it, "y", "header") for (role, _v), (_i, its) in seen.items() if role == "header"
            for it in its if it.get("type") == "text"]
    bottoms = [height - _int(it, "y", "footer") - _int(it, "h", "footer")
               for (role, _v), (_i, its) in seen.items() if role == "footer" for it in its
               if it.get("type") == "text"]
    section.header_distance = Emu(max(0, min(tops))) if tops else Emu(content["y"] // 2)
    section.footer_distance = Emu(max(0, min(bottoms))) if bottoms else Emu(
        (height - content["y"] - content["h"]) // 2)
    if "first" in variants:
        section.different_first_page_header_footer = True
    if "even" in variants:
        document.settings.odd_and_even_pages_header_footer = True
    for n_part, ((role, variant), (i, items)) in enumerate(sorted(seen.items())):
        part = {("header", "all"): section.header, ("header", "odd"): section.header,
                ("header", "first"): section.first_page_header,
                ("header", "even"): section.even_page_header,
                ("footer", "all"): section.footer, ("footer", "odd"): section.footer,
                ("footer", "first"): section.first_page_footer,
                ("footer", "even"): section.even_page_footer}[(role, variant)]
        part.is_linked_to_previous = False
        element = part._element
        for child in list(element):
            element.remove(child)
        story = part.part

        def part_image(data: bytes, story: Any = story) -> str:
            return story.get_or_add_image(io.BytesIO(data))[0]

        for paragraph in _master(items, i + 1, count, out, part_image, 1_000_000 + 10_000 * n_part,
                                 content, lang,
                                 f"page {i + 1} {role}"):
            element.append(parse_xml(paragraph))
    if writer.numbering.abstract:
        numbering = document.part.numbering_part.element
        extra = parse_xml(writer.numbering.xml())
        nums = [e for e in extra if e.tag == qn("w:num")]
        for e in [e for e in extra if e.tag == qn("w:abstractNum")]:
            first_num = numbering.find(qn("w:num"))
            if first_num is not None:
                first_num.addprevious(e)
            else:
                numbering.append(e)
        for e in nums:
            numbering.append(e)
    data = io.BytesIO()
    document.save(data)
    if outlines is not None:
        from .fonts import remember

        remember(outlines)
    return reproducible_zip(data.getvalue())


__all__ = ["export_flow", "is_flow"]
