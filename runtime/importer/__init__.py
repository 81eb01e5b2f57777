"""Templates from office files: a designed .pptx deck or .docx document becomes a template package.

``o3-local import deck.pptx -o my-template/`` (and :func:`import_deck`) read
a deck whose text holds ``{{ … }}`` / ``{% … %}`` tags and write a package
that ``validate`` accepts and ``render`` renders at once:

* reader.py opens the file under the office-zip caps (hostile input);
* shapes.py maps slides and shapes to template records (model.py), with
  styles.py resolving PowerPoint's inheritance, tags.py rejoining tags the
  office app split across runs, pictures.py and charts.py the media;
* body.py spells the ``.o3x`` body, schema.py infers the ``inputs`` schema and
  sample data from the tags, write.py stages, validates and publishes.

A Word document (:func:`import_document`) goes through reader.open_document,
wordml.py (styles, numbering, fields, header/footer parts, tables, pictures)
and flowbody.py (one ``<flow>``); tags.py, schema.py, pictures.py and
write.py are shared with decks.

The mapping and what is not imported are in docs/template-format.md
("Templates from office files").
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Location, OfficeImportError, Problem

__all__ = ["ImportResult", "import_deck", "import_document"]


@dataclass
class ImportResult:
    """What an import wrote and what it had to change or leave out."""

    output: str
    template_id: str
    pages: int
    elements: dict[str, int]
    inputs: list[str]
    assets: list[str]
    notes: list[str]
    warnings: list[Problem] = field(default_factory=list)
    #: "presentation" (a deck: ``pages`` slides) or "document" (a flow: ``pages`` is 0)
    kind: str = "presentation"

    def to_dict(self) -> dict[str, Any]:
        return {"output": self.output, "id": self.template_id, "kind": self.kind,
                "pages": self.pages,
                "elements": self.elements, "inputs": self.inputs, "assets": self.assets,
                "notes": self.notes, "warnings": [w.to_dict() for w in self.warnings]}


def _slug(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    slug = "-".join(words)[:56].strip("-")
    if len(slug) < 3:
        slug = f"deck-{slug}" if slug else "imported-deck"
    return slug


def _paths(schema: dict[str, Any], prefix: str = "") -> list[str]:
    out: list[str] = []
    for key, sub in (schema.get("properties") or {}).items():
        path = f"{prefix}.{key}" if prefix else key
        if sub.get("type") == "object":
            out += _paths(sub, path)
        elif sub.get("type") == "array" and isinstance(sub.get("items"), dict) \
                and sub["items"].get("type") == "object":
            out += _paths(sub["items"], path + "[]")
        else:
            out.append(path)
    return out


def import_deck(source: str | os.PathLike[str], output: str | os.PathLike[str], *,
                template_id: str | None = None, name: str | None = None,
                force: bool = False) -> ImportResult:
    """Make the template package ``output`` from the .pptx deck ``source``.

    A Word document (``.docx``) is imported by :func:`import_document`.
    Raises :class:`~o3local.errors.OfficeImportError` (``import.*``) for a
    file that is not a readable deck or whose tags do not make a valid
    template, and :class:`~o3local.errors.UsageError` for an output that
    exists (``force`` replaces an earlier template package).  On any error
    nothing is written.
    """
    from .body import write_body
    from .model import Chart, Image, Line, Rect, Table, TextBox
    from .reader import is_word, open_deck
    from .shapes import SHAPE_ERRORS, DeckReader
    from .write import ENTRY

    src = Path(source)
    if is_word(src):
        return import_document(src, output, template_id=template_id, name=name, force=force)
    prs, raw = open_deck(src)
    reader = DeckReader(prs)
    try:
        deck = reader.read()
    except SHAPE_ERRORS as err:  # a slide, layout or master part that is not there or not XML
        raise OfficeImportError(f"the deck cannot be read: {err}", where=Location(file=str(src)),
                                code="import.corrupt") from None
    body, origins = write_body(deck)
    schema, template_id, warnings = _write_package(
        src, raw, output, body, origins, deck.assets, known=reader.known, kind="presentation",
        entry=ENTRY, lang=deck.lang, template_id=template_id, name=name or deck.title,
        force=force)
    counts: dict[str, int] = {}
    names = {TextBox: "text", Rect: "rect", Line: "line", Image: "image", Table: "table",
             Chart: "chart"}
    for slide in deck.slides:
        for el in slide.elements:
            kind = names[type(el)]
            counts[kind] = counts.get(kind, 0) + 1
    return ImportResult(str(Path(output)), template_id, len(deck.slides), counts, _paths(schema),
                        sorted(deck.assets), list(deck.notes), warnings)


def import_document(source: str | os.PathLike[str], output: str | os.PathLike[str], *,
                    template_id: str | None = None, name: str | None = None,
                    force: bool = False) -> ImportResult:
    """Make the flow-document template package ``output`` from the .docx ``source``.

    Same contract as :func:`import_deck`: ``import.*`` errors for a file
    that is not a readable Word document or whose tags do not make a valid
    template, ``usage.output`` for an output in the way; nothing written
    on any error.  ``pages`` in the result is 0: a flow's page count is
    known only once it is rendered with data.
    """
    from .flowbody import write_flow
    from .reader import open_document
    from .wordml import DocxError, WordReader
    from .write import DOCUMENT_ENTRY

    src = Path(source)
    parts, raw = open_document(src)
    reader = WordReader(parts)
    try:
        doc = reader.read()
    except DocxError as err:
        raise OfficeImportError(f"the document cannot be read: {err}",
                                where=Location(file=str(src)), code="import.corrupt") from None
    body, origins, counts, body_notes = write_flow(doc)
    schema, template_id, warnings = _write_package(
        src, raw, output, body, origins, doc.assets, known={}, kind="document",
        entry=DOCUMENT_ENTRY, lang=doc.lang, template_id=template_id, name=name or doc.title,
        force=force)
    notes = list(dict.fromkeys([*doc.notes, *body_notes]))
    return ImportResult(str(Path(output)), template_id, 0, counts, _paths(schema),
                        sorted(doc.assets), notes, warnings, kind="document")


def _write_package(src: Path, raw: bytes, output: str | os.PathLike[str], body: str,
                   origins: list[Any], assets: dict[str, bytes], *, known: dict[str, Any],
                   kind: str, entry: str, lang: str, template_id: str | None,
                   name: str | None, force: bool) -> tuple[dict[str, Any], str, list[Problem]]:
    """Infer the inputs and samples from ``body``, then write the package (write.publish).

    The manifest, samples and assets are the same for a deck and a document
    but for the kind, the entry and the permission.  (schema, id, warnings).
    """
    from . import schema as inputs
    from .write import json_bytes, publish

    schema, sample, context = inputs.build(body, known)
    template_id = template_id or _slug(src.stem)
    manifest: dict[str, Any] = {
        "manifest_version": 1,
        "id": template_id,
        "name": name or src.stem,
        "version": "1.0.0",
        "kind": kind,
        "entry": entry,
        "description": f"Imported from {src.name} by o3-local import.",
        "languages": ["en"] if lang == "en" else [lang, "en"],
        "compatible_versions": [">=11.5"],
        "required_permissions": [f"write:{kind}"],
        "samples": {"data": "samples/data.json"},
        "inputs": schema,
        "x-o3-import": {"source": src.name, "sha256": hashlib.sha256(raw).hexdigest()},
    }
    if assets:
        manifest["assets"] = sorted(assets)
    files: dict[str, bytes] = {entry: body.encode("utf-8")}
    files.update(sorted(assets.items()))
    files["samples/data.json"] = json_bytes(sample)
    if context:
        manifest["samples"]["context"] = "samples/context.json"
        files["samples/context.json"] = json_bytes(context)
    files = {"manifest.json": json_bytes(manifest), **files}
    source = "deck" if kind == "presentation" else "document"
    warnings = publish(output, files, origins, force=force, entry=entry, source=source,
                       source_file=str(src))
    return schema, template_id, warnings
