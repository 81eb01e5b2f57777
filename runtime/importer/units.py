"""Lengths in EMU written the way an author would type them in a template body.

Office files store every length in integer EMU.  The template language reads
``in``, ``cm``, ``mm``, ``pt`` and bare EMU (docs/design/layout-contract.md),
so an imported body says ``1.25in`` where PowerPoint stored 1143000 and
``2.54cm`` where LibreOffice (which works in 1/100 mm) stored 914400: the
shortest *exact* spelling is chosen, and the length reads back to the very
same EMU.  Nothing is rounded here.
"""

from __future__ import annotations

import functools
from decimal import Decimal

from ..export.display import EMU_PER_INCH
from ..export.pdf import EMU_PER_PT

EMU_PER_CM = 360000
EMU_PER_MM = 36000
#: (unit, EMU per unit, most decimals written), most readable first
_UNITS = (("in", EMU_PER_INCH, 4), ("cm", EMU_PER_CM, 4), ("pt", EMU_PER_PT, 2),
          ("mm", EMU_PER_MM, 3))


def _exact(emu: int, per: int, places: int) -> str | None:
    """``emu / per`` as a decimal of at most ``places`` decimals, when that is exact."""
    scale = 10 ** places
    if (emu * scale) % per:
        return None
    text = format(Decimal(emu * scale // per) / scale, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def length(emu: int) -> str:
    """The shortest exact length text for ``emu`` (``0``, ``1.25in``, ``2.5cm``, ``12pt``...)."""
    if emu == 0:
        return "0"
    best: str | None = None
    for unit, per, places in _UNITS:
        number = _exact(emu, per, places)
        if number is not None and (best is None or len(number) + len(unit) < len(best)):
            best = number + unit
    return best if best is not None else str(emu)


def points(emu: int) -> str:
    """A font size in points (``18pt``, ``10.5pt``), exact; EMU when points are not exact."""
    number = _exact(emu, EMU_PER_PT, 2)
    return f"{number}pt" if number is not None else str(emu)


@functools.cache
def single_spacing_milli() -> int:
    """Office "single" line spacing for the layout's font, in thousandths of the font size.

    PowerPoint and LibreOffice set single-spaced lines the font's own line
    height apart (ascender + descender + line gap, from ``hhea``: 1.448 em
    for the pinned Noto Sans CJK) with the first baseline one ascender below
    the top; the layout module centres ``line-spacing`` x size around the
    ascender and descender, so this factor puts every line where the office
    app puts it.  Measured against LibreOffice on the test deck: first lines
    1-2.4 mm too high with the 1.2 default, within 0.1 mm with this.
    """
    from fontTools.ttLib import TTFont

    from ..layout import assets
    from ..resources import asset

    font = TTFont(asset("fonts", assets.FONT_FILES[0][0]), lazy=True)
    hhea = font["hhea"]
    height = hhea.ascent - hhea.descent + max(hhea.lineGap, 0)
    return max(1, height * 1000 // font["head"].unitsPerEm)


def spacing(milli: int) -> str:
    """A ``line-spacing`` factor from thousandths (``1448`` -> ``1.448``)."""
    return format(Decimal(milli) / 1000, "f").rstrip("0").rstrip(".")
