"""The router with the real local model (SmolLM2 built by the model recipe)."""

from __future__ import annotations

import time

import pytest

from o3local.errors import InferenceError
from o3local.permissions import REMOTE_INFERENCE, Permissions, Policy
from o3local.remote import Deadline, LocalBackend, RemoteEndpoint, Router
from o3local.remote.kserve_v2 import KServeBackend

from .conftest import free_port

pytestmark = pytest.mark.slow
MSGS = [{"role": "user", "content": "Say hello in one short sentence."}]


@pytest.fixture(scope="module")
def local() -> LocalBackend:
    from o3local.models.engine import Generator
    from tests.models.conftest import SMOLLM2, ensure_built

    store = ensure_built(SMOLLM2)
    gen = Generator(store.get(SMOLLM2), store, strategy="hot")
    gen.preload()
    return LocalBackend(factory=lambda: gen)


def test_down_remote_falls_back_to_the_real_local_model(local) -> None:
    remote = KServeBackend(RemoteEndpoint(url=f"http://127.0.0.1:{free_port()}",
                                          protocol="kserve", model="m"))
    perms = Permissions.for_template("t", [REMOTE_INFERENCE],
                                     Policy(allow_remote_inference=True))
    router = Router(local, remote, mode="remote", permissions=perms)
    seen: list[str] = []
    out = router.chat(MSGS, max_tokens=12, deadline=Deadline(30), on_token=seen.append)
    assert out.backend == "local" and out.text.strip() and "".join(seen) == out.text
    assert router.counters == {"local": 1, "remote": 0, "fallbacks": 0}
    assert "not healthy" in router.decide().reason  # the probe found it down: local at once


def test_local_generation_is_cut_at_the_deadline(local) -> None:
    started = time.monotonic()
    with pytest.raises(InferenceError) as info:
        local.chat([{"role": "user", "content": "Write a very long story about a lighthouse."}],
                   max_tokens=1500, deadline=Deadline(0.5))
    assert info.value.code == "inference.deadline"
    assert time.monotonic() - started < 1.5
