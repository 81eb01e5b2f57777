"""Which publisher keys this machine trusts: the user's, the administrator's, the bundle's.

Three folders of ``*.pub.json`` files are read, in this order:

* the administrator's (``$O3_ADMIN_TRUST_DIR``, else the site config dir,
  e.g. ``/etc/xdg/o3-local/trusted-keys``): deployed by IT, read-only here;
* the user's (``$O3_TRUST_DIR``, else the user config dir): what
  ``o3-local templates trust add`` writes;
* the bundle's (``o3local/assets/trust``): only the sample publisher, limited
  to the sample template ids (see docs/templates.md for why).

A key trusted in several places is the same key (named by its hash), so
the order only decides which entry ``trust list`` shows.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import LibraryError, Location
from ..fsutil import atomic_write_text
from ..paths import configured_path
from .signing import PublicKey, load_public_key

#: most key files read from one trust folder (a folder of thousands is a mistake, not a trust store)
MAX_TRUSTED_KEYS = 1000
KEY_SUFFIX = ".pub.json"


def user_trust_dir() -> Path:
    return configured_path("O3_TRUST_DIR", "user_config_dir", "trusted-keys")


def admin_trust_dir() -> Path:
    return configured_path("O3_ADMIN_TRUST_DIR", "site_config_dir", "trusted-keys")


def bundled_trust_dir() -> Path:
    from ..resources import asset

    return asset("trust")


@dataclass(frozen=True)
class TrustedKey:
    key: PublicKey
    scope: str  # "admin", "user" or "bundled"

    def to_dict(self) -> dict[str, object]:
        return {**self.key.to_dict(), "scope": self.scope, "file": self.key.origin}


class TrustStore:
    """The keys of the admin, user and bundled trust folders (read on each call: they are small)."""

    def __init__(self, user: Path | None = None, admin: Path | None = None,
                 bundled: Path | None = None) -> None:
        self.user = user or user_trust_dir()
        self.admin = admin or admin_trust_dir()
        self.bundled = bundled if bundled is not None else bundled_trust_dir()

    def _folder(self, folder: Path, scope: str) -> list[TrustedKey]:
        if not folder.is_dir():
            return []
        out: list[TrustedKey] = []
        for path in sorted(folder.glob(f"*{KEY_SUFFIX}"))[:MAX_TRUSTED_KEYS]:
            with contextlib.suppress(LibraryError):  # a broken key file trusts nothing
                out.append(TrustedKey(load_public_key(path), scope))
        return out

    def keys(self) -> list[TrustedKey]:
        return (self._folder(self.admin, "admin") + self._folder(self.user, "user")
                + self._folder(self.bundled, "bundled"))

    def lookup(self, key_id: str) -> PublicKey | None:
        """The trusted key named ``key_id``; an unscoped entry wins over a scoped one."""
        found = [t.key for t in self.keys() if t.key.key_id == key_id]
        found.sort(key=lambda k: bool(k.ids))
        return found[0] if found else None

    def add(self, path: str | os.PathLike[str], name: str | None = None) -> TrustedKey:
        """Trust the public key in ``path`` for this user (copied into the user folder)."""
        key = load_public_key(path)
        if name:
            key = PublicKey(key.key_id, key.raw, name, key.ids)
        dest = self.user / f"{key.key_id.replace(':', '-')}{KEY_SUFFIX}"
        atomic_write_text(dest, json.dumps(key.to_dict(), indent=2, ensure_ascii=False) + "\n")
        return TrustedKey(PublicKey(key.key_id, key.raw, key.name, key.ids, str(dest)), "user")

    def remove(self, key_id: str) -> list[str]:
        """Stop trusting ``key_id`` for this user; admin and bundled entries cannot be removed here."""
        removed = []
        for t in self._folder(self.user, "user"):
            if t.key.key_id == key_id:
                Path(t.key.origin).unlink()
                removed.append(t.key.origin)
        if not removed:
            other = [t for t in self.keys() if t.key.key_id == key_id]
            if other:
                raise LibraryError(f"key {key_id} is trusted by the {other[0].scope} trust store, which "
                                   "this command does not change", where=Location(file=other[0].key.origin),
                                   code="library.key_readonly")
            trusted = ", ".join(t.key.key_id for t in self.keys()) or "none"
            raise LibraryError(f"key {key_id} is not trusted (trusted keys: {trusted})",
                               where=Location(file=str(self.user)), code="library.key_unknown")
        return removed
