"""The examples of docs/template-format.md "Locale formatting" are rendered here:
a doc example that stops being true fails the suite."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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
