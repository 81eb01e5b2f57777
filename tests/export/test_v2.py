"""Display list version 2 in every exporter: images, polygons, polylines, table and chart groups.

The display list is hand-made (kit.v2_display_list) in the shapes the
contract's section 5 gives, so each exporter rule is checked on its own;
the real module's tables and charts are checked through the samples.
"""

from __future__ import annotations

import io
import zipfile

import pytest

from o3local.errors import ExportError
from o3local.export import export

from .kit import ASSETS, EMU_IN, build_font, v2_display_list

FONT = build_font()


def out(fmt, dl=None, **opts):
    opts.setdefault("assets", ASSETS)
    return export(dl or v2_display_list(), fmt, fonts=[FONT], **opts)


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf", "pptx", "docx", "xlsx"])
def test_every_format_gives_the_same_bytes_twice(fmt):
    assert out(fmt) == out(fmt)


def pixel(png: bytes, x_emu: int, y_emu: int, dpi: int = 96):
    from PIL import Image

    im = Image.open(io.BytesIO(png)).convert("RGB")
    return im.getpixel((x_emu * dpi // EMU_IN, y_emu * dpi // EMU_IN))


def test_png_draws_images_clipped_with_alpha_and_the_chart_shapes():
    png = out("png", dpi=192)[0]
    assert pixel(png, 150000, 191440, 192) == (255, 0, 0)  # logo, opaque left half
    blue = pixel(png, 400000, 191440, 192)  # half-transparent blue over white
    assert blue[2] == 255 and 100 < blue[0] < 160
    green = pixel(png, 800000, 291440, 192)
    assert green[1] > 120 and green[0] < 40  # the cover image inside its box
    assert pixel(png, 1200000, 291440, 192) == (255, 255, 255)  # ...and clipped outside it
    # the second bar (a polygon) is filled; above it, nothing
    bar_x = EMU_IN * 9 // 4 + 100000 + 300000 + 100000
    assert pixel(png, bar_x, EMU_IN * 5 // 4 - 300000, 192) == (0x1F, 0x3A, 0x5F)
    assert pixel(png, bar_x, EMU_IN * 5 // 4 - 900000, 192) == (255, 255, 255)


def test_pdf_embeds_jpeg_as_dct_and_png_with_a_soft_mask():
    pdf = out("pdf")[0]
    assert pdf.count(b"/Filter /DCTDecode") == 1
    assert b"/SMask" in pdf
    assert ASSETS["assets/photo.jpg"] in pdf  # passed through unchanged


def test_pdf_pixels_match_ours(tmp_path):
    import subprocess

    from .kit import tool

    path = tmp_path / "v2.pdf"
    path.write_bytes(out("pdf")[0])
    subprocess.run([tool("pdftoppm"), "-r", "192", "-png", "-singlefile", str(path),
                    str(tmp_path / "p")], check=True, timeout=60)
    png = (tmp_path / "p.png").read_bytes()
    assert pixel(png, 150000, 191440, 192) == (255, 0, 0)
    assert pixel(png, 1200000, 291440, 192) == (255, 255, 255)
    bar_x = EMU_IN * 9 // 4 + 500000
    assert pixel(png, bar_x, EMU_IN * 5 // 4 - 300000, 192) == (0x1F, 0x3A, 0x5F)


def test_missing_image_is_a_typed_error_naming_it():
    with pytest.raises(ExportError, match="assets/logo.png") as err:
        out("svg", assets={})
    assert err.value.code == "export.image"
    with pytest.raises(ExportError, match="no image files were given"):
        out("pdf", assets=None)
    with pytest.raises(ExportError, match="not a PNG or JPEG"):
        out("pptx", assets={**ASSETS, "assets/logo.png": b"GIF89a"})


def test_pptx_has_a_native_table_chart_and_cropped_picture():
    from pptx import Presentation
    from pptx.enum.chart import XL_CHART_TYPE

    prs = Presentation(io.BytesIO(out("pptx")[0]))
    shapes = list(prs.slides[0].shapes)
    tables = [s for s in shapes if s.has_table]
    charts = [s for s in shapes if s.has_chart]
    pictures = [s for s in shapes if s.shape_type == 13]
    assert len(tables) == 1 and len(charts) == 1 and len(pictures) == 2
    table = tables[0].table
    assert [c.width for c in table.columns] == [EMU_IN, EMU_IN // 2, EMU_IN // 2]
    assert [[table.cell(r, c).text for c in range(3)] for r in range(3)] == [
        ["Region", "Amount", "Double"], ["North", "1,234.50", "2,469.00"],
        ["South", "$12", "2,469.00"]]
    header = table.cell(0, 0)
    assert str(header.fill.fore_color.rgb) == "1F3A5F"
    assert str(header.text_frame.paragraphs[0].runs[0].font.color.rgb) == "FFFFFF"
    assert table.cell(1, 1).text_frame.paragraphs[0].alignment == 3  # right
    chart = charts[0].chart
    assert chart.chart_type == XL_CHART_TYPE.COLUMN_CLUSTERED
    assert list(chart.plots[0].categories) == ["Jan", "Feb"]
    assert [s.name for s in chart.series] == ["2025"]
    assert list(chart.series[0].values) == [12.5, 25.0]
    assert chart.value_axis.tick_labels.number_format == '"$"#,##0'
    assert chart.chart_title.text_frame.text == "Revenue"
    cover = [p for p in pictures if p.crop_right > 0][0]
    assert cover.width == 400000 and cover.crop_right == pytest.approx(0.5)


@pytest.mark.parametrize("kind,expected", [("stacked-bar", "COLUMN_STACKED"),
                                           ("line", "LINE_MARKERS"), ("pie", "PIE")])
def test_pptx_chart_types(kind, expected):
    from pptx import Presentation
    from pptx.enum.chart import XL_CHART_TYPE

    dl = v2_display_list()
    dl["pages"][0]["items"][3]["meta"]["chart_type"] = kind
    prs = Presentation(io.BytesIO(out("pptx", dl)[0]))
    chart = [s for s in prs.slides[0].shapes if s.has_chart][0].chart
    assert chart.chart_type == getattr(XL_CHART_TYPE, expected)


def test_pptx_embedded_workbook_has_fixed_dates():
    with zipfile.ZipFile(io.BytesIO(out("pptx")[0])) as deck:
        inner = [n for n in deck.namelist() if n.endswith(".xlsx")]
        assert inner
        with zipfile.ZipFile(io.BytesIO(deck.read(inner[0]))) as book:
            core = book.read("docProps/core.xml").decode()
            assert {i.date_time for i in book.infolist()} == {(2000, 1, 1, 0, 0, 0)}
    assert "2000-01-01T00:00:00Z" in core


def test_docx_has_a_floating_word_table_and_the_chart_as_shapes():
    import docx

    document = docx.Document(io.BytesIO(out("docx")[0]))
    assert len(document.tables) == 1
    table = document.tables[0]
    assert [[c.text for c in row.cells] for row in table.rows][1] == ["North", "1,234.50",
                                                                      "2,469.00"]
    xml = table._tbl.xml
    assert 'w:horzAnchor="page"' in xml and "<w:tblHeader/>" in xml
    assert 'w:fill="1F3A5F"' in xml
    body = document.element.body.xml
    assert body.count("<a:custGeom>") == 3  # two bars and the line
    assert body.count("<pic:pic>") == 2


def test_xlsx_cells_numbers_formulas_and_chart():
    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(out("xlsx", v2_display_list("spreadsheet"))[0]))
    sheet = book.worksheets[0]
    assert [c.value for c in sheet[1][:3]] == ["Region", "Amount", "Double"]
    assert sheet["A1"].font.bold and not sheet["A2"].font.bold
    assert sheet["B2"].value == 1234.5 and sheet["B2"].number_format == "#,##0.00"
    assert sheet["B3"].value == 12 and sheet["B3"].number_format == '"$"#,##0'
    assert sheet["C2"].value == "=B2*2"
    assert sheet["C3"].value == 2469
    assert sheet["B2"].alignment.horizontal == "right"
    assert sheet.column_dimensions["A"].width > sheet.column_dimensions["B"].width
    assert len(sheet._charts) == 1


def test_xlsx_continued_table_goes_on_in_the_same_sheet_and_needs_a_table():
    from .kit import display_list, page, table_group

    first = table_group()
    rest = table_group(continued=True, rows=(("East", "7", None),))
    dl = display_list([page([first]), page([rest])])
    dl["version"] = 2
    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(out("xlsx", dl)[0]))
    assert len(book.worksheets) == 1
    assert [r[0].value for r in book.worksheets[0].iter_rows()] == ["Region", "North",
                                                                   "South", "East"]
    with pytest.raises(ExportError, match="no table") as err:
        out("xlsx", dict(display_list([page([])]), version=2))
    assert err.value.code == "export.xlsx"


def test_xlsx_package_has_fixed_dates_and_author():
    with zipfile.ZipFile(io.BytesIO(out("xlsx")[0])) as book:
        core = book.read("docProps/core.xml").decode()
        assert {i.date_time for i in book.infolist()} == {(2000, 1, 1, 0, 0, 0)}
    assert core.count("2000-01-01T00:00:00Z") == 2 and "o3-local" in core


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf", "pptx", "docx"])
def test_every_exporter_names_a_damaged_item_inside_a_group(fmt):
    """One dispatcher serves all exporters: a hand-edited display list fails the same way."""
    dl = v2_display_list()
    group = next(i for i in dl["pages"][0]["items"] if i["type"] == "group")
    n = dl["pages"][0]["items"].index(group)
    damaged = {k: v for k, v in group.items() if k != "role"}  # drawn item by item everywhere
    damaged["items"] = [{"type": "rect", "x": 0, "y": 0, "w": 10, "h": 10, "fill": "#000000"},
                        {"type": "sparkline"}]
    dl["pages"][0]["items"][n] = damaged
    with pytest.raises(ExportError, match=f"page 1 item {n} item 1: item type 'sparkline' "
                                          "is not supported") as err:
        out(fmt, dl)
    assert err.value.code == "export.unsupported"
    dl["pages"][0]["items"][n]["items"] = "not a list"
    with pytest.raises(ExportError, match=f"page 1 item {n}: items must be a list"):
        out(fmt, dl)


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf", "pptx", "docx", "xlsx"])
def test_a_display_list_without_pages_is_refused_not_written_empty(fmt):
    """SVG used to return no document at all and PDF/PPTX/DOCX an empty one (the export fuzz
    found it): a template whose every page is left out gets an error naming the place."""
    dl = v2_display_list()
    dl["pages"] = []
    with pytest.raises(ExportError) as err:
        export(dl, fmt, fonts=[FONT], assets=ASSETS)
    assert err.value.code == "export.display_list" and "no pages" in err.value.message
    assert err.value.where.pointer == "/pages"
