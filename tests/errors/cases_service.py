"""Corpus cases of ``o3-local serve``: requests the loopback service refuses, sent over real HTTP.

One real service (a second process on 127.0.0.1, with small limits: one worker slot, no
queue, 1 s per request, 4 KiB bodies, 0.5 s for a body to arrive) is started on first use
and stopped at exit.  Every case sends what a misconfigured add-in or a hostile page
sends, and checks the JSON error envelope.
"""

from __future__ import annotations

import atexit
import json
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from o3local.errors import Location, Problem

from .corpus import MANIFEST, Found, case, package, raised

_SERVICE: list[Any] = []


def service() -> Any:
    """The shared service, started on first use (stopped when the test process exits)."""
    if not _SERVICE:
        from tests.service.conftest import start_service, stop_service

        root = Path(tempfile.mkdtemp(prefix="o3-corpus-svc-"))  # it may read below here only
        (root / "svc").mkdir()
        svc = start_service(root / "svc", "--concurrency", "1", "--max-waiting", "0", "--timeout", "1",
                            "--max-body", "4096", "--body-timeout", "0.5")
        atexit.register(stop_service, svc)
        _SERVICE.append(svc)
    return _SERVICE[0]


def envelope(response: Any, status: int) -> Problem:
    assert response.status_code == status, (response.status_code, response.text)
    doc = response.json()
    assert doc["ok"] is False, doc
    error = doc["error"]
    return Problem(error["code"], error["message"], Location(**error["where"]))


def request(method: str, path: str, status: int, **kw: Any) -> Problem:
    with service().client(timeout=30) as c:
        return envelope(c.request(method, path, **kw), status)


case("service.not_found", "no route '/v1/rendr' (see /openapi.json)", "")(
    lambda t: request("POST", "/v1/rendr", 404, json={}))
case("service.method_not_allowed", "GET is not allowed on '/v1/render'", "")(
    lambda t: request("GET", "/v1/render", 405))
case("service.unauthorized", ("wrong token", "'Authorization: Bearer TOKEN'"), "")(
    lambda t: request("GET", "/v1/status", 401, headers={"Authorization": "Bearer guessed"}))
case("service.unauthorized", ("missing token", "discovery file"), "")(
    lambda t: request("GET", "/v1/status", 401, headers={"Authorization": ""}))
case("service.bad_host", ("the Host header 'rebind.example.com'", "127.0.0.1:"), "")(
    lambda t: request("GET", "/health", 421, headers={"Host": "rebind.example.com"}))
case("service.forbidden_origin", ("origin 'https://evil.example' is not allowed", "O3_SERVE_ORIGINS"), "")(
    lambda t: request("GET", "/health", 403, headers={"Origin": "https://evil.example"}))
case("service.unsupported_media_type", ("must be application/json", "Content-Type header says 'text/plain'"), "")(
    lambda t: request("POST", "/v1/validate", 415, content=b"{}", headers={"Content-Type": "text/plain"}))
case("service.too_large", ("larger than 4096 bytes", "Content-Length: '5000'", "--max-body"), "")(
    lambda t: request("POST", "/v1/validate", 413, content=b" " * 5000, headers={"Content-Type": "application/json"}))


@case("service.too_large", ("larger than 4096 bytes", "--max-body"), "")
def _chunked_body(t: Path) -> Found:
    # no Content-Length: the limit is enforced while the chunks arrive
    def chunks() -> Any:
        for _ in range(10):
            yield b" " * 1000

    return request("POST", "/v1/validate", 413, content=chunks(), headers={"Content-Type": "application/json"})


case("usage.json", "the body is not valid JSON", "<request body>:2:12")(
    lambda t: request("POST", "/v1/validate", 400, content=b'{"template": "a",\n "strict": }',
                      headers={"Content-Type": "application/json"}))
case("usage.json", "the body is not UTF-8 (byte 0xe9 at offset 14)", "<request body>")(
    lambda t: request("POST", "/v1/validate", 400, content=b'{"template": "\xe9"}',
                      headers={"Content-Type": "application/json"}))


@case("permission.path", ("is outside the folders this service reads from", "--read-dir"), "/path")
def _outside(t: Path) -> Found:
    pkg = package(t)  # the case's own folder: not one the service was told it may read
    return request("POST", "/v1/validate", 403, json={"path": str(pkg)})


@case("permission.path", ("is outside the output folder", "--output-dir"), "/output")
def _write_outside(t: Path) -> Found:
    return request("POST", "/v1/render", 403, json={"template": "invoice", "sample": True,
                                                    "output": str(t / "out.pdf")})


@case("service.body_timeout", "the request body did not arrive within 0.5 s", "")
def _trickle(t: Path) -> Found:
    url = service().url.removeprefix("http://")
    host, port = url.split(":")
    head = (f"POST /v1/validate HTTP/1.1\r\nHost: {url}\r\nAuthorization: Bearer {service().token}\r\n"
            "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(head.encode())  # then nothing more: the other 99 bytes never come
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    doc = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert status == 408, answer
    return Problem(doc["error"]["code"], doc["error"]["message"], Location(**doc["error"]["where"]))


RUNAWAY = ('<document><page><text x="0" y="0" w="90mm" h="90mm">{% for a in xs %}{% for b in xs %}'
           '{% for c in xs %}{% if c %}{% endif %}{% endfor %}{% endfor %}{% endfor %}</text></page></document>')


def _runaway() -> Path:
    """A template whose layout runs past the service's 1 s (3000^3 loop steps), in its files folder."""
    root = Path(tempfile.mkdtemp(dir=service().discovery.parent.parent / "files"))
    return package(root, RUNAWAY, dict(MANIFEST, inputs={"type": "object"}),
                   files={"samples/data.json": json.dumps({"xs": ["x"] * 3000})})


case("service.timeout", ("the request did not finish within 1s (serve --timeout)", "worker process was stopped"), "")(
    lambda t: request("POST", "/v1/render", 504, json={"template": str(_runaway()), "sample": True,
                                                       "format": "svg"}))


@case("service.busy", ("the service is busy: 1 running and 0 waiting", "--max-waiting", "retry shortly"), "")
def _busy(t: Path) -> Found:
    """Two runaway renders at once: one holds the only slot (504 after 1 s), the other is turned away."""
    pkg = _runaway()
    for _ in range(3):  # a host too slow to overlap two requests within 1 s gets another try
        answers: list[Any] = []

        def post(answers: list[Any] = answers) -> None:
            with service().client(timeout=30) as c:
                answers.append(c.post("/v1/render", json={"template": str(pkg), "sample": True,
                                                          "format": "svg"}))

        threads = [threading.Thread(target=post) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        busy = [r for r in answers if r.status_code == 503]
        if busy:
            assert sorted(r.status_code for r in answers) == [503, 504], [r.text for r in answers]
            assert busy[0].headers["retry-after"] == "1"
            return envelope(busy[0], 503)
    raise AssertionError("no request was answered busy")


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return -1
    return int(fields[11]) + int(fields[12])  # utime + stime


@case("service.worker_lost", "the worker process ended (signal 9) while working on render", "")
def _worker_killed(t: Path) -> Found:
    """The OS (an out-of-memory killer, a user's kill) ends the worker in the middle of a render."""
    import os
    import signal

    pkg = _runaway()
    for _ in range(3):  # a host too slow to catch the worker busy within the 1 s limit gets another try
        answers: list[Any] = []

        def post(answers: list[Any] = answers) -> None:
            with service().client(timeout=30) as c:
                answers.append(c.post("/v1/render", json={"template": str(pkg), "sample": True,
                                                          "format": "svg"}))

        # the service -> its fork server -> the workers it forked
        before = {w: _cpu_ticks(w) for s in _children(service().proc.pid) for w in _children(s)}
        slow = threading.Thread(target=post)
        slow.start()
        deadline = time.monotonic() + 0.8
        busy = None
        while busy is None and time.monotonic() < deadline:  # the worker that is burning CPU on it
            time.sleep(0.05)
            workers = [w for s in _children(service().proc.pid) for w in _children(s)]
            busy = next((w for w in workers if _cpu_ticks(w) - before.get(w, 0) >= 5), None)
        if busy is not None:
            os.kill(busy, signal.SIGKILL)
        slow.join(30)
        if busy is not None and answers and answers[0].status_code == 500:
            return envelope(answers[0], 500)
    raise AssertionError("no render was caught in its worker")


# -- starting the service --------------------------------------------------------------------

@case("permission.runtime_dir", ("is a link or not a folder", "--discovery-file"), "run")
def _runtime_dir_link(t: Path) -> Found:
    from o3local.service import discovery

    (t / "elsewhere").mkdir()
    (t / "run").symlink_to(t / "elsewhere")
    err = raised(lambda: discovery.write(t / "run" / "service.json", {"url": "x"}))
    # and the command (a process of its own: it binds a port before it writes the file)
    # refuses to start, exit status 1, with the same error
    proc = subprocess.run([sys.executable, "-m", "o3local", "serve", "--json", "--discovery-file",
                           str(t / "run" / "service.json"), "--files-dir", str(t / "files")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, proc.stderr
    assert json.loads(proc.stdout)["error"] == err.to_dict(), proc.stdout
    return err


def _serve(*args: str) -> Found:
    from .corpus import cli

    return cli(["serve", *args])


case("usage.origin", ("origin '*'", "never allowed"), "")(lambda t: _serve("--origin", "*"))
case("usage.origin", ("origin 'addin.example'", "https://host[:port]"), "")(
    lambda t: _serve("--origin", "addin.example"))
case("usage.option", "--max-body must be at least 1024 bytes, not 10", "")(
    lambda t: _serve("--max-body", "10"))


@case("usage.files_dir", ("cannot create the service's folder", "a-file/files"), "")
def _files_dir(t: Path) -> Found:
    (t / "a-file").write_text("not a folder")
    return _serve("--files-dir", str(t / "a-file" / "files"), "--discovery-file", str(t / "run" / "s.json"))
