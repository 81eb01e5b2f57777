"""A Word document (.docx) read into plain records: page setup, header/footer, blocks.

WordprocessingML is read with lxml from the parts reader.open_document
inflated under the office-zip caps (no entity resolution, no network, no
DTD).  Styles are resolved the way Word resolves them: document defaults,
then the paragraph style's ``basedOn`` chain, then the run's character
style, then direct formatting.  Fields become tags where the template
language has the same thing (PAGE -> ``{{ page.number }}``, NUMPAGES ->
``{{ page.count }}``); other fields keep their last shown result.  Runs
then go through tags.rejoin, so a tag split over runs is whole again.

Lengths: Word stores twips (1/20 pt = 635 EMU) and half-points for font
sizes (1/2 pt = 6350 EMU); the records hold EMU.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from . import tags
from .model import Cell, Paragraph, Row, Run
from .pictures import PictureRefused, picture_asset

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
WP = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"
REL = "http://schemas.openxmlformats.org/package/2006/relationships"
NS = {"w": W, "r": R, "a": A, "wp": WP}
TWIP = 635
HALF_POINT = 6350
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                          huge_tree=False, remove_comments=True)
#: Word's Symbol-font bullets (private-use code points) as the character they show
_SYMBOL_BULLETS = {"\uf0b7": "•", "\uf0a7": "▪", "\uf06f": "◦", "\uf0d8": "➢", "\uf076": "❖",
                   "\uf0fc": "✓", "o": "◦", "": "•"}
MAX_BLOCKS = 20_000


class DocxError(Exception):
    """A part is missing or is not XML; the message names it (an ``import.corrupt``)."""


def w(name: str) -> str:
    return f"{{{W}}}{name}"


def _int(value: str | None, default: int | None = None) -> int | None:
    try:
        return int(float(value)) if value is not None else default
    except (ValueError, OverflowError):
        return default


def _on(el: Any) -> bool:
    """A toggle property (``<w:b/>``, ``<w:b w:val="false"/>``)."""
    return el.get(w("val"), "true") not in ("false", "0", "off", "none")


def _color(value: str | None) -> str | None:
    if value and re.fullmatch(r"[0-9A-Fa-f]{6}", value):
        return "#" + value.lower()
    return None


@dataclass
class Look:
    """Resolved paragraph and run properties (None: not set at this level)."""

    size: int | None = None
    bold: bool | None = None
    italic: bool | None = None
    underline: bool | None = None
    color: str | None = None
    align: str | None = None
    before: int | None = None
    after: int | None = None
    line: int | None = None
    line_rule: str | None = None
    indent: int | None = None
    hanging: int | None = None
    keep_next: bool | None = None
    break_before: bool | None = None
    outline: int | None = None
    num: tuple[str, int] | None = None

    def over(self, other: Look) -> Look:
        """This look with ``other``'s set values on top."""
        out = Look(**self.__dict__)
        for key, value in other.__dict__.items():
            if value is not None:
                setattr(out, key, value)
        return out


def run_look(rpr: Any) -> Look:
    look = Look()
    if rpr is None:
        return look
    for el in rpr:
        tag = etree.QName(el).localname
        if tag == "sz":
            size = _int(el.get(w("val")))
            look.size = size * HALF_POINT if size and 2 <= size <= 3276 else None
        elif tag == "b":
            look.bold = _on(el)
        elif tag == "i":
            look.italic = _on(el)
        elif tag == "u":
            look.underline = el.get(w("val"), "single") != "none"
        elif tag == "color":
            look.color = _color(el.get(w("val"))) or ("#000000" if el.get(w("val")) == "auto"
                                                      else None)
    return look


_ALIGN = {"left": "left", "start": "left", "center": "center", "right": "right", "end": "right",
          "both": "justify", "distribute": "justify"}


def para_look(ppr: Any) -> Look:
    look = Look()
    if ppr is None:
        return look
    for el in ppr:
        tag = etree.QName(el).localname
        if tag == "jc":
            look.align = _ALIGN.get(el.get(w("val"), ""), None)
        elif tag == "spacing":
            look.before = _twips(el.get(w("before")))
            look.after = _twips(el.get(w("after")))
            line = _int(el.get(w("line")))
            if line is not None and 1 <= line <= 31680:
                look.line, look.line_rule = line, el.get(w("lineRule"), "auto")
        elif tag == "ind":
            look.indent = _twips(el.get(w("left")) or el.get(w("start")))
            look.hanging = _twips(el.get(w("hanging")))
        elif tag == "keepNext":
            look.keep_next = _on(el)
        elif tag == "pageBreakBefore":
            look.break_before = _on(el)
        elif tag == "outlineLvl":
            level = _int(el.get(w("val")))
            look.outline = level if level is not None and 0 <= level <= 8 else None
        elif tag == "numPr":
            num = el.find("w:numId", NS)
            lvl = el.find("w:ilvl", NS)
            if num is not None:
                look.num = (num.get(w("val"), "0"),
                            max(0, min(8, _int(lvl.get(w("val")) if lvl is not None else "0", 0)
                                       or 0)))
    return look


def _twips(value: str | None) -> int | None:
    number = _int(value)
    if number is None or not 0 <= number <= 31680:
        return None
    return number * TWIP


@dataclass
class Style:
    name: str
    based_on: str | None
    para: Look
    run: Look


@dataclass
class ListLevel:
    ordered: bool
    #: the bullet character, or the number pattern with ``1`` for the number (``1.``, ``(1)``)
    marker: str
    start: int
    indent: int | None
    hanging: int | None


@dataclass
class Picture:
    src: str
    w: int
    h: int
    #: it comes before any text of its paragraph
    leading: bool = True


@dataclass
class Block:
    """One paragraph, table row group or break of the body, in document order."""

    kind: str  # "p", "table", "toc"
    place: str
    paragraph: Paragraph | None = None
    look: Look = field(default_factory=Look)
    #: 1-3 for a heading; for a "toc", the depth of the headings it lists
    heading: int = 0
    list_level: ListLevel | None = None
    list_id: str | None = None
    ilvl: int = 0
    pictures: list[Picture] = field(default_factory=list)
    page_break: bool = False
    #: a table's
    columns: list[int] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    padding: int | None = None
    border: str | None = None
    font_size: int | None = None
    header_fill: str | None = None
    header_color: str | None = None


@dataclass
class Band:
    """A header or footer: its paragraphs and their look."""

    paragraphs: list[Paragraph]
    looks: list[Look]
    #: (pictures, look, text paragraphs before it, whether it holds text too) of each
    #: paragraph of the band that holds pictures
    pictures: list[tuple[list[Picture], Look, int, bool]] = field(default_factory=list)


@dataclass
class WordDocument:
    width: int
    height: int
    margins: tuple[int, int, int, int]  # top right bottom left
    header_distance: int
    footer_distance: int
    normal: Look
    blocks: list[Block]
    headers: dict[str, Band]  # "all" / "first"
    footers: dict[str, Band]
    lang: str
    title: str | None
    assets: dict[str, bytes]
    notes: list[str]


class WordReader:
    """Reads the parts of one .docx (from reader.open_document) into a WordDocument."""

    def __init__(self, parts: dict[str, bytes]) -> None:
        self.parts = parts
        self.notes: list[str] = []
        self._noted: set[str] = set()
        self.assets: dict[str, bytes] = {}
        self.styles: dict[str, Style] = {}
        self.default = Look()
        self.numbering: dict[str, dict[int, ListLevel]] = {}
        self.chars: Counter[str] = Counter()
        #: what a tab becomes: a space in the body; kept in headers and footers, where
        #: "left<TAB>centre<TAB>right" is how Word's Header/Footer styles lay a line out
        self.tab = " "

    # parts ---------------------------------------------------------------------------------
    def xml(self, name: str) -> Any:
        data = self.parts.get(name)
        if data is None:
            raise DocxError(f"the part {name} is missing")
        try:
            return etree.fromstring(data, _PARSER)
        except etree.XMLSyntaxError as err:
            raise DocxError(f"the part {name} is not XML ({err})") from None

    def rels(self, part: str) -> dict[str, str]:
        folder, base = posixpath.split(part)
        name = posixpath.join(folder, "_rels", base + ".rels")
        if name not in self.parts:
            return {}
        out = {}
        for rel in self.xml(name).iter(f"{{{REL}}}Relationship"):
            if rel.get("TargetMode") == "External":
                continue
            target = rel.get("Target", "")
            path = posixpath.normpath(posixpath.join(folder, target)).lstrip("/") \
                if not target.startswith("/") else target.lstrip("/")
            out[rel.get("Id", "")] = path
        return out

    def main_part(self) -> str:
        root = self.xml("_rels/.rels")
        for rel in root.iter(f"{{{REL}}}Relationship"):
            if rel.get("Type", "").endswith("/officeDocument"):
                return rel.get("Target", "word/document.xml").lstrip("/")
        return "word/document.xml"

    def note(self, key: str, text: str) -> None:
        if key not in self._noted:
            self._noted.add(key)
            self.notes.append(text)

    # styles and numbering ------------------------------------------------------------------
    def read_styles(self, part: str) -> None:
        rels = self.rels(part)
        name = next((p for p in rels.values() if p.endswith("styles.xml")), None)
        if name is None or name not in self.parts:
            return
        root = self.xml(name)
        defaults = root.find("w:docDefaults", NS)
        if defaults is not None:
            self.default = para_look(defaults.find("w:pPrDefault/w:pPr", NS)).over(
                run_look(defaults.find("w:rPrDefault/w:rPr", NS)))
        for st in root.findall("w:style", NS):
            sid = st.get(w("styleId"))
            if not sid:
                continue
            nm = st.find("w:name", NS)
            based = st.find("w:basedOn", NS)
            self.styles[sid] = Style(
                (nm.get(w("val"), sid) if nm is not None else sid),
                based.get(w("val")) if based is not None else None,
                para_look(st.find("w:pPr", NS)), run_look(st.find("w:rPr", NS)))

    def style_chain(self, sid: str | None) -> list[Style]:
        chain: list[Style] = []
        seen: set[str] = set()
        while sid and sid in self.styles and sid not in seen and len(chain) < 32:
            seen.add(sid)
            chain.append(self.styles[sid])
            sid = self.styles[sid].based_on
        return list(reversed(chain))

    def style_look(self, sid: str | None, default_para: bool = True) -> Look:
        look = Look(**self.default.__dict__)
        if sid is None and default_para:
            sid = next((k for k, s in self.styles.items() if s.name.lower() == "normal"), None)
        for st in self.style_chain(sid):
            look = look.over(st.para).over(st.run)
        return look

    def read_numbering(self, part: str) -> None:
        rels = self.rels(part)
        name = next((p for p in rels.values() if p.endswith("numbering.xml")), None)
        if name is None or name not in self.parts:
            return
        root = self.xml(name)
        abstract: dict[str, dict[int, ListLevel]] = {}
        for ab in root.findall("w:abstractNum", NS):
            levels = {}
            for lvl in ab.findall("w:lvl", NS):
                ilvl = _int(lvl.get(w("ilvl")), 0) or 0
                fmt_el = lvl.find("w:numFmt", NS)
                fmt = fmt_el.get(w("val"), "decimal") if fmt_el is not None else "decimal"
                text_el = lvl.find("w:lvlText", NS)
                text = text_el.get(w("val"), "") if text_el is not None else ""
                start_el = lvl.find("w:start", NS)
                start = _int(start_el.get(w("val")) if start_el is not None else "1", 1) or 1
                look = para_look(lvl.find("w:pPr", NS))
                if fmt == "none":
                    continue
                if fmt == "bullet":
                    marker = _SYMBOL_BULLETS.get(text, text[:1] or "•")
                    levels[ilvl] = ListLevel(False, marker, 1, look.indent, look.hanging)
                else:
                    if fmt not in ("decimal", "decimalZero", "decimalEnclosedCircle",
                                   "chineseCounting", "ideographDigital",
                                   "decimalFullWidth"):
                        self.note(f"numfmt-{fmt}", f"numbered lists in the {fmt} style are "
                                  "numbered 1, 2, 3")
                    marker = re.sub(r"%\d", "1", text, count=1)
                    marker = re.sub(r"%\d", "", marker) or "1."
                    levels[ilvl] = ListLevel(True, marker, max(1, start), look.indent,
                                             look.hanging)
            abstract[ab.get(w("abstractNumId"), "")] = levels
        for num in root.findall("w:num", NS):
            ref = num.find("w:abstractNumId", NS)
            if ref is not None:
                self.numbering[num.get(w("numId"), "")] = abstract.get(ref.get(w("val"), ""),
                                                                        {})

    # text ----------------------------------------------------------------------------------
    def runs(self, p: Any, base: Look, part: str, place: str,
             pictures: list[Picture] | None) -> tuple[list[Run], bool]:
        """(the paragraph's runs, whether it holds a page break)."""
        out: list[Run] = []
        page_break = False
        field_depth = 0
        instr: list[str] = []
        showing = True  # a complex field's result is shown unless the field became a tag
        for r in p.iter(w("r"), w("fldSimple")):
            if r.tag == w("fldSimple"):
                tag = _field_tag(r.get(w("instr"), ""))
                if tag:
                    out.append(Run(tag, bool(base.bold), base.color, base.size))
                    for inner in r.iter(w("t")):  # its cached result is not printed twice
                        inner.text = ""
                continue
            if any(a.tag == w("txbxContent") for a in r.iterancestors()):
                continue  # a text box's text: not imported (noted with its drawing)
            rpr = r.find("w:rPr", NS)
            look = base
            if rpr is not None:
                cstyle = rpr.find("w:rStyle", NS)
                if cstyle is not None:
                    for st in self.style_chain(cstyle.get(w("val"))):
                        look = look.over(st.run)
                look = look.over(run_look(rpr))
            if look.italic or look.underline:
                self.note("italic", f"{place}: italic and underline are not imported (the "
                          "template language draws regular and bold text)")
            for el in r:
                tag = el.tag
                if tag == w("fldChar"):
                    kind = el.get(w("fldCharType"))
                    if kind == "begin":
                        field_depth += 1
                        instr = []
                    elif kind == "separate":
                        made = _field_tag("".join(instr))
                        if made:
                            out.append(Run(made, bool(look.bold), look.color, look.size))
                            showing = False
                    elif kind == "end":
                        field_depth = max(0, field_depth - 1)
                        showing = True
                    continue
                if tag == w("instrText"):
                    instr.append(el.text or "")
                    continue
                if not showing:
                    continue
                text = None
                if tag == w("t"):
                    text = el.text or ""
                elif tag == w("tab"):
                    text = self.tab
                elif tag in (w("br"), w("cr")):
                    if el.get(w("type")) == "page":
                        page_break = True
                        continue
                    text = "\n"
                elif tag == w("noBreakHyphen"):
                    text = "-"
                elif tag == w("sym"):
                    text = ""
                elif tag in (w("drawing"), w("pict")) or etree.QName(tag).localname == \
                        "AlternateContent":
                    self.picture(el, part, place, pictures,
                                 leading=not any(x.text.strip() for x in out))
                    continue
                if text:
                    self.chars.update(_script(ch) for ch in text if not ch.isspace())
                    out.append(Run(text, bool(look.bold), look.color, look.size))
        return tags.rejoin(out), page_break

    def picture(self, el: Any, part: str, place: str, pictures: list[Picture] | None, *,
                leading: bool = True) -> None:
        inline = el.find(".//wp:inline", NS)
        anchor = el.find(".//wp:anchor", NS)
        if inline is None:
            self.note(f"float-{place}", f"{place}: a floating picture or shape is not imported "
                      "(anchor it as a character)" if anchor is not None else
                      f"{place}: a VML drawing or text box is not imported")
            return
        if pictures is None:
            self.note(f"pic-{place}", f"{place}: a picture here (in a table or a header) is "
                      "not imported")
            return
        blip = inline.find(".//a:blip", NS)
        extent = inline.find("wp:extent", NS)
        embed = blip.get(f"{{{R}}}embed") if blip is not None else None
        target = self.rels(part).get(embed or "")
        cx = _int(extent.get("cx")) if extent is not None else None
        cy = _int(extent.get("cy")) if extent is not None else None
        if not target or target not in self.parts or not cx or not cy or cx <= 0 or cy <= 0 \
                or cx > 10**9 or cy > 10**9:
            self.note(f"pic-{place}", f"{place}: a picture whose image is not in the file is "
                      "not imported")
            return
        try:
            asset = picture_asset(self.parts[target], posixpath.splitext(target)[1], None)
        except PictureRefused as why:
            self.note(f"pic-{place}", f"{place}: picture not imported: {why}")
            return
        if asset.note:
            self.note(f"picnote-{place}", f"{place}: {asset.note}")
        self.assets[asset.path] = asset.data
        pictures.append(Picture(asset.path, cx, cy, leading))

    # blocks --------------------------------------------------------------------------------
    def paragraph(self, p: Any, part: str, place: str, in_table: bool = False) -> Block:
        ppr = p.find("w:pPr", NS)
        sid_el = ppr.find("w:pStyle", NS) if ppr is not None else None
        sid = sid_el.get(w("val")) if sid_el is not None else None
        look = self.style_look(sid)
        if ppr is not None:  # (its <w:rPr> formats the paragraph mark, not the text)
            look = look.over(para_look(ppr))
        block = Block("p", place, look=look)
        pictures: list[Picture] = [] if not in_table else None  # type: ignore[assignment]
        runs, block.page_break = self.runs(p, look, part, place, pictures)
        block.pictures = pictures or []
        block.paragraph = Paragraph(runs)
        name = self.styles[sid].name.lower() if sid in self.styles else ""
        m = re.fullmatch(r"heading\s*([1-9])", name)
        level = int(m.group(1)) if m else (look.outline + 1 if look.outline is not None and
                                          look.outline < 8 and sid else 0)
        if level > 3:
            self.note(f"h{level}", "headings below level 3 become bold paragraphs")
        block.heading = level if level <= 3 else 0
        if look.num and not block.heading:
            levels = self.numbering.get(look.num[0], {})
            lvl = levels.get(look.num[1])
            if lvl is not None:
                block.list_level, block.list_id, block.ilvl = lvl, look.num[0], look.num[1]
        return block

    def table(self, tbl: Any, part: str, place: str) -> Block:
        block = Block("table", place)
        grid = [_int(g.get(w("w")), 0) or 0 for g in tbl.findall("w:tblGrid/w:gridCol", NS)]
        block.columns = [max(1, g) * TWIP for g in grid if g > 0]
        mar = tbl.find("w:tblPr/w:tblCellMar", NS)
        if mar is not None:
            pads = [_twips(m.get(w("w"))) for m in mar]
            pads = [x for x in pads if x is not None]
            block.padding = min(pads) if pads else None
        sizes: Counter[int] = Counter()
        for index, tr in enumerate(tbl.findall("w:tr", NS)):
            header = tr.find("w:trPr/w:tblHeader", NS)
            row = Row([], header=header is not None and _on(header))
            for tc in tr.findall("w:tc", NS):
                paragraphs: list[Paragraph] = []
                aligns: list[str] = []
                bold_all, colors = True, Counter()
                for p in tc.findall("w:p", NS):
                    inner = self.paragraph(p, part, f"{place}, row {index + 1}", in_table=True)
                    paragraphs.append(inner.paragraph or Paragraph())
                    aligns.append(inner.look.align or "left")
                    for run in (inner.paragraph.runs if inner.paragraph else []):
                        sizes[run.size or inner.look.size or 0] += len(run.text)
                        bold_all = bold_all and run.bold
                        if run.color:
                            colors[run.color] += len(run.text)
                if tc.find("w:tbl", NS) is not None:
                    self.note(f"nested-{place}", f"{place}: a table inside a table cell is not "
                              "imported")
                span = tc.find("w:tcPr/w:gridSpan", NS)
                merge = tc.find("w:tcPr/w:vMerge", NS)
                if (span is not None and (_int(span.get(w("val")), 1) or 1) > 1) or \
                        merge is not None:
                    self.note(f"merge-{place}", f"{place}: merged cells are split")
                shd = tc.find("w:tcPr/w:shd", NS)
                fill = _color(shd.get(w("fill"))) if shd is not None else None
                border = tc.find("w:tcPr/w:tcBorders/*", NS)
                if border is not None and block.border is None and \
                        border.get(w("val"), "nil") not in ("nil", "none"):
                    block.border = _color(border.get(w("color"))) or "#000000"
                color = colors.most_common(1)[0][0] if colors else None
                has_text = any(p.text.strip() for p in paragraphs)
                row.cells.append(Cell(paragraphs, aligns[0] if aligns else "left",
                                      bold=bold_all if has_text else None, color=color,
                                      fill=fill))
                for p in paragraphs:  # the cell carries the look: runs keep what differs
                    for run in p.runs:
                        if run.color == color:
                            run.color = None
                        if bold_all:
                            run.bold = False
            if row.cells:
                block.rows.append(row)
        sizes.pop(0, None)
        block.font_size = sizes.most_common(1)[0][0] if sizes else None
        widths = len(block.columns)
        cells = max((len(r.cells) for r in block.rows), default=0)
        if widths != cells:
            block.columns = []
            self.note(f"grid-{place}", f"{place}: the column widths do not match the cells; "
                      "the columns are made equal")
        for row in block.rows:  # every row as wide as the widest
            while len(row.cells) < cells:
                row.cells.append(Cell([Paragraph()]))
        return block

    def body(self, root: Any, part: str) -> list[Block]:
        body = root.find("w:body", NS)
        if body is None:
            raise DocxError(f"{part} has no <w:body>")
        blocks: list[Block] = []
        count = {"p": 0, "table": 0}
        toc_open = 0  # fields still open inside a TOC field (0: not in one)
        for el in body.iter(w("p"), w("tbl"), w("sdt")):
            if len(blocks) > MAX_BLOCKS:
                self.note("many", f"the document has more than {MAX_BLOCKS} blocks; the rest is "
                          "not imported")
                break
            if any(a.tag in (w("tbl"), w("txbxContent")) for a in el.iterancestors()):
                continue  # read with its table (or a text box: not imported)
            if el.tag == w("sdt"):
                continue
            if el.tag == w("p"):
                count["p"] += 1
                if toc_open or _toc_depth(el) is not None:
                    # a table of contents field: its cached entries are the office app's
                    # pagination, so the flow's own <toc> replaces them
                    if not toc_open:
                        blocks.append(Block("toc", f"paragraph {count['p']}",
                                            heading=_toc_depth(el) or 3))
                    toc_open = max(0, toc_open + _field_balance(el)) if toc_open else \
                        max(0, _field_balance(el, from_toc=True))
                    continue
                blocks.append(self.paragraph(el, part, f"paragraph {count['p']}"))
            else:
                count["table"] += 1
                blocks.append(self.table(el, part, f"table {count['table']}"))
        if toc_open:
            self.note("toc-open", "the table of contents field never ends; the paragraphs "
                      "after its start are not imported")
        return blocks

    def band(self, part: str, place: str) -> Band | None:
        if part not in self.parts:
            return None
        root = self.xml(part)
        band = Band([], [])
        self.tab = "\t"
        for p in root.iter(w("p")):
            in_table = any(a.tag in (w("tbl"), w("txbxContent")) for a in p.iterancestors())
            if in_table:
                self.note(f"band-table-{place}", f"{place}: a table in the {place} is not "
                          "imported (its text is kept as paragraphs)")
            block = self.paragraph(p, part, place, in_table=in_table)
            text = bool(block.paragraph and block.paragraph.text.strip())
            if block.pictures:
                band.pictures.append((block.pictures, block.look, len(band.paragraphs), text))
            if text:
                band.paragraphs.append(block.paragraph)  # type: ignore[arg-type]
                band.looks.append(block.look)
        self.tab = " "
        return band if band.paragraphs or band.pictures else None

    def read(self) -> WordDocument:
        part = self.main_part()
        root = self.xml(part)
        self.read_styles(part)
        self.read_numbering(part)
        blocks = self.body(root, part)
        sect = root.find("w:body/w:sectPr", NS)
        if len(root.findall(".//w:pPr/w:sectPr", NS)):
            self.note("sections", "the document has more than one section; the last "
                      "section's page size, margins, header and footer are used for all pages")
        width, height = 11906 * TWIP, 16838 * TWIP  # A4
        margins = (1440 * TWIP, 1440 * TWIP, 1440 * TWIP, 1440 * TWIP)
        hdist = fdist = 720 * TWIP
        headers: dict[str, Band] = {}
        footers: dict[str, Band] = {}
        if sect is not None:
            size = sect.find("w:pgSz", NS)
            if size is not None:
                width = _twips(size.get(w("w"))) or width
                height = _twips(size.get(w("h"))) or height
            mar = sect.find("w:pgMar", NS)
            if mar is not None:
                margins = tuple(_twips(mar.get(w(k))) if _twips(mar.get(w(k))) is not None
                                else d for k, d in zip(("top", "right", "bottom", "left"),
                                                       margins, strict=True))  # type: ignore
                hdist = _twips(mar.get(w("header"))) or hdist
                fdist = _twips(mar.get(w("footer"))) or fdist
            title_pg = sect.find("w:titlePg", NS)
            first = title_pg is not None and _on(title_pg)
            rels = self.rels(part)
            for kind, out in (("header", headers), ("footer", footers)):
                for ref in sect.findall(f"w:{kind}Reference", NS):
                    which = ref.get(w("type"), "default")
                    target = rels.get(ref.get(f"{{{R}}}id", ""))
                    if which == "even":
                        self.note(f"even-{kind}", f"the even-page {kind} is not imported (the "
                                  f"default {kind} is on every page)")
                        continue
                    if which == "first" and not first:
                        continue
                    band = self.band(target, kind) if target else None
                    key = "first" if which == "first" else "all"
                    if band is not None:
                        out[key] = band
                    elif key == "first":
                        out[key] = Band([], [])  # an empty first-page header hides the default
        lang = "zh" if self.chars["han"] > self.chars["latin"] / 4 else "en"
        title = next((b.paragraph.text.strip() for b in blocks if b.heading == 1 and b.paragraph
                      and b.paragraph.text.strip() and not tags.has_tags(b.paragraph.text)),
                     None)
        return WordDocument(width, height, margins, hdist, fdist,  # type: ignore[arg-type]
                            self.style_look(None), blocks, headers, footers, lang, title,
                            self.assets, self.notes)


def _toc_depth(p: Any) -> int | None:
    """The heading depth of a TOC field that begins in paragraph ``p`` (``\\o "1-3"``: 3)."""
    instr = "".join(x.text or "" for x in p.iter(w("instrText")))
    m = re.match(r"\s*TOC\b(.*)", instr)
    if not m:
        return None
    levels = re.search(r'\\o\s*"?\s*\d+\s*-\s*(\d+)', m.group(1))
    return max(1, min(3, int(levels.group(1)))) if levels else 3


def _field_balance(p: Any, from_toc: bool = False) -> int:
    """Field begins minus ends in ``p``; ``from_toc`` counts from the TOC field's own begin."""
    balance = 0
    started = not from_toc
    for el in p.iter(w("fldChar"), w("instrText")):
        if el.tag == w("instrText"):
            if not started and re.match(r"\s*TOC\b", el.text or ""):
                started, balance = True, 1
            continue
        kind = el.get(w("fldCharType"))
        if started and kind == "begin":
            balance += 1
        elif started and kind == "end":
            balance -= 1
    return balance


def _field_tag(instruction: str) -> str | None:
    words = instruction.split()
    name = words[0].upper() if words else ""
    return {"PAGE": "{{ page.number }}", "NUMPAGES": "{{ page.count }}",
            "SECTIONPAGES": "{{ page.count }}"}.get(name)


def _script(ch: str) -> str:
    code = ord(ch)
    if 0x3400 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF:
        return "han"
    if ch.isascii() and ch.isalpha():
        return "latin"
    return "other"
