"""PPTX and DOCX exporter rules on tiny display lists, read back with python-pptx/python-docx."""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from o3local.errors import ExportError
from o3local.export import export

from .kit import EMU_IN, build_font, display_list, glyph_row, page, text_item

GIDS = {"A": 1, "B": 2, " ": 3}
FONTS = ({"index": 0, "weight": 400, "upem": 1000}, {"index": 1, "weight": 700, "upem": 1000})
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
WP = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"
NS = {"a": A, "w": W, "wp": WP}


def sources():
    return [build_font(family="O3 Test"), build_font(family="O3 Test", cff=True)]


def deck():
    """Page 1: a bar, a rounded box, a line and a 3-line text in 2 paragraphs (one bold run)."""
    adv, size = 365760, 457200
    y0 = 2 * EMU_IN
    text = text_item([
        (0, [("AB ", 0, "#c00000", glyph_row("AB ", GIDS, EMU_IN, y0, adv))]),
        (0, [("BA", 1, "#1f3a5f", glyph_row("BA", GIDS, EMU_IN, y0 + 548640, adv))]),
        (1, [("AAB", 0, "#333333", glyph_row("AAB", GIDS, EMU_IN, y0 + 1097280, adv))]),
    ], size=size, align="center", valign="middle", h=2 * EMU_IN, w=2 * EMU_IN)
    text["padding"] = 45720
    first = page([
        {"type": "rect", "x": 0, "y": 0, "w": 4 * EMU_IN, "h": EMU_IN // 2, "fill": "#1f3a5f",
         "stroke": None, "stroke_width": 0, "radius": 0},
        {"type": "rect", "x": 3 * EMU_IN, "y": EMU_IN, "w": EMU_IN // 2, "h": EMU_IN // 4,
         "fill": "#f2a900", "stroke": "#000000", "stroke_width": 25400, "radius": 45720},
        {"type": "line", "x1": 0, "y1": 3 * EMU_IN - 100, "x2": 4 * EMU_IN, "y2": EMU_IN,
         "stroke": "#00ff00", "stroke_width": 12700},
        text], height=4 * EMU_IN)
    return display_list([first, page([], background="#000000", height=4 * EMU_IN)],
                        fonts=FONTS)


def pptx_of(dl):
    from pptx import Presentation

    (blob,) = export(dl, "pptx", fonts=sources())
    return Presentation(io.BytesIO(blob)), blob


def test_pptx_slides_have_the_page_size_and_shapes_without_theme_style():
    from pptx.util import Emu

    prs, _ = pptx_of(deck())
    assert (prs.slide_width, prs.slide_height) == (Emu(4 * EMU_IN), Emu(4 * EMU_IN))
    assert len(prs.slides) == 2
    bar, box, line, text = prs.slides[0].shapes
    assert (bar.left, bar.top, bar.width, bar.height) == (0, 0, 4 * EMU_IN, EMU_IN // 2)
    assert str(bar.fill.fore_color.rgb) == "1F3A5F"
    for shape in (bar, box, line):
        assert shape._element.find(f"{{{'http://schemas.openxmlformats.org/presentationml/2006/main'}}}style") is None
    assert box.auto_shape_type is not None and "ROUNDED" in str(box.auto_shape_type)
    assert box.adjustments[0] == pytest.approx(0.2)  # radius / shorter side
    assert str(box.line.color.rgb) == "000000" and box.line.width == 25400
    assert (line.begin_x, line.begin_y, line.end_x, line.end_y) == (
        0, 3 * EMU_IN - 100, 4 * EMU_IN, EMU_IN)
    assert str(line.line.color.rgb) == "00FF00" and line.line.width == 12700
    bg = prs.slides[1].background.fill
    assert str(bg.fore_color.rgb) == "000000"


def test_pptx_text_box_keeps_our_lines_sizes_fonts_and_box_rules():
    from pptx.enum.text import MSO_ANCHOR, MSO_AUTO_SIZE, PP_ALIGN

    prs, _ = pptx_of(deck())
    box = prs.slides[0].shapes[3]
    frame = box.text_frame
    assert (box.left, box.top, box.width, box.height) == (EMU_IN, EMU_IN, 2 * EMU_IN, 2 * EMU_IN)
    assert frame.word_wrap is True and frame.auto_size == MSO_AUTO_SIZE.NONE
    assert frame.vertical_anchor == MSO_ANCHOR.MIDDLE
    assert frame.margin_left == frame.margin_top == 45720
    first, second = frame.paragraphs
    assert first.alignment == PP_ALIGN.CENTER and first.line_spacing.emu == 457200 * 6 // 5
    # our first paragraph was laid out in two lines: one break where our line ended
    body = etree.tostring(first._p).decode()
    assert body.count("<a:br") == 1
    assert [r.text for r in first.runs] == ["AB ", "BA"]
    assert [r.font.bold for r in first.runs] == [False, True]
    assert [str(r.font.color.rgb) for r in first.runs] == ["C00000", "1F3A5F"]
    assert all(r.font.size.emu == 457200 for r in first.runs)
    rpr = first.runs[0]._r.find(f"{{{A}}}rPr")
    assert [rpr.find(f"{{{A}}}{t}").get("typeface") for t in ("latin", "ea", "cs")] == \
        ["O3 Test"] * 3
    assert rpr.get("lang") == "en-US"
    assert second.text == "AAB"


def test_a_line_too_wide_for_office_metrics_is_left_to_wrap():
    dl = deck()
    text = dl["pages"][0]["items"][3]
    # kerning-like positions: 4 glyphs of 800 units at 0.4in size are 1.28in wide at default
    # advances, but our layout squeezed them into a 1.2in box line
    squeezed = [[1, EMU_IN + i * 100000, 2 * EMU_IN, i] for i in range(4)]
    text["w"], text["padding"] = int(1.2 * EMU_IN), 0
    text["lines"][0]["runs"] = [{"text": "ABAB", "font": 0, "size": 365760,
                                 "color": "#000000", "glyphs": squeezed}]
    text["paragraphs"][0]["runs"] = [{"text": "ABAB", "font": 0, "size": 365760,
                                      "color": "#000000"},
                                     {"text": "BA", "font": 1, "size": 457200,
                                      "color": "#1f3a5f"}]
    prs, _ = pptx_of(dl)
    first = prs.slides[0].shapes[3].text_frame.paragraphs[0]
    assert "<a:br" not in etree.tostring(first._p).decode()
    assert [r.text for r in first.runs] == ["ABAB", "BA"]  # the logical runs, re-flowed


def test_docx_has_one_section_per_page_and_positioned_shapes():
    import docx

    (blob,) = export(deck(), "docx", fonts=sources())
    document = docx.Document(io.BytesIO(blob))
    sections = document.sections
    assert len(sections) == 2
    for section in sections:
        assert (section.page_width, section.page_height) == (4 * EMU_IN, 4 * EMU_IN)
        assert section.left_margin == section.top_margin == 0
    body = document.element.body
    anchors = body.findall(f".//{{{WP}}}anchor")
    assert len(anchors) == 1 + 4 + 1  # background + 4 items, then page 2's background
    offsets = [(a.find(f"{{{WP}}}positionH/{{{WP}}}posOffset").text,
                a.find(f"{{{WP}}}positionV/{{{WP}}}posOffset").text) for a in anchors]
    assert offsets[1:5] == [("0", "0"), (str(3 * EMU_IN), str(EMU_IN)),
                            ("0", str(EMU_IN)), (str(EMU_IN), str(EMU_IN))]
    assert all(a.find(f"{{{WP}}}positionH").get("relativeFrom") == "page" for a in anchors)
    # the rising line is the preset line flipped
    assert anchors[3].find(f".//{{{A}}}xfrm").get("flipV") == "1"
    paragraphs = anchors[4].findall(f".//{{{W}}}txbxContent/{{{W}}}p")
    assert len(paragraphs) == 2
    first = paragraphs[0]
    assert len(first.findall(f".//{{{W}}}br")) == 1
    assert ["".join(t.text for t in r.findall(f"{{{W}}}t")) for r in
            first.findall(f"{{{W}}}r") if r.find(f"{{{W}}}t") is not None] == ["AB ", "BA"]
    fonts = first.find(f".//{{{W}}}rFonts")
    assert {fonts.get(f"{{{W}}}{k}") for k in ("ascii", "hAnsi", "eastAsia", "cs")} == {"O3 Test"}
    assert first.find(f".//{{{W}}}sz").get(f"{{{W}}}val") == "72"  # 36pt in half-points
    assert first.find(f".//{{{W}}}jc").get(f"{{{W}}}val") == "center"
    spacing = first.find(f".//{{{W}}}spacing")
    assert (spacing.get(f"{{{W}}}line"), spacing.get(f"{{{W}}}lineRule")) == ("864", "exact")
    body_pr = anchors[4].find(f".//{{{'http://schemas.microsoft.com/office/word/2010/wordprocessingShape'}}}bodyPr")
    assert body_pr.get("anchor") == "ctr" and body_pr.get("lIns") == "45720"
    assert body_pr.find(f"{{{A}}}noAutofit") is not None


_SCRIPT = """
import sys
sys.path.insert(0, {root!r})
from tests.export.test_ooxml import deck, sources
from o3local.export import export
fmt = sys.argv[1]
sys.stdout.buffer.write(export(deck(), fmt, fonts=sources())[0])
"""


@pytest.mark.parametrize("fmt", ["pptx", "docx"])
def test_packages_are_byte_identical_across_processes_with_fixed_dates(fmt):
    import time

    root = str(Path(__file__).resolve().parents[2])
    ours = export(deck(), fmt, fonts=sources())[0]
    time.sleep(2.1)  # zip entry times have 2 s resolution
    other = subprocess.run([sys.executable, "-c", _SCRIPT.format(root=root), fmt],
                           capture_output=True, check=True, timeout=120).stdout
    assert ours == other
    with zipfile.ZipFile(io.BytesIO(ours)) as package:
        assert {i.date_time for i in package.infolist()} == {(2000, 1, 1, 0, 0, 0)}
        core = package.read("docProps/core.xml").decode()
    assert "2000-01-01T00:00:00Z" in core and "2026" not in core


@pytest.mark.parametrize("fmt", ["pptx", "docx"])
def test_bad_display_lists_get_typed_errors(fmt):
    dl = deck()
    dl["pages"][0]["items"].append({"type": "table"})
    with pytest.raises(ExportError, match="item type 'table' is not supported") as err:
        export(dl, fmt, fonts=sources())
    assert err.value.code == "export.unsupported"
    dl = deck()
    dl["pages"][0]["items"][3]["lines"][0]["paragraph"] = 7
    with pytest.raises(ExportError, match="paragraph 7"):
        export(dl, fmt, fonts=sources())
    dl = deck()
    dl["pages"][0]["items"][0]["fill"] = "blue"
    with pytest.raises(ExportError, match="invalid colour 'blue'"):
        export(dl, fmt, fonts=sources())
    with pytest.raises(ExportError, match="font index 1"):
        export(deck(), fmt, fonts=sources()[:1])


def test_the_space_our_layout_broke_at_stays_at_the_line_end():
    adv, size = 365760, 457200
    runs = [(0, [("AB", 0, "#000000", glyph_row("AB", GIDS, EMU_IN, 2 * EMU_IN, adv))]),
            (0, [("BA", 0, "#000000", glyph_row("BA", GIDS, EMU_IN, 2 * EMU_IN + 548640, adv))])]
    logical = [{"runs": [{"text": "AB BA", "font": 0, "size": size, "color": "#000000"}]}]
    dl = display_list([page([text_item(runs, size=size, paragraphs=logical)])], fonts=FONTS)
    prs, _ = pptx_of(dl)
    para = prs.slides[0].shapes[0].text_frame.paragraphs[0]
    assert [r.text for r in para.runs] == ["AB ", "BA"]  # deleting the break keeps "AB BA"
    assert "<a:br" in etree.tostring(para._p).decode()
