"""formula-dev5 and later (bench/data/formula-devN): each tune part is in the format
bench/eval_formula.py reads; one parametrized test for every set (formula-dev4's own test,
test_formula_dev4_format.py, checks more of that set's history).

No engine here, and only tune.jsonl is read: nobody runs the formula engine on a fresh
set's requests, and nobody reads its blind part, before the lead's one blind run (its
SOURCE.md).  A new set adds its folder name to ``SETS``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import openpyxl
import pytest

DATA = Path(__file__).resolve().parents[2] / "bench" / "data"
SETS = ("formula-dev5", "formula-dev6", "formula-dev7", "formula-dev8", "formula-dev9", "formula-dev10",
        "formula-dev11", "formula-dev12", "formula-dev13", "formula-dev14", "formula-dev15",
        "formula-dev16", "formula-dev17", "formula-dev18", "formula-dev19", "formula-dev20",
        "formula-dev21", "formula-dev22", "formula-dev23")
CATEGORIES = {"aggregate", "conditional aggregate", "lookup", "ranking", "per-row arithmetic",
              "IF label", "date", "text", "percentage", "rounding", "must refuse"}
FIELDS = {"id", "group", "lang", "category", "source", "request", "sheet", "sheet_name", "target",
          "answer_cell", "gold_formula", "check_cells", "gold_values"}
NOT_BOTH = re.compile(r"\b(XLOOKUP|FILTER|UNIQUE|LET|TEXTJOIN|IFS|MAXIFS|MINIFS|SWITCH|TODAY|NOW)\s*\(",
                      re.IGNORECASE)


def _tune(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name / "tune.jsonl").open(encoding="utf-8")
            if line.strip()]


@pytest.mark.parametrize("name", SETS)
def test_tune_items_have_the_fields_and_known_categories(name):
    items = _tune(name)
    assert len(items) >= 100
    assert len({it["id"] for it in items}) == len(items)
    for it in items:
        assert set(it) == FIELDS, it["id"]
        assert it["lang"] in {"en", "zh"}
        assert it["category"] in CATEGORIES
        assert it["request"].strip()
        assert it["group"] in it["id"]


@pytest.mark.parametrize("name", SETS)
def test_gold_and_check_cells_agree(name):
    for it in _tune(name):
        if it["gold_formula"] is None:
            assert it["category"] == "must refuse" and it["gold_values"] == {}, it["id"]
            continue
        assert it["gold_formula"].startswith("="), it["id"]
        assert not NOT_BOTH.search(it["gold_formula"]), it["id"]
        assert set(it["gold_values"]) == set(it["check_cells"]), it["id"]
        if it["target"]:
            assert it["check_cells"][0] == it["target"] and len(it["check_cells"]) == 3, it["id"]
            col = re.match(r"[A-Z]+", it["target"]).group(0)
            assert all(c.startswith(col) for c in it["check_cells"]), it["id"]
            vals = list(it["gold_values"].values())
            assert len({json.dumps(v) for v in vals}) > 1, f"{it['id']}: a constant would pass"
        else:
            assert it["check_cells"] == [it["answer_cell"]], it["id"]
        for v in it["gold_values"].values():
            assert not (isinstance(v, str) and v.startswith(("#", "Err:"))), it["id"]


@pytest.mark.parametrize("name,path", sorted({(n, it["sheet"]) for n in SETS for it in _tune(n)}))
def test_sheets_exist_and_name_the_sheets(name, path):
    wb = openpyxl.load_workbook(DATA / name / path, read_only=True)
    for it in _tune(name):
        if it["sheet"] == path:
            assert it["sheet_name"] in wb.sheetnames, it["id"]
