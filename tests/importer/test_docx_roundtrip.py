"""The imported hand-made Word document looks like the document: LibreOffice's PDF against ours.

``fixtures/report.docx`` was designed in LibreOffice Writer (make_report.py).
LibreOffice renders it to PDF as it is (tags and all); we import it and
render the template with its sample values to PDF.  ``pdftotext -bbox``
then says where the words are.  The source is read here with python-docx,
not with the importer: for every heading and paragraph (and the header and
footer), its first word that both PDFs print exactly once on the page is
looked up in both, and must be within 3 mm.  Compared are the words'
bottom edges (the two PDFs embed the font with different ascents, so the
tops differ by a constant 0.2 em that no reader would see) and, for
left-aligned text, their left edges.  Blocks after a table with a loop row
or after a ``{% for %}`` paragraph on the same page are left out: the sample
rows decide where they go.  Measured (bottom edge, ours minus LibreOffice):
-0.7 pt for body text, -0.9 to -1.3 pt for headings, drifting to -4.6 pt
down page 1 (list items are 0.75 pt closer together than Writer sets
them: the flow's item spacing is 0.2 x the font size); left edges within
0.2 pt.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import o3local
from o3local.importer import import_document

from ..export.kit import pdf_pages, tool
from ..office.test_docx_tables_visible import words_by_page
from ..office.test_libreoffice import convert

pytestmark = pytest.mark.slow

FIXTURE = Path(__file__).parent / "fixtures" / "report.docx"
MM = 72 / 25.4
TOLERANCE = 3 * MM


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    soffice = tool("soffice")
    tool("pdftotext")
    work = tmp_path_factory.mktemp("docx-roundtrip")
    convert(soffice, [FIXTURE], work, work / "home")
    ours = work / "ours.pdf"
    import_document(FIXTURE, work / "template")
    o3local.render(str(work / "template"), sample=True, fmt="pdf", output=ours)
    return work / "report.pdf", ours


def source_paragraphs() -> list[tuple[str, str, bool, bool, bool]]:
    """(style, text, left-aligned, whether the data decides what follows, whether a page
    break ends it) per paragraph in order, the header's and footer's first (python-docx)."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    document = docx.Document(str(FIXTURE))
    out = []
    section = document.sections[-1]
    for band in (section.header, section.footer):
        for p in band.paragraphs:
            out.append(("band", p.text, p.alignment in (None, WD_ALIGN_PARAGRAPH.LEFT), False,
                        False))
    for block in document.iter_inner_content():
        if isinstance(block, Table):
            looped = any("{% for" in c.text for row in block.rows for c in row.cells)
            out.append(("table", "", True, looped, False))
        elif isinstance(block, Paragraph):
            left = (block.alignment or block.style.paragraph_format.alignment) in (
                None, WD_ALIGN_PARAGRAPH.LEFT)
            out.append((block.style.name, block.text, left, block.text.strip().startswith("{%"),
                        'w:type="page"' in block._p.xml))
    return out


def test_same_page_count(pdfs):
    theirs, ours = pdfs
    assert pdf_pages(theirs) == pdf_pages(ours) == 2


def test_headings_and_paragraphs_start_where_libreoffice_sets_them(pdfs):
    theirs, ours = pdfs
    their_words, our_words = words_by_page(theirs), words_by_page(ours)
    far, checked, blocked = [], [], set()
    page = 0
    for style, text, left, data_decides, page_break in source_paragraphs():
        if data_decides:
            blocked.add(page)
            continue
        after_tag = False  # a word after a tag moves with the tag's value: only its line counts
        for word in text.split():
            if "{" in word or "}" in word:
                after_tag = True
                continue
            pages = range(len(their_words)) if style == "band" else [page]
            hits = [(n, [b for w, b in their_words[n] if w == word],
                     [b for w, b in our_words[n] if w == word]) for n in pages]
            hits = [(n, a[0], b[0]) for n, a, b in hits if len(a) == 1 and len(b) == 1]
            if not hits:
                continue
            for n, a, b in hits:
                if n in blocked:
                    continue
                dx = b[0] - a[0] if left and not after_tag else 0.0
                dy = b[3] - a[3]
                checked.append((n + 1, word, round(dx, 1), round(dy, 1)))
                if abs(dx) > TOLERANCE or abs(dy) > TOLERANCE:
                    far.append(checked[-1])
            break
        page += page_break
    print("checked (page, word, dx, dy in pt):", checked)
    assert len(checked) >= 16, checked
    assert far == [], f"words more than 3 mm from LibreOffice's place (page, word, dx, dy): {far}"
