"""PDF exporter rules, checked with poppler (an independent PDF reader) on tiny display lists."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from o3local.errors import ExportError
from o3local.export import export

from .kit import (
    EMU_IN,
    PINNED,
    build_font,
    display_list,
    glyph_row,
    page,
    pdf_pages,
    pdftotext,
    pinned_gid,
    pixel_mismatch,
    text_item,
    tool,
)

GIDS = {"A": 1, "B": 2, " ": 3}


def deck(font_index=0):
    size = 457200
    glyphs = glyph_row("AB BA", GIDS, EMU_IN, 2 * EMU_IN, 365760)
    second = glyph_row("BAA", GIDS, EMU_IN, 2 * EMU_IN + 548640, 365760)
    text = text_item([(0, [("AB BA", font_index, "#c00000", glyphs)]),
                      (1, [("BAA", font_index, "#1f3a5f", second)])], size=size)
    first = page([
        {"type": "rect", "x": 0, "y": 0, "w": 4 * EMU_IN, "h": EMU_IN // 2, "fill": "#1f3a5f",
         "stroke": None, "stroke_width": 0, "radius": 0},
        {"type": "rect", "x": EMU_IN * 3, "y": EMU_IN, "w": EMU_IN // 2, "h": EMU_IN // 2,
         "fill": "#f2a900", "stroke": "#000000", "stroke_width": 25400, "radius": 91440},
        {"type": "line", "x1": 0, "y1": 2 * EMU_IN + 100000, "x2": 4 * EMU_IN,
         "y2": 2 * EMU_IN + 100000, "stroke": "#00ff00", "stroke_width": 12700 * 6},
        text])
    return display_list([first, page([], background="#000000", width=2 * EMU_IN)])


def write_pdf(tmp_path, dl, fonts, name="out.pdf"):
    (blob,) = export(dl, "pdf", fonts=fonts)
    path = tmp_path / name
    path.write_bytes(blob)
    return path, blob


def test_one_pdf_page_per_display_list_page_with_the_page_size(tmp_path):
    path, _ = write_pdf(tmp_path, deck(), [build_font()])
    assert pdf_pages(path) == 2
    info = subprocess.run([tool("pdfinfo"), "-f", "1", "-l", "2", str(path)],
                          capture_output=True, check=True).stdout.decode()
    sizes = re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", info)
    assert sizes == [("288", "216"), ("144", "216")]  # EMU / 12700


def test_text_is_selectable_and_in_reading_order(tmp_path):
    path, _ = write_pdf(tmp_path, deck(), [build_font()])
    lines = [line.strip() for line in pdftotext(path).splitlines() if line.strip()]
    assert lines == ["AB BA", "BAA"]


@pytest.mark.parametrize(("font", "kind"), [
    (build_font(), "CID TrueType"),
    (build_font(cff=True), "CID Type 0C (OT)"),
    (PINNED.read_bytes(), "CID Type 0C"),
])
def test_each_font_kind_is_embedded_as_a_subset_with_unicode(tmp_path, font, kind):
    text, gids = "AB", GIDS
    if kind == "CID Type 0C":  # the pinned CID-keyed font
        text, gids = "Hi", {"H": 41, "i": 74}
    glyphs = glyph_row(text, gids, EMU_IN, 2 * EMU_IN, 365760)
    dl = display_list([page([text_item([(0, [(text, 0, "#000000", glyphs)])])])])
    path, blob = write_pdf(tmp_path, dl, [font])
    report = subprocess.run([tool("pdffonts"), str(path)], capture_output=True,
                            check=True).stdout.decode().splitlines()
    row = report[2]
    assert re.match(r"[A-Z]{6}\+\S+\s", row), row  # subset tag
    assert kind in row and "Identity-H" in row
    assert row.split()[-5:-2] == ["yes", "yes", "yes"]  # embedded, subset, ToUnicode
    assert len(blob) < len(font) or len(font) < 10000  # a subset, not the whole font
    assert pdftotext(path).strip() == text


def test_cjk_text_of_the_pinned_font_is_searchable(tmp_path):
    # glyph ids of the subset font, not CIDs: the PDF must map them to the font's CIDs
    glyphs = [[pinned_gid("中"), EMU_IN, 2 * EMU_IN, 0], [pinned_gid("文"), EMU_IN + 457200, 2 * EMU_IN, 1]]
    dl = display_list([page([text_item([(0, [("中文", 0, "#000000", glyphs)])], lang="zh")])],
                      lang="zh")
    path, _ = write_pdf(tmp_path, dl, [PINNED])
    assert pdftotext(path).strip() == "中文"


@pytest.mark.parametrize("source", ["truetype", "pinned"])
def test_pdf_draws_the_same_pixels_as_our_png(tmp_path, source):
    if source == "pinned":
        font = PINNED.read_bytes()
        gids = {"A": pinned_gid("中"), "B": pinned_gid("文"), " ": 1}  # exercises the CID mapping
    else:
        font, gids = build_font(), GIDS
    dl = deck()
    for line in dl["pages"][0]["items"][3]["lines"]:
        for run in line["runs"]:
            run["glyphs"] = [[gids[run["text"][g[3]]], *g[1:]] for g in run["glyphs"]]
    path, _ = write_pdf(tmp_path, dl, [font])
    subprocess.run([tool("pdftoppm"), "-r", "96", "-png", "-f", "1", "-l", "1",
                    str(path), str(tmp_path / "poppler")], check=True, timeout=60)
    theirs = next(tmp_path.glob("poppler*.png")).read_bytes()
    ours = export(dl, "png", page=1, fonts=[font])[0]
    fraction = pixel_mismatch(ours, theirs)
    assert fraction < 0.0005, f"{fraction:.3%} of the pixels differ"
    # and a misplaced glyph would show: shift one glyph by 0.05in and compare again
    dl["pages"][0]["items"][3]["lines"][0]["runs"][0]["glyphs"][0][1] += 45720
    moved = export(dl, "png", page=1, fonts=[font])[0]
    assert pixel_mismatch(moved, theirs) > 0.001


_SCRIPT = """
import sys
sys.path.insert(0, {root!r})
from tests.export.test_pdf import deck
from tests.export.kit import build_font
from o3local.export import export
sys.stdout.buffer.write(export(deck(), "pdf", fonts=[build_font()])[0])
"""


def test_pdf_bytes_are_identical_across_processes_and_hold_no_dates(monkeypatch, tmp_path):
    from pathlib import Path

    from fontTools.ttLib.tables import _h_e_a_d

    from o3local.export import pdf_font

    root = str(Path(__file__).resolve().parents[2])
    ours = export(deck(), "pdf", fonts=[build_font()])[0]
    other = subprocess.run([sys.executable, "-c", _SCRIPT.format(root=root)],
                           capture_output=True, check=True, timeout=120).stdout
    assert ours == other
    # a day later, subsetting afresh: fontTools must not stamp the save time into the subset
    now = _h_e_a_d.timestampNow()
    monkeypatch.setattr(_h_e_a_d, "timestampNow", lambda: now + 86400)
    monkeypatch.setattr(pdf_font, "_SUBSETS", type(pdf_font._SUBSETS)())
    monkeypatch.setenv("O3_CACHE_DIR", str(tmp_path))  # no subset cached on disk either
    assert export(deck(), "pdf", fonts=[build_font()])[0] == ours
    assert list((tmp_path / "pdf-subsets").glob("*.json"))  # now it is
    assert b"CreationDate" not in ours and b"ModDate" not in ours
    file_id = re.search(rb"/ID \[<([0-9A-F]{32})>", ours).group(1)
    changed = deck()
    changed["pages"][0]["items"][0]["fill"] = "#1f3a60"
    other_id = re.search(rb"/ID \[<([0-9A-F]{32})>",
                         export(changed, "pdf", fonts=[build_font()])[0]).group(1)
    assert file_id != other_id  # the ID follows the content


def test_bad_display_lists_get_typed_errors():
    dl = deck()
    dl["pages"][0]["items"].append({"type": "chart"})
    with pytest.raises(ExportError, match="item type 'chart' is not supported") as err:
        export(dl, "pdf", fonts=[build_font()])
    assert err.value.code == "export.unsupported"
    dl = deck()
    dl["pages"][0]["items"][3]["lines"][0]["runs"][0]["glyphs"][0][0] = 999
    with pytest.raises(ExportError, match="glyph id 999 does not exist"):
        export(dl, "pdf", fonts=[build_font()])
    dl = deck()
    dl["pages"][0]["items"][3]["lines"][0]["runs"][0]["glyphs"][0] = [1, "x", 0, 0]
    with pytest.raises(ExportError, match="malformed glyph"):
        export(dl, "pdf", fonts=[build_font()])
    dl = deck(font_index=1)
    with pytest.raises(ExportError, match="font 1"):
        export(dl, "pdf", fonts=[build_font()])
    with pytest.raises(ExportError, match="version 3"):
        export(dict(deck(), version=3), "pdf", fonts=[build_font()])


def test_a_cached_subset_gives_the_same_bytes_and_a_damaged_one_is_rebuilt(monkeypatch, tmp_path):
    from o3local.export import pdf_font

    monkeypatch.setenv("O3_CACHE_DIR", str(tmp_path))
    fresh = type(pdf_font._SUBSETS)
    monkeypatch.setattr(pdf_font, "_SUBSETS", fresh())
    first = export(deck(), "pdf", fonts=[build_font()])[0]
    (entry,) = (tmp_path / "pdf-subsets").glob("*.json")
    monkeypatch.setattr(pdf_font, "_SUBSETS", fresh())
    monkeypatch.setattr(pdf_font, "_make_subset", None)  # the cache alone must serve it
    assert export(deck(), "pdf", fonts=[build_font()])[0] == first
    entry.write_text('{"format": 1, "font": "x"')  # damaged
    monkeypatch.undo()
    monkeypatch.setenv("O3_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(pdf_font, "_SUBSETS", fresh())
    assert export(deck(), "pdf", fonts=[build_font()])[0] == first
