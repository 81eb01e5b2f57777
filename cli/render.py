"""``o3-local render``: fill a template with data, lay it out, write SVG or PNG."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..errors import Location, TaskError, UsageError
from ..export import FORMATS
from ._common import emit_json, handle_errors, json_option, style

#: every registered exporter (svg, png, and the document formats as they land)
FORMAT_NAMES = tuple(FORMATS)


def _format_for(output: Path, fmt: str | None) -> str:
    suffix = output.suffix.lower().lstrip(".")
    if fmt is None:
        return suffix if suffix in FORMAT_NAMES else "png"
    if suffix in FORMAT_NAMES and suffix != fmt:
        raise UsageError(f"the output name {output.name!r} ends in .{suffix} but --format is "
                         f"{fmt}", code="usage.format")
    return fmt


def _from_library(template: str | None, host_version: str | None, *, interactive: bool) -> Any:
    """TEMPLATE as the library resolves it (``ID``, ``ID@VERSION``), asking consent on a terminal."""
    import sys

    from ..library import resolve_for_render

    def confirm(record: Any, asked: list[str]) -> bool:
        click.echo(f"{record.ref} ({record.trust.get('publisher') or record.key_id}) asks to: "
                   + ", ".join(asked), err=True)
        return click.confirm("Allow it (remembered for this version)?", default=False, err=True)

    ask = confirm if interactive and sys.stdin.isatty() else None
    return resolve_for_render(template, host_version=host_version, confirm=ask)


@click.command()
@click.argument("template", required=False)
@click.option("--data", "data", metavar="FILE", type=click.Path(path_type=Path),
              help="Data to fill in: .json, .csv or .xlsx.")
@click.option("--from", "source", metavar="DOCUMENT", type=click.Path(path_type=Path),
              help="Fill the template's inputs from your own document (.md, .txt, .docx, .pptx).")
@click.option("--fill-only", is_flag=True,
              help="With --from: write the filled data as JSON to OUT (review it, then --data).")
@click.option("--fill-method", type=click.Choice(("auto", "extractive", "model")), default="auto",
              show_default=True, help="With --from: how fields are filled.")
@click.option("--context", "context", metavar="KEY=VALUE", multiple=True,
              help="User context, read as {{ user.KEY }}; repeat for several.")
@click.option("--sample", is_flag=True,
              help="Use the template's sample data and context (alone: the funding-pitch sample).")
@click.option("--locale", metavar="TAG",
              help="Format numbers, amounts and dates for this locale (en-US, en-GB, zh-CN, zh-TW, "
                   "ja-JP, de-DE, fr-FR), over the template's own.")
@click.option("--format", "fmt", type=click.Choice(FORMAT_NAMES),
              help="Output format (default: from the -o suffix, else png).")
@click.option("--page", type=click.IntRange(min=1), metavar="N",
              help="Write only page N (1-based) to OUT.")
@click.option("--dpi", type=click.IntRange(1, 2400), default=96, show_default=True,
              help="PNG resolution.")
@click.option("-o", "--output", required=True, type=click.Path(path_type=Path), metavar="OUT",
              help="Output file; several pages: -o deck.png writes the folder deck/ holding "
                   "deck-01.png, deck-02.png... (all at once: old or new, never mixed).")
@click.option("--strict", is_flag=True, help="Fail (exit 1, no output) on layout warnings.")
@click.option("--host-version", metavar="X.Y.Z", envvar="O3_HOST_VERSION",
              help="Office application version, checked against compatible_versions.")
@json_option
@handle_errors
def render(template: str | None, data: Path | None, source: Path | None, fill_only: bool,
           fill_method: str, context: tuple[str, ...], sample: bool,
           locale: str | None, fmt: str | None, page: int | None, dpi: int, output: Path, strict: bool,
           host_version: str | None, as_json: bool) -> None:
    """Render TEMPLATE (a folder, an .o3t file or a bundled sample id) to SVG, PNG...

    Exit status: 0 rendered, 1 bad input or failed render (no output file is
    left behind), 2 usage error (OUT a device, FIFO or socket, a folder we did
    not write...).  Layout warnings (text overflow) are printed
    and do not fail the render unless --strict is given.
    """
    from ..bind import parse_context
    from ..render import render as run

    user = parse_context(context)
    if source is not None and data is not None:
        raise UsageError("give --data or --from, not both", code="usage.argument")
    if fill_only and source is None:
        raise UsageError("--fill-only needs --from DOCUMENT", code="usage.argument")
    template = _from_library(template, host_version, interactive=not as_json)
    filled = None
    if source is not None:
        from ..tasks.fill import fill_template

        try:
            filled = fill_template(template, str(source), user if context else None,
                                   method=fill_method, host_version=host_version)
        except TaskError as err:  # about the document (too long, a language no model writes)
            if err.where == Location():
                err.where = Location(file=str(source))
            raise
        if fill_only:
            _write_fill(output, filled, as_json)
            return
        if not as_json:
            _echo_fill(filled)
        data = filled.data  # type: ignore[assignment]
    result = run(template, data=data, context=user if context else None, sample=sample,
                 fmt=_format_for(output, fmt), output=output, page=page, dpi=dpi,
                 host_version=host_version, strict=strict, locale=locale)
    if as_json:
        extra = {"fill": filled.to_dict()} if filled is not None else {}
        emit_json({"ok": True, **result.to_dict(), **extra})
        return
    for diag in result.diagnostics:
        where = f"page {diag['page'] + 1}" if isinstance(diag.get("page"), int) else ""
        if diag.get("line") is not None:
            where += f" (line {diag['line']}:{diag.get('column', 0)})"
        click.echo(style("warning: ", fg="yellow", bold=True)
                   + f"{where}: {diag.get('message', '')} [{diag.get('code')}]", err=True)
    names = [str(p) for p in result.outputs]
    shown = names[0] if len(names) == 1 else f"{names[0]} ... {names[-1]}"
    plural = "s" if result.page_count != 1 else ""
    what = (f"page {page} of {result.page_count}" if page is not None
            else f"{result.page_count} page{plural}")
    click.echo(f"wrote {shown} ({what}, sha256 {result.sha256[:16]}, "
               f"{result.timings['total_ms']:.0f} ms)")


def _echo_fill(filled: Any) -> None:
    """Where each field came from, on stderr."""
    counts: dict[str, int] = {}
    for f in filled.fields:
        counts[f.source] = counts.get(f.source, 0) + 1
        if f.source not in ("model", "extractive"):
            click.echo(style("warning: ", fg="yellow", bold=True)
                       + f"{f.pointer}: {f.source} ({'; '.join(f.notes)})", err=True)
    shown = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    click.echo(f"filled {len(filled.fields)} fields from the document ({shown}; "
               f"{filled.seconds:.1f} s)", err=True)


def _write_fill(output: Path, filled: Any, as_json: bool) -> None:
    import json

    from ..fsutil import atomic_write_text, check_file_target

    check_file_target(output)
    atomic_write_text(output, json.dumps(filled.data, indent=2, ensure_ascii=False) + "\n")
    if as_json:
        emit_json({"ok": True, "output": str(output), **filled.to_dict()})
        return
    for f in filled.fields:
        note = f" ({'; '.join(f.notes)})" if f.notes else ""
        click.echo(f"{f.pointer}: {f.source}{note}", err=True)
    _echo_fill(filled)
    click.echo(f"wrote {output}")
