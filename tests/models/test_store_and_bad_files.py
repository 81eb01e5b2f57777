"""The store's guarantees and how damaged model files are reported (never a crash)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from o3local.errors import ModelError
from o3local.models import ModelNotInstalled, resolve_model
from o3local.models.engine import Generator
from o3local.models.store import ModelStore

from .conftest import forge_blob, own_blob

NAME = "smollm2-135m-instruct"


def _blob(store: ModelStore, role: str):
    return own_blob(store, role)


def _load(store: ModelStore) -> Generator:
    gen = Generator(store.get(NAME), store, strategy="hot", use_cache=False)
    gen.preload()
    return gen


def test_copy_loads_and_verifies(store_copy):
    assert [m.name for m in store_copy.list()] == [NAME]
    assert store_copy.check_files(store_copy.get(NAME), full=True) == []
    assert _load(store_copy).complete("Hello", max_tokens=2).tokens


def test_truncated_weights_name_the_file(store_copy):
    path = _blob(store_copy, "weights")
    with open(path, "r+b") as fh:
        fh.truncate(path.stat().st_size // 2)
    with pytest.raises(ModelError) as err:
        _load(store_copy)
    assert err.value.where.file == str(path) and "truncated" in err.value.message


def test_truncated_weights_behind_a_forged_manifest_still_fail_cleanly(store_copy):
    """Even when the manifest agrees with the short file (size, sha256, and a graph that names it),
    the ONNX check catches it before onnxruntime reads past its end."""
    import onnx

    data = _blob(store_copy, "weights").read_bytes()
    path = forge_blob(store_copy, "weights", data[:-4096])
    proto = onnx.load_model(str(store_copy.file_path(store_copy.get(NAME), "model")), load_external_data=False)
    for t in proto.graph.initializer:
        for e in t.external_data:
            if e.key == "location":
                e.value = path.name
    forge_blob(store_copy, "model", proto.SerializeToString())
    with pytest.raises(ModelError, match="too short") as err:
        _load(store_copy)
    assert err.value.where.file == str(path)


def test_flipped_byte_is_found_by_verify(store_copy):
    path = _blob(store_copy, "weights")
    with open(path, "r+b") as fh:
        fh.seek(1000)
        b = fh.read(1)
        fh.seek(1000)
        fh.write(bytes([b[0] ^ 0xFF]))
    problems = store_copy.check_files(store_copy.get(NAME), full=True)
    assert [p.code for p in problems] == ["model.hash"] and problems[0].where.file == str(path)


def test_not_onnx_names_the_file(store_copy):
    path = forge_blob(store_copy, "model", b"PK\x03\x04 this is a zip, not a model" * 10)
    with pytest.raises(ModelError, match="not an ONNX model") as err:
        _load(store_copy)
    assert err.value.where.file == str(path)


def test_wrong_opset_names_the_file(store_copy):
    import onnx

    path = store_copy.file_path(store_copy.get(NAME), "model")
    proto = onnx.load_model(str(path), load_external_data=False)
    proto.opset_import[0].version = 99
    path = forge_blob(store_copy, "model", proto.SerializeToString())
    with pytest.raises(ModelError, match="opset") as err:
        _load(store_copy)
    assert err.value.where.file == str(path)


def test_missing_tokenizer_names_the_file(store_copy):
    path = store_copy.file_path(store_copy.get(NAME), "tokenizer")
    path.unlink()
    with pytest.raises(ModelError, match="missing") as err:
        _load(store_copy)
    assert err.value.where.file == str(path)


def test_broken_tokenizer_names_the_file(store_copy):
    path = forge_blob(store_copy, "tokenizer", b'{"version": "1.0", "model": ')
    with pytest.raises(ModelError, match="tokenizer") as err:
        _load(store_copy)
    assert err.value.where.file == str(path)


def test_remove_deletes_blobs_caches_and_the_model_is_gone(store_copy):
    _load_cached = Generator(store_copy.get(NAME), store_copy, strategy="hot")
    _load_cached.preload()
    assert any((store_copy.cache / "ort").iterdir())
    removed = store_copy.remove(NAME)
    assert len(removed) == 3 and not any(store_copy.blobs.iterdir())
    assert not any((store_copy.cache / "ort").iterdir())
    with pytest.raises(ModelNotInstalled, match="o3-local models build"):
        store_copy.get(NAME)


def test_build_killed_before_the_manifest_leaves_no_model(store_copy, tmp_path):
    """Blobs without a manifest (what a killed build leaves) are never listed and gc deletes them."""
    store_copy.manifest_path(NAME).unlink()
    assert store_copy.list() == [] and not store_copy.is_installed(NAME)
    with pytest.raises(ModelNotInstalled):
        resolve_model(task="summarization", store=store_copy)
    assert len(store_copy.gc()) == 3


def test_killed_build_process_leaves_nothing_usable(smol_store, tmp_path):
    """Really kill a build mid-way (SIGKILL) and check the store it was writing to."""
    root = tmp_path / "killed"
    code = (
        "import os, signal, sys\n"
        "from o3local.models.store import ModelStore\n"
        "from o3local.recipes import build as b\n"
        "orig = ModelStore.add_blob\n"
        "def add_blob(self, path, progress=None):\n"
        "    ref = orig(self, path, progress)\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "ModelStore.add_blob = add_blob\n"
        f"b.build({NAME!r}, ModelStore({str(root)!r}), log=lambda s: None, wheel_cache=__import__('pathlib').Path({str(smol_store.root / 'wheels')!r}))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=300)
    assert proc.returncode == -9, proc.stderr.decode()[-2000:]
    store = ModelStore(root)
    assert store.list() == [] and not store.is_installed(NAME)
    assert len(list(store.blobs.iterdir())) == 1  # the weights blob, unreferenced
    store.gc()
    assert not any(store.blobs.iterdir()) and not store.staging_root.exists()


def test_manifest_that_is_not_json_is_a_model_error(store_copy):
    store_copy.manifest_path(NAME).write_text("{not json")
    with pytest.raises(ModelError) as err:
        store_copy.get(NAME)
    assert err.value.where.file == str(store_copy.manifest_path(NAME))


def test_store_root_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("O3_MODELS_DIR", str(tmp_path / "elsewhere"))
    assert ModelStore().root == tmp_path / "elsewhere"
    monkeypatch.delenv("O3_MODELS_DIR")
    assert ModelStore().root.name == "models" and "o3-local" in str(ModelStore().root)
    assert os.environ.get("O3_MODELS_DIR") is None
