"""End-to-end renders of the bundled samples and small templates, through the real module."""

from __future__ import annotations

import datetime as dt
import hashlib
import importlib
import io
import json
import subprocess
import sys

import pytest
from conftest import listing

import o3local
from o3local.errors import LayoutError, TemplateError

# SHA-256 of the display lists of the bundled samples with their sample data.
# A change here means every user's output changes: update only on purpose.
GOLDEN = {
    "funding-pitch": "91e3eaba5f37d6e472b2e6aabce9f6a6f53a796c6ca72db91cda3d1fc6616222",
    "report-zh": "a014eb38755794b7f696b818f1393b262f76de7cb638082fd03c424304b34d8c",
    "sales-sheet": "b78841939345644d431e13c01edc808e7a58cb51b14cab03df5e6603d0673734",
    "invoice": "fb16c6709ad360076b3025114648eae04dd97087de52ed63d46a0d496b4c5a3a",
    "monthly-report-zh": "67d3ce5520998e8a3a809e67cc905d9fc01d4d030e708433c5021fa55230c0b2",
}

NO_LINE_START = set("。，、．：；！？）」』】〕〉》”’・ー")
NO_LINE_END = set("（「『【〔〈《“‘")


def texts(display_list, key="lines"):
    """Lines (or paragraphs) of every text item, those inside table and chart groups too."""
    from o3local.export.items import walk

    for page in display_list["pages"]:
        for item, _where in walk(page["items"], "page"):
            if item["type"] == "text":
                yield from item[key]


def line_text(line) -> str:
    return "".join(run["text"] for run in line["runs"])


def make_template(tmp_path, body, *, kind="document", permissions=None, inputs=None,
                  name="tpl"):
    folder = tmp_path / name
    folder.mkdir()
    manifest = {"id": "test-template", "name": "Test", "version": "1.0.0", "kind": kind,
                "entry": "body.o3x", "compatible_versions": [">=11"],
                "required_permissions": permissions or [f"write:{kind}"]}
    if inputs is not None:
        manifest["inputs"] = inputs
    (folder / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    (folder / "body.o3x").write_text(body, "utf-8")
    return folder


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_display_list_hash(name):
    result = o3local.render(name, sample=True, fmt="svg")
    assert hashlib.sha256(result.display_list_bytes).hexdigest() == result.sha256
    assert result.sha256 == GOLDEN[name]


def test_default_sample_is_a_ten_slide_deck_of_pngs(cli, tmp_path):
    from PIL import Image

    out = tmp_path / "out"
    result = cli("--sample", "-o", out / "deck.png")
    assert result.exit_code == 0, result.output
    names = [f"deck-{i:02d}.png" for i in range(1, 11)]
    assert listing(out) == ["deck"]  # the page set is one folder
    assert listing(out / "deck") == [".o3-pages.json", *names]  # and the set's manifest
    for name in names:
        image = Image.open(out / "deck" / name)
        assert image.format == "PNG" and image.size == (960, 540)
    # the title slide's background is the template's dark blue
    title = Image.open(out / "deck" / "deck-01.png").convert("RGB")
    assert title.getpixel((5, 5)) == (0x1F, 0x3A, 0x5F)


def test_two_renders_in_one_process_are_identical():
    first = o3local.render("funding-pitch", sample=True, fmt="png")
    second = o3local.render("funding-pitch", sample=True, fmt="png")
    assert first.display_list_bytes == second.display_list_bytes
    assert first.files == second.files and len(first.files) == 10
    svg1 = o3local.render("report-zh", sample=True, fmt="svg").files
    assert svg1 == o3local.render("report-zh", sample=True, fmt="svg").files


def test_page_option_writes_that_page_only(cli, tmp_path):
    full = o3local.render("funding-pitch", sample=True, fmt="svg")
    result = cli("funding-pitch", "--sample", "--page", "9", "-o", tmp_path / "nine.svg")
    assert result.exit_code == 0, result.output
    assert listing(tmp_path) == ["nine.svg"]
    assert (tmp_path / "nine.svg").read_bytes() == full.files[8]
    result = cli("funding-pitch", "--sample", "--page", "11", "-o", tmp_path / "x.svg")
    assert result.exit_code == 2 and "has 10 pages" in result.output
    assert listing(tmp_path) == ["nine.svg"]


def test_json_output(cli, tmp_path):
    result = cli("report-zh", "--sample", "--json", "-o", tmp_path / "r.png")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["ok"] is True and doc["pages"] == 1 and doc["template"] == "doc-report-zh"
    assert doc["outputs"] == [str(tmp_path / "r.png")]
    assert doc["sha256"] == GOLDEN["report-zh"]
    assert doc["diagnostics"] == []
    assert {"bind_ms", "layout_ms", "export_ms", "total_ms"} <= set(doc["timings"])


def test_svg_draws_every_inked_glyph_from_outlines():
    result = o3local.render("report-zh", sample=True, fmt="svg")
    svg = result.files[0].decode("utf-8")
    assert "<text" not in svg and 'width="793.7008" height="1122.5197"' in svg
    placed = sum(len(run["glyphs"]) for line in texts(result.display_list)
                 for run in line["runs"])
    uses = svg.count("<use ")
    blanks = sum(1 for ch in "".join(line_text(li) for li in texts(result.display_list))
                 if ch.isspace())
    assert placed - blanks <= uses <= placed


def test_sample_texts_are_filled_formatted_and_wrapped():
    deck = o3local.render("funding-pitch", sample=True, fmt="svg").display_list
    words = "\n".join(line_text(li) for li in texts(deck))
    assert "Lumen Ledger" in words and "Ada Chen" in words
    assert "$48,200M" in words and "$413M" in words and "18.4%" in words and "$1,250.00" in words
    assert "18,426" in words and "2026年11月1日" in words
    report = o3local.render("report-zh", sample=True, fmt="svg").display_list
    lines = [line_text(li) for li in texts(report)]
    assert any("¥18,652,301" in li for li in lines) and any("18.75%" in li for li in lines)
    wrapped = [li for li in lines if li]
    assert len(wrapped) > 15
    for text in wrapped:
        assert text[0] not in NO_LINE_START, text
        assert text[-1] not in NO_LINE_END, text


def test_context_overrides_sample_context():
    result = o3local.render("funding-pitch", sample=True, fmt="svg", context=["name=Zed Q"])
    words = "\n".join(line_text(li) for li in texts(result.display_list))
    assert "Zed Q" in words and "Ada Chen" not in words


def test_csv_and_xlsx_data_in_canonical_form(tmp_path):
    from openpyxl import Workbook

    body = ('<document kind="document" width="4in" height="3in"><page>'
            '<text x="0.2in" y="0.2in" w="3.6in" h="2.6in" font-size="12pt">'
            '{% for r in rows %}<p>{{ r.region }}: {{ r.amount | number(2) }}</p>{% endfor %}'
            '{% if sheets | default(null) %}{% for r in sheets.Notes.rows %}<p>{{ r.key }}={{ r.value }}</p>'
            '{% endfor %}{% endif %}</text></page></document>')
    tpl = make_template(tmp_path, body, permissions=["read:spreadsheet", "write:document"])
    csv = tmp_path / "d.csv"
    csv.write_text("region,amount\nNorth,1234.5\nSouth,7\n", "utf-8")
    lines = [line_text(li) for li in texts(o3local.render(tpl, data=csv, fmt="svg").display_list)]
    assert lines == ["North: 1,234.50", "South: 7.00"]
    book = Workbook()
    book.active.append(["region", "amount", "day"])
    book.active.append(["East", 0.125, dt.datetime(2026, 1, 2)])
    notes = book.create_sheet("Notes")
    notes.append(["key", "value"])
    notes.append(["owner", "Ada"])
    book.save(tmp_path / "d.xlsx")
    result = o3local.render(tpl, data=tmp_path / "d.xlsx", fmt="svg")
    assert [line_text(li) for li in texts(result.display_list)] == ["East: 0.13", "owner=Ada"]


def test_missing_path_names_template_line_and_column(cli, tmp_path):
    body = ('<document kind="document" width="4in" height="3in">\n<page>\n'
            '  <text x="0" y="0" w="4in" h="1in">{{ company.nope }}</text>\n</page></document>')
    tpl = make_template(tmp_path, body)
    with pytest.raises(TemplateError) as info:
        o3local.render(tpl, data={"company": {}}, output=tmp_path / "o.png")
    assert info.value.where.line == 3 and "company.nope" in str(info.value)
    result = cli(tpl, "-o", tmp_path / "o.png")
    assert result.exit_code == 1 and "body.o3x:3" in result.output
    assert listing(tmp_path) == ["tpl"]


def test_overflow_is_a_warning_unless_strict(cli, tmp_path):
    body = ('<document kind="document" width="4in" height="3in"><page>'
            '<text x="0" y="0" w="1in" h="0.3in" font-size="12pt" min-font-size="10pt">'
            'This sentence is far too long to fit into a box this small, even shrunk.'
            '</text></page></document>')
    tpl = make_template(tmp_path, body)
    result = cli(tpl, "-o", tmp_path / "out" / "o.png")
    assert result.exit_code == 0
    assert "warning" in result.output and "text.overflow" in result.output
    assert listing(tmp_path / "out") == ["o.png"]
    result = cli(tpl, "--strict", "-o", tmp_path / "strict" / "o.png")
    assert result.exit_code == 1 and "text.overflow" in result.output
    assert not (tmp_path / "strict").exists() or listing(tmp_path / "strict") == []
    with pytest.raises(LayoutError):
        o3local.render(tpl, strict=True)


def test_unwritable_output_leaves_nothing(cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = cli("--sample", "-o", blocker / "deck.png")
    assert result.exit_code == 1 and "cannot write the output" in result.output
    assert listing(tmp_path) == ["file"]


def test_failure_midway_removes_staged_files(tmp_path, monkeypatch):
    fsutil = importlib.import_module("o3local.fsutil")

    real = fsutil.os.fsync
    calls = []

    def disk_full_on_the_third_page(fd):
        calls.append(fd)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return real(fd)

    monkeypatch.setattr(fsutil.os, "fsync", disk_full_on_the_third_page)
    with pytest.raises(o3local.errors.ExportError, match="No space left"):
        o3local.render("funding-pitch", sample=True, fmt="svg", output=tmp_path / "d.svg")
    assert listing(tmp_path) == []  # no page, no staging folder


@pytest.mark.parametrize("args", [["--help"], ["--sample", "--format", "svg", "-o", "{tmp}/d.svg"]])
def test_render_does_not_import_onnxruntime(tmp_path, args):
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c",
         "import sys; from o3local.cli import main; sys.argv[0] = 'o3-local'; main()",
         "render", *args], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    imported = {line.split("|")[-1].strip().split(".")[0]
                for line in proc.stderr.splitlines() if line.startswith("import time:")}
    assert "click" in imported
    assert "onnxruntime" not in imported and "torch" not in imported
    if "--help" in args:
        assert "wasmtime" not in imported


def test_png_dpi(tmp_path):
    from PIL import Image

    result = o3local.render("report-zh", sample=True, fmt="png", dpi=150)
    assert Image.open(io.BytesIO(result.files[0])).size == (1240, 1754)


def test_o3t_package_renders_like_its_folder(tmp_path):
    import zipfile

    from conftest import SAMPLES

    o3t = tmp_path / "report.o3t"
    with zipfile.ZipFile(o3t, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((SAMPLES / "report-zh").rglob("*")):
            if path.is_file():
                zf.write(path, path.relative_to(SAMPLES / "report-zh").as_posix())
    result = o3local.render(o3t, sample=True, fmt="svg")
    assert result.sha256 == GOLDEN["report-zh"]


def test_incompatible_host_version(cli, tmp_path):
    result = cli("report-zh", "--sample", "--host-version", "10.0.0", "-o", tmp_path / "r.png")
    assert result.exit_code == 1 and "10.0.0" in result.output
    assert listing(tmp_path) == []
