"""SVG export: each page of the display list drawn exactly as laid out (see :mod:`.svg_page`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .display import check_display_list
from .fonts import FontSource, font_set, remember
from .items import Assets
from .svg_page import page_svg


def export_pages(display_list: dict[str, Any], pages: Sequence[int], *,
                 fonts: Sequence[FontSource] | None = None,
                 assets: Assets | None = None) -> list[bytes]:
    """UTF-8 SVG documents of the given pages (0-based indexes); images embedded from ``assets``."""
    check_display_list(display_list)
    outlines = font_set(display_list, fonts)
    documents = [page_svg(display_list, i, fonts=outlines, assets=assets).encode("utf-8")
                 for i in pages]
    remember(outlines)
    return documents
