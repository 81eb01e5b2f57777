"""Pixel sizes of a package's PNG and JPEG files, for ``<image>`` placement.

The layout module only needs each image's width and height; reading them
from the PNG IHDR chunk or the JPEG SOF marker avoids decoding any pixels
(and keeps pixels out of the sandbox, as the contract requires).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def pixel_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) of PNG or JPEG bytes; None when the bytes are neither (or broken)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24 and data[12:16] == b"IHDR":
        w, h = struct.unpack(">II", data[16:24])
        return (w, h) if w > 0 and h > 0 else None
    if data[:2] == b"\xff\xd8":
        return _jpeg_size(data)
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    i = 2
    n = len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # no length
            i += 2
            continue
        (length,) = struct.unpack(">H", data[i + 2:i + 4])
        if length < 2:
            return None
        if marker in _SOF:
            if i + 9 > n:
                return None
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return (w, h) if w > 0 and h > 0 else None
        if marker == 0xD9:
            return None
        i += 2 + length
    return None


def package_images(names: Iterable[str], read: Callable[[str], bytes]) -> dict[str, tuple[int, int]]:
    """Sizes of every PNG/JPEG file among ``names`` (package-relative paths)."""
    sizes: dict[str, tuple[int, int]] = {}
    for name in names:
        if name.lower().endswith(IMAGE_SUFFIXES):
            size = pixel_size(read(name))
            if size is not None:
                sizes[name] = size
    return sizes
