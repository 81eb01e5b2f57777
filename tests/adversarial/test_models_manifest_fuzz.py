"""Fuzz target for the model manifest reader (``ModelStore.get``, ``o3local.models.manifest``), fixed budget.

Whatever bytes or JSON a manifest holds, reading it either gives a document
whose every blob lies inside the store's ``blobs/`` folder, or raises
``ModelError`` with code ``model.manifest`` naming the manifest file; nothing
else (no other exception, no hang).  Budget: ``FUZZ_EXAMPLES`` examples per
target (a few seconds each on the 2-core VM; ~10 s for the file).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from o3local.errors import ModelError
from o3local.models.manifest import read_manifest
from o3local.models.store import ModelStore

NAME = "fuzz"
FUZZ_EXAMPLES = 300
_SETTINGS = settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None,
                     suppress_health_check=[HealthCheck.too_slow])


def _ref(char: str) -> dict[str, Any]:
    return {"blob": f"sha256-{char * 64}", "size": 10, "sha256": char * 64}


VALID: dict[str, Any] = {
    "format": 1, "name": NAME, "context_length": 2048, "chat_template": "{{ messages }}",
    "files": {"model": _ref("a"), "weights": _ref("b"), "tokenizer": _ref("c")},
    "tokenizer": {"eos_ids": [2], "bos_id": 1, "add_bos": False},
    "graph": {"layers": 2, "kv_heads": 1, "head_dim": 8, "vocab_size": 16, "max_positions": 64},
}

PATHS = st.sampled_from(["../outside", "../../etc/passwd", "/etc/passwd", "sha256-../../x", "sha256-/etc/x",
                         "C:\\Windows\\x", "\\\\server\\share", "sha256-" + "a" * 64 + "/..", ".", "..", "",
                         "sha256-" + "A" * 64, "sha256-" + "a" * 63, "blobs/sha256-" + "a" * 64, "\x00"])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12) | PATHS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=16)


def _pointers(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _pointers(v, (*prefix, k))
    return out


@st.composite
def mutated(draw) -> dict[str, Any]:
    """The valid manifest with a few fields replaced, added or removed."""
    doc = json.loads(json.dumps(VALID))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(_pointers(doc)))
        if not where:
            continue
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        if draw(st.booleans()) and len(where) > 1:
            parent.pop(where[-1], None)
        else:
            parent[where[-1]] = draw(JSON)
    return doc


def _check(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = ModelStore(Path(tmp) / "store", readonly_roots=[])
        path = store.manifest_path(NAME)
        path.parent.mkdir(parents=True)
        path.write_bytes(raw)
        try:
            data = store.get(NAME).data
        except ModelError as err:
            assert err.code == "model.manifest" and err.where.file == str(path), err
            return
        assert isinstance(data, dict) and data["name"] == NAME
        for ref in data["files"].values():
            blob = store.blob_path(ref)
            assert blob.parent == store.blobs and blob.name.startswith("sha256-"), blob


@_SETTINGS
@given(mutated())
def test_fuzz_manifest_fields(doc):
    _check(json.dumps(doc).encode())


@_SETTINGS
@given(st.one_of(st.binary(max_size=512),
                 JSON.map(lambda v: json.dumps(v).encode()),
                 mutated().map(lambda d: json.dumps(d).encode()).flatmap(
                     lambda b: st.integers(0, len(b)).map(lambda i: b[:i]))))  # cut anywhere
def test_fuzz_manifest_bytes(raw):
    _check(raw)


def test_the_unmutated_manifest_reads():
    """The fuzzers' base document is valid, so mutations start from something the reader accepts."""
    _check(json.dumps(VALID).encode())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "m.json"
        path.write_text(json.dumps(VALID))
        assert read_manifest(path, NAME) == VALID
