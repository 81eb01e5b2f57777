"""Router policy: data leaves the machine only when everything allows it."""

from __future__ import annotations

import random
import threading
import time

import pytest

from o3local.errors import O3Error, PermissionDenied
from o3local.permissions import REMOTE_INFERENCE, Permissions, Policy
from o3local.remote import Deadline, LocalBackend, RemoteEndpoint, Router
from o3local.remote.kserve_v2 import KServeBackend

from .conftest import free_port
from .local_gen import BigramGenerator

MSGS = [{"role": "user", "content": "confidential: quarterly figures"}]
ALLOW = Policy(allow_remote_inference=True)


def perms(declared: bool, policy: Policy = ALLOW) -> Permissions:
    need = [REMOTE_INFERENCE] if declared else []
    return Permissions.for_template("t", ["read:document", *need], policy)


def remote(url: str, **kw) -> KServeBackend:
    kw.setdefault("ttft_timeout", 5.0)
    return KServeBackend(RemoteEndpoint(url=url, protocol="kserve", model="tiny-textgen", **kw))


def local(seconds_per_token: float = 0.0) -> LocalBackend:
    gen = BigramGenerator(seconds_per_token)
    return LocalBackend(factory=lambda: gen)


@pytest.mark.parametrize("declared,policy,why", [
    (False, ALLOW, "does not declare"),
    (True, Policy(allow_remote_inference=False), "policy does not allow"),
])
def test_nothing_leaves_without_permission_and_policy(kserve_proxy, declared, policy, why):
    router = Router(local(), remote(kserve_proxy.url), mode="auto",
                    permissions=perms(declared, policy))
    assert why in router.decide().reason
    out = router.chat(MSGS, max_tokens=8, deadline=Deadline(5))
    assert out.backend == "local" and len(out.text) == 8
    assert kserve_proxy.log == []  # not even a health check went out


def test_policy_deny_list_also_keeps_data_local(kserve_proxy) -> None:
    policy = Policy(allow_remote_inference=True, deny=frozenset({REMOTE_INFERENCE}))
    router = Router(local(), remote(kserve_proxy.url), mode="auto",
                    permissions=perms(True, policy))
    assert router.chat(MSGS, max_tokens=4, deadline=Deadline(5)).backend == "local"
    assert kserve_proxy.log == []


def test_allowed_and_healthy_goes_remote_with_cached_health(kserve_proxy) -> None:
    router = Router(local(), remote(kserve_proxy.url), mode="auto", permissions=perms(True))
    for _ in range(3):
        out = router.chat(MSGS, max_tokens=6, deadline=Deadline(10))
        assert out.backend.startswith("remote:kserve")
    paths = [e.path for e in kserve_proxy.log]
    assert paths.count("/v2/health/ready") == 1  # health checked once within its TTL
    assert paths.count("/v2/models/tiny-textgen/infer") == 3


def test_mode_local_never_calls_out(kserve_proxy) -> None:
    router = Router(local(), remote(kserve_proxy.url), mode="local", permissions=perms(True))
    assert router.chat(MSGS, max_tokens=4).backend == "local"
    assert kserve_proxy.log == []


def test_mode_remote_without_permission_is_refused(kserve_proxy) -> None:
    router = Router(local(), remote(kserve_proxy.url), mode="remote", permissions=perms(False))
    with pytest.raises(PermissionDenied, match="remote-inference"):
        router.chat(MSGS, max_tokens=4)
    assert kserve_proxy.log == []


def test_down_endpoint_falls_back_to_local() -> None:
    router = Router(local(), remote(f"http://127.0.0.1:{free_port()}"), mode="auto",
                    permissions=perms(True))
    assert "not healthy" in router.decide().reason
    assert router.chat(MSGS, max_tokens=4, deadline=Deadline(5)).backend == "local"


def test_failing_remote_falls_back_within_the_deadline(kserve_proxy) -> None:
    router = Router(local(), remote(kserve_proxy.url, ttft_timeout=10), mode="remote",
                    permissions=perms(True))
    kserve_proxy.push("ok", "ok")  # health checks pass ...
    kserve_proxy.default = "hang"  # ... then the server stops answering
    started = time.monotonic()
    out = router.chat(MSGS, max_tokens=8, deadline=Deadline(2.0))
    assert time.monotonic() - started < 2.0
    assert out.backend == "local" and router.counters["fallbacks"] == 1
    assert "remote.deadline" in router.last_fallback


def test_auto_prefers_local_when_measured_faster(kserve_proxy) -> None:
    router = Router(local(), remote(kserve_proxy.url), mode="auto", permissions=perms(True))
    kserve_proxy.push("ok", "ok", "delay:0.5")
    assert router.chat(MSGS, max_tokens=4, deadline=Deadline(10)).backend.startswith("remote")
    router.mode = "local"
    router.chat(MSGS, max_tokens=4)  # measures the local speed
    router.mode = "auto"
    decision = router.decide(max_tokens=4)
    assert decision.route == "local" and "expected faster" in decision.reason


def test_every_request_is_answered_under_random_faults(kserve_proxy) -> None:
    """Nothing is lost: each request ends in a result or a RemoteError, on time."""
    rng = random.Random(11)
    faults = ["ok", "status:503", "status:500", "reset", "malformed", "delay:0.3", "hang",
              "status:429:0.2"]
    kserve_proxy.push("ok", "ok", *[rng.choice(faults) for _ in range(200)])
    router = Router(local(0.001), remote(kserve_proxy.url, ttft_timeout=0.6,
                                         breaker_fail_max=1000),
                    mode="remote", permissions=perms(True))
    outcomes: list[tuple[str, float]] = []
    lock = threading.Lock()

    def client(n: int) -> None:
        for _ in range(n):
            started = time.monotonic()
            try:
                kind = router.chat(MSGS, max_tokens=6, deadline=Deadline(1.5)).backend
            except O3Error as err:  # a clear, typed error is an answer too
                kind = f"error:{err.code}"
            except Exception as err:  # noqa: BLE001 - recorded so the assertion names it
                kind = f"crash:{type(err).__name__}:{err}"
            with lock:
                outcomes.append((kind, time.monotonic() - started))

    threads = [threading.Thread(target=client, args=(6,)) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(outcomes) == 36
    assert not [k for k, _ in outcomes if k.startswith("crash")]
    late = [(k, round(e, 2)) for k, e in outcomes if e >= 1.5 + 0.4]
    assert not late
    kinds = {k.split(":")[0] for k, _ in outcomes}
    assert "remote" in kinds and "local" in kinds  # offloaded when it could, fell back otherwise


def test_routed_generator_keeps_the_task_call_and_offloads_when_allowed(kserve_proxy,
                                                                       monkeypatch) -> None:
    from o3local.remote import routed_generator

    gen = BigramGenerator()
    endpoint = RemoteEndpoint(url=kserve_proxy.url, protocol="kserve", model="tiny-textgen")
    allowed = routed_generator(gen, perms(True), endpoint=endpoint, mode="auto")
    out = allowed.chat(MSGS, max_tokens=5)
    assert out.backend.startswith("remote:kserve") and len(out.text) == 5 and gen.calls == 0
    # constrained decoding cannot run remotely: it stays local, whatever the policy
    local_out = allowed.chat(MSGS, max_tokens=5, logits_processor=lambda ids, logits: logits)
    assert local_out.finish_reason == "length" and gen.calls == 1
    denied = routed_generator(gen, perms(False), endpoint=endpoint, mode="auto")
    seen = len(kserve_proxy.log)
    assert denied.chat(MSGS, max_tokens=5).backend == "local"
    assert len(kserve_proxy.log) == seen  # nothing more went out
    monkeypatch.delenv("O3_REMOTE_URL", raising=False)
    assert routed_generator(gen, perms(True)) is gen  # no endpoint: the local generator itself
