"""One preview: a template watched on disk and re-rendered whenever it changes.

A watcher thread polls the package (and the data file) every
:data:`POLL_S` seconds; when what it sees changes it validates the package
(the body check included, so every typo is listed with its position, not
only the first) and renders every page to SVG.  Each outcome becomes a new
numbered :class:`Frame`.  A broken save keeps the last good pages (marked
stale) beside the problems, so the author sees both what they broke and what
it looked like.  Pages go out as SVG: the browser draws them at any zoom and
they are our exact layout (the PNG exporter rasterizes the same SVG).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Location, O3Error, Problem, UsageError
from .watch import snapshot

#: how often the package is looked at for changes
POLL_S = 0.1
#: formats offered for download (one document each)
DOWNLOAD_FORMATS = ("pdf", "pptx", "docx", "xlsx")


@dataclass(frozen=True)
class Frame:
    """One render of the preview: its number, pages (SVG) and problems."""

    version: int
    ok: bool
    pages: tuple[bytes, ...]
    problems: tuple[Problem, ...]
    #: the pages are from an earlier, good version (this one failed)
    stale: bool = False
    template_id: str | None = None
    #: the version that rendered ``pages`` (this one's, or the last good one's when stale)
    pages_version: int = 0
    render_ms: float = 0.0
    changed: tuple[str, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict[str, Any]:
        return {"version": self.version, "ok": self.ok, "pages": len(self.pages),
                "stale": self.stale, "template": self.template_id,
                "pages_version": self.pages_version,
                "render_ms": round(self.render_ms, 1), "changed": list(self.changed),
                "problems": [p.to_dict() for p in self.problems]}


class PreviewSession:
    """Watches ``template`` (and ``data``) and keeps the newest :class:`Frame`."""

    def __init__(self, template: str | Path, *, data: Path | None = None,
                 context: Mapping[str, str] | None = None, host_version: str | None = None,
                 locale: str | None = None) -> None:
        from ..render import resolve_template

        self.template = Path(resolve_template(str(template)))
        self.data = data
        self.context = dict(context or {})
        self.host_version = host_version
        self.locale = locale
        self._cond = threading.Condition()
        self._frame = Frame(0, False, (), ())
        self._good: Frame | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._seen: dict[str, tuple[int, int]] = {}

    # --- what the app reads -------------------------------------------------
    @property
    def frame(self) -> Frame:
        with self._cond:
            return self._frame

    def wait_newer(self, version: int, timeout: float) -> Frame:
        """The newest frame once it is newer than ``version``, or the current one after ``timeout``."""
        with self._cond:
            self._cond.wait_for(lambda: self._frame.version > version or self._stop.is_set(),
                                timeout=timeout)
            return self._frame

    def download(self, fmt: str) -> tuple[bytes, str]:
        """The template rendered now as one ``fmt`` document, and its file name."""
        if fmt not in DOWNLOAD_FORMATS:
            raise UsageError(f"format {fmt!r} cannot be downloaded here (choose from "
                             f"{', '.join(DOWNLOAD_FORMATS)})", code="usage.format")
        result = self._render(fmt)
        return result.files[0], f"{result.template_id}.{fmt}"

    # --- the watcher ----------------------------------------------------------
    def start(self) -> None:
        """Render once now (so the first page load has pages), then watch in a thread."""
        # the snapshot the watcher compares with is taken BEFORE this render, so a
        # save made while it runs (or before the thread starts) is not missed
        seen = self._watched()
        self._refresh(seen)
        self._thread = threading.Thread(target=self._watch, args=(seen,), name="o3-preview-watch",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        with self._cond:
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(5)

    def _watched(self) -> tuple[tuple[str, int, int], ...]:
        return snapshot([self.template] + ([self.data] if self.data else []))

    def _watch(self, last: tuple[tuple[str, int, int], ...]) -> None:
        while not self._stop.wait(POLL_S):
            now = self._watched()
            if now != last:
                # an editor may still be writing: take it once it holds still for one poll
                time.sleep(POLL_S / 2)
                settled = self._watched()
                if settled != now:
                    continue
                last = now
                self._refresh(now)

    def _changed(self, now: tuple[tuple[str, int, int], ...]) -> tuple[str, ...]:
        current = {path: (size, mtime) for path, size, mtime in now}
        changed = sorted(p for p in set(current) | set(self._seen)
                         if current.get(p) != self._seen.get(p))
        self._seen = current
        root = str(self.template)
        return tuple(p[len(root) + 1:] if p.startswith(root + "/") else p for p in changed)

    def _render(self, fmt: str) -> Any:
        from ..render import render

        return render(self.template, data=self.data, context=self.context or None,
                      sample=self.data is None, fmt=fmt, host_version=self.host_version, locale=self.locale)

    def _refresh(self, now: tuple[tuple[str, int, int], ...]) -> None:
        from ..template.validate import validate

        changed = self._changed(now)
        started = time.perf_counter()
        problems: list[Problem] = []
        pages: tuple[bytes, ...] = ()
        template_id = None
        try:
            report = validate(self.template, host_version=self.host_version)
            problems = list(report.problems)
            if report.ok:
                result = self._render("svg")
                pages, template_id = tuple(result.files), result.template_id
                problems += [Problem(str(d.get("code", "layout")), str(d.get("message", "")),
                                     Location(line=d.get("line"), column=d.get("column")),
                                     severity="warning")
                             for d in result.diagnostics]
        except O3Error as err:
            problems += list(err.problems) or [Problem(err.code, err.message, err.where)]
        except Exception as err:  # noqa: BLE001 - the preview must outlive a bug of ours
            problems.append(Problem("internal", f"{type(err).__name__}: {err}"))
        ok = bool(pages) and not any(p.severity == "error" for p in problems)
        with self._cond:
            version = self._frame.version + 1
            if ok:
                frame = Frame(version, True, pages, tuple(problems), template_id=template_id,
                              pages_version=version, render_ms=(time.perf_counter() - started) * 1000, changed=changed)
                self._good = frame
            else:
                good = self._good
                frame = Frame(version, False, good.pages if good else (), tuple(problems),
                              stale=good is not None, template_id=good.template_id if good else None,
                              pages_version=good.version if good else 0,
                              render_ms=(time.perf_counter() - started) * 1000, changed=changed)
            self._frame = frame
            self._cond.notify_all()

