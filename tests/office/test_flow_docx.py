"""The flow sample's Word-native DOCX in LibreOffice: it lays the document out itself.

Our DOCX of a flow document holds paragraphs, lists, one table with a repeating
header row and header/footer parts with PAGE / NUMPAGES fields, not boxes pinned
to our pages (issue 17 item 2).  So LibreOffice paginates it: about our page
count, 第 N 页 共 M 页 from its own fields on every page, the table's header row
on every page the table reaches, every word of ours somewhere, and after an edit
(a long paragraph inserted near the start) the content after it moves on instead
of being drawn over.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import o3local
from o3local.export import export

from ..export.kit import flow_docx_text, missing_runs, pdf_pages, pdftotext, sample_assets, tool
from .test_docx_tables_visible import words_by_page
from .test_libreoffice import convert

pytestmark = pytest.mark.slow

NAME = "monthly-report-zh"
INSERTED = "插入的段落：" + "这是一段在 Word 里补写的说明文字，用来检验其后的内容会随之重排。" * 14


def _page_texts(pdf: Path) -> list[str]:
    return [re.sub(r"\s+", "", "".join(w for w, _box in page)) for page in words_by_page(pdf)]


@pytest.fixture(scope="module")
def flow(tmp_path_factory):
    soffice = tool("soffice")
    work = tmp_path_factory.mktemp("flowdocx")
    dl = o3local.render(NAME, sample=True, fmt="svg").display_list
    original = work / "report.docx"
    original.write_bytes(export(dl, "docx", assets=sample_assets(NAME))[0])
    import docx

    document = docx.Document(str(original))
    heading = next(p for p in document.paragraphs if p.text.startswith("一、总体情况"))
    new = heading.insert_paragraph_before(INSERTED)
    new.style = document.styles["Normal"]
    edited = work / "edited.docx"
    document.save(str(edited))
    convert(soffice, [original, edited], work, work / "home")
    return dl, work / "report.pdf", work / "edited.pdf"


def test_libreoffice_paginates_the_flow_docx_close_to_ours_with_field_page_numbers(flow):
    dl, pdf, _edited = flow
    ours, theirs = len(dl["pages"]), pdf_pages(pdf)
    assert abs(theirs - ours) <= 1
    for n, text in enumerate(_page_texts(pdf), 1):
        assert f"第{n}页共{theirs}页" in text, (n, text[-40:])
    assert missing_runs(flow_docx_text(dl), pdftotext(pdf)) == []


def test_the_contract_table_repeats_its_header_row_on_every_page_it_reaches(flow):
    _dl, pdf, _edited = flow
    reached = 0
    for n, page in enumerate(words_by_page(pdf), 1):
        rows = [box for w, box in page if w.startswith("HT-2611-")]
        if not rows:
            continue
        reached += 1
        header = [box for w, box in page if w == "合同编号"]
        assert header, f"page {n} has contract rows but no header row"
        assert header[0][1] < min(box[1] for box in rows), f"page {n}: the header is not on top"
    assert reached >= 3


def test_an_edit_near_the_start_reflows_what_follows(flow):
    dl, pdf, edited = flow
    before, after = words_by_page(pdf), words_by_page(edited)
    assert len(after) >= len(before)
    texts = _page_texts(edited)
    for n, text in enumerate(texts, 1):  # the fields follow the new page count
        assert f"第{n}页共{len(after)}页" in text, (n, text[-40:])

    def where(pages, word):  # its last place: the table of contents names the headings too
        return max((n, box[1]) for n, page in enumerate(pages) for w, box in page if w == word)

    assert where(after, "一、总体情况") > where(before, "一、总体情况")
    assert where(after, "附录：指标口径说明") >= where(before, "附录：指标口径说明")
    # nothing drawn over anything: no two words' boxes on a page overlap
    for n, page in enumerate(after, 1):
        boxes = sorted(box for _w, box in page)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                if b[0] >= a[2]:
                    break
                overlap_x = min(a[2], b[2]) - max(a[0], b[0])
                overlap_y = min(a[3], b[3]) - max(a[1], b[1])
                assert overlap_x <= 1 or overlap_y <= 1, (n, a, b)
    assert missing_runs(flow_docx_text(dl), pdftotext(edited)) == []
