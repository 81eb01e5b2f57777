"""The examples of docs/template-format.md "Locale formatting" and "Macros and
includes" are rendered here: a doc example that stops being true fails the suite."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import o3local
from o3local.errors import O3Error

from .conftest import fill

DOC = Path(__file__).resolve().parents[2] / "docs" / "template-format.md"
DATA = {"x": 1234.5, "d": "2026-05-10", "t": "2026-05-10T14:05:09"}
CELL = re.compile(r"`((?:[^`])*)`")


def section(title: str) -> list[str]:
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"### {title}")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("#"))
    return lines[start + 1:end]


def cells(row: str) -> list[str]:
    # split on the table's pipes, not the escaped ones inside code
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", row.strip())[1:-1]]


def examples() -> list[tuple[str, str]]:
    out = []
    for row in section("Locale formatting"):
        parts = cells(row) if row.startswith("| `{{") else []
        if len(parts) == 2:
            out.append((CELL.fullmatch(parts[0]).group(1), CELL.fullmatch(parts[1]).group(1)))
    return out


def styles() -> list[tuple[str, str, str]]:
    """(style, locale, output) of the style table: its header names the locales."""
    lines = section("Locale formatting")
    top = next(i for i, r in enumerate(lines) if r.startswith("| style |"))
    header = cells(lines[top])[1:]
    out = []
    for row in lines[top + 2:]:
        if not row.startswith("|"):
            break
        parts = cells(row)
        if "…" in parts[0]:
            continue
        names = CELL.findall(parts[0])
        for loc, cell in zip(header, parts[1:], strict=True):
            for name, want in zip(names, CELL.findall(cell), strict=True):
                out.append((name, loc, want))
    return out


def test_the_doc_has_the_examples():
    assert len(examples()) >= 20 and len(styles()) >= 15


@pytest.mark.parametrize(("snippet", "expected"), examples())
def test_doc_example(engine, snippet, expected):
    assert fill(engine, snippet, DATA) == expected


@pytest.mark.parametrize(("style", "loc", "expected"), styles())
def test_doc_style_table(engine, style, loc, expected):
    value = "t" if "time" in style else "d"
    assert fill(engine, f'{{{{ {value} | date("{style}", locale="{loc}") }}}}', DATA) == expected


# -- Macros and includes: a package of the section's files ---------------------------------

FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)
FILE_COMMENT = re.compile(r"\{# (\S+) #\}\n")
MANIFEST = {"id": "doc-macros", "name": "Doc macros", "version": "1.0.0", "kind": "presentation",
            "entry": "deck.o3x", "compatible_versions": [">=11"], "required_permissions": ["write:presentation"]}
PAGE_OPEN = '<document kind="presentation" width="10in" height="5.625in"><page>'


def macro_example() -> tuple[dict[str, str], object, list[str]]:
    """The section's files (each block that starts with a {# path #} comment), data and expected lines."""
    blocks = FENCE.findall("\n".join(section("Macros and includes")))
    files = {m.group(1): body for _, body in blocks if (m := FILE_COMMENT.match(body))}
    data = json.loads(next(body for lang, body in blocks if lang == "json"))
    lines = next(body for lang, body in blocks if lang == "text").splitlines()
    return files, data, lines


def macro_errors() -> list[tuple[str, str, str]]:
    out = []
    for row in section("Macros and includes"):
        parts = cells(row) if row.startswith("| `") else []
        if len(parts) == 2:
            code, message = CELL.match(parts[1]).group(1), parts[1][parts[1].index("` ") + 2:]
            out.append((CELL.fullmatch(parts[0]).group(1), code, message))
    return out


def doc_package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    for name, text in {"manifest.json": json.dumps(MANIFEST), **files}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def page_lines(result) -> list[str]:
    return ["".join(r["text"] for p in it["paragraphs"] for r in p["runs"])
            for it in result.display_list["pages"][0]["items"] if it["type"] == "text"]


def test_the_macro_example_renders_the_lines_the_doc_shows(tmp_path):
    files, data, lines = macro_example()
    assert set(files) == {"deck.o3x", "partials/rows.o3x", "partials/footer.o3x"}
    result = o3local.render(str(doc_package(tmp_path, files)), data=data, fmt="svg")
    assert page_lines(result) == lines


def test_the_macro_section_lists_its_errors():
    assert len(macro_errors()) >= 7


@pytest.mark.parametrize(("snippet", "code", "message"), macro_errors())
def test_doc_macro_error(tmp_path, snippet, code, message):
    files, data, _ = macro_example()
    (tmp_path / "secret.o3x").write_text("<text>not to be read</text>", encoding="utf-8")
    files["deck.o3x"] = '{% include "partials/rows.o3x" %}' + PAGE_OPEN + snippet + "</page></document>"
    with pytest.raises(O3Error) as info:
        o3local.render(str(doc_package(tmp_path, files)), data=data, fmt="svg")
    assert (info.value.code, info.value.message) == (code, message)
