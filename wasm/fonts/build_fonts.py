"""Recipe for the pinned fonts in ``runtime/assets/fonts/``.

Noto Sans CJK SC Regular and Bold, from Debian's ``fonts-noto-cjk`` package
(``apt-get install fonts-noto-cjk``), subset with fontTools to the characters
office templates in English, Chinese and Japanese need: ASCII, Latin-1,
general punctuation, CJK symbols and punctuation, full/half-width forms,
kana, the hanzi of GB 2312 and the kanji of JIS X 0208.  All OpenType layout
features (GSUB/GPOS: kern, liga, palt, locl, ...) are kept.

The output is byte-reproducible: the SC face is picked by its name table,
head.created/modified are fixed, and fontTools subsetting is deterministic.

    python wasm/fonts/build_fonts.py            # write the subsets + FONTS.md digests
    python wasm/fonts/build_fonts.py --check    # rebuild and compare with the committed files
"""

from __future__ import annotations

import argparse
import hashlib
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "runtime" / "assets" / "fonts"
SOURCES = {
    "NotoSansCJKsc-Regular.subset.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "NotoSansCJKsc-Bold.subset.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
}
FAMILY = "Noto Sans CJK SC"
# the upstream release date of the Debian package 1:20220127
FIXED_TIME = 3726086400  # 2022-01-27 00:00 UTC in seconds since 1904-01-01 (the head table epoch)


def charset() -> set[int]:
    cps: set[int] = set()
    for lo, hi in [
        (0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x20A0, 0x20CF), (0x2100, 0x214F),
        (0x2190, 0x21FF), (0x2460, 0x24FF), (0x2500, 0x257F), (0x25A0, 0x25FF), (0x2600, 0x26FF),
        (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0x31F0, 0x31FF), (0xFF00, 0xFFEF),
    ]:
        cps.update(range(lo, hi + 1))
    for codec, rows in (("gb2312", range(0xB0, 0xF8)), ("euc_jp", range(0xB0, 0xF5))):
        for hi in rows:
            for lo in range(0xA1, 0xFF):
                try:
                    cps.update(ord(c) for c in bytes([hi, lo]).decode(codec))
                except UnicodeDecodeError:
                    pass
    # the symbol rows of both sets too (dashes, arrows, Greek/Cyrillic letters...)
    for codec in ("gb2312", "euc_jp"):
        for hi in range(0xA1, 0xB0):
            for lo in range(0xA1, 0xFF):
                try:
                    cps.update(ord(c) for c in bytes([hi, lo]).decode(codec))
                except UnicodeDecodeError:
                    pass
    return cps


def sc_index(path: str) -> int:
    from fontTools.ttLib import TTCollection

    coll = TTCollection(path, lazy=True)
    for i, font in enumerate(coll.fonts):
        if font["name"].getDebugName(1) == FAMILY:
            return i
    raise SystemExit(f"{path}: no face named {FAMILY!r}")


def subset(path: str) -> bytes:
    from fontTools import subset as fts
    from fontTools.ttLib import TTFont

    font = TTFont(path, fontNumber=sc_index(path), recalcTimestamp=False, lazy=False)
    opts = fts.Options()
    opts.layout_features = ["*"]
    opts.layout_scripts = ["*"]
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.glyph_names = False
    opts.notdef_outline = True
    opts.hinting = False
    opts.recalc_timestamp = False
    opts.drop_tables += ["VORG", "vhea", "vmtx", "DSIG"]
    sub = fts.Subsetter(opts)
    sub.populate(unicodes=sorted(charset()))
    sub.subset(font)
    font["head"].created = FIXED_TIME
    font["head"].modified = FIXED_TIME
    buf = io.BytesIO()
    font.save(buf, reorderTables=True)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="build the pinned font subsets")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    bad = 0
    for name, src in SOURCES.items():
        data = subset(src)
        digest = hashlib.sha256(data).hexdigest()
        dest = OUT / name
        if args.check:
            ok = dest.exists() and dest.read_bytes() == data
            print(f"{name}: {'same' if ok else 'DIFFERENT'} ({digest})")
            bad += not ok
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(data)
            (OUT / (name + ".sha256")).write_text(f"{digest}  {name}\n")
            print(f"{name}: {len(data)} bytes, sha256 {digest}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
