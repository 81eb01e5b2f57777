"""Corpus cases of the model store and loader: damaged model files as ``o3-local models`` meets them.

No real model is loaded: each case installs a tiny crafted model (a one-node ONNX graph
whose initializer lives in a 64-byte weights file, and a small tokenizer.json) into a
store of its own, then damages one thing the way a disk, a copy or a hand edit does.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from o3local.errors import Problem

from .corpus import Found, case, cli, raised

NAME = "tiny-model"


def onnx_bytes(weights: str, *, opset: int = 17, op: str = "Identity", inputs: int = 1) -> bytes:
    """A one-node graph whose initializer ``w`` (16 floats) is external data in file ``weights``."""
    import onnx
    from onnx import TensorProto, helper

    w = onnx.TensorProto(name="w", data_type=TensorProto.FLOAT, dims=[16])
    w.data_location = TensorProto.EXTERNAL
    for key, value in (("location", weights), ("offset", "0"), ("length", "64")):
        w.external_data.add(key=key, value=value)
    node = helper.make_node(op, ["w"] * inputs, ["y"])
    graph = helper.make_graph([node], "tiny", [], [helper.make_tensor_value_info("y", TensorProto.FLOAT, [16])],
                              initializer=[w])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    return model.SerializeToString()


def _ref(data: bytes) -> dict[str, Any]:
    digest = hashlib.sha256(data).hexdigest()
    return {"blob": f"sha256-{digest}", "size": len(data), "sha256": digest}


TOKENIZER = json.dumps({"version": "1.0", "model": {"type": "WordLevel", "vocab": {"a": 0}, "unk_token": "a"}})
WEIGHTS = bytes(range(64))


def install(root: Path, *, model: Callable[[str], bytes] = onnx_bytes, weights: bytes = WEIGHTS,
            tokenizer: str = TOKENIZER) -> dict[str, Any]:
    """Install the tiny model into the store at ``root`` (blobs, then the manifest); return the manifest."""
    weights_ref = _ref(weights)
    files = {"model": model(weights_ref["blob"]), "weights": weights, "tokenizer": tokenizer.encode()}
    (root / "blobs").mkdir(parents=True, exist_ok=True)
    (root / "manifests").mkdir(exist_ok=True)
    refs = {}
    for role, data in files.items():
        refs[role] = _ref(data)
        (root / "blobs" / refs[role]["blob"]).write_bytes(data)
    manifest = {"format": 1, "name": NAME, "files": refs, "graph": {"vocab_size": 1}}
    (root / "manifests" / f"{NAME}.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def blob(root: Path, manifest: dict[str, Any], role: str) -> Path:
    return root / "blobs" / manifest["files"][role]["blob"]


def verify(root: Path, name: str = NAME) -> Problem:
    return cli(["models", "verify", name], env={"O3_MODELS_DIR": str(root)})


# -- the manifest ---------------------------------------------------------------------------

case("model.not_installed", ("model 'ghost' is not installed", "o3-local models build ghost"),
     "manifests/ghost.json")(lambda t: verify(t / "store", "ghost"))
case("model.name", ("invalid model name '../x'", "letters, digits"), "")(
    lambda t: verify(t / "store", "../x"))


@case("model.manifest", ("must be 64 lowercase hex digits", "'ABC'"), f"manifests/{NAME}.json /files/weights/sha256")
def _bad_hash_field(t: Path) -> Found:
    m = install(t)
    m["files"]["weights"]["sha256"] = "ABC"
    (t / "manifests" / f"{NAME}.json").write_text(json.dumps(m))
    return verify(t)


@case("model.manifest", ("unreadable model manifest", "line 1 column 12"), f"manifests/{NAME}.json")
def _manifest_not_json(t: Path) -> Found:
    install(t)
    (t / "manifests" / f"{NAME}.json").write_text('{"format": }')
    return verify(t)


# -- the files ------------------------------------------------------------------------------

@case("model.hash", ("weights file does not match its sha256", "o3-local models build"), "/files/weights")
def _flipped_byte(t: Path) -> Found:
    m = install(t)
    path = blob(t, m, "weights")
    path.write_bytes(b"\xff" + WEIGHTS[1:])
    return verify(t)


@case("model.size", ("weights file has 32 bytes, the manifest says 64", "truncated"), "/files/weights")
def _truncated_weights(t: Path) -> Found:
    m = install(t)
    blob(t, m, "weights").write_bytes(WEIGHTS[:32])
    return verify(t)


@case("model.size", ("weights file is too short for tensor w", "needs 64 bytes, has 32"), "")
def _short_weights_consistent_manifest(t: Path) -> Found:
    # a manifest that agrees with the short file: only the graph's own offsets tell
    m = install(t, weights=WEIGHTS[:32])
    err = verify(t)
    assert err.where.file == str(blob(t, m, "weights")), err.where
    return err


@case("model.missing_file", "tokenizer file is missing", "/files/tokenizer")
def _missing_tokenizer(t: Path) -> Found:
    m = install(t)
    blob(t, m, "tokenizer").unlink()
    return verify(t)


@case("model.outside_store", ("is a link to", "outside the model store"), "")
def _link_outside(t: Path) -> Found:
    m = install(t / "store")
    path = blob(t / "store", m, "weights")
    (t / "elsewhere.bin").write_bytes(path.read_bytes())
    path.unlink()
    path.symlink_to(t / "elsewhere.bin")
    err = verify(t / "store")
    assert err.where.file == str(path), err.where
    return err


def _truncated_onnx(weights: str) -> bytes:
    data = onnx_bytes(weights)
    return data[: len(data) * 2 // 3]


case("model.not_onnx", ("not an ONNX model",), "")(lambda t: _with_graph(t, _truncated_onnx))
case("model.not_onnx", "not an ONNX model (bad header)", "")(
    lambda t: _with_graph(t, lambda w: b"PK\x03\x04 a zip, not a graph"))
case("model.opset", "unsupported opset ai.onnx 99", "")(
    lambda t: _with_graph(t, lambda w: onnx_bytes(w, opset=99)))
case("model.external", ("tensor w refers to external data 'other.bin'", "not the model's weights file"), "")(
    lambda t: _with_graph(t, lambda w: onnx_bytes("other.bin")))


def _with_graph(t: Path, model: Callable[[str], bytes]) -> Found:
    """A model whose installed graph (sizes and hashes right) is ``model``: only its content is bad."""
    m = install(t, model=model)
    err = verify(t)
    assert err.where.file == str(blob(t, m, "model")), err.where
    return err


@case("model.tokenizer", "tokenizer JSON has no 'model' section", "")
def _tokenizer_without_model(t: Path) -> Found:
    m = install(t, tokenizer='{"version": "1.0"}')
    err = verify(t)
    assert err.where.file == str(blob(t, m, "tokenizer")), err.where
    return err


@case("model.tokenizer", ("cannot read tokenizer",), "")
def _tokenizer_library_refuses(t: Path) -> Found:
    # valid JSON with a 'model' section that the tokenizers library cannot build (what a load meets)
    from o3local.models.store import ModelStore
    from o3local.models.tokenizer import ModelTokenizer

    m = install(t, tokenizer='{"version": "1.0", "model": {"type": "NoSuchModel"}}')
    store = ModelStore(t, readonly_roots=[])
    err = raised(lambda: ModelTokenizer(blob(t, m, "tokenizer"), store.get(NAME).data))
    assert err.where.file == str(blob(t, m, "tokenizer")), err.where
    return err


@case("model.load", "onnxruntime cannot load the model", "")
def _ort_refuses(t: Path) -> Found:
    # a well-formed graph onnxruntime rejects: Add with one input
    from o3local.models.loader import LoadedModel
    from o3local.models.store import ModelStore

    m = install(t, model=lambda w: onnx_bytes(w, op="Add"))
    store = ModelStore(t, readonly_roots=[])
    err = raised(lambda: LoadedModel(store.get(NAME), store, strategy="cold", use_cache=False).session())
    assert err.where.file == str(blob(t, m, "model")), err.where
    return err


@case("model.readonly", ("model 'tiny-model' ships with the program and is read-only",), f"manifests/{NAME}.json")
def _rm_bundled(t: Path) -> Found:
    from o3local.models.store import ModelStore

    install(t / "bundled")
    store = ModelStore(t / "user", readonly_roots=[t / "bundled"])
    err = raised(lambda: store.remove(NAME))
    assert err.where.file == str(t / "bundled" / "manifests" / f"{NAME}.json"), err.where
    return err


@case("model.strategy", ("unknown load strategy 'fast'", "O3_MODEL_STRATEGY", "cold, warm, hot"), "")
def _strategy(t: Path) -> Found:
    from o3local.models.loader import LoadedModel
    from o3local.models.store import ModelStore

    install(t)
    store = ModelStore(t, readonly_roots=[])
    return raised(lambda: LoadedModel(store.get(NAME), store, strategy="fast"))


@case("usage.task", ("unknown task 'poetry'", "known: summarization"), "")
def _unknown_task(t: Path) -> Found:
    from o3local.models import resolve_model
    from o3local.models.store import ModelStore

    return raised(lambda: resolve_model(task="poetry", store=ModelStore(t, readonly_roots=[])))
