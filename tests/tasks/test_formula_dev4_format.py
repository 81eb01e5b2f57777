"""formula-dev4 (bench/data/formula-dev4) is in the format bench/eval_formula.py reads, and
its blind part exists, split the way its committed split.py splits it.

No engine here: nobody runs the formula engine on this set's requests before the lead's one
blind run (its SOURCE.md).  The checks read the blind part only to check its shape; a
failure names item ids, never a request.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import re
from collections import Counter
from functools import cache, lru_cache
from pathlib import Path

import openpyxl
import pytest

DEV4 = Path(__file__).resolve().parents[2] / "bench" / "data" / "formula-dev4"
KEYS = {"id", "group", "lang", "category", "source", "request", "sheet", "sheet_name", "target",
        "answer_cell", "gold_formula", "check_cells", "gold_values"}
CATEGORIES = {"aggregate", "conditional aggregate", "lookup", "ranking", "per-row arithmetic",
              "IF label", "date", "text", "percentage", "rounding", "must refuse"}
# functions that Excel 2016 or WPS lacks: a gold formula must not need them
NOT_EVERYWHERE = re.compile(r"\b(XLOOKUP|XMATCH|FILTER|UNIQUE|SORT|SORTBY|SEQUENCE|LET|LAMBDA|"
                            r"TEXTJOIN|IFS|MAXIFS|MINIFS|SWITCH|CONCAT)\s*\(", re.IGNORECASE)
CELL = re.compile(r"^([A-Z]{1,3})(\d+)$")


@lru_cache(maxsize=1)
def parts() -> tuple[list[dict], list[dict]]:
    with (DEV4 / "tune.jsonl").open(encoding="utf-8") as fh:
        tune = [json.loads(line) for line in fh if line.strip()]
    with gzip.open(DEV4 / "blind.jsonl.gz", "rt", encoding="utf-8") as fh:
        blind = [json.loads(line) for line in fh if line.strip()]
    return tune, blind


def items() -> list[dict]:
    tune, blind = parts()
    return tune + blind


@cache
def workbook(rel: str) -> openpyxl.Workbook:
    return openpyxl.load_workbook(DEV4 / rel)


def bad(ids: list[str], what: str) -> str:
    return f"{len(ids)} item(s) {what}: {sorted(ids)[:20]}"


def test_both_parts_exist_and_the_blind_part_is_gzip():
    assert (DEV4 / "tune.jsonl").is_file()
    assert (DEV4 / "blind.jsonl.gz").read_bytes()[:2] == b"\x1f\x8b", "blind.jsonl.gz is not gzip"
    assert (DEV4 / "SOURCE.md").is_file() and (DEV4 / "split.py").is_file()
    tune, blind = parts()
    assert len(tune) + len(blind) >= 320
    assert len(blind) >= 150


def test_the_split_is_the_one_split_py_makes():
    spec = importlib.util.spec_from_file_location("dev4_split", DEV4 / "split.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    tune, blind = parts()
    again_tune, again_blind = mod.split(tune + blind)
    assert {it["id"] for it in again_blind} == {it["id"] for it in blind}
    assert {it["id"] for it in again_tune} == {it["id"] for it in tune}
    assert not {it["group"] for it in tune} & {it["group"] for it in blind}, "a group on both sides"


def test_every_item_has_the_fields_eval_formula_reads():
    all_items = items()
    ids = [it["id"] for it in all_items]
    assert len(ids) == len(set(ids)), "duplicate ids"
    assert not [it["id"] for it in all_items if set(it) != KEYS], "fields differ from the format"
    assert not (wrong := [it["id"] for it in all_items if it["lang"] not in ("en", "zh")]), bad(wrong, "lang")
    assert not (wrong := [it["id"] for it in all_items if it["category"] not in CATEGORIES]), \
        bad(wrong, "with an unknown category")
    assert not (wrong := [it["id"] for it in all_items if not it["request"].strip()]), bad(wrong, "empty")
    sizes = Counter(it["group"] for it in all_items)
    assert max(sizes.values()) <= 3, "a group with more than 3 paraphrases"


def test_sheets_and_cells_exist_and_targets_are_empty():
    missing, no_sheet, taken = [], [], []
    for it in items():
        if not (DEV4 / it["sheet"]).is_file():
            missing.append(it["id"])
            continue
        wb = workbook(it["sheet"])
        if it["sheet_name"] not in wb.sheetnames:
            no_sheet.append(it["id"])
            continue
        ws = wb[it["sheet_name"]]
        for cell in it["check_cells"]:
            if ws[cell].value not in (None, ""):
                taken.append(it["id"])  # the gold formula would overwrite data
    assert not missing, bad(missing, "whose sheet file is missing")
    assert not no_sheet, bad(no_sheet, "whose sheet_name is not in the workbook")
    assert not taken, bad(taken, "whose answer cells already hold data")


def test_per_row_items_check_three_rows_of_the_target_column():
    wrong = []
    for it in items():
        if not it["target"]:
            continue
        cells = [CELL.match(c) for c in it["check_cells"]]
        target = CELL.match(it["target"])
        rows = [int(m.group(2)) for m in cells if m]
        ok = (it["answer_cell"] == it["target"] and len(cells) == 3 and all(cells)
              and {m.group(1) for m in cells} == {target.group(1)}
              and rows[0] == int(target.group(2)) and rows == sorted(set(rows))
              and len({json.dumps(it["gold_values"][c]) for c in it["check_cells"]}) >= 2)
        if not ok:
            wrong.append(it["id"])
    assert not wrong, bad(wrong, "with per-row check cells outside the target column, out of order, "
                               "or showing one value (a constant would pass)")


def test_gold_formulas_and_values():
    refuse_bad, gold_bad, fn_bad, err_bad = [], [], [], []
    for it in items():
        if it["category"] == "must refuse" or it["gold_formula"] is None:
            if not (it["category"] == "must refuse" and it["gold_formula"] is None and it["target"] is None
                    and it["gold_values"] == {}):
                refuse_bad.append(it["id"])
            continue
        if not it["gold_formula"].startswith("=") or set(it["gold_values"]) != set(it["check_cells"]):
            gold_bad.append(it["id"])
        if NOT_EVERYWHERE.search(it["gold_formula"]):
            fn_bad.append(it["id"])
        if any(isinstance(v, str) and (v.startswith("#") or v.startswith("Err:"))
               for v in it["gold_values"].values()):
            err_bad.append(it["id"])
    assert not refuse_bad, bad(refuse_bad, "half marked as must-refuse")
    assert not gold_bad, bad(gold_bad, "whose gold formula or values do not match the check cells")
    assert not fn_bad, bad(fn_bad, "whose gold formula needs a function not every target has")
    assert not err_bad, bad(err_bad, "whose gold value is a spreadsheet error")


@pytest.mark.parametrize("part", [0, 1], ids=["tune", "blind"])
def test_each_part_covers_both_languages_per_row_and_refusals(part):
    its = parts()[part]
    langs = Counter(it["lang"] for it in its)
    assert 0.4 <= langs["en"] / len(its) <= 0.6, langs
    assert sum(1 for it in its if it["target"]) / len(its) >= 0.3
    assert sum(1 for it in its if it["gold_formula"] is None) >= 5
    assert {it["category"] for it in its} == CATEGORIES
