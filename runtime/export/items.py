"""What every exporter needs of display-list version 2: nested groups and image bytes.

A ``group`` (table or chart) holds the primitives that draw it; exact
exporters just draw them in order, so they all walk the same tree here.
Image items name a file of the template package (``src``); its bytes come
from the caller (``assets``: a mapping or a callable, e.g. the package
reader), and are checked here once so that every exporter fails the same
clear way on a missing or unreadable image.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import ExportError, O3Error

#: image bytes by the item's ``src``: a mapping, or a callable such as a package reader
Assets = Mapping[str, bytes] | Callable[[str], bytes]



@dataclass(frozen=True)
class ImageFile:
    """An image file's bytes with what the exporters need to know about it."""

    src: str
    data: bytes
    kind: str  # "png" or "jpeg"
    width: int
    height: int

    @property
    def media_type(self) -> str:
        return f"image/{self.kind}"


#: draws one item; gets the item and where it is ("page 2 item 5 item 0")
Handler = Callable[[dict[str, Any], str], None]


def dispatch(items: Any, where: str, exporter: str, handlers: Mapping[str, Handler],
             groups: Mapping[str, Handler] | None = None) -> None:
    """Draw ``items`` in paint order, each by the handler of its type.

    A group goes to the handler of its ``role`` when the exporter has a native
    object for it (a Word or PowerPoint table, a PowerPoint chart) and is
    otherwise drawn item by item.  Every exporter fails the same way on a
    damaged or hand-edited display list: an :class:`ExportError` naming the
    item, never a Python traceback.
    """
    if not isinstance(items, list):
        raise ExportError(f"{where}: items must be a list", code="export.display_list")
    for n, item in enumerate(items):
        item_where = f"{where} item {n}"
        kind = item.get("type") if isinstance(item, dict) else None
        try:
            if kind == "group":
                native = (groups or {}).get(item.get("role"))  # type: ignore[arg-type]
                if native is not None:
                    native(item, item_where)
                else:
                    dispatch(item.get("items", []), item_where, exporter, handlers, groups)
                continue
            handler = handlers.get(kind)  # type: ignore[arg-type]
            if handler is None:
                raise ExportError(f"{item_where}: item type {kind!r} is not supported by the "
                                  f"{exporter} exporter of display list version 2",
                                  code="export.unsupported")
            handler(item, item_where)
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as err:
            raise ExportError(f"{item_where}: malformed {kind} item ({type(err).__name__}: "
                              f"{err})", code="export.display_list") from None


def walk(items: Any, where: str) -> Iterator[tuple[dict[str, Any], str]]:
    """Every item, groups' items included (after their group), in paint order."""
    if not isinstance(items, list):
        raise ExportError(f"{where}: items must be a list", code="export.display_list")
    for n, item in enumerate(items):
        item_where = f"{where} item {n}"
        if not isinstance(item, dict):
            raise ExportError(f"{item_where}: an item must be an object",
                              code="export.display_list")
        yield item, item_where
        if item.get("type") == "group":
            yield from walk(item.get("items", []), item_where)


def read_image(assets: Assets | None, src: Any, where: str) -> ImageFile:
    """The checked image file for an item's ``src``; a clear ExportError if it is unusable."""
    if not isinstance(src, str) or not src:
        raise ExportError(f"{where}: image src must be a non-empty string",
                          code="export.display_list")
    if assets is None:
        raise ExportError(f"{where}: the display list draws image {src!r}, but no image "
                          "files were given to the exporter (pass assets=...)",
                          code="export.image")
    try:
        data = assets(src) if callable(assets) else assets[src]
    except KeyError:
        data = None
    except Exception as err:  # a package reader raises its own typed errors
        raise ExportError(f"{where}: cannot read image {src!r}: {err}",
                          code="export.image") from None
    if not isinstance(data, (bytes, bytearray)):
        raise ExportError(f"{where}: image {src!r} is not among the given files",
                          code="export.image")
    from ..layout.images import check_image  # caps and one full decode, as validate does

    try:
        found = check_image(bytes(data), src)
    except O3Error as err:
        raise ExportError(f"{where}: image {src!r}: {err.message}", code=err.code) from None
    return ImageFile(src, bytes(data), found.kind, found.width, found.height)


def image_box(item: dict[str, Any], where: str) -> tuple[tuple[int, int, int, int],
                                                         tuple[int, int, int, int]]:
    """((x, y, w, h) placed, (x, y, w, h) clip) of an image item; clip defaults to placed."""
    from .display import integer as _int

    placed = tuple(_int(item, k, where) for k in ("x", "y", "w", "h"))
    clip_item = item.get("clip")
    if clip_item is None:
        clip = placed
    elif isinstance(clip_item, dict):
        clip = tuple(_int(clip_item, k, f"{where} clip") for k in ("x", "y", "w", "h"))
    else:
        raise ExportError(f"{where}: clip must be an object", code="export.display_list")
    return placed, clip  # type: ignore[return-value]


def points(item: dict[str, Any], where: str) -> list[tuple[int, int]]:
    """A polygon's or polyline's points, checked to be integer pairs."""
    raw = item.get("points")
    if not isinstance(raw, list):
        raise ExportError(f"{where}: points must be a list", code="export.display_list")
    result = []
    for point in raw:
        if (type(point) is not list or len(point) != 2
                or not all(type(v) is int for v in point)):
            raise ExportError(f"{where}: malformed point {point!r}", code="export.display_list")
        result.append((point[0], point[1]))
    return result
