"""Fuzzing the data readers and the image header checker for a fixed budget (issue 15).

Each target gets about 15 s of hypothesis examples (bounded in count too)
and asserts only what a hostile file may cause: an O3Error, quickly, with
memory bounded - never another exception, a hang or a blow-up.
"""

from __future__ import annotations

import io
import struct
import time
import tracemalloc
import zipfile
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from o3local.bind import load_bytes
from o3local.errors import O3Error
from o3local.layout.images import check_image

BUDGET = settings(max_examples=400, deadline=2000, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
#: per example: wall time and peak Python allocation a hostile input may cost
SECONDS = 2.0
PEAK_BYTES = 256 * 1024 * 1024


class _Clock:
    """Stops a target once its share of the budget is spent (hypothesis has no time limit)."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def spent(self) -> bool:
        return time.monotonic() > self.end


def _bounded(fn, *args) -> None:
    tracemalloc.start()
    start = time.perf_counter()
    try:
        fn(*args)
    except O3Error:
        pass
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert time.perf_counter() - start < SECONDS
    assert peak < PEAK_BYTES


csv_text = st.lists(st.lists(st.text(alphabet=st.sampled_from('ab,"\n\r 1.-e\x00\ufeff'),
                                     max_size=12), max_size=6), max_size=30)


def test_fuzz_csv_reader():
    clock = _Clock(15)

    @BUDGET
    @given(rows=csv_text, raw=st.binary(max_size=300), mode=st.booleans())
    def run(rows, raw, mode):
        if clock.spent():
            return
        data = ("\n".join(",".join(r) for r in rows)).encode("utf-8", "surrogatepass") if mode \
            else raw
        _bounded(load_bytes, data, "csv", "fuzz.csv")

    run()


def _xlsx(parts: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return buf.getvalue()


def _base_parts() -> dict[str, bytes]:
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["name", "n"])
    book.active.append(["a", 1])
    buf = io.BytesIO()
    book.save(buf)
    with zipfile.ZipFile(buf) as z:
        return {n: z.read(n) for n in z.namelist()}


xml_bits = st.sampled_from([b"<row>", b"</row>", b'<row r="1048576">', b"<c>", b"</c>",
                            b'<c r="XFD1" t="s">', b'<c t="inlineStr"><is><t>x</t></is></c>',
                            b"<v>1</v>", b"<v>9e999</v>", b"<v>-1</v>", b"&amp;", b"<!DOCTYPE x>",
                            b'<dimension ref="A1:XFD1048576"/>', b"\xff", b"]]>", b"<f>A1</f>"])


def test_fuzz_xlsx_reader():
    base = _base_parts()
    sheet = "xl/worksheets/sheet1.xml"
    clock = _Clock(15)

    @BUDGET
    @given(bits=st.lists(xml_bits, max_size=40), cut=st.integers(0, 4000),
           flip=st.integers(0, 4000), strings=st.booleans())
    def run(bits, cut, flip, strings):
        if clock.spent():
            return
        body = base[sheet]
        head, _, tail = body.partition(b"<sheetData>")
        parts = dict(base)
        parts[sheet] = head + b"<sheetData>" + b"".join(bits) + tail.split(b"</sheetData>")[-1]
        if strings:
            parts["xl/sharedStrings.xml"] = b"<sst>" + b"".join(bits) + b"</sst>"
        raw = bytearray(_xlsx(parts))
        if flip < len(raw):
            raw[flip] ^= 0x5A
        _bounded(load_bytes, bytes(raw[: max(cut, 30)] if cut < len(raw) else raw), "xlsx",
                 "fuzz.xlsx")

    run()


def _png(width: int, height: int, depth: int, color: int, body: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", body)
            + chunk(b"IEND", b""))


def test_fuzz_image_header_checker():
    clock = _Clock(15)
    sides = st.one_of(st.integers(0, 64), st.integers(0, 2**32 - 1))

    @BUDGET
    @given(w=sides, h=sides, depth=st.sampled_from([1, 2, 4, 8, 16, 3]),
           color=st.sampled_from([0, 2, 3, 4, 6, 5]), body=st.binary(max_size=200),
           zipped=st.booleans(), raw=st.binary(max_size=200),
           kind=st.sampled_from(["png", "jpeg", "raw"]))
    def run(w, h, depth, color, body, zipped, raw, kind):
        if clock.spent():
            return
        if kind == "png":
            data = _png(w, h, depth, color, zlib.compress(body) if zipped else body)
        elif kind == "jpeg":
            sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, h & 0xFFFF, w & 0xFFFF, 1) \
                + b"\x01\x11\x00"
            data = b"\xff\xd8" + sof + raw + b"\xff\xd9"
        else:
            data = raw
        _bounded(check_image, data, "fuzz.img")

    run()


@pytest.mark.parametrize("side", [30_000, 65_535])
def test_a_huge_jpeg_header_is_refused_without_decoding(side):
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, side, side, 1) + b"\x01\x11\x00"
    with pytest.raises(O3Error) as err:
        check_image(b"\xff\xd8" + sof + b"\xff\xd9", "big.jpg")
    assert err.value.code == "template.image_too_large"
