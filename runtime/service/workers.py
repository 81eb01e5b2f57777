"""Worker processes for untrusted work, killed when a request's time is up.

A template from a stranger can make validation or rendering slow on purpose
(a backtracking ``pattern`` holds the GIL for its whole time limit, a layout
runs to its CPU budget).  In a thread of the service that would stall every
other request, ``/health`` included, and nothing could stop it early.  So
``/v1/validate`` and ``/v1/render`` run in worker processes: the service
sends ``(operation, arguments)`` down a pipe and waits on a thread, while
the event loop keeps answering.  When the request's deadline passes, or the
service stops, the worker is killed (SIGKILL) and the next request gets a
fresh one.  Workers are reused between requests, so their imports, the
layout module and fonts stay warm.

Workers start from a fork server (Linux) that has already imported the hook,
so a replacement is ready in milliseconds; elsewhere they are spawned.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
from typing import Any

from ..errors import O3Error

#: modules the fork server imports once, so every worker starts warm
PRELOAD = ["o3local.hook", "o3local.render", "o3local.template.validate"]


class WorkerLost(O3Error):
    """The worker process ended before it answered (killed by the OS, crashed, or stopping)."""

    code = "service.worker_lost"


def _context() -> Any:
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        return ctx
    return multiprocessing.get_context("spawn")


def _serve(conn: Any, cwd: str | None) -> None:
    """A worker's life: answer ``(operation, args)`` with the hook's envelope until the pipe closes."""
    from .. import hook

    if cwd:
        with contextlib.suppress(OSError):
            os.chdir(cwd)
    while True:
        try:
            op, args = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        conn.send(hook.call(op, args))


class _Worker:
    def __init__(self, ctx: Any, cwd: str | None) -> None:
        parent, child = ctx.Pipe()
        self.conn = parent
        self.process = ctx.Process(target=_serve, args=(child, cwd), name="o3-worker", daemon=True)
        self.process.start()
        child.close()  # only the worker holds its end: its death is EOF here

    def ask(self, op: str, args: dict[str, Any]) -> dict[str, Any]:
        try:
            self.conn.send((op, args))
            return self.conn.recv()
        except (EOFError, OSError):
            self.process.join(1)  # EOF comes before the exit is reaped: wait for its status
            code = self.process.exitcode
            how = (f"signal {-code}" if code is not None and code < 0 else f"status {code}"
                   if code is not None else "still running, its pipe closed")
            raise WorkerLost(f"the worker process ended ({how}) while working on {op}") from None

    def kill(self) -> None:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            self.process.kill()
        with contextlib.suppress(OSError):
            self.conn.close()

    def reap(self) -> None:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            self.process.join(5)


class WorkerPool:
    """Up to ``size`` reusable worker processes; a request that times out kills its worker."""

    def __init__(self, size: int, cwd: str | None = None) -> None:
        self.size = size
        self.cwd = cwd
        self._ctx = _context()
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._lock = threading.Lock()
        self.closed = False
        self.killed = 0

    def warm(self) -> None:
        """Start the workers ahead of the first request (blocking: call it off the event loop)."""
        while not self.closed:
            with self._lock:
                if len(self._idle) + len(self._busy) >= self.size:
                    return
            worker = _Worker(self._ctx, self.cwd)
            with self._lock:
                if self.closed:
                    worker.kill()
                    return
                self._idle.append(worker)

    def _take(self) -> _Worker:
        with self._lock:
            if self.closed:
                raise WorkerLost("the service is stopping")
            worker = self._idle.pop() if self._idle else None
        if worker is None or not worker.process.is_alive():
            if worker is not None:
                worker.kill()
            worker = _Worker(self._ctx, self.cwd)
        with self._lock:
            self._busy.add(worker)
        return worker

    async def call(self, op: str, args: dict[str, Any]) -> dict[str, Any]:
        """The hook envelope of ``op(**args)``, computed in a worker.

        Cancelling this call (the caller's timeout) kills the worker at once.
        """
        worker = await asyncio.to_thread(self._take)
        try:
            doc = await asyncio.to_thread(worker.ask, op, args)
        except BaseException:
            self._discard(worker)
            raise
        with self._lock:
            self._busy.discard(worker)
            surplus = len(self._idle) + len(self._busy) >= self.size  # warm() raced a request
            if not (self.closed or surplus):
                self._idle.append(worker)
        if self.closed or surplus:
            worker.kill()
        return doc

    def _discard(self, worker: _Worker) -> None:
        worker.kill()
        self.killed += 1
        with self._lock:
            self._busy.discard(worker)
        threading.Thread(target=worker.reap, name="o3-reap", daemon=True).start()

    def close(self) -> None:
        """Kill every worker now (safe from a signal handler: only ``kill`` calls)."""
        self.closed = True
        for worker in list(self._idle) + list(self._busy):
            worker.kill()

    def status(self) -> dict[str, Any]:
        with self._lock:
            return {"size": self.size, "idle": len(self._idle), "busy": len(self._busy),
                    "killed": self.killed}
