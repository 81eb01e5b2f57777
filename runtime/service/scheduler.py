"""Admission, concurrency and dynamic batching for the service's work.

:class:`JobQueue` runs blocking work in threads, at most ``concurrency`` at a
time, with at most ``max_waiting`` queued behind them (beyond that: a fast
``busy`` answer with ``Retry-After`` instead of an ever-growing queue).  A
request that times out gets its answer at once; its thread keeps its worker
slot until it really ends, so the limit is never exceeded.

:class:`MicroBatcher` groups requests that arrive within ``window`` seconds
(up to ``max_batch``) into one call of a batch function - used where the model
takes a batch in one call (a KServe/Triton tensor with a batch dimension).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from ..errors import O3Error
from .metrics import Metrics


class Busy(O3Error):
    code = "service.busy"


class Timeout(O3Error):
    code = "service.timeout"


class JobQueue:
    def __init__(self, concurrency: int, max_waiting: int, metrics: Metrics) -> None:
        self.concurrency = concurrency
        self.max_waiting = max_waiting
        self.metrics = metrics
        self._slots = asyncio.Semaphore(concurrency)
        self.waiting = 0

    async def run(self, fn: Callable[[], Any], timeout: float) -> Any:
        """``fn()`` on a thread; at the timeout the caller is answered, the thread keeps its slot."""
        return await self._admitted(lambda: asyncio.to_thread(fn), timeout, stoppable=False)

    async def run_async(self, make: Callable[[], Awaitable[Any]], timeout: float) -> Any:
        """Like :meth:`run` for work that can be stopped (a worker process).

        At the timeout the work is cancelled (its worker killed), so the slot
        is free again at once, unlike a thread's.
        """
        return await self._admitted(make, timeout, stoppable=True)

    async def _admitted(self, make: Callable[[], Awaitable[Any]], timeout: float, *,
                        stoppable: bool) -> Any:
        if self.waiting >= self.max_waiting and self._slots.locked():
            raise Busy(f"the service is busy: {self.concurrency} running and {self.waiting} waiting, its limits "
                       "(serve --concurrency, --max-waiting); retry shortly")
        task = asyncio.ensure_future(self._work(make))
        try:
            return await asyncio.wait_for(task if stoppable else asyncio.shield(task), timeout)
        except asyncio.TimeoutError:
            raise Timeout(f"the request did not finish within {timeout:g}s (serve --timeout)"
                          + (" and its worker process was stopped" if stoppable else "")) from None

    async def _work(self, make: Callable[[], Awaitable[Any]]) -> Any:
        self.waiting += 1
        self.metrics.queue_depth = self.waiting
        try:
            await self._slots.acquire()
        finally:
            self.waiting -= 1
            self.metrics.queue_depth = self.waiting
        self.metrics.running += 1
        try:
            return await make()
        finally:
            self.metrics.running -= 1
            self._slots.release()


class MicroBatcher:
    def __init__(self, batch_fn: Callable[[list[Any]], list[Any]], queue: JobQueue,
                 metrics: Metrics, max_batch: int, window_s: float) -> None:
        self.batch_fn = batch_fn
        self.queue = queue
        self.metrics = metrics
        self.max_batch = max_batch
        self.window_s = window_s
        self._pending: dict[Hashable, list[tuple[Any, asyncio.Future]]] = {}
        self._timers: dict[Hashable, asyncio.TimerHandle] = {}

    async def submit(self, item: Any, key: Hashable, timeout: float) -> Any:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future = loop.create_future()
        group = self._pending.setdefault(key, [])
        group.append((item, fut))
        if len(group) >= self.max_batch:
            self._flush(key, timeout)
        elif len(group) == 1:
            self._timers[key] = loop.call_later(self.window_s, self._flush, key, timeout)
        try:
            result = await asyncio.wait_for(asyncio.shield(fut), timeout)
        except asyncio.TimeoutError:
            raise Timeout(f"the request did not finish within {timeout:g}s") from None
        if isinstance(result, BaseException):
            raise result
        return result

    def _flush(self, key: Hashable, timeout: float) -> None:
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()
        group = self._pending.pop(key, [])
        if group:
            asyncio.ensure_future(self._run(group, timeout))

    async def _run(self, group: list[tuple[Any, asyncio.Future]], timeout: float) -> None:
        items = [item for item, _ in group]
        self.metrics.batch(len(items))
        try:
            results = await self.queue.run(lambda: self.batch_fn(items), timeout)
        except BaseException as err:  # noqa: BLE001 - every waiter gets the error
            results = [err] * len(items)
        for (_, fut), res in zip(group, results, strict=True):
            if not fut.done():
                fut.set_result(res)
