"""What an imported deck holds, between reading the .pptx and writing the template body.

The reader (shapes.py) turns each slide into these plain records, already in
the template language's terms (EMU boxes, ``#rrggbb`` colours, one font
size per text box); the writer (body.py) only spells them as markup.  Each
record keeps the slide number and the shape's name so that a problem found
later (a tag the template language rejects) can name the place in the deck.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Origin:
    """Where a record came from: 1-based slide number and the shape's name in the deck."""

    slide: int
    shape: str

    def __str__(self) -> str:
        return f"slide {self.slide}, shape {self.shape!r}"


@dataclass(frozen=True)
class Place:
    """Where a line of an imported Word document's body came from (``paragraph 12``, ``header``)."""

    label: str

    def __str__(self) -> str:
        return self.label


@dataclass
class Run:
    """Text with one look; ``text`` may hold whole template tags (never half a tag)."""

    text: str
    bold: bool = False
    color: str | None = None
    #: font size in EMU where the reader knows it per run (Word documents)
    size: int | None = None


@dataclass
class Paragraph:
    runs: list[Run] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)


@dataclass
class TextBox:
    origin: Origin
    x: int
    y: int
    w: int
    h: int
    paragraphs: list[Paragraph]
    font_size: int
    min_font_size: int | None = None
    bold: bool = False
    color: str = "#000000"
    align: str = "left"
    valign: str = "top"
    line_spacing: str | None = None
    padding: int = 0
    lang: str | None = None


@dataclass
class Rect:
    origin: Origin
    x: int
    y: int
    w: int
    h: int
    fill: str | None
    stroke: str | None = None
    stroke_width: int = 0
    radius: int = 0


@dataclass
class Line:
    origin: Origin
    x1: int
    y1: int
    x2: int
    y2: int
    stroke: str
    stroke_width: int


@dataclass
class Image:
    origin: Origin
    x: int
    y: int
    w: int
    h: int
    src: str


@dataclass
class Cell:
    paragraphs: list[Paragraph]
    align: str = "left"
    bold: bool | None = None
    color: str | None = None
    fill: str | None = None


@dataclass
class Row:
    cells: list[Cell]
    header: bool = False
    #: a ``{% for ... %}`` tag that repeats this row, and its ``{% endfor %}``
    loop_open: str | None = None
    loop_close: str | None = None


@dataclass
class Table:
    origin: Origin
    x: int
    y: int
    w: int
    h: int
    columns: list[int]
    rows: list[Row]
    font_size: int
    line_spacing: str
    padding: int
    header_fill: str | None = None
    header_color: str | None = None
    border: str | None = None
    border_width: int | None = None


@dataclass
class Series:
    name: str
    key: str
    color: str | None
    values: list[str]


@dataclass
class Chart:
    origin: Origin
    x: int
    y: int
    w: int
    h: int
    chart_type: str
    #: the data key the chart is bound to (an array of {label, <series keys>})
    binding: str
    title: str | None
    categories: list[str]
    series: list[Series]
    legend: str
    labels: bool
    number_format: str | None
    font_size: int


Element = TextBox | Rect | Line | Image | Table | Chart


@dataclass
class Slide:
    number: int
    background: str
    elements: list[Element] = field(default_factory=list)
    #: ``{% for %}``/``{% if %}`` tags from the speaker notes that wrap the whole slide
    wrap_open: list[str] = field(default_factory=list)
    wrap_close: list[str] = field(default_factory=list)


@dataclass
class Deck:
    width: int
    height: int
    slides: list[Slide]
    lang: str
    title: str | None
    #: package path -> bytes (PNG/JPEG) of every picture kept
    assets: dict[str, bytes]
    #: what was changed or left out, one line each, naming the slide and shape
    notes: list[str]
