"""Publisher signatures on template packages: Ed25519 over the canonical digest.

A publisher signs the message ``o3t-signature-v1 / id / version / digest``,
so a signature binds one package id and version to one exact set of files:
copied into another package (a replay), it names the wrong package and is
refused.  ``SIGNATURE.json`` also carries the signed file listing, which is
what lets a refusal name the file that was added, removed or changed
instead of a bare "digest mismatch".

Ed25519 comes from ``cryptography`` (already a dependency of the wheels we
ship, audited, constant-time).  The key and signature files are small JSON
documents rather than minisign's format: they carry the key id, the
publisher's name and the package identity next to the signature, and need
no second tool to read.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import LibraryError, Location
from ..fsutil import atomic_writer
from ..template.source import PackageSource
from .digest import SIGNATURE_NAME, FileEntry, Listing, digest_of_listing, package_digest

SIGNATURE_FORMAT = "o3t-signature-v1"
PUBLIC_FORMAT = "o3-local-ed25519-public-v1"
PRIVATE_FORMAT = "o3-local-ed25519-private-v1"
ALGORITHM = "ed25519"
#: largest SIGNATURE.json or key file read (a listing of MAX_ENTRIES files fits easily)
MAX_SIGNATURE_BYTES = 4 * 1024 * 1024


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: Any, what: str, where: Location, size: int | None = None,
           code: str = "library.signature_malformed") -> bytes:
    try:
        raw = base64.b64decode(str(text), validate=True)
    except (binascii.Error, ValueError):
        raise LibraryError(f"{what} is not base64", where=where, code=code) from None
    if size is not None and len(raw) != size:
        raise LibraryError(f"{what} has {len(raw)} bytes, expected {size}", where=where, code=code)
    return raw


def _ed25519() -> Any:
    """The Ed25519 module of ``cryptography`` (imported on first use: listing costs no crypto)."""
    try:
        from cryptography.hazmat.primitives.asymmetric import ed25519
    except ImportError as err:  # a build that left it out: say so instead of crashing
        raise LibraryError(f"signatures cannot be checked: the cryptography package is missing ({err})",
                           code="library.crypto_unavailable") from None
    return ed25519


def _raw(key: Any, private: bool = False) -> bytes:
    from cryptography.hazmat.primitives import serialization as ser

    if private:
        return key.private_bytes(ser.Encoding.Raw, ser.PrivateFormat.Raw, ser.NoEncryption())
    return key.public_bytes(ser.Encoding.Raw, ser.PublicFormat.Raw)


def key_id_of(public_raw: bytes) -> str:
    """A short, stable name for a public key: ``ed25519:`` and 16 hex digits of its sha256."""
    return f"{ALGORITHM}:{hashlib.sha256(public_raw).hexdigest()[:16]}"


def signed_message(package_id: str, version: str, digest: str) -> bytes:
    """The exact bytes a publisher signs: the package's identity and its digest."""
    return f"{SIGNATURE_FORMAT}\n{package_id}\n{version}\n{digest}\n".encode()


@dataclass(frozen=True)
class PublicKey:
    """A publisher key someone trusts; ``ids`` (if set) limits it to those template ids."""

    key_id: str
    raw: bytes
    name: str = ""
    ids: tuple[str, ...] = ()
    origin: str = ""

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"format": PUBLIC_FORMAT, "algorithm": ALGORITHM, "key_id": self.key_id,
                               "name": self.name, "public_key": _b64(self.raw)}
        if self.ids:
            doc["ids"] = list(self.ids)
        return doc

    def verifies(self, signature: bytes, message: bytes) -> bool:
        ed25519 = _ed25519()
        from cryptography.exceptions import InvalidSignature

        try:
            ed25519.Ed25519PublicKey.from_public_bytes(self.raw).verify(signature, message)
        except InvalidSignature:
            return False
        return True


@dataclass(frozen=True)
class PrivateKey:
    """A publisher's signing key (keep it off shared machines; see docs/templates.md)."""

    raw: bytes
    name: str = ""

    @property
    def public(self) -> PublicKey:
        raw = _raw(_ed25519().Ed25519PrivateKey.from_private_bytes(self.raw).public_key())
        return PublicKey(key_id_of(raw), raw, self.name)

    def sign(self, message: bytes) -> bytes:
        return _ed25519().Ed25519PrivateKey.from_private_bytes(self.raw).sign(message)

    def to_dict(self) -> dict[str, Any]:
        return {"format": PRIVATE_FORMAT, "algorithm": ALGORITHM, "key_id": self.public.key_id,
                "name": self.name, "private_key": _b64(self.raw)}


def generate_key(name: str) -> PrivateKey:
    """A fresh Ed25519 signing key for publisher ``name``."""
    return PrivateKey(_raw(_ed25519().Ed25519PrivateKey.generate(), private=True), name)


def _read_key_file(path: Path, fmt: str, field: str) -> tuple[dict[str, Any], bytes, Location]:
    """A key file's JSON document of format ``fmt`` and the 32 raw key bytes in ``field``."""
    where = Location(file=str(path))

    def bad(msg: str) -> LibraryError:
        return LibraryError(msg, where=where, code="library.key_unreadable")

    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_SIGNATURE_BYTES + 1)
    except OSError as err:
        raise bad(f"cannot read the key file: {err.strerror}") from None
    if len(data) > MAX_SIGNATURE_BYTES:
        raise bad(f"key file is over {MAX_SIGNATURE_BYTES} bytes")
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise bad(f"key file is not JSON: {err}") from None
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        raise bad(f"not an o3-local key file of format {fmt}")
    return doc, _unb64(doc.get(field), field, where, 32, code="library.key_unreadable"), where


def load_public_key(path: str | os.PathLike[str]) -> PublicKey:
    """Read a public key file (``keygen`` writes ``NAME.pub.json``); the key id is recomputed."""
    doc, raw, where = _read_key_file(Path(path), PUBLIC_FORMAT, "public_key")
    ids = doc.get("ids") or []
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise LibraryError("'ids' must be a list of template ids", where=where, code="library.key_unreadable")
    key_id = key_id_of(raw)
    if doc.get("key_id") not in (None, key_id):
        raise LibraryError(f"key_id {doc.get('key_id')!r} does not belong to this key ({key_id})",
                           where=where, code="library.key_unreadable")
    return PublicKey(key_id, raw, str(doc.get("name") or ""), tuple(ids), str(path))


def load_private_key(path: str | os.PathLike[str]) -> PrivateKey:
    """Read a publisher's ``NAME.key.json``."""
    doc, raw, _ = _read_key_file(Path(path), PRIVATE_FORMAT, "private_key")
    return PrivateKey(raw, str(doc.get("name") or ""))


def write_key_pair(key: PrivateKey, folder: str | os.PathLike[str], stem: str) -> tuple[Path, Path]:
    """Write ``STEM.key.json`` (mode 0600) and ``STEM.pub.json`` into ``folder``."""
    folder = Path(folder)
    private, public = folder / f"{stem}.key.json", folder / f"{stem}.pub.json"
    if private.exists():
        raise LibraryError("a key of that name exists; refusing to overwrite it",
                           where=Location(file=str(private)), code="library.key_exists")
    with atomic_writer(private, "wb") as fh:
        if hasattr(os, "fchmod"):  # POSIX: only the owner may read a signing key
            os.fchmod(fh.fileno(), 0o600)
        fh.write((json.dumps(key.to_dict(), indent=2) + "\n").encode())
    with atomic_writer(public, "wb") as fh:
        fh.write((json.dumps(key.public.to_dict(), indent=2) + "\n").encode())
    return private, public


def signature_document(key: PrivateKey, package_id: str, version: str, listing: Listing) -> dict[str, Any]:
    """The ``SIGNATURE.json`` document for a package with ``listing``."""
    digest = digest_of_listing(listing)
    pub = key.public
    return {"format": SIGNATURE_FORMAT, "algorithm": ALGORITHM, "key_id": pub.key_id,
            "publisher": key.name, "package": {"id": package_id, "version": version},
            "digest": digest, "files": {n: e.to_dict() for n, e in sorted(listing.items())},
            "signature": _b64(key.sign(signed_message(package_id, version, digest)))}


@dataclass
class Signature:
    """A parsed ``SIGNATURE.json``: who signed which package with which files."""

    key_id: str
    publisher: str
    package_id: str
    version: str
    digest: str
    listing: Listing
    signature: bytes
    where: Location = field(default_factory=Location)


def read_signature(source: PackageSource) -> Signature | None:
    """The package's signature, None when it has none; malformed ones raise."""
    if not source.has(SIGNATURE_NAME):
        return None
    where = source.where(SIGNATURE_NAME)

    def bad(msg: str) -> LibraryError:
        return LibraryError(msg, where=where, code="library.signature_malformed")

    try:
        doc = json.loads(source.read_bytes(SIGNATURE_NAME, MAX_SIGNATURE_BYTES).decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise bad(f"{SIGNATURE_NAME} is not JSON: {err}") from None
    if not isinstance(doc, dict) or doc.get("format") != SIGNATURE_FORMAT or doc.get("algorithm") != ALGORITHM:
        raise bad(f"{SIGNATURE_NAME} is not an {SIGNATURE_FORMAT} {ALGORITHM} signature")
    pkg, files = doc.get("package"), doc.get("files")
    if not (isinstance(pkg, dict) and isinstance(pkg.get("id"), str) and isinstance(pkg.get("version"), str)
            and isinstance(files, dict) and isinstance(doc.get("key_id"), str)
            and isinstance(doc.get("digest"), str)):
        raise bad(f"{SIGNATURE_NAME} lacks package id/version, key_id, digest or files")
    listing: Listing = {}
    for name, entry in files.items():
        if not (isinstance(entry, dict) and isinstance(entry.get("size"), int)
                and isinstance(entry.get("sha256"), str)):
            raise bad(f"{SIGNATURE_NAME} lists {name!r} without an integer size and a sha256")
        listing[name] = FileEntry(entry["size"], entry["sha256"])
    return Signature(doc["key_id"], str(doc.get("publisher") or ""), pkg["id"], pkg["version"],
                     doc["digest"], listing, _unb64(doc.get("signature"), "signature", where, 64), where)


def _manifest_identity(source: PackageSource) -> tuple[str, str] | None:
    """The manifest's id and version if it parses (the validator reports it otherwise)."""
    try:
        doc = json.loads(source.read_bytes("manifest.json").decode("utf-8"))
    except Exception:  # noqa: BLE001 - an unreadable manifest is the file check's or validator's to report
        return None
    if isinstance(doc, dict) and isinstance(doc.get("id"), str) and isinstance(doc.get("version"), str):
        return doc["id"], doc["version"]
    return None


def verify(source: PackageSource, lookup: Any) -> tuple[PublicKey, str, Listing]:
    """Check ``source``'s signature against trusted keys; return (key, digest, listing).

    ``lookup(key_id)`` returns the trusted :class:`PublicKey` or None.  Each
    way a package can be wrong is refused with its own code, checked in this
    order: ``library.unsigned``, ``library.signature_malformed``,
    ``library.key_untrusted``, ``library.key_scope``, ``library.signature_invalid``,
    ``library.signature_replayed``, then ``library.file_missing``,
    ``library.file_added`` and ``library.file_modified`` naming the file.
    """
    sig = read_signature(source)
    if sig is None:
        raise LibraryError(f"the package is not signed (no {SIGNATURE_NAME})", where=source.where(),
                           code="library.unsigned")
    key = lookup(sig.key_id)
    if key is None:
        raise LibraryError(f"signed by key {sig.key_id} ({sig.publisher or 'unnamed publisher'}), "
                           "which is not in the trust store (o3-local templates trust add KEY.pub.json)",
                           where=sig.where, code="library.key_untrusted")
    if key.ids and sig.package_id not in key.ids:
        raise LibraryError(f"key {key.key_id} ({key.name}) is trusted only for {', '.join(key.ids)}, "
                           f"not for {sig.package_id!r}", where=sig.where, code="library.key_scope")
    if digest_of_listing(sig.listing) != sig.digest or not key.verifies(
            sig.signature, signed_message(sig.package_id, sig.version, sig.digest)):
        raise LibraryError(f"the signature by {sig.key_id} does not verify (the signature file was altered)",
                           where=sig.where, code="library.signature_invalid")
    identity = _manifest_identity(source)
    if identity is not None and identity != (sig.package_id, sig.version):
        raise LibraryError(f"the signature is for {sig.package_id}@{sig.version}, but this package is "
                           f"{identity[0]}@{identity[1]} (a signature copied from another package)",
                           where=sig.where, code="library.signature_replayed")
    digest, listing = package_digest(source)
    missing = sorted(set(sig.listing) - set(listing))
    if missing:
        raise LibraryError(f"signed file {missing[0]!r} is missing from the package", where=source.where(missing[0]),
                           code="library.file_missing")
    added = sorted(set(listing) - set(sig.listing))
    if added:
        raise LibraryError(f"file {added[0]!r} was added after signing", where=source.where(added[0]),
                           code="library.file_added")
    changed = sorted(n for n in listing if listing[n] != sig.listing[n])
    if changed:
        raise LibraryError(f"file {changed[0]!r} was modified after signing", where=source.where(changed[0]),
                           code="library.file_modified")
    return key, digest, listing
