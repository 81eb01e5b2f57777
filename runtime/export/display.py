"""The display list's shared checks: what every exporter reads the same way.

Every exporter is a sibling over this module (and :mod:`.items` for the item
tree): integer fields, colours, page sizes and the version check live here
once, so no exporter imports another to get them.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import ExportError, Location

#: display-list versions these exporters read (2 adds polygon, polyline, image and group)
VERSIONS = (1, 2)

EMU_PER_INCH = 914400
EMU_PER_PX = 9525  # CSS px = 1/96 in

_COLOR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def paint(value: Any, where: str) -> str:
    """A display-list colour as lower-case ``#rrggbb``/``#rgb``, or ``none``."""
    if value is None or value == "none":
        return "none"
    if isinstance(value, str) and _COLOR.fullmatch(value):
        return value.lower()
    raise ExportError(f"{where}: invalid colour {value!r} in the display list",
                      code="export.display_list")


def integer(item: dict[str, Any], key: str, where: str) -> int:
    """``item[key]`` (0 when absent), which must be an integer (EMU, index)."""
    value = item.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExportError(f"{where}: {key} must be an integer, got {value!r}",
                          code="export.display_list")
    return value


def page_size(display_list: dict[str, Any], index: int) -> tuple[int, int]:
    """(width, height) in EMU of page ``index``, checked."""
    page = display_list["pages"][index]
    where = f"page {index + 1}"
    if not isinstance(page, dict):
        raise ExportError(f"{where}: a page must be an object", code="export.display_list")
    width, height = integer(page, "width", where), integer(page, "height", where)
    if width <= 0 or height <= 0:
        raise ExportError(f"{where}: page size must be positive", code="export.display_list")
    return width, height


def check_display_list(display_list: Any) -> None:
    """Fail clearly on something that is not a display list of a version we read."""
    if (not isinstance(display_list, dict) or display_list.get("format") != "o3-display-list"
            or not isinstance(display_list.get("pages"), list)):
        raise ExportError("not an o3 display list", code="export.display_list")
    version = display_list.get("version")
    if isinstance(version, bool) or version not in VERSIONS:
        raise ExportError(f"display list version {version!r} is not "
                          "supported (this exporter reads versions 1 and 2)",
                          where=Location(pointer="/version"), code="export.display_list")
    if not display_list["pages"]:  # every exporter would write an empty file, SVG none at all
        raise ExportError("the display list has no pages: nothing to export",
                          where=Location(pointer="/pages"), code="export.display_list")
