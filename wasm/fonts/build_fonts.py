"""Recipe for the pinned fonts in ``runtime/assets/fonts/``.

The layout module picks a font per character: the first font of the render's
weight (then of the nearest weight) whose cmap has the character, in this
file's order, which is also the font index order of the display list.

0, 1  Noto Sans CJK SC Regular and Bold, from Debian's ``fonts-noto-cjk``:
      Chinese (GB 18030-2022 implementation level 2 as we read it: every CJK
      Unified Ideograph of the BMP incl. Extension A, every GBK character,
      and the 196 characters of the Table of General Standard Chinese
      Characters 通用规范汉字表 outside the BMP), Traditional Chinese (Big5 and
      HKSCS-2008, incl. its Extension B characters used in Hong Kong names),
      Japanese (kana, JIS X 0208 and JIS X 0213, both planes), Korean (all
      11,172 Hangul syllables, jamo, KS X 1001), bopomofo, CJK symbols and
      the symbol rows of those standards.
2, 3  Noto Sans Regular and Bold, from Debian's ``fonts-noto-core``: Latin
      (extended), Greek, Cyrillic, IPA, combining marks and currency symbols
      the CJK face lacks (₹ ₽ ₴ ₸ ...).
4     Noto Sans Math Regular (``fonts-noto-core``): mathematical operators,
      arrows, technical symbols and mathematical alphanumerics.
5     Noto Sans Symbols 2 Regular (``fonts-noto-core``): dingbats and symbols
      (✗ ✔ ☐ ☑ ...), geometric shapes and arrows the fonts above lack.  Not
      emoji: no font here has them (they are reported, not drawn).

Extension B characters come from documented lists only: 通用规范汉字表 (Unihan's
``kTGH`` field, Debian's ``unicode-data``), HKSCS-2008 (Python's
``big5hkscs`` codec), JIS X 0213 (``euc_jis_2004``), and NAME_EXTRAS.
Characters a face does not have are silently skipped by the subsetter.
All OpenType layout features are kept (GSUB/GPOS: kern, liga, palt, locl,
mark, ...).

The output is byte-reproducible: the SC face is picked by its name table,
head.created/modified are fixed, and fontTools subsetting is deterministic.

    python wasm/fonts/build_fonts.py            # write the subsets + .sha256 files
    python wasm/fonts/build_fonts.py --check    # rebuild and compare with the committed files
"""

from __future__ import annotations

import argparse
import bz2
import hashlib
import io
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "runtime" / "assets" / "fonts"
CJK_DIR = "/usr/share/fonts/opentype/noto"
CORE_DIR = "/usr/share/fonts/truetype/noto"
UNIHAN = "/usr/share/unicode/Unihan_OtherMappings.txt.bz2"  # Debian's unicode-data (kTGH)
FAMILY = "Noto Sans CJK SC"
# the upstream release date of the Debian package fonts-noto-cjk 1:20220127
FIXED_TIME = 3726086400  # 2022-01-27 00:00 UTC in seconds since 1904-01-01 (the head table epoch)

#: Extension B characters used in names that none of the standards above lists:
#: U+20BB7 𠮷 (the "土" top form of 吉, in surnames such as 𠮷田 and Chinese given names)
NAME_EXTRAS = (0x20BB7,)

#: The OpenType features kept: what HarfBuzz applies by default to horizontal text (the module
#: asks for nothing else but palt), plus palt and halt.  The alternates features (aalt, jp78,
#: trad, fwid, hwid, vert, ...) would keep ~20,000 glyphs no render can reach.
FEATURES = (
    "abvm", "blwm", "calt", "ccmp", "clig", "curs", "dist", "dnom", "frac", "halt", "kern", "liga",
    "locl", "mark", "mkmk", "numr", "palt", "rclt", "rlig", "rvrn",
)

_COMMON = [
    (0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x2070, 0x209F), (0x20A0, 0x20CF),
    (0x2100, 0x214F), (0x2150, 0x218F), (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2300, 0x23FF),
    (0x2460, 0x24FF), (0x2500, 0x257F), (0x2580, 0x259F), (0x25A0, 0x25FF), (0x2600, 0x26FF),
    (0x2700, 0x27BF),
]
_CJK_BLOCKS = [
    (0x1100, 0x11FF),  # Hangul jamo
    (0x2E80, 0x2EFF), (0x2F00, 0x2FDF), (0x2FF0, 0x2FFF),  # radicals, Kangxi radicals, IDCs
    (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF),  # CJK punctuation, hiragana, katakana
    (0x3100, 0x312F), (0x3130, 0x318F), (0x3190, 0x319F),  # bopomofo, compatibility jamo, kanbun
    (0x31A0, 0x31BF), (0x31C0, 0x31EF), (0x31F0, 0x31FF),  # bopomofo ext., strokes, katakana ext.
    (0x3200, 0x32FF), (0x3300, 0x33FF),  # enclosed CJK letters and months, CJK compatibility
    (0x3400, 0x4DBF), (0x4E00, 0x9FFF),  # Extension A, CJK Unified Ideographs
    (0xA960, 0xA97F), (0xAC00, 0xD7A3), (0xD7B0, 0xD7FF),  # jamo ext. A, Hangul syllables, jamo ext. B
    (0xF900, 0xFAFF),  # CJK compatibility ideographs (KS X 1001 hanja, Big5 duplicates)
    (0xFE10, 0xFE1F), (0xFE30, 0xFE4F), (0xFE50, 0xFE6F), (0xFF00, 0xFFEF),
]
_MATH_BLOCKS = [
    (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2300, 0x23FF), (0x25A0, 0x25FF), (0x27C0, 0x27EF),
    (0x27F0, 0x27FF), (0x2900, 0x297F), (0x2980, 0x29FF), (0x2A00, 0x2AFF), (0x2B00, 0x2BFF),
    (0x1D400, 0x1D7FF),
]


_SYMBOL_BLOCKS = [
    (0x2190, 0x21FF), (0x2300, 0x23FF), (0x2400, 0x243F), (0x2460, 0x24FF), (0x2500, 0x25FF),
    (0x2600, 0x26FF), (0x2700, 0x27BF), (0x2B00, 0x2BFF), (0x1F100, 0x1F1FF), (0x1F780, 0x1F7FF),
    (0x1F800, 0x1F8FF),
]


def _ranges(ranges: list[tuple[int, int]]) -> set[int]:
    cps: set[int] = set()
    for lo, hi in ranges:
        cps.update(range(lo, hi + 1))
    return cps


def _codec(codec: str, leads: range, trails: range, prefix: bytes = b"") -> set[int]:
    """Every character a double-byte codec decodes (its whole repertoire)."""
    cps: set[int] = set()
    for hi in leads:
        for lo in trails:
            try:
                cps.update(ord(c) for c in (prefix + bytes([hi, lo])).decode(codec))
            except UnicodeDecodeError:
                pass
    return cps


def tgh() -> set[int]:
    """The 8,105 characters of 通用规范汉字表 (2013), from Unihan's kTGH field."""
    cps: set[int] = set()
    with bz2.open(UNIHAN, "rt", encoding="utf-8") as fh:
        for line in fh:
            if "\tkTGH\t" in line:
                cps.add(int(line.split("\t", 1)[0][2:], 16))
    if len(cps) != 8105:
        raise SystemExit(f"{UNIHAN}: {len(cps)} kTGH characters, expected 8105")
    return cps


def cjk_charset() -> set[int]:
    cps = _ranges(_COMMON) | _ranges(_CJK_BLOCKS)
    cps |= _codec("gbk", range(0x81, 0xFF), range(0x40, 0xFF))  # GB 18030's two-byte part
    cps |= _codec("big5hkscs", range(0x81, 0xFF), range(0x40, 0xFF))  # Big5 + HKSCS-2008
    cps |= _codec("euc_jis_2004", range(0xA1, 0xFF), range(0xA1, 0xFF))  # JIS X 0213 plane 1
    cps |= _codec("euc_jis_2004", range(0xA1, 0xFF), range(0xA1, 0xFF), b"\x8f")  # plane 2
    cps |= _codec("euc_kr", range(0xA1, 0xFF), range(0xA1, 0xFF))  # KS X 1001
    cps |= tgh()
    cps.update(NAME_EXTRAS)
    return cps


def cjk_bold_charset() -> set[int]:
    """The common part of cjk_charset(); bold text whose character is not here is set in Regular.

    GB 2312 and 通用规范汉字表 (simplified, names included), Big5's 5,401 common hanzi (lead bytes
    A4-C6) and symbols, JIS X 0208, KS X 1001 (its 2,350 Hangul syllables) and the CJK blocks
    but Extension A, the other Hangul syllables and the compatibility ideographs: about half the
    glyphs of Regular, for characters seldom set in bold.
    """
    rare = _ranges([(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xAC00, 0xD7A3), (0xF900, 0xFAFF)])
    cps = (_ranges(_COMMON) | _ranges(_CJK_BLOCKS)) - rare
    cps |= _codec("gb2312", range(0xA1, 0xFF), range(0xA1, 0xFF))
    cps |= _codec("big5", range(0xA1, 0xC7), range(0x40, 0xFF))
    cps |= _codec("euc_jp", range(0xA1, 0xFF), range(0xA1, 0xFF))  # JIS X 0208
    cps |= _codec("euc_kr", range(0xA1, 0xFF), range(0xA1, 0xFF))
    cps |= tgh()
    cps.update(NAME_EXTRAS)
    return cps


def latin_charset() -> set[int]:
    """Noto Sans keeps its whole repertoire (Latin, Greek, Cyrillic, currency...)."""
    return _ranges([(0x20, 0x2FFFF)])


def math_charset() -> set[int]:
    return _ranges(_MATH_BLOCKS)


def symbol_charset() -> set[int]:
    return _ranges(_SYMBOL_BLOCKS)


@dataclass(frozen=True)
class Spec:
    name: str  # the file in runtime/assets/fonts
    source: str  # the Debian file
    weight: int
    charset: Callable[[], set[int]]
    family: str | None = None  # the face to pick from a collection


FONTS = (
    Spec("NotoSansCJKsc-Regular.subset.otf", f"{CJK_DIR}/NotoSansCJK-Regular.ttc", 400, cjk_charset, FAMILY),
    Spec("NotoSansCJKsc-Bold.subset.otf", f"{CJK_DIR}/NotoSansCJK-Bold.ttc", 700, cjk_bold_charset, FAMILY),
    Spec("NotoSans-Regular.subset.ttf", f"{CORE_DIR}/NotoSans-Regular.ttf", 400, latin_charset),
    Spec("NotoSans-Bold.subset.ttf", f"{CORE_DIR}/NotoSans-Bold.ttf", 700, latin_charset),
    Spec("NotoSansMath-Regular.subset.ttf", f"{CORE_DIR}/NotoSansMath-Regular.ttf", 400, math_charset),
    Spec("NotoSansSymbols2-Regular.subset.ttf", f"{CORE_DIR}/NotoSansSymbols2-Regular.ttf", 400, symbol_charset),
)
SOURCES = {spec.name: spec.source for spec in FONTS}


def face_index(path: str, family: str | None) -> int:
    if family is None:
        return -1
    from fontTools.ttLib import TTCollection

    coll = TTCollection(path, lazy=True)
    for i, font in enumerate(coll.fonts):
        if font["name"].getDebugName(1) == family:
            return i
    raise SystemExit(f"{path}: no face named {family!r}")


def _fit_cmap(font) -> None:
    """Drop format-4 cmap subtables that cannot hold the character set (over 64 KiB).

    A set scattered over the ideographs (Bold's) needs more segments than format 4's 16-bit
    length allows; the format-12 subtables map the same characters, and every consumer that
    reads this font (HarfBuzz, fontTools, FreeType) prefers format 12.
    """
    import struct

    cmap = font["cmap"]
    keep = []
    for table in cmap.tables:
        if table.format == 4:
            try:
                table.compile(font)
            except struct.error:
                continue
        keep.append(table)
    if len(keep) < len(cmap.tables) and not any(t.format == 12 for t in keep):
        raise SystemExit("the cmap fits no subtable format")
    cmap.tables = keep


#: GSUB language systems kept: the module's `lang` is en, zh or ja (HarfBuzz asks for the default,
#: ZHS and JAN); the KOR, ZHT and ZHH `locl` forms (~9,300 glyphs in Regular) are unreachable.
#: Add a tag back here together with a new `lang` value.
GSUB_LANGSYS = ("JAN ", "ZHS ")


def _drop_unreachable_langsys(font) -> None:
    if "GSUB" not in font:
        return
    for record in font["GSUB"].table.ScriptList.ScriptRecord:
        script = record.Script
        script.LangSysRecord = [r for r in script.LangSysRecord if r.LangSysTag in GSUB_LANGSYS]
        script.LangSysCount = len(script.LangSysRecord)


def subset(spec: Spec) -> bytes:
    from fontTools import subset as fts
    from fontTools.ttLib import TTFont

    font = TTFont(spec.source, fontNumber=face_index(spec.source, spec.family), recalcTimestamp=False, lazy=False)
    opts = fts.Options()
    opts.layout_features = list(FEATURES)
    opts.layout_scripts = ["*"]
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.glyph_names = False
    opts.notdef_outline = True
    opts.hinting = False
    opts.recalc_timestamp = False
    opts.drop_tables += ["VORG", "vhea", "vmtx", "DSIG"]
    if spec.family is not None:
        _drop_unreachable_langsys(font)
    sub = fts.Subsetter(opts)
    sub.populate(unicodes=sorted(spec.charset()))
    sub.subset(font)
    _fit_cmap(font)
    font["head"].created = FIXED_TIME
    font["head"].modified = FIXED_TIME
    buf = io.BytesIO()
    font.save(buf, reorderTables=True)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="build the pinned font subsets")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--only", help="build only the files whose name starts with this text")
    args = ap.parse_args(argv)
    bad = 0
    for spec in FONTS:
        if args.only and not spec.name.startswith(args.only):
            continue
        data = subset(spec)
        digest = hashlib.sha256(data).hexdigest()
        dest = OUT / spec.name
        if args.check:
            ok = dest.exists() and dest.read_bytes() == data
            print(f"{spec.name}: {'same' if ok else 'DIFFERENT'} ({digest})")
            bad += not ok
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(data)
            (OUT / (spec.name + ".sha256")).write_text(f"{digest}  {spec.name}\n")
            print(f"{spec.name}: {len(data)} bytes, sha256 {digest}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
