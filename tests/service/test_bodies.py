"""Hostile or mistyped bodies get a 400 with the JSON envelope, never a 500."""

from __future__ import annotations

import pytest

from .conftest import start_service, stop_service


def _post(client, path: str, raw: bytes):
    return client.post(path, content=raw, headers={"Content-Type": "application/json"})


@pytest.mark.parametrize("raw,words", [
    (b"[" * 30_000 + b"]" * 30_000, "nesting deeper than 64"),   # under the 64 KiB test cap
    (b'{"text": ' + b"7" * 5000 + b"}", "number longer than 100"),
    (b'{"text": "a", "text": "b"}', "duplicate key"),
    (b'{"text": NaN}', "NaN"),
    (b'{"text": "\xff"}', "not UTF-8"),
])
def test_hostile_json_is_400(client, raw, words) -> None:
    r = _post(client, "/v1/summarize", raw)
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert err["code"] == "usage.json" and words in err["message"]


def test_body_nested_100000_deep_is_400(tmp_path) -> None:
    # the module's service caps bodies at 64 KiB; this one takes the default 4 MiB
    svc = start_service(tmp_path)
    try:
        with svc.client() as c:
            r = _post(c, "/v1/render", b"[" * 100_000 + b"]" * 100_000)
            assert r.status_code == 400 and r.json()["error"]["code"] == "usage.json"
            r = _post(c, "/v1/generate", b'{"messages": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
            assert r.status_code == 400 and r.json()["error"]["code"] == "usage.json"
    finally:
        stop_service(svc)


@pytest.mark.parametrize("path,body,pointer", [
    ("/v1/render", {"template": 5}, "/template"),
    ("/v1/render", {"template": "report-zh", "dpi": "96"}, "/dpi"),
    ("/v1/render", {"template": "report-zh", "context": {"a": 1}}, "/context"),
    ("/v1/render", {"template": "report-zh", "sample": "yes"}, "/sample"),
    ("/v1/validate", {"path": ["a"]}, "/path"),
    ("/v1/summarize", {"text": "a b c", "max_chars": "x"}, "/max_chars"),
    ("/v1/summarize", {"text": {"a": 1}}, "/text"),
    ("/v1/formula", {"request": 1}, "/request"),
])
def test_wrong_argument_types_are_400(client, path, body, pointer) -> None:
    r = client.post(path, json=body)
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert err["code"] == "usage.argument" and err["where"]["pointer"] == pointer
    assert pointer[1:] + " must be" in err["message"]
