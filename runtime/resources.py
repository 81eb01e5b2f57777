"""Locating data files shipped with o3-local.

One function for every bundled file (WebAssembly module, fonts, sample
templates, JSON schemas) so the same code works from a source checkout, an
installed wheel, and a frozen PyInstaller bundle (where ``sys._MEIPASS`` holds
the data files: ``<bundle>/_internal`` in the one-folder form).
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


def bundled_models_root() -> Path | None:
    """Read-only model store shipped in the one-folder bundle (``<bundle>/models``), if any.

    The bundle's default models sit there as plain files in the model store's
    layout (``manifests/``, ``blobs/``), so they are memory-mapped in place;
    models the user installs later go to the writable store instead.  ``None``
    when not frozen or when the bundle was built without models.
    """
    if not getattr(sys, "frozen", False):
        return None
    root = Path(sys.executable).resolve().parent / "models"
    return root if (root / "manifests").is_dir() else None
