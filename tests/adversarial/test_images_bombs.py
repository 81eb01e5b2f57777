"""Image bombs and broken images in a template package (issue 15 item 4).

Before: a valid 1.6 MB PNG of 40000x40000 passed ``validate`` and the PNG
render aborted in resvg after 8.8 s and 1.7 GB (killed for memory without a
limit); a 12000x12000 one rendered with 772 MB; a forged 50000x50000 header
was a ``DecompressionBombError`` traceback in PDF and PPTX; a truncated PNG
or a damaged JPEG a traceback in DOCX.  Now each is refused by ``validate``
(and so by ``render``) naming the file, from the header, before any decode.
"""

from __future__ import annotations

import io
import os
import shutil
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from PIL import Image

from o3local.errors import ExportError, TemplateError
from o3local.export import export
from o3local.layout import images
from o3local.layout.images import MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, check_image
from o3local.template.validate import validate

from ..export.kit import ASSETS, build_font, v2_display_list

SAMPLE = Path(__file__).resolve().parents[2] / "runtime" / "assets" / "templates" / "funding-pitch"
LOGO = "assets/logo.png"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def zero_png(width: int, height: int) -> bytes:
    """A valid 8-bit grey PNG of zeros, built without holding its pixels.

    One block of rows is deflated once and repeated after a full flush (each
    copy stands alone), so a 40000x40000 image takes 1.6 MB and a blink.
    """
    rows = max(1, min(height, 4_000_000 // (width + 1)))
    block = b"\0" * ((width + 1) * rows)
    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    piece = co.compress(block) + co.flush(zlib.Z_FULL_FLUSH)
    full, rest = divmod(height, rows)
    body = [piece] * full
    adler = 1
    for _ in range(full):
        adler = zlib.adler32(block, adler)
    tail = zlib.compressobj(9, zlib.DEFLATED, -15)
    last = b"\0" * ((width + 1) * rest)
    adler = zlib.adler32(last, adler)
    body.append(tail.compress(last) + tail.flush())
    idat = b"\x78\xda" + b"".join(body) + struct.pack(">I", adler)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def forged_png(width: int, height: int) -> bytes:
    """A PNG header claiming ``width x height`` over a few bytes of pixels."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
            + _chunk(b"IDAT", zlib.compress(b"\0" * 64)) + _chunk(b"IEND", b""))


def real(fmt: str, size: tuple[int, int] = (64, 48)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, (10, 120, 200)).save(buf, fmt)
    return buf.getvalue()


def truncated_png() -> bytes:
    data = real("PNG", (300, 200))
    return data[: len(data) // 2]


def damaged_jpeg() -> bytes:
    data = real("JPEG", (64, 64))
    return data[:200] + b"\0" * 50


def package_with_logo(tmp_path: Path, data: bytes) -> Path:
    root = tmp_path / "pkg"
    shutil.copytree(SAMPLE, root)
    (root / LOGO).write_bytes(data)
    return root


def test_the_zero_png_builder_makes_a_png_pillow_decodes():
    im = Image.open(io.BytesIO(zero_png(300, 1000)))
    im.load()
    assert im.size == (300, 1000) and im.getextrema() == (0, 0)


BOMBS = {
    "valid 40000x40000": (lambda: zero_png(40000, 40000), "template.image_too_large", "40000x40000"),
    "valid 12000x12000": (lambda: zero_png(12000, 12000), "template.image_too_large", "144,000,000"),
    "forged 50000x50000": (lambda: forged_png(50000, 50000), "template.image_too_large", "50000x50000"),
    "a thin strip": (lambda: forged_png(MAX_IMAGE_SIDE + 1, 1), "template.image_too_large",
                     f"{MAX_IMAGE_SIDE:,}"),
    "truncated PNG": (truncated_png, "template.image_corrupt", "truncated"),
    "damaged JPEG": (damaged_jpeg, "template.image_corrupt", "cannot be decoded"),
    "not an image": (lambda: b"GIF89a...", "template.image_corrupt", "not a PNG or JPEG"),
}


@pytest.mark.parametrize("case", list(BOMBS))
def test_validate_names_the_bad_image_quickly(tmp_path, case):
    make, code, words = BOMBS[case]
    root = package_with_logo(tmp_path, make())
    start = time.perf_counter()
    report = validate(root)
    assert time.perf_counter() - start < 5
    assert not report.ok
    (problem,) = report.errors
    assert problem.code == code and words in problem.message
    assert problem.where.file == str(root / LOGO)


def test_the_cli_refuses_a_40000_square_png_render_within_a_memory_limit(tmp_path):
    """What a user sees: exit 1 and the file named, inside 1 GiB (it needed > 6 GB)."""
    root = package_with_logo(tmp_path, zero_png(40000, 40000))
    assert (root / LOGO).stat().st_size < 2_000_000
    out = tmp_path / "deck.png"
    code = ("import resource, sys\n"
            "resource.setrlimit(resource.RLIMIT_DATA, (1 << 30, 1 << 30))\n"
            "from o3local.cli import main\n"
            "sys.argv = ['o3-local', 'render', sys.argv[1], '--sample', '-o', sys.argv[2]]\n"
            "main()\n")
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code, str(root), str(out)],
                          capture_output=True, text=True, timeout=120)
    assert time.perf_counter() - start < 30
    assert proc.returncode == 1, proc.stderr
    assert "logo.png: image is 40000x40000 pixels" in proc.stderr
    assert "Traceback" not in proc.stderr and not out.exists()


def test_all_images_of_a_package_together_have_a_pixel_cap(tmp_path):
    side = int(MAX_IMAGE_PIXELS ** 0.5)  # each one alone is allowed
    count = images.MAX_PACKAGE_IMAGE_PIXELS // (side * side) + 1
    root = package_with_logo(tmp_path, real("PNG"))
    for i in range(count):
        (root / f"assets/big{i}.png").write_bytes(forged_png(side, side))
    report = validate(root)
    assert [p.code for p in report.errors] == ["template.images_too_large"]
    assert f"{images.MAX_PACKAGE_IMAGE_PIXELS:,}" in report.errors[0].message


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf", "pptx", "docx"])
@pytest.mark.parametrize("case", ["forged 50000x50000", "truncated PNG", "damaged JPEG"])
def test_exporters_given_a_bad_image_directly_raise_a_typed_error(fmt, case):
    make, code, _ = BOMBS[case]
    with pytest.raises(ExportError) as err:
        export(v2_display_list(), fmt, fonts=[build_font()], assets={**ASSETS, LOGO: make()})
    assert err.value.code == code and LOGO in str(err.value)


def test_a_good_image_is_decoded_once_per_process(monkeypatch):
    buf = io.BytesIO()
    Image.new("RGB", (33, 17), tuple(os.urandom(3))).save(buf, "PNG")  # bytes no test saw
    data = buf.getvalue()
    calls = []
    decode = images._decode
    monkeypatch.setattr(images, "_decode", lambda *a: calls.append(1) or decode(*a))
    assert check_image(data, "a.png") == images.ImageInfo("png", 33, 17)
    assert check_image(data, "b.png").width == 33
    assert len(calls) == 1


def test_a_header_whose_size_disagrees_with_the_decoder_is_corrupt():
    data = bytearray(real("PNG", (40, 30)))
    data[16:24] = struct.pack(">II", 41, 30)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    with pytest.raises(TemplateError) as err:
        check_image(bytes(data), "x.png")
    assert err.value.code == "template.image_corrupt"
