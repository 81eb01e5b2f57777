"""The loopback service lists and searches the library, and renders by id with the consent round-trip."""

from __future__ import annotations

import os
from pathlib import Path

from o3local.library import Library

from ..service.conftest import start_service, stop_service
from .conftest import Publisher


def test_service_lists_searches_and_renders_by_id(library: Library, publisher: Publisher,
                                                  home: Path, tmp_path: Path) -> None:
    library.add(publisher.package(tmp_path / "pkg", extra_permissions=("write:document",)))
    env = {k: os.environ[k] for k in ("O3_TEMPLATES_DIR", "O3_TRUST_DIR", "O3_ADMIN_TRUST_DIR",
                                      "O3_CONSENT_FILE")}
    (tmp_path / "svc").mkdir()
    svc = start_service(tmp_path / "svc", env=env)
    try:
        with svc.client() as c:
            listed = c.get("/v1/templates").json()
            assert listed["ok"]
            assert {"xls-team-sales", "ppt-funding-pitch-v2"} <= {t["id"] for t in listed["result"]["templates"]}
            found = c.get("/v1/templates", params={"q": "制作一份融资路演PPT", "limit": 3}).json()
            assert found["result"]["results"][0]["id"] == "ppt-funding-pitch-v2"
            bad = c.get("/v1/templates", params={"query": "x"})
            assert bad.status_code == 400 and bad.json()["error"]["code"] == "usage.argument"
            r = c.post("/v1/render", json={"template": "xls-team-sales", "sample": True, "format": "svg"})
            assert r.status_code == 403 and r.json()["error"]["code"] == "consent.required"
            assert r.json()["error"]["asked"] == ["write:document"]
            g = c.post("/v1/templates/consent", json={"template": "xls-team-sales@1.0.0"})
            assert g.status_code == 200, g.text
            r = c.post("/v1/render", json={"template": "xls-team-sales@1.0.0", "sample": True,
                                           "format": "svg"})
            assert r.status_code == 200, r.text
            assert r.json()["result"]["template"] == "xls-team-sales"
    finally:
        stop_service(svc)
