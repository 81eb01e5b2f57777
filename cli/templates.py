"""``o3-local templates``: the local template library (install, trust, consent, search).

A thin layer over :mod:`o3local.library`: every sub-command takes ``--json``
and prints one JSON document; refusals are typed errors with their code
(``library.file_modified``, ``consent.required``...) and exit status 1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from ..errors import LibraryError, Location
from ._common import emit_json, handle_errors, json_option, style

host_option = click.option("--host-version", metavar="X.Y.Z", envvar="O3_HOST_VERSION",
                           help="Office application version, checked against compatible_versions.")


def _library() -> Any:
    from ..library import Library

    return Library()


def _out(as_json: bool, doc: dict[str, Any], text: str) -> None:
    if as_json:
        emit_json({"ok": True, **doc})
    else:
        click.echo(text)


def _line(r: Any) -> str:
    trust = r.trust.get("status")
    who = r.trust.get("publisher") or r.trust.get("key_id") or ""
    flag = "bundled" if r.readonly else trust
    return f"{r.ref:<36} {r.manifest.get('kind') or '':<13} {flag:<9} {who}  {r.manifest.get('name') or ''}"


@click.group()
def templates() -> None:
    """Install, list, sign, trust and search template packages."""


@templates.command("add")
@click.argument("package", type=click.Path(path_type=Path))
@click.option("--allow-unsigned", is_flag=True,
              help="Install even if unsigned or signed by a key you do not trust (never if altered).")
@host_option
@json_option
@handle_errors
def add(package: Path, allow_unsigned: bool, host_version: str | None, as_json: bool) -> None:
    """Install PACKAGE (an .o3t file or a folder) into the library."""
    record = _library().add(package, allow_unsigned=allow_unsigned, host_version=host_version)
    text = f"installed {record.ref} ({record.trust['status']}"
    if record.trust.get("publisher") or record.trust.get("key_id"):
        text += f" by {record.trust.get('publisher') or record.trust['key_id']}"
    text += f") at {record.path}"
    if record.trust["status"] != "signed" and not as_json:
        click.echo(style("warning: ", fg="yellow", bold=True) + f"not verified: {record.trust['message']}",
                   err=True)
    _out(as_json, {"installed": record.to_dict()}, text)


@templates.command("list")
@json_option
@handle_errors
def list_(as_json: bool) -> None:
    """List installed and bundled templates, every version."""
    records = _library().list()
    _out(as_json, {"templates": [r.to_dict() for r in records]},
         "\n".join(_line(r) for r in records) or "no templates installed")


@templates.command("info")
@click.argument("ref")
@host_option
@json_option
@handle_errors
def info(ref: str, host_version: str | None, as_json: bool) -> None:
    """Show what REF (ID or ID@VERSION) is: publisher, trust, versions, permissions."""
    from ..library.consent import ConsentStore, asked_for

    lib = _library()
    record = lib.resolve(ref, host_version)
    granted = sorted(ConsentStore().granted(record.id, record.version, record.key_id))
    doc = {**record.to_dict(), "versions": [r.version for r in lib.versions(record.id)],
           "asks": asked_for(record.manifest), "granted": granted}
    text = "\n".join(f"{k}: {json.dumps(v, ensure_ascii=False) if isinstance(v, (list, dict)) else v}"
                     for k, v in doc.items() if v not in (None, [], ""))
    _out(as_json, {"template": doc}, text)


@templates.command("rm")
@click.argument("ref")
@json_option
@handle_errors
def rm(ref: str, as_json: bool) -> None:
    """Remove REF (ID@VERSION, or ID: every installed version)."""
    gone = _library().remove(ref)
    _out(as_json, {"removed": [r.ref for r in gone]}, "removed " + ", ".join(r.ref for r in gone))


@templates.command("path")
@click.argument("ref", required=False)
@host_option
@json_option
@handle_errors
def path(ref: str | None, host_version: str | None, as_json: bool) -> None:
    """Print the library folder, or the package folder of REF."""
    lib = _library()
    where = lib.resolve(ref, host_version).path if ref else lib.root
    _out(as_json, {"path": str(where)}, str(where))


@templates.command("search")
@click.argument("query")
@click.option("--limit", type=click.IntRange(1, 100), default=5, show_default=True)
@host_option
@json_option
@handle_errors
def search(query: str, limit: int, host_version: str | None, as_json: bool) -> None:
    """Rank templates for QUERY, e.g. "制作一份融资路演PPT" or "quarterly sales report"."""
    from ..library.catalog import search_library

    hits = search_library(_library(), query, limit=limit, host_version=host_version)
    text = "\n".join(f"{h['score']:7.2f}  {h['id']}@{h['version']}  {h['name']}" for h in hits)
    _out(as_json, {"query": query, "results": hits}, text or "no template matches")


@templates.command("permissions")
@click.option("--grant", "grant", metavar="ID@VERSION", help="Agree to what ID@VERSION asks.")
@click.option("--revoke", "revoke", metavar="ID[@VERSION]", help="Forget the grants of a template.")
@json_option
@handle_errors
def permissions(grant: str | None, revoke: str | None, as_json: bool) -> None:
    """List what you agreed templates may do beyond the defaults; grant or revoke it."""
    from ..library.consent import ConsentStore, asked_for
    from ..library.store import split_ref

    store = ConsentStore()
    if grant:
        record = _library().resolve(grant)
        g = store.grant(record.id, record.version, record.key_id, asked_for(record.manifest))
        _out(as_json, {"granted": g.to_dict()},
             f"granted {record.ref}: {', '.join(g.permissions) or 'nothing beyond the defaults'}")
        return
    if revoke:
        tid, version = split_ref(revoke)
        gone = store.revoke(tid, version)
        if not gone:
            raise LibraryError(f"no grant for {revoke}", where=Location(file=str(store.path)),
                               code="library.no_grant")
        _out(as_json, {"revoked": [g.to_dict() for g in gone]},
             "revoked " + ", ".join(f"{g.template_id}@{g.version}" for g in gone))
        return
    grants = store.grants()
    _out(as_json, {"grants": [g.to_dict() for g in grants]},
         "\n".join(f"{g.template_id}@{g.version} ({g.key_id}): {', '.join(g.permissions)}" for g in grants)
         or "no grants")


@templates.command("keygen")
@click.argument("name")
@click.option("--dir", "folder", type=click.Path(path_type=Path, file_okay=False), default=Path("."),
              show_default=True, help="Where to write NAME.key.json and NAME.pub.json.")
@json_option
@handle_errors
def keygen(name: str, folder: Path, as_json: bool) -> None:
    """Make a publisher signing key NAME (keep NAME.key.json secret; share NAME.pub.json)."""
    from ..library.signing import generate_key, write_key_pair

    key = generate_key(name)
    private, public = write_key_pair(key, folder, name)
    _out(as_json, {"key_id": key.public.key_id, "private": str(private), "public": str(public)},
         f"key {key.public.key_id}: secret {private}, public {public}")


@templates.command("sign")
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False, exists=True))
@click.option("--key", "key_file", required=True, type=click.Path(path_type=Path, dir_okay=False),
              help="The publisher's NAME.key.json.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), metavar="OUT.o3t",
              help="Also pack the signed package into OUT.o3t.")
@json_option
@handle_errors
def sign(folder: Path, key_file: Path, output: Path | None, as_json: bool) -> None:
    """Sign the package in FOLDER: writes FOLDER/SIGNATURE.json (and OUT.o3t with -o)."""
    from ..library.publish import pack, sign_folder

    doc = sign_folder(folder, key_file)
    result = {"signature": str(folder / "SIGNATURE.json"), "digest": doc["digest"], "key_id": doc["key_id"]}
    if output is not None:
        pack(folder, output)
        result["package"] = str(output)
    _out(as_json, result, f"signed {doc['package']['id']}@{doc['package']['version']} with {doc['key_id']}"
         + (f", packed {output}" if output else ""))


@templates.group("trust")
def trust() -> None:
    """The publisher keys you trust."""


@trust.command("add")
@click.argument("public_key", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--name", help="Name to show for this publisher.")
@json_option
@handle_errors
def trust_add(public_key: Path, name: str | None, as_json: bool) -> None:
    """Trust the publisher key in PUBLIC_KEY (NAME.pub.json)."""
    from ..library.trust import TrustStore

    t = TrustStore().add(public_key, name)
    _out(as_json, {"trusted": t.to_dict()}, f"trusted {t.key.key_id} ({t.key.name})")


@trust.command("list")
@json_option
@handle_errors
def trust_list(as_json: bool) -> None:
    """List trusted keys: administrator's, yours, and the bundled sample publisher's."""
    from ..library.trust import TrustStore

    keys = TrustStore().keys()
    _out(as_json, {"keys": [t.to_dict() for t in keys]},
         "\n".join(f"{t.key.key_id}  {t.scope:<8} {t.key.name}"
                   + (f" (only for {', '.join(t.key.ids)})" if t.key.ids else "") for t in keys)
         or "no trusted keys")


@trust.command("rm")
@click.argument("key_id")
@json_option
@handle_errors
def trust_rm(key_id: str, as_json: bool) -> None:
    """Stop trusting KEY_ID (yours only; administrator keys are managed by IT)."""
    from ..library.trust import TrustStore

    removed = TrustStore().remove(key_id)
    _out(as_json, {"removed": removed}, f"removed {key_id}")


