"""Slides of a python-pptx presentation as template records (model.py).

Per slide, the shapes PowerPoint draws are read in paint order: the
master's, the layout's (unless ``showMasterSp="0"`` hides them), then the
slide's; placeholders of masters and layouts are prompts and are not drawn.
Groups are flattened with their child transforms.  What the template
language cannot express is simplified and said in a note naming the slide
and shape: per-run sizes (the box takes the size most of its text has),
italic and underline, mixed alignments, rotation, and shapes other than
rectangles and lines (their text is kept).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from lxml import etree
from pptx.exc import PythonPptxError

from . import tags, units
from .charts import ChartRefused, read_chart
from .model import (
    Cell,
    Deck,
    Element,
    Image,
    Line,
    Origin,
    Paragraph,
    Rect,
    Row,
    Run,
    Slide,
    Table,
    TextBox,
)
from .pictures import PictureRefused, picture_asset
from .styles import DEFAULT_INSETS, A, P, TextStyle, Theme, color, fill, outline, truthy
from .units import single_spacing_milli

Transform = Callable[[int, int, int, int], tuple[int, int, int, int]]
_ALIGN = {"l": "left", "ctr": "center", "r": "right", "just": "justify", "dist": "justify",
          "justLow": "justify", "thaiDist": "justify"}
_ANCHOR = {"t": "top", "ctr": "middle", "b": "bottom", "just": "top", "dist": "top"}
_TITLE_TYPES = ("title", "ctrTitle")
_BODY_TYPES = ("body", "subTitle", "obj", None)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_KANA = re.compile(r"[\u3040-\u30ff]")
#: control characters a text run cannot carry into the markup (line breaks are ``<a:br/>``)
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")
#: PowerPoint's default table style ("Medium Style 2 - Accent 1"), the one it gives new tables
_MEDIUM_2 = "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"
_MAX_GROUP_DEPTH = 32
#: what python-pptx and lxml raise for parts and XML that are not as the format says
SHAPE_ERRORS = (KeyError, ValueError, AttributeError, TypeError, IndexError, NotImplementedError,
                ArithmeticError, etree.LxmlError, PythonPptxError)


def identity(x: int, y: int, w: int, h: int) -> tuple[int, int, int, int]:
    return x, y, w, h


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _lang(text: str) -> str | None:
    if _KANA.search(text):
        return "ja"
    if _CJK.search(text):
        return "zh"
    return None


class SlideReader:
    """Reads one slide (with its layout and master) into a :class:`Slide`."""

    def __init__(self, deck: DeckReader, slide: Any, number: int) -> None:
        self.deck = deck
        self.slide = slide
        self.number = number
        self.layout = slide.slide_layout
        self.master = self.layout.slide_master
        self.theme = deck.theme(self.master)
        self.elements: list[Element] = []

    # -- notes ----------------------------------------------------------------------------
    def note(self, origin: Origin | None, text: str) -> None:
        where = str(origin) if origin else f"slide {self.number}"
        self.deck.notes.append(f"{where}: {text}")

    # -- the slide ------------------------------------------------------------------------
    def read(self) -> Slide:
        result = Slide(self.number, self._background())
        show_master = self.layout._element.get("showMasterSp") != "0" \
            and self.slide._element.get("showMasterSp") != "0"
        if show_master:
            for shape in self.master.shapes:
                if not shape.is_placeholder:
                    self.shape(shape, identity, "master", 0)
        if self.slide._element.get("showMasterSp") != "0":
            for shape in self.layout.shapes:
                if not shape.is_placeholder:
                    self.shape(shape, identity, "layout", 0)
        for shape in self.slide.shapes:
            self.shape(shape, identity, None, 0)
        result.elements = self.elements
        self._notes_wrap(result)
        return result

    def _background(self) -> str:
        for owner in (self.slide, self.layout, self.master):
            bg = owner._element.find(f"{P}cSld/{P}bg")
            if bg is None:
                continue
            pr = bg.find(f"{P}bgPr")
            found = fill(pr, None, self.theme) if pr is not None else None
            if found is None:
                ref = bg.find(f"{P}bgRef")
                found = color(ref, self.theme) if ref is not None else None
            if found is None:
                self.note(None, "a background that is not one colour (picture or pattern) "
                          "is imported as white")
            return found or "#ffffff"
        return "#ffffff"

    def _notes_wrap(self, slide: Slide) -> None:
        """``{% for %}``/``{% if %}`` lines at the top of the speaker notes repeat or guard the slide."""
        if not self.slide.has_notes_slide:
            return
        frame = self.slide.notes_slide.notes_text_frame
        if frame is None:
            return
        for paragraph in frame.paragraphs:
            text = tags.clean_tag(paragraph.text).strip()
            if not text:
                continue
            keyword = tags.statement_keyword(text) if tags.single(text) else None
            if keyword not in ("for", "if"):
                break
            slide.wrap_open.append(text)
            slide.wrap_close.insert(0, "{% endfor %}" if keyword == "for" else "{% endif %}")

    # -- shapes ---------------------------------------------------------------------------
    def origin(self, shape: Any, where: str | None) -> Origin:
        name = shape.name or f"shape {shape.shape_id}"
        return Origin(self.number, f"{where} {name}" if where else name)

    def shape(self, shape: Any, transform: Transform, where: str | None, depth: int) -> None:
        """Read one shape; a shape whose XML python-pptx cannot make sense of is left out
        with a note (a hostile or damaged deck loses that shape, not the import)."""
        try:
            self._shape(shape, transform, where, depth)
        except SHAPE_ERRORS as err:
            self.note(self.origin(shape, where), f"not imported: it cannot be read ({err})")

    def _shape(self, shape: Any, transform: Transform, where: str | None, depth: int) -> None:
        from pptx.enum.shapes import MSO_SHAPE_TYPE

        origin = self.origin(shape, where)
        kind = shape.shape_type
        tag = shape._element.tag
        if kind == MSO_SHAPE_TYPE.GROUP or tag == f"{P}grpSp":
            if depth >= _MAX_GROUP_DEPTH:
                self.note(origin, "groups nested this deep are not imported")
                return
            self.group(shape, transform, where, depth)
            return
        try:
            box = transform(_int(shape.left), _int(shape.top), _int(shape.width),
                            _int(shape.height))
        except (AttributeError, ValueError):
            self.note(origin, "it has no position and is not imported")
            return
        if _int(getattr(shape, "rotation", 0)) and tag != f"{P}cxnSp":
            self.note(origin, "its rotation is not imported (drawn upright)")
        if tag == f"{P}pic":
            self.picture(shape, origin, box)
        elif tag == f"{P}graphicFrame":
            if shape.has_table:
                self.table(shape, origin, box)
            elif shape.has_chart:
                self.chart(shape, origin, box)
            else:
                self.note(origin, "this kind of object (SmartArt, OLE object, media) is "
                          "not imported")
        elif tag == f"{P}cxnSp":
            self.line(shape, origin, box)
        elif tag == f"{P}sp":
            self.autoshape(shape, origin, box)
        else:
            self.note(origin, "this kind of shape is not imported")

    def group(self, shape: Any, transform: Transform, where: str | None, depth: int) -> None:
        xfrm = shape._element.find(f"{P}grpSpPr/{A}xfrm")
        inner = transform
        if xfrm is not None:
            off, ext = xfrm.find(f"{A}off"), xfrm.find(f"{A}ext")
            ch_off, ch_ext = xfrm.find(f"{A}chOff"), xfrm.find(f"{A}chExt")
            if None not in (off, ext, ch_off, ch_ext):
                ox, oy = _int(off.get("x")), _int(off.get("y"))
                ex, ey = _int(ext.get("cx")), _int(ext.get("cy"))
                cx, cy = _int(ch_off.get("x")), _int(ch_off.get("y"))
                cw, chh = max(_int(ch_ext.get("cx")), 1), max(_int(ch_ext.get("cy")), 1)

                def inner(x: int, y: int, w: int, h: int) -> tuple[int, int, int, int]:
                    return transform(ox + (x - cx) * ex // cw, oy + (y - cy) * ey // chh,
                                     w * ex // cw, h * ey // chh)
        for child in shape.shapes:
            self.shape(child, inner, where, depth + 1)

    # -- pictures, lines, rects -----------------------------------------------------------
    def picture(self, shape: Any, origin: Origin, box: tuple[int, int, int, int]) -> None:
        try:
            image = shape.image
            data, ext = image.blob, image.ext
        except (AttributeError, KeyError, ValueError) as err:
            self.note(origin, f"picture not imported: its image part is missing ({err})")
            return
        crop = (shape.crop_left, shape.crop_top, shape.crop_right, shape.crop_bottom)
        crop = tuple(max(0.0, min(1.0, float(c or 0))) for c in crop)
        try:
            asset = picture_asset(data, ext, crop if any(crop) else None)
        except PictureRefused as err:
            self.note(origin, f"picture not imported: {err}")
            return
        if asset.note:
            self.note(origin, asset.note)
        self.deck.assets[asset.path] = asset.data
        self.elements.append(Image(origin, *box, asset.path))

    def line(self, shape: Any, origin: Origin, box: tuple[int, int, int, int]) -> None:
        el = shape._element
        sppr = el.find(f"{P}spPr")
        stroke, width = outline(sppr, el.find(f"{P}style"), self.theme)
        if stroke is None:
            return
        x, y, w, h = box
        xfrm = sppr.find(f"{A}xfrm") if sppr is not None else None
        flip_h = xfrm is not None and truthy(xfrm.get("flipH"))
        flip_v = xfrm is not None and truthy(xfrm.get("flipV"))
        x1, x2 = (x + w, x) if flip_h else (x, x + w)
        y1, y2 = (y + h, y) if flip_v else (y, y + h)
        self.elements.append(Line(origin, x1, y1, x2, y2, stroke, max(width, 1)))

    def autoshape(self, shape: Any, origin: Origin, box: tuple[int, int, int, int]) -> None:
        el = shape._element
        sppr = el.find(f"{P}spPr")
        style = el.find(f"{P}style")
        geom = sppr.find(f"{A}prstGeom") if sppr is not None else None
        prst = geom.get("prst") if geom is not None else ("custom" if sppr is not None and
                                                          sppr.find(f"{A}custGeom") is not None
                                                          else "rect")
        if prst == "line" or prst.startswith(("straightConnector", "bentConnector")):
            self.line(shape, origin, box)
            return
        shape_fill = fill(sppr, style, self.theme)
        stroke, width = outline(sppr, style, self.theme)
        if prst in ("rect", "roundRect", "snip1Rect", "round2SameRect", "flowChartProcess",
                    "flowChartAlternateProcess"):
            if shape_fill is not None or stroke is not None:
                radius = 0
                if prst in ("roundRect", "flowChartAlternateProcess"):
                    adj = 16667
                    gd = geom.find(f"{A}avLst/{A}gd") if geom is not None else None
                    if gd is not None:
                        m = re.fullmatch(r"val\s+(-?\d+)", gd.get("fmla", ""))
                        adj = int(m.group(1)) if m else adj
                    radius = min(box[2], box[3]) * max(0, min(adj, 50000)) // 100000
                self.elements.append(Rect(origin, *box, shape_fill, stroke,
                                          width if stroke else 0, radius))
        elif shape_fill is not None or stroke is not None:
            self.note(origin, f"the {prst} shape is not imported (rectangles and lines are)"
                      + ("; its text is" if shape.has_text_frame and shape.text_frame.text.strip()
                         else ""))
        if shape.has_text_frame:
            self.text(shape, origin, box)

    # -- text -----------------------------------------------------------------------------
    def _placeholder_chain(self, shape: Any) -> tuple[list[Any], list[Any], list[Any]]:
        """(list styles, body properties, default styles) from the shape up its inheritance."""
        levels = [shape._element.find(f"{P}txBody/{A}lstStyle")]
        bodies = [shape._element.find(f"{P}txBody/{A}bodyPr")]
        defaults: list[Any] = []
        if not shape.is_placeholder:
            defaults.append(self.deck.default_text_style)
            return levels, bodies, defaults
        fmt = shape.placeholder_format
        ph_type = shape._element.ph_type
        type_name = getattr(ph_type, "name", None)
        xml_type = shape._element.ph.get("type") if shape._element.ph is not None else None
        inherited = []
        try:
            layout_ph = self.layout.placeholders.get(idx=fmt.idx)
        except (KeyError, ValueError):
            layout_ph = None
        if layout_ph is not None:
            inherited.append(layout_ph)
        try:
            master_ph = self.master.placeholders.get(ph_type) if type_name else None
        except (KeyError, ValueError):
            master_ph = None
        if master_ph is None:
            # a centred title inherits from the master's title, the rest from its body
            from pptx.enum.shapes import PP_PLACEHOLDER

            master_ph = self.master.placeholders.get(
                PP_PLACEHOLDER.TITLE if xml_type in _TITLE_TYPES else PP_PLACEHOLDER.BODY)
        if master_ph is not None:
            inherited.append(master_ph)
        for ph in inherited:
            levels.append(ph._element.find(f"{P}txBody/{A}lstStyle"))
            bodies.append(ph._element.find(f"{P}txBody/{A}bodyPr"))
        styles = self.master._element.find(f"{P}txStyles")
        if styles is not None:
            name = "titleStyle" if xml_type in _TITLE_TYPES else \
                "bodyStyle" if xml_type in _BODY_TYPES else "otherStyle"
            defaults.append(styles.find(f"{P}{name}"))
        return levels, bodies, defaults

    def text(self, shape: Any, origin: Origin, box: tuple[int, int, int, int]) -> None:
        levels, bodies, defaults = self._placeholder_chain(shape)
        el = shape._element
        style_ref = el.find(f"{P}style/{A}fontRef")
        style = TextStyle(levels, defaults, self.theme,
                          color(style_ref, self.theme) if style_ref is not None else None)
        tx_body = el.find(f"{P}txBody")
        if tx_body is None:
            return
        read = read_paragraphs(tx_body, style)
        if not any(p.text.strip() for p in read.paragraphs):
            return  # an empty box (or an unfilled placeholder) draws nothing
        self._simplified(origin, read)
        self.deck.fonts.update(read.fonts)

        def body_attr(name: str) -> str | None:
            for body in bodies:
                if body is not None and body.get(name) is not None:
                    return body.get(name)
            return None

        insets = [_int(body_attr(k), d) for k, d in zip(("lIns", "tIns", "rIns", "bIns"),
                                                        DEFAULT_INSETS, strict=True)]
        padding = max(0, min(insets))
        x, y, w, h = box
        x += insets[0] - padding
        y += insets[1] - padding
        w -= insets[0] + insets[2] - 2 * padding
        h -= insets[1] + insets[3] - 2 * padding
        autofit = next((b for b in bodies if b is not None and
                        (b.find(f"{A}normAutofit") is not None or b.find(f"{A}noAutofit")
                         is not None or b.find(f"{A}spAutoFit") is not None)), None)
        min_size = None
        if autofit is not None and autofit.find(f"{A}normAutofit") is not None:
            min_size = max(6350, read.font_size // 2 // 6350 * 6350)
        valign = _ANCHOR.get(body_attr("anchor") or "t", "top")
        if autofit is not None and autofit.find(f"{A}spAutoFit") is not None and valign == "top":
            # "resize shape to fit text" (LibreOffice's default for a typed text box): the box
            # grows downwards with its text, so longer values may use the room below it
            h = max(h, (self.deck.height - y) // 36000 * 36000)
        if body_attr("wrap") == "none":
            # unwrapped text runs past the box in the office app: give it the room it has
            # on the slide on the side(s) the alignment grows towards
            room_right = max(self.deck.width - (x + w), 0)
            if read.align in ("left", "justify"):
                w += room_right
            elif read.align == "right":
                w, x = w + max(x, 0), min(x, 0)
            else:
                side = min(max(x, 0), room_right)
                x, w = x - side, w + 2 * side
        text = "".join(p.text for p in read.paragraphs)
        if read.all_bold:  # the box is bold, not each of its runs
            for paragraph in read.paragraphs:
                for run in paragraph.runs:
                    run.bold = False
        self.elements.append(TextBox(
            origin, x, y, max(w, 0), max(h, 0), read.paragraphs, read.font_size,
            min_font_size=min_size, bold=read.all_bold, color=read.color, align=read.align,
            valign=valign,
            line_spacing=read.line_spacing, padding=padding, lang=_lang(text)))

    def _simplified(self, origin: Origin, read: ReadText) -> None:
        if len(read.sizes) > 1:
            sizes = ", ".join(f"{s / 12700:g}pt" for s in sorted(read.sizes))
            self.note(origin, f"text sizes {sizes} all set at {read.font_size / 12700:g}pt "
                      "(one size per text box)")
        if read.italic:
            self.note(origin, "italic/underline is not imported")
        if len(read.aligns) > 1:
            self.note(origin, f"paragraph alignments {', '.join(sorted(read.aligns))} all set "
                      f"{read.align} (one alignment per text box)")

    # -- tables ---------------------------------------------------------------------------
    def table(self, frame: Any, origin: Origin, box: tuple[int, int, int, int]) -> None:
        table = frame.table
        tbl = table._tbl
        tbl_pr = tbl.find(f"{A}tblPr")
        first_row = tbl_pr is not None and truthy(tbl_pr.get("firstRow"))
        style_id = tbl.find(f"{A}tblPr/{A}tableStyleId")
        medium2 = style_id is not None and (style_id.text or "").strip() == _MEDIUM_2
        text_style = TextStyle([], [self.deck.default_text_style], self.theme)
        columns = [_int(c.width) for c in table.columns]
        rows: list[Row] = []
        sizes: Counter[int] = Counter()
        paddings: list[int] = []
        merged = False
        for r_index, row in enumerate(table.rows):
            cells = []
            for cell in row.cells:
                if cell.is_spanned:
                    merged = True
                    cells.append(Cell([Paragraph([Run("")])]))
                    continue
                merged = merged or cell.is_merge_origin
                tc = cell._tc
                read = read_paragraphs(tc.find(f"{A}txBody"), text_style) \
                    if tc.find(f"{A}txBody") is not None else ReadText.empty()
                for s, n in read.sizes.items():
                    sizes[s] += n
                self.deck.fonts.update(read.fonts)
                tc_pr = tc.find(f"{A}tcPr")
                if tc_pr is not None:
                    paddings.append(min(_int(tc_pr.get(k), d) for k, d in
                                        (("marL", 91440), ("marR", 91440), ("marT", 45720),
                                         ("marB", 45720))))
                cell_fill = fill(tc_pr, None, self.theme) if tc_pr is not None else None
                bold = read.all_bold if read.any_text else None
                if medium2 and first_row and r_index == 0:
                    bold = True  # the style's header row is bold
                if bold:
                    for p in read.paragraphs:
                        for run in p.runs:
                            run.bold = False
                # a colour the cell's runs state (else the table's look decides)
                explicit = tc.find(f"{A}txBody/{A}p/{A}r/{A}rPr/{A}solidFill") is not None
                cells.append(Cell(read.paragraphs, read.align, bold,
                                  read.color if read.any_text and explicit else None, cell_fill))
            rows.append(Row(cells, header=first_row and r_index == 0))
        if merged:
            self.note(origin, "merged cells are split (their text stays in the first cell)")
        header_fill = header_color = None
        if medium2:
            self.note(origin, "the table style's banded body fills are not imported (its "
                      "header fill is)")
            accent = self.theme.scheme("accent1")
            light = self.theme.scheme("lt1") or "FFFFFF"
            if accent:
                header_fill = f"#{accent.lower()}"
                header_color = f"#{light.lower()}"
        row_loops(rows)
        if len(rows) > 1 and rows[1].loop_open and not rows[0].loop_open:
            rows[0].header = True  # the row above a repeated row heads it (repeats on a split)
        border, border_width = None, None
        for ln in tbl.iterfind(f"{A}tr/{A}tc/{A}tcPr/*"):
            if ln.tag in (f"{A}lnL", f"{A}lnR", f"{A}lnT", f"{A}lnB") and \
                    ln.find(f"{A}solidFill") is not None:
                border = color(ln.find(f"{A}solidFill"), self.theme)
                border_width = max(_int(ln.get("w"), 12700), 635)
                break
        x, y, w, _h = box
        # rows grow downwards as in the office app: the box reaches the slide's bottom (whole mm)
        height = max((self.deck.height - y) // 36000 * 36000, sum(_int(r.height) for r in table.rows))
        size = sizes.most_common(1)[0][0] if sizes else 18 * 12700
        if len(sizes) > 1:
            self.note(origin, f"cell text sizes set at {size / 12700:g}pt (one size per table)")
        self.elements.append(Table(origin, x, y, w, height, columns, rows, size,
                                   units.spacing(single_spacing_milli()),
                                   min(paddings) if paddings else 45720,
                                   header_fill=header_fill, header_color=header_color,
                                   border=border, border_width=border_width))

    # -- charts ---------------------------------------------------------------------------
    def chart(self, frame: Any, origin: Origin, box: tuple[int, int, int, int]) -> None:
        try:
            chart, rows, notes = read_chart(frame, origin, box, self.theme, self.deck.keys,
                                            len(self.deck.known) + 1)
        except ChartRefused as err:
            self.note(origin, f"chart not imported: {err}")
            return
        for n in notes:
            self.note(origin, n)
        self.deck.known[chart.binding] = rows
        self.elements.append(chart)


def row_loops(rows: list[Row]) -> None:
    """Rows whose first cell opens a ``{% for %}`` and last cell closes it repeat; a row
    holding nothing but the opening (or closing) tag marks where the loop starts (ends)."""
    index = 0
    while index < len(rows):
        row = rows[index]
        joined = "".join(tags.clean_tag("".join(p.text for p in c.paragraphs)).strip()
                         for c in row.cells)
        if tags.single(joined) and tags.statement_keyword(joined) in ("for", "endfor"):
            if tags.statement_keyword(joined) == "for" and index + 1 < len(rows):
                rows[index + 1].loop_open = joined
            elif tags.statement_keyword(joined) == "endfor" and index > 0:
                rows[index - 1].loop_close = joined
            del rows[index]
            continue
        first = "".join(p.text for p in row.cells[0].paragraphs) if row.cells else ""
        m = re.match(r"\s*(\{%-?\s*for\b.*?%\})", tags.clean_tag(first), re.S)
        if m:
            row.loop_open = m.group(1)
            _strip_tag(row.cells[0], m.group(1), at_start=True)
            last = "".join(p.text for p in row.cells[-1].paragraphs)
            e = re.search(r"(\{%-?\s*endfor\s*-?%\})\s*$", tags.clean_tag(last))
            if e:
                row.loop_close = e.group(1)
                _strip_tag(row.cells[-1], e.group(1), at_start=False)
        index += 1


def _strip_tag(cell: Cell, tag: str, *, at_start: bool) -> None:
    runs = [r for p in cell.paragraphs for r in p.runs]
    ordered = runs if at_start else list(reversed(runs))
    for run in ordered:
        cleaned = tags.clean_tag(run.text)
        if tag in cleaned:
            run.text = cleaned.replace(tag, "", 1)
            return


class ReadText:
    """Paragraphs of one text body, with what the box as a whole takes from them."""

    def __init__(self) -> None:
        self.paragraphs: list[Paragraph] = []
        self.sizes: Counter[int] = Counter()
        self.colors: Counter[str] = Counter()
        self.aligns: set[str] = set()
        self.align = "left"
        self.italic = False
        self.fonts: Counter[str] = Counter()
        self.line_spacing: str | None = None
        self.all_bold = True
        self.any_text = False

    @classmethod
    def empty(cls) -> ReadText:
        read = cls()
        read.paragraphs = [Paragraph([Run("")])]
        return read

    @property
    def font_size(self) -> int:
        if not self.sizes:
            return 18 * 12700
        top = max(self.sizes.values())
        return max(s for s, n in self.sizes.items() if n == top)

    @property
    def color(self) -> str:
        return self.colors.most_common(1)[0][0] if self.colors else "#000000"


def _bullet(style: TextStyle, ppr: Any, counters: dict[int, int]) -> str:
    """The bullet text of a paragraph: the nearest ``buNone``/``buChar``/``buAutoNum`` decides."""
    level = _int(ppr.get("lvl"), 0) if ppr is not None else 0
    for element in ([ppr] if ppr is not None else []) + style._ppr(level):
        for child in element:
            if child.tag == f"{A}buNone":
                counters.pop(level, None)
                return ""
            if child.tag == f"{A}buChar":
                return (child.get("char") or "\u2022") + " "
            if child.tag == f"{A}buAutoNum":
                counters[level] = counters.get(level, _int(child.get("startAt"), 1) - 1) + 1
                n = counters[level]
                scheme = child.get("type", "arabicPeriod")
                return f"({n}) " if "ParenBoth" in scheme else f"{n}) " if "ParenR" in scheme \
                    else f"{n}. "
    return ""


def read_paragraphs(tx_body: Any, style: TextStyle) -> ReadText:
    """The paragraphs of a ``txBody`` with tags made whole, and the box-level choices."""
    read = ReadText()
    counters: dict[int, int] = {}
    first_align: str | None = None
    spacing_ppr: tuple[Any] | None = None
    for p in tx_body.iterfind(f"{A}p"):
        ppr = p.find(f"{A}pPr")
        runs: list[Run] = []
        stats: list[tuple[int, str, bool, int]] = []
        for child in p:
            if child.tag not in (f"{A}r", f"{A}br", f"{A}fld"):
                continue
            rpr = child.find(f"{A}rPr")
            if child.tag == f"{A}br":
                text = "\n"
            else:
                t = child.find(f"{A}t")
                text = t.text or "" if t is not None else ""
                if child.tag == f"{A}fld" and (child.get("type") or "") == "slidenum":
                    text = "{{ page.number }}"
            text = _CONTROL.sub("", text.replace("\t", " ").replace("\v", "\n"))
            size = style.font_size(rpr, ppr)
            bold = truthy(style.run(rpr, ppr, "b"))
            if truthy(style.run(rpr, ppr, "i")) or (style.run(rpr, ppr, "u") or "none") != "none":
                read.italic = read.italic or bool(text.strip())
            run_color = style.run_color(rpr, ppr)
            if text.strip():
                stats.append((size, run_color, bold, len(text)))
                read.fonts[style.typeface(rpr, ppr) or ""] += len(text)
            runs.append(Run(text, bold, run_color))
        runs = tags.rejoin(runs) if runs else []
        paragraph = Paragraph(runs)
        if paragraph.text.strip() and tags.block_only(paragraph) is None:
            for size, run_color, bold, count in stats:  # control lines do not count
                read.sizes[size] += count
                read.colors[run_color] += count
                read.all_bold = read.all_bold and bold
                read.any_text = True
            bullet = _bullet(style, ppr, counters)
            if bullet and runs:
                runs.insert(0, Run(bullet, runs[0].bold, runs[0].color))
            align = _ALIGN.get(style.paragraph(ppr, "algn") or "l", "left")
            read.aligns.add(align)
            first_align = first_align or align
            if spacing_ppr is None:
                spacing_ppr = (ppr,)
        read.paragraphs.append(paragraph)
    read.align = first_align or "left"
    if spacing_ppr is not None:  # the first paragraph's spacing, at the box's final size
        read.line_spacing = _line_spacing(style, spacing_ppr[0], read)
    if not read.any_text:
        read.all_bold = False
    return read


def _line_spacing(style: TextStyle, ppr: Any, read: ReadText) -> str | None:
    """The template's line-spacing factor: office "single" is the font's own line height."""
    spacing = style.paragraph_child(ppr, f"{A}lnSpc")
    pct = spacing.find(f"{A}spcPct") if spacing is not None else None
    pts = spacing.find(f"{A}spcPts") if spacing is not None else None
    if pts is not None:
        value = _int(pts.get("val"), 0) * 127 * 1000 // max(read.font_size, 1)
    else:
        percent = _int(pct.get("val"), 100000) if pct is not None else 100000
        value = single_spacing_milli() * percent // 100000
    return units.spacing(value) if value > 0 else None


class DeckReader:
    """A whole presentation: slide size, themes, assets, chart data and notes."""

    def __init__(self, prs: Any) -> None:
        self.prs = prs
        self.width = _int(prs.slide_width, 9144000)
        self.height = _int(prs.slide_height, 5143500)
        self.assets: dict[str, bytes] = {}
        self.known: dict[str, Any] = {}
        self.keys: set[str] = set()
        self.notes: list[str] = []
        #: font families of the deck's text, by characters set in them
        self.fonts: Counter[str] = Counter()
        self._themes: dict[int, Theme] = {}
        self.default_text_style = prs.part._element.find(f"{P}defaultTextStyle")

    def _font_note(self) -> None:
        from ..export.ooxml_common import _family
        from ..layout import assets
        from ..resources import asset

        ours = _family(asset("fonts", assets.FONT_FILES[0][0]))
        others = sorted(f for f in self.fonts if f and f != ours)
        if others:
            self.notes.append(f"deck: text in {', '.join(others)} is drawn in {ours} (the "
                              "layout's one font family; sizes and line breaks may differ)")

    def theme(self, master: Any) -> Theme:
        key = id(master.part)
        if key not in self._themes:
            self._themes[key] = Theme.of_master(master)
        return self._themes[key]

    def slides(self) -> Iterator[Slide]:
        for number, slide in enumerate(self.prs.slides, 1):
            yield SlideReader(self, slide, number).read()

    def read(self) -> Deck:
        slides = list(self.slides())
        self._font_note()
        # the deck's language: what its own words (not its tags) are mostly written in
        text = tags.TAG.sub("", "".join(p.text for s in slides for el in s.elements
                                        if isinstance(el, TextBox) for p in el.paragraphs))
        letters = [c for c in text if c.isalpha()]
        cjk = len(_CJK.findall("".join(letters)))
        lang = ("ja" if _KANA.search(text) else "zh") if cjk * 2 > len(letters) else "en"
        title = (self.prs.core_properties.title or "").strip() or None
        return Deck(self.width, self.height, slides, lang, title, self.assets, self.notes)
