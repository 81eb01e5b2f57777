"""``o3-local info``: what a template package declares."""

from __future__ import annotations

import click

from ._common import emit_json, handle_errors, json_option, style


@click.command()
@click.argument("path", type=click.Path(path_type=str))
@json_option
@handle_errors
def info(path: str, as_json: bool) -> None:
    """Show a template package's identity, needs and files (it must be valid)."""
    from ..template.package import open_template

    pkg = open_template(path)
    m = pkg.manifest
    summary = {
        "id": pkg.id,
        "name": pkg.name,
        "version": pkg.version,
        "kind": pkg.kind,
        "entry": pkg.entry,
        "ai_capabilities": m.get("ai_capabilities", []),
        "required_permissions": m.get("required_permissions", []),
        "granted_permissions": sorted(pkg.permissions.granted),
        "compatible_versions": m.get("compatible_versions", []),
        "ai_slots": {k: v.get("task") for k, v in (m.get("ai_slots") or {}).items()},
        "sample_data": pkg.sample_data_name(),
        "files": sorted(pkg.files()),
        "warnings": [w.to_dict() for w in pkg.warnings],
    }
    if as_json:
        emit_json({"ok": True, "source": pkg.source, "template": summary, "manifest": m})
        return
    click.echo(style(f"{pkg.name}", bold=True) + f"  {pkg.id} {pkg.version} ({pkg.kind})")
    rows = [
        ("entry", pkg.entry),
        ("ai capabilities", ", ".join(summary["ai_capabilities"]) or "-"),
        ("permissions", ", ".join(summary["required_permissions"]) or "-"),
        ("granted", ", ".join(summary["granted_permissions"]) or "-"),
        ("compatible with", ", ".join(summary["compatible_versions"])),
        ("ai slots", ", ".join(f"{k} ({v})" for k, v in summary["ai_slots"].items()) or "-"),
        ("sample data", summary["sample_data"] or "-"),
        ("files", str(len(summary["files"]))),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        click.echo(f"  {key.ljust(width)}  {value}")
    for w in pkg.warnings:
        click.echo(style(f"  warning: {w}", fg="yellow"))
