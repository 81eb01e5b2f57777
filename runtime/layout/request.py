"""Encoding of the module's request container (contract section 2)."""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Sequence
from typing import Any

from ..errors import DataError, Location

TAG_JSON = 1
TAG_FONT = 2


def container(request_json: bytes, fonts: Sequence[bytes]) -> bytes:
    """``"O3RQ" u32 version, u32 count, then (u32 tag, u32 length, bytes)*``."""
    parts = [b"O3RQ", struct.pack("<II", 1, 1 + len(fonts))]
    parts.append(struct.pack("<II", TAG_JSON, len(request_json)))
    parts.append(request_json)
    for font in fonts:
        parts.append(struct.pack("<II", TAG_FONT, len(font)))
        parts.append(font)
    return b"".join(parts)


def _token(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _check_values(value: Any, pointer: str) -> None:
    """NaN, infinities and lone surrogates have no JSON/UTF-8 form; name the first one found."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DataError(f"{value!r} is not a finite number (JSON has no NaN or infinity)",
                            where=Location(pointer=pointer), code="data.number")
    elif isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as err:
            raise DataError(f"text with a lone surrogate (U+{ord(value[err.start]):04X} "
                            f"at character {err.start + 1}) is not valid Unicode",
                            where=Location(pointer=pointer), code="data.encoding") from None
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_values(k, f"{pointer}/{_token(k)}")
            _check_values(v, f"{pointer}/{_token(k)}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _check_values(v, f"{pointer}/{i}")


def request_json(
    template_source: str,
    template_name: str,
    data: Any,
    user: dict[str, str],
    ai: dict[str, Any],
    font_weights: Sequence[int],
    limits: dict[str, int],
    images: dict[str, tuple[int, int]] | None = None,
    check: bool = False,
    locale: str | None = None,
    partials: dict[str, tuple[str, str]] | None = None,
) -> bytes:
    """The request JSON; floats go in as Python's shortest repr, which the
    module then formats exactly as written.

    ``partials`` are the package files the template ``{% include %}``s (see
    ``o3local.template.partials``): the module parses them, the host reads them.
    """
    doc = {
        "template": template_source,
        "template_name": template_name,
        "data": data,
        "user": user,
        "ai": ai,
        "fonts": [{"weight": w} for w in font_weights],
        "limits": limits,
    }
    if locale:  # absent when not given, so requests without one keep their exact bytes
        doc["locale"] = locale
    if check:  # validate: collect every template/data error, no display list
        doc["check"] = True
    if partials:  # {% include %}d files: name -> (text, display name); absent when none
        doc["partials"] = {name: {"text": text, "file": shown} for name, (text, shown) in sorted(partials.items())}
    if images:  # absent when empty, so requests without images keep their exact bytes
        doc["images"] = {src: {"width": int(w), "height": int(h)} for src, (w, h) in sorted(images.items())}
    try:
        text = json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except ValueError:
        _check_values(data, "/data")
        _check_values(ai, "/ai")
        raise DataError("data contains a number JSON cannot represent", code="data.number") from None
    except TypeError as err:
        raise DataError(f"data cannot be sent to the layout module: {err}", code="data.type") from None
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as err:
        for part, name in ((data, "/data"), (ai, "/ai"), (user, "/user")):
            _check_values(part, name)
        raise DataError(f"data contains text that is not valid Unicode: {err.reason}", code="data.encoding") from None
