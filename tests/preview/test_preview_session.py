"""The preview's watcher and server, without a browser: saves become frames, and the
page's routes keep the service's gate (Host, Origin, token)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import httpx
import pytest

from o3local.preview import PreviewSession

from .test_preview_browser import SAMPLE, start_preview


@pytest.fixture()
def package(tmp_path: Path) -> Path:
    root = tmp_path / "report"
    shutil.copytree(SAMPLE, root)
    return root


def wait_version(session: PreviewSession, above: int) -> object:
    frame = session.wait_newer(above, timeout=20)
    assert frame.version > above, "no new render within 20 s of the save"
    return frame


def test_a_save_renders_again_and_a_broken_save_keeps_the_last_good_pages(package: Path) -> None:
    session = PreviewSession(package)
    session.start()
    try:
        first = session.frame
        assert first.ok and len(first.pages) == 1 and not first.problems
        body = package / "report.o3x"
        text = body.read_text(encoding="utf-8")
        body.write_text(text.replace("#8b1a1a", "#0b6e4f"), encoding="utf-8")
        second = wait_version(session, first.version)
        assert second.ok and b"#0b6e4f" in second.pages[0] and second.changed == ("report.o3x",)

        body.write_text(text.replace("{{ title }}", "{{ title | shout }}"), encoding="utf-8")
        third = wait_version(session, second.version)
        assert not third.ok and third.stale and third.pages == second.pages
        assert third.pages_version == second.version
        (problem,) = [p for p in third.problems if p.severity == "error"]
        assert problem.code.startswith("template") and "shout" in problem.message
        assert problem.where.file.endswith("report.o3x") and problem.where.line == 5

        (package / "samples" / "data.json").write_text("{", encoding="utf-8")
        body.write_text(text, encoding="utf-8")
        fourth = wait_version(session, third.version)
        assert not fourth.ok and any("data.json" in str(p.where) for p in fourth.problems)
    finally:
        session.stop()


def test_a_save_of_an_included_file_renders_again_and_its_error_names_it(package: Path) -> None:
    body = package / "report.o3x"
    text = body.read_text(encoding="utf-8")
    band = '<rect x="0" y="0" w="210mm" h="8mm" fill="#8b1a1a"/>'
    assert band in text
    body.write_text(text.replace(band, '{% include "partials/band.o3x" %}'), encoding="utf-8")
    (package / "partials").mkdir()
    partial = package / "partials" / "band.o3x"
    partial.write_text(band, encoding="utf-8")
    session = PreviewSession(package)
    session.start()
    try:
        first = session.frame
        assert first.ok and b"#8b1a1a" in first.pages[0] and not first.problems
        partial.write_text(band.replace("#8b1a1a", "#0b6e4f"), encoding="utf-8")
        second = wait_version(session, first.version)
        assert second.ok and b"#0b6e4f" in second.pages[0] and second.changed == ("partials/band.o3x",)

        partial.write_text("\n" + band.replace("<rect", "<rectt"), encoding="utf-8")
        third = wait_version(session, second.version)
        assert not third.ok and third.pages == second.pages
        (problem,) = [p for p in third.problems if p.severity == "error"]
        assert "<rectt> is not allowed inside <page>" in problem.message
        assert problem.where.file.endswith("band.o3x") and (problem.where.line, problem.where.column) == (2, 1)
    finally:
        session.stop()


def test_the_routes_refuse_a_wrong_host_origin_or_token(package: Path) -> None:
    proc, url = start_preview(package)
    try:
        base, token = url.split("/#t=")
        with httpx.Client(timeout=30) as client:
            assert client.get(base + "/").status_code == 200  # the empty page shell
            ok = client.get(base + "/api/state", headers={"X-O3-Token": token})
            assert ok.status_code == 200 and ok.json()["ok"] is True
            assert client.get(base + "/api/state").json()["error"]["code"] == "service.unauthorized"
            wrong = client.get(base + "/api/state", headers={"X-O3-Token": token + "x"})
            assert wrong.status_code == 401
            rebind = client.get(base + "/api/state", headers={"X-O3-Token": token,
                                                              "Host": "evil.example:80"})
            assert rebind.status_code == 421
            cross = client.get(base + "/api/state", headers={"X-O3-Token": token,
                                                             "Origin": "https://evil.example"})
            assert cross.status_code == 403
            pdf = client.get(base + "/api/download/pdf", params={"t": token})
            assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
            assert "attachment" in pdf.headers["content-disposition"]
            missing = client.get(base + "/nope", params={"t": token})
            assert missing.status_code == 404 and missing.json()["ok"] is False
    finally:
        proc.terminate()
        proc.wait(10)


def test_state_answers_at_once_when_a_newer_frame_exists(package: Path) -> None:
    session = PreviewSession(package)
    session.start()
    try:
        start = time.monotonic()
        frame = session.wait_newer(-1, timeout=10)
        assert frame.version >= 1 and time.monotonic() - start < 1
    finally:
        session.stop()
