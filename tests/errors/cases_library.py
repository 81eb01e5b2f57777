"""Corpus cases of the template library: ``o3-local templates`` refusing packages, keys and grants.

Every case works in a library, trust store and consent file of its own (``O3_TEMPLATES_DIR``,
``O3_TRUST_DIR``, ``O3_ADMIN_TRUST_DIR``, ``O3_CONSENT_FILE`` under the case's folder) and
makes its packages and keys for real: Ed25519 keys, signed packages, then the edit a
tamperer, a careless publisher or a damaged disk makes.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

from o3local.errors import Problem

from .corpus import MANIFEST, Found, case, cli, package, raised, text


def env(t: Path) -> dict[str, str]:
    return {"O3_TEMPLATES_DIR": str(t / "lib"), "O3_TRUST_DIR": str(t / "trust"),
            "O3_ADMIN_TRUST_DIR": str(t / "admin"), "O3_CONSENT_FILE": str(t / "consent.json")}


def templates(t: Path, *args: str) -> Problem:
    return cli(["templates", *args], env(t))


def keys(t: Path, name: str = "acme") -> tuple[Path, Path]:
    from o3local.library.signing import generate_key, write_key_pair

    (t / "keys").mkdir(exist_ok=True)
    return write_key_pair(generate_key(name), t / "keys", name)


def signed(t: Path, *, trusted: bool = True, files: dict[str, bytes | str] | None = None,
           manifest: dict[str, Any] | None = None) -> Path:
    """A package signed by a fresh key ``acme`` (trusted by this user unless ``trusted`` is False)."""
    from o3local.library.publish import sign_folder
    from o3local.library.trust import TrustStore

    pkg = package(t, manifest=manifest, files={"assets/note.txt": "hello", **(files or {})})
    private, public = keys(t)
    sign_folder(pkg, private)
    if trusted:
        TrustStore(user=t / "trust", admin=t / "admin", bundled=t / "none").add(public)
    return pkg


def add(t: Path, pkg: Path, *more: str) -> Problem:
    return templates(t, "add", str(pkg), *more)


def _signature(pkg: Path) -> dict[str, Any]:
    return json.loads((pkg / "SIGNATURE.json").read_text())


# -- installing: the signature -------------------------------------------------------------

case("library.unsigned", "the package is not signed (no SIGNATURE.json)", "pkg")(
    lambda t: add(t, package(t)))
case("library.key_untrusted", ("which is not in the trust store", "o3-local templates trust add"),
     "pkg/SIGNATURE.json")(lambda t: add(t, signed(t, trusted=False)))


@case("library.signature_malformed", ("SIGNATURE.json is not JSON", "line 1 column 1"), "pkg/SIGNATURE.json")
def _sig_not_json(t: Path) -> Found:
    pkg = signed(t)
    (pkg / "SIGNATURE.json").write_text("signed, trust me")
    return add(t, pkg)


@case("library.signature_malformed", "signature has 63 bytes, expected 64", "pkg/SIGNATURE.json")
def _sig_short(t: Path) -> Found:
    import base64

    pkg = signed(t)
    doc = _signature(pkg)
    doc["signature"] = base64.b64encode(base64.b64decode(doc["signature"])[:63]).decode()
    (pkg / "SIGNATURE.json").write_text(json.dumps(doc))
    return add(t, pkg)


@case("library.signature_invalid", ("does not verify", "altered"), "pkg/SIGNATURE.json")
def _sig_forged(t: Path) -> Found:
    pkg = signed(t)
    doc = _signature(pkg)
    doc["package"]["version"] = "9.9.9"  # the signed message no longer matches
    (pkg / "SIGNATURE.json").write_text(json.dumps(doc))
    return add(t, pkg)


@case("library.key_scope", ("is trusted only for acme-only", "not for 'corpus-doc'"), "pkg/SIGNATURE.json")
def _scoped_key(t: Path) -> Found:
    from o3local.library.publish import sign_folder

    pkg = package(t)
    private, public = keys(t)
    sign_folder(pkg, private)
    doc = json.loads(public.read_text())
    (t / "trust").mkdir()
    (t / "trust" / "acme.pub.json").write_text(json.dumps({**doc, "ids": ["acme-only"]}))
    return add(t, pkg)


@case("library.signature_replayed", ("the signature is for corpus-doc@1.0.0", "other-doc@1.0.0",
                                     "copied from another package"), "SIGNATURE.json")
def _replayed(t: Path) -> Found:
    original = signed(t)
    copy = t / "other"
    shutil.copytree(original, copy)
    manifest = json.loads((copy / "manifest.json").read_text())
    (copy / "manifest.json").write_text(json.dumps({**manifest, "id": "other-doc"}))
    return add(t, copy)


@case("library.file_missing", "signed file 'assets/note.txt' is missing from the package", "pkg/assets/note.txt")
def _file_missing(t: Path) -> Found:
    pkg = signed(t)
    (pkg / "assets" / "note.txt").unlink()
    return add(t, pkg)


@case("library.file_added", "file 'assets/extra.js' was added after signing", "pkg/assets/extra.js")
def _file_added(t: Path) -> Found:
    pkg = signed(t)
    (pkg / "assets" / "extra.js").write_text("fetch('https://evil.example')")
    return add(t, pkg)


@case("library.file_modified", "file 'doc.o3x' was modified after signing", "pkg/doc.o3x")
def _file_modified(t: Path) -> Found:
    pkg = signed(t)
    (pkg / "doc.o3x").write_text(text("changed"))
    return add(t, pkg)


# -- installing: the package ---------------------------------------------------------------

@case("package.unsafe", "the package has unsafe entries (1)", "evil.o3t")
def _unsafe(t: Path) -> Found:
    path = t / "evil.o3t"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("manifest.json", json.dumps(MANIFEST))
        z.writestr("doc.o3x", text("x"))
        z.writestr("../escape.txt", "x")
    return add(t, path, "--allow-unsigned")


@case("manifest.invalid", ("template package is invalid (1 problem", "entry file 'main.o3x' is not in the package"),
      "pkg")
def _invalid(t: Path) -> Found:
    err = add(t, package(t, manifest=dict(MANIFEST, entry="main.o3x")), "--allow-unsigned")
    # the problem is placed in the package the user named, not in the library's staging copy
    assert f"{t / 'pkg' / 'manifest.json'}:" in err.message and "staging" not in err.message, err.message
    return err


case("library.incompatible_host", ("does not run on host version 10.0.0", ">=11"), "pkg/manifest.json")(
    lambda t: add(t, package(t), "--allow-unsigned", "--host-version", "10.0.0"))


@case("library.install_failed", ("cannot move the package into the library", "it is a file"), "lib/packages")
def _library_damaged(t: Path) -> Found:
    (t / "lib").mkdir()
    (t / "lib" / "packages").write_text("a file where the packages folder should be")
    return add(t, package(t), "--allow-unsigned")


# -- the installed library -----------------------------------------------------------------

def installed(t: Path, manifest: dict[str, Any] | None = None) -> Path:
    """``corpus-doc@1.0.0`` installed (unsigned) into the case's library; returns its folder."""
    from o3local.library import Library
    from o3local.library.trust import TrustStore

    lib = Library(t / "lib", trust=TrustStore(user=t / "trust", admin=t / "admin", bundled=t / "none"))
    return lib.add(package(t, manifest=manifest), allow_unsigned=True).path


case("library.not_installed", ("template nope is not in the library", "installed:"), "lib")(
    lambda t: templates(t, "info", "nope"))
case("library.not_installed", "nope is not installed", "lib")(lambda t: templates(t, "rm", "nope"))


@case("library.incompatible_host", ("no installed version of corpus-doc runs on host version 10.0.0",
                                    "corpus-doc@1.0.0 supports >=11"), "/compatible_versions")
def _installed_incompatible(t: Path) -> Found:
    installed(t)
    return templates(t, "info", "corpus-doc", "--host-version", "10.0.0")


case("library.readonly", "invoice ships with the program and is read-only", "templates/invoice")(
    lambda t: templates(t, "rm", "invoice"))


@case("library.store_corrupt", ("corpus-doc@1.0.0's files changed since it was installed", "reinstall"), "")
def _tampered_install(t: Path) -> Found:
    folder = installed(t)
    (folder / "doc.o3x").chmod(0o644)
    (folder / "doc.o3x").write_text(text("tampered"))
    err = cli(["render", "corpus-doc@1.0.0", "--format", "svg", "-o", str(t / "out.svg")], env(t))
    assert err.where.file == str(folder), err.where
    return err


@case("consent.required", ("asks for network:remote-inference beyond the defaults",
                           "o3-local templates permissions --grant corpus-doc@1.0.0"), "")
def _consent(t: Path) -> Found:
    installed(t, dict(MANIFEST, required_permissions=["read:document", "write:document",
                                                      "network:remote-inference"],
                      ai_capabilities=["summarization"],
                      ai_slots={"s": {"task": "summarization", "input": "/text", "offload": "auto"}},
                      inputs={"type": "object", "properties": {"text": {"type": "string"}}}))
    return cli(["render", "corpus-doc@1.0.0", "--format", "svg", "-o", str(t / "out.svg")], env(t))


# -- keys, trust and grants ----------------------------------------------------------------

@case("library.key_exists", "a key of that name exists; refusing to overwrite it", "keys/acme.key.json")
def _key_exists(t: Path) -> Found:
    keys(t)
    return templates(t, "keygen", "acme", "--dir", str(t / "keys"))


@case("library.key_unreadable", ("key file is not JSON", "line 1 column 1"), "friend.pub.json")
def _key_not_json(t: Path) -> Found:
    (t / "friend.pub.json").write_text("ssh-ed25519 AAAA... friend@laptop")
    return templates(t, "trust", "add", str(t / "friend.pub.json"))


@case("library.key_unreadable", ("key_id 'ed25519:0000000000000000' does not belong to this key",), "acme.pub.json")
def _key_id_lies(t: Path) -> Found:
    _, public = keys(t)
    doc = json.loads(public.read_text())
    public.write_text(json.dumps({**doc, "key_id": "ed25519:0000000000000000"}))
    return templates(t, "trust", "add", str(public))


@case("library.key_unreadable", "public_key has 31 bytes, expected 32", "acme.pub.json")
def _key_short(t: Path) -> Found:
    import base64

    _, public = keys(t)
    doc = json.loads(public.read_text())
    doc["public_key"] = base64.b64encode(base64.b64decode(doc["public_key"])[:31]).decode()
    public.write_text(json.dumps(doc))
    return templates(t, "trust", "add", str(public))


@case("library.key_readonly", ("is trusted by the admin trust store", "does not change"), ".pub.json")
def _admin_key(t: Path) -> Found:
    from o3local.library.trust import TrustStore

    _, public = keys(t)
    admin = TrustStore(user=t / "admin", admin=t / "none", bundled=t / "none").add(public)
    return templates(t, "trust", "rm", admin.key.key_id)


case("library.key_unknown", ("key ed25519:0123456789abcdef is not trusted", "trusted keys:"), "trust")(
    lambda t: templates(t, "trust", "rm", "ed25519:0123456789abcdef"))
case("library.no_grant", "no grant for corpus-doc", "consent.json")(
    lambda t: templates(t, "permissions", "--revoke", "corpus-doc"))


@case("usage.consent_file", ("the consent file is unreadable", "delete it to start over"), "consent.json")
def _consent_file(t: Path) -> Found:
    (t / "consent.json").write_text('{"grants": [{"id": "x"}]}')
    return templates(t, "permissions")


@case("usage.permission", ("unknown permission 'network:anywhere'", "known:"), "")
def _unknown_permission(t: Path) -> Found:
    # the Python API (an add-in host's own consent dialog) grants what it is given
    from o3local.library.consent import ConsentStore

    return raised(lambda: ConsentStore(t / "consent.json").grant("corpus-doc", "1.0.0", "unsigned",
                                                                 ["network:anywhere"]))


@case("manifest.invalid", ("refusing to sign an invalid package (1 problem", "missing required key 'entry'"), "pkg")
def _sign_invalid(t: Path) -> Found:
    private, _ = keys(t)
    pkg = package(t, manifest={k: v for k, v in MANIFEST.items() if k != "entry"})
    return templates(t, "sign", str(pkg), "--key", str(private))


@case("package.unsafe", "the package has unsafe entries", "pkg")
def _sign_with_link_out(t: Path) -> Found:
    private, _ = keys(t)
    pkg = package(t)
    (t / "secret.txt").write_text("secret")
    (pkg / "logo.png").symlink_to(t / "secret.txt")
    return templates(t, "sign", str(pkg), "--key", str(private))
