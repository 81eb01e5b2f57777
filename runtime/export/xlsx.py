"""XLSX export: the tables of a display list as real spreadsheet cells, formulas and charts.

A spreadsheet template's pages become sheets (named after the page's first
text, else ``Sheet1``...); any other kind contributes the pages that hold
a table or a chart.  Each table group is a block of cells from its ``meta``, the
first one at A1 so that the template's formulas (``=C2*D2``) address the
cells they mean: header rows bold with their fill, column widths and row
heights from the layout, alignment per cell.  A cell whose text is a
number the template formatted (``1,234.50``, ``$12``, ``12.5%``) is
written as that exact number (from its digits, never through a float
parse) with the matching number format, so the spreadsheet computes with
it; a cell with ``formula`` is written as that formula, and only such a
cell: every other text (data, titles, series and category names) is
written as a string cell, so ``=HYPERLINK(...)`` or ``=cmd|...`` in the
data stays text and never becomes a live formula.  A table split
over pages (``continued``) goes on as rows of the same sheet.  Chart
groups become native charts over their data, written next to the tables.
Images and free shapes have no place in cells and are left out.  Fixed
zip dates and core properties: same display list -> same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from ..errors import ExportError
from .display import check_display_list
from .fonts import FontSource, default_fonts
from .items import Assets, walk
from .numbers import parse_formatted, spreadsheet_format
from .ooxml_common import FIXED_DATE, font_families, reproducible_zip
from .ooxml_table import TableLayout, table_layout

EMU_PER_PX = 9525
EMU_PER_PT = 12700
_BAD_TITLE = str.maketrans({c: " " for c in "[]:*?/\\"})


def _page_title(page: dict[str, Any]) -> str:
    for item in page.get("items", []):
        if isinstance(item, dict) and item.get("type") == "text":
            text = " ".join("".join(str(r.get("text", "")) for r in p.get("runs", []))
                            for p in item.get("paragraphs", []) if isinstance(p, dict))
            text = " ".join(text.translate(_BAD_TITLE).split()).strip("'")
            if text:
                return text[:31].rstrip()
    return ""


def _unique(title: str, taken: set[str]) -> str:
    candidate, n = title, 2
    while candidate.lower() in taken:
        suffix = f" ({n})"
        candidate, n = title[:31 - len(suffix)] + suffix, n + 1
    taken.add(candidate.lower())
    return candidate


def text_cell(ws: Any, row: int, column: int, text: str) -> Any:
    """A cell holding ``text`` as a string, whatever it starts with.

    openpyxl reads any text starting with ``=`` as a formula; data is never a
    formula (formula injection), so the cell's type is set back to string,
    which openpyxl writes as an inline string (``t="inlineStr"``), not ``<f>``.
    """
    cell = ws.cell(row=row, column=column)
    cell.value = text
    cell.data_type = "s"
    return cell


def _column_width(emu: int) -> float:
    """Excel's column width (characters of the default font, ~7 px each plus 5 px margin)."""
    px = emu // EMU_PER_PX
    return max(1.0, round((px - 5) / 7, 2))


class _Sheet:
    """One worksheet being filled: where the next block goes and its tables' widths."""

    def __init__(self, ws: Any, families: dict[int, tuple[str, bool]], symbols: dict[str, str]) -> None:
        self.ws = ws
        self.families = families
        self.symbols = symbols  # decimal and group of the document's locale, to read numbers back
        self.next_row = 1
        self.max_col = 0
        self.chart_row = 1  # where the next chart's data block starts
        self.widths: dict[int, int] = {}

    def table(self, table: TableLayout, *, continuation: bool) -> None:
        from openpyxl.styles import Alignment, Font, PatternFill

        if continuation and self.next_row > 1:
            self.next_row -= 1  # go on right below the previous part, no blank row
        row_no = self.next_row
        for row in table.rows:
            if continuation and row.header:
                continue  # the repeated header is already above
            self.ws.row_dimensions[row_no].height = round(row.height / EMU_PER_PT, 2)
            for j, cell in enumerate(row.cells, start=1):
                target = self.ws.cell(row=row_no, column=j)
                parsed = None if row.header else parse_formatted(cell.text, **self.symbols)
                if cell.formula:
                    target.value = cell.formula
                    if parsed is not None:
                        target.number_format = parsed[1]
                elif parsed is not None:
                    target.value, target.number_format = parsed
                elif cell.text:
                    text_cell(self.ws, row_no, j, cell.text)
                family = self.families.get(cell.font, ("", False))[0] or None
                color = cell.color if cell.color and cell.color != "000000" else None
                target.font = Font(name=family, bold=row.header or cell.bold,
                                   color=color,
                                   size=round(cell.size / EMU_PER_PT, 1) if cell.size else None)
                if cell.fill:
                    target.fill = PatternFill("solid", fgColor=cell.fill)
                target.alignment = Alignment(
                    horizontal={"justify": "justify"}.get(cell.align, cell.align),
                    vertical={"middle": "center"}.get(cell.valign, cell.valign),
                    wrap_text=True)
            row_no += 1
        for j, width in enumerate(table.columns, start=1):
            self.widths[j] = max(self.widths.get(j, 0), width)
        self.max_col = max(self.max_col, len(table.columns))
        self.next_row = row_no + 1

    def chart(self, group: dict[str, Any], where: str) -> None:
        """The chart's data as a block right of the tables, the native chart beside it;
        further charts go below, far enough not to overlap."""
        from openpyxl.chart import Reference
        from openpyxl.utils import get_column_letter

        meta = group.get("meta")
        if not isinstance(meta, dict) or not isinstance(meta.get("series"), list):
            raise ExportError(f"{where}: a chart group needs meta with series",
                              code="export.display_list")
        categories = [str(c) for c in meta.get("categories", [])]
        series = meta["series"]
        col = self.max_col + 2
        top = self.chart_row
        ws = self.ws
        text_cell(ws, top, col, str(meta.get("title") or ""))
        number_format = spreadsheet_format(meta.get("number_format"))
        for r, name in enumerate(categories, start=top + 1):
            text_cell(ws, r, col, name)
        for s, entry in enumerate(series, start=1):
            if not isinstance(entry, dict) or not isinstance(entry.get("values"), list):
                raise ExportError(f"{where}: series {s - 1} needs values",
                                  code="export.display_list")
            text_cell(ws, top, col + s, str(entry.get("name", f"Series {s}")))
            for r, value in enumerate(entry["values"], start=top + 1):
                try:
                    number = Decimal(str(value))
                except InvalidOperation:
                    raise ExportError(f"{where}: chart value {value!r} is not a number",
                                      code="export.display_list") from None
                ws.cell(row=r, column=col + s, value=number).number_format = number_format
        chart = _native_chart(meta, where)
        last_row = top + max(1, len(categories))
        chart.add_data(Reference(ws, min_col=col + 1, max_col=col + len(series), min_row=top,
                                 max_row=last_row), titles_from_data=True)
        chart.set_categories(Reference(ws, min_col=col, min_row=top + 1, max_row=last_row))
        for entry, chart_series in zip(series, chart.series, strict=False):
            color = str(entry.get("color") or "").lstrip("#").upper()
            if len(color) == 6 and meta.get("chart_type") != "pie":
                chart_series.graphicalProperties.solidFill = color
                chart_series.graphicalProperties.line.solidFill = color
        w, h = group.get("w"), group.get("h")
        chart.width = round(w / 360000, 2) if isinstance(w, int) and w > 0 else 15
        chart.height = round(h / 360000, 2) if isinstance(h, int) and h > 0 else 7.5
        ws.add_chart(chart, f"{get_column_letter(col + len(series) + 2)}{top}")
        # rows are 0.53 cm high by default: the next block starts below this chart
        self.chart_row = max(last_row + 2, top + int(chart.height / 0.53) + 2)


def _native_chart(meta: dict[str, Any], where: str) -> Any:
    from openpyxl.chart import BarChart, LineChart, PieChart

    kind = meta.get("chart_type")
    if kind in ("bar", "stacked-bar"):
        chart = BarChart()
        chart.type = "col"
        if kind == "stacked-bar":
            chart.grouping = "stacked"
            chart.overlap = 100
    elif kind == "line":
        chart = LineChart()
    elif kind == "pie":
        chart = PieChart()
    else:
        raise ExportError(f"{where}: chart type {kind!r} is not supported",
                          code="export.display_list")
    if meta.get("title"):
        chart.title = str(meta["title"])
    legend = meta.get("legend", "bottom")
    if legend == "none":
        chart.legend = None
    elif chart.legend is not None:
        chart.legend.position = "b" if legend == "bottom" else "r"
    if kind != "pie":
        chart.y_axis.number_format = spreadsheet_format(meta.get("number_format"))
        chart.y_axis.delete = False
        chart.x_axis.delete = False
    return chart


def export_pages(display_list: dict[str, Any], pages: Sequence[int], *,
                 fonts: Sequence[FontSource] | None = None,
                 assets: Assets | None = None) -> list[bytes]:
    """One workbook: a sheet per spreadsheet page, or per page with a table or chart otherwise."""
    check_display_list(display_list)
    import datetime as dt

    from openpyxl import Workbook

    sources = list(fonts) if fonts is not None else default_fonts()
    families = font_families(display_list, sources)
    bold = {i for i, (_f, b) in families.items() if b}
    spreadsheet = display_list.get("kind") == "spreadsheet"
    loc = display_list.get("locale")
    symbols = ({"decimal": str(loc["decimal"]), "group": str(loc["group"])}
               if isinstance(loc, dict) and loc.get("decimal") and loc.get("group") else {})
    workbook = Workbook()
    workbook.remove(workbook.active)
    when = dt.datetime(*FIXED_DATE)
    workbook.properties.created = workbook.properties.modified = when
    workbook.properties.creator = workbook.properties.lastModifiedBy = "o3-local"
    taken: set[str] = set()
    sheet: _Sheet | None = None
    for i in pages:
        page = display_list["pages"][i]
        where = f"page {i + 1}"
        if not isinstance(page, dict):
            raise ExportError(f"{where}: a page must be an object", code="export.display_list")
        groups = [(item, w) for item, w in walk(page.get("items", []), where)
                  if item.get("type") == "group" and item.get("role") in ("table", "chart")]
        tables = [(table_layout(g, w, bold), w) for g, w in groups if g.get("role") == "table"]
        if not spreadsheet and not groups:
            continue
        continuation = bool(tables) and all(t.continued for t, _w in tables)
        if sheet is None or not continuation:
            title = _unique(_page_title(page) or f"Sheet{len(taken) + 1}", taken)
            sheet = _Sheet(workbook.create_sheet(title), families, symbols)
        for table, _w in tables:
            sheet.table(table, continuation=table.continued)
        charts = [(g, w) for g, w in groups if g.get("role") == "chart"]
        for group, w in charts:
            sheet.chart(group, w)
        for j, width in sheet.widths.items():
            from openpyxl.utils import get_column_letter

            sheet.ws.column_dimensions[get_column_letter(j)].width = _column_width(width)
    if not workbook.worksheets:
        raise ExportError("the display list has no table or chart to write as a spreadsheet "
                          "(XLSX takes spreadsheet templates, or the tables and charts of other "
                          "kinds)",
                          code="export.xlsx")
    out = io.BytesIO()
    workbook.save(out)
    return [reproducible_zip(out.getvalue())]
