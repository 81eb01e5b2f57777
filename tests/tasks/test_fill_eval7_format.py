"""The fill-eval7 set (bench/data/fill-eval7) is well formed: its TUNE rows only.

The blind part is never opened here (it is scored once, by the lead; the same checks
ran over all 20 rows before the split: the set's authoring ``check_types.py``).  What is
checked is what would make the final blind figures wrong without anyone noticing: a
gold pointer that is not a field of the template, a gold value of the wrong type, a
field of the template without a gold judgement (all three: the shared
``fill_eval_rows.gold_problems``), a row on the wrong side of the committed split, a
document file that belongs to no row, a tune file row the CLI's ``--from`` reader cannot
read (table cells of the tune .docx files and both GBK files included), and the scorer treating a right answer
in another accepted form as wrong.  The filler is not run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tasks.fill_eval_rows import eval_fill, load, row_problems

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "bench" / "data" / "fill-eval7"

split = load("fill_eval7_split", SET / "split.py")
TUNE = [json.loads(line) for line in (SET / "tune.jsonl").open(encoding="utf-8") if line.strip()]


def check_row(row: dict) -> list[str]:
    """Everything wrong with one row (empty when it is well formed): its form, then its gold."""
    return row_problems(row, SET, "fe7", need_note=True)


def test_tune_rows_are_the_tune_ids_of_the_committed_split() -> None:
    sides = split.assign()
    assert len(sides) == 20 and set(sides) == set(split.PLAN)
    assert sorted(r["id"] for r in TUNE) == sorted(i for i, s in sides.items() if s == "tune")
    assert all(r["split"] == "tune" for r in TUNE)
    for lang in ("en", "zh"):
        ids = [i for i in sides if i.startswith(f"fe7-{lang}-")]
        assert len(ids) == 10 and sum(sides[i] == "blind" for i in ids) == 5
    assert (SET / "blind.jsonl.gz").is_file() and (SET / "SOURCE.md").is_file()
    # every document file belongs to a planned row, and every tune file row's file is there
    assert {p.stem for p in (SET / "files").iterdir()} <= set(sides)
    assert {r["file"] for r in TUNE if r.get("file")} <= {f"files/{p.name}" for p in (SET / "files").iterdir()}


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
    row = json.loads(json.dumps(next(r for r in TUNE if r["gold"].get("/mix"))))
    row["gold"]["/mix"][0]["share"] += 0.1
    row["id"] = row["id"].replace("fe7", "fe5")
    bad = check_row(row)
    assert any("shares sum" in b for b in bad) and any("do not agree" in b for b in bad)


@pytest.mark.parametrize("row", [r for r in TUNE if r.get("file")], ids=lambda r: r["id"])
def test_tune_file_rows_read_through_the_cli_reader(row: dict) -> None:
    doc = eval_fill.read_row(row, SET)
    assert doc.lang == row["lang"]
    needles = {
        "fe7-en-03": ("Water the field, not the weather forecast", "2,340", "$240 per probe per year", "17 May 2021"),
        "fe7-en-06": ("USD 780,000", "6,200", "USD 3 million seed round"),
        "fe7-zh-02": ("2.18亿元", "171家", "2027年1月8日"),  # GBK, CRLF
        "fe7-zh-05": ("3.6亿元", "842位", "2026年3月10日", "62%"),  # 3.6亿元 and 842位 only in the 2-column table
        "fe7-zh-07": ("1.28亿元", "9.4%", "2,047家"),
        "fe7-zh-09": ("2.74亿元", "38.6万人", "2026年11月20日"),  # GBK, CRLF
    }[row["id"]]
    for needle in needles:
        assert needle in doc.text, (row["id"], needle)


def test_scorer_accepts_the_forms_the_gold_lists() -> None:
    # forms taken from tune rows only (fe7-zh-02, fe7-zh-09, fe7-en-03, fe7-en-09, fe7-en-05, fe7-zh-07)
    heading = {"any": ["第一部分\u3000主要业绩", "第一部分 主要业绩", "主要业绩"]}
    assert eval_fill.score("name", "第一部分　主要业绩", heading, "zh") == 1.0
    assert eval_fill.score("name", "主要业绩", heading, "zh") == 1.0
    assert eval_fill.score("name", "重点工作", heading, "zh") == 0.0
    period = {"any": ["2026年1—10月", "2026年1-10月"]}
    assert eval_fill.score("name", "2026年1-10月", period, "zh") == 1.0
    assert eval_fill.score("name", "2026年10月", period, "zh") == 0.0
    name = {"any": ["Furrowline", "Furrowline Ltd"]}
    assert eval_fill.score("name", "Furrowline Ltd", name, "en") == 1.0
    assert eval_fill.score("name", "Furrow Ltd", name, "en") == 0.0
    product = {"any": ["Starter Kit", "Pipwick Starter Kit"]}
    assert eval_fill.score("name", "Pipwick Starter Kit", product, "en") == 1.0
    assert eval_fill.score("number", 2400000, 2400000, "en") == 1.0
    assert eval_fill.score("number", 2600000, 2400000, "en") == 0.0  # the figure the CFO corrected
    assert eval_fill.score("date", "2023-11-01", "2023-11-01", "en") == 1.0
    assert eval_fill.score("date", "November 2023", "2023-11-01", "en") == 0.0
    assert eval_fill.score("number", 0.094, 0.094, "zh") == 1.0
    assert eval_fill.score("number", 9.4, 0.094, "zh") == 0.0
