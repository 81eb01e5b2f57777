"""Glyph outlines taken from the same font files the layout used.

The display list names glyphs by id, so vector exporters draw each glyph
from its outline in the font file; the output then looks identical in every
viewer, whatever fonts the viewer's machine has.  Outlines are parsed once
per font file and process, only for glyphs actually drawn.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import ExportError, Location
from .numbers import number

FontSource = Any  # a path, the font's bytes, or an o3local.layout.assets.Font


#: bump when the path data format changes, so old cache files are not reused
CACHE_FORMAT = 2


def cache_dir() -> Path:
    """Where glyph outlines are cached between runs (``$O3_CACHE_DIR`` overrides)."""
    env = os.environ.get("O3_CACHE_DIR")
    if env:
        return Path(env) / "glyphs"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("o3-local")) / "glyphs"


class FontOutlines:
    """SVG path data (in font units, y up) of the glyphs of one font file.

    Outlines are drawn by HarfBuzz (the engine the layout module shapes
    with), which opens a 10 MB CJK font in milliseconds where fontTools takes
    half a second.  Drawn outlines are also kept in a per-font cache file, so
    a later run that needs only known glyphs never opens the font at all.
    The cache holds exactly what drawing produces: output bytes do not
    depend on it.
    """

    def __init__(self, data: bytes, name: str, key: str) -> None:
        self.name = name
        self.key = key
        self._data = data
        self._font: Any = None
        self._paths: dict[int, str] = {}
        self._dirty = False
        self.upem: int = 0
        cached = self._load_cache()
        if cached is None:
            self._open()
        else:
            self.upem, self._paths = cached

    def _cache_file(self) -> Path:
        return cache_dir() / f"{self.key}.json"

    def _load_cache(self) -> tuple[int, dict[int, str]] | None:
        import json

        try:
            doc = json.loads(self._cache_file().read_text("utf-8"))
            if doc.get("format") != CACHE_FORMAT or doc.get("font") != self.key:
                return None
            return int(doc["upem"]), {int(k): str(v) for k, v in doc["paths"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None  # absent or damaged: rebuilt from the font

    def save_cache(self) -> None:
        """Merge newly drawn outlines into the cache file (best effort, atomic)."""
        if not self._dirty:
            return
        import json

        from ..fsutil import atomic_write_text

        merged = dict(self._paths)
        previous = self._load_cache()
        if previous is not None:
            merged.update(previous[1])
        doc = {"format": CACHE_FORMAT, "font": self.key, "upem": self.upem,
               "paths": {str(k): merged[k] for k in sorted(merged)}}
        try:
            atomic_write_text(self._cache_file(), json.dumps(doc, separators=(",", ":")))
        except OSError:
            return  # a read-only cache only costs speed
        self._dirty = False

    def _open(self) -> Any:
        if self._font is None:
            import uharfbuzz as hb

            face = hb.Face(self._data)
            if face.glyph_count == 0 or face.upem <= 0:
                raise ExportError(f"cannot read font {self.name}: not an OpenType font with "
                                  "glyphs", where=Location(file=self.name), code="export.font")
            self.upem = int(face.upem)
            self._count = int(face.glyph_count)
            self._font = hb.Font(face)  # scale = upem: outlines come out in font units
        return self._font

    def path(self, gid: int) -> str:
        """The glyph's outline as SVG path data ('' for blank glyphs such as spaces)."""
        cached = self._paths.get(gid)
        if cached is not None:
            return cached
        font = self._open()
        if not 0 <= gid < self._count:
            raise ExportError(f"glyph id {gid} does not exist in font {self.name}",
                              code="export.glyph")
        pen = _PathPen()
        font.draw_glyph_with_pen(gid, pen)
        d = "".join(pen.parts)
        self._paths[gid] = d
        self._dirty = True
        return d


def _coord(value: float) -> str:
    whole = int(value)
    return str(whole) if whole == value else number(value)


class _PathPen:
    """Collects HarfBuzz's outline callbacks as compact SVG path data."""

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: list[str] = []

    def _points(self, points: tuple[tuple[float, float], ...]) -> str:
        return " ".join(f"{_coord(x)} {_coord(y)}" for x, y in points)

    def moveTo(self, p: tuple[float, float]) -> None:
        self.parts.append("M" + self._points((p,)))

    def lineTo(self, p: tuple[float, float]) -> None:
        self.parts.append("L" + self._points((p,)))

    def curveTo(self, *points: tuple[float, float]) -> None:
        self.parts.append("C" + self._points(points))

    def qCurveTo(self, *points: tuple[float, float]) -> None:
        self.parts.append("Q" + self._points(points))

    def closePath(self) -> None:
        self.parts.append("Z")


_CACHE: dict[str, FontOutlines] = {}


def _read(source: FontSource) -> tuple[bytes, str, str]:
    """(bytes, name for messages, sha256) of a font given as a path, bytes or checked asset."""
    if isinstance(source, (str, os.PathLike)):
        try:
            data = Path(source).read_bytes()
        except OSError as err:
            raise ExportError(f"cannot read font file: {err.strerror}",
                              where=Location(file=str(source)), code="export.font") from None
        return data, str(source), hashlib.sha256(data).hexdigest()
    if isinstance(source, bytes):
        digest = hashlib.sha256(source).hexdigest()
        return source, f"<font {digest[:12]}>", digest
    # a font asset already read and checked by the layout host (o3local.layout.assets.Font)
    return source.data, source.name, source.sha256


def outlines(source: FontSource) -> FontOutlines:
    """Cached :class:`FontOutlines` for a font file (path, bytes or layout font asset)."""
    data, name, key = _read(source)
    font = _CACHE.get(key)
    if font is None:
        font = _CACHE[key] = FontOutlines(data, name, key)
    return font


def default_fonts() -> list[FontSource]:
    """The bundled fonts in font-index order, for a caller that hands in none.

    A render hands in its layout engine's fonts (``fonts=``), so exporters never
    reach into the layout engine; this read is checked once per process.
    """
    global _DEFAULT
    if _DEFAULT is None:
        from ..layout import assets

        _DEFAULT = list(assets.fonts())
    return list(_DEFAULT)


_DEFAULT: list[FontSource] | None = None


def font_set(display_list: dict[str, Any],
             sources: Sequence[FontSource] | None = None) -> dict[int, FontOutlines]:
    """Outlines for every font of a display list by font index, checked against ``upem``."""
    sources = list(sources) if sources is not None else default_fonts()
    result: dict[int, FontOutlines] = {}
    entries = display_list.get("fonts", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise ExportError("display list fonts must be a list of objects",
                          code="export.display_list")
    for entry in entries:
        index = entry.get("index")
        if type(index) is not int or not 0 <= index < len(sources):
            raise ExportError(f"display list uses font index {index!r} but only "
                              f"{len(sources)} font file(s) are available", code="export.font")
        font = outlines(sources[index])
        if font.upem != entry.get("upem"):
            raise ExportError(f"font {font.name} has {font.upem} units per em but the display "
                              f"list was laid out with {entry.get('upem')}: not the same font",
                              code="export.font")
        result[index] = font
    return result


def remember(fonts: dict[int, FontOutlines]) -> None:
    """Keep the outlines drawn by an export for later runs (see :class:`FontOutlines`)."""
    for font in fonts.values():
        font.save_cache()
