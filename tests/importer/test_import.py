"""``o3-local import``: a designed deck becomes a package that validates and renders at once.

The main deck is fixtures/pitch.pptx, made in LibreOffice Impress
(fixtures/make_deck.py); smaller decks made with python-pptx cover the
cases one at a time.  Every import here is followed by the real
``validate`` and ``render`` a user would run next.
"""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

import o3local
from o3local.cli import main
from o3local.errors import OfficeImportError
from o3local.importer import import_deck

from .kit import FIXTURE, blank, image_bytes, new_deck, save, text_box


def texts(display_list) -> list[str]:
    """The text of every text item (table cells included), one string per item."""
    out = []

    def walk(items):
        for item in items:
            if item["type"] == "text":
                out.append("".join(r["text"] for p in item["paragraphs"] for r in p["runs"]))
            elif item["type"] == "group":
                walk(item["items"])
    for page in display_list["pages"]:
        walk(page["items"])
    return out


def imported(tmp_path, deck, **kwargs):
    out = tmp_path / "template"
    result = import_deck(deck, out, **kwargs)
    report = o3local.validate(out)
    assert report.ok, [str(p) for p in report.problems]
    return out, result


def test_the_impress_deck_becomes_a_template_that_renders_its_samples(tmp_path):
    out, result = imported(tmp_path, FIXTURE)
    assert result.pages == 3
    assert result.elements == {"text": 9, "image": 1, "rect": 2, "line": 1, "chart": 1,
                               "table": 1}
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["id"] == "pitch" and manifest["kind"] == "presentation"
    props = manifest["inputs"]["properties"]
    assert props["company"]["properties"]["name"] == {"type": "string"}
    assert props["company"]["properties"]["founded"] == {"type": "string", "format": "date"}
    assert props["traction"]["properties"]["arr"] == {"type": "number"}
    assert props["points"] == {"type": "array", "items": {"type": "string"}}
    row = props["rows"]["items"]["properties"]
    assert row == {"region": {"type": "string"}, "amount": {"type": "number"}}
    body = (out / "deck.o3x").read_text("utf-8")
    # the tag LibreOffice stored as "{{ company." + "na" + "me }}" is whole again,
    # and the curly quotes autocorrect typed are straight
    assert "{{ company.name }}" in body and 'date("YYYY")' in body
    assert "{% for r in rows %}" in body
    sample = json.loads((out / "samples" / "data.json").read_text("utf-8"))
    assert [r["arr"] for r in sample["arr_per_quarter"]] == [120, 180, 260, 310]
    assert [r["label"] for r in sample["arr_per_quarter"]] == ["Q1", "Q2", "Q3", "Q4"]
    render = o3local.render(str(out), sample=True, fmt="svg")
    assert render.page_count == 3
    shown = texts(render.display_list)
    assert "Company name" in shown and "Founded 2026" in shown
    assert "Rows region 2" in shown and "2,469.00" in shown  # a row per sample item
    assert "ARR $1,235" in shown
    assert any(t.startswith("上线日期 Launch: 2026年5月10日") for t in shown)
    [asset] = result.assets
    assert (out / asset).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_tag_split_over_runs_is_rejoined_with_the_first_runs_look(tmp_path):
    prs = new_deck()
    slide = blank(prs)
    text_box(slide, [("Total: {{ to", 24, False, "1F3A5F"), ("tal | curr", 24, True, "C00000"),
                     ("ency(\u201c$\u201d) }}", 24, False, "1F3A5F"), (" due", 24, False, None)])
    out, _ = imported(tmp_path, save(prs, tmp_path / "split.pptx"))
    body = (out / "deck.o3x").read_text("utf-8")
    assert 'Total: {{ total | currency("$") }}' in body
    render = o3local.render(str(out), sample=True, fmt="svg")
    [item] = [i for i in render.display_list["pages"][0]["items"] if i["type"] == "text"]
    runs = item["paragraphs"][0]["runs"]
    assert runs[0]["text"] == "Total: $1,234.50" and runs[0]["color"] == "#1f3a5f"
    assert runs[-1]["text"] == " due" and runs[-1]["color"] == "#000000"
    # python-pptx's text box does not wrap (wrap="none"): its text may run to the slide's edge
    assert item["x"] + item["w"] == render.display_list["pages"][0]["width"]


def test_schema_from_arithmetic_loops_defaults_and_the_user_context(tmp_path):
    prs = new_deck()
    slide = blank(prs)
    text_box(slide, [("{{ order.qty * order.price | currency(\"$\") }}", 18, False, None)],
             paragraphs=[[("{% for it in items %}", 18, False, None)],
                         [("{{ it.name | upper }}: {{ it.share | percent(1) }}", 18, False, None)],
                         [("{% endfor %}", 18, False, None)],
                         [("{{ note | default(\"-\") }} {{ user.name }}", 18, False, None)]],
             h=3)
    out, result = imported(tmp_path, save(prs, tmp_path / "math.pptx"))
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    props = manifest["inputs"]["properties"]
    assert props["order"]["properties"] == {"qty": {"type": "number"},
                                            "price": {"type": "number"}}
    assert props["items"]["items"]["properties"] == {"name": {"type": "string"},
                                                     "share": {"type": "number"}}
    assert "note" in props and "note" not in manifest["inputs"]["required"]
    assert "user" not in props
    assert json.loads((out / "samples" / "context.json").read_text("utf-8")) == {"name": "Name"}
    shown = texts(o3local.render(str(out), sample=True, fmt="svg").display_list)[0]
    assert "$1,523,990.25" in shown  # 1234.5 * 1234.5
    assert "ITEMS NAME 1: 12.5%" in shown and "ITEMS NAME 3: 37.5%" in shown
    assert result.inputs == ["order.qty", "order.price", "items[].name", "items[].share", "note"]


def test_pictures_png_kept_and_gif_converted_with_a_note(tmp_path):
    import io

    prs = new_deck()
    slide = blank(prs)
    slide.shapes.add_picture(io.BytesIO(image_bytes("PNG")), 0, 0)
    slide.shapes.add_picture(io.BytesIO(image_bytes("GIF")), 914400, 0)
    text_box(slide, [("{{ title }}", 18, False, None)], y=2)
    deck = save(prs, tmp_path / "pics.pptx")
    out, result = imported(tmp_path, deck)
    assert len(result.assets) == 2 and all(a.endswith(".png") for a in result.assets)
    assert any("GIF converted to PNG" in n for n in result.notes)
    render = o3local.render(str(out), sample=True, fmt="png")
    assert render.page_count == 1


def test_cli_json_refuses_an_existing_folder_and_force_replaces_a_package(tmp_path):
    runner = CliRunner()
    out = tmp_path / "t"
    first = runner.invoke(main, ["import", str(FIXTURE), "-o", str(out), "--json"])
    assert first.exit_code == 0, first.output
    doc = json.loads(first.output)
    assert doc["ok"] is True and doc["pages"] == 3 and "company.name" in doc["inputs"]
    again = runner.invoke(main, ["import", str(FIXTURE), "-o", str(out), "--json"])
    assert again.exit_code == 2 and json.loads(again.output)["error"]["code"] == "usage.output"
    forced = runner.invoke(main, ["import", str(FIXTURE), "-o", str(out), "--force",
                                  "--id", "my-pitch"])
    assert forced.exit_code == 0, forced.output
    assert json.loads((out / "manifest.json").read_text("utf-8"))["id"] == "my-pitch"
    other = tmp_path / "notes"
    other.mkdir()
    (other / "mine.txt").write_text("keep")
    refused = runner.invoke(main, ["import", str(FIXTURE), "-o", str(other), "--force"])
    assert refused.exit_code == 2 and "no manifest.json" in refused.output
    assert sorted(os.listdir(other)) == ["mine.txt"]
    assert sorted(os.listdir(tmp_path)) == ["notes", "t"]  # no staging folder left


def bad_tag_deck(tmp_path):
    prs = new_deck()
    slide = blank(prs)
    text_box(slide, [("{{ ok }}", 18, False, None)])
    slide = blank(prs)
    box = text_box(slide, [("{% for x in xs %}{{ x }}{% endfro %}", 18, False, None)])
    box.name = "Broken list"
    return save(prs, tmp_path / "bad.pptx")


def test_tags_the_language_rejects_name_the_slide_and_shape_and_write_nothing(tmp_path):
    with pytest.raises(OfficeImportError) as err:
        import_deck(bad_tag_deck(tmp_path), tmp_path / "out")
    assert err.value.code == "import.invalid_template"
    messages = [str(p) for p in err.value.problems]
    assert any("slide 2, shape 'Broken list'" in m and "endfor" in m for m in messages), messages
    assert sorted(os.listdir(tmp_path)) == ["bad.pptx"]


def test_hostile_and_wrong_files_get_import_codes_and_no_output(tmp_path):
    import zipfile

    cases = {}
    (tmp_path / "text.pptx").write_text("not a deck")
    cases["text.pptx"] = "import.corrupt"
    ole = bytearray(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504))
    ole += "EncryptionInfo".encode("utf-16-le") + bytes(64)
    (tmp_path / "locked.pptx").write_bytes(bytes(ole))  # how Office stores a password-protected deck
    cases["locked.pptx"] = "import.encrypted"
    (tmp_path / "old.ppt").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(1024))
    cases["old.ppt"] = "import.unsupported"
    with zipfile.ZipFile(tmp_path / "bomb.pptx", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("ppt/big.xml", bytes(8 * 1024 * 1024))
    cases["bomb.pptx"] = "import.too_large"
    with zipfile.ZipFile(tmp_path / "word.pptx", "w") as z:
        z.writestr("[Content_Types].xml", '<Types><Override ContentType="application/vnd.'
                   'openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>')
    cases["word.pptx"] = "import.unsupported"
    with zipfile.ZipFile(tmp_path / "slides.odp", "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.presentation")
        z.writestr("content.xml", "<x/>")
    cases["slides.odp"] = "import.unsupported"
    truncated = FIXTURE.read_bytes()[:5000]
    (tmp_path / "cut.pptx").write_bytes(truncated)
    cases["cut.pptx"] = "import.corrupt"
    cases["missing.pptx"] = "import.missing"
    (tmp_path / "report.doc").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(1024))
    cases["report.doc"] = "import.unsupported"  # legacy Word: save as .docx (test_import_docx)
    runner = CliRunner()
    for name, code in cases.items():
        result = runner.invoke(main, ["import", str(tmp_path / name), "-o",
                                      str(tmp_path / "out"), "--json"])
        assert result.exit_code == 1, (name, result.output)
        error = json.loads(result.output)["error"]
        assert error["code"] == code, (name, error)
        assert error["where"]["file"].endswith(name)
        assert not (tmp_path / "out").exists()
    assert not [n for n in os.listdir(tmp_path) if n.startswith(".o3-stage")]


def test_import_is_a_lazy_command():
    import subprocess
    import sys

    code = ("import sys; from o3local.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('pptx', 'o3local.importer', 'wasmtime') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert "import " in out and out.strip().endswith("[]")


def test_speaker_notes_repeat_a_slide_and_bullets_come_from_the_deck(tmp_path):
    prs = new_deck()
    slide = blank(prs)
    text_box(slide, [("Agenda", 28, True, None)])
    slide = prs.slides.add_slide(prs.slide_layouts[1])  # title and content: bulleted body
    slide.shapes.title.text = "{{ s.title }}"
    slide.placeholders[1].text_frame.text = "{{ s.point }}"
    slide.notes_slide.notes_text_frame.text = "{% for s in sections %}\nSay hello."
    out, result = imported(tmp_path, save(prs, tmp_path / "loop.pptx"))
    body = (out / "deck.o3x").read_text("utf-8")
    assert body.index("{% for s in sections %}") < body.index("<slide", body.index("Agenda"))
    render = o3local.render(str(out), sample=True, fmt="svg")
    assert render.page_count == 1 + 3  # one slide per sample section
    shown = texts(render.display_list)
    assert "Sections title 2" in shown
    assert "\u2022 Sections point 3" in shown  # the master's body style bullets the paragraph
    props = json.loads((out / "manifest.json").read_text("utf-8"))["inputs"]["properties"]
    assert props["sections"]["items"]["properties"] == {"title": {"type": "string"},
                                                        "point": {"type": "string"}}


def test_vector_pictures_are_refused_by_name():
    from o3local.importer.pictures import PictureRefused, picture_asset

    emf = b"\x01\x00\x00\x00" + bytes(80) + b" EMF" + bytes(16)
    with pytest.raises(PictureRefused, match="EMF is a vector format"):
        picture_asset(emf, "emf", None)
    with pytest.raises(PictureRefused, match="not a PNG or JPEG"):
        picture_asset(b"garbage", "png", None)


def test_our_own_pptx_of_the_funding_pitch_imports_back_to_the_same_layout(tmp_path):
    """Export then import: every text box comes back with its text, box, size and first
    baseline to the EMU, and the chart and table with their data (issue 18 item 5)."""
    original = o3local.render("funding-pitch", sample=True, fmt="pptx",
                              output=tmp_path / "pitch.pptx").display_list
    out, result = imported(tmp_path, tmp_path / "pitch.pptx")
    assert result.notes == []
    again = o3local.render(str(out), sample=True, fmt="svg").display_list
    assert len(again["pages"]) == len(original["pages"]) == 10

    def boxes(dl):
        return [(n, " ".join("".join(r["text"] for p in it["paragraphs"] for r in p["runs"])
                             .split()), it["x"], it["y"], it["w"], it["h"], it["font_size"],
                 it["lines"][0]["y"])
                for n, page in enumerate(dl["pages"]) for it in page["items"]
                if it["type"] == "text"]

    def groups(dl, role):
        return [it["meta"] for page in dl["pages"] for it in page["items"]
                if it["type"] == "group" and it["role"] == role]

    assert boxes(again) == boxes(original)
    [chart], [chart_back] = groups(original, "chart"), groups(again, "chart")
    for key in ("chart_type", "title", "categories", "number_format", "legend"):
        assert chart_back[key] == chart[key], key
    assert [s["values"] for s in chart_back["series"]] == [s["values"] for s in chart["series"]]
    [table], [table_back] = groups(original, "table"), groups(again, "table")
    assert [[c["text"] for c in r["cells"]] for r in table_back["rows"]] == \
        [[c["text"] for c in r["cells"]] for r in table["rows"]]


def test_fonts_other_than_the_layouts_are_named_in_one_note(tmp_path):
    prs = new_deck()
    slide = blank(prs)
    box = text_box(slide, [("{{ title }}", 20, False, None)])
    box.text_frame.paragraphs[0].runs[0].font.name = "Georgia"
    text_box(slide, [("plain", 20, False, None)], y=2)  # the theme's minor font: Calibri
    _out, result = imported(tmp_path, save(prs, tmp_path / "fonts.pptx"))
    [note] = [n for n in result.notes if n.startswith("deck:")]
    assert "Calibri, Georgia is drawn in Noto Sans CJK SC" in note


def test_a_chart_named_by_its_alt_text_with_a_tag_in_its_title(tmp_path):
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    prs = new_deck()
    slide = blank(prs)
    data = CategoryChartData()
    data.categories = ["North", "South", "East"]
    data.add_series("Share", (0.5, 0.3, 0.2))
    frame = slide.shapes.add_chart(XL_CHART_TYPE.PIE, Inches(1), Inches(1), Inches(4),
                                   Inches(3), data)
    frame._element.nvGraphicFramePr.cNvPr.set("descr", "{{ regions }}")
    frame.chart.has_title = True
    frame.chart.chart_title.text_frame.text = "Share in {{ year }}"
    out, result = imported(tmp_path, save(prs, tmp_path / "pie.pptx"))
    body = (out / "deck.o3x").read_text("utf-8")
    assert '<chart type="pie"' in body and 'title="Share in {{ year }}"' in body
    sample = json.loads((out / "samples" / "data.json").read_text("utf-8"))
    assert sample["regions"] == [{"label": "North", "share": 0.5},
                                 {"label": "South", "share": 0.3},
                                 {"label": "East", "share": 0.2}]
    assert "year" in sample
    dl = o3local.render(str(out), sample=True, fmt="svg").display_list
    [chart] = [i["meta"] for i in dl["pages"][0]["items"] if i["type"] == "group"]
    assert chart["title"] == "Share in Year" and chart["categories"] == ["North", "South", "East"]
    assert chart["series"][0]["values"] == ["0.5", "0.3", "0.2"]


def test_a_box_that_grows_with_its_text_in_the_deck_has_the_room_below_it(tmp_path):
    from pptx.enum.text import MSO_AUTO_SIZE

    prs = new_deck()
    slide = blank(prs)
    box = text_box(slide, [("{% for p in points %}", 18, False, None)],
                   paragraphs=[[("{{ p }} and a longer sentence", 18, False, None)],
                               [("{% endfor %}", 18, False, None)]], y=4.2, h=0.4)
    box.text_frame.auto_size = MSO_AUTO_SIZE.SHAPE_TO_FIT_TEXT
    out, _ = imported(tmp_path, save(prs, tmp_path / "grow.pptx"))
    dl = o3local.render(str(out), sample=True, fmt="svg").display_list
    [item] = dl["pages"][0]["items"]
    assert len(item["lines"]) == 3 and not item["overflow"]
    assert dl["diagnostics"] == []
    assert item["y"] + item["h"] <= dl["pages"][0]["height"]


def test_placeholders_take_their_look_from_the_layout_master_and_theme(tmp_path):
    """PowerPoint's default template: the title slide's centred title is 44pt, centred both
    ways (the master title's anchor), the subtitle 32pt in tx1 with a 75% tint (#404040)."""
    prs = new_deck()
    slide = prs.slides.add_slide(prs.slide_layouts[0])
    slide.shapes.title.text = "{{ company.name }}"
    slide.placeholders[1].text = "{{ company.tagline }}"
    out, _ = imported(tmp_path, save(prs, tmp_path / "title.pptx"))
    dl = o3local.render(str(out), sample=True, fmt="svg").display_list
    title, subtitle = dl["pages"][0]["items"]
    assert (title["font_size"], title["align"], title["valign"]) == (44 * 12700, "center",
                                                                     "middle")
    assert title["paragraphs"][0]["runs"][0]["color"] == "#000000"
    assert (subtitle["font_size"], subtitle["align"]) == (32 * 12700, "center")
    assert subtitle["paragraphs"][0]["runs"][0]["color"] == "#404040"
    layout_title = prs.slide_layouts[0].placeholders[0]
    assert title["x"] == layout_title.left + 91440 - title["padding"]  # the inset kept


def test_chinese_keys_and_tags_typed_with_a_chinese_input_method(tmp_path):
    prs = new_deck()
    slide = blank(prs)
    # full-width braces and a full-width percent sign, as a Chinese IME types them
    text_box(slide, [("客户：｛｛ 公司.名称 ｝｝，金额 {{ 合同.金额 | cny_upper }}", 20, False, None)],
             paragraphs=[[("｛％ for r in 明细 ％｝", 20, False, None)],
                         [("{{ r.产品 }} {{ r.数量 * r.单价 | number(2) }}", 20, False, None)],
                         [("{% endfor %}", 20, False, None)]], w=8, h=3)
    out, result = imported(tmp_path, save(prs, tmp_path / "zh.pptx"))
    assert result.inputs == ["公司.名称", "合同.金额", "明细[].产品", "明细[].数量", "明细[].单价"]
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["languages"] == ["zh", "en"]
    assert '<document kind="presentation" width="10in" height="405pt" lang="zh">' in \
        (out / "deck.o3x").read_text("utf-8")
    shown = texts(o3local.render(str(out), sample=True, fmt="svg").display_list)[0]
    # (a space between two CJK characters is dropped by the layout)
    assert shown.startswith("客户：公司名称，金额壹仟贰佰叁拾肆元伍角整")
    assert "明细产品 3 13,715,912.25" in shown  # 3703.5 * 3703.5
