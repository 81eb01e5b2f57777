"""PNG export: the SVG export rasterized by resvg at a chosen DPI.

resvg renders the same SVG to the same pixels on every run (cairosvg does
not), and because the SVG carries glyph outlines rather than text, no system
fonts are loaded at all - which is also what keeps this fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import ExportError, UsageError
from .display import EMU_PER_INCH, check_display_list, page_size
from .fonts import FontSource, font_set, remember
from .items import Assets
from .svg_page import page_svg

MAX_PIXELS = 100_000_000


def _px(emu: int, dpi: int) -> int:
    return max(1, (emu * dpi + EMU_PER_INCH // 2) // EMU_PER_INCH)


def export_pages(display_list: dict[str, Any], pages: Sequence[int], *, dpi: int = 96,
                 fonts: Sequence[FontSource] | None = None,
                 assets: Assets | None = None) -> list[bytes]:
    """PNG images of the given pages (0-based indexes) at ``dpi`` dots per inch."""
    if isinstance(dpi, bool) or not isinstance(dpi, int) or not 1 <= dpi <= 2400:
        raise UsageError(f"dpi must be an integer from 1 to 2400, got {dpi!r}",
                         code="usage.dpi")
    check_display_list(display_list)
    import resvg_py

    outlines = font_set(display_list, fonts)
    images: list[bytes] = []
    for i in pages:
        width, height = page_size(display_list, i)
        size = (_px(width, dpi), _px(height, dpi))
        if size[0] * size[1] > MAX_PIXELS:
            raise UsageError(f"page {i + 1} would be {size[0]}x{size[1]} pixels at {dpi} dpi; "
                             "use a lower --dpi", code="usage.dpi")
        svg = page_svg(display_list, i, fonts=outlines, px_size=size, assets=assets)
        try:
            images.append(bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True)))
        except ValueError as err:
            raise ExportError(f"page {i + 1}: rasterizing failed: {err}",
                              code="export.png") from None
    remember(outlines)
    return images
