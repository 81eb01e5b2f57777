"""A strict JSON reader that remembers where every value came from.

``json.loads`` gives neither positions nor duplicate keys, and the market's
authors need both: a validation message is only useful when it says
``manifest.json:12:5``, and a duplicated key silently loses one of its values
in every other JSON reader.  Manifests are small (capped), so a plain
recursive-descent reader in Python is fast enough (well under a millisecond)
and keeps the dependency list short.

The reader never raises anything but :class:`JSONTextError`, whatever the
input: depth, size and number length are capped so hostile input cannot
exhaust the stack, memory or time.

It is the one strict JSON reader of o3-local: manifests and schemas (with
positions), user data files (``bind/jsonfile.py``: ``positions=False``,
duplicate keys refused) and the service's request bodies all go through it,
so a 5,000-digit number or a body nested 100,000 deep gets the same one error
everywhere.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

MAX_DEPTH = 64
MAX_NUMBER_CHARS = 100

_WS = " \t\n\r"
#: the run of plain characters inside a string (no quote, backslash or control)
_PLAIN = re.compile(r'[^"\\\x00-\x1f]*')
_WS_RUN = re.compile(r"[ \t\n\r]*")
#: a well-formed number (ASCII digits only); anything else takes the slow path for its message
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class JSONTextError(Exception):
    """Malformed JSON text, with the 1-based line and column of the fault."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"{message} at line {line}, column {column}")
        self.message = message
        self.line = line
        self.column = column


@dataclass
class ParsedJSON:
    """A decoded document plus where each part of it was written."""

    value: Any
    #: JSON pointer -> (line, column) of the value's first character
    value_pos: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: JSON pointer -> (line, column) of the member's key (objects only)
    key_pos: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: (pointer of the repeated member, line, column) for each duplicate key
    duplicates: list[tuple[str, int, int]] = field(default_factory=list)

    def position(self, pointer: str, *, key: bool = False) -> tuple[int, int] | None:
        """Best known position for ``pointer``: the exact one, else its nearest ancestor."""
        table = self.key_pos if key else self.value_pos
        probe = pointer
        while True:
            if probe in table:
                return table[probe]
            if key and probe in self.value_pos:
                return self.value_pos[probe]
            if not probe:
                return None
            probe = probe.rsplit("/", 1)[0]


def escape_pointer_token(token: str | int) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def pointer_join(pointer: str, token: str | int) -> str:
    return f"{pointer}/{escape_pointer_token(token)}"


class _Reader:
    def __init__(self, text: str, *, positions: bool = True, duplicates: bool = True) -> None:
        self.text = text
        self.pos = 0
        self.n = len(text)
        #: record where every value and key was written (manifests); off for data
        self.positions = positions
        #: accept a repeated key (recorded in ``duplicates``); else it is an error
        self.allow_duplicates = duplicates
        # line starts, computed lazily for error/position reporting
        self._line_starts: list[int] | None = None
        self.out = ParsedJSON(None)

    # -- positions ---------------------------------------------------------
    def line_col(self, offset: int) -> tuple[int, int]:
        if self._line_starts is None:
            starts = [0]
            find = self.text.find
            i = find("\n")
            while i != -1:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._line_starts = starts
        starts = self._line_starts
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, offset - starts[lo] + 1

    def fail(self, message: str, offset: int | None = None) -> JSONTextError:
        line, col = self.line_col(self.pos if offset is None else offset)
        return JSONTextError(message, line, col)

    # -- grammar -----------------------------------------------------------
    def skip_ws(self) -> None:
        self.pos = _WS_RUN.match(self.text, self.pos).end()

    def parse_document(self) -> ParsedJSON:
        self.skip_ws()
        if self.pos >= self.n:
            raise self.fail("empty document: expected a JSON value")
        self.out.value = self.value("", 0)
        self.skip_ws()
        if self.pos < self.n:
            raise self.fail("unexpected text after the JSON value")
        return self.out

    def value(self, pointer: str, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise self.fail(f"nesting deeper than {MAX_DEPTH} levels")
        if self.positions:
            self.out.value_pos[pointer] = self.line_col(self.pos)
        ch = self.text[self.pos] if self.pos < self.n else ""
        if ch == "{":
            return self.obj(pointer, depth)
        if ch == "[":
            return self.arr(pointer, depth)
        if ch == '"':
            return self.string()
        if self.text.startswith(("NaN", "Infinity", "-Infinity"), self.pos):
            raise self.fail("NaN and Infinity are not allowed in JSON")
        if ch == "-" or "0" <= ch <= "9":
            return self.number()
        for word, val in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(word, self.pos):
                self.pos += len(word)
                return val
        if not ch:
            raise self.fail("unexpected end of text: expected a value")
        if ch in "'":
            raise self.fail("strings must use double quotes")
        raise self.fail(f"unexpected character {ch!r}: expected a value")

    def obj(self, pointer: str, depth: int) -> dict[str, Any]:
        self.pos += 1
        result: dict[str, Any] = {}
        self.skip_ws()
        if self.pos < self.n and self.text[self.pos] == "}":
            self.pos += 1
            return result
        while True:
            self.skip_ws()
            if self.pos >= self.n:
                raise self.fail("unexpected end of text inside an object: expected a key or '}'")
            if self.text[self.pos] != '"':
                if self.text[self.pos] == "}":
                    raise self.fail("trailing comma before '}'")
                raise self.fail("expected a double-quoted key")
            key_offset = self.pos
            key = self.string()
            member = pointer_join(pointer, key) if self.positions or key in result else pointer
            if key in result:
                if not self.allow_duplicates:
                    raise self.fail(f"duplicate key {json.dumps(key, ensure_ascii=False)}", key_offset)
                self.out.duplicates.append((member, *self.line_col(key_offset)))
            elif self.positions:
                self.out.key_pos[member] = self.line_col(key_offset)
            self.skip_ws()
            if self.pos >= self.n or self.text[self.pos] != ":":
                raise self.fail(f"expected ':' after key {key!r}")
            self.pos += 1
            self.skip_ws()
            if key in result:
                # keep the first value and its position; parse the repeat for syntax only
                saved = dict(self.out.value_pos)
                self.value(member, depth + 1)
                self.out.value_pos = saved
            else:
                result[key] = self.value(member, depth + 1)
            self.skip_ws()
            if self.pos >= self.n:
                raise self.fail("unexpected end of text inside an object: expected ',' or '}'")
            ch = self.text[self.pos]
            self.pos += 1
            if ch == "}":
                return result
            if ch != ",":
                raise self.fail("expected ',' or '}' after an object member", self.pos - 1)

    def arr(self, pointer: str, depth: int) -> list[Any]:
        self.pos += 1
        result: list[Any] = []
        self.skip_ws()
        if self.pos < self.n and self.text[self.pos] == "]":
            self.pos += 1
            return result
        while True:
            self.skip_ws()
            if self.pos < self.n and self.text[self.pos] == "]":
                raise self.fail("trailing comma before ']'")
            result.append(self.value(pointer_join(pointer, len(result)) if self.positions
                                     else pointer, depth + 1))
            self.skip_ws()
            if self.pos >= self.n:
                raise self.fail("unexpected end of text inside an array: expected ',' or ']'")
            ch = self.text[self.pos]
            self.pos += 1
            if ch == "]":
                return result
            if ch != ",":
                raise self.fail("expected ',' or ']' after an array element", self.pos - 1)

    def string(self) -> str:
        start = self.pos
        self.pos += 1
        text, n = self.text, self.n
        parts: list[str] = []
        chunk = self.pos
        while True:
            self.pos = _PLAIN.match(text, self.pos).end()
            if self.pos >= n:
                raise self.fail("unterminated string", start)
            ch = text[self.pos]
            if ch == '"':
                parts.append(text[chunk : self.pos])
                self.pos += 1
                return "".join(parts)
            if ch == "\\":
                parts.append(text[chunk : self.pos])
                self.pos += 1
                if self.pos >= n:
                    raise self.fail("unterminated string", start)
                esc = text[self.pos]
                if esc in _ESCAPES:
                    parts.append(_ESCAPES[esc])
                    self.pos += 1
                elif esc == "u":
                    parts.append(self.unicode_escape())
                else:
                    raise self.fail(f"invalid escape '\\{esc}' in string")
                chunk = self.pos
                continue
            if ord(ch) < 0x20:
                raise self.fail("control character in string (escape it as \\u00XX)")
            self.pos += 1

    def hex4(self) -> int:
        digits = self.text[self.pos + 1 : self.pos + 5]
        if len(digits) != 4 or any(c not in "0123456789abcdefABCDEF" for c in digits):
            raise self.fail("invalid \\u escape: expected four hex digits")
        self.pos += 5
        return int(digits, 16)

    def unicode_escape(self) -> str:
        at = self.pos - 1  # the backslash: errors point at the escape, not past it
        code = self.hex4()
        if 0xD800 <= code <= 0xDBFF:
            if self.text.startswith("\\u", self.pos):
                self.pos += 1
                low = self.hex4()
                if 0xDC00 <= low <= 0xDFFF:
                    return chr(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
            raise self.fail("unpaired UTF-16 surrogate in \\u escape", at)
        if 0xDC00 <= code <= 0xDFFF:
            raise self.fail("unpaired UTF-16 surrogate in \\u escape", at)
        return chr(code)

    def number(self) -> int | float:
        text, n = self.text, self.n
        start = self.pos
        m = _NUMBER.match(text, start)
        end = m.end() if m else start
        if m and end - start <= MAX_NUMBER_CHARS and not (
                end < n and (text[end].isalnum() or text[end] == ".")):
            self.pos = end
            if m.group(1) is None and m.group(2) is None:
                return int(m.group(0))
            value = float(m.group(0))
            if not math.isfinite(value):
                raise self.fail("number out of range", start)
            return value
        pos = start
        if text[pos] == "-":
            pos += 1
        if pos < n and text[pos] == "0":
            pos += 1
        elif pos < n and text[pos].isdigit() and text[pos].isascii():
            while pos < n and text[pos].isdigit() and text[pos].isascii():
                pos += 1
        else:
            raise self.fail("invalid number", start)
        is_float = False
        if pos < n and text[pos] == ".":
            pos += 1
            if not (pos < n and text[pos].isdigit() and text[pos].isascii()):
                raise self.fail("invalid number: digits expected after '.'", start)
            while pos < n and text[pos].isdigit() and text[pos].isascii():
                pos += 1
            is_float = True
        if pos < n and text[pos] in "eE":
            pos += 1
            if pos < n and text[pos] in "+-":
                pos += 1
            if not (pos < n and text[pos].isdigit() and text[pos].isascii()):
                raise self.fail("invalid number: digits expected in exponent", start)
            while pos < n and text[pos].isdigit() and text[pos].isascii():
                pos += 1
            is_float = True
        if pos < n and (text[pos].isalnum() or text[pos] == "."):
            raise self.fail("invalid number", start)
        literal = text[start:pos]
        if len(literal) > MAX_NUMBER_CHARS:
            raise self.fail(f"number longer than {MAX_NUMBER_CHARS} characters", start)
        self.pos = pos
        if not is_float:
            return int(literal)
        value = float(literal)
        if not math.isfinite(value):
            raise self.fail("number out of range", start)
        return value


def parse(text: str, *, positions: bool = True, duplicates: bool = True) -> ParsedJSON:
    """Parse ``text`` strictly (RFC 8259), keeping positions and duplicate keys.

    ``positions=False`` skips the position tables (data files, request bodies:
    about twice as fast); ``duplicates=False`` makes a repeated key an error
    instead of a recorded finding.
    """
    return _Reader(text, positions=positions, duplicates=duplicates).parse_document()


def loads(text: str) -> Any:
    """The value of a strict JSON text without positions; a repeated key is an error."""
    return parse(text, positions=False, duplicates=False).value


def decode_utf8(data: bytes) -> str:
    """Decode bytes as UTF-8 or raise :class:`JSONTextError` at the first bad byte."""
    if data.startswith(b"\xef\xbb\xbf"):
        raise JSONTextError("the file starts with a UTF-8 byte order mark (BOM); save it without one", 1, 1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        head = data[: err.start]
        line = head.count(b"\n") + 1
        col = len(head[head.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")) + 1
        raise JSONTextError(
            f"not UTF-8: invalid byte 0x{data[err.start]:02x} (manifests must be UTF-8)", line, col
        ) from None
