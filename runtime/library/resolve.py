"""Turning what a user typed after ``render`` into a package folder, through the library.

``render ppt-funding-pitch-v2`` and ``render ppt-funding-pitch-v2@2.0.0``
name installed (or bundled) templates; paths keep working as before.  This
is also where the two render-time promises of the library are kept: the
host version picks (or refuses) the version, and a template that asks for
more than the defaults gets the user's consent first.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ..errors import LibraryError, Location, UsageError
from ..template.source import FolderSource
from .consent import ConsentRequired, ConsentStore
from .digest import package_digest
from .store import Library, Record

#: asked when consent is missing: (record, permissions) -> the user's yes or no
Confirm = Callable[[Record, list[str]], bool]


def check_intact(record: Record) -> None:
    """Refuse an installed package whose files changed on disk since it was installed."""
    digest, _ = package_digest(FolderSource(record.path))
    if digest != record.digest:
        raise LibraryError(f"{record.ref}'s files changed since it was installed (reinstall it)",
                           where=Location(file=str(record.path)), code="library.store_corrupt")


def resolve_for_render(template: str | os.PathLike[str] | None, *, host_version: str | None = None,
                       confirm: Confirm | None = None, library: Library | None = None,
                       consent: ConsentStore | None = None) -> str | os.PathLike[str] | None:
    """The package folder ``template`` names in the library, or ``template`` itself.

    Paths and names the library does not hold are returned unchanged (the
    renderer resolves bundled sample names and reports what is missing);
    ``id@version`` that is not installed is an error here.  Raises
    ``library.incompatible_host`` when no version runs on ``host_version``
    and :class:`ConsentRequired` unless ``confirm`` says yes.
    """
    if template is None:
        return None
    if not isinstance(template, (str, os.PathLike)):
        raise UsageError("template must be a path, a template id or id@version (a string)",
                         code="usage.template", where=Location(pointer="/template"))
    if Path(template).exists():
        return template
    lib = library or Library()
    try:
        record = lib.resolve(str(template), host_version)
    except LibraryError as err:
        if err.code == "library.not_installed" and "@" not in str(template):
            return template
        raise
    if not record.readonly:
        check_intact(record)
    store = consent or ConsentStore()
    missing = store.missing(record.id, record.version, record.key_id, record.manifest)
    if missing:
        if confirm is None or not confirm(record, missing):
            store.require(record.id, record.version, record.key_id, record.manifest)
        store.grant(record.id, record.version, record.key_id, missing)
    return str(record.path)


__all__ = ["ConsentRequired", "check_intact", "resolve_for_render"]
