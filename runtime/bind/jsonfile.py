"""Strict JSON reading with positions.

Python's ``json`` accepts things a data file must not contain (NaN,
Infinity, duplicate keys that silently overwrite each other, lone
surrogates that later fail to encode) and reports nothing for them.  This
decoder rejects all of them and says where, as ``file:line:column``, so a
user can fix the file instead of wondering why a value went missing.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import math
from typing import Any

from ..errors import DataError, Location


class _Reject(Exception):
    def __init__(self, message: str, pos: int) -> None:
        super().__init__(message)
        self.message = message
        self.pos = pos


def line_col(text: str, pos: int) -> tuple[int, int]:
    """1-based line and column (in characters) of offset ``pos`` in ``text``."""
    line = text.count("\n", 0, pos) + 1
    start = text.rfind("\n", 0, pos) + 1
    return line, pos - start + 1


def _key_start(s: str, value_pos: int) -> int:
    """Offset of the opening quote of the key whose value starts at ``value_pos``."""
    i = value_pos - 1
    while i >= 0 and s[i] in " \t\r\n:":
        i -= 1
    # s[i] is the key's closing quote; find the previous unescaped quote.
    j = i - 1
    while j >= 0:
        if s[j] == '"':
            k = j - 1
            while k >= 0 and s[k] == "\\":
                k -= 1
            if (j - k - 1) % 2 == 0:
                return j
        j -= 1
    return max(i, 0)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class _StrictDecoder(json.JSONDecoder):
    def __init__(self) -> None:
        super().__init__(strict=True)
        self.parse_object = self._parse_object
        self.parse_array = self._parse_array
        self._inner = json.scanner.py_make_scanner(self)
        self.scan_once = self._checked

    def _checked(self, s: str, idx: int) -> tuple[Any, int]:
        if s.startswith(("NaN", "Infinity", "-Infinity"), idx):
            raise _Reject("NaN and Infinity are not allowed in JSON data", idx)
        value, end = self._inner(s, idx)
        if isinstance(value, float) and not math.isfinite(value):
            raise _Reject(f"number {s[idx:end]} is out of range", idx)
        if isinstance(value, str) and not _encodable(value):
            raise _Reject("string contains a lone surrogate escape (not valid Unicode)", idx)
        return value, end

    def _parse_object(self, s_and_end, strict, scan_once, object_hook, object_pairs_hook,
                      memo=None):  # noqa: ANN001 - signature fixed by json.scanner
        s = s_and_end[0]
        starts: list[int] = []

        def recording(text: str, idx: int) -> tuple[Any, int]:
            starts.append(idx)
            return self._checked(text, idx)

        pairs, end = json.decoder.JSONObject(s_and_end, strict, recording, None, list, memo)
        result: dict[str, Any] = {}
        for (key, value), pos in zip(pairs, starts, strict=True):
            if key in result:
                raise _Reject(f"duplicate key {json.dumps(key, ensure_ascii=False)}",
                              _key_start(s, pos))
            if not _encodable(key):
                raise _Reject("key contains a lone surrogate escape (not valid Unicode)",
                              _key_start(s, pos))
            result[key] = value
        return result, end

    def _parse_array(self, s_and_end, scan_once):  # noqa: ANN001
        return json.decoder.JSONArray(s_and_end, self._checked)

    def decode_strict(self, s: str) -> Any:
        ws = json.decoder.WHITESPACE
        idx = ws.match(s, 0).end()
        try:
            value, end = self.scan_once(s, idx)
        except StopIteration as err:
            raise json.JSONDecodeError("Expecting value", s, err.value) from None
        end = ws.match(s, end).end()
        if end != len(s):
            raise json.JSONDecodeError("Extra data after the JSON value", s, end)
        return value


def decode_utf8(raw: bytes, file: str) -> str:
    """Decode strict UTF-8 (a leading BOM is dropped); bad bytes -> DataError with position."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        prefix = raw[: err.start].decode("utf-8", errors="replace")
        line, col = line_col(prefix, len(prefix))
        raise DataError(
            f"not valid UTF-8 (byte 0x{raw[err.start]:02x} at offset {err.start})",
            where=Location(file=file, line=line, column=col),
            code="data.encoding",
        ) from None


def parse_json_text(text: str, file: str) -> Any:
    """Parse JSON text strictly; every failure is a DataError with line:column."""
    try:
        return _StrictDecoder().decode_strict(text)
    except _Reject as err:
        line, col = line_col(text, err.pos)
        raise DataError(err.message, where=Location(file=file, line=line, column=col),
                        code="data.json") from None
    except json.JSONDecodeError as err:
        line, col = line_col(text, err.pos)
        raise DataError(f"invalid JSON: {err.msg}",
                        where=Location(file=file, line=line, column=col),
                        code="data.json") from None
    except RecursionError:
        raise DataError("JSON nesting is too deep", where=Location(file=file),
                        code="data.json") from None


def load_json_bytes(raw: bytes, file: str) -> Any:
    """Strict UTF-8 JSON from bytes (BOM tolerated)."""
    return parse_json_text(decode_utf8(raw, file), file)
