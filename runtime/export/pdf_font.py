"""Embedding a subset of the layout's own font file into a PDF.

The display list names glyphs by id, so the PDF draws glyph ids directly
(Identity-H), never re-encoding text: the font is subset to exactly the
glyphs used (fontTools), a code is chosen per glyph (the CID for a
CID-keyed CFF font, else the glyph's id in the subset), and a ToUnicode
CMap built from the display list's glyph->text clusters keeps the text
selectable and searchable.  Subsets are cached per font and glyph set, so a
warm export of the same document does not subset again.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections import OrderedDict
from dataclasses import dataclass

from ..errors import ExportError
from .numbers import ratio
from .pdf_objects import Name, PdfWriter, Raw, Ref, Stream

_CACHE_SIZE = 32


@dataclass(frozen=True)
class Subset:
    """A subset font program and how the PDF addresses its glyphs."""

    kind: str  # "truetype" | "cff-cid" | "cff-opentype"
    program: bytes  # FontFile2 / FontFile3 stream data
    codes: dict[int, int]  # original glyph id -> code in the content stream
    widths: dict[int, int]  # code -> advance in font units
    upem: int
    ps_name: str
    bbox: tuple[int, int, int, int]
    ascent: int
    descent: int
    cap_height: int


_SUBSETS: OrderedDict[tuple[str, tuple[int, ...]], Subset] = OrderedDict()


def _ps_name(font) -> str:
    name = font["name"].getDebugName(6) or font["name"].getDebugName(4) or "Font"
    return re.sub(r"[^A-Za-z0-9_.-]", "", name)[:60] or "Font"


def _make_subset(data: bytes, gids: tuple[int, ...]) -> Subset:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    # no save-time date in the subset; the bbox recomputation would cost ~1 ms per CJK glyph
    font = TTFont(io.BytesIO(data), recalcTimestamp=False, recalcBBoxes=False)
    order = font.getGlyphOrder()
    for gid in gids:
        if not 0 <= gid < len(order):
            raise ExportError(f"glyph id {gid} does not exist in font {_ps_name(font)}",
                              code="export.glyph")
    is_cff = "CFF " in font
    cid_keyed = is_cff and font["CFF "].cff[0].rawDict.get("ROS") is not None
    options = subset.Options()
    options.layout_features = []
    options.notdef_outline = True
    options.name_IDs = [1, 2, 4, 6]
    options.name_languages = [0x409]
    # drop unused tables before subsetting: the subsetter would first parse GPOS/GSUB (~1 s)
    unused = ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "vhea", "vmtx", "VORG", "DSIG", "meta"]
    for tag in unused:
        if tag in font:
            del font[tag]
    sub = subset.Subsetter(options)
    sub.populate(gids=list(gids))
    sub.subset(font)
    new_order = {name: i for i, name in enumerate(font.getGlyphOrder())}
    hmtx = font["hmtx"].metrics
    codes: dict[int, int] = {}
    widths: dict[int, int] = {}
    for gid in gids:
        name = order[gid]
        if cid_keyed and name == ".notdef":
            code = 0
        elif cid_keyed:
            if not name.startswith("cid") or not name[3:].isdigit():
                raise ExportError(f"CID-keyed font glyph {name!r} has no CID",
                                  code="export.font")
            code = int(name[3:])
        else:
            code = new_order[name]
        codes[gid] = code
        widths[code] = int(hmtx[name][0])
    if cid_keyed:
        out = io.BytesIO()
        font["CFF "].cff.compile(out, font)
        program, kind = out.getvalue(), "cff-cid"
    else:
        out = io.BytesIO()
        font.save(out)
        program, kind = out.getvalue(), ("cff-opentype" if is_cff else "truetype")
    head, hhea = font["head"], font["hhea"]
    os2 = font["OS/2"] if "OS/2" in font else None
    cap = getattr(os2, "sCapHeight", 0) if os2 is not None else 0
    return Subset(kind=kind, program=program, codes=codes, widths=widths,
                  upem=int(head.unitsPerEm), ps_name=_ps_name(font),
                  bbox=(head.xMin, head.yMin, head.xMax, head.yMax),
                  ascent=int(hhea.ascent), descent=int(hhea.descent),
                  cap_height=int(cap or hhea.ascent))


def subset_font(data: bytes, gids: set[int], digest: str | None = None) -> Subset:
    """The subset of font file ``data`` (SHA-256 ``digest``) holding glyph 0 and ``gids``.

    Cached in-process and on disk (see :mod:`.pdf_subset_cache`): subsetting a
    CJK font costs ~0.25 s plus ~0.4 s to import the subsetter, and a cached
    subset is exactly the bytes subsetting would give again.
    """
    from . import pdf_subset_cache

    key = (digest or hashlib.sha256(data).hexdigest(), tuple(sorted(gids | {0})))
    found = _SUBSETS.get(key)
    if found is not None:
        _SUBSETS.move_to_end(key)
        return found
    fields = pdf_subset_cache.load(*key)
    if fields is not None:
        try:
            found = Subset(**fields)
        except TypeError:
            found = None
    if found is None:
        try:
            found = _make_subset(data, key[1])
        except ExportError:
            raise
        except Exception as err:  # fontTools raises many kinds for broken fonts
            raise ExportError(f"cannot subset font for PDF embedding: {err}",
                              code="export.font") from None
        pdf_subset_cache.store(*key, found.__dict__)
    _SUBSETS[key] = found
    if len(_SUBSETS) > _CACHE_SIZE:
        _SUBSETS.popitem(last=False)
    return found


def _utf16_hex(text: str) -> str:
    return text.encode("utf-16-be").hex().upper()


def to_unicode_cmap(texts: dict[int, str]) -> bytes:
    """A ToUnicode CMap mapping 2-byte codes to the text they stand for."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    items = sorted((code, text) for code, text in texts.items() if text)
    for start in range(0, len(items), 100):
        chunk = items[start:start + 100]
        lines.append(f"{len(chunk)} beginbfchar")
        lines.extend(f"<{code:04X}> <{_utf16_hex(text)}>" for code, text in chunk)
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end", ""]
    return "\n".join(lines).encode("ascii")


def _thousandths(units: int, upem: int) -> str:
    return ratio(units * 1000, upem, 3)


@dataclass(frozen=True)
class EmbeddedFont:
    """A Type 0 font resource in the PDF and the glyph metrics content streams need."""

    ref: Ref
    codes: dict[int, int]
    widths: dict[int, int]  # code -> advance in millionths of the font size, as written
    texts: dict[int, str]  # glyph id -> the text its ToUnicode entry gives


def embed(writer: PdfWriter, data: bytes, texts: dict[int, str],
          digest: str | None = None) -> EmbeddedFont:
    """Add a Type 0 / Identity-H font for the glyphs in ``texts`` (glyph id -> text)."""
    sub = subset_font(data, set(texts), digest)
    code_texts: dict[int, str] = {}
    for gid in sorted(texts):
        code_texts.setdefault(sub.codes[gid], texts[gid])
    mapped = {gid: code_texts[sub.codes[gid]] for gid in texts}
    seed = hashlib.sha256(sub.ps_name.encode() + bytes(str(sorted(sub.widths)), "ascii"))
    tag = "".join(chr(65 + b % 26) for b in seed.digest()[:6])
    base = Name(f"{tag}+{sub.ps_name}")
    micro = {code: (w * 2_000_000 + sub.upem) // (2 * sub.upem)
             for code, w in sorted(sub.widths.items())}
    w_array: list = []
    for code, value in micro.items():
        w_array += [code, [Raw(ratio(value, 1000, 3))]]
    if sub.kind == "truetype":
        file_key, stream_extra = "FontFile2", {"Length1": len(sub.program)}
        subtype = "CIDFontType2"
    else:
        file_key = "FontFile3"
        stream_extra = {"Subtype": Name("CIDFontType0C" if sub.kind == "cff-cid"
                                        else "OpenType")}
        subtype = "CIDFontType0"
    program = writer.add(Stream(sub.program, stream_extra))
    x0, y0, x1, y1 = sub.bbox
    descriptor = writer.add({
        "Type": Name("FontDescriptor"), "FontName": base, "Flags": 4,
        "FontBBox": [Raw(_thousandths(v, sub.upem)) for v in (x0, y0, x1, y1)],
        "ItalicAngle": 0, "Ascent": Raw(_thousandths(sub.ascent, sub.upem)),
        "Descent": Raw(_thousandths(sub.descent, sub.upem)),
        "CapHeight": Raw(_thousandths(sub.cap_height, sub.upem)), "StemV": 80,
        file_key: program})
    cid_font: dict = {
        "Type": Name("Font"), "Subtype": Name(subtype), "BaseFont": base,
        "CIDSystemInfo": {"Registry": "Adobe", "Ordering": "Identity", "Supplement": 0},
        "FontDescriptor": descriptor, "DW": 1000, "W": w_array}
    if subtype == "CIDFontType2":
        cid_font["CIDToGIDMap"] = Name("Identity")
    descendant = writer.add(cid_font)
    cmap = writer.add(Stream(to_unicode_cmap(code_texts)))
    ref = writer.add({"Type": Name("Font"), "Subtype": Name("Type0"), "BaseFont": base,
                      "Encoding": Name("Identity-H"), "DescendantFonts": [descendant],
                      "ToUnicode": cmap})
    return EmbeddedFont(ref=ref, codes=dict(sub.codes),
                        widths=micro, texts=mapped)
