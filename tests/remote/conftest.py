"""Real inference servers on 127.0.0.1 for the remote-offload tests.

- a KServe v2 ModelServer (PyPI ``kserve``) running a tiny numpy text model
- ``transformers serve`` (OpenAI-compatible, not ours) running a tiny random
  Llama built here from a locally trained tokenizer - nothing is downloaded

Both start once per session; tests reach them directly or through a
:class:`~tests.remote.faultproxy.FaultProxy` that injects faults.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .faultproxy import FaultProxy

SERVERS = Path(__file__).parent / "servers"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(url: str, proc: subprocess.Popen, timeout: float, log: Path) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(url, timeout=1.0, trust_env=False).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.terminate()
    raise RuntimeError(f"server at {url} not ready after {timeout}s:\n{log.read_text()[-3000:]}")


def _offline_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", HF_HUB_DISABLE_TELEMETRY="1",
               NO_PROXY="127.0.0.1,localhost", OMP_NUM_THREADS="1")
    return env


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


@pytest.fixture(scope="session")
def kserve_port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    pytest.importorskip("kserve", reason="pip install -e '.[remote-test]'")
    port = free_port()
    log = tmp_path_factory.mktemp("kserve") / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, str(SERVERS / "kserve_textgen.py"), str(port)],
                                stdout=out, stderr=subprocess.STDOUT, env=_offline_env())
    try:
        wait_ready(f"http://127.0.0.1:{port}/v2/health/ready", proc, 60, log)
        yield port
    finally:
        _stop(proc)


@pytest.fixture(scope="session")
def openai_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, str]]:
    """(port, model id) of ``transformers serve`` with a tiny local model."""
    pytest.importorskip("transformers", reason="pip install -e '.[remote-test]'")
    pytest.importorskip("torch", reason="pip install -e '.[remote-test]'")
    cache = os.environ.get("O3_CI_CACHE")
    model_dir = (Path(cache) / "tiny-lm") if cache else tmp_path_factory.mktemp("tiny") / "lm"
    subprocess.run([sys.executable, str(SERVERS / "tiny_lm.py"), str(model_dir)], check=True,
                   env=_offline_env(), capture_output=True)
    port = free_port()
    log = tmp_path_factory.mktemp("openai") / "server.log"
    exe = Path(sys.executable).with_name("transformers")
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(exe), "serve", str(model_dir), "--host", "127.0.0.1",
                                 "--port", str(port), "--device", "cpu", "--default-seed", "0"],
                                stdout=out, stderr=subprocess.STDOUT, env=_offline_env())
    try:
        wait_ready(f"http://127.0.0.1:{port}/health", proc, 120, log)
        yield port, str(model_dir)
    finally:
        _stop(proc)


@pytest.fixture
def kserve_proxy(kserve_port: int) -> Iterator[FaultProxy]:
    with FaultProxy(kserve_port) as proxy:
        yield proxy


@pytest.fixture
def openai_proxy(openai_server: tuple[int, str]) -> Iterator[FaultProxy]:
    with FaultProxy(openai_server[0]) as proxy:
        yield proxy
