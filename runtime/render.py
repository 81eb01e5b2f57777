"""Rendering a template: package -> data binding -> layout module -> exporter -> files.

This is the one orchestration every front end (CLI, Python hook, loopback
service) calls, so permissions, data checks and the all-or-nothing output
rule are enforced in one place: either every output file of a render
appears, or none does.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import types
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import (
    DataError,
    ExportError,
    LayoutError,
    Location,
    Problem,
    TemplateError,
    UsageError,
)

#: the bundled sample ``render --sample`` uses when no template is named
DEFAULT_SAMPLE = "funding-pitch"

#: data source type -> the permission a template needs to read it
READ_FOR_SOURCE = {"csv": "read:spreadsheet", "xlsx": "read:spreadsheet"}


@dataclass
class RenderResult:
    """What one render produced; ``files`` are the exported documents, in page order."""

    template_id: str
    kind: str
    format: str
    sha256: str
    page_count: int
    files: list[bytes]
    outputs: list[Path] = field(default_factory=list)
    diagnostics: list[dict[str, Any]] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    display_list: dict[str, Any] = field(default_factory=dict, repr=False)
    display_list_bytes: bytes = field(default=b"", repr=False)
    #: how each AI slot was filled (slot, task, method, ms, offload)
    ai_slots: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` view: identity, pages, files written, warnings, timings (ms)."""
        return {"template": self.template_id, "kind": self.kind, "format": self.format,
                "sha256": self.sha256, "pages": self.page_count,
                "outputs": [str(p) for p in self.outputs], "diagnostics": self.diagnostics,
                "ai_slots": self.ai_slots, "timings": self.timings}


def bundled_templates() -> dict[str, Path]:
    """Bundled sample templates by folder name (``funding-pitch``, ``report-zh``...)."""
    from .resources import asset

    root = asset("templates")
    if not root.is_dir():
        return {}
    return {p.name: p for p in sorted(root.iterdir()) if (p / "manifest.json").is_file()}


def _bundled_by_id(name: str) -> Path | None:
    import json

    samples = bundled_templates()
    if name in samples:
        return samples[name]
    for path in samples.values():
        with contextlib.suppress(OSError, ValueError):
            if json.loads((path / "manifest.json").read_text("utf-8")).get("id") == name:
                return path
    return None


def resolve_template(template: str | os.PathLike[str] | None, *, sample: bool = False) -> Path:
    """A template argument as a path: a folder or ``.o3t``, else a bundled sample's name or id."""
    if template is None:
        if not sample:
            raise UsageError("name a template (a folder, an .o3t file or a bundled sample id), "
                             "or pass --sample for the default sample", code="usage.template")
        template = DEFAULT_SAMPLE
    path = Path(template)
    if path.exists():
        return path
    bundled = _bundled_by_id(str(template))
    if bundled is not None:
        return bundled
    names = ", ".join(bundled_templates()) or "none"
    raise UsageError(f"no template at {str(template)!r}, and it is not a bundled sample "
                     f"(bundled: {names})", code="usage.template")


def output_paths(output: str | os.PathLike[str], count: int, extension: str) -> list[Path]:
    """File names for ``count`` documents: ``OUT`` for one; ``deck/deck-01.png``... for ``deck.png``.

    Several pages go into one folder named after ``OUT`` without its suffix,
    so that the whole page set can be published (or replaced) at once.
    """
    out = Path(output)
    if count == 1:
        return [out]
    suffix = out.suffix or extension
    stem = out.name[: -len(out.suffix)] if out.suffix else out.name
    width = max(2, len(str(count)))
    folder = out.with_name(stem)
    return [folder / f"{stem}-{i:0{width}d}{suffix}" for i in range(1, count + 1)]


def write_all(targets: Sequence[Path], blobs: Sequence[bytes]) -> None:
    """Write every blob to its target, all or nothing (see :mod:`o3local.fsutil`).

    One target is one file renamed into place; several (the pages of one
    folder, as :func:`output_paths` names them) are one folder published by
    one rename or swap, so a reader sees the old page set or the new one,
    never a mix, even if the process is killed half way.
    """
    from .fsutil import atomic_write_bytes, atomic_write_folder, write_failure

    if len(targets) != len(blobs) or not targets:
        raise ValueError("one blob per target")
    folder = targets[0].parent
    try:
        if len(targets) == 1:
            atomic_write_bytes(targets[0], blobs[0])
        else:
            if any(t.parent != folder for t in targets):
                raise ValueError("the pages of a set share one folder")
            atomic_write_folder(folder, {t.name: b for t, b in zip(targets, blobs, strict=True)})
    except OSError as err:
        shown, reason = write_failure(err, folder, targets[0])
        raise ExportError(f"cannot write the output: {reason}",
                          where=Location(file=shown), code="export.io") from None


def _refuse_special_output(output: Path) -> None:
    """Fail before any work when ``OUT`` is a device, FIFO or socket (never replaced).

    Folders are decided at write time: a page folder we wrote may be replaced.
    """
    import stat

    from .fsutil import check_file_target

    with contextlib.suppress(OSError):
        if not stat.S_ISDIR(os.stat(output).st_mode):
            check_file_target(output)


def _load_data(pkg: Any, data: Any, sample: bool) -> tuple[Any, str | None, str | None]:
    """(data, source type, file name for messages) for a render."""
    from . import bind

    if isinstance(data, (str, os.PathLike)):
        return bind.load_data(data), bind.source_type(data), str(data)
    if data is not None:
        return data, None, None
    if sample:
        name = pkg.sample_data_name()
        if name is None:
            raise UsageError(f"template {pkg.id!r} has no sample data", code="usage.sample")
        kind = bind.source_type(name)
        shown = pkg.display_name(name)
        return bind.load_bytes(pkg.read_bytes(name), kind, shown), kind, shown
    return {}, None, None


def _context(pkg: Any, context: Mapping[str, str] | Iterable[str] | None,
             sample: bool) -> dict[str, str]:
    from . import bind

    user = dict(pkg.sample_context()) if sample else {}
    if context is None:
        return user
    if isinstance(context, Mapping):
        user.update(bind.check_context(dict(context), "context"))
    else:
        user.update(bind.parse_context(list(context)))
    return user


def _problem(diag: dict[str, Any], file: str) -> Problem:
    # a diagnostic of an item from an included file names that file
    where = Location(file=diag.get("file") or file, line=diag.get("line"), column=diag.get("column"))
    return Problem(code=str(diag.get("code", "diagnostic")), message=str(diag.get("message", "")),
                   where=where)


def render(
    template: str | os.PathLike[str] | None = None,
    *,
    data: str | os.PathLike[str] | dict[str, Any] | list[Any] | None = None,
    context: Mapping[str, str] | Iterable[str] | None = None,
    sample: bool = False,
    fmt: str = "png",
    output: str | os.PathLike[str] | None = None,
    page: int | None = None,
    dpi: int = 96,
    host_version: str | None = None,
    strict: bool = False,
    locale: str | None = None,
) -> RenderResult:
    """Fill ``template`` with data and user context, lay it out and export it.

    ``template`` is a package folder or ``.o3t`` file, or the name/id of a
    bundled sample (``None`` with ``sample=True``: the default sample).
    ``data`` is a JSON/CSV/.xlsx path or already-parsed data; with
    ``sample=True`` and no data the package's sample data and context are
    used.  ``context`` is a mapping or ``key=value`` strings.  ``page`` is
    1-based.  With ``output`` the files are written (all or none): ``OUT``
    for one document, ``deck/deck-01.png, deck/deck-02.png``... for ``deck.png`` and several
    (one folder, replaced whole: a reader never sees old and new pages mixed); else only
    ``RenderResult.files`` holds them.  ``strict`` turns layout diagnostics
    (overflow...) into a :class:`LayoutError`.  ``locale`` (a BCP 47 tag such as
    ``de-DE``) formats numbers, amounts and dates for that locale, over the
    template's own ``locale``; an unknown one is a ``data.locale`` error.
    """
    from . import bind, export
    from .permissions import WRITE_FOR_KIND
    from .slots import run_slots
    from .template.package import open_template

    started = time.perf_counter()
    spec = export.get_format(fmt)
    if output is not None:
        _refuse_special_output(Path(output))
    if fmt == "png":
        opts: dict[str, Any] = {"dpi": dpi}
    else:
        opts = {}
    pkg = open_template(resolve_template(template, sample=sample), host_version=host_version)
    action = f"rendering {pkg.id}"
    pkg.permissions.require(WRITE_FOR_KIND[pkg.kind], action=action)
    values, source, data_file = _load_data(pkg, data, sample)
    if source in READ_FOR_SOURCE:
        pkg.permissions.require(READ_FOR_SOURCE[source], action=f"{action} from {data_file}")
    if isinstance(pkg.manifest.get("inputs"), dict):
        try:
            bind.validate_data(values, pkg.manifest["inputs"], file=data_file)
        except DataError as err:
            if data is None and not sample:
                err.message = f"no data given (use --data FILE or --sample): {err.message}"
                err.args = (err.message,)
            raise
    user = _context(pkg, context, sample)
    if locale is not None and not isinstance(locale, str):
        raise UsageError("locale must be a string such as \"de-DE\"", code="usage.argument")
    slots = run_slots(pkg, values, data_file=data_file) if pkg.manifest.get("ai_slots") else None
    bound = time.perf_counter()

    from .layout import LayoutEngine  # wasmtime loads only once the inputs are known good
    from .layout.images import package_images

    try:
        result = LayoutEngine.shared().layout(
            template_source=pkg.entry_text(), template_name=pkg.display_name(pkg.entry),
            data=values, user=user, ai=slots.values if slots else {},
            images=package_images(pkg.files(), pkg.read_bytes), locale=locale or None,
            partials=pkg.partials())
    except TemplateError as err:
        src = getattr(err, "path", None)
        if err.code == "template.image" and isinstance(src, str):
            from .layout.images import missing_image_message

            err.message = missing_image_message(src, pkg.files(), err.message)
            err.args = (err.message,)
        elif err.code == "template.include" and isinstance(src, str) and "not in the package" in err.message:
            from .template.partials import include_hint

            hint = include_hint(src, pkg.files())
            if hint:
                err.message = f"{err.message} ({hint})"
                err.args = (err.message,)
        raise
    except LayoutError as err:  # out of time or memory: the template (and its data) did it
        if err.where == Location():
            err.where = Location(file=pkg.display_name(pkg.entry))
        raise
    laid_out = time.perf_counter()
    display_list = result.display_list
    diagnostics = list(result.diagnostics)
    if strict and diagnostics:
        shown = pkg.display_name(pkg.entry)
        codes = ", ".join(sorted({str(d.get("code")) for d in diagnostics}))
        raise LayoutError(f"layout reported {len(diagnostics)} problem(s) ({codes}) and strict "
                          "mode is on",
                          where=Location(file=shown), code="layout.strict",
                          problems=[_problem(d, shown) for d in diagnostics])

    # image items name files of the package; exporters read them through its reader
    written: list[dict[str, Any]] = []  # what the format could not hold as given
    opts.setdefault("fonts", LayoutEngine.shared().fonts)  # the fonts it was laid out with
    files = export.export(display_list, spec.name, page=page, assets=pkg.read_bytes,
                          diagnostics=written, **opts)
    exported = time.perf_counter()
    if strict and written:
        raise ExportError(f"the {spec.name} export reported {len(written)} problem(s) "
                          f"({written[0]['message']}) and strict mode is on",
                          where=Location(file=pkg.display_name(pkg.entry)), code="export.strict")
    diagnostics += written
    targets: list[Path] = []
    if output is not None:
        targets = output_paths(output, len(files), spec.extension)
        write_all(targets, files)
    finished = time.perf_counter()

    def ms(a: float, b: float) -> float:
        return round((b - a) * 1000, 3)

    # bind_ms includes the AI slots (each slot's own time is in RenderResult.ai_slots)
    timings = {"bind_ms": ms(started, bound), "layout_ms": ms(bound, laid_out),
               "export_ms": ms(laid_out, exported), "write_ms": ms(exported, finished),
               "total_ms": ms(started, finished)}
    for key, value in dict(getattr(result, "timings", {}) or {}).items():
        timings[f"layout.{key}"] = value
    return RenderResult(
        template_id=pkg.id, kind=pkg.kind, format=spec.name, sha256=result.sha256,
        page_count=export.page_count(display_list), files=files, outputs=targets,
        diagnostics=diagnostics, timings=timings, display_list=display_list,
        display_list_bytes=result.display_list_bytes, ai_slots=slots.report if slots else [])


class _CallableModule(types.ModuleType):
    """Lets ``o3local.render(...)`` call :func:`render` even after ``import o3local.render``.

    Importing the submodule rebinds the package attribute ``render`` to this
    module, which would otherwise shadow the lazily exported function.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> RenderResult:
        return render(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
