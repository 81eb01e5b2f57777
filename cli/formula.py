"""``o3-local formula "REQUEST" --sheet FILE.xlsx``: a checked Excel formula from a request."""

from __future__ import annotations

import click

from ._common import emit_json, handle_errors, json_option


@click.command("formula")
@click.argument("request")
@click.option("--sheet", "sheet_path", type=click.Path(dir_okay=False), default=None,
              help="The .xlsx workbook the formula is for (needed to generate).")
@click.option("--sheet-name", default=None, help="Worksheet name (default: the active one).")
@click.option("--cell", default=None, help="Target cell, e.g. D2.")
@click.option("--write", "write_path", type=click.Path(dir_okay=False), default=None,
              help="Write a copy of the workbook with the formula in --cell (a per-row answer fills down its column).")
@click.option("--mode", type=click.Choice(["generate", "repair", "complete"]), default="generate",
              show_default=True, help="repair fixes REQUEST as a formula; complete finishes it.")
@click.option("--method", type=click.Choice(["auto", "rules", "llm"]), default="auto",
              show_default=True)
@click.option("--model", default=None, help="Local model for the llm method.")
@click.option("--target", "app", type=click.Choice(["portable", "excel-2016", "excel-365", "wps", "libreoffice"]),
              default="portable", show_default=True,
              help="Application the formula is for; portable uses only functions all of them compute.")
@json_option
@handle_errors
def formula(request: str, sheet_path: str | None, sheet_name: str | None, cell: str | None,
            write_path: str | None, mode: str, method: str, model: str | None, app: str,
            as_json: bool) -> None:
    """Write, repair or complete an Excel formula; it is evaluated on the sheet before it is shown."""
    from ..errors import UsageError
    from ..tasks.formula import formula as run
    from ..tasks.formula.schema import read_sheet
    from ..tasks.formula.writer import write_formula

    if write_path and not sheet_path:
        raise UsageError("--write needs --sheet", code="usage.write")
    schema = read_sheet(sheet_path, sheet_name) if sheet_path else None
    result = run(request, sheet=schema, target_cell=cell, mode=mode, method=method, model=model,
                 target=app)
    if write_path:
        if not result.target_cell:
            raise UsageError("--write needs --cell: the answer is one value, and no cell was named "
                             "(a per-row request like \"in a new column\" places itself)",
                             code="usage.write")
        write_formula(sheet_path, schema.sheet, result.target_cell, result.formula, write_path,
                      result.fill_range)
    if as_json:
        emit_json({"ok": True, **result.to_dict(), "written": write_path})
        return
    click.echo(result.formula)
    if result.value is not None:
        click.echo(f"value: {result.value}", err=True)
    click.echo(f"{result.explanation}", err=True)
    if result.fill_range:
        click.echo(f"cell {result.target_cell}, filled down over {result.fill_range}"
                   + (f" (written to {write_path})" if write_path else ""), err=True)
