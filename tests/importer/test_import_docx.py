"""``o3-local import report.docx``: a Word document becomes a flow-document template.

The hand-made Writer document (fixtures/report.docx, made by
make_report.py) and small documents built here with python-docx are
imported for real; every package is validated and rendered.  Hostile and
wrong files end in an ``import.*`` code with nothing written.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import o3local
from o3local.cli import main
from o3local.errors import OfficeImportError
from o3local.importer import import_deck, import_document

REPORT = Path(__file__).parent / "fixtures" / "report.docx"


def imported(tmp_path: Path, source: Path, **kwargs):
    out = tmp_path / "template"
    result = import_document(source, out, **kwargs)
    assert o3local.validate(out).ok
    return result, out


def body(out: Path) -> str:
    return (out / "document.o3x").read_text("utf-8")


def test_the_writer_report_becomes_a_flow_template_with_its_schema_and_samples(tmp_path):
    result, out = imported(tmp_path, REPORT)
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["kind"] == "document" and manifest["entry"] == "document.o3x"
    assert manifest["languages"] == ["zh", "en"]
    props = manifest["inputs"]["properties"]
    assert props["report"]["properties"]["title"] == {"type": "string"}  # split over 3 runs
    assert props["revenue"] == {"type": "number"} and props["growth"] == {"type": "number"}
    assert props["customers"] == {"type": "number"}
    rows = props["rows"]["items"]["properties"]
    assert rows == {"region": {"type": "string"}, "amount": {"type": "number"}}
    assert props["notes"] == {"type": "array", "items": {"type": "string"}}
    assert "page" not in props and "loop" not in props
    sample = json.loads((out / "samples" / "data.json").read_text("utf-8"))
    assert len(sample["rows"]) == 3 and sample["report"]["title"] == "Report title"
    text = body(out)
    assert '<document kind="document" width="595.3pt" height="841.9pt" lang="zh">' in text
    assert '<flow margin="78.25pt 56.7pt 78.25pt 70.85pt"' in text
    assert "{{ report.title }}</h1>" in text
    assert "第 {{ page.number }} 页，共 {{ page.count }} 页" in text  # PAGE / NUMPAGES fields
    for piece in ('<h2 font-size="14pt" color="#1f3a5f" weight="bold"', '<ul marker="•"',
                  '<ul marker="◦"', '<ol marker="1."', '<tr header="true">',
                  '<span color="#c00000">{{ revenue | number(2) }}</span>',
                  "<b>{{ company }}</b>", "<page-break/>", '<image src="assets/image-'):
        assert piece in text, piece
    # the loop row is wrapped in its loop, and the nested bullet sits inside its item
    loop = text.index("{% for r in rows %}")
    assert text.index("<tr><td", loop) < text.index("{% endfor %}", loop)
    assert text.index('<ul marker="◦"') < text.index("</li>", text.index("重点项目"))
    assert result.elements == {"h1": 2, "p": 9, "h2": 4, "ul": 2, "ol": 1, "image": 1,
                               "table": 1, "page-break": 1, "control": 2}
    assert result.inputs == ["company", "report.title", "period", "revenue", "growth",
                             "customers", "rows[].region", "rows[].amount", "notes"]
    rendered = o3local.render(str(out), sample=True, fmt="svg")
    assert len(rendered.display_list["pages"]) == 2


def _docx(build) -> bytes:
    import docx

    document = docx.Document()
    build(document)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (40, 20), (31, 58, 95)).save(out, "PNG")
    return out.getvalue()


def _page_field(paragraph, instr: str) -> None:
    from docx.oxml import parse_xml

    paragraph._p.append(parse_xml(
        '<w:fldSimple xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
        f'w:instr=" {instr} "><w:r><w:t>9</w:t></w:r></w:fldSimple>'))


def test_word_made_document_first_page_header_runs_and_notes(tmp_path):
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Inches, Pt, RGBColor

    def build(d):
        section = d.sections[0]
        section.different_first_page_header_footer = True
        logo = section.header.paragraphs[0]
        logo.add_run().add_picture(io.BytesIO(_png()), width=Inches(1), height=Inches(0.5))
        logo.add_run("{{ company }}\t\tMonthly {{ kind }} report")
        mark = section.footer.add_paragraph()
        mark.alignment = WD_ALIGN_PARAGRAPH.CENTER
        mark.add_run().add_picture(io.BytesIO(_png()), width=Inches(2), height=Inches(0.25))
        section.first_page_header.paragraphs[0].text = "Confidential cover"
        footer = section.footer.paragraphs[0]
        footer.add_run("Page ")
        _page_field(footer, "PAGE")
        footer.add_run(" of ")
        _page_field(footer, "NUMPAGES")
        d.add_heading("Quarterly {{ quarter }}", level=3)
        p = d.add_paragraph()
        for text, bold, rgb in (("Total: {{ to", True, "C00000"), ("tal | curr", False, None),
                                ('ency(“$”) }}', False, None), (" due.", False, None)):
            run = p.add_run(text)
            run.bold = bold
            if rgb:
                run.font.color.rgb = RGBColor.from_string(rgb)
        slanted = d.add_paragraph().add_run("An italic remark.")
        slanted.italic = True
        slanted.font.size = Pt(9)
        d.add_paragraph("First step", style="List Number")
        d.add_paragraph("Second step", style="List Number")
        d.add_paragraph("A remark between the steps.")
        d.add_paragraph("Third step", style="List Number")
        d.add_paragraph("")
        d.add_paragraph("{% if overdue %}")
        d.add_paragraph("Overdue since {{ since | date(\"YYYY-MM-DD\") }}.")
        d.add_paragraph("{% endif %}")

    source = tmp_path / "memo.docx"
    source.write_bytes(_docx(build))
    result, out = imported(tmp_path, source)
    text = body(out)
    assert '<header page="first">' in text and "Confidential cover" in text
    # the logo before the header text: at the left margin, the text beside it; the footer's
    # picture paragraph (after the page numbers) centred at the bottom, the text above it
    head = text[text.index("<header>"):text.index("</header>")]
    assert '<image src="assets/image-' in head and 'x="90pt" y="36pt" w="1in" h="36pt"' in head
    assert '<text x="162pt" y="36pt" w="5in"' in head
    # "{{ company }}<TAB><TAB>Monthly…": the Header style's tabs: left part, right part
    assert "<p>{{ company }}</p>" in head and 'align="right">' in head
    assert "<p>Monthly {{ kind }} report</p>" in head
    foot = text[text.index("<footer>"):text.index("</footer>")]
    assert 'x="234pt" y="738pt" w="2in" h="18pt"' in foot  # 0.5in above the bottom edge
    assert '<text x="90pt" y="716pt" w="6in" h="22pt"' in foot and 'valign="bottom"' in foot
    assert "<p>Page {{ page.number }} of {{ page.count }}</p>" in text  # cached "9" dropped
    assert "<h3 " in text and "Quarterly {{ quarter }}</h3>" in text
    # the tag split over three runs is whole, in the first run's look, quotes straightened
    assert '<span color="#c00000" weight="bold">Total: {{ total | currency("$") }}</span>' in text
    assert "{% if overdue %}\n" in text and "{% endif %}\n" in text
    assert 'space-after="0">&#160;</p>' in text  # the empty paragraph: a blank line
    # a numbered list a paragraph interrupts goes on counting
    assert text.count("<ol ") == 2 and 'start="3"' in text and "<li>Third step" in text
    assert any("italic" in n for n in result.notes), result.notes
    props = json.loads((out / "manifest.json").read_text("utf-8"))["inputs"]["properties"]
    assert props["total"] == {"type": "number"} and props["overdue"] == {"type": "boolean"}
    assert props["since"] == {"type": "string", "format": "date"}
    assert "overdue" not in json.loads((out / "manifest.json").read_text("utf-8"))["inputs"].get(
        "required", [])


def test_a_tag_the_language_rejects_names_the_paragraph_and_writes_nothing(tmp_path):
    def build(d):
        d.add_paragraph("Fine {{ a }}")
        d.add_paragraph("{% for x in items %}")
        d.add_paragraph("{{ x.name }}")
        d.add_paragraph("{% endfro %}")

    source = tmp_path / "bad.docx"
    source.write_bytes(_docx(build))
    with pytest.raises(OfficeImportError) as err:
        import_document(source, tmp_path / "out")
    assert err.value.code == "import.invalid_template"
    assert "fix the tags in the document" in err.value.message
    assert any("paragraph 4" in str(p) for p in err.value.problems), err.value.problems
    assert sorted(os.listdir(tmp_path)) == ["bad.docx"]


def _parts() -> dict[str, bytes]:
    with zipfile.ZipFile(REPORT) as z:
        return {n: z.read(n) for n in z.namelist()}


def _zip(files: dict[str, bytes | str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


def test_hostile_and_wrong_documents_get_import_codes_and_no_output(tmp_path):
    cases: dict[str, tuple[bytes | None, str]] = {}
    parts = _parts()
    cases["text.docx"] = (b"not a document", "import.corrupt")
    cases["cut.docx"] = (REPORT.read_bytes()[:3000], "import.corrupt")
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + "EncryptionInfo".encode("utf-16-le")
    cases["locked.docx"] = (ole + bytes(64), "import.encrypted")
    cases["old.docx"] = (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(1024), "import.unsupported")
    cases["deck.docx"] = ((Path(__file__).parent / "fixtures" / "pitch.pptx").read_bytes(),
                          "import.unsupported")
    cases["text.odt.docx"] = (_zip({"mimetype": "application/vnd.oasis.opendocument.text",
                                    "content.xml": "<x/>"}), "import.unsupported")
    cases["bomb.docx"] = (_zip({"[Content_Types].xml": parts["[Content_Types].xml"],
                                "word/big.xml": bytes(8 * 1024 * 1024)}), "import.too_large")
    no_types = {k: v for k, v in parts.items() if k != "[Content_Types].xml"}
    cases["notypes.docx"] = (_zip(no_types), "import.corrupt")
    no_body = {k: v for k, v in parts.items() if k != "word/document.xml"}
    cases["nobody.docx"] = (_zip(no_body), "import.corrupt")
    broken = dict(parts, **{"word/document.xml": parts["word/document.xml"][:4000]})
    cases["broken.docx"] = (_zip(broken), "import.corrupt")
    laughs = ('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">'
              + "".join(f'<!ENTITY {c} "{("&" + p + ";") * 10}">'
                        for p, c in zip("abcdefgh", "bcdefghi", strict=True))
              + ']><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/'
              '2006/main"><w:body><w:p><w:r><w:t>&i;</w:t></w:r></w:p></w:body></w:document>')
    cases["laughs.docx"] = (_zip(dict(parts, **{"word/document.xml": laughs})),
                            "import.corrupt")
    cases["missing.docx"] = (None, "import.missing")
    runner = CliRunner()
    for name, (data, code) in cases.items():
        if data is not None:
            (tmp_path / name).write_bytes(data)
        result = runner.invoke(main, ["import", str(tmp_path / name), "-o",
                                      str(tmp_path / "out"), "--json"])
        assert result.exit_code == 1, (name, result.output)
        error = json.loads(result.output)["error"]
        assert error["code"] == code, (name, error)
        assert error["where"]["file"].endswith(name)
        assert not (tmp_path / "out").exists()
    assert not [n for n in os.listdir(tmp_path) if n.startswith(".o3-stage")]


def test_cli_json_reports_the_flow_elements_and_import_deck_takes_a_docx(tmp_path):
    runner = CliRunner()
    out = tmp_path / "t"
    result = runner.invoke(main, ["import", str(REPORT), "-o", str(out), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["ok"] is True and doc["id"] == "report" and doc["elements"]["table"] == 1
    assert doc["assets"] and doc["assets"][0].startswith("assets/image-")
    plain = runner.invoke(main, ["import", str(REPORT), "-o", str(tmp_path / "u")])
    assert plain.exit_code == 0 and "blocks:" in plain.output and "inputs:" in plain.output
    again = import_deck(REPORT, out, force=True, name="Monthly")  # the one entry point
    assert json.loads((out / "manifest.json").read_text("utf-8"))["name"] == "Monthly"
    assert again.elements == doc["elements"]


def test_a_table_of_contents_field_becomes_the_flows_toc(tmp_path):
    from docx.oxml import parse_xml

    ns = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

    def field_paragraph(body: str):
        return parse_xml(f"<w:p {ns}>{body}</w:p>")

    def build(d):
        d.add_paragraph("Contents")
        start = ('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText '
                 'xml:space="preserve"> TOC \\o "1-2" \\h \\z \\u </w:instrText></w:r>'
                 '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
                 '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGEREF '
                 '_Toc1 \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/>'
                 '</w:r><w:r><w:t>Intro cached 1</w:t></w:r><w:r><w:fldChar '
                 'w:fldCharType="end"/></w:r>')
        body = d.element.body
        anchor = d.paragraphs[-1]._p
        anchor.addnext(field_paragraph(start))
        entry = field_paragraph("<w:r><w:t>Results cached 2</w:t></w:r>")
        anchor.getnext().addnext(entry)
        end = field_paragraph('<w:r><w:fldChar w:fldCharType="end"/></w:r>')
        entry.addnext(end)
        assert body is not None
        d.add_heading("Intro {{ name }}", level=1)
        d.add_paragraph("Text.")
        d.add_heading("Results", level=2)

    source = tmp_path / "toc.docx"
    source.write_bytes(_docx(build))
    result, out = imported(tmp_path, source)
    text = body(out)
    assert '<toc depth="2"/>' in text and "cached" not in text
    assert text.index("Contents") < text.index("<toc") < text.index("Intro {{ name }}</h1>")
    assert result.elements["toc"] == 1
    rendered = o3local.render(str(out), sample=True, fmt="svg")
    words = " ".join(json.dumps(rendered.display_list, ensure_ascii=False).split())
    once = words.count("Text.")  # how often one line's text is in the display list
    assert once and words.count("Intro Name") == words.count("Results") == 2 * once  # entry
    # and heading
