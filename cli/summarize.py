"""``o3-local summarize FILE|-``: summarize a text, Markdown, Word or PowerPoint file."""

from __future__ import annotations

import sys

import click

from ._common import emit_json, handle_errors, json_option


@click.command("summarize")
@click.argument("source", metavar="FILE|-")
@click.option("--lang", default="auto", show_default=True, help="auto, en or zh.")
@click.option("--max-chars", type=int, default=None,
              help="Longest summary, in characters [default: 600; 40 (zh) / 150 (en) for headline].")
@click.option("--style", type=click.Choice(["paragraph", "bullets", "headline"]),
              default="paragraph", show_default=True,
              help="headline: one line, compressed to whole clauses (a title).")
@click.option("--method", type=click.Choice(["auto", "extractive", "abstractive"]),
              default="auto", show_default=True,
              help="extractive is fast and deterministic; abstractive needs a local model.")
@click.option("--model", default=None, help="Local model to use for abstractive summaries.")
@json_option
@handle_errors
def summarize(source: str, lang: str, max_chars: int | None, style: str, method: str,
              model: str | None, as_json: bool) -> None:
    """Summarize FILE (.txt, .md, .docx, .pptx) or standard input (-) offline."""
    from ..errors import DataError, Location, TaskError
    from ..safeio import read_stream
    from ..tasks.summarize import summarize as run
    from ..tasks.summarize.readers import MAX_TEXT_FILE_BYTES, decode_text, read_document

    if source == "-":
        raw = read_stream(sys.stdin.buffer, MAX_TEXT_FILE_BYTES, what="standard input")
        text = decode_text(raw, "<stdin>")
        if not text.strip():
            raise DataError("standard input is empty: nothing to summarize", code="task.empty")
    else:
        text = read_document(source)
    try:
        result = run(text, lang=lang, max_chars=max_chars, style=style, method=method, model=model,
                     progress=_progress())
    except TaskError as err:  # about the text: name the file it came from
        if err.where == Location():
            err.where = Location(file="<stdin>" if source == "-" else source)
        raise
    if as_json:
        emit_json({"ok": True, **result.to_dict()})
    else:
        click.echo(result.text)
        for note in result.notes:
            click.echo(f"note: {note}", err=True)


def _progress():
    """A progress printer for long runs: each line on stderr with the seconds so far."""
    import time

    start = time.monotonic()

    def say(line: str) -> None:
        click.echo(f"[{time.monotonic() - start:5.1f} s] {line}", err=True)

    return say
