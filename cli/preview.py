"""``o3-local preview``: a live page of a template, re-rendered on every save."""

from __future__ import annotations

from pathlib import Path

import click

from ._common import handle_errors


@click.command("preview")
@click.argument("template")
@click.option("--data", "data", metavar="FILE", type=click.Path(path_type=Path),
              help="Data to fill in (.json, .csv, .xlsx), watched too; default: the "
                   "package's sample data.")
@click.option("--context", "context", metavar="KEY=VALUE", multiple=True,
              help="User context, read as {{ user.KEY }}; repeat for several.")
@click.option("--locale", metavar="TAG",
              help="Format numbers, amounts and dates for this locale (en-US, de-DE, zh-CN...).")
@click.option("--port", type=int, default=0, show_default=True,
              help="TCP port on 127.0.0.1 (0: the OS picks one).")
@click.option("--open/--no-open", "open_browser", default=True, show_default=True,
              help="Open the page in the default browser.")
@click.option("--host-version", metavar="X.Y.Z", envvar="O3_HOST_VERSION",
              help="Office application version, checked against compatible_versions.")
@handle_errors
def preview(template: str, data: Path | None, context: tuple[str, ...], locale: str | None, port: int,
            open_browser: bool, host_version: str | None) -> None:
    """Serve a live preview of TEMPLATE (a package folder) on 127.0.0.1.

    Every page is re-rendered within a moment of saving any file of the
    package (or the data file); problems are listed on the page with their
    file:line:column, and the page offers the PDF/PPTX/DOCX/XLSX download.
    Stop with Ctrl-C.
    """
    from ..bind import parse_context
    from ..preview import PreviewSession
    from ..preview.server import run

    session = PreviewSession(template, data=data, context=parse_context(context) if context else None,
                             host_version=host_version, locale=locale)

    def announce(url: str) -> None:
        click.echo(f"preview: {url}", err=True)
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    run(session, port=port, on_ready=announce)
