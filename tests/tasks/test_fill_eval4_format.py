"""The fill-eval4 set (bench/data/fill-eval4) is well formed: its TUNE rows only.

The blind part is never opened here (it is scored once, by the lead; the same checks
ran over all 16 rows before the split: the set's authoring ``check_types.py``).  What is
checked is what would make the final blind figures wrong without anyone noticing: a
gold pointer that is not a field of the template, a gold value of the wrong type, a
field of the template without a gold judgement, a row on the wrong side of the
committed split, a document file that belongs to no row, a tune file row the CLI's
``--from`` reader cannot read, and the scorer treating a right answer in another
accepted form as wrong.  The filler is not run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tasks.fill_eval_rows import eval_fill, load, row_problems

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "bench" / "data" / "fill-eval4"

split = load("fill_eval4_split", SET / "split.py")
TUNE = [json.loads(line) for line in (SET / "tune.jsonl").open(encoding="utf-8") if line.strip()]


def check_row(row: dict) -> list[str]:
    """Everything wrong with one row's form (empty when it is well formed)."""
    return row_problems(row, SET, "fe4")


def test_tune_rows_are_the_tune_ids_of_the_committed_split() -> None:
    sides = split.assign()
    assert len(sides) == 16
    assert sorted(r["id"] for r in TUNE) == sorted(i for i, s in sides.items() if s == "tune")
    assert all(r["split"] == "tune" for r in TUNE)
    for lang in ("en", "zh"):
        ids = [i for i in sides if i.startswith(f"fe4-{lang}-")]
        assert len(ids) == 8 and sum(sides[i] == "blind" for i in ids) == 4
    assert (SET / "blind.jsonl.gz").is_file() and (SET / "SOURCE.md").is_file()
    # every document file belongs to a planned row
    assert {p.stem for p in (SET / "files").iterdir()} <= set(sides)


@pytest.mark.parametrize("row", TUNE, ids=[r["id"] for r in TUNE])
def test_tune_row_is_well_formed(row: dict) -> None:
    assert check_row(row) == []


def test_the_form_check_can_fail() -> None:
    row = json.loads(json.dumps(TUNE[0]))
    row["gold"]["/market/tamm" if row["lang"] == "en" else "/figures/revenu"] = 1
    row["gold"].pop("/company/name" if row["lang"] == "en" else "/title")
    bad = check_row(row)
    assert any("not a field" in b for b in bad) and any("no gold for" in b for b in bad)
    row = json.loads(json.dumps(TUNE[0]))
    ptr = "/traction/users" if row["lang"] == "en" else "/figures/customers"
    row["gold"][ptr] = 12.5
    assert any(ptr in b for b in check_row(row))


@pytest.mark.parametrize("row", [r for r in TUNE if r.get("file")], ids=lambda r: r["id"])
def test_tune_file_rows_read_through_the_cli_reader(row: dict) -> None:
    doc = eval_fill.read_row(row, SET)
    assert doc.lang == row["lang"]
    needles = {"fe4-zh-06": ("1.28亿元", "2026年2月3日", "【行业对比】")}[row["id"]]
    for needle in needles:
        assert needle in doc.text, (row["id"], needle)


def test_scorer_accepts_the_forms_the_gold_lists() -> None:
    heading = {"any": ["第一部分 经营情况", "经营情况"]}
    assert eval_fill.score("name", "第一部分经营情况", heading, "zh") == 1.0
    assert eval_fill.score("name", "经营情况", heading, "zh") == 1.0
    assert eval_fill.score("name", "重点项目", heading, "zh") == 0.0
    name = {"any": ["Chairside", "Chairside Inc."]}
    assert eval_fill.score("name", "Chairside Inc.", name, "en") == 1.0
    assert eval_fill.score("name", "Chairside Health", name, "en") == 0.0
    assert eval_fill.score("date", "Q1 2027", "Q1 2027", "en") == 1.0
    assert eval_fill.score("number", 29800 / 56200, 29800 / 56200, "zh") == 1.0
    assert eval_fill.score("number", 0.53, 29800 / 56200, "zh") == 0.0
    assert eval_fill.score("number", -0.075, -0.075, "zh") == 1.0
    assert eval_fill.score("number", 0.075, -0.075, "zh") == 0.0


def test_scorer_backs_a_mix_read_from_a_table_of_amounts_in_wan() -> None:
    # shares of a "收入（万元）" column are the document's (29,800 of 56,200万元), not invented;
    # shares that no amount of the document gives still count as unfaithful
    from o3local.tasks.fill import parse

    doc = parse("一、经营业绩\n\n上半年实现营业收入56,200万元。\n\n业务板块; 收入（万元）\n工业; 29,800\n市政; 17,420\n"
                "设备; 8,980\n", "r")
    mix = [{"name": "工业", "share": 29800 / 56200}, {"name": "市政", "share": 17420 / 56200},
           {"name": "设备", "share": 8980 / 56200}]
    assert eval_fill.unfaithful({"mix": mix}, doc, set()) == []
    made_up = [{"name": "工业", "share": 0.5}, {"name": "市政", "share": 0.3}, {"name": "设备", "share": 0.2}]
    assert len(eval_fill.unfaithful({"mix": made_up}, doc, set())) == 3
