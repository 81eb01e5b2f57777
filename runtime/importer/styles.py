"""The look of a shape's text and lines as PowerPoint would show it: inheritance resolved.

A run in a .pptx rarely says its own size or colour.  The value comes from
the first of: the run, the shape's list style, the layout placeholder and
the master placeholder it inherits from, the master's title/body/other text
styles (placeholders) or the presentation's default text style (other
shapes), the shape's theme style reference (``p:style``; the white text of a
default PowerPoint rectangle), and finally the format's defaults (18pt,
black).  Theme colours (``schemeClr``) go through the master's colour map
and theme, with their luminance/tint/shade modifiers applied.
"""

from __future__ import annotations

import colorsys
from typing import Any

from lxml import etree

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
#: OOXML's defaults when nothing in the chain says
DEFAULT_FONT_SIZE = 18 * 12700
DEFAULT_INSETS = (91440, 45720, 91440, 45720)  # left, top, right, bottom
_PRESET = {"black": "000000", "white": "FFFFFF", "red": "FF0000", "green": "008000",
           "blue": "0000FF", "yellow": "FFFF00", "gray": "808080", "darkGray": "A9A9A9",
           "lightGray": "D3D3D3", "orange": "FFA500"}
_COLOR_TAGS = tuple(f"{A}{t}" for t in ("srgbClr", "schemeClr", "sysClr", "prstClr",
                                         "scrgbClr", "hslClr"))
_MAP_DEFAULT = {"bg1": "lt1", "tx1": "dk1", "bg2": "lt2", "tx2": "dk2"}


class Theme:
    """The colours of a master's theme, reached through its colour map."""

    def __init__(self, colors: dict[str, str], color_map: dict[str, str],
                 line_widths: list[int], fonts: dict[str, str] | None = None) -> None:
        self.colors = colors
        self.color_map = color_map
        self.line_widths = line_widths
        #: "+mj-lt" / "+mn-lt" (the theme's major and minor Latin fonts) -> family
        self.fonts = fonts or {}

    @classmethod
    def of_master(cls, master: Any) -> Theme:
        from pptx.opc.constants import RELATIONSHIP_TYPE as RT
        from pptx.oxml import parse_xml

        colors: dict[str, str] = {}
        widths: list[int] = []
        try:
            theme = parse_xml(master.part.part_related_by(RT.THEME).blob)
        except (KeyError, etree.XMLSyntaxError, ValueError):
            theme = None
        if theme is not None:
            scheme = theme.find(f"{A}themeElements/{A}clrScheme")
            for slot in scheme if scheme is not None else ():
                if not isinstance(slot.tag, str):
                    continue
                name = etree.QName(slot).localname
                for child in slot:
                    value = child.get("val") if child.tag == f"{A}srgbClr" else child.get("lastClr")
                    if value and len(value) == 6:
                        colors[name] = value.upper()
                        break
            for ln in theme.iterfind(f"{A}themeElements/{A}fmtScheme/{A}lnStyleLst/{A}ln"):
                widths.append(_int(ln.get("w"), 9525))
        fonts: dict[str, str] = {}
        if theme is not None:
            for ref, tag in (("+mj-lt", "majorFont"), ("+mn-lt", "minorFont")):
                latin = theme.find(f"{A}themeElements/{A}fontScheme/{A}{tag}/{A}latin")
                if latin is not None and latin.get("typeface"):
                    fonts[ref] = latin.get("typeface")
        clr_map = master._element.find(f"{P}clrMap")
        color_map = dict(clr_map.attrib) if clr_map is not None else {}
        return cls(colors, color_map, widths, fonts)

    def scheme(self, name: str) -> str | None:
        mapped = self.color_map.get(name, _MAP_DEFAULT.get(name, name))
        return self.colors.get(mapped) or self.colors.get(name)


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


def _apply_mods(rgb: str, element: Any) -> str:
    r, g, b = (int(rgb[i:i + 2], 16) / 255 for i in (0, 2, 4))
    h, lum, s = colorsys.rgb_to_hls(r, g, b)
    for mod in element:
        if not isinstance(mod.tag, str):
            continue
        name = etree.QName(mod).localname
        val = _int(mod.get("val"), 100000) / 100000
        if name == "lumMod":
            lum *= val
        elif name == "lumOff":
            lum += val
        elif name == "tint":  # towards white
            r, g, b = colorsys.hls_to_rgb(h, lum, s)
            r, g, b = (c + (1 - c) * (1 - val) for c in (r, g, b))
            h, lum, s = colorsys.rgb_to_hls(r, g, b)
        elif name == "shade":  # towards black
            r, g, b = colorsys.hls_to_rgb(h, lum, s)
            r, g, b = (c * val for c in (r, g, b))
            h, lum, s = colorsys.rgb_to_hls(r, g, b)
    lum = min(max(lum, 0.0), 1.0)
    r, g, b = colorsys.hls_to_rgb(h, lum, s)
    return "".join(f"{round(c * 255):02x}" for c in (r, g, b))


def color(container: Any, theme: Theme, placeholder_color: str | None = None) -> str | None:
    """``#rrggbb`` of the colour element inside ``container`` (a solidFill, fontRef...), or None."""
    if container is None:
        return None
    element = next((c for c in container if c.tag in _COLOR_TAGS), None)
    if element is None:
        return None
    tag = etree.QName(element).localname
    rgb: str | None = None
    if tag == "srgbClr":
        rgb = element.get("val")
    elif tag == "sysClr":
        rgb = element.get("lastClr") or {"windowText": "000000", "window": "FFFFFF"}.get(
            element.get("val", ""))
    elif tag == "prstClr":
        rgb = _PRESET.get(element.get("val", ""))
    elif tag == "schemeClr":
        name = element.get("val", "")
        rgb = placeholder_color.lstrip("#") if name == "phClr" and placeholder_color \
            else theme.scheme(name)
    elif tag == "scrgbClr":
        rgb = "".join(f"{min(255, round(_int(element.get(k), 0) / 100000 * 255)):02X}"
                      for k in ("r", "g", "b"))
    if not rgb or len(rgb) != 6:
        return None
    try:
        int(rgb, 16)
    except ValueError:
        return None
    return "#" + _apply_mods(rgb, element).lower()


def fill(sppr: Any, style: Any, theme: Theme) -> str | None:
    """The solid fill of a shape (its own, else its theme style's); None when unfilled.

    Gradients take their first stop (the office look is a blend; a template
    rect has one colour); pictures and patterns count as no fill.
    """
    if sppr is not None:
        if sppr.find(f"{A}noFill") is not None:
            return None
        solid = sppr.find(f"{A}solidFill")
        if solid is not None:
            return color(solid, theme)
        grad = sppr.find(f"{A}gradFill/{A}gsLst/{A}gs")
        if grad is not None:
            return color(grad, theme)
        if sppr.find(f"{A}blipFill") is not None or sppr.find(f"{A}pattFill") is not None:
            return None
    ref = style.find(f"{A}fillRef") if style is not None else None
    if ref is not None and _int(ref.get("idx"), 0) > 0:
        return color(ref, theme)
    return None


def outline(sppr: Any, style: Any, theme: Theme) -> tuple[str | None, int]:
    """(colour, width in EMU) of a shape's outline; (None, 0) when it has none."""
    ln = sppr.find(f"{A}ln") if sppr is not None else None
    ref = style.find(f"{A}lnRef") if style is not None else None
    ref_index = _int(ref.get("idx"), 0) if ref is not None else 0
    width = 0
    if ref_index > 0:
        widths = theme.line_widths
        width = widths[ref_index - 1] if ref_index <= len(widths) else 9525
    if ln is not None:
        if ln.find(f"{A}noFill") is not None:
            return None, 0
        width = _int(ln.get("w"), width or 9525)
        solid = ln.find(f"{A}solidFill")
        if solid is not None:
            return color(solid, theme), width
    if ref_index > 0:
        return color(ref, theme), width
    return None, 0


class TextStyle:
    """Paragraph and run properties of one text body, inheritance resolved.

    ``levels`` are the list-style elements (each holding ``a:lvl1pPr`` ...
    ``a:lvl9pPr``) of the shape and the placeholders it inherits from, most
    specific first; ``defaults`` the master's or presentation's text styles;
    ``font_color`` the theme style's text colour (``p:style/a:fontRef``),
    which comes between the two for the colour.
    """

    def __init__(self, levels: list[Any], defaults: list[Any], theme: Theme,
                 font_color: str | None = None) -> None:
        self.specific = len([lv for lv in levels if lv is not None])
        self.levels = [lv for lv in (*levels, *defaults) if lv is not None]
        self.theme = theme
        self.font_color = font_color

    def _ppr(self, level: int, only_specific: bool = False) -> list[Any]:
        found = []
        for lst in self.levels[:self.specific] if only_specific else self.levels:
            ppr = lst.find(f"{A}lvl{level + 1}pPr")
            if ppr is not None:
                found.append(ppr)
        return found

    def paragraph(self, ppr: Any, name: str) -> str | None:
        """A paragraph attribute (``algn``...) of a paragraph at its level."""
        level = _int(ppr.get("lvl"), 0) if ppr is not None else 0
        for element in ([ppr] if ppr is not None else []) + self._ppr(level):
            value = element.get(name)
            if value is not None:
                return value
        return None

    def paragraph_child(self, ppr: Any, path: str) -> Any:
        """A paragraph child element (``a:lnSpc``, ``a:buChar``...) through the chain."""
        level = _int(ppr.get("lvl"), 0) if ppr is not None else 0
        for element in ([ppr] if ppr is not None else []) + self._ppr(level):
            found = element.find(path)
            if found is not None:
                return found
        return None

    def run(self, rpr: Any, ppr: Any, name: str) -> str | None:
        """A run attribute (``sz``, ``b``, ``i``) for a run of a paragraph."""
        if rpr is not None and rpr.get(name) is not None:
            return rpr.get(name)
        level = _int(ppr.get("lvl"), 0) if ppr is not None else 0
        for element in self._ppr(level):
            d = element.find(f"{A}defRPr")
            if d is not None and d.get(name) is not None:
                return d.get(name)
        return None

    def run_color(self, rpr: Any, ppr: Any) -> str:
        if rpr is not None:
            solid = rpr.find(f"{A}solidFill")
            if solid is not None:
                found = color(solid, self.theme)
                if found:
                    return found
        level = _int(ppr.get("lvl"), 0) if ppr is not None else 0
        for only_specific in (True, False):
            for element in self._ppr(level, only_specific):
                solid = element.find(f"{A}defRPr/{A}solidFill")
                if solid is not None:
                    found = color(solid, self.theme)
                    if found:
                        return found
            if only_specific and self.font_color:
                return self.font_color
        return "#" + (self.theme.scheme("tx1") or "000000").lower()

    def typeface(self, rpr: Any, ppr: Any) -> str | None:
        """The Latin font family a run is set in (theme references resolved)."""
        level = _int(ppr.get("lvl"), 0) if ppr is not None else 0
        found = None
        for element in ([rpr] if rpr is not None else []) + \
                [p.find(f"{A}defRPr") for p in self._ppr(level)]:
            latin = element.find(f"{A}latin") if element is not None else None
            if latin is not None and latin.get("typeface"):
                found = latin.get("typeface")
                break
        found = found or "+mn-lt"
        return self.theme.fonts.get(found[:6], None) if found.startswith("+") else found

    def font_size(self, rpr: Any, ppr: Any) -> int:
        size = self.run(rpr, ppr, "sz")
        hundredths = _int(size, 0)
        return hundredths * 127 if hundredths > 0 else DEFAULT_FONT_SIZE


def truthy(value: str | None) -> bool:
    return value in ("1", "true", "on")
