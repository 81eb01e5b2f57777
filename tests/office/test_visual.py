"""LibreOffice shows our text where we draw it: the pixels, not only the extracted text.

For every sample, our own PDF says where each word is (``pdftotext -bbox``)
and has ink there; LibreOffice's PDF of our DOCX and PPTX, rasterized with
``pdftoppm``, must have ink in the same box on the same page (a covered or
misplaced table or text box has none) and the same page count.  A native
PPTX chart lays its own labels out, so in PPTX the words inside a chart
group are left to the text check of ``test_libreoffice.py``; in DOCX a
chart is our shapes and is checked too.  Issue 17 item 5.
"""

from __future__ import annotations

import pytest

from o3local.export import export

from ..export.kit import pdf_pages, sample_assets, tool
from .test_docx_tables_visible import DPI, EMU_PER_PT, rasters, words_by_page
from .test_libreoffice import FORMATS, SAMPLES, converted  # noqa: F401 (the fixture)

pytestmark = pytest.mark.slow

SLACK = 3  # points around a word's box: the office suite's glyphs may sit a little apart
INK = 60  # grey levels between the lightest and darkest pixel of a box that has text drawn


def ink(image, box) -> int:
    x0, y0, x1, y1 = box
    scale = DPI / 72
    crop = (int((x0 - SLACK) * scale), int((y0 - SLACK) * scale),
            int((x1 + SLACK) * scale) + 1, int((y1 + SLACK) * scale) + 1)
    darkest, lightest = image.crop(crop).getextrema()
    return lightest - darkest


def chart_boxes(page) -> list[tuple[float, float, float, float]]:
    return [(it["x"] / EMU_PER_PT, it["y"] / EMU_PER_PT, (it["x"] + it["w"]) / EMU_PER_PT,
             (it["y"] + it["h"]) / EMU_PER_PT)
            for it in page["items"] if it["type"] == "group" and it.get("role") == "chart"]


def inside(box, area) -> bool:
    return (area[0] - SLACK <= box[0] and box[2] <= area[2] + SLACK
            and area[1] - SLACK <= box[1] and box[3] <= area[3] + SLACK)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", SAMPLES)
def test_office_raster_has_ink_wherever_our_pdf_has_a_word(converted, name, fmt):  # noqa: F811
    tool("pdftoppm")
    lists, outdir = converted
    dl = lists[name]
    if fmt == "docx" and all("content" in page for page in dl["pages"]):
        pytest.skip("a flow DOCX is laid out by the office app, not at our places: "
                    "tests/office/test_flow_docx.py checks what LibreOffice shows of it")
    ours_pdf = outdir / f"{name}-ours.pdf"
    if not ours_pdf.exists():
        ours_pdf.write_bytes(export(dl, "pdf", assets=sample_assets(name))[0])
    theirs_pdf = outdir / f"{name}-{fmt}.pdf"
    assert pdf_pages(theirs_pdf) == len(dl["pages"])
    ours, theirs = rasters(ours_pdf), rasters(theirs_pdf)
    words = words_by_page(ours_pdf)
    assert len(ours) == len(theirs) == len(words) == len(dl["pages"])
    blank, checked = [], 0
    for number, (page_words, mine, office, page) in enumerate(
            zip(words, ours, theirs, dl["pages"], strict=True), 1):
        charts = chart_boxes(page) if fmt == "pptx" else []
        for word, box in page_words:
            if ink(mine, box) < INK or any(inside(box, area) for area in charts):
                continue
            checked += 1
            if ink(office, box) < INK:
                blank.append((number, word, [round(v) for v in box]))
    assert checked >= 20
    assert blank == [], f"{name}.{fmt}: LibreOffice shows nothing where we draw {blank[:12]}"
