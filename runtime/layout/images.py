"""The PNG and JPEG files of a package: sizes for ``<image>`` placement, checked once.

The layout module only needs each image's width and height, read from the
PNG IHDR chunk or the JPEG SOF marker without decoding (pixels never enter
the sandbox, as the contract requires).  But the exporters do decode them
(Pillow for PDF, resvg for PNG, python-docx/pptx read headers), so an image
is checked here, where a package's files are read for ``validate`` and
``render``, before any exporter meets it:

* its header's size against :data:`MAX_IMAGE_SIDE` and
  :data:`MAX_IMAGE_PIXELS`, and all of a package's images together against
  :data:`MAX_PACKAGE_IMAGE_PIXELS` - *before* anything is decoded, so a
  1.5 MB PNG of 40000x40000 (1.6 G pixels) costs nothing to refuse;
* then one full decode (JPEGs at 1/8 scale, which still reads every
  entropy-coded block), so a truncated PNG or a damaged JPEG is a
  ``template.image_corrupt`` naming the file instead of a traceback in an
  exporter.  A decode is remembered by the file's SHA-256 for the process.
"""

from __future__ import annotations

import hashlib
import io
import struct
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..errors import Location, Problem, TemplateError

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
#: most pixels of one image (a 6000x6000 photo; decoded RGBA that is 144 MB)
MAX_IMAGE_PIXELS = 36_000_000
#: longest side of one image, in pixels
MAX_IMAGE_SIDE = 20_000
#: most pixels of all a package's images together (what one render may decode)
MAX_PACKAGE_IMAGE_PIXELS = 100_000_000
#: decoded images remembered (by SHA-256) so validate + render + export decode once
_VERIFIED_CACHE = 256

_PNG = b"\x89PNG\r\n\x1a\n"
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
_verified: OrderedDict[str, ImageInfo] = OrderedDict()


@dataclass(frozen=True)
class ImageInfo:
    """What a header says: ``kind`` is ``png`` or ``jpeg``."""

    kind: str
    width: int
    height: int

    @property
    def pixels(self) -> int:
        return self.width * self.height


def header_info(data: bytes) -> ImageInfo | None:
    """Kind and size of PNG or JPEG bytes from the header only; None when neither (or broken)."""
    if data[:8] == _PNG and len(data) >= 24 and data[12:16] == b"IHDR":
        w, h = struct.unpack(">II", data[16:24])
        return ImageInfo("png", w, h) if w > 0 and h > 0 else None
    if data[:2] == b"\xff\xd8":
        size = _jpeg_size(data)
        return ImageInfo("jpeg", *size) if size else None
    return None


def pixel_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) of PNG or JPEG bytes; None when the bytes are neither (or broken)."""
    info = header_info(data)
    return (info.width, info.height) if info else None


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


def _too_large(info: ImageInfo, file: str) -> TemplateError | None:
    if info.width > MAX_IMAGE_SIDE or info.height > MAX_IMAGE_SIDE:
        return TemplateError(f"image is {info.width}x{info.height} pixels; a side may be at most "
                             f"{MAX_IMAGE_SIDE:,}", where=Location(file=file),
                             code="template.image_too_large")
    if info.pixels > MAX_IMAGE_PIXELS:
        return TemplateError(f"image is {info.width}x{info.height} = {info.pixels:,} pixels; the "
                             f"cap is {MAX_IMAGE_PIXELS:,}", where=Location(file=file),
                             code="template.image_too_large")
    return None


def _decode(data: bytes, info: ImageInfo, file: str) -> None:
    """Decode the whole image once (bounded by the size checks before it)."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data), formats=["PNG" if info.kind == "png" else "JPEG"]) as im:
            if im.size != (info.width, info.height):
                raise ValueError(f"the header says {info.width}x{info.height} but the decoder "
                                 f"reads {im.size[0]}x{im.size[1]}")
            if info.kind == "jpeg":
                im.draft(im.mode, (max(1, info.width // 8), max(1, info.height // 8)))
            im.load()
    except Exception as err:  # Pillow raises OSError, SyntaxError, ValueError, EOFError...
        detail = str(err) or type(err).__name__
        raise TemplateError(f"image cannot be decoded ({detail})", where=Location(file=file),
                            code="template.image_corrupt") from None


def check_image(data: bytes, file: str) -> ImageInfo:
    """The header info of an image that is within the caps and decodes completely.

    ``file`` names the image in messages.  Raises :class:`TemplateError`:
    ``template.image_corrupt`` (not a PNG/JPEG, or it does not decode) or
    ``template.image_too_large``.
    """
    info = header_info(data)
    if info is None:
        raise TemplateError("not a PNG or JPEG image (its header is missing or damaged)",
                            where=Location(file=file), code="template.image_corrupt")
    too_large = _too_large(info, file)
    if too_large is not None:
        raise too_large
    digest = hashlib.sha256(data).hexdigest()
    if digest in _verified:
        _verified.move_to_end(digest)
        return info
    _decode(data, info, file)
    _verified[digest] = info
    while len(_verified) > _VERIFIED_CACHE:
        _verified.popitem(last=False)
    return info


def _checked(names: Iterable[str], read: Callable[[str], bytes], shown: Callable[[str], str]
             ) -> tuple[dict[str, ImageInfo], list[TemplateError]]:
    """Every image among ``names`` checked, the package-wide pixel cap included."""
    infos: dict[str, ImageInfo] = {}
    errors: list[TemplateError] = []
    headers: dict[str, tuple[bytes, ImageInfo | None]] = {}
    for name in names:
        if name.lower().endswith(IMAGE_SUFFIXES):
            data = read(name)
            headers[name] = (data, header_info(data))
    total = sum(info.pixels for _, info in headers.values()
                if info is not None and _too_large(info, "") is None)
    if total > MAX_PACKAGE_IMAGE_PIXELS:
        return {}, [TemplateError(f"the package's {len(headers)} images hold {total:,} pixels "
                                  f"together; the cap is {MAX_PACKAGE_IMAGE_PIXELS:,}",
                                  code="template.images_too_large")]
    for name, (data, _) in headers.items():
        try:
            infos[name] = check_image(data, shown(name))
        except TemplateError as err:
            errors.append(err)
    return infos, errors


def package_images(names: Iterable[str], read: Callable[[str], bytes],
                   shown: Callable[[str], str] = str) -> dict[str, tuple[int, int]]:
    """Sizes of every PNG/JPEG file among ``names`` (package-relative paths), all checked.

    The first image that breaks a cap or does not decode raises its
    :class:`TemplateError` (``shown`` turns a name into how messages show it).
    """
    infos, errors = _checked(names, read, shown)
    if errors:
        raise errors[0]
    return {name: (info.width, info.height) for name, info in infos.items()}


def image_problems(names: Iterable[str], read: Callable[[str], bytes],
                   where: Callable[[str], Location]) -> list[Problem]:
    """What ``validate`` reports about a package's images: one problem per bad image."""
    _, errors = _checked(names, read, lambda name: str(where(name).file or name))
    return [Problem(err.code, err.message, err.where if err.where.file else where(""))
            for err in errors]


#: what an ``<image>`` file of another kind is called in a message
_OTHER_KINDS = {".svg": "an SVG", ".svgz": "an SVG", ".webp": "a WebP", ".gif": "a GIF", ".bmp": "a BMP",
                ".tif": "a TIFF", ".tiff": "a TIFF", ".heic": "a HEIC", ".avif": "an AVIF", ".ico": "an icon"}


def missing_image_message(src: str, names: Iterable[str], message: str) -> str:
    """The precise reason an ``<image src=...>`` could not be placed, for the module's ``message``.

    The layout module sees only the package's usable PNG/JPEG files, so it can
    say no more than "not in the package (or not a PNG/JPEG file)"; here the
    whole package is known: a path outside it, a file of another kind (SVG,
    WebP...), or a name that is simply not there (the module's did-you-mean kept).
    """
    hint = message[message.find(" (did you mean"):] if " (did you mean" in message else ""
    parts = src.replace("\\", "/").split("/")
    if src.startswith(("/", "\\")) or ".." in parts or (len(src) > 1 and src[1] == ":"):
        return (f"image '{src}' is outside the package: write a path relative to the package root "
                "(e.g. 'assets/logo.png')")
    present = set(names)
    suffix = src[src.rfind("."):].lower() if "." in src else ""
    if src in present and suffix not in IMAGE_SUFFIXES:
        kind = _OTHER_KINDS.get(suffix, f"a '{suffix or 'no suffix'}'")
        return f"image '{src}' is {kind} file; <image> takes PNG or JPEG files (convert it)"
    if src in present:
        return message  # a PNG/JPEG that failed its own check, reported as that file's problem
    return f"image '{src}' is not in the package{hint}"
