"""The template body (``deck.o3x``) of an imported deck, spelled from the records of model.py.

One ``<slide>`` per slide, one element per shape, each preceded by a
``{# slide N: shape name #}`` comment so the author finds the shape again;
lengths as exact ``in``/``cm``/``pt`` (units.py).  Template tags the author
typed are written as they are, with two rules that keep the markup's
nesting valid whatever the runs were: a paragraph that holds only block
tags (``{% for %}`` / ``{% endfor %}`` ...) becomes those tags *between*
paragraphs, and a ``{% %}`` tag inside a paragraph is written outside the
bold/colour span of its run.  :func:`write_body` also returns, for each
line of the body, the deck place it came from, so a problem ``validate``
finds at ``deck.o3x:LINE`` can be told as "slide 2, shape 'Title 1'".
"""

from __future__ import annotations

from . import tags
from .model import Chart, Deck, Element, Image, Line, Origin, Paragraph, Rect, Table, TextBox
from .units import length, points

INDENT = "  "


def _attrs(pairs: list[tuple[str, str | None]]) -> str:
    return "".join(f' {k}="{tags.attribute(v)}"' for k, v in pairs if v is not None)


def _comment(text: str) -> str:
    text = " ".join(text.split())  # one line: a line of the body maps to one deck place
    return "{# " + text.replace("#}", "# }").replace("{#", "{ #") + " #}"


def _runs(paragraph: Paragraph, color: str, bold: bool = False) -> str:
    out: list[str] = []
    for run in paragraph.runs:
        pieces: list[tuple[bool, str]] = []  # (is a statement tag, text)
        pos = 0
        for m in tags.TAG.finditer(run.text):
            if m.group(0).startswith("{%"):
                pieces.append((False, run.text[pos:m.start()]))
                pieces.append((True, m.group(0)))
                pos = m.end()
        pieces.append((False, run.text[pos:]))
        for statement, text in pieces:
            if not text:
                continue
            if statement:
                out.append(text)
                continue
            body = "<br/>".join(tags.escape(part) for part in text.split("\n"))
            run_bold = run.bold and not bold
            if run.color and run.color != color:
                weight = ' weight="bold"' if run_bold else ""
                out.append(f'<span color="{run.color}"{weight}>{body}</span>')
            elif run_bold:
                out.append(f"<b>{body}</b>")
            else:
                out.append(body)
    return "".join(out)


def _cell_content(paragraphs: list[str]) -> str:
    """A table cell's content: a lone paragraph's runs unwrapped, several as they are."""
    if len(paragraphs) == 1 and paragraphs[0].startswith("<p>"):
        return paragraphs[0][3:-4]
    return "".join(paragraphs)


def _paragraphs(paragraphs: list[Paragraph], color: str, bold: bool = False) -> list[str]:
    lines: list[str] = []
    for paragraph in paragraphs:
        control = tags.block_only(paragraph)
        if control is not None:
            lines.append("".join(control))
        else:
            lines.append(f"<p>{_runs(paragraph, color, bold)}</p>")
    return lines


class _Writer:
    def __init__(self, lang: str) -> None:
        self.lines: list[str] = []
        self.origins: list[Origin | None] = []
        self.lang = lang

    def add(self, depth: int, text: str, origin: Origin | None = None) -> None:
        self.lines.append(INDENT * depth + text)
        self.origins.append(origin)

    def element(self, el: Element, depth: int) -> None:
        o = el.origin
        self.add(depth, _comment(f"slide {o.slide}: {o.shape}"), o)
        if isinstance(el, TextBox):
            self.text(el, depth)
        elif isinstance(el, Rect):
            self.add(depth, "<rect" + _attrs([
                ("x", length(el.x)), ("y", length(el.y)), ("w", length(el.w)),
                ("h", length(el.h)), ("fill", el.fill or "none"), ("stroke", el.stroke),
                ("stroke-width", length(el.stroke_width) if el.stroke else None),
                ("radius", length(el.radius) if el.radius else None)]) + "/>", o)
        elif isinstance(el, Line):
            self.add(depth, "<line" + _attrs([
                ("x1", length(el.x1)), ("y1", length(el.y1)), ("x2", length(el.x2)),
                ("y2", length(el.y2)), ("stroke", el.stroke),
                ("stroke-width", length(el.stroke_width))]) + "/>", o)
        elif isinstance(el, Image):
            self.add(depth, "<image" + _attrs([
                ("src", el.src), ("x", length(el.x)), ("y", length(el.y)), ("w", length(el.w)),
                ("h", length(el.h)), ("fit", "stretch")]) + "/>", o)
        elif isinstance(el, Table):
            self.table(el, depth)
        elif isinstance(el, Chart):
            self.chart(el, depth)

    def text(self, el: TextBox, depth: int) -> None:
        head = "<text" + _attrs([
            ("x", length(el.x)), ("y", length(el.y)), ("w", length(el.w)), ("h", length(el.h)),
            ("font-size", points(el.font_size)),
            ("min-font-size", points(el.min_font_size) if el.min_font_size else None),
            ("weight", "bold" if el.bold else None), ("color", el.color), ("align", el.align if el.align != "left" else None),
            ("valign", el.valign if el.valign != "top" else None),
            ("line-spacing", el.line_spacing), ("padding", length(el.padding)),
            ("lang", el.lang if el.lang and el.lang != self.lang else None)]) + ">"
        self.add(depth, head, el.origin)
        for line in _paragraphs(el.paragraphs, el.color, el.bold):
            self.add(depth + 1, line, el.origin)
        self.add(depth, "</text>", el.origin)

    def table(self, el: Table, depth: int) -> None:
        o = el.origin
        self.add(depth, "<table" + _attrs([
            ("x", length(el.x)), ("y", length(el.y)), ("w", length(el.w)), ("h", length(el.h)),
            ("font-size", points(el.font_size)), ("line-spacing", el.line_spacing),
            ("padding", length(el.padding)), ("columns", ",".join(length(c) for c in el.columns)),
            ("header-fill", el.header_fill), ("header-color", el.header_color),
            ("border", el.border),
            ("border-width", length(el.border_width) if el.border and el.border_width else None),
        ]) + ">", o)
        for row in el.rows:
            if row.loop_open:
                self.add(depth + 1, row.loop_open, o)
            cells = []
            for cell in row.cells:
                color = cell.color or "#000000"
                attrs = _attrs([("align", cell.align if cell.align != "left" else None),
                                ("color", cell.color), ("fill", cell.fill),
                                ("weight", "bold" if cell.bold else
                                 "regular" if row.header and cell.bold is False else None)])
                content = _cell_content(_paragraphs(cell.paragraphs, color, bool(cell.bold)))
                cells.append(f"<td{attrs}>{content}</td>")
            header = ' header="true"' if row.header else ""
            self.add(depth + 1, f"<tr{header}>" + "".join(cells) + "</tr>", o)
            if row.loop_close:
                self.add(depth + 1, row.loop_close, o)
        self.add(depth, "</table>", o)

    def chart(self, el: Chart, depth: int) -> None:
        o = el.origin
        colors = [s.color for s in el.series if s.color]
        self.add(depth, "<chart" + _attrs([
            ("type", el.chart_type), ("x", length(el.x)), ("y", length(el.y)),
            ("w", length(el.w)), ("h", length(el.h)), ("title", el.title),
            ("number-format", el.number_format), ("legend", el.legend),
            ("colors", ",".join(colors) if colors and el.chart_type != "pie" else None),
            ("labels", "true" if el.labels else None), ("font-size", points(el.font_size))]) + ">",
            o)
        loop = f"{{% for row in {el.binding} %}}"
        self.add(depth + 1, f"<categories>{loop}<c>{{{{ row.label }}}}</c>{{% endfor %}}"
                 "</categories>", o)
        for s in el.series:
            self.add(depth + 1, f"<series{_attrs([('name', s.name)])}>{loop}"
                     f"<v>{{{{ row.{s.key} }}}}</v>{{% endfor %}}</series>", o)
        self.add(depth, "</chart>", o)


def write_body(deck: Deck) -> tuple[str, list[Origin | None]]:
    """(the .o3x text, the deck place of each of its lines: index 0 is line 1)."""
    w = _Writer(deck.lang)
    w.add(0, "<document" + _attrs([("kind", "presentation"), ("width", length(deck.width)),
                                   ("height", length(deck.height)), ("lang", deck.lang)]) + ">")
    for slide in deck.slides:
        for tag in slide.wrap_open:
            w.add(1, tag, Origin(slide.number, "speaker notes"))
        w.add(1, _comment(f"slide {slide.number}"))
        w.add(1, f'<slide background="{slide.background}">')
        for el in slide.elements:
            w.element(el, 2)
        w.add(1, "</slide>")
        for tag in slide.wrap_close:
            w.add(1, tag, Origin(slide.number, "speaker notes"))
    w.add(0, "</document>")
    return "\n".join(w.lines) + "\n", w.origins
