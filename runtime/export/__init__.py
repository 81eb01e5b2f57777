"""Exporters: every output format is drawn from the one display list.

Each format is one module with an ``export_pages(display_list, pages, **opts)
-> list[bytes]`` function, listed in :data:`FORMATS`; paged formats (SVG,
PNG) return one document per page, whole-document formats (PDF, PPTX, DOCX,
XLSX) return a single document.  ``assets`` (a mapping or callable giving a
file's bytes by its package path) supplies the files that image items name.  Modules are imported only when
their format is asked for, so choosing SVG never loads the rasterizer.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from ..errors import ExportError, UsageError


@dataclass(frozen=True)
class Format:
    """An output format: its module, file extension, and whether it is one file per page."""

    name: str
    module: str
    extension: str
    media_type: str
    paged: bool
    #: an XML format: strings are cleaned of characters XML cannot hold first (xmltext)
    xml: bool = False


FORMATS: dict[str, Format] = {
    "svg": Format("svg", "svg", ".svg", "image/svg+xml", paged=True),
    "png": Format("png", "png", ".png", "image/png", paged=True),
    "pdf": Format("pdf", "pdf", ".pdf", "application/pdf", paged=False),
    "pptx": Format("pptx", "pptx", ".pptx", "application/vnd.openxmlformats-officedocument."
                   "presentationml.presentation", paged=False, xml=True),
    "docx": Format("docx", "docx", ".docx", "application/vnd.openxmlformats-officedocument."
                   "wordprocessingml.document", paged=False, xml=True),
    "xlsx": Format("xlsx", "xlsx", ".xlsx", "application/vnd.openxmlformats-officedocument."
                   "spreadsheetml.sheet", paged=False, xml=True),
}


def get_format(name: str) -> Format:
    """The registered format ``name``; anything else is a UsageError listing the choices."""
    fmt = FORMATS.get(name)
    if fmt is None:
        raise UsageError(f"unknown output format {name!r} (choose from {', '.join(FORMATS)})",
                         code="usage.format")
    return fmt


def page_count(display_list: dict[str, Any]) -> int:
    pages = display_list.get("pages")
    return len(pages) if isinstance(pages, list) else 0


def export(display_list: dict[str, Any], fmt: str, *, page: int | None = None,
           diagnostics: list[dict[str, Any]] | None = None, **opts: Any) -> list[bytes]:
    """Export a display list; ``page`` is 1-based and selects one page of a paged format.

    Returns one ``bytes`` per page for paged formats (just the selected page
    when ``page`` is given), else a one-element list.  Warnings about the
    output (text characters an XML format cannot hold, written as U+FFFD)
    are appended to ``diagnostics`` when a list is given.
    """
    spec = get_format(fmt)
    total = page_count(display_list)
    if page is not None:
        if isinstance(page, bool) or not isinstance(page, int) or not 1 <= page <= total:
            raise UsageError(f"page {page!r} does not exist (the output has {total} "
                             f"page{'s' if total != 1 else ''})", code="usage.page")
        if not spec.paged:
            raise UsageError(f"format {fmt} is one document; --page applies to paged formats",
                             code="usage.page")
    pages = [page - 1] if page is not None else list(range(total))
    if spec.xml:
        from .xmltext import xml_safe

        display_list, found = xml_safe(display_list, spec.name)
        if diagnostics is not None:
            diagnostics.extend(found)
    module = importlib.import_module(f".{spec.module}", __name__)
    try:
        return module.export_pages(display_list, pages, **opts)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError) as err:
        # the item dispatcher names the item; this is the last line for the rest of a
        # hand-made list (page fields, table/chart meta), so it is a typed error too
        raise ExportError(f"the display list is malformed where the {spec.name} exporter reads "
                          f"it ({type(err).__name__}: {err})",
                          code="export.display_list") from None


__all__ = ["FORMATS", "Format", "export", "get_format", "page_count"]
