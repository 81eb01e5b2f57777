"""What the PPTX and DOCX exporters share: font names, weights and reproducible packages.

Office files name fonts by family, so the family of each layout font is
read from its own name table (the typographic family when the font has
one), and the office app finds that font if it is installed.  python-pptx
and python-docx stamp the current time into every zip entry and into the
core properties; :func:`reproducible_zip` rewrites the package with fixed
values so the same display list gives the same bytes.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Sequence
from typing import Any

from ..errors import ExportError
from .fonts import FontSource, default_fonts
from .fonts import _read as read_font

#: the date written wherever a package wants one (zip entries, core properties)
FIXED_DATE = (2000, 1, 1, 0, 0, 0)
FIXED_DATETIME_ISO = "2000-01-01T00:00:00Z"

_FAMILIES: dict[str, str] = {}


def _family(source: FontSource) -> str:
    from fontTools.ttLib import TTFont

    data, _name, key = read_font(source)
    found = _FAMILIES.get(key)
    if found is not None:
        return found
    try:
        names = TTFont(io.BytesIO(data), lazy=True)["name"]
        family = names.getDebugName(16) or names.getDebugName(1) or ""
    except Exception as err:  # fontTools raises many kinds for broken fonts
        raise ExportError(f"cannot read the font's name table: {err}",
                          code="export.font") from None
    _FAMILIES[key] = family
    return family


def font_families(display_list: dict[str, Any],
                  sources: Sequence[FontSource] | None = None) -> dict[int, tuple[str, bool]]:
    """(family name, bold) for each font index the display list declares."""
    sources = list(sources) if sources is not None else default_fonts()
    result: dict[int, tuple[str, bool]] = {}
    for entry in display_list.get("fonts", []):
        index = entry.get("index")
        if not isinstance(index, int) or not 0 <= index < len(sources):
            raise ExportError(f"display list uses font index {index!r} but only "
                              f"{len(sources)} font file(s) are available", code="export.font")
        weight = entry.get("weight", 400)
        result[index] = (_family(sources[index]), isinstance(weight, int) and weight >= 600)
    return result


def hex_color(value: Any, where: str) -> str | None:
    """``RRGGBB`` (upper case) for a display-list colour, None for ``none``/null."""
    from .display import paint as _paint

    color = _paint(value, where)
    if color == "none":
        return None
    digits = color[1:]
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return digits.upper()


def office_lang(lang: Any) -> str:
    """An office language tag for the display list's ``lang``."""
    return {"en": "en-US", "zh": "zh-CN", "ja": "ja-JP"}.get(str(lang), "en-US")


_CORE_DATE = re.compile(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*(</dcterms:)")


def reproducible_zip(package: bytes) -> bytes:
    """The same package with fixed entry dates and attributes, entries in their order.

    Packages inside it (the workbook a chart embeds) and every core-properties
    part get the same treatment, since their writers stamp the current time.
    """
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(package)) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for entry in src.infolist():
            info = zipfile.ZipInfo(entry.filename, date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 0
            info.external_attr = 0
            data = src.read(entry.filename)
            if entry.filename.endswith((".xlsx", ".docx", ".pptx")):
                data = reproducible_zip(data)
            elif entry.filename == "docProps/core.xml":
                data = _CORE_DATE.sub(rb"\g<1>" + FIXED_DATETIME_ISO.encode() + rb"\g<2>", data)
            dst.writestr(info, data, compresslevel=6)
    return out.getvalue()


def fix_core_properties(core: Any) -> None:
    """Core properties with fixed dates and no machine- or time-dependent values."""
    import datetime as dt

    when = dt.datetime(*FIXED_DATE)
    core.created = when
    core.modified = when
    core.last_printed = when
    core.revision = 1
    core.last_modified_by = "o3-local"
    core.author = "o3-local"


_ADVANCES: dict[str, list[int]] = {}


def glyph_advances(display_list: dict[str, Any],
                   sources: Sequence[FontSource] | None = None) -> dict[int, list[int]]:
    """Default advance (font units, from ``hmtx``) of every glyph, per font index."""
    from fontTools.ttLib import TTFont

    sources = list(sources) if sources is not None else default_fonts()
    result: dict[int, list[int]] = {}
    for entry in display_list.get("fonts", []):
        index = entry.get("index")
        if not isinstance(index, int) or not 0 <= index < len(sources):
            continue  # font_families() reports it
        data, _name, key = read_font(sources[index])
        found = _ADVANCES.get(key)
        if found is None:
            try:
                font = TTFont(io.BytesIO(data), lazy=True)
                metrics = font["hmtx"].metrics
                found = [metrics[name][0] for name in font.getGlyphOrder()]
            except Exception as err:  # fontTools raises many kinds for broken fonts
                raise ExportError(f"cannot read the font's metrics: {err}",
                                  code="export.font") from None
            _ADVANCES[key] = found
        result[index] = found
    return result


def office_fits(item: dict[str, Any], lines: list[list[dict[str, Any]]],
                advances: dict[int, list[int]], upem: dict[int, int]) -> bool:
    """Whether an office app, which sets glyphs at their default advances, fits our lines.

    Our layout applies the font's positioning (kerning, CJK punctuation
    compression), which office apps do not; where a line would become wider
    than the box there, the app wraps early and a forced break after it
    would leave a stray fragment, so such a paragraph is better written as
    one flowing paragraph.  Trailing spaces hang outside the box and do not count.
    """
    available = int(item.get("w", 0)) - 2 * int(item.get("padding", 0))
    for runs in lines:
        widths: list[tuple[int, bool]] = []
        for run in runs:
            font, size, text = run.get("font"), run.get("size", 0), run.get("text", "")
            table = advances.get(font)
            if table is None or not isinstance(size, int):
                return False
            for glyph in run.get("glyphs", []):
                gid, cluster = glyph[0], glyph[3]
                blank = 0 <= cluster < len(text) and text[cluster].isspace()
                advance = table[gid] if 0 <= gid < len(table) else 0
                widths.append((advance * size // upem.get(font, 1000), blank))
        while widths and widths[-1][1]:
            widths.pop()
        if sum(w for w, _blank in widths) > available:
            return False
    return True
