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

from ..export.kit import missing_runs, pdf_pages, pdftotext, tool

pytestmark = pytest.mark.slow

SAMPLES = ("funding-pitch", "report-zh")
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


def convert(soffice: str, files: list[Path], outdir: Path, home: Path) -> None:
    profile = (home / "lo-profile").as_uri()
    subprocess.run([soffice, f"-env:UserInstallation={profile}", "--headless", "--norestore",
                    "--convert-to", "pdf", "--outdir", str(outdir), *map(str, files)],
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
            path.write_bytes(export(lists[name], fmt)[0])
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
    assert pdf_pages(pdf) == len(dl["pages"])
    assert missing_runs(dl, pdftotext(pdf)) == []


def test_office_pdf_uses_the_pinned_font_family(converted):
    _, outdir = converted
    report = subprocess.run([tool("pdffonts"), str(outdir / "report-zh-docx.pdf")],
                            capture_output=True, check=True, timeout=60).stdout.decode()
    rows = report.splitlines()[2:]
    assert rows and all("NotoSansCJK" in row for row in rows), report
