"""Entry points of the built-in AI tasks, as the registry names them.

Each task has a hook operation (plain JSON-compatible arguments in, a JSON
result out; the hook checks argument types against these signatures and the
service publishes them as its OpenAPI request schemas) and, where a template
may use it in ``ai_slots``, a slot runner (a :class:`~.registry.SlotCall` in,
``(value, report)`` out).  This module is light: each function imports its
task's code when it runs, so the registry can name it without cost.
"""

from __future__ import annotations

from typing import Any

from ..errors import DataError, Location, TaskError, UsageError
from .registry import SlotCall

JSON = Any


# -- hook operations ------------------------------------------------------------------------------

def summarize(text: str, lang: str = "auto", max_chars: int | None = None, style: str = "paragraph",
              method: str = "auto", max_sentences: int | None = None,
              model: str | None = None) -> JSON:
    """Summarize a text offline (English or Chinese)."""
    from .summarize import summarize as run

    return run(text, lang=lang, max_chars=max_chars, style=style, method=method,  # type: ignore[arg-type]
               max_sentences=max_sentences, model=model).to_dict()


def formula(request: str, sheet: str | None = None, target_cell: str | None = None,
            mode: str = "generate", method: str = "auto", model: str | None = None,
            target: str = "portable") -> JSON:
    """A checked spreadsheet formula for a request, against the .xlsx at ``sheet``.

    ``target``: portable (default), excel-2016, excel-365, wps or libreoffice.
    """
    from .formula import formula as run

    result = run(request, sheet, target_cell, mode=mode, method=method,  # type: ignore[arg-type]
                 model=model, target=target)
    return jsonable(result.to_dict())


def fill(template: str, source: str, context: dict[str, str] | None = None,
         method: str = "auto", host_version: str | None = None) -> JSON:
    """Fill a template's inputs from the user's document (``source``: a .md/.txt/.docx/.pptx path).

    ``result.data`` is the data to review and render; ``result.fields`` says where each
    field came from (extractive, default, placeholder) and from which sentence.
    """
    from ..library import resolve_for_render
    from .fill import fill_template

    if not isinstance(source, str) or not source:
        raise UsageError("source must be the path of a document", code="usage.argument",
                         where=Location(pointer="/source"))
    resolved = resolve_for_render(template, host_version=host_version)
    return fill_template(resolved, source, context, method=method,
                         host_version=host_version).to_dict()


def jsonable(value: Any) -> JSON:
    """Make a result JSON-safe (formula values may be numpy or datetime objects)."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    item = getattr(value, "item", None)
    if callable(item):
        try:
            return jsonable(item())
        except (TypeError, ValueError):
            pass
    return str(value)


# -- slot runners ---------------------------------------------------------------------------------

def slot_text(call: SlotCall, verb: str) -> str:
    """The slot's input as text (a string, or a list of strings joined as paragraphs)."""
    value = call.value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = "\n\n".join(value)
    if not isinstance(value, str):
        raise DataError(f"AI slot '{call.name}' {verb} {call.slot['input']!r}, which is not text",
                        where=Location(file=call.shown, pointer=call.slot["input"]),
                        code="data.slot_input")
    return value


def summarize_slot(call: SlotCall) -> tuple[str, dict[str, Any]]:
    from .summarize import summarize as run

    text = slot_text(call, "summarizes")
    slot = call.slot
    limits = slot.get("limits") or {}
    summary = run(text, lang=slot.get("lang", "auto"), max_chars=limits.get("max_chars"),
                  style=slot.get("style", "paragraph"), method=slot.get("method", "auto"))
    return summary.text, {"method": summary.method, "lang": summary.lang, "notes": list(summary.notes)}


def formula_slot(call: SlotCall) -> tuple[dict[str, Any], dict[str, Any]]:
    from ..slots import resolve_pointer

    name, slot, value, shown = call.name, call.slot, call.value, call.shown
    if not isinstance(value, str):
        raise DataError(f"AI slot '{name}' reads its request from {slot['input']!r}, which is not text",
                        where=Location(file=shown, pointer=slot["input"]), code="data.slot_input")
    try:
        sheet = resolve_pointer(call.data, slot["sheet"])
    except KeyError:
        raise DataError(f"AI slot '{name}' works on {slot['sheet']!r}, which the data does not have",
                        where=Location(file=shown, pointer=slot["sheet"]), code="data.slot_input") from None
    from .formula import formula as run
    from .formula.schema import schema_from_rows

    if not (isinstance(sheet, dict) and isinstance(sheet.get("columns"), list)
            and isinstance(sheet.get("rows"), list)):
        raise DataError(f"AI slot '{name}' works on {slot['sheet']!r}, which is not a table "
                        "({\"columns\": [...], \"rows\": [...]}, as CSV/xlsx data are read)",
                        where=Location(file=shown, pointer=slot["sheet"]), code="data.slot_input")
    columns = sheet["columns"]
    grid = [list(columns)] + [[row.get(c) if isinstance(row, dict) else None for c in columns]
                              for row in sheet["rows"]]
    answer = run(value, sheet=schema_from_rows(grid), target_cell=slot.get("target_cell"))
    doc = answer.to_dict()
    if not doc.get("formula"):
        raise TaskError(f"AI slot '{name}' got no formula for {value!r}", code="task.formula")
    return doc, {"method": doc.get("method", "formula")}
