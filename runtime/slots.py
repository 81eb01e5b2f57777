"""Running a template's AI slots before layout.

A manifest's ``ai_slots`` names AI jobs ("summarize /company/description in
at most 280 characters", "a formula for /sales_request over /sales"); their
results are bound into the template as ``{{ ai.<name> }}``.  This module
resolves each slot's inputs in the user's data, checks the template's
permissions, runs the task and collects the results - so the renderer,
the hook and the service all fill slots the same way.

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

from .errors import DataError, Location, O3Error, TaskError
from .permissions import READ_DOCUMENT, REMOTE_INFERENCE

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


def _text_of(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "\n\n".join(value)
    return None


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
        from .tasks._model import inference_permissions

        routed = inference_permissions(pkg.permissions) if offload in ("auto", "remote") \
            else contextlib.nullcontext()
        try:
            with routed:
                if slot["task"] == "summarization":
                    results.values[name], how = _summarize(pkg, name, slot, value, shown)
                else:
                    results.values[name], how = _formula(pkg, name, slot, value, data, shown)
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


def _summarize(pkg: Any, name: str, slot: dict[str, Any], value: Any, shown: str) -> tuple[str, dict]:
    from .tasks.summarize import summarize

    pkg.permissions.require(READ_DOCUMENT, action=f"AI slot '{name}' (summarization)")
    text = _text_of(value)
    if text is None:
        raise DataError(f"AI slot '{name}' summarizes {slot['input']!r}, which is not text",
                        where=Location(file=shown, pointer=slot["input"]), code="data.slot_input")
    limits = slot.get("limits") or {}
    summary = summarize(text, lang=slot.get("lang", "auto"),
                        max_chars=limits.get("max_chars"),
                        style=slot.get("style", "paragraph"), method=slot.get("method", "auto"))
    return summary.text, {"method": summary.method, "lang": summary.lang, "notes": list(summary.notes)}


def _formula(pkg: Any, name: str, slot: dict[str, Any], value: Any, data: Any,
             shown: str) -> tuple[dict[str, Any], dict]:
    from .permissions import WRITE_SPREADSHEET

    pkg.permissions.require(WRITE_SPREADSHEET, action=f"AI slot '{name}' (formula generation)")
    if not isinstance(value, str):
        raise DataError(f"AI slot '{name}' reads its request from {slot['input']!r}, which is not text",
                        where=Location(file=shown, pointer=slot["input"]), code="data.slot_input")
    try:
        sheet = resolve_pointer(data, slot["sheet"])
    except KeyError:
        raise DataError(f"AI slot '{name}' works on {slot['sheet']!r}, which the data does not have",
                        where=Location(file=shown, pointer=slot["sheet"]), code="data.slot_input") from None
    from .tasks.formula import formula
    from .tasks.formula.schema import schema_from_rows

    if not (isinstance(sheet, dict) and isinstance(sheet.get("columns"), list)
            and isinstance(sheet.get("rows"), list)):
        raise DataError(f"AI slot '{name}' works on {slot['sheet']!r}, which is not a table "
                        "({\"columns\": [...], \"rows\": [...]}, as CSV/xlsx data are read)",
                        where=Location(file=shown, pointer=slot["sheet"]), code="data.slot_input")
    columns = sheet["columns"]
    grid = [list(columns)] + [[row.get(c) if isinstance(row, dict) else None for c in columns]
                              for row in sheet["rows"]]
    answer = formula(value, sheet=schema_from_rows(grid), target_cell=slot.get("target_cell"))
    doc = answer.to_dict()
    if not doc.get("formula"):
        raise TaskError(f"AI slot '{name}' got no formula for {value!r}", code="task.formula")
    return doc, {"method": doc.get("method", "formula")}
