"""The error-message corpus: one real input per error code an author or user can meet.

Each case builds a real file, package, request or call (a template with a typo, a CSV
with a ragged row, a truncated .onnx, a deck missing its slide, a loopback server that
answers garbage, a signed package edited after signing...), runs it through the CLI
(``o3-local ... --json``: a non-zero exit), the loopback service over HTTP or the
public API the CLI and service use, and asserts the error's code, the key words of its
message and its position (``file:line:column``, JSON pointer, sheet cell, URL, line).
The cases of this module cover templates, data, packages, manifests and rendering;
``cases_*.py`` the models, importer, library, remote offload, service, exporters and
AI tasks.

The meta-test lists every code written in ``runtime/`` and ``cli/`` with the AST scan of
``tests/service/test_error_codes.py`` (plus the codes the layout module writes in C)
and fails when one has no case, unless it is in :data:`UNREACHABLE` (guards no outside
input can trip, each with its reason), :data:`NEEDS_A_MODEL` (only a loaded model's
output meets it; the corpus loads none) or :data:`TOO_SLOW`.  A second meta-test fails
on any raise that names no code (the bare family, "usage", is no use to an add-in).
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

import o3local
from o3local.bind import load_data, parse_context, validate_data
from o3local.errors import Problem
from tests.service.test_error_codes import CODES, REPO

from . import (  # noqa: F401 - they register their cases
    cases_export,
    cases_importer,
    cases_library,
    cases_models,
    cases_remote,
    cases_service,
    cases_tasks,
)
from .corpus import (
    CASES,
    MANIFEST,
    Case,
    Found,
    body,
    case,
    data_file,
    package,
    png,
    png_header,
    problem,
    raised,
    rendered,
    text,
    validated,
    workbook,
)

# -- data files ---------------------------------------------------------------------------

case("data.json", ("invalid JSON", "expected a value"), "d.json:3:8")(
    lambda t: data_file(t, "d.json", '{\n  "a": 1,\n  "b": }'))
case("data.encoding", "not valid UTF-8", "d.json:2:6")(
    lambda t: data_file(t, "d.json", b'{"a":\n "caf\xe9"}'))
case("data.csv", "1 fields but the header has 2", "t.csv:3")(
    lambda t: data_file(t, "t.csv", "a,b\n1,2\n3\n"))
case("data.header", "column name 'a' appears twice", "t.csv:1")(
    lambda t: data_file(t, "t.csv", "a,b,a\n1,2,3\n"))
case("data.type", ("unsupported data file type", ".xlsx"), "notes.txt")(
    lambda t: data_file(t, "notes.txt", "hello"))
case("data.missing", "data file not found", "absent.json")(
    lambda t: raised(lambda: load_data(t / "absent.json")))
case("data.xlsx", ("cell C2 has a value but no column header",), "s.xlsx:2")(
    lambda t: data_file(t, "s.xlsx", workbook([["a", "b"], [1, 2, 3]])))
case("data.format", ("not a valid .xlsx workbook", "not a zip"), "s.xlsx")(
    lambda t: data_file(t, "s.xlsx", b"PK but not really a zip"))
case("data.schema", ("data does not match the template's inputs", "1 problem"), "d.json")(
    lambda t: raised(lambda: validate_data({"n": "x"}, {"properties": {"n": {"type": "number"}}},
                                           file="d.json")))
case("data.context", "context value of 'name' must be a string", "context /name")(
    lambda t: raised(lambda: o3local.render(str(package(t)), data={}, context={"name": 3}, fmt="svg")))
case("data.number", "nan is not a finite number (JSON has no NaN", "/data/price")(
    lambda t: rendered(t, text("{{ price }}"), {"price": float("nan")}))
case("data.encoding", "text with a lone surrogate (U+D800 at character 2)", "/data/name")(
    lambda t: rendered(t, text("{{ name }}"), {"name": "a\ud800b"}))


@case("data.not_regular", "not a regular file", "pipe.json")
def _fifo(t: Path) -> Found:
    import os

    os.mkfifo(t / "pipe.json")
    return raised(lambda: load_data(t / "pipe.json"))


@case("data.too_large", "more than 3 rows", "t.csv:5")
def _rows_cap(t: Path) -> Found:
    from o3local.bind.table import TableBudget

    budget = TableBudget("t.csv", max_rows=3)
    return raised(lambda: [budget.take(2, line) for line in range(2, 9)])


@case("data.json_syntax", "expected", "samples/data.json:1:10")
def _sample_syntax(t: Path) -> Found:
    return validated(t, "data.json_syntax", manifest=_m(inputs={"type": "object"}),
                     files={"samples/data.json": '{"rows": ]'})


@case("data.schema_type", ("column 'qty' has text on line 3", "expected number"), "samples/data.csv:3 /rows/1/qty")
def _sample_csv(t: Path) -> Found:
    m = dict(MANIFEST, inputs={"type": "object", "properties": {"rows": {"type": "array", "items": {
        "type": "object", "properties": {"qty": {"type": "number"}}}}}})
    return validated(t, "data.schema_type", manifest=m, files={"samples/data.csv": "qty\n1\nmany\n"})


# -- packages -----------------------------------------------------------------------------

case("package.not_found", "no such template package", "nowhere")(
    lambda t: raised(lambda: o3local.validate(t / "nowhere")))


@case("package.not_a_zip", "not a readable .o3t (zip) package", "bad.o3t")
def _not_zip(t: Path) -> Found:
    (t / "bad.o3t").write_bytes(b"not a zip at all")
    return raised(lambda: o3local.validate(t / "bad.o3t"))


def _zip_with(t: Path, name: str) -> Path:
    path = t / "evil.o3t"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("manifest.json", json.dumps(MANIFEST))
        z.writestr("doc.o3x", text("x"))
        z.writestr(name, "x")
    return path


case("package.zip_slip", ("unsafe entry", "'..'"), "evil.o3t!/../escape.txt")(
    lambda t: problem(o3local.validate(_zip_with(t, "../escape.txt")), "package.zip_slip"))
case("package.unsafe_path", "unsafe entry", "evil.o3t!/a\\b.txt")(
    lambda t: problem(o3local.validate(_zip_with(t, "a\\b.txt")), "package.unsafe_path"))


@case("package.zip_bomb", "compression ratio", "bomb.o3t!/big.txt")
def _bomb(t: Path) -> Found:
    path = t / "bomb.o3t"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", json.dumps(MANIFEST))
        z.writestr("big.txt", b"\0" * 5_000_000)
    return problem(o3local.validate(path), "package.zip_bomb")


def _zip_entries(t: Path, *entries: tuple[zipfile.ZipInfo | str, bytes]) -> Path:
    """A package zip (manifest and entry file) plus ``entries``, written as given."""
    import warnings

    path = t / "p.o3t"
    with zipfile.ZipFile(path, "w") as z, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about a duplicate name: that is the point
        z.writestr("manifest.json", json.dumps(MANIFEST))
        z.writestr("doc.o3x", text("x"))
        for info, data in entries:
            z.writestr(info, data)
    return path


def _zip_info(name: str, *, mode: int = 0) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name)
    info.external_attr = mode << 16
    return info


def _patched(path: Path, offset: int, value: bytes) -> Path:
    """``path`` with the last entry's central-directory header changed at ``offset`` (what a crafted zip holds)."""
    raw = bytearray(path.read_bytes())
    cd = raw.rindex(b"PK\x01\x02")
    raw[cd + offset:cd + offset + len(value)] = value
    path.write_bytes(bytes(raw))
    return path


case("package.symlink", "symlink entries are not allowed", "p.o3t!/link.png")(
    lambda t: problem(o3local.validate(_zip_entries(t, (_zip_info("link.png", mode=0o120777), b"/etc/passwd"))),
                      "package.symlink"))
case("package.encrypted", "encrypted entries are not allowed", "p.o3t!/secret.png")(
    lambda t: problem(o3local.validate(_patched(_zip_entries(t, ("secret.png", b"x")), 8, b"\x01\x00")),
                      "package.encrypted"))
case("package.duplicate_entry", "the zip holds this path twice", "p.o3t!/a.png")(
    lambda t: problem(o3local.validate(_zip_entries(t, ("a.png", b"1"), ("a.png", b"2"))),
                      "package.duplicate_entry"))
case("package.too_many_files", "2051 entries is over the cap of 2048", "p.o3t")(
    lambda t: problem(o3local.validate(_zip_entries(t, *((f"f{i}.txt", b"") for i in range(2049)))),
                      "package.too_many_files"))


def _sparse(path: Path, size: int) -> None:
    with open(path, "wb") as fh:
        fh.truncate(size)


@case("package.file_too_large", "bytes is over the 67108864-byte cap per file", "pkg/big.bin")
def _big_file(t: Path) -> Found:
    root = package(t)
    _sparse(root / "big.bin", 64 * 1024 * 1024 + 1)
    return problem(o3local.validate(root), "package.file_too_large")


@case("package.file_too_large", "bytes uncompressed is over the 67108864-byte cap", "p.o3t!/big.bin")
def _big_entry(t: Path) -> Found:
    # the entry's uncompressed size (central directory) claims 64 MiB + 1
    path = _patched(_zip_entries(t, ("big.bin", b"x")), 24, (64 * 1024 * 1024 + 1).to_bytes(4, "little"))
    return problem(o3local.validate(path), "package.file_too_large")


@case("package.too_large", "package is over the 268435456-byte cap", "pkg")
def _big_package(t: Path) -> Found:
    root = package(t)
    for i in range(5):
        _sparse(root / f"part{i}.bin", 60 * 1024 * 1024)
    return problem(o3local.validate(root), "package.too_large")


@case("package.too_deep", "folders nested more than 32 levels deep", "/d/d/d")
def _deep(t: Path) -> Found:
    root = package(t)
    (root / "/".join(["d"] * 34)).mkdir(parents=True)
    return problem(o3local.validate(root), "package.too_deep")


@case("package.special_file", "not a regular file (FIFO, socket or device)", "pkg/pipe.png")
def _fifo_in_package(t: Path) -> Found:
    import os

    root = package(t)
    os.mkfifo(root / "pipe.png")
    return problem(o3local.validate(root), "package.special_file")


@case("package.symlink_outside", ("symlink leads outside the package", "secret.txt"), "pkg/logo.png")
def _link_out(t: Path) -> Found:
    (t / "secret.txt").write_text("secret")
    root = package(t)
    (root / "logo.png").symlink_to(t / "secret.txt")
    return problem(o3local.validate(root), "package.symlink_outside")


@case("package.symlink_dir", "symlinked folders are not allowed", "pkg/more")
def _link_dir(t: Path) -> Found:
    root = package(t, files={"assets/a.txt": "a"})
    (root / "more").symlink_to(root / "assets")
    return problem(o3local.validate(root), "package.symlink_dir")


@case("package.hardlink_outside", ("has 2 hard links and only 1 of them are inside",), "pkg/key.txt")
def _hardlink(t: Path) -> Found:
    import os

    (t / "id_rsa").write_text("private")
    root = package(t)
    os.link(t / "id_rsa", root / "key.txt")
    return problem(o3local.validate(root), "package.hardlink_outside")


@case("package.unreadable", "cannot read: No such file or directory", "pkg/logo.png")
def _dangling(t: Path) -> Found:
    root = package(t)
    (root / "logo.png").symlink_to(root / "gone.png")
    return problem(o3local.validate(root), "package.unreadable")


@case("package.corrupt_entry", ("entry file 'doc.o3x' cannot be read", "corrupt zip entry: Bad CRC-32"),
      "p.o3t!/manifest.json:1:89 /entry")
def _bad_crc(t: Path) -> Found:
    path = _zip_entries(t)
    raw = bytearray(path.read_bytes())
    at = raw.index(b"hello" if b"hello" in raw else b"<document>")
    raw[at] ^= 0x20  # one flipped bit in the stored entry: its CRC no longer matches
    path.write_bytes(bytes(raw))
    return problem(o3local.validate(path), "package.corrupt_entry")


case("package.encoding", "not UTF-8 text (byte 13)", "pkg/samples/context.json")(
    lambda t: raised(lambda: o3local.render(str(package(t, files={
        "samples/context.json": b'{"name": "caf\xe9"}', "samples/data.json": "{}"})), sample=True, fmt="svg")))
case("data.sample_context", "sample context must be a JSON object of strings", "pkg/samples/context.json")(
    lambda t: raised(lambda: o3local.render(str(package(t, files={
        "samples/context.json": '["a"]', "samples/data.json": "{}"})), sample=True, fmt="svg")))
case("data.sample_context", ("sample context is not JSON", "line 1 column 2"), "pkg/samples/context.json")(
    lambda t: raised(lambda: o3local.render(str(package(t, files={
        "samples/context.json": "{name: 1}", "samples/data.json": "{}"})), sample=True, fmt="svg")))


@case("package.missing_manifest", "no manifest.json at its root", "pkg")
def _no_manifest(t: Path) -> Found:
    root = package(t)
    (root / "inner").mkdir()
    (root / "manifest.json").rename(root / "inner" / "manifest.json")
    return problem(o3local.validate(root), "package.missing_manifest")


# -- manifests ----------------------------------------------------------------------------

def _m(**changes: Any) -> dict[str, Any]:
    out = dict(MANIFEST)
    for key, value in changes.items():
        if value is None:
            del out[key]
        else:
            out[key] = value
    return out


case("manifest.json_syntax", "expected", "manifest.json:2:11")(
    lambda t: validated(t, "manifest.json_syntax", manifest='{"id": "abc",\n  "name": }'))
case("manifest.duplicate_key", "key 'id' appears more than once", "manifest.json:3:3 /id")(
    lambda t: validated(t, "manifest.duplicate_key",
                        manifest='{\n  "id": "corpus-doc",\n  "id": "other"\n}'))
case("manifest.wrong_type", "manifest.json must hold a JSON object", "manifest.json:1:1 /")(
    lambda t: validated(t, "manifest.wrong_type", manifest="[1, 2]"))
case("manifest.missing_key", "missing required key 'entry'", "manifest.json:1:1 /")(
    lambda t: validated(t, "manifest.missing_key", manifest=_m(entry=None)))
case("manifest.unknown_key", ("unknown key 'entyr'",), "/entyr")(
    lambda t: validated(t, "manifest.unknown_key", manifest=_m(entyr="doc.o3x")))
case("manifest.bad_value", ("\"docment\" is not one of", "document"), "/kind")(
    lambda t: validated(t, "manifest.bad_value", manifest=_m(kind="docment")))
case("manifest.bad_format", "must be a lowercase slug", "/id")(
    lambda t: validated(t, "manifest.bad_format", manifest=_m(id="Corpus_Doc")))
case("manifest.bad_version", "is not a semantic version", "/version")(
    lambda t: validated(t, "manifest.bad_version", manifest=_m(version="1.0")))
case("manifest.duplicate_item", "\"write:document\" is listed twice", "/required_permissions/2")(
    lambda t: validated(t, "manifest.duplicate_item", manifest=_m(
        required_permissions=["read:spreadsheet", "write:document", "write:document"])))
case("manifest.out_of_range", "must have at least 3 characters", "/id")(
    lambda t: validated(t, "manifest.out_of_range", manifest=_m(id="ab")))
case("manifest.missing_file", "entry file 'main.o3x' is not in the package", "/entry")(
    lambda t: validated(t, "manifest.missing_file", manifest=_m(entry="main.o3x")))
case("manifest.entry_encoding", "entry file 'doc.o3x' is not UTF-8 text", "/entry")(
    lambda t: validated(t, "manifest.entry_encoding", files={"doc.o3x": b"<document>\xff</document>"}))
case("manifest.incompatible_host", "host version 10.0.0 is not in compatible_versions", "/compatible_versions")(
    lambda t: problem(o3local.validate(package(t), host_version="10.0.0"), "manifest.incompatible_host"))
case("manifest.missing_permission", "needs 'write:document'", "/required_permissions")(
    lambda t: validated(t, "manifest.missing_permission",
                        manifest=_m(required_permissions=["read:spreadsheet"])))
case("manifest.unused_permission", "no ai_slots entry offloads", "/required_permissions")(
    lambda t: validated(t, "manifest.unused_permission", manifest=_m(
        required_permissions=["write:document", "network:remote-inference"])))
case("manifest.bad_name", "must be an identifier", "/ai_slots/exec summary")(
    lambda t: validated(t, "manifest.bad_name", manifest=_m(
        ai_capabilities=["summarization"], required_permissions=["read:document", "write:document"],
        ai_slots={"exec summary": {"task": "summarization", "input": "/text"}})))
case("manifest.uncovered_task", "ai_capabilities does not list 'summarization'", "/ai_slots/s/task")(
    lambda t: validated(t, "manifest.uncovered_task", manifest=_m(
        ai_capabilities=["data-visualization"], required_permissions=["read:document", "write:document"],
        ai_slots={"s": {"task": "summarization", "input": "/text"}})))
case("manifest.unknown_input", "'/nothing' is not described by inputs", "/ai_slots/s/input")(
    lambda t: validated(t, "manifest.unknown_input", manifest=_m(
        ai_capabilities=["summarization"], required_permissions=["read:document", "write:document"],
        inputs={"type": "object", "properties": {"text": {"type": "string"}}},
        ai_slots={"s": {"task": "summarization", "input": "/nothing"}})))
case("manifest.regex_invalid", ("pattern '(['", "is not a valid regular expression"),
     "/inputs/properties/code/pattern")(
    lambda t: raised(lambda: validate_data({"code": "ab"}, {"properties": {"code": {"pattern": "(["}}})))


@case("manifest.regex_timeout", ("pattern '^(a|aa)+$' took longer than", "backtracks"), "/inputs/properties/code/pattern")
def _regex_timeout(t: Path) -> Found:
    m = _m(inputs={"type": "object", "properties": {"code": {"type": "string", "pattern": "^(a|aa)+$"}}})
    return raised(lambda: validate_data({"code": "a" * 40 + "b"}, m["inputs"], file="d.json")) \
        .problems[0]


@case("manifest.inputs", ("inputs schema cannot be applied", "'zero' is not of type 'number'"),
      "/inputs/properties/n/minimum")
def _inputs(t: Path) -> Found:
    return raised(lambda: validate_data({"n": 1}, {"properties": {"n": {"minimum": "zero"}}}))


@case("manifest.unreadable", "", "manifest.json")
def _manifest_unreadable(t: Path) -> Found:
    return validated(t, "manifest.unreadable", manifest=" " * 2_000_000)


# -- template bodies (codes the layout module writes) -----------------------------------

case("template.syntax", ("unclosed '{{'",), "doc.o3x:1:17")(
    lambda t: rendered(t, body("{{ x | upper }")))
case("template.missing", ("missing value 'totl'", "did you mean 'total'"), "doc.o3x:1:55")(
    lambda t: rendered(t, text("{{ totl }}"), {"total": 1}))
case("template.type", ("'+' needs numbers", "join text with ~"), "doc.o3x:1:59")(
    lambda t: rendered(t, text('{{ 1 + "a" }}')))
case("template.filter", "unknown filter 'uper'", "doc.o3x:1:59")(
    lambda t: rendered(t, text("{{ x | uper }}"), {"x": "a"}))
case("template.attribute", ("unknown attribute 'colr' on <text>", "did you mean 'color'"), "doc.o3x:1:48")(
    lambda t: rendered(t, body('<text x="1" y="1" w="50" h="9" colr="red">x</text>')))
case("template.macro", ("no macro named 'rwo'", "did you mean 'row'"), "doc.o3x:1:94")(
    lambda t: rendered(t, "{% macro row(a) %}{{ a }}{% endmacro %}" + text("{{ rwo(1) }}")))
case("template.macro", ("macro 'row' needs argument 'b'", "parameters: a, b"), "doc.o3x:1:90")(
    lambda t: rendered(t, "{% macro row(a, b) %}{% endmacro %}" + text("{{ row(1) }}")))


def include_at(t: Path, name: str, files: dict[str, bytes | str]) -> Found:
    doc = body(f'{{% include "{name}" %}}')
    return raised(lambda: o3local.render(str(package(t, doc, files=files)), data={}, fmt="svg"))


# includes: mistyped, out of the package, a cycle (reported in the file that closes it), too large
case("template.include", ("include file 'parts/fot.o3x' is not in the package", "did you mean 'parts/foot.o3x'"),
     "doc.o3x:1:17")(lambda t: include_at(t, "parts/fot.o3x", {"parts/foot.o3x": "x"}))
case("template.include", "include '../up.o3x' leads outside the package", "doc.o3x:1:17")(
    lambda t: include_at(t, "../up.o3x", {}))
case("template.include", "include cycle: a.o3x -> b.o3x -> a.o3x", "b.o3x:2:3")(
    lambda t: include_at(t, "a.o3x", {"a.o3x": '{% include "b.o3x" %}', "b.o3x": '\n  {% include "a.o3x" %}'}))
case("template.include", "included file is 1048577 bytes; the cap is 1048576", "big.o3x")(
    lambda t: include_at(t, "big.o3x", {"big.o3x": " " * (1024 * 1024 + 1)}))
case("limit.depth", "macro 'f' calls nested too deeply", "doc.o3x:1:16")(  # the call inside the body
    lambda t: rendered(t, "{% macro f() %}{{ f() }}{% endmacro %}" + text("{{ f() }}")))


def image_at(t: Path, src: str, files: dict[str, bytes | str]) -> Found:
    doc = body(f'<image src="{src}" x="1" y="1" w="5" h="5"/>')
    return raised(lambda: o3local.render(str(package(t, doc, files=files)), data={}, fmt="svg"))


# one code, four precise reasons: mistyped, another kind of file, outside the package, absent
case("template.image", ("image 'assets/logo.pgn' is not in the package", "did you mean 'assets/logo.png'"),
     "doc.o3x:1:24")(lambda t: image_at(t, "assets/logo.pgn", {"assets/logo.png": png(4, 4)}))
case("template.image", "image 'chart.svg' is an SVG file; <image> takes PNG or JPEG", "doc.o3x:1:24")(
    lambda t: image_at(t, "chart.svg", {"chart.svg": "<svg/>"}))
case("template.image", "image '../logo.png' is outside the package", "doc.o3x:1:24")(
    lambda t: image_at(t, "../logo.png", {}))
case("template.image", "image 'logo.png' is not in the package", "doc.o3x:1:24")(
    lambda t: image_at(t, "logo.png", {}))


@case("template.image", ("image 'photo.webp' is a WebP file",), "doc.o3x:1:24")
def _webp_in_validate(t: Path) -> Found:
    doc = body('<image src="photo.webp" x="1" y="1" w="5" h="5"/>')
    return problem(o3local.validate(package(t, doc, files={"photo.webp": b"RIFF....WEBP"})), "template.image")
case("template.image_corrupt", "not a PNG or JPEG image", "logo.png")(
    lambda t: problem(o3local.validate(package(t, files={"logo.png": b"GIF89a..."})), "template.image_corrupt"))
case("template.image_too_large", "a side may be at most 20,000", "wide.png")(
    lambda t: problem(o3local.validate(package(t, files={"wide.png": png_header(30_000, 10)})),
                      "template.image_too_large"))
case("template.images_too_large", ("images hold", "together; the cap is 100,000,000"), "pkg")(
    lambda t: problem(o3local.validate(package(t, files={f"i{i}.png": png_header(6000, 6000) for i in range(3)})),
                      "template.images_too_large"))


@case("template.unsupported", "colspan is reserved for a later version", "doc.o3x:1:48")
def _unsupported(t: Path) -> Found:
    return rendered(t, body('<table w="1in" h="1in"><tr><td colspan="2">a</td></tr></table>'))


case("limit.pages", "more than 1000 pages", "doc.o3x:1:28")(
    lambda t: rendered(t, '<document>{% for i in xs %}<page><text x="1" y="1" w="50" h="9">p</text></page>'
                          "{% endfor %}</document>",
                       {"xs": list(range(1001))}))
case("layout.memory", "needed more than its memory cap of 512 MiB", "doc.o3x")(
    lambda t: rendered(t, body('{% for i in xs %}<rect x="1" y="1" w="5" h="5"/>{% endfor %}'),
                       {"xs": list(range(200_001))}))
case("layout.timeout", ("exceeded its CPU budget of 2 s", "a loop over too much data"), "doc.o3x")(
    # three nested loops over 3,000 items: 2.7e10 steps, stopped at the 2 s budget
    lambda t: rendered(t, text("{% for a in xs %}{% for b in xs %}{% for c in xs %}{% if c %}{% endif %}"
                               "{% endfor %}{% endfor %}{% endfor %}"), {"xs": ["x"] * 3000}))
case("data.locale", ("unknown locale 'xx-YY'", "known: en-US"), "")(
    lambda t: rendered(t, text("x"), locale="xx-YY"))


def diagnostic(t: Path, doc: str, code: str) -> Found:
    """A layout diagnostic (a warning), as ``--strict`` turns it into a problem of layout.strict."""
    err = raised(lambda: o3local.render(str(package(t, doc)), data={}, fmt="svg", strict=True))
    return problem(err, code)


case("text.overflow", "text does not fit its box even at min-font-size", "doc.o3x:1:17")(
    lambda t: diagnostic(t, body('<text x="1" y="1" w="20" h="5">' + "overflowing text " * 40 + "</text>"),
                         "text.overflow"))
case("table.overflow", "a table row is taller than the table's box", "doc.o3x:1:17")(
    lambda t: diagnostic(t, body('<table x="1" y="4" w="1in" h="0.1in"><tr><td>a<br/>b<br/>c</td></tr></table>'),
                         "table.overflow"))
case("layout.missing_glyph", "\U0001F600", "doc.o3x:1:17")(
    lambda t: diagnostic(t, text("smile \U0001F600"), "layout.missing_glyph"))


# -- usage: options and arguments ---------------------------------------------------------

case("usage.format", ("unknown output format 'gif'", "svg"), "")(
    lambda t: raised(lambda: o3local.render(str(package(t)), data={}, fmt="gif")))
case("usage.page", "page 5 does not exist (the output has 1 page)", "")(
    lambda t: raised(lambda: o3local.render(str(package(t)), data={}, fmt="svg", page=5)))
case("usage.dpi", "dpi must be an integer from 1 to 2400, got 0", "")(
    lambda t: raised(lambda: o3local.render(str(package(t)), data={}, fmt="png", dpi=0)))
case("usage.context", "context key '1st' in '1st=x' must be letters", "")(
    lambda t: raised(lambda: parse_context(["1st=x"])))
case("usage.template", ("no template at", "not a bundled sample"), "")(
    lambda t: raised(lambda: o3local.render(str(t / "nowhere"), data={}, fmt="svg")))
case("usage.sample", "has no sample data", "")(
    lambda t: raised(lambda: o3local.render(str(package(t)), sample=True, fmt="svg")))
case("usage.host_version", "--host-version 'twelve' is not a version", "")(
    lambda t: raised(lambda: o3local.validate(package(t), host_version="twelve")))


@case("usage.output", ("exists and is", "only a regular file is replaced"), "")
def _output_fifo(t: Path) -> Found:
    import os

    os.mkfifo(t / "out.svg")
    return raised(lambda: o3local.render(str(package(t)), data={}, fmt="svg", output=t / "out.svg"))


@case("usage.argument", "locale must be a string", "")
def _locale_type(t: Path) -> Found:
    return raised(lambda: o3local.render(str(package(t)), data={}, fmt="svg", locale=5))  # type: ignore[arg-type]


# -- requests through the hook (the loopback service's entry: JSON in, an envelope out) ------

def hooked(operation: str, args: Any) -> Found:
    from o3local import hook
    from o3local.errors import Location

    envelope = hook.call(operation, args)
    assert envelope["ok"] is False, envelope
    error = envelope["error"]
    return Problem(error["code"], error["message"], Location(**error["where"]))


case("usage.operation", ("unknown operation 'rendr'", "known:", "render"), "")(
    lambda t: hooked("rendr", {}))
case("usage.body", "the request body must be a JSON object of arguments", "/")(
    lambda t: hooked("render", ["invoice"]))
case("usage.argument", ("bad arguments for render", "'fromat'", "accepted:"), "/fromat")(
    lambda t: hooked("render", {"template": str(package(t)), "fromat": "pdf"}))
case("usage.argument", ("dpi", "integer"), "/dpi")(
    lambda t: hooked("render", {"template": str(package(t)), "dpi": "high"}))


@case("layout.strict", ("layout reported 1 problem(s)", "text.overflow", "strict mode"), "doc.o3x")
def _strict(t: Path) -> Found:
    doc = body('<text x="1" y="1" w="20" h="5">' + "overflowing text " * 40 + "</text>")
    return raised(lambda: o3local.render(str(package(t, doc)), data={}, fmt="svg", strict=True))


@case("export.io", "cannot write the output: it is a file, so the output cannot go in a folder", "/file")
def _export_io(t: Path) -> Found:
    (t / "file").write_text("a file, not a folder")
    return raised(lambda: o3local.render(str(package(t)), data={}, fmt="svg", output=t / "file" / "out.svg"))


@case("export.strict", ("xlsx export reported 1 problem(s)", "cells/0/formula: U+0001", "strict mode"), "doc.o3x")
def _export_strict(t: Path) -> Found:
    # a formula is not drawn (no missing-glyph report first), but XLSX cannot hold U+0001
    doc = body('<table w="3in" h="1in"><tr><td formula="{{ f }}">a</td></tr></table>')
    return raised(lambda: o3local.render(str(package(t, doc)), data={"f": "=1+\u0001"},
                                         fmt="xlsx", strict=True))


# -- the meta-test ------------------------------------------------------------------------

#: codes no outside input can produce; each says why
UNREACHABLE = {
    # the family defaults of the error classes (errors.py): every raise names a detail
    # (test_every_raise_names_its_code)
    "data", "manifest", "package", "template", "layout", "usage", "error", "model", "export",
    "inference", "task", "remote", "library", "permission", "import",
    # an OSError other than not-found/ENXIO while opening or fstat-ing a regular file (EIO...)
    "data.io",
    # the hook's envelope for an exception that is not an O3Error: a bug, by definition
    "internal",
    # the package file changed between the scan and the read (a race with another process)
    "package.changed",
    # the sandbox failing inside: a trap, stack exhaustion, an internal error of the module -
    # the module bounds nesting by depth caps before these can happen (its CPU budget can be
    # met: layout.timeout has a case)
    "layout.internal", "layout.trap", "layout.stack",
    # the installed runtime's own fonts or wasm module missing or altered; the module's own
    # check of those fonts
    "layout.asset", "layout.font",
    # the module's checks of the request the host builds: data, user context and AI results
    # are always objects there (bind.check_context, slots), never text with bad UTF-8
    "data.user", "data.ai",
    # caps met only after another: 200,001 items exhaust the 512 MiB memory cap first
    # (layout.memory has a case), and shaping or the display list run out of memory there too
    "limit.items", "limit.memory", "limit.output",
    # the checker's words for a schema keyword it has no message for: every keyword
    # manifest.schema.json uses has its own (oneOf only at /author, which has one)
    "manifest.schema",
    # the exporters meeting a display list our own layout module did not write, or resvg
    # failing on the SVG our exporter wrote
    "export.display_list", "export.png",
    # validate's sample check: reading a sample that has() just listed fails (I/O error)
    "data.unreadable",
    # the models package itself failing to import (a broken install), met when a task loads a model
    "model.runtime",
    # the formula reader's guards against its own bugs: a phrase rule that raises (a bug,
    # not "no match"; tests/tasks/test_formula_families.py plants one) and two rules
    # registered with one order (checked at import, so no installed build has it)
    "task.rule_failed", "task.rule_order",
    # the cryptography package missing from a build (it is a dependency of every install)
    "library.crypto_unavailable",
    # the exporters' fonts are the runtime's own files (a damaged install: layout.asset first),
    # and the glyph ids, item types and page sizes come from our layout module's display list
    # (one size per document; every exporter draws every item type it writes)
    "export.font", "export.glyph", "export.unsupported", "export.pptx",
    # an image the exporter cannot decode or read: validate (run before every render)
    # decodes each image in full first; only a file changed since then gets here
    "export.image",
    # a slot task the runtime does not have: the manifest schema, generated from the
    # task registry, refuses it first (manifest.bad_value at /ai_slots/NAME/task)
    "manifest.unknown_task",
    # the formula slot's answer without a formula: formula() returns one or raises its own code
    "task.formula",
    # reading a file the package does not list: every caller asks has() first (validate
    # reports a missing entry, asset or sample as manifest.missing_file)
    "package.missing_file",
}


#: codes only a real local model's output (or a model too small for the input) produces; the
#: corpus loads no model, so each says where it is met instead.  The rules-based formula
#: answers are parsed, named and checked by construction (one that fails a check becomes a
#: note of task.unanswerable, which has cases).
NEEDS_A_MODEL = {
    "inference.deadline": "tests/service/test_generate_deadline.py, tests/remote/test_local_fallback_real.py",
    "inference.context": "a model whose context cannot hold the summary prompt (abstractive summarize)",
    "inference.grammar": "constrained decoding whose grammar the model's tokens cannot continue",
    "task.intent": "the formula llm method's intent JSON (tests/tasks/test_llm_paths.py decodes them)",
    "task.column": "the formula llm method's intent naming a column the sheet lacks",
    "task.syntax": "the formula llm method's answer that does not parse",
    "task.check": "the formula llm method's answer that fails a check (rules: see task.unanswerable)",
    "task.paraphrase": "the formula paraphraser's decoding with a loaded model (caught there: the "
                       "request is then refused as task.unanswerable, naming why)",
    "usage.generation": "a loaded model's generate() with max_tokens < 1 or a bad temperature/top_p",
    "usage.messages": "a loaded model's chat() with messages that are not role/content pairs",
    "inference.run": "onnxruntime failing inside a loaded model's run",
    "inference.chat_template": "a model without a chat template, or one whose template refuses the messages",
}

#: codes met only with inputs too big for a fast corpus; each says why and where the cap is checked
TOO_SLOW = {
    # a sheet of 2,000,001 cells takes a minute to write and read; the same TableBudget class
    # caps it as data.too_large's case (bind.table) shows
    "data.too_big": "runtime/tasks/formula/schema.py MAX_CELLS",
}


def _c_codes() -> set[str]:
    """Codes the layout module writes: its errors and diagnostics.

    ``request.*`` is left out: those check the container the host builds, never an input.
    """
    found: set[str] = set()
    for path in (REPO / "wasm" / "src").glob("*.c"):
        source = path.read_text(encoding="utf-8")
        found.update(re.findall(r'"((?:template|data|limit|layout|text|table)\.[a-z_]+)"', source))
    return {code for code in found if not code.endswith(".h")}  # #include "layout.h"


def test_every_code_has_a_case() -> None:
    covered = {c.code for c in CASES}
    wanted = set(CODES) | _c_codes()
    missing = sorted(wanted - covered - UNREACHABLE - set(NEEDS_A_MODEL) - set(TOO_SLOW))
    assert not missing, f"codes with no corpus case (add one, or say in UNREACHABLE why none can exist): {missing}"
    stale = sorted((UNREACHABLE | set(NEEDS_A_MODEL) | set(TOO_SLOW)) & covered)
    assert not stale, f"codes in UNREACHABLE, NEEDS_A_MODEL or TOO_SLOW that have a case: {stale}"
    for code, where in NEEDS_A_MODEL.items():
        for test in (w for w in where.split(", ") if w.endswith(".py")):
            assert code in (REPO / test).read_text(encoding="utf-8"), f"{test} does not check {code}"
    assert len(wanted) > 200  # the scan found the codes (a scan that found none would pass)


#: the error types whose class code is only a family ("data", "usage"...)
FAMILY_TYPES = {"O3Error", "UsageError", "PackageError", "ManifestError", "PermissionDenied", "DataError",
                "TemplateError", "LayoutError", "ExportError", "ModelError", "InferenceError", "TaskError",
                "RemoteError", "LibraryError", "OfficeImportError"}


def test_every_raise_names_its_code() -> None:
    """A raise of a family type without ``code=`` reports the bare family ("usage"): no add-in can switch on it."""
    import ast

    bare = []
    for folder in ("runtime", "cli"):
        for path in sorted((REPO / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call):
                    fn = node.func
                    name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
                    if name in FAMILY_TYPES and not any(kw.arg == "code" for kw in node.keywords):
                        bare.append(f"{path.relative_to(REPO)}:{node.lineno} {name}")
    assert not bare, f"raises without a code (give each code='family.detail'): {bare}"


@pytest.mark.parametrize("item", CASES, ids=[f"{c.code}-{i}" for i, c in enumerate(CASES)])
def test_case_gives_its_code_message_and_position(item: Case, tmp_path: Path) -> None:
    err = item.make(tmp_path)
    assert err.code == item.code, str(err)
    for words in item.words:
        assert words in err.message, f"{words!r} not in {err.message!r}"
    assert err.message.strip() not in ("", "'", '"'), "an empty message"
    where = str(err.where)
    assert where.endswith(item.at), f"position {where!r} does not end with {item.at!r}"

