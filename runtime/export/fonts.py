"""Glyph outlines taken from the same font files the layout used.

The display list names glyphs by id, so vector exporters draw each glyph
from its outline in the font file; the output then looks identical in every
viewer, whatever fonts the viewer's machine has.  Outlines are parsed once
per font file and process, only for glyphs actually drawn.
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import ExportError, Location
from .numbers import number

FontSource = str | os.PathLike[str] | bytes


class FontOutlines:
    """SVG path data (in font units, y up) of the glyphs of one font file."""

    def __init__(self, data: bytes, name: str) -> None:
        from fontTools.ttLib import TTFont, TTLibError

        self.name = name
        try:
            self._font = TTFont(io.BytesIO(data), lazy=True)
            self.upem: int = int(self._font["head"].unitsPerEm)
            self._order = self._font.getGlyphOrder()
            self._glyphs = self._font.getGlyphSet()
        except (TTLibError, KeyError, Exception) as err:  # fontTools raises broadly
            raise ExportError(f"cannot read font {name}: {err}", where=Location(file=name),
                              code="export.font") from None
        self._paths: dict[int, str] = {}

    def path(self, gid: int) -> str:
        """The glyph's outline as SVG path data ('' for blank glyphs such as spaces)."""
        cached = self._paths.get(gid)
        if cached is not None:
            return cached
        from fontTools.pens.svgPathPen import SVGPathPen

        if not 0 <= gid < len(self._order):
            raise ExportError(f"glyph id {gid} does not exist in font {self.name}",
                              code="export.glyph")
        pen = SVGPathPen(self._glyphs, ntos=number)
        self._glyphs[self._order[gid]].draw(pen)
        d = pen.getCommands()
        self._paths[gid] = d
        return d


_CACHE: dict[str, FontOutlines] = {}


def _read(source: FontSource) -> tuple[bytes, str]:
    if isinstance(source, bytes):
        return source, f"<font {hashlib.sha256(source).hexdigest()[:12]}>"
    try:
        return Path(source).read_bytes(), str(source)
    except OSError as err:
        raise ExportError(f"cannot read font file: {err.strerror}",
                          where=Location(file=str(source)), code="export.font") from None


def outlines(source: FontSource) -> FontOutlines:
    """Cached :class:`FontOutlines` for a font file (path or bytes)."""
    data, name = _read(source)
    key = hashlib.sha256(data).hexdigest()
    font = _CACHE.get(key)
    if font is None:
        font = _CACHE[key] = FontOutlines(data, name)
    return font


def default_fonts() -> list[FontSource]:
    """The fonts the layout host passes to the module, in font-index order."""
    from ..layout import fonts as layout_fonts

    return list(layout_fonts.font_paths())


def font_set(display_list: dict[str, Any],
             sources: Sequence[FontSource] | None = None) -> dict[int, FontOutlines]:
    """Outlines for every font of a display list by font index, checked against ``upem``."""
    sources = list(sources) if sources is not None else default_fonts()
    result: dict[int, FontOutlines] = {}
    for entry in display_list.get("fonts", []):
        index = entry.get("index")
        if not isinstance(index, int) or not 0 <= index < len(sources):
            raise ExportError(f"display list uses font index {index!r} but only "
                              f"{len(sources)} font file(s) are available", code="export.font")
        font = outlines(sources[index])
        if font.upem != entry.get("upem"):
            raise ExportError(f"font {font.name} has {font.upem} units per em but the display "
                              f"list was laid out with {entry.get('upem')}: not the same font",
                              code="export.font")
        result[index] = font
    return result
