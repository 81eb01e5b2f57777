"""The committed module and fonts, checked against their pinned SHA-256."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from ..errors import LayoutError
from ..resources import asset

MODULE_NAME = "wps-template.wasm"
#: The fonts of every render, in font-index order, which is also the fallback
#: order the module picks a font per character in (nearest weight first, then
#: this order): Noto Sans CJK SC for Chinese/Japanese/Korean and the text around
#: it, Noto Sans for the Latin/Greek/Cyrillic letters and currency signs the CJK
#: face lacks, Noto Sans Math for operators and arrows, Noto Sans Symbols 2 for
#: dingbats (FONTS.md; recipe wasm/fonts/build_fonts.py).
FONT_FILES = (
    ("NotoSansCJKsc-Regular.subset.otf", 400),
    ("NotoSansCJKsc-Bold.subset.otf", 700),
    ("NotoSans-Regular.subset.ttf", 400),
    ("NotoSans-Bold.subset.ttf", 700),
    ("NotoSansMath-Regular.subset.ttf", 400),
    ("NotoSansSymbols2-Regular.subset.ttf", 400),
)


def _pinned(path: Path) -> str:
    side = path.with_name(path.name + ".sha256")
    try:
        return side.read_text(encoding="ascii").split()[0]
    except (OSError, IndexError, UnicodeDecodeError) as err:
        raise LayoutError(f"{side}: missing or unreadable checksum file ({err})", code="layout.asset") from None


def read_checked(path: Path) -> tuple[bytes, str]:
    """Bytes of a bundled asset whose digest matches its ``.sha256`` file."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise LayoutError(f"{path}: cannot read ({err.strerror})", code="layout.asset") from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != _pinned(path):
        raise LayoutError(
            f"{path}: sha256 {digest} does not match the pinned {_pinned(path)} (stale or corrupt file; "
            "reinstall o3-local or rebuild with wasm/build.py)",
            code="layout.asset",
        )
    return data, digest


@dataclass(frozen=True)
class Font:
    name: str
    weight: int
    data: bytes
    sha256: str


def module_bytes() -> tuple[bytes, str]:
    return read_checked(asset("wasm", MODULE_NAME))


def fonts() -> list[Font]:
    out = []
    for name, weight in FONT_FILES:
        data, digest = read_checked(asset("fonts", name))
        out.append(Font(name, weight, data, digest))
    return out
