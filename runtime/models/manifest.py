"""Reads a model manifest and checks its shape before anything trusts a field of it.

A manifest names the files a loader opens (``files.<role>.blob``) and the
sizes it allocates (``graph``), so a hand-edited or hostile one must not be
able to point outside the store (``"blob": "../../etc/passwd"`` or an
absolute path) or make a loader allocate without bound.  Every blob must be
called exactly ``sha256-<its sha256>``: a content address cannot name a
folder, so a checked manifest can only reach files inside ``blobs/``.  Every
problem is a :class:`ModelError` with code ``model.manifest`` whose
``where.pointer`` names the field.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..errors import Location, ModelError

MANIFEST_FORMAT = 1
#: largest manifest file read (real ones are 3-7 KB, most of it the chat template and model card)
MAX_MANIFEST_BYTES = 1 << 20
#: upper bounds of the ``graph`` numbers a loader allocates from (the known models are far below)
GRAPH_LIMITS = {"layers": 1024, "kv_heads": 1024, "head_dim": 4096, "vocab_size": 1 << 22,
                "max_positions": 1 << 22}
#: the same for the top-level ``context_length``
MAX_CONTEXT_LENGTH = 1 << 22

_HEX64 = re.compile(r"[0-9a-f]{64}")


def read_manifest(path: Path, name: str) -> dict[str, Any]:
    """The manifest document at ``path`` for model ``name``, checked (see :func:`check_manifest`)."""
    where = Location(file=str(path))
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_MANIFEST_BYTES + 1)
    except OSError as exc:  # a folder where the file should be, no permission, ...
        raise ModelError(f"unreadable model manifest: {exc.strerror or exc}", where=where,
                         code="model.manifest") from exc
    if len(raw) > MAX_MANIFEST_BYTES:
        raise ModelError(f"model manifest is larger than {MAX_MANIFEST_BYTES} bytes", where=where,
                         code="model.manifest")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # ValueError: JSONDecodeError, huge ints
        raise ModelError(f"unreadable model manifest: {exc}", where=where, code="model.manifest") from exc
    check_manifest(data, path, name)
    return data


def _fail(path: Path, pointer: str, message: str) -> ModelError:
    return ModelError(message, where=Location(file=str(path), pointer=pointer), code="model.manifest")


def _int(value: Any, path: Path, pointer: str, low: int, high: int) -> None:
    if type(value) is not int or not low <= value <= high:
        raise _fail(path, pointer, f"must be a whole number from {low} to {high}, not {value!r:.40}")


def check_manifest(data: Any, path: Path, name: str) -> None:
    """Raise ``model.manifest`` naming the first field that a loader could not trust."""
    if not isinstance(data, dict):
        raise _fail(path, "", "model manifest is not a JSON object")
    missing = [k for k in ("format", "name", "files") if k not in data]
    if missing:
        raise _fail(path, "", f"model manifest lacks {', '.join(missing)}")
    if data["format"] != MANIFEST_FORMAT:
        raise _fail(path, "/format", f"model manifest is of another format ({data['format']!r:.40}, "
                                     f"this program reads {MANIFEST_FORMAT})")
    if data["name"] != name:
        raise _fail(path, "/name", f"model manifest is for {data['name']!r:.80}, not {name!r}")
    files = data["files"]
    if not isinstance(files, dict):
        raise _fail(path, "/files", "must be an object of role -> file")
    for role, ref in files.items():
        _check_file(ref, path, f"/files/{role}")
    graph = data.get("graph", {})
    if not isinstance(graph, dict):
        raise _fail(path, "/graph", "must be an object")
    for key, high in GRAPH_LIMITS.items():
        if key in graph:
            _int(graph[key], path, f"/graph/{key}", 1, high)
    if "context_length" in data:
        _int(data["context_length"], path, "/context_length", 1, MAX_CONTEXT_LENGTH)
    tok = data.get("tokenizer", {})
    if not isinstance(tok, dict):
        raise _fail(path, "/tokenizer", "must be an object")
    eos = tok.get("eos_ids", [])
    if not isinstance(eos, list) or any(type(i) is not int or i < 0 for i in eos):
        raise _fail(path, "/tokenizer/eos_ids", "must be a list of token ids")
    if tok.get("bos_id") is not None:
        _int(tok["bos_id"], path, "/tokenizer/bos_id", 0, GRAPH_LIMITS["vocab_size"])
    if not isinstance(data.get("chat_template", ""), (str, type(None))):
        raise _fail(path, "/chat_template", "must be a string")


def _check_file(ref: Any, path: Path, pointer: str) -> None:
    if not isinstance(ref, dict):
        raise _fail(path, pointer, "must be an object with blob, size and sha256")
    digest = ref.get("sha256")
    if not isinstance(digest, str) or not _HEX64.fullmatch(digest):
        raise _fail(path, f"{pointer}/sha256", f"must be 64 lowercase hex digits, not {digest!r:.80}")
    blob = ref.get("blob")
    if blob != f"sha256-{digest}":
        raise _fail(path, f"{pointer}/blob", f"must be 'sha256-' and the file's sha256 (a name inside the "
                                             f"store's blobs folder), not {blob!r:.120}")
    _int(ref.get("size"), path, f"{pointer}/size", 0, 1 << 50)
