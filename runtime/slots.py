"""Running a template's AI slots before layout.

A manifest's ``ai_slots`` names AI jobs ("summarize /company/description in
at most 280 characters", "a formula for /sales_request over /sales"); their
results are bound into the template as ``{{ ai.<name> }}``.  This module
resolves each slot's inputs in the user's data, checks the template's
permissions, runs the task and collects the results - so the renderer,
the hook and the service all fill slots the same way.  Which tasks exist,
the permission each needs and the function that runs it come from the
task registry (:mod:`o3local.tasks.registry`); nothing here names a task.

Slots run locally.  ``offload: "remote"`` needs both the template's
``network:remote-inference`` permission and the user's policy; ``"auto"``
without them stays local, as the user would expect of an offline tool.
A slot with ``offload`` "auto" or "remote" runs its task inside
:func:`~o3local.tasks._model.inference_permissions`, so a configured
endpoint is used when the router allows it (local fallback otherwise).
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from typing import Any

from .errors import DataError, Location, ManifestError, O3Error
from .permissions import REMOTE_INFERENCE

DEFAULT_SUMMARY_CHARS = 600


@dataclass
class SlotResults:
    """What the slots produced: the ``ai`` scope of the template, plus how each was made."""

    values: dict[str, Any] = field(default_factory=dict)
    report: list[dict[str, Any]] = field(default_factory=list)


def resolve_pointer(doc: Any, pointer: str) -> Any:
    """The value at an RFC 6901 JSON pointer; KeyError when it does not exist."""
    if pointer == "":
        return doc
    node = doc
    for raw in pointer.split("/")[1:]:
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict):
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            raise KeyError(pointer)
    return node


def run_slots(pkg: Any, data: Any, *, data_file: str | None = None) -> SlotResults:
    """Run every ``ai_slots`` entry of ``pkg`` on ``data`` (already validated against inputs)."""
    slots = pkg.manifest.get("ai_slots") or {}
    results = SlotResults()
    shown = data_file or "data"
    for name, slot in slots.items():
        where = Location(file=pkg.display_name("manifest.json"), pointer=f"/ai_slots/{name}")
        offload = slot.get("offload", "local")
        if offload == "remote":
            pkg.permissions.require(REMOTE_INFERENCE, action=f"AI slot '{name}' (offload: remote)")
        try:
            value = resolve_pointer(data, slot["input"])
        except KeyError:
            raise DataError(f"AI slot '{name}' reads {slot['input']!r}, which the data does not have",
                            where=Location(file=shown, pointer=slot["input"]), code="data.slot_input") from None
        started = time.perf_counter()
        from .tasks import registry
        from .tasks._model import inference_permissions

        routed = inference_permissions(pkg.permissions) if offload in ("auto", "remote") \
            else contextlib.nullcontext()
        task = registry.slot_task(slot["task"])
        try:
            if task is None:  # the schema (generated from the registry) lets no other task through
                raise ManifestError(f"AI slot '{name}' runs task {slot['task']!r}, which this runtime "
                                    f"does not have (known: {', '.join(registry.slot_task_names())})",
                                    code="manifest.unknown_task")
            if task.permission is not None:
                pkg.permissions.require(task.permission, action=f"AI slot '{name}' ({task.label})")
            with routed:
                results.values[name], how = task.load_slot_runner()(
                    registry.SlotCall(pkg, name, slot, value, data, shown))
        except O3Error as err:
            if err.where == Location():
                err.where = where
            raise
        # the slot's offload mode as declared; with "auto" the router picked per
        # request (remote only where permissions allowed it)
        how.update(slot=name, task=slot["task"], ms=round((time.perf_counter() - started) * 1000, 1),
                   offload=offload)
        results.report.append(how)
    return results
