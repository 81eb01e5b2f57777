"""Our PPTX and DOCX opened by a real office suite: LibreOffice converts them to PDF.

LibreOffice runs headless with a private profile and a private font folder
holding the pinned fonts (so it lays text out with the same font the layout
used, whatever the machine has installed).  The PDFs it writes must have
our page count and every text run of the display list (pdftotext).
``.ci/setup.d/70-office.sh`` installs LibreOffice and poppler in CI.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import o3local
from o3local.export import export
from o3local.layout import assets
from o3local.resources import asset

from ..export.kit import (
    chart_labels,
    flow_docx_text,
    missing_runs,
    pdf_pages,
    pdftotext,
    sample_assets,
    tool,
)

pytestmark = pytest.mark.slow

SAMPLES = ("funding-pitch", "report-zh", "monthly-report-zh")
FORMATS = ("pptx", "docx")


def office_env(home: Path) -> dict[str, str]:
    """An environment whose fontconfig also sees the pinned fonts, and nothing of the user's."""
    fonts = home / ".local" / "share" / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    for name, _weight in assets.FONT_FILES:
        shutil.copy(asset("fonts", name), fonts / name)
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"),
               XDG_CACHE_HOME=str(home / ".cache"), XDG_CONFIG_HOME=str(home / ".config"))
    env.pop("DISPLAY", None)
    return env


def convert(soffice: str, files: list[Path], outdir: Path, home: Path, to: str = "pdf") -> None:
    profile = (home / "lo-profile").as_uri()
    subprocess.run([soffice, f"-env:UserInstallation={profile}", "--headless", "--norestore",
                    "--convert-to", to, "--outdir", str(outdir), *map(str, files)],
                   env=office_env(home), check=True, capture_output=True, timeout=300,
                   stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    soffice = tool("soffice")
    work = tmp_path_factory.mktemp("office")
    lists, files = {}, []
    for name in SAMPLES:
        lists[name] = o3local.render(name, sample=True, fmt="svg").display_list
        for fmt in FORMATS:
            path = work / f"{name}-{fmt}.{fmt}"
            path.write_bytes(export(lists[name], fmt, assets=sample_assets(name))[0])
            files.append(path)
    outdir = work / "pdf"
    convert(soffice, files, outdir, work / "home")
    return lists, outdir


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", SAMPLES)
def test_office_pdf_has_our_pages_and_every_text_run(converted, name, fmt):
    lists, outdir = converted
    pdf = outdir / f"{name}-{fmt}.pdf"
    assert pdf.is_file(), f"LibreOffice wrote no PDF for {name}.{fmt}"
    dl = lists[name]
    text = pdftotext(pdf)
    if fmt == "docx" and all("content" in page for page in dl["pages"]):
        # a flow DOCX is paginated by the office app, its chart a picture, 续表 Word's
        # repeated header row: tests/office/test_flow_docx.py checks what it shows
        assert abs(pdf_pages(pdf) - len(dl["pages"])) <= 1
        assert missing_runs(flow_docx_text(dl), text) == []
        return
    assert pdf_pages(pdf) == len(dl["pages"])
    assert missing_runs(dl, text) == []
    haystack = "".join(text.split())
    assert [label for label in chart_labels(dl) if "".join(label.split()) not in haystack] == []


def test_the_deck_table_slide_is_a_table_office_shows(converted):
    lists, outdir = converted
    dl = lists["funding-pitch"]
    tables = [it for page in dl["pages"] for it in page["items"]
              if it["type"] == "group" and it["role"] == "table"]
    assert tables, "the sample deck has a table slide"
    cells = [c["text"] for t in tables for row in t["meta"]["rows"] for c in row["cells"]]
    text = "".join(pdftotext(outdir / "funding-pitch-pptx.pdf").split())
    assert "Useoffunds" in text and all("".join(c.split()) in text for c in cells)


def test_sales_sheet_xlsx_opens_in_libreoffice_with_the_formulas_computed(tmp_path):
    import csv
    from decimal import Decimal

    soffice = tool("soffice")
    result = o3local.render("sales-sheet", sample=True, fmt="xlsx")
    book = tmp_path / "sales.xlsx"
    book.write_bytes(result.files[0])
    convert(soffice, [book], tmp_path / "csv", tmp_path / "home", to="csv")
    rows = list(csv.reader((tmp_path / "csv" / "sales.csv").read_text("utf-8").splitlines()))
    assert rows[0] == ["Region", "Product", "Units", "Unit price", "Revenue"]
    source = asset("templates", "sales-sheet", "samples", "sales.csv").read_text("utf-8")
    expected = list(csv.DictReader(source.splitlines()))
    assert len(rows) == len(expected) + 1
    for row, want in zip(rows[1:], expected, strict=True):
        assert row[:2] == [want["Region"], want["Product"]]
        assert Decimal(row[4]) == Decimal(want["Units"]) * Decimal(want["Price"])


def test_office_pdf_uses_the_pinned_font_family(converted):
    _, outdir = converted
    report = subprocess.run([tool("pdffonts"), str(outdir / "report-zh-docx.pdf")],
                            capture_output=True, check=True, timeout=60).stdout.decode()
    rows = report.splitlines()[2:]
    assert rows and all("NotoSansCJK" in row for row in rows), report
