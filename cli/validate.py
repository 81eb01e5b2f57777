"""``o3-local validate``: every problem of one or more template packages."""

from __future__ import annotations

import sys

import click

from ..errors import Location, O3Error, Problem
from ._common import emit_json, json_option, style


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=str))
@click.option("--host-version", metavar="X.Y.Z", envvar="O3_HOST_VERSION",
              help="Version of the office application served; checked against compatible_versions.")
@json_option
def validate(paths: tuple[str, ...], host_version: str | None, as_json: bool) -> None:
    """Check template packages (folders or .o3t files) and report every problem.

    Exit status: 0 all valid, 1 any invalid, 2 usage error.
    """
    from ..template.validate import ValidationReport
    from ..template.validate import validate as run

    reports: list[ValidationReport] = []
    for path in paths:
        try:
            reports.append(run(path, host_version=host_version))
        except O3Error as err:
            if err.exit_code == 2:
                if as_json:
                    emit_json({"ok": False, "error": err.to_dict()})
                else:
                    click.echo(style("error: ", fg="red", bold=True) + str(err), err=True)
                sys.exit(2)
            reports.append(ValidationReport(path, [Problem(err.code, err.message, err.where or Location(file=path))]))
    ok = all(r.ok for r in reports)
    if as_json:
        emit_json({"ok": ok, "reports": [r.to_dict() for r in reports]})
    else:
        for r in reports:
            _print_report(r)
    sys.exit(0 if ok else 1)


def _print_report(report) -> None:
    n_err, n_warn = len(report.errors), len(report.warnings)
    if report.ok:
        head = style("valid", fg="green", bold=True)
        if n_warn:
            head += f" ({n_warn} warning{'s' if n_warn != 1 else ''})"
    else:
        head = style("invalid", fg="red", bold=True) + f" ({n_err} error{'s' if n_err != 1 else ''}"
        head += f", {n_warn} warning{'s' if n_warn != 1 else ''})" if n_warn else ")"
    click.echo(f"{report.source}: {head}")
    for p in report.problems:
        colour = "red" if p.severity == "error" else "yellow"
        loc = str(p.where)
        text = f"  {style(p.severity, fg=colour)} {loc}: {p.message}"
        if p.hint:
            text += style(f" ({p.hint})", fg="cyan")
        text += style(f" [{p.code}]", dim=True)
        click.echo(text)
