"""The local template library: installed packages, content-addressed, several versions side by side.

Layout below the library root (``$O3_TEMPLATES_DIR`` or the user data dir)::

    packages/<digest hex>/    one unpacked package, named by its canonical digest (immutable)
    index/<id>/<version>.json what is installed: digest, publisher, trust, manifest summary
    staging/                  installs in progress (never read)

An install copies the package into ``staging/``, verifies and validates
*that copy* (so what is checked is what is stored), renames it into
``packages/`` and writes the index record last, atomically: the record is
the commit point.  An install killed at any moment leaves the versions
installed before it exactly as they were; ``rm`` and the next install
delete the orphans.  The sample templates shipped with the program are a
second, read-only root, listed and resolved like installed ones.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import LibraryError, Location, ManifestError, PackageError, Problem, UsageError
from ..fsutil import atomic_write_text, staging_dir, write_failure
from ..paths import configured_path
from ..template.source import FolderSource, PackageSource, open_source
from ..template.versions import host_matches, parse_spec, parse_version
from .digest import package_digest
from .signing import verify
from .trust import TrustStore

RECORD_FORMAT = 1
#: manifest fields copied into the index record (what list, info and search read)
SUMMARY_FIELDS = ("name", "description", "kind", "languages", "tags", "ai_capabilities",
                  "compatible_versions", "required_permissions", "author", "license")
#: refusals ``--allow-unsigned`` overrides: the package is then recorded as unsigned.
#: Altered packages (a signature that does not match) are never installed.
UNSIGNED_CODES = frozenset({"library.unsigned", "library.key_untrusted", "library.key_scope"})
#: a package folder younger than this is never collected: another install may be about to record it
GC_GRACE_S = 600.0


def default_root() -> Path:
    return configured_path("O3_TEMPLATES_DIR", "user_data_dir", "templates")


def bundled_root() -> Path:
    from ..resources import asset

    return asset("templates")


@dataclass
class Record:
    """One installed (or bundled) template version."""

    id: str
    version: str
    digest: str
    path: Path
    trust: dict[str, Any]
    manifest: dict[str, Any]
    readonly: bool = False
    installed_at: float | None = None
    source: str | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def ref(self) -> str:
        return f"{self.id}@{self.version}"

    @property
    def key_id(self) -> str:
        """Whose package this is for consent: the signing key, or ``unsigned``."""
        return str(self.trust.get("key_id") or "unsigned")

    def admits(self, host_version: str | None) -> bool:
        return host_admits(self.manifest.get("compatible_versions"), host_version)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "version": self.version, "digest": self.digest, "path": str(self.path),
                "readonly": self.readonly, "trust": self.trust, "installed_at": self.installed_at,
                "source": self.source, **{k: self.manifest.get(k) for k in SUMMARY_FIELDS}}


def host_admits(specs: Any, host_version: str | None) -> bool:
    """True when ``host_version`` is None or one of ``specs`` admits it."""
    if host_version is None or not isinstance(specs, list):
        return True
    host = parse_version(host_version, coerce=True)
    if host is None:
        raise UsageError(f"--host-version {host_version!r} is not a version (e.g. 12.0.1)",
                         code="usage.host_version")
    parsed = [p for p in (parse_spec(s) for s in specs if isinstance(s, str)) if p is not None]
    return host_matches(host, parsed)


def version_key(version: str) -> Any:
    """Sort key of a template version (semver order; unparsable ones first)."""
    return parse_version(version, coerce=True) or parse_version("0.0.0")


def split_ref(ref: str) -> tuple[str, str | None]:
    """``id@version`` -> (id, version); a bare id -> (id, None)."""
    tid, sep, version = ref.partition("@")
    return tid, (version or None) if sep else None


class Library:
    """The writable library at ``root`` plus the bundled read-only templates."""

    def __init__(self, root: str | os.PathLike[str] | None = None, *, trust: TrustStore | None = None,
                 bundled: Path | None = None) -> None:
        self.root = Path(root) if root is not None else default_root()
        self.packages = self.root / "packages"
        self.index = self.root / "index"
        self.staging_root = self.root / "staging"
        self.trust = trust or TrustStore()
        self.bundled = bundled if bundled is not None else bundled_root()

    # -- reading ---------------------------------------------------------
    def _record_path(self, tid: str, version: str) -> Path:
        for part in (tid, version):
            if not part or "/" in part or "\\" in part or part.startswith(".") or ".." in part:
                raise UsageError(f"invalid template reference {tid}@{version}", code="usage.template")
        return self.index / tid / f"{version}.json"

    def _load(self, path: Path) -> Record | None:
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            if doc.get("format") != RECORD_FORMAT:
                return None
            pkg = self.packages / doc["digest"].split(":", 1)[1]
            return Record(doc["id"], doc["version"], doc["digest"], pkg, doc["trust"], doc["manifest"],
                          installed_at=doc.get("installed_at"), source=doc.get("source"))
        except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
            return None  # a record that cannot be read installs nothing; `rm` still deletes it

    def _bundled_records(self) -> list[Record]:
        if not self.bundled.is_dir():
            return []
        out = []
        for folder in sorted(self.bundled.iterdir()):
            if not (folder / "manifest.json").is_file():
                continue
            with contextlib.suppress(OSError, ValueError, PackageError, LibraryError):
                source = FolderSource(folder)
                manifest = json.loads(source.read_bytes("manifest.json").decode("utf-8"))
                try:
                    trust = self._trust_of(source, allow_unsigned=True)
                except LibraryError as err:  # edited after signing, or no crypto: listed, flagged, never hidden
                    altered = err.code.startswith(("library.file_", "library.signature_"))
                    trust = {"status": "altered" if altered else "unverified", "reason": err.code, "message": err.message,
                             "digest": package_digest(source)[0]}
                digest = trust.pop("digest")
                out.append(Record(manifest["id"], manifest["version"], digest, folder, trust,
                                  {k: manifest.get(k) for k in SUMMARY_FIELDS}, readonly=True,
                                  source=folder.name))
        return out

    def list(self) -> list[Record]:
        """Every installed version, then the bundled ones not shadowed by an installed copy."""
        out: list[Record] = []
        if self.index.is_dir():
            for path in sorted(self.index.glob("*/*.json")):
                record = self._load(path)
                if record is not None and record.path.is_dir():
                    out.append(record)
        have = {r.ref for r in out}
        out += [r for r in self._bundled_records() if r.ref not in have]
        out.sort(key=lambda r: (r.id, version_key(r.version)))
        return out

    def versions(self, tid: str) -> list[Record]:
        return [r for r in self.list() if r.id == tid or (r.readonly and r.source == tid)]

    def resolve(self, ref: str, host_version: str | None = None) -> Record:
        """The record ``ref`` (``id`` or ``id@version``) names: the newest version the host admits."""
        tid, version = split_ref(ref)
        candidates = self.versions(tid)
        if version is not None:
            candidates = [r for r in candidates if r.version == version]
        if not candidates:
            have = sorted({r.id for r in self.list()})
            what = f"{tid}@{version}" if version else tid
            other = [r.version for r in self.versions(tid)]
            hint = f" (installed versions: {', '.join(other)})" if other else \
                f" (installed: {', '.join(have) or 'none'})"
            raise LibraryError(f"template {what} is not in the library{hint}",
                               where=Location(file=str(self.root)), code="library.not_installed")
        fits = [r for r in candidates if r.admits(host_version)]
        if not fits:
            shown = "; ".join(f"{r.ref} supports {', '.join(r.manifest.get('compatible_versions') or [])}"
                              for r in candidates)
            raise LibraryError(f"no installed version of {tid} runs on host version {host_version}: {shown}",
                               where=Location(file=str(candidates[-1].path), pointer="/compatible_versions"),
                               code="library.incompatible_host")
        return max(fits, key=lambda r: version_key(r.version))

    # -- installing ------------------------------------------------------
    def _trust_of(self, source: PackageSource, *, allow_unsigned: bool) -> dict[str, Any]:
        try:
            key, digest, _ = verify(source, self.trust.lookup)
        except LibraryError as err:
            if not allow_unsigned or err.code not in UNSIGNED_CODES:
                raise
            digest, _ = package_digest(source)
            return {"status": "unsigned", "reason": err.code, "message": err.message, "digest": digest}
        return {"status": "signed", "key_id": key.key_id, "publisher": key.name, "digest": digest}

    def add(self, path: str | os.PathLike[str], *, allow_unsigned: bool = False,
            host_version: str | None = None) -> Record:
        """Install the package at ``path`` (folder or ``.o3t``); the record is written last.

        Refused (nothing installed, the library unchanged): a package that is
        unsafe or invalid, unsigned or signed by an untrusted key (unless
        ``allow_unsigned``), altered after signing, or whose
        ``compatible_versions`` do not admit ``host_version``.
        """
        from ..template.validate import validate_source

        source = open_source(path)
        if source.problems:
            raise PackageError(f"the package has unsafe entries ({len(source.problems)})",
                               where=source.where(), problems=source.problems, code="package.unsafe")
        with staging_dir(self.staging_root, prefix="add-") as stage:
            copy = stage / "pkg"
            _copy_files(source, copy)
            staged = FolderSource(copy)
            trust = self._trust_of(staged, allow_unsigned=allow_unsigned)
            report = validate_source(staged)
            if not report.ok:
                errors = [_unstaged(p, copy, source) for p in report.errors]
                raise ManifestError(f"template package is invalid ({len(errors)} problem"
                                    f"{'s' if len(errors) != 1 else ''}; the first: {errors[0]})",
                                    where=source.where(), problems=errors, code="manifest.invalid")
            manifest = report.manifest or {}
            tid, version = manifest["id"], manifest["version"]
            if not host_admits(manifest.get("compatible_versions"), host_version):
                raise LibraryError(
                    f"{tid}@{version} does not run on host version {host_version} (it supports "
                    f"{', '.join(manifest.get('compatible_versions') or [])})",
                    where=source.where("manifest.json"), code="library.incompatible_host")
            digest = trust.pop("digest")
            dest = self.packages / digest.split(":", 1)[1]
            _move_in(copy, dest, digest)
            record = Record(tid, version, digest, dest, trust, {k: manifest.get(k) for k in SUMMARY_FIELDS},
                            installed_at=round(time.time(), 3), source=str(path))
            atomic_write_text(self._record_path(tid, version), json.dumps(
                {"format": RECORD_FORMAT, **{k: v for k, v in record.to_dict().items()
                                             if k in ("id", "version", "digest", "trust", "installed_at",
                                                      "source")},
                 "manifest": record.manifest}, indent=2, ensure_ascii=False) + "\n")
        self.gc()
        return record

    # -- removing --------------------------------------------------------
    def remove(self, ref: str) -> list[Record]:
        """Remove ``id@version`` (or every installed version of ``id``); returns what went."""
        tid, version = split_ref(ref)
        installed = [r for r in self.list() if r.id == tid and not r.readonly
                     and (version is None or r.version == version)]
        if not installed:
            if any(r.readonly for r in self.versions(tid)):
                bundled = next(r for r in self.versions(tid) if r.readonly)
                raise LibraryError(f"{ref} ships with the program and is read-only",
                                   where=Location(file=str(bundled.path)), code="library.readonly")
            raise LibraryError(f"{ref} is not installed", where=Location(file=str(self.root)),
                               code="library.not_installed")
        for r in installed:
            self._record_path(r.id, r.version).unlink()
        with contextlib.suppress(OSError):
            (self.index / tid).rmdir()
        used = {r.path for r in self.list()}
        for r in installed:
            if r.path not in used:  # committed and now unreferenced: no grace needed
                shutil.rmtree(r.path, ignore_errors=True)
        self.gc()
        return installed

    def gc(self) -> list[str]:
        """Delete package folders no record refers to (orphans of interrupted installs)."""
        used = {r.path.name for r in self.list() if not r.readonly}
        removed = []
        if self.packages.is_dir():
            now = time.time()
            for folder in self.packages.iterdir():
                with contextlib.suppress(OSError):
                    if now - folder.stat().st_mtime < GC_GRACE_S:
                        continue
                if folder.name not in used:
                    shutil.rmtree(folder, ignore_errors=True)
                    removed.append(folder.name)
        return removed


def _unstaged(problem: Problem, copy: Path, source: PackageSource) -> Problem:
    """``problem`` found in the staged ``copy``, placed in the package the user named instead."""
    file = problem.where.file
    if not file or not (file == str(copy) or file.startswith(str(copy) + os.sep)):
        return problem
    rel = Path(file).relative_to(copy).as_posix()
    shown = source.display_name(rel) if rel != "." else source.origin
    return dataclasses.replace(problem, where=dataclasses.replace(problem.where, file=shown))


def _intact(folder: Path, digest: str) -> bool:
    """True when ``folder`` holds exactly the files of ``digest``."""
    try:
        return folder.is_dir() and package_digest(FolderSource(folder))[0] == digest
    except (OSError, PackageError):
        return False


def _move_in(copy: Path, dest: Path, digest: str) -> None:
    """Put the verified ``copy`` at ``dest`` (its content address) with one rename.

    A folder already there is reused only if it still holds the same files
    (another install of the same package may have just put it there); one
    that was altered on disk is replaced by the verified copy.
    """
    if _intact(dest, digest):
        return
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        if dest.exists():
            aside = copy.parent / "altered"
            os.replace(dest, aside)  # moved out first, so dest is never half-deleted
        os.replace(copy, dest)  # staging/ lives in the library root: one rename
    except OSError as err:
        if not _intact(dest, digest):  # a concurrent install of the same digest won: fine
            shown, reason = write_failure(err, dest.parent, dest)
            raise LibraryError(f"cannot move the package into the library: {reason}",
                               where=Location(file=shown), code="library.install_failed") from None


def _copy_files(source: PackageSource, dest: Path) -> None:
    """Write every file of ``source`` below ``dest``, flushed to disk (read-only for other users)."""
    umask = os.umask(0)
    os.umask(umask)
    dest.mkdir(parents=True, exist_ok=True)
    for name in source.files():
        target = dest.joinpath(*name.split("/"))
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "wb") as fh:
            fh.write(source.read_bytes(name))
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(target, 0o644 & ~umask)
