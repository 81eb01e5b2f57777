"""Pictures of a deck as package assets: PNG and JPEG kept byte for byte, a few others converted.

The template language draws PNG and JPEG (runtime/layout/images.py checks
them).  GIF, BMP, TIFF and WebP pictures are converted to PNG with Pillow
(first frame of an animation) and the import says so; vector pictures (EMF,
WMF, SVG without a bitmap fallback) are not imported, and the import says
that too.  Sizes are checked from the header before anything is decoded,
under the same caps a package's images get.  A cropped picture (``srcRect``)
is cropped here, so the asset shows what the slide shows.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass

from ..layout.images import MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, header_info

CONVERTIBLE = {"gif": "GIF", "bmp": "BMP", "tiff": "TIFF", "tif": "TIFF", "webp": "WebP"}
VECTOR = ("emf", "wmf", "svg", "x-emf", "x-wmf")


@dataclass(frozen=True)
class Picture:
    """An asset to write: its package path, bytes, and a note when it was converted."""

    path: str
    data: bytes
    note: str | None


class PictureRefused(Exception):
    """This picture cannot be imported; the message says why (it becomes an import note)."""


def _crop(data: bytes, kind: str, crop: tuple[float, float, float, float]) -> bytes:
    from PIL import Image

    left, top, right, bottom = crop
    with Image.open(io.BytesIO(data)) as im:
        im.load()
        w, h = im.size
        box = (round(w * left), round(h * top), w - round(w * right), h - round(h * bottom))
        if box[2] <= box[0] or box[3] <= box[1]:
            raise PictureRefused("its crop leaves nothing")
        out = io.BytesIO()
        part = im.crop(box)
        if kind == "jpeg":
            part.convert("RGB").save(out, "JPEG", quality=95)
        else:
            part.save(out, "PNG", optimize=False)
        return out.getvalue()


def _convert(data: bytes, fmt: str) -> bytes:
    from PIL import Image

    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data), formats=[fmt]) as im:
                w, h = im.size
                if max(w, h) > MAX_IMAGE_SIDE or w * h > MAX_IMAGE_PIXELS:
                    raise PictureRefused(f"it is {w}x{h} pixels, over the size cap")
                im.seek(0)
                frame = im.convert("RGBA" if im.mode in ("RGBA", "LA", "P", "PA") else "RGB")
                out = io.BytesIO()
                frame.save(out, "PNG")
                return out.getvalue()
        except (OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError,
                Image.DecompressionBombWarning) as err:
            raise PictureRefused(f"it does not decode ({err})") from None


def picture_asset(data: bytes, ext: str,
                  crop: tuple[float, float, float, float] | None) -> Picture:
    """The asset for a picture's bytes (``ext`` as the deck names the part: png, jpeg, gif...)."""
    ext = ext.lower().lstrip(".")
    note = None
    if ext in VECTOR:
        raise PictureRefused(f"{ext.upper().lstrip('X-')} is a vector format the template "
                             "language does not draw (save the picture as PNG)")
    info = header_info(data)
    if info is None and ext in CONVERTIBLE:
        data = _convert(data, CONVERTIBLE[ext])
        note = f"{ext.upper()} converted to PNG"
        info = header_info(data)
    if info is None:
        raise PictureRefused(f"its {ext or 'unknown'} data is not a PNG or JPEG image this "
                             "import can read")
    if max(info.width, info.height) > MAX_IMAGE_SIDE or info.pixels > MAX_IMAGE_PIXELS:
        raise PictureRefused(f"it is {info.width}x{info.height} pixels, over the size cap")
    if crop is not None and any(crop):
        try:
            data = _crop(data, info.kind, crop)
        except (OSError, ValueError, SyntaxError, EOFError) as err:
            raise PictureRefused(f"it does not decode ({err})") from None
    suffix = "jpg" if info.kind == "jpeg" else "png"
    digest = hashlib.sha256(data).hexdigest()[:12]
    return Picture(f"assets/image-{digest}.{suffix}", data, note)
