"""HTTP plumbing shared by both protocols: timeouts, error mapping, retries, breaker.

- httpx with separate connect/read/write/pool timeouts; each read is also cut
  to what is left of the request's deadline.
- tenacity retries with exponential jitter, honouring ``Retry-After`` on 429
  and 503, and only for failures marked ``retryable`` (nothing was delivered to
  the caller yet); a retry that could not finish before the deadline is not
  started.
- a circuit breaker (:mod:`.breaker`) per endpoint around every attempt: after
  ``breaker_fail_max`` consecutive failures it opens, calls fail fast (so the
  router falls back to local at once), and after ``breaker_reset_s`` one trial
  call half-opens it.
"""

from __future__ import annotations

import email.utils
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import httpx
from tenacity import RetryCallState, Retrying, retry_if_exception, wait_exponential_jitter

from ..errors import Location, RemoteError
from .breaker import CircuitBreaker, CircuitOpen
from .config import RemoteEndpoint
from .deadline import Deadline

T = TypeVar("T")
#: a retry is only started when at least this much of the deadline is left
MIN_ATTEMPT_S = 0.05


def remote_error(message: str, code: str, *, retryable: bool, retry_after: float | None = None,
                 status: int | None = None, counts: bool = True) -> RemoteError:
    """A :class:`RemoteError` annotated for the retry loop and the breaker."""
    err = RemoteError(message, code=code)
    err.retryable = retryable  # type: ignore[attr-defined]
    err.retry_after = retry_after  # type: ignore[attr-defined]
    err.status = status  # type: ignore[attr-defined]
    err.counts_for_breaker = counts  # type: ignore[attr-defined]
    return err


def make_client(endpoint: RemoteEndpoint) -> httpx.Client:
    headers = {"User-Agent": "o3-local"}
    if endpoint.api_key:
        headers["Authorization"] = f"Bearer {endpoint.api_key}"
    timeout = httpx.Timeout(connect=endpoint.connect_timeout, read=endpoint.read_timeout,
                            write=endpoint.write_timeout, pool=endpoint.pool_timeout)
    # verify is never False: a private CA may be added, verification stays on.
    # trust_env=False: proxy variables must not silently reroute prompts.
    return httpx.Client(base_url=endpoint.base_url, headers=headers, timeout=timeout,
                        verify=endpoint.ca_bundle or True, trust_env=False,
                        follow_redirects=False)


def request_timeout(endpoint: RemoteEndpoint, deadline: Deadline, first_byte: float) -> httpx.Timeout:
    """Per-request timeouts: never longer than the deadline or the first-byte limit."""
    left = max(deadline.remaining(), 0.001)
    return httpx.Timeout(connect=min(endpoint.connect_timeout, left),
                         read=min(endpoint.read_timeout, first_byte, left),
                         write=min(endpoint.write_timeout, left),
                         pool=min(endpoint.pool_timeout, left))


def parse_retry_after(value: str | None) -> float | None:
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def check_status(response: httpx.Response, what: str) -> None:
    """Map an HTTP status to a typed, annotated error (the body is not logged)."""
    status = response.status_code
    if status < 400:
        return
    retry_after = parse_retry_after(response.headers.get("retry-after"))
    if status == 429:
        raise remote_error(f"{what}: rate limited (HTTP 429)", "remote.rate_limited",
                           retryable=True, retry_after=retry_after, status=status, counts=False)
    if status in (502, 503, 504) or status >= 500:
        raise remote_error(f"{what}: server error (HTTP {status})", "remote.server_error",
                           retryable=True, retry_after=retry_after if status == 503 else None,
                           status=status)
    if status in (401, 403):
        raise remote_error(f"{what}: the endpoint refused the credentials (HTTP {status})",
                           "remote.auth", retryable=False, status=status, counts=False)
    raise remote_error(f"{what}: the endpoint rejected the request (HTTP {status})",
                       "remote.rejected", retryable=False, status=status, counts=False)


def map_transport_error(err: httpx.HTTPError, what: str) -> RemoteError:
    if isinstance(err, httpx.ConnectTimeout):
        return remote_error(f"{what}: connection timed out", "remote.unreachable", retryable=True)
    if isinstance(err, httpx.ConnectError):
        return remote_error(f"{what}: cannot connect ({err})", "remote.unreachable",
                            retryable=True)
    if isinstance(err, httpx.PoolTimeout):
        return remote_error(f"{what}: no free connection in time", "remote.timeout",
                            retryable=True, counts=False)
    if isinstance(err, httpx.TimeoutException):
        return remote_error(f"{what}: the server did not answer in time{_limit(err)}", "remote.timeout",
                            retryable=True)
    return remote_error(f"{what}: connection failed ({type(err).__name__})", "remote.connection",
                        retryable=True)


def _limit(err: httpx.TimeoutException) -> str:
    """" (read timeout 0.3 s)": the limit that ran out, as httpx recorded it on the request."""
    kind = {httpx.ReadTimeout: "read", httpx.WriteTimeout: "write"}.get(type(err))
    try:
        seconds = err.request.extensions.get("timeout", {}).get(kind) if kind else None
    except RuntimeError:  # an error raised before the request was built
        return ""
    return f" ({kind} timeout {seconds:g} s)" if isinstance(seconds, (int, float)) else ""


def _is_retryable(err: BaseException) -> bool:
    return isinstance(err, RemoteError) and bool(getattr(err, "retryable", False))


def _breaker_counts(err: BaseException) -> bool:
    return not (isinstance(err, RemoteError) and not getattr(err, "counts_for_breaker", True))


def make_breaker(endpoint: RemoteEndpoint) -> CircuitBreaker:
    return CircuitBreaker(fail_max=endpoint.breaker_fail_max,
                          reset_timeout=endpoint.breaker_reset_s,
                          counts=_breaker_counts, name=endpoint.base_url)


def call_with_retries(fn: Callable[[], T], *, endpoint: RemoteEndpoint, deadline: Deadline,
                      breaker: CircuitBreaker, what: str,
                      max_attempts: int | None = None, url: str | None = None) -> T:
    """Run ``fn`` through the breaker, retrying transient failures within the deadline.

    The error that ends it names ``url`` (default: the endpoint's) as its place, so a
    user with several endpoints or a typo in one sees which server failed.
    """
    attempts = max_attempts or endpoint.max_attempts
    backoff = wait_exponential_jitter(multiplier=0.1, max=2.0, jitter=0.1)

    def wait(state: RetryCallState) -> float:
        err = state.outcome.exception() if state.outcome else None
        hinted = getattr(err, "retry_after", None)
        return float(hinted) if hinted is not None else backoff(state)

    def stop(state: RetryCallState) -> bool:
        if state.attempt_number >= attempts:
            return True
        return deadline.remaining() < state.upcoming_sleep + MIN_ATTEMPT_S

    def attempt() -> T:
        deadline.check(what)
        try:
            return breaker.call(fn)
        except CircuitOpen:
            raise remote_error(f"{what}: circuit breaker open after repeated failures",
                               "remote.circuit_open", retryable=False, counts=False) from None

    retrying = Retrying(stop=stop, wait=wait, retry=retry_if_exception(_is_retryable),
                        reraise=True, sleep=time.sleep)
    try:
        return retrying(attempt)
    except RemoteError as err:
        if not err.where.file:
            err.where = Location(file=url or endpoint.base_url)
        raise


def json_body(response: httpx.Response, what: str) -> Any:
    try:
        return response.json()
    except ValueError:
        raise remote_error(f"{what}: the server sent malformed JSON", "remote.malformed",
                           retryable=True) from None


def run_within(fn: Callable[[], T], deadline: Deadline, what: str,
               on_timeout: Callable[[], None] | None = None) -> T:
    """Run ``fn`` in a worker thread and give up on it when the deadline passes.

    httpx has no total timeout: a server that trickles its headers or body one
    byte at a time resets every read timeout.  The caller gets its error on
    time; ``on_timeout`` tells the worker to stop (it closes the response), and
    the abandoned worker ends at its next read.
    """
    box: dict[str, Any] = {}
    done = threading.Event()

    def work() -> None:
        try:
            box["value"] = fn()
        except BaseException as err:  # noqa: BLE001 - handed to the caller below
            box["error"] = err
        finally:
            done.set()

    threading.Thread(target=work, name="o3-remote-call", daemon=True).start()
    if not done.wait(deadline.remaining()):
        if on_timeout is not None:
            on_timeout()
        raise remote_error(f"{what}: deadline exceeded", "remote.deadline", retryable=False)
    if "error" in box:
        raise box["error"]
    return box["value"]
