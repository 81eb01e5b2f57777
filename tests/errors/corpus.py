"""The corpus's machinery, shared by the case modules: a :class:`Case` per error code and
real inputs (packages, files, CLI runs) to trip it.

A case module (``cases_*.py``) registers its cases with :func:`case`; ``test_error_corpus``
imports every case module and runs each case through one parametrized test.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import o3local
from o3local.bind import load_data
from o3local.errors import Location, O3Error, Problem

Found = O3Error | Problem


@dataclass(frozen=True)
class Case:
    code: str
    make: Callable[[Path], Found]
    words: tuple[str, ...]
    #: the end of ``str(where)``: "doc.o3x:1:17", "manifest.json:3:5 /id", "t.csv:3"
    at: str


CASES: list[Case] = []


def case(code: str, words: tuple[str, ...] | str, at: str) -> Callable[[Callable[[Path], Found]], None]:
    def add(make: Callable[[Path], Found]) -> None:
        CASES.append(Case(code, make, (words,) if isinstance(words, str) else words, at))

    return add


# -- helpers: real packages and files ---------------------------------------------------

MANIFEST: dict[str, Any] = {
    "id": "corpus-doc", "name": "Corpus", "version": "1.0.0", "kind": "document",
    "entry": "doc.o3x", "compatible_versions": [">=11"],
    "required_permissions": ["read:spreadsheet", "write:document"],
}


def body(inner: str) -> str:
    return f"<document><page>{inner}</page></document>"


def text(expr: str) -> str:
    return body(f'<text x="10" y="10" w="180" h="20">{expr}</text>')


def package(tmp: Path, doc: str = "", manifest: dict[str, Any] | str | None = None,
            files: dict[str, bytes | str] | None = None) -> Path:
    root = tmp / "pkg"
    root.mkdir(exist_ok=True)
    m = dict(MANIFEST) if manifest is None else manifest
    (root / "manifest.json").write_text(m if isinstance(m, str) else json.dumps(m, indent=1),
                                        encoding="utf-8")
    (root / "doc.o3x").write_text(doc or text("hello"), encoding="utf-8")
    for name, content in (files or {}).items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return root


def raised(call: Callable[[], Any]) -> O3Error:
    try:
        call()
    except O3Error as err:
        return err
    raise AssertionError("no error was raised")


def problem(report: Any, code: str) -> Problem:
    found = [p for p in report.problems if p.code == code]
    assert found, [str(p) for p in report.problems]
    return found[0]


def validated(tmp: Path, code: str, **kw: Any) -> Problem:
    """``o3-local validate PKG --json`` on the package: the problem with ``code`` (exit 1 if an error).

    The same check through the API gives the same problem (asserted: the CLI adds nothing and loses nothing).
    """
    pkg = package(tmp, **kw)
    status, doc = cli_run(["validate", str(pkg)])
    found = [p for p in doc["reports"][0]["problems"] if p["code"] == code]
    assert found, doc
    assert (status != 0) == (found[0]["severity"] == "error"), (status, found[0])  # warnings pass
    shown = Problem(code, found[0]["message"], Location(**found[0]["where"]))
    direct = problem(o3local.validate(pkg), code)
    assert (direct.message, direct.where) == (shown.message, shown.where), (direct, shown)
    return shown


def rendered(tmp: Path, doc: str, data: Any = None, **kw: Any) -> Found:
    """Render the package with ``data``: through ``o3-local render --json`` (a non-zero exit)
    when the data can be a JSON file, else (NaN, a lone surrogate) through the API."""
    pkg = package(tmp, doc)
    data = {} if data is None else data
    try:
        raw = json.dumps(data, allow_nan=False, ensure_ascii=False).encode("utf-8")
    except (ValueError, UnicodeEncodeError):
        return raised(lambda: o3local.render(str(pkg), data=data, fmt="svg", **kw))
    (tmp / "data.json").write_bytes(raw)
    args = ["render", str(pkg), "--data", str(tmp / "data.json"), "--format", "svg", "-o", str(tmp / "out.svg")]
    for key, value in kw.items():
        args += ["--strict"] if key == "strict" and value else [f"--{key}", str(value)]
    return cli(args)


def data_file(tmp: Path, name: str, content: bytes | str) -> O3Error:
    """The data file's error, from the loader; ``o3-local render --data FILE`` exits non-zero with the same one."""
    path = tmp / name
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    err = raised(lambda: load_data(path))
    shown = cli(["render", str(package(tmp)), "--data", str(path), "--format", "svg", "-o", str(tmp / "out.svg")])
    assert (shown.code, shown.message, shown.where) == (err.code, err.message, err.where), (shown, err)
    return err


def workbook(rows: list[list[Any]]) -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def png(width: int, height: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 10, 10)).save(out, format="PNG")
    return out.getvalue()


def png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims a size (nothing is decoded before the size check)."""
    import struct
    import zlib

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk
            + struct.pack(">I", zlib.crc32(chunk)))


def cli_run(args: Sequence[str], env: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """Run ``o3-local ARGS --json`` in-process: its exit status and the JSON it printed."""
    from click.testing import CliRunner

    from o3local.cli import main

    result = CliRunner().invoke(main, [*args, "--json"], env={**os.environ, **(env or {})},
                                catch_exceptions=False)
    return result.exit_code or 0, json.loads(result.stdout)


def cli_doc(args: Sequence[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run ``o3-local ARGS --json``; assert a non-zero exit and return the JSON it printed."""
    status, doc = cli_run(args, env)
    assert status != 0, doc
    return doc


def cli(args: Sequence[str], env: dict[str, str] | None = None) -> Problem:
    """Run ``o3-local ARGS --json`` (see :func:`cli_doc`) and return the error it printed.

    The error is the envelope's ``error`` or, for a report (``models verify``), its first problem.
    """
    doc = cli_doc(args, env)
    if "error" in doc:
        error = doc["error"]
    else:
        error = next(p for m in doc["models"] for p in m["problems"])
    return Problem(error["code"], error["message"], Location(**error["where"]))
