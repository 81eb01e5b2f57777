"""Image XObjects for the PDF exporter: JPEG passed through, PNG re-encoded losslessly.

A JPEG is embedded as it is (``DCTDecode``: every viewer decodes it, no
quality lost).  PDF cannot take a PNG file, so its pixels are decoded and
written as a ``FlateDecode`` image with 8 bits per component, the alpha
channel as a separate soft mask (``SMask``).  zlib at a fixed level gives
the same bytes for the same pixels, so the file stays reproducible.  Each
distinct file is embedded once per document, whatever the number of uses.
Images reach here through :func:`~o3local.export.items.read_image`, which
checked their size caps and decoded them once; a decoder failure here is
still an :class:`ExportError`, never a traceback.
"""

from __future__ import annotations

import hashlib
import io

from ..errors import ExportError
from .items import ImageFile
from .pdf_objects import Name, PdfWriter, Ref, Stream

_JPEG_SPACES = {"L": ("DeviceGray", 1), "RGB": ("DeviceRGB", 3), "CMYK": ("DeviceCMYK", 4)}


def _decode_error(image: ImageFile, err: Exception) -> ExportError:
    return ExportError(f"image {image.src!r}: cannot decode the {image.kind.upper()}: "
                       f"{err or type(err).__name__}", code="export.image")


def _jpeg(writer: PdfWriter, image: ImageFile) -> Ref:
    from PIL import Image

    try:
        with Image.open(io.BytesIO(image.data), formats=["JPEG"]) as im:
            mode = im.mode
            adobe = "adobe" in im.info
    except (OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError) as err:
        raise _decode_error(image, err) from None
    space = _JPEG_SPACES.get(mode)
    if space is None:
        raise ExportError(f"image {image.src!r}: JPEG colour mode {mode} is not supported",
                          code="export.image")
    extra = {"Type": Name("XObject"), "Subtype": Name("Image"), "Width": image.width,
             "Height": image.height, "ColorSpace": Name(space[0]), "BitsPerComponent": 8,
             "Filter": Name("DCTDecode")}
    if mode == "CMYK" and adobe:  # Adobe writes inverted CMYK
        extra["Decode"] = [1, 0, 1, 0, 1, 0, 1, 0]
    return writer.add(Stream(image.data, extra, compress=False))


def _png(writer: PdfWriter, image: ImageFile) -> Ref:
    from PIL import Image

    try:
        with Image.open(io.BytesIO(image.data), formats=["PNG"]) as im:
            im.load()
            has_alpha = im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info
            gray = im.mode in ("1", "L", "LA", "I", "I;16") and "transparency" not in im.info
            if has_alpha:
                rgba = im.convert("LA" if gray else "RGBA")
                color = rgba.convert("L" if gray else "RGB")
                alpha = rgba.getchannel("A")
            else:
                color = im.convert("L" if gray else "RGB")
                alpha = None
    except (OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError) as err:
        raise _decode_error(image, err) from None
    head = {"Type": Name("XObject"), "Subtype": Name("Image"), "Width": color.width,
            "Height": color.height, "BitsPerComponent": 8}
    if alpha is not None and alpha.getextrema() != (255, 255):
        mask = writer.add(Stream(alpha.tobytes(), dict(head, ColorSpace=Name("DeviceGray"))))
        head["SMask"] = mask
    head["ColorSpace"] = Name("DeviceGray" if color.mode == "L" else "DeviceRGB")
    return writer.add(Stream(color.tobytes(), head))


class ImageObjects:
    """The image XObjects of one document, one per distinct file, named ``/Im0``, ``/Im1``..."""

    def __init__(self, writer: PdfWriter) -> None:
        self.writer = writer
        self.refs: dict[str, tuple[str, Ref]] = {}

    def name_for(self, image: ImageFile) -> tuple[str, Ref]:
        key = hashlib.sha256(image.data).hexdigest()
        found = self.refs.get(key)
        if found is None:
            ref = _jpeg(self.writer, image) if image.kind == "jpeg" else _png(self.writer, image)
            found = self.refs[key] = (f"Im{len(self.refs)}", ref)
        return found
