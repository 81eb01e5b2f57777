"""The fill-eval6 set (bench/data/fill-eval6) is well formed: its TUNE rows only.

The blind part is never opened here (it is scored once, by the lead; the same checks
ran over all 20 rows before the split: the set's authoring ``check_types.py``).  What is
checked is what would make the final blind figures wrong without anyone noticing: a
gold pointer that is not a field of the template, a gold value of the wrong type, a
field of the template without a gold judgement (all three: the shared
``fill_eval_rows.gold_problems``), a row on the wrong side of the committed split, a
document file that belongs to no row, a tune file row the CLI's ``--from`` reader cannot
read (speaker notes of the tune deck included), and the scorer treating a right answer
in another accepted form as wrong.  The filler is not run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tasks.fill_eval_rows import eval_fill, load, row_problems

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "bench" / "data" / "fill-eval6"

split = load("fill_eval6_split", SET / "split.py")
TUNE = [json.loads(line) for line in (SET / "tune.jsonl").open(encoding="utf-8") if line.strip()]


def check_row(row: dict) -> list[str]:
    """Everything wrong with one row (empty when it is well formed): its form, then its gold."""
    return row_problems(row, SET, "fe6", need_note=True)


def test_tune_rows_are_the_tune_ids_of_the_committed_split() -> None:
    sides = split.assign()
    assert len(sides) == 20 and set(sides) == set(split.PLAN)
    assert sorted(r["id"] for r in TUNE) == sorted(i for i, s in sides.items() if s == "tune")
    assert all(r["split"] == "tune" for r in TUNE)
    for lang in ("en", "zh"):
        ids = [i for i in sides if i.startswith(f"fe6-{lang}-")]
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
    row["id"] = row["id"].replace("fe6", "fe5")
    bad = check_row(row)
    assert any("shares sum" in b for b in bad) and any("do not agree" in b for b in bad)


@pytest.mark.parametrize("row", [r for r in TUNE if r.get("file")], ids=lambda r: r["id"])
def test_tune_file_rows_read_through_the_cli_reader(row: dict) -> None:
    doc = eval_fill.read_row(row, SET)
    assert doc.lang == row["lang"]
    needles = {
        "fe6-en-01": ("USD 3.2mn", "9 March 2021", "Underwriters using the platform: 640"),
        "fe6-en-07": ("$2.4mm", "3.1k stylists", "6 Jan 2025"),
        "fe6-en-09": ("$14M Series A", "Weedline", "3,560", "$9,500 per month"),
        "fe6-zh-05": ("8,650万元", "合同客户", "2026年10月12日"),
        "fe6-zh-06": ("3.2亿元", "22.5%", "742家"),  # 22.5% and 742家 only in speaker notes
        "fe6-zh-08": ("18.6亿元", "3,980家", "2026年4月20日"),
    }[row["id"]]
    for needle in needles:
        assert needle in doc.text, (row["id"], needle)


def test_scorer_accepts_the_forms_the_gold_lists() -> None:
    # forms taken from tune rows only (fe6-zh-05, fe6-zh-09, fe6-en-01, fe6-en-09, fe6-en-07)
    heading = {"any": ["【经营概况】", "经营概况"]}
    assert eval_fill.score("name", "【经营概况】", heading, "zh") == 1.0
    assert eval_fill.score("name", "经营概况", heading, "zh") == 1.0
    assert eval_fill.score("name", "收入结构", heading, "zh") == 0.0
    period = {"any": ["2026年10月5日—10月11日", "第41周", "2026年第41周"]}
    assert eval_fill.score("name", "2026年10月5日-10月11日", period, "zh") == 1.0
    assert eval_fill.score("name", "2026年10月", period, "zh") == 0.0
    name = {"any": ["Tidemark", "Tidemark Analytics", "Tidemark Analytics Ltd"]}
    assert eval_fill.score("name", "Tidemark Analytics Ltd", name, "en") == 1.0
    assert eval_fill.score("name", "Tidemark Ltd.", name, "en") == 0.0
    product = {"any": ["Saltmarsh W2", "W2"]}
    assert eval_fill.score("name", "W2", product, "en") == 1.0
    assert eval_fill.score("number", 3100, 3100, "en") == 1.0
    assert eval_fill.score("number", 3.1, 3100, "en") == 0.0
    assert eval_fill.score("date", "2025-01-06", "2025-01-06", "en") == 1.0
    assert eval_fill.score("date", "6 Jan 2025", "2025-01-06", "en") == 0.0
    assert eval_fill.score("number", 0.6, 0.60, "zh") == 1.0
    assert eval_fill.score("number", 6, 0.60, "zh") == 0.0
