"""Corpus cases of ``o3-local import``: office files that cannot become a template package.

Each case hands the CLI a real file (a truncated deck, a password-protected one, a legacy
.doc, a deck whose tags the template language rejects...) and checks that nothing is written.
"""

from __future__ import annotations

import os
from pathlib import Path

from o3local.errors import Problem

from .corpus import Found, case, cli, cli_doc

OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def imported(t: Path, name: str, data: bytes | None = None) -> Problem:
    if data is not None:
        (t / name).write_bytes(data)
    err = cli(["import", str(t / name), "-o", str(t / "out")])
    assert not (t / "out").exists(), "a refused import wrote its output"
    return err


def _deck_bytes(t: Path, *texts: str) -> bytes:
    from tests.importer.kit import blank, new_deck, save, text_box

    prs = new_deck()
    for i, words in enumerate(texts):
        box = text_box(blank(prs), [(words, 18, False, None)])
        box.name = f"Box {i + 1}"
    return save(prs, t / "made.pptx").read_bytes()


case("import.missing", "not found", "absent.pptx")(lambda t: imported(t, "absent.pptx"))
case("import.corrupt", ("not a .pptx deck", "zip package"), "notes.pptx")(
    lambda t: imported(t, "notes.pptx", b"just some text, saved with the wrong name"))


@case("import.corrupt", ("not a valid", "zip"), "cut.pptx")
def _truncated_deck(t: Path) -> Found:
    data = _deck_bytes(t, "{{ title }}")
    return imported(t, "cut.pptx", data[: len(data) // 2])


@case("import.corrupt", ("the deck's part ppt/slides/slide1.xml is missing", "presentation.xml.rels"), "noslide.pptx")
def _deck_without_its_slide(t: Path) -> Found:
    import io
    import zipfile

    data = _deck_bytes(t, "{{ title }}")
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename != "ppt/slides/slide1.xml":
                dst.writestr(info, src.read(info))
    return imported(t, "noslide.pptx", out.getvalue())


case("import.encrypted", ("password-protected", "remove the password"), "locked.pptx")(
    lambda t: imported(t, "locked.pptx", OLE + bytes(504) + "EncryptionInfo".encode("utf-16-le") + bytes(64)))
case("import.unsupported", ("legacy binary PowerPoint file", "save it as .pptx"), "old.pptx")(
    lambda t: imported(t, "old.pptx", OLE + bytes(1024)))
case("import.unsupported", (".doc documents are not imported", "save it as .docx"), "report.doc")(
    lambda t: imported(t, "report.doc", OLE + bytes(1024)))


@case("import.unsupported", ("this office file is a PowerPoint deck", ".docx must be a Word document"), "deck.docx")
def _deck_named_docx(t: Path) -> Found:
    return imported(t, "deck.docx", _deck_bytes(t, "{{ title }}"))


@case("import.not_regular", "not a regular file", "pipe.pptx")
def _fifo_deck(t: Path) -> Found:
    os.mkfifo(t / "pipe.pptx")
    return imported(t, "pipe.pptx")


@case("import.too_large", "the deck is larger than the 268,435,456-byte cap", "huge.pptx")
def _huge_deck(t: Path) -> Found:
    with open(t / "huge.pptx", "wb") as fh:
        fh.write(b"PK\x03\x04")
        fh.truncate(256 * 1024 * 1024 + 1)  # sparse: no disk used
    return imported(t, "huge.pptx")


@case("import.invalid_template", ("the template made from the deck does not validate (1 problem)",
                                  "fix the tags in the deck"), "bad.pptx")
def _bad_tag(t: Path) -> Found:
    (t / "bad.pptx").write_bytes(_deck_bytes(t, "{{ ok }}", "{% for x in xs %}{{ x }}{% endfro %}"))
    doc = cli_doc(["import", str(t / "bad.pptx"), "-o", str(t / "out")])
    first = doc["error"]["problems"][0]
    assert "slide 2, shape 'Box 2'" in first["message"] and "endfro" in first["message"], first
    assert first["hint"] == "did you mean {% endfor %}?", first
    assert first["where"]["line"] >= 1 and first["where"]["column"] >= 1, first
    return imported(t, "bad.pptx")


@case("import.io", ("cannot write the template", "it is a file, so the output cannot go in a folder"), "a-file")
def _output_under_a_file(t: Path) -> Found:
    (t / "deck.pptx").write_bytes(_deck_bytes(t, "{{ title }}"))
    (t / "a-file").write_text("a file, not a folder")
    return cli(["import", str(t / "deck.pptx"), "-o", str(t / "a-file" / "out")])


# -- Word documents (the LibreOffice-made fixture, damaged) --------------------------------

REPORT = Path(__file__).parents[1] / "importer" / "fixtures" / "report.docx"


def _docx_parts() -> dict[str, bytes]:
    import zipfile

    with zipfile.ZipFile(REPORT) as z:
        return {n: z.read(n) for n in z.namelist()}


def _docx(files: dict[str, bytes]) -> bytes:
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


case("import.corrupt", ("not a valid .docx document", "not a zip package"), "cut.docx")(
    lambda t: imported(t, "cut.docx", REPORT.read_bytes()[:3000]))
case("import.corrupt", "the document cannot be read: the part word/document.xml is missing", "nobody.docx")(
    lambda t: imported(t, "nobody.docx", _docx({k: v for k, v in _docx_parts().items()
                                                 if k != "word/document.xml"})))


@case("import.corrupt", ("the part word/document.xml is not XML", "line 2, column"), "broken.docx")
def _docx_cut_xml(t: Path) -> Found:
    parts = _docx_parts()
    return imported(t, "broken.docx", _docx(dict(parts, **{"word/document.xml": parts["word/document.xml"][:4000]})))


@case("import.invalid_template", ("the template made from the document does not validate",
                                  "fix the tags in the document"), "bad.docx")
def _docx_bad_tag(t: Path) -> Found:
    from docx import Document

    d = Document()
    d.add_paragraph("{% for x in items %}")
    d.add_paragraph("{{ x.name }}")
    d.add_paragraph("{% endfro %}")
    d.save(str(t / "bad.docx"))
    doc = cli_doc(["import", str(t / "bad.docx"), "-o", str(t / "out")])
    assert any("paragraph 3" in p["message"] for p in doc["error"]["problems"]), doc["error"]["problems"]
    return imported(t, "bad.docx")
