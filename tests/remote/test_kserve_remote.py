"""KServe v2 client against a real KServe ModelServer, directly and through faults."""

from __future__ import annotations

import time
import zlib

import numpy as np
import pytest

from o3local.errors import RemoteError
from o3local.remote import Deadline, RemoteEndpoint
from o3local.remote.kserve_v2 import KServeBackend
from o3local.remote.v2codec import bytes_tensor, encode_request

MODEL = "tiny-textgen"
MSGS = [{"role": "user", "content": "write the total"}]


def backend(url: str, **kw) -> KServeBackend:
    kw.setdefault("ttft_timeout", 5.0)
    return KServeBackend(RemoteEndpoint(url=url, protocol="kserve", model=MODEL, **kw))


def test_chat_generates_deterministic_text(kserve_port: int) -> None:
    b = backend(f"http://127.0.0.1:{kserve_port}")
    first = b.chat(MSGS, max_tokens=12, deadline=Deadline(10))
    again = b.chat(MSGS, max_tokens=12, deadline=Deadline(10))
    assert len(first.text) == 12 and first.text == again.text
    assert set(first.text) <= set("abcdefghijklmnopqrstuvwxyz ")
    assert first.backend == "remote:kserve:tiny-textgen"


def test_large_prompt_travels_intact_as_binary_tensor(kserve_proxy) -> None:
    b = backend(kserve_proxy.url)
    prompt = ("Quarterly revenue rose in every region. " * 6000).encode()  # ~240 KB
    out = b.infer([bytes_tensor("text_input", [prompt])], Deadline(20), binary_output=True)
    assert int(out["prompt_crc32"][0]) == zlib.crc32(prompt)
    assert len(out["text_output"][0]) == 16
    # binary: the body is the JSON header plus the raw bytes, not an escaped JSON string
    assert kserve_proxy.log[-1].body_len < len(prompt) + 400


def test_server_answers_tritonclient_like_us(kserve_port: int) -> None:
    httpclient = pytest.importorskip("tritonclient.http")
    client = httpclient.InferenceServerClient(f"127.0.0.1:{kserve_port}")
    prompt = b"sum column b " * 200
    inp = httpclient.InferInput("text_input", [1], "BYTES")
    inp.set_data_from_numpy(np.array([prompt], dtype=np.object_), binary_data=True)
    outs = [httpclient.InferRequestedOutput("text_output", binary_data=True),
            httpclient.InferRequestedOutput("prompt_crc32", binary_data=True)]
    result = client.infer(MODEL, [inp], outputs=outs)
    ours = backend(f"http://127.0.0.1:{kserve_port}").infer(
        [bytes_tensor("text_input", [prompt])], Deadline(10), binary_output=True)
    theirs = result.as_numpy("text_output")[0]
    theirs = theirs if isinstance(theirs, bytes) else theirs.encode()
    assert theirs == ours["text_output"][0]
    assert int(result.as_numpy("prompt_crc32")[0]) == zlib.crc32(prompt)


def test_codec_serializes_bytes_like_tritonclient() -> None:
    utils = pytest.importorskip("tritonclient.utils")
    items = [b"a", b"", "x\u00e9".encode(), b"z" * 3000]
    body, headers = encode_request([bytes_tensor("t", items)])
    split = int(headers["Inference-Header-Content-Length"])
    assert body[split:] == utils.serialize_byte_tensor(np.array(items, dtype=np.object_)).item()


def test_health_reports_server_and_model_readiness(kserve_port: int) -> None:
    assert backend(f"http://127.0.0.1:{kserve_port}").health(Deadline(5))
    missing = KServeBackend(RemoteEndpoint(url=f"http://127.0.0.1:{kserve_port}",
                                           protocol="kserve", model="no-such-model"))
    assert not missing.health(Deadline(5))


def test_transient_5xx_and_reset_are_retried(kserve_proxy) -> None:
    kserve_proxy.push("status:503", "reset")
    out = backend(kserve_proxy.url).chat(MSGS, max_tokens=5, deadline=Deadline(10))
    assert len(out.text) == 5
    assert [e.fault for e in kserve_proxy.log] == ["status:503", "reset", "ok"]


def test_malformed_json_every_time_is_a_clear_error(kserve_proxy) -> None:
    kserve_proxy.default = "malformed"
    with pytest.raises(RemoteError) as info:
        backend(kserve_proxy.url, max_attempts=2).chat(MSGS, max_tokens=5, deadline=Deadline(10))
    assert info.value.code == "remote.malformed"
    assert len(kserve_proxy.log) == 2


def test_client_error_is_not_retried(kserve_proxy) -> None:
    kserve_proxy.push("status:400")
    with pytest.raises(RemoteError) as info:
        backend(kserve_proxy.url).chat(MSGS, max_tokens=5, deadline=Deadline(10))
    assert info.value.code == "remote.rejected"
    assert len(kserve_proxy.log) == 1


def test_hanging_server_answers_within_deadline(kserve_proxy) -> None:
    kserve_proxy.default = "hang"
    started = time.monotonic()
    with pytest.raises(RemoteError) as info:
        backend(kserve_proxy.url, ttft_timeout=0.5).chat(MSGS, max_tokens=5,
                                                         deadline=Deadline(1.5))
    assert time.monotonic() - started < 1.5 + 0.3
    assert info.value.code in ("remote.timeout", "remote.deadline")


def test_breaker_opens_fails_fast_then_half_opens(kserve_proxy) -> None:
    kserve_proxy.default = "status:500"
    b = backend(kserve_proxy.url, max_attempts=1, breaker_fail_max=2, breaker_reset_s=0.5)
    for _ in range(2):
        with pytest.raises(RemoteError):
            b.chat(MSGS, max_tokens=3, deadline=Deadline(5))
    assert b.breaker.current_state == "open"
    seen = len(kserve_proxy.log)
    with pytest.raises(RemoteError) as info:
        b.chat(MSGS, max_tokens=3, deadline=Deadline(5))
    assert info.value.code == "remote.circuit_open"
    assert len(kserve_proxy.log) == seen  # failed fast: nothing was sent
    time.sleep(0.6)
    kserve_proxy.default = "ok"
    assert len(b.chat(MSGS, max_tokens=3, deadline=Deadline(5)).text) == 3  # half-open trial
    assert b.breaker.current_state == "closed"


def test_rate_limit_waits_for_retry_after(kserve_proxy) -> None:
    kserve_proxy.push("status:429:0.5")
    started = time.monotonic()
    out = backend(kserve_proxy.url).chat(MSGS, max_tokens=4, deadline=Deadline(10))
    assert len(out.text) == 4 and time.monotonic() - started >= 0.5
    assert [e.fault for e in kserve_proxy.log] == ["status:429:0.5", "ok"]


def test_slow_server_within_the_deadline_answers(kserve_proxy) -> None:
    kserve_proxy.push("delay:0.7")
    out = backend(kserve_proxy.url).chat(MSGS, max_tokens=4, deadline=Deadline(10))
    assert len(out.text) == 4 and out.timings["total_s"] >= 0.7


def test_trickling_server_is_cut_at_the_deadline(kserve_proxy) -> None:
    kserve_proxy.default = "trickle:0.1"  # 16 bytes every 0.1 s: every read "succeeds"
    started = time.monotonic()
    with pytest.raises(RemoteError) as info:
        backend(kserve_proxy.url).chat(MSGS, max_tokens=4, deadline=Deadline(1.0))
    assert info.value.code == "remote.deadline"
    assert time.monotonic() - started < 1.0 + 0.3
