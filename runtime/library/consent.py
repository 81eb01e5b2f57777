"""The user's consent to what an installed template asks beyond the defaults.

Every template may read the data the user hands it and write a document of
its own kind; that needs no question.  Anything more - remote inference,
writing a second kind of document - is asked once, on the first render of
that template version from that publisher, and remembered.  A grant names
the template id, version *and* publisher key: a new version, or the same id
signed by someone else, asks again.  Grants live in one JSON file in the
user config dir (``$O3_CONSENT_FILE`` overrides), listed and revocable with
``o3-local templates permissions``.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Location, PermissionDenied, UsageError
from ..fsutil import atomic_write_text
from ..paths import configured_path
from ..permissions import KNOWN, READ_DOCUMENT, READ_PRESENTATION, READ_SPREADSHEET, WRITE_FOR_KIND

#: read permissions every template has: it only ever reads what the user passes it
DEFAULT_READS = frozenset({READ_DOCUMENT, READ_SPREADSHEET, READ_PRESENTATION})
#: most grants kept in the consent file (oldest dropped first)
MAX_GRANTS = 10_000


class ConsentRequired(PermissionDenied):
    """A render needs the user's yes first; ``asked`` is what to show them."""

    code = "consent.required"

    def __init__(self, message: str, *, template: dict[str, str], asked: list[str]) -> None:
        super().__init__(message)
        self.template = template
        self.asked = asked

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "template": self.template, "asked": self.asked}


def defaults_for(kind: str | None) -> frozenset[str]:
    """What a template of ``kind`` may do without asking."""
    write = WRITE_FOR_KIND.get(kind or "")
    return DEFAULT_READS | ({write} if write else frozenset())


def asked_for(manifest: dict[str, Any]) -> list[str]:
    """The declared permissions that go beyond the defaults (what consent is asked for)."""
    declared = manifest.get("required_permissions") or []
    return sorted(set(p for p in declared if isinstance(p, str)) - defaults_for(manifest.get("kind")))


def consent_file() -> Path:
    return configured_path("O3_CONSENT_FILE", "user_config_dir", "consent.json")


@dataclass(frozen=True)
class Grant:
    template_id: str
    version: str
    key_id: str
    permissions: tuple[str, ...]
    granted_at: float

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.template_id, "version": self.version, "key_id": self.key_id,
                "permissions": list(self.permissions), "granted_at": self.granted_at}


class ConsentStore:
    """Grants remembered per template id + version + publisher key."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else consent_file()

    def grants(self) -> list[Grant]:
        if not self.path.is_file():
            return []
        where = Location(file=str(self.path))
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
            return [Grant(g["id"], g["version"], g["key_id"], tuple(g["permissions"]), float(g["granted_at"]))
                    for g in doc["grants"]]
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as err:
            raise UsageError(f"the consent file is unreadable ({err}); delete it to start over",
                             where=where, code="usage.consent_file") from None

    def _save(self, grants: list[Grant]) -> None:
        doc = {"format": 1, "grants": [g.to_dict() for g in grants[-MAX_GRANTS:]]}
        atomic_write_text(self.path, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")

    def granted(self, template_id: str, version: str, key_id: str) -> frozenset[str]:
        return frozenset(p for g in self.grants()
                         if (g.template_id, g.version, g.key_id) == (template_id, version, key_id)
                         for p in g.permissions)

    def missing(self, template_id: str, version: str, key_id: str, manifest: dict[str, Any]) -> list[str]:
        """What ``manifest`` asks beyond the defaults that the user has not granted yet."""
        have = self.granted(template_id, version, key_id)
        return [p for p in asked_for(manifest) if p not in have]

    def grant(self, template_id: str, version: str, key_id: str, permissions: list[str]) -> Grant:
        unknown = [p for p in permissions if p not in KNOWN]
        if unknown:
            raise UsageError(f"unknown permission {unknown[0]!r} (known: {', '.join(sorted(KNOWN))})",
                             code="usage.permission")
        keep = [g for g in self.grants() if (g.template_id, g.version, g.key_id) != (template_id, version, key_id)]
        merged = sorted(set(permissions) | self.granted(template_id, version, key_id))
        grant = Grant(template_id, version, key_id, tuple(merged), round(time.time(), 3))
        self._save([*keep, grant])
        return grant

    def revoke(self, template_id: str, version: str | None = None) -> list[Grant]:
        """Forget the grants of ``template_id`` (one version, or all); returns what was revoked."""
        grants = self.grants()
        gone = [g for g in grants if g.template_id == template_id and version in (None, g.version)]
        if gone:
            self._save([g for g in grants if g not in gone])
        return gone

    def require(self, template_id: str, version: str, key_id: str, manifest: dict[str, Any]) -> None:
        """Raise :class:`ConsentRequired` (with what is asked) unless everything asked was granted."""
        missing = self.missing(template_id, version, key_id, manifest)
        if missing:
            raise ConsentRequired(
                f"{template_id}@{version} asks for {', '.join(missing)} beyond the defaults; the user has "
                f"not agreed yet (o3-local templates permissions --grant {template_id}@{version})",
                template={"id": template_id, "version": version, "key_id": key_id}, asked=missing)
