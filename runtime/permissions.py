"""What a template may do: its declared permissions, intersected with the user's policy.

Every feature that reads user content, writes an output, or sends data off
the machine asks one :class:`Permissions` object first, so there is exactly
one place to audit.  A template gets nothing it did not declare in
``required_permissions``, and nothing the user's :class:`Policy` withholds -
in particular ``network:remote-inference`` is withheld unless the user turned
remote inference on, so no data leaves the machine by default.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .errors import Location, PermissionDenied, UsageError

READ_DOCUMENT = "read:document"
READ_SPREADSHEET = "read:spreadsheet"
READ_PRESENTATION = "read:presentation"
WRITE_DOCUMENT = "write:document"
WRITE_SPREADSHEET = "write:spreadsheet"
WRITE_PRESENTATION = "write:presentation"
REMOTE_INFERENCE = "network:remote-inference"

KNOWN: frozenset[str] = frozenset(
    {
        READ_DOCUMENT,
        READ_SPREADSHEET,
        READ_PRESENTATION,
        WRITE_DOCUMENT,
        WRITE_SPREADSHEET,
        WRITE_PRESENTATION,
        REMOTE_INFERENCE,
    }
)

#: the write permission a template of each kind needs to produce its output
WRITE_FOR_KIND = {
    "presentation": WRITE_PRESENTATION,
    "document": WRITE_DOCUMENT,
    "spreadsheet": WRITE_SPREADSHEET,
}

POLICY_ENV = "O3_POLICY_FILE"


@dataclass(frozen=True)
class Policy:
    """The user's side of the bargain: what they allow any template to do.

    Reading and writing local documents is allowed unless denied; remote
    inference is off unless the user turns it on.
    """

    allow_remote_inference: bool = False
    deny: frozenset[str] = field(default_factory=frozenset)

    def allows(self, permission: str) -> bool:
        if permission in self.deny:
            return False
        if permission == REMOTE_INFERENCE:
            return self.allow_remote_inference
        return permission in KNOWN

    @classmethod
    def default_path(cls) -> Path:
        from platformdirs import user_config_dir

        return Path(user_config_dir("o3-local")) / "policy.json"

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None) -> Policy:
        """Read the policy file (``$O3_POLICY_FILE`` or the user config dir); defaults if absent."""
        if path is None:
            env = os.environ.get(POLICY_ENV)
            path = Path(env) if env else cls.default_path()
        path = Path(path)
        if not path.is_file():
            return cls()
        where = Location(file=str(path))
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as err:
            raise UsageError(f"cannot read the policy file: {err}", where=where, code="usage.policy") from None
        if not isinstance(doc, dict):
            raise UsageError("the policy file must hold a JSON object", where=where, code="usage.policy")
        unknown = set(doc) - {"allow_remote_inference", "deny"}
        if unknown:
            raise UsageError(f"unknown policy key(s): {', '.join(sorted(unknown))} (known: allow_remote_inference, "
                             "deny)", where=dataclasses.replace(where, pointer=f"/{sorted(unknown)[0]}"),
                             code="usage.policy")
        allow_remote = doc.get("allow_remote_inference", False)
        if not isinstance(allow_remote, bool):
            raise UsageError(f"'allow_remote_inference' must be true or false, not {allow_remote!r:.40}",
                             where=dataclasses.replace(where, pointer="/allow_remote_inference"),
                             code="usage.policy")
        deny = doc.get("deny", [])
        if not isinstance(deny, list) or any(p not in KNOWN for p in deny):
            raise UsageError(
                f"'deny' must be a list of known permissions: {', '.join(sorted(KNOWN))}",
                where=dataclasses.replace(where, pointer="/deny"), code="usage.policy"
            )
        return cls(allow_remote_inference=allow_remote, deny=frozenset(deny))


@dataclass(frozen=True)
class Permissions:
    """The permissions one template holds in this run."""

    template_id: str
    declared: frozenset[str]
    policy: Policy = field(default_factory=Policy)

    @classmethod
    def for_template(
        cls, template_id: str, required_permissions: Iterable[str], policy: Policy | None = None
    ) -> Permissions:
        return cls(template_id, frozenset(required_permissions), policy or Policy())

    @property
    def granted(self) -> frozenset[str]:
        return frozenset(p for p in self.declared if self.policy.allows(p))

    def allows(self, permission: str) -> bool:
        return permission in self.declared and self.policy.allows(permission)

    def require(self, permission: str, *, action: str) -> None:
        """Raise :class:`PermissionDenied` unless ``permission`` is granted for ``action``."""
        if self.allows(permission):
            return
        if permission not in self.declared:
            why = f"template '{self.template_id}' does not declare '{permission}' in required_permissions"
        elif permission == REMOTE_INFERENCE:
            why = "remote inference is turned off in the user's policy (allow_remote_inference)"
        else:
            why = f"the user's policy denies '{permission}'"
        raise PermissionDenied(f"{action} needs permission '{permission}': {why}", code="permission.denied")
