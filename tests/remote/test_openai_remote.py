"""OpenAI-compatible client against ``transformers serve``, directly and through faults."""

from __future__ import annotations

import time

import pytest

from o3local.errors import RemoteError
from o3local.remote import Deadline, RemoteEndpoint
from o3local.remote.openai_compat import OpenAIBackend

# transformers serve takes 10-50 s to start on 2 busy cores: CI runs these
pytestmark = pytest.mark.slow

MSGS = [{"role": "user", "content": "summarize the meeting notes"}]


def backend(url: str, model: str, **kw) -> OpenAIBackend:
    kw.setdefault("ttft_timeout", 10.0)
    return OpenAIBackend(RemoteEndpoint(url=url, protocol="openai", model=model, **kw))


def test_streams_tokens_from_a_real_server(openai_server) -> None:
    port, model = openai_server
    seen: list[str] = []
    out = backend(f"http://127.0.0.1:{port}", model).chat(
        MSGS, max_tokens=6, deadline=Deadline(30), on_token=seen.append)
    assert out.text and "".join(seen) == out.text
    assert out.finish_reason == "length"
    assert 0 < out.timings["ttft_s"] <= out.timings["total_s"]


def test_health(openai_server) -> None:
    port, model = openai_server
    assert backend(f"http://127.0.0.1:{port}", model).health(Deadline(5))
    from .conftest import free_port

    assert not backend(f"http://127.0.0.1:{free_port()}", model).health(Deadline(2))


def test_rate_limit_honours_retry_after(openai_proxy, openai_server) -> None:
    openai_proxy.push("status:429:1")
    started = time.monotonic()
    out = backend(openai_proxy.url, openai_server[1]).chat(MSGS, max_tokens=4,
                                                           deadline=Deadline(30))
    assert out.text
    assert time.monotonic() - started >= 1.0
    assert [e.fault for e in openai_proxy.log] == ["status:429:1", "ok"]


def test_retry_after_beyond_deadline_fails_at_once(openai_proxy, openai_server) -> None:
    openai_proxy.push("status:503:30")
    started = time.monotonic()
    with pytest.raises(RemoteError) as info:
        backend(openai_proxy.url, openai_server[1]).chat(MSGS, max_tokens=4,
                                                         deadline=Deadline(3))
    assert time.monotonic() - started < 1.0
    assert info.value.code == "remote.server_error"
    assert len(openai_proxy.log) == 1


def test_reset_and_malformed_before_tokens_are_retried(openai_proxy, openai_server) -> None:
    openai_proxy.push("reset", "malformed")
    out = backend(openai_proxy.url, openai_server[1]).chat(MSGS, max_tokens=4,
                                                           deadline=Deadline(30))
    assert out.text
    assert [e.fault for e in openai_proxy.log] == ["reset", "malformed", "ok"]


def test_stream_that_produced_tokens_is_never_retried(openai_proxy, openai_server) -> None:
    openai_proxy.push("cut:3")  # role chunk + two content chunks, then RST
    seen: list[str] = []
    with pytest.raises(RemoteError) as info:
        backend(openai_proxy.url, openai_server[1]).chat(
            MSGS, max_tokens=12, deadline=Deadline(30), on_token=seen.append)
    assert info.value.code == "remote.stream_broken"
    assert seen  # tokens did reach the caller ...
    assert len(openai_proxy.log) == 1  # ... so the request was not sent again


def test_no_first_token_in_time(openai_proxy, openai_server) -> None:
    openai_proxy.default = "hang"
    started = time.monotonic()
    with pytest.raises(RemoteError) as info:
        backend(openai_proxy.url, openai_server[1], ttft_timeout=0.5, max_attempts=2).chat(
            MSGS, max_tokens=4, deadline=Deadline(5))
    elapsed = time.monotonic() - started
    assert info.value.code == "remote.timeout"
    assert elapsed < 2.0 and len(openai_proxy.log) == 2


def test_trickling_stream_is_cut_at_the_deadline(openai_proxy, openai_server) -> None:
    openai_proxy.push("trickle:0.2")
    started = time.monotonic()
    with pytest.raises(RemoteError) as info:
        backend(openai_proxy.url, openai_server[1]).chat(MSGS, max_tokens=40,
                                                         deadline=Deadline(1.5))
    assert time.monotonic() - started < 1.5 + 0.3
    assert info.value.code in ("remote.deadline", "remote.timeout")


def test_slow_server_within_deadline_still_answers(openai_proxy, openai_server) -> None:
    openai_proxy.push("delay:0.8")
    out = backend(openai_proxy.url, openai_server[1]).chat(MSGS, max_tokens=4,
                                                           deadline=Deadline(20))
    assert out.text and out.timings["ttft_s"] >= 0.8
