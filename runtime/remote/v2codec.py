"""KServe v2 / Triton inference request and response bodies, binary tensors included.

Small tensors go as JSON; anything beyond ``BINARY_THRESHOLD`` bytes uses
Triton's binary tensor extension (JSON header of ``Inference-Header-Content-
Length`` bytes, then the raw tensors), which avoids JSON-escaping a long
document and is what Triton and KServe expect for large inputs.
"""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import RemoteError

HEADER = "Inference-Header-Content-Length"
BINARY_THRESHOLD = 1024

_NP = {"BOOL": np.bool_, "INT8": np.int8, "INT16": np.int16, "INT32": np.int32,
       "INT64": np.int64, "UINT8": np.uint8, "UINT16": np.uint16, "UINT32": np.uint32,
       "UINT64": np.uint64, "FP16": np.float16, "FP32": np.float32, "FP64": np.float64}


@dataclass
class Tensor:
    name: str
    datatype: str
    shape: list[int]
    data: np.ndarray


def bytes_tensor(name: str, items: list[bytes]) -> Tensor:
    return Tensor(name, "BYTES", [len(items)], np.array(items, dtype=np.object_))


def _serialize_bytes(arr: np.ndarray) -> bytes:
    out = bytearray()
    for item in arr.reshape(-1):
        raw = item if isinstance(item, bytes) else str(item).encode("utf-8")
        out += struct.pack("<I", len(raw)) + raw
    return bytes(out)


def _deserialize_bytes(raw: bytes, count: int) -> np.ndarray:
    items, pos = [], 0
    for _ in range(count):
        if pos + 4 > len(raw):
            raise ValueError("truncated BYTES tensor")
        (size,) = struct.unpack_from("<I", raw, pos)
        pos += 4
        if pos + size > len(raw):
            raise ValueError("truncated BYTES element")
        items.append(raw[pos:pos + size])
        pos += size
    return np.array(items, dtype=np.object_)


def encode_request(inputs: list[Tensor], *, outputs: list[str] | None = None,
                   binary_output: bool = False, parameters: dict[str, Any] | None = None,
                   threshold: int = BINARY_THRESHOLD) -> tuple[bytes, dict[str, str]]:
    """Body and headers of ``POST /v2/models/{m}/infer``."""
    doc: dict[str, Any] = {"inputs": []}
    blobs: list[bytes] = []
    for t in inputs:
        raw = _serialize_bytes(t.data) if t.datatype == "BYTES" else \
            np.ascontiguousarray(t.data, dtype=_NP[t.datatype]).tobytes()
        entry: dict[str, Any] = {"name": t.name, "datatype": t.datatype, "shape": t.shape}
        if len(raw) > threshold:
            entry["parameters"] = {"binary_data_size": len(raw)}
            blobs.append(raw)
        elif t.datatype == "BYTES":
            entry["data"] = [x.decode("utf-8") if isinstance(x, bytes) else str(x)
                             for x in t.data.reshape(-1)]
        else:
            entry["data"] = t.data.reshape(-1).tolist()
        doc["inputs"].append(entry)
    params = dict(parameters or {})
    if binary_output:
        params["binary_data_output"] = True
    if params:
        doc["parameters"] = params
    if outputs:
        doc["outputs"] = [{"name": n, "parameters": {"binary_data": binary_output}} for n in outputs]
    head = json.dumps(doc, separators=(",", ":")).encode("utf-8")
    headers = {"Content-Type": "application/json"}
    if not blobs:
        return head, headers
    headers = {"Content-Type": "application/octet-stream", HEADER: str(len(head))}
    return head + b"".join(blobs), headers


def decode_response(body: bytes, headers: Any, what: str) -> dict[str, np.ndarray]:
    """Output tensors by name; a malformed body raises a retryable RemoteError."""
    from .transport import remote_error

    try:
        head_len = headers.get(HEADER.lower()) or headers.get(HEADER)
        split = int(head_len) if head_len else len(body)
        doc = json.loads(body[:split])
        rest = body[split:]
        result: dict[str, np.ndarray] = {}
        pos = 0
        for out in doc["outputs"]:
            dtype, shape = out["datatype"], [int(s) for s in out["shape"]]
            count = int(np.prod(shape)) if shape else 1
            size = (out.get("parameters") or {}).get("binary_data_size")
            if size is not None:
                raw = rest[pos:pos + int(size)]
                pos += int(size)
                if len(raw) != int(size):
                    raise ValueError("binary output shorter than announced")
                arr = _deserialize_bytes(raw, count) if dtype == "BYTES" else \
                    np.frombuffer(raw, dtype=_NP[dtype])
            elif dtype == "BYTES":
                arr = np.array([x.encode("utf-8") if isinstance(x, str) else bytes(x)
                                for x in out["data"]], dtype=np.object_)
            else:
                arr = np.array(out["data"], dtype=_NP[dtype])
            result[out["name"]] = arr.reshape(shape)
        return result
    except RemoteError:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as err:
        raise remote_error(f"{what}: malformed v2 inference response ({err})",
                           "remote.malformed", retryable=True) from None
