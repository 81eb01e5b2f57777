"""A damaged or hostile model store is refused with a clear ModelError, never used or crashed on.

Every test works on a private copy of the real SmolLM2 build (hard links; a
test that writes a blob calls ``own_blob`` first).  Complements
``tests/models/test_store_and_bad_files.py`` (truncation, non-ONNX graphs,
opsets, broken tokenizer JSON, manifests that are not JSON).
"""

from __future__ import annotations

import json
import os
import threading

import pytest
from click.testing import CliRunner

from o3local.errors import ModelError
from o3local.models.engine import Generator
from o3local.models.manifest import MAX_MANIFEST_BYTES
from o3local.models.store import ModelStore
from tests.models.conftest import SMOLLM2, _copy_store, ensure_built, own_blob

NAME = SMOLLM2


@pytest.fixture()
def store_copy(tmp_path) -> ModelStore:
    """A private store of links to the real SmolLM2 build (see ``tests/models/conftest.py``)."""
    return _copy_store(ensure_built(NAME), tmp_path / "store")


def _open(store: ModelStore) -> Generator:
    """What every task does first: open the model (cold: no session yet, only the load-time checks)."""
    return Generator(store.get(NAME), store, strategy="cold")


def _flip_keeping_mtime(path, offset: int) -> None:
    """Flip one bit in place, same size, and set the modification time back."""
    st = os.stat(path)
    with open(path, "r+b") as fh:
        fh.seek(offset)
        b = fh.read(1)
        fh.seek(offset)
        fh.write(bytes([b[0] ^ 0x01]))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(path).st_size == st.st_size and os.stat(path).st_mtime_ns == st.st_mtime_ns


def _edit_manifest(store: ModelStore, edit) -> None:
    path = store.manifest_path(NAME)
    doc = json.loads(path.read_text())
    edit(doc)
    path.write_text(json.dumps(doc))


@pytest.mark.parametrize("role", ["weights", "tokenizer", "model"])
def test_a_flipped_byte_is_refused_on_the_first_open_after_the_damage(store_copy, role):
    path = own_blob(store_copy, role)
    _open(store_copy)  # opened once intact: its version is marked as verified
    _flip_keeping_mtime(path, path.stat().st_size // 2)
    with pytest.raises(ModelError) as err:
        _open(store_copy)
    assert err.value.code == "model.hash" and err.value.where.file == str(path)
    assert err.value.where.pointer == f"/files/{role}" and "models build" in err.value.message
    with pytest.raises(ModelError, match="sha256"):  # and stays refused: the marker is gone
        _open(store_copy)


def test_a_damaged_blob_fails_the_cli_with_one_json_error(store_copy, tmp_path):
    from o3local.cli import main

    path = own_blob(store_copy, "weights")
    _flip_keeping_mtime(path, 4096)
    text = tmp_path / "t.txt"
    text.write_text("The quarterly report shows revenue grew. Costs fell. Margins rose sharply. " * 3)
    res = CliRunner().invoke(main, ["summarize", str(text), "--method", "abstractive", "--model", NAME, "--json"],
                             env={"O3_MODELS_DIR": str(store_copy.root)})
    assert res.exit_code == 1 and "Traceback" not in res.output, res.output
    error = json.loads(res.output)["error"]
    assert error["code"] == "model.hash" and error["where"]["file"] == str(path)


def test_an_unchanged_blob_is_hashed_once_and_any_change_to_it_means_hashing_again(store_copy):
    m = store_copy.get(NAME)
    path = own_blob(store_copy, "weights")
    hashed: list[int] = []
    assert store_copy.check_files(m, once=True, progress=hashed.append) == []
    assert sum(hashed) == sum(f["size"] for f in m.files.values())  # nothing marked yet: all three hashed
    hashed.clear()
    assert store_copy.check_files(m, once=True, progress=hashed.append) == [] and hashed == []
    os.link(path, path.with_name("another-link"))  # no byte changed, but the inode's ctime did
    assert store_copy.check_files(m, once=True, progress=hashed.append) == []
    assert sum(hashed) == path.stat().st_size


@pytest.mark.parametrize("blob", ["../../outside.bin", "/ABS/outside.bin", "sha256-../../outside.bin", ""])
def test_a_manifest_blob_that_leaves_the_store_is_refused(store_copy, tmp_path, blob):
    outside = tmp_path / "outside.bin"
    outside.write_bytes(store_copy.file_path(store_copy.get(NAME), "weights").read_bytes())
    blob = blob.replace("/ABS", str(tmp_path))
    _edit_manifest(store_copy, lambda d: d["files"]["weights"].__setitem__("blob", blob))
    with pytest.raises(ModelError) as err:
        _open(store_copy)
    assert err.value.code == "model.manifest" and err.value.where.pointer == "/files/weights/blob"
    assert err.value.where.file == str(store_copy.manifest_path(NAME))


def test_a_blob_that_is_a_link_out_of_the_store_is_refused(store_copy, tmp_path):
    """Even with the right bytes behind it (so the digest matches): the store never reads outside itself."""
    path = store_copy.file_path(store_copy.get(NAME), "tokenizer")
    outside = tmp_path / "elsewhere" / "tokenizer.json"
    outside.parent.mkdir()
    outside.write_bytes(path.read_bytes())
    path.unlink()
    path.symlink_to(outside)
    with pytest.raises(ModelError) as err:
        _open(store_copy)
    assert err.value.code == "model.outside_store" and err.value.where.file == str(path)


@pytest.mark.parametrize("damage, pointer", [
    (lambda d: d.__setitem__("graph", {**d["graph"], "layers": "30"}), "/graph/layers"),
    (lambda d: d.__setitem__("graph", {**d["graph"], "layers": 10**9}), "/graph/layers"),
    (lambda d: d.__setitem__("context_length", -1), "/context_length"),
    (lambda d: d["files"]["weights"].__setitem__("size", "162153728"), "/files/weights/size"),
    (lambda d: d["files"]["weights"].__setitem__("sha256", "00" * 32), "/files/weights/blob"),
    (lambda d: d["files"].__setitem__("weights", ["sha256-x"]), "/files/weights"),
    (lambda d: d.__setitem__("files", []), "/files"),
    (lambda d: d["tokenizer"].__setitem__("eos_ids", [2, "x"]), "/tokenizer/eos_ids"),
    (lambda d: d.__setitem__("format", 2), "/format"),
])
def test_a_manifest_field_of_the_wrong_kind_is_named(store_copy, damage, pointer):
    _edit_manifest(store_copy, damage)
    with pytest.raises(ModelError) as err:
        _open(store_copy)
    assert err.value.code == "model.manifest" and err.value.where.pointer == pointer


@pytest.mark.parametrize("text", [
    " " * (MAX_MANIFEST_BYTES + 1) + "{}",  # huge
    "[" * 200_000 + "]" * 200_000,  # nested past the parser's recursion limit
    '{"format": 1, "name": "x", "files": {}, "n": ' + "9" * 5000 + "}",  # a 5000-digit integer
    "[1, 2, 3]",
    "\xff\xfe{}",
])
def test_a_manifest_that_is_no_manifest_is_a_model_error(store_copy, text):
    store_copy.manifest_path(NAME).write_bytes(text.encode("utf-8", "surrogateescape")
                                               if not text.startswith("\xff") else b"\xff\xfe{}")
    with pytest.raises(ModelError) as err:
        store_copy.get(NAME)
    assert err.value.code == "model.manifest" and err.value.where.file == str(store_copy.manifest_path(NAME))


def test_a_folder_where_the_manifest_should_be(store_copy):
    path = store_copy.manifest_path(NAME)
    path.unlink()
    path.mkdir()
    with pytest.raises(ModelError) as err:
        store_copy.get(NAME)
    assert err.value.code == "model.manifest" and err.value.where.file == str(path)
    assert store_copy.list() == []


@pytest.mark.parametrize("role", ["weights", "tokenizer"])
@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_or_fifo_where_a_blob_should_be(store_copy, role, kind):
    path = store_copy.file_path(store_copy.get(NAME), role)
    path.unlink()
    path.mkdir() if kind == "folder" else os.mkfifo(path)
    out: list[BaseException] = []
    t = threading.Thread(target=lambda: out.append(pytest.raises(ModelError, _open, store_copy).value), daemon=True)
    t.start()
    t.join(30)  # a FIFO that were opened for reading would block forever
    assert not t.is_alive() and out, "opening the model hung"
    assert out[0].code == "model.missing_file" and out[0].where.file == str(path)
    assert "not a regular file" in out[0].message


def test_a_cache_that_cannot_be_written_does_not_stop_a_load(store_copy):
    """``cache/`` is derived data: a file in its place means loading without it, not a traceback."""
    store_copy.cache.write_text("not a folder")
    gen = Generator(store_copy.get(NAME), store_copy, strategy="hot")
    gen.preload()
    assert gen.complete("Hello", max_tokens=2).tokens and gen.model.stats["source"] == "plain"


def test_a_flipped_byte_in_the_optimized_graph_cache_makes_it_stale(store_copy):
    """``cache/ort`` holds the weights the full session maps: a write to it means building it again.

    (onnxruntime itself compares pre-packed weights with a fresh packing, but
    not the others, such as the norms' scales.)"""
    first = Generator(store_copy.get(NAME), store_copy, strategy="hot")
    first.preload()
    assert first.model.stats["source"] == "built-cache"
    intact = first.complete("Hello", max_tokens=4).tokens  # (first maps the cache: the flip below changes it too)
    import onnx

    cache = first.model._cache_dir()
    graph = onnx.load_model(str(cache / "model.opt.onnx"), load_external_data=False)
    norm = next({e.key: e.value for e in t.external_data} for t in graph.graph.initializer
                if t.name == "layers.0.attn_norm")  # not pre-packed: onnxruntime would not notice
    _flip_keeping_mtime(cache / "model.opt.data", int(norm["offset"]) + 3)  # a float's exponent
    again = Generator(store_copy.get(NAME), store_copy, strategy="hot")
    again.preload()
    assert again.model.stats["source"] == "built-cache"  # not "optimized-cache": the damaged copy was dropped
    untouched = Generator(store_copy.get(NAME), store_copy, strategy="hot")
    untouched.preload()
    assert untouched.model.stats["source"] == "optimized-cache"
    assert untouched.complete("Hello", max_tokens=4).tokens == intact
