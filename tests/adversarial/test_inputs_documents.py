"""Hostile documents to summarize (issue 15 item 5): .docx/.pptx bombs and Markdown that backtracks.

Before: a 61 KB .docx of 200,000 paragraphs took 13 s and 200 MB, a 171 KB
one of 1,000,000 paragraphs 70 s and 810 MB (python-docx builds the whole
tree before anything can count); 120 KB of ``*a `` Markdown took 207 s.
"""

from __future__ import annotations

import os
import time
import zipfile
from pathlib import Path

import pytest

from o3local.errors import DataError, TaskError
from o3local.tasks.summarize import MAX_INPUT_CHARS, office
from o3local.tasks.summarize.readers import MAX_TEXT_FILE_BYTES, markdown_to_text, read_document

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def docx_with_body(tmp_path: Path, body: bytes, name: str = "d.docx") -> Path:
    """A real python-docx file whose ``word/document.xml`` body is ``body``."""
    import docx

    base = tmp_path / "base.docx"
    docx.Document().save(base)
    xml = (b'<?xml version="1.0"?><w:document xmlns:w="' + W.encode() + b'"><w:body>' + body
           + b"</w:body></w:document>")
    path = tmp_path / name
    with zipfile.ZipFile(base) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            out.writestr(info.filename,
                         xml if info.filename == "word/document.xml" else src.read(info))
    return path


def para(text: bytes) -> bytes:
    return b"<w:p><w:r><w:t>" + text + b"</w:t></w:r></w:p>"


def test_a_compressed_docx_bomb_is_refused_in_a_blink(tmp_path):
    path = docx_with_body(tmp_path, para(b"word word word") * 1_000_000)
    assert path.stat().st_size < 300_000
    start = time.perf_counter()
    with pytest.raises(DataError) as err:
        read_document(path)
    assert time.perf_counter() - start < 3  # was 70 s and 810 MB
    assert err.value.code == "data.zip_bomb" and "word/document.xml" in err.value.message
    assert str(path) in str(err.value)


def test_text_past_the_cap_stops_the_read_while_parsing(tmp_path):
    # random text: ratio ~2:1, so only the character count can stop it
    words = os.urandom(MAX_INPUT_CHARS // 2 + 100_000).hex().encode()
    body = b"".join(para(words[i:i + 64]) for i in range(0, len(words), 64))
    path = docx_with_body(tmp_path, body)
    start = time.perf_counter()
    with pytest.raises(TaskError) as err:
        read_document(path)
    assert err.value.code == "task.too_long" and f"{MAX_INPUT_CHARS:,}" in err.value.message
    assert time.perf_counter() - start < 15


def test_elements_past_the_cap_stop_the_read(tmp_path, monkeypatch):
    monkeypatch.setattr(office, "MAX_DOCUMENT_ELEMENTS", 10_000)
    path = docx_with_body(tmp_path, b"<w:p/>" * 20_000)  # empty paragraphs: no text to count
    with pytest.raises(DataError) as err:
        read_document(path)
    assert err.value.code == "data.too_large" and "10,000 XML elements" in err.value.message


def test_docx_text_keeps_paragraphs_tables_and_tabs_in_document_order(tmp_path):
    import docx

    d = docx.Document()
    d.add_paragraph("Before the table.")
    table = d.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "Region", "Sales"
    table.cell(1, 0).merge(table.cell(1, 1)).text = "North"
    run = d.add_paragraph("A").add_run()
    run.add_tab()
    run.add_text("B")
    d.save(tmp_path / "t.docx")
    assert read_document(tmp_path / "t.docx") == "Before the table.\n\nRegion; Sales\n\nNorth\n\nA\tB"


def test_pptx_slides_come_in_presentation_order_with_tables(tmp_path):
    import pptx
    from pptx.util import Inches

    p = pptx.Presentation()
    for title in ("First", "Second"):
        p.slides.add_slide(p.slide_layouts[5]).shapes.title.text = title
    shape = p.slides[1].shapes.add_table(1, 2, Inches(1), Inches(2), Inches(4), Inches(1))
    shape.table.cell(0, 0).text, shape.table.cell(0, 1).text = "Q3", "up 8%"
    # move "Second" before "First" in the presentation's slide list (not in the zip)
    ids = p.slides._sldIdLst
    ids.insert(0, ids[1])
    p.save(tmp_path / "s.pptx")
    assert read_document(tmp_path / "s.pptx") == "Second\n\nQ3; up 8%\n\nFirst"


def test_a_damaged_docx_part_is_a_clear_error(tmp_path):
    path = docx_with_body(tmp_path, b"<w:p><w:r><w:t>cut")  # no closing tags
    with pytest.raises(DataError) as err:
        read_document(path)
    assert err.value.code == "data.format" and "document.xml" in str(err.value)


@pytest.mark.parametrize("line", ["*a ", "_a ", "`a ", "**a ", "![", "[a](", "<!--", "```",
                                  " ", "*_`[!(", "| "])
def test_markdown_markup_is_stripped_in_linear_time(line):
    text = line * (120_000 // len(line))  # 120 KB; "*a " took 207 s before
    start = time.perf_counter()
    markdown_to_text(text)
    assert time.perf_counter() - start < 1


def test_markdown_still_drops_the_markup_a_reader_does_not_see():
    md = ("# Title\n\nSome **bold**, *it*, _u_ and `code`, [a link](http://x) ![alt](a.png)\n"
          "| a | b |\n|---|---|\n<!-- hidden --> x ```\ncode\n``` y\n3 * 4 * 5 stays\n```never closed")
    assert markdown_to_text(md) == ("Title\n\nSome bold, it, u and code, a link alt\na; b\n x  y\n"
                                    "3 * 4 * 5 stays\n```never closed")


def test_a_text_file_over_the_cap_is_refused_unread(tmp_path):
    path = tmp_path / "huge.txt"
    with open(path, "wb") as fh:
        fh.truncate(MAX_TEXT_FILE_BYTES + 1)
    with pytest.raises(DataError) as err:
        read_document(path)
    assert err.value.code == "data.too_large"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_summarize_refuses_a_fifo_without_blocking(tmp_path):
    import subprocess
    import sys

    fifo = tmp_path / "notes.txt"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-m", "o3local.cli", "summarize", str(fifo)],
                          capture_output=True, text=True, timeout=30)
    assert proc.returncode == 1 and "not a regular file" in proc.stderr
    assert "Traceback" not in proc.stderr
