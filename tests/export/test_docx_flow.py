"""A flow document's DOCX is Word-native (issue 17 item 2): read back as XML, no office app.

What LibreOffice does with it is in tests/office/test_flow_docx.py; this checks the
parts a user's Word relies on: heading and list styles with numbering, one table
with a repeating header row, PAGE / NUMPAGES fields in real footer parts, page breaks
only where the author wrote one, and no box pinned to a page in the body.
"""

from __future__ import annotations

import io
import re
import zipfile

import pytest

import o3local
from o3local.export import export

from .kit import sample_assets

NAME = "monthly-report-zh"


@pytest.fixture(scope="module")
def parts():
    dl = o3local.render(NAME, sample=True, fmt="svg").display_list
    data = export(dl, "docx", assets=sample_assets(NAME))[0]
    assert data == export(dl, "docx", assets=sample_assets(NAME))[0]  # same bytes each time
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return dl, {n: z.read(n).decode("utf-8") for n in z.namelist() if n.endswith(".xml")}


def test_the_body_is_flowing_paragraphs_and_one_table_not_positioned_boxes(parts):
    dl, xml = parts
    body = xml["word/document.xml"]
    assert "<wp:anchor" not in body and "<w:tblpPr" not in body and "<w:txbxContent" not in body
    assert body.count("<w:tbl>") + body.count("<w:tbl ") == 2  # the KPI table and the contract table
    assert body.count("<w:tblHeader/>") == 2  # each table's header row, once: it repeats in Word
    contract_rows = re.findall(r"HT-2611-\d{3}", body)
    assert contract_rows == [f"HT-2611-{i:03d}" for i in range(1, len(contract_rows) + 1)]
    assert len(contract_rows) == 80
    styles = re.findall(r'<w:pStyle w:val="([^"]+)"/>', body)
    assert styles.count("Heading1") == 1 and styles.count("Heading2") == 7
    assert styles.count("ListParagraph") >= 10 and "<w:numPr>" in body
    assert "<wp:inline" in body  # the chart, as an inline picture
    # the table of contents: one TOC field over headings 1-2, our entries its shown result
    assert body.count('> TOC \\o "1-2" \\h \\z <') == 1
    assert body.count('w:fldCharType="begin"') == body.count('w:fldCharType="end"') == 1
    # the author's one <page-break/>, and no other
    assert body.count("<w:pageBreakBefore/>") == 1 and 'w:type="page"' not in body
    assert sum(1 for p in dl["pages"] if p.get("page_break")) == 1


def test_footer_holds_page_and_numpages_fields_and_headers_their_variants(parts):
    _dl, xml = parts
    footers = [v for k, v in xml.items() if k.startswith("word/footer")]
    headers = [v for k, v in xml.items() if k.startswith("word/header")]
    assert footers and all("> PAGE <" in f and "> NUMPAGES <" in f for f in footers)
    assert any("华东智造科技有限公司" in h for h in headers)
    assert any("内部资料" in h for h in headers)  # the first page's own header
    section = re.search(r"<w:sectPr.*?</w:sectPr>", xml["word/document.xml"]).group(0)
    assert "<w:titlePg/>" in section
    assert 'w:type="first"' in section and 'w:type="default"' in section
    numbering = xml["word/numbering.xml"]
    assert '<w:lvlText w:val="(%2)"/>' in numbering and '<w:lvlText w:val="%1."/>' in numbering


def test_positioned_documents_keep_their_pinned_pages(parts):
    dl = o3local.render("report-zh", sample=True, fmt="svg").display_list
    assert not any("content" in p for p in dl["pages"])
    data = export(dl, "docx", assets=sample_assets("report-zh"))[0]
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert "<wp:anchor" in z.read("word/document.xml").decode("utf-8")
