"""Content-addressed model store: blobs named by sha256 plus one small manifest per model.

Layout below the store root (``$O3_MODELS_DIR`` or the user data dir)::

    blobs/sha256-<hex>        immutable files (ONNX graph, weights, tokenizer.json)
    manifests/<name>.json     what a model is made of: files with sizes and hashes, ...
    staging/                  builds in progress (never read by a loader)
    cache/                    derived data (optimized graphs), safe to delete

A model exists once its manifest exists.  Blobs are moved in with an atomic
rename after hashing and the manifest is written last (atomically), so a build
killed at any point leaves only unreferenced blobs or staging files that no
loader ever reads and that ``rm``/``gc`` delete.  Importing this module costs
no numpy or onnxruntime.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Location, ModelError
from ..fsutil import atomic_write_text, staging_dir
from .integrity import VerifiedMarks, fingerprint
from .manifest import MANIFEST_FORMAT, read_manifest

_CHUNK = 1 << 20


class ModelNotInstalled(ModelError):
    """The model asked for has no manifest in the store."""

    code = "model.not_installed"


def default_root() -> Path:
    from ..paths import configured_path

    return configured_path("O3_MODELS_DIR", "user_data_dir", "models")


def sha256_file(path: str | os.PathLike[str], progress: Callable[[int], None] | None = None) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(_CHUNK):
            h.update(chunk)
            if progress:
                progress(len(chunk))
    return h.hexdigest()


@dataclass(frozen=True)
class BlobRef:
    sha256: str
    size: int

    @property
    def blob(self) -> str:
        return f"sha256-{self.sha256}"

    def to_dict(self) -> dict[str, Any]:
        return {"blob": self.blob, "size": self.size, "sha256": self.sha256}


@dataclass
class Manifest:
    """A model's manifest; ``data`` is the JSON document, ``path`` where it lives."""

    data: dict[str, Any]
    path: Path

    @property
    def name(self) -> str:
        return str(self.data["name"])

    @property
    def files(self) -> dict[str, dict[str, Any]]:
        return self.data["files"]

    def summary(self) -> dict[str, Any]:
        d = self.data
        return {
            "name": d["name"], "tasks": d.get("tasks", []), "quantization": d.get("quantization"),
            "context_length": d.get("context_length"), "license": d.get("license"),
            "size": sum(int(f["size"]) for f in d["files"].values()),
            "files": {role: f["blob"] for role, f in d["files"].items()},
        }


class ModelStore:
    """The writable store at ``root``, plus read-only stores searched after it.

    The desktop bundle ships its default models as a read-only store beside
    the executable (memory-mapped where they lie); models a user builds later
    go to the writable root, which wins when both hold a name.  Blobs are
    content-addressed, so a blob is the same file whichever root holds it.
    """

    def __init__(self, root: str | os.PathLike[str] | None = None,
                 readonly_roots: list[Path] | None = None) -> None:
        self.root = Path(root) if root is not None else default_root()
        self.blobs = self.root / "blobs"
        self.manifests = self.root / "manifests"
        self.staging_root = self.root / "staging"
        self.cache = self.root / "cache"
        if readonly_roots is None:
            from ..resources import bundled_models_root

            bundled = bundled_models_root() if root is None else None
            readonly_roots = [bundled] if bundled is not None else []
        self.readonly_roots = [Path(r) for r in readonly_roots if Path(r) != self.root]

    # -- reading ---------------------------------------------------------
    def manifest_path(self, name: str) -> Path:
        if not name or "/" in name or "\\" in name or name.startswith("."):
            raise ModelError(f"invalid model name {name!r}: a model name is one file name (letters, digits, "
                             "'-', '_', '.'), with no '/' or '\\' and not starting with '.'", code="model.name")
        return self.manifests / f"{name}.json"

    def _located(self, name: str) -> Path:
        """Where ``name``'s manifest is: the writable root first, then the read-only ones."""
        path = self.manifest_path(name)
        if path.exists():  # a folder there is a damaged manifest, reported as such by get()
            return path
        for root in self.readonly_roots:
            candidate = root / "manifests" / path.name
            if candidate.exists():
                return candidate
        return path

    def is_readonly(self, name: str) -> bool:
        return self._located(name).parent != self.manifests and self._located(name).exists()

    def get(self, name: str) -> Manifest:
        path = self._located(name)
        if not path.exists():
            raise ModelNotInstalled(
                f"model {name!r} is not installed in {self.root} (run: o3-local models build {name})",
                where=Location(file=str(path)),
            )
        data = read_manifest(path, name)
        return Manifest(data, path)

    def is_installed(self, name: str) -> bool:
        return self._located(name).exists()

    def list(self) -> list[Manifest]:
        names = {p.stem for p in self.manifests.glob("*.json")}
        for root in self.readonly_roots:
            names |= {p.stem for p in (root / "manifests").glob("*.json")}
        out = []
        for name in sorted(names):
            with contextlib.suppress(ModelError):
                out.append(self.get(name))
        return out

    def blob_path(self, ref: dict[str, Any] | BlobRef) -> Path:
        """Where a blob is: the writable root first, then the read-only ones.

        The name comes from a checked manifest (``sha256-<hex>``, see
        ``manifest.py``), so it cannot climb out of ``blobs/``; a blob that is
        a symbolic link to a file outside its ``blobs/`` folder is refused too.
        """
        blob = ref.blob if isinstance(ref, BlobRef) else str(ref["blob"])
        path = self.blobs / blob
        if not path.exists():
            for root in self.readonly_roots:
                candidate = root / "blobs" / blob
                if candidate.exists():
                    path = candidate
                    break
        if path.is_symlink() and path.resolve().parent != path.parent.resolve():
            raise ModelError(f"blob {blob} is a link to {path.resolve()}, outside the model store",
                             where=Location(file=str(path)), code="model.outside_store")
        return path

    def file_path(self, manifest: Manifest, role: str) -> Path:
        if role not in manifest.files:
            raise ModelError(f"model manifest lists no {role!r} file",
                             where=Location(file=str(manifest.path), pointer="/files"), code="model.manifest")
        return self.blob_path(manifest.files[role])

    # -- writing ---------------------------------------------------------
    @contextlib.contextmanager
    def staging(self) -> Iterator[Path]:
        """A private folder for a build; removed afterwards whatever happens."""
        with staging_dir(self.staging_root) as path:
            yield path

    def add_blob(self, path: str | os.PathLike[str], progress: Callable[[int], None] | None = None) -> BlobRef:
        """Hash ``path`` and move it into the store under its content address."""
        src = Path(path)
        digest = sha256_file(src, progress)
        ref = BlobRef(digest, src.stat().st_size)
        self.blobs.mkdir(parents=True, exist_ok=True)
        dest = self.blob_path(ref)
        if dest.is_file() and dest.stat().st_size == ref.size:
            src.unlink()
        else:
            with open(src, "rb+") as fh:
                os.fsync(fh.fileno())
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(src, 0o644 & ~umask)  # blobs are read-only data for every local user
            os.replace(src, dest)  # same filesystem: staging/ lives in the store root
            self.marks.record(digest, fingerprint(dest))  # hashed above; the rename changed only its ctime
        return ref

    def write_manifest(self, data: dict[str, Any]) -> Manifest:
        """Commit a model: from this rename on, loaders see it."""
        for role, ref in data["files"].items():
            blob = self.blob_path(ref)
            if not blob.is_file() or blob.stat().st_size != int(ref["size"]):
                raise ModelError(f"cannot install: {role} blob is missing", where=Location(file=str(blob)),
                                 code="model.missing_file")
        data = {"format": MANIFEST_FORMAT, **data}
        path = self.manifest_path(data["name"])
        atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return Manifest(data, path)

    def remove(self, name: str) -> list[str]:
        """Delete a model's manifest, then every blob no manifest refers to; returns removed blobs."""
        path = self.manifest_path(name)
        if not path.is_file():
            if self.is_readonly(name):
                raise ModelError(f"model {name!r} ships with the program and is read-only",
                                 where=Location(file=str(self._located(name))), code="model.readonly")
            raise ModelNotInstalled(f"model {name!r} is not installed", where=Location(file=str(path)))
        path.unlink()
        return self.gc()

    def gc(self) -> list[str]:
        used = {f["blob"] for m in self.list() for f in m.files.values()}
        removed = []
        if self.blobs.is_dir():  # only the writable root: read-only stores are never touched
            for blob in self.blobs.iterdir():
                if blob.name not in used:
                    blob.unlink()
                    removed.append(blob.name)
        if self.staging_root.is_dir():
            shutil.rmtree(self.staging_root, ignore_errors=True)
        ort_cache = self.cache / "ort"
        if ort_cache.is_dir():  # optimized graphs of models that are gone
            for entry in ort_cache.iterdir():
                try:
                    blobs = json.loads((entry / "complete.json").read_text())["blobs"]
                except (OSError, ValueError, KeyError, TypeError):
                    blobs = []
                if not blobs or not set(blobs) <= used:
                    shutil.rmtree(entry, ignore_errors=True)
        checked = self.cache / "checked"
        if checked.is_dir():  # the loader's "graph passed check_onnx" markers, named by the graph's sha256
            for marker in checked.iterdir():
                if f"sha256-{marker.name.split('-')[0]}" not in used:
                    marker.unlink(missing_ok=True)
        verified = self.cache / "verified"
        if verified.is_dir():  # integrity markers of blobs that are gone
            for marker in verified.iterdir():
                if f"sha256-{marker.name}" not in used:
                    marker.unlink(missing_ok=True)
        return removed

    # -- checking --------------------------------------------------------
    @property
    def marks(self) -> VerifiedMarks:
        """Which blob versions already matched their sha256 (see ``integrity.py``)."""
        return VerifiedMarks(self.cache / "verified")

    def check_files(self, manifest: Manifest, full: bool = False,
                    progress: Callable[[int], None] | None = None, once: bool = False) -> list[ModelError]:
        """Problems with a model's files: always sizes; sha256 too when ``full``.

        ``once``: sha256 too, but only for files whose current version has not
        matched before (what every load does: a damaged blob is refused when it
        is first opened after the damage, an unchanged one costs a ``stat``).
        """
        problems: list[ModelError] = []
        for role, ref in manifest.files.items():
            path = self.blob_path(ref)
            where = Location(file=str(path), pointer=f"/files/{role}")
            if not path.is_file():
                what = "is missing" if not path.exists() else "is not a regular file"
                problems.append(ModelError(f"{role} file {what}", where=where, code="model.missing_file"))
                continue
            size = path.stat().st_size
            if size != int(ref["size"]):
                problems.append(ModelError(
                    f"{role} file has {size} bytes, the manifest says {ref['size']} (truncated or replaced)",
                    where=where, code="model.size"))
                continue
            if not full and not (once and not self.marks.is_current(ref["sha256"], path)):
                continue
            seen = fingerprint(path)  # before hashing: a write during the hash leaves the marker stale
            if sha256_file(path, progress) != ref["sha256"]:
                self.marks.forget(ref["sha256"])
                problems.append(ModelError(f"{role} file does not match its sha256 (corrupted; rebuild "
                                           f"the model: o3-local models build {manifest.name})",
                                           where=where, code="model.hash"))
            else:
                self.marks.record(ref["sha256"], seen)
        return problems
