"""Error types of o3-local.

Every failure a user can cause (bad manifest, bad data, bad model file, bad
request) is raised as a subclass of :class:`O3Error`, never as a bare
``ValueError`` or a crash.  Each error carries a stable machine-readable
``code`` (add-ins switch on it), a human message, and ``where`` - the file,
JSON pointer and line/column the problem was found at - so the CLI, the
Python hook and the loopback service can all report it the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Location:
    """Where a problem is: a file, a JSON pointer inside it, and a text position."""

    file: str | None = None
    pointer: str | None = None
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        parts: list[str] = []
        if self.file:
            pos = self.file
            if self.line is not None:
                pos += f":{self.line}"
                if self.column is not None:
                    pos += f":{self.column}"
            parts.append(pos)
        elif self.line is not None:
            parts.append(f"line {self.line}" + (f":{self.column}" if self.column is not None else ""))
        if self.pointer is not None:
            parts.append(self.pointer or "/")
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


@dataclass(frozen=True)
class Problem:
    """One finding of a check that reports many problems at once (e.g. validation)."""

    code: str
    message: str
    where: Location = field(default_factory=Location)
    hint: str | None = None
    #: "error" makes a check fail; "warning" is reported but does not
    severity: str = "error"

    def __str__(self) -> str:
        loc = str(self.where)
        text = f"{loc}: {self.message}" if loc else self.message
        if self.severity != "error":
            text = f"{self.severity}: {text}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "where": self.where.to_dict(),
        }
        if self.hint:
            d["hint"] = self.hint
        return d


class O3Error(Exception):
    """Base of every error o3-local raises on purpose."""

    code = "error"
    #: exit status the CLI uses for this kind of error
    exit_code = 1

    def __init__(
        self,
        message: str,
        *,
        where: Location | None = None,
        code: str | None = None,
        problems: list[Problem] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.where = where or Location()
        if code is not None:
            self.code = code
        self.problems: list[Problem] = list(problems or [])

    def __str__(self) -> str:
        loc = str(self.where)
        return f"{loc}: {self.message}" if loc else self.message

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"code": self.code, "message": self.message, "where": self.where.to_dict()}
        if self.problems:
            d["problems"] = [p.to_dict() for p in self.problems]
        return d


class UsageError(O3Error):
    """The caller asked for something malformed (bad option, unknown sample...)."""

    code = "usage"
    exit_code = 2


class PackageError(O3Error):
    """A template package cannot be opened safely (zip slip, zip bomb, missing manifest...)."""

    code = "package"


class ManifestError(O3Error):
    """A template manifest is invalid; ``problems`` lists every finding."""

    code = "manifest"


class PermissionDenied(O3Error):
    """A template or the user's policy does not grant what an action needs."""

    code = "permission"


class DataError(O3Error):
    """User data (JSON, CSV, .xlsx, context values) cannot be read or does not fit."""

    code = "data"


class TemplateError(O3Error):
    """The template body is malformed or refers to data that is missing."""

    code = "template"


class LayoutError(O3Error):
    """The layout module failed, ran out of its CPU or memory budget, or is unusable."""

    code = "layout"


class ExportError(O3Error):
    """An exporter could not write its output format."""

    code = "export"


class ModelError(O3Error):
    """A model file or manifest is missing, corrupt or of the wrong kind."""

    code = "model"


class InferenceError(O3Error):
    """Generation failed, was cancelled, or its output was unusable."""

    code = "inference"


class TaskError(O3Error):
    """An AI task (summarization, formula) cannot answer this input."""

    code = "task"


class RemoteError(O3Error):
    """A remote inference endpoint failed, timed out, or is not allowed."""

    code = "remote"


class LibraryError(O3Error):
    """The template library refused a package or cannot find one (unsigned, altered, untrusted...)."""

    code = "library"


class OfficeImportError(O3Error):
    """An office file cannot be made into a template (encrypted, damaged, not a deck...)."""

    code = "import"
