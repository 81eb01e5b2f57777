"""Starts the real ``o3-local serve`` as a second process on 127.0.0.1."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

ORIGIN = "https://addin.example.test"


@dataclass
class Service:
    url: str
    token: str
    proc: subprocess.Popen
    discovery: Path
    log: Path

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def client(self, **kw) -> httpx.Client:
        headers = dict(self.auth)
        headers.update(kw.pop("headers", {}))
        return httpx.Client(base_url=self.url, headers=headers, trust_env=False,
                            timeout=kw.pop("timeout", 60), **kw)


def start_service(tmp: Path, *args: str, env: dict[str, str] | None = None,
                  wait: float = 30, prelude: str = "") -> Service:
    """``o3-local serve ARGS`` in a second process; ``prelude`` is Python run in it first."""
    discovery = tmp / "run" / "service.json"
    log = tmp / "serve.log"
    full_env = dict(os.environ)
    full_env.update({"O3_SERVE_ORIGINS": ORIGIN, "O3_POLICY_FILE": str(tmp / "policy.json"),
                     **(env or {})})
    if "--files-dir" not in args:  # requests may read the test's temporary folders
        args = ("--files-dir", str(tmp / "files"), "--read-dir", str(tmp.parent), *args)
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", f"{prelude}\nfrom o3local.cli import main; main()", "serve",
                                 "--discovery-file",
                                 str(discovery), *args], stdout=out, stderr=subprocess.STDOUT,
                                env=full_env)
    end = time.monotonic() + wait
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"serve exited {proc.returncode}:\n{log.read_text()}")
        if discovery.exists():
            doc = json.loads(discovery.read_text())
            try:
                r = httpx.get(doc["url"] + "/health", headers={
                    "Authorization": f"Bearer {doc['token']}"}, trust_env=False, timeout=2)
                if r.status_code == 200:
                    return Service(doc["url"], doc["token"], proc, discovery, log)
            except httpx.HTTPError:
                pass
        time.sleep(0.1)
    proc.terminate()
    raise RuntimeError(f"serve did not come up:\n{log.read_text()}")


def stop_service(svc: Service) -> None:
    svc.proc.terminate()
    try:
        svc.proc.wait(10)
    except subprocess.TimeoutExpired:
        svc.proc.kill()
        svc.proc.wait(5)


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    svc = start_service(tmp_path_factory.mktemp("svc"), "--max-body", "65536")
    yield svc
    stop_service(svc)


@pytest.fixture
def client(service: Service) -> Iterator[httpx.Client]:
    with service.client() as c:
        yield c


def free_port_local() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
