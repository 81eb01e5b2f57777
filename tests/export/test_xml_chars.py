"""Characters XML cannot hold (U+FFFE, U+FFFF, C0 controls, lone surrogates) in office exports.

They used to crash the DOCX and XLSX exporters (lxml refuses the document)
and fail PPTX; now every office format writes U+FFFD in their place and the
render reports each changed string with its place, so nothing is lost
silently.  SVG/PNG/PDF draw glyphs and need no change.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

import o3local
from o3local.export import export
from o3local.export.xmltext import MAX_CHAR_DIAGNOSTICS, xml_safe

from .kit import ASSETS, build_font, v2_display_list

OFFICE = ("pptx", "docx", "xlsx")


def hostile_csv(tmp_path):
    path = tmp_path / "sales.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["Region", "Product", "Units", "Price"])
        out.writerow(["North\ufffe", "Desk\uffff", "3", "4"])
    return path


def office_text(fmt: str, blob: bytes) -> str:
    """All the text a user sees in the document, read back by the office library."""
    if fmt == "xlsx":
        import openpyxl

        book = openpyxl.load_workbook(io.BytesIO(blob))
        return " ".join(str(c.value) for ws in book for row in ws.iter_rows() for c in row
                        if c.value is not None)
    if fmt == "docx":
        import docx

        body = docx.Document(io.BytesIO(blob)).element.body
        return "".join(t.text or "" for t in body.iter() if t.tag.endswith("}t"))
    import pptx

    deck = pptx.Presentation(io.BytesIO(blob))
    texts = []
    for slide in deck.slides:
        for shape in slide.shapes:
            if shape.has_table:
                texts += [c.text for row in shape.table.rows for c in row.cells]
            elif shape.has_text_frame:
                texts.append(shape.text_frame.text)
    return " ".join(texts)


@pytest.mark.parametrize("fmt", OFFICE)
def test_u_fffe_in_csv_data_is_written_as_u_fffd_and_reported(tmp_path, fmt):
    result = o3local.render("sales-sheet", data=str(hostile_csv(tmp_path)), fmt=fmt,
                            output=tmp_path / f"s.{fmt}")
    text = office_text(fmt, (tmp_path / f"s.{fmt}").read_bytes())
    assert "North\ufffd" in text and "Desk\ufffd" in text
    warned = [d for d in result.diagnostics if d["code"] == "export.illegal_char"]
    assert warned and {d["page"] for d in warned} == {0}
    assert any("U+FFFE" in d["message"] and "/meta/rows/1/cells/0/text" in d["pointer"]
               for d in warned)
    assert any("U+FFFF" in d["message"] for d in warned)


def hand_made():
    dl = v2_display_list("spreadsheet")
    items = dl["pages"][0]["items"]
    table = next(i for i in items if i.get("role") == "table")
    table["meta"]["rows"][1]["cells"][0]["text"] = "a\x01b\x0bc\ud800"
    chart = next(i for i in items if i.get("role") == "chart")
    chart["meta"]["title"] = "T\x00"
    chart["meta"]["categories"] = ["\x1fJan", "Feb"]
    chart["meta"]["series"][0]["name"] = "s\uffff"
    for item in items:
        if item.get("type") == "group":
            for inner in item["items"]:
                for para in inner.get("paragraphs", []):
                    for run in para["runs"]:
                        run["text"] = run["text"] + "\x02"
    return dl


@pytest.mark.parametrize("fmt", OFFICE)
def test_controls_and_lone_surrogates_in_a_hand_made_display_list(fmt):
    found: list[dict] = []
    blob = export(hand_made(), fmt, fonts=[build_font()], assets=ASSETS, diagnostics=found)[0]
    text = office_text(fmt, blob)
    assert "\x01" not in text and "\ud800" not in text and "\ufffd" in text
    pointers = {d["pointer"] for d in found}
    assert "/pages/0/items/2/meta/rows/1/cells/0/text" in pointers
    assert "/pages/0/items/3/meta/series/0/name" in pointers
    assert all(d["code"] == "export.illegal_char" for d in found)


def test_clean_lists_are_returned_untouched_and_reports_are_capped():
    dl = v2_display_list()
    assert xml_safe(dl, "docx") == (dl, [])
    assert xml_safe(dl, "docx")[0] is dl
    many = {"format": "o3-display-list", "pages": [{"items": [{"text": f"x\ufffe{i}"}
                                                              for i in range(50)]}]}
    cleaned, found = xml_safe(many, "docx")
    assert len(found) == MAX_CHAR_DIAGNOSTICS + 1 and "30 more strings" in found[-1]["message"]
    assert [i["text"] for i in cleaned["pages"][0]["items"]][:2] == ["x\ufffd0", "x\ufffd1"]
    assert many["pages"][0]["items"][0]["text"] == "x\ufffe0"  # the caller's list is not changed
    # a one-for-one replacement: lengths (and so glyph clusters) stay valid
    assert len(cleaned["pages"][0]["items"][7]["text"]) == len("x\ufffe7")


def test_cli_warns_and_strict_fails_without_output(tmp_path):
    from o3local.cli import main

    data = hostile_csv(tmp_path)
    runner = CliRunner()
    ok = runner.invoke(main, ["render", "sales-sheet", "--data", str(data), "-o",
                              str(tmp_path / "s.docx")])
    assert ok.exit_code == 0, ok.output
    assert "U+FFFE" in ok.output and "export.illegal_char" in ok.output
    # U+FFFE is also drawn as an empty box on the page: strict stops at the layout's report
    # (export.strict is the same check one step later, for what only an office file cannot hold)
    strict = runner.invoke(main, ["render", "sales-sheet", "--data", str(data), "--strict",
                                  "--json", "-o", str(tmp_path / "t.docx")])
    assert strict.exit_code == 1
    error = json.loads(strict.output)["error"]
    assert error["code"] == "layout.strict" and "layout.missing_glyph" in error["message"]
    assert not (tmp_path / "t.docx").exists()
