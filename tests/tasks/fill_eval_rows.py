"""The row checks the fill-eval sets' tests share (test_fill_eval2, test_fill_eval3 and the
format test of fill-eval4 and later, test_fill_eval_sets_format.py): a gold row's pointers are fields of its template, each value has its
field's type (every form of an ``{"any": [...]}`` too), dates are ISO or a quarter as written,
and every field of the template is judged (present or null; the memo and sections aside);
``row_problems`` adds a row's form for fill-eval4 and later."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "runtime" / "assets" / "templates"


def load(name: str, path: Path):
    """A module from a file that is not on the import path (a set's split.py, the bench)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


eval_fill = load("eval_fill_bench", ROOT / "bench" / "eval_fill.py")


def schema_at(schema: dict, pointer: str) -> dict | None:
    """The sub-schema of ``pointer`` (array items by index), or None if it is not a field."""
    node = schema
    for part in pointer.strip("/").split("/"):
        if node.get("type") == "array" and part.isdigit():
            node = node.get("items", {})
        elif node.get("type") == "object" and part in node.get("properties", {}):
            node = node["properties"][part]
        else:
            return None
    return node


def fits(schema: dict, value) -> bool:
    """``value`` has the schema's type (a non-empty list of fitting items for an array)."""
    kind = schema.get("type")
    if kind == "string":
        return isinstance(value, str) and value.strip() != ""
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool) and value >= schema.get("minimum", value)
    if kind == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return ok and schema.get("minimum", value) <= value <= schema.get("maximum", value)
    if kind == "array":
        return (isinstance(value, list) and len(value) > 0
                and all(fits(schema.get("items", {}), v) for v in value))
    return False


def gold_problems(row: dict) -> list[str]:
    """Everything wrong with the gold of one row (empty when it is well formed)."""
    bad: list[str] = []
    inputs = json.loads((TEMPLATES / row["template"] / "manifest.json").read_text())["inputs"]
    gold = eval_fill.flatten_gold(row["gold"])
    if not gold:
        bad.append("no gold")
    for pointer, value in gold.items():
        sub = schema_at(inputs, pointer)
        if sub is None:
            bad.append(f"{pointer} is not a field of {row['template']}")
            continue
        if value is None:
            continue
        forms = value["any"] if isinstance(value, dict) and "any" in value else [value]
        if not forms:
            bad.append(f"{pointer}: empty 'any'")
        for form in forms:
            if not fits(sub, form):
                bad.append(f"{pointer} = {form!r} does not fit {sub}")
            elif eval_fill.kind_of(pointer) == "date" and not (
                    len(form) == 10 and form[4] == form[7] == "-" or form.startswith("Q")):
                bad.append(f"{pointer} = {form!r} is neither an ISO date nor a quarter as written")
    fields = {f for f in eval_fill.schema_fields(inputs) if f not in ("/company/memo", "/sections")}
    judged = {eval_fill.field_of(p, list(fields)) for p in gold}
    if not fields <= judged:
        bad.append(f"no gold for {sorted(fields - judged)}")
    return bad


#: the keys a row of fill-eval4 and later may have
ROW_KEYS = {"id", "template", "lang", "split", "document", "file", "context", "note", "gold"}


def row_problems(row: dict, folder: Path, prefix: str, need_note: bool = False) -> list[str]:
    """Everything wrong with one row of a set in ``folder`` whose ids start ``prefix-<lang>-``
    (empty when it is well formed): its form, then its gold (``gold_problems``), then arrays
    of objects that are no lists of objects and mix / use-of-funds shares that do not sum to 1."""
    bad: list[str] = []
    if set(row) - ROW_KEYS:
        bad.append(f"unknown keys {sorted(set(row) - ROW_KEYS)}")
    if ("document" in row) == ("file" in row):
        bad.append("needs exactly one of document / file")
    template = {"en": "funding-pitch", "zh": "report-zh"}.get(row["lang"])
    if row["template"] != template or not row["id"].startswith(f"{prefix}-{row['lang']}-"):
        bad.append(f"template {row['template']} / lang {row['lang']} / id do not agree")
    if row.get("file") and not (folder / row["file"]).is_file():
        bad.append(f"missing file {row['file']}")
    if need_note and not str(row.get("note", "")).strip():
        bad.append("no note")
    bad += gold_problems(row)
    inputs = json.loads((TEMPLATES / row["template"] / "manifest.json").read_text())["inputs"]
    for pointer, value in row["gold"].items():  # arrays of objects: lists of objects, or null
        sub = schema_at(inputs, pointer)
        if sub and sub.get("type") == "array" and sub.get("items", {}).get("type") == "object" and value is not None:
            if not (isinstance(value, list) and value and all(isinstance(v, dict) and v for v in value)):
                bad.append(f"{pointer} is not a list of objects")
    for arr in ("/mix", "/ask/use_of_funds"):
        parts = [v["share"] for v in row["gold"].get(arr) or [] if isinstance(v.get("share"), (int, float))]
        if parts and abs(sum(parts) - 1) > 1e-6:
            bad.append(f"{arr} shares sum to {sum(parts)}")
    return bad

