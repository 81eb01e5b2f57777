"""A DOCX table that continues over pages is visible in LibreOffice on every page.

Regression for issue 17: on every page but the last, LibreOffice showed a
positioned DOCX page's table blank (``pdftotext`` still found its text): the
page background was a shape in front of the text layer (``behindDoc="0"``)
covering the table, and a floating table whose next paragraph ended the
section was imported inline at the page's top left corner, under that
background.  This looks at the pixels: LibreOffice's PDF is rasterized with
``pdftoppm`` and every cell word ``pdftotext -bbox`` places must have ink
there, inside the box our layout gave the table.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from o3local.export import export

from ..export.kit import display_list, page, pdf_pages, table_group, tool
from .test_libreoffice import convert

pytestmark = pytest.mark.slow

EMU_PER_PT = 12700
DPI = 72  # one pixel per point: pdftotext's boxes are pixel boxes
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                   r"([^<]*)</word>")


def words_by_page(pdf: Path) -> list[list[tuple[str, tuple[float, float, float, float]]]]:
    xhtml = subprocess.run([tool("pdftotext"), "-bbox", str(pdf), "-"], check=True,
                           capture_output=True, timeout=60).stdout.decode("utf-8")
    return [[(m.group(5), tuple(float(v) for v in m.groups()[:4])) for m in _WORD.finditer(chunk)]
            for chunk in xhtml.split("<page ")[1:]]


def rasters(pdf: Path) -> list:
    from PIL import Image

    prefix = pdf.with_suffix("")
    subprocess.run([tool("pdftoppm"), "-r", str(DPI), "-png", str(pdf), str(prefix)],
                   check=True, capture_output=True, timeout=120)
    return [Image.open(p).convert("L") for p in sorted(prefix.parent.glob(prefix.name + "-*.png"))]


def test_a_table_over_three_docx_pages_has_ink_at_its_place_on_every_page(tmp_path):
    soffice = tool("soffice")
    group = table_group()  # 0.25 in from the left, 1.5 in down, header + 2 rows
    pages = [page([table_group(continued=i > 0)], background="#fdfdfd") for i in range(3)]
    dl = display_list(pages, kind="document")
    dl["version"] = 2
    docx = tmp_path / "table.docx"
    docx.write_bytes(export(dl, "docx")[0])
    convert(soffice, [docx], tmp_path, tmp_path / "home")
    pdf = tmp_path / "table.pdf"
    assert pdf_pages(pdf) == 3
    left, top = group["x"] / EMU_PER_PT, group["y"] / EMU_PER_PT
    right = left + group["w"] / EMU_PER_PT
    row_h = group["meta"]["rows"][0]["height"] / EMU_PER_PT
    images = rasters(pdf)
    assert len(images) == 3
    for number, (words, image) in enumerate(zip(words_by_page(pdf), images, strict=True), 1):
        cells = [(w, box) for w, box in words if w in ("Region", "North", "South")]
        assert sorted(w for w, _ in cells) == ["North", "Region", "South"], (number, words)
        for word, (x0, y0, x1, y1) in cells:
            # where our layout put the table, not the page's top left corner
            assert left - 2 <= x0 and x1 <= right + 2, (number, word, x0, x1)
            # the header row where ours is; LibreOffice may grow the body rows (its rows are
            # "at least" our height, and it wraps the narrow number columns)
            assert top - 2 <= y0 and (word != "Region" or y0 < top + row_h), (number, y0)
            darkest, lightest = image.crop((int(x0), int(y0), int(x1) + 1, int(y1) + 1)).getextrema()
            assert lightest - darkest > 100, f"page {number}: no ink where {word!r} is"


def test_a_table_in_the_lower_half_of_a_page_stays_at_its_place(tmp_path):
    """A flow document's table often starts below the middle of its page: LibreOffice put a
    page-anchored floating table there at the page's top left (tblpY 145 mm of an A4 page
    was kept, 150 mm was not); anchored to the (zero) margin it stays where we drew it."""
    soffice = tool("soffice")
    a4_w, a4_h = 7560000, 10692000
    group = table_group(y=a4_h * 7 // 10)
    dl = display_list([page([group], width=a4_w, height=a4_h)], kind="document")
    dl["version"] = 2
    docx = tmp_path / "low.docx"
    docx.write_bytes(export(dl, "docx")[0])
    convert(soffice, [docx], tmp_path, tmp_path / "home")
    (words,) = words_by_page(tmp_path / "low.pdf")
    (image,) = rasters(tmp_path / "low.pdf")
    top = group["y"] / EMU_PER_PT
    boxes = [box for w, box in words if w == "Region"]
    assert len(boxes) == 1 and top - 2 <= boxes[0][1] < top + group["meta"]["rows"][0]["height"] / EMU_PER_PT
    x0, y0, x1, y1 = boxes[0]
    darkest, lightest = image.crop((int(x0), int(y0), int(x1) + 1, int(y1) + 1)).getextrema()
    assert lightest - darkest > 100


@pytest.mark.parametrize("fmt", ["docx", "pptx"])
def test_a_continued_table_carries_its_continued_label_on_every_later_page(tmp_path, fmt):
    from o3local.layout import LayoutEngine

    rows = "".join(f"<tr><td>第{i:02d}行</td><td>{i * 100}</td></tr>" for i in range(1, 31))
    source = ('<document kind="document" width="8.5in" height="5in" lang="zh"><page>'
              '<table x="0.5in" y="0.8in" w="6in" h="3.5in" padding="0.05in" continued="续表" '
              'header-fill="#1f3a5f" header-color="#ffffff">'
              f'<tr header="true"><td>项目</td><td>金额</td></tr>{rows}</table></page></document>')
    dl = LayoutEngine.shared().layout(source, "test.o3x", {}, {}, {}).display_list
    assert len(dl["pages"]) >= 3
    office = tmp_path / f"cont.{fmt}"
    office.write_bytes(export(dl, fmt)[0])
    convert(tool("soffice"), [office], tmp_path, tmp_path / "home")
    pdf = tmp_path / "cont.pdf"
    words = words_by_page(pdf)
    images = rasters(pdf)
    assert len(words) == len(images) == len(dl["pages"])
    for number, (page_words, image) in enumerate(zip(words, images, strict=True), 1):
        labels = [box for w, box in page_words if "续表" in w]
        if number == 1:
            assert labels == []
            continue
        assert len(labels) == 1, (number, page_words[:8])
        x0, y0, x1, y1 = labels[0]
        darkest, lightest = image.crop((int(x0), int(y0), int(x1) + 1, int(y1) + 1)).getextrema()
        assert lightest - darkest > 100, f"page {number}: the 续表 label has no ink"
        # above the repeated header row
        header = [box for w, box in page_words if w == "项目"]
        assert header and y1 <= header[0][1] + 1
