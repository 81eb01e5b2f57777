"""The service passes the request's locale to the render (a real `o3-local serve` on 127.0.0.1)."""

from __future__ import annotations

import o3local


def test_render_takes_the_request_locale(client) -> None:
    r = client.post("/v1/render", json={"template": "invoice", "sample": True, "format": "svg",
                                        "locale": "de-DE"})
    assert r.status_code == 200, r.text
    res = r.json()["result"]
    assert res["sha256"] == o3local.render("invoice", sample=True, fmt="svg", locale="de-DE").sha256
    assert res["sha256"] != o3local.render("invoice", sample=True, fmt="svg").sha256
    bad = client.post("/v1/render", json={"template": "invoice", "sample": True, "format": "svg",
                                          "locale": "de-AT"})
    err = bad.json()["error"]
    assert bad.status_code >= 400 and err["code"] == "data.locale" and "did you mean 'de-DE'" in err["message"]
    spec = client.get("/openapi.json").json()
    assert "locale" in str(spec["paths"]["/v1/render"])
