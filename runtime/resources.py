"""Locating data files shipped with o3-local.

One function for every bundled file (WebAssembly module, fonts, sample
templates, JSON schemas) so the same code works from a source checkout, an
installed wheel, and a frozen PyInstaller bundle (where ``sys._MEIPASS`` holds
the unpacked data).
"""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE_ROOT = Path(__file__).resolve().parent


def package_root() -> Path:
    """Folder that holds the ``o3local`` package's files (frozen or not)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidate = Path(frozen) / "o3local"
        if candidate.is_dir():
            return candidate
    return _PACKAGE_ROOT


def asset(*parts: str) -> Path:
    """Path of a bundled asset below ``o3local/assets``."""
    return package_root().joinpath("assets", *parts)


def resource(*parts: str) -> Path:
    """Path of any file below the ``o3local`` package."""
    return package_root().joinpath(*parts)
