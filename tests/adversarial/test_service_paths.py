"""Whoever holds the token cannot make the service write or read outside its folders.

An injected script on an allowed add-in origin has the token; before the fix,
``/v1/render`` with ``output`` replaced any file the user could write, and a
``data`` path read any file.  Now reads stay inside ``--files-dir`` and
``--read-dir``, writes inside ``--output-dir``; the bytes come back instead.
"""

from __future__ import annotations

import base64
import json

import pytest

from ..service.conftest import start_service, stop_service


@pytest.fixture(scope="module")
def confined(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("confined")
    files, out = tmp / "files", tmp / "out"
    svc = start_service(tmp, "--files-dir", str(files), "--output-dir", str(out))
    yield svc, tmp, files, out
    stop_service(svc)


def _render(svc, **args):
    with svc.client(timeout=120) as c:
        return c.post("/v1/render", json={"template": "report-zh", "sample": True,
                                          "format": "svg", **args})


@pytest.mark.parametrize("target", ["victim.txt", "../victim.txt", "out/../../victim.txt"])
def test_render_output_outside_the_output_folder_is_refused(confined, target) -> None:
    svc, tmp, files, out = confined
    victim = tmp / "victim.txt"
    victim.write_text("precious")
    path = str(victim) if target == "victim.txt" else target
    r = _render(svc, output=path)
    assert r.status_code == 403, r.text
    err = r.json()["error"]
    assert err["code"] == "permission.path" and err["where"]["pointer"] == "/output"
    assert victim.read_text() == "precious"


def test_a_link_inside_the_output_folder_does_not_lead_out(confined) -> None:
    svc, tmp, files, out = confined
    victim = tmp / "bashrc"
    victim.write_text("precious")
    out.mkdir(exist_ok=True)
    (out / "report.svg").symlink_to(victim)
    r = _render(svc, output="report.svg")
    assert r.status_code == 403 and r.json()["error"]["code"] == "permission.path"
    assert victim.read_text() == "precious"


def test_output_inside_the_folder_is_written_and_bytes_come_back_without_output(confined) -> None:
    svc, tmp, files, out = confined
    r = _render(svc, output="reports/q3.svg")
    assert r.status_code == 200, r.text
    written = out / "reports" / "q3.svg"
    assert r.json()["result"]["outputs"] == [str(written)] and written.read_bytes().startswith(b"<")
    r = _render(svc, include_files=True)
    assert r.status_code == 200
    assert base64.b64decode(r.json()["result"]["files_base64"][0]) == written.read_bytes()


def test_inputs_outside_the_read_folders_are_refused(confined) -> None:
    svc, tmp, files, out = confined
    secret = tmp / "secret.json"
    secret.write_text(json.dumps({"title": "private"}))
    sheet = tmp / "sheet.xlsx"
    sheet.write_bytes(b"PK")
    with svc.client(timeout=60) as c:
        cases = [("/v1/render", {"template": "report-zh", "data": str(secret), "format": "svg",
                                 "include_files": True}, "/data"),
                 ("/v1/render", {"template": str(tmp), "format": "svg"}, "/template"),
                 ("/v1/render", {"template": "../confined0", "format": "svg"}, "/template"),
                 ("/v1/validate", {"path": str(tmp)}, "/path"),
                 ("/v1/formula", {"request": "sum of a", "sheet": str(sheet)}, "/sheet"),
                 ("/v1/generate", {"messages": [{"role": "user", "content": "hi"}],
                                   "template": str(tmp)}, "/template")]
        for route, body, pointer in cases:
            r = c.post(route, json=body)
            assert r.status_code == 403, (route, body, r.text)
            err = r.json()["error"]
            assert err["code"] == "permission.path" and err["where"]["pointer"] == pointer
            assert str(files) in err["message"]


def test_inputs_inside_the_files_folder_are_read(confined) -> None:
    svc, tmp, files, out = confined
    files.mkdir(exist_ok=True)
    (files / "data.json").write_text("{\"title\": \"inside\"}")
    with svc.client(timeout=120) as c:
        r = c.post("/v1/validate", json={"path": "no-such-package"})
        assert r.status_code == 422 and r.json()["error"]["code"].startswith("package")
        r = c.post("/v1/render", json={"template": "report-zh", "data": "data.json",
                                       "format": "svg"})
        assert r.status_code != 403, r.text  # read (the data may not fit the template)
        assert r.json()["ok"] or r.json()["error"]["code"].startswith("data")


def test_library_and_bundled_ids_are_not_paths(confined) -> None:
    svc, *_ = confined
    r = _render(svc)  # "report-zh" is a bundled id, even though no such file is in files/
    assert r.status_code == 200 and r.json()["result"]["outputs"] == []
