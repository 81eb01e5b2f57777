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

from .kit import missing_runs, normalize, pdf_pages, pdftotext, pixel_mismatch, tool

SAMPLES = ("funding-pitch", "report-zh")
FORMATS = ("pdf", "pptx", "docx")


@pytest.fixture(scope="module")
def laid_out():
    return {name: o3local.render(name, sample=True, fmt="svg").display_list for name in SAMPLES}


@pytest.mark.parametrize("name", SAMPLES)
def test_pdf_of_a_sample_has_every_page_and_every_run_as_text(tmp_path, laid_out, name):
    dl = laid_out[name]
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(export(dl, "pdf")[0])
    assert pdf_pages(path) == len(dl["pages"])
    assert missing_runs(dl, pdftotext(path)) == []
    report = subprocess.run([tool("pdffonts"), str(path)], capture_output=True, check=True,
                            timeout=60).stdout.decode().splitlines()[2:]
    assert len(report) == len({r["font"] for p in dl["pages"] for i in p["items"]
                               if i["type"] == "text" for ln in i["lines"] for r in ln["runs"]})
    for row in report:
        assert "+NotoSansCJKsc-" in row and "CID Type 0C" in row, row
        assert row.split()[-5:-2] == ["yes", "yes", "yes"], row  # embedded, subset, ToUnicode
    assert path.stat().st_size < 200_000  # subsets, not the 4.6 MB fonts


@pytest.mark.parametrize(("name", "page"), [("funding-pitch", 1), ("funding-pitch", 9),
                                            ("report-zh", 1)])
def test_pdf_pixels_match_our_png(tmp_path, laid_out, name, page):
    dl = laid_out[name]
    path = tmp_path / "doc.pdf"
    path.write_bytes(export(dl, "pdf")[0])
    subprocess.run([tool("pdftoppm"), "-r", "96", "-png", "-f", str(page), "-l", str(page),
                    str(path), str(tmp_path / "p")], check=True, timeout=60)
    theirs = next(tmp_path.glob("p*.png")).read_bytes()
    # placement is exact (tests/export/test_pdf.py checks it strictly); what remains is
    # poppler hinting small CJK glyphs differently from resvg
    assert pixel_mismatch(export(dl, "png", page=page)[0], theirs) < 0.003


def _paragraph_texts(dl, page_index):
    return [normalize("".join(r["text"] for r in para["runs"]))
            for item in dl["pages"][page_index]["items"] if item["type"] == "text"
            for para in item["paragraphs"]]


@pytest.mark.parametrize("name", SAMPLES)
def test_pptx_of_a_sample_has_a_slide_per_page_and_all_text(laid_out, name):
    from pptx import Presentation

    dl = laid_out[name]
    prs = Presentation(io.BytesIO(export(dl, "pptx")[0]))
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
    document = docx.Document(io.BytesIO(export(dl, "docx")[0]))
    assert len(document.sections) == len(dl["pages"])
    w = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
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
out = {{}}
for name in {samples!r}:
    dl = o3local.render(name, sample=True, fmt="svg").display_list
    for fmt in {formats!r}:
        out[name + "." + fmt] = hashlib.sha256(export(dl, fmt)[0]).hexdigest()
print(json.dumps(out))
"""


def test_every_sample_export_is_byte_identical_in_a_fresh_process(laid_out):
    root = str(Path(__file__).resolve().parents[2])
    ours = {f"{name}.{fmt}": hashlib.sha256(export(laid_out[name], fmt)[0]).hexdigest()
            for name in SAMPLES for fmt in FORMATS}
    script = _SCRIPT.format(root=root, samples=SAMPLES, formats=FORMATS)
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, check=True,
                           timeout=300).stdout
    assert json.loads(other) == ours
