"""A read-only store (the desktop bundle's default models) is found after the writable one."""

from __future__ import annotations

import pytest

from o3local.errors import ModelError
from o3local.models.store import ModelStore


def install(store: ModelStore, name: str, payload: bytes) -> None:
    with store.staging() as tmp:
        f = tmp / "weights.bin"
        f.write_bytes(payload)
        ref = store.add_blob(f)
    store.write_manifest({"name": name, "files": {"weights": ref.to_dict()}, "tasks": ["summarization"]})


def test_bundled_models_are_listed_read_and_never_removed(tmp_path):
    bundled = ModelStore(tmp_path / "bundle" / "models")
    install(bundled, "tiny", b"bundled weights")
    user = ModelStore(tmp_path / "user", readonly_roots=[bundled.root])

    assert user.is_installed("tiny") and user.is_readonly("tiny")
    assert [m.name for m in user.list()] == ["tiny"]
    manifest = user.get("tiny")
    path = user.file_path(manifest, "weights")
    assert path.is_relative_to(bundled.root) and path.read_bytes() == b"bundled weights"
    assert user.check_files(manifest, full=True) == []
    with pytest.raises(ModelError, match="read-only"):
        user.remove("tiny")
    user.gc()
    assert path.is_file()


def test_a_model_the_user_installs_wins_over_the_bundled_one(tmp_path):
    bundled = ModelStore(tmp_path / "bundle" / "models")
    install(bundled, "tiny", b"old")
    user = ModelStore(tmp_path / "user", readonly_roots=[bundled.root])
    install(user, "tiny", b"newer build")
    assert not user.is_readonly("tiny")
    assert user.file_path(user.get("tiny"), "weights").read_bytes() == b"newer build"
    user.remove("tiny")  # removes the user's copy; the bundled one is there again
    assert user.is_readonly("tiny")
