"""The AI tasks offload through the router only inside a template's permitted block."""

from __future__ import annotations

import pytest

from o3local.permissions import REMOTE_INFERENCE, Permissions, Policy

from .local_gen import BigramGenerator

MSGS = [{"role": "user", "content": "confidential: quarterly figures"}]
DOC = ("The council approved a budget of 4.2 million dollars on Tuesday. The mayor said the money "
       "will repair 12 bridges before winter. The vote was seven to two.")


class TaskGenerator(BigramGenerator):
    """The bigram model with what the summarize task asks of a generator besides chat."""

    context_length = 2048

    def count_tokens(self, text: str) -> int:
        return len(text) // 4 + 1


def perms(declared: bool, allow: bool = True) -> Permissions:
    need = [REMOTE_INFERENCE] if declared else []
    return Permissions.for_template("t", ["read:document", *need],
                                    Policy(allow_remote_inference=allow))


@pytest.fixture
def local_and_remote(kserve_proxy, monkeypatch):
    import o3local.models as models

    gen = TaskGenerator()
    monkeypatch.setattr(models, "get_generator", lambda name=None, task=None: gen)
    monkeypatch.setenv("O3_REMOTE_URL", kserve_proxy.url)
    monkeypatch.setenv("O3_REMOTE_PROTOCOL", "kserve")
    monkeypatch.setenv("O3_REMOTE_MODEL", "tiny-textgen")
    monkeypatch.setenv("O3_INFERENCE_MODE", "auto")
    return gen, kserve_proxy


def test_outside_a_template_block_tasks_stay_local_even_with_an_endpoint(local_and_remote):
    from o3local.tasks._model import load_generator

    gen, proxy = local_and_remote
    assert load_generator(None, "summarization", required=True) is gen
    assert not proxy.log


def test_a_permitted_template_offloads_and_others_send_nothing(local_and_remote):
    from o3local.tasks._model import inference_permissions, load_generator

    gen, proxy = local_and_remote
    with inference_permissions(perms(True)):
        out = load_generator(None, "summarization", required=True).chat(MSGS, max_tokens=5)
    assert out.backend.startswith("remote:kserve") and gen.calls == 0
    seen = len(proxy.log)
    for denied in (perms(False), perms(True, allow=False)):
        with inference_permissions(denied):
            out = load_generator(None, "summarization", required=True).chat(MSGS, max_tokens=5)
        assert out.backend == "local"
    assert len(proxy.log) == seen and gen.calls == 2  # nothing more went out


def test_the_summarize_task_goes_through_the_router(local_and_remote):
    from o3local.tasks._model import inference_permissions
    from o3local.tasks.summarize import summarize

    gen, proxy = local_and_remote
    with inference_permissions(perms(True)):
        s = summarize(DOC, method="abstractive", max_chars=120)
    assert proxy.log and gen.calls == 0  # the draft was written remotely
    assert 0 < len(s.text) <= 120  # and still guarded: unfaithful drafts fall back to extractive


def test_remote_down_falls_back_to_local(local_and_remote, monkeypatch):
    from o3local.tasks._model import inference_permissions, load_generator

    gen, _ = local_and_remote
    monkeypatch.setenv("O3_REMOTE_URL", "http://127.0.0.1:9")  # nothing listens there
    with inference_permissions(perms(True)):
        out = load_generator(None, "summarization", required=True).chat(MSGS, max_tokens=5)
    assert out.backend == "local" and gen.calls == 1


def test_a_dead_endpoint_is_not_retried_by_every_task_call(local_and_remote, monkeypatch):
    """The endpoint's circuit breaker outlives one task call: once open, calls go local at once."""
    import socket
    import threading

    from o3local.tasks._model import inference_permissions, load_generator

    gen, _ = local_and_remote
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    accepted = []

    def serve():  # accepts and hangs up: a server that is there but broken
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            accepted.append(1)
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    try:
        monkeypatch.setenv("O3_REMOTE_URL", f"http://127.0.0.1:{listener.getsockname()[1]}")
        monkeypatch.setenv("O3_REMOTE_BREAKER_FAIL_MAX", "1")
        monkeypatch.setenv("O3_REMOTE_MAX_ATTEMPTS", "1")
        with inference_permissions(perms(True)):
            first = load_generator(None, "summarization", required=True).chat(MSGS, max_tokens=5)
            tried = len(accepted)
            later = [load_generator(None, "summarization", required=True).chat(MSGS, max_tokens=5)
                     for _ in range(3)]
    finally:
        listener.close()
    assert first.backend == "local" and all(o.backend == "local" for o in later)
    assert tried >= 1 and len(accepted) == tried  # nothing more was sent to the broken server
    assert gen.calls == 4
