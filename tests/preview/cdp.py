"""A headless Chromium driven over the DevTools protocol on a pipe (no extra package).

``--remote-debugging-pipe`` makes Chromium read commands from fd 3 and write
replies to fd 4, each JSON message ended by a NUL byte.  Enough to open a page
and evaluate expressions in it while the test changes files on disk, which a
one-shot ``--dump-dom`` cannot do.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any


def browser_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless Chromium with one page, closed by :meth:`close`."""

    def __init__(self, profile: Path) -> None:
        exe = browser_path()
        if exe is None:
            raise RuntimeError("no Chromium installed")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def fds() -> None:  # in the child: the protocol pipes on fd 3 and 4
            # (moved above 10 first, so one cannot overwrite the other on its way)
            high_r = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
            high_w = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--no-default-browser-check", f"--user-data-dir={profile}",
             "about:blank"],
            # 3 and 4 are kept open too: subprocess closes other descriptors after preexec_fn
            pass_fds=(3, 4, to_child_r, from_child_w), preexec_fn=fds,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buf = b""
        self._next = 0
        self.session: str | None = None

    def send(self, method: str, params: dict[str, Any] | None = None, *,
             session: str | None = None, timeout: float = 30.0) -> dict[str, Any]:
        self._next += 1
        msg: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self._to_child, json.dumps(msg).encode() + b"\0")
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            while b"\0" in self._buf:
                raw, self._buf = self._buf.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self._next:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply.get("result", {})
            chunk = os.read(self._from_child, 65536)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self._buf += chunk
        raise TimeoutError(method)

    def open(self, url: str) -> None:
        target = self.send("Target.createTarget", {"url": url})["targetId"]
        self.session = self.send("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                           session=self.session)
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 20.0) -> Any:
        """Poll ``expression`` until it is truthy; its value, or TimeoutError."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"{expression} stayed false for {timeout} s")

    def close(self) -> None:
        try:
            os.close(self._to_child)
            os.close(self._from_child)
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
