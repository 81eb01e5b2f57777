"""A table group read back as cells with their look, for the editable exporters.

The module lays a table out as primitives (fills, rules, one text item per
cell) plus ``meta`` (column widths, rows, cell text, alignment, formula).
PPTX, DOCX and XLSX write native tables, so they need, per cell, the text
from ``meta`` and the style the primitives drew: the fill under the cell,
the first run's font, size and colour of the text inside it, and the rule
colour.  Matching is by position (a primitive belongs to the cell that
holds its centre), so it depends on nothing but the contract's geometry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import ExportError
from .display import integer as _int
from .ooxml_common import hex_color

#: the cell alignments of the layout contract (office exporters map each to their own)
ALIGNS = ("left", "center", "right", "justify")
VALIGNS = ("top", "middle", "bottom")


@dataclass
class TableCell:
    text: str
    align: str
    formula: str | None
    fill: str | None = None  # RRGGBB
    font: int = 0
    size: int = 0
    color: str | None = None  # RRGGBB
    valign: str = "middle"
    padding: int = 0
    bold: bool = False
    line_height: int = 0  # EMU, 0 when unknown


@dataclass
class TableRow:
    header: bool
    y: int
    height: int
    cells: list[TableCell] = field(default_factory=list)


@dataclass
class TableLayout:
    x: int
    y: int
    w: int
    h: int
    columns: list[int]
    rows: list[TableRow]
    continued: bool
    border: tuple[str, int] | None  # (RRGGBB, width in EMU)


def _inside(cx: int, cy: int, box: tuple[int, int, int, int]) -> bool:
    x, y, w, h = box
    return x <= cx < x + w and y <= cy < y + h


def table_layout(group: dict[str, Any], where: str,
                 bold_fonts: set[int] | None = None) -> TableLayout:
    """The table of a ``role: table`` group, cell styles taken from its primitives."""
    meta = group.get("meta")
    if not isinstance(meta, dict) or not isinstance(meta.get("columns"), list) \
            or not isinstance(meta.get("rows"), list):
        raise ExportError(f"{where}: a table group needs meta with columns and rows",
                          code="export.display_list")
    x, y, w, h = (_int(group, k, where) for k in ("x", "y", "w", "h"))
    columns = []
    for width in meta["columns"]:
        if isinstance(width, bool) or not isinstance(width, int) or width < 0:
            raise ExportError(f"{where}: column width {width!r} is not an EMU integer",
                              code="export.display_list")
        columns.append(width)
    lefts = [x + sum(columns[:j]) for j in range(len(columns))]
    rows: list[TableRow] = []
    for r_index, row in enumerate(meta["rows"]):
        row_where = f"{where} row {r_index}"
        if not isinstance(row, dict) or not isinstance(row.get("cells"), list):
            raise ExportError(f"{row_where}: a row needs cells", code="export.display_list")
        out = TableRow(bool(row.get("header")), _int(row, "y", row_where),
                       _int(row, "height", row_where))
        for cell in row["cells"][:len(columns)]:
            if not isinstance(cell, dict):
                raise ExportError(f"{row_where}: a cell must be an object",
                                  code="export.display_list")
            formula = cell.get("formula")
            align = cell.get("align", "left")
            if align not in ALIGNS:
                raise ExportError(f"{row_where}: cell align {align!r} is not one of "
                                  f"{', '.join(ALIGNS)}", code="export.display_list")
            out.cells.append(TableCell(str(cell.get("text", "")), align,
                                       formula if isinstance(formula, str) and formula else None))
        while len(out.cells) < len(columns):
            out.cells.append(TableCell("", "left", None))
        rows.append(out)
    border = None
    bold_fonts = bold_fonts or set()
    for item in group.get("items", []):
        if not isinstance(item, dict):
            continue
        kind = item.get("type")
        if kind == "line" and border is None:
            color = hex_color(item.get("stroke"), where)
            if color is not None:
                border = (color, _int(item, "stroke_width", where))
            continue
        if kind not in ("rect", "text"):
            continue
        ix, iy, iw, ih = (_int(item, k, where) for k in ("x", "y", "w", "h"))
        if kind == "rect" and border is None and item.get("stroke") not in (None, "none") \
                and _int(item, "stroke_width", where) > 0:
            border = (hex_color(item.get("stroke"), where) or "000000",
                      _int(item, "stroke_width", where))
        for row in rows:
            for j, cell in enumerate(row.cells):
                box = (lefts[j], row.y, columns[j], row.height)
                if kind == "rect":
                    # a fill that covers the cell's centre: header fill, stripe or cell fill
                    if _inside(box[0] + box[2] // 2, box[1] + box[3] // 2, (ix, iy, iw, ih)) \
                            and (iw, ih) != (w, h):
                        fill = hex_color(item.get("fill"), where)
                        if fill is not None:
                            cell.fill = fill
                elif _inside(ix + iw // 2, iy + ih // 2, box):
                    _style_from_text(cell, item, where, bold_fonts)
    return TableLayout(x, y, w, h, columns, rows, bool(meta.get("continued")), border)


def _style_from_text(cell: TableCell, item: dict[str, Any], where: str,
                     bold_fonts: set[int]) -> None:
    valign = item.get("valign", "middle")
    if valign not in VALIGNS:
        raise ExportError(f"{where}: valign {valign!r} is not one of {', '.join(VALIGNS)}",
                          code="export.display_list")
    cell.valign = valign
    cell.padding = _int(item, "padding", where)
    cell.size = _int(item, "font_size", where)
    cell.line_height = max(0, _int(item, "line_height", where)) if "line_height" in item else 0
    for paragraph in item.get("paragraphs", []):
        for run in paragraph.get("runs", []) if isinstance(paragraph, dict) else []:
            cell.font = _int(run, "font", where)
            cell.size = _int(run, "size", where) or cell.size
            cell.color = hex_color(run.get("color"), where)
            cell.bold = cell.font in bold_fonts
            return


def continued_labels(group: dict[str, Any], where: str) -> list[tuple[dict[str, Any], str]]:
    """The texts of a table group set above its box (the continued label, 续表).

    A native table carries the rows only; the label the layout drew above a
    continuing part is drawn as a text of its own, with its place for errors."""
    top = _int(group, "y", where)
    out = []
    for k, kid in enumerate(group.get("items") or []):
        at = f"{where} item {k + 1}"
        if (isinstance(kid, dict) and kid.get("type") == "text"
                and _int(kid, "y", at) + _int(kid, "h", at) <= top):
            out.append((kid, at))
    return out
