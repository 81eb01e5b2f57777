"""An opened, validated template package: what the renderer and AI tasks read.

``open_template`` is the only way the rest of the runtime gets at a
package, so nothing downstream ever sees an invalid manifest or an unsafe
path: it validates first and raises :class:`~o3local.errors.ManifestError`
with every problem when the package is not usable.
"""

from __future__ import annotations

import json
import os
from functools import cached_property
from typing import Any

from ..errors import ManifestError, PackageError
from ..permissions import Permissions, Policy
from .source import PackageSource, open_source
from .validate import SAMPLE_CONTEXT_NAME, SAMPLE_DATA_NAMES, ValidationReport, validate_source


class TemplatePackage:
    """A template package whose manifest passed validation."""

    def __init__(self, source: PackageSource, report: ValidationReport, policy: Policy | None = None) -> None:
        assert report.manifest is not None and report.ok
        self._source = source
        self.report = report
        self.manifest: dict[str, Any] = report.manifest
        self._policy = policy

    # -- identity ------------------------------------------------------------
    @property
    def source(self) -> str:
        return self._source.origin

    @property
    def id(self) -> str:
        return self.manifest["id"]

    @property
    def name(self) -> str:
        return self.manifest["name"]

    @property
    def version(self) -> str:
        return self.manifest["version"]

    @property
    def kind(self) -> str:
        return self.manifest["kind"]

    @property
    def entry(self) -> str:
        return self.manifest["entry"]

    @property
    def warnings(self) -> list:
        return self.report.warnings

    @cached_property
    def permissions(self) -> Permissions:
        """Declared permissions intersected with the user's policy (loaded on first use)."""
        policy = self._policy if self._policy is not None else Policy.load()
        return Permissions.for_template(self.id, self.manifest.get("required_permissions", []), policy)

    # -- files ---------------------------------------------------------------
    def files(self) -> list[str]:
        return self._source.files()

    def has(self, name: str) -> bool:
        return self._source.has(name)

    def read_bytes(self, name: str) -> bytes:
        return self._source.read_bytes(name)

    def read_text(self, name: str) -> str:
        data = self.read_bytes(name)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise PackageError(f"not UTF-8 text (byte {err.start})", where=self._source.where(name),
                               code="package.encoding") from None

    def display_name(self, name: str) -> str:
        """How messages should name a file of this package."""
        return self._source.display_name(name)

    def entry_text(self) -> str:
        return self.read_text(self.entry)

    def partials(self) -> dict[str, tuple[str, str]]:
        """The files the entry ``{% include %}``s (directly or not): name -> (text, display name)."""
        from .partials import collect_partials

        return collect_partials(self.entry_text(), self.files(), self.read_bytes, self.display_name)

    # -- samples -------------------------------------------------------------
    def sample_data_name(self) -> str | None:
        """The package file ``render --sample`` reads its data from, if any."""
        samples = self.manifest.get("samples") or {}
        if samples.get("data"):
            return samples["data"]
        return next((n for n in SAMPLE_DATA_NAMES if self.has(n)), None)

    def sample_context(self) -> dict[str, str]:
        """The sample user context (``samples/context.json``), or an empty one."""
        samples = self.manifest.get("samples") or {}
        name = samples.get("context") or (SAMPLE_CONTEXT_NAME if self.has(SAMPLE_CONTEXT_NAME) else None)
        if not name:
            return {}
        from ..errors import DataError, Location

        try:
            doc = json.loads(self.read_text(name))
        except ValueError as err:
            raise DataError(f"sample context is not JSON: {err}", where=Location(file=self.display_name(name)),
                            code="data.sample_context") from None
        if not isinstance(doc, dict) or not all(isinstance(v, str) for v in doc.values()):
            raise DataError("sample context must be a JSON object of strings",
                            where=Location(file=self.display_name(name)), code="data.sample_context")
        return doc

    def __repr__(self) -> str:
        return f"TemplatePackage({self.id!r} {self.version} from {self.source!r})"


def open_template(
    path: str | os.PathLike[str], *, host_version: str | None = None, policy: Policy | None = None
) -> TemplatePackage:
    """Open and validate a template package (folder or ``.o3t``).

    Raises :class:`PackageError` when ``path`` is not a package and
    :class:`ManifestError` (with ``problems``) when it is not valid.
    """
    source = open_source(path)
    report = validate_source(source, host_version)
    if not report.ok:
        n = len(report.errors)
        raise ManifestError(
            f"template package is invalid ({n} problem{'s' if n != 1 else ''}; the first: {report.errors[0]})",
            where=source.where(),
            problems=report.errors,
            code="manifest.invalid",
        )
    return TemplatePackage(source, report, policy)
