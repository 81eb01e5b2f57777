"""A minimal PDF object serializer and file writer with deterministic bytes.

Only what the PDF exporter needs: names, references, dictionaries, arrays,
integers, exact decimal strings, byte strings and (Flate-compressed) streams.
Objects are numbered in the order they are added and written in that
order, the cross-reference table is classic (no object streams), and the
document ID is derived from the content hash, so the same objects always
give the same file.
"""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Name:
    """A PDF name (``/Type``); only regular characters are allowed, so no escaping is needed."""

    value: str

    def __post_init__(self) -> None:
        if not self.value or any(not (33 <= ord(c) <= 126) or c in "()<>[]{}/%#"
                                 for c in self.value):
            raise ValueError(f"unsupported PDF name {self.value!r}")


@dataclass(frozen=True)
class Ref:
    """An indirect reference ``N 0 R``."""

    number: int


@dataclass(frozen=True)
class Raw:
    """Already-formatted PDF syntax (an exact decimal such as ``12.5``)."""

    text: str


@dataclass(frozen=True)
class HexString:
    """A binary string written as ``<hex>``."""

    data: bytes


@dataclass
class Stream:
    """A stream object; ``compress`` deflates it (level 9)."""

    data: bytes
    extra: dict[str, PdfValue] | None = None
    compress: bool = True


PdfValue = None | bool | int | str | Name | Ref | Raw | HexString | list | dict


def _literal(text: str) -> bytes:
    data = text.encode("latin-1")
    out = bytearray(b"(")
    for byte in data:
        if byte in b"()\\":
            out += b"\\" + bytes([byte])
        elif 32 <= byte < 127:
            out.append(byte)
        else:
            out += b"\\%03o" % byte
    return bytes(out + b")")


def serialize(value: PdfValue) -> bytes:
    """PDF syntax of one direct value."""
    if value is None:
        return b"null"
    if value is True:
        return b"true"
    if value is False:
        return b"false"
    if isinstance(value, int):
        return str(value).encode()
    if isinstance(value, Name):
        return b"/" + value.value.encode("ascii")
    if isinstance(value, Ref):
        return b"%d 0 R" % value.number
    if isinstance(value, Raw):
        return value.text.encode("ascii")
    if isinstance(value, HexString):
        return b"<" + value.data.hex().upper().encode() + b">"
    if isinstance(value, str):
        return _literal(value)
    if isinstance(value, list):
        return b"[" + b" ".join(serialize(v) for v in value) + b"]"
    if isinstance(value, dict):
        parts = [serialize(Name(k)) + b" " + serialize(v) for k, v in value.items()]
        return b"<<" + b" ".join(parts) + b">>"
    raise TypeError(f"cannot serialize {type(value).__name__} into PDF")


class PdfWriter:
    """Collects indirect objects and writes one PDF file."""

    def __init__(self) -> None:
        self._objects: list[PdfValue | Stream | None] = []

    def reserve(self) -> Ref:
        """A reference to an object whose value is set later with :meth:`set`."""
        self._objects.append(None)
        return Ref(len(self._objects))

    def set(self, ref: Ref, value: PdfValue | Stream) -> Ref:
        self._objects[ref.number - 1] = value
        return ref

    def add(self, value: PdfValue | Stream) -> Ref:
        return self.set(self.reserve(), value)

    @staticmethod
    def _body(value: PdfValue | Stream) -> bytes:
        if not isinstance(value, Stream):
            return serialize(value)
        data = zlib.compress(value.data, 9) if value.compress else value.data
        head: dict[str, PdfValue] = dict(value.extra or {})
        if value.compress:
            head["Filter"] = Name("FlateDecode")
        head["Length"] = len(data)
        return serialize(head) + b"\nstream\n" + data + b"\nendstream"

    def write(self, root: Ref, info: Ref | None = None) -> bytes:
        """The whole file: header, objects in order, xref table, trailer with a content ID."""
        out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets: list[int] = []
        for number, value in enumerate(self._objects, start=1):
            if value is None:
                raise ValueError(f"PDF object {number} was reserved but never set")
            offsets.append(len(out))
            out += b"%d 0 obj\n" % number + self._body(value) + b"\nendobj\n"
        file_id = HexString(hashlib.sha256(bytes(out)).digest()[:16])
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1)
        for offset in offsets:
            out += b"%010d 00000 n \n" % offset
        trailer: dict[str, PdfValue] = {"Size": len(offsets) + 1, "Root": root}
        if info is not None:
            trailer["Info"] = info
        trailer["ID"] = [file_id, file_id]
        out += b"trailer\n" + serialize(trailer) + b"\nstartxref\n%d\n%%%%EOF\n" % xref
        return bytes(out)
