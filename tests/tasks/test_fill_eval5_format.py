"""The fill-eval5 set (bench/data/fill-eval5) is well formed: its TUNE rows only.

The blind part is never opened here (it is scored once, by the lead; the same checks
ran over all 20 rows before the split: the set's authoring ``check_types.py``).  What is
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
SET = ROOT / "bench" / "data" / "fill-eval5"

split = load("fill_eval5_split", SET / "split.py")
TUNE = [json.loads(line) for line in (SET / "tune.jsonl").open(encoding="utf-8") if line.strip()]


def check_row(row: dict) -> list[str]:
    """Everything wrong with one row (empty when it is well formed): its form, then its gold."""
    return row_problems(row, SET, "fe5")


def test_tune_rows_are_the_tune_ids_of_the_committed_split() -> None:
    sides = split.assign()
    assert len(sides) == 20
    assert sorted(r["id"] for r in TUNE) == sorted(i for i, s in sides.items() if s == "tune")
    assert all(r["split"] == "tune" for r in TUNE)
    for lang in ("en", "zh"):
        ids = [i for i in sides if i.startswith(f"fe5-{lang}-")]
        assert len(ids) == 10 and sum(sides[i] == "blind" for i in ids) == 5
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
    needles = {
        "fe5-en-03": ("two and a half million dollars", "March 3rd, 2024", "1,240 couriers"),
        "fe5-en-08": ("$15 million", "Huadong Packaging", "Lanhai Seaweed Group", "5,100"),
        "fe5-zh-02": ("1.26亿元", "3,412家", "2026年4月8日"),
        "fe5-zh-03": ("8.64亿元", "51,840", "2026年3月28日"),
        "fe5-zh-06": ("1.58亿元", "合作经销商436家", "经营业绩"),
        "fe5-zh-08": ("612.4万元", "2026.3.6", "本周销售"),
    }[row["id"]]
    for needle in needles:
        assert needle in doc.text, (row["id"], needle)


def test_scorer_accepts_the_forms_the_gold_lists() -> None:
    # forms taken from tune rows only (fe5-zh-06, fe5-zh-01, fe5-en-08, fe5-zh-08)
    heading = {"any": ["一、经营业绩", "经营业绩"]}
    assert eval_fill.score("name", "一、 经营业绩", heading, "zh") == 1.0
    assert eval_fill.score("name", "经营业绩", heading, "zh") == 1.0
    assert eval_fill.score("name", "渠道建设", heading, "zh") == 0.0
    period = {"any": ["2026年6月1日—6月7日", "2026年第23周", "第23周"]}
    assert eval_fill.score("name", "2026年6月1日-6月7日", period, "zh") == 1.0
    assert eval_fill.score("name", "2026年6月", period, "zh") == 0.0
    name = {"any": ["Kelpform Materials", "Kelpform"]}
    assert eval_fill.score("name", "Kelpform", name, "en") == 1.0
    assert eval_fill.score("name", "Kelpform Inc.", name, "en") == 0.0
    tam = {"any": [3600, 110000]}
    assert eval_fill.score("number", 110000, tam, "en") == 1.0
    assert eval_fill.score("number", 900, tam, "en") == 0.0
    assert eval_fill.score("date", "2027-09-01", "2027-09-01", "en") == 1.0
    assert eval_fill.score("date", "September 2027", "2027-09-01", "en") == 0.0
    assert eval_fill.score("number", 0.053, 0.053, "zh") == 1.0
    assert eval_fill.score("number", 5.3, 0.053, "zh") == 0.0
