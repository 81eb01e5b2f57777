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


def even_odd_source() -> str:
    """A flow with odd/even headers, a header logo, page fields and an 89-row table."""
    rows = "".join(f"<tr><td>第{i:02d}行</td><td>{i * 10}</td></tr>" for i in range(1, 90))
    return (
        '<document kind="document" width="148mm" height="210mm" lang="zh">'
        '<flow margin="25mm 15mm 20mm 15mm" font-size="10pt">'
        '<header><image src="logo.png" x="15mm" y="8mm" w="12mm" h="6mm"/>'
        '<text x="30mm" y="9mm" w="103mm" h="6mm" align="right" font-size="8pt">奇数页眉</text></header>'
        '<header page="even"><text x="15mm" y="9mm" w="118mm" h="6mm" font-size="8pt">偶数页眉</text></header>'
        '<footer><text x="15mm" y="195mm" w="118mm" h="6mm" align="center" font-size="8pt">'
        '{{ page.number }} / {{ page.count }}</text></footer>'
        f'<table columns="1,1"><tr header="true"><td>项目</td><td>数</td></tr>{rows}</table>'
        '<p>表后的段落。</p></flow></document>')


def _logo() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (40, 20), (139, 26, 26)).save(out, "PNG")
    return out.getvalue()


def test_even_page_headers_and_a_header_logo_are_word_header_parts(tmp_path):
    from o3local.layout import LayoutEngine

    source = even_odd_source()
    logo = _logo()
    dl = LayoutEngine.shared().layout(source, "t.o3x", {}, {}, {},
                                      images={"logo.png": (40, 20)}).display_list
    assert len(dl["pages"]) >= 3 and dl["diagnostics"] == []
    data = export(dl, "docx", assets={"logo.png": logo})[0]
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
        xml = {n: z.read(n).decode("utf-8") for n in names if n.endswith((".xml", ".rels"))}
    assert "<w:evenAndOddHeaders/>" in xml["word/settings.xml"]
    section = re.search(r"<w:sectPr.*?</w:sectPr>", xml["word/document.xml"]).group(0)
    assert 'w:type="even"' in section and 'w:type="default"' in section
    odd = next(v for k, v in xml.items() if k.startswith("word/header") and "奇数页眉" in v)
    even = next(v for k, v in xml.items() if k.startswith("word/header") and "偶数页眉" in v)
    assert "奇数页眉" not in even
    # the logo's picture is related from the header part that shows it, and is our file
    rid = re.search(r'r:embed="([^"]+)"', odd).group(1)
    header_name = next(k for k, v in xml.items() if v is odd)
    rels = xml[header_name.replace("word/", "word/_rels/") + ".rels"]
    target = re.search(rf'Id="{rid}"[^>]*Target="([^"]+)"', rels).group(1)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert z.read("word/" + target) == logo
    footer = next(v for k, v in xml.items() if k.startswith("word/footer"))
    assert "> PAGE <" in footer and "> NUMPAGES <" in footer
    body = xml["word/document.xml"]
    assert body.count("<w:tblHeader/>") == 1 and "表后的段落。" in body
    assert len(re.findall(r"第\d\d行", body)) == 89


# CT_PPr's sequence (ECMA-376 part 1, 17.3.1.26): Word refuses a document whose paragraph
# properties are out of this order, LibreOffice does not mind, so it is checked here
_PPR_ORDER = ["pStyle", "keepNext", "keepLines", "pageBreakBefore", "framePr", "widowControl",
              "numPr", "suppressLineNumbers", "pBdr", "shd", "tabs", "suppressAutoHyphens",
              "kinsoku", "wordWrap", "overflowPunct", "topLinePunct", "autoSpaceDE",
              "autoSpaceDN", "bidi", "adjustRightInd", "snapToGrid", "spacing", "ind",
              "contextualSpacing", "mirrorIndents", "suppressOverlap", "jc", "textDirection",
              "textAlignment", "textboxTightWrap", "outlineLvl", "divId", "cnfStyle", "rPr",
              "sectPr", "pPrChange"]


def test_paragraph_properties_in_schema_order_and_drawing_ids_unique(parts):
    _dl, xml = parts
    ids = []
    checked = 0
    for name, text in xml.items():
        ids += re.findall(r'<wp:docPr id="(\d+)"', text)
        for ppr in re.findall(r"<w:pPr>(.*?)</w:pPr>", text):
            flat = re.sub(r"<w:(rPr|tabs|numPr)>.*?</w:\1>", r"<w:\1>", ppr)
            tags = [t for t in re.findall(r"<w:(\w+)", flat) if t in _PPR_ORDER]
            assert tags == sorted(tags, key=_PPR_ORDER.index), (name, tags)
            checked += 1
    assert checked > 100 and len(ids) == len(set(ids)) >= 3
    body = xml["word/document.xml"]
    for tbl in re.findall(r"<w:tblPr>(.*?)</w:tblPr>", body):  # CT_TblPr: tblW before tblInd
        assert tbl.index("<w:tblW ") < tbl.index("<w:tblInd ") < tbl.index("<w:tblLayout ")
