"""``o3-local import``: a designed office deck or Word document becomes a template package."""

from __future__ import annotations

import click

from ._common import emit_json, handle_errors, json_option, style


@click.command(name="import")
@click.argument("source", type=click.Path(path_type=str))
@click.option("-o", "--output", required=True, type=click.Path(path_type=str),
              help="The template package folder to create (new, or empty).")
@click.option("--id", "template_id", metavar="ID",
              help="The template's id (a lowercase slug); default: from the file name.")
@click.option("--name", metavar="NAME", help="Display name; default: the deck's title or file name.")
@click.option("--force", is_flag=True, help="Replace a template package already at OUTPUT.")
@json_option
@handle_errors
def import_(source: str, output: str, template_id: str | None, name: str | None, force: bool,
            as_json: bool) -> None:
    """Make a template package from a .pptx deck or .docx document whose text holds tags.

    Deck: text boxes, pictures, tables, charts, rectangles and lines are
    kept in place.  Word document: a flow document (page setup, header and
    footer, headings, paragraphs, lists, tables, pictures).  The inputs schema and sample data are inferred from the tags, so
    `o3-local render OUTPUT --sample` works at once.  What could not be
    imported is listed.  Exit status: 0 written, 1 the deck cannot be
    imported (nothing is written), 2 usage error.
    """
    from ..importer import import_deck

    result = import_deck(source, output, template_id=template_id, name=name, force=force)
    if as_json:
        emit_json({"ok": True, **result.to_dict()})
        return
    counts = ", ".join(f"{n} {k}" for k, n in result.elements.items()) or "nothing"
    what = (f"flow document, blocks: {counts}" if result.kind == "document" else
            f"{result.pages} slide{'s' if result.pages != 1 else ''}: {counts}")
    click.echo(f"imported {source} -> {result.output}/ ({what}; "
               f"{len(result.inputs)} input{'s' if len(result.inputs) != 1 else ''})")
    if result.inputs:
        click.echo("  inputs: " + ", ".join(result.inputs))
    for note in result.notes:
        click.echo(style(f"  note: {note}", fg="yellow"))
    for warning in result.warnings:
        click.echo(style(f"  warning: {warning}", fg="yellow"))
    click.echo(f"  next: o3-local render {result.output} --sample -o preview.png")
