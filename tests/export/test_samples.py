"""The bundled samples end to end: real layout -> PDF/PPTX/DOCX, read back independently."""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import o3local
from o3local.export import export

from .kit import (
    missing_runs,
    normalize,
    pdf_pages,
    pdftotext,
    pixel_mismatch,
    sample_assets,
    tool,
)

SAMPLES = ("funding-pitch", "report-zh", "sales-sheet", "monthly-report-zh")
FORMATS = ("pdf", "pptx", "docx", "xlsx")
#: (sample, format) pairs that export; the Chinese report has no table, so no XLSX
PAIRS = [(n, f) for n in SAMPLES for f in FORMATS if (n, f) != ("report-zh", "xlsx")]


@pytest.fixture(scope="module")
def laid_out():
    return {name: o3local.render(name, sample=True, fmt="svg").display_list for name in SAMPLES}


@pytest.mark.parametrize("name", SAMPLES)
def test_pdf_of_a_sample_has_every_page_and_every_run_as_text(tmp_path, laid_out, name):
    dl = laid_out[name]
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(export(dl, "pdf", assets=sample_assets(name))[0])
    assert pdf_pages(path) == len(dl["pages"])
    assert missing_runs(dl, pdftotext(path)) == []
    report = subprocess.run([tool("pdffonts"), str(path)], capture_output=True, check=True,
                            timeout=60).stdout.decode().splitlines()[2:]
    assert len(report) == len({r["font"] for p in dl["pages"] for i in p["items"]
                               if i["type"] == "text" for ln in i["lines"] for r in ln["runs"]})
    for row in report:
        assert "+NotoSansCJKsc-" in row and "CID Type 0C" in row, row
        assert row.split()[-5:-2] == ["yes", "yes", "yes"], row  # embedded, subset, ToUnicode
    assert path.stat().st_size < 200_000  # subsets, not the 10.6 MB and 4.7 MB fonts


@pytest.mark.parametrize(("name", "page"), [("funding-pitch", 1), ("funding-pitch", 8),
                                            ("funding-pitch", 9), ("funding-pitch", 10),
                                            ("report-zh", 1), ("sales-sheet", 1),
                                            ("monthly-report-zh", 1), ("monthly-report-zh", 3)])
def test_pdf_pixels_match_our_png(tmp_path, laid_out, name, page):
    dl = laid_out[name]
    path = tmp_path / "doc.pdf"  # images, tables and charts included
    path.write_bytes(export(dl, "pdf", assets=sample_assets(name))[0])
    subprocess.run([tool("pdftoppm"), "-r", "96", "-png", "-f", str(page), "-l", str(page),
                    str(path), str(tmp_path / "p")], check=True, timeout=60)
    theirs = next(tmp_path.glob("p*.png")).read_bytes()
    # placement is exact (tests/export/test_pdf.py checks it strictly); what remains is
    # poppler hinting small CJK glyphs differently from resvg
    assert pixel_mismatch(export(dl, "png", page=page, assets=sample_assets(name))[0], theirs) < 0.003


def _paragraph_texts(dl, page_index):
    return [normalize("".join(r["text"] for r in para["runs"]))
            for item in dl["pages"][page_index]["items"] if item["type"] == "text"
            for para in item["paragraphs"]]


@pytest.mark.parametrize("name", SAMPLES)
def test_pptx_of_a_sample_has_a_slide_per_page_and_all_text(laid_out, name):
    from pptx import Presentation

    dl = laid_out[name]
    prs = Presentation(io.BytesIO(export(dl, "pptx", assets=sample_assets(name))[0]))
    assert len(prs.slides) == len(dl["pages"])
    assert (prs.slide_width, prs.slide_height) == (dl["pages"][0]["width"],
                                                   dl["pages"][0]["height"])
    for index, slide in enumerate(prs.slides):
        text = normalize(" ".join(p.text.replace("\v", " ") for s in slide.shapes
                                  if s.has_text_frame for p in s.text_frame.paragraphs))
        for expected in _paragraph_texts(dl, index):
            assert expected in text, (index, expected)


@pytest.mark.parametrize("name", SAMPLES)
def test_docx_of_a_sample_has_a_section_per_page_and_all_text(laid_out, name):
    import docx

    dl = laid_out[name]
    document = docx.Document(io.BytesIO(export(dl, "docx", assets=sample_assets(name))[0]))
    w = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
    if all("content" in page for page in dl["pages"]):  # a flow: Word-native, one section
        assert len(document.sections) == 1
        text = normalize(" ".join("".join(e.text or "" for e in p.iter(f"{w}t"))
                                  for p in document.element.body.iter(f"{w}p")))
        body = {"heading", "paragraph", "list-item", "toc"}
        for page_ in dl["pages"]:
            for item in page_["items"]:
                if item.get("role") in body:
                    for para in item["paragraphs"]:
                        expected = normalize("".join(r["text"] for r in para["runs"]))
                        assert expected.replace(" ", "") in text.replace(" ", ""), expected
        return
    assert len(document.sections) == len(dl["pages"])
    boxes = document.element.body.iter(f"{w}txbxContent")
    text = normalize(" ".join("".join(" " if e.tag == f"{w}br" else (e.text or "")
                                      for e in p.iter(f"{w}t", f"{w}br"))
                              for box in boxes for p in box.iter(f"{w}p")))
    for index in range(len(dl["pages"])):
        for expected in _paragraph_texts(dl, index):
            assert expected in text, expected


_SCRIPT = """
import hashlib, json, sys
sys.path.insert(0, {root!r})
import o3local
from o3local.export import export
from o3local.render import resolve_template
from o3local.template.package import open_template
out = {{}}
for name, fmt in {pairs!r}:
    dl = o3local.render(name, sample=True, fmt="svg").display_list
    assets = open_template(resolve_template(name)).read_bytes
    out[name + "." + fmt] = hashlib.sha256(export(dl, fmt, assets=assets)[0]).hexdigest()
print(json.dumps(out))
"""


def test_every_sample_export_is_byte_identical_in_a_fresh_process(laid_out):
    root = str(Path(__file__).resolve().parents[2])
    ours = {f"{name}.{fmt}": hashlib.sha256(
        export(laid_out[name], fmt, assets=sample_assets(name))[0]).hexdigest()
        for name, fmt in PAIRS}
    script = _SCRIPT.format(root=root, pairs=PAIRS)
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, check=True,
                           timeout=300).stdout
    assert json.loads(other) == ours


def test_sales_sheet_xlsx_has_the_table_numbers_and_formulas(laid_out):
    import csv

    import openpyxl

    from o3local.resources import asset

    book = openpyxl.load_workbook(io.BytesIO(export(laid_out["sales-sheet"], "xlsx")[0]))
    assert book.sheetnames == ["Sales Q3 2026"]
    sheet = book.worksheets[0]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("Region", "Product", "Units", "Unit price", "Revenue")
    source = asset("templates", "sales-sheet", "samples", "sales.csv").read_text("utf-8")
    expected = list(csv.DictReader(source.splitlines()))
    assert len(rows) == len(expected) + 1
    for index, (row, want) in enumerate(zip(rows[1:], expected, strict=True), start=2):
        assert row[:2] == (want["Region"], want["Product"])
        assert row[2] == float(want["Units"]) and row[3] == float(want["Price"])
        assert row[4] == f"=C{index}*D{index}"
        assert sheet.cell(index, 4).number_format == '"$"#,##0.00'
    assert sheet["A1"].font.bold and sheet["E1"].alignment.horizontal == "right"
