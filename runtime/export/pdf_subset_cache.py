"""On-disk cache of PDF font subsets, keyed by font, glyph set and fontTools version.

A one-off ``o3-local render --format pdf`` would otherwise import fontTools'
subsetter and subset each CJK font again (~1 s); with the subset of the same
glyphs cached, the PDF is written from the cached program.  An entry holds
exactly what subsetting produced, so output bytes do not depend on the
cache; a damaged or foreign entry is ignored and rebuilt.  The folder keeps
the newest :data:`MAX_ENTRIES` entries.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
from pathlib import Path
from typing import Any

#: bump when the entry layout or the subsetting options change
CACHE_FORMAT = 1
MAX_ENTRIES = 256


def _path(font_sha: str, gids: tuple[int, ...]) -> Path:
    import fontTools

    from .fonts import cache_dir

    ident = f"{CACHE_FORMAT}:{fontTools.version}:{font_sha}:{','.join(map(str, gids))}"
    return cache_dir().parent / "pdf-subsets" / f"{hashlib.sha256(ident.encode()).hexdigest()}.json"


def load(font_sha: str, gids: tuple[int, ...]) -> dict[str, Any] | None:
    """The cached subset's fields, or None when absent or unusable."""
    try:
        doc = json.loads(_path(font_sha, gids).read_text("utf-8"))
        if doc.get("format") != CACHE_FORMAT or doc.get("font") != font_sha or \
                doc.get("gids") != list(gids):
            return None
        fields = doc["subset"]
        return {"kind": str(fields["kind"]),
                "program": base64.b64decode(fields["program"], validate=True),
                "codes": {int(k): int(v) for k, v in fields["codes"]},
                "widths": {int(k): int(v) for k, v in fields["widths"]},
                "upem": int(fields["upem"]), "ps_name": str(fields["ps_name"]),
                "bbox": tuple(int(v) for v in fields["bbox"]),
                "ascent": int(fields["ascent"]), "descent": int(fields["descent"]),
                "cap_height": int(fields["cap_height"])}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def store(font_sha: str, gids: tuple[int, ...], fields: dict[str, Any]) -> None:
    """Keep a subset for later runs (best effort: a read-only cache only costs speed)."""
    from ..fsutil import atomic_write_text

    path = _path(font_sha, gids)
    doc = {"format": CACHE_FORMAT, "font": font_sha, "gids": list(gids), "subset": {
        **{k: fields[k] for k in ("kind", "upem", "ps_name", "ascent", "descent",
                                  "cap_height")},
        "program": base64.b64encode(fields["program"]).decode("ascii"),
        "codes": sorted(fields["codes"].items()), "widths": sorted(fields["widths"].items()),
        "bbox": list(fields["bbox"])}}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(doc, separators=(",", ":")))
    except OSError:
        return
    with contextlib.suppress(OSError):
        entries = sorted(path.parent.glob("*.json"), key=lambda p: p.stat().st_mtime)
        for old in entries[:-MAX_ENTRIES]:
            old.unlink()
