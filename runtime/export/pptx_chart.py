"""Native, editable PowerPoint charts and tables from the groups' ``meta``.

A chart group becomes a real chart part (python-pptx ``CategoryChartData``
with its embedded workbook), so the user can edit the numbers in the office
app; its series colours, number format, title and legend follow the
template.  A table group becomes a PowerPoint table with the layout's
column widths and row heights, and each cell's fill, font, size, colour and
alignment as the module drew them.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from ..errors import ExportError
from .display import integer as _int
from .numbers import spreadsheet_format
from .office_text import set_run_fonts
from .ooxml_common import hex_color, office_lang
from .ooxml_table import table_layout

_ALIGN = {"left": "LEFT", "center": "CENTER", "right": "RIGHT", "justify": "JUSTIFY"}
_ANCHOR = {"top": "TOP", "middle": "MIDDLE", "bottom": "BOTTOM"}
_CHART_TYPES = {"bar": "COLUMN_CLUSTERED", "stacked-bar": "COLUMN_STACKED",
                "line": "LINE_MARKERS", "pie": "PIE"}


def _text_chart_data(number_format: str) -> Any:
    """Chart data whose embedded workbook writes every name as text.

    python-pptx writes the chart's workbook with XlsxWriter, whose ``write``
    turns a string starting with ``=`` into a formula and one starting with
    ``http://`` into a hyperlink; category and series names come from user
    data, so they must stay strings (no formula injection through the chart
    the user opens to edit).
    """
    from contextlib import contextmanager

    from pptx.chart.data import CategoryChartData
    from pptx.chart.xlsx import CategoryWorkbookWriter
    from xlsxwriter import Workbook

    class TextWorkbookWriter(CategoryWorkbookWriter):
        @contextmanager
        def _open_worksheet(self, xlsx_file):  # type: ignore[no-untyped-def]
            workbook = Workbook(xlsx_file, {"in_memory": True, "strings_to_formulas": False,
                                            "strings_to_urls": False,
                                            "strings_to_numbers": False})
            yield workbook, workbook.add_worksheet()
            workbook.close()

    class TextChartData(CategoryChartData):
        @property
        def _workbook_writer(self) -> Any:
            writer = self.__dict__.get("_o3_writer")
            if writer is None:
                writer = self.__dict__["_o3_writer"] = TextWorkbookWriter(self)
            return writer

    return TextChartData(number_format=number_format)


def _number(value: Any, where: str) -> float:
    try:
        return float(Decimal(str(value)))
    except (InvalidOperation, ValueError):
        raise ExportError(f"{where}: chart value {value!r} is not a decimal number",
                          code="export.display_list") from None


def _label_size(group: dict[str, Any]) -> int:
    """The chart's label size: the smallest text the module drew in it (ticks, categories)."""
    sizes = [item["font_size"] for item in group.get("items", [])
             if isinstance(item, dict) and item.get("type") == "text"
             and isinstance(item.get("font_size"), int) and item["font_size"] > 0]
    return min(sizes, default=127000)  # 10pt


def _wedge_colors(group: dict[str, Any], where: str) -> list[str]:
    colors = []
    for item in group.get("items", []):
        if isinstance(item, dict) and item.get("type") == "polygon":
            color = hex_color(item.get("fill"), where)
            if color is not None:
                colors.append(color)
    return colors


def add_chart(slide: Any, group: dict[str, Any], family: str, where: str) -> None:
    """A native chart at the group's box from its ``meta``."""
    from pptx.dml.color import RGBColor
    from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
    from pptx.util import Emu

    meta = group.get("meta")
    if not isinstance(meta, dict):
        raise ExportError(f"{where}: a chart group needs meta", code="export.display_list")
    kind = meta.get("chart_type")
    if kind not in _CHART_TYPES:
        raise ExportError(f"{where}: chart type {kind!r} is not supported",
                          code="export.display_list")
    series = meta.get("series")
    categories = meta.get("categories")
    if not isinstance(series, list) or not isinstance(categories, list):
        raise ExportError(f"{where}: chart meta needs categories and series",
                          code="export.display_list")
    number_format = spreadsheet_format(meta.get("number_format"))
    data = _text_chart_data(number_format)
    data.categories = [str(c) for c in categories]
    for s_index, entry in enumerate(series):
        if not isinstance(entry, dict) or not isinstance(entry.get("values"), list):
            raise ExportError(f"{where}: series {s_index} needs values",
                              code="export.display_list")
        data.add_series(str(entry.get("name", f"Series {s_index + 1}")),
                        [_number(v, f"{where} series {s_index}") for v in entry["values"]])
    x, y, w, h = (_int(group, k, where) for k in ("x", "y", "w", "h"))
    frame = slide.shapes.add_chart(getattr(XL_CHART_TYPE, _CHART_TYPES[kind]), Emu(x), Emu(y),
                                   Emu(w), Emu(h), data)
    chart = frame.chart
    chart.font.size = Emu(_label_size(group))
    chart.font.name = family
    title = meta.get("title")
    chart.has_title = bool(title)
    if title:
        chart.chart_title.text_frame.text = str(title)
    legend = meta.get("legend", "bottom")
    chart.has_legend = legend in ("right", "bottom")
    if chart.has_legend:
        chart.legend.position = (XL_LEGEND_POSITION.BOTTOM if legend == "bottom"
                                 else XL_LEGEND_POSITION.RIGHT)
        chart.legend.include_in_layout = False
    plot = chart.plots[0]
    if kind == "pie":
        colors = _wedge_colors(group, where)
        for p_index, point in enumerate(plot.series[0].points):
            if p_index < len(colors):
                point.format.fill.solid()
                point.format.fill.fore_color.rgb = RGBColor.from_string(colors[p_index])
        return
    if kind in ("bar", "stacked-bar"):
        plot.gap_width = 80
        if kind == "stacked-bar":
            plot.overlap = 100
    value_axis = chart.value_axis
    value_axis.tick_labels.number_format = number_format
    value_axis.tick_labels.number_format_is_linked = False
    value_axis.has_major_gridlines = True
    for entry, chart_series in zip(series, plot.series, strict=False):
        color = hex_color(entry.get("color"), where) if entry.get("color") else None
        if color is None:
            continue
        if kind == "line":
            chart_series.format.line.color.rgb = RGBColor.from_string(color)
            chart_series.smooth = False
            chart_series.marker.format.fill.solid()
            chart_series.marker.format.fill.fore_color.rgb = RGBColor.from_string(color)
        else:
            chart_series.format.fill.solid()
            chart_series.format.fill.fore_color.rgb = RGBColor.from_string(color)


def add_table(slide: Any, group: dict[str, Any], families: dict[int, tuple[str, bool]],
              lang: str, where: str) -> None:
    """A native table at the group's box: widths, heights, fills and text as laid out."""
    from pptx.dml.color import RGBColor
    from pptx.enum.text import MSO_ANCHOR, PP_ALIGN
    from pptx.oxml.ns import qn
    from pptx.util import Emu

    bold_fonts = {i for i, (_family, bold) in families.items() if bold}
    table = table_layout(group, where, bold_fonts)
    if not table.rows or not table.columns:
        return
    height = sum(r.height for r in table.rows)
    frame = slide.shapes.add_table(len(table.rows), len(table.columns), Emu(table.x),
                                   Emu(table.y), Emu(table.w), Emu(height))
    grid = frame.table
    # our look, not the theme's banded style
    grid.first_row = any(r.header for r in table.rows)
    grid.horz_banding = False
    tbl_pr = grid._tbl.tblPr
    style = tbl_pr.find(qn("a:tableStyleId"))
    if style is not None:
        style.text = "{5940675A-B579-460E-94D1-54222C63F5DA}"  # "No Style, Table Grid"
    for j, width in enumerate(table.columns):
        grid.columns[j].width = Emu(width)
    item_lang = office_lang(lang)
    for r_index, row in enumerate(table.rows):
        grid.rows[r_index].height = Emu(row.height)
        for j, cell in enumerate(row.cells):
            target = grid.cell(r_index, j)
            if cell.fill is not None:
                target.fill.solid()
                target.fill.fore_color.rgb = RGBColor.from_string(cell.fill)
            else:
                target.fill.background()
            target.margin_left = target.margin_right = Emu(cell.padding)
            target.margin_top = target.margin_bottom = Emu(cell.padding)
            target.vertical_anchor = getattr(MSO_ANCHOR, _ANCHOR.get(cell.valign, "MIDDLE"))
            frame_text = target.text_frame
            frame_text.word_wrap = True
            para = frame_text.paragraphs[0]
            para.alignment = getattr(PP_ALIGN, _ALIGN.get(cell.align, "LEFT"))
            if cell.line_height > 0:
                # our line height, exact: with the CJK font's own (~1.45 em) LibreOffice
                # grows every row and a table that fills its page runs over what is below it
                para.line_spacing = Emu(cell.line_height)
            for l_index, piece in enumerate(cell.text.split("\n")):
                if l_index:
                    para.add_line_break()
                run = para.add_run()
                run.text = piece
                family, bold = families.get(cell.font, next(iter(families.values())))
                if cell.size > 0:
                    run.font.size = Emu(cell.size)
                run.font.bold = bold or row.header and cell.bold
                if cell.color is not None:
                    run.font.color.rgb = RGBColor.from_string(cell.color)
                set_run_fonts(run, family, item_lang)
    if table.border is not None:
        _borders(grid, *table.border)


def _borders(grid: Any, color: str, width: int) -> None:
    """Every cell edge as a solid rule of the table's border colour and width."""
    from pptx.oxml.xmlchemy import OxmlElement

    for row in grid.rows:
        for cell in row.cells:
            tc_pr = cell._tc.get_or_add_tcPr()
            for tag in ("a:lnL", "a:lnR", "a:lnT", "a:lnB"):
                line = OxmlElement(tag)
                line.set("w", str(width))
                fill = OxmlElement("a:solidFill")
                rgb = OxmlElement("a:srgbClr")
                rgb.set("val", color)
                fill.append(rgb)
                line.append(fill)
                # borders precede the cell fill in CT_TableCellProperties
                tc_pr.insert(["a:lnL", "a:lnR", "a:lnT", "a:lnB"].index(tag), line)
