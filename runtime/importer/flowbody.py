"""The template body (``document.o3x``) of an imported Word document: one ``<flow>``.

The page setup becomes the ``<document>`` size and the ``<flow margin>``;
the header and footer parts become positioned ``<text>`` in the page
master (the header from the header distance down to the top margin, the
footer from the bottom margin down to the footer distance, bottom-anchored,
as Word and LibreOffice place them).  Each paragraph becomes ``<h1>``-``<h3>``
or ``<p>`` with every look the style chain resolved to written out
(font size, colour, weight, alignment, line spacing, space before and
after), so the flow's own defaults never change what the author set.
Runs are spelled by body.runs_markup (bold, colour spans; tags verbatim);
list paragraphs become nested ``<ul>``/``<ol>``; tables a flow ``<table>``
with the grid's widths; a paragraph holding only block tags becomes those
tags between blocks.  Every line knows the document place it came from.
"""

from __future__ import annotations

from collections import Counter

from . import tags
from .body import INDENT, _attrs, _cell_content, _comment, _paragraphs, _runs
from .model import Paragraph, Place, Row, Run
from .units import length, points, single_spacing_milli, spacing
from .wordml import Band, Block, Look, Picture, WordDocument

_SPACING_GRID = 6350  # half a point: spacing written as tidy lengths


def _size(look: Look, paragraph: Paragraph | None, notes: list[str], place: str) -> int:
    """The paragraph's font size: the size most of its text has."""
    sizes: Counter[int] = Counter()
    for run in (paragraph.runs if paragraph else []):
        sizes[run.size or look.size or 12 * 12700] += len(run.text)
    if len(sizes) > 1:
        notes.append(f"{place}: more than one text size in the paragraph (the most used, "
                     f"{points(sizes.most_common(1)[0][0])}, is kept)")
    return sizes.most_common(1)[0][0] if sizes else (look.size or 12 * 12700)


def spacing_milli(look: Look, size: int) -> int:
    """Word's line spacing as thousandths of the font size (the layout's ``line-spacing``)."""
    single = single_spacing_milli()
    if look.line is None or look.line_rule in (None, "auto"):
        milli = single * (look.line or 240) // 240
    else:
        exact = look.line * 635 * 1000 // max(size, 1)
        milli = max(single, exact) if look.line_rule == "atLeast" else max(exact, 100)
    return max(100, min(milli, 10_000))


def line_spacing(look: Look, size: int) -> str:
    """Word's line spacing as the layout's factor of the font size."""
    return spacing(spacing_milli(look, size))


def _untab(paragraph: Paragraph) -> Paragraph:
    return Paragraph([Run(r.text.replace("\t", " "), r.bold, r.color, r.size)
                      for r in paragraph.runs])


def _tab_parts(paragraphs: list[Paragraph]) -> list[tuple[Paragraph, str]] | None:
    """A one-paragraph header/footer split at its tabs: (part, alignment) for 2 or 3 parts.

    Word's Header and Footer styles have a centre tab mid-page and a right tab at the
    margin, so ``left<TAB>centre<TAB>right`` (or ``left<TAB><TAB>right``) is one line with
    three places.  Anything else is kept as one box (tabs become spaces).
    """
    if len(paragraphs) != 1 or "\t" not in paragraphs[0].text:
        return None
    parts: list[list[Run]] = [[]]
    for run in paragraphs[0].runs:
        pieces = run.text.split("\t")
        for index, piece in enumerate(pieces):
            if index:
                parts.append([])
            if piece:
                parts[-1].append(Run(piece, run.bold, run.color, run.size))
    if len(parts) == 2:
        aligns = ["left", "right"]
    elif len(parts) == 3:
        aligns = ["left", "center", "right"]
    else:
        return None
    return [(Paragraph(p), a) for p, a in zip(parts, aligns, strict=True)
            if "".join(r.text for r in p).strip()]


class _Writer:
    def __init__(self, doc: WordDocument) -> None:
        self.doc = doc
        self.lines: list[str] = []
        self.origins: list[Place | None] = []
        self.notes: list[str] = []
        self.counts: Counter[str] = Counter()
        #: items numbered so far per (list, level): a list that a paragraph interrupts goes on
        self.numbered: dict[tuple[str, int], int] = {}
        #: the space after a paragraph of pictures (an <image> block has none of its own):
        #: the next block's space before is at least that
        self.pending = 0
        top, right, bottom, left = doc.margins
        self.left, self.content = left, max(doc.width - left - right, 12700)
        self.normal = doc.normal
        self.base_size = doc.normal.size or 12 * 12700
        self.base_color = doc.normal.color or "#000000"

    def add(self, depth: int, text: str, place: Place | None = None) -> None:
        self.lines.append(INDENT * depth + text)
        self.origins.append(place)

    # looks -----------------------------------------------------------------------------------
    def text_attrs(self, look: Look, size: int, *, heading: bool) -> list[tuple[str, str | None]]:
        color = look.color or "#000000"
        before = max(look.before or 0, self.pending)  # the larger spacing applies, as in Writer
        self.pending = 0
        return [("font-size", points(size)), ("color", color),
                ("weight", "bold" if look.bold else "regular"),
                ("align", look.align or "left"), ("line-spacing", line_spacing(look, size)),
                ("space-before", length(before)), ("space-after", length(look.after or 0)),
                ("keep-with-next", "true" if look.keep_next and not heading else None)]

    # blocks ----------------------------------------------------------------------------------
    def paragraph(self, block: Block, depth: int) -> None:
        place = Place(block.place)
        look = block.look
        paragraph = block.paragraph or Paragraph()
        if look.break_before:
            self.add(depth, "<page-break/>", place)
        control = tags.block_only(paragraph)
        if control is not None:
            self.add(depth, "".join(control), place)
            self.counts["control"] += 1
            return
        for picture in block.pictures:
            self.add(depth, "<image" + _attrs([("src", picture.src), ("w", length(picture.w)),
                                                ("h", length(picture.h)), ("fit", "stretch")])
                     + "/>", place)
            self.counts["image"] += 1
        if block.page_break and not paragraph.text.strip():
            self.add(depth, "<page-break/>", place)
            self.counts["page-break"] += 1
            return
        if not paragraph.text.strip() and block.pictures:
            self.pending = look.after or 0
            return
        size = _size(look, paragraph, self.notes, block.place)
        color = look.color or "#000000"
        name = f"h{block.heading}" if block.heading else "p"
        attrs = self.text_attrs(look, size, heading=bool(block.heading))
        if not paragraph.text.strip():
            # an empty paragraph is a blank line of its height
            attrs = [(k, v) for k, v in attrs if k not in ("space-after",)]
            self.add(depth, f"<p{_attrs(attrs)} space-after=\"0\">&#160;</p>", place)
            self.counts["p"] += 1
            return
        if look.indent:
            attrs.append(("indent", length(look.indent)))
        self.add(depth, f"<{name}{_attrs(attrs)}>{_runs(paragraph, color, bool(look.bold))}"
                 f"</{name}>", place)
        self.counts[name] += 1
        if block.page_break:
            self.add(depth, "<page-break/>", place)
            self.counts["page-break"] += 1

    def list_(self, blocks: list[Block], depth: int) -> None:
        """Consecutive list paragraphs: nested ``<ul>``/``<ol>`` by level (a deeper list goes
        inside the item before it, as the markup nests lists)."""
        stack: list[list] = []  # [ilvl, closing tag, an <li> is open]
        first = blocks[0]

        def pad() -> int:
            return depth + sum(2 for _ in stack)

        def close_level() -> None:
            _lvl, closing, open_li = stack.pop()
            if open_li:
                self.add(pad() + 1, "</li>")
            self.add(pad(), closing)
            if stack:
                stack[-1][2] = True  # the parent's item stays open around it

        for block in blocks:
            lvl = block.list_level
            assert lvl is not None
            paragraph = block.paragraph or Paragraph()
            while stack and stack[-1][0] > block.ilvl:
                close_level()
            if not stack or stack[-1][0] < block.ilvl:
                size = _size(block.look, paragraph, self.notes, block.place)
                name = "ol" if lvl.ordered else "ul"
                indent = lvl.hanging or (lvl.indent if not stack else None)
                key = (block.list_id or "", block.ilvl)
                if stack:
                    self.numbered[key] = 0  # a sub-list restarts under each parent item
                start = lvl.start + self.numbered.get(key, 0)
                attrs = [("marker", lvl.marker),
                         ("start", str(start) if lvl.ordered and start != 1 else None),
                         ("indent", length(indent) if indent else None),
                         ("font-size", points(size)), ("color", block.look.color or "#000000"),
                         ("line-spacing", line_spacing(block.look, size))]
                if not stack:
                    before = max(first.look.before or 0, self.pending)
                    self.pending = 0
                    attrs.append(("space-before", length(before)))
                    attrs.append(("space-after", length(blocks[-1].look.after or 0)))
                self.add(pad() + (1 if stack else 0), f"<{name}{_attrs(attrs)}>",
                         Place(block.place))
                self.counts[name] += 1
                stack.append([block.ilvl, f"</{name}>", False])
            elif stack[-1][2]:
                self.add(pad() + 1, "</li>")
                stack[-1][2] = False
            key = (block.list_id or "", block.ilvl)
            self.numbered[key] = self.numbered.get(key, 0) + 1
            color = block.look.color or "#000000"
            self.add(pad() + 1, f"<li>{_runs(paragraph, color, bool(block.look.bold))}",
                     Place(block.place))
            stack[-1][2] = True
        while stack:
            close_level()

    def table(self, block: Block, depth: int) -> None:
        from .shapes import row_loops

        place = Place(block.place)
        rows: list[Row] = block.rows
        row_loops(rows)
        if not rows:
            return
        size = block.font_size or self.base_size
        header = [r for r in rows if r.header]
        header_fill = next((c.fill for c in header[0].cells if c.fill), None) if header else None
        header_color = next((c.color for c in header[0].cells if c.color), None) \
            if header else None
        total = sum(block.columns)
        attrs = [("w", length(total) if block.columns and total <= self.content else None),
                 ("columns", ",".join(length(c) for c in block.columns) if block.columns
                  else "equal"),
                 ("font-size", points(size)), ("line-spacing", spacing(single_spacing_milli())),
                 ("padding", length(block.padding) if block.padding is not None else None),
                 ("header-fill", header_fill), ("header-color", header_color),
                 ("border", block.border)]
        self.add(depth, _comment(block.place), place)
        self.add(depth, f"<table{_attrs(attrs)}>", place)
        for row in rows:
            if row.loop_open:
                self.add(depth + 1, row.loop_open, place)
            cells = []
            for cell in row.cells:
                fill = None if row.header and cell.fill == header_fill else cell.fill
                color = None if row.header and cell.color == header_color else cell.color
                cell_attrs = _attrs([("align", cell.align if cell.align != "left" else None),
                                     ("color", color), ("fill", fill),
                                     ("weight", "bold" if cell.bold else None)])
                inner = _paragraphs(cell.paragraphs, cell.color or "#000000", bool(cell.bold))
                content = _cell_content([x for x in inner if x != "<p></p>"] or ["<p></p>"])
                cells.append(f"<td{cell_attrs}>{content}</td>")
            head = ' header="true"' if row.header else ""
            self.add(depth + 1, f"<tr{head}>" + "".join(cells) + "</tr>", place)
            if row.loop_close:
                self.add(depth + 1, row.loop_close, place)
        self.add(depth, "</table>", place)
        self.counts["table"] += 1

    # page master -----------------------------------------------------------------------------
    def band(self, kind: str, key: str, band: Band, depth: int) -> None:
        """A header or footer: its text as one ``<text>`` between the page edge distance and
        the margin, its pictures as ``<image>``: a paragraph of pictures above (header) or
        below (footer) the text, a picture beside text at the side it stands on."""
        top, _right, bottom, _left = self.doc.margins
        attr = [] if key == "all" else [("page", key)]
        place = Place(kind)
        self.add(depth, f"<{kind}{_attrs(attr)}>", place)
        header = kind == "header"
        lines = len(band.paragraphs)
        sizes = [_size(lk, p, self.notes, kind) for lk, p in zip(band.looks, band.paragraphs,
                                                                   strict=True)]
        size = Counter(sizes).most_common(1)[0][0] if sizes else self.base_size
        look = band.looks[0] if band.looks else self.normal
        line_h = size * spacing_milli(look, size) // 1000
        text_h = max(lines * line_h, size * 2)
        # pictures on their own lines: above the text in a header, below it in a footer
        edge = self.doc.header_distance if header else \
            self.doc.height - self.doc.footer_distance
        stacked = [(pics, lk, before) for pics, lk, before, text in band.pictures if not text]
        cursor = edge
        x0, x1 = self.left, self.left + self.content
        for pics, lk, before in (stacked if header else list(reversed(stacked))):
            tall = max(p.h for p in pics)
            if header and before > 0 or not header and before < lines:
                continue  # among the text lines: placed after it below
            y = cursor if header else cursor - tall
            self.images(pics, lk.align, y, x0, x1, depth + 1)
            cursor = cursor + tall if header else cursor - tall
        if header:
            y_text, h_text = cursor, max(top - cursor, text_h)
        else:
            h_text = max(min(cursor - (self.doc.height - bottom), cursor), text_h)
            y_text = cursor - h_text
        for pics, lk, before, text in band.pictures:
            if text:  # beside the text of its paragraph
                lead = [p for p in pics if p.leading]
                trail = [p for p in pics if not p.leading]
                if lead:
                    self.images(lead, "left", y_text, x0, x1, depth + 1)
                    x0 += sum(p.w for p in lead)
                if trail:
                    self.images(trail, "right", y_text, x0, x1, depth + 1)
                    x1 -= sum(p.w for p in trail)
            elif header and before > 0:
                self.images(pics, lk.align, y_text + before * line_h, x0, x1, depth + 1)
            elif not header and before < lines:
                self.images(pics, lk.align, y_text, x0, x1, depth + 1)
        if band.paragraphs and x1 - x0 > size:
            color = look.color or "#000000"
            attrs = [("x", length(x0)), ("y", length(y_text)), ("w", length(x1 - x0)),
                     ("h", length(h_text)), ("font-size", points(size)), ("color", color),
                     ("weight", "bold" if look.bold else None),
                     ("align", look.align if look.align not in (None, "left") else None),
                     ("valign", None if header else "bottom"),
                     ("line-spacing", line_spacing(look, size))]
            parts = _tab_parts(band.paragraphs)
            if parts is None:
                self.add(depth + 1, f"<text{_attrs(attrs)}>", place)
                for line in _paragraphs([_untab(p) for p in band.paragraphs], color,
                                        bool(look.bold)):
                    self.add(depth + 2, line, place)
                self.add(depth + 1, "</text>", place)
            else:  # one line "left<TAB>centre<TAB>right": a box per part, aligned as Word's tabs
                for part, align in parts:
                    aligned = [(k, v) for k, v in attrs if k != "align"] + [
                        ("align", align if align != "left" else None)]
                    self.add(depth + 1, f"<text{_attrs(aligned)}>", place)
                    self.add(depth + 2, _paragraphs([part], color, bool(look.bold))[0], place)
                    self.add(depth + 1, "</text>", place)
        self.add(depth, f"</{kind}>", place)

    def images(self, pics: list[Picture], align: str | None, y: int, x0: int, x1: int,
               depth: int) -> None:
        """Pictures side by side on one line from ``y``, aligned between ``x0`` and ``x1``."""
        total = sum(p.w for p in pics)
        x = {"center": x0 + (x1 - x0 - total) // 2, "right": x1 - total}.get(align or "left", x0)
        for pic in pics:
            self.add(depth, "<image" + _attrs([
                ("src", pic.src), ("x", length(max(x, 0))), ("y", length(max(y, 0))),
                ("w", length(pic.w)), ("h", length(pic.h)), ("fit", "stretch")]) + "/>",
                Place("picture"))
            self.counts["image"] += 1
            x += pic.w

    def write(self) -> None:
        doc = self.doc
        top, right, bottom, left = doc.margins
        self.add(0, "<document" + _attrs([("kind", "document"), ("width", length(doc.width)),
                                          ("height", length(doc.height)),
                                          ("lang", doc.lang)]) + ">")
        margin = " ".join(length(v) for v in (top, right, bottom, left))
        self.add(1, "<flow" + _attrs([
            ("margin", margin), ("font-size", points(self.base_size)),
            ("line-spacing", line_spacing(self.normal, self.base_size)),
            ("color", self.base_color), ("align", "left")]) + ">")
        for kind, bands in (("header", doc.headers), ("footer", doc.footers)):
            for key in ("all", "first"):
                if key in bands:
                    self.band(kind, key, bands[key], 2)
        index = 0
        blocks = doc.blocks
        while index < len(blocks):
            block = blocks[index]
            if block.kind == "table":
                self.table(block, 2)
                index += 1
            elif block.kind == "toc":
                self.add(2, f'<toc depth="{block.heading}"/>', Place(block.place))
                self.counts["toc"] += 1
                index += 1
            elif block.list_level is not None:
                end = index
                while end < len(blocks) and blocks[end].list_level is not None and \
                        blocks[end].list_id == block.list_id:
                    end += 1
                self.list_(blocks[index:end], 2)
                index = end
            else:
                self.paragraph(block, 2)
                index += 1
        self.add(1, "</flow>")
        self.add(0, "</document>")


def write_flow(doc: WordDocument) -> tuple[str, list[Place | None], dict[str, int], list[str]]:
    """(the .o3x text, the document place of each line, element counts, notes)."""
    writer = _Writer(doc)
    writer.write()
    return "\n".join(writer.lines) + "\n", writer.origins, dict(writer.counts), writer.notes
