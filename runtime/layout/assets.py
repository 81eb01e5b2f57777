"""The committed module and fonts, checked against their pinned SHA-256."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from ..errors import LayoutError
from ..resources import asset

MODULE_NAME = "wps-template.wasm"
FONT_FILES = (("NotoSansCJKsc-Regular.subset.otf", 400), ("NotoSansCJKsc-Bold.subset.otf", 700))


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
