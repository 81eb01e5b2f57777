"""The fill-eval2 set (bench/data/fill-eval2) is usable: its TUNE rows only.

The blind part is never opened here.  What is checked is what would make the
final blind figures wrong without anyone noticing: a gold pointer that is not a
field of the template (it could never be filled, so it would silently count as
wrong), a gold value of the wrong type, a row on the wrong side of the split,
a file row whose document the CLI's ``--from`` reader refuses, and the scorer
treating a right answer in another accepted form as wrong.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "bench" / "data" / "fill-eval2"
TEMPLATES = ROOT / "runtime" / "assets" / "templates"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


split = _load("fill_eval2_split", SET / "split.py")
eval_fill = _load("eval_fill_bench", ROOT / "bench" / "eval_fill.py")
TUNE = [json.loads(line) for line in (SET / "tune.jsonl").open(encoding="utf-8") if line.strip()]


def _schema_at(schema: dict, pointer: str) -> dict | None:
    """The sub-schema ``pointer`` names (array items by index), or None."""
    node = schema
    for part in pointer.strip("/").split("/"):
        if node.get("type") == "array":
            if not part.isdigit():
                return None
            node = node.get("items", {})
        else:
            props = node.get("properties", {})
            if part not in props:
                return None
            node = props[part]
    return node


def _matches(sub: dict, value) -> bool:
    kind = sub.get("type")
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "string":
        ok = isinstance(value, str)
        return ok and (sub.get("format") != "date" or re.fullmatch(r"\d{4}-\d{2}-\d{2}", value) is not None)
    if kind == "array":
        return isinstance(value, list)
    return True


def test_tune_rows_are_the_tune_ids_of_the_committed_split() -> None:
    sides = split.assign()
    assert sorted(r["id"] for r in TUNE) == sorted(i for i, s in sides.items() if s == "tune")
    assert all(r["split"] == "tune" for r in TUNE)
    blind = [i for i, s in sides.items() if s == "blind"]
    assert len(blind) / len(sides) >= 0.55
    for lang in ("en", "zh"):
        assert any(i.startswith(f"fe2-{lang}-") for i in blind)


@pytest.mark.parametrize("row", TUNE, ids=[r["id"] for r in TUNE])
def test_every_gold_value_is_a_field_of_the_template_with_its_type(row: dict) -> None:
    inputs = json.loads((TEMPLATES / row["template"] / "manifest.json").read_text())["inputs"]
    gold = eval_fill.flatten_gold(row["gold"])
    assert gold, row["id"]
    for pointer, value in gold.items():
        sub = _schema_at(inputs, pointer)
        assert sub is not None, f"{row['id']}: {pointer} is not a field of {row['template']}"
        if value is None:
            continue
        forms = value["any"] if isinstance(value, dict) and "any" in value else [value]
        for form in forms:
            assert _matches(sub, form), f"{row['id']}: {pointer} = {form!r} does not fit {sub}"
    # every top-level field of the template is judged (present or null), sections aside
    fields = {f for f in eval_fill.schema_fields(inputs) if f not in ("/company/memo", "/sections")}
    judged = {eval_fill.field_of(p, list(fields)) for p in gold}
    assert fields <= judged, f"{row['id']}: no gold for {sorted(fields - judged)}"


@pytest.mark.parametrize("row", [r for r in TUNE if r.get("file")], ids=lambda r: r["id"])
def test_file_rows_read_through_the_cli_reader(row: dict) -> None:
    doc = eval_fill.read_row(row, SET)
    assert doc.lang == row["lang"]
    # the headline figure of each row is in the text the reader gives
    needle = {"fe2-en-03": "$12.5 million", "fe2-zh-06": "5,210万元", "fe2-zh-08": "2025年7月10日"}[row["id"]]
    assert needle in doc.text


def test_scorer_accepts_each_listed_form_and_nothing_else() -> None:
    gold = {"any": ["2025年第三季度", "2025年7月—9月"]}
    assert eval_fill.score("name", "2025年7月-9月", gold, "zh") == 1.0
    assert eval_fill.score("name", "2025年 第三季度", gold, "zh") == 1.0
    assert eval_fill.score("name", "2025年第二季度", gold, "zh") == 0.0
    assert eval_fill.score("number", 4200000.0, 4200000, "en") == 1.0
    assert eval_fill.score("number", 4.2, 4200000, "en") == 0.0
    assert eval_fill.score("number", "4200000", 4200000, "en") == 0.0
    assert eval_fill.score("names", ["Meicai", "Other"], ["Meicai", "Lanting Catering Group"], "en") == 0.5
