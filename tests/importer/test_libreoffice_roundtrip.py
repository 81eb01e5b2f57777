"""The imported hand-made deck looks like the deck: LibreOffice's rendering against ours.

``fixtures/pitch.pptx`` was designed in LibreOffice Impress (make_deck.py).
LibreOffice renders it to PDF as it is (tags and all); we import it and
render the template with its sample values to PDF.  Then, page by page,
``pdftotext -bbox`` says where the words are in both: the page count is the
same, every text box of the deck (read here with python-pptx, not with the
importer) starts within 3 mm of where LibreOffice starts it - its first
line's top, and its left edge, centre or right edge as the box is aligned
- and every word both PDFs print once (the fixed text: headings, labels,
table header) is within 3 mm of LibreOffice's place for it.  Words inside a
chart are left out: each application lays out its own chart.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import o3local
from o3local.importer import import_deck

from ..export.kit import pdf_pages, tool
from ..office.test_docx_tables_visible import words_by_page
from ..office.test_libreoffice import convert

pytestmark = pytest.mark.slow

FIXTURE = Path(__file__).parent / "fixtures" / "pitch.pptx"
MM = 72 / 25.4  # points per millimetre
TOLERANCE = 3 * MM
EMU_PER_PT = 12700


def source_boxes(path: Path) -> list[list[tuple[str, tuple[float, float, float, float], str]]]:
    """Per slide, (shape name, box in points, alignment) of every shape with text."""
    from pptx import Presentation
    from pptx.enum.text import PP_ALIGN

    slides = []
    for slide in Presentation(str(path)).slides:
        boxes = []
        for shape in slide.shapes:
            if not shape.has_text_frame or not shape.text_frame.text.strip():
                continue
            align = shape.text_frame.paragraphs[0].alignment
            kind = {PP_ALIGN.CENTER: "center", PP_ALIGN.RIGHT: "right"}.get(align, "left")
            x, y, w, h = (v / EMU_PER_PT for v in (shape.left, shape.top, shape.width,
                                                     shape.height))
            boxes.append((shape.name, (x, y, x + w, y + h), kind))
        slides.append(boxes)
    return slides


def chart_areas(path: Path) -> list[list[tuple[float, float, float, float]]]:
    from pptx import Presentation

    return [[(s.left / EMU_PER_PT, s.top / EMU_PER_PT, (s.left + s.width) / EMU_PER_PT,
              (s.top + s.height) / EMU_PER_PT) for s in slide.shapes if s.has_chart]
            for slide in Presentation(str(path)).slides]


def inside(word_box, area, slack: float = 2.0) -> bool:
    cx, cy = (word_box[0] + word_box[2]) / 2, (word_box[1] + word_box[3]) / 2
    return area[0] - slack <= cx <= area[2] + slack and area[1] - slack <= cy <= area[3] + slack


def anchor(words, align: str) -> tuple[float, float]:
    """(x, y) of a box's text: its first line's top, and its left/centre/right edge."""
    x0 = min(b[0] for _w, b in words)
    x1 = max(b[2] for _w, b in words)
    top = min(b[1] for _w, b in words)
    x = {"left": x0, "center": (x0 + x1) / 2, "right": x1}[align]
    return x, top


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    soffice = tool("soffice")
    tool("pdftotext")
    work = tmp_path_factory.mktemp("import-roundtrip")
    convert(soffice, [FIXTURE], work, work / "home")
    theirs = work / "pitch.pdf"
    import_deck(FIXTURE, work / "template")
    ours = work / "ours.pdf"
    o3local.render(str(work / "template"), sample=True, fmt="pdf", output=ours)
    return theirs, ours


def test_same_page_count(pdfs):
    theirs, ours = pdfs
    assert pdf_pages(theirs) == pdf_pages(ours) == 3


def test_every_text_box_starts_where_libreoffice_starts_it(pdfs):
    theirs, ours = pdfs
    their_words, our_words = words_by_page(theirs), words_by_page(ours)
    far, checked = [], 0
    for number, (boxes, mine, office) in enumerate(zip(source_boxes(FIXTURE), our_words,
                                                       their_words, strict=True), 1):
        for name, area, align in boxes:
            a = [(w, b) for w, b in mine if inside(b, area)]
            b = [(w, b) for w, b in office if inside(b, area)]
            assert a and b, f"slide {number} {name!r}: no text in one of the PDFs"
            (ax, ay), (bx, by) = anchor(a, align), anchor(b, align)
            checked += 1
            if abs(ax - bx) > TOLERANCE or abs(ay - by) > TOLERANCE:
                far.append((number, name, align, round(ax - bx, 1), round(ay - by, 1)))
    assert checked >= 9
    assert far == [], f"text boxes more than 3 mm from LibreOffice's place (dx, dy in pt): {far}"


def fixed_words(pdf: Path, boxes, charts) -> list[dict[str, tuple[float, float, float, float]]]:
    """Per page, the words of LibreOffice's PDF whose place no tag can move.

    A line's words before its first tag are fixed when the line is left
    aligned; a block's lines after a line with a tag are not (the tag's
    value may wrap differently).  Words in charts are left out, and words
    printed more than once on a page.
    """
    import re
    import subprocess

    xhtml = subprocess.run([tool("pdftotext"), "-bbox-layout", str(pdf), "-"], check=True,
                           capture_output=True, timeout=60).stdout.decode("utf-8")
    word_re = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                         r'yMax="([\d.]+)">([^<]*)</word>')
    pages = []
    for number, chunk in enumerate(xhtml.split("<page ")[1:]):
        found: dict[str, list] = {}
        for block in chunk.split("<block ")[1:]:
            for line in block.split("<line ")[1:]:
                words = [(m.group(5), tuple(float(v) for v in m.groups()[:4]))
                         for m in word_re.finditer(line)]
                tagged = next((i for i, (w, _b) in enumerate(words) if "{" in w or "}" in w),
                              None)
                if tagged is not None:
                    left = all(align == "left" for _n, area, align in boxes[number]
                               if inside(words[0][1], area))
                    words = words[:tagged] if left else []
                for w, b in words:
                    if not any(inside(b, area) for area in charts[number]):
                        found.setdefault(w, []).append(b)
                if tagged is not None:
                    break
        pages.append({w: bs[0] for w, bs in found.items() if len(bs) == 1})
    return pages


def test_fixed_words_are_where_libreoffice_puts_them(pdfs):
    theirs, ours = pdfs
    far, checked = [], 0
    fixed = fixed_words(theirs, source_boxes(FIXTURE), chart_areas(FIXTURE))
    for number, (mine, office) in enumerate(zip(words_by_page(ours), fixed, strict=True), 1):
        counts: dict[str, list] = {}
        for w, b in mine:
            counts.setdefault(w, []).append(b)
        for word, box in sorted(office.items()):
            if len(counts.get(word, [])) != 1:
                continue
            checked += 1
            dx, dy = counts[word][0][0] - box[0], counts[word][0][1] - box[1]
            if abs(dx) > TOLERANCE or abs(dy) > TOLERANCE:
                far.append((number, word, round(dx, 1), round(dy, 1)))
    assert checked >= 8
    assert far == [], f"words more than 3 mm from LibreOffice's place (dx, dy in pt): {far}"
