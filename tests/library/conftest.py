"""A fresh library, trust store and consent file per test, and a publisher who signs packages."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from o3local.library import ConsentStore, Library, TrustStore
from o3local.library.publish import sign_folder
from o3local.library.signing import generate_key, write_key_pair
from o3local.resources import asset

SAMPLES = asset("templates")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every per-user and per-machine folder of the library below tmp_path (as a user would have)."""
    for var, sub in (("O3_TEMPLATES_DIR", "lib"), ("O3_TRUST_DIR", "trust-user"),
                     ("O3_ADMIN_TRUST_DIR", "trust-admin"), ("O3_CONSENT_FILE", "consent.json"),
                     ("O3_POLICY_FILE", "policy.json")):
        monkeypatch.setenv(var, str(tmp_path / sub))
    monkeypatch.delenv("O3_HOST_VERSION", raising=False)
    return tmp_path


@pytest.fixture
def library(home: Path) -> Library:
    return Library()


class Publisher:
    """A publisher with a fresh key; ``trusted`` adds it to the user's trust store."""

    def __init__(self, folder: Path, name: str) -> None:
        self.key = generate_key(name)
        self.private, self.public = write_key_pair(self.key, folder, name)

    def trust(self) -> None:
        TrustStore().add(self.public)

    def package(self, dest: Path, *, tid: str = "xls-team-sales", version: str = "1.0.0",
                extra_permissions: tuple[str, ...] = (), compatible: list[str] | None = None,
                sign: bool = True, **fields: Any) -> Path:
        """A real, renderable package (the sales-sheet sample under another id), signed."""
        shutil.copytree(SAMPLES / "sales-sheet", dest)
        (dest / "SIGNATURE.json").unlink()
        manifest = json.loads((dest / "manifest.json").read_text("utf-8"))
        manifest.update({"id": tid, "version": version, **fields})
        manifest["required_permissions"] += list(extra_permissions)
        if compatible is not None:
            manifest["compatible_versions"] = compatible
        (dest / "manifest.json").write_text(json.dumps(manifest, indent=2), "utf-8")
        if sign:
            sign_folder(dest, self.private)
        return dest


@pytest.fixture
def publisher(home: Path) -> Publisher:
    keys = home / "keys"
    keys.mkdir()
    p = Publisher(keys, "acme-templates")
    p.trust()
    return p


@pytest.fixture
def stranger(home: Path) -> Publisher:
    keys = home / "stranger-keys"
    keys.mkdir()
    return Publisher(keys, "stranger")


@pytest.fixture
def consent(home: Path) -> ConsentStore:
    return ConsentStore()
