"""Checks a model's files before onnxruntime sees them.

onnxruntime trusts its input: a truncated external-data file or a graph that
points outside it can crash the process instead of raising.  So the graph
protobuf is parsed on its own (it is small; weights stay out), its opsets are
compared with what the installed onnxruntime runs, and every external tensor
must lie inside the one weights file the manifest names.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import Location, ModelError

# domains our graphs use -> highest opset version we accept
_MAX_OPSET = {"": 23, "ai.onnx": 23, "com.microsoft": 1}


def check_onnx(model_path: Path, weights_path: Path | None) -> None:
    import onnx

    where = Location(file=str(model_path))
    try:
        with open(model_path, "rb") as fh:
            head = fh.read(2)
        if not head or head[0] != 0x08:  # field 1 (ir_version, varint) opens every ONNX file
            raise ModelError("not an ONNX model (bad header)", where=where, code="model.not_onnx")
        proto = onnx.load_model(str(model_path), load_external_data=False)
    except ModelError:
        raise
    except Exception as exc:  # protobuf DecodeError and friends
        raise ModelError(f"not an ONNX model: {exc}", where=where, code="model.not_onnx") from exc
    for op in proto.opset_import:
        limit = _MAX_OPSET.get(op.domain)
        if limit is None or op.version > limit:
            raise ModelError(f"unsupported opset {op.domain or 'ai.onnx'} {op.version}", where=where,
                             code="model.opset")
    size = weights_path.stat().st_size if weights_path is not None else 0
    for t in proto.graph.initializer:
        if t.data_location != onnx.TensorProto.EXTERNAL:
            continue
        info = {e.key: e.value for e in t.external_data}
        if weights_path is None or info.get("location") != weights_path.name:
            raise ModelError(f"tensor {t.name} refers to external data {info.get('location')!r} "
                             "that is not the model's weights file", where=where, code="model.external")
        end = int(info.get("offset", 0)) + int(info.get("length", 0))
        if end > size:
            raise ModelError(f"weights file is too short for tensor {t.name} (needs {end} bytes, has {size})",
                             where=Location(file=str(weights_path)), code="model.size")


def check_tokenizer(path: Path) -> None:
    import json

    where = Location(file=str(path))
    if not path.is_file():
        raise ModelError("tokenizer file is missing", where=where, code="model.missing_file")
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ModelError(f"tokenizer is not valid JSON: {exc}", where=where, code="model.tokenizer") from exc
    if not isinstance(doc, dict) or "model" not in doc:
        raise ModelError("tokenizer JSON has no 'model' section", where=where, code="model.tokenizer")
